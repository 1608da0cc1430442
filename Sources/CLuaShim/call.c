/*
 * The one protected call, loading, and the small protected helpers.
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
        shown_before = bk_channel_publish_deadline(deadline, shown, &shown_limit_before);
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
        bk_channel_restore_deadline(shown_before, shown_limit_before);
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
    if (level == 1) { st->mem_refused = 0; st->mem_exceeded = 0; bk_channel_end_gap(); }
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
 * ("error", "memory", "timeout", "interrupted"), the traceback and where it
 * was raised (a table of getinfo's "Sl" fields, or nil). */
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
    return 5;
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

static int load_status(lua_State *L, int status) {
    if (status == LUA_OK) return BK_OK;
    if (status == LUA_ERRMEM) return BK_ERR_MEMORY;
    if (status == LUA_ERRFILE) return BK_ERR_FILE;
    if (status == LUA_ERRSYNTAX) {
        /* lua.c's rule: a syntax error at the end of the input means the
         * chunk is incomplete (a REPL asks for the next line). */
        size_t len = 0;
        const char *msg = lua_tolstring(L, -1, &len);
        static const char eof[] = "<eof>";
        if (msg && len >= sizeof eof - 1 && strcmp(msg + len - (sizeof eof - 1), eof) == 0) return BK_ERR_INCOMPLETE;
        return BK_ERR_SYNTAX;
    }
    return BK_ERR_RUNTIME;
}

int bk_load(lua_State *L, const char *buf, size_t len, const char *name, const char *mode) {
    return load_status(L, luaL_loadbufferx(L, buf, len, name, mode));
}

int bk_loadfile(lua_State *L, const char *path, const char *mode) {
    return load_status(L, luaL_loadfilex(L, path, mode));
}

