describe("alpha", function()
  it("c third", function() assert.is_true(true) end)
  it("a first", function() assert.is_true(true) end)
  it("b second", function() assert.is_true(true) end)
  it("sees what -e and the helper set", function()
    if FROM_E ~= nil then assert.are.equal(42, FROM_E) end
    if HELPER_ARGS ~= nil then assert.is_string(HELPER_ARGS) end
  end)
end)
