-- busted hands a helper its -Xhelper options as `arg`.
HELPER_ARGS = table.concat(arg or {}, "|")
