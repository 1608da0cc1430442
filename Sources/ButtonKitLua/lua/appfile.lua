-- `buttonkit render FILE.storyboard` and `buttonkit audit FILE.xib`: the
-- file is loaded as a script would load it (ui.load, under the same
-- confinement), so its screens, controls and groups are what the command
-- draws or audits. Arguments: the file, then the catalogs --assets named.
local path = ...
local catalogs = { select(2, ...) }
local options
if #catalogs > 0 then options = { assets = catalogs } end
-- The reader's message names the file, line and column; a position in this
-- chunk would only get in the way.
local ok, doc = pcall(ui.load, path, options)
if not ok then error(doc, 0) end
return doc
