local calc = require "calc"
describe("add", function()
  it("adds", function() assert.equal(3, calc.add(1, 2)) end)
  it("adds negatives", function() assert.equal(-1, calc.add(1, -2)) end)
end)
