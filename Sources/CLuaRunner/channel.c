/*
 * The worker's results channel: a write-behind buffer on a pipe to the
 * runner that started the worker.
 *
 * Results are appended here and written in batches (one write per spec file,
 * or per test when someone watches the terminal), so reporting costs a
 * memcpy, not a system call. What has been appended but not yet written is
 * never lost to a worker's death that a signal handler sees: when code
 * cannot be interrupted, or a C module crashes the worker, the handler
 * writes the pending bytes and a last record naming what was running, using
 * write(2) only, before the process ends.
 *
 * A death no handler sees (SIGKILL, as the OOM killer sends; _exit from C)
 * loses nothing either: the buffer and the activity live in memory shared
 * with the runner (bk_channel_region_new before the fork), which reads
 * what was not sent, and what was running, once the worker is gone.
 */
#include "runner.h"
#include <stdatomic.h>
#include <stdio.h>
#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/mman.h>

#define BK_CHANNEL_CAPACITY (1 << 13)  /* small batches: the runner reads while the file runs */

/* What a worker and its runner share. `sent` is the stream offset of
 * data[0]: the runner, knowing how many bytes it has read, finds the ones
 * it never got. A worker updates `committed` before `sent` when it empties
 * the buffer, so a death between the two loses nothing and repeats nothing. */
struct bk_channel_region {
    volatile unsigned long long sent;
    volatile size_t committed;      /* bytes appended */
    volatile long activity_line;    /* what the worker is doing now: a test's line */
    char activity[256];             /* and its name */
    /* The earliest deadline of the calls running now (monotonic ns, 0 =
     * none) and the limit it stands for: the runner ends a worker still
     * running past it plus the grace, from outside (see call.c). */
    volatile long long deadline_ns;
    volatile double deadline_shown;
    char data[BK_CHANNEL_CAPACITY];
};

static int channel_fd = -1;
static struct bk_channel_region *region = NULL;
static volatile size_t flushed = 0;    /* bytes of data[] already written */

/* Stores before this are in memory before the stores after it (a worker
 * killed in between leaves a consistent region). */
#define ORDERED() atomic_thread_fence(memory_order_seq_cst)

static void write_all(int fd, const char *p, size_t n) {
    while (n > 0) {
        ssize_t w = write(fd, p, n);
        if (w < 0) {
            if (errno == EINTR) continue;
            return;
        }
        p += w;
        n -= (size_t)w;
    }
}

bk_channel_region *bk_channel_region_new(void) {
    void *p = mmap(NULL, sizeof(bk_channel_region), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED) return NULL;
    memset(p, 0, sizeof(bk_channel_region));
    return (bk_channel_region *)p;
}

void bk_channel_region_free(bk_channel_region *r) {
    if (r) munmap(r, sizeof(bk_channel_region));
}

size_t bk_channel_region_unsent(const bk_channel_region *r, unsigned long long received, const char **bytes) {
    *bytes = NULL;
    if (!r) return 0;
    unsigned long long sent = r->sent;
    size_t committed = r->committed;
    if (committed > BK_CHANNEL_CAPACITY || received < sent || received - sent >= committed) return 0;
    size_t from = (size_t)(received - sent);
    *bytes = r->data + from;
    return committed - from;
}

const char *bk_channel_region_activity(const bk_channel_region *r, long *line) {
    static char copy[sizeof ((bk_channel_region *)0)->activity];
    *line = 0;
    if (!r) return "";
    memcpy(copy, r->activity, sizeof copy);
    copy[sizeof copy - 1] = '\0';
    *line = r->activity_line;
    return copy;
}

static const bk_deadline_observer deadline_observer;

void bk_channel_open_shared(int fd, bk_channel_region *shared) {
    channel_fd = fd;
    /* From now on the core shows this worker's deadlines here. */
    bk_set_deadline_observer(&deadline_observer);
    if (shared) {
        region = shared;
    } else if (!region) {
        region = calloc(1, sizeof(bk_channel_region));
    }
    if (region) {
        region->committed = 0;
        region->sent = 0;
        region->activity_line = 0;
        region->activity[0] = '\0';
    }
    flushed = 0;
}

void bk_channel_open(int fd) { bk_channel_open_shared(fd, NULL); }

/* Code between the calls that have deadlines (the framework's own, and
 * what Lua runs there: a finalizer, a metamethod) has one too when the run
 * has a timeout: the gap's deadline, shown while no call's is, so the
 * runner watches the worker between tests as well. A call's deadline
 * replaces it. */
static double gap_seconds = 0;
static int showing_gap = 0;

void bk_channel_set_gap(double seconds) { gap_seconds = seconds > 0 ? seconds : 0; }

