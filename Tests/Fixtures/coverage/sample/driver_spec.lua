-- The sample luacov was run on (lua5.4 -lluacov driver.lua), run from a spec.
describe("luacov's sample", function()
  it("runs the driver", function() dofile("driver.lua") end)
end)
