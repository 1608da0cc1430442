-- Rich mode: busted's elements as its output handlers see them. A result's
-- record carries busted's formatted entry (what its base output handler
-- keeps: `name`, `message`, `trace`, `element`, `isError`, `randomseed`),
-- and describes send their start and end, so `-o json` and output handlers
-- in the runner see what busted's see.
local import = ...
local S = import "busted.state"
local context = import "busted.context"
local json = import "busted.modules.json"

local host_clock, host_block = S.host.clock, S.host.block
local attributes_of, parent_of = context.attributes_of, context.parent_of
local encode = json.encode

local elements = {}

-- busted's clocks on an element: set when its start and end are published.
function elements.start_element(node)
  node.starttick, node.starttime = host_clock(), S.api.gettime()
end
function elements.end_element(node)
  node.endtime, node.endtick = S.api.gettime(), host_clock()
  node.duration = node.starttick and (node.endtick - node.starttick)
end

-- The element as busted's base handler copies it (no functions, no env);
-- `ended`: the copy is made after the element's end (a success, a pending
-- test), not at a failure.
local function element_of(node, ended)
  if node.kind == "hook" then
    local h = node.hook
    return { descriptor = h.kind, name = h.name, attributes = attributes_of.hook, trace = h.trace }
  end
  local e = { descriptor = node.descriptor, name = node.name, attributes = node.attributes, trace = node.trace,
    starttick = node.starttick, starttime = node.starttime }
  if ended then e.endtick, e.endtime, e.duration = node.endtick, node.endtime, node.duration end
  return e
end

local function node_id(node)
  if not node then return nil end
  if node.kind == "hook" then return node.hook.id end
  return node.id
end

-- A test's start as the runner hands it to output handlers.
function elements.start_detail(test)
  return encode({ id = test.id, parent = node_id(test.parent), element = element_of(test) })
end

-- A result's formatted entry, as JSON.
function elements.payload(node, status, message, errtrace)
  local ended = status == "success" or status == "pending"
  local el = element_of(node, node.kind == "it" and ended)
  el.trace = el.trace or errtrace
  local parent = node.kind == "hook" and node.hook.owner or parent_of(node)
  local fname = node.full_name
  if fname == nil or fname == "" then fname = node.name end
  local entry = {
    name = fname, message = message,
    trace = errtrace or el.trace, element = el,
    isError = (status == "error") or nil,
    randomseed = parent and parent.randomseed,
  }
  return encode({ id = node_id(node), parent = node_id(parent), entry = entry })
end

-- A describe's start or end, for the runner's output handlers.
function elements.send_block(event, block)
  if host_block and block.kind ~= "file" then
    host_block(encode({ event = event, id = block.id, parent = node_id(block.parent), element = element_of(block, event == "end") }))
  end
end

return elements
