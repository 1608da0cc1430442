#ifndef CLUASANDBOX_H
#define CLUASANDBOX_H
/*
 * The sandbox, on the core (CLuaShim): the kernel's confinement of paths
 * and Landlock (confine.h, confine.c), the sandbox's file functions
 * (sandbox_io.c) and the loader every chunk comes through (loader.c). It
 * calls into the core; the core does not know it.
 */
#include "CLuaShim.h"
#include "confine.h"
#include <stdio.h>

/* Loads a chunk; BK_OK, BK_ERR_SYNTAX, BK_ERR_INCOMPLETE or BK_ERR_MEMORY. */
int bk_load(lua_State *L, const char *buf, size_t len, const char *name, const char *mode);
/* Loads a file; as bk_load, or BK_ERR_FILE. */
int bk_loadfile(lua_State *L, const char *path, const char *mode);
/* The same for the file open at `fd` (named `path`), which it closes. */
int bk_loadfd(lua_State *L, int fd, const char *path, const char *mode);
/* luaL_loadfilex for a file opened here (closes it): a LUA_ status, the
 * chunk or the message on top, LUA_ERRFILE when reading failed. */
int bk_load_stream(lua_State *L, FILE *f, const char *path, const char *mode);
/* The same for the file open at `fd` (fd < 0: opening failed, errno says
 * why), which it closes: the tail every loadfile shares. */
int bk_load_fd(lua_State *L, int fd, const char *path, const char *mode);

/* Pushes the sandbox's `load`: a C function that loads text chunks only,
 * whatever mode is asked (so nothing reachable from a reader function can
 * load bytecode). */
void bk_push_sandbox_load(lua_State *L);
/* What load and loadfile return for a load's `status`, the chunk or the
 * message on top: the chunk (its first upvalue set to the value at stack
 * index `env` when not 0), or fail and the message. */
int bk_load_result(lua_State *L, int status, int env);
/* Pushes the sandbox's debug.getinfo: Lua's own, except that `func` of a
 * stack frame running a C function is left out (a hook would otherwise
 * catch the real functions behind the sandbox's wrappers). */
void bk_push_sandbox_getinfo(lua_State *L);
/* Pushes the sandbox's debug.getlocal: Lua's own, except that locals of a
 * frame running ButtonKit's own Lua (the sandbox's wrappers, the test
 * framework) read as nil, names kept. */
void bk_push_sandbox_getlocal(lua_State *L);
/* Pushes a table of the sandbox's file functions (sandbox_io.c): open,
 * lines, input, output, loadfile, dofile, searchpath, searcher, remove,
 * rename, each taking its paths through `tree`, which must outlive them. */
void bk_push_sandbox_io(lua_State *L, bk_tree *tree);

#endif
