describe("the file after", function()
  it("still sees the exposed global", function() assert.are.equal(42, exposed_value) end)
  it("does not see the file before's own globals", function() assert.is_nil(own_global) end)
end)
