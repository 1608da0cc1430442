-- A MoonScript spec: busted finds it and its Lua loader skips it.
describe "moon", -> it "is skipped", -> nil