static void show(long long deadline_ns, double shown) {
    region->deadline_shown = shown;
    ORDERED();
    region->deadline_ns = deadline_ns;
}

static void bk_channel_end_gap(void) {
    if (region && showing_gap) show(0, 0);
    showing_gap = 0;
}

static long long bk_channel_publish_deadline(long long deadline_ns, double shown, double *previous_shown) {
    *previous_shown = 0;
    if (!region) return 0;
    if (showing_gap) { show(0, 0); showing_gap = 0; }
    long long prev = region->deadline_ns;
    *previous_shown = region->deadline_shown;
    if (deadline_ns == 0 || prev == 0 || deadline_ns < prev) {
        /* The limit first, so the runner never pairs a deadline with
         * another's limit for long. */
        region->deadline_shown = shown;
        ORDERED();
        region->deadline_ns = deadline_ns;
    }
    return prev;
}

static void bk_channel_restore_deadline(long long deadline_ns, double shown) {
    if (!region) return;
    if (deadline_ns == 0 && gap_seconds > 0) {
        show(bk_now_ns() + (long long)(gap_seconds * 1e9), gap_seconds);
        showing_gap = 1;
        return;
    }
    show(deadline_ns, shown);
}

static const bk_deadline_observer deadline_observer = {
    .publish = bk_channel_publish_deadline,
    .restore = bk_channel_restore_deadline,
    .outermost_returned = bk_channel_end_gap,
};

long long bk_channel_region_deadline(const bk_channel_region *r, double *shown) {
    *shown = 0;
    if (!r) return 0;
    long long d = r->deadline_ns;
    *shown = r->deadline_shown;
    return d;
}

void bk_stdout_line_buffered(void) { setvbuf(stdout, NULL, _IOLBF, 0); }

int bk_channel_flush(void) {
    if (channel_fd < 0 || !region) return -1;
    size_t end = region->committed;
    while (flushed < end) {
        ssize_t w = write(channel_fd, region->data + flushed, end - flushed);
        if (w < 0) {
            if (errno == EINTR) continue;
            return -1;
        }
        flushed += (size_t)w;
    }
    region->committed = 0;
    ORDERED();
    region->sent += end;
    flushed = 0;
    return 0;
}

int bk_channel_append(const char *p, size_t n) {
    if (channel_fd < 0 || !region) return -1;
    if (region->committed + n > BK_CHANNEL_CAPACITY) {
        if (bk_channel_flush() != 0) return -1;
        if (n > BK_CHANNEL_CAPACITY) {
            write_all(channel_fd, p, n);
            region->sent += n;
            return 0;
        }
    }
    memcpy(region->data + region->committed, p, n);
    ORDERED();
    region->committed += n;
    return 0;
}

void bk_channel_activity(const char *text, long line) {
    if (!region) return;
    size_t n = text ? strlen(text) : 0;
    if (n >= sizeof region->activity) n = sizeof region->activity - 1;
    if (n) memcpy(region->activity, text, n);
    region->activity[n] = '\0';
    region->activity_line = line;
}

/* Appends `s` with tabs, newlines and backslashes escaped (the record format). */
static size_t escaped(char *out, size_t room, const char *s) {
    size_t k = 0;
    for (; s && *s && k + 2 < room; s++) {
        char c = *s;
        if (c == '\t') { out[k++] = '\\'; out[k++] = 't'; }
        else if (c == '\n') { out[k++] = '\\'; out[k++] = 'n'; }
        else if (c == '\\') { out[k++] = '\\'; out[k++] = '\\'; }
        else out[k++] = c;
    }
    return k;
}

/* Async-signal-safe: the pending records, then "X <activity> <message> <line>". */
void bk_channel_last_words(const char *message) {
    if (channel_fd < 0 || !region) return;
    size_t end = region->committed;
    if (flushed < end) write_all(channel_fd, region->data + flushed, end - flushed);
    region->committed = 0;
    ORDERED();
    region->sent += end;
    flushed = 0;
    char rec[1200];
    size_t k = 0;
    rec[k++] = 'X';
    rec[k++] = '\t';
    k += escaped(rec + k, 400, region->activity);
    rec[k++] = '\t';
    k += escaped(rec + k, sizeof rec - k - 24, message);
    rec[k++] = '\t';
    char digits[24];
    int nd = 0;
    long v = region->activity_line > 0 ? region->activity_line : 0;
    do { digits[nd++] = (char)('0' + v % 10); v /= 10; } while (v && nd < 20);
    while (nd) rec[k++] = digits[--nd];
    rec[k++] = '\n';
    write_all(channel_fd, rec, k);
}

