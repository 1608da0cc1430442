#ifndef BK_CTEXT_H
#define BK_CTEXT_H

/*
 * Debian's FreeType and HarfBuzz, loaded on demand: opened with dlopen the
 * first time a title is measured. Linking them would load HarfBuzz,
 * FreeType, glib, graphite, libpng and brotli into every process at start
 * (for every `run` and every test worker, whether or not it measures any
 * text); libxml2 (CLibXML2) and libedit (CEdit) are loaded the same way.
 * The few functions the measurer calls are wrapped here over the
 * libraries' own signatures, written out in text.c (FreeType 2 ABI,
 * soname 6; HarfBuzz soname 0), so nothing links against them and the
 * build needs neither library's headers.
 */
#include <stddef.h>
#include <stdint.h>

/* Loads FreeType and HarfBuzz, once (thread-safe): 0 when both are there,
 * -1 when either cannot be loaded (bk_text_error says why). */
int bk_text_load(void);

/* Why loading failed (dlerror's words), or "" after a load that worked. */
const char *bk_text_error(void);

/* HarfBuzz's version ("6.0.0"), or "" when it is not loaded. */
const char *bk_text_harfbuzz_version(void);

/* A FreeType library instance (FT_Library): faces made in one must be made
 * one at a time, so each measurer has its own. NULL when the libraries are
 * not loaded or FreeType cannot start. */
typedef struct bk_text_library bk_text_library;
bk_text_library *bk_text_library_new(void);

/* One face of a font file mapped in memory (`bytes` must outlive it): its
 * FreeType face for the character map and line metrics, its HarfBuzz font
 * (scaled to font units) for shaping. NULL when the file is not a font.
 * Faces live as long as the process (the measurer caches them). */
typedef struct bk_text_face bk_text_face;
bk_text_face *bk_text_face_new(bk_text_library *library, const void *bytes, size_t size);

/* Whether the face has a glyph for the Unicode scalar. */
int bk_text_face_has(const bk_text_face *face, uint32_t scalar);

/* Units per em (1000 when the font says 0). */
double bk_text_face_units_per_em(const bk_text_face *face);

/* Ascender + descender + line gap (FreeType's `height`), in font units. */
double bk_text_face_height(const bk_text_face *face);

/* The sum of the advances of `length` bytes of UTF-8 shaped in the face,
 * in font units (0 when shaping cannot start). */
int64_t bk_text_face_shape(const bk_text_face *face, const char *utf8, int length);

#endif
