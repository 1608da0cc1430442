-- Tests that print, between tests that do not: what they print must come out
-- where it was printed, among the progress marks and the handler's lines.
describe("order", function()
  for i = 1, 40 do
    it("test " .. i, function()
      if i % 3 == 0 then print("printed by test " .. i) end
      if i % 7 == 0 then io.write(("x"):rep(3000) .. " end of test " .. i .. "\n") end
    end)
  end
end)
