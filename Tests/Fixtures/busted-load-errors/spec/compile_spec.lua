it("a", function()
  local x = = 1
end)
