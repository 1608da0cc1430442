describe("insulation", function()
  it("omicron sees no global from a_spec", function() assert.is_nil(rawget(_G, "LEAKED")) end)
end)
