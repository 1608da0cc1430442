return "lib"
