-- ButtonKit's own assertions: what they accept and what they say when a
-- spec uses them wrongly.

local function message(f)
  local ok, e = pcall(f)
  assert.is_false(ok)
  return tostring(e)
end

describe("assert.appearance", function()
  local b
  before_each(function()
    b = ui.button { title = "Buy", style = { normal = { font = { size = 14, weight = "bold" }, borderWidth = 2 } } }
  end)

  it("names an unknown property and suggests the one meant", function()
    local m = message(function() assert.appearance(b, { titleColr = "red" }) end)
    assert.matches("bad argument #2 to 'appearance' (unknown appearance property 'titleColr'; did you mean 'titleColor'?)", m, 1, true)
    assert.matches("assertions_spec.lua:%d+:", m)
  end)

  it("names a bad state, with UIKit's word for it", function()
    local m = message(function() assert.appearance(b, { title = "Buy" }, "pressed") end)
    assert.matches("bad argument #3 to 'appearance' (unknown state 'pressed'; did you mean 'highlighted'?)", m, 1, true)
  end)

  it("checks its control argument", function()
    local m = message(function() assert.appearance(nil, { title = "Buy" }) end)
    assert.matches("bad argument #1 to 'appearance' (button or sortButton expected, got nil)", m, 1, true)
    m = message(function() assert.state(ui.radioGroup {}, "normal") end)
    assert.matches("bad argument #1 to 'state' (button or sortButton expected, got radioGroup)", m, 1, true)
  end)

  it("compares only the font fields a table gives", function()
    assert.appearance(b, { font = { size = 14 } })
    assert.appearance(b, { font = { weight = "bold" } })
    assert.appearance(b, { font = { size = 14, weight = "bold", family = "system" } })
    local m = message(function() assert.appearance(b, { font = { size = 15 } }) end)
    assert.matches("font is", m, 1, true)
  end)

  it("takes luassert matchers as values", function()
    assert.appearance(b, { title = match.is_string(), borderWidth = match.is_number(), image = match.is_nil() })
    local m = message(function() assert.appearance(b, { title = match.is_number() }) end)
    assert.matches("title is 'Buy', expected number()", m, 1, true)
  end)
end)

describe("luassert misuse", function()
  it("says a spy assertion needs a spy", function()
    local m = message(function() assert.spy(5).was.called() end)
    assert.matches("'called' must be chained after 'spy(aspy)'", m, 1, true)
  end)

  it("refuses a test body that is not a function", function()
    local m = message(function() it("x", 5) end)
    assert.matches("not supported inside current context", m, 1, true)
  end)
end)
