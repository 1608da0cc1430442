#ifndef CTESTSUPPORT_H
#define CTESTSUPPORT_H
#include <stddef.h>
#include <spawn.h>
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

/* Makes `fa` close every descriptor from 3 up in the child. Tests run in
 * parallel threads, and files they write are open without FD_CLOEXEC (as
 * Foundation opens them): a child spawned meanwhile keeps such a file open
 * for writing, and when it exits, inotify reports IN_CLOSE_WRITE on another
 * test's file — a save nobody made, seen by a watch-mode test. */
int bk_test_close_inherited(posix_spawn_file_actions_t *fa);

/* Forks a process that becomes the user `uid`/`gid` and, in `dir`, keeps
 * exchanging the names `a` and `b` (renameat2 RENAME_EXCHANGE) for
 * `seconds`. Returns its pid; it exits 0 when it swapped, 2 or 3 when it
 * could not become that user, 4 when no swap succeeded. */
int bk_test_swapper(const char *dir, const char *a, const char *b, double seconds, unsigned uid, unsigned gid);

/* Sends `sig` to every process of the group `pid` leads. */
void bk_test_kill_group(int pid, int sig);
#endif
