describe("sample", function()
  it("passes", function()
    assert.are.equal(1, 1)
  end)

  it("fails", function()
    assert.are.equal(1, 2)
  end)

  it("errors", function()
    error("boom")
  end)

  pending("is pending")
end)
