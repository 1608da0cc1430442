/*
 * The kernel's floor under the memory ceiling: RLIMIT_DATA, set by a
 * process that runs scripts and nothing else, lifted for the host's own
 * work (what a command does after its script ended, pictures a script
 * asks for) and for every program a script starts.
 */
#include "internal.h"
#include <stdio.h>
#include <unistd.h>
#include <sys/resource.h>

/* The soft limit before the floor (what lifting puts back), the floor, and
 * whether the floor is in force now. Written by the thread that runs
 * scripts; read by a forked child before it runs anything. */
static rlim_t before = RLIM_INFINITY;
static rlim_t floor_bytes = 0;
static _Atomic int in_force = 0;

/* The process's data segment (heap, private writable mappings), in bytes,
 * as /proc/self/statm counts it; 0 when it cannot be read. */
static size_t data_bytes(void) {
    FILE *f = fopen("/proc/self/statm", "r");
    if (!f) return 0;
    unsigned long size, resident, shared, text, lib, data;
    int n = fscanf(f, "%lu %lu %lu %lu %lu %lu", &size, &resident, &shared, &text, &lib, &data);
    fclose(f);
    if (n != 6) return 0;
    long page = sysconf(_SC_PAGESIZE);
    return (size_t)data * (size_t)(page > 0 ? page : 4096);
}

static int set_soft(rlim_t soft) {
    struct rlimit cur;
    if (getrlimit(RLIMIT_DATA, &cur) != 0) return -1;
    struct rlimit r = { .rlim_cur = soft, .rlim_max = cur.rlim_max };
    return setrlimit(RLIMIT_DATA, &r);
}

/* os.execute and io.popen start their child with the soft limit the
 * process had before the floor: the floor is for this process's scripts,
 * and a program a script runs has its own needs. glibc starts both with
 * posix_spawn (no fork handlers run), so the floor is lifted around the
 * call; the script's own code does not run meanwhile (os.execute waits for
 * the child; io.popen returns once it started). */
static int spawning(lua_State *L) {
    /* The originals' own argument checks, made here so a bad argument is
     * named for this function and placed at the script's line. */
    if (lua_toboolean(L, lua_upvalueindex(2))) {
        luaL_checkstring(L, 1);
        const char *m = luaL_optstring(L, 2, "r");
        luaL_argcheck(L, (m[0] == 'r' || m[0] == 'w') && m[1] == '\0', 2, "invalid mode");
    } else {
        luaL_optstring(L, 1, NULL);
    }
    int lifted = bk_floor_lift();
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    int status = lua_pcall(L, lua_gettop(L) - 1, LUA_MULTRET, 0);
    if (lifted) bk_floor_restore();
    if (status != LUA_OK) return lua_error(L);
    return lua_gettop(L);
}

static void wrap(lua_State *L, const char *lib, const char *name, int popen) {
    if (lua_getglobal(L, lib) == LUA_TTABLE && lua_getfield(L, -1, name) == LUA_TFUNCTION) {
        lua_pushboolean(L, popen);
        lua_pushcclosure(L, spawning, 2);
        lua_setfield(L, -2, name);
        lua_pop(L, 1);
    } else {
        lua_pop(L, lua_type(L, -1) == LUA_TTABLE ? 1 : 2);
    }
}

void bk_floor_wrap_spawners(lua_State *L) {
    wrap(L, "os", "execute", 0);
    wrap(L, "io", "popen", 1);
}

size_t bk_memory_floor(size_t limit) {
    if (!limit) return 0;
    /* What the process holds now, twice the ceiling (a string the script
     * made and the host's copy of it are both counted once in the
     * ceiling's accounting, at worst) and room for the runtime's own. */
    size_t slack = (size_t)64 << 20;
    size_t want = data_bytes() + (limit > ((size_t)-1 - slack) / 3 ? (size_t)-1 / 2 : 2 * limit + slack);
    struct rlimit cur;
    if (getrlimit(RLIMIT_DATA, &cur) != 0) return 0;
    if (cur.rlim_cur != RLIM_INFINITY && cur.rlim_cur <= want) return (size_t)cur.rlim_cur;  /* already tighter */
    if (cur.rlim_max != RLIM_INFINITY && want > cur.rlim_max) want = (size_t)cur.rlim_max;
    if (!atomic_load(&in_force)) before = cur.rlim_cur;
    struct rlimit r = { .rlim_cur = want, .rlim_max = cur.rlim_max };
    if (setrlimit(RLIMIT_DATA, &r) != 0) return 0;
    floor_bytes = want;
    atomic_store(&in_force, 1);
    return want;
}

int bk_floor_lift(void) {
    if (!atomic_load(&in_force)) return 0;
    if (set_soft(before) != 0) return 0;
    atomic_store(&in_force, 0);
    return 1;
}

void bk_floor_restore(void) {
    if (floor_bytes && !atomic_load(&in_force) && set_soft(floor_bytes) == 0) atomic_store(&in_force, 1);
}
