#ifndef CEDIT_H
#define CEDIT_H
/*
 * Line editing for the REPL, through libedit's readline-compatible API,
 * loaded with dlopen when the REPL starts: every other command starts
 * without mapping libedit and the libraries it needs (libtinfo, libbsd,
 * libmd), which is a measurable part of start-up.
 */
typedef char **(*bk_completion_fn)(const char *text, int start, int end);

/* Loads libedit; 0 on success, -1 when it is not installed. */
int bk_edit_load(void);
/* readline(3): a malloc'd line, or NULL at end of input. */
char *bk_readline(const char *prompt);
void bk_add_history(const char *line);
int bk_read_history(const char *path);
int bk_write_history(const char *path);
void bk_stifle_history(int max);
/* Word breaks and the completion hook; signals stay with the host. */
void bk_rl_setup(char *word_breaks, bk_completion_fn complete);
/* While completing: a malloc'd copy of the line up to the cursor (the
 * context of the word being completed: inside a string or not, the call it
 * is an argument of), or NULL when libedit does not export the line. */
char *bk_rl_line_before_cursor(void);
/* After completing: no more default completion; append a space only when
 * several matches remain. */
void bk_rl_completion_flags(int single_match);
#endif
