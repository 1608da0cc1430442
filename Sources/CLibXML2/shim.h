/* Debian's libxml2 headers (found through pkg-config libxml-2.0): the
   streaming reader ButtonKitIB reads Interface Builder files with. */
#include <libxml/xmlreader.h>
#include <libxml/xmlerror.h>
#include <libxml/parser.h>
