/*
 * Line coverage for `buttonkit test -c`, counted in C.
 *
 * luacov counts with a Lua function as the line hook: every line event calls
 * into Lua, builds a debug table and indexes a few tables, which makes a
 * covered run tens of times slower. Here the hook is C: a line event finds
 * its chunk's record (the last one used, checked by its source bytes, or a
 * hash lookup) and increments a counter in a plain array. Whether a chunk is
 * counted at all is decided once per chunk, by a Lua filter function (the
 * configuration's include/exclude patterns are Lua patterns). The counts
 * leave the state at the end of a spec file, as records (see Worker.swift).
 *
 * Line events are the same ones luacov's debug.sethook(f, "l") sees (the
 * same liblua), so the counts are luacov's.
 *
 * The hook coexists with
 *  - the time limits: a firing limit replaces the hook on the running thread
 *    and puts it back afterwards (limits.c), like any other hook, and a limit
 *    hook left on a thread restores coverage's: coverage is the state's hook
 *    owner (the core's hooks.h), which the core tells (rehook);
 *  - a user's debug.sethook: the user's hook is remembered per thread and
 *    called from this one for the events it asked for; debug.gethook shows
 *    the user's hook only (coverage stays invisible).
 * New coroutines inherit the hook from the thread that creates them (Lua
 * copies it in lua_newthread).
 */
#include "CLuaRunner.h"
#include "runner.h"
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define COV_USERS 64

typedef struct cov_file {
    struct cov_file *next;  /* hash chain */
    unsigned hash;
    char *source;           /* the chunk's source as Lua holds it: "@./src/x.lua" */
    size_t srclen;
    char *key;              /* its name in the stats file: "src/x.lua"; NULL when ignored */
    size_t keylen;
    int included;           /* counted (1) or ignored (0) */
    int max;                /* the highest line hit */
    int cap;                /* counts has cap entries */
    uint64_t *counts;       /* counts[line] */
} cov_file;

typedef struct cov_user {
    lua_State *L;
    lua_Hook hook;
    int mask, count;
} cov_user;

typedef struct bk_coverage bk_coverage;

struct bk_coverage {
    int active;             /* counting */
    int hooked;             /* the hook was installed (it stays until shutdown) */
    int codefromstrings;    /* count chunks whose source is not "@file" too */
    cov_file **buckets;
    size_t nbuckets, nfiles;
    cov_file *last;         /* the record of the last line event */
    cov_file **list;        /* counted files, in the order first seen */
    size_t nlist, caplist;
    char *spec;             /* the running spec file's key */
    size_t speclen;
    char *config;           /* what the luacov module reports to the runner */
    cov_user users[COV_USERS];
    int nusers;
};

static const char filter_key = 'f';
static const char hookfn_key = 'h';

static void cov_hook(lua_State *L, lua_Debug *ar);
static const bk_hook_owner owner;

/* The state's coverage (its hook owner's data), made when `create`. */
static bk_coverage *coverage_of(lua_State *L, int create) {
    bk_coverage *cv = bk_hook_owner_data(L, &owner);
    if (!cv && create) {
        cv = calloc(1, sizeof(bk_coverage));
        if (cv) bk_set_hook_owner(L, &owner, cv);
    }
    return cv;
}

static void coverage_free(void *data) {
    bk_coverage *cv = data;
    if (!cv) return;
    for (size_t b = 0; b < cv->nbuckets; b++) {
        cov_file *f = cv->buckets[b];
        while (f) {
            cov_file *next = f->next;
            free(f->source);
            free(f->key);
            free(f->counts);
            free(f);
            f = next;
        }
    }
    free(cv->buckets);
    free(cv->list);
    free(cv->spec);
    free(cv->config);
    free(cv);
}

/* --- the user's hooks ------------------------------------------------------ */

static cov_user *user_of(bk_coverage *cv, lua_State *L) {
    for (int i = 0; i < cv->nusers; i++)
        if (cv->users[i].L == L) return &cv->users[i];
    return NULL;
}

static void forget_user(bk_coverage *cv, lua_State *L) {
    for (int i = 0; i < cv->nusers; i++) {
        if (cv->users[i].L == L) {
            cv->users[i] = cv->users[cv->nusers - 1];
            cv->nusers--;
            return;
        }
    }
}

