-- Today's UIKit: button configurations in light and dark mode, and an
-- accessibility audit that catches a button styled for light mode only.
--
--   buttonkit run examples/configuration_dark_mode.lua
--   buttonkit render examples/configuration_dark_mode.lua -o out/   # light over dark, problems flagged
--   buttonkit audit --states normal,selected examples/configuration_dark_mode.lua
--     # lists 'follow' (tinted text on its own wash) and 'more' (exit 1)

-- A grouped screen, as a settings page: #F2F2F7 in light, black in dark.
-- Its tint is indigo: UIKit's default systemBlue under white 17-pt text is
-- 4.0:1, below WCAG AA's 4.5:1 (try it: ui.contrast("white", "systemBlue")).
local screen = ui.screen { backgroundColor = "systemGroupedBackground", tintColor = "systemIndigo" }

-- A filled and a tinted configuration. Their colours are derived from the
-- tint for each state and each interface style.
local buy = screen:add(ui.button {
  id = "buy", frame = { 20, 40, 160, 50 },
  configuration = { style = "filled", title = "Buy", subtitle = "$4.99", cornerStyle = "capsule" },
})
local follow = screen:add(ui.button {
  id = "follow", frame = { 20, 110, 160, 50 }, changesSelectionAsPrimaryAction = true,
  configuration = { style = "tinted", title = "Follow", image = "plus", imagePadding = 6 },
})

-- UIKit's configurationUpdateHandler: called after every state change with
-- a copy of the configuration to change.
follow:onConfigurationUpdate(function(button, config)
  config.title = button.selected and "Following" or "Follow"
  config.image = button.selected and "checkmark" or "plus"
end)

local function show(b, state, style)
  local a = b:appearanceFor(state, { style = style })
  print(("  %-7s %-12s %-5s title %s on %s"):format(b.id, state, style, a.titleColor, a.backgroundColor))
end

print("The configurations, light and dark:")
for _, style in ipairs { "light", "dark" } do
  for _, b in ipairs { buy, follow } do
    show(b, "normal", style)
    show(b, "highlighted", style)
  end
end

follow:tap()
print(("\nAfter a tap: %q, selected; the tinted button turns filled:"):format(follow.configuration.title))
show(follow, "selected", "light")
show(follow, "selected", "dark")
print("  trace: " .. table.concat(follow.trace, ", "))

-- A custom button styled by eye in light mode: a grey title, 30 pt high.
local more = screen:add(ui.button {
  id = "more", title = "More", frame = { 20, 180, 120, 30 },
  style = { normal = { titleColor = "#8E8E93" }, highlighted = { titleColor = "#C7C7CC" } },
})

-- At rest, filled passes in both styles; tinted draws the tint on a wash of
-- itself, which stays under 4.5:1 for 17-pt text (fine for large or bold
-- text at 3:1). Pressed looks are fainter still, as UIKit draws them:
-- `buttonkit audit` without --states lists those too, for a team to decide.
print("\nThe audit of the configurations at rest:")
for _, p in ipairs(ui.audit({ buy, follow }, { states = { "normal", "selected" } })) do print("  " .. p.message) end

print("\nThe audit of 'more':")
for _, p in ipairs(ui.audit(more)) do print("  " .. p.message) end

-- The fix, on the next version of the screen: a semantic colour (black in
-- light mode, white in dark mode), the HIG's 44 pt height and more, and a
-- Dynamic Type font that follows the user's text size (53 pt at the
-- largest accessibility size, which the audit also checks).
local next = ui.screen { backgroundColor = "systemGroupedBackground", tintColor = "systemIndigo" }
local fixed = next:add(ui.button {
  id = "more-fixed", title = "More", frame = { 20, 230, 200, 70 }, adjustsFontForContentSizeCategory = true,
  style = { normal = { titleColor = "label", font = { textStyle = "body" } }, highlighted = { backgroundColor = "systemGray5" } },
})
local problems = ui.audit(fixed)
print(("\nThe audit of 'more-fixed': %d problems"):format(#problems))
for _, style in ipairs { "light", "dark" } do show(fixed, "normal", style) end
