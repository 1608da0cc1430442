-- Changes _G: the files after it see that only when files are not
-- insulated (auto-insulate = false).
_G.LEAKED = true
it("pi leaks a global", function() end)
