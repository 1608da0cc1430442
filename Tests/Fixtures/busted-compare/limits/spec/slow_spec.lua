-- Tests that pass under busted, which has no time or memory limit: a slow
-- integration test (it waits in short sleeps, so a time limit would reach
-- it between them) and one that needs more than a gigabyte for a moment.
describe("no limits unless asked", function()
  it("waits more than ten seconds", function()
    local t0 = os.time()
    repeat os.execute("sleep 0.2") until os.time() - t0 >= 12
  end)

  it("holds more than a gigabyte for a moment", function()
    local big = string.rep("x", 1100 * 1024 * 1024)
    assert.are.equal(1100 * 1024 * 1024, #big)
    big = nil
    collectgarbage()
  end)
end)
