#ifndef BK_HANGUP_H
#define BK_HANGUP_H

/* The REPL's terminal closing (SIGHUP): a flag the REPL reads to leave
 * through its normal way out, which saves the history. The handler also
 * sends SIGINT to the process, so running code stops and a blocking read
 * returns, exactly as Ctrl-C would; the REPL then sees the hang-up. */
void bk_sighup_install(void);
/* Installs `handler` for `sig` without SA_RESTART (a blocking read returns
 * EINTR) and unblocks `sig`: the REPL's Ctrl-C and hang-up handlers. */
void bk_catch_signal(int sig, void (*handler)(int));
/* Around the line editor's read (waiting = 1, then 0): a signal that comes
 * while the REPL waits there calls `writer` (which writes the history) and
 * ends the process with 128 + the signal. */
void bk_sighup_prompt(int waiting, void (*writer)(void));
/* The signal that ended the session (SIGHUP or SIGTERM), or 0 (sticky:
 * once set, it stays set). SIGTERM is handled the same way. */
int bk_sighup_seen(void);

#endif
