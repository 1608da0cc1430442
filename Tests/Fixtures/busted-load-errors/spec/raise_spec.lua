error("broken at load")
it("never", function() end)
