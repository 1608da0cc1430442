/*
 * Limits that cost nothing until they fire.
 *
 * A Lua hook makes the VM check every instruction, which costs stock Lua
 * about 70% on tight loops. So no hook is installed while code runs within
 * its time. Each state has a POSIX timer aimed at the thread that runs it;
 * when the timer finds a deadline passed, its signal handler installs a
 * count hook on the running thread, the way lua.c's SIGINT handler does.
 * The hook raises "time limit exceeded" and keeps raising, at every
 * instruction, until the call that owns the deadline returns (bk_call), so
 * `pcall` cannot swallow a fired limit and a handler chain cannot outrun it.
 *
 * Code that never reaches a hook (a C function such as a pathological
 * string.find, a __gc finalizer, a debug hook or an xpcall message handler:
 * Lua runs those with hooks off) is caught by the timer's second look, out
 * of band: if the call that owns the deadline has not returned within the
 * grace period after the limit fired, the process ends with a message that
 * names what was running. The second look does not ask whether the hook ran
 * meanwhile: a script looping in a debug hook that now and then resumes a
 * throw-away coroutine lets the hook run there, and is still ended. Nothing
 * Lua code does can keep the signal's handler from running. A runner that
 * must survive this runs files in a worker process (and watches the
 * worker's deadline from outside as well: Supervisor.swift).
 *
 * The timer is re-armed lazily: a new deadline later than the one the timer
 * is set for costs no system call (the early expiry just re-arms it), so a
 * test runner pays nothing per test.
 *
 * Signals carry an int, not ownership: they find their state through a small
 * table of live states, checked by generation, so a late signal for a closed
 * state is ignored.
 */
#define _GNU_SOURCE
#include "internal.h"
#include "hangup.h"
#include <errno.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/syscall.h>

#define BK_SLOTS 1024
#define GEN_BITS 20
#define GEN_MASK ((1u << GEN_BITS) - 1)

static _Atomic(bk_state *) slots[BK_SLOTS];
static _Atomic unsigned generations[BK_SLOTS];
static _Atomic int busy[BK_SLOTS];

static int timer_signal(void) { return SIGRTMIN + 4; }

/* --- the table of live states ------------------------------------------ */

int bk_limits_register(bk_state *st) {
    for (int i = 0; i < BK_SLOTS; i++) {
        bk_state *expected = NULL;
        if (atomic_compare_exchange_strong(&slots[i], &expected, st)) {
            st->slot = i;
            st->generation = (atomic_fetch_add(&generations[i], 1) + 1) & GEN_MASK;
            return 0;
        }
    }
    return -1;
}

void bk_limits_unregister(bk_state *st) {
    int i = st->slot;
    atomic_store(&slots[i], NULL);
    /* A handler on another thread may be reading the state right now. */
    while (atomic_load(&busy[i]) > 0) sched_yield();
    if (st->has_timer) timer_delete(st->timer);
    st->has_timer = 0;
}

static int handle_of(bk_state *st) { return (st->slot << GEN_BITS) | (int)(st->generation & GEN_MASK); }

static bk_state *acquire(int handle) {
    int i = handle >> GEN_BITS;
    if (i < 0 || i >= BK_SLOTS) return NULL;
    atomic_fetch_add(&busy[i], 1);
    bk_state *st = atomic_load(&slots[i]);
    if (st && (st->generation & GEN_MASK) == ((unsigned)handle & GEN_MASK)) return st;
    atomic_fetch_sub(&busy[i], 1);
    return NULL;
}

static void release_handle(int handle) { atomic_fetch_sub(&busy[handle >> GEN_BITS], 1); }

/* --- async-signal-safe text --------------------------------------------- */

typedef struct { char buf[512]; size_t len; } text;

static void put(text *t, const char *s) {
    while (s && *s && t->len < sizeof t->buf - 1) t->buf[t->len++] = *s++;
}

