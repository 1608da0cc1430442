#include "CLuaShim.h"
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <stdio.h>
#include <signal.h>
#include <unistd.h>
#include <sys/time.h>

static bk_releasefn release_fn = NULL;

void bk_set_release(bk_releasefn fn) { release_fn = fn; }

double bk_now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* The allocator: accounts every byte; refuses growth past the limit unless
 * Swift is running (then the overrun is caught on the way back to C). */
static void *bk_alloc(void *ud, void *ptr, size_t osize, size_t nsize) {
    bk_limits *lim = (bk_limits *)ud;
    size_t old = ptr ? osize : 0;
    if (nsize == 0) {
        free(ptr);
        lim->used -= old;
        return NULL;
    }
    if (lim->limit && nsize > old && lim->used - old + nsize > lim->limit && !lim->in_host) {
        lim->mem_exceeded = 1;
        return NULL;
    }
    void *p = realloc(ptr, nsize);
    if (!p) return NULL;
    lim->used = lim->used - old + nsize;
    if (lim->used > lim->peak) lim->peak = lim->used;
    return p;
}

lua_State *bk_newstate(bk_limits *limits) {
    lua_State *L = lua_newstate(bk_alloc, limits);
    if (L) *(void **)lua_getextraspace(L) = limits;
    return L;
}

bk_limits *bk_limits_of(lua_State *L) {
    void *ud = NULL;
    lua_getallocf(L, &ud);
    return (bk_limits *)ud;
}

static void bk_hook(lua_State *L, lua_Debug *ar) {
    (void)ar;
    bk_limits *lim = bk_limits_of(L);
    if (lim->interrupted) {
        lim->interrupted = 0;
        luaL_where(L, 0);
        lua_pushstring(L, "interrupted");
        lua_concat(L, 2);
        lua_error(L);
    }
    if (lim->deadline > 0 && bk_now() > lim->deadline) {
        /* One shot with a grace period: code that catches the error gets a
         * second to clean up before the next one. */
        lim->deadline = bk_now() + 1.0;
        char buf[64];
        snprintf(buf, sizeof buf, "time limit exceeded (%g s)", lim->timeout);
        luaL_where(L, 0);
        lua_pushstring(L, buf);
        lua_concat(L, 2);
        lua_error(L);
    }
}

void bk_install_hook(lua_State *L) { lua_sethook(L, bk_hook, LUA_MASKCOUNT, 10000); }

/* The watchdog: Lua turns hooks off while a __gc metamethod runs, so a
 * finalizer that never returns cannot be stopped by the count hook. A
 * once-a-second timer checks the deadline; well past it (the hook had its
 * chance) it ends the process with a message instead of hanging forever. */
static bk_limits *volatile watch_target = NULL;

static void on_watchdog(int sig) {
    (void)sig;
    bk_limits *t = watch_target;
    if (t && t->deadline > 0 && bk_now() > t->deadline + 3.0) {
        static const char msg[] =
            "buttonkit: time limit exceeded in code that cannot be interrupted (a __gc finalizer?); stopping\n";
        ssize_t w = write(2, msg, sizeof msg - 1);
        (void)w;
        _exit(1);
    }
}

static void watchdog(bk_limits *lim, int on) {
    static int armed = 0;
    if (!on) return; /* a cleared deadline is enough: the handler checks it */
    watch_target = lim;
    if (armed) return; /* one timer for the process, armed once */
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_watchdog;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = SA_RESTART; /* interrupted system calls resume */
    sigaction(SIGALRM, &sa, NULL);
    /* A parent may have left SIGALRM blocked; the watchdog needs it. */
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGALRM);
    sigprocmask(SIG_UNBLOCK, &set, NULL);
    struct itimerval it;
    memset(&it, 0, sizeof it);
    it.it_interval.tv_sec = 1;
    it.it_value.tv_sec = 1;
    setitimer(ITIMER_REAL, &it, NULL);
    armed = 1;
}

void bk_forget_limits(bk_limits *lim) {
    lim->deadline = 0;
    if (watch_target == lim) watch_target = NULL;
}

void bk_set_timeout(lua_State *L, double seconds) {
    bk_limits *lim = bk_limits_of(L);
    lim->timeout = seconds;
    lim->deadline = seconds > 0 ? bk_now() + seconds : 0;
    watchdog(lim, seconds > 0);
}

static int openlibs_body(lua_State *L) {
    luaL_openlibs(L);
    return 0;
}

/* Runs Lua under the memory ceiling: everything outside a protected call
 * (host code, driver code) allocates freely, so an allocation can only fail
 * where an error is caught. */
