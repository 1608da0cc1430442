describe("what .busted defined", function()
  each("is even", { 2, 4, 7 })
  it("a registered assertion, negated", function() assert.is_not_even(3) end)
end)
