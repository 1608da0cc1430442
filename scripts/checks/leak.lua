-- Used by scripts/leak-check: buttons whose handlers capture themselves,
-- handlers that raise, groups and bars holding members, all dropped.
for round = 1, 200 do
  local b = ui.button { id = "leak" .. round, title = "x" }
  b:on("touchDown", function() return b end)
  b:on("touchUpInside", function() error("handler failure " .. round) end)
  pcall(b.tap, b)
  local g = ui.radioGroup { id = "g" .. round, options = { { title = "a", value = 1 }, { title = "b", value = 2 } } }
  g:on("valueChanged", function() return g end)
  g.buttons[1]:on("touchUpInside", function() error({ code = round }) end)
  pcall(g.buttons[1].tap, g.buttons[1])
  local bar = ui.sortBar { id = "s" .. round, { key = "a" }, { key = "b" } }
  bar:on("valueChanged", function() error("bar") end)
  pcall(bar.select, bar, "a")
  b:setUpStyle("selected", function(s) s:title("y") end)
  pcall(b.setUpStyle, b, "normal", function(s) s:borderWidth(-1) end)
  local s = ui.screen()
  s:add(b); s:add(g); s:add(bar)
  pcall(s.tap, s, 5, 5)
end
collectgarbage()
collectgarbage()
