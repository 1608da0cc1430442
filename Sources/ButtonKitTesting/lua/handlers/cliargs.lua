-- Fallback of lua_cliargs for output handlers: the flags they declare
-- (`--color`, `--plain`, ...) parsed from -Xoutput's arguments.
local function new()
  local cli = { name = "", flags = {}, printer = {} }
  function cli:set_name(n) self.name = n end
  function cli:flag(spec) self.flags[#self.flags + 1] = spec:match("%-%-([%w%-_]+)") end
  function cli:option(spec) self.flags[#self.flags + 1] = spec:match("%-%-([%w%-_]+)") end
  function cli.printer.generate_help_and_usage() return "" end
  function cli:parse(args)
    local out = {}
    for _, a in ipairs(args or {}) do
      local name = a:match("^%-%-([%w%-_]+)")
      local known = false
      for _, f in ipairs(self.flags) do if f == name then known = true end end
      if not known then return nil, "unknown/bad flag: " .. a end
      out[name] = true
    end
    return out
  end
  return cli
end
return new()
