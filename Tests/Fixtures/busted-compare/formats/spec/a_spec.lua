-- Every kind of result, as busted's outputs show them.
describe("results", function()
  it("passes", function()
    assert.is_true(true)
  end)

  it("fails an assertion", function()
    assert.are.equal("expected", "actual")
  end)

  it("raises a string", function()
    error("plain error")
  end)

  it("raises a table", function()
    error({ code = 7, why = "table error" })
  end)

  it("fails with a message over\ntwo lines", function()
    assert.is_true(false, "first line\nsecond line")
  end)

  it("is tagged #fast #smoke", function() end)

  it("says # in its name: 50% # done", function() end)

  it("goes pending inside", function()
    pending("not yet")
  end)

  it("prints", function()
    print("hello from a test")
  end)

  describe("nested", function()
    it("passes deeper", function() end)

    it("fails deeper", function()
      assert.are.same({ 1, 2 }, { 1, 3 })
    end)
  end)
end)

it("at the top level", function() end)
