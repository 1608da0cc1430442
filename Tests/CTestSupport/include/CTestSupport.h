#ifndef CTESTSUPPORT_H
#define CTESTSUPPORT_H
#include <stddef.h>
/* Opens a pseudo-terminal master; writes the slave's path into `name`.
 * Returns the master fd, or -1. (posix_openpt & co. need feature macros
 * Swift's Glibc module does not set.) */
int bk_test_openpty(char *name, size_t len);

/* Starts `path` with `argv`/`envp` in a process group of its own, in `cwd`,
 * standard input from /dev/null, standard output and error to the files
 * `out` and `err`. Returns the pid (also the group id), or -1. */
int bk_test_spawn(const char *path, char *const argv[], char *const envp[], const char *cwd,
                  const char *out, const char *err);

/* wait4: the pid when it ended (status and its peak resident set in KB
 * filled in), 0 when `nohang` and it still runs, -1 on error. */
int bk_test_wait(int pid, int nohang, int *status, long *maxrss_kb);

/* Sends `sig` to every process of the group `pid` leads. */
void bk_test_kill_group(int pid, int sig);
#endif
