#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <spawn.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>
#include <sys/resource.h>
#include <sys/types.h>
#include <sys/wait.h>
#include "CTestSupport.h"

/* Between fork and exec the child only makes async-signal-safe calls: the
 * test process has threads, and any lock they held stays held here. */
int bk_test_spawn(const char *path, char *const argv[], char *const envp[], const char *cwd,
                  const char *out, const char *err) {
    pid_t pid = fork();
    if (pid != 0) return pid;
    setpgid(0, 0);
    sigset_t none;
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, NULL);
    struct sigaction dfl;
    memset(&dfl, 0, sizeof dfl);
    dfl.sa_handler = SIG_DFL;
    sigaction(SIGPIPE, &dfl, NULL);
    if (cwd && chdir(cwd) != 0) _exit(126);
    int in = open("/dev/null", O_RDONLY);
    int o = open(out, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    int e = open(err, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (in < 0 || o < 0 || e < 0) _exit(126);
    dup2(in, 0); dup2(o, 1); dup2(e, 2);
    /* Nothing else the test process had open goes with it (see
     * bk_test_close_inherited). */
    closefrom(3);
    execve(path, argv, envp);
    _exit(127);
}

int bk_test_wait(int pid, int nohang, int *status, long *maxrss_kb, double *cpu_seconds) {
    struct rusage ru;
    memset(&ru, 0, sizeof ru);
    int r;
    do { r = wait4(pid, status, nohang ? WNOHANG : 0, &ru); } while (r < 0 && errno == EINTR);
    if (r > 0 && maxrss_kb) *maxrss_kb = ru.ru_maxrss;
    if (r > 0 && cpu_seconds)
        *cpu_seconds = (double)ru.ru_utime.tv_sec + ru.ru_utime.tv_usec / 1e6
                     + (double)ru.ru_stime.tv_sec + ru.ru_stime.tv_usec / 1e6;
    return r;
}

long bk_test_peak_kb(int pid, const char *name) {
    char path[64];
    snprintf(path, sizeof path, "/proc/%d/status", pid);
    FILE *f = fopen(path, "re");
    if (!f) return -1;
    char line[256];
    int named = 0;
    long kb = -1;
    while (fgets(line, sizeof line, f)) {
        if (strncmp(line, "Name:", 5) == 0) {
            char *v = line + 5;
            while (*v == ' ' || *v == '\t') v++;
            size_t n = strcspn(v, "\n");
            named = strlen(name) == n && strncmp(v, name, n) == 0;
        } else if (strncmp(line, "VmHWM:", 6) == 0) {
            kb = strtol(line + 6, NULL, 10);
        }
    }
    fclose(f);
    return named ? kb : -1;
}

void bk_test_kill_group(int pid, int sig) { kill(-pid, sig); }

int bk_test_close_inherited(posix_spawn_file_actions_t *fa) {
    return posix_spawn_file_actions_addclosefrom_np(fa, 3);
}
