-- ButtonKit's own assertions for `buttonkit test`: appearance, state,
-- trace and snapshot. Messages name the control, the state and the property.
-- The runner's functions, the assertion library and the framework, handed
-- over by the bootstrap (testing.lua).
local host, L, busted = ...
local assert = L.assert

local color_keys = { titleColor = true, backgroundColor = true, borderColor = true }

-- The keys of a resolved appearance (a sort button's adds direction).
local appearance_keys = { "state", "title", "attributedTitle", "text", "titleColor", "backgroundColor",
  "borderColor", "borderWidth", "cornerRadius", "font", "image", "backgroundImage", "imageAdjustment",
  "alpha", "direction", "displayedText", "truncated", "accessibilityDescription" }
local is_appearance_key = {}
for _, k in ipairs(appearance_keys) do is_appearance_key[k] = true end

-- The kind of a ButtonKit object (nil for anything else), without raising.
local function kind_of(c)
  if type(c) ~= "userdata" then return nil end
  local ok, k = pcall(function() return c.kind end)
  return ok and k or nil
end

-- Checks argument #n of assertion `fname` is a control of one of `kinds`;
-- raises at the spec's line otherwise (`level` is the assertion's, so the
-- error goes one further up, past this helper).
local function control_arg(fname, c, n, kinds, level)
  local k = kind_of(c)
  for _, want in ipairs(kinds) do if k == want then return end end
  local got = k or type(c)
  error("bad argument #" .. n .. " to '" .. fname .. "' (" .. table.concat(kinds, " or ") .. " expected, got " .. got .. ")", level + 2)
end

-- "unknown state 'pressed'; did you mean 'highlighted'?" from the model,
-- as an argument error of the assertion.
local function state_arg(fname, st, n, level)
  local ok, err = pcall(ui.stateName, st)
  if ok then return err end
  local why = tostring(err):match("%((.*)%)$") or tostring(err)
  error("bad argument #" .. n .. " to '" .. fname .. "' (" .. why .. ")", level + 2)
end

local function describe_control(c)
  local ok, kind = pcall(function() return c.kind end)
  local ok2, id = pcall(function() return c.id end)
  -- An unnamed screen is "screen", not "screen '?'".
  if not ok2 or id == nil then return ok and kind or type(c) end
  return (ok and kind or type(c)) .. " '" .. tostring(id) .. "'"
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
  if key == "font" then return ui.font(v, traits) end
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

-- The traits expected values resolve against: the control's, with the
-- assertion's own (`opts`) in their place.
local function traits_of(control, opts)
  opts = opts or {}
  local ok, t = pcall(function()
    return { style = opts.style or control.userInterfaceStyle, tintColor = opts.tintColor or control.tintColor,
      contentSize = opts.contentSize or control.contentSize, layoutDirection = opts.layoutDirection or control.layoutDirection }
  end)
  if ok then return t end
  return { style = opts.style, tintColor = opts.tintColor, contentSize = opts.contentSize, layoutDirection = opts.layoutDirection }
end

