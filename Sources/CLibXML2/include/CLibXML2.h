#ifndef BK_CLIBXML2_H
#define BK_CLIBXML2_H

/*
 * Debian's libxml2, loaded on demand: the streaming reader ButtonKitIB
 * reads Interface Builder files with, opened with dlopen the first time a
 * document is read. Linking it would load libxml2, ICU and libstdc++ into
 * every process (about 1.7 ms of CPU at each start, for every `run` and
 * every test worker, whether or not it reads a storyboard); the REPL's
 * libedit is loaded the same way. The few functions the reader calls are
 * wrapped here with libxml2's own signatures (ABI of libxml2 2.9 and later).
 */

/* The first error libxml2 reported while a session was open. */
typedef struct bk_xml_session {
    int has_error;
    int line;
    int column;
    char message[512];
    /* The global structured handler before the session, put back after. */
    void *saved_handler;
    void *saved_context;
} bk_xml_session;

/* libxml2's streaming reader (xmlTextReaderPtr). */
typedef void *bk_xml_reader;

/* Loads libxml2 and initialises it, once (thread-safe); 0 when it is
 * there, -1 when it cannot be loaded. */
int bk_xml_load(void);

/* Routes libxml2's messages into `s` instead of standard error, until
 * bk_xml_end. */
void bk_xml_begin(bk_xml_session *s);
void bk_xml_end(bk_xml_session *s);

/* A reader over `size` bytes with `options` (XML_PARSE_* flags), its errors
 * into `s`; NULL when libxml2 could not start. */
bk_xml_reader bk_xml_reader_for_memory(const char *buffer, int size, int options, bk_xml_session *s);
void bk_xml_free_reader(bk_xml_reader r);

int bk_xml_read(bk_xml_reader r);
int bk_xml_node_type(bk_xml_reader r);
/* The current node's line (0 when there is none). */
long bk_xml_line(bk_xml_reader r);
int bk_xml_has_attributes(bk_xml_reader r);
int bk_xml_move_to_next_attribute(bk_xml_reader r);
int bk_xml_move_to_element(bk_xml_reader r);
int bk_xml_is_empty_element(bk_xml_reader r);
/* Interned by the reader: the same name is the same pointer. */
const char *bk_xml_const_name(bk_xml_reader r);
const char *bk_xml_const_value(bk_xml_reader r);

/* libxml2's parser options (xmlParserOption) the reader uses. */
enum {
    BK_XML_PARSE_NOERROR = 1 << 5,
    BK_XML_PARSE_NOWARNING = 1 << 6,
    BK_XML_PARSE_NOBLANKS = 1 << 8,
    BK_XML_PARSE_NONET = 1 << 11,
    BK_XML_PARSE_COMPACT = 1 << 16,
    BK_XML_PARSE_BIG_LINES = 1 << 22,
};

#endif
