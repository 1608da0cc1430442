-- luassert.internals: the assertion library as the runner and its
-- bootstrap see it, assembled in dependency order. The parts follow
-- luassert's own layout (util, state, formatters, namespaces, assert,
-- modifiers, assertions, matchers, spy, stub, mock); suites that require
-- `luassert.spy` and friends get the same objects (see testing.lua).
local import = ...

import "luassert.messages"
local util = import "luassert.util"
local state = import "luassert.state"
local formatting = import "luassert.formatters"
local core = import "luassert.assert"
import "luassert.modifiers"
import "luassert.assertions"
local match = import "luassert.matchers"
local spy = import "luassert.spy"
local stub = import "luassert.stub"
local mock = import "luassert.mock"

return {
  assert = core.assert,
  fail = core.fail,
  failure_mt = core.failure_mt,
  util = util,
  state = state,
  format_value = formatting.format_value,
  match = match,
  spy = spy,
  stub = stub,
  mock = mock,
  mark = state.mark,
  revert_to = state.revert_to,
}
