-- luacov for `buttonkit lua`, the interpreter a test run's specs see as
-- arg[-1]: a suite that starts its child processes with `-lluacov` when it
-- sees luacov's runner loaded (under -c) gets luacov's modules even where
-- luacov is not installed. They count in the same C hook as the runner's
-- workers; the counts are added to the stats file when the process ends
-- (or calls os.exit), as luacov adds them, and the test run adds its own
-- when it ends. A real luacov on package.path comes first.
local embedded, lib, save = ...
local import = embedded["coverage.import"](embedded)

local modules
table.insert(package.searchers, function(name)
  if type(name) ~= "string" or name:match("^luacov") == nil then return nil end
  modules = modules or import "coverage.luacov"(lib, nil)
  local loader = modules[name]
  if loader then return loader, "[buttonkit " .. name .. "]" end
  return nil
end)

local saved = false
local function finish()
  if saved then return end
  saved = true
  save()
end

local exit = os.exit
os.exit = function(...)
  finish()
  return exit(...)
end

return finish
