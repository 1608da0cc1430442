-- Seed 003: setBackgroundColor:forState: that survives UIKit's event order.
--
-- The seed's bug: the button set selected in touchUpInside, then UIKit
-- cleared `highlighted` and the code restored the *normal* background.
-- UIKit sends touchUpInside while the button is still highlighted and only
-- afterwards unhighlights it; the trace below shows exactly that order.
-- Because appearance is a function of the whole state, the selected
-- background survives.

local b = ui.button {
  id = "like", title = "♡ Like",
  style = {
    normal = { backgroundColor = "white", titleColor = "darkGray" },
    highlighted = { backgroundColor = "lightGray" },
    selected = { backgroundColor = "#E0245E", titleColor = "white", title = "♥ Liked" },
  },
}

b:on("touchUpInside", function(button)
  button.selected = not button.selected
  print(("  in touchUpInside: highlighted=%s selected=%s background=%s"):format(
    button.highlighted, button.selected, button.appearance.backgroundColor))
end)

print("touch down:")
b:touchDown()
print("  background while pressed: " .. b.appearance.backgroundColor)
print("touch up:")
b:touchUp()
print("  background afterwards:    " .. b.appearance.backgroundColor .. "  (" .. b.appearance.text .. ")")

print("\nUIKit's order, as recorded:")
for i, entry in ipairs(b.trace) do print(("  %d. %s"):format(i, entry)) end

-- A classic surprise: under UIKit's rule, selected|highlighted does not
-- borrow from selected; it falls back to normal.
print("\nselected|highlighted background (uikit):   " .. b:appearanceFor("selected|highlighted").backgroundColor)
b.fallback = "cascade"
print("selected|highlighted background (cascade): " .. b:appearanceFor("selected|highlighted").backgroundColor)
