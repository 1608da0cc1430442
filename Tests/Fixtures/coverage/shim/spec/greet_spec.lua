-- As Moses' specs do: luacov required by the spec itself, no -c.
require "luacov"
local runner = require "luacov.runner"
local greet = require "greet"

describe("a spec that requires luacov", function()
  it("gets luacov's runner, initialized", function()
    assert.is_true(runner.initialized)
    assert.equal("0.17.0", runner.version)
    assert.equal(runner, require "luacov")
    assert.is_true(runner.configuration.statsfile:sub(1, 1) == "/")
  end)

  it("answers file_included and real_name as luacov", function()
    assert.is_true(runner.file_included("src/greet.lua"))
    assert.is_false(runner.file_included("luacov/runner.lua"))
    assert.equal("src/greet.lua", runner.real_name("src/greet.lua"))
  end)

  it("counts the lines run so far", function()
    assert.equal("hello, lua", greet.hello("lua"))
    local data = runner.data["src/greet.lua"]
    assert.equal(1, data[4])
    assert.is_nil(data[8])
  end)

  it("keeps luacov's helpers", function()
    local stats = require "luacov.stats"
    assert.equal("function", type(stats.load))
    assert.is_nil(stats.load("no-such-file"))
    local old = { max = 2, max_hits = 1, [1] = 1 }
    runner.update_stats(old, { max = 3, max_hits = 2, [1] = 1, [3] = 2 })
    assert.same({ max = 3, max_hits = 2, [1] = 2, [3] = 2 }, old)
    local scanner = require("luacov.linescanner"):new()
    assert.same({ true, true }, { scanner:consume("end") })
    assert.equal("^spec/greet_spec$", runner.excludefile("spec/greet_spec.lua"))
  end)

  it("names the argument a bad call got wrong", function()
    assert.has_error(function() runner.init(42) end,
      "bad argument #1 to 'init' (string, table or nil expected, got number)")
    assert.has_error(function() runner.file_included(nil) end,
      "bad argument #1 to 'file_included' (string expected, got nil)")
  end)
end)
