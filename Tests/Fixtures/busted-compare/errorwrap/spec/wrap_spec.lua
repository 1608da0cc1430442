-- A suite that wraps the global error (to count or decorate its errors):
-- the assertion library's own errors do not go through it.
local calls = 0
local real_error = error
error = function(...) calls = calls + 1 return real_error(...) end

describe("wrapped error", function()
  it("fails at the assertion", function()
    assert.are.equal(1, 2)
  end)
  it("counted only the spec's own calls", function()
    pcall(error, "mine")
    assert.are.equal(1, calls)
  end)
end)