static void put_number(text *t, double v) {
    char tmp[32];
    int n = 0;
    long long whole = (long long)v;
    int frac = (int)((v - (double)whole) * 100 + 0.5);
    if (frac >= 100) { whole++; frac -= 100; }
    do { tmp[n++] = (char)('0' + whole % 10); whole /= 10; } while (whole && n < 20);
    while (n) { char c[2] = { tmp[--n], 0 }; put(t, c); }
    if (frac) {
        char c[4] = { '.', (char)('0' + frac / 10), (char)('0' + frac % 10), 0 };
        if (c[2] == '0') c[2] = 0;
        put(t, c);
    }
}

/* --- hooks --------------------------------------------------------------- */

static void limit_hook(lua_State *L, lua_Debug *ar);

static void block_signals(sigset_t *old) {
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, timer_signal());
    sigaddset(&set, SIGINT);
    pthread_sigmask(SIG_BLOCK, &set, old);
}

static void unblock_signals(const sigset_t *old) { pthread_sigmask(SIG_SETMASK, old, NULL); }

/* Installs the firing hook on `L`, remembering the hook it replaces (a
 * user's debug.sethook) so it can be put back. Safe in a signal handler. */
static void hijack(bk_state *st, lua_State *L) {
    if (!L) return;
    lua_Hook h = lua_gethook(L);
    if (h != limit_hook) {
        int n = st->nhijacked, found = -1;
        for (int i = 0; i < n; i++) if (st->hijacked[i].L == L) found = i;
        if (found < 0 && n < BK_MAX_HIJACKED) { found = n; st->hijacked[n].L = L; }
        if (found >= 0) {
            st->hijacked[found].hook = h;
            st->hijacked[found].mask = lua_gethookmask(L);
            st->hijacked[found].count = lua_gethookcount(L);
            if (found == n) st->nhijacked = n + 1;
        }
    }
    lua_sethook(L, limit_hook, LUA_MASKCOUNT, 1);
}

/* Keeps thread `t` alive in a registry set (pushed through L, which may be
 * t itself) until the limit stops firing, so putting its hook back never
 * touches a collected thread. 0 when L has no stack room for it. */
static int anchor_thread(lua_State *L, lua_State *t) {
    static const char key = 'h';
    if (!lua_checkstack(L, 4)) return 0;
    if (lua_rawgetp(L, LUA_REGISTRYINDEX, &key) != LUA_TTABLE) {
        lua_pop(L, 1);
        lua_newtable(L);
        lua_pushvalue(L, -1);
        lua_rawsetp(L, LUA_REGISTRYINDEX, &key);
    }
    if (t == L) {
        lua_pushthread(L);
    } else {
        lua_pushthread(t);
        lua_xmove(t, L, 1);
    }
    lua_pushboolean(L, 1);
    lua_rawset(L, -3);
    lua_pop(L, 1);
    return 1;
}

/* Main-flow hijack: the thread is anchored, then its hook replaced. */
void bk_limits_hijack(bk_state *st, lua_State *L) {
    if (!anchor_thread(L, L)) return;
    sigset_t old;
    block_signals(&old);
    hijack(st, L);
    unblock_signals(&old);
}

void bk_limits_stop_firing(bk_state *st) {
    sigset_t old;
    block_signals(&old);
    int n = st->nhijacked;
    for (int i = 0; i < n; i++) {
        bk_hijack *h = &st->hijacked[i];
        if (lua_gethook(h->L) == limit_hook) lua_sethook(h->L, h->hook, h->mask, h->count);
    }
    st->nhijacked = 0;
    st->firing = 0;
    st->fire_level = 0;
    st->interrupts = 0;
    unblock_signals(&old);
    /* Forget the anchored threads. */
    static const char key = 'h';
    lua_State *L = st->main;
    if (lua_checkstack(L, 2)) {
        lua_pushnil(L);
        lua_rawsetp(L, LUA_REGISTRYINDEX, &key);
    }
}

/* A hook left on a thread after its limit stopped firing removes itself
 * (putting back what it replaced); otherwise it raises the limit's error. */
