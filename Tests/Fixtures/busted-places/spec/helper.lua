-- Defines a test for the spec that requires it (busted names this file).
return function(it, assert)
  it("from the helper", function()
    assert.is_true(false)
  end)
end
