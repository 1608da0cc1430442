-- luassert.namespaces: the registered assertions, modifiers and matchers,
-- and how a chain of words (`is_not`, `are`, `equal`) maps onto them.
local namespaces = {}

local namespace = { assertion = {}, modifier = {}, matcher = {} }
namespaces.namespace = namespace

-- Bumped by every (un)registration: resolved chains compare it to know
-- whether what they resolved still holds (a field: read on every assert).
namespaces.changes = 0

local keys_cache = {}  -- space -> trie of tokens -> keys

local function changed()
  namespaces.changes = namespaces.changes + 1
  for k in pairs(keys_cache) do keys_cache[k] = nil end
end

-- assert:register(space, name, callback, positive_message, negative_message)
function namespaces.register(space, name, callback, positive, negative)
  changed()
  namespace[space] = namespace[space] or {}
  namespace[space][name:lower()] = {
    callback = callback, name = name:lower(),
    positive_message = positive, negative_message = negative,
  }
end

function namespaces.unregister(space, name)
  changed()
  if namespace[space] then namespace[space][name:lower()] = nil end
end

-- Splits `is_not_nil` or `True` into lower-case tokens (memoized: the same
-- few keys are used over and over).
local split_cache = setmetatable({}, { __mode = "k" })
function namespaces.split(key)
  local parts = split_cache[key]
  if not parts then
    parts = {}
    for token in tostring(key):lower():gmatch("[^_]+") do parts[#parts + 1] = token end
    if type(key) == "string" then split_cache[key] = parts end
  end
  return parts
end

-- Joins tokens greedily into the longest known names: `error`, `matches`
-- becomes `error_matches`; `called`, `at`, `least` becomes `called_at_least`.
local function extract_keys_uncached(space, tokens)
  local keys = {}
  local i = 1
  while i <= #tokens do
    local found, last = nil, i
    local name = nil
    for j = i, #tokens do
      name = name and (name .. "_" .. tokens[j]) or tokens[j]
      if namespace[space][name] or namespace.modifier[name] then found, last = name, j end
    end
    keys[#keys + 1] = found or tokens[i]
    i = (found and last or i) + 1
  end
  return keys
end

-- The same, memoized in a trie of tokens (registration clears it).
function namespaces.extract_keys(space, tokens)
  local node = keys_cache[space]
  if not node then node = {} keys_cache[space] = node end
  for i = 1, #tokens do
    local t = tokens[i]
    local nxt = node[t]
    if not nxt then nxt = {} node[t] = nxt end
    node = nxt
  end
  local keys = node[keys_cache]
  if not keys then
    keys = extract_keys_uncached(space, tokens)
    node[keys_cache] = keys
  end
  return keys
end

return namespaces
