#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
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

int bk_test_wait(int pid, int nohang, int *status, long *maxrss_kb) {
    struct rusage ru;
    memset(&ru, 0, sizeof ru);
    int r;
    do { r = wait4(pid, status, nohang ? WNOHANG : 0, &ru); } while (r < 0 && errno == EINTR);
    if (r > 0 && maxrss_kb) *maxrss_kb = ru.ru_maxrss;
    return r;
}

void bk_test_kill_group(int pid, int sig) { kill(-pid, sig); }

int bk_test_close_inherited(posix_spawn_file_actions_t *fa) {
    return posix_spawn_file_actions_addclosefrom_np(fa, 3);
}
