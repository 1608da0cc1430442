-- Fallback of busted.languages.en: the English strings stock handlers ask
-- `say` for.
local s = require "say"
s:set_namespace("en")
local strings = {
  ["output.pending"] = "Pending", ["output.failure"] = "Failure", ["output.error"] = "Error",
  ["output.success"] = "Success",
  ["output.pending_plural"] = "pending", ["output.failure_plural"] = "failures",
  ["output.error_plural"] = "errors", ["output.success_plural"] = "successes",
  ["output.pending_zero"] = "pending", ["output.failure_zero"] = "failures",
  ["output.error_zero"] = "errors", ["output.success_zero"] = "successes",
  ["output.pending_single"] = "pending", ["output.failure_single"] = "failure",
  ["output.error_single"] = "error", ["output.success_single"] = "success",
  ["output.seconds"] = "seconds",
  ["output.no_test_files_match"] = "No test files found matching Lua pattern: %s",
  ["output.file_not_found"] = "Cannot find file or directory: %s",
}
for k, v in pairs(strings) do s:set(k, v) end
return strings
