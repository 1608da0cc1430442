-- The names the audit prints (`Screen/control`, the control being its
-- accessibility identifier, else the outlet or property holding it) find
-- their controls: a newcomer copied `registerToBidButton` from an audit
-- into `doc:find` and got nil.
local MARKET = "examples/Market/Market"

describe("doc:find with the audit's names", function()
  local doc
  before_each(function() doc = ui.load(MARKET) end)

  it("finds a storyboard button by the outlet that holds it", function()
    local b = doc:find("buyButton")
    assert.is_not_nil(b)
    assert.are.equal("Buy-BT-001", b.ibID)
  end)

  it("finds a control by Screen/name as the audit prints it", function()
    local names = {}
    for _, p in ipairs(ui.audit(doc.screens[1])) do names[#names + 1] = p.control end
    assert.is_true(#names > 0)
    local b = doc:find("Market/buyButton")
    assert.is_not_nil(b)
    assert.are.equal("Buy-BT-001", b.ibID)
    assert.are.equal(doc:find("favourite"), doc:find("Market/favouriteButton"))
    assert.are.equal(doc:find("shareButton"), doc:find("Market/shareButton"))
  end)

  it("finds nothing for a name that is no control's or a screen that is not there", function()
    assert.is_nil(doc:find("Market/nothing"))
    assert.is_nil(doc:find("Elsewhere/buyButton"))
    assert.is_nil(doc:find("nothing"))
  end)
end)
