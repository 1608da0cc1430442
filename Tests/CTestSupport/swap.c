/*
 * Another user swapping folders: the race the sandbox must survive. A
 * child process drops to an unprivileged user and keeps exchanging two
 * names in a folder it owns (renameat2 RENAME_EXCHANGE: a folder of the
 * working tree and a link to a folder outside), as another user on a
 * shared CI machine could while a confined script runs.
 */
#define _GNU_SOURCE
#include "CTestSupport.h"
#include <fcntl.h>
#include <grp.h>
#include <signal.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#ifndef RENAME_EXCHANGE
#define RENAME_EXCHANGE (1 << 1)
#endif

int bk_test_swapper(const char *dir, const char *a, const char *b, double seconds, unsigned uid, unsigned gid) {
    pid_t pid = fork();
    if (pid != 0) return pid;
    /* The child: only async-signal-safe calls from here on. */
    if (chdir(dir) != 0 || setgroups(0, NULL) != 0 || setgid(gid) != 0 || setuid(uid) != 0) _exit(2);
    if (getuid() != uid || geteuid() != uid) _exit(3);
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    double end = (double)now.tv_sec + (double)now.tv_nsec * 1e-9 + seconds;
    long swaps = 0;
    for (;;) {
        for (int i = 0; i < 256; i++) {
            if (syscall(SYS_renameat2, AT_FDCWD, a, AT_FDCWD, b, RENAME_EXCHANGE) == 0) swaps++;
        }
        clock_gettime(CLOCK_MONOTONIC, &now);
        if ((double)now.tv_sec + (double)now.tv_nsec * 1e-9 >= end) break;
    }
    _exit(swaps > 0 ? 0 : 4);
}
