-- Globals as busted keeps them: each block's own, falling through to _G.
_G.lib = { name = "lib" }
before_each(function() lib = _G.lib end)
after_each(function() lib = nil end)
it("first", function() assert.are.equal("lib", lib.name) end)
it("second", function() assert.are.equal("lib", lib.name) end)

describe("a module assigning a global assert", function()
  require("newassert")
  it("leaves the spec's assert alone", function()
    assert.are.equal(42, helper_value)
    assert.is_table(assert)
  end)
end)

describe("one describe", function()
  shared_here = "one"
  it("sees its own", function() assert.are.equal("one", shared_here) end)
end)
describe("a sibling", function()
  it("does not see the other's", function() assert.is_nil(shared_here) end)
end)

describe("_G", function()
  it("holds no framework names", function()
    assert.is_nil(rawget(_G, "describe"))
    assert.is_nil(rawget(_G, "it"))
    assert.is_nil(rawget(_G, "spy"))
  end)
  it("a test's global stays in the test", function()
    in_test = true
  end)
  it("so the next test does not see it", function()
    assert.is_nil(in_test)
  end)
end)
