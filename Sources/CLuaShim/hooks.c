/* The hook owner and the deadline observer (see hooks.h). */
#include "internal.h"

void bk_set_hook_owner(lua_State *L, const bk_hook_owner *owner, void *data) {
    bk_state *st = bk_st(L);
    st->hook_owner = owner;
    st->hook_data = owner ? data : NULL;
}

void *bk_hook_owner_data(lua_State *L, const bk_hook_owner *owner) {
    bk_state *st = bk_st(L);
    return st->hook_owner == owner ? st->hook_data : NULL;
}

int bk_limit_firing(lua_State *L) { return bk_st(L)->firing != 0; }

lua_State *bk_main_thread(lua_State *L) { return bk_st(L)->main; }

void bk_hooks_rehook(lua_State *L) {
    bk_state *st = bk_st(L);
    if (st->hook_owner) st->hook_owner->rehook(L, st->hook_data);
    else lua_sethook(L, NULL, 0, 0);
}

int bk_hooks_is_own_function(lua_State *L, int idx) {
    bk_state *st = bk_st(L);
    return st->hook_owner ? st->hook_owner->is_own_function(L, st->hook_data, idx) : 0;
}

void bk_hooks_after_sethook(lua_State *L, lua_State *target, int own_function) {
    bk_state *st = bk_st(L);
    if (st->hook_owner) st->hook_owner->after_sethook(L, st->hook_data, target, own_function);
}

void bk_hooks_release(bk_state *st) {
    if (st->hook_owner && st->hook_owner->release) st->hook_owner->release(st->hook_data);
    st->hook_owner = NULL;
    st->hook_data = NULL;
}

/* debug.gethook: shows the hook a script set, as if the owner's were not
 * there: the shown hook is put in place around Lua's own gethook. */
static int gethook(lua_State *L) {
    lua_State *target = lua_type(L, 1) == LUA_TTHREAD ? lua_tothread(L, 1) : L;
    bk_state *st = bk_st(L);
    int n = lua_gettop(L);
    lua_Hook shown = NULL;
    int smask = 0, scount = 0;
    if (!st->hook_owner || !st->hook_owner->shown_hook(L, st->hook_data, target, &shown, &smask, &scount)) {
        lua_pushvalue(L, lua_upvalueindex(1));
        lua_insert(L, 1);
        lua_call(L, n, LUA_MULTRET);
        return lua_gettop(L);
    }
    lua_Hook h = lua_gethook(target);
    int mask = lua_gethookmask(target), count = lua_gethookcount(target);
    lua_sethook(target, shown, smask, scount);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    int status = lua_pcall(L, n, LUA_MULTRET, 0);
    bk_set_hook(target, h, mask, count);
    if (status != LUA_OK) return lua_error(L);
    return lua_gettop(L);
}

int bk_hooks_install(lua_State *L) {
    lua_getglobal(L, "debug");
    if (lua_istable(L, -1)) {
        lua_getfield(L, -1, "gethook");
        if (lua_isfunction(L, -1)) {
            lua_pushcclosure(L, gethook, 1);
            lua_setfield(L, -2, "gethook");
        } else {
            lua_pop(L, 1);
        }
    }
    lua_pop(L, 1);
    return 0;
}

/* --- the deadline observer ------------------------------------------------ */

static const bk_deadline_observer *_Atomic observer = NULL;

void bk_set_deadline_observer(const bk_deadline_observer *o) { atomic_store(&observer, o); }

long long bk_observe_publish(long long deadline_ns, double shown, double *previous_shown) {
    const bk_deadline_observer *o = atomic_load(&observer);
    if (o) return o->publish(deadline_ns, shown, previous_shown);
    *previous_shown = 0;
    return 0;
}

void bk_observe_restore(long long deadline_ns, double shown) {
    const bk_deadline_observer *o = atomic_load(&observer);
    if (o) o->restore(deadline_ns, shown);
}

void bk_observe_outermost_returned(void) {
    const bk_deadline_observer *o = atomic_load(&observer);
    if (o) o->outermost_returned();
}
