-- The luacov modules a spec can require (`require "luacov"`, as Moses'
-- specs do; "luacov.runner", "luacov.tick", "luacov.stats",
-- "luacov.defaults", "luacov.util", "luacov.hook", "luacov.linescanner"),
-- with luacov 0.17's API, driving the runner's own coverage: lines are
-- counted in C (coverage.c) and the runner saves the stats and writes the
-- reports when the run ends, with the settings announced here. So a suite
-- runs the same with or without luacov installed.
--
-- Differences from luacov, each because the runner owns the files: the
-- stats are saved when the run ends (save_stats() and the tick option save
-- nothing earlier), and run_report() asks for the report then.
local import = ...
local config = import "coverage.config"
local scanner = import "coverage.scanner"

-- `lib`: coverage.c's functions; `run_settings`: the runner's settings
-- (text) when the run counts lines (-c), nil otherwise. Returns the
-- modules' loaders by name.
return function(lib, run_settings)
  local runner = {
    version = config.version,
    defaults = config.defaults(),
    paused = true,
    initialized = false,
    tick = false,
    modules = { patterns = {}, filenames = {} },
  }

  local function announce()
    if runner.configuration then lib.announce(config.encode(runner.configuration)) end
  end

  local function use(conf)
    runner.configuration = conf
    runner.modules = { patterns = conf.module_patterns, filenames = conf.module_files }
  end

  local function start()
    if not lib.active() then
      lib.start(config.filter(runner.configuration, lib.cwd()), runner.configuration.codefromstrings)
    end
    runner.initialized, runner.paused = true, false
  end

  local function read(name, is_default)
    local user, kind, message = config.read_file(name)
    if user then return user end
    if kind == "read" and is_default then return {} end
    error("luacov: " .. config.read_error(kind, name, message), 3)
  end

  function runner.load_config(cfg)
    if not runner.configuration then
      local user
      if cfg == nil then
        user = read(os.getenv("LUACOV_CONFIG") or ".luacov", true)
      elseif type(cfg) == "string" then
        user = read(cfg, false)
      elseif type(cfg) == "table" then
        user = cfg
      else
        error("bad argument #1 to 'load_config' (string, table or nil expected, got " .. type(cfg) .. ")", 2)
      end
      use(config.resolve(user, lib.cwd(), "luacov configuration"))
    end
    return runner.configuration
  end

  function runner.init(cfg)
    if cfg ~= nil and type(cfg) ~= "string" and type(cfg) ~= "table" then
      error("bad argument #1 to 'init' (string, table or nil expected, got " .. type(cfg) .. ")", 2)
    end
    runner.load_config(cfg)
    runner.tick = runner.tick or runner.configuration.tick and true or false
    start()
    announce()
  end

  -- Counts no more (luacov's shutdown saves too: here the runner does).
  function runner.shutdown()
    lib.stop()
  end

  function runner.pause() runner.paused = true end
  function runner.resume() runner.paused = false end

  -- The runner saves the counts when the run ends.
  function runner.save_stats() end

  -- Asks for the report when the run ends (with `cfg`'s settings when no
  -- settings were loaded yet).
  function runner.run_report(cfg)
    local conf = runner.load_config(cfg)
    conf.report_asked = true
    announce()
  end

  -- luacov's public hook, for a user's own hook to call: counts the line
  -- `level` frames up (2: the hook's caller), unless coverage's hook counts
  -- that thread already. Not a tail call: the levels count this frame.
  function runner.debug_hook(_, _, level)
    if level ~= nil and math.type(level) ~= "integer" then
      error("bad argument #3 to 'debug_hook' (integer expected, got " .. type(level) .. ")", 2)
    end
    lib.hit(level or 2)
  end
  lib.hook_function(runner.debug_hook)

  function runner.with_luacov(f)
    if type(f) ~= "function" then
      error("bad argument #1 to 'with_luacov' (function expected, got " .. type(f) .. ")", 2)
    end
    return function(...)
      lib.hook()
      return f(...)
    end
  end

  function runner.file_included(name)
    if type(name) ~= "string" then
      error("bad argument #1 to 'file_included' (string expected, got " .. type(name) .. ")", 2)
    end
    return config.file_included(runner.load_config(), name)
  end

  function runner.real_name(name)
    if type(name) ~= "string" then
      error("bad argument #1 to 'real_name' (string expected, got " .. type(name) .. ")", 2)
    end
    return config.real_name(runner.load_config(), name)
  end

  function runner.update_stats(old, extra)
    if type(old) ~= "table" then error("bad argument #1 to 'update_stats' (table expected, got " .. type(old) .. ")", 2) end
    if type(extra) ~= "table" then error("bad argument #2 to 'update_stats' (table expected, got " .. type(extra) .. ")", 2) end
    old.max = math.max(old.max or 0, extra.max or 0)
    extra.max, extra.max_hits = nil, nil
    old.max_hits = old.max_hits or 0
    for line, hits in pairs(extra) do
      old[line] = (old[line] or 0) + hits
      old.max_hits = math.max(old.max_hits, old[line])
    end
  end

  -- includefile/excludefile/includetree/excludetree: the file is named by a
  -- path, a module name (required), a function or a table holding one.
  local function find_function(t, seen)
    if seen[t] then return nil end
    seen[t] = true
    for _, v in pairs(t) do
      if type(v) == "function" then return v end
      if type(v) == "table" then
        local f = find_function(v, seen)
        if f then return f end
      end
    end
  end

  local function file_of(name)
    if type(name) == "function" then
      local info = debug and debug.getinfo and debug.getinfo(name, "S")
      local source = info and info.source or ""
      if source:sub(1, 1) ~= "@" then error("Could not infer source filename", 0) end
      return source:sub(2)
    elseif type(name) == "table" then
      local f = find_function(name, {})
      if not f then error("Could not find a function within " .. tostring(name), 0) end
      return file_of(f)
    elseif type(name) ~= "string" then
      error("Bad argument: " .. tostring(name), 0)
    end
    local f = io.open(name)
    if f then
      f:close()
      return name
    end
    local ok, result = pcall(require, name)
    if not ok then error("Module/file '" .. name .. "' was not found", 0) end
    if type(result) ~= "table" and type(result) ~= "function" then
      error("Module '" .. name .. "' did not return a result to lookup its file name", 0)
    end
    return file_of(result)
  end

  local function escaped(file)
    return (file:gsub("%.lua$", ""):gsub("[%^%$%(%)%%%.%[%]%*%+%-%?]", "%%%0"):gsub("\\", "/"))
  end

  local function results(ok, ...)
    if ok then announce() return ... end
    return nil, ...
  end

  local function add_file(list_name, name)
    local p = "^" .. escaped(file_of(name)) .. "$"
    table.insert(runner.load_config()[list_name], p)
    return p
  end

  local function add_tree(list_name, name, level)
    local f = escaped(file_of(name))
    if level or f:match("/init$") then f = f:match("^(.*)/") or f end
    local file, tree = "^" .. f .. "$", "^" .. f .. "/"
    local list = runner.load_config()[list_name]
    table.insert(list, file)
    table.insert(list, tree)
    return file, tree
  end

  function runner.includefile(name) return results(pcall(add_file, "include", name)) end
  function runner.excludefile(name) return results(pcall(add_file, "exclude", name)) end
  function runner.includetree(name, level) return results(pcall(add_tree, "include", name, level)) end
  function runner.excludetree(name, level) return results(pcall(add_tree, "exclude", name, level)) end

  setmetatable(runner, {
    __call = function(_, cfg) runner.init(cfg) end,
    -- runner.data: what was counted so far ({ [file] = { max, max_hits, [line] = hits } }).
    __index = function(_, k) if k == "data" then return lib.data() end end,
  })

  if run_settings then
    use(config.decode(run_settings))
    start()
  end

  -- luacov.stats: the stats file's format.
  local stats = {}
  function stats.load(path)
    if type(path) ~= "string" then error("bad argument #1 to 'load' (string expected, got " .. type(path) .. ")", 2) end
    local fd = io.open(path, "r")
    if not fd then return nil end
    local data = {}
    while true do
      local max = fd:read("n")
      if not max or fd:read(1) ~= ":" then break end
      local name = fd:read("l")
      if not name then break end
      local file = { max = max, max_hits = 0 }
      data[name] = file
      for line = 1, max do
        local hits = fd:read("n")
        if not hits or fd:read(1) ~= " " then break end
        if hits > 0 then
          file[line] = hits
          file.max_hits = math.max(file.max_hits, hits)
        end
      end
    end
    fd:close()
    return data
  end
  function stats.save(path, data)
    if type(path) ~= "string" then error("bad argument #1 to 'save' (string expected, got " .. type(path) .. ")", 2) end
    if type(data) ~= "table" then error("bad argument #2 to 'save' (table expected, got " .. type(data) .. ")", 2) end
    local fd = assert(io.open(path, "w"))
    local names = {}
    for name in pairs(data) do names[#names + 1] = name end
    table.sort(names)
    for _, name in ipairs(names) do
      local file = data[name]
      fd:write(file.max, ":", name, "\n")
      for line = 1, file.max do fd:write(tostring(file[line] or 0), " ") end
      fd:write("\n")
    end
    fd:close()
  end

  -- luacov.util.
  local util = { unprefix = config.unprefix }
  function util.load_string(str, env, chunkname) return load(str, chunkname, "bt", env or _ENV) end
  function util.load_config(name, env)
    local f, err = io.open(name, "rb")
    if not f then return nil, "read", config.unprefix(tostring(err), name .. ": ") end
    local src = f:read("a")
    f:close()
    local fn, load_err = load(src, "@config", "bt", env or _ENV)
    if not fn then return nil, "load", "line " .. config.unprefix(tostring(load_err), "config:") end
    local ok, ret = pcall(fn)
    if not ok then return nil, "run", "line " .. config.unprefix(tostring(ret), "config:") end
    return true, ret
  end
  function util.file_exists(name)
    local f = io.open(name)
    if f then f:close() return true end
    return false
  end

  -- luacov.linescanner: LineScanner:new():consume(line).
  local LineScanner = {}
  LineScanner.__index = LineScanner
  function LineScanner:new()
    return setmetatable({ state = lib.line_scanner() }, self)
  end
  function LineScanner:consume(line)
    if type(line) ~= "string" then
      error("bad argument #1 to 'consume' (string expected, got " .. type(line) .. ")", 2)
    end
    return scanner.verdict(lib.scan_line(self.state, line))
  end

  local modules = {
    ["luacov.runner"] = function() return runner end,
    ["luacov"] = function()
      local r = require("luacov.runner")
      r.init()
      return r
    end,
    ["luacov.tick"] = function()
      local r = require("luacov.runner")
      r.tick = true
      r.init()
      return {}
    end,
    ["luacov.defaults"] = function() return config.defaults() end,
    ["luacov.stats"] = function() return stats end,
    ["luacov.util"] = function() return util end,
    ["luacov.hook"] = function() return { new = function() return runner.debug_hook end } end,
    ["luacov.linescanner"] = function() return LineScanner end,
  }
  return modules
end
