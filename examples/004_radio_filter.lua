-- Seed 004: a radio filter whose buttons carry values, with the choice saved.
--
-- Each option carries a value (the seed's additionInfo), including the
-- empty string for "any time". Tapping selects one and deselects the rest;
-- valueChanged fires once per change. The choice is saved to a store and
-- restored on the next run, even if the saved option has since vanished.

local store = ui.store(arg[1] or ".buttonkit-demo-prefs.json")

local filter = ui.radioGroup {
  id = "publishedWithin",
  options = {
    { title = "不限 Any time", value = "" },
    { title = "十五天内 15 days", value = "15" },
    { title = "十天内 10 days", value = "10" },
    { title = "五天内 5 days", value = "5" },
  },
  style = { normal = { borderColor = "595959", borderWidth = 1 }, selected = { borderColor = "ed7e2d", titleColor = "ed7e2d" } },
}

local ok, why = filter:restore(store)
print(ok and ("restored the saved choice: '" .. tostring(filter.value) .. "'")
         or ("nothing restored (" .. why .. ")"))

filter:on("valueChanged", function(g)
  print(("valueChanged -> '%s' (%s)"):format(tostring(g.value), g.selected and g.selected.title or "none"))
  g:save(store)
end)

filter:button("10"):tap()
filter:button("10"):tap()   -- tapping the selected option changes nothing
filter:button(""):tap()     -- the empty string is a real value
filter:select("5")          -- programmatic; selecting it again would be silent
filter:select("5")

for _, b in ipairs(filter.buttons) do
  print(("  %-18s selected=%-5s border=%s"):format(b.title, tostring(b.selected), b.appearance.borderColor))
end

-- A saved value that no longer exists is reported, not thrown.
store:set("publishedWithin", "3")
local restored, reason = filter:restore(store)
print(("restore of a removed option: %s, %s; selection stays '%s'"):format(tostring(restored), reason, filter.value))
filter:save(store)
print("saved to " .. store.path)
