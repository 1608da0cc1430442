/*
 * Confinement by the kernel: every path a confined script uses is resolved
 * by the kernel beneath the working tree, and a process that runs confined
 * scripts can confine itself with Landlock.
 *
 * Twelve rounds of review built checks in user space that resolve a path
 * link by link and then hand the name to the system, which resolves it
 * again. Within one process nothing runs in between; but another process
 * (another user on the same machine, another spec under -j N) can swap a
 * folder of the tree for a link to a folder outside between the two, in a
 * loop, and in a second a confined io.open reads a root-only file outside
 * and creates files there. A check before the kernel resolves the path
 * cannot be made sound, so the kernel now does the resolving:
 *
 * - openat2(tree, path, RESOLVE_BENEATH | RESOLVE_NO_MAGICLINKS) (Linux
 *   5.6): the kernel walks the path from the tree's folder descriptor and
 *   refuses any step above it (a "..", an absolute link, a link leading
 *   out) at the moment it takes it, whatever is renamed meanwhile. A file
 *   opened that way is inside; remove, rename and the host's files for a
 *   script (a store's file, lock and temporary files) work through the
 *   folder opened that way and *at calls.
 * - Landlock (Linux 5.13; the newest ABI the kernel reports): the process
 *   running confined scripts keeps only the working tree (read, write),
 *   the few folders it must read (system Lua modules, time zones) and
 *   what the host granted for the user (a render's output folder, a REPL's
 *   history); it executes nothing, and with ABI 4 and 6 it connects and
 *   binds no TCP port and signals no process outside its own domain.
 *   Landlock binds the calling thread and what it creates afterwards, and
 *   needs no_new_privs, which it sets.
 *
 * The user-space checks stay where the kernel cannot answer: for the
 * explanations refusals give ("outside the working tree", "cannot be
 * checked"), for rules that are the sandbox's own (no link is moved or
 * removed, the tree itself is not a file, names are UTF-8), to turn an
 * absolute or roundabout name into one beneath the tree (the kernel then
 * resolves that one, so a race can only land inside), and as the whole
 * defence where neither openat2 nor Landlock exists (older kernels, other
 * systems), or where BUTTONKIT_CONFINEMENT asks for less, for testing.
 */
#define _GNU_SOURCE
#include "confine.h"
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#if defined(__linux__)
#include <linux/landlock.h>
#include <linux/openat2.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#endif

/* Rights newer than the system headers (Debian 12's are Linux 6.1's). */
#ifndef LANDLOCK_ACCESS_FS_REFER
#define LANDLOCK_ACCESS_FS_REFER (1ULL << 13)
#endif
#ifndef LANDLOCK_ACCESS_FS_TRUNCATE
#define LANDLOCK_ACCESS_FS_TRUNCATE (1ULL << 14)
#endif
#ifndef LANDLOCK_ACCESS_FS_IOCTL_DEV
#define LANDLOCK_ACCESS_FS_IOCTL_DEV (1ULL << 15)
#endif
#define BK_LL_NET_BIND_TCP (1ULL << 0)
#define BK_LL_NET_CONNECT_TCP (1ULL << 1)
#define BK_LL_SCOPE_ABSTRACT_UNIX_SOCKET (1ULL << 0)
#define BK_LL_SCOPE_SIGNAL (1ULL << 1)

const int bk_o_path = O_PATH;

/* MARK: What the kernel offers */

static int kernel_abi, kernel_openat2;
static pthread_once_t probed = PTHREAD_ONCE_INIT;

#if defined(__linux__) && defined(SYS_openat2)
static long sys_openat2(int dirfd, const char *path, int flags, int mode, unsigned long long resolve) {
    struct open_how how;
    memset(&how, 0, sizeof how);
    how.flags = (unsigned long long)flags;
    how.mode = ((flags & O_CREAT) || (flags & O_TMPFILE) == O_TMPFILE) ? (unsigned long long)mode : 0;
    how.resolve = resolve;
    return syscall(SYS_openat2, dirfd, path, &how, sizeof how);
}
#endif

