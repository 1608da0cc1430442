-- Seed 000: styling a button per state with a fluent chain.
--
-- The seed configures title, colours and border for each state through a
-- chained builder, then flips `selected` and expects the look to follow
-- without any manual refresh. In ButtonKit the look is resolved from the
-- whole state every time, so there is nothing to refresh.

local b = ui.button { id = "follow", frame = { 20, 100, 200, 44 } }

b:setUpStyle("normal", function(s)
  s:title("Follow"):titleColor("595959"):borderColor("595959"):borderWidth(1):cornerRadius(4)
end)
b:setUpStyle("selected", function(s)
  s:title("Following"):titleColor("white"):backgroundColor("ed7e2d"):borderColor("ed7e2d"):borderWidth(11)
end)

local function show(label)
  local a = b.appearance
  print(string.format("%-22s state=%-10s title=%-10s text color=%s background=%s border=%s x %g",
    label, a.state, a.title, a.titleColor, a.backgroundColor, a.borderColor, a.borderWidth))
end

show("as built")
b.selected = true
show("after selected = true")
b.selected = false
show("after selected = false")

-- Taps toggle it when the button changes selection as its primary action
-- (UIKit's changesSelectionAsPrimaryAction).
b.changesSelectionAsPrimaryAction = true
b:tap()
show("after a tap")
print("trace of that tap: " .. table.concat(b.trace, ", ", #b.trace - 5))
