/*
 * Guards for the bugs of Lua 5.4.4 (Debian's liblua5.4) that a script can
 * reach and that Debian has not patched. lua.org lists them; 5.4.5 and 5.4.6
 * fix them inside the library, which we do not build. docs/scripting.md
 * ("Lua 5.4.4's known bugs") lists every one and what is done about it.
 *
 * - "C-stack overflow with deep nesting of coroutine.close": closing a
 *   coroutine runs its pending __close methods on the C stack with the
 *   coroutine's own, stale count of C calls, so a chain of closes that each
 *   close the next one is never counted and ends in SIGSEGV. 5.4.5 counts
 *   from the caller; we cannot reach that count, so coroutine.close (and
 *   resume, whose callee may close) refuse to go deeper once the C stack
 *   itself is nearly used: they look at how much of this thread's stack is
 *   left, which holds whatever mix of closes, resumes and C calls led here
 *   (bk_cstack_exhausted; the wrappers are in limits.c).
 * - "'utf8.codes' does not raise an error on spurious continuation bytes":
 *   utf8.codes is replaced by 5.4.6's iterator.
 */
#define _GNU_SOURCE
#include "internal.h"
#include <pthread.h>
#include <sys/resource.h>

/* What must stay free below a close or a resume: room for Lua's own limit of
 * 200 nested C calls (LUAI_MAXCCALLS) with their buffers, and for the error
 * that reports the refusal. */
#define BK_STACK_RESERVE ((size_t)1 << 20)

/* The lowest address this thread's guards let the C stack reach; found once
 * per thread (bk_cstack_prime runs before confinement, which may hide
 * /proc/self/maps that glibc reads for the main thread). */
static _Thread_local char *stack_floor;

void bk_cstack_prime(void) {
    if (stack_floor) return;
    char here;
    char *low = NULL;
    size_t size = 0;
    pthread_attr_t attr;
    if (pthread_getattr_np(pthread_self(), &attr) == 0) {
        void *addr = NULL;
        if (pthread_attr_getstack(&attr, &addr, &size) == 0) low = addr;
        pthread_attr_destroy(&attr);
    }
    if (!low || (char *)&here < low || (size_t)((char *)&here - low) > size) {
        /* Unknown: assume the soft limit (or 8 MB) below where we are. */
        struct rlimit rl;
        size = 8u << 20;
        if (getrlimit(RLIMIT_STACK, &rl) == 0 && rl.rlim_cur != RLIM_INFINITY && rl.rlim_cur < size)
            size = (size_t)rl.rlim_cur;
        low = &here - size + 4096;
    }
    size_t room = (size_t)(&here - low);
    size_t reserve = room / 2 < BK_STACK_RESERVE ? room / 2 : BK_STACK_RESERVE;
    stack_floor = low + reserve;
}

int bk_cstack_exhausted(void) {
    if (!stack_floor) bk_cstack_prime();
    char here;
    return &here < stack_floor;
}

/* --- utf8.codes, as in 5.4.6 ----------------------------------------------- */

#define MSG_INVALID "invalid UTF-8 code"
#define ISCONT(c) ((((unsigned char)(c)) & 0xC0) == 0x80)
#define MAXUNICODE 0x10FFFFu
#define MAXUTF 0x7FFFFFFFu

static const char *utf8_decode(const char *s, unsigned long *val, int strict) {
    static const unsigned long limits[] = {~0ul, 0x80, 0x800, 0x10000u, 0x200000u, 0x4000000u};
    unsigned int c = (unsigned char)s[0];
    unsigned long res = 0;
    if (c < 0x80) res = c;
    else {
        int count = 0;
        for (; c & 0x40; c <<= 1) {
            unsigned int cc = (unsigned char)s[++count];
            if (!ISCONT(cc)) return NULL;
            res = (res << 6) | (cc & 0x3F);
        }
        res |= ((unsigned long)(c & 0x7F) << (count * 5));
        if (count > 5 || res > MAXUTF || res < limits[count]) return NULL;
        s += count;
    }
    if (strict && (res > MAXUNICODE || (0xD800u <= res && res <= 0xDFFFu))) return NULL;
    if (val) *val = res;
    return s + 1;
}

static int iter_aux(lua_State *L, int strict) {
    size_t len;
    const char *s = luaL_checklstring(L, 1, &len);
    lua_Unsigned n = (lua_Unsigned)lua_tointeger(L, 2);
    if (n < len) {
        while (ISCONT(s[n])) n++;
    }
    if (n >= len) return 0;
    unsigned long code;
    const char *next = utf8_decode(s + n, &code, strict);
    if (next == NULL || ISCONT(*next)) return luaL_error(L, MSG_INVALID);
    lua_pushinteger(L, (lua_Integer)n + 1);
    lua_pushinteger(L, (lua_Integer)code);
    return 2;
}

static int iter_auxstrict(lua_State *L) { return iter_aux(L, 1); }
static int iter_auxlax(lua_State *L) { return iter_aux(L, 0); }

static int utf8_codes(lua_State *L) {
    int lax = lua_toboolean(L, 2);
    const char *s = luaL_checkstring(L, 1);
    luaL_argcheck(L, !ISCONT(*s), 1, MSG_INVALID);
    lua_pushcfunction(L, lax ? iter_auxlax : iter_auxstrict);
    lua_pushvalue(L, 1);
    lua_pushinteger(L, 0);
    return 3;
}

/* Runs inside the protected body that opens the libraries. */
void bk_upstream_bugs_install(lua_State *L) {
    bk_cstack_prime();
    lua_getglobal(L, "utf8");
    if (lua_istable(L, -1)) {
        lua_pushcfunction(L, utf8_codes);
        lua_setfield(L, -2, "codes");
    }
    lua_pop(L, 1);
}
