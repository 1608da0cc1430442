-- The busted-compatible test framework of `buttonkit test`: its public
-- table, assembled from its parts as busted keeps them apart.
--
-- A spec file runs in a fresh Lua state. Blocks run the way busted runs
-- them: a describe's body runs when its parent reaches it, then its
-- setup, children, and teardown. Results go to the host one test at a time.
--
--   busted/state.lua      what the parts share while a file runs
--   busted/context.lua    the element tree, environments, globals across files
--   busted/register.lua   describe, it, pending, the hooks (registration)
--   busted/core.lua       the safe call, reporting, publishing through it
--   busted/block.lua      running blocks, hooks and tests
--   busted/execute.lua    running a file; the suite's start and end
--   busted/runner.lua     the host's options for a file
--   busted/modules/       mediator (events), selection (tags, lines, shards),
--                         errors (messages, tracebacks), json, elements
--                         (rich mode), output_capture

-- The runner's functions (never published), the assertion library, and
-- the bootstrap's loader of the framework's embedded modules (testing.lua).
local host, luassert, import = ...

local S = import "busted.state"
S.host, S.luassert = host, luassert
local busted = { version = "2.1.1 (buttonkit)" }
S.api = busted

local context = import "busted.context"
local register = import "busted.register"
local mediator = import "busted.modules.mediator"
local runner = import "busted.runner"
local execute = import "busted.execute"

-- What the host makes a spec file's _ENV (see context.lua, "Environments").
busted.spec_env = context.spec_env

-- The registering functions.
for _, k in ipairs({
  "describe", "context", "insulate", "expose", "it", "spec", "test", "pending",
  "before_each", "after_each", "lazy_setup", "lazy_teardown", "strict_setup", "strict_teardown",
  "finally", "randomize",
}) do busted[k] = register[k] end
busted.setup, busted.teardown = register.strict_aliases[1], register.strict_aliases[2]

function busted.fail(message, level)
  luassert.fail(message, (level or 1) + 1)
end

-- require("busted").assert and friends, as busted exports them.
busted.assert = luassert.assert
busted.spy = luassert.spy
busted.stub = luassert.stub
busted.mock = luassert.mock
busted.match = luassert.match

busted.gettime = host.gettime or os.time
busted.monotime = function() return host.clock() end
busted.sleep = host.sleep

-- busted's event bus (modules/mediator.lua).
busted.subscribe = mediator.subscribe
busted.unsubscribe = mediator.unsubscribe
busted.publish = mediator.publish

busted.parent = function(element) return element and context.parent_of(element) end
busted.children = function(element)
  if not element then return {} end
  local out = {}
  for _, c in ipairs(element.children or {}) do out[#out + 1] = c end
  return out
end
busted.bindfenv = function() end

-- The globals a spec sees, as busted exports them: in the suite's
-- environment, not in _G (context.lua).
local exported = {
  "describe", "context", "insulate", "expose", "it", "spec", "test", "pending",
  "before_each", "after_each", "lazy_setup", "lazy_teardown", "strict_setup", "strict_teardown",
  "setup", "teardown", "finally", "randomize",
}

function busted.install_globals()
  local suite_env = context.suite_env
  for _, k in ipairs(exported) do suite_env[k] = busted[k] end
  suite_env.assert = luassert.assert
  suite_env.spy = luassert.spy
  suite_env.stub = luassert.stub
  suite_env.mock = luassert.mock
  suite_env.match = luassert.match
end

-- Runs one spec file (runner.lua); true when an expose carries the state on.
busted.run = runner.run
-- After the last file this state runs: busted's `suite end` and `exit`.
busted.finish = execute.finish

-- Functions called with (path, whole_file_ran) when a spec file ends.
busted.file_end_hooks = {}
-- Full names of the tests reported pending in the running file.
busted.pending_names = {}

return busted
