#ifndef BK_WATCHDOG_H
#define BK_WATCHDOG_H
/*
 * The command's own deadline, for the host's work after its script ended
 * (render's pictures, audit's checks): Swift code cannot be interrupted as
 * Lua code is, so a thread waits out the deadline plus the grace period
 * and, if the work has not finished by then, ends the process with a
 * message that says what it was doing (status 1, as a script stuck past its
 * grace ends). One arming per process at a time; arming again replaces it.
 */

/* Ends the process at `at_ns` (bk_now_ns's clock) + the grace unless
 * bk_watchdog_disarm is called first; `shown` is the limit in seconds, for
 * the message, `activity` what the host is doing ("drawing the pictures"). */
void bk_watchdog_arm(long long at_ns, double shown, const char *activity);

/* The work finished: the deadline no longer applies. */
void bk_watchdog_disarm(void);

#endif
