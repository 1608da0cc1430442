/*
 * The first half of luacov 0.17's line scanner, in C: each source line
 * reduced to its "simple line" (written for ButtonKit from luacov's
 * documented rules; luacov is MIT). Whitespace runs become " ", names "x",
 * nil/true/false "n"/"t"/"f" (other keywords stay), numbers "0", string
 * literals "'" at both ends, comments dropped, a function's declared
 * parameters dropped; other punctuation stays. State (an open string, long
 * string or comment, open parameters, `-- luacov: disable`) carries over
 * from line to line.
 *
 * The second half, matching simple lines against luacov's rule patterns,
 * stays in Lua (lua/coverage/scanner.lua): they are Lua patterns. Done in
 * Lua, the tokenising cost a few microseconds a line in pattern calls;
 * here a report of a large file takes a fraction of a millisecond.
 *
 * Character classes are the C locale's, as Lua's %a, %d, %w, %x, %s are in
 * a process that never calls setlocale (neither lua.c nor ButtonKit does).
 */
#include "runner.h"
#include <string.h>

typedef struct {
    int first, enabled;
    char quote;          /* the open string's quote, 0 when none */
    int equals;          /* the open long bracket's level, -1 when none */
    int in_params, after_function, comment;
} scan_state;

static int is_space(int c) { return c == ' ' || (c >= '\t' && c <= '\r'); }
static int is_digit(int c) { return c >= '0' && c <= '9'; }
static int is_alpha(int c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
static int is_alnum(int c) { return is_alpha(c) || is_digit(c); }
static int is_xdigit(int c) { return is_digit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'); }

static void scan_init(scan_state *s) {
    memset(s, 0, sizeof *s);
    s->first = 1;
    s->enabled = 1;
    s->equals = -1;
}

/* "^%s*luacov:%s*<word>%s*$" on the comment's body. */
static int inline_option(const char *p, size_t n, const char *word) {
    size_t i = 0, w = strlen(word);
    while (i < n && is_space((unsigned char)p[i])) i++;
    if (n - i < 7 || memcmp(p + i, "luacov:", 7) != 0) return 0;
    i += 7;
    while (i < n && is_space((unsigned char)p[i])) i++;
    if (n - i < w || memcmp(p + i, word, w) != 0) return 0;
    i += w;
    while (i < n && is_space((unsigned char)p[i])) i++;
    return i == n;
}

static const char *keyword(const char *p, size_t n) {
    static const char *const words[] = {
        "and", "break", "do", "else", "elseif", "end", "for", "function", "goto", "if",
        "in", "local", "not", "or", "repeat", "return", "then", "until", "while", NULL,
    };
    if (n == 3 && memcmp(p, "nil", 3) == 0) return "n";
    if (n == 4 && memcmp(p, "true", 4) == 0) return "t";
    if (n == 5 && memcmp(p, "false", 5) == 0) return "f";
    for (int k = 0; words[k]; k++)
        if (strlen(words[k]) == n && memcmp(words[k], p, n) == 0) return words[k];
    return "x";
}

/* Scans one line into `b`; returns 0 when the line is never counted
 * whatever it holds (a first-line shebang, a disabled region), 1 when `b`
 * holds its simple line. */
static int scan_line(scan_state *s, const char *line, size_t n, luaL_Buffer *b) {
    if (s->first) {
        s->first = 0;
        if (n >= 2 && line[0] == '#' && line[1] == '!') return 0;
    }
    /* Positions are 0-based here (Lua's i - 1). */
    size_t i = 0;
#define AT(k) ((k) < n ? (unsigned char)line[k] : 0)
    while (i < n) {
        if (s->quote) {
            /* The closing quote after an even number of backslashes: at i,
             * else after the first non-backslash from i on. */
            size_t e = (size_t)-1, r = 0;
            while (i + r < n && line[i + r] == '\\') r++;
            if (r % 2 == 0 && i + r < n && line[i + r] == s->quote) {
                e = i + r;
            } else {
                for (size_t p = i; p < n && e == (size_t)-1; p++) {
                    if (line[p] == '\\') continue;
                    size_t q = 0;
                    while (p + 1 + q < n && line[p + 1 + q] == '\\') q++;
                    if (q % 2 == 0 && p + 1 + q < n && line[p + 1 + q] == s->quote) e = p + 1 + q;
                }
            }
            if (e == (size_t)-1) break;
            i = e + 1;
            s->quote = 0;
            luaL_addchar(b, '\'');
        } else if (s->equals >= 0) {
            size_t e = (size_t)-1;
            for (size_t p = i; p + (size_t)s->equals + 1 < n; p++) {
                if (line[p] != ']') continue;
                size_t q = 0;
                while (q < (size_t)s->equals && line[p + 1 + q] == '=') q++;
                if (q == (size_t)s->equals && line[p + 1 + q] == ']') { e = p + 1 + q; break; }
            }
            if (e == (size_t)-1) break;
            i = e + 1;
            s->equals = -1;
            if (s->comment) s->comment = 0;
            else luaL_addchar(b, '\'');
        } else if (s->in_params) {
            const char *close = memchr(line + i, ')', n - i);
            if (!close) break;
            i = (size_t)(close - line) + 1;
            s->in_params = 0;
        } else {
            size_t ns = i;
            while (ns < n && is_space((unsigned char)line[ns])) ns++;
            if (ns != i) {
                i = ns;
                luaL_addchar(b, ' ');
            }
            if (AT(i) == '.' && is_digit(AT(i + 1))) i++;
            int c = AT(i);
            if (i < n && is_digit(c)) {
                if (c == '0' && (AT(i + 1) == 'x' || AT(i + 1) == 'X')) i += 2;
                while (i < n && (is_xdigit(AT(i)) || AT(i) == '.')) i++;
                if ((AT(i) == 'e' || AT(i) == 'E' || AT(i) == 'p' || AT(i) == 'P') && (AT(i + 1) == '+' || AT(i + 1) == '-')) {
                    i += 2;
                    while (i < n && (is_xdigit(AT(i)) || AT(i) == '.')) i++;
                }
                while (i < n && (AT(i) == 'i' || AT(i) == 'u' || AT(i) == 'l')) i++;
                luaL_addchar(b, '0');
            } else if (i < n && (is_alpha(c) || c == '_')) {
                size_t start = i;
                while (i < n && (is_alnum(AT(i)) || AT(i) == '_')) i++;
                const char *k = keyword(line + start, i - start);
                luaL_addstring(b, k);
                if (strcmp(k, "function") == 0) s->after_function = 1;
            } else {
                if (c == '-' && AT(i + 1) == '-') {
                    s->comment = 1;
                    i += 2;
                }
                int long_bracket = -1;
                size_t after = 0;
                if (AT(i) == '[') {
                    size_t q = 0;
                    while (AT(i + 1 + q) == '=') q++;
                    if (AT(i + 1 + q) == '[') { long_bracket = (int)q; after = i + 2 + q; }
                }
                if (long_bracket >= 0) {
                    i = after;
                    s->equals = long_bracket;
                    if (!s->comment) luaL_addchar(b, '\'');
                } else if (s->comment) {
                    s->comment = 0;
                    if (inline_option(line + i, i < n ? n - i : 0, "enable")) s->enabled = 1;
                    else if (inline_option(line + i, i < n ? n - i : 0, "disable")) s->enabled = 0;
                    break;
                } else if (AT(i) == '.') {
                    while (i < n && line[i] == '.') { luaL_addchar(b, '.'); i++; }
                } else {
                    int ch = AT(i);
                    int past_end = i >= n;
                    i++;
                    if (ch == '\'' || ch == '"') {
                        luaL_addchar(b, '\'');
                        s->quote = (char)ch;
                    } else if (s->after_function && ch == '(') {
                        s->after_function = 0;
                        s->in_params = 1;
                    } else if (!past_end) {
                        luaL_addchar(b, (char)ch);
                    }
                }
            }
        }
    }
#undef AT
    return s->enabled;
}

/* simplify(text): one entry per line of `text` (lines end at "\n", as
 * read("l") splits them): its simple line, or false when it is never counted
 * (a shebang, a disabled region). */
static int l_simplify(lua_State *L) {
    size_t len;
    const char *text = luaL_checklstring(L, 1, &len);
    lua_newtable(L);
    scan_state s;
    scan_init(&s);
    size_t pos = 0;
    lua_Integer k = 0;
    while (pos < len) {
        const char *nl = memchr(text + pos, '\n', len - pos);
        size_t end = nl ? (size_t)(nl - text) : len;
        luaL_Buffer b;
        luaL_buffinit(L, &b);
        int counted = scan_line(&s, text + pos, end - pos, &b);
        luaL_pushresult(&b);
        if (!counted) { lua_pop(L, 1); lua_pushboolean(L, 0); }
        lua_rawseti(L, -2, ++k);
        pos = nl ? end + 1 : len;
    }
    return 1;
}

/* line_scanner() -> a scanner; scan_line(scanner, line) -> simple line or
 * false, state kept from call to call (luacov's LineScanner:consume). */
static int l_line_scanner(lua_State *L) {
    scan_state *s = lua_newuserdatauv(L, sizeof(scan_state), 0);
    scan_init(s);
    return 1;
}

static int l_scan_line(lua_State *L) {
    scan_state *s = lua_touserdata(L, 1);
    if (!s || lua_rawlen(L, 1) != sizeof(scan_state)) return luaL_argerror(L, 1, "line scanner expected");
    size_t n;
    const char *line = luaL_checklstring(L, 2, &n);
    luaL_Buffer b;
    luaL_buffinit(L, &b);
    int counted = scan_line(s, line, n, &b);
    luaL_pushresult(&b);
    if (!counted) { lua_pop(L, 1); lua_pushboolean(L, 0); }
    return 1;
}

void bk_coverage_scan_functions(lua_State *L) {
    lua_pushcfunction(L, l_simplify);
    lua_setfield(L, -2, "simplify");
    lua_pushcfunction(L, l_line_scanner);
    lua_setfield(L, -2, "line_scanner");
    lua_pushcfunction(L, l_scan_line);
    lua_setfield(L, -2, "scan_line");
}
