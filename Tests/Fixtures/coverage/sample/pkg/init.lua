local pkg = {}
pkg.sub = require "pkg.sub"
function pkg.hello()
   return pkg.sub.value()
end
return pkg
