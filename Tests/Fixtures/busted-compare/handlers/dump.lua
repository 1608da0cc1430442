-- An output handler written for busted's interface that prints every event
-- it hears with the elements as busted hands them over: descriptor, name,
-- parent chain, trace fields, message, status (times left out: they differ
-- from run to run). The comparison tests run it under busted and under
-- buttonkit test and compare what it prints.
local function show(v, depth)
  depth = depth or 0
  if type(v) == "string" then return string.format("%q", v) end
  if type(v) ~= "table" then return tostring(v) end
  if depth > 2 then return "{...}" end
  local keys = {}
  for k in pairs(v) do
    if type(k) == "string" and not k:match("tick$") and not k:match("time$") and k ~= "duration"
      and k ~= "run" and k ~= "env" and type(v[k]) ~= "function" then
      keys[#keys + 1] = k
    end
  end
  table.sort(keys)
  local parts = {}
  for _, k in ipairs(keys) do parts[#parts + 1] = k .. "=" .. show(v[k], depth + 1) end
  return "{" .. table.concat(parts, ", ") .. "}"
end

return function(options)
  local busted = require "busted"
  local handler = require "busted.outputHandlers.base"()

  local function chain(e)
    local names = {}
    local p = busted.parent(e)
    while p do
      names[#names + 1] = (p.descriptor or "?") .. ":" .. tostring(p.name)
      p = busted.parent(p)
    end
    return table.concat(names, " < ")
  end

  local function element(e)
    return string.format("%s %s [%s] trace=%s attributes=%s", tostring(e.descriptor), show(e.name), chain(e),
      show(e.trace), show(e.attributes))
  end

  local channels = {
    { "suite", "start" }, { "suite", "end" }, { "file", "start" }, { "file", "end" },
    { "describe", "start" }, { "describe", "end" }, { "test", "start" }, { "test", "end" },
    { "failure", "it" }, { "error", "it" }, { "pending", "it" }, { "error", "describe" },
    { "error", "file" }, { "error", "before_each" }, { "error", "after_each" },
    { "error", "strict_setup" }, { "error", "strict_teardown" }, { "error", "lazy_setup" },
  }
  for _, ch in ipairs(channels) do
    busted.subscribe(ch, function(e, parent, a, b)
      local line = table.concat(ch, ".")
      if ch[1] == "suite" then
        line = line .. " " .. tostring(parent) .. "/" .. tostring(a)
      elseif type(e) == "table" then
        line = line .. " " .. element(e)
        if ch[1] == "test" and ch[2] == "end" then line = line .. " status=" .. tostring(a) end
        if ch[1] == "failure" or ch[1] == "error" or ch[1] == "pending" then
          line = line .. "\n  message=" .. show(a) .. "\n  trace=" .. show(b)
        end
      end
      print(line)
      return nil, true
    end)
  end
  busted.subscribe({ "exit" }, function()
    print(string.format("exit: %d successes, %d failures, %d errors, %d pending", handler.successesCount,
      handler.failuresCount, handler.errorsCount, handler.pendingsCount))
    for _, list in ipairs({ "successes", "failures", "errors", "pendings" }) do
      for _, f in ipairs(handler[list]) do
        print(list .. ": " .. show(f.name) .. " message=" .. show(f.message) .. " isError=" .. tostring(f.isError)
          .. " element=" .. show(f.element) .. " trace=" .. show(f.trace))
      end
    end
    return nil, true
  end)
  return handler
end
