-- Bootstrap of `buttonkit test`, run once per spec state: the module names
-- real suites require, and the globals busted exports.
local luassert = require "luassert"

package.preload["luassert.assert"] = function() return luassert.assert end
package.preload["luassert.spy"] = function() return luassert.spy end
package.preload["luassert.stub"] = function() return luassert.stub end
package.preload["luassert.mock"] = function() return luassert.mock end
package.preload["luassert.match"] = function() return luassert.match end
package.preload["luassert.util"] = function() return luassert.util end
package.preload["luassert.state"] = function() return luassert.assert end
package.preload["luassert.formatters"] = function() return {} end
package.preload["luassert.array"] = function() return {} end

-- `require "luassert"` in real suites returns the assert object itself.
package.loaded["luassert"] = luassert.assert
package.loaded["luassert.internals"] = luassert

local busted = require "busted"
busted.install_globals()
require "buttonkit.assertions"
