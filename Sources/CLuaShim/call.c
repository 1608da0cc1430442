/*
 * The one protected call and the small protected helpers (loading is the
 * sandbox's: CLuaSandbox/loader.c).
 *
 * Every piece of Lua the host runs goes through bk_call: it is where code
 * enters the memory ceiling and the time limit, where a traceback is added,
 * and where the reason for a failure is decided — from the limit that fired
 * or the allocation that was refused, never from the text of a message.
 */
#include "internal.h"
#include <errno.h>
#include <unistd.h>
#include <string.h>

/* Runs Lua under the memory ceiling: everything outside a protected call
 * (host code, driver code) allocates freely, so an allocation can only fail
 * where an error is caught. */
int bk_limited_pcall(lua_State *L, int nargs, int nresults, int msgh) {
    bk_state *st = bk_st(L);
    int saved = st->in_host;
    st->in_host = 0;
    int status = lua_pcall(L, nargs, nresults, msgh);
    st->in_host = saved;
    return status;
}

/* The last message bk_msgh added a traceback to (see limited_call). */
#define BK_APPENDED_KEY "buttonkit.appended"

int bk_msgh(lua_State *L) {
    const char *msg = lua_tostring(L, 1);
    if (msg == NULL) {
        /* Non-string errors (tables from assertion libraries) keep their identity. */
        lua_settop(L, 1);
        return 1;
    }
    /* An error rethrown through nested handlers already carries the
     * traceback of where it started: keep that one, add no more. */
    if (strstr(msg, "\nstack traceback:") != NULL) return 1;
    luaL_traceback(L, L, msg, 1);
    /* Remembered, so a test framework can tell the traceback the host added
     * (an error in an event handler, raised again past the host's call)
     * from one that is part of the script's own message. */
    lua_pushvalue(L, -1);
    lua_setfield(L, LUA_REGISTRYINDEX, BK_APPENDED_KEY);
    return 1;
}

static int classify(bk_state *st, int status, int level) {
    if (st->firing && st->fire_level >= 1 && st->fire_level <= level) return st->firing;
    if (status == LUA_ERRMEM || st->mem_refused) return BK_ERR_MEMORY;
    if (status == LUA_ERRSYNTAX) return BK_ERR_SYNTAX;
    return BK_ERR_RUNTIME;
}

/* `deadline` is monotonic nanoseconds (0: none of its own); `shown` is the
 * limit its message names. */
static int call_impl(lua_State *L, int nargs, int nresults, long long deadline, double shown, lua_CFunction msgh, int absorb) {
    bk_state *st = bk_st(L);
    int level = atomic_load(&st->depth) + 1;
    if (level >= BK_MAX_LEVELS) {
        lua_pop(L, nargs + 1);
        lua_pushliteral(L, "calls nested too deeply");
        return BK_ERR_RUNTIME;
    }
    int own_deadline = 0;
    if (deadline > 0) {
        st->timeout[level] = shown;
        atomic_store(&st->deadline[level], deadline);
        own_deadline = 1;
    }
    atomic_store(&st->depth, level);
    long long shown_before = 0;
    double shown_limit_before = 0;
    if (own_deadline) {
        bk_limits_arm(st, atomic_load(&st->deadline[level]));
        shown_before = bk_observe_publish(deadline, shown, &shown_limit_before);
    }
    int saved_refused = st->mem_refused;
    st->mem_refused = 0;
    /* A ceiling reached for good is not reset here: a call begun after it
     * (nothing from script code can begin one: host entries refuse) fails. */
    int saved_exceeded = st->mem_exceeded;

    int base = lua_gettop(L) - nargs;
    lua_pushcfunction(L, msgh);
    lua_insert(L, base);
    int status = bk_limited_pcall(L, nargs, nresults, base);
    lua_remove(L, base);

    /* Take the deadline down first: a timer that goes off from here on
     * finds nothing of this call to fire. */
    if (own_deadline) {
        atomic_store(&st->deadline[level], 0);
        bk_observe_restore(shown_before, shown_limit_before);
    }
    /* A refusal still waiting for its retry when the call ends had none. */
    if (st->refusal_pending) { st->mem_exceeded = 1; st->refusal_pending = 0; }
    int kind = status == LUA_OK ? BK_OK : classify(st, status, level);
    if (st->firing && st->fire_level >= level) {
        /* The limit belonged to this call: a script that caught it and
         * returned still failed. */
        if (status == LUA_OK) {
            int nres = lua_gettop(L) - base + 1;
            lua_pop(L, nres);
            if (st->firing == BK_ERR_TIMEOUT)
                bk_push_timeout_message(L, st->fired_timeout);
            else
                lua_pushliteral(L, "interrupted");
            kind = st->firing;
        }
        bk_limits_stop_firing(st);
    } else if (st->mem_exceeded) {
        /* The ceiling was reached for good during this call: it fails,
         * whatever pcall caught inside. */
        if (status == LUA_OK) {
            int nres = lua_gettop(L) - base + 1;
            lua_pop(L, nres);
            lua_pushfstring(L, "not enough memory (limit %d MB)", (int)(st->limit >> 20));
        }
        kind = BK_ERR_MEMORY;
    }
    atomic_store(&st->depth, level - 1);
    st->mem_refused = saved_refused || st->mem_refused;
    /* A call that reports the ceiling itself (a test, through
     * limited_call) leaves it behind; others pass it up to their caller. */
    if (absorb && kind == BK_ERR_MEMORY) st->mem_exceeded = saved_exceeded;
    if (level == 1) { st->mem_refused = 0; st->mem_exceeded = 0; bk_observe_outermost_returned(); }
    return kind;
}

