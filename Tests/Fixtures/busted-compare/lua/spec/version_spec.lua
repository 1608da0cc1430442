describe("under --lua", function()
  it("runs in a Lua 5.4", function() assert.are.equal("Lua 5.4", _VERSION) end)
end)
