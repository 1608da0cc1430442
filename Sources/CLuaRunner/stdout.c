#include <stdio.h>
#include <stdio_ext.h>
#include "CLuaRunner.h"

size_t bk_stdout_pending(void) { return __fpending(stdout); }
