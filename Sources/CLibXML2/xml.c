/*
 * libxml2, loaded on demand (see CLibXML2.h). Declarations are libxml2's
 * own, written out here so nothing links against the library.
 */
#include "CLibXML2.h"
#include <dlfcn.h>
#include <pthread.h>
#include <stddef.h>
#include <string.h>

/* xmlError as libxml2 lays it out (xmlerror.h). */
typedef struct {
    int domain;
    int code;
    char *message;
    int level; /* xmlErrorLevel: 0 none, 1 warning, 2 error, 3 fatal */
    char *file;
    int line;
    char *str1, *str2, *str3;
    int int1;
    int int2; /* the column */
    void *ctxt;
    void *node;
} xml_error;

typedef void (*structured_fn)(void *context, xml_error *error);

static void (*p_init)(void);
static void *(*p_for_memory)(const char *, int, const char *, const char *, int);
static void (*p_free)(void *);
static void (*p_set_reader_handler)(void *, structured_fn, void *);
static void (*p_set_global_handler)(void *, structured_fn);
static structured_fn *(*p_global_handler)(void);
static void **(*p_global_context)(void);
static int (*p_read)(void *);
static int (*p_node_type)(void *);
static void *(*p_current_node)(void *);
static long (*p_line_no)(const void *);
static int (*p_has_attributes)(void *);
static int (*p_next_attribute)(void *);
static int (*p_to_element)(void *);
static int (*p_is_empty)(void *);
static const char *(*p_name)(void *);
static const char *(*p_value)(void *);

static pthread_once_t once = PTHREAD_ONCE_INIT;
static int loaded = -1;

#define SYM(var, name) if (!(*(void **)&(var) = dlsym(h, name))) return;

static void load(void) {
    void *h = dlopen("libxml2.so.2", RTLD_NOW | RTLD_LOCAL);
    if (!h) h = dlopen("libxml2.so", RTLD_NOW | RTLD_LOCAL);
    if (!h) return;
    SYM(p_init, "xmlInitParser")
    SYM(p_for_memory, "xmlReaderForMemory")
    SYM(p_free, "xmlFreeTextReader")
    SYM(p_set_reader_handler, "xmlTextReaderSetStructuredErrorHandler")
    SYM(p_set_global_handler, "xmlSetStructuredErrorFunc")
    SYM(p_global_handler, "__xmlStructuredError")
    SYM(p_global_context, "__xmlStructuredErrorContext")
    SYM(p_read, "xmlTextReaderRead")
    SYM(p_node_type, "xmlTextReaderNodeType")
    SYM(p_current_node, "xmlTextReaderCurrentNode")
    SYM(p_line_no, "xmlGetLineNo")
    SYM(p_has_attributes, "xmlTextReaderHasAttributes")
    SYM(p_next_attribute, "xmlTextReaderMoveToNextAttribute")
    SYM(p_to_element, "xmlTextReaderMoveToElement")
    SYM(p_is_empty, "xmlTextReaderIsEmptyElement")
    SYM(p_name, "xmlTextReaderConstName")
    SYM(p_value, "xmlTextReaderConstValue")
    /* Its first initialisation is not thread-safe: done here, once. */
    p_init();
    loaded = 0;
}

int bk_xml_load(void) {
    pthread_once(&once, load);
    return loaded;
}

/* Keeps the first error (not warnings), its message without the newline. */
static void on_error(void *context, xml_error *e) {
    bk_xml_session *s = context;
    if (!s || !e || s->has_error || e->level < 2) return;
    s->has_error = 1;
    s->line = e->line;
    s->column = e->int2;
    const char *m = e->message ? e->message : "malformed XML";
    size_t n = strlen(m);
    while (n > 0 && (m[n - 1] == '\n' || m[n - 1] == ' ')) n--;
    if (n >= sizeof s->message) n = sizeof s->message - 1;
    memcpy(s->message, m, n);
    s->message[n] = 0;
}

void bk_xml_begin(bk_xml_session *s) {
    if (loaded != 0) return;
    structured_fn *h = p_global_handler();
    void **c = p_global_context();
    s->saved_handler = h ? *(void **)h : NULL;
    s->saved_context = c ? *c : NULL;
    /* A few messages are raised outside the reader's own context. */
    p_set_global_handler(s, on_error);
}

void bk_xml_end(bk_xml_session *s) {
    if (loaded != 0) return;
    p_set_global_handler(s->saved_context, (structured_fn)s->saved_handler);
}

bk_xml_reader bk_xml_reader_for_memory(const char *buffer, int size, int options, bk_xml_session *s) {
    if (loaded != 0) return NULL;
    void *r = p_for_memory(buffer, size, NULL, NULL, options);
    if (r) p_set_reader_handler(r, on_error, s);
    return r;
}

void bk_xml_free_reader(bk_xml_reader r) { if (r && loaded == 0) p_free(r); }
int bk_xml_read(bk_xml_reader r) { return p_read(r); }
int bk_xml_node_type(bk_xml_reader r) { return p_node_type(r); }
long bk_xml_line(bk_xml_reader r) {
    void *node = p_current_node(r);
    return node ? p_line_no(node) : 0;
}
int bk_xml_has_attributes(bk_xml_reader r) { return p_has_attributes(r); }
int bk_xml_move_to_next_attribute(bk_xml_reader r) { return p_next_attribute(r); }
int bk_xml_move_to_element(bk_xml_reader r) { return p_to_element(r); }
int bk_xml_is_empty_element(bk_xml_reader r) { return p_is_empty(r); }
const char *bk_xml_const_name(bk_xml_reader r) { return p_name(r); }
const char *bk_xml_const_value(bk_xml_reader r) { return p_value(r); }
