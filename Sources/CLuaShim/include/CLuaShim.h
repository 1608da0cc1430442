#ifndef CLUASHIM_H
#define CLUASHIM_H
/*
 * The C side of the bridge.
 *
 * 1. Inline wrappers for Lua's macros, which Swift cannot import.
 * 2. The trampoline: Swift ("host") functions never raise Lua errors. They
 *    return a count of results, or BK_RAISE / BK_RAISE_WHERE with the error
 *    value on top of the stack; C raises it after Swift has returned, so no
 *    longjmp ever crosses a Swift frame.
 * 3. Limits: an allocator with a memory ceiling that never fails while Swift
 *    is running (the ceiling is enforced when control is back in C), and a
 *    count hook that stops runaway code at a deadline.
 * 4. Fast paths: __index/__newindex dispatch for bound objects.
 */
#include "../../CLua/shim.h"
#include <stdint.h>
#include <stddef.h>

/* A host function: returns >= 0 results, or one of the BK_RAISE codes. */
typedef int (*bk_hostfn)(lua_State *L);
/* A field getter/setter: object pointer and field id. */
typedef int (*bk_fieldfn)(lua_State *L, void *obj, int field);
/* Releases a host object when its userdata is collected. */
typedef void (*bk_releasefn)(void *obj);

#define BK_RAISE (-1)        /* raise the value on top as it is */
#define BK_RAISE_WHERE (-2)  /* raise the string on top, prefixed "file:line: " of the caller */

/* Per-state limits and accounting (lives in the allocator's ud). */
typedef struct bk_limits {
    size_t used;        /* bytes currently allocated */
    size_t peak;        /* high-water mark */
    size_t limit;       /* 0 = unlimited */
    int in_host;        /* > 0 while Swift code runs: allocations never fail then.
                           1 between calls; protected calls set it to 0. */
    int mem_exceeded;   /* set when an allocation was refused */
    double deadline;    /* monotonic seconds; 0 = none */
    double timeout;     /* the configured timeout, for messages */
    int interrupted;    /* set asynchronously (Ctrl-C) */
    void *host;         /* the Swift context */
} bk_limits;

typedef struct bk_box {
    uint64_t magic;
    void *obj;
    int32_t kind;
} bk_box;

#define BK_MAGIC 0x42754b6974426f78ULL /* "BuKitBox" */

lua_State *bk_newstate(bk_limits *limits);
bk_limits *bk_limits_of(lua_State *L);
double bk_now(void);
void bk_set_timeout(lua_State *L, double seconds);
/* Disarms the watchdog for `lim` (before its memory is freed). */
void bk_forget_limits(bk_limits *lim);
void bk_install_hook(lua_State *L);
void bk_set_release(bk_releasefn fn);
/* Reads and clears the flag set when an allocation was refused. */
int bk_memory_exceeded(lua_State *L);

/* Opens the standard libraries under lua_pcall; returns the status. */
int bk_openlibs(lua_State *L);
/* The traceback message handler used for every host-side pcall. */
int bk_msgh(lua_State *L);
/* lua_pcall with bk_msgh inserted below the function; removes it after. */
int bk_pcall_traceback(lua_State *L, int nargs, int nresults);
/* luaL_tolstring under protection: pushes the string (or an error). */
int bk_ptolstring(lua_State *L, int idx);
/* lua_next under protection: 1 = pair pushed, 0 = done, -1 = error on top. */
int bk_pnext(lua_State *L, int idx);

/* Pushes a host function as a C closure; `nextra` values already on the
 * stack become its upvalues 2...nextra+1. */
void bk_pushhostfn(lua_State *L, bk_hostfn fn, int nextra);
/* A new userdata box for a host object (one user value), left on the stack. */
bk_box *bk_newbox(lua_State *L, void *obj, int32_t kind);
/* The box at idx, or NULL when it is not one of ours. */
bk_box *bk_tobox(lua_State *L, int idx);
/* __gc for boxes: releases the host object once. */
int bk_box_gc(lua_State *L);
/* Pushes the __index dispatcher: upvalues methods, fields, getter, kind.
 * Expects the methods table and the field-id table on the stack (popped).
 * It only serves boxes of `kind`. */
void bk_push_index(lua_State *L, bk_fieldfn getter, int32_t kind);
/* Pushes the __newindex dispatcher: expects methods and fields (popped). */
void bk_push_newindex(lua_State *L, bk_fieldfn setter, int32_t kind);

/* Ctrl-C handling for the REPL: install once; point it at the running state. */
void bk_sigint_install(void);
void bk_sigint_target(lua_State *L);
int bk_sigint_take(void);
void bk_clear_interrupt(lua_State *L);

/* lua_gc is variadic: fixed-argument forms. */
void bk_gc_collect(lua_State *L);
size_t bk_gc_count(lua_State *L);

/* Macros as functions. */
static inline void bk_pop(lua_State *L, int n) { lua_pop(L, n); }
static inline int bk_upvalueindex(int i) { return lua_upvalueindex(i); }
static inline int bk_registryindex(void) { return LUA_REGISTRYINDEX; }
static inline void bk_newtable(lua_State *L) { lua_newtable(L); }
static inline const char *bk_tostring(lua_State *L, int i) { return lua_tostring(L, i); }
static inline lua_Number bk_tonumber(lua_State *L, int i) { return lua_tonumber(L, i); }
static inline lua_Integer bk_tointeger(lua_State *L, int i) { return lua_tointeger(L, i); }
static inline int bk_isnoneornil(lua_State *L, int i) { return lua_isnoneornil(L, i); }
static inline void bk_insert(lua_State *L, int i) { lua_insert(L, i); }
static inline void bk_remove(lua_State *L, int i) { lua_remove(L, i); }
static inline void bk_replace(lua_State *L, int i) { lua_replace(L, i); }
static inline void *bk_getextraspace(lua_State *L) { return lua_getextraspace(L); }
static inline void bk_pushliteral(lua_State *L, const char *s) { lua_pushstring(L, s); }
static inline int bk_getuservalue(lua_State *L, int i) { return lua_getiuservalue(L, i, 1); }
static inline int bk_setuservalue(lua_State *L, int i) { return lua_setiuservalue(L, i, 1); }
static inline void bk_pushglobaltable(lua_State *L) { lua_pushglobaltable(L); }
static inline int bk_isinteger(lua_State *L, int i) { return lua_isinteger(L, i); }

#endif