static void limit_hook(lua_State *L, lua_Debug *ar) {
    (void)ar;
    bk_state *st = bk_st(L);
    int kind = st->firing;
    if (!kind) {
        int n = st->nhijacked;
        for (int i = 0; i < n; i++) {
            if (st->hijacked[i].L == L) {
                lua_sethook(L, st->hijacked[i].hook, st->hijacked[i].mask, st->hijacked[i].count);
                return;
            }
        }
        bk_hooks_rehook(L);  /* the hook owner's (coverage's), if any; else none */
        return;
    }
    luaL_where(L, 0);
    if (kind == BK_ERR_TIMEOUT)
        bk_push_timeout_message(L, st->fired_timeout);
    else
        lua_pushliteral(L, "interrupted");
    lua_concat(L, 2);
    lua_error(L);
}

/* Starts firing: the kind, the call level it belongs to. Signal-safe. */
static void fire(bk_state *st, int kind, int level, double timeout) {
    st->fired_timeout = timeout;
    st->fired_ns = bk_now_ns();
    st->fire_level = level;
    st->firing = kind;
    hijack(st, st->running);
}

/* --- the code nothing could interrupt ------------------------------------ */

/* Whether the frame at `level`, which Lua names "hook", is a message
 * handler called again for the limit's own error: the limit's hook fired in
 * that very function (the frame below), so Lua runs it inside the hook. A
 * user's debug hook is called over the code it interrupts instead. */
static int handler_again(lua_State *L, int level) {
    lua_Debug a, b;
    if (!lua_getstack(L, level, &a) || !lua_getinfo(L, "S", &a)) return 0;
    if (!lua_getstack(L, level + 1, &b) || !lua_getinfo(L, "S", &b)) return 0;
    return a.what && a.what[0] != 'C' && a.linedefined == b.linedefined && a.lastlinedefined == b.lastlinedefined
        && a.source == b.source;
}

static void stuck(bk_state *st) {
    text t = { .len = 0 };
    if (st->firing == BK_ERR_INTERRUPT) put(&t, "interrupted");
    else { put(&t, "time limit exceeded ("); put_number(&t, st->fired_timeout); put(&t, " s)"); }
    put(&t, " in code that cannot be interrupted: ");
    lua_State *L = st->running;
    lua_Debug ar;
    /* What runs with hooks off, down the stack: a finalizer ("__gc"
     * metamethod) or a debug hook, whatever C function it is in now. */
    int level = -1;
    const char *what = NULL;
    for (int l = 0; L && l < 256 && lua_getstack(L, l, &ar); l++) {
        if (!lua_getinfo(L, "n", &ar) || !ar.namewhat) continue;
        if (strcmp(ar.namewhat, "metamethod") == 0 && ar.name && strcmp(ar.name, "__gc") == 0) { level = l; what = "a __gc finalizer"; break; }
        if (strcmp(ar.namewhat, "hook") == 0) { level = l; what = handler_again(L, l) ? "an xpcall message handler" : "a debug hook"; break; }
    }
    if (what && lua_getstack(L, level, &ar) && lua_getinfo(L, "S", &ar)) {
        put(&t, what);
        put(&t, " at ");
        put(&t, ar.short_src);
        if (ar.linedefined > 0) { put(&t, ":"); put_number(&t, ar.linedefined); }
        put(&t, " (Lua runs those with hooks off)");
        if (level > 0 && lua_getstack(L, 0, &ar) && lua_getinfo(L, "Sn", &ar) && ar.what && ar.what[0] == 'C' && ar.name) {
            put(&t, ", now in '");
            put(&t, ar.name);
            put(&t, "'");
        }
    } else if (L && lua_getstack(L, 0, &ar) && lua_getinfo(L, "Sn", &ar)) {
        if (ar.what && ar.what[0] == 'C') {
            put(&t, "a C function");
            if (ar.name) { put(&t, " ('"); put(&t, ar.name); put(&t, "')"); }
            int pattern = ar.name && (strcmp(ar.name, "find") == 0 || strcmp(ar.name, "match") == 0
                                      || strcmp(ar.name, "gmatch") == 0 || strcmp(ar.name, "gsub") == 0);
            put(&t, pattern ? ", which Lua cannot stop midway (a pathological pattern?)"
                            : ", which Lua cannot stop midway");
        } else {
            put(&t, "a __gc finalizer or debug hook at ");
            put(&t, ar.short_src);
            if (ar.linedefined > 0) {
                put(&t, ":");
                put_number(&t, ar.linedefined);
            }
            put(&t, " (Lua runs those with hooks off)");
        }
    } else {
        put(&t, "host code");
    }
    t.buf[t.len] = 0;
    if (st->on_stuck) {
        st->on_stuck(st->stuck_ud, t.buf, t.len);
    } else {
        if (st->activity[0]) { put(&t, "; while "); put(&t, st->activity); t.buf[t.len] = 0; }
        static const char prefix[] = "buttonkit: ";
        ssize_t w = write(2, prefix, sizeof prefix - 1);
        w = write(2, t.buf, t.len);
        w = write(2, "\n", 1);
        (void)w;
    }
    _exit(st->firing == BK_ERR_INTERRUPT ? 130 : 1);
}

