-- busted's event bus, with mediator_lua's semantics: a channel per name
-- path ({ "test", "end" }), its subscribers sorted by priority, each called
-- with the event's arguments when its predicate (if any) agrees; a
-- subscriber that does not return (value, true) stops the event, else it
-- goes on to the parent channel's ({ "test" }, then the root's). A spec or
-- a --helper subscribes in its own Lua state: it sees the events of the
-- files that state runs (one, unless an expose carried it into the next),
-- between a `suite start` before the first and a `suite end` and `exit`
-- after the last.
local import = ...
local S = import "busted.state"

local mediator = {}

local function new_channel(namespace, parent)
  return { namespace = namespace, parent = parent, callbacks = {}, channels = {} }
end
local root_channel = new_channel("root")

local function channel_of(names)
  local c = root_channel
  for i = 1, #names do
    local n = names[i]
    local sub = c.channels[n]
    if not sub then sub = new_channel(n, c) c.channels[n] = sub end
    c = sub
  end
  return c
end

local next_subscriber = 0

function mediator.subscribe(names, fn, options)
  if type(names) ~= "table" then error("bad argument #1 to 'subscribe' (table of channel names expected, got " .. type(names) .. ")", 2) end
  local c = channel_of(names)
  options = options or {}
  next_subscriber = next_subscriber + 1
  local sub = { id = next_subscriber, fn = fn, options = options, channel = c }
  function sub.update(self, o)
    if o then self.fn = o.fn or self.fn; self.options = o.options or self.options end
  end
  local at = #c.callbacks + 1
  if type(options.priority) == "number" and options.priority >= 0 and options.priority < at then at = options.priority end
  table.insert(c.callbacks, at, sub)
  -- From now on the elements carry what subscribers read.
  S.observed, S.rich = true, true
  return sub
end

local function find_subscriber(c, id)
  for i = 1, #c.callbacks do
    if c.callbacks[i].id == id or c.callbacks[i] == id then return c, i end
  end
  for _, sub in pairs(c.channels) do
    local found, i = find_subscriber(sub, id)
    if found then return found, i end
  end
end

function mediator.unsubscribe(id, names)
  local c, i = find_subscriber(channel_of(names or {}), id)
  if c then return table.remove(c.callbacks, i) end
end

local function publish_in(c, result, ...)
  local callbacks = c.callbacks
  for i = 1, #callbacks do
    local cb = callbacks[i]
    if cb and (not cb.options.predicate or cb.options.predicate(...)) then
      local value, continue = cb.fn(...)
      if value then result[#result + 1] = value end
      if not continue then return result end
    end
  end
  if c.parent then return publish_in(c.parent, result, ...) end
  return result
end

function mediator.publish(names, ...)
  return publish_in(channel_of(names), {}, ...)
end

return mediator
