-- The app's own files: examples/Shop's storyboard, XIB and asset catalog,
-- loaded, tapped, asserted on and audited as a QA engineer would.
local SHOP = "examples/Shop/Shop/"
local STORYBOARD = SHOP .. "Base.lproj/Main.storyboard"
local XIB = SHOP .. "CartItemView.xib"
local CATALOG = SHOP .. "Assets.xcassets"

local function frame(b) local f = b.frame; return { f.x, f.y, f.width, f.height } end

describe("ui.load on a storyboard", function()
  local doc
  before_each(function() doc = ui.load(STORYBOARD) end)

  it("reads the document's kind, path and scenes in order", function()
    assert.are.equal("storyboard", doc.kind)
    assert.are.equal(STORYBOARD, doc.path)
    assert.are.equal(2, #doc.screens)
    assert.are.equal("Checkout", doc.screens[1].id)
    assert.are.equal("Confirmation", doc.screens[2].id)
    assert.are.equal(375, doc.screens[1].width)
    assert.are.equal(667, doc.screens[1].height)
  end)

  it("finds a scene by storyboard identifier, custom class, title or IB id", function()
    local checkout = doc.screens[1]
    assert.are.equal(checkout, doc:screen("Checkout"))
    assert.are.equal(checkout, doc:screen("CheckoutViewController"))
    assert.are.equal(doc.screens[2], doc:screen("Thank You"))
    assert.are.equal(doc.screens[2], doc:screen("Cnf-VC-001"))
    assert.is_nil(doc:screen("Nowhere"))
  end)

  it("finds a control by accessibility id, user label, IB id or title", function()
    local pay = doc:find("pay")
    assert.are.equal("pay", pay.id)
    assert.are.equal(pay, doc:find("Pay-BT-001"))
    assert.are.equal(pay, doc:find("Pay $42.00"))
    assert.are.equal(pay, doc.screens[1]:find("pay"))
    local sort = doc:find("sortPrice")
    assert.are.equal("sortPrice", sort.id) -- no accessibility id: the user label
    assert.are.equal("Srt-BT-001", sort.ibID)
    assert.is_nil(doc:find("nothing of that name"))
  end)

  it("gives every control its file details", function()
    local pay = doc:find("pay")
    assert.are.equal("Pay-BT-001", pay.ibID)
    assert.is_nil(pay.customClass)
    assert.are.equal("Pay $42.00", pay.title)
    assert.are.same({ 16, 588, 343, 50 }, frame(pay))
    local actions = {}
    for _, a in ipairs(pay.actions) do actions[#actions + 1] = a.selector .. "@" .. a.event end
    assert.are.same({ "pay:@touchUpInside", "payPressed:@touchDown" }, actions)
    assert.are.equal(10, pay.runtimeAttributes["layer.cornerRadius"])
    assert.are.equal("show", pay.segues[1].kind)
    assert.are.equal("confirm", pay.segues[1].identifier)
    assert.are.equal("Charges your card", pay.accessibilityHint)
    assert.are.equal("DLRadioButton", doc:find("express").customClass)
  end)

  it("takes nested frames into screen coordinates", function()
    -- The shipping options sit in a stack view at (16, 96).
    assert.are.same({ 16, 96, 343, 44 }, frame(doc:find("standard")))
    assert.are.same({ 16, 140, 343, 44 }, frame(doc:find("express")))
    assert.are.same({ 16, 184, 343, 44 }, frame(doc:find("overnight")))
  end)

  it("flattens a screen's controls in Interface Builder's order", function()
    local ids = {}
    for _, c in ipairs(doc.screens[1].controls) do ids[#ids + 1] = c.id end
    assert.are.same({ "close", "standard", "express", "overnight", "sortPrice", "coupon", "pay" }, ids)
    assert.are.equal(7 + 1, #doc.controls)
  end)

  it("leaves a system button's title to the tint", function()
    local done = doc:find("done")
    assert.are.equal("system", done.type)
    assert.are.equal(ui.color("systemBlue"), done.appearance.titleColor)
  end)

  it("links DLRadioButton's otherButtons into a radio group", function()
    assert.are.equal(1, #doc.groups)
    local g = doc.groups[1]
    assert.are.equal(3, #g.buttons)
    local express = doc:find("express")
    doc.screens[1]:tap(express.frame.x + 20, express.frame.y + 20)
    assert.is_true(express.selected)
    assert.are.equal(express, g.selected)
    doc:find("overnight"):tap()
    assert.is_false(express.selected)
    assert.is_true(doc:find("overnight").selected)
  end)

  it("maps custom classes to ButtonKit kinds when asked", function()
    assert.are.equal("button", doc:find("sortPrice").kind)
    local mapped = ui.load(STORYBOARD, { classes = { CQSortButton = "sortButton" } })
    assert.are.equal("sortButton", mapped:find("sortPrice").kind)
  end)

  it("runs doc:on handlers for the connections' events", function()
    local calls = {}
    local token = doc:on("pay:", function(control, event) calls[#calls + 1] = control.id .. " " .. event end)
    doc:on("payPressed:", function(control, event) calls[#calls + 1] = control.id .. " " .. event end)
    local screen = doc:screen("Checkout")
    -- Printed, the group counts once and its buttons are said too, as #controls counts them.
    assert.are.equal("<screen Checkout 375x667 5 controls, " .. #screen.controls .. " buttons>", tostring(screen))
    assert.are.equal(doc:find("pay"), screen:tap(100, 600))
    assert.are.same({ "pay touchDown", "pay touchUpInside" }, calls)
    assert.is_true(doc:off(token))
    assert.is_false(doc:off(token))
    doc:find("pay"):tap()
    assert.are.same({ "pay touchDown", "pay touchUpInside", "pay touchDown" }, calls)
  end)

  it("refuses a selector nothing is connected to, with the closest", function()
    assert.has_error(function() doc:on("pya:", function() end) end,
      "bad argument #1 to 'on' (no control of " .. STORYBOARD .. " is connected to 'pya:'; did you mean 'pay:'?)")
    assert.matches("function expected", select(2, pcall(doc.on, doc, "pay:", 42)))
  end)

  it("lists what it did not model, with lines", function()
    assert.is_true(#doc.ignored > 0)
    for _, e in ipairs(doc.ignored) do
      assert.is_true(math.type(e.line) == "integer" and e.line > 0, "line of " .. tostring(e.element))
      assert.are.equal("string", type(e.element))
      assert.are.equal("string", type(e.reason))
    end
  end)

  it("keeps a control's file details and handlers while only the control is held", function()
    local d = ui.load(STORYBOARD)
    local n = 0
    d:on("pay:", function() n = n + 1 end)
    local pay = d:find("pay")
    d = nil
    collectgarbage(); collectgarbage()
    assert.are.equal("Pay-BT-001", pay.ibID)
    pay:tap()
    assert.are.equal(1, n)
  end)

  it("leaves script-made controls without file details", function()
    local b = ui.button { title = "x" }
    assert.is_nil(b.ibID)
    assert.is_nil(b.actions)
    assert.is_nil(b.runtimeAttributes)
    assert.is_nil(b.property)
    assert.is_nil(b.origin)
    assert.is_nil(b.source)
  end)

  it("names a control by the outlet that holds it and says where it is defined", function()
    local xib = ui.load("Tests/Fixtures/ib/Kinds/Login.xib")
    local login = xib:find("lgn-Bt-001")
    assert.are.equal("loginButton", login.property)
    assert.are.equal("xib", login.origin)
    assert.are.same({ path = "Tests/Fixtures/ib/Kinds/Login.xib", line = 20, column = 17 }, login.source)
    assert.are.equal("socialButtons", xib:find("apple").property)
    assert.is_nil(xib:find("Help").property)
    local sb = ui.load("Tests/Fixtures/ib/Kinds/Outlets.storyboard")
    assert.are.equal("signOutButton", sb:find("sgn-Bt-001").property)
    assert.are.equal("storyboard", sb:find("sgn-Bt-001").origin)
  end)
end)

describe("asset catalog colours", function()
  it("resolve light, dark and high contrast on loaded controls", function()
    local doc = ui.load(STORYBOARD)
    local pay = doc:find("pay")
    assert.are.equal("#005ABFFF", pay:appearanceFor("normal").backgroundColor)
    assert.are.equal("#409FFFFF", pay:appearanceFor("normal", { style = "dark" }).backgroundColor)
    assert.are.equal("#004099FF", pay:appearanceFor("normal", { contrast = "high" }).backgroundColor)
    assert.are.equal("#80C7FFFF", pay:appearanceFor("normal", { style = "dark", contrast = "high" }).backgroundColor)
  end)

  it("come from the catalogs the assets option names", function()
    local given = ui.load(STORYBOARD, { assets = CATALOG })
    assert.are.equal("#409FFFFF", given:find("pay"):appearanceFor("normal", { style = "dark" }).backgroundColor)
    local listed = ui.load(STORYBOARD, { assets = { CATALOG } })
    assert.are.same({ "BrandHighlight", "BrandPrimary", "BrandText" }, listed.colorNames)
    -- No catalog: the value the file saved for the colour (light only).
    local none = ui.load(STORYBOARD, { assets = {} })
    assert.are.same({}, none.colorNames)
    assert.are.equal("#005ABFFF", none:find("pay"):appearanceFor("normal", { style = "dark" }).backgroundColor)
  end)

  it("become colour names with ui.assets", function()
    local cat = ui.assets(CATALOG)
    assert.are.same({ "BrandHighlight", "BrandPrimary", "BrandText" }, cat.colors)
    assert.are.same({ "trash", "xmark" }, cat.images)
    assert.are.equal("#005ABFFF", ui.color("BrandPrimary"))
    assert.are.equal("#409FFFFF", ui.color("BrandPrimary", { style = "dark" }))
    assert.are.equal("#D9EBFFFF", ui.color("BrandHighlight"))
    local b = ui.button { title = "Buy", style = { normal = { backgroundColor = "BrandPrimary" } } }
    assert.appearance(b, { backgroundColor = "#409FFFFF" }, "normal", { style = "dark" })
    b.configuration = { style = "filled", baseBackgroundColor = "BrandPrimary" }
    assert.are.equal("BrandPrimary", b.configuration.baseBackgroundColor)
  end)

  it("leave system and fixed colour names their meaning", function()
    ui.assets(CATALOG)
    assert.are.equal("#FF0000FF", ui.color("red"))
    assert.are.equal("#007AFFFF", ui.color("systemBlue"))
    assert.has_error(function() ui.color("BrandPrimery") end)
  end)
end)

describe("the highlighted look in dark mode", function()
  it("comes from the file's highlighted state and the catalog", function()
    local doc = ui.load(STORYBOARD)
    local checkout = doc:screen("Checkout")
    checkout.userInterfaceStyle = "dark"
    local pay = doc:find("pay")
    pay:touchDown()
    assert.state(pay, "highlighted")
    assert.appearance(pay, { titleColor = ui.color("BrandHighlight", { style = "dark" }), backgroundColor = "#409FFFFF" })
    pay:touchUp()
    assert.state(pay, "normal")
  end)
end)

describe("ui.load on a XIB", function()
  it("makes one screen per top-level view", function()
    local doc = ui.load(XIB)
    assert.are.equal("xib", doc.kind)
    assert.are.equal(1, #doc.screens)
    assert.are.equal(375, doc.screens[1].width)
    assert.are.equal(88, doc.screens[1].height)
    local remove = doc:find("remove")
    assert.are.equal("Remove from cart", remove.accessibilityLabel)
    assert.are.same({ 315, 22, 44, 44 }, frame(remove))
    assert.are.equal("remove:", remove.actions[1].selector)
    assert.are.equal("Save for later", doc:find("saveForLater").title)
    assert.is_true(#doc.imageNames >= 2)
  end)
end)

describe("the audit of a loaded document", function()
  it("finds the app's own problems", function()
    local doc = ui.load(STORYBOARD)
    local checks = {}
    for _, p in ipairs(ui.audit(doc)) do checks[p.control .. " " .. p.check] = true end
    assert.is_true(checks["close hitTarget"])
    assert.accessible(doc:screen("Confirmation"), { checks = { "hitTarget", "label", "duplicateId" } })
  end)
end)

describe("bad input to ui.load", function()
  local scratch
  before_each(function() scratch = "spec/scratch/ib-" .. tostring(math.random(1e9)) .. ".storyboard" end)
  after_each(function() os.remove(scratch) end)

  local function write(text)
    local f = assert(io.open(scratch, "wb")); f:write(text); f:close()
  end

  it("names the function and argument", function()
    assert.has_error(function() ui.load(42) end, "bad argument #1 to 'load' (string expected, got number)")
    assert.matches("bad argument #2 to 'load' %(assets: ", select(2, pcall(ui.load, STORYBOARD, { assets = 1 })))
    assert.matches("classes.X: one of 'button', 'sortButton', 'radio' expected, got 'slider'",
      select(2, pcall(ui.load, STORYBOARD, { classes = { X = "slider" } })))
    assert.matches("bad argument #2 to 'load'", select(2, pcall(ui.load, STORYBOARD, { asets = CATALOG })))
    assert.matches("bad argument #1 to 'assets'", select(2, pcall(ui.assets, {})))
    -- A catalog the sandbox will not open says so, not "not an asset catalog".
    assert.matches("/etc/Outside.xcassets: outside the working tree", select(2, pcall(ui.assets, "/etc/Outside.xcassets")), 1, true)
    local doc = ui.load(STORYBOARD)
    assert.has_error(function() doc:screen(42) end, "bad argument #1 to 'screen' (string expected, got number)")
    assert.has_error(function() doc:find() end, "bad argument #1 to 'find' (string expected, got no value)")
    assert.has_error(function() doc:off("x") end)
    assert.has_error(function() doc.find("pay") end)
    assert.has_error(function() doc.kind = "xib" end, "field 'kind' of document is read-only")
    assert.matches("unknown field 'screns' of document; did you mean 'screens'%?", select(2, pcall(function() return doc.screns end)))
    assert.has_error(function() doc:find("pay").ibID = "x" end, "field 'ibID' of button is read-only")
  end)

  it("says file, line and column of malformed XML", function()
    write('<?xml version="1.0" encoding="UTF-8"?>\n<document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB">\n  <scenes>\n    <scene sceneID="a">\n  </scenes>\n')
    local ok, err = pcall(ui.load, scratch)
    assert.is_false(ok)
    assert.matches("ui.load: " .. scratch:gsub("%p", "%%%0") .. ":%d+:%d+: ", err)
  end)

  it("refuses a truncated file and a compiled nib", function()
    write('<?xml version="1.0" encoding="UTF-8"?>\n<document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0">\n<scenes><scene sceneID="a"><objects><viewController id="v"><view key="view" id="r"><rect key="frame" x="0" y="0" wid')
    assert.matches(":%d+:%d+: ", select(2, pcall(ui.load, scratch)))
    write("NIBArchive\1\0\0\0\9\0\0\0")
    assert.matches("ui.load: " .. scratch:gsub("%p", "%%%0") .. ":", select(2, pcall(ui.load, scratch)))
  end)

  it("expands no entity (billion laughs) and reads no external one", function()
    write('<?xml version="1.0"?>\n<!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">'
      .. '<!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">]>\n<document><scenes>&lol3;</scenes></document>\n')
    assert.matches(":%d+:%d+: ", select(2, pcall(ui.load, scratch)))
    write('<?xml version="1.0"?>\n<!DOCTYPE d [<!ENTITY x SYSTEM "file:///etc/passwd">]>\n<document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB"><objects>&x;</objects></document>\n')
    local ok, err = pcall(ui.load, scratch)
    assert.is_false(ok)
    assert.is_nil(err:find("root:", 1, true))
  end)

  it("refuses a file outside the working tree under the sandbox", function()
    local ok, err = pcall(ui.load, "/etc/hostname.storyboard")
    assert.is_false(ok)
    assert.matches("ui.load", err)
  end)

  it("refuses deep nesting without a crash", function()
    write('<?xml version="1.0"?>\n<document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB"><objects>'
      .. string.rep("<view>", 10000) .. string.rep("</view>", 10000) .. "</objects></document>\n")
    assert.matches(":%d+:%d+: ", select(2, pcall(ui.load, scratch)))
  end)
end)
