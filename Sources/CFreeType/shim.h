/* Debian's FreeType 2 (libfreetype-dev, found through pkg-config freetype2):
   opens font files and reads their metrics and character maps. */
#include <ft2build.h>
#include FT_FREETYPE_H
