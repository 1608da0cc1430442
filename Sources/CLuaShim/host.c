/*
 * Host functions and bound objects: the trampoline that raises errors only
 * after Swift has returned, userdata boxes, and the __index/__newindex
 * dispatchers that serve fields by number.
 */
#include "internal.h"
#include <string.h>

int bk_memory_error(lua_State *L) {
    bk_state *st = bk_st(L);
    st->mem_refused = 1;
    st->mem_exceeded = 1;
    lua_pushfstring(L, "not enough memory (limit %d MB)", (int)(st->limit >> 20));
    return lua_error(L);
}

/* The walk of the arguments below is bounded: it goes as deep as the host
 * reads a nested value (Read+JSON: 64 levels, deeper is an error there),
 * visits this many entries at most (what lies beyond is counted once
 * stored, by the footprint's recount), and stops as soon as the count
 * passes what the ceiling has left, so it costs no more than the copy it
 * stands for. */
#define COUNTED_DEPTH 64
#define COUNTED_ENTRIES (1 << 20)
/* What the host's copy of one entry costs beyond its strings, at least. */
#define ENTRY_BYTES 16

typedef struct tally {
    size_t n, room;
    long entries;
} tally;

static void count_value(lua_State *L, int idx, int depth, tally *t);

/* Every entry of the table at `idx`, read raw: its keys' and values'
 * strings, and nested tables the same way. */
static void count_table(lua_State *L, int idx, int depth, tally *t) {
    if (depth >= COUNTED_DEPTH || !lua_checkstack(L, 3)) return;
    idx = lua_absindex(L, idx);
    lua_pushnil(L);
    while (lua_next(L, idx)) {
        t->n += ENTRY_BYTES;
        count_value(L, -2, depth, t);
        count_value(L, -1, depth, t);
        lua_pop(L, 1);
        if (++t->entries >= COUNTED_ENTRIES || t->n > t->room) {
            lua_pop(L, 1);  /* the key left by an unfinished walk */
            return;
        }
    }
}

static void count_value(lua_State *L, int idx, int depth, tally *t) {
    int type = lua_type(L, idx);
    if (type == LUA_TSTRING) t->n += lua_rawlen(L, idx);
    else if (type == LUA_TTABLE && t->entries < COUNTED_ENTRIES && t->n <= t->room) count_table(L, idx, depth + 1, t);
}

/* The bytes the host may copy out of the arguments from `from` on (a
 * title, a style's strings, a nested value given to info or store:set),
 * counted until they pass `room`. */
static size_t incoming(lua_State *L, int from, size_t room) {
    tally t = { .n = 0, .room = room, .entries = 0 };
    int top = lua_gettop(L);
    for (int i = from; i <= top && t.n <= room; i++) count_value(L, i, 0, &t);
    return t.n;
}

/* At every entry from script code: a ceiling reached for good refuses
 * everything, and what the host would copy out of the arguments (a title, a
 * style's strings) is charged before it is stored, so it cannot take the
 * process past the ceiling first and be counted afterwards. */
static int enter(lua_State *L, bk_state *st, int from) {
    if (st->in_host || !st->limit) return 0;
    if (st->mem_exceeded) return 1;
    size_t room = st->used < st->limit ? st->limit - st->used : 0;
    return incoming(L, from, room) > room;
}

/* Raises what the host left on the stack. Runs in C, after Swift returned. */
static int finish(lua_State *L, bk_state *st, int n) {
    st->in_host--;
    if (st->limit && st->used > st->limit && st->in_host == 0) return bk_memory_error(L);
    if (n == BK_RAISE) return lua_error(L);
    if (n == BK_RAISE_WHERE) {
        luaL_where(L, 1);
        lua_insert(L, -2);
        lua_concat(L, 2);
        return lua_error(L);
    }
    return n;
}

static int trampoline(lua_State *L) {
    bk_hostfn fn = (bk_hostfn)lua_touserdata(L, lua_upvalueindex(1));
    bk_state *st = bk_st(L);
    if (enter(L, st, 1)) return bk_memory_error(L);
    st->in_host++;
    int n = fn(L);
    return finish(L, st, n);
}

