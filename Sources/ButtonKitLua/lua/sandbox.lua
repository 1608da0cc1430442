-- ButtonKit's sandbox, run once when a state is created.
-- Arguments: whether to confine, the host's path check, extra package.path entries.
local confine, host_checkpath, lpath = ...

-- Raises the host's refusal at the level of the script's call.
local function checkpath(path, mode, fname)
  local ok, why = host_checkpath(path, mode, fname)
  if not ok then error(why, 3) end
end

local function prepend_lpath()
  local parts = {}
  for entry in string.gmatch(lpath or "", "[^;]+") do
    if not entry:find("?", 1, true) then
      entry = entry:gsub("/$", "") .. "/?.lua;" .. entry:gsub("/$", "") .. "/?/init.lua"
    end
    parts[#parts + 1] = entry
  end
  parts[#parts + 1] = "./?.lua;./?/init.lua"
  return table.concat(parts, ";")
end

-- Pure-Lua modules installed system-wide (Debian's lua-* packages) may be
-- required; the host allows reading them through `require` only.
local system_path = "/usr/local/share/lua/5.4/?.lua;/usr/local/share/lua/5.4/?/init.lua;"
  .. "/usr/share/lua/5.4/?.lua;/usr/share/lua/5.4/?/init.lua"

if not confine then
  package.path = prepend_lpath() .. ";" .. package.path
  return
end

local function disabled(name)
  return function()
    error(name .. " is disabled in the sandbox (run with --unsafe to allow it)", 2)
  end
end

local io_open, io_lines, io_input, io_output = io.open, io.lines, io.input, io.output
local raw_load, raw_loadfile = load, loadfile
local os_remove, os_rename = os.remove, os.rename
local searchpath = package.searchpath
local traceback, getinfo = debug.traceback, debug.getinfo

local function writes(mode)
  return mode ~= nil and (mode:find("[wa+]") ~= nil)
end

-- io: files only inside the working tree; no processes.
io.open = function(path, mode)
  checkpath(path, writes(mode) and "w" or "r", "io.open")
  return io_open(path, mode)
end
io.lines = function(path, ...)
  if path ~= nil then checkpath(path, "r", "io.lines") end
  return io_lines(path, ...)
end
io.input = function(f)
  if type(f) == "string" then checkpath(f, "r", "io.input") end
  return io_input(f)
end
io.output = function(f)
  if type(f) == "string" then checkpath(f, "w", "io.output") end
  return io_output(f)
end
io.popen = disabled("io.popen")

-- os: clock time date difftime getenv, and remove/rename inside the tree.
os.execute = disabled("os.execute")
os.exit = disabled("os.exit")
os.tmpname = disabled("os.tmpname")
os.setlocale = disabled("os.setlocale")
os.remove = function(path)
  checkpath(path, "w", "os.remove")
  return os_remove(path)
end
os.rename = function(from, to)
  checkpath(from, "w", "os.rename")
  checkpath(to, "w", "os.rename")
  return os_rename(from, to)
end

-- Loading code: text chunks only; files only inside the tree.
local binary_refusal = "binary chunks are disabled in the sandbox (run with --unsafe to allow them)"
-- An explicit nil env would become the chunk's _ENV, so pass env only when given.
load = function(chunk, name, mode, ...)
  if type(chunk) == "string" and chunk:byte(1) == 27 then return nil, binary_refusal end
  if select("#", ...) > 0 then return raw_load(chunk, name, "t", ...) end
  return raw_load(chunk, name, "t")
end
loadfile = function(path, mode, ...)
  if path ~= nil then checkpath(path, "r", "loadfile") end
  if select("#", ...) > 0 then return raw_loadfile(path, "t", ...) end
  return raw_loadfile(path, "t")
end
dofile = function(path)
  if path ~= nil then checkpath(path, "r", "dofile") end
  local f = assert(raw_loadfile(path, "t"))
  return f()
end

-- require: Lua modules from package.path inside the tree; no C modules.
package.loadlib = disabled("package.loadlib")
package.cpath = ""
package.path = prepend_lpath() .. ";" .. system_path
local preload_searcher = package.searchers[1]
local function lua_searcher(name)
  local path, err = searchpath(name, package.path)
  if not path then return "\n\t" .. err end
  local ok, why = host_checkpath(path, "r", "require")
  if not ok then error(why, 0) end
  local f, lerr = raw_loadfile(path, "t")
  if not f then
    error(string.format("error loading module '%s' from file '%s':\n\t%s", name, path, lerr), 0)
  end
  return f, path
end
package.searchers = { preload_searcher, lua_searcher }

-- debug: only what error reporting and test frameworks need.
debug = {
  traceback = traceback, getinfo = getinfo,
  getmetatable = debug.getmetatable, getlocal = debug.getlocal, upvalueid = debug.upvalueid,
}
package.loaded.debug = debug