/* The stuck handler a worker gives its states (see bk_set_stuck_handler). */
void bk_channel_stuck(void *ud, const char *message, size_t length) {
    (void)ud; (void)length;
    bk_channel_last_words(message);
}

static void on_crash(int sig) {
    const char *what = sig == SIGSEGV ? "the worker crashed (SIGSEGV, a segmentation fault in a C module?)"
        : sig == SIGBUS ? "the worker crashed (SIGBUS)"
        : sig == SIGFPE ? "the worker crashed (SIGFPE)"
        : sig == SIGILL ? "the worker crashed (SIGILL)"
        : "the worker was aborted (SIGABRT)";
    bk_channel_last_words(what);
    signal(sig, SIG_DFL);
    raise(sig);
}

void bk_channel_catch_crashes(void) {
    int sigs[] = { SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT };
    for (size_t i = 0; i < sizeof sigs / sizeof sigs[0]; i++) {
        struct sigaction sa;
        memset(&sa, 0, sizeof sa);
        sa.sa_handler = on_crash;
        sigemptyset(&sa.sa_mask);
        sa.sa_flags = SA_RESETHAND;
        sigaction(sigs[i], &sa, NULL);
    }
}

/* activity(name, line): what a test worker is running, for the last words
 * of a worker that has to end (a C function: it runs once per test). */
static int activity_fn(lua_State *L) {
    const char *name = luaL_optstring(L, 1, "");
    long line = (long)luaL_optinteger(L, 2, 0);
    bk_set_activity(L, name);
    bk_channel_activity(name, line);
    return 0;
}

void bk_push_activity(lua_State *L) { lua_pushcfunction(L, activity_fn); }

/* clock(): monotonic seconds, for test durations and deadlines. */
static int clock_fn(lua_State *L) {
    lua_pushnumber(L, (lua_Number)bk_now_ns() * 1e-9);
    return 1;
}

void bk_push_clock(lua_State *L) { lua_pushcfunction(L, clock_fn); }

/* line(level [, source]): the line being run at `level` of the caller's
 * stack (as debug.getinfo(level + 1, "l").currentline), without building a
 * table: a framework registering thousands of tests asks once per test.
 * Given the spec's `source` ("@spec/x_spec.lua"), a second result names the
 * file running there (its short_src) when it is another one: a test defined
 * in a helper the spec requires. */
static int line_fn(lua_State *L) {
    lua_Debug ar;
    int level = (int)luaL_optinteger(L, 1, 1);
    const char *source = lua_type(L, 2) == LUA_TSTRING ? lua_tostring(L, 2) : NULL;
    if (!lua_getstack(L, level, &ar) || !lua_getinfo(L, source ? "Sl" : "l", &ar)) {
        lua_pushinteger(L, 0);
        return 1;
    }
    lua_pushinteger(L, ar.currentline);
    if (source && ar.source && strcmp(ar.source, source) != 0 && ar.source[0] == '@') {
        lua_pushstring(L, ar.short_src);
        return 2;
    }
    return 1;
}

void bk_push_line(lua_State *L) { lua_pushcfunction(L, line_fn); }

/* --- report(): a worker's results, written straight into the channel ------
 * report(status, name, line, duration, message, traceback, output, picture,
 * defined_in, detail)
 * as the framework calls it, formatted here as the runner's "R" record, so a
 * passing test costs no host-language strings at all. */

static void put_bytes(const char *p, size_t n) { bk_channel_append(p, n); }

static void put_escaped(const char *p, size_t n) {
    size_t start = 0;
    for (size_t i = 0; i < n; i++) {
        char c = p[i];
        const char *esc = NULL;
        if (c == '\t') esc = "\\t";
        else if (c == '\n') esc = "\\n";
        else if (c == '\r') esc = "\\r";
        else if (c == '\\') esc = "\\\\";
        else if (c == 31) esc = "\\u";
        if (esc) {
            if (i > start) put_bytes(p + start, i - start);
            put_bytes(esc, 2);
            start = i + 1;
        }
    }
    if (n > start) put_bytes(p + start, n - start);
}

static void put_int(long long v) {
    char buf[24];
    int k = 0;
    unsigned long long m = v < 0 ? (unsigned long long)(-v) : (unsigned long long)v;
    do { buf[k++] = (char)('0' + m % 10); m /= 10; } while (m && k < 22);
    if (v < 0) buf[k++] = '-';
    char out[24];
    for (int i = 0; i < k; i++) out[i] = buf[k - 1 - i];
    put_bytes(out, (size_t)k);
}

/* A value as the runner shows it: strings as they are, an error object's
 * `message` field, numbers and booleans as text; 0 when nil. */
