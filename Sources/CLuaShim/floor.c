/*
 * The kernel's floor under the memory ceiling: RLIMIT_DATA, set by a
 * process that runs scripts and nothing else, lifted for the host's own
 * work (what a command does after its script ended, pictures a script
 * asks for) and in every child the process starts.
 */
#include "internal.h"
#include <stdio.h>
#include <unistd.h>
#include <pthread.h>
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
