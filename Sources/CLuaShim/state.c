/*
 * A Lua state and its C-side companion, bk_state: the allocator with the
 * memory ceiling, opening and closing.
 */
#include "internal.h"
#include <stdlib.h>
#include <string.h>
#include <stdio.h>
#include <unistd.h>

long long bk_now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (long long)ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

double bk_now(void) { return (double)bk_now_ns() * 1e-9; }

/* The allocator: accounts every byte; refuses growth past the limit only
 * while Lua code runs under a protected call (in_host == 0). Everywhere
 * else (host functions, the driver code that sets states up and reads
 * results) allocations go through, so a refused allocation always lands in
 * a pcall; the overrun is raised when control is back in C (see call.c).
 *
 * When a refusal sticks. Lua's core answers a refusal with an emergency
 * collection (which only frees) and asks again for the very same block
 * (pointer, old size or tag, new size) once: if that retry succeeds, the
 * collection made room and nothing sticks. Anything else makes it stick at
 * once: the same request refused twice in a row (the retry failed: Lua
 * raises), or any other allocation coming first (lauxlib's buffers, which
 * string.rep and table.concat use, raise on the first refusal and never
 * retry). A request that merely looks like the retry, made by the script
 * after it caught the error, always comes second: the refusal stuck at the
 * retry that failed, and nothing takes a stuck refusal back. */
static void *bk_alloc(void *ud, void *ptr, size_t osize, size_t nsize) {
    bk_state *st = (bk_state *)ud;
    if (nsize == 0) {
        if (ptr) { free(ptr); st->used -= osize; }
        return NULL;
    }
    size_t old = ptr ? osize : 0;
    size_t used = st->used - old + nsize;
    int again = st->refusal_pending && st->refused_ptr == ptr && st->refused_osize == osize && st->refused_size == nsize;
    /* `ceiling` is the limit, or SIZE_MAX for none: one comparison. */
    if (used > st->ceiling && nsize > old && !st->in_host) {
        st->mem_refused = 1;
        if (st->refusal_pending) {
            st->mem_exceeded = 1;  /* the retry failed (or the last refusal had none) */
            st->refusal_pending = 0;
            return NULL;
        }
        st->refusal_pending = 1;
        st->refused_ptr = ptr;
        st->refused_osize = osize;
        st->refused_size = nsize;
        return NULL;
    }
    void *p = ptr ? realloc(ptr, nsize) : malloc(nsize);
    if (!p && bk_floor_lift()) {
        /* The kernel's floor refused. Refusing Lua code is safe (Lua
         * raises, in a pcall) but host code cannot be refused (its Lua API
         * calls would raise through Swift), so the floor steps aside and
         * the block is allocated; either way the ceiling was reached for
         * good and the call fails with it. */
        st->mem_refused = 1;
        st->mem_exceeded = 1;
        st->refusal_pending = 0;
        if (!st->in_host) return NULL;
        p = ptr ? realloc(ptr, nsize) : malloc(nsize);
    }
    if (!p) return NULL;
    if (st->refusal_pending) {
        if (!again) st->mem_exceeded = 1;  /* another request came first: no retry */
        st->refusal_pending = 0;
    }
    st->used = used;
    if (used > st->peak) st->peak = used;
    return p;
}

bk_state *bk_state_of(lua_State *L) { return bk_st(L); }
void *bk_host(lua_State *L) { return bk_st(L)->host; }

lua_State *bk_swap_active(lua_State *L) {
    bk_state *st = bk_st(L);
    lua_State *prev = st->active;
    st->active = L;
    return prev;
}

void bk_restore_active(lua_State *L, lua_State *prev) { bk_st(L)->active = prev; }

lua_State *bk_active(lua_State *L) {
    bk_state *st = bk_st(L);
    return st->active ? st->active : st->main;
}
void bk_state_set_host(lua_State *L, void *host) { bk_st(L)->host = host; }
size_t bk_memory_used(lua_State *L) { return bk_st(L)->used; }
size_t bk_memory_peak(lua_State *L) { return bk_st(L)->peak; }
size_t bk_memory_limit(lua_State *L) { return bk_st(L)->limit; }

