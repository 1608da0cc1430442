#ifndef CLUASHIM_INTERNAL_H
#define CLUASHIM_INTERNAL_H
/*
 * The private half of bk_state, shared by the C files of the shim.
 *
 * Fields written by signal handlers are `volatile sig_atomic_t` or C11
 * atomics; everything else is touched only by the thread running the state.
 */
#include "CLuaShim.h"
#include <signal.h>
#include <stdatomic.h>
#include <pthread.h>
#include <time.h>

/* Deepest nesting of bk_call that can carry its own deadline. Lua's C stack
 * limit (LUAI_MAXCCALLS, 200) keeps real nesting well below this. */
#define BK_MAX_LEVELS 256
/* Threads whose hooks a firing limit replaced, to be put back afterwards. */
#define BK_MAX_HIJACKED 16
/* Seconds a fired limit gives the call it belongs to to return before the
 * process ends: code the hook cannot reach (a C function, a __gc finalizer,
 * a debug hook, an xpcall message handler) runs no longer than this past
 * the deadline, whatever else it does meanwhile. */
#define BK_GRACE_SECONDS 2

typedef struct bk_hijack {
    lua_State *L;
    lua_Hook hook;
    int mask, count;
} bk_hijack;

struct bk_state {
    /* Memory. */
    size_t used, peak, limit;
    size_t ceiling;    /* limit, or SIZE_MAX when there is none */
    int in_host;       /* > 0 while the host runs: allocations never fail then */
    int mem_refused;   /* an allocation was refused since bk_call began */
    /* Sticky: the ceiling was reached for good (a refusal Lua's emergency
     * collection did not take back: see bk_alloc, or the host past the
     * ceiling). Every host entry refuses from then on, and the call that
     * owns it fails when it returns, whatever pcall caught meanwhile. */
    int mem_exceeded;
    /* The last refused request, until the next allocation: Lua's core asks
     * again for the same block after an emergency collection, and only a
     * retry that comes next and succeeds takes the refusal back. */
    int refusal_pending;
    void *refused_ptr;
    size_t refused_osize;
    size_t refused_size;

    /* Time: one optional deadline per call level (monotonic ns, 0 = none),
     * read by the timer's handler to find what passed. */
    _Atomic long long deadline[BK_MAX_LEVELS];
    double timeout[BK_MAX_LEVELS];
    _Atomic int depth;
    _Atomic long long armed_ns;    /* when the timer goes off; 0 = not armed */
    timer_t timer;
    int has_timer;
    pthread_t timer_thread;

    /* A fired limit: BK_ERR_TIMEOUT or BK_ERR_INTERRUPT, and the call level
     * it belongs to; it re-fires until that call returns. */
    volatile sig_atomic_t firing;
    volatile sig_atomic_t fire_level;
    volatile sig_atomic_t interrupts;  /* Ctrl-C presses while firing */
    double fired_timeout;
    /* When the limit fired (monotonic ns): the call it belongs to has until
     * this plus the grace to return, whatever ran in between. */
    volatile long long fired_ns;

    /* Threads: the main one, the one running now (coroutines), and those
     * whose hooks a firing limit replaced. */
    lua_State *main;
    lua_State *volatile running;
    bk_hijack hijacked[BK_MAX_HIJACKED];
    volatile sig_atomic_t nhijacked;

    /* The slot of this state in the signal table (see limits.c). */
    int slot;
    unsigned generation;

    /* The thread whose host call is firing model events now: handlers run
     * on it, so an error or a yield stays in the coroutine that caused it.
     * NULL outside such a call (handlers then run on `main`). */
    lua_State *active;

    /* The hook owner (hooks.h: the runner's line coverage), NULL when none. */
    const bk_hook_owner *hook_owner;
    void *hook_data;

    /* The host. */
    void *host;
    bk_releasefn release;
    bk_stuckfn on_stuck;
    void *stuck_ud;
    char activity[240];
};

/* The state's C side, from any of its threads: kept in the lua_State's
 * extra space (set by bk_open, copied into each new thread by Lua), so the
 * hot paths reach it with pointer arithmetic rather than an API call. */
static inline bk_state *bk_st(lua_State *L) { return *(bk_state **)lua_getextraspace(L); }
void bk_push_timeout_message(lua_State *L, double seconds);
long long bk_now_ns(void);

/* limits.c */
int bk_limits_register(bk_state *st);
void bk_limits_unregister(bk_state *st);
void bk_limits_arm(bk_state *st, long long deadline_ns);
void bk_limits_hijack(bk_state *st, lua_State *L);
void bk_limits_stop_firing(bk_state *st);
int bk_limits_install(lua_State *L);

/* upstream_bugs.c: guards for Lua 5.4.4's bugs. */
void bk_cstack_prime(void);
int bk_cstack_exhausted(void);
void bk_upstream_bugs_install(lua_State *L);

/* hooks.c: the hook owner, told by the limits and debug.sethook; and the
 * deadline observer, told by the protected call. */
void bk_hooks_rehook(lua_State *L);
int bk_hooks_is_own_function(lua_State *L, int idx);
void bk_hooks_after_sethook(lua_State *L, lua_State *target, int own_function);
int bk_hooks_install(lua_State *L);
void bk_hooks_release(bk_state *st);
long long bk_observe_publish(long long deadline_ns, double shown, double *previous_shown);
void bk_observe_restore(long long deadline_ns, double shown);
void bk_observe_outermost_returned(void);

/* host.c: raises the ceiling's error (and makes it stick). */
int bk_memory_error(lua_State *L);

/* floor.c: os.execute and io.popen start their program without the floor
 * (replaces them in the state's libraries). */
void bk_floor_wrap_spawners(lua_State *L);

/* call.c */
int bk_limited_pcall(lua_State *L, int nargs, int nresults, int msgh);

#endif