static void probe(void) {
    int abi = 0, beneath = 0;
#if defined(__linux__) && defined(SYS_landlock_create_ruleset)
    long v = syscall(SYS_landlock_create_ruleset, NULL, 0, LANDLOCK_CREATE_RULESET_VERSION);
    if (v > 0) abi = (int)v;
#endif
#if defined(__linux__) && defined(SYS_openat2)
    /* A seccomp filter (an older container runtime) may answer ENOSYS or
     * EPERM for a kernel that has it: asked, not assumed. */
    long fd = sys_openat2(AT_FDCWD, ".", O_PATH | O_CLOEXEC, 0, RESOLVE_BENEATH | RESOLVE_NO_MAGICLINKS);
    if (fd >= 0) { beneath = 1; close((int)fd); }
#endif
    const char *force = getenv("BUTTONKIT_CONFINEMENT");
    if (force && *force) {
        if (strcmp(force, "user-space") == 0) { abi = 0; beneath = 0; }
        else if (strcmp(force, "openat2") == 0) abi = 0;
        else if (strcmp(force, "landlock") == 0) beneath = 0;
    }
    kernel_abi = abi;
    kernel_openat2 = beneath;
}

int bk_confine_landlock_abi(void) { pthread_once(&probed, probe); return kernel_abi; }
int bk_confine_openat2(void) { pthread_once(&probed, probe); return kernel_openat2; }

static char description[96];
static pthread_once_t described = PTHREAD_ONCE_INIT;

static void describe(void) {
    int abi = bk_confine_landlock_abi(), beneath = bk_confine_openat2();
    if (abi > 0 && beneath) snprintf(description, sizeof description, "landlock ABI %d + openat2", abi);
    else if (abi > 0) snprintf(description, sizeof description, "landlock ABI %d + user-space checks (no openat2)", abi);
    else if (beneath) snprintf(description, sizeof description, "openat2 (no landlock)");
    else snprintf(description, sizeof description, "user-space checks (no landlock, no openat2)");
}

const char *bk_confine_describe(void) {
    pthread_once(&described, describe);
    return description;
}

/* MARK: Resolving beneath a folder */

/* Opens `rel` beneath `dirfd`: with openat2 the kernel refuses any step
 * above the folder (EXDEV) at the moment it takes it; without it (or when
 * BUTTONKIT_CONFINEMENT says so), plain openat of a name the host checked. */
static int beneath(int dirfd, const char *rel, int flags, int mode, int no_symlinks) {
#if defined(__linux__) && defined(SYS_openat2)
    if (bk_confine_openat2()) {
        unsigned long long resolve = RESOLVE_BENEATH | RESOLVE_NO_MAGICLINKS | (no_symlinks ? RESOLVE_NO_SYMLINKS : 0);
        for (int tries = 0;; tries++) {
            long fd = sys_openat2(dirfd, rel, flags | O_CLOEXEC, mode, resolve);
            if (fd >= 0) return (int)fd;
            /* A rename raced a ".." step: the kernel asks to walk again. */
            if ((errno == EAGAIN && tries < 32) || errno == EINTR) continue;
            return -1;
        }
    }
#endif
    int fd;
    do { fd = openat(dirfd, rel, flags | O_CLOEXEC | (no_symlinks ? O_NOFOLLOW : 0), mode); } while (fd < 0 && errno == EINTR);
    return fd;
}

int bk_open_beneath(int dirfd, const char *name, int flags, int mode, int no_symlinks) {
    return beneath(dirfd, name, flags, mode, no_symlinks);
}

/* Strict UTF-8 (no overlong forms, no surrogates, nothing past U+10FFFF):
 * what the host's decision reads a name as. */
