describe("sub", function()
  it("mu in a subfolder", function() end)
  it("nu in a subfolder", function() end)
end)
