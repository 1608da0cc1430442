describe("hooks", function()
  setup(function() error("setup boom") end)
  it("t", function() end)
end)
