#ifndef BK_HOOKS_H
#define BK_HOOKS_H
/*
 * What the core offers code built on it (the test runner's runtime,
 * CLuaRunner) so that the core never names it: calls go one way, from the
 * runner into the core, and the core reaches the runner only through what
 * the runner registered here.
 *
 * - A hook owner per state: Lua has one debug hook per thread, and three
 *   parties want it (the limits, a script's debug.sethook, line coverage).
 *   The limits take it when they fire and put back what they replaced; the
 *   owner registered here keeps its hook beside a user's. As mlua gives
 *   hooks one owner, the core multiplexes and the owner is told.
 * - A deadline observer per process: a test worker shows the deadline of
 *   the call it runs to its runner (which ends a worker stuck past it).
 */
#include "../../CLua/shim.h"

typedef struct bk_hook_owner {
    /* The limits are done with thread L (no limit fires on it any more):
     * put the owner's hook back on it, or none. */
    void (*rehook)(lua_State *L, void *data);
    /* debug.sethook is about to be given the value at `idx`: whether it is
     * the owner's own hook function (luacov's debug_hook). */
    int (*is_own_function)(lua_State *L, void *data, int idx);
    /* debug.sethook ran on `target` (`own_function` as answered above). */
    void (*after_sethook)(lua_State *L, void *data, lua_State *target, int own_function);
    /* debug.gethook on `target`: 1 with the hook a script should see in
     * place of the owner's (*hook NULL: none), or 0 to show what is set. */
    int (*shown_hook)(lua_State *L, void *data, lua_State *target, lua_Hook *hook, int *mask, int *count);
    /* The state closes: free `data`. */
    void (*release)(void *data);
} bk_hook_owner;

/* Makes `owner` (with `data`) the hook owner of L's state; NULL removes it. */
void bk_set_hook_owner(lua_State *L, const bk_hook_owner *owner, void *data);
/* The owner's data when `owner` is the state's owner, else NULL. */
void *bk_hook_owner_data(lua_State *L, const bk_hook_owner *owner);
/* lua_sethook, then the limit's hook back on top if a limit fired on this
 * thread meanwhile: what the owner sets its hooks with. */
void bk_set_hook(lua_State *T, lua_Hook h, int mask, int count);
/* Whether a limit is firing on L's state (the owner stays off then). */
int bk_limit_firing(lua_State *L);
/* The state's main thread. */
lua_State *bk_main_thread(lua_State *L);

typedef struct bk_deadline_observer {
    /* A call with a deadline of its own starts: show the earlier of the
     * deadline shown and this one; return what was shown before (and its
     * limit in *previous_shown) to give back to `restore`. */
    long long (*publish)(long long deadline_ns, double shown, double *previous_shown);
    /* That call returned: show what was shown before it. */
    void (*restore)(long long deadline_ns, double shown);
    /* The outermost call returned: nothing runs now. */
    void (*outermost_returned)(void);
} bk_deadline_observer;

/* Registers the process's deadline observer (NULL: none). */
void bk_set_deadline_observer(const bk_deadline_observer *observer);

#endif