void bk_pushhostfn(lua_State *L, bk_hostfn fn, int nextra) {
    lua_pushlightuserdata(L, (void *)fn);
    if (nextra > 0) lua_insert(L, -(nextra + 1));
    lua_pushcclosure(L, trampoline, nextra + 1);
}

bk_box *bk_newbox(lua_State *L, void *obj, int32_t kind) {
    bk_box *b = (bk_box *)lua_newuserdatauv(L, sizeof(bk_box), 1);
    b->magic = BK_MAGIC;
    b->obj = obj;
    b->kind = kind;
    b->charged = 0;
    b->bits = NULL;
    return b;
}

bk_box *bk_tobox(lua_State *L, int idx) {
    /* lua_rawlen is 0 for light userdata, so a non-NULL pointer with our
     * size is a full userdata of ours or of the same size; the magic tells. */
    bk_box *b = (bk_box *)lua_touserdata(L, idx);
    if (b == NULL || lua_rawlen(L, idx) != sizeof(bk_box)) return NULL;
    if (b->magic != BK_MAGIC || b->obj == NULL) return NULL;
    return b;
}

/* Whether the running C function was called by the collector as a
 * finalizer: Lua names such a frame "__gc", "metamethod", and only such a
 * frame (a call from Lua or C code gets another name, or none). */
static int finalizing(lua_State *L) {
    lua_Debug ar;
    if (!lua_getstack(L, 0, &ar) || !lua_getinfo(L, "n", &ar)) return 0;
    return ar.namewhat && strcmp(ar.namewhat, "metamethod") == 0 && ar.name && strcmp(ar.name, "__gc") == 0;
}

/* Only the collector releases a box's object. The metatable is reachable
 * (debug.getmetatable), and a script calling __gc by hand, say from a
 * handler during a tap, would free the object under the host code that is
 * using it. A call by hand does nothing. */
int bk_box_gc(lua_State *L) {
    if (!finalizing(L)) return 0;
    bk_box *b = bk_tobox(L, 1);
    bk_state *st = bk_st(L);
    if (b && st->release) {
        void *obj = b->obj;
        b->obj = NULL;
        b->magic = 0;
        if (b->charged) bk_charge(L, -(ptrdiff_t)b->charged);
        b->charged = 0;
        st->release(obj);
    }
    return 0;
}

/* The name cache. Looking a name up in the kind's names table walks a
 * hash chain on every b.selected; instead each dispatcher remembers the
 * codes of names it has found, keyed by the address of the key string.
 * That is sound because only names found in the names table are cached,
 * and those are short strings, interned by Lua: the table's own key is
 * the very object at that address, and the table (upvalue 1 of the same
 * closure) keeps it alive, so no other object can appear there while the
 * entry exists. The key at index 2 is checked to be a string first, so a
 * light userdata holding the same address cannot hit. */
#define NAME_CACHE 64
/* Lua 5.4 interns strings of up to this many bytes (LUAI_MAXSHORTLEN in
 * its llimits.h, not a public header). */
#define SHORT_STRING_MAX 40
#define NO_NAME INT32_MIN

typedef struct name_slot {
    const void *key;
    int32_t code;
} name_slot;

/* A dispatcher's host function, the kind it serves and its name cache, in
 * one upvalue so the hot path reads them with one API call. */
typedef struct accessor {
    bk_fieldfn fn;
    int32_t kind;
    name_slot cache[NAME_CACHE];
} accessor;

/* The code of the key at index 2: a field id (>= 0, with flag bits), a
 * method as -(position in the methods array), or NO_NAME. */
