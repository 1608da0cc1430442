local m = require "modx"
it("t", function() end)