int bk_loadfd(lua_State *L, int fd, const char *path, const char *mode) {
    FILE *f = fdopen(fd, "r");
    if (!f) {
        int e = errno;
        close(fd);
        lua_pushfstring(L, "cannot open %s: %s", path, strerror(e));
        return BK_ERR_FILE;
    }
    return load_status(L, bk_load_stream(L, f, path, mode));
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

/* --- the sandbox's load ------------------------------------------------------
 * luaB_load from lbaselib.c, with one change: the mode is always text. It is
 * a C function, so a reader function that looks up its caller with
 * debug.getinfo finds this one, which loads no bytecode either. */

#define RESERVEDSLOT 5
static const char binary_refusal[] = "binary chunks are disabled in the sandbox (run with --unsafe to allow them)";

static const char *sandbox_reader(lua_State *L, void *ud, size_t *size) {
    int *first = (int *)ud;
    luaL_checkstack(L, 2, "too many nested functions");
    lua_pushvalue(L, 1);
    lua_call(L, 0, 1);
    if (lua_isnil(L, -1)) {
        lua_pop(L, 1);
        *size = 0;
        return NULL;
    }
    if (!lua_isstring(L, -1)) luaL_error(L, "reader function must return a string");
    lua_replace(L, RESERVEDSLOT);
    const char *s = lua_tolstring(L, RESERVEDSLOT, size);
    if (*first && *size > 0) {
        *first = 0;
        if (s[0] == LUA_SIGNATURE[0]) luaL_error(L, "%s", binary_refusal);
    }
    return s;
}

static int sandbox_load(lua_State *L) {
    int status;
    size_t l;
    const char *s = lua_tolstring(L, 1, &l);
    const char *mode = luaL_optstring(L, 3, "bt");
    int env = (!lua_isnone(L, 4) ? 4 : 0);
    const char *effective = strchr(mode, 't') ? "t" : "";
    if (s != NULL) {
        const char *chunkname = luaL_optstring(L, 2, s);
        if (l > 0 && s[0] == LUA_SIGNATURE[0]) {
            luaL_pushfail(L);
            lua_pushstring(L, binary_refusal);
            return 2;
        }
        status = luaL_loadbufferx(L, s, l, chunkname, effective);
    } else {
        const char *chunkname = luaL_optstring(L, 2, "=(load)");
        luaL_checktype(L, 1, LUA_TFUNCTION);
        lua_settop(L, RESERVEDSLOT);
        int first = 1;
        status = lua_load(L, sandbox_reader, &first, chunkname, effective);
    }
    if (status == LUA_OK) {
        if (env != 0) {
            lua_pushvalue(L, env);
            if (!lua_setupvalue(L, -2, 1)) lua_pop(L, 1);
        }
        return 1;
    }
    luaL_pushfail(L);
    lua_insert(L, -2);
    return 2;
}

void bk_push_sandbox_load(lua_State *L) { lua_pushcfunction(L, sandbox_load); }

/* The sandbox's debug.getinfo: Lua 5.4's own (ldblib.c's db_getinfo), except
 * that a stack frame's `func` is left out when it is a C function or runs
 * ButtonKit's own Lua (own_frame: the framework's internal functions). A hook
 * sees every function the sandbox's wrappers call: the real io.open,
 * loadfile, os.remove ... behind them, and a host's private functions;
 * `func` would hand them out. A function passed by value is answered as
 * usual (the caller has it already). Written in C so that levels, tail
 * calls and argument errors are exactly those of the real one. */
static void info_field(lua_State *L, lua_State *L1, const char *name, int keep) {
    if (L == L1) lua_rotate(L, -2, 1);  /* the value above the table */
    else lua_xmove(L1, L, 1);
    if (keep) lua_setfield(L, -2, name);
    else lua_pop(L, 1);
}

static void set_string(lua_State *L, const char *k, const char *v) { lua_pushstring(L, v); lua_setfield(L, -2, k); }
static void set_int(lua_State *L, const char *k, int v) { lua_pushinteger(L, v); lua_setfield(L, -2, k); }
static void set_bool(lua_State *L, const char *k, int v) { lua_pushboolean(L, v); lua_setfield(L, -2, k); }

/* Whether stack frame `ar` of `L1` runs ButtonKit's own Lua: the sandbox's
 * prelude and the test framework, loaded from embedded chunks named
 * "=[buttonkit NAME]" (or "=?" where their bytecode is stripped). Their
 * frames hold functions no script may have; a script naming its own chunk
 * so only hides its own locals from itself. */
static int own_frame(lua_State *L1, lua_Debug *ar) {
    if (!lua_getinfo(L1, "S", ar)) return 0;
    static const char prefix[] = "=[buttonkit ";
    if (ar->srclen == 2 && memcmp(ar->source, "=?", 2) == 0) return 1;
    return ar->srclen >= sizeof prefix - 1 && memcmp(ar->source, prefix, sizeof prefix - 1) == 0;
}

static int sandbox_getinfo(lua_State *L) {
    lua_Debug ar;
    int arg = 0;
    lua_State *L1 = L;
    if (lua_isthread(L, 1)) { arg = 1; L1 = lua_tothread(L, 1); }
    const char *options = luaL_optstring(L, arg + 2, "flnSrtu");
    if (L != L1 && !lua_checkstack(L1, 3)) luaL_error(L, "stack overflow (message is too long)");
    luaL_checkstack(L, 3, "not enough stack");
    luaL_argcheck(L, options[0] != '>', arg + 2, "invalid option '>'");
    /* Options are checked before lua_getinfo: it pushes `func` for 'f'
     * before it finds a bad option, and on another thread's stack that
     * value would stay behind, readable with getlocal from there. */
    luaL_argcheck(L, strspn(options, "SltunrfL") == strlen(options), arg + 2, "invalid option");
    int frame = 0;
    if (lua_isfunction(L, arg + 1)) {
        options = lua_pushfstring(L, ">%s", options);
        lua_pushvalue(L, arg + 1);
        lua_xmove(L, L1, 1);
    } else {
        if (!lua_getstack(L1, (int)luaL_checkinteger(L, arg + 1), &ar)) {
            luaL_pushfail(L);
            return 1;
        }
        frame = 1;
    }
    int own = frame && own_frame(L1, &ar);
    if (!lua_getinfo(L1, options, &ar)) return luaL_argerror(L, arg + 2, "invalid option");
    lua_newtable(L);
    if (strchr(options, 'S')) {
        lua_pushlstring(L, ar.source, ar.srclen);
        lua_setfield(L, -2, "source");
        set_string(L, "short_src", ar.short_src);
        set_int(L, "linedefined", ar.linedefined);
        set_int(L, "lastlinedefined", ar.lastlinedefined);
        set_string(L, "what", ar.what);
    }
    if (strchr(options, 'l')) set_int(L, "currentline", ar.currentline);
    if (strchr(options, 'u')) {
        set_int(L, "nups", ar.nups);
        set_int(L, "nparams", ar.nparams);
        set_bool(L, "isvararg", ar.isvararg);
    }
    if (strchr(options, 'n')) {
        set_string(L, "name", ar.name);
        set_string(L, "namewhat", ar.namewhat);
    }
    if (strchr(options, 'r')) {
        set_int(L, "ftransfer", ar.ftransfer);
        set_int(L, "ntransfer", ar.ntransfer);
    }
    if (strchr(options, 't')) set_bool(L, "istailcall", ar.istailcall);
    if (strchr(options, 'L')) info_field(L, L1, "activelines", 1);
    if (strchr(options, 'f')) {
        lua_State *from = (L == L1) ? L : L1;
        int c = lua_iscfunction(from, L == L1 ? -2 : -1);
        info_field(L, L1, "func", !(frame && (c || own)));
    }
    return 1;
}

void bk_push_sandbox_getinfo(lua_State *L) { lua_pushcfunction(L, sandbox_getinfo); }

/* The sandbox's debug.getlocal: Lua 5.4's own (ldblib.c's db_getlocal),
 * except that in a frame running ButtonKit's own Lua (see own_frame) every
 * local reads as nil, its name kept. The sandbox's wrappers hold the real
 * io.open, loadfile, os.remove ... in their registers just before calling
 * them, and the test framework holds the runner's private host functions;
 * a hook firing there (every instruction, say) would otherwise read them
 * out of the "(temporary)" slots. Names stay, so code that walks locals
 * until the name is nil still ends where it should. */
static int sandbox_getlocal(lua_State *L) {
    int arg = 0;
    lua_State *L1 = L;
    if (lua_isthread(L, 1)) { arg = 1; L1 = lua_tothread(L, 1); }
    int nvar = (int)luaL_checkinteger(L, arg + 2);
    if (lua_isfunction(L, arg + 1)) {  /* parameter names only, no values */
        lua_pushvalue(L, arg + 1);
        lua_pushstring(L, lua_getlocal(L, NULL, nvar));
        return 1;
    }
    lua_Debug ar;
    int level = (int)luaL_checkinteger(L, arg + 1);
    if (!lua_getstack(L1, level, &ar)) return luaL_argerror(L, arg + 1, "level out of range");
    if (L != L1 && !lua_checkstack(L1, 1)) return luaL_error(L, "stack overflow");
    luaL_checkstack(L, 3, "not enough stack");
    const char *name = lua_getlocal(L1, &ar, nvar);
    if (name == NULL) { luaL_pushfail(L); return 1; }
    lua_xmove(L1, L, 1);
    lua_pushstring(L, name);
    lua_rotate(L, -2, 1);  /* name, value */
    /* A C function's locals are its arguments: hidden too when ButtonKit's
     * own Lua called it (`pcall(private_fn, ...)` would hold one). */
    lua_Debug caller;
    int c_called_by_own = lua_getinfo(L1, "S", &ar) && ar.what[0] == 'C'
        && lua_getstack(L1, level + 1, &caller) && own_frame(L1, &caller);
    if (c_called_by_own || own_frame(L1, &ar)) {
        lua_pop(L, 1);
        lua_pushnil(L);
    }
    return 2;
}

void bk_push_sandbox_getlocal(lua_State *L) { lua_pushcfunction(L, sandbox_getlocal); }


int bk_gc_pause(lua_State *L) {
    int running = lua_gc(L, LUA_GCISRUNNING);
    lua_gc(L, LUA_GCSTOP);
    return running;
}

void bk_gc_resume(lua_State *L, int was_running) {
    if (was_running) lua_gc(L, LUA_GCRESTART);
}
