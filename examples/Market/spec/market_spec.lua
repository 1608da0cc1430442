-- The Market app's storyboard and Swift code, loaded as one app.
describe("market", function()
  local app, buy, favourite

  before_each(function()
    app = ui.load("Market")
    buy = app:find("Buy for $12")           -- the storyboard's button, titled by its code
    favourite = app:find("favourite")       -- made in code, by its accessibility identifier
  end)

  it("joins the storyboard's Buy button to the code behind its outlet", function()
    assert.are.equal("storyboard", buy.origin)
    assert.are.equal("buyButton", buy.property)
    assert.are.equal("BrandPrimary", buy:styleFor("normal").backgroundColor)   -- the catalog's colour set
    app:screen("Market").userInterfaceStyle = "dark"
    assert.are.equal(ui.color("BrandPrimary", { style = "dark" }), buy.appearance.backgroundColor)
    local bought = 0
    app:on("buy", function() bought = bought + 1 end)
    buy:tap()
    assert.are.equal(1, bought)
  end)

  it("gives the code's PillButton its per-state looks", function()
    assert.are.equal("code", favourite.origin)
    favourite:touchDown()
    assert.state(favourite, "highlighted")
    assert.are.equal(0.6, favourite.appearance.alpha)
    favourite:touchUp()
    favourite.selected = true
    assert.are.equal("Favourited", favourite.appearance.title)
  end)

  it("names what it could not evaluate", function()
    assert.are.equal(1, #app.unresolved)
    assert.are.equal(34, app.unresolved[1].line)
  end)
end)
