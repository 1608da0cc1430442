describe("the spec alt.busted names", function() it("runs", function() end) end)
