-- Fallback of lua-term for output handlers: whether a file is a terminal.
local term = {}
local tty = os.getenv("BUTTONKIT_STDOUT_TTY") == "1"
function term.isatty(file) return file == io.stdout and tty end
return term
