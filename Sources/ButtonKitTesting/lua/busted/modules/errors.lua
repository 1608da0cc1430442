-- Error and traceback rendering, as busted's core does it: what an error
-- value reads as (rewriteMessage), where it was raised, the traceback the
-- user sees (the spec and its helpers, not the framework nor C), and the
-- `trace` busted keeps on elements and errors (getTrace).
local import = ...
local S = import "busted.state"

local host_call, host_clock = S.host.call, S.host.clock
local failure_mt = S.luassert.failure_mt
local getinfo = debug.getinfo

local errors = {}

-- As busted's: `message` is what pending() was given; the position comes
-- when the message is rewritten (rewrite below), as for any error.
local pending_mt = { __tostring = function(p) return tostring(p.message) end, __type = "pending" }
errors.pending_mt = pending_mt

function errors.errortype(e)
  local mt = getmetatable(e)
  if mt == failure_mt then return "failure" end
  if mt == pending_mt then return "pending" end
  return "error"
end

-- Frames of the framework itself (its bytecode has no source names; read
-- from source it is "[buttonkit ...]") and of C functions are skipped, as
-- busted skips its own, luassert's and C frames.
local function framework(info)
  local src = info.source
  return info.what == "C" or src == "=?" or src:sub(1, 11) == "=[buttonkit"
end

-- A function's global name as Lua's traceback finds it (pushglobalfuncname:
-- a module in package.loaded, or a field of one, the first in next()'s
-- order; "_G." dropped), kept per function: the search walks every loaded
-- module, and a describe's body registers all its tests from one function.
local global_names = setmetatable({}, { __mode = "k" })
-- package.loaded as require sees it, taken before any spec runs and read
-- raw: a spec may give it a metatable (a __pairs that loops) or replace
-- package, and what the framework does between tests runs with no
-- deadline of a test's.
local loaded_modules = package.loaded
local function global_name(fn)
  local known = global_names[fn]
  if known ~= nil then return known or nil end
  local found = false
  for mod, t in next, loaded_modules do
    if type(mod) == "string" then
      if rawequal(t, fn) then found = mod break end
      if type(t) == "table" then
        for k, v in next, t do
          if type(k) == "string" and rawequal(v, fn) then found = mod .. "." .. k break end
        end
        if found then break end
      end
    end
  end
  if found and found:sub(1, 3) == "_G." then found = found:sub(4) end
  global_names[fn] = found
  return found or nil
end

-- A traceback line as luaL_traceback writes it.
local function frame_line(info)
  local where = "\n\t" .. info.short_src .. ":" .. (info.currentline > 0 and (info.currentline .. ":") or "") .. " in "
  local g = info.func and global_name(info.func)
  if g then where = where .. "function '" .. g .. "'"
  elseif info.namewhat ~= "" then where = where .. info.namewhat .. " '" .. tostring(info.name) .. "'"
  elseif info.what == "main" then where = where .. "main chunk"
  else where = where .. "function <" .. info.short_src .. ":" .. info.linedefined .. ">" end
  if info.istailcall then where = where .. "\n\t(...tail calls...)" end
  return where
end

