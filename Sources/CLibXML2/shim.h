// The system libxml2 (pkg-config libxml-2.0), seen only by the C of CXMLShim:
// this module gives that target libxml2's include path and link flag. No
// Swift imports it (Foundation carries libxml2 types of its own).
#ifndef CLIBXML2_SHIM_H
#define CLIBXML2_SHIM_H

#include <libxml/xmlreader.h>

#endif
