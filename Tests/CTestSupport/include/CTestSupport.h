#ifndef CTESTSUPPORT_H
#define CTESTSUPPORT_H
#include <stddef.h>
/* Opens a pseudo-terminal master; writes the slave's path into `name`.
 * Returns the master fd, or -1. (posix_openpt & co. need feature macros
 * Swift's Glibc module does not set.) */
int bk_test_openpty(char *name, size_t len);
#endif