/* A stuck handler that must not end the process (an output handler in the
 * runner, on a thread of its own): says what it was stuck in, as the
 * output handler's failure, and parks its thread for good inside the
 * signal handler. The thread that waits for it gives up and never touches
 * the state again. */
void bk_stuck_park(void *ud, const char *message, size_t len) {
    (void)ud;
    static const char prefix[] = "buttonkit: the output handler failed: ";
    ssize_t w = write(2, prefix, sizeof prefix - 1);
    w = write(2, message, len);
    w = write(2, "\n", 1);
    (void)w;
    for (;;) pause();
}

/* --- the timer ------------------------------------------------------------ */

static void set_timer(bk_state *st, long long at) {
    struct itimerspec its;
    memset(&its, 0, sizeof its);
    its.it_value.tv_sec = at / 1000000000LL;
    its.it_value.tv_nsec = at % 1000000000LL;
    atomic_store(&st->armed_ns, at);
    timer_settime(st->timer, TIMER_ABSTIME, &its, NULL);
}

static void on_timer(int sig, siginfo_t *si, void *uc) {
    (void)sig; (void)uc;
    int saved_errno = errno;
    int handle = si->si_value.sival_int;
    bk_state *st = acquire(handle);
    if (!st) { errno = saved_errno; return; }
    atomic_store(&st->armed_ns, 0);
    long long now = bk_now_ns();
    long long grace = (long long)BK_GRACE_SECONDS * 1000000000LL;
    if (st->firing) {
        /* The second look: the call the limit belongs to had its grace to
         * return. (The timer may go off sooner for a deadline set since.) */
        if (now - st->fired_ns >= grace - 1000000LL) stuck(st);
        set_timer(st, st->fired_ns + grace);
    } else {
        int depth = atomic_load(&st->depth);
        long long next = 0;
        for (int l = 1; l <= depth && l < BK_MAX_LEVELS; l++) {
            long long d = atomic_load(&st->deadline[l]);
            if (!d) continue;
            if (d <= now) {
                fire(st, BK_ERR_TIMEOUT, l, st->timeout[l]);
                next = now + grace;
                break;
            }
            if (!next || d < next) next = d;
        }
        if (next) set_timer(st, next);
    }
    release_handle(handle);
    errno = saved_errno;
}

static void install_timer_handler(void) {
    static _Atomic int installed = 0;
    if (atomic_exchange(&installed, 1)) return;
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_sigaction = on_timer;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = SA_SIGINFO | SA_RESTART; /* interrupted system calls resume */
    sigaction(timer_signal(), &sa, NULL);
}

static int ensure_timer(bk_state *st) {
    pthread_t self = pthread_self();
    if (st->has_timer && pthread_equal(self, st->timer_thread)) return 0;
    if (st->has_timer) {
        timer_delete(st->timer);
        st->has_timer = 0;
        atomic_store(&st->armed_ns, 0);
    }
    install_timer_handler();
    /* A parent may have left the signal blocked; the limit needs it. */
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, timer_signal());
    pthread_sigmask(SIG_UNBLOCK, &set, NULL);
    struct sigevent sev;
    memset(&sev, 0, sizeof sev);
    sev.sigev_notify = SIGEV_THREAD_ID;
    sev.sigev_signo = timer_signal();
    sev.sigev_value.sival_int = handle_of(st);
    sev._sigev_un._tid = (pid_t)syscall(SYS_gettid);
    if (timer_create(CLOCK_MONOTONIC, &sev, &st->timer) != 0) return -1;
    st->has_timer = 1;
    st->timer_thread = self;
    return 0;
}