static void remember_user(bk_coverage *cv, lua_State *L, lua_Hook hook, int mask, int count) {
    cov_user *u = user_of(cv, L);
    if (!u) {
        if (cv->nusers >= COV_USERS) {
            /* Full: forget the oldest (likely a thread long collected). */
            memmove(cv->users, cv->users + 1, (COV_USERS - 1) * sizeof cv->users[0]);
            cv->nusers--;
        }
        u = &cv->users[cv->nusers++];
        u->L = L;
    }
    u->hook = hook;
    u->mask = mask;
    u->count = count;
}

/* Puts coverage's hook on `T`, keeping a hook already there (a user's) as
 * the one to call for the events it asked for. */
static void hook_thread(bk_coverage *cv, lua_State *T) {
    lua_Hook h = lua_gethook(T);
    if (h == cov_hook || bk_limit_firing(T)) return;
    int mask = lua_gethookmask(T), count = lua_gethookcount(T);
    if (h && mask) {
        remember_user(cv, T, h, mask, count);
        bk_set_hook(T, cov_hook, mask | LUA_MASKLINE, count);
    } else {
        bk_set_hook(T, cov_hook, LUA_MASKLINE, 0);
    }
}

/* Takes coverage's hook off `T`, putting back the user's if there is one. */
static void unhook_thread(bk_coverage *cv, lua_State *T) {
    if (lua_gethook(T) != cov_hook) return;
    cov_user *u = user_of(cv, T);
    if (u) {
        bk_set_hook(T, u->hook, u->mask, u->count);
        forget_user(cv, T);
    } else {
        bk_set_hook(T, NULL, 0, 0);
    }
}

static void forward(bk_coverage *cv, lua_State *L, lua_Debug *ar, int eventmask) {
    cov_user *u = user_of(cv, L);
    if (u && (u->mask & eventmask)) u->hook(L, ar);
}

/* --- chunks and their records --------------------------------------------- */

static unsigned hash_bytes(const char *p, size_t n) {
    unsigned h = 2166136261u;
    for (size_t i = 0; i < n; i++) { h ^= (unsigned char)p[i]; h *= 16777619u; }
    return h;
}

/* The stats file's name for a source, as luacov makes it: "@" removed, one
 * leading "./" removed, backslashes made slashes. Other sources (chunks
 * loaded from strings) keep their text, when they are counted at all. */
static char *key_of(const char *src, size_t len, size_t *keylen) {
    const char *p = src + 1;
    size_t n = len - 1;
    if (n >= 2 && p[0] == '.' && (p[1] == '/' || p[1] == '\\')) { p += 2; n -= 2; }
    char *k = malloc(n + 1);
    if (!k) return NULL;
    for (size_t i = 0; i < n; i++) k[i] = p[i] == '\\' ? '/' : p[i];
    k[n] = 0;
    *keylen = n;
    return k;
}

typedef struct { const char *key; size_t len; int spec; } filter_args;

/* Runs the filter under protection: filter(key, is_spec) -> counted? */
static int filter_body(lua_State *L) {
    filter_args *a = (filter_args *)lua_touserdata(L, 1);
    lua_rawgetp(L, LUA_REGISTRYINDEX, &filter_key);
    lua_pushlstring(L, a->key, a->len);
    lua_pushboolean(L, a->spec);
    lua_call(L, 2, 1);
    return 1;
}

static int decide(lua_State *L, bk_coverage *cv, const char *key, size_t len) {
    if (!lua_checkstack(L, 4)) return 0;
    filter_args a = { key, len, cv->spec && cv->speclen == len && memcmp(cv->spec, key, len) == 0 };
    lua_pushcfunction(L, filter_body);
    lua_pushlightuserdata(L, &a);
    if (lua_pcall(L, 1, 1, 0) != LUA_OK) { lua_pop(L, 1); return 0; }
    int r = lua_toboolean(L, -1);
    lua_pop(L, 1);
    return r;
}

static int grow_buckets(bk_coverage *cv) {
    size_t n = cv->nbuckets ? cv->nbuckets * 2 : 64;
    cov_file **b = calloc(n, sizeof *b);
    if (!b) return 0;
    for (size_t i = 0; i < cv->nbuckets; i++) {
        cov_file *f = cv->buckets[i];
        while (f) {
            cov_file *next = f->next;
            f->next = b[f->hash & (n - 1)];
            b[f->hash & (n - 1)] = f;
            f = next;
        }
    }
    free(cv->buckets);
    cv->buckets = b;
    cv->nbuckets = n;
    return 1;
}

