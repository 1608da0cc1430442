/*
 * The loader: every chunk the host or a confined script loads from text or
 * from a file comes through here (the host's bk_load, bk_loadfile and
 * bk_loadfd; the sandbox's loadfile, dofile and require; the runner's chunk
 * cache), and the sandbox's own load, debug.getinfo and debug.getlocal.
 */
#include "CLuaSandbox.h"
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

/* --- files ---------------------------------------------------------------- */

typedef struct { int n; FILE *f; char buff[BUFSIZ]; } load_state;

static const char *read_chunk(lua_State *L, void *ud, size_t *size) {
    (void)L;
    load_state *s = (load_state *)ud;
    if (s->n > 0) {
        *size = (size_t)s->n;
        s->n = 0;
    } else {
        if (feof(s->f)) return NULL;
        *size = fread(s->buff, 1, sizeof s->buff, s->f);
    }
    return s->buff;
}

/* lauxlib's skipcomment: a UTF-8 byte order mark, then a first line
 * starting with '#' (a Unix executable's), are skipped. */
static int skip_comment(FILE *f, int *cp) {
    int c = getc(f);
    if (c == 0xEF && getc(f) == 0xBB && getc(f) == 0xBF) c = getc(f);
    *cp = c;
    if (c == '#') {
        do { c = getc(f); } while (c != EOF && c != '\n');
        *cp = getc(f);
        return 1;
    }
    return 0;
}

/* luaL_loadfilex for a file opened here: the chunk (or an error message)
 * on top, a LUA_ status, LUA_ERRFILE when reading failed. Closes `f`. */
int bk_load_stream(lua_State *L, FILE *f, const char *path, const char *mode) {
    int base = lua_gettop(L);
    lua_pushfstring(L, "@%s", path);
    load_state s;
    s.n = 0;
    s.f = f;
    int c;
    if (skip_comment(f, &c)) s.buff[s.n++] = '\n';
    if (c == LUA_SIGNATURE[0]) {  /* binary: read from the start (the text-only mode refuses it) */
        s.n = 0;
        rewind(f);
        skip_comment(f, &c);
    }
    if (c != EOF) s.buff[s.n++] = (char)c;
    errno = 0;
    int status = lua_load(L, read_chunk, &s, lua_tostring(L, -1), mode);
    int unreadable = ferror(f);
    int e = errno;
    fclose(f);
    if (unreadable) {
        lua_settop(L, base + 1);
        lua_pushfstring(L, "cannot read %s: %s", path, strerror(e));
        lua_remove(L, base + 1);
        return LUA_ERRFILE;
    }
    lua_remove(L, base + 1);
    return status;
}

/* The tail every loadfile shares: the file open at `fd` (or fd < 0, errno
 * saying why opening failed), named `path`, loaded with `mode`; closes it.
 * A LUA_ status, the chunk or the message on top. */
int bk_load_fd(lua_State *L, int fd, const char *path, const char *mode) {
    FILE *f = fd >= 0 ? fdopen(fd, "r") : NULL;
    if (!f) {
        int e = errno;
        if (fd >= 0) close(fd);
        lua_pushfstring(L, "cannot open %s: %s", path, strerror(e));
        return LUA_ERRFILE;
    }
    return bk_load_stream(L, f, path, mode);
}

/* --- the host's loading ----------------------------------------------------- */

static int load_status(lua_State *L, int status) {
    if (status == LUA_OK) return BK_OK;
    if (status == LUA_ERRMEM) return BK_ERR_MEMORY;
    if (status == LUA_ERRFILE) return BK_ERR_FILE;
    if (status == LUA_ERRSYNTAX) {
        /* lua.c's rule: a syntax error at the end of the input means the
         * chunk is incomplete (a REPL asks for the next line). */
        size_t len = 0;
        const char *msg = lua_tolstring(L, -1, &len);
        static const char eof[] = "<eof>";
        if (msg && len >= sizeof eof - 1 && strcmp(msg + len - (sizeof eof - 1), eof) == 0) return BK_ERR_INCOMPLETE;
        return BK_ERR_SYNTAX;
    }
    return BK_ERR_RUNTIME;
}

int bk_load(lua_State *L, const char *buf, size_t len, const char *name, const char *mode) {
    return load_status(L, luaL_loadbufferx(L, buf, len, name, mode));
}

int bk_loadfile(lua_State *L, const char *path, const char *mode) {
    return load_status(L, luaL_loadfilex(L, path, mode));
}

int bk_loadfd(lua_State *L, int fd, const char *path, const char *mode) {
    return load_status(L, bk_load_fd(L, fd, path, mode));
}


/* --- the sandbox's load ------------------------------------------------------
 * luaB_load from lbaselib.c, with one change: the mode is always text. It is
 * a C function, so a reader function that looks up its caller with
 * debug.getinfo finds this one, which loads no bytecode either. */

