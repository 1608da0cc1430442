-- Test names and messages that are not UTF-8 (Latin-1 bytes, a lone
-- continuation byte, a cut sequence) beside UTF-8 ones: busted writes the
-- bytes as they are.
describe("caf\233", function()
  it("na\239ve \255 passes", function() end)
  it("cut \226\130 fails", function()
    assert.are.equal("\200", "x")
  end)
  it("prints \254", function()
    print("out \253")
    error("boom \252")
  end)
  it("♡ 价格 passes", function() end)
  pending("later \241")
end)
