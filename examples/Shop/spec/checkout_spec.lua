-- The checkout screen as the app ships it: Shop/Base.lproj/Main.storyboard
-- and the colours of Shop/Assets.xcassets, found from Shop.xcodeproj.
describe("checkout", function()
  local doc, checkout, pay

  before_each(function()
    doc = ui.load("Shop/Base.lproj/Main.storyboard")
    checkout = doc:screen("Checkout")
    pay = doc:find("pay")          -- the accessibility identifier
  end)

  it("pays with one tap", function()
    local paid = 0
    doc:on("pay:", function(control, event)
      assert.are.equal(pay, control)
      assert.are.equal("touchUpInside", event)
      paid = paid + 1
    end)
    checkout:tap(187, 613)         -- the middle of the Pay button
    assert.are.equal(1, paid)
  end)

  it("shows the brand colours while pressed in dark mode", function()
    checkout.userInterfaceStyle = "dark"
    pay:touchDown()
    assert.state(pay, "highlighted")
    assert.appearance(pay, {
      title = "Pay $42.00",
      titleColor = ui.color("BrandHighlight", { style = "dark" }),
      backgroundColor = ui.color("BrandPrimary", { style = "dark" }),
    })
    pay:touchUp()
  end)

  it("offers one shipping option at a time", function()
    local express = doc:find("express")
    express:tap()
    assert.is_true(express.selected)
    doc:find("overnight"):tap()
    assert.is_false(express.selected)
  end)
end)
