#ifndef BK_HANGUP_H
#define BK_HANGUP_H

/* The REPL's terminal closing (SIGHUP): a flag the REPL reads to leave
 * through its normal way out, which saves the history. The handler also
 * sends SIGINT to the process, so running code stops and a blocking read
 * returns, exactly as Ctrl-C would; the REPL then sees the hang-up. */
void bk_sighup_install(void);
/* Whether the terminal hung up (sticky: once set, it stays set). */
int bk_sighup_seen(void);

#endif
