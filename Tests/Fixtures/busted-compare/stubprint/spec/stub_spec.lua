-- print stubbed in setup stays the stub for the tests, and reverts in teardown.
local function greet() print("hello") end
describe("stubbed in setup", function()
  setup(function() stub(_G, "print") end)
  teardown(function() print:revert() end)
  it("sees the call", function()
    greet()
    assert.stub(print).was_called_with("hello")
  end)
end)
describe("stubbed in lazy_setup", function()
  lazy_setup(function() stub(io, "write") end)
  lazy_teardown(function() io.write:revert() end)
  it("sees the write", function()
    io.write("x")
    assert.stub(io.write).was_called_with("x")
  end)
end)
describe("replaced in the describe body", function()
  local lines = {}
  local saved = print
  print = function(s) lines[#lines + 1] = s end
  it("keeps the replacement", function()
    print("kept")
    assert.are.same({ "kept" }, lines)
  end)
  teardown(function() print = saved end)
end)
