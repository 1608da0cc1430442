describe("containers", function()
  it("snapshots every member of a sort bar", function()
    local bar = ui.sortBar { id = "sort", { title = "Price", key = "price" }, { title = "Sales", key = "sales" } }
    if os.getenv("SNAP_SELECT") then bar:select("sales") end
    assert.snapshot(bar)
  end)
  it("snapshots every member of a radio group", function()
    local g = ui.radioGroup { id = "time", options = { { title = "Any", value = "" }, { title = "15 days", value = "15" } },
      style = { selected = { borderColor = os.getenv("SNAP_COLOR") or "orange" } } }
    g:select("15")
    assert.snapshot(g)
  end)
  if os.getenv("SNAP_EXTRA") then
    it("has a third snapshot", function() assert.snapshot(ui.button { title = "x" }) end)
  end
end)
