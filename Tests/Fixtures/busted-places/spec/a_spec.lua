describe("outer", function()
  require("spec.helper")(it, assert)
  it("own", function() end)
end)
