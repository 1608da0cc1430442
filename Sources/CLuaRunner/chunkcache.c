/*
 * Modules compiled once for a whole test run.
 *
 * Every spec file runs in a fresh Lua state, in a process forked from the
 * runner, so a module the specs `require` is compiled again for every file:
 * a 20,000-line module (teal's tl.lua) costs 13 ms to compile and 1.2 ms to
 * load as bytecode, in each of 199 files. Here the runner keeps compiled
 * modules in its own memory: a worker that loads a module from source asks
 * for it (a record on its channel), the runner compiles the file itself
 * (compiling runs nothing) and keeps the bytecode, and the workers it forks
 * afterwards inherit the cache and load from it. Fresh states stay fresh:
 * only the compile step is shared, never a value.
 *
 * An entry is keyed by the path as `require` found it and the file's
 * identity when it was compiled (device, inode, size, modification and
 * change times to the nanosecond): a file edited since, or a different
 * file under the same relative path (a spec that changed directory), is a
 * miss and loads from source as usual. Bytecode is kept with its debug
 * information, so errors, tracebacks, `debug.getinfo` and coverage see the
 * same lines and source names as a compile from source.
 *
 * The cache belongs to the process: the runner fills it while it is the
 * only thread forking workers; workers only read what they inherited. A
 * lock keeps in-process users (tests) safe all the same.
 */
#include "runner.h"
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <fcntl.h>
#include <unistd.h>

#define CC_MAX_FILE (16u << 20)   /* larger sources are not cached */
#define CC_MAX_TOTAL (256u << 20) /* bytecode kept in all */

typedef struct cc_entry {
    struct cc_entry *next;
    char *path;
    dev_t dev;
    ino_t ino;
    off_t size;
    struct timespec mtime, ctime;
    char *bytes;
    size_t len;
} cc_entry;

static cc_entry *cc_head;
static size_t cc_total;
static pthread_mutex_t cc_lock = PTHREAD_MUTEX_INITIALIZER;

static int same_file(const cc_entry *e, const struct stat *st) {
    return e->dev == st->st_dev && e->ino == st->st_ino && e->size == st->st_size
        && e->mtime.tv_sec == st->st_mtim.tv_sec && e->mtime.tv_nsec == st->st_mtim.tv_nsec
        && e->ctime.tv_sec == st->st_ctim.tv_sec && e->ctime.tv_nsec == st->st_ctim.tv_nsec;
}

static cc_entry *find(const char *path) {
    for (cc_entry *e = cc_head; e; e = e->next)
        if (strcmp(e->path, path) == 0) return e;
    return NULL;
}

typedef struct { char *data; size_t len, cap; int failed; } cc_buffer;

static int dump_writer(lua_State *L, const void *p, size_t sz, void *ud) {
    (void)L;
    cc_buffer *b = (cc_buffer *)ud;
    if (b->failed) return 1;
    if (b->len + sz > b->cap) {
        size_t cap = b->cap ? b->cap : 64 * 1024;
        while (cap < b->len + sz) cap *= 2;
        char *d = realloc(b->data, cap);
        if (!d) { b->failed = 1; return 1; }
        b->data = d;
        b->cap = cap;
    }
    memcpy(b->data + b->len, p, sz);
    b->len += sz;
    return 0;
}

/* Compiles the text file open at `fd` (read through a copy of the
 * descriptor, from the start; the caller keeps its own) into `b` as
 * bytecode, in a state of its own with no libraries: compiling runs
 * nothing. 1 when compiled. */
static int compile_fd(const char *path, int fd, cc_buffer *b) {
    int copy = dup(fd);
    FILE *f = copy >= 0 && lseek(copy, 0, SEEK_SET) == 0 ? fdopen(copy, "r") : NULL;
    if (!f) { if (copy >= 0) close(copy); return 0; }
    lua_State *T = luaL_newstate();
    if (!T) { fclose(f); return 0; }
    int ok = bk_load_stream(T, f, path, "t") == LUA_OK && lua_dump(T, dump_writer, b, 0) == 0 && !b->failed;
    lua_close(T);
    return ok;
}

