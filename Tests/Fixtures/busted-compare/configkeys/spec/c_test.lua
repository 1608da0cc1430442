describe("other pattern", function()
  it("xi named _test", function() end)
end)
