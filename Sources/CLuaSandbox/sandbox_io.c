/*
 * The sandbox's file functions: io.open, io.lines, io.input, io.output,
 * loadfile, dofile, require's file searcher, package.searchpath, os.remove
 * and os.rename, each taking its path through the working tree
 * (confine.c), so the kernel resolves it beneath the tree where it can.
 *
 * What they hand back is Lua's own: io.open returns a real file handle
 * (Lua's LUA_FILEHANDLE metatable, so methods, io.type, tostring, __gc and
 * __close are the standard library's), io.lines the standard iterator that
 * closes its file at the end; failures are `nil, message, errno` as the
 * real functions give them, and errors are raised where they raise. A
 * refusal looks like the system refusing: `nil, why, EACCES` where the real
 * function returns failures, an error where it raises.
 *
 * No script code runs between a decision and the use of the path: these
 * are C functions that call no Lua between the two (the host's decision is
 * a C callback, not a Lua call), allocate nothing there (no collector step,
 * so no finalizer), and run no hook.
 */
#include "CLuaSandbox.h"
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define EACCES_CODE 13

/* Upvalues every function here shares. */
enum { UV_TREE = 1, UV_LINES, UV_IOLINES, UV_INPUT, UV_OUTPUT, UV_PACKAGE, UV_COUNT = UV_PACKAGE };

static bk_tree *tree_of(lua_State *L) { return (bk_tree *)lua_touserdata(L, lua_upvalueindex(UV_TREE)); }

/* nil, why, EACCES: a refusal, as the system's refusal would read. */
static int refused(lua_State *L, char *why) {
    luaL_pushfail(L);
    lua_pushstring(L, why);
    free(why);
    lua_pushinteger(L, EACCES_CODE);
    return 3;
}

/* Raises `why` at the caller's line, as luaL_error would. */
static int raise_refusal(lua_State *L, char *why) {
    luaL_where(L, 1);
    lua_pushstring(L, why);
    free(why);
    lua_concat(L, 2);
    return lua_error(L);
}

/* MARK: Files */

static int sandbox_fclose(lua_State *L) {
    luaL_Stream *p = (luaL_Stream *)luaL_checkudata(L, 1, LUA_FILEHANDLE);
    errno = 0;
    return luaL_fileresult(L, fclose(p->f) == 0, NULL);
}

/* liolib's l_checkmode: [rwa]%+?b* */
static int valid_mode(const char *mode) {
    return *mode != '\0' && strchr("rwa", *(mode++)) != NULL && (*mode != '+' || ((void)(++mode), 1))
        && strspn(mode, "b") == strlen(mode);
}

static int mode_flags(const char *mode) {
    int plus = strchr(mode, '+') != NULL;
    switch (mode[0]) {
    case 'w': return (plus ? O_RDWR : O_WRONLY) | O_CREAT | O_TRUNC;
    case 'a': return (plus ? O_RDWR : O_WRONLY) | O_CREAT | O_APPEND;
    default: return plus ? O_RDWR : O_RDONLY;
    }
}

/* A closed Lua file handle, to be filled (Lua's own newfile: made before
 * the file is opened, so a memory error cannot lose an open file). */
static luaL_Stream *new_handle(lua_State *L) {
    luaL_Stream *p = (luaL_Stream *)lua_newuserdatauv(L, sizeof(luaL_Stream), 0);
    p->closef = NULL;
    p->f = NULL;
    luaL_setmetatable(L, LUA_FILEHANDLE);
    return p;
}

/* Opens the file named at `idx` into the handle on top. 0 when open; 1
 * refused (*why set); -1 failed (errno set). */
static int open_into(lua_State *L, luaL_Stream *p, int idx, const char *mode, int purpose, const char *fname, char **why) {
    size_t len;
    const char *path = lua_tolstring(L, idx, &len);
    int fd = bk_tree_open(tree_of(L), path, len, purpose, fname, mode_flags(mode), 0666, why);
    if (fd == BK_REFUSED) return 1;
    if (fd < 0) return -1;
    p->f = fdopen(fd, mode);
    if (!p->f) { int e = errno; close(fd); errno = e; return -1; }
    p->closef = sandbox_fclose;
    return 0;
}

