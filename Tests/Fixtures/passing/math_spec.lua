describe("math", function()
  local n
  before_each(function() n = 10 end)
  it("adds", function() assert.are.equal(11, n + 1) end)
  it("multiplies", function() assert.are.equal(20, n * 2) end)
  describe("nested", function()
    it("compares tables", function() assert.are.same({ a = { 1 } }, { a = { 1 } }) end)
  end)
end)