static int utf8_valid(const unsigned char *s, size_t n) {
    size_t i = 0;
    while (i < n) {
        unsigned c = s[i];
        if (c < 0x80) { i++; continue; }
        size_t k;
        unsigned lo = 0x80, hi = 0xBF;
        if (c >= 0xC2 && c <= 0xDF) k = 1;
        else if (c >= 0xE0 && c <= 0xEF) { k = 2; if (c == 0xE0) lo = 0xA0; if (c == 0xED) hi = 0x9F; }
        else if (c >= 0xF0 && c <= 0xF4) { k = 3; if (c == 0xF0) lo = 0x90; if (c == 0xF4) hi = 0x8F; }
        else return 0;
        if (i + k >= n) return 0;  /* cut short */
        if (s[i + 1] < lo || s[i + 1] > hi) return 0;
        for (size_t j = 2; j <= k; j++) if (s[i + j] < 0x80 || s[i + j] > 0xBF) return 0;
        i += k + 1;
    }
    return 1;
}

/* MARK: The working tree */

struct bk_tree {
    int fd;
    char *root;
    size_t rootlen;
    int cwd_is_root;
    bk_decidefn decide;
    void *ud;
};

bk_tree *bk_tree_new(int fd, const char *root, int cwd_is_root, bk_decidefn decide, void *ud) {
    bk_tree *t = calloc(1, sizeof *t);
    if (!t) return NULL;
    t->root = strdup(root ? root : "");
    if (!t->root) { free(t); return NULL; }
    t->rootlen = strlen(t->root);
    t->fd = fd;
    t->cwd_is_root = cwd_is_root;
    t->decide = decide;
    t->ud = ud;
    return t;
}

void bk_tree_free(bk_tree *t) {
    if (!t) return;
    if (t->fd >= 0) close(t->fd);
    free(t->root);
    free(t);
}

void bk_tree_set_host(bk_tree *t, void *ud) { t->ud = ud; }
int bk_tree_fd(const bk_tree *t) { return t->fd; }
const char *bk_tree_root(const bk_tree *t) { return t->root; }

/* `path` below the folder `root` (its real path, no trailing slash; "/"
 * for the file system's root): the rest, "." for the folder itself, or
 * NULL. Byte for byte, as the kernel reads names. */
static const char *below(const char *path, const char *root, size_t rootlen) {
    if (rootlen == 0) return NULL;
    if (rootlen == 1 && root[0] == '/') { if (path[0] != '/') return NULL; }
    else if (strncmp(path, root, rootlen) != 0 || (path[rootlen] != '/' && path[rootlen] != 0)) return NULL;
    const char *rest = path + (rootlen == 1 ? 0 : rootlen);
    while (*rest == '/') rest++;
    return *rest ? rest : ".";
}

/* Folders of system-installed pure-Lua modules, which `require` may read. */
static const char *const system_roots[] = { "/usr/local/share/lua", "/usr/share/lua" };
#define NSYSTEM (sizeof system_roots / sizeof system_roots[0])
static int system_fds[NSYSTEM];
static pthread_once_t system_opened = PTHREAD_ONCE_INIT;

static void open_system_roots(void) {
    for (size_t i = 0; i < NSYSTEM; i++) system_fds[i] = open(system_roots[i], O_PATH | O_DIRECTORY | O_CLOEXEC);
}

static int ends_with_lua(const char *path, size_t len) { return len > 4 && memcmp(path + len - 4, ".lua", 4) == 0; }

/* Where the kernel resolves `path` from: the tree, or for `require` a
 * system module folder; NULL when only the host can tell. */
static const char *place_of(const bk_tree *t, const char *path, size_t len, int purpose, int *dirfd) {
    if (t->fd < 0) return NULL;  /* no tree: only the host answers (it refuses) */
    if (path[0] != '/') {
        *dirfd = t->fd;
        return t->cwd_is_root ? path : NULL;
    }
    const char *rel = below(path, t->root, t->rootlen);
    if (rel) { *dirfd = t->fd; return rel; }
    if (purpose == BK_FOR_REQUIRE && ends_with_lua(path, len)) {
        pthread_once(&system_opened, open_system_roots);
        for (size_t i = 0; i < NSYSTEM; i++) {
            if (system_fds[i] < 0) continue;
            rel = below(path, system_roots[i], strlen(system_roots[i]));
            if (rel && rel[0] != '.') { *dirfd = system_fds[i]; return rel; }
        }
    }
    return NULL;
}