static int limited_pcall(lua_State *L, int nargs, int nresults, int msgh) {
    bk_limits *lim = bk_limits_of(L);
    int saved = lim->in_host;
    lim->in_host = 0;
    int status = lua_pcall(L, nargs, nresults, msgh);
    lim->in_host = saved;
    return status;
}

int bk_openlibs(lua_State *L) {
    lua_pushcfunction(L, openlibs_body);
    return lua_pcall(L, 0, 0, 0);
}

int bk_msgh(lua_State *L) {
    const char *msg = lua_tostring(L, 1);
    if (msg == NULL) {
        /* Non-string errors (tables from assertion libraries) keep their identity. */
        if (luaL_callmeta(L, 1, "__tostring") && lua_type(L, -1) == LUA_TSTRING) {
            lua_pop(L, 1);
        }
        lua_settop(L, 1);
        return 1;
    }
    /* An error rethrown through nested handlers already carries the
     * traceback of where it started: keep that one, add no more. */
    if (strstr(msg, "\nstack traceback:") != NULL) return 1;
    luaL_traceback(L, L, msg, 1);
    return 1;
}

int bk_pcall_traceback(lua_State *L, int nargs, int nresults) {
    int base = lua_gettop(L) - nargs;
    lua_pushcfunction(L, bk_msgh);
    lua_insert(L, base);
    int status = limited_pcall(L, nargs, nresults, base);
    lua_remove(L, base);
    return status;
}

static int pnext_body(lua_State *L) {
    /* stack: table, key */
    if (lua_next(L, 1)) return 2;
    return 0;
}

int bk_memory_exceeded(lua_State *L) {
    bk_limits *lim = bk_limits_of(L);
    int v = lim->mem_exceeded;
    lim->mem_exceeded = 0;
    return v;
}

int bk_pnext(lua_State *L, int idx) {
    idx = lua_absindex(L, idx);
    /* key is on top */
    lua_pushcfunction(L, pnext_body);
    lua_pushvalue(L, idx);
    lua_pushvalue(L, -3);
    lua_remove(L, -4); /* drop the original key */
    int top = lua_gettop(L) - 3;
    int status = limited_pcall(L, 2, LUA_MULTRET, 0);
    if (status != LUA_OK) return -1;
    int n = lua_gettop(L) - top;
    return n == 2 ? 1 : 0;
}

/* Raises what the host left on the stack. Runs in C, after Swift returned. */
static int finish(lua_State *L, bk_limits *lim, int n) {
    lim->in_host--;
    if (lim->limit && lim->used > lim->limit && lim->in_host == 0) {
        lim->mem_exceeded = 1;
        lua_pushfstring(L, "not enough memory (limit %d MB)", (int)(lim->limit >> 20));
        return lua_error(L);
    }
    if (n == BK_RAISE) return lua_error(L);
    if (n == BK_RAISE_WHERE) {
        luaL_where(L, 1);
        lua_insert(L, -2);
        lua_concat(L, 2);
        return lua_error(L);
    }
    return n;
}

static int trampoline(lua_State *L) {
    bk_hostfn fn = (bk_hostfn)lua_touserdata(L, lua_upvalueindex(1));
    bk_limits *lim = bk_limits_of(L);
    lim->in_host++;
    int n = fn(L);
    return finish(L, lim, n);
}

void bk_pushhostfn(lua_State *L, bk_hostfn fn, int nextra) {
    lua_pushlightuserdata(L, (void *)fn);
    if (nextra > 0) lua_insert(L, -(nextra + 1));
    lua_pushcclosure(L, trampoline, nextra + 1);
}

bk_box *bk_newbox(lua_State *L, void *obj, int32_t kind) {
    bk_box *b = (bk_box *)lua_newuserdatauv(L, sizeof(bk_box), 1);
    b->magic = BK_MAGIC;
    b->obj = obj;
    b->kind = kind;
    return b;
}

bk_box *bk_tobox(lua_State *L, int idx) {
    if (lua_type(L, idx) != LUA_TUSERDATA) return NULL;
    if (lua_rawlen(L, idx) != sizeof(bk_box)) return NULL;
    bk_box *b = (bk_box *)lua_touserdata(L, idx);
    if (b->magic != BK_MAGIC || b->obj == NULL) return NULL;
    return b;
}

int bk_box_gc(lua_State *L) {
    bk_box *b = bk_tobox(L, 1);
    if (b && release_fn) {
        void *obj = b->obj;
        b->obj = NULL;
        b->magic = 0;
        release_fn(obj);
    }
    return 0;
}