int bk_chunkcache_compile_fd(const char *path, int fd) {
    if (!path || !*path || fd < 0) return 0;
    struct stat before, after;
    if (fstat(fd, &before) != 0 || !S_ISREG(before.st_mode) || (size_t)before.st_size > CC_MAX_FILE) return 0;
    pthread_mutex_lock(&cc_lock);
    cc_entry *old = find(path);
    int fresh = old && same_file(old, &before);
    pthread_mutex_unlock(&cc_lock);
    if (fresh) return 1;
    cc_buffer b = {0};
    int ok = compile_fd(path, fd, &b)
        /* The file did not change while it was read. */
        && fstat(fd, &after) == 0 && same_file(&(cc_entry){ .dev = before.st_dev, .ino = before.st_ino,
               .size = before.st_size, .mtime = before.st_mtim, .ctime = before.st_ctim }, &after);
    if (!ok) { free(b.data); return 0; }
    pthread_mutex_lock(&cc_lock);
    cc_entry *e = find(path);
    if (e) {
        cc_total -= e->len;
        free(e->bytes);
    } else if (cc_total + b.len <= CC_MAX_TOTAL && (e = calloc(1, sizeof *e)) && (e->path = strdup(path))) {
        e->next = cc_head;
        cc_head = e;
    } else {
        if (e) free(e);
        pthread_mutex_unlock(&cc_lock);
        free(b.data);
        return 0;
    }
    e->dev = before.st_dev; e->ino = before.st_ino; e->size = before.st_size;
    e->mtime = before.st_mtim; e->ctime = before.st_ctim;
    e->bytes = b.data;
    e->len = b.len;
    cc_total += b.len;
    pthread_mutex_unlock(&cc_lock);
    return 1;
}

int bk_chunkcache_compile(const char *path) {
    if (!path || !*path) return 0;
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) return 0;
    int r = bk_chunkcache_compile_fd(path, fd);
    close(fd);
    return r;
}

typedef struct { const char *p; size_t n; } cc_reader;

static const char *read_bytes(lua_State *L, void *ud, size_t *size) {
    (void)L;
    cc_reader *r = (cc_reader *)ud;
    *size = r->n;
    r->n = 0;
    return *size ? r->p : NULL;
}

/* Pushes the module's main function and returns 1, or returns 0 when the
 * cache has no up-to-date bytecode for the file open at `fd` under `path`.
 * Never raises. The identity compared is the descriptor's: a host that
 * opened the file where it may (beneath the working tree) is served that
 * very file's bytecode, whatever the name leads to by now. */
int bk_chunkcache_push_fd(lua_State *L, const char *path, int fd) {
    struct stat st;
    if (fd < 0 || fstat(fd, &st) != 0) return 0;
    pthread_mutex_lock(&cc_lock);
    cc_entry *e = find(path);
    cc_reader r = { NULL, 0 };
    if (e && same_file(e, &st)) { r.p = e->bytes; r.n = e->len; }
    pthread_mutex_unlock(&cc_lock);
    if (!r.p) return 0;
    /* lua_load does not raise: a refused allocation is a status, and the
     * module then loads from source as if nothing were cached. */
    if (lua_load(L, read_bytes, &r, path, "b") != LUA_OK) { lua_pop(L, 1); return 0; }
    return 1;
}

int bk_chunkcache_push(lua_State *L, const char *path) {
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) return 0;
    int r = bk_chunkcache_push_fd(L, path, fd);
    close(fd);
    return r;
}

/* cached_chunk(path) -> the module's main function, or nil. */
static int cached_chunk(lua_State *L) {
    const char *path = lua_tostring(L, 1);
    return path ? bk_chunkcache_push(L, path) : 0;
}

void bk_push_chunkcache_load(lua_State *L) { lua_pushcfunction(L, cached_chunk); }

/* --- spec files, read before any runs --------------------------------------
 *
 * busted loads every spec file before it runs any, so a spec that rewrites
 * a later one (a sandboxed spec may write inside the tree) cannot change
 * what runs. The runner reads each spec file's bytes here before it starts a
 * worker, and a worker compiles those bytes, not what the file holds by the
 * time its turn comes. Unlike modules, a kept spec is served whatever the
 * file became since: that is the point.
 *
 * The bytes are kept, not bytecode: a spec file is compiled once either
 * way, in its worker, as any file is loaded (bk_load_stream: the byte order
 * mark and a first `#` line skipped, text only), so keeping it costs the
 * runner a read. Compiling in the runner, dumping the bytecode and loading
 * it again in the worker cost 1-2 us per test of a 10,000-test file more
 * than compiling in the worker (the runner's compile was serial too, before
 * any worker started). A binary chunk is not kept (specs load as text
 * here); its worker loads the file as before, and so does a worker whose
 * kept text does not compile, which then reports the error as it always did. */

