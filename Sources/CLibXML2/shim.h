/* Debian's libxml2 headers (found through pkg-config libxml-2.0): the
   streaming reader ButtonKitIB reads Interface Builder files with.

   Debian builds libxml2 with ICU, so its encoding.h would include the
   system's <unicode/ucnv.h>; any target that also imports Foundation (which
   carries its own ICU) then fails to build ("'UErrorCode' has different
   definitions in different modules"). Only pointers to the encoding
   handler are ever used here, so the ICU parts of the headers are left
   out. */
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED
#include <libxml/xmlreader.h>
#include <libxml/xmlerror.h>
#include <libxml/parser.h>
