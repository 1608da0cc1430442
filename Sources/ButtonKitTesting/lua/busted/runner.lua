-- The runner's side of a spec file, as busted's runner turns its options
-- into a run: the host's options for the file become the state every part
-- reads (selection, aliases, colours, the generator as busted leaves it),
-- then the file runs (execute.lua).
local import = ...
local S = import "busted.state"
local context = import "busted.context"
local register = import "busted.register"
local selection = import "busted.modules.selection"
local execute = import "busted.execute"

local randomseed, random = math.randomseed, math.random

local runner = {}

-- Runs one spec file, already loaded by the host (a spec named on the command
-- line is read like `run` reads its script, even outside the working tree);
-- `err` is the load error when `chunk` is nil. `options` come from the
-- command line. Returns true when an expose in the file carries what the
-- state holds into the files after it (the worker then runs them here).
function runner.run(path, chunk, err, options)
  local api = S.api
  S.opts = options
  api.options = options
  S.rich = S.rich or options.rich
  selection.configure(options)
  S.select_all, S.listing, S.timeout, S.report_starts = options.select_all, options.list, options.timeout, options.report_starts
  S.stop_all, S.memory_held, context.exposed = false, nil, false
  -- busted's --no-auto-insulate: the file is not insulated, and the files
  -- after it run in this state (see execute.file).
  S.insulate_files = options.auto_insulate ~= false
  -- --lazy: setup and teardown mean lazy_setup and lazy_teardown.
  local aliases = options.lazy and register.lazy_aliases or register.strict_aliases
  api.setup, api.teardown = aliases[1], aliases[2]
  api.install_globals()
  -- How luassert marks a difference in a table: red where busted's output
  -- would be in colour (its handler, or luassert's own default, decides).
  if not options.shared then S.luassert.state.parameters.TableErrorHighlightColor = options.highlight or "none" end
  S.spec_source = "@" .. path
  S.file_incomplete = false
  api.pending_names = {}
  -- Under busted the files were shuffled with the seed just before a file's
  -- top level runs: code there that draws math.random sees the generator
  -- as busted leaves it for the first file (and the same for every file).
  if (options.shuffled_files or 0) > 1 and not options.shared then
    randomseed(options.seed)
    for n = options.shuffled_files, 2, -1 do random(n) end
  end
  return execute.file(path, chunk, err)
end

return runner
