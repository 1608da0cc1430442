/*
 * Host functions and bound objects: the trampoline that raises errors only
 * after Swift has returned, userdata boxes, and the __index/__newindex
 * dispatchers that serve fields by number.
 */
#include "internal.h"

/* Raises what the host left on the stack. Runs in C, after Swift returned. */
static int finish(lua_State *L, bk_state *st, int n) {
    st->in_host--;
    if (st->limit && st->used > st->limit && st->in_host == 0) {
        st->mem_refused = 1;
        lua_pushfstring(L, "not enough memory (limit %d MB)", (int)(st->limit >> 20));
        return lua_error(L);
    }
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
    if (lua_type(L, idx) != LUA_TUSERDATA) return NULL;
    if (lua_rawlen(L, idx) != sizeof(bk_box)) return NULL;
    bk_box *b = (bk_box *)lua_touserdata(L, idx);
    if (b->magic != BK_MAGIC || b->obj == NULL) return NULL;
    return b;
}

int bk_box_gc(lua_State *L) {
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

/* __index: one lookup in the kind's names table (upvalue 1), which maps a
 * field's name to its id and a method's name to its function. Fields are
 * the hot path (b.selected); methods come back as they are (b:tap()).
 * State flags are read here, in C, from the object's flag byte: only
 * buttons have one, and reading it is harmless whatever moved metatables
 * around, so this path needs no kind check. */
static int index_dispatch(lua_State *L) {
    int field = -1;
    lua_pushvalue(L, 2);
    int t = lua_rawget(L, lua_upvalueindex(1));
    if (t == LUA_TNUMBER) field = (int)lua_tointeger(L, -1);
    else if (t != LUA_TNIL) return 1; /* a method */
    lua_settop(L, 2);
    if (field >= 0 && (field & BK_FIELD_FLAG)) {
        bk_box *fb = (bk_box *)lua_touserdata(L, 1);
        if (fb && fb->magic == BK_MAGIC && fb->bits && lua_rawlen(L, 1) == sizeof(bk_box)) {
            int on = (*fb->bits & ((field >> BK_FIELD_MASK_SHIFT) & 0xff)) != 0;
            lua_pushboolean(L, (field & BK_FIELD_INVERT) ? !on : on);
            return 1;
        }
    }
    bk_box *b = bk_tobox(L, 1);
    if (b == NULL) return luaL_error(L, "attempt to index a released object");
    /* The accessor of one kind never reads another kind's object, even if a
     * script moved metatable fields around with debug.getmetatable. */
    if (b->kind != (int32_t)lua_tointeger(L, lua_upvalueindex(3)))
        return luaL_error(L, "attempt to read a field through another type's accessor");
    bk_fieldfn getter = (bk_fieldfn)lua_touserdata(L, lua_upvalueindex(2));
    bk_state *st = bk_st(L);
    st->in_host++;
    int n = getter(L, b->obj, field);
    return finish(L, st, n);
}

/* __newindex: the setter gets the field's id, -2 for a method's name (so it
 * can say "is a method"), or -1 for a name the kind does not have. */
static int newindex_dispatch(lua_State *L) {
    lua_settop(L, 3);
    bk_box *b = bk_tobox(L, 1);
    if (b == NULL) return luaL_error(L, "attempt to index a released object");
    if (b->kind != (int32_t)lua_tointeger(L, lua_upvalueindex(3)))
        return luaL_error(L, "attempt to write a field through another type's accessor");
    int field = -1;
    lua_pushvalue(L, 2);
    int t = lua_rawget(L, lua_upvalueindex(1));
    if (t == LUA_TNUMBER) field = (int)lua_tointeger(L, -1);
    else if (t != LUA_TNIL) field = -2;
    lua_settop(L, 3);
    bk_fieldfn setter = (bk_fieldfn)lua_touserdata(L, lua_upvalueindex(2));
    bk_state *st = bk_st(L);
    st->in_host++;
    int n = setter(L, b->obj, field);
    return finish(L, st, n);
}

void bk_push_index(lua_State *L, bk_fieldfn getter, int32_t kind) {
    lua_pushlightuserdata(L, (void *)getter);
    lua_pushinteger(L, kind);
    lua_pushcclosure(L, index_dispatch, 3);
}

void bk_push_newindex(lua_State *L, bk_fieldfn setter, int32_t kind) {
    lua_pushlightuserdata(L, (void *)setter);
    lua_pushinteger(L, kind);
    lua_pushcclosure(L, newindex_dispatch, 3);
}
