#ifndef CLUARUNNER_H
#define CLUARUNNER_H
/*
 * The test runner's runtime, linked by ButtonKitTesting only: the results
 * channel a worker writes (channel.c), modules compiled once per run
 * (chunkcache.c) and line coverage (coverage.c, coverage_scan.c). It calls
 * into the core and the sandbox and reaches the core's limits only through
 * what it registers there (hooks.h): the channel observes deadlines, and
 * coverage owns the hook beside a script's.
 */
#include "CLuaSandbox.h"

/* A test worker's results channel (one per process): a write-behind
 * buffer on `fd` whose pending bytes a signal handler still writes when the
 * worker must end (code that cannot be interrupted, a crash in C). */
void bk_channel_open(int fd);
/* The same, with the buffer and activity in `shared` (NULL: private memory),
 * a region the runner made before forking the worker. */
typedef struct bk_channel_region bk_channel_region;
void bk_channel_open_shared(int fd, bk_channel_region *shared);
/* The runner's side: a region to share with one worker (NULL when mmap
 * fails), and after the worker has ended without last words, the bytes it
 * appended that the runner never read (`received`: the bytes it did read)
 * and the test it was running (a static copy; "" when none). */
bk_channel_region *bk_channel_region_new(void);
void bk_channel_region_free(bk_channel_region *r);
size_t bk_channel_region_unsent(const bk_channel_region *r, unsigned long long received, const char **bytes);
const char *bk_channel_region_activity(const bk_channel_region *r, long *line);
/* The earliest deadline of the calls a worker runs now (monotonic ns, the
 * clock every process shares; 0 = none), and the limit it stands for, in
 * seconds: the runner ends a worker still running at it plus the grace. */
long long bk_channel_region_deadline(const bk_channel_region *r, double *shown);
/* A worker's timeout, for code between the calls that have deadlines (0:
 * none): while no call's deadline is shown, the runner sees the time since
 * the last call returned plus this, and ends a worker stuck there. */
void bk_channel_set_gap(double seconds);
int bk_channel_append(const char *p, size_t n);
int bk_channel_flush(void);
/* Makes C's standard output line-buffered: a worker echoing what specs
 * print shares standard output with the runner, line by line. */
void bk_stdout_line_buffered(void);
/* What the worker does now (a test's name and line), for its last words. */
void bk_channel_activity(const char *text, long line);
/* Async-signal-safe: writes what is pending, then an "X" record. */
void bk_channel_last_words(const char *message);
/* Pushes activity(name, line), setting the state's and the channel's
 * activity; and clock(), monotonic seconds. */
void bk_push_activity(lua_State *L);
void bk_push_clock(lua_State *L);
/* Pushes line(level): the current line `level` frames up, without a table. */
void bk_push_line(lua_State *L);

/* Modules compiled once for a test run (chunkcache.c). The runner compiles
 * the file at `path` and keeps its bytecode with the file's identity (1:
 * cached); workers forked afterwards inherit it. */
int bk_chunkcache_compile(const char *path);
/* Pushes the cached main function of the module at `path` (returns 1), or
 * returns 0 when there is no up-to-date bytecode for it. */
int bk_chunkcache_push(lua_State *L, const char *path);
/* Pushes cached_chunk(path) -> the module's main function from the cache,
 * or nil when there is no up-to-date entry (never raises). */
void bk_push_chunkcache_load(lua_State *L);
/* Both, for the file already open at `fd` under `path` (the identity is
 * the descriptor's: no second lookup by name); neither closes it. */
int bk_chunkcache_compile_fd(const char *path, int fd);
int bk_chunkcache_push_fd(lua_State *L, const char *path, int fd);
/* Spec files read before any runs (busted loads them all first): keeps
 * the text of the spec at `path` (open at `fd`), whatever the file becomes
 * afterwards; 1 when kept, 0 when it cannot be read or is a binary chunk. */
int bk_chunkcache_keep_spec_fd(const char *path, int fd);
int bk_chunkcache_keep_spec(const char *path);
/* Pushes the kept spec's main function, compiled from the kept text as
 * its file would be (returns 1), or returns 0 (not kept, or it does not
 * compile: the caller loads the file and reports the error). */
int bk_chunkcache_push_spec(lua_State *L, const char *path);
/* Drops every kept spec (a new run keeps its own). */
void bk_chunkcache_forget_specs(void);
/* How many modules are cached (for tests). */
size_t bk_chunkcache_count(void);
/* Pushes report(status, name, line, duration, message, traceback, output,
 * picture) writing the runner's "R" record into the channel (a worker's
 * report: no host strings per test); `flush_each` writes after each one. */
void bk_push_channel_report(lua_State *L, int flush_each);
/* A bk_stuckfn that ends with the channel's last words. */
void bk_channel_stuck(void *ud, const char *message, size_t length);
/* Crash signals (SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT) leave last words too. */
void bk_channel_catch_crashes(void);

/* Line coverage (coverage.c). bk_push_coverage_lib pushes the functions the
 * runner's Lua side drives it with (start, stop, hook, hit, data, ...);
 * bk_coverage_set_spec names the spec file a worker runs (spec files are
 * not counted unless the configuration includes them); the counts are read
 * back per counted file: its name in the stats file, counts[1...max]. */
void bk_push_coverage_lib(lua_State *L);
void bk_coverage_set_spec(lua_State *L, const char *path);
/* Counting on (1) or paused (0), the hook staying; returns whether it was
 * counting (0 when coverage never started). */
int bk_coverage_set_active(lua_State *L, int active);
int bk_coverage_file_count(lua_State *L);
const char *bk_coverage_file(lua_State *L, int i, size_t *keylen, const uint64_t **counts, int *max);
/* The configuration the luacov module announced (NULL when none). */
const char *bk_coverage_config(lua_State *L);

/* Bytes C's stdout holds unwritten (glibc's __fpending, which Swift's Glibc
 * module does not show): the runner's batched standard output writes them
 * out before its own next bytes, so what Lua printed keeps its place. */
size_t bk_stdout_pending(void);

#endif
