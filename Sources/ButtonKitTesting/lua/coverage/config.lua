-- Coverage settings with luacov 0.17's meaning: the `.luacov` file (a Lua
-- file whose globals, or returned table, are the options), the defaults,
-- which files are counted (include/exclude, Lua patterns on the file's name
-- without ".lua"), and the `modules` option that maps module names to the
-- files a report shows. Written for ButtonKit from luacov's documented
-- behaviour (luacov is MIT; no code of it is copied here).
--
-- Used by the runner (parent) to read the settings once, by each spec
-- file's state to decide which chunks are counted, and by the luacov module
-- specs can require (coverage/luacov.lua).
local M = {}

M.version = "0.17.0"

function M.defaults()
  return {
    statsfile = "luacov.stats.out",
    reportfile = "luacov.report.out",
    tick = false,
    savestepsize = 100,
    runreport = false,
    deletestats = false,
    codefromstrings = false,
    include = {},
    exclude = {},
    modules = {},
    includeuntestedfiles = false,
  }
end

-- luacov never counts its own files; busted -c adds its framework's.
local own_excludes = {
  "luacov$", "luacov/hook$", "luacov/reporter$", "luacov/reporter/default$", "luacov/defaults$",
  "luacov/runner$", "luacov/stats$", "luacov/tick$", "luacov/util$", "cluacov/version$",
}
M.busted_excludes = { "busted_bootstrap$", "busted%.", "luassert%.", "say%.", "pl%." }

