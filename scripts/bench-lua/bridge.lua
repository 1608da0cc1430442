-- Swift-bridged calls against math.abs (a plain C function) in loops of the
-- same shape, timed with os.clock; prints name=nanoseconds per iteration.
-- scripts/bench runs it through the shipped binary and prints the ratios.
--
-- Rounds are interleaved (abs, read, write, tap, abs, read, ...) and each
-- figure is its best round, so a burst of load on the other core cannot
-- land on one side of a ratio only.
local clock = os.clock
local abs = math.abs

local b = ui.button { title = "Buy", style = { selected = { titleColor = "red" } } }
b:style("highlighted", { backgroundColor = "gray" })
local quiet = ui.button { title = "Buy", traceLimit = 0 }

local N, T, A = 1000000, 300000, 50000
local probes = {
  { "abs", N, function() for i = 1, N do local x = abs(i) end end },
  { "read", N, function() for i = 1, N do local x = b.selected end end },
  { "write", N, function() for i = 1, N do b.selected = true end end },
  { "tap_abs", T, function() for i = 1, T do local x = abs(i) end end },
  { "tap", T, function() for i = 1, T do b:tap() end end },
  { "tap_notrace", T, function() for i = 1, T do quiet:tap() end end },
  { "appearance", A, function() for i = 1, A do local a = b.appearance end end },
}

local best = {}
for _ = 1, 9 do
  for _, p in ipairs(probes) do
    local name, n, f = p[1], p[2], p[3]
    local t0 = clock()
    f()
    local ns = (clock() - t0) / n * 1e9
    if not best[name] or ns < best[name] then best[name] = ns end
  end
  b.selected = false
end
for _, p in ipairs(probes) do print(string.format("%s=%.2f", p[1], best[p[1]])) end

-- The audit of a 200-control checkout-like screen at two content sizes and
-- two styles (every check): the first run (widths not yet measured) and
-- the best of five, in milliseconds.
local s = ui.screen { id = "big", width = 1000, height = 4000 }
for i = 1, 200 do
  s:add(ui.button { id = "b" .. i, title = (i % 3 == 0) and "Continue to payment with express shipping" or ("Item " .. i),
    frame = { (i % 5) * 200, (i // 5) * 60, 180, 44 }, adjustsFontForContentSizeCategory = i % 2 == 0,
    style = { normal = { titleColor = "label", font = (i % 2 == 0) and "body" or 17 }, selected = { backgroundColor = "systemBlue" } },
    changesSelectionAsPrimaryAction = i % 4 == 0 })
end
local opts = { styles = { "light", "dark" }, contentSizes = { "large", "ax5" } }
local t0 = clock()
local found = ui.audit(s, opts)
local first = (clock() - t0) * 1e3
local bestAudit
for _ = 1, 5 do
  t0 = clock()
  ui.audit(s, opts)
  local ms = (clock() - t0) * 1e3
  if not bestAudit or ms < bestAudit then bestAudit = ms end
end
print(string.format("audit200_first=%.2f", first))
print(string.format("audit200=%.2f", bestAudit))
print(string.format("audit200_problems=%d", #found))
