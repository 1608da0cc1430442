describe("second file", function()
  it("passes", function() end)
  describe("broken", function() error("describe raised") end)
end)
