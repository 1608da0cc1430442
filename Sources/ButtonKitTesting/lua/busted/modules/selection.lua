-- Which tests run: busted's filters (--tags, --exclude-tags, --filter,
-- --filter-out, as its filter_loader applies them), and ours: `file:line`,
-- shards (--shard), and the tests a worker that died already reported.
local import = ...
local S = import "busted.state"

local selection = {}

-- busted's own test of a tag: `name:find("#" .. tag)`, so a tag is a Lua
-- pattern (`--tags=5.1%+` selects `plus #5.1+`, `--tags=slow` selects
-- `#slowest`, and `needs-net` matches nothing because `-` is a pattern
-- character). A malformed pattern matches nothing.
local function has_tag(name, tag)
  local ok, found = pcall(string.find, name, "#" .. tag)
  return ok and found ~= nil
end

-- busted checks --tags against the test's full name, and --exclude-tags
-- against each block's own name as it is registered (a describe whose name
-- has the tag is never entered).
local function excluded_by_tag(test, tag)
  local node = test
  while node and node.kind ~= "file" do
    if has_tag(node.name or "", tag) then return true end
    node = node.parent
  end
  return false
end

local function any_match(name, patterns)
  for _, p in ipairs(patterns) do
    local ok, found = pcall(string.find, name, p)
    if ok and found then return true end
  end
  return false
end

-- 32-bit FNV-1a: the same partition on every machine.
local function fnv1a(s)
  local h = 2166136261
  for i = 1, #s do
    h = h ~ s:byte(i)
    h = (h * 16777619) & 0xffffffff
  end
  return h
end

local seen_names = {}

local skip_counts  -- tests a previous worker already reported (it died)

-- The options of the next file: whether every test runs (nothing to
-- select), and the tests to skip.
function selection.configure(options)
  if options.lines and #options.lines == 0 then options.lines = nil end
  options.select_all = #options.tags == 0 and #options.exclude_tags == 0 and #options.filter == 0
    and #options.filter_out == 0 and options.shard_count <= 1 and #options.skip == 0 and not options.lines
  skip_counts = nil
  if #options.skip > 0 then
    skip_counts = {}
    for _, n in ipairs(options.skip) do skip_counts[n] = (skip_counts[n] or 0) + 1 end
  end
end

-- `spec/x_spec.lua:58`: the test whose `it(...)` through its end holds line
-- 58; or, when the line is in a describe but in none of its tests, every
-- test of that describe (marked by mark_lines as the blocks run).
local function within(line, node)
  return line >= (node.line or 0) and line <= (node.last or node.line or 0)
end

function selection.mark_lines(block)
  for _, n in ipairs(S.opts.lines) do
    local inner = false
    for _, child in ipairs(block.children) do
      if within(n, child) then
        inner = true
        if child.kind == "it" then child.line_hit = true end
      end
    end
    if not inner and block.kind ~= "file" and within(n, block) then block.line_all = true end
  end
end

local function line_selected(test)
  if test.line_hit then return true end
  local b = test.parent
  while b do
    if b.line_all then return true end
    b = b.parent
  end
  return false
end

-- Whether `test` (full name `name`) runs.
function selection.selected(test, name)
  local opts = S.opts
  if opts.lines and not line_selected(test) then return false end
  if skip_counts and not opts.list then
    local n = skip_counts[name]
    if n and n > 0 then
      skip_counts[name] = n - 1
      return false
    end
  end
  if #opts.tags == 0 and #opts.exclude_tags == 0 and #opts.filter == 0
    and #opts.filter_out == 0 and opts.shard_count <= 1 then
    return true
  end
  if #opts.tags > 0 then
    local hit = false
    for _, t in ipairs(opts.tags) do if has_tag(name, t) then hit = true break end end
    if not hit then return false end
  end
  for _, t in ipairs(opts.exclude_tags) do
    if excluded_by_tag(test, t) then return false end
  end
  if #opts.filter > 0 and not any_match(name, opts.filter) then return false end
  if #opts.filter_out > 0 and any_match(name, opts.filter_out) then return false end
  if opts.shard_count > 1 then
    local k = name
    seen_names[k] = (seen_names[k] or 0) + 1
    local key = opts.file .. "\0" .. name .. "\0" .. seen_names[k]
    if fnv1a(key) % opts.shard_count ~= opts.shard_index - 1 then return false end
  end
  return true
end

return selection
