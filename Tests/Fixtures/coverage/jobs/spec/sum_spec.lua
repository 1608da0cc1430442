local calc = require "calc"
describe("sum", function()
  it("sums", function() assert.equal(6, calc.sum({ 1, 2, 3 })) end)
  it("sums nothing", function() assert.equal(0, calc.sum({})) end)
end)
