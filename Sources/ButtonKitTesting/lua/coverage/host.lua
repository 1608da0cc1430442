-- The runner's side of coverage (a private state in the runner process):
-- reads the settings once before the run, and at the end answers which
-- counted files a report shows, under which name, and which of their lines
-- count. Gets the embedded coverage modules and coverage.c's functions;
-- returns its own.
local embedded, lib = ...
local import = embedded["coverage.import"](embedded)
local config = import "coverage.config"
local scanner = import "coverage.scanner"

local current

local api = {}

-- Reads the settings: `path` (a config file named on the command line: it
-- must be readable), or LUACOV_CONFIG or .luacov when nil (a missing file
-- means the defaults). `busted`: the run is `-c`, which also excludes
-- busted's framework files, as busted does. Returns the settings as text.
function api.load(path, cwd, busted)
  local name = path or os.getenv("LUACOV_CONFIG") or ".luacov"
  local user, kind, message = config.read_file(name)
  if not user then
    if kind == "read" and not path then
      user = {}
    else
      error(config.read_error(kind, name, message), 0)
    end
  end
  local conf = config.resolve(user, cwd, name)
  if busted then
    for _, p in ipairs(config.busted_excludes) do table.insert(conf.exclude, p) end
  end
  if rawget(user, "reporter") ~= nil and type(user.reporter) ~= "string" then
    error(name .. ": 'reporter' must be a string (got " .. type(user.reporter) .. ")", 0)
  end
  for _, k in ipairs({ "lcovfile", "coberturafile", "htmlfile" }) do
    if rawget(user, k) ~= nil and type(user[k]) ~= "string" then
      error(name .. ": '" .. k .. "' must be a string (got " .. type(user[k]) .. ")", 0)
    end
  end
  return config.encode(conf)
end

-- Reports with these settings (text from load, or from a worker).
function api.use(text) current = config.decode(text) end

function api.included(name) return config.file_included(current, name) end
function api.named(name) return config.named(current, name) end
function api.real_name(name) return config.real_name(current, name) end
function api.classify(text) return scanner.classify(lib.simplify(text)) end

return api
