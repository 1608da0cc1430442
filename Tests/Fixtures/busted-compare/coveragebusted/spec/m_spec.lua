local m = require("m")
it("f", function() assert.are.equal(1, m.f(true)) end)
