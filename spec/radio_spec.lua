-- Radio groups (seed 004).
describe("radio groups", function()
  local g
  before_each(function()
    g = ui.radioGroup {
      id = "time",
      options = { { title = "不限", value = "" }, { title = "十五天内", value = "15" },
                  { title = "十天内", value = "10" }, { title = "五天内", value = "5" } },
      style = { normal = { borderColor = "595959" }, selected = { borderColor = "ed7e2d" } },
    }
  end)

  it("hold their options in order", function()
    assert.are.equal("radioGroup", g.kind)
    assert.are.equal("time", g.id)
    assert.are.equal(4, #g.buttons)
    assert.is_nil(g.value)
    assert.is_nil(g.selected)
    assert.is_false(g.allowsEmpty)
    assert.are.equal("十天内", g:button("10").title)
  end)

  it("apply the group style under each member's own", function()
    assert.appearance(g.buttons[1], { borderColor = "#595959" })
    g:select("15")
    assert.appearance(g.buttons[2], { borderColor = "#ed7e2d" })
  end)

  it("select on tap, deselect the rest, fire once", function()
    local n = 0
    g:on("valueChanged", function(group) assert.are.equal(g, group) n = n + 1 end)
    g.buttons[2]:tap()
    g.buttons[3]:tap()
    assert.are.equal(2, n)
    assert.are.equal("10", g.value)
    local selected = 0
    for _, b in ipairs(g.buttons) do if b.selected then selected = selected + 1 end end
    assert.are.equal(1, selected)
  end)

  it("treat the empty string as a value", function()
    g.buttons[1]:tap()
    assert.are.equal("", g.value)
  end)

  it("ignore a tap on the selected member unless allowsEmpty", function()
    local n = 0
    g:on("valueChanged", function() n = n + 1 end)
    g.buttons[2]:tap()
    g.buttons[2]:tap()
    assert.are.equal(1, n)
    g.allowsEmpty = true
    g.buttons[2]:tap()
    assert.are.equal(2, n)
    assert.is_nil(g.value)
  end)

  it("make programmatic select of the current value silent", function()
    local n = 0
    g:on("valueChanged", function() n = n + 1 end)
    g:select("5"); g:select("5")
    g:select("15")
    assert.are.equal(2, n)
    g:clear()
    assert.are.equal(3, n)
    assert.is_nil(g.value)
  end)

  it("name the group and value when selecting an unknown value", function()
    assert.has_error(function() g:select("3") end,
      "bad argument #1 to 'select' (radio group 'time' has no option with value '3' (its values: '', '15', '10', '5'))")
    assert.error_matches(function() g:select({}) end, "radio value expected")
  end)

  it("refuse duplicate values at add; default the value to info", function()
    assert.error_matches(function() g:add(ui.button { title = "dup" }, "15") end, "already has an option with value '15'")
    local b = g:add(ui.button { title = "三天内", info = "3" })
    assert.are.equal(b, g:button("3"))
    assert.error_matches(function() g:add(ui.button { title = "none" }) end, "radio value")
  end)

  it("accept integers and booleans as values", function()
    local h = ui.radioGroup { id = "h", options = { { title = "one", value = 1 }, { title = "yes", value = true } } }
    h:select(true)
    assert.is_true(h.value)
    h:select(1)
    assert.are.equal(1, h.value)
  end)

  it("keep one member selected when a script sets selected", function()
    g.buttons[1].selected = true
    g.buttons[4].selected = true
    assert.is_false(g.buttons[1].selected)
    assert.are.equal("5", g.value)
  end)

  it("save and restore through a store, including a vanished value", function()
    local path = "spec/scratch/spec-radio-" .. tostring(os.time()) .. "-" .. tostring(math.random(1e9)) .. ".json"
    local store = ui.store(path)
    g:select("10")
    g:save(store)
    assert.are.equal("10", store:get("time"))
    local g2 = ui.radioGroup { id = "time", options = { { title = "a", value = "10" }, { title = "b", value = "5" } } }
    assert.is_true(g2:restore(ui.store(path)))
    assert.are.equal("10", g2.value)
    store:set("time", "3")
    local ok, why = g2:restore(store)
    assert.is_false(ok)
    assert.matches("no option with value '3'", why)
    assert.are.equal("10", g2.value)
    g:save(store, "other")
    assert.is_true(g2:restore(store, "other"))
    os.remove(path)
  end)

  it("start from an initial value", function()
    local h = ui.radioGroup { id = "x", value = "b", options = { { title = "A", value = "a" }, { title = "B", value = "b" } } }
    assert.are.equal("b", h.value)
    assert.error_matches(function() ui.radioGroup { id = "y", value = "z", options = { { value = "a" } } } end, "no option")
  end)

  it("tell values apart by their bytes, as Lua does", function()
    local composed, decomposed = "caf\u{E9}", "cafe\u{301}"
    local h = ui.radioGroup { id = "city", options = { { title = "A", value = composed }, { title = "B", value = decomposed } } }
    assert.are.equal(2, #h.buttons)
    h:select(decomposed)
    assert.are.equal(decomposed, h.value)
    assert.is_true(h.buttons[2].selected)
    assert.is_false(h.buttons[1].selected)
    -- Bytes that are not UTF-8 are refused, not merged into U+FFFD.
    assert.error_matches(function() ui.radioGroup { { value = "\xff" }, { value = "\xfe" } } end, "valid UTF%-8 string expected, got other bytes")
  end)
end)
