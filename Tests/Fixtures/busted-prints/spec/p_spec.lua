-- What tests print, between busted's progress marks (through a pipe too).
describe("prints", function()
  it("one", function() print("in one") end)
  it("two", function() print("in two") assert.is_true(false) end)
  it("three", function() io.write("three wrote\n") end)
end)
