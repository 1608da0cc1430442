-- SwiftUI views: Tests/Fixtures/code/Cafe's Swift files (with its string
-- table) loaded, tapped and asserted on.
local CAFE = "Tests/Fixtures/code/Cafe"

describe("ui.load of SwiftUI views", function()
  local doc
  before_each(function() doc = ui.load(CAFE) end)

  it("makes one screen per View type, its controls in body order", function()
    local names = {}
    for _, s in ipairs(doc.screens) do names[#names + 1] = s.id end
    assert.are.same({ "OrderView", "SettingsView" }, names)
    local order = doc:screen("OrderView")
    local titles = {}
    for _, c in ipairs(order.controls) do titles[#titles + 1] = c.appearance.title or c.appearance.image end
    assert.are.same({ "Buy coffee", "Delete", "Share", "xmark", "Favourite", "Basket", "Sugar", "Help", "Small", "Off",
      "Theme", "Pay" }, titles)
    -- the toolbar's button comes after the list it is attached to
    local settings = doc:screen("SettingsView").controls
    assert.are.equal("gear", settings[#settings].appearance.image)
  end)

  it("gives controls origin swiftui, the source of their initialiser and ids by the contract", function()
    local buy = doc:find("buy")                        -- .accessibilityIdentifier("buy")
    assert.are.equal("swiftui", buy.origin)
    assert.are.equal(CAFE .. "/Cafe/OrderView.swift", buy.source.path)
    assert.are.equal(10, buy.source.line)
    assert.is_nil(buy.property)
    assert.is_not_nil(doc:find("OrderView.14"))       -- no identifier: Type.line
  end)

  it("looks a LocalizedStringKey up in the app's string table", function()
    assert.are.equal("Buy coffee", doc:find("buy").appearance.title)
  end)

  it("models built-in styles on the configurations they correspond to", function()
    local buy = doc:find("buy")
    assert.are.equal("borderedProminent", buy.configuration.style)
    assert.are.equal("large", buy.configuration.buttonSize)        -- .controlSize(.large)
    assert.are.equal(ui.color("white"), buy.appearance.titleColor)
    assert.are.equal(ui.color("systemBlue"), buy.appearance.backgroundColor)
    assert.are.equal("bordered", doc:find("OrderView.14").configuration.style)
    assert.are.equal("borderless", doc:find("OrderView.16").configuration.style)   -- no style: automatic
  end)

  it("draws the destructive role red and inherits tint, size and shape from containers", function()
    assert.are.equal(ui.color("systemRed"), doc:find("OrderView.14").appearance.titleColor)
    local small = doc:find("OrderView.39")
    assert.are.equal("bordered", small.configuration.style)          -- from the HStack
    assert.are.equal("small", small.configuration.buttonSize)
    assert.are.equal("capsule", small.configuration.cornerStyle)
    assert.are.equal(ui.color("#CC4D1A"), small.appearance.titleColor)  -- .tint(Palette.brand), across files
    assert.are.equal(ui.color("systemPink"), doc:find("OrderView.21").appearance.titleColor)
  end)

  it("reads the app's own ButtonStyle: makeBody's modifiers, its pressed look from isPressed", function()
    local pay = doc:find("OrderView.56")
    assert.is_nil(pay.configuration)
    assert.are.equal(ui.color("white"), pay.appearance.titleColor)
    assert.are.equal(ui.color("#CC4D1A"), pay.appearance.backgroundColor)
    assert.are.equal(120, pay.frame.width)                              -- .frame(width: 120, height: 44)
    assert.are.equal(22, pay.appearance.cornerRadius)                   -- Capsule(): half the height
    assert.are.equal("Pay for the order", pay.accessibilityLabel)
    pay:touchDown()
    assert.state(pay, "highlighted")
    assert.are.equal(0.5, pay.appearance.alpha)
  end)

  it("gives a control a position only when .position says so", function()
    local pay = doc:find("OrderView.56")
    assert.are.equal(40, pay.frame.x)     -- .position(x: 100, y: 700), 120 wide
    assert.are.equal(678, pay.frame.y)
  end)

  it("sends primaryActionTriggered on tap, with the action's position; disabled ignores it", function()
    local buy = doc:find("buy")
    local seen, ran = {}, 0
    buy:on("primaryActionTriggered", function(_, ev) seen[#seen + 1] = ev end)
    doc:on("OrderView.swift:10", function() ran = ran + 1 end)
    buy:tap()
    assert.are.same({ "primaryActionTriggered" }, seen)
    assert.are.equal(1, ran)
    local off = doc:find("OrderView.42")
    assert.is_false(off.enabled)
    local fired = 0
    off:on("primaryActionTriggered", function() fired = fired + 1 end)
    off:tap()
    assert.are.equal(0, fired)
  end)

  it("makes a button-style Toggle a button that selects", function()
    local sugar = doc:find("OrderView.35")
    assert.is_false(sugar.selected)
    sugar:tap()
    assert.is_true(sugar.selected)
  end)

  it("lists what it could not evaluate with line and column", function()
    assert.are.equal(1, #doc.unresolved)
    local u = doc.unresolved[1]
    assert.are.equal(48, u.line)
    assert.are.equal(34, u.column)
    assert.are.equal("theme", u.expression)
  end)

  it("follows .preferredColorScheme", function()
    local signOut = doc:find("SettingsView.7")
    assert.are.equal(ui.color("systemRed", { style = "dark" }), signOut.appearance.titleColor)
  end)
end)

-- Tests/Fixtures/code/Kiosk: previews as screens, NavigationLink, shaped
-- backgrounds, and the layout fields every control has.
describe("SwiftUI previews, navigation links and backgrounds", function()
  local KIOSK = "Tests/Fixtures/code/Kiosk"
  local doc
  before_each(function() doc = ui.load(KIOSK) end)

  local function on(screen, id)
    for _, c in ipairs(doc:screen(screen).controls) do if c.id == id then return c end end
    error("no control " .. id .. " on " .. screen)
  end

  it("makes a screen of each preview, named by it, with the view's controls at the preview's arguments", function()
    local locked = on("Locked ticket", "ticket")               -- #Preview("Locked ticket") { TicketView(title: "Ride", isLocked: true) }
    assert.are.equal("Ride", locked.appearance.title)
    assert.is_false(locked.enabled)
    assert.are.equal("Walk", on("TicketView preview", "ticket").appearance.title)   -- an unnamed #Preview: its file
    assert.are.equal("Fly", on("TicketView_Previews", "ticket").appearance.title)   -- a PreviewProvider: its type
    assert.is_nil(on("TicketView", "ticket").appearance.title)  -- the view alone: its title is set at run time
  end)

  it("reads NavigationLink as a button kept by kind; a tap sends primaryActionTriggered, the segue names the destination", function()
    local link = on("TicketView", "TicketView.17")             -- NavigationLink(destination: DetailView(...)) { Label(...) }
    assert.are.equal("Info", link.appearance.title)
    assert.are.same({ { kind = "show", destination = "DetailView" } }, link.segues)
    local seen, ran = {}, 0
    link:on("primaryActionTriggered", function(_, ev) seen[#seen + 1] = ev end)
    doc:on("TicketView.swift:17", function() ran = ran + 1 end)
    link:tap()
    assert.are.same({ "primaryActionTriggered" }, seen)
    assert.are.equal(1, ran)
    assert.are.equal("SeatView", on("TicketView", "TicketView.25").segues[1].destination)  -- NavigationLink("Seat") { SeatView() }
    assert.are.same({}, on("TicketView", "TicketView.26").segues)                          -- value: decided at run time
  end)

  it("takes a shaped background's fill and corners, a gradient's average, a material's system background", function()
    local rounded = on("BackgroundsView", "BackgroundsView.7")
    assert.are.equal(ui.color("#0000FF"), rounded.appearance.backgroundColor)
    assert.are.equal(8, rounded.appearance.cornerRadius)
    assert.are.equal(ui.color("#800080"), on("BackgroundsView", "BackgroundsView.15").appearance.backgroundColor)
    local glass = on("BackgroundsView", "BackgroundsView.13")
    assert.are.equal(ui.color("systemBackground"), glass.appearance.backgroundColor)
    local capsule = on("BackgroundsView", "BackgroundsView.11")
    assert.are.equal(capsule.frame.height / 2, capsule.appearance.cornerRadius)
  end)

  it("audits contrast against the background drawn", function()
    local problems = ui.audit(doc:screen("BackgroundsView"), { checks = { "contrast" } })
    local low = {}
    for _, p in ipairs(problems) do if p.state == "normal" then low[p.control] = true end end
    assert.is_true(low["BackgroundsView.11"])                  -- systemBlue on systemGreen
    assert.is_nil(low["BackgroundsView.7"])                    -- white on blue
  end)

  it("says whether a control has a position, is sized by layout, and the font its title is drawn in", function()
    local ticket = on("TicketView", "ticket")
    assert.is_false(ticket.hasPosition)
    assert.is_true(ticket.sizedByLayout)
    assert.are.equal(17, ticket.titleFont.size)
    local made = ui.button({ title = "Made", frame = { 0, 0, 80, 30 } })
    assert.is_true(made.hasPosition)
    assert.is_false(made.sizedByLayout)
    made:style("normal", { font = { size = 13, weight = "bold" } })
    assert.are.same({ family = "system", size = 13, weight = "bold" }, made.titleFont)
    assert.has_error(function() made.hasPosition = false end)
  end)
end)

describe("SwiftUI titles read as far as the source allows", function()
  local doc
  before_each(function() doc = ui.load("Tests/Fixtures/code/Kiosk") end)

  it("reads a generated string enum, a table format, a label view and a helper", function()
    local titles = {}
    for _, c in ipairs(doc:screen("TitlesView").controls) do titles[#titles + 1] = c.appearance.title end
    assert.are.same({ "Buy a ticket", "0 tickets", "Hello …", "Row", "Buy a ticket", "Start", "Add" }, titles)
  end)

  it("lists a pattern or a branch it shows with what it showed", function()
    local reasons = {}
    for _, u in ipairs(doc.unresolved) do
      if u.path:find("TitlesView", 1, true) then reasons[#reasons + 1] = u.line .. ": " .. u.reason end
    end
    assert.are.equal(2, #reasons)
    assert.matches('^13: title: .*%(read as "Hello …"%)$', reasons[1])
    assert.matches('^17: title: a conditional value.*%(read as "Add"%)$', reasons[2])
  end)
end)
