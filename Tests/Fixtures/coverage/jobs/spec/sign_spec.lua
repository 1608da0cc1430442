local calc = require "calc"
describe("sign", function()
  it("is -1 below zero", function() assert.equal(-1, calc.sign(-5)) end)
  it("is 0 at zero", function() assert.equal(0, calc.sign(0)) end)
  it("is 1 above zero", function() assert.equal(1, calc.sign(7)) end)
end)
