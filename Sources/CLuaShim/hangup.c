/* SIGHUP for the REPL: closing the terminal window must not lose the
 * session's history. A signal handler cannot write the history itself
 * (libedit is not async-signal-safe), so it records the hang-up and raises
 * SIGINT, whose handler (limits.c) stops running Lua code and whose arrival
 * makes the line editor's read return; the REPL's loop then leaves the way
 * :quit does and writes the history on its way out. */
#include "hangup.h"

#include <signal.h>
#include <string.h>
#include <unistd.h>

static volatile sig_atomic_t hung_up = 0;

static void on_sighup(int sig) {
    (void)sig;
    hung_up = 1;
    kill(getpid(), SIGINT);
}

void bk_sighup_install(void) {
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_sighup;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = 0; /* no SA_RESTART: a blocking read returns EINTR */
    sigaction(SIGHUP, &sa, NULL);
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGHUP);
    pthread_sigmask(SIG_UNBLOCK, &set, NULL);
}

int bk_sighup_seen(void) { return hung_up; }