static cov_file *record_of(lua_State *L, bk_coverage *cv, const char *src, size_t len) {
    unsigned h = hash_bytes(src, len);
    if (cv->nbuckets) {
        for (cov_file *f = cv->buckets[h & (cv->nbuckets - 1)]; f; f = f->next)
            if (f->hash == h && f->srclen == len && memcmp(f->source, src, len) == 0) return f;
    }
    if (cv->nfiles + 1 > cv->nbuckets && !grow_buckets(cv)) return NULL;
    cov_file *f = calloc(1, sizeof *f);
    if (!f) return NULL;
    f->source = malloc(len + 1);
    if (!f->source) { free(f); return NULL; }
    memcpy(f->source, src, len);
    f->source[len] = 0;
    f->srclen = len;
    f->hash = h;
    if (len > 1 && src[0] == '@') {
        f->key = key_of(src, len, &f->keylen);
    } else if (cv->codefromstrings && len > 0 && !(len >= 12 && memcmp(src, "=[buttonkit ", 12) == 0)) {
        /* luacov's codefromstrings: the source text itself is the name (the
         * runner's own embedded chunks are never counted). */
        f->key = malloc(len + 1);
        if (f->key) { memcpy(f->key, src, len); f->key[len] = 0; f->keylen = len; }
    }
    f->included = f->key ? decide(L, cv, f->key, f->keylen) : 0;
    if (f->included) {
        if (cv->nlist == cv->caplist) {
            size_t n = cv->caplist ? cv->caplist * 2 : 16;
            cov_file **l = realloc(cv->list, n * sizeof *l);
            if (!l) f->included = 0;
            else { cv->list = l; cv->caplist = n; }
        }
        if (f->included) cv->list[cv->nlist++] = f;
    }
    f->next = cv->buckets[h & (cv->nbuckets - 1)];
    cv->buckets[h & (cv->nbuckets - 1)] = f;
    cv->nfiles++;
    return f;
}

static void count(cov_file *f, int line) {
    if (line >= f->cap) {
        int n = f->cap ? f->cap : 64;
        while (n <= line) n *= 2;
        uint64_t *c = realloc(f->counts, (size_t)n * sizeof *c);
        if (!c) return;
        memset(c + f->cap, 0, (size_t)(n - f->cap) * sizeof *c);
        f->counts = c;
        f->cap = n;
    }
    f->counts[line]++;
    if (line > f->max) f->max = line;
}

static void count_event(lua_State *L, bk_coverage *cv, lua_Debug *ar) {
    if (!lua_getinfo(L, "S", ar)) return;
    const char *src = ar->source;
    size_t len = ar->srclen;
    cov_file *f = cv->last;
    if (!f || f->srclen != len || memcmp(f->source, src, len) != 0) {
        f = record_of(L, cv, src, len);
        if (!f) return;
        cv->last = f;
    }
    if (f->included) count(f, ar->currentline);
}

static void cov_hook(lua_State *L, lua_Debug *ar) {
    bk_coverage *cv = coverage_of(L, 0);
    if (!cv) { lua_sethook(L, NULL, 0, 0); return; }
    switch (ar->event) {
    case LUA_HOOKLINE:
        if (cv->active && ar->currentline > 0) count_event(L, cv, ar);
        if (cv->nusers) forward(cv, L, ar, LUA_MASKLINE);
        break;
    case LUA_HOOKCOUNT:
        if (cv->nusers) forward(cv, L, ar, LUA_MASKCOUNT);
        break;
    case LUA_HOOKRET:
        if (cv->nusers) forward(cv, L, ar, LUA_MASKRET);
        break;
    default:
        if (cv->nusers) forward(cv, L, ar, LUA_MASKCALL);
        break;
    }
}

/* --- the limits and debug.sethook ------------------------------------------ */

static void owner_rehook(lua_State *L, void *data) {
    bk_coverage *cv = data;
    if (cv && cv->hooked) {
        cov_user *u = user_of(cv, L);
        if (u) lua_sethook(L, cov_hook, u->mask | LUA_MASKLINE, u->count);
        else lua_sethook(L, cov_hook, LUA_MASKLINE, 0);
    } else {
        lua_sethook(L, NULL, 0, 0);
    }
}

