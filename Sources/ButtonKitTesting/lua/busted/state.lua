-- What the parts of the framework share while a spec state runs: the
-- runner's functions and the assertion library (set by busted.lua before
-- any part loads), the public table, and where the run is now. One table,
-- imported by every part, so no part reaches into another's locals and the
-- parts need not load each other in a circle.
return {
  host = nil,             -- the runner's functions (never published)
  luassert = nil,         -- the assertion library's internals
  api = nil,              -- busted's public table (require "busted" reads it)

  opts = nil,             -- options from the host, for the running file
  current = nil,          -- the block whose body is running (registration adds here)
  running_test = nil,     -- the test whose body is running (finally/pending live here)
  -- A hook or a test's finally is running: busted rejects every registering
  -- function there (describe, it, pending, the hooks, randomize), as it
  -- rejects them in a test's body (pending excepted).
  running_hook = false,
  stop_all = false,       -- fail-fast tripped
  -- Elements carry what busted's do (where each was registered, its clock
  -- readings) and results carry busted's formatted entry, for `-o json` and
  -- output handlers in the runner, and for subscribers of busted's events
  -- in the spec's own state. Off otherwise: a plain run pays nothing for it.
  rich = false,
  observed = false,       -- someone subscribed to busted's events here
  -- Set when a test reached the memory ceiling and the file still holds
  -- most of it: later tests are not run and say why (see core.safe).
  memory_held = nil,
  -- A test of this file failed, errored, or went pending while its body
  -- ran: it may not have reached every assertion it makes, snapshots
  -- included. (A pending placeholder, with no body, holds no snapshot.)
  file_incomplete = false,
  -- From the options, per file (read per test: kept flat).
  select_all = true, listing = false, timeout = 0, report_starts = false,
  spec_source = nil,      -- "@path" of the spec file (tests a helper defines)
  suite_started = false,  -- busted's `suite start` was published in this state
  insulate_files = true,  -- busted's auto-insulate (off: files share the state)
}
