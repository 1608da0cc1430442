it("is not matched by the pattern", function() error("pattern ignored") end)
