-- A --helper: runs before each spec file with -Xhelper's options as arg.
HELPER_ARGS = table.concat(arg, ",")
print("helper args: " .. HELPER_ARGS)
