describe("buttons", function()
  it("tap", function()
    local b = ui.button { title = "Buy" }
    assert.is_true(b:tap())
    assert.state(b, "normal")
  end)
  pending("someday")
end)
