-- Every way to get a binary chunk run inside the sandbox: the loaders
-- themselves, the functions a reader function can reach on the stack, and
-- files holding bytecode. Prints "NAME: refused ..." or "NAME: ALLOWED ...".
local function show(v) return (tostring(v):gsub("%z", "\\0"):gsub("[\1-\31\127-\255]", "?")) end
-- The sandbox's own refusal, or Lua's when a loader runs in text mode.
local function binary(msg)
  return type(msg) == "string" and (msg:find("binary chunks are disabled", 1, true) ~= nil
    or msg:find("attempt to load a binary chunk (mode is 't')", 1, true) ~= nil)
end
local lines = {}
local function note(name, refused, detail)
  lines[#lines + 1] = name .. ": " .. (refused and "refused" or "ALLOWED") .. " (" .. show(detail) .. ")"
end
local dumped = string.dump(function() return "bytecode ran" end)

-- Tries one loader with every form of the chunk; records the outcome.
local function try(name, loader)
  local forms = {
    { "string", function() return loader(dumped) end },
    { "string, mode b", function() return loader(dumped, "x", "b") end },
    { "string, mode bt", function() return loader(dumped, "x", "bt") end },
    { "reader", function()
      local sent = false
      return loader(function() if sent then return nil end sent = true return dumped end)
    end },
    { "reader in pieces", function()
      local i = 0
      return loader(function() i = i + 1 if i == 1 then return dumped:sub(1, 1) elseif i == 2 then return dumped:sub(2) end end, "x", "b")
    end },
  }
  for _, form in ipairs(forms) do
    local ok, f, e = pcall(form[2])
    local ran = ok and type(f) == "function" and select(2, pcall(f)) == "bytecode ran"
    note(name .. " (" .. form[1] .. ")", not ran and (not ok and binary(f) or binary(e)), ok and (e or f) or f)
  end
end

try("load", load)

-- The C functions a reader function sees on the stack (the real `load` was
-- reachable this way).
local found = {}
load(function()
  for level = 1, 8 do
    local info = debug.getinfo(level, "fS")
    if info and info.what == "C" and info.func then found[#found + 1] = info.func end
  end
  return nil
end)
-- The sandbox's debug.getinfo hands out no C function of a stack frame:
-- whatever it does hand out must not load bytecode either.
print("C functions handed out from a reader's stack: " .. #found)
for i, fn in ipairs(found) do try("C function #" .. i .. " on a reader's stack", fn) end

-- Files holding bytecode.
local f = assert(io.open("chunk.luac", "wb"))
f:write(dumped)
f:close()
do
  local g, e = loadfile("chunk.luac")
  note("loadfile", g == nil and binary(e), g and g() or e)
  g, e = loadfile("chunk.luac", "b")
  note("loadfile, mode b", g == nil and binary(e), g and g() or e)
  local ok, r = pcall(dofile, "chunk.luac")
  note("dofile", not ok and binary(r), r)
  package.path = "./?.luac;" .. package.path
  ok, r = pcall(require, "chunk")
  note("require", not ok and binary(r), r)
end

-- Mutated bytecode (it crashed the process when it could be loaded).
local refusedAll = true
for seed = 1, 40 do
  math.randomseed(seed)
  local bytes = { dumped:byte(1, -1) }
  for _ = 1, 4 do local i = math.random(5, #bytes) bytes[i] = math.random(0, 255) end
  local mutated = string.char(table.unpack(bytes))
  local g, e = load(mutated, "m", "b")
  if g or not binary(e) then refusedAll = false end
end
note("mutated bytecode, 40 seeds", refusedAll, "")

print(table.concat(lines, "\n"))
return lines
