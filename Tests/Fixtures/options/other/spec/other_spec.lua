it("runs from the other folder", function() end)
