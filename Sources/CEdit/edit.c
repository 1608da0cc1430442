/*
 * libedit, loaded on demand (see CEdit.h). Its settings are C globals
 * found with dlsym; these functions touch them on the C side.
 */
#include "CEdit.h"
#define _GNU_SOURCE
#include <dlfcn.h>
#include <langinfo.h>
#include <locale.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

static char *(*p_readline)(const char *);
static void (*p_add_history)(const char *);
static int (*p_read_history)(const char *);
static int (*p_write_history)(const char *);
static void (*p_stifle_history)(int);
static int *p_catch_signals;
static char **p_word_breaks;
static bk_completion_fn *p_completion;
static int *p_completion_over;
static int *p_append_character;
static char **p_line_buffer;
static int *p_point;

int bk_edit_load(void) {
    if (p_readline) return 0;
    void *h = dlopen("libedit.so.2", RTLD_NOW | RTLD_LOCAL);
    if (!h) h = dlopen("libedit.so", RTLD_NOW | RTLD_LOCAL);
    if (!h) return -1;
    p_readline = (char *(*)(const char *))dlsym(h, "readline");
    p_add_history = (void (*)(const char *))dlsym(h, "add_history");
    p_read_history = (int (*)(const char *))dlsym(h, "read_history");
    p_write_history = (int (*)(const char *))dlsym(h, "write_history");
    p_stifle_history = (void (*)(int))dlsym(h, "stifle_history");
    p_catch_signals = (int *)dlsym(h, "rl_catch_signals");
    p_word_breaks = (char **)dlsym(h, "rl_completer_word_break_characters");
    p_completion = (bk_completion_fn *)dlsym(h, "rl_attempted_completion_function");
    p_completion_over = (int *)dlsym(h, "rl_attempted_completion_over");
    p_append_character = (int *)dlsym(h, "rl_completion_append_character");
    p_line_buffer = (char **)dlsym(h, "rl_line_buffer");
    p_point = (int *)dlsym(h, "rl_point");
    if (!p_readline || !p_add_history) { p_readline = NULL; return -1; }
    return 0;
}

/*
 * libedit decodes what is typed with the C library's multibyte functions,
 * which follow the locale: in the "C" locale a process starts in, every byte
 * above 127 is dropped ("♡ Like €5" arrived as " Like 5"). The REPL's thread
 * reads lines in the user's character set (LC_CTYPE from the environment,
 * or C.UTF-8 where the environment names plain ASCII), set with uselocale
 * around each read only, so the rest of the process, Lua's string
 * functions included, keeps the "C" locale.
 */
static locale_t line_locale(void) {
    static locale_t chosen = (locale_t)0;
    static int tried = 0;
    if (tried) return chosen;
    tried = 1;
    locale_t l = newlocale(LC_CTYPE_MASK, "", (locale_t)0);
    if (l) {
        const char *codeset = nl_langinfo_l(CODESET, l);
        if (codeset && strcmp(codeset, "UTF-8") != 0 && strcmp(codeset, "utf8") != 0
            && (strcmp(codeset, "ANSI_X3.4-1968") == 0 || strcmp(codeset, "ASCII") == 0)) {
            freelocale(l);
            l = (locale_t)0;
        }
    }
    if (!l) l = newlocale(LC_CTYPE_MASK, "C.UTF-8", (locale_t)0);
    chosen = l;
    return chosen;
}

char *bk_readline(const char *prompt) {
    if (!p_readline) return NULL;
    locale_t l = line_locale();
    locale_t previous = l ? uselocale(l) : (locale_t)0;
    char *line = p_readline(prompt);
    if (l) uselocale(previous);
    return line;
}
void bk_add_history(const char *line) { if (p_add_history) p_add_history(line); }
int bk_read_history(const char *path) { return p_read_history ? p_read_history(path) : -1; }
int bk_write_history(const char *path) { return p_write_history ? p_write_history(path) : -1; }
void bk_stifle_history(int max) { if (p_stifle_history) p_stifle_history(max); }

void bk_rl_setup(char *word_breaks, bk_completion_fn complete) {
    if (p_catch_signals) *p_catch_signals = 0;
    if (p_word_breaks) *p_word_breaks = word_breaks;
    if (p_completion) *p_completion = complete;
}

char *bk_rl_line_before_cursor(void) {
    if (!p_line_buffer || !p_point || !*p_line_buffer) return NULL;
    const char *line = *p_line_buffer;
    size_t len = strlen(line);
    size_t point = *p_point < 0 ? 0 : (size_t)*p_point;
    if (point > len) point = len;
    char *copy = malloc(point + 1);
    if (!copy) return NULL;
    memcpy(copy, line, point);
    copy[point] = '\0';
    return copy;
}

void bk_rl_completion_flags(int single_match) {
    if (p_completion_over) *p_completion_over = 1;
    if (p_append_character) *p_append_character = single_match ? '\0' : ' ';
}
