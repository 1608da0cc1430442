describe("snapshots", function()
  it("of a button", function()
    local color = os.getenv("SNAP_COLOR") or "blue"
    local b = ui.button { id = "buy", title = "Buy", style = { normal = { titleColor = color } } }
    assert.snapshot(b)
  end)
end)
