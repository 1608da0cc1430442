-- Screens: hit-testing and routing in screen coordinates.
describe("screens", function()
  local s, a, b
  before_each(function()
    s = ui.screen { width = 375, height = 667 }
    a = ui.button { id = "a", frame = { 0, 0, 100, 100 } }
    b = ui.button { id = "b", frame = { 50, 50, 100, 100 } }
    s:add(a); s:add(b)
  end)

  it("have a size and their controls", function()
    assert.are.equal("screen", s.kind)
    assert.are.equal(375, s.width)
    assert.are.equal(667, s.height)
    assert.are.same({ a, b }, s.controls)
    assert.are.equal(b, s:find("b"))
    assert.is_nil(s:find("zz"))
  end)

  it("are unnamed unless given an id, which names them in messages", function()
    assert.is_nil(s.id)
    local named = ui.screen { id = "login" }
    assert.are.equal("login", named.id)
    assert.matches("<screen login 375x667", tostring(named))
    named:add(ui.button { id = "tiny", title = "x", frame = { 0, 0, 10, 10 } })
    local ok, e = pcall(assert.accessible, named)
    assert.is_false(ok)
    assert.matches("screen 'login' has", tostring(e))
    ok, e = pcall(assert.accessible, s)
    assert.matches("^[^']*screen has", tostring(e))
  end)

  it("hit-test the topmost visible, enabled button", function()
    assert.are.equal(b, s:hitTest(60, 60))
    b.enabled = false
    assert.are.equal(a, s:hitTest(60, 60))
    b.enabled = true
    b.hidden = true
    assert.are.equal(a, s:hitTest(60, 60))
    assert.is_nil(s:hitTest(300, 300))
  end)

  it("tap the button under the point, in its own coordinates", function()
    assert.are.equal(b, s:tap(120, 120))
    assert.are.equal("touchUpInside", b.trace[3])
    assert.is_nil(s:tap(300, 300))
  end)

  it("route a whole touch to the button it started on", function()
    s:touchDown(10, 10)
    s:touchMove(10, 60)
    s:touchUp(10, 60)
    assert.are.equal("touchUpInside", a.trace[#a.trace - 2])
    assert.are.same({}, b.trace)
    s:touchDown(10, 10)
    assert.are.equal(a, s:touchCancel())
  end)

  it("take groups and bars and find their members", function()
    local g = ui.radioGroup { id = "g", options = { { title = "x", value = 1, frame = { 200, 200, 50, 50 } } } }
    s:add(g)
    s:tap(210, 210)
    assert.are.equal(1, g.value)
    assert.are.equal(g, s:find("g"))
    assert.are.equal(g.buttons[1], s:find(g.buttons[1].id))
    assert.error_matches(function() s:add(42) end, "button, radio group or sort bar expected")
    assert.error_matches(function() s:tap("x", 1) end, "number expected")
  end)
end)

describe("a screen's hit-testing, as UIKit's", function()
  local function two()
    local s = ui.screen {}
    local under = ui.button { id = "under", frame = { 0, 0, 100, 100 } }
    local top = ui.button { id = "top", frame = { 0, 0, 100, 100 } }
    s:add(under); s:add(top)
    return s, under, top
  end

  it("lets touches through a button with userInteractionEnabled off", function()
    local s, under, top = two()
    top.userInteractionEnabled = false
    assert.are.equal(under, s:tap(10, 10))
    assert.is_false(top:tap())
    assert.are.equal("normal", top.state)
    assert.are.same({ "userInteractionEnabled=false" }, top.trace)
    assert.is_false(ui.button { userInteractionEnabled = false }.userInteractionEnabled)
  end)

  it("passes over a button whose alpha is below 0.01", function()
    local s, under, top = two()
    top:style("normal", { alpha = 0 })
    assert.are.equal(under, s:hitTest(10, 10))
    top:style("normal", { alpha = 0.5 })
    assert.are.equal(top, s:hitTest(10, 10))
  end)

  it("moves a control added again to the top, listed once", function()
    local s, under, top = two()
    s:add(under)
    assert.are.same({ top, under }, s.controls)
    assert.are.equal(under, s:hitTest(10, 10))
  end)
end)
