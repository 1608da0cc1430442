-- Events, touches and the trace.
describe("events and touches", function()
  local b
  before_each(function() b = ui.button { id = "b", frame = { 0, 0, 100, 44 } } end)

  it("tap follows UIKit's order and records it", function()
    assert.is_true(b:tap())
    assert.trace(b, { "touchDown", "highlighted=true", "touchUpInside", "primaryActionTriggered", "highlighted=false" })
  end)

  it("runs handlers with the control and the event name, while still highlighted", function()
    local seen = {}
    b:on("touchUpInside", function(c, ev) seen[#seen + 1] = { c == b, ev, c.highlighted } end)
    b:tap()
    assert.are.same({ { true, "touchUpInside", true } }, seen)
  end)

  it("matches handlers by bit intersection, once per send", function()
    local names = {}
    b:on("touchDown|touchUpInside", function(_, ev) names[#names + 1] = ev end)
    b:on({ "touchDown", "touchDownRepeat" }, function(_, ev) names[#names + 1] = "both:" .. ev end)
    b:tap({ count = 2 })
    assert.are.same({ "touchDown", "both:touchDown", "touchUpInside", "touchDown", "both:touchDown", "touchUpInside" }, names)
  end)

  it("sends touchDownRepeat from the second tap on", function()
    b:tap({ count = 3 })
    local repeats = 0
    for _, e in ipairs(b.trace) do if e == "touchDownRepeat" then repeats = repeats + 1 end end
    assert.are.equal(2, repeats)
  end)

  it("off removes a handler by token", function()
    local n = 0
    local token = b:on("touchDown", function() n = n + 1 end)
    assert.is_number(token)
    b:tap()
    assert.is_true(b:off(token))
    assert.is_false(b:off(token))
    b:tap()
    assert.are.equal(1, n)
  end)

  it("rejects bad events and handlers", function()
    assert.has_error(function() b:on("touchUpInsid", function() end) end,
      "bad argument #1 to 'on' (unknown event 'touchUpInsid'; did you mean 'touchUpInside'?)")
    assert.error_matches(function() b:on("touchDown", 5) end, "bad argument #2 to 'on' %(function expected, got number%)")
  end)

  it("sendActions runs handlers even when disabled and changes nothing", function()
    local n = 0
    b:on("valueChanged", function() n = n + 1 end)
    b.enabled = false
    b:sendActions("valueChanged")
    assert.are.equal(1, n)
    assert.state(b, "disabled")
  end)

  it("touchDown/Move/Up follow the 70pt retention margin", function()
    assert.is_true(b:touchDown({ x = 10, y = 10 }))
    b:touchMove({ 150, 20 })
    assert.is_true(b.highlighted)
    b:touchMove({ x = 171, y = 20 })
    assert.is_false(b.highlighted)
    assert.are.same({ "touchDragOutside", "touchDragExit", "highlighted=false" }, { table.unpack(b.trace, #b.trace - 2) })
    b:touchMove({ x = 50, y = 20 })
    assert.is_true(b:touchUp())
    assert.are.equal("primaryActionTriggered", b.trace[#b.trace - 1])
  end)

  it("touchUp outside sends touchUpOutside only", function()
    b:touchDown()
    b:touchUp({ x = 900, y = 900 })
    assert.are.equal("touchUpOutside", b.trace[#b.trace - 1])
  end)

  it("touchCancel ends the touch", function()
    b:touchDown()
    assert.is_true(b:touchCancel())
    assert.is_false(b:touchCancel())
    assert.are.equal("touchCancel", b.trace[#b.trace - 1])
  end)

  it("ignores touches when disabled or hidden, and returns false", function()
    b.enabled = false
    assert.is_false(b:tap())
    b.enabled = true
    b.hidden = true
    assert.is_false(b:touchDown())
    assert.is_false(b:touchUp())
    assert.is_false(b:touchMove({ 1, 1 }))
  end)

  it("tracks one touch at a time", function()
    assert.is_true(b:touchDown())
    assert.is_false(b:touchDown())
  end)

  it("disabling mid-touch ends the touch", function()
    b:touchDown()
    b.enabled = false
    assert.is_false(b.highlighted)
    assert.is_false(b:touchUp())
  end)

  it("changesSelectionAsPrimaryAction toggles before touchUpInside", function()
    b.changesSelectionAsPrimaryAction = true
    local seen
    b:on("touchUpInside", function(c) seen = c.selected end)
    b:tap()
    assert.is_true(seen)
  end)

  it("a failing handler completes the touch, then raises its error", function()
    b:on("touchUpInside", function() error("boom") end)
    assert.error_matches(function() b:tap() end, "boom")
    assert.is_false(b.highlighted)
    assert.is_true(b:touchDown())
  end)

  it("keeps the error object of a failing handler", function()
    local marker = { code = 42 }
    b:on("touchDown", function() error(marker) end)
    local ok, err = pcall(b.tap, b)
    assert.is_false(ok)
    assert.are.equal(marker, err)
  end)

  it("stops runaway handler recursion with a stack overflow error of bounded size", function()
    b:on("valueChanged", function(c) c:sendActions("valueChanged") end)
    local ok, err = pcall(b.sendActions, b, "valueChanged")
    assert.is_false(ok)
    assert.matches("stack overflow", err)
    assert.is_true(#err < 4000)   -- one traceback, not one per level
  end)

  it("refuses to yield from a handler, clearly", function()
    b:on("touchDown", function() coroutine.yield() end)
    local co = coroutine.wrap(function() return b:tap() end)
    local ok, err = pcall(co)
    assert.is_false(ok)
    assert.matches("attempt to yield across a C%-call boundary", err)
  end)

  it("tap options are checked", function()
    assert.error_matches(function() b:tap({ count = 0 }) end, "count")
    assert.error_matches(function() b:tap({ cout = 2 }) end, "did you mean 'count'")
    assert.error_matches(function() b:tap({ at = "x" }) end, "point expected")
    assert.is_true(b:tap({ at = { 1, 1 } }))
  end)

  it("calling a method with '.' says how to call it", function()
    assert.error_matches(function() b.tap() end, "call it with ':'")
  end)

  it("trace keeps the newest traceLimit entries; clearTrace empties it", function()
    b.traceLimit = 2
    b:tap()
    assert.are.same({ "primaryActionTriggered", "highlighted=false" }, b.trace)
    b:clearTrace()
    assert.are.same({}, b.trace)
  end)

  it("records only real state changes", function()
    b.selected = false
    b.enabled = true
    assert.are.same({}, b.trace)
    b.selected = true
    b.selected = true
    assert.are.same({ "selected=true" }, b.trace)
  end)

  it("seed 003: the background survives touchUpInside then unhighlight", function()
    b:style("normal", { backgroundColor = "white" })
    b:style("highlighted", { backgroundColor = "gray" })
    b:style("selected", { backgroundColor = "red" })
    b:on("touchUpInside", function(c) c.selected = not c.selected end)
    b:touchDown()
    assert.appearance(b, { backgroundColor = "gray" })
    b:touchUp()
    assert.appearance(b, { backgroundColor = "red" })
    assert.trace(b, { "touchDown", "highlighted=true", "touchUpInside", "selected=true", "primaryActionTriggered", "highlighted=false" })
  end)
end)
