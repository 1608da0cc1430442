-- Reads a `.busted` config file (a Lua file returning a table of tasks) and
-- flattens the chosen task, merged over `_all`, into "key\tvalue" lines for
-- the host. List values give one line per item.
local path, task = ...
local chunk, err = loadfile(path, "t")
if not chunk then error(err, 0) end
local ok, cfg = pcall(chunk)
if not ok then error(path .. ": " .. tostring(cfg), 0) end
if type(cfg) ~= "table" then error(path .. ": must return a table of tasks", 0) end
local lines = {}
local function add(section)
  if type(section) ~= "table" then return end
  local keys = {}
  for k in pairs(section) do if type(k) == "string" then keys[#keys + 1] = k end end
  table.sort(keys)
  for _, k in ipairs(keys) do
    local v = section[k]
    lines[#lines + 1] = k .. "\t" .. "\0reset"
    if type(v) == "table" then
      for _, item in ipairs(v) do lines[#lines + 1] = k .. "\t" .. tostring(item) end
    else
      lines[#lines + 1] = k .. "\t" .. tostring(v)
    end
  end
end
add(cfg._all)
if task and cfg[task] == nil and task ~= "default" then
  -- The host names the missing task with a did-you-mean from these names.
  local names = {}
  for k, v in pairs(cfg) do if type(k) == "string" and k ~= "_all" and type(v) == "table" then names[#names + 1] = k end end
  table.sort(names)
  return "\0notask\t" .. table.concat(names, "\t")
end
add(cfg[task or "default"])
return table.concat(lines, "\n")