-- Whether `got` (a resolved value) matches `want` (as written in a spec):
-- a luassert matcher decides for itself; a font table compares only the
-- fields it gives (`font = { size = 14 }`); anything else is normalized
-- as the model normalizes (system colours against `traits`), then compared
-- deeply.
local function matches(key, got, want, traits)
  if L.util.is_matcher(want) then return want(got) and true or false, want end
  if key == "font" and type(want) == "table" and type(got) == "table" then
    -- A text style (given, or the resolved font's when no size is given)
    -- takes its size at the control's content size.
    local style = want.textStyle
    if style == nil and want.size == nil then style = got.textStyle end
    local okf, norm = pcall(ui.font, { size = want.size or got.size, weight = want.weight or got.weight,
      family = want.family or got.family, textStyle = style }, traits)
    if not okf then return nil, norm end
    if want.size ~= nil then norm.size = want.size end
    for field in pairs(want) do
      if not L.util.deepcompare(got[field], norm[field], true) then return false, norm end
    end
    return true, norm
  end
  local okn, norm = pcall(normalize, key, want, traits)
  if not okn then return nil, norm end
  return L.util.deepcompare(got, norm, true), norm
end

local function appearance(state, args, level)
  local control, expected, st, opts = args[1], args[2], args[3], args[4]
  control_arg("appearance", control, 1, { "button", "sortButton" }, level)
  if type(expected) ~= "table" then
    error("bad argument #2 to 'appearance' (table of expected properties expected, got " .. type(expected) .. ")", level + 1)
  end
  for k in pairs(expected) do
    if not is_appearance_key[k] then
      local msg = "bad argument #2 to 'appearance' (unknown appearance property '" .. tostring(k) .. "'"
      local s = type(k) == "string" and host.suggest(k, appearance_keys)
      error(msg .. (s and ("; did you mean '" .. s .. "'?") or "") .. ")", level + 1)
    end
  end
  if st ~= nil then state_arg("appearance", st, 3, level) end
  if opts ~= nil and type(opts) ~= "table" then
    error("bad argument #4 to 'appearance' (table of traits expected (e.g. { style = 'dark' }), got " .. type(opts) .. ")", level + 1)
  end
  local style, tint = opts and opts.style, opts and opts.tintColor
  local size, direction = opts and opts.contentSize, opts and opts.layoutDirection
  local ok, actual = pcall(function()
    if opts ~= nil then return control:appearanceFor(st or control.state, opts) end
    if st ~= nil then return control:appearanceFor(st) end
    return control.appearance
  end)
  if not ok then
    -- The traits are this assertion's 4th argument, the state its 3rd.
    local msg = tostring(actual):gsub("bad argument #2 to 'appearanceFor'", "bad argument #4 to 'appearance'")
      :gsub("bad argument #1 to 'appearanceFor'", "bad argument #3 to 'appearance'")
    error(msg, level + 1)
  end
  local traits = traits_of(control, opts)
  local under = {}
  if style then under[#under + 1] = style end
  if tint then under[#under + 1] = "tint " .. tostring(tint) end
  if size then under[#under + 1] = "content size " .. tostring(size) end
  if direction then under[#under + 1] = tostring(direction) end
  local where = describe_control(control) .. " in state '" .. actual.state .. "'"
    .. (#under > 0 and (" (" .. table.concat(under, ", ") .. ")") or "")
  local diffs = {}
  local keys = {}
  for k in pairs(expected) do keys[#keys + 1] = k end
  table.sort(keys)
  local shown = {}
  for _, k in ipairs(keys) do
    local same, want = matches(k, actual[k], expected[k], traits)
    if same == nil then
      error("bad argument #2 to 'appearance' (" .. k .. ": " .. (tostring(want):match("%((.*)%)$") or tostring(want)) .. ")", level + 1)
    end
    shown[k] = want
    if not same then
      diffs[#diffs + 1] = k .. " is " .. show(actual[k]) .. ", expected " .. (L.util.is_matcher(want) and tostring(want) or show(want))
    end
  end
  state.failure_message = (#diffs > 0)
    and ("appearance of " .. where .. ":\n  " .. table.concat(diffs, "\n  "))
    or ("appearance of " .. where .. " matches, but a difference was expected")
  args.n = 0
  if #diffs > 0 and state.mod then
    local wanted = {}
    for k, v in pairs(actual) do wanted[k] = v end
    for _, k in ipairs(keys) do
      if not L.util.is_matcher(shown[k]) then wanted[k] = shown[k] end
    end
    attach(control, wanted, actual, diffs, "appearance of " .. where, style)
  end
  return #diffs == 0
end

local function state_assert(state, args, level)
  local control, expected = args[1], args[2]
  control_arg("state", control, 1, { "button", "sortButton" }, level)
  local actual = control.state
  local want = state_arg("state", expected, 2, level)
  state.failure_message = describe_control(control) .. " is in state '" .. actual .. "', expected '" .. want .. "'"
  if not state.mod then
    state.failure_message = describe_control(control) .. " is in state '" .. actual .. "', expected another state"
  end
  args.n = 0
  return actual == want
end

local function trace_assert(state, args, level)
  local control, expected = args[1], args[2]
  control_arg("trace", control, 1, { "button", "sortButton" }, level)
  local actual = control.trace
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
-- `traits` (optional) are the snapshot's own: `{ contentSize = "ax5" }`
-- takes every look at that size.
local function capture_button(control, traits)
  local out = {}
  local function with_style(sty)
    if traits == nil and sty == nil then return nil end
    local t = {}
    for k, v in pairs(traits or {}) do t[k] = v end
    if sty then t.style = sty end
    return t
  end
  for _, st in ipairs(snapshot_states) do
    local t = with_style(nil)
    out[st] = t and control:appearanceFor(st, t) or control:appearanceFor(st)
  end
  local ok, own = pcall(function() return traits and traits.style or control.userInterfaceStyle end)
  if ok and own then
    local other = own == "dark" and "light" or "dark"
    local section, differs = {}, false
    for _, st in ipairs(snapshot_states) do
      section[st] = control:appearanceFor(st, with_style(other))
      if not L.util.deepcompare(section[st], out[st], true) then differs = true end
    end
    if differs then out[other] = section end
  end
  return out
end

-- A button: its looks by state. A sort bar or radio group: each member's
-- looks under a label naming it (key or value), plus which one is selected.
local function capture(control, traits)
  local kind = kind_of(control)
  if kind == "button" or kind == "sortButton" then return capture_button(control, traits) end
  local out = { members = {}, order = {} }
  for i, b in ipairs(control.buttons) do
    local label
    if kind == "sortBar" then label = "key " .. b.key else label = "value " .. show(b.info) end
    out.members[label] = capture_button(b, traits)
    out.order[i] = label
    if b.selected then out.selected = label end
  end
  return out
end

-- The differences between a stored snapshot and a fresh one, as lines
-- `where.key is X, snapshot has Y`.
local function differences(fresh, stored, prefix, out)
  local keys = {}
  for k in pairs(fresh) do keys[k] = true end
  for k in pairs(stored) do keys[k] = true end
  local sorted = {}
  for k in pairs(keys) do sorted[#sorted + 1] = k end
  table.sort(sorted, function(a, b) return tostring(a) < tostring(b) end)
  for _, k in ipairs(sorted) do
    local a, b = fresh[k], stored[k]
    local path = prefix == "" and tostring(k) or (prefix .. "." .. tostring(k))
    -- Down to single properties; a font or attributed title is one value.
    -- A section only one side has (a dark look that appeared) is compared
    -- against nothing, property by property.
    local ta, tb = type(a) == "table" or a == nil, type(b) == "table" or b == nil
    if ta and tb and k ~= "font" and k ~= "attributedTitle" then
      differences(a or {}, b or {}, path, out)
    elseif not L.util.deepcompare(a, b, true) then
      out[#out + 1] = path .. " is " .. show(a) .. ", snapshot has " .. show(b)
    end
  end
  return out
end

-- Snapshot keys checked or written, per snapshot file, in this spec file.
local used = {}

local counters = {}

local function snapshot(state, args, level)
  -- assert.snapshot(control [, name] [, traits]): a table in second place is the traits.
  local control, name, traits = args[1], args[2], args[3]
  if type(name) == "table" and traits == nil then name, traits = nil, name end
  control_arg("snapshot", control, 1, { "button", "sortButton", "sortBar", "radioGroup" }, level)
  if name ~= nil and type(name) ~= "string" then
    error("bad argument #2 to 'snapshot' (snapshot name (a string) or table of traits expected, got " .. type(name) .. ")", level + 1)
  end
  if traits ~= nil and type(traits) ~= "table" then
    error("bad argument #3 to 'snapshot' (table of traits expected (e.g. { contentSize = 'ax5' }), got " .. type(traits) .. ")", level + 1)
  end
  local test = busted.current_test
  if not test then error("assert.snapshot can only be used inside a test", level + 1) end
  test = { name = test.full_name or test.name, file = test.file }
  local ok, actual = pcall(capture, control, traits)
  if not ok then
    error((tostring(actual):gsub("bad argument #2 to 'appearanceFor'", "bad argument #" .. (args[3] and 3 or 2) .. " to 'snapshot'")), level + 1)
  end
  local key = name
  if key == nil then
    counters[test.name] = (counters[test.name] or 0) + 1
    key = test.name .. (counters[test.name] > 1 and (" " .. counters[test.name]) or "")
  end
  local s = load_store(test.file)
  used[s.path] = used[s.path] or {}
  used[s.path][key] = true
  -- normalize through JSON so stored and fresh values compare alike
  local fresh = host.json_decode(host.json_encode(actual))
  local stored = s.data[key]
  args.n = 0
  if stored == nil and busted.options.ci and not busted.options.update_snapshots then
    -- In CI a missing snapshot is a failure, not a new baseline (as Jest's --ci).
    state.failure_message = "snapshot '" .. key .. "' of " .. describe_control(control) .. " is missing from " .. s.path ..
      " (in CI snapshots are not written: run without --ci, or with --update-snapshots, and commit the file)"
    return false
  end
  -- --update-snapshots rewrites (and reports) only what changed: an entry
  -- that still matches is left as it is, so the file stays untouched.
  if busted.options.update_snapshots and stored ~= nil and #differences(fresh, stored, "", {}) == 0 then
    return true
  end
  if stored == nil or busted.options.update_snapshots then
    s.data[key] = fresh
    host.write_file(s.path, host.json_encode(s.data))
    host.note((stored == nil and "wrote" or "updated") .. " snapshot '" .. key .. "' in " .. s.path)
    state.failure_message = "snapshot written"
    return true
  end
  local diffs = differences(fresh, stored, "", {})
  state.failure_message = "snapshot '" .. key .. "' of " .. describe_control(control) ..
    " differs (" .. s.path .. "; run with --update-snapshots to accept):\n  " .. table.concat(diffs, "\n  ")
  if #diffs > 0 and not fresh.members then
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

-- When a whole spec file ran, snapshot entries no test checked are
-- obsolete: said once, and removed with --update-snapshots.
table.insert(busted.file_end_hooks, function(_, whole)
  local st = store
  if not st or not whole then used = {} return end
  local keys = used[st.path] or {}
  -- A pending test's own entries (its name, or its name and a count) wait
  -- for it to run again.
  local held = {}
  for _, n in ipairs(busted.pending_names or {}) do held[n] = true end
  local function pending_own(k)
    return held[k] or held[(k:gsub(" %d+$", ""))] or false
  end
  local stale = {}
  for k in pairs(st.data) do if not keys[k] and not pending_own(k) then stale[#stale + 1] = k end end
  table.sort(stale)
  if #stale > 0 then
    if busted.options.update_snapshots then
      for _, k in ipairs(stale) do st.data[k] = nil end
      host.write_file(st.path, host.json_encode(st.data))
      host.note("removed " .. #stale .. " obsolete snapshot" .. (#stale == 1 and "" or "s") .. " from " .. st.path ..
        ": '" .. table.concat(stale, "', '") .. "'")
    else
      host.note(#stale .. " obsolete snapshot" .. (#stale == 1 and "" or "s") .. " in " .. st.path .. ": '" ..
        table.concat(stale, "', '") .. "' (no test checks " .. (#stale == 1 and "it" or "them") ..
        "; --update-snapshots removes " .. (#stale == 1 and "it" or "them") .. ")")
    end
  end
  used = {}
end)

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
        if p.state and p.control == id then
          -- The look the problem was found in: its state, style and content size.
          local size = p.contentSize or "large"
          local key = p.state .. "/" .. (p.style or "") .. "/" .. size
          if not seen[key] and #cells < 6 then
            seen[key] = true
            local style = p.style or control.userInterfaceStyle
            local what = p.ratio and ((math.floor(p.ratio * 10) / 10) .. ":1") or p.check
            local label = p.state .. (p.style and ("/" .. p.style) or "") .. (size ~= "large" and (" at " .. size) or "") .. " " .. what
            cells[#cells + 1] = { appearance = control:appearanceFor(p.state, { style = style, contentSize = size }),
              label = label, backdrop = backdrop(style), flagged = true }
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
  if not snapshot(st, args, 2) then L.fail(st.failure_message, 2) end
  return first
end)

return true
