describe("the spec .busted names", function() it("runs", function() end) end)
