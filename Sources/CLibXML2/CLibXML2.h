// libxml2's streaming reader as Swift can see it. `xmlFree` is a global function pointer,
// which Swift 6 rejects as shared mutable state: it is called through a wrapper. libxml2
// reports some errors (an encoding's conversion failing) through its generic handler, a
// variadic function Swift cannot write, which prints to standard error, the terminal the
// viewer draws on: a silent one is installed here, which counts what it hears.
#ifndef CLIBXML2_H
#define CLIBXML2_H

#include <libxml/xmlreader.h>

static inline void CLibXML2_xmlFree(void *pointer) { xmlFree(pointer); }

static void CLibXML2_countGenericError(void *counter, const char *message, ...) {
    (void)message;
    if (counter != NULL) *(unsigned long *)counter += 1;
}

/// From now on, on this thread (libxml2's generic handler is per thread), generic errors
/// are not printed but counted in `*counter`.
static inline void CLibXML2_countGenericErrors(unsigned long *counter) {
    xmlSetGenericErrorFunc(counter, CLibXML2_countGenericError);
}

#endif