static int owner_is_own_function(lua_State *L, void *data, int idx) {
    bk_coverage *cv = data;
    if (!cv || !cv->hooked || lua_type(L, idx) != LUA_TFUNCTION) return 0;
    lua_rawgetp(L, LUA_REGISTRYINDEX, &hookfn_key);
    int same = lua_rawequal(L, -1, idx);
    lua_pop(L, 1);
    return same;
}

static void owner_after_sethook(lua_State *L, void *data, lua_State *target, int coverage_function) {
    (void)L;
    bk_coverage *cv = data;
    if (!cv || !cv->hooked) return;
    lua_Hook h = lua_gethook(target);
    forget_user(cv, target);
    if (h == NULL || coverage_function) {
        /* Unhooked by the user, or luacov's debug_hook asked for: coverage's
         * own hook does that job (luacov would count each line once too). */
        lua_sethook(target, cov_hook, LUA_MASKLINE, 0);
        return;
    }
    if (h == cov_hook) return;
    int mask = lua_gethookmask(target), count = lua_gethookcount(target);
    remember_user(cv, target, h, mask, count);
    lua_sethook(target, cov_hook, mask | LUA_MASKLINE, count);
}

/* debug.gethook shows the user's hook, as if coverage's were not there. */
static int owner_shown_hook(lua_State *L, void *data, lua_State *target, lua_Hook *hook, int *mask, int *count) {
    (void)L;
    bk_coverage *cv = data;
    if (!cv || lua_gethook(target) != cov_hook) return 0;
    cov_user *u = user_of(cv, target);
    *hook = u ? u->hook : NULL;
    *mask = u ? u->mask : 0;
    *count = u ? u->count : 0;
    return 1;
}

static const bk_hook_owner owner = {
    .rehook = owner_rehook,
    .is_own_function = owner_is_own_function,
    .after_sethook = owner_after_sethook,
    .shown_hook = owner_shown_hook,
    .release = coverage_free,
};

/* --- the Lua side: host functions for the runner's coverage module --------- */

/* start(filter, codefromstrings): counts from now on, on this thread, the
 * main thread and every coroutine they create; filter(name, is_spec) says
 * once per chunk whether it is counted. */
static int l_start(lua_State *L) {
    luaL_checktype(L, 1, LUA_TFUNCTION);
    bk_coverage *cv = coverage_of(L, 1);
    if (!cv) return luaL_error(L, "not enough memory for coverage");
    lua_pushvalue(L, 1);
    lua_rawsetp(L, LUA_REGISTRYINDEX, &filter_key);
    cv->codefromstrings = lua_toboolean(L, 2);
    cv->active = 1;
    cv->hooked = 1;
    hook_thread(cv, bk_main_thread(L));
    hook_thread(cv, L);
    return 0;
}

/* stop(): counts no more and takes the hook off this thread and the main one
 * (luacov's shutdown). */
static int l_stop(lua_State *L) {
    bk_coverage *cv = coverage_of(L, 0);
    if (!cv) return 0;
    cv->active = 0;
    unhook_thread(cv, L);
    unhook_thread(cv, bk_main_thread(L));
    cv->hooked = 0;
    return 0;
}

/* hook([thread]): puts the hook on a thread made before coverage started
 * (luacov's with_luacov). */
static int l_hook(lua_State *L) {
    bk_coverage *cv = coverage_of(L, 0);
    lua_State *T = lua_type(L, 1) == LUA_TTHREAD ? lua_tothread(L, 1) : L;
    if (cv && cv->hooked) hook_thread(cv, T);
    return 0;
}

/* hit(level): counts the line running `level` frames up, unless coverage's
 * hook already counts that thread (luacov's debug_hook called by hand). */
static int l_hit(lua_State *L) {
    bk_coverage *cv = coverage_of(L, 0);
    int level = (int)luaL_optinteger(L, 1, 1);
    if (!cv || !cv->active || lua_gethook(L) == cov_hook) return 0;
    lua_Debug ar;
    if (!lua_getstack(L, level, &ar) || !lua_getinfo(L, "Sl", &ar) || ar.currentline <= 0) return 0;
    cov_file *f = record_of(L, cv, ar.source, ar.srclen);
    if (f && f->included) count(f, ar.currentline);
    return 0;
}

