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
 * 3. One protected call, bk_call, used for every piece of Lua the host runs:
 *    it puts the code under the memory ceiling and the time limit, adds a
 *    traceback, and says in C why a call failed (no guessing from text).
 * 4. Limits that cost nothing until they fire: no hook runs while a script
 *    is within its time; a timer installs one when the deadline passes (the
 *    way lua.c's SIGINT handler does), and it re-fires until the call that
 *    owns the deadline has returned, so `pcall` cannot swallow it.
 * 5. Fast paths: __index/__newindex dispatch for bound objects.
 * 6. What code built on the core registers with it (hooks.h): a hook owner
 *    and a deadline observer, so the core never names the runner.
 *
 * This is the core. The sandbox (confinement, its file functions, the
 * loader) is CLuaSandbox; the test runner's runtime (the results channel,
 * the chunk cache, line coverage) is CLuaRunner, linked by ButtonKitTesting
 * only (docs/architecture.md draws the three).
 *
 * Every piece of state lives in the bk_state of its lua_State, so contexts
 * run in parallel on different threads without touching each other.
 */
#include "../../CLua/shim.h"
#include "hooks.h"
#include "hangup.h"
#include "watchdog.h"
#include <stdint.h>
#include <stddef.h>

/* A host function: returns >= 0 results, or one of the BK_RAISE codes. */
typedef int (*bk_hostfn)(lua_State *L);
/* A field getter/setter: object pointer and field id. */
typedef int (*bk_fieldfn)(lua_State *L, void *obj, int field);
/* Releases a host object when its userdata is collected. */
typedef void (*bk_releasefn)(void *obj);
/* Called from a signal handler just before the process ends because code
 * could not be interrupted: must be async-signal-safe (write(2) only). */
typedef void (*bk_stuckfn)(void *ud, const char *message, size_t length);

#define BK_RAISE (-1)        /* raise the value on top as it is */
#define BK_RAISE_WHERE (-2)  /* raise the string on top, prefixed "file:line: " of the caller */

/* Why a call or load failed, decided where it happened. */
#define BK_OK 0
#define BK_ERR_RUNTIME 1     /* an error raised by Lua code or a host function */
#define BK_ERR_SYNTAX 2      /* the chunk does not compile */
#define BK_ERR_INCOMPLETE 3  /* the chunk ends too early (a REPL waits for more) */
#define BK_ERR_MEMORY 4      /* the memory ceiling was reached */
#define BK_ERR_TIMEOUT 5     /* the time limit fired */
#define BK_ERR_INTERRUPT 6   /* interrupted (Ctrl-C) */
#define BK_ERR_FILE 7        /* a file could not be read */

/* Per-state accounting and limits, reachable from the lua_State. */
typedef struct bk_state bk_state;

/* A new state with the standard libraries (opened under protection), limit
 * tracking for coroutines and debug.sethook, and `host` as the Swift owner.
 * `memory_limit` is in bytes, 0 = none. NULL when Lua cannot start. */
lua_State *bk_open(size_t memory_limit, void *host, bk_releasefn release);
/* Closes the state (finalizers run under `finalizer_timeout` seconds, after
 * which the process stops: Lua runs __gc without hooks) and frees its C state. */
void bk_close(lua_State *L, double finalizer_timeout);
bk_state *bk_state_of(lua_State *L);
void *bk_host(lua_State *L);
void bk_state_set_host(lua_State *L, void *host);
/* The thread a host call fires model events from: handlers run on it.
 * bk_swap_active makes L that thread and returns the one before, which
 * bk_restore_active puts back; bk_active answers the main thread when no
 * host call is firing. Kept in C so the hot path (b:tap()) touches no
 * Swift object to do it. */
lua_State *bk_swap_active(lua_State *L);
void bk_restore_active(lua_State *L, lua_State *prev);
lua_State *bk_active(lua_State *L);

/* Memory: bytes in use (Lua's and what the host charged), the high-water
 * mark, the ceiling. */
size_t bk_memory_used(lua_State *L);
size_t bk_memory_peak(lua_State *L);
size_t bk_memory_limit(lua_State *L);
/* Counts `delta` bytes the host holds on behalf of scripts (titles, styles,
 * traces) against the ceiling; the overrun is raised when the host function
 * returns to C. */
void bk_charge(lua_State *L, ptrdiff_t delta);
/* Marks the ceiling reached for good, as a refused allocation does, for
 * host work that stopped itself at the ceiling before taking the memory (a
 * picture outgrowing it) and raises its own message naming the function:
 * the call that owns the ceiling then fails whatever pcall caught. */
void bk_memory_reached(lua_State *L);
/* The hard floor under the memory ceiling, for a process that runs scripts
 * and nothing else (a command, a test worker): RLIMIT_DATA at what the
 * process holds now plus twice `limit` plus 64 MB, so no path the ceiling's
 * accounting misses can take the process much past it (the kernel refuses
 * the allocation). Never loosens a tighter limit. Returns the limit in force
 * (bytes), 0 when none was set. */
size_t bk_memory_floor(size_t limit);
/* Lifts the floor (the soft limit back to what it was before): for the
 * host's own work, which Swift cannot survive being refused (an allocation
 * that fails ends the process). 1 when a floor was in force and is lifted. */
int bk_floor_lift(void);
/* Puts a lifted floor back (nothing when none was set). */
void bk_floor_restore(void);

/* The protected call. Calls the function below `nargs` arguments with a
 * traceback handler, under the memory ceiling; `timeout` > 0 sets a deadline
 * for this call (an outer, earlier deadline still holds), 0 inherits the
 * running one. Returns BK_OK or a BK_ERR_ code with the error on top. */
