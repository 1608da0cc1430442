-- The app's own code: Tests/Fixtures/code/Shop's Swift files (with its
-- string table and asset catalog) loaded, tapped and asserted on.
local SHOP = "Tests/Fixtures/code/Shop"

describe("ui.load on an app folder's Swift code", function()
  local doc
  before_each(function() doc = ui.load(SHOP) end)

  it("is one document of kind app, a screen per type that makes buttons", function()
    assert.are.equal("app", doc.kind)
    assert.are.equal(SHOP, doc.path)
    local names = {}
    for _, s in ipairs(doc.screens) do names[#names + 1] = s.id end
    table.sort(names)
    assert.are.same({ "BrokenView", "CheckoutViewController" }, names)
    assert.is_not_nil(doc:screen("CheckoutViewController"))
  end)

  it("gives code controls origin, source and property, and ids by the contract", function()
    local pay = doc:find("pay")                 -- its accessibility identifier
    assert.are.equal("code", pay.origin)
    assert.are.equal("payButton", pay.property)
    assert.are.equal(SHOP .. "/CheckoutViewController.swift", pay.source.path)
    assert.are.equal(6, pay.source.line)
    assert.is_nil(pay.ibID)
    assert.is_not_nil(doc:find("cancelButton"))  -- no identifier: the property
    local info = doc:find("CheckoutViewController.35")  -- a local: Type.line
    assert.is_nil(info.property)
  end)

  it("applies what the code says, per state, with values from other files", function()
    local pay = doc:find("pay")
    assert.are.equal("Pay now", pay:styleFor("normal").title)     -- en.lproj/Localizable.strings
    assert.are.equal(ui.color("white"), pay:styleFor("normal").titleColor)
    assert.are.equal("#007AFFFF", ui.color(pay:styleFor("normal").backgroundColor))  -- Theme.primary
    assert.are.equal(12, pay:styleFor("normal").cornerRadius)
    local promo = doc:find("promoButton")
    assert.are.equal("PillButton", promo.customClass)
    assert.are.equal(0.5, promo:styleFor("highlighted").alpha)    -- override var isHighlighted { didSet }
    assert.are.equal(ui.color("black"), doc:find("cancelButton"):styleFor("highlighted").backgroundColor)
  end)

  it("runs a code target's handler on a tap, through doc:on", function()
    local pay, seen = doc:find("pay"), {}
    doc:on("pay:", function(control, event) seen[#seen + 1] = event; assert.are.equal(pay, control) end)
    pay:tap()
    assert.are.same({ "touchUpInside" }, seen)
    assert.has_error(function() doc:on("payy:", function() end) end)
  end)

  it("lists what it could not evaluate with path, line, column and the expression", function()
    local found
    for _, u in ipairs(doc.unresolved) do
      if u.expression == "ThemeManager.shared.accent" then found = u end
    end
    assert.is_not_nil(found)
    assert.are.equal(SHOP .. "/CheckoutViewController.swift", found.path)
    assert.are.equal(48, found.line)
    assert.is_true(found.column > 0)
    assert.is_string(found.reason)
  end)

  it("lists a file's syntax errors and keeps what parses", function()
    local errors = 0
    for _, u in ipairs(doc.unresolved) do
      if u.reason:find("^syntax error") then
        errors = errors + 1
        assert.is_truthy(u.path:find("Broken.swift$"))
      end
    end
    assert.is_true(errors >= 1)
    assert.is_not_nil(doc:find("retry"))
  end)

  it("loads one Swift file, and skips what exclude names", function()
    local one = ui.load(SHOP .. "/PillButton.swift")
    assert.are.equal("swift", one.kind)
    assert.are.equal(0, #one.screens)   -- a button subclass is not a screen
    local some = ui.load(SHOP, { exclude = "Broken" })
    assert.is_nil(some:screen("BrokenView"))
    assert.has_error(function() ui.load(SHOP, { exclude = "[" }) end)
    assert.has_error(function() ui.load(SHOP, { exclude = 3 }) end)
  end)

  it("audits and draws code controls like any other", function()
    local problems = ui.audit(doc)
    assert.is_table(problems)
    assert.is_string(ui.svg(doc:screen("CheckoutViewController")))
  end)
end)

describe("ui.load on a folder with storyboards and code", function()
  it("joins a storyboard's button to its outlet's code, on one screen", function()
    local doc = ui.load("Tests/Fixtures/code/Joined")
    assert.are.equal(1, #doc.screens)
    local screen = doc:screen("LoginViewController")
    assert.are.equal(2, #screen.controls)
    local login = doc:find("Log in")
    assert.are.equal("storyboard", login.origin)
    assert.are.equal("loginButton", login.property)
    assert.are.equal(ui.color("white"), login:styleFor("normal").titleColor)
    assert.are.equal(8, login:styleFor("normal").cornerRadius)
    local taps = 0
    doc:on("logIn", function() taps = taps + 1 end)
    login:tap()
    assert.are.equal(1, taps)
    assert.are.equal("code", doc:find("forgotButton").origin)
  end)
end)