int bk_call(lua_State *L, int nargs, int nresults, double timeout) {
    long long deadline = timeout > 0 ? bk_now_ns() + (long long)(timeout * 1e9) : 0;
    return call_impl(L, nargs, nresults, deadline, timeout, bk_msgh, 0);
}

/* The message handler of limited_call: keeps the error value as it is and
 * puts the traceback aside, so a test framework gets both. */
static const char traceback_key[] = "buttonkit.traceback";

static const char where_key[] = "buttonkit.where";

/* Frames a test framework does not show: C functions and the framework's
 * own Lua (stripped bytecode reads "=?"; from source, "=[buttonkit ...]"). */
static int framework_frame(const lua_Debug *ar) {
    if (strcmp(ar->what, "C") == 0) return 1;
    return strcmp(ar->source, "=?") == 0 || strncmp(ar->source, "=[buttonkit", 11) == 0;
}

static int capture_msgh(lua_State *L) {
    luaL_traceback(L, L, NULL, 1);
    lua_setfield(L, LUA_REGISTRYINDEX, traceback_key);
    /* Where the error was raised, as busted's getTrace finds it: the first
     * frame that is neither C nor the framework, with getinfo's "Sl". */
    lua_Debug ar;
    for (int level = 1; lua_getstack(L, level, &ar); level++) {
        if (!lua_getinfo(L, "Sl", &ar) || framework_frame(&ar)) continue;
        lua_createtable(L, 0, 6);
        lua_pushstring(L, ar.source); lua_setfield(L, -2, "source");
        lua_pushstring(L, ar.short_src); lua_setfield(L, -2, "short_src");
        lua_pushstring(L, ar.what); lua_setfield(L, -2, "what");
        lua_pushinteger(L, ar.currentline); lua_setfield(L, -2, "currentline");
        lua_pushinteger(L, ar.linedefined); lua_setfield(L, -2, "linedefined");
        lua_pushinteger(L, ar.lastlinedefined); lua_setfield(L, -2, "lastlinedefined");
        lua_setfield(L, LUA_REGISTRYINDEX, where_key);
        break;
    }
    lua_settop(L, 1);
    return 1;
}

static const char *kind_name(int kind) {
    switch (kind) {
    case BK_ERR_MEMORY: return "memory";
    case BK_ERR_TIMEOUT: return "timeout";
    case BK_ERR_INTERRUPT: return "interrupted";
    default: return "error";
    }
}

/* limited_call(deadline, shown, f, ...): pcall until `deadline`, monotonic
 * seconds as clock() gives them (0: no deadline of its own; several calls
 * can share one, like a test's hooks and body); `shown` is the limit its
 * message names. Returns true, f's results; or false, the error value, why
 * ("error", "memory", "timeout", "interrupted"), the traceback, where it
 * was raised (a table of getinfo's "Sl" fields, or nil), and whether the
 * error is a message the host added a traceback to (bk_msgh). */
