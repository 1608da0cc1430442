#ifndef CLUARUNNER_PRIVATE_H
#define CLUARUNNER_PRIVATE_H
/* Shared by the runner's C files only. */
#include "CLuaRunner.h"

/* coverage_scan.c: sets simplify, line_scanner, scan_line in the table on top. */
void bk_coverage_scan_functions(lua_State *L);

#endif
