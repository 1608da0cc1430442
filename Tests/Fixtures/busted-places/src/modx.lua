-- A module whose loading fails: busted places the error here.
error("modx cannot start")
return {}
