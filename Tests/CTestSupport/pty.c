#define _XOPEN_SOURCE 600
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