static char *outside(const bk_tree *t, const char *path, const char *fname) {
    const char *f = "%s: '%s': outside the working tree (%s); run with --unsafe to allow it";
    int n = snprintf(NULL, 0, f, fname, path, t->root);
    char *s = n >= 0 ? malloc((size_t)n + 1) : NULL;
    if (s) snprintf(s, (size_t)n + 1, f, fname, path, t->root);
    return s;
}

/* Asks the host; 1 allowed (*out: where it leads), 0 refused (*out: why),
 * -1 out of memory. */
static int decide(bk_tree *t, const char *path, size_t len, int purpose, const char *fname, char **out) {
    *out = NULL;
    int allowed = t->decide(t->ud, path, len, purpose, fname, out);
    if (!*out) { errno = ENOMEM; return -1; }
    return allowed ? 1 : 0;
}

int bk_tree_open(bk_tree *t, const char *path, size_t len, int purpose, const char *fname, int flags, int mode, char **why) {
    *why = NULL;
    int kernel = bk_confine_openat2();
    /* The kernel alone, for a name it can resolve beneath a root as given. */
    if (kernel && strlen(path) == len && utf8_valid((const unsigned char *)path, len)) {
        int dirfd;
        const char *rel = place_of(t, path, len, purpose, &dirfd);
        if (rel) {
            int fd = beneath(dirfd, rel, flags, mode, 0);
            if (fd >= 0 || errno != EXDEV) return fd;
        }
    }
    /* The host: the whole check without openat2; else the real path,
     * which the kernel then resolves beneath its root in turn. */
    char *out;
    int d = decide(t, path, len, purpose, fname, &out);
    if (d < 0) return -1;
    if (d == 0) { *why = out; return BK_REFUSED; }
    int fd, e;
    if (!kernel) {
        free(out);
        do { fd = open(path, flags | O_CLOEXEC, mode); } while (fd < 0 && errno == EINTR);
        return fd;
    }
    int dirfd;
    const char *rel = out[0] == '/' ? place_of(t, out, strlen(out), purpose, &dirfd) : NULL;
    fd = rel ? beneath(dirfd, rel, flags, mode, 0) : -1;
    e = rel ? errno : EXDEV;
    free(out);
    if (fd < 0 && e == EXDEV) { *why = outside(t, path, fname); if (!*why) { errno = ENOMEM; return -1; } return BK_REFUSED; }
    errno = e;
    return fd;
}

int bk_tree_folder(bk_tree *t, const char *path, size_t len, int purpose, const char *fname, const char **last, char **why) {
    *why = NULL;
    size_t end = len;
    while (end > 0 && path[end - 1] == '/') end--;
    size_t start = end;
    while (start > 0 && path[start - 1] != '/') start--;
    *last = path + start;
    char *out;
    int d = decide(t, path, len, purpose, fname, &out);
    if (d < 0) return -1;
    if (d == 0) { *why = out; return BK_REFUSED; }
    int fd, e;
    if (!bk_confine_openat2()) {
        free(out);
        /* The folder part as written: "." for none, "/" for the root. */
        size_t dend = start;
        while (dend > 1 && path[dend - 1] == '/') dend--;
        char *dir = start == 0 ? strdup(".") : strndup(path, dend);
        if (!dir) { errno = ENOMEM; return -1; }
        do { fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC); } while (fd < 0 && errno == EINTR);
        e = errno;
        free(dir);
        errno = e;
        return fd;
    }
    const char *rel = out[0] == '/' && t->fd >= 0 ? below(out, t->root, t->rootlen) : NULL;
    fd = rel ? beneath(t->fd, rel, O_RDONLY | O_DIRECTORY, 0, 0) : -1;
    e = rel ? errno : EXDEV;
    free(out);
    if (fd < 0 && e == EXDEV) { *why = outside(t, path, fname); if (!*why) { errno = ENOMEM; return -1; } return BK_REFUSED; }
    errno = e;
    return fd;
}

