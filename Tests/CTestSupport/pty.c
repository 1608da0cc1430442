#define _GNU_SOURCE
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include "CTestSupport.h"

int bk_test_openpty(char *name, size_t len) {
    int m = posix_openpt(O_RDWR | O_NOCTTY);
    if (m < 0) return -1;
    if (grantpt(m) != 0 || unlockpt(m) != 0) return -1;
    const char *s = ptsname(m);
    if (!s || strlen(s) + 1 > len) return -1;
    strcpy(name, s);
    return m;
}

#include <sys/ioctl.h>
#include <termios.h>
#include <unistd.h>

int bk_test_tty_state(int master, const char *slave, int *pending) {
    struct termios t;
    if (tcgetattr(master, &t) != 0) return -1;
    *pending = 0;
    int s = open(slave, O_RDWR | O_NOCTTY | O_NONBLOCK | O_CLOEXEC);
    if (s >= 0) {
        int n = 0;
        if (ioctl(s, FIONREAD, &n) == 0) *pending = n;
        close(s);
    }
    return (t.c_lflag & ICANON) ? 0 : 1;
}