-- Where a block, test or hook was registered, as busted keeps it in
-- `element.trace`: the caller's getinfo "Sl" (level 1 is the function
-- calling trace_at), its traceback up to the first C function (written
-- here frame by frame as debug.traceback would, which names every frame of
-- the whole stack first and cost 100 µs a test), and the name as `message`.
-- Only in rich mode.
function errors.trace_at(level, message)
  level = level + 1
  local info = getinfo(level, "Sl")
  while info and framework(info) do
    level = level + 1
    info = getinfo(level, "Sl")
  end
  if not info then return nil end
  local lines = { "\nstack traceback:" }
  for l = level, level + 20 do
    local f = getinfo(l, "Slnft")
    if not f then break end
    if f.what == "C" then
      lines[#lines + 1] = "\n"
      break
    end
    lines[#lines + 1] = frame_line(f)
  end
  info.traceback = table.concat(lines)
  info.message = message
  return info
end

-- Keeps the frames a user wants to see: the spec and its helpers, not the
-- framework, not C functions.
local function trim_traceback(tb, through_c)
  local out = {}
  for line in tostring(tb):gmatch("[^\n]+") do
    if line:match("^%s") then
      if line:find("%[C%]") then
        -- As busted: the trace ends at the first C function below the
        -- user's frames (require, pcall, table.sort, the runner's own call).
        -- A handler's trace goes on through the bridge's call (through_c),
        -- down to the line that tapped.
        if #out > 0 and not through_c then break end
      -- The framework's bytecode carries no source names: its frames read "?".
      elseif not line:find("%[buttonkit") and not line:match("^%s+%?[:%s]") then
        out[#out + 1] = line
      end
    end
  end
  return table.concat(out, "\n")
end
errors.trim_traceback = trim_traceback

-- A table raised as an error reads like any other value (as busted shows
-- it with pl.pretty): keys sorted, nested tables indented, cycles named.
local function pretty(v, indent, seen)
  if type(v) == "string" then return string.format("%q", v) end
  if type(v) ~= "table" then return tostring(v) end
  if seen[v] then return "<cycle>" end
  local mt = getmetatable(v)
  if type(mt) == "table" and mt.__tostring then return tostring(v) end
  seen[v] = true
  local keys = {}
  for k in pairs(v) do keys[#keys + 1] = k end
  table.sort(keys, function(a, b)
    if type(a) == type(b) and (type(a) == "number" or type(a) == "string") then return a < b end
    return type(a) < type(b)
  end)
  local inner, parts = indent .. "  ", {}
  for _, k in ipairs(keys) do
    local key = type(k) == "string" and k:match("^[%a_][%w_]*$") and k or ("[" .. pretty(k, inner, seen) .. "]")
    parts[#parts + 1] = inner .. key .. " = " .. pretty(v[k], inner, seen)
  end
  seen[v] = nil
  if #parts == 0 then return "{}" end
  return "{\n" .. table.concat(parts, ",\n") .. "\n" .. indent .. "}"
end

-- busted's rewriteMessage: a value with a text of its own reads as that
-- text (strings, failures, pending), any other as pl.pretty writes it, nil
-- as "Nil error"; then, unless it already starts with `file:line: `, the
-- place it was raised is put in front (`where`: the first frame that is
-- neither C nor the framework, as the host's message handler saw it).
local function message_of(e)
  if type(e) == "string" then return e end
  local mt = getmetatable(e)
  if (type(mt) == "table" and mt.__tostring) then return tostring(e) end
  if e == nil then return "Nil error" end
  if type(e) == "table" then return pretty(e, "", {}) end
  return tostring(e)
end

-- What an error object says, read under a deadline: its __tostring,
-- __pairs, __index (pretty reads fields) are the spec's code, run after the
-- test's own call returned. The test's timeout bounds them, or
-- RENDER_LIMIT seconds when the run has none; one that fails or overruns
-- reads as what happened instead (a looping __tostring ends the test, not
-- the run).
local RENDER_LIMIT = 5
function errors.readable(e)
  if type(e) == "string" or type(e) == "number" or e == nil or type(e) == "boolean" then return message_of(e) end
  local limit = S.opts.timeout > 0 and S.opts.timeout or RENDER_LIMIT
  local ok, msg, why = host_call(host_clock() + limit, limit, message_of, e)
  if ok and type(msg) == "string" then return msg end
  if ok then return "(the error object's __tostring returned a " .. type(msg) .. ", not a string)" end
  if why == "timeout" then
    return "(the error object could not be read: its __tostring or fields did not return within " .. string.format("%g", limit) .. " s)"
  end
  if why == "memory" then return "(the error object could not be read: memory limit exceeded)" end
  return "(the error object could not be read: " .. (type(msg) == "string" and msg or "it raised a " .. type(msg)) .. ")"
end

function errors.positioned(msg, where)
  if where and type(msg) == "string" and not msg:find("^[^\n]-:%d+: ") then
    return where.short_src .. ":" .. tostring(where.currentline) .. ": " .. msg
  end
  return msg
end

-- An error raised in an event handler arrives with the handler's traceback
-- in its message (the touch that fired it completed first). That traceback
-- is the precise one, so it becomes the test's: one traceback, user frames.
function errors.split_handler_traceback(msg, tb)
  if type(msg) ~= "string" then return msg, tb end
  local at = msg:find("\nstack traceback:\n", 1, true)
  if not at then return msg, tb end
  -- Only Lua's own traceback (every line after the marker a tab-led frame)
  -- is split off; a message that merely quotes one (a server's reply, a
  -- child's stderr) is the user's text and stays whole.
  local rest = msg:sub(at + #"\nstack traceback:\n")
  for line in rest:gmatch("[^\n]+") do
    if line:sub(1, 1) ~= "\t" then return msg, tb end
  end
  return msg:sub(1, at - 1), trim_traceback(rest, true)
end

-- The error's trace as busted's getTrace builds it: where it was raised
-- (`where`, from the host's message handler), the traceback to the first
-- C function, and the error value itself as `message` (a failure or a
-- pending as the object busted makes: its message only).
function errors.error_trace(where, tb, raw)
  if not where then return nil end
  local mt = getmetatable(raw)
  if mt == failure_mt then raw = { message = raw.message }
  elseif mt == pending_mt then raw = { message = raw.raw } end
  return { source = where.source, short_src = where.short_src, what = where.what, currentline = where.currentline,
    linedefined = where.linedefined, lastlinedefined = where.lastlinedefined,
    traceback = "\nstack traceback:\n" .. ((tb and tb ~= "") and (tb .. "\n") or ""), message = raw }
end

return errors