#define RESERVEDSLOT 5
static const char binary_refusal[] = "binary chunks are disabled in the sandbox (run with --unsafe to allow them)";

static const char *sandbox_reader(lua_State *L, void *ud, size_t *size) {
    int *first = (int *)ud;
    luaL_checkstack(L, 2, "too many nested functions");
    lua_pushvalue(L, 1);
    lua_call(L, 0, 1);
    if (lua_isnil(L, -1)) {
        lua_pop(L, 1);
        *size = 0;
        return NULL;
    }
    if (!lua_isstring(L, -1)) luaL_error(L, "reader function must return a string");
    lua_replace(L, RESERVEDSLOT);
    const char *s = lua_tolstring(L, RESERVEDSLOT, size);
    if (*first && *size > 0) {
        *first = 0;
        if (s[0] == LUA_SIGNATURE[0]) luaL_error(L, "%s", binary_refusal);
    }
    return s;
}

static int sandbox_load(lua_State *L) {
    int status;
    size_t l;
    const char *s = lua_tolstring(L, 1, &l);
    const char *mode = luaL_optstring(L, 3, "bt");
    int env = (!lua_isnone(L, 4) ? 4 : 0);
    const char *effective = strchr(mode, 't') ? "t" : "";
    if (s != NULL) {
        const char *chunkname = luaL_optstring(L, 2, s);
        if (l > 0 && s[0] == LUA_SIGNATURE[0]) {
            luaL_pushfail(L);
            lua_pushstring(L, binary_refusal);
            return 2;
        }
        status = luaL_loadbufferx(L, s, l, chunkname, effective);
    } else {
        const char *chunkname = luaL_optstring(L, 2, "=(load)");
        luaL_checktype(L, 1, LUA_TFUNCTION);
        lua_settop(L, RESERVEDSLOT);
        int first = 1;
        status = lua_load(L, sandbox_reader, &first, chunkname, effective);
    }
    return bk_load_result(L, status, env);
}

int bk_load_result(lua_State *L, int status, int env) {
    if (status == LUA_OK) {
        if (env != 0) {
            lua_pushvalue(L, env);
            if (!lua_setupvalue(L, -2, 1)) lua_pop(L, 1);
        }
        return 1;
    }
    luaL_pushfail(L);
    lua_insert(L, -2);
    return 2;
}

void bk_push_sandbox_load(lua_State *L) { lua_pushcfunction(L, sandbox_load); }

/* The sandbox's debug.getinfo: Lua 5.4's own (ldblib.c's db_getinfo), except
 * that a stack frame's `func` is left out when it is a C function or runs
 * ButtonKit's own Lua (own_frame: the framework's internal functions). A hook
 * sees every function the sandbox's wrappers call: the real io.open,
 * loadfile, os.remove ... behind them, and a host's private functions;
 * `func` would hand them out. A function passed by value is answered as
 * usual (the caller has it already). Written in C so that levels, tail
 * calls and argument errors are exactly those of the real one. */
static void info_field(lua_State *L, lua_State *L1, const char *name, int keep) {
    if (L == L1) lua_rotate(L, -2, 1);  /* the value above the table */
    else lua_xmove(L1, L, 1);
    if (keep) lua_setfield(L, -2, name);
    else lua_pop(L, 1);
}

static void set_string(lua_State *L, const char *k, const char *v) { lua_pushstring(L, v); lua_setfield(L, -2, k); }
static void set_int(lua_State *L, const char *k, int v) { lua_pushinteger(L, v); lua_setfield(L, -2, k); }
static void set_bool(lua_State *L, const char *k, int v) { lua_pushboolean(L, v); lua_setfield(L, -2, k); }

/* Whether stack frame `ar` of `L1` runs ButtonKit's own Lua: the sandbox's
 * prelude and the test framework, loaded from embedded chunks named
 * "=[buttonkit NAME]" (or "=?" where their bytecode is stripped). Their
 * frames hold functions no script may have; a script naming its own chunk
 * so only hides its own locals from itself. */
static int own_frame(lua_State *L1, lua_Debug *ar) {
    if (!lua_getinfo(L1, "S", ar)) return 0;
    static const char prefix[] = "=[buttonkit ";
    if (ar->srclen == 2 && memcmp(ar->source, "=?", 2) == 0) return 1;
    return ar->srclen >= sizeof prefix - 1 && memcmp(ar->source, prefix, sizeof prefix - 1) == 0;
}