int bk_tree_mkdirs(bk_tree *t, const char *path, size_t len, const char *fname, char **why) {
    *why = NULL;
    int kernel = bk_confine_openat2(), dirfd = -1;
    const char *rel = kernel && strlen(path) == len && utf8_valid((const unsigned char *)path, len)
        ? place_of(t, path, len, BK_FOR_OPEN, &dirfd) : NULL;
    char *out = NULL;
    if (!rel || !kernel) {
        int d = decide(t, path, len, BK_FOR_OPEN, fname, &out);
        if (d < 0) return -1;
        if (d == 0) { *why = out; return BK_REFUSED; }
        if (kernel) {
            rel = out[0] == '/' && t->fd >= 0 ? below(out, t->root, t->rootlen) : NULL;
            if (!rel) { free(out); *why = outside(t, path, fname); if (!*why) { errno = ENOMEM; return -1; } return BK_REFUSED; }
        } else {
            free(out);
            out = NULL;
            rel = path;
        }
    }
    char *buf = strdup(rel);
    free(out);
    if (!buf) { errno = ENOMEM; return -1; }
    size_t n = strlen(buf);
    int result = 0, e = 0;
    for (size_t i = 1; i <= n && result == 0; i++) {
        if (i < n && buf[i] != '/') continue;
        if (buf[i - 1] == '/') continue;
        char saved = buf[i];
        buf[i] = 0;
        int fd = kernel ? beneath(t->fd, buf, O_PATH | O_DIRECTORY, 0, 0) : open(buf, O_PATH | O_DIRECTORY | O_CLOEXEC);
        if (fd >= 0) {
            close(fd);
        } else if (errno == ENOENT) {
            /* Made in its parent, opened the same way. */
            char *slash = strrchr(buf, '/');
            const char *name = slash ? slash + 1 : buf;
            if (slash) *slash = 0;
            const char *parent = slash ? (buf[0] ? buf : "/") : ".";
            int pfd = kernel ? beneath(t->fd, parent, O_PATH | O_DIRECTORY, 0, 0) : open(parent, O_PATH | O_DIRECTORY | O_CLOEXEC);
            if (pfd < 0 || (mkdirat(pfd, name, 0755) != 0 && errno != EEXIST)) { result = -1; e = errno; }
            if (pfd >= 0) close(pfd);
            if (slash) *slash = '/';
        } else {
            result = -1;
            e = errno;
        }
        buf[i] = saved;
    }
    free(buf);
    if (result < 0 && e == EXDEV) { *why = outside(t, path, fname); if (!*why) { errno = ENOMEM; return -1; } return BK_REFUSED; }
    errno = e;
    return result;
}

/* MARK: Landlock */

