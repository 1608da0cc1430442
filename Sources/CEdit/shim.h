/* Debian's libedit (BSD licensed), through its readline-compatible API.
 * Its settings are C globals; these inline setters keep Swift 6's
 * concurrency checking happy by touching them on the C side. */
#include <stdio.h>
#include <editline/readline.h>

static inline void bk_rl_setup(char *word_breaks, rl_completion_func_t *complete) {
    rl_catch_signals = 0;
    rl_completer_word_break_characters = word_breaks;
    rl_attempted_completion_function = complete;
}

static inline void bk_rl_completion_flags(int single_match) {
    rl_attempted_completion_over = 1;
    rl_completion_append_character = single_match ? '\0' : ' ';
}
