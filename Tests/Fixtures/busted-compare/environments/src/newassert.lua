-- A module that assigns new globals: they land in _G, beneath the spec's names.
assert = function(v) return v end
helper_value = 42
return {}