/* io.open(filename [, mode]) */
static int sb_open(lua_State *L) {
    luaL_checkstring(L, 1);
    const char *mode = luaL_optstring(L, 2, "r");
    luaL_Stream *p = new_handle(L);
    luaL_argcheck(L, valid_mode(mode), 2, "invalid mode");
    char *why = NULL;
    int r = open_into(L, p, 1, mode, BK_FOR_OPEN, "io.open", &why);
    if (r == 1) return refused(L, why);
    if (r < 0) return luaL_fileresult(L, 0, lua_tostring(L, 1));
    return 1;
}

/* Opens the file at index 1 for io.lines, io.input and io.output, raising
 * as liolib's opencheckfile does; leaves the handle on top. */
static void open_checked(lua_State *L, const char *mode, const char *fname) {
    luaL_Stream *p = new_handle(L);
    char *why = NULL;
    int r = open_into(L, p, 1, mode, BK_FOR_OPEN, fname, &why);
    if (r == 1) raise_refusal(L, why);
    if (r < 0) luaL_error(L, "cannot open file '%s' (%s)", lua_tostring(L, 1), strerror(errno));
}

/* io.lines([filename, ...]): with a name, the standard iterator of a file
 * opened here, told to close it at the end as io.lines' own is (its third
 * upvalue, liolib's `toclose`); the file is the fourth result, to be
 * closed. Without one, the real io.lines (the default input, kept open). */
static int sb_lines(lua_State *L) {
    if (lua_isnoneornil(L, 1)) {
        int n = lua_gettop(L);
        lua_pushvalue(L, lua_upvalueindex(UV_IOLINES));
        lua_insert(L, 1);
        lua_call(L, n, LUA_MULTRET);
        return lua_gettop(L);
    }
    luaL_checkstring(L, 1);
    int n = lua_gettop(L) - 1;
    luaL_argcheck(L, n <= 250, 250 + 2, "too many arguments");
    open_checked(L, "r", "io.lines");
    lua_replace(L, 1);  /* the file in place of its name */
    lua_pushvalue(L, lua_upvalueindex(UV_LINES));
    for (int i = 1; i <= n + 1; i++) lua_pushvalue(L, i);
    lua_call(L, n + 1, 1);  /* file:lines(...) */
    const char *uv = lua_getupvalue(L, -1, 3);
    int shaped = uv != NULL && lua_type(L, -1) == LUA_TBOOLEAN;
    if (uv) lua_pop(L, 1);
    if (shaped) {
        lua_pushboolean(L, 1);
        lua_setupvalue(L, -2, 3);
    }
    lua_pushnil(L);
    lua_pushnil(L);
    lua_pushvalue(L, 1);  /* the file: the to-be-closed fourth result */
    return 4;
}

/* io.input([file]) and io.output([file]): a name opens through the tree,
 * then the real function takes the handle; anything else goes to it as is. */
static int iofile(lua_State *L, int real, const char *mode, const char *fname) {
    if (lua_type(L, 1) == LUA_TSTRING || lua_type(L, 1) == LUA_TNUMBER) {
        lua_settop(L, 1);
        open_checked(L, mode, fname);
        lua_replace(L, 1);
    }
    int n = lua_gettop(L);
    lua_pushvalue(L, lua_upvalueindex(real));
    lua_insert(L, 1);
    lua_call(L, n, 1);
    return 1;
}
static int sb_input(lua_State *L) { return iofile(L, UV_INPUT, "r", "io.input"); }
static int sb_output(lua_State *L) { return iofile(L, UV_OUTPUT, "w", "io.output"); }

/* MARK: Loading code (the loader: loader.c) */

/* Loads the text chunk in the file named at `idx`: the chunk on top and
 * LUA_OK, an error message on top and a LUA_ status (LUA_ERRFILE when it
 * cannot be opened or read), or LOAD_REFUSED (*why set). */
#define LOAD_REFUSED (-100)
static int load_path(lua_State *L, int idx, int purpose, const char *fname, char **why) {
    size_t len;
    const char *path = lua_tolstring(L, idx, &len);
    int fd = bk_tree_open(tree_of(L), path, len, purpose, fname, O_RDONLY, 0, why);
    if (fd == BK_REFUSED) return LOAD_REFUSED;
    return bk_load_fd(L, fd, path, "t");
}

/* loadfile([filename [, mode [, env]]]): text chunks only, whatever mode
 * is asked; no name reads standard input, as Lua's does. */