static int limited_call(lua_State *L) {
    lua_Number d = luaL_checknumber(L, 1);
    lua_Number shown = luaL_optnumber(L, 2, 0);
    luaL_checkany(L, 3);
    lua_remove(L, 1);
    lua_remove(L, 1);
    int nargs = lua_gettop(L) - 1;
    long long deadline = d > 0 ? (long long)(d * 1e9) : 0;
    int kind = call_impl(L, nargs, LUA_MULTRET, deadline, (double)shown, capture_msgh, 1);
    if (kind == BK_OK) {
        lua_pushboolean(L, 1);
        lua_insert(L, 1);
        return lua_gettop(L);
    }
    lua_pushboolean(L, 0);
    lua_insert(L, -2);
    lua_pushstring(L, kind_name(kind));
    if (lua_getfield(L, LUA_REGISTRYINDEX, traceback_key) != LUA_TSTRING) {
        lua_pop(L, 1);
        lua_pushnil(L);
    }
    lua_pushnil(L);
    lua_setfield(L, LUA_REGISTRYINDEX, traceback_key);
    lua_getfield(L, LUA_REGISTRYINDEX, where_key);
    lua_pushnil(L);
    lua_setfield(L, LUA_REGISTRYINDEX, where_key);
    /* Whether the error is the message bk_msgh added a traceback to. */
    lua_getfield(L, LUA_REGISTRYINDEX, BK_APPENDED_KEY);
    int appended = lua_type(L, -5) == LUA_TSTRING && lua_rawequal(L, -1, -5);
    lua_pop(L, 1);
    lua_pushboolean(L, appended);
    lua_pushnil(L);
    lua_setfield(L, LUA_REGISTRYINDEX, BK_APPENDED_KEY);
    return 6;
}

void bk_push_limited_call(lua_State *L) { lua_pushcfunction(L, limited_call); }

double bk_grace_seconds(void) { return BK_GRACE_SECONDS; }

double bk_timeout(lua_State *L) {
    bk_state *st = bk_st(L);
    int depth = atomic_load(&st->depth);
    for (int l = depth; l >= 1; l--)
        if (atomic_load(&st->deadline[l])) return st->timeout[l];
    return 0;
}

double bk_time_left(lua_State *L) {
    bk_state *st = bk_st(L);
    int depth = atomic_load(&st->depth);
    long long first = 0;
    for (int l = depth; l >= 1; l--) {
        long long d = atomic_load(&st->deadline[l]);
        if (d && (!first || d < first)) first = d;
    }
    if (!first) return 0;
    long long left = first - bk_now_ns();
    return left > 0 ? (double)left / 1e9 : 1e-9;
}

static int pnext_body(lua_State *L) {
    /* stack: table, key */
    if (lua_next(L, 1)) return 2;
    return 0;
}

int bk_pnext(lua_State *L, int idx) {
    idx = lua_absindex(L, idx);
    /* key is on top */
    lua_pushcfunction(L, pnext_body);
    lua_pushvalue(L, idx);
    lua_pushvalue(L, -3);
    lua_remove(L, -4); /* drop the original key */
    int top = lua_gettop(L) - 3;
    int status = bk_limited_pcall(L, 2, LUA_MULTRET, 0);
    if (status != LUA_OK) return -1;
    int n = lua_gettop(L) - top;
    return n == 2 ? 1 : 0;
}

static int tolstring_body(lua_State *L) {
    luaL_tolstring(L, 1, NULL);
    return 1;
}

int bk_ptolstring(lua_State *L, int idx) {
    idx = lua_absindex(L, idx);
    lua_pushcfunction(L, tolstring_body);
    lua_pushvalue(L, idx);
    return bk_limited_pcall(L, 1, 1, 0);
}

/* The collector, paused around host work that must not see finalizers run. */
int bk_gc_pause(lua_State *L) {
    int running = lua_gc(L, LUA_GCISRUNNING);
    lua_gc(L, LUA_GCSTOP);
    return running;
}

void bk_gc_resume(lua_State *L, int was_running) {
    if (was_running) lua_gc(L, LUA_GCRESTART);
}
