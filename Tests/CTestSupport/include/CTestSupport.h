#ifndef CTESTSUPPORT_H
#define CTESTSUPPORT_H
#include <stddef.h>
#include <spawn.h>
/* Opens a pseudo-terminal master; writes the slave's path into `name`.
 * Returns the master fd, or -1. (posix_openpt & co. need feature macros
 * Swift's Glibc module does not set.) */
int bk_test_openpty(char *name, size_t len);

/* The terminal's state as the program at the `slave` end sees it: 1 when
 * it is in raw mode (a line editor is reading keys), 0 in canonical mode,
 * -1 when it cannot be read; `pending`: bytes typed it has not read yet. */
int bk_test_tty_state(int master, const char *slave, int *pending);

/* Starts `path` with `argv`/`envp` in a process group of its own, in `cwd`,
 * standard input from /dev/null, standard output and error to the files
 * `out` and `err`. Returns the pid (also the group id), or -1. */
int bk_test_spawn(const char *path, char *const argv[], char *const envp[], const char *cwd,
                  const char *out, const char *err);

/* wait4: the pid when it ended (status, its peak resident set in KB and
 * the CPU seconds it and the children it waited for used, user plus
 * system, filled in), 0 when `nohang` and it still runs, -1 on error.
 * The peak is ru_maxrss, which counts the pages the child had between fork
 * and exec: a copy of the test process, 30-185 MB while suites run in
 * parallel. A measure of the program alone is bk_test_peak_kb. */
int bk_test_wait(int pid, int nohang, int *status, long *maxrss_kb, double *cpu_seconds);

/* The running process `pid`'s own peak resident set (VmHWM, in KB) once it
 * has become the program named `name` (its exec done: before it, the
 * figure is the forked copy's); -1 when it is not that program (yet) or
 * has ended. */
long bk_test_peak_kb(int pid, const char *name);

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
