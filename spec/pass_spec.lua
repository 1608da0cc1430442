it("pass", function() print("hello from pass") end)