int bk_call(lua_State *L, int nargs, int nresults, double timeout);
/* Pushes `limited_call(seconds, shown, f, ...)`: bk_call for Lua code (a test
 * framework runs each test with it). Returns true and f's results, or
 * false, the error value, its kind as a word and the traceback. */
void bk_push_limited_call(lua_State *L);
/* Seconds until the earliest deadline in force (a child process the host
 * starts gets what is left), 0 = none. */
double bk_time_left(lua_State *L);
/* The configured seconds of the deadline in force (for messages), 0 = none. */
double bk_timeout(lua_State *L);

/* In a child right after fork: timers are not inherited, forget the parent's. */
void bk_after_fork(lua_State *L);

/* Asks running code to stop at its next instruction ("interrupted").
 * Async-signal-safe. */
void bk_interrupt(lua_State *L);
/* What the state is doing, for the message when it has to be stopped
 * (a test's name); copied, truncated to a few hundred bytes. */
void bk_set_activity(lua_State *L, const char *text);
/* Last words when code cannot be interrupted (see bk_stuckfn). */
void bk_set_stuck_handler(lua_State *L, bk_stuckfn fn, void *ud);
/* A stuck handler that parks the thread for good instead of ending the
 * process (give to bk_set_stuck_handler): for a state run on a thread of
 * its own, which another thread gives up waiting for. */
void bk_stuck_park(void *ud, const char *message, size_t len);

/* Ctrl-C for a REPL: install once; aim it at the state that runs code now
 * (NULL between evaluations). bk_sigint_take reads and clears "pressed". */
void bk_sigint_install(void);
void bk_sigint_target(lua_State *L);
int bk_sigint_take(void);

/* Seconds a fired time limit gives the call it belongs to before the process
 * that runs it ends (the runner waits this and a second more). */
double bk_grace_seconds(void);

/* Monotonic seconds. */
double bk_now(void);

/* The traceback message handler bk_call uses. */
int bk_msgh(lua_State *L);
/* luaL_tolstring under protection: pushes the string (or an error). */
int bk_ptolstring(lua_State *L, int idx);
/* lua_next under protection: 1 = pair pushed, 0 = done, -1 = error on top. */
int bk_pnext(lua_State *L, int idx);

/* Pushes a host function as a C closure; `nextra` values already on the
 * stack become its upvalues 2...nextra+1. */
void bk_pushhostfn(lua_State *L, bk_hostfn fn, int nextra);

/* Bound objects: a userdata box holding a +1 reference to a host object. */
typedef struct bk_box {
    uint64_t magic;
    void *obj;
    int32_t kind;
    /* Bytes charged against the memory ceiling for what the host object
     * holds (see bk_charge); given back when the box is collected. */
    int64_t charged;
    /* The object's state flags, when it has a byte of them that C may read
     * (a button's): flag fields are then read without calling the host. */
    const uint8_t *bits;
} bk_box;

/* A field id with this bit is a state flag: BK_FIELD_MASK_SHIFT places its
 * mask, and BK_FIELD_INVERT means the field is true when the bit is clear
 * (enabled). The host's getters and setters see the field's index in the
 * low 16 bits. */
#define BK_FIELD_FLAG (1 << 16)
#define BK_FIELD_INVERT (1 << 17)
#define BK_FIELD_MASK_SHIFT 20
#define BK_MAGIC 0x42754b6974426f78ULL /* "BuKitBox" */

/* A new userdata box for a host object (one user value), left on the stack. */
bk_box *bk_newbox(lua_State *L, void *obj, int32_t kind);
/* The box at idx, or NULL when it is not one of ours. */
bk_box *bk_tobox(lua_State *L, int idx);
/* __gc for boxes: releases the host object once. */
int bk_box_gc(lua_State *L);
/* Pushes the __index dispatcher. Expects the kind's names table (a field's
 * name -> its id, a method's name -> -(its position)) and the methods array
 * on the stack (both popped). It only serves boxes of `kind`. */
void bk_push_index(lua_State *L, bk_fieldfn getter, int32_t kind);
/* Pushes the __newindex dispatcher: expects the same two tables (popped). */
void bk_push_newindex(lua_State *L, bk_fieldfn setter, int32_t kind);

/* A full collection (tests use it to check lifetimes). */
void bk_gc_collect(lua_State *L);
/* Monotonic nanoseconds: the clock deadlines are set on. */
long long bk_now_ns(void);
/* Stops the collector and returns whether it was running (so no finalizer
 * runs until bk_gc_resume); bk_gc_resume restarts it if it was. */
int bk_gc_pause(lua_State *L);
void bk_gc_resume(lua_State *L, int was_running);

/* Macros as functions. */
static inline void bk_pop(lua_State *L, int n) { lua_pop(L, n); }
static inline int bk_upvalueindex(int i) { return lua_upvalueindex(i); }
static inline int bk_registryindex(void) { return LUA_REGISTRYINDEX; }

/* The registry key (a light userdata's address) of a state's table of
 * appearance keys, interned once (Push.appearance). */
void *bk_appearance_keys_anchor(void);
static inline void bk_newtable(lua_State *L) { lua_newtable(L); }
static inline int bk_isnoneornil(lua_State *L, int i) { return lua_isnoneornil(L, i); }
static inline void bk_insert(lua_State *L, int i) { lua_insert(L, i); }
static inline void bk_remove(lua_State *L, int i) { lua_remove(L, i); }
static inline int bk_getuservalue(lua_State *L, int i) { return lua_getiuservalue(L, i, 1); }
static inline int bk_setuservalue(lua_State *L, int i) { return lua_setiuservalue(L, i, 1); }
static inline void bk_pushglobaltable(lua_State *L) { lua_pushglobaltable(L); }

#endif
