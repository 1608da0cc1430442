-- Which source lines a coverage report counts, decided as luacov 0.17's
-- line scanner decides (so a report's Hits/Missed columns are luacov's).
-- Written for ButtonKit from luacov's documented rules (luacov is MIT; the
-- rule patterns below are the data that defines its behaviour).
--
-- Each line is first reduced to a "simple line" (in C: coverage_scan.c):
-- whitespace runs become " ", names "x", nil/true/false "n"/"t"/"f", numbers
-- "0", string literals "'" at both ends, comments and a function's declared
-- parameters dropped. Here the simple line is matched against two lists:
-- lines never counted, and lines counted only when hit.
local M = {}

-- Plain replacement (no pattern characters in `old` or `new`).
local function replace(s, old, new)
  local out, pos = {}, 1
  while true do
    local a, b = s:find(old, pos, true)
    if not a then break end
    out[#out + 1] = s:sub(pos, a - 1)
    out[#out + 1] = new
    pos = b + 1
  end
  out[#out + 1] = s:sub(pos)
  return table.concat(out)
end

-- Shorthands the rules are written with, expanded in this order.
local shorthands = {
  { "=", " ?= ?" },
  { "(", " ?%( ?" },
  { ")", " ?%) ?" },
  { "<FULLID>", "x ?[%[%.]? ?[ntfx0']* ?%]?" },
  { "<IDS>", "x ?, ?x[x, ]*" },
  { "<FIELDNAME>", "%[? ?[ntfx0']+ ?%]?" },
  { "<PARENS>", "[ %(]*" },
}

local function expand(rule)
  for _, s in ipairs(shorthands) do rule = replace(rule, s[1], s[2]) end
  return rule
end

-- Simple lines never counted, hit or not.
local never = {
  "", "end[,; %)]*", "else", "repeat", "do", "if", "then", "while t do", "if t then", "local x",
  expand "local x=", expand "local <IDS>", expand "local <IDS>=", "local function x",
}

-- Simple lines counted only when hit.
local only_hit = {
  "[ntfx0',= ]+,", "{ ?} ?,", expand "<FIELDNAME>=.+[,;]", expand "<FIELDNAME>=function",
  expand "<FIELDNAME>=<PARENS>'", "return function", "function", "[ntfx0]", "''", "{ ?}",
  expand "<FULLID>", expand "local x=function", expand "local x=<PARENS>'", expand "local x=(<PARENS>",
  expand "local <IDS>=(<PARENS>", expand "local x=n", expand "<FULLID>=<PARENS>'",
  expand "<FULLID>=function", "} ?,", "} ?, ?function", "break", "{", "}?[ %)]*", "[ntf0']+ ?}[ %)]*",
  "goto [%w_]+", "::[%w_]+::",
}

for i, rule in ipairs(never) do never[i] = "^ *" .. rule .. " *$" end
for i, rule in ipairs(only_hit) do only_hit[i] = "^ *" .. rule .. " *$" end

local function any(rules, s)
  for _, r in ipairs(rules) do
    if s:match(r) then return true end
  end
  return false
end

-- The verdict depends on the simple line alone, and simple lines repeat a
-- lot ("end", " x(x)", ...): each is matched against the rules once.
local verdicts = {}
local function judge_code(simple)
  local v = verdicts[simple]
  if v == nil then
    v = any(never, simple) and "-" or any(only_hit, simple) and "?" or "+"
    verdicts[simple] = v
  end
  return v
end

local function judge(simple)
  local v = judge_code(simple)
  return v == "-", v ~= "+"
end

-- A line's code: "-" never counted, "?" counted only when hit, "+"
-- counted; `simple` is the line simplified (coverage_scan.c), false for a
-- line never counted whatever it holds (shebang, disabled region).
function M.code(simple)
  if simple == false then return "-" end
  return judge_code(simple)
end

-- luacov's consume() answer for a simple line.
function M.verdict(simple)
  if simple == false then return true, true end
  return judge(simple)
end

-- The codes of every line of a file, from coverage_scan.c's simplify(text).
function M.classify(simple_lines)
  local codes = {}
  for i, simple in ipairs(simple_lines) do codes[i] = M.code(simple) end
  return table.concat(codes)
end

return M