void bk_limits_arm(bk_state *st, long long deadline_ns) {
    long long armed = atomic_load(&st->armed_ns);
    if (armed != 0 && armed <= deadline_ns && st->has_timer && pthread_equal(pthread_self(), st->timer_thread))
        return; /* the early expiry re-arms for this deadline */
    if (ensure_timer(st) != 0) return;
    set_timer(st, deadline_ns);
}

/* --- Ctrl-C ----------------------------------------------------------------- */

static volatile sig_atomic_t sigint_pending = 0;
static _Atomic int sigint_handle = -1;

static void interrupt_state(bk_state *st) {
    if (atomic_load(&st->depth) == 0) return; /* nothing running */
    if (st->firing == BK_ERR_INTERRUPT) {
        /* Pressed again and the call is still running: stuck in C, a
         * finalizer, a hook or a handler (whether or not the hook ran
         * somewhere meanwhile, a coroutine resumed from there). */
        if (++st->interrupts >= 1) stuck(st);
        return;
    }
    if (!st->firing) fire(st, BK_ERR_INTERRUPT, 1, 0);
}

static void on_sigint(int sig) {
    (void)sig;
    int saved_errno = errno;
    sigint_pending = 1;
    int h = atomic_load(&sigint_handle);
    if (h >= 0) {
        bk_state *st = acquire(h);
        if (st) { interrupt_state(st); release_handle(h); }
    }
    errno = saved_errno;
}

void bk_sigint_install(void) { bk_catch_signal(SIGINT, on_sigint); }

void bk_sigint_target(lua_State *L) { atomic_store(&sigint_handle, L ? handle_of(bk_st(L)) : -1); }

int bk_sigint_take(void) {
    int v = sigint_pending;
    sigint_pending = 0;
    return v;
}

void bk_interrupt(lua_State *L) { interrupt_state(bk_st(L)); }

/* --- coroutines and debug.sethook ------------------------------------------ */

/* lcorolib's auxresume, with the running thread tracked: a limit that fires
 * while a coroutine runs must hook that coroutine, not the main thread. */
static int auxresume(lua_State *L, lua_State *co, int narg) {
    bk_state *st = bk_st(L);
    int status, nres;
    if (bk_cstack_exhausted()) {
        lua_pushliteral(L, "C stack overflow");
        return -1;
    }
    if (!lua_checkstack(co, narg)) {
        lua_pushliteral(L, "too many arguments to resume");
        return -1;
    }
    if (st->firing) { anchor_thread(L, co); bk_limits_hijack(st, co); }
    lua_xmove(L, co, narg);
    lua_State *prev = st->running;
    st->running = co;
    status = lua_resume(co, L, narg, &nres);
    st->running = prev;
    if (st->firing) bk_limits_hijack(st, L);
    if (status == LUA_OK || status == LUA_YIELD) {
        if (!lua_checkstack(L, nres + 1)) {
            lua_pop(co, nres);
            lua_pushliteral(L, "too many results to resume");
            return -1;
        }
        lua_xmove(co, L, nres);
        return nres;
    }
    lua_xmove(co, L, 1);
    return -1;
}

static int co_resume(lua_State *L) {
    lua_State *co = lua_tothread(L, 1);
    luaL_argexpected(L, co, 1, "coroutine");
    int r = auxresume(L, co, lua_gettop(L) - 1);
    if (r < 0) {
        lua_pushboolean(L, 0);
        lua_insert(L, -2);
        return 2;
    }
    lua_pushboolean(L, 1);
    lua_insert(L, -(r + 1));
    return r + 1;
}

