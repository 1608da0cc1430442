-- A pending block (no body) and a file that raises at its top level after a test.
describe("waiting", function()
  pending("a pending block")
  it("passes", function() end)
end)
