-- The events a helper and a spec hear, as busted publishes them.
local busted = require("busted")
local heard = {}
busted.subscribe({ "test", "end" }, function(element, _, status)
  heard[#heard + 1] = element.name .. "=" .. status
  return nil, true
end)

describe("lifecycle", function()
  before_each(function() end)

  it("passes", function() end)

  it("fails", function() assert.is_true(false) end)

  it("errors", function() error("boom") end)

  it("goes pending", function() pending("later") end)

  pending("waits")

  it("is stopped", function() end)

  describe("inner", function()
    it("passes inside", function() end)
  end)

  it("saw the earlier ends from the spec itself", function()
    assert.are.same({ "passes=success", "fails=failure", "errors=error", "goes pending=pending", "waits=pending",
      "is stopped=success", "passes inside=success" }, heard)
  end)
end)
