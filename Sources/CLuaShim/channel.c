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
 */
#include "internal.h"
#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int channel_fd = -1;
static char *buffer = NULL;
static size_t capacity = 0;
static volatile size_t committed = 0;  /* bytes appended, whole records only */
static volatile size_t flushed = 0;    /* bytes already written */
static char activity[256];             /* what the worker is doing now */
static long activity_line = 0;         /* and where (a test's line) */

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

void bk_channel_open(int fd) {
    channel_fd = fd;
    if (!buffer) {
        capacity = 1 << 16;
        buffer = malloc(capacity);
        if (!buffer) capacity = 0;
    }
    committed = flushed = 0;
}

int bk_channel_flush(void) {
    if (channel_fd < 0) return -1;
    size_t end = committed;
    while (flushed < end) {
        ssize_t w = write(channel_fd, buffer + flushed, end - flushed);
        if (w < 0) {
            if (errno == EINTR) continue;
            return -1;
        }
        flushed += (size_t)w;
    }
    committed = flushed = 0;
    return 0;
}

int bk_channel_append(const char *p, size_t n) {
    if (channel_fd < 0) return -1;
    if (committed + n > capacity) {
        if (bk_channel_flush() != 0) return -1;
        if (n > capacity) { write_all(channel_fd, p, n); return 0; }
    }
    memcpy(buffer + committed, p, n);
    committed += n;
    return 0;
}

void bk_channel_activity(const char *text, long line) {
    activity_line = line;
    size_t n = text ? strlen(text) : 0;
    if (n >= sizeof activity) n = sizeof activity - 1;
    if (n) memcpy(activity, text, n);
    activity[n] = '\0';
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
    if (channel_fd < 0) return;
    size_t end = committed;
    if (flushed < end) write_all(channel_fd, buffer + flushed, end - flushed);
    committed = flushed = 0;
    char rec[1200];
    size_t k = 0;
    rec[k++] = 'X';
    rec[k++] = '\t';
    k += escaped(rec + k, 400, activity);
    rec[k++] = '\t';
    k += escaped(rec + k, sizeof rec - k - 24, message);
    rec[k++] = '\t';
    char digits[24];
    int nd = 0;
    long v = activity_line > 0 ? activity_line : 0;
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