static int sandbox_getinfo(lua_State *L) {
    lua_Debug ar;
    int arg = 0;
    lua_State *L1 = L;
    if (lua_isthread(L, 1)) { arg = 1; L1 = lua_tothread(L, 1); }
    const char *options = luaL_optstring(L, arg + 2, "flnSrtu");
    if (L != L1 && !lua_checkstack(L1, 3)) luaL_error(L, "stack overflow (message is too long)");
    luaL_checkstack(L, 3, "not enough stack");
    luaL_argcheck(L, options[0] != '>', arg + 2, "invalid option '>'");
    /* Options are checked before lua_getinfo: it pushes `func` for 'f'
     * before it finds a bad option, and on another thread's stack that
     * value would stay behind, readable with getlocal from there. */
    luaL_argcheck(L, strspn(options, "SltunrfL") == strlen(options), arg + 2, "invalid option");
    int frame = 0;
    if (lua_isfunction(L, arg + 1)) {
        options = lua_pushfstring(L, ">%s", options);
        lua_pushvalue(L, arg + 1);
        lua_xmove(L, L1, 1);
    } else {
        if (!lua_getstack(L1, (int)luaL_checkinteger(L, arg + 1), &ar)) {
            luaL_pushfail(L);
            return 1;
        }
        frame = 1;
    }
    int own = frame && own_frame(L1, &ar);
    if (!lua_getinfo(L1, options, &ar)) return luaL_argerror(L, arg + 2, "invalid option");
    lua_newtable(L);
    if (strchr(options, 'S')) {
        lua_pushlstring(L, ar.source, ar.srclen);
        lua_setfield(L, -2, "source");
        set_string(L, "short_src", ar.short_src);
        set_int(L, "linedefined", ar.linedefined);
        set_int(L, "lastlinedefined", ar.lastlinedefined);
        set_string(L, "what", ar.what);
    }
    if (strchr(options, 'l')) set_int(L, "currentline", ar.currentline);
    if (strchr(options, 'u')) {
        set_int(L, "nups", ar.nups);
        set_int(L, "nparams", ar.nparams);
        set_bool(L, "isvararg", ar.isvararg);
    }
    if (strchr(options, 'n')) {
        set_string(L, "name", ar.name);
        set_string(L, "namewhat", ar.namewhat);
    }
    if (strchr(options, 'r')) {
        set_int(L, "ftransfer", ar.ftransfer);
        set_int(L, "ntransfer", ar.ntransfer);
    }
    if (strchr(options, 't')) set_bool(L, "istailcall", ar.istailcall);
    if (strchr(options, 'L')) info_field(L, L1, "activelines", 1);
    if (strchr(options, 'f')) {
        lua_State *from = (L == L1) ? L : L1;
        int c = lua_iscfunction(from, L == L1 ? -2 : -1);
        info_field(L, L1, "func", !(frame && (c || own)));
    }
    return 1;
}

void bk_push_sandbox_getinfo(lua_State *L) { lua_pushcfunction(L, sandbox_getinfo); }

/* The sandbox's debug.getlocal: Lua 5.4's own (ldblib.c's db_getlocal),
 * except that in a frame running ButtonKit's own Lua (see own_frame) every
 * local reads as nil, its name kept. The sandbox's wrappers hold the real
 * io.open, loadfile, os.remove ... in their registers just before calling
 * them, and the test framework holds the runner's private host functions;
 * a hook firing there (every instruction, say) would otherwise read them
 * out of the "(temporary)" slots. Names stay, so code that walks locals
 * until the name is nil still ends where it should. */
static int sandbox_getlocal(lua_State *L) {
    int arg = 0;
    lua_State *L1 = L;
    if (lua_isthread(L, 1)) { arg = 1; L1 = lua_tothread(L, 1); }
    int nvar = (int)luaL_checkinteger(L, arg + 2);
    if (lua_isfunction(L, arg + 1)) {  /* parameter names only, no values */
        lua_pushvalue(L, arg + 1);
        lua_pushstring(L, lua_getlocal(L, NULL, nvar));
        return 1;
    }
    lua_Debug ar;
    int level = (int)luaL_checkinteger(L, arg + 1);
    if (!lua_getstack(L1, level, &ar)) return luaL_argerror(L, arg + 1, "level out of range");
    if (L != L1 && !lua_checkstack(L1, 1)) return luaL_error(L, "stack overflow");
    luaL_checkstack(L, 3, "not enough stack");
    const char *name = lua_getlocal(L1, &ar, nvar);
    if (name == NULL) { luaL_pushfail(L); return 1; }
    lua_xmove(L1, L, 1);
    lua_pushstring(L, name);
    lua_rotate(L, -2, 1);  /* name, value */
    /* A C function's locals are its arguments: hidden too when ButtonKit's
     * own Lua called it (`pcall(private_fn, ...)` would hold one). */
    lua_Debug caller;
    int c_called_by_own = lua_getinfo(L1, "S", &ar) && ar.what[0] == 'C'
        && lua_getstack(L1, level + 1, &caller) && own_frame(L1, &caller);
    if (c_called_by_own || own_frame(L1, &ar)) {
        lua_pop(L, 1);
        lua_pushnil(L);
    }
    return 2;
}

void bk_push_sandbox_getlocal(lua_State *L) { lua_pushcfunction(L, sandbox_getlocal); }
