it("rho in another root", function() end)
