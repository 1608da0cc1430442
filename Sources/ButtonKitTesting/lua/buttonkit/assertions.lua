-- ButtonKit's own assertions for `buttonkit test`: appearance, state,
-- trace and snapshot. Messages name the control, the state and the property.
-- The runner's functions, the assertion library and the framework, handed
-- over by the bootstrap (testing.lua).
local host, L, busted = ...
local assert = L.assert

local color_keys = { titleColor = true, backgroundColor = true, borderColor = true }

local function describe_control(c)
  local ok, kind = pcall(function() return c.kind end)
  local ok2, id = pcall(function() return c.id end)
  return (ok and kind or type(c)) .. " '" .. (ok2 and tostring(id) or "?") .. "'"
end

local function show(v)
  if type(v) == "table" then
    local ok, s = pcall(function()
      local parts = {}
      for k, x in pairs(v) do parts[#parts + 1] = tostring(k) .. "=" .. tostring(x) end
      table.sort(parts)
      return "{" .. table.concat(parts, ", ") .. "}"
    end)
    return ok and s or tostring(v)
  end
  if type(v) == "string" then return "'" .. v .. "'" end
  return tostring(v)
end

-- Normalizes an expected value the way the model normalizes resolved ones;
-- system colours and tintColor resolve against `traits` (the control's).
local function normalize(key, v, traits)
  if v == nil then return nil end
  if color_keys[key] then return ui.color(v, traits) end
  if key == "font" then return ui.font(v) end
  if key == "state" then return ui.stateName(v) end
  if key == "attributedTitle" and type(v) == "table" then
    local out = {}
    for i, run in ipairs(v) do
      local r = { text = run.text }
      if run.color then r.color = ui.color(run.color) end
      if run.font then r.font = ui.font(run.font) end
      out[i] = r
    end
    return out
  end
  return v
end

-- What is behind a control in a style (dark mode draws over black).
local function backdrop(style)
  return style == "dark" and "#000000" or "#FFFFFF"
end

-- Pictures of expected and actual for the HTML report (best effort: a
-- failure to draw never hides the assertion's own message). `style` picks
-- the backdrop, so a dark-mode look is shown as it would be seen.
local function attach(control, expected, actual, diffs, caption, style)
  local ok = pcall(function()
    local frame = control.frame
    local w, h = frame.width, frame.height
    busted.failure_details = {
      expected = host.picture(expected, w, h, nil, style and backdrop(style) or nil),
      actual = host.picture(actual, w, h, nil, style and backdrop(style) or nil),
      diffs = diffs, caption = caption,
    }
  end)
  if not ok then busted.failure_details = nil end
end

-- The traits expected values resolve against: the control's, in `style`.
local function traits_of(control, style)
  local ok, t = pcall(function()
    return { style = style or control.userInterfaceStyle, tintColor = control.tintColor }
  end)
  if ok then return t end
  return style and { style = style } or nil
end

local function appearance(state, args, level)
  local control, expected, st, opts = args[1], args[2], args[3], args[4]
  if type(expected) ~= "table" then
    error("bad argument #2 to 'appearance' (table of expected properties expected, got " .. type(expected) .. ")", level + 1)
  end
  if opts ~= nil and type(opts) ~= "table" then
    error("bad argument #4 to 'appearance' (table of traits expected (e.g. { style = 'dark' }), got " .. type(opts) .. ")", level + 1)
  end
  local style = opts and opts.style
  local ok, actual = pcall(function()
    if opts ~= nil then return control:appearanceFor(st or control.state, opts) end
    if st ~= nil then return control:appearanceFor(st) end
    return control.appearance
  end)
  if not ok then error(actual, level + 1) end
  local traits = traits_of(control, style)
  local where = describe_control(control) .. " in state '" .. actual.state .. "'" .. (style and (" (" .. style .. ")") or "")
  local diffs = {}
  local keys = {}
  for k in pairs(expected) do keys[#keys + 1] = k end
  table.sort(keys)
  for _, k in ipairs(keys) do
    local okn, want = pcall(normalize, k, expected[k], traits)
    if not okn then error("expected " .. k .. ": " .. tostring(want), level + 1) end
    local got = actual[k]
    if not L.util.deepcompare(got, want, true) then
      diffs[#diffs + 1] = k .. " is " .. show(got) .. ", expected " .. show(want)
    end
  end
  state.failure_message = (#diffs > 0)
    and ("appearance of " .. where .. ":\n  " .. table.concat(diffs, "\n  "))
    or ("appearance of " .. where .. " matches, but a difference was expected")
  args.n = 0
  if #diffs > 0 and state.mod then
    local wanted = {}
    for k, v in pairs(actual) do wanted[k] = v end
    for _, k in ipairs(keys) do wanted[k] = normalize(k, expected[k], traits) end
    attach(control, wanted, actual, diffs, "appearance of " .. where, style)
  end
  return #diffs == 0
end

local function state_assert(state, args, level)
  local control, expected = args[1], args[2]
  local okc, actual = pcall(function() return control.state end)
  if not okc then error(actual, level + 1) end
  local okn, want = pcall(ui.stateName, expected)
  if not okn then error(want, level + 1) end
  state.failure_message = describe_control(control) .. " is in state '" .. actual .. "', expected '" .. want .. "'"
  if not state.mod then
    state.failure_message = describe_control(control) .. " is in state '" .. actual .. "', expected another state"
  end
  args.n = 0
  return actual == want
end

local function trace_assert(state, args, level)
  local control, expected = args[1], args[2]
  local okc, actual = pcall(function() return control.trace end)
  if not okc then error(actual, level + 1) end
  if type(expected) ~= "table" then
    error("bad argument #2 to 'trace' (list of trace entries expected, got " .. type(expected) .. ")", level + 1)
  end
  local n = math.max(#actual, #expected)
  local first
  for i = 1, n do
    if actual[i] ~= expected[i] then first = i break end
  end
  local function list(t) return "{ " .. table.concat(t, ", ") .. " }" end
  if first then
    state.failure_message = "trace of " .. describe_control(control) .. " differs at entry " .. first ..
      ": got " .. show(actual[first]) .. ", expected " .. show(expected[first]) ..
      "\nPassed in:\n" .. list(actual) .. "\nExpected:\n" .. list(expected)
  else
    state.failure_message = "trace of " .. describe_control(control) .. " is " .. list(actual) .. ", expected a different one"
  end
  args.n = 0
  return first == nil
end

-- Snapshots -----------------------------------------------------------------

local snapshot_states = { "normal", "highlighted", "selected", "highlighted|selected", "disabled" }
local store -- { path = ..., data = ..., dirty = bool }

local function snapshot_path(file)
  local dir, base = file:match("^(.*)/([^/]+)$")
  if not dir then dir, base = ".", file end
  base = base:gsub("%.lua$", "")
  return dir .. "/__snapshots__/" .. base .. ".json"
end

local function load_store(file)
  if store and store.file == file then return store end
  local path = snapshot_path(file)
  local text = host.read_file(path)
  local data = {}
  if text then
    local decoded, err = host.json_decode(text)
    if decoded == nil then error("cannot read snapshots in " .. path .. ": " .. tostring(err)) end
    data = decoded
  end
  store = { file = file, path = path, data = data }
  return store
end

-- Every state in the control's own style; when the other interface style
-- looks different, its states too, under "dark" (or "light"), so light and
-- dark are reviewed side by side. Controls that look the same in both keep
-- the snapshots they always had.
local function capture(control)
  local out = {}
  for _, st in ipairs(snapshot_states) do out[st] = control:appearanceFor(st) end
  local ok, own = pcall(function() return control.userInterfaceStyle end)
  if ok and own then
    local other = own == "dark" and "light" or "dark"
    local section, differs = {}, false
    for _, st in ipairs(snapshot_states) do
      section[st] = control:appearanceFor(st, { style = other })
      if not L.util.deepcompare(section[st], out[st], true) then differs = true end
    end
    if differs then out[other] = section end
  end
  return out
end

-- Where a snapshot keeps one state: "normal" or "dark.normal".
local function sections(fresh, stored)
  local out = {}
  for _, st in ipairs(snapshot_states) do out[#out + 1] = { st, fresh[st], stored[st] } end
  for _, style in ipairs({ "dark", "light" }) do
    if fresh[style] or stored[style] then
      for _, st in ipairs(snapshot_states) do
        out[#out + 1] = { style .. "." .. st, (fresh[style] or {})[st], (stored[style] or {})[st] }
      end
    end
  end
  return out
end

local counters = {}

local function snapshot(state, args, level)
  local control, name = args[1], args[2]
  local test = busted.current_test
  if not test then error("assert.snapshot can only be used inside a test", level + 1) end
  test = { name = test.full_name or test.name, file = test.file }
  local ok, actual = pcall(capture, control)
  if not ok then error(actual, level + 1) end
  local key = name
  if key == nil then
    counters[test.name] = (counters[test.name] or 0) + 1
    key = test.name .. (counters[test.name] > 1 and (" " .. counters[test.name]) or "")
  end
  local s = load_store(test.file)
  -- normalize through JSON so stored and fresh values compare alike
  local fresh = host.json_decode(host.json_encode(actual))
  local stored = s.data[key]
  args.n = 0
  if stored == nil or busted.options.update_snapshots then
    s.data[key] = fresh
    host.write_file(s.path, host.json_encode(s.data))
    host.note((stored == nil and "wrote" or "updated") .. " snapshot '" .. key .. "' in " .. s.path)
    state.failure_message = "snapshot written"
    return true
  end
  local diffs = {}
  for _, entry in ipairs(sections(fresh, stored)) do
    local st, a, b = entry[1], entry[2] or {}, entry[3] or {}
    local keys = {}
    for k in pairs(a) do keys[k] = true end
    for k in pairs(b) do keys[k] = true end
    local sorted = {}
    for k in pairs(keys) do sorted[#sorted + 1] = k end
    table.sort(sorted)
    for _, k in ipairs(sorted) do
      if not L.util.deepcompare(a[k], b[k], true) then
        diffs[#diffs + 1] = st .. "." .. k .. " is " .. show(a[k]) .. ", snapshot has " .. show(b[k])
      end
    end
  end
  state.failure_message = "snapshot '" .. key .. "' of " .. describe_control(control) ..
    " differs (" .. s.path .. "; run with --update-snapshots to accept):\n  " .. table.concat(diffs, "\n  ")
  if #diffs > 0 then
    -- The first differing state, light and dark side by side (stored vs now).
    local style, first_state = diffs[1]:match("^(%a+)%.([^%.]+)%.")
    if not (style == "dark" or style == "light") then style, first_state = nil, diffs[1]:match("^([^%.]+)%.") end
    local function pick(t, sty)
      if sty then return t[sty] and t[sty][first_state] end
      return t[first_state]
    end
    if first_state then
      local ok = pcall(function()
        local frame = control.frame
        local own = control.userInterfaceStyle
        local other = own == "dark" and "light" or "dark"
        local function row(t)
          local cells = { { appearance = pick(t, nil), label = first_state .. " (" .. own .. ")", backdrop = backdrop(own) } }
          if pick(t, other) then
            cells[2] = { appearance = pick(t, other), label = first_state .. " (" .. other .. ")", backdrop = backdrop(other) }
          end
          return host.picture_row(cells, frame.width, frame.height)
        end
        if pick(stored, nil) and pick(fresh, nil) then
          busted.failure_details = {
            expected = row(stored), actual = row(fresh), diffs = diffs,
            caption = "snapshot '" .. key .. "', state " .. first_state .. " (stored vs now)",
          }
        end
      end)
      if not ok then busted.failure_details = nil end
    end
  end
  return #diffs == 0
end

-- Accessibility ---------------------------------------------------------------

-- assert.accessible(control [, options]): ui.audit finds nothing. The
-- failure lists every problem; the report shows each failing look (light
-- and dark side by side), flagged.
local function accessible(state, args, level)
  local control, opts = args[1], args[2]
  local ok, problems = pcall(ui.audit, control, opts)
  if not ok then error((tostring(problems):gsub("'audit'", "'accessible'")), level + 1) end
  local lines = {}
  for i, p in ipairs(problems) do lines[i] = p.message end
  state.failure_message = (#lines > 0)
    and (describe_control(control) .. " has " .. #lines .. " accessibility problem" .. (#lines == 1 and "" or "s") .. ":\n  " .. table.concat(lines, "\n  "))
    or (describe_control(control) .. " passes the accessibility audit, but a problem was expected")
  args.n = 0
  if #problems > 0 and state.mod then
    pcall(function()
      local cells, seen = {}, {}
      local id = control.id
      for _, p in ipairs(problems) do
        if p.state and p.style and p.control == id then
          local key = p.state .. "/" .. p.style
          if not seen[key] and #cells < 6 then
            seen[key] = true
            cells[#cells + 1] = { appearance = control:appearanceFor(p.state, { style = p.style }),
              label = key .. " " .. (math.floor(p.ratio * 10) / 10) .. ":1", backdrop = backdrop(p.style), flagged = true }
          end
        end
      end
      if #cells == 0 then
        cells[1] = { appearance = control.appearance, label = control.state, backdrop = backdrop(control.userInterfaceStyle), flagged = true }
      end
      local frame = control.frame
      busted.failure_details = { expected = "", actual = host.picture_row(cells, frame.width, frame.height),
        diffs = lines, caption = "accessibility of " .. describe_control(control) }
    end)
  end
  return #problems == 0
end

assert:register("assertion", "appearance", appearance)
assert:register("assertion", "state", state_assert)
assert:register("assertion", "trace", trace_assert)
assert:register("assertion", "snapshot", snapshot)
assert:register("assertion", "accessible", accessible)

-- `assert:snapshot()` (luassert's spy snapshot) and `assert.snapshot(control)`
-- share a name: a method call gets luassert's meaning.
local spy_snapshot = rawget(assert, "snapshot")
rawset(assert, "snapshot", function(first, ...)
  if first == assert then return spy_snapshot(first, ...) end
  local st = { mod = true }
  local args = { n = select("#", ...) + 1, first, ... }
  if not snapshot(st, args, 1) then L.fail(st.failure_message, 2) end
  return first
end)

return true
