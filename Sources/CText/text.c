/*
 * FreeType and HarfBuzz, loaded on demand (see CText.h). The declarations
 * below are the libraries' own, written out so nothing links against them.
 */
#include "CText.h"
#include <dlfcn.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

/* FreeType's public face record (freetype.h, FT_FaceRec) up to `height`,
 * the last field read here; its layout is part of FreeType 2's ABI. */
typedef struct {
    long num_faces, face_index, face_flags, style_flags, num_glyphs;
    char *family_name, *style_name;
    int num_fixed_sizes;
    void *available_sizes;
    int num_charmaps;
    void **charmaps;
    struct { void *data; void (*finalizer)(void *); } generic;
    struct { long x_min, y_min, x_max, y_max; } bbox;
    unsigned short units_per_em;
    short ascender, descender, height;
} ft_face_head;

/* HarfBuzz's glyph position (hb-buffer.h, hb_glyph_position_t). */
typedef struct {
    int32_t x_advance, y_advance, x_offset, y_offset;
    uint32_t var;
} hb_position;

enum { HB_MEMORY_MODE_READONLY = 1 };

static int (*p_ft_init)(void **library);
static int (*p_ft_new_memory_face)(void *library, const unsigned char *base, long size, long index, ft_face_head **face);
static unsigned (*p_ft_char_index)(ft_face_head *face, unsigned long code);
static void *(*p_blob_create)(const char *data, unsigned length, int mode, void *user_data, void (*destroy)(void *));
static void (*p_blob_destroy)(void *blob);
static void *(*p_face_create)(void *blob, unsigned index);
static void *(*p_font_create)(void *face);
static void (*p_font_set_scale)(void *font, int x, int y);
static const char *(*p_version_string)(void);
static void *(*p_buffer_create)(void);
static void (*p_buffer_destroy)(void *buffer);
static void (*p_buffer_add_utf8)(void *buffer, const char *text, int length, unsigned offset, int item_length);
static void (*p_buffer_guess)(void *buffer);
static void (*p_shape)(void *font, void *buffer, const void *features, unsigned count);
static hb_position *(*p_positions)(void *buffer, unsigned *length);

static pthread_once_t once = PTHREAD_ONCE_INIT;
static int loaded = -1;
static char why[512];

static void *open_first(const char *a, const char *b) {
    void *h = dlopen(a, RTLD_NOW | RTLD_LOCAL);
    if (!h) h = dlopen(b, RTLD_NOW | RTLD_LOCAL);
    if (!h) {
        const char *e = dlerror();
        strncpy(why, e ? e : a, sizeof why - 1);
    }
    return h;
}

#define SYM(h, var, name) \
    if (!(*(void **)&(var) = dlsym(h, name))) { strncpy(why, "missing symbol " name, sizeof why - 1); return; }

static void load(void) {
    void *ft = open_first("libfreetype.so.6", "libfreetype.so");
    if (!ft) return;
    void *hb = open_first("libharfbuzz.so.0", "libharfbuzz.so");
    if (!hb) return;
    SYM(ft, p_ft_init, "FT_Init_FreeType")
    SYM(ft, p_ft_new_memory_face, "FT_New_Memory_Face")
    SYM(ft, p_ft_char_index, "FT_Get_Char_Index")
    SYM(hb, p_blob_create, "hb_blob_create")
    SYM(hb, p_blob_destroy, "hb_blob_destroy")
    SYM(hb, p_face_create, "hb_face_create")
    SYM(hb, p_font_create, "hb_font_create")
    SYM(hb, p_font_set_scale, "hb_font_set_scale")
    SYM(hb, p_version_string, "hb_version_string")
    SYM(hb, p_buffer_create, "hb_buffer_create")
    SYM(hb, p_buffer_destroy, "hb_buffer_destroy")
    SYM(hb, p_buffer_add_utf8, "hb_buffer_add_utf8")
    SYM(hb, p_buffer_guess, "hb_buffer_guess_segment_properties")
    SYM(hb, p_shape, "hb_shape")
    SYM(hb, p_positions, "hb_buffer_get_glyph_positions")
    why[0] = 0;
    loaded = 0;
}

int bk_text_load(void) {
    pthread_once(&once, load);
    return loaded;
}

const char *bk_text_error(void) { return bk_text_load() == 0 ? "" : why; }

const char *bk_text_harfbuzz_version(void) {
    if (bk_text_load() != 0) return "";
    const char *v = p_version_string();
    return v ? v : "";
}

struct bk_text_library { void *ft; };

bk_text_library *bk_text_library_new(void) {
    if (bk_text_load() != 0) return NULL;
    void *ft = NULL;
    if (p_ft_init(&ft) != 0 || !ft) return NULL;
    bk_text_library *l = malloc(sizeof *l);
    if (l) l->ft = ft;
    return l;
}

struct bk_text_face {
    ft_face_head *ft;
    void *font;
    double units_per_em;
};

bk_text_face *bk_text_face_new(bk_text_library *library, const void *bytes, size_t size) {
    if (!library || !bytes || size == 0 || size > 0x7fffffff) return NULL;
    ft_face_head *ft = NULL;
    if (p_ft_new_memory_face(library->ft, bytes, (long)size, 0, &ft) != 0 || !ft) return NULL;
    bk_text_face *f = malloc(sizeof *f);
    if (!f) return NULL;
    void *blob = p_blob_create(bytes, (unsigned)size, HB_MEMORY_MODE_READONLY, NULL, NULL);
    void *hb_face = p_face_create(blob, 0);
    p_blob_destroy(blob);
    f->ft = ft;
    f->font = p_font_create(hb_face);
    f->units_per_em = ft->units_per_em > 0 ? ft->units_per_em : 1000;
    p_font_set_scale(f->font, (int)f->units_per_em, (int)f->units_per_em);
    return f;
}

int bk_text_face_has(const bk_text_face *face, uint32_t scalar) { return p_ft_char_index(face->ft, scalar) != 0; }

double bk_text_face_units_per_em(const bk_text_face *face) { return face->units_per_em; }

double bk_text_face_height(const bk_text_face *face) { return face->ft->height; }

int64_t bk_text_face_shape(const bk_text_face *face, const char *utf8, int length) {
    void *buf = p_buffer_create();
    if (!buf) return 0;
    p_buffer_add_utf8(buf, utf8, length, 0, length);
    p_buffer_guess(buf);
    p_shape(face->font, buf, NULL, 0);
    unsigned count = 0;
    hb_position *pos = p_positions(buf, &count);
    int64_t sum = 0;
    for (unsigned i = 0; pos && i < count; i++) sum += pos[i].x_advance;
    p_buffer_destroy(buf);
    return sum;
}