local function unprefix(s, prefix)
  if s:sub(1, #prefix) == prefix then return s:sub(#prefix + 1) end
  return s
end
M.unprefix = unprefix

-- Reads a config file as luacov does: nil, kind ("read", "load" or "run")
-- and a message when it cannot; the options table otherwise.
function M.read_file(name)
  local f, open_err = io.open(name, "rb")
  if not f then return nil, "read", unprefix(tostring(open_err), name .. ": ") end
  local src, read_err = f:read("a")
  f:close()
  if not src then return nil, "read", tostring(read_err) end
  local env = setmetatable({}, { __index = _G })
  local fn, load_err = load(src, "@config", "bt", env)
  if not fn then return nil, "load", "line " .. unprefix(tostring(load_err), "config:") end
  local ok, ret = pcall(fn)
  if not ok then return nil, "run", "line " .. unprefix(tostring(ret), "config:") end
  if type(ret) == "table" then
    -- A returned table adds what the globals did not set.
    for k, v in pairs(ret) do
      if env[k] == nil then env[k] = v end
    end
  end
  return env
end

-- luacov's message for a config file it cannot use.
function M.read_error(kind, name, message)
  return ("couldn't %s config file %s: %s"):format(kind, name, message)
end

-- Module names sort most specific first: compared part by part from the
-- end, a literal part wins over one with `*`; otherwise by name.
local function parts_from_end(name)
  local parts = {}
  for part in name:gmatch("[^%.]+") do table.insert(parts, 1, part) end
  return parts
end

local function more_specific(a, b)
  local pa, pb = parts_from_end(a), parts_from_end(b)
  for i = 1, math.max(#pa, #pb) do
    if pa[i] == nil then return false end
    if pb[i] == nil then return true end
    local la, lb = not pa[i]:find("*", 1, true), not pb[i]:find("*", 1, true)
    if la ~= lb then return la end
  end
  return a < b
end

local wildcard = "[^/]+"

-- "pkg.*" -> "pkg/[^/]+$": dots are folders, `*` one name, other
-- punctuation literal.
local function module_pattern(name)
  return (name:gsub("%p", function(c)
    if c == "." then return "/" elseif c == "*" then return wildcard else return "%" .. c end
  end)) .. "$"
end

local function check_string(conf, key, where)
  local v = conf[key]
  if type(v) ~= "string" then
    error(where .. ": '" .. key .. "' must be a string (got " .. type(v) .. ")", 0)
  end
end

local function check_patterns(list, key, where)
  if type(list) ~= "table" then
    error(where .. ": '" .. key .. "' must be a table of Lua patterns (got " .. type(list) .. ")", 0)
  end
  for i, p in ipairs(list) do
    if type(p) ~= "string" then
      error(where .. ": " .. key .. "[" .. i .. "] must be a string (got " .. type(p) .. ")", 0)
    end
    local ok, err = pcall(string.match, "", p)
    if not ok then
      error(where .. ": " .. key .. "[" .. i .. "] is not a valid Lua pattern ('" .. p .. "': "
        .. tostring(err):gsub("^[^:]*:%d+: ", "") .. ")", 0)
    end
  end
end

local function is_absolute(path) return path:sub(1, 1) == "/" end

-- The settings luacov runs with: the defaults under the user's options
-- (shallow: a user `include` replaces the default list), the two paths made
-- absolute against `cwd` (luacov does so at start: a later chdir does not
-- move them), `modules` turned into include patterns, luacov's own files
-- excluded. `where` names the source in errors. Lists are copied, so the
-- user's tables are never changed.
function M.resolve(user, cwd, where)
  where = where or "coverage settings"
  local conf = M.defaults()
  for k, v in pairs(user) do conf[k] = v end
  conf.runreport_set = rawget(user, "runreport") ~= nil
  for _, key in ipairs({ "statsfile", "reportfile" }) do
    check_string(conf, key, where)
    if not is_absolute(conf[key]) then
      local dir = cwd:sub(-1) == "/" and cwd or cwd .. "/"
      conf[key] = dir .. conf[key]
    end
  end
  check_patterns(conf.include, "include", where)
  check_patterns(conf.exclude, "exclude", where)
  conf.include = table.move(conf.include, 1, #conf.include, 1, {})
  conf.exclude = table.move(conf.exclude, 1, #conf.exclude, 1, {})
  if type(conf.modules) ~= "table" then
    error(where .. ": 'modules' must be a table of module name = file name (got " .. type(conf.modules) .. ")", 0)
  end
  local names = {}
  for name, file in pairs(conf.modules) do
    if type(name) ~= "string" or type(file) ~= "string" then
      error(where .. ": 'modules' must map module names to file names (strings)", 0)
    end
    names[#names + 1] = name
  end
  table.sort(names, more_specific)
  conf.module_patterns, conf.module_files = {}, {}
  local function add(pattern, file)
    table.insert(conf.module_patterns, pattern)
    table.insert(conf.module_files, file)
    table.insert(conf.include, pattern)
  end
  for _, name in ipairs(names) do
    local pattern = module_pattern(name)
    local file = conf.modules[name]:gsub("\\", "/")
    add(pattern, file)
    if file:match("init%.lua$") then add(pattern:sub(1, -2) .. "/init$", file) end
  end
  for _, p in ipairs(own_excludes) do table.insert(conf.exclude, p) end
  local untested = conf.includeuntestedfiles
  if untested ~= true and untested ~= false and untested ~= nil and type(untested) ~= "table" then
    error(where .. ": 'includeuntestedfiles' must be true, false or a table of folders and .lua files (got "
      .. type(untested) .. ")", 0)
  end
  return conf
end

local function match_any(patterns, s, on_empty)
  if not patterns or patterns[1] == nil then return on_empty end
  for _, p in ipairs(patterns) do
    if s:match(p) then return true end
  end
  return false
end

local function normalized(name) return (name:gsub("\\", "/"):gsub("%.lua$", "")) end

-- luacov's file_included: include (everything when empty) minus exclude.
function M.file_included(conf, name)
  local n = normalized(name)
  return match_any(conf.include, n, true) and not match_any(conf.exclude, n, false)
end

-- Whether one of the user's include patterns (or modules) names the file.
function M.named(conf, name)
  return match_any(conf.include, normalized(name), false)
end

-- luacov's real_name: the file a report shows for a counted one.
function M.real_name(conf, name)
  local n = normalized(name)
  for i, pattern in ipairs(conf.module_patterns or {}) do
    local match = n:match(pattern)
    if match then
      local file = conf.module_files[i]
      if pattern:find(wildcard, 1, true) then
        if not file:match("/$") then file = file .. "/" end
        file = file .. match .. ".lua"
      end
      return (file:gsub("^%.[/\\]", ""):gsub("\\", "/"))
    end
  end
  return name
end

-- Which chunks a run counts: the files the suite loads from the working
-- tree (a relative name that does not climb out of it, or an absolute one
-- under it), except the spec file itself, that pass include/exclude. A file
-- the user's include patterns (or modules) name is counted wherever it is,
-- spec files too.
function M.filter(conf, cwd)
  local root = cwd:sub(-1) == "/" and cwd or cwd .. "/"
  return function(name, is_spec)
    local named = M.named(conf, name)
    if not named then
      if is_spec then return false end
      if is_absolute(name) then
        if name:sub(1, #root) ~= root then return false end
      elseif name:sub(1, 3) == "../" or name == ".." then
        return false
      end
    end
    return M.file_included(conf, name)
  end
end

-- Settings as text lines ("key\tvalue", lists as repeated keys), for the
-- runner (Swift) and for records from workers.
local function esc(s)
  return (tostring(s):gsub("[\\\t\n\r]", { ["\\"] = "\\\\", ["\t"] = "\\t", ["\n"] = "\\n", ["\r"] = "\\r" }))
end

local function unesc(s)
  return (s:gsub("\\(.)", { ["\\"] = "\\", t = "\t", n = "\n", r = "\r" }))
end

function M.encode(conf)
  local out = {}
  local function put(...)
    local fields = table.pack(...)
    for i = 1, fields.n do fields[i] = esc(fields[i]) end
    out[#out + 1] = table.concat(fields, "\t")
  end
  put("statsfile", conf.statsfile)
  put("reportfile", conf.reportfile)
  for _, k in ipairs({ "runreport", "deletestats", "codefromstrings", "tick", "runreport_set", "report_asked" }) do
    put(k, conf[k] and "true" or "false")
  end
  for _, p in ipairs(conf.include) do put("include", p) end
  for _, p in ipairs(conf.exclude) do put("exclude", p) end
  for i, p in ipairs(conf.module_patterns or {}) do put("module", p, conf.module_files[i]) end
  local names = {}
  for name in pairs(conf.modules or {}) do names[#names + 1] = name end
  table.sort(names)
  for _, name in ipairs(names) do put("modules", name, conf.modules[name]) end
  local untested = conf.includeuntestedfiles
  if untested == true then
    put("includeuntestedfiles", "true")
  elseif type(untested) == "table" then
    put("includeuntestedfiles", "list")
    for _, p in ipairs(untested) do put("untested", p) end
  end
  for _, k in ipairs({ "reporter", "lcovfile", "coberturafile", "htmlfile" }) do
    if conf[k] ~= nil then put(k, conf[k]) end
  end
  return table.concat(out, "\n")
end

function M.decode(text)
  local conf = M.defaults()
  conf.module_patterns, conf.module_files = {}, {}
  for line in text:gmatch("[^\n]+") do
    local f = {}
    for field in (line .. "\t"):gmatch("([^\t]*)\t") do f[#f + 1] = unesc(field) end
    local k, v = f[1], f[2]
    if k == "include" or k == "exclude" then
      table.insert(conf[k], v)
    elseif k == "module" then
      table.insert(conf.module_patterns, v)
      table.insert(conf.module_files, f[3])
    elseif k == "modules" then
      conf.modules[v] = f[3]
    elseif k == "includeuntestedfiles" then
      conf.includeuntestedfiles = v == "true" or {}
    elseif k == "untested" then
      if type(conf.includeuntestedfiles) ~= "table" then conf.includeuntestedfiles = {} end
      table.insert(conf.includeuntestedfiles, v)
    elseif v == "true" or v == "false" then
      conf[k] = v == "true"
    elseif k then
      conf[k] = v
    end
  end
  return conf
end

return M
