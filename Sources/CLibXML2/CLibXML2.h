// libxml2's streaming reader as Swift can see it. `xmlFree` is a global function pointer,
// which Swift 6 rejects as shared mutable state: it is called through a wrapper. No logic
// lives here.
#ifndef CLIBXML2_H
#define CLIBXML2_H

#include <libxml/xmlreader.h>

static inline void CLibXML2_xmlFree(void *pointer) { xmlFree(pointer); }

#endif
