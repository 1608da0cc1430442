-- What a test prints: print and io.write are captured while it runs (and
-- echoed when asked), for the outputs that show a test's output.
local import = ...
local S = import "busted.state"

local capture = {}

local real_print, real_write = print, io.write
local captured
local capture_print, capture_write

-- Where an echo goes: standard output, or standard error beside a document.
local function echo(...)
  if S.opts.echo_stderr then
    io.stderr:write(...)
    return io.stdout
  end
  return real_write(...)
end

capture_print = function(...)
  local n = select("#", ...)
  local parts = {}
  for i = 1, n do parts[i] = tostring((select(i, ...))) end
  local line = table.concat(parts, "\t") .. "\n"
  captured = captured or {}
  captured[#captured + 1] = line
  if S.opts.echo then echo(line) end
end

capture_write = function(...)
  captured = captured or {}
  for i = 1, select("#", ...) do
    local v = select(i, ...)
    captured[#captured + 1] = tostring(v)
  end
  if S.opts.echo then return echo(...) end
  return io.stdout
end

-- Only the framework's own print/io.write are swapped: a spec that stubbed or
-- replaced one in setup, lazy_setup or a describe body keeps it for the
-- whole test (busted never touches them), so `assert.stub(print)` sees the
-- test's calls and `print:revert()` in teardown finds its stub in place.
function capture.start()
  captured = nil  -- made on the first print
  if rawequal(print, real_print) then print = capture_print end
  if rawequal(io.write, real_write) then io.write = capture_write end
end

-- Puts the framework's own back; returns what was printed (nil: nothing).
function capture.stop()
  if rawequal(print, capture_print) then print = real_print end
  if rawequal(io.write, capture_write) then io.write = real_write end
  local out = captured and table.concat(captured) or nil
  captured = nil
  return out
end

return capture
