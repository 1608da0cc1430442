-- Which source lines a coverage report counts, decided as luacov 0.17's
-- line scanner decides (so a report's Hits/Missed columns are luacov's).
-- Written for ButtonKit from luacov's documented rules (luacov is MIT; the
-- rule patterns below are the data that defines its behaviour).
--
-- Each line is reduced to a "simple line": whitespace runs become " ",
-- names "x", nil/true/false "n"/"t"/"f" (other keywords stay), numbers "0",
-- string literals "'" at both ends, comments dropped, a function's
-- declared parameters dropped; other punctuation stays. The simple line is
-- then matched against two lists: lines never counted, and lines counted
-- only when hit. State (an open string, long string or comment, open
-- parameters, `-- luacov: disable`) carries over to the next line.
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
local function judge(simple)
  local v = verdicts[simple]
  if v == nil then
    v = any(never, simple) and "-" or any(only_hit, simple) and "?" or "+"
    verdicts[simple] = v
  end
  return v ~= "+" and v ~= "?", v ~= "+"
end

local keyword = { ["nil"] = "n", ["true"] = "t", ["false"] = "f" }
for w in ("and break do else elseif end for function goto if in local not or repeat return then until while"):gmatch("%a+") do
  keyword[w] = w
end

local byte, char = string.byte, string.char
local is_digit, is_name_start = {}, {}
for c = 48, 57 do is_digit[c] = true end
for c = 65, 90 do is_name_start[c] = true end
for c = 97, 122 do is_name_start[c] = true end
is_name_start[95] = true

-- A scanner for one file: scan(line) -> never counted?, counted only if hit?
function M.new()
  local first, enabled = true, true
  local quote, equals, in_params = nil, nil, false
  local after_function, comment = false, false

  return function(line)
    if first then
      first = false
      if line:match("^#!") then return true, true end
    end
    local out, i, n = {}, 1, #line
    while i <= n do
      if quote then
        -- The closing quote, after an even number of backslashes.
        local _, e = line:find("^(\\*)%1" .. quote, i)
        if not e then _, e = line:find("[^\\](\\*)%1" .. quote, i) end
        if not e then break end
        i, quote = e + 1, nil
        out[#out + 1] = "'"
      elseif equals then
        local _, e = line:find("%]" .. equals .. "%]", i)
        if not e then break end
        i, equals = e + 1, nil
        if comment then comment = false else out[#out + 1] = "'" end
      elseif in_params then
        local _, e = line:find("%)", i)
        if not e then break end
        i, in_params = e + 1, false
      else
        local nonspace = line:find("%S", i) or n + 1
        if nonspace ~= i then
          i = nonspace
          out[#out + 1] = " "
        end
        -- Dispatch on the byte (C locale classes: what %d, %a mean here).
        local b = byte(line, i)
        if b == 46 and is_digit[byte(line, i + 1)] then
          i = i + 1
          b = byte(line, i)
        end
        if is_digit[b] then
          if b == 48 and (byte(line, i + 1) == 120 or byte(line, i + 1) == 88) then i = i + 2 end
          i = select(3, line:find("^[%x%.]*()", i))
          if line:find("^[eEpP][%+%-]", i) then
            i = select(3, line:find("^[%x%.]*()", i + 2))
          end
          i = select(3, line:find("^[iull]*()", i))
          out[#out + 1] = "0"
        elseif is_name_start[b] then
          local name = line:match("^[%w_]*", i)
          i = i + #name
          local simple = keyword[name] or "x"
          out[#out + 1] = simple
          if simple == "function" then after_function = true end
        else
          if b == 45 and byte(line, i + 1) == 45 then
            comment = true
            i = i + 2
            b = byte(line, i)
          end
          local _, e, eq
          if b == 91 then _, e, eq = line:find("^%[(=*)%[", i) end
          if eq then
            i, equals = e + 1, eq
            if not comment then out[#out + 1] = "'" end
          elseif comment then
            comment = false
            local body = line:sub(i)
            if body:find("^%s*luacov:%s*enable%s*$") then
              enabled = true
            elseif body:find("^%s*luacov:%s*disable%s*$") then
              enabled = false
            end
            break
          elseif b == 46 then
            local dots = line:match("^%.*", i)
            i = i + #dots
            out[#out + 1] = dots
          else
            i = i + 1
            if b == 39 or b == 34 then
              out[#out + 1] = "'"
              quote = b == 39 and "'" or '"'
            elseif after_function and b == 40 then
              after_function, in_params = false, true
            else
              -- Other punctuation as it is ("" past the end of the line).
              out[#out + 1] = b and char(b) or ""
            end
          end
        end
      end
    end
    if not enabled then return true, true end
    return judge(table.concat(out))
  end
end

-- Classifies every line of a file's text (lines end at "\n", as Lua's
-- read("l") splits them): one character per line, "-" never counted, "?"
-- counted only when hit, "+" counted.
function M.classify(text)
  local scan = M.new()
  local codes, pos, n = {}, 1, #text
  while pos <= n do
    local nl = text:find("\n", pos, true)
    local line = text:sub(pos, (nl or n + 1) - 1)
    local never_counted, only_if_hit = scan(line)
    codes[#codes + 1] = never_counted and "-" or only_if_hit and "?" or "+"
    pos = (nl or n) + 1
  end
  return table.concat(codes)
end

return M