int bk_landlock_confine(const bk_grant *grants, int n) {
    int abi = bk_confine_landlock_abi();
    if (abi <= 0) return 0;
#if defined(__linux__) && defined(SYS_landlock_create_ruleset)
    uint64_t fs = LANDLOCK_ACCESS_FS_EXECUTE | LANDLOCK_ACCESS_FS_WRITE_FILE | LANDLOCK_ACCESS_FS_READ_FILE
        | LANDLOCK_ACCESS_FS_READ_DIR | LANDLOCK_ACCESS_FS_REMOVE_DIR | LANDLOCK_ACCESS_FS_REMOVE_FILE
        | LANDLOCK_ACCESS_FS_MAKE_CHAR | LANDLOCK_ACCESS_FS_MAKE_DIR | LANDLOCK_ACCESS_FS_MAKE_REG
        | LANDLOCK_ACCESS_FS_MAKE_SOCK | LANDLOCK_ACCESS_FS_MAKE_FIFO | LANDLOCK_ACCESS_FS_MAKE_BLOCK
        | LANDLOCK_ACCESS_FS_MAKE_SYM;
    if (abi >= 2) fs |= LANDLOCK_ACCESS_FS_REFER;
    if (abi >= 3) fs |= LANDLOCK_ACCESS_FS_TRUNCATE;
    if (abi >= 5) fs |= LANDLOCK_ACCESS_FS_IOCTL_DEV;
    /* The ruleset as the ABI knows it: network from 4, scopes from 6. */
    struct { uint64_t fs, net, scoped; } attr = {
        fs,
        abi >= 4 ? BK_LL_NET_BIND_TCP | BK_LL_NET_CONNECT_TCP : 0,
        abi >= 6 ? BK_LL_SCOPE_ABSTRACT_UNIX_SOCKET | BK_LL_SCOPE_SIGNAL : 0,
    };
    size_t size = abi >= 6 ? 3 * sizeof(uint64_t) : abi >= 4 ? 2 * sizeof(uint64_t) : sizeof(uint64_t);
    int rs = (int)syscall(SYS_landlock_create_ruleset, &attr, size, 0);
    if (rs < 0) return -errno;
    const uint64_t file_rights = LANDLOCK_ACCESS_FS_EXECUTE | LANDLOCK_ACCESS_FS_WRITE_FILE | LANDLOCK_ACCESS_FS_READ_FILE
        | LANDLOCK_ACCESS_FS_TRUNCATE | LANDLOCK_ACCESS_FS_IOCTL_DEV;
    for (int i = 0; i < n; i++) {
        int fd = grants[i].path ? open(grants[i].path, O_PATH | O_CLOEXEC) : grants[i].fd;
        if (fd < 0) continue;
        struct stat st;
        int dir = fstat(fd, &st) == 0 && S_ISDIR(st.st_mode);
        uint64_t rights;
        switch (grants[i].kind) {
        case BK_GRANT_TREE:
            rights = LANDLOCK_ACCESS_FS_READ_FILE | LANDLOCK_ACCESS_FS_WRITE_FILE | LANDLOCK_ACCESS_FS_READ_DIR
                | LANDLOCK_ACCESS_FS_REMOVE_DIR | LANDLOCK_ACCESS_FS_REMOVE_FILE | LANDLOCK_ACCESS_FS_MAKE_DIR
                | LANDLOCK_ACCESS_FS_MAKE_REG | LANDLOCK_ACCESS_FS_REFER | LANDLOCK_ACCESS_FS_TRUNCATE;
            break;
        case BK_GRANT_FILE:
            rights = LANDLOCK_ACCESS_FS_READ_FILE | LANDLOCK_ACCESS_FS_WRITE_FILE | LANDLOCK_ACCESS_FS_TRUNCATE;
            break;
        case BK_GRANT_EXEC:
            rights = LANDLOCK_ACCESS_FS_READ_FILE | LANDLOCK_ACCESS_FS_EXECUTE;
            break;
        default:
            rights = LANDLOCK_ACCESS_FS_READ_FILE | LANDLOCK_ACCESS_FS_READ_DIR;
            break;
        }
        rights &= fs;
        if (!dir) rights &= file_rights;
        struct landlock_path_beneath_attr rule = { .allowed_access = rights, .parent_fd = fd };
        if (rights) (void)syscall(SYS_landlock_add_rule, rs, LANDLOCK_RULE_PATH_BENEATH, &rule, 0);
        if (grants[i].path) close(fd);
    }
    int r = prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) == 0 ? (int)syscall(SYS_landlock_restrict_self, rs, 0) : -1;
    int e = errno;
    close(rs);
    return r == 0 ? 0 : -e;
#else
    (void)grants; (void)n;
    return 0;
#endif
}
