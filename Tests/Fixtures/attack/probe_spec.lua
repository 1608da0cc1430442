-- The probe of a sandbox attack, run as a spec under `buttonkit test --sandbox`.
it("probe", function()
  local lines = dofile(os.getenv("BK_PROBE"))
  for _, l in ipairs(lines) do assert.matches(": refused", l, 1, true) end
end)
