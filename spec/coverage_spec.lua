-- Coverage's line rules, through the luacov module specs can require: which
-- lines a report counts ("+"), counts only when hit ("?"), or never counts
-- ("-"). Every expectation here is what luacov 0.17's own line scanner
-- answers for the same lines (checked against it when written).
describe("coverage line rules (luacov.linescanner)", function()
  local LineScanner = require "luacov.linescanner"

  local function scan(lines)
    local scanner = LineScanner:new()
    local out = {}
    for i, line in ipairs(lines) do
      local never, unless_hit = scanner:consume(line)
      out[i] = never and "-" or unless_hit and "?" or "+"
    end
    return table.concat(out)
  end

  local cases = {
    { "local M = {}", "+" },
    { "", "-" },
    { "-- a comment", "-" },
    { "local function helper(a, b)", "-" },
    { "  return a + b", "+" },
    { "end", "-" },
    { "function M.f(x,", "+" },
    { "               y)", "-" },
    { "  local t = {", "+" },
    { "    name = \"x\",", "?" },
    { "    [1] = 'one';", "?" },
    { "    nested = { },", "?" },
    { "    last = 3", "+" },
    { "  }", "?" },
    { "  local s = [[", "?" },
    { "inside a long string", "-" },
    { "]]", "+" },
    { "  --[==[ a long", "-" },
    { "  comment ]==] local z = 1", "+" },
    { "  if x then", "+" },
    { "    return s:format(\"-- not a comment\")", "+" },
    { "  else", "-" },
    { "    break", "?" },
    { "  end", "-" },
    { "  while true do", "-" },
    { "  goto done", "?" },
    { "  ::done::", "?" },
    { "  local a, b = 1, 2", "+" },
    { "  local c, d", "-" },
    { "  local e = nil", "?" },
    { "  x = 0x1F + 1e-3 + .5", "+" },
    { "  return function(...)", "?" },
    { "  end)", "-" },
    { "-- luacov: disable", "-" },
    { "  print('never counted')", "-" },
    { "-- luacov: enable", "-" },
    { "  print('counted')", "+" },
  }

  it("classifies a file's lines as luacov does, state carried from line to line", function()
    local lines, want = {}, {}
    for i, c in ipairs(cases) do lines[i], want[i] = c[1], c[2] end
    assert.are.equal(table.concat(want), scan(lines))
  end)

  it("leaves a first-line shebang out, and only the first line", function()
    assert.are.equal("-+", scan({ "#!/usr/bin/env lua", "#!x" }))
  end)

  it("names the argument a bad call got wrong", function()
    assert.has_error(function() LineScanner:new():consume(42) end,
      "bad argument #1 to 'consume' (string expected, got number)")
  end)
end)