void bk_charge(lua_State *L, ptrdiff_t delta) {
    bk_state *st = bk_st(L);
    if (delta < 0 && (size_t)(-delta) > st->used) st->used = 0;
    else st->used = (size_t)((ptrdiff_t)st->used + delta);
    if (st->used > st->peak) st->peak = st->used;
}

void bk_memory_reached(lua_State *L) {
    bk_state *st = bk_st(L);
    st->mem_refused = 1;
    st->mem_exceeded = 1;
}

static int open_body(lua_State *L) {
    luaL_openlibs(L);
    bk_floor_wrap_spawners(L);
    return bk_limits_install(L);
}

lua_State *bk_open(size_t memory_limit, void *host, bk_releasefn release) {
    bk_state *st = calloc(1, sizeof *st);
    if (!st) return NULL;
    st->limit = memory_limit;
    st->ceiling = memory_limit ? memory_limit : (size_t)-1;
    st->host = host;
    st->release = release;
    st->in_host = 1;  /* the driver allocates freely; protected calls set 0 */
    if (bk_limits_register(st) != 0) { free(st); return NULL; }
    lua_State *L = lua_newstate(bk_alloc, st);
    if (!L) { bk_limits_unregister(st); free(st); return NULL; }
    /* Every thread starts with a copy of the main thread's extra space, so
     * bk_st finds the state from any coroutine without an API call. */
    *(bk_state **)lua_getextraspace(L) = st;
    st->main = L;
    st->running = L;
    lua_pushcfunction(L, open_body);
    if (bk_limited_pcall(L, 0, 0, 0) != LUA_OK) {
        lua_close(L);
        bk_limits_unregister(st);
        free(st);
        return NULL;
    }
    return L;
}

void bk_close(lua_State *L, double finalizer_timeout) {
    bk_state *st = bk_st(L);
    /* Finalizers run inside lua_close, where Lua allows no hooks: a runaway
     * one is ended by the timer's grace check (limits.c) instead of hanging. */
    int level = atomic_load(&st->depth) + 1;
    if (finalizer_timeout > 0 && level < BK_MAX_LEVELS) {
        long long d = bk_now_ns() + (long long)(finalizer_timeout * 1e9);
        st->timeout[level] = finalizer_timeout;
        atomic_store(&st->deadline[level], d);
        atomic_store(&st->depth, level);
        snprintf(st->activity, sizeof st->activity, "%s", "closing the Lua state (__gc finalizers)");
        bk_limits_arm(st, d);
    }
    lua_close(L);
    bk_limits_unregister(st);
    bk_hooks_release(st);
    free(st);
}

void bk_set_activity(lua_State *L, const char *text) {
    bk_state *st = bk_st(L);
    size_t n = text ? strlen(text) : 0;
    if (n >= sizeof st->activity) n = sizeof st->activity - 1;
    if (n) memcpy(st->activity, text, n);
    st->activity[n] = '\0';
}

void bk_set_stuck_handler(lua_State *L, bk_stuckfn fn, void *ud) {
    bk_state *st = bk_st(L);
    st->on_stuck = fn;
    st->stuck_ud = ud;
}

void bk_gc_collect(lua_State *L) { lua_gc(L, LUA_GCCOLLECT, 0); }

void bk_push_timeout_message(lua_State *L, double seconds) {
    if (seconds == (double)(long long)seconds)
        lua_pushfstring(L, "time limit exceeded (%I s)", (lua_Integer)seconds);
    else
        lua_pushfstring(L, "time limit exceeded (%f s)", (lua_Number)seconds);
}

static char appearance_keys_anchor;
void *bk_appearance_keys_anchor(void) { return &appearance_keys_anchor; }
