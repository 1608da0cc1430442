describe("config", function()
  it("runs", function() end)
  it("is excluded #skipme", function() error("should not run by default") end)
end)
