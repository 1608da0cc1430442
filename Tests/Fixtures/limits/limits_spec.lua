describe("limits", function()
  it("before", function() assert.is_true(true) end)
  it("spins", function() while true do end end)
  it("eats memory", function()
    local t = {}
    for i = 1, 1e9 do t[i] = string.rep("x", 1048576) .. i end  -- 1 MB a step: the limit comes fast
  end)
  it("after", function() assert.are.equal(2, 1 + 1) end)
end)