static int co_wrap_call(lua_State *L) {
    lua_State *co = lua_tothread(L, lua_upvalueindex(1));
    int r = auxresume(L, co, lua_gettop(L));
    if (r < 0) {
        int stat = lua_status(co);
        if (stat != LUA_OK && stat != LUA_YIELD) {
            stat = lua_resetthread(co);
            lua_xmove(co, L, 1);
        }
        if (stat != LUA_ERRMEM && lua_type(L, -1) == LUA_TSTRING) {
            luaL_where(L, 1);
            lua_insert(L, -2);
            lua_concat(L, 2);
        }
        return lua_error(L);
    }
    return r;
}

/* coroutine.close: the library's (upvalue 1), with the closing thread
 * tracked as running (its __close methods run there, and a limit that fires
 * meanwhile must hook it) and refused when the C stack is nearly used (Lua
 * 5.4.4 does not count nested closes: upstream_bugs.c). The argument is
 * checked here so a bad one is named as close's. */
static int co_close(lua_State *L) {
    lua_State *co = lua_tothread(L, 1);
    luaL_argexpected(L, co, 1, "coroutine");
    if (bk_cstack_exhausted()) return luaL_error(L, "C stack overflow");
    bk_state *st = bk_st(L);
    lua_settop(L, 1);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    if (st->firing) { anchor_thread(L, co); bk_limits_hijack(st, co); }
    lua_State *prev = st->running;
    st->running = co;
    int status = lua_pcall(L, 1, LUA_MULTRET, 0);
    st->running = prev;
    if (st->firing) bk_limits_hijack(st, L);
    if (status != LUA_OK) return lua_error(L);
    return lua_gettop(L);
}

static int co_wrap(lua_State *L) {
    luaL_checktype(L, 1, LUA_TFUNCTION);
    lua_State *co = lua_newthread(L);
    lua_pushvalue(L, 1);
    lua_xmove(L, co, 1);
    lua_pushcclosure(L, co_wrap_call, 1);
    return 1;
}

/* debug.sethook: the user's hook is installed as usual (beside the hook
 * owner's, when a run counts lines: hooks.h); while a limit is firing, the
 * limit's hook goes back on top and the user's is what gets restored
 * afterwards. */
static int sethook(lua_State *L) {
    int n = lua_gettop(L);
    lua_State *target = lua_type(L, 1) == LUA_TTHREAD ? lua_tothread(L, 1) : L;
    int own_function = bk_hooks_is_own_function(L, target == L ? 1 : 2);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, n, 0);
    bk_hooks_after_sethook(L, target, own_function);
    bk_state *st = bk_st(L);
    if (st->firing) {
        if (target != L) anchor_thread(L, target);
        bk_limits_hijack(st, target);
    }
    return 0;
}

/* Runs inside the protected body that opens the libraries. */
int bk_limits_install(lua_State *L) {
    lua_getglobal(L, "coroutine");
    if (lua_istable(L, -1)) {
        lua_pushcfunction(L, co_resume);
        lua_setfield(L, -2, "resume");
        lua_pushcfunction(L, co_wrap);
        lua_setfield(L, -2, "wrap");
        lua_getfield(L, -1, "close");
        if (lua_isfunction(L, -1)) {
            lua_pushcclosure(L, co_close, 1);
            lua_setfield(L, -2, "close");
        } else {
            lua_pop(L, 1);
        }
    }
    lua_pop(L, 1);
    lua_getglobal(L, "debug");
    if (lua_istable(L, -1)) {
        lua_getfield(L, -1, "sethook");
        lua_pushcclosure(L, sethook, 1);
        lua_setfield(L, -2, "sethook");
    }
    lua_pop(L, 1);
    bk_upstream_bugs_install(L);
    return bk_hooks_install(L);
}

void bk_after_fork(lua_State *L) {
    bk_state *st = bk_st(L);
    st->has_timer = 0;
    atomic_store(&st->armed_ns, 0);
}

/* lua_sethook, then the limit's hook back on top if a limit fired on this
 * thread meanwhile (its timer may go off between reading and setting a
 * hook): the limit puts `h` back when it is done. Everything that sets a
 * hook for its own reasons (the hook owner) sets it
 * through here. */
void bk_set_hook(lua_State *T, lua_Hook h, int mask, int count) {
    lua_sethook(T, h, mask, count);
    bk_state *st = bk_st(T);
    if (st->firing && T == st->running) bk_limits_hijack(st, T);
}
