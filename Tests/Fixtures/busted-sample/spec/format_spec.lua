-- How luassert shows values in failure messages: tables (sorted keys,
-- nesting, the path to a difference marked), matchers and functions.
describe("formatting", function()
  it("shows nested tables with the difference marked", function()
    assert.are.same({ 1, { a = 1, b = "x" }, key = true }, { 2, { a = 1, b = "x" }, key = true })
  end)

  it("shows a matcher as luassert names it", function()
    assert.spy(spy.new(function() end)).was.called_with(match.is_string())
  end)

  it("shows deep tables only to the format level", function()
    assert.are.same({ { { { 1 } } } }, { { { { 2 } } } })
  end)
end)
