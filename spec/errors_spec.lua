-- Mistakes newcomers make, and the messages that set them right: each names
-- the function, the argument and what was expected.
local function message(f, ...)
  local ok, e = pcall(f, ...)
  assert.is_false(ok)
  return tostring(e)
end

describe("calling ui functions with ':'", function()
  it("says to use '.' instead of complaining about ui's contents", function()
    assert.matches("bad self to 'button' %(ui.button called with ':'", message(function() return ui:button {} end))
    assert.matches("call it with '%.' as in ui%.color%(%.%.%.%)", message(function() return ui:color("red") end))
  end)

  it("leaves ordinary argument errors alone", function()
    assert.matches("unknown button option 'text'; did you mean 'title'%?", message(function() return ui.button { text = "x" } end))
  end)
end)

describe("tap's arguments", function()
  it("name both accepted forms", function()
    local b = ui.button {}
    assert.matches("bad argument #1 to 'tap' %(table { count =, at = } or x, y expected, got string%)",
      message(function() return b:tap("centre") end))
  end)

  it("say the type that was given", function()
    local b = ui.button {}
    assert.matches("count: integer expected, got string", message(function() return b:tap { count = "2" } end))
    assert.matches("count: integer expected, got 2.5", message(function() return b:tap { count = 2.5 } end))
  end)
end)

describe("event names from other vocabularies", function()
  it("suggest UIKit's", function()
    local b = ui.button {}
    assert.matches("unknown event 'touchup'; did you mean 'touchUpInside'%?", message(function() return b:on("touchup", function() end) end))
    local g = ui.radioGroup {}
    assert.matches("did you mean 'valueChanged'%?", message(function() return g:on("change", function() end) end))
  end)
end)

describe("a radio option without a value", function()
  it("says what to give", function()
    assert.matches("'b1' has no radio value: give 'value' %(a string, integer or boolean%) or set its 'info'",
      message(function() return ui.radioGroup { options = { { id = "b1", title = "a" } } } end))
  end)
end)

describe("font strings", function()
  it("refuse a near miss of a weight", function()
    assert.matches("unknown font weight 'heavyy'; did you mean 'heavy'%?", message(ui.font, "heavyy 13"))
    assert.are.same({ family = "Menlo", size = 12, weight = "bold" }, ui.font("Menlo bold 12"))
  end)
end)

describe("a module that is not found", function()
  it("reads as Lua's own message, with nothing of the runner's", function()
    local e = message(require, "no.such.module")
    assert.matches("^module 'no.such.module' not found:\n\tno field package.preload%['no.such.module'%]", e)
    assert.is_nil(e:find("buttonkit", 1, true))
    assert.is_nil(e:find("\n\t\n", 1, true), "no empty line between the places searched")
  end)
end)

describe("names from short lists", function()
  it("list the choices when no near miss is found", function()
    assert.matches("unknown corner style 'round' %(expected one of: fixed, dynamic, small, medium, large, capsule%)",
      message(ui.button, { configuration = { style = "filled", cornerStyle = "round" } }))
    assert.matches("unknown button type 'roundedRect' %(expected one of: custom, system%)", message(ui.button, { type = "roundedRect" }))
    assert.matches("unknown image placement 'left' %(expected one of: ", message(ui.button, { configuration = { style = "plain", imagePlacement = "left" } }))
  end)

  it("still suggest the near miss alone", function()
    assert.matches("unknown button size 'larg'; did you mean 'large'%?%)$", message(ui.button, { configuration = { style = "plain", buttonSize = "larg" } }))
  end)

  it("say that configuration insets are directional", function()
    assert.matches("unknown inset 'left'; configuration insets are directional: use 'leading'",
      message(ui.button, { configuration = { style = "plain", contentInsets = { top = 1, left = 2 } } }))
  end)
end)

describe("colours written as Swift writes them", function()
  it("are suggested by their ButtonKit names", function()
    assert.matches("did you mean 'label'%?", message(ui.color, "labelColor"))
    assert.matches("did you mean 'systemBackground'%?", message(ui.color, "systemBackgroundColor"))
    assert.matches("did you mean 'systemBlue'%?", message(ui.color, "UIColor.systemBlue"))
    assert.matches("did you mean 'tintColor'%?", message(ui.color, "tint"))
  end)
end)

describe("abbreviated option names", function()
  it("suggest the one name they abbreviate", function()
    assert.matches("unknown audit option 'minContrast'; did you mean 'minimumContrast'%?", message(ui.audit, ui.button {}, { minContrast = 3 }))
  end)
end)

describe("a traits table", function()
  it("says its interface style is 'style' when given a control's name for it", function()
    local b = ui.button {}
    assert.matches("unknown trait 'userInterfaceStyle'; in a traits table the interface style is 'style'",
      message(b.appearanceFor, b, "normal", { userInterfaceStyle = "dark" }))
  end)
end)
