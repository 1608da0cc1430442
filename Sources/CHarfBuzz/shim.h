/* Debian's HarfBuzz (libharfbuzz-dev, found through pkg-config harfbuzz):
   shapes text into positioned glyphs, whose advances are its width. */
#include <hb.h>
