-- Every screen and button of the storyboard, with what it is connected to.
local doc = ui.load("Shop/Base.lproj/Main.storyboard")
print(doc)
for _, screen in ipairs(doc.screens) do
  print(screen.id, screen.width .. "x" .. screen.height)
  for _, c in ipairs(screen.controls) do
    local f, a = c.frame, c.actions[1]
    print(string.format("  %-10s %-7s %-16s at %g,%g  %s", c.id, c.type, c.configuration and c.configuration.title or c.title or "(image)",
      f.x, f.y, a and (a.selector .. " on " .. a.event) or ""))
  end
end
print(#doc.groups .. " radio group: " .. doc.groups[1].id)
print(#doc.ignored .. " things not modelled, the first: line " .. doc.ignored[1].line .. ", " ..
  doc.ignored[1].element .. (doc.ignored[1].attribute and (" " .. doc.ignored[1].attribute) or "") .. ": " .. doc.ignored[1].reason)
