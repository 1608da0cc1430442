/* The command's own deadline (see watchdog.h). */
#include "internal.h"
#include "watchdog.h"
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* Which arming is in force (0: none); a waiting thread whose arming was
 * replaced or disarmed wakes, sees another number, and leaves. */
static _Atomic long long generation = 0;
static char message[256];

typedef struct { long long until; long long gen; } wait_for;

static void *wait_out(void *arg) {
    wait_for w = *(wait_for *)arg;
    free(arg);
    struct timespec ts = { .tv_sec = w.until / 1000000000LL, .tv_nsec = w.until % 1000000000LL };
    while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, NULL) != 0) {}
    if (atomic_load(&generation) != w.gen) return NULL;
    ssize_t n = write(2, message, strlen(message));
    (void)n;
    _exit(1);
}

void bk_watchdog_arm(long long at_ns, double shown, const char *activity) {
    long long gen = atomic_fetch_add(&generation, 1) + 1;
    snprintf(message, sizeof message,
             "buttonkit: time limit exceeded (%g s) while %s (the command's work after its script counts against --timeout)\n",
             shown, activity ? activity : "finishing the command");
    wait_for *w = malloc(sizeof *w);
    if (!w) return;
    w->until = at_ns + (long long)BK_GRACE_SECONDS * 1000000000LL;
    w->gen = gen;
    pthread_t t;
    pthread_attr_t attr;
    pthread_attr_init(&attr);
    pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
    pthread_attr_setstacksize(&attr, 64 * 1024);
    if (pthread_create(&t, &attr, wait_out, w) != 0) free(w);
    pthread_attr_destroy(&attr);
}

void bk_watchdog_disarm(void) {
    atomic_fetch_add(&generation, 1);
}