typedef struct spec_entry {
    struct spec_entry *next;
    char *path;
    char *bytes;
    size_t len;
} spec_entry;

static spec_entry *spec_head;

/* Whether `b` is a binary chunk after what lauxlib skips (a byte order
 * mark, a first line starting with '#'). */
static int binary_chunk(const char *b, size_t n) {
    size_t i = 0;
    if (n >= 3 && (unsigned char)b[0] == 0xEF && (unsigned char)b[1] == 0xBB && (unsigned char)b[2] == 0xBF) i = 3;
    if (i < n && b[i] == '#') {
        while (i < n && b[i] != '\n') i++;
        if (i < n) i++;
    }
    return i < n && b[i] == LUA_SIGNATURE[0];
}

int bk_chunkcache_keep_spec_fd(const char *path, int fd) {
    if (!path || !*path || fd < 0) return 0;
    struct stat st;
    if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) || (size_t)st.st_size > CC_MAX_FILE) return 0;
    /* Read through a copy of the descriptor, from the start (the caller
     * keeps its own), up to the end however long the file became. */
    int copy = dup(fd);
    FILE *f = copy >= 0 && lseek(copy, 0, SEEK_SET) == 0 ? fdopen(copy, "r") : NULL;
    if (!f) { if (copy >= 0) close(copy); return 0; }
    cc_buffer b = {0};
    char chunk[65536];
    size_t n;
    while ((n = fread(chunk, 1, sizeof chunk, f)) > 0 && !b.failed) {
        if (b.len + n > CC_MAX_FILE) b.failed = 1;
        else dump_writer(NULL, chunk, n, &b);
    }
    int ok = !ferror(f) && !b.failed && !binary_chunk(b.data ? b.data : "", b.len);
    fclose(f);
    spec_entry *e = ok ? calloc(1, sizeof *e) : NULL;
    if (!e || !(e->path = strdup(path))) { free(e); free(b.data); return 0; }
    e->bytes = b.data;
    e->len = b.len;
    pthread_mutex_lock(&cc_lock);
    e->next = spec_head;
    spec_head = e;
    pthread_mutex_unlock(&cc_lock);
    return 1;
}

int bk_chunkcache_keep_spec(const char *path) {
    if (!path || !*path) return 0;
    int fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
    if (fd < 0) return 0;
    int r = bk_chunkcache_keep_spec_fd(path, fd);
    close(fd);
    return r;
}

int bk_chunkcache_push_spec(lua_State *L, const char *path) {
    const char *bytes = NULL;
    size_t len = 0;
    int found = 0;
    pthread_mutex_lock(&cc_lock);
    for (spec_entry *e = spec_head; e; e = e->next)
        if (strcmp(e->path, path) == 0) { bytes = e->bytes; len = e->len; found = 1; break; }
    pthread_mutex_unlock(&cc_lock);
    if (!found) return 0;
    /* The kept text, loaded as the file itself would be (bk_load_stream
     * closes the stream); an empty file is an empty chunk. */
    int status;
    if (len == 0) {
        lua_pushfstring(L, "@%s", path);
        status = luaL_loadbufferx(L, "", 0, lua_tostring(L, -1), "t");
        lua_remove(L, -2);
    } else {
        FILE *f = fmemopen((void *)bytes, len, "r");
        if (!f) return 0;
        status = bk_load_stream(L, f, path, "t");
    }
    if (status != LUA_OK) { lua_pop(L, 1); return 0; }
    return 1;
}

void bk_chunkcache_forget_specs(void) {
    pthread_mutex_lock(&cc_lock);
    spec_entry *e = spec_head;
    spec_head = NULL;
    pthread_mutex_unlock(&cc_lock);
    while (e) {
        spec_entry *next = e->next;
        free(e->path);
        free(e->bytes);
        free(e);
        e = next;
    }
}

size_t bk_chunkcache_count(void) {
    pthread_mutex_lock(&cc_lock);
    size_t n = 0;
    for (cc_entry *e = cc_head; e; e = e->next) n++;
    pthread_mutex_unlock(&cc_lock);
    return n;
}