static int sb_loadfile(lua_State *L) {
    int env = !lua_isnone(L, 3) ? 3 : 0;
    int status;
    if (lua_isnoneornil(L, 1)) {
        status = luaL_loadfilex(L, NULL, "t");
    } else {
        luaL_checkstring(L, 1);
        char *why = NULL;
        status = load_path(L, 1, BK_FOR_OPEN, "loadfile", &why);
        if (status == LOAD_REFUSED) {
            luaL_pushfail(L);
            lua_pushstring(L, why);
            free(why);
            return 2;
        }
    }
    return bk_load_result(L, status, env);
}

static int dofile_done(lua_State *L, int status, lua_KContext k) {
    (void)status;
    (void)k;
    return lua_gettop(L) - 1;
}

/* dofile([filename]) */
static int sb_dofile(lua_State *L) {
    int none = lua_isnoneornil(L, 1);
    if (!none) luaL_checkstring(L, 1);
    lua_settop(L, 1);
    int status;
    if (none) {
        status = luaL_loadfilex(L, NULL, "t");
    } else {
        char *why = NULL;
        status = load_path(L, 1, BK_FOR_OPEN, "dofile", &why);
        if (status == LOAD_REFUSED) return raise_refusal(L, why);
    }
    if (status != LUA_OK) return lua_error(L);
    lua_callk(L, 0, LUA_MULTRET, 0, dofile_done);
    return dofile_done(L, 0, 0);
}

/* MARK: require */

/* `s` (n bytes) with every `from` replaced by `to`, on the stack; plain
 * bytes, NUL included (a name cut at a NUL would be checked as another). */
static void push_replaced(lua_State *L, const char *s, size_t n, const char *from, size_t fn, const char *to, size_t tn) {
    luaL_Buffer b;
    luaL_buffinit(L, &b);
    size_t i = 0;
    while (fn > 0 && i + fn <= n) {
        if (memcmp(s + i, from, fn) == 0) {
            luaL_addlstring(&b, to, tn);
            i += fn;
        } else {
            luaL_addchar(&b, s[i]);
            i++;
        }
    }
    luaL_addlstring(&b, s + i, n - i);
    luaL_pushresult(&b);
}

/* Searches `template` (`;`-separated, `?` the name) for a file the sandbox
 * lets `require` read. Pushes the file name and returns 1, or pushes
 * "no file 'x'\n\tno file 'y'" and returns 0. A file it may not read is
 * "no file", the same answer as a missing one. */
static int search(lua_State *L, int nameidx, int pathidx, const char *sep, const char *rep) {
    size_t nlen, plen;
    const char *name = lua_tolstring(L, nameidx, &nlen);
    const char *path = lua_tolstring(L, pathidx, &plen);
    size_t seplen = strlen(sep);
    if (seplen > 0) push_replaced(L, name, nlen, sep, seplen, rep, strlen(rep));
    else lua_pushlstring(L, name, nlen);
    int namei = lua_gettop(L);
    luaL_Buffer tried;
    int ntried = 0;
    luaL_buffinit(L, &tried);
    /* The buffer sits on the stack: candidates are made above it. */
    size_t start = 0;
    while (start <= plen) {
        const char *end = memchr(path + start, ';', plen - start);
        size_t stop = end ? (size_t)(end - path) : plen;
        /* As loadlib's: every entry is tried and listed, an empty one too
         * (no file has an empty name). */
        size_t cl;
        const char *mod = lua_tolstring(L, namei, &nlen);
        push_replaced(L, path + start, stop - start, "?", 1, mod, nlen);
        const char *candidate = lua_tolstring(L, -1, &cl);
        if (cl > 0) {
            char *why = NULL;
            int fd = bk_tree_open(tree_of(L), candidate, cl, BK_FOR_REQUIRE, "require", O_RDONLY, 0, &why);
            free(why);
            if (fd >= 0) {
                close(fd);
                /* Found: the candidate takes the name's slot, below the
                 * buffer, which is then dropped (buffer rules: its stack
                 * must be as it left it). */
                lua_replace(L, namei);
                luaL_pushresult(&tried);
                lua_pop(L, 1);
                return 1;
            }
        }
        lua_pushstring(L, ntried++ > 0 ? "\n\tno file '" : "no file '");
        lua_insert(L, -2);
        lua_pushliteral(L, "'");
        lua_concat(L, 3);
        luaL_addvalue(&tried);
        if (!end) break;
        start = stop + 1;
    }
    luaL_pushresult(&tried);
    lua_remove(L, namei);
    return 0;
}