/* hook_function(f): the function that, given to debug.sethook, means
 * "coverage's hook" (luacov's runner.debug_hook). */
static int l_hook_function(lua_State *L) {
    luaL_checktype(L, 1, LUA_TFUNCTION);
    lua_pushvalue(L, 1);
    lua_rawsetp(L, LUA_REGISTRYINDEX, &hookfn_key);
    return 0;
}

/* data(): { [name] = { max = n, max_hits = n, [line] = hits } } so far. */
static int l_data(lua_State *L) {
    bk_coverage *cv = coverage_of(L, 0);
    lua_newtable(L);
    if (!cv) return 1;
    for (size_t i = 0; i < cv->nlist; i++) {
        cov_file *f = cv->list[i];
        if (f->max <= 0) continue;
        lua_createtable(L, 0, 2);
        uint64_t most = 0;
        for (int l = 1; l <= f->max; l++) {
            if (!f->counts[l]) continue;
            if (f->counts[l] > most) most = f->counts[l];
            lua_pushinteger(L, (lua_Integer)f->counts[l]);
            lua_rawseti(L, -2, l);
        }
        lua_pushinteger(L, f->max);
        lua_setfield(L, -2, "max");
        lua_pushinteger(L, (lua_Integer)most);
        lua_setfield(L, -2, "max_hits");
        lua_setfield(L, -2, f->key);
    }
    return 1;
}

/* announce(text): the configuration the luacov module runs with, for the
 * runner (it saves and reports with it). */
static int l_announce(lua_State *L) {
    size_t n;
    const char *s = luaL_checklstring(L, 1, &n);
    bk_coverage *cv = coverage_of(L, 1);
    if (!cv) return luaL_error(L, "not enough memory for coverage");
    char *copy = malloc(n + 1);
    if (!copy) return luaL_error(L, "not enough memory for coverage");
    memcpy(copy, s, n);
    copy[n] = 0;
    free(cv->config);
    cv->config = copy;
    return 0;
}

/* active(): whether lines are being counted. */
static int l_active(lua_State *L) {
    bk_coverage *cv = coverage_of(L, 0);
    lua_pushboolean(L, cv && cv->active);
    return 1;
}

/* cwd(): the working folder (luacov makes its paths absolute against it). */
static int l_cwd(lua_State *L) {
    char buf[4096];
    if (getcwd(buf, sizeof buf)) lua_pushstring(L, buf);
    else lua_pushliteral(L, ".");
    return 1;
}

int bk_coverage_set_active(lua_State *L, int active) {
    bk_coverage *cv = coverage_of(L, 0);
    if (!cv || !cv->hooked) return 0;
    int was = cv->active;
    cv->active = active != 0;
    return was;
}

void bk_push_coverage_lib(lua_State *L) {
    static const luaL_Reg fns[] = {
        { "start", l_start }, { "stop", l_stop }, { "hook", l_hook }, { "hit", l_hit },
        { "hook_function", l_hook_function }, { "data", l_data }, { "announce", l_announce },
        { "active", l_active }, { "cwd", l_cwd }, { NULL, NULL },
    };
    luaL_newlib(L, fns);
    bk_coverage_scan_functions(L);
}

/* --- the host side ------------------------------------------------------------ */

void bk_coverage_set_spec(lua_State *L, const char *path) {
    bk_coverage *cv = coverage_of(L, 1);
    if (!cv || !path) return;
    size_t n = strlen(path) + 1;
    char *src = malloc(n + 1);
    if (!src) return;
    src[0] = '@';
    memcpy(src + 1, path, n);
    free(cv->spec);
    cv->spec = key_of(src, n, &cv->speclen);
    free(src);
}

int bk_coverage_file_count(lua_State *L) {
    bk_coverage *cv = coverage_of(L, 0);
    return cv ? (int)cv->nlist : 0;
}

const char *bk_coverage_file(lua_State *L, int i, size_t *keylen, const uint64_t **counts, int *max) {
    bk_coverage *cv = coverage_of(L, 0);
    if (!cv || i < 0 || (size_t)i >= cv->nlist) return NULL;
    cov_file *f = cv->list[i];
    *keylen = f->keylen;
    *counts = f->counts;
    *max = f->max;
    return f->key;
}

const char *bk_coverage_config(lua_State *L) {
    bk_coverage *cv = coverage_of(L, 0);
    return cv ? cv->config : NULL;
}
