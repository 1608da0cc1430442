/// The text `:help` prints with no name: what to type first, and the
/// commands.
extension ReplSession {
    public static let helpText = """
    ButtonKit REPL — Lua 5.4 with `ui` loaded. Expressions print their values.

      b = ui.button { id = "buy", title = "Buy", style = { selected = { backgroundColor = "red" } } }
      b:tap()                      b.selected = true          b.appearance
      b:on("touchUpInside", function(c, ev) print(ev) end)
      g = ui.radioGroup { id = "g", options = { { title = "A", value = "a" } } }
      bar = ui.sortBar { { key = "price" } }     s = ui.screen()     st = ui.store("prefs.json")
      ui.color("gray")   ui.rgb(255, 128, 0)   ui.state   ui.event

    Today's UIKit:
      f = ui.button { title = "Sign in", configuration = "filled", frame = { 0, 0, 200, 50 } }
      f:appearanceFor("highlighted", { style = "dark" })     ui.color("systemBlue", { style = "dark" })
      f:onConfigurationUpdate(function(btn, c) c.title = btn.highlighted and "…" or "Sign in" end)
      ui.audit(f)                  s = ui.screen { userInterfaceStyle = "dark", tintColor = "systemPink" }

    Commands:
      :help            this text
      :help NAME       the API reference's entry for NAME (ui.button, b:tap, tap),
                       or a topic of its Values section (colours, traits, configuration)
      :load FILE ARGS  run a Lua file in this session; ARGS reach it as arg
                       and ..., as with buttonkit run
      :reset           start over with a fresh state
      :trace EXPR      print a control's trace, one event a line
      :quit            leave (Ctrl-D works too)

    Tab completes globals, keywords, table fields and the methods and fields of
    controls (after '.' and ':'), and state, event, colour and style property
    names inside strings (b:style("hig<Tab>). Up recalls a statement typed over
    several lines whole. Ctrl-C cancels the line or stops running code.

    """
}