static int put_value(lua_State *L, int i) {
    size_t n;
    const char *p;
    switch (lua_type(L, i)) {
    case LUA_TNIL: case LUA_TNONE: return 0;
    case LUA_TSTRING: case LUA_TNUMBER:
        p = lua_tolstring(L, i, &n);  /* numbers: converts a copy? no: in place, fine for report args */
        put_escaped(p, n);
        return 1;
    case LUA_TBOOLEAN:
        put_bytes(lua_toboolean(L, i) ? "true" : "false", lua_toboolean(L, i) ? 4 : 5);
        return 1;
    case LUA_TTABLE:
        /* Raw reads here and below: a metamethod would run the spec's code
         * in the middle of this record, and whatever it sent (a require's
         * M record, say) would land inside it. */
        lua_pushliteral(L, "message");
        if (lua_rawget(L, i < 0 ? i - 1 : i) == LUA_TSTRING) {
            p = lua_tolstring(L, -1, &n);
            put_escaped(p, n);
        } else {
            put_bytes("(error object: table)", 21);
        }
        lua_pop(L, 1);
        return 1;
    default:
        p = luaL_typename(L, i);
        put_bytes(p, strlen(p));
        return 1;
    }
}

static int channel_report(lua_State *L) {
    size_t n;
    const char *status = luaL_optlstring(L, 1, "error", &n);
    const char *word = "error";
    if (strcmp(status, "success") == 0) word = "passed";
    else if (strcmp(status, "failure") == 0) word = "failed";
    else if (strcmp(status, "pending") == 0) word = "pending";
    else if (strcmp(status, "listed") == 0) word = "listed";
    else if (strcmp(status, "error@hook") == 0) word = "error@hook";
    else if (strcmp(status, "error@block") == 0) word = "error@block";
    put_bytes("R\t", 2);
    put_bytes(word, strlen(word));
    put_bytes("\t", 1);
    if (!put_value(L, 2)) put_bytes("?", 1);
    put_bytes("\t", 1);
    put_int(lua_type(L, 3) == LUA_TNUMBER ? (long long)lua_tointeger(L, 3) : 0);
    put_bytes("\t", 1);
    double d = lua_type(L, 4) == LUA_TNUMBER ? (double)lua_tonumber(L, 4) : 0;
    put_int(d > 0 ? (long long)(d * 1e6 + 0.5) : 0);
    put_bytes("\t", 1);
    int has_message = put_value(L, 5);
    put_bytes("\t", 1);
    put_value(L, 6);
    put_bytes("\t", 1);
    put_value(L, 7);
    put_bytes(has_message ? "\t1" : "\t0", 2);
    int has_picture = lua_type(L, 8) == LUA_TTABLE;
    if (has_picture) {
        static const char *keys[] = { "expected", "actual", "diffs", "caption" };
        for (int k = 0; k < 4; k++) {
            put_bytes("\t", 1);
            lua_pushstring(L, keys[k]);
            int t = lua_rawget(L, 8);
            if (k == 2 && t == LUA_TTABLE) {
                lua_Integer len = (lua_Integer)lua_rawlen(L, -1);
                for (lua_Integer j = 1; j <= len; j++) {
                    if (j > 1) put_bytes("\x1f", 1);
                    lua_rawgeti(L, -1, j);
                    put_value(L, lua_gettop(L));
                    lua_pop(L, 1);
                }
            } else if (t == LUA_TSTRING) {
                const char *p = lua_tolstring(L, -1, &n);
                put_escaped(p, n);
            }
            lua_pop(L, 1);
        }
    }
    /* The file that defined the test, when not the spec (busted shows it),
     * then busted's formatted entry as JSON (for -o json and handlers). */
    int has_detail = lua_type(L, 10) == LUA_TSTRING;
    if (lua_type(L, 9) == LUA_TSTRING || has_detail) {
        if (!has_picture) put_bytes("\t\t\t\t", 4);
        put_bytes("\t", 1);
        if (lua_type(L, 9) == LUA_TSTRING) put_value(L, 9);
    }
    if (has_detail) {
        put_bytes("\t", 1);
        put_value(L, 10);
    }
    put_bytes("\n", 1);
    /* What the test printed reaches standard output before the runner
     * hears of its result, so the runner's next line cannot overtake it. */
    if (lua_toboolean(L, lua_upvalueindex(1))) { fflush(stdout); bk_channel_flush(); }
    return 0;
}

void bk_push_channel_report(lua_State *L, int flush_each) {
    lua_pushboolean(L, flush_each);
    lua_pushcclosure(L, channel_report, 1);
}
