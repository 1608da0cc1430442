#ifndef CLUASHIM_CONFINE_H
#define CLUASHIM_CONFINE_H
/*
 * Confinement by the kernel (confine.c): what the kernel offers, every path
 * a confined script (or the host, on its behalf) uses resolved beneath the
 * working tree, and Landlock. The Swift face is `Confinement`
 * (Sources/ButtonKitLua/Context/Confinement.swift).
 */
#include <stddef.h>
#include <stdint.h>

/* What the kernel offers this process (probed once; BUTTONKIT_CONFINEMENT
 * can force less, for testing): the Landlock ABI (0: none) and whether
 * openat2 resolves paths beneath a folder. */
int bk_confine_landlock_abi(void);
int bk_confine_openat2(void);
/* "landlock ABI 7 + openat2", "openat2 (no landlock)", "user-space checks
 * (no landlock, no openat2)", ... */
const char *bk_confine_describe(void);

/* O_PATH (which Swift's Glibc does not show): a descriptor that names a
 * file or folder without opening it for reading. */
extern const int bk_o_path;

/* What a path is for: the checks and the roots it may be found under. */
#define BK_FOR_OPEN 0     /* a file a script opens or loads: the tree */
#define BK_FOR_REQUIRE 1  /* a module file `require` loads: the tree, system Lua modules */
#define BK_FOR_MOVE 2     /* os.remove, os.rename: the folder holding it, in the tree */
#define BK_FOR_KEEP 3     /* a file the host keeps for a script (a store): its folder, in the tree */

/* A refusal: the message is in *why (malloc'd; the caller frees it). */
#define BK_REFUSED (-2)

/* The user-space half, given by the host: decides `path` (len bytes, which
 * may hold NUL) for `purpose`. Returns 1 when allowed, with *out the real
 * path it leads to (of the file for OPEN and REQUIRE, of the folder holding
 * its last part for MOVE and KEEP), or 0 when refused, with *out the
 * message. *out is malloc'd. */
typedef int (*bk_decidefn)(void *ud, const char *path, size_t len, int purpose, const char *fname, char **out);

/* The working tree of one Lua state: the folder `fd` (its real path
 * `root`), and the host's decision function. `cwd_is_root`: relative paths
 * start at the tree. */
typedef struct bk_tree bk_tree;
bk_tree *bk_tree_new(int fd, const char *root, int cwd_is_root, bk_decidefn decide, void *ud);
void bk_tree_free(bk_tree *t);
/* Sets the `ud` handed to `decide` (the host object, once it exists). */
void bk_tree_set_host(bk_tree *t, void *ud);
int bk_tree_fd(const bk_tree *t);
const char *bk_tree_root(const bk_tree *t);

/* Opens the file at `path` (for OPEN or REQUIRE) with open(2)'s `flags`
 * and `mode`. Returns the descriptor; BK_REFUSED with *why; or -1 with
 * errno set, a failure to report as the real function would. */
int bk_tree_open(bk_tree *t, const char *path, size_t len, int purpose, const char *fname, int flags, int mode, char **why);
/* Opens the folder holding the last part of `path` (for MOVE or KEEP),
 * O_RDONLY | O_DIRECTORY; *last points at that part in `path`. Same
 * returns as bk_tree_open. */
int bk_tree_folder(bk_tree *t, const char *path, size_t len, int purpose, const char *fname, const char **last, char **why);
/* Makes the folder `path` and the folders on its way (mkdir -p) for the
 * host's files in the tree: each missing part is made in its parent, that
 * parent opened beneath the tree. 0 when the folder is there; BK_REFUSED
 * with *why; -1 with errno set. */
int bk_tree_mkdirs(bk_tree *t, const char *path, size_t len, const char *fname, char **why);
/* Opens `name` beneath the folder `dirfd` with no symbolic link on the way
 * (the host's own folders: a spec's __snapshots__). -1 and errno on failure. */
int bk_open_beneath(int dirfd, const char *name, int flags, int mode, int no_symlinks);

/* Landlock: what may be reached once the process confines itself. */
#define BK_GRANT_TREE 0   /* read and write beneath (no execute, no links or devices made) */
#define BK_GRANT_READ 1   /* read beneath (a file: read it) */
#define BK_GRANT_FILE 2   /* a file: read, write, truncate it */
#define BK_GRANT_EXEC 3   /* a file: read and execute it (the Swift reader, its ELF interpreter) */
typedef struct bk_grant { const char *path; int fd; int kind; } bk_grant;
/* Confines this thread and the threads and processes it starts later to
 * the grants (a grant names a path, or an open descriptor when path is
 * NULL; one that cannot be opened is left out): no file beyond them, no
 * execution, and where the ABI allows no TCP and no signals or abstract
 * sockets beyond the process's own domain. Sets no_new_privs first. 0 when
 * confined (or when there is no Landlock: nothing to do), else -errno. */
int bk_landlock_confine(const bk_grant *grants, int n);

#endif
