-- A helper that hooks busted's lifecycle (as teams' helpers do): every
-- event it hears goes to events.log, with the element's descriptor, name,
-- parent and what came with it. `-Xhelper suite` also logs the suite's
-- events (a state sees its own suite: one spec file here).
local busted = require("busted")
local log = assert(io.open("events.log", "a"))
local with_suite = arg and arg[1] == "suite"

local function line(...)
  log:write(table.concat({ ... }, " "), "\n")
  log:flush()
end

local function named(e)
  if type(e) ~= "table" then return tostring(e) end
  return tostring(e.descriptor) .. ":" .. tostring(e.name)
end

local channels = {
  { "file", "start" }, { "file", "end" }, { "describe", "start" }, { "describe", "end" },
  { "test", "start" }, { "test", "end" }, { "failure", "it" }, { "error", "it" }, { "pending", "it" },
  { "error", "describe" }, { "error", "before_each" },
}
if with_suite then
  channels[#channels + 1] = { "suite", "start" }
  channels[#channels + 1] = { "suite", "end" }
  channels[#channels + 1] = { "exit" }
end
for _, ch in ipairs(channels) do
  busted.subscribe(ch, function(element, parent, a, b)
    local extra = ""
    if ch[1] == "test" and ch[2] == "end" then extra = " status=" .. tostring(a) end
    if ch[1] == "failure" or ch[1] == "error" or ch[1] == "pending" then
      extra = " message=" .. tostring(a) .. " at=" .. tostring(b and b.short_src) .. ":" .. tostring(b and b.currentline)
    end
    if ch[1] == "suite" then
      line(table.concat(ch, "."), tostring(element and element.descriptor), tostring(parent), tostring(a))
    else
      line(table.concat(ch, "."), named(element), "in", named(parent), extra)
    end
    return nil, true
  end)
end

-- A subscriber that stops the event: those after it do not hear it.
busted.subscribe({ "test", "start" }, function(element)
  if element.name == "is stopped" then return nil, false end
  return nil, true
end, { priority = 1 })
busted.subscribe({ "test", "start" }, function(element)
  if element.name == "is stopped" then line("not stopped!") end
  return nil, true
end)
