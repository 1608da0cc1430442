-- list.lua: every screen and button of the app, with where it comes from.
local app = ui.load("Market")
print(app)
for _, screen in ipairs(app.screens) do
  print(screen.id)
  for _, c in ipairs(screen.controls) do
    local title = c:styleFor("normal").title or (c.configuration and c.configuration.title) or "(image)"
    print(string.format("  %-9s %-10s %-14s %-11s %s:%d", c.id, c.origin, c.property or "-", title,
      c.source.path:match("[^/]+$"), c.source.line))
  end
end
for _, u in ipairs(app.unresolved) do
  print(string.format("not evaluated: %s:%d:%d %s (%s)", u.path:match("[^/]+$"), u.line, u.column, u.expression, u.reason))
end
