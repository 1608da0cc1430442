it("gamma in a subfolder", function() end)
