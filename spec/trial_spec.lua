-- The newcomer's trial of issue 18, point by point: each test failed on
-- the build before it (a checkout screen built in light and dark).

local function captions(svg)
  -- Every centred caption: its centre, baseline, size and text.
  local out = {}
  for attrs, text in svg:gmatch("<text([^>]*)>([^<]*)</text>") do
    if attrs:find('text%-anchor="middle"') and not attrs:find('class="title"') then
      local x, y, size = attrs:match(' x="([%d%.%-]+)"'), attrs:match(' y="([%d%.%-]+)"'), attrs:match('font%-size="([%d%.]+)"')
      if x and y and size then out[#out + 1] = { x = tonumber(x), y = tonumber(y), size = tonumber(size), text = text } end
    end
  end
  return out
end

describe("the trial of the audit", function()
  it("names members by their container and value or key, not button1 or sortButton1", function()
    local g = ui.radioGroup { id = "shipping", options = { { title = "Express", value = "express", frame = { 0, 0, 20, 20 } } } }
    local found = ui.audit(g, { checks = "hitTarget" })
    assert.are.equal("shipping['express']", found[1].control)
    assert.are.equal("shipping['express']: hit target 20x20 pt < 44x44 pt", found[1].message)
    local bar = ui.sortBar { id = "sort", { title = "价格", key = "price", frame = { 0, 0, 20, 20 } } }
    assert.are.equal("sort[price]", ui.audit(bar, { checks = "hitTarget" })[1].control)
  end)

  it("says a title longer than its button does not fit, and draws it truncated and clipped", function()
    local s = ui.screen {}
    local coupon = s:add(ui.button { id = "coupon", title = "Apply the coupon code you received", frame = { 20, 100, 120, 44 },
      adjustsFontForContentSizeCategory = true, style = { normal = { titleColor = "label", font = "body" } } })
    local found = ui.audit(coupon, { checks = "textClipped" })
    assert.are.equal(1, #found)
    assert.are.equal("textClipped", found[1].check)
    assert.are.equal("large", found[1].contentSize)
    assert.is_true(coupon.appearance.truncated)
    local shown = coupon.appearance.displayedText
    assert.matches("…", shown, 1, true)
    local svg = ui.svg(coupon)
    assert.truthy(svg:find(shown, 1, true), "the picture draws what UIKit would draw")
    assert.falsy(svg:find("Apply the coupon code you received", 1, true), "not the whole title across the neighbours")
    assert.matches('overflow="hidden"', svg, 1, true)
  end)

  it("models Dynamic Type: fixed-size titles are found, text styles grow and then clip", function()
    local fixed = ui.button { id = "pay", title = "Pay", frame = { 0, 0, 100, 44 }, style = { normal = { font = 15 } } }
    local found = ui.audit(fixed, { checks = "dynamicType" })
    assert.are.equal(1, #found)
    assert.matches("fixed size", found[1].message, 1, true)
    local scaled = ui.button { id = "pay2", title = "Pay", frame = { 0, 0, 100, 44 }, adjustsFontForContentSizeCategory = true,
      style = { normal = { font = { textStyle = "body" } } } }
    assert.are.same({}, ui.audit(scaled, { checks = "dynamicType" }))
    assert.are.equal(53, scaled:appearanceFor("normal", { contentSize = "ax5" }).font.size)
    local clipped = ui.audit(scaled, { checks = "textClipped" })
    assert.are.equal(1, #clipped)
    assert.are.equal("accessibilityExtraExtraExtraLarge", clipped[1].contentSize)
  end)
end)

describe("the trial of the pictures", function()
  it("draws a sort bar and a radio group on a dark screen over the screen's dark backdrop", function()
    local s = ui.screen { userInterfaceStyle = "dark" }
    local bar = s:add(ui.sortBar { id = "sort", { title = "Price", key = "price", style = { normal = { titleColor = "white" } } } })
    local g = s:add(ui.radioGroup { id = "time", options = { { title = "Any", value = "", style = { normal = { titleColor = "white" } } } } })
    for _, svg in ipairs { ui.svg(bar, { states = "all" }), ui.svg(g, { states = "all" }) } do
      assert.matches('data-style="dark"', svg, 1, true)
      assert.matches('class="backdrop"[^>]*fill="#000000"', svg)
    end
  end)

  it("fits captions to their cells so they never overlap", function()
    local narrow = ui.button { id = "x", title = "x", frame = { 0, 0, 30, 30 }, style = { selected = { backgroundColor = "red" } } }
    local found = captions(ui.svg(narrow, { states = "all" }))
    assert.is_true(#found >= 5)
    for i, a in ipairs(found) do
      for j, b in ipairs(found) do
        if i < j and math.abs(a.y - b.y) < 1 then
          -- A generous lower bound of each caption's width: 0.45 em a character.
          local wa, wb = utf8.len(a.text) * 0.45 * a.size, utf8.len(b.text) * 0.45 * b.size
          assert.is_true(math.abs(a.x - b.x) >= (wa + wb) / 2,
            ("captions %q and %q overlap"):format(a.text, b.text))
        end
      end
    end
  end)
end)

describe("a title Interface Builder sized to fit San Francisco", function()
  -- Inter measures Latin text about 10 % wider than SF: a button Xcode
  -- sized to its title ("Tap Me" at 17 pt) fits on a device, so the audit
  -- allows that difference, and still reports a title SF would not fit.
  local w = ui.measure("Tap Me", "17")
  local function clipped(fraction)
    local b = ui.button { id = "tap", title = "Tap Me", frame = { 0, 0, w * fraction, 44 },
      style = { normal = { font = "17", titleColor = "black" } } }
    return ui.audit(b, { checks = { "textClipped" } })
  end

  it("is not reported when SF's width fits", function()
    assert.are.same({}, clipped(0.94))
  end)

  it("is reported when even SF's width does not", function()
    local problems = clipped(0.85)
    assert.are.equal(1, #problems)
    assert.matches('title "Tap Me" does not fit', problems[1].message, 1, true)
  end)

  it("keeps CJK titles at their own width (one em in both fonts)", function()
    local cw = ui.measure("价格价格", "17")
    local b = ui.button { id = "cjk", title = "价格价格", frame = { 0, 0, cw * 0.95, 44 },
      style = { normal = { font = "17", titleColor = "black" } } }
    assert.are.equal(1, #ui.audit(b, { checks = { "textClipped" } }))
  end)
end)

describe("an audit line", function()
  it("says sizes to hundredths of a point", function()
    local b = ui.button { id = "x", title = "A", frame = { 0, 0, 79.66666666666666, 34.333333333333314 },
      style = { normal = { titleColor = "black" } } }
    assert.are.equal("x: hit target 79.67x34.33 pt < 44x44 pt", ui.audit(b, { checks = { "hitTarget" } })[1].message)
  end)
end)