static int32_t name_code(lua_State *L, accessor *acc) {
    if (lua_type(L, 2) != LUA_TSTRING) return NO_NAME;
    const void *p = lua_topointer(L, 2);
    name_slot *slot = &acc->cache[((uintptr_t)p >> 4) & (NAME_CACHE - 1)];
    if (slot->key == p) return slot->code;
    int32_t code = NO_NAME;
    lua_pushvalue(L, 2);
    if (lua_rawget(L, lua_upvalueindex(1)) == LUA_TNUMBER) {
        code = (int32_t)lua_tointeger(L, -1);
        /* Long strings are not interned: the table's key would be another
         * object, so they are never cached (names are short anyway). */
        if (lua_rawlen(L, 2) <= SHORT_STRING_MAX) { slot->key = p; slot->code = code; }
    }
    lua_pop(L, 1);
    return code;
}

/* __index: fields are the hot path (b.selected); methods come back from
 * the methods array (upvalue 3) for b:tap(). State flags are read here, in
 * C, from the object's flag byte: only buttons have one, and reading it is
 * harmless whatever moved metatables around, so this path needs no kind
 * check. */
static int index_dispatch(lua_State *L) {
    accessor *acc = (accessor *)lua_touserdata(L, lua_upvalueindex(2));
    int32_t code = name_code(L, acc);
    if (code < 0 && code != NO_NAME) {
        lua_rawgeti(L, lua_upvalueindex(3), -code);
        return 1;
    }
    int field = code == NO_NAME ? -1 : (int)code;
    if (field >= 0 && (field & BK_FIELD_FLAG)) {
        bk_box *fb = (bk_box *)lua_touserdata(L, 1);
        if (fb && fb->magic == BK_MAGIC && fb->bits && lua_rawlen(L, 1) == sizeof(bk_box)) {
            int on = (*fb->bits & ((field >> BK_FIELD_MASK_SHIFT) & 0xff)) != 0;
            lua_pushboolean(L, (field & BK_FIELD_INVERT) ? !on : on);
            return 1;
        }
    }
    lua_settop(L, 2);
    bk_box *b = bk_tobox(L, 1);
    if (b == NULL) return luaL_error(L, "attempt to index a released object");
    /* The accessor of one kind never reads another kind's object, even if a
     * script moved metatable fields around with debug.getmetatable. */
    if (b->kind != acc->kind)
        return luaL_error(L, "attempt to read a field through another type's accessor");
    bk_state *st = bk_st(L);
    if (st->mem_exceeded && !st->in_host) return bk_memory_error(L);
    st->in_host++;
    int n = acc->fn(L, b->obj, field);
    return finish(L, st, n);
}

/* __newindex: the setter gets the field's id, -2 for a method's name (so it
 * can say "is a method"), or -1 for a name the kind does not have. */
static int newindex_dispatch(lua_State *L) {
    lua_settop(L, 3);
    bk_box *b = bk_tobox(L, 1);
    if (b == NULL) return luaL_error(L, "attempt to index a released object");
    accessor *acc = (accessor *)lua_touserdata(L, lua_upvalueindex(2));
    if (b->kind != acc->kind)
        return luaL_error(L, "attempt to write a field through another type's accessor");
    int32_t code = name_code(L, acc);
    int field = code == NO_NAME ? -1 : code < 0 ? -2 : (int)code;
    bk_state *st = bk_st(L);
    if (enter(L, st, 3)) return bk_memory_error(L);
    st->in_host++;
    int n = acc->fn(L, b->obj, field);
    return finish(L, st, n);
}

static void push_accessor(lua_State *L, bk_fieldfn fn, int32_t kind) {
    accessor *acc = (accessor *)lua_newuserdatauv(L, sizeof(accessor), 0);
    memset(acc, 0, sizeof *acc);
    acc->fn = fn;
    acc->kind = kind;
}

void bk_push_index(lua_State *L, bk_fieldfn getter, int32_t kind) {
    push_accessor(L, getter, kind);
    lua_insert(L, -2);  /* names, accessor, methods */
    lua_pushcclosure(L, index_dispatch, 3);
}

void bk_push_newindex(lua_State *L, bk_fieldfn setter, int32_t kind) {
    push_accessor(L, setter, kind);
    lua_insert(L, -2);
    lua_pushcclosure(L, newindex_dispatch, 3);
}