/* package.searchpath(name, path [, sep [, rep]]) */
static int sb_searchpath(lua_State *L) {
    luaL_checkstring(L, 1);
    luaL_checkstring(L, 2);
    const char *sep = luaL_optstring(L, 3, ".");
    const char *rep = luaL_optstring(L, 4, "/");
    if (search(L, 1, 2, sep, rep)) return 1;
    luaL_pushfail(L);
    lua_insert(L, -2);
    return 2;
}

/* require's searcher for Lua files on package.path, as loadlib's. */
static int sb_searcher(lua_State *L) {
    luaL_checkstring(L, 1);
    lua_settop(L, 1);
    lua_getfield(L, lua_upvalueindex(UV_PACKAGE), "path");
    if (lua_type(L, 2) != LUA_TSTRING) return luaL_error(L, "'package.path' must be a string");
    if (!search(L, 1, 2, ".", "/")) return 1;  /* the "no file" list */
    int fileidx = lua_gettop(L);
    char *why = NULL;
    int status = load_path(L, fileidx, BK_FOR_REQUIRE, "require", &why);
    if (status == LUA_OK) {
        lua_pushvalue(L, fileidx);
        return 2;
    }
    if (status == LOAD_REFUSED) {
        lua_pushstring(L, why);
        free(why);
    }
    return luaL_error(L, "error loading module '%s' from file '%s':\n\t%s", lua_tostring(L, 1), lua_tostring(L, fileidx),
                      lua_tostring(L, -1));
}

/* MARK: Removing and renaming */

/* os.remove(filename): unlink, or rmdir for a folder (as C's remove). */
static int sb_remove(lua_State *L) {
    size_t len;
    const char *path = luaL_checklstring(L, 1, &len);
    const char *last = NULL;
    char *why = NULL;
    int dir = bk_tree_folder(tree_of(L), path, len, BK_FOR_MOVE, "os.remove", &last, &why);
    if (dir == BK_REFUSED) return refused(L, why);
    int ok = 0;
    if (dir >= 0) {
        ok = unlinkat(dir, last, 0) == 0 || (errno == EISDIR && unlinkat(dir, last, AT_REMOVEDIR) == 0);
        int e = errno;
        close(dir);
        errno = e;
    }
    return luaL_fileresult(L, ok, path);
}

/* os.rename(oldname, newname) */
static int sb_rename(lua_State *L) {
    size_t flen, tlen;
    const char *from = luaL_checklstring(L, 1, &flen);
    const char *to = luaL_checklstring(L, 2, &tlen);
    const char *flast = NULL, *tlast = NULL;
    char *why = NULL;
    int fdir = bk_tree_folder(tree_of(L), from, flen, BK_FOR_MOVE, "os.rename", &flast, &why);
    if (fdir == BK_REFUSED) return refused(L, why);
    if (fdir < 0) return luaL_fileresult(L, 0, NULL);
    int tdir = bk_tree_folder(tree_of(L), to, tlen, BK_FOR_MOVE, "os.rename", &tlast, &why);
    if (tdir == BK_REFUSED) { close(fdir); return refused(L, why); }
    int ok = 0;
    if (tdir >= 0) {
        ok = renameat(fdir, flast, tdir, tlast) == 0;
        int e = errno;
        close(tdir);
        errno = e;
    }
    int e = errno;
    close(fdir);
    errno = e;
    return luaL_fileresult(L, ok, NULL);
}

/* MARK: Installing */

static const luaL_Reg functions[] = {
    { "open", sb_open }, { "lines", sb_lines }, { "input", sb_input }, { "output", sb_output },
    { "loadfile", sb_loadfile }, { "dofile", sb_dofile }, { "searchpath", sb_searchpath },
    { "searcher", sb_searcher }, { "remove", sb_remove }, { "rename", sb_rename }, { NULL, NULL },
};

void bk_push_sandbox_io(lua_State *L, bk_tree *tree) {
    lua_createtable(L, 0, 10);
    lua_pushlightuserdata(L, tree);
    /* The real functions, taken now: a script may replace the methods
     * table's entries, and its replacement must not run in here. */
    luaL_getmetatable(L, LUA_FILEHANDLE);
    lua_getfield(L, -1, "__index");
    lua_getfield(L, -1, "lines");
    lua_replace(L, -3);
    lua_pop(L, 1);
    lua_getglobal(L, "io");
    lua_getfield(L, -1, "lines");
    lua_getfield(L, -2, "input");
    lua_getfield(L, -3, "output");
    lua_remove(L, -4);
    lua_getglobal(L, "package");
    luaL_setfuncs(L, functions, UV_COUNT);
}
