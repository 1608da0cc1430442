/* SIGHUP (and SIGTERM) for the REPL: closing the terminal window, or a
 * `kill`, must not lose the session's history. A signal handler cannot write the history itself
 * (libedit is not async-signal-safe), so it records the hang-up and raises
 * SIGINT, whose handler (limits.c) stops running Lua code and whose arrival
 * makes the line editor's read return; the REPL's loop then leaves the way
 * :quit does and writes the history on its way out. */
#include "hangup.h"

#include <signal.h>
#include <string.h>
#include <unistd.h>

static volatile sig_atomic_t hung_up = 0;
static volatile sig_atomic_t at_prompt = 0;
static void (*prompt_writer)(void) = NULL;

static void on_sighup(int sig) {
    hung_up = sig;
    if (at_prompt && prompt_writer) {
        /* Waiting in the line editor's read(), which a signal does not end
         * (libedit reads again): nothing is changing the history, so it is
         * written here and the process ends as the signal would end it. */
        prompt_writer();
        _exit(128 + sig);
    }
    kill(getpid(), SIGINT);
}

void bk_sighup_prompt(int waiting, void (*writer)(void)) {
    prompt_writer = writer;
    at_prompt = waiting;
}

void bk_catch_signal(int sig, void (*handler)(int)) {
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = handler;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = 0; /* no SA_RESTART: a blocking read returns EINTR */
    sigaction(sig, &sa, NULL);
    /* A parent may have left it blocked; a REPL must receive it. */
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, sig);
    pthread_sigmask(SIG_UNBLOCK, &set, NULL);
}

void bk_sighup_install(void) {
    bk_catch_signal(SIGHUP, on_sighup);
    bk_catch_signal(SIGTERM, on_sighup);
}

int bk_sighup_seen(void) { return hung_up; }