/* The field id of the key at index 2 (upvalue `fields`), or -1. */
static int field_id(lua_State *L, int fields_upvalue) {
    int field = -1;
    lua_pushvalue(L, 2);
    if (lua_rawget(L, lua_upvalueindex(fields_upvalue)) == LUA_TNUMBER) field = (int)lua_tointeger(L, -1);
    lua_pop(L, 1);
    return field;
}

/* __index: methods first (a plain table lookup), then fields by id. */
static int index_dispatch(lua_State *L) {
    lua_settop(L, 2);
    /* Fields first (the hot path: b.selected), then methods (b:tap()). */
    int field = field_id(L, 2);
    if (field < 0) {
        lua_pushvalue(L, 2);
        if (lua_rawget(L, lua_upvalueindex(1)) != LUA_TNIL) return 1;
        lua_pop(L, 1);
    }
    bk_box *b = bk_tobox(L, 1);
    if (b == NULL) return luaL_error(L, "attempt to index a released object");
    /* The accessor of one kind never reads another kind's object, even if a
     * script moved metatable fields around with debug.getmetatable. */
    if (b->kind != (int32_t)lua_tointeger(L, lua_upvalueindex(4)))
        return luaL_error(L, "attempt to read a field through another type's accessor");
    bk_fieldfn getter = (bk_fieldfn)lua_touserdata(L, lua_upvalueindex(3));
    bk_limits *lim = bk_limits_of(L);
    lim->in_host++;
    int n = getter(L, b->obj, field);
    return finish(L, lim, n);
}

static int newindex_dispatch(lua_State *L) {
    lua_settop(L, 3);
    bk_box *b = bk_tobox(L, 1);
    if (b == NULL) return luaL_error(L, "attempt to index a released object");
    if (b->kind != (int32_t)lua_tointeger(L, lua_upvalueindex(4)))
        return luaL_error(L, "attempt to write a field through another type's accessor");
    int field = field_id(L, 2);
    if (field < 0) {
        lua_pushvalue(L, 2);
        if (lua_rawget(L, lua_upvalueindex(1)) != LUA_TNIL) field = -2; /* a method name */
        lua_pop(L, 1);
    }
    bk_fieldfn setter = (bk_fieldfn)lua_touserdata(L, lua_upvalueindex(3));
    bk_limits *lim = bk_limits_of(L);
    lim->in_host++;
    int n = setter(L, b->obj, field);
    return finish(L, lim, n);
}

void bk_push_index(lua_State *L, bk_fieldfn getter, int32_t kind) {
    lua_pushlightuserdata(L, (void *)getter);
    lua_pushinteger(L, kind);
    lua_pushcclosure(L, index_dispatch, 4);
}

void bk_push_newindex(lua_State *L, bk_fieldfn setter, int32_t kind) {
    lua_pushlightuserdata(L, (void *)setter);
    lua_pushinteger(L, kind);
    lua_pushcclosure(L, newindex_dispatch, 4);
}

static int tolstring_body(lua_State *L) {
    luaL_tolstring(L, 1, NULL);
    return 1;
}

int bk_ptolstring(lua_State *L, int idx) {
    idx = lua_absindex(L, idx);
    lua_pushcfunction(L, tolstring_body);
    lua_pushvalue(L, idx);
    return limited_pcall(L, 1, 1, 0);
}

void bk_gc_collect(lua_State *L) { lua_gc(L, LUA_GCCOLLECT, 0); }
size_t bk_gc_count(lua_State *L) { return (size_t)lua_gc(L, LUA_GCCOUNT, 0) * 1024 + (size_t)lua_gc(L, LUA_GCCOUNTB, 0); }

/* Ctrl-C: the handler only sets flags (async-signal-safe). While Lua runs,
 * the count hook sees `interrupted` and raises; at a prompt the front end
 * sees the pending flag. */
#include <signal.h>
static volatile sig_atomic_t sigint_pending = 0;
static bk_limits *volatile sigint_target = NULL;

static void on_sigint(int sig) {
    (void)sig;
    sigint_pending = 1;
    bk_limits *t = sigint_target;
    if (t) t->interrupted = 1;
}

void bk_sigint_install(void) {
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_sigint;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = 0; /* no SA_RESTART: a blocking read returns EINTR */
    sigaction(SIGINT, &sa, NULL);
    /* A parent may have left SIGINT blocked; a REPL must receive it. */
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGINT);
    sigprocmask(SIG_UNBLOCK, &set, NULL);
}

void bk_sigint_target(lua_State *L) { sigint_target = L ? bk_limits_of(L) : NULL; }

int bk_sigint_take(void) {
    int v = sigint_pending;
    sigint_pending = 0;
    return v;
}

void bk_clear_interrupt(lua_State *L) { bk_limits_of(L)->interrupted = 0; }
