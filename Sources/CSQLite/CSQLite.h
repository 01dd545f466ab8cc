// SQLite as Swift can see it. SQLITE_TRANSIENT is a cast of -1 to a function pointer, which
// Swift cannot spell: it is given a name here. No logic lives here.
#ifndef CSQLITE_H
#define CSQLITE_H

#include <sqlite3.h>

static inline sqlite3_destructor_type CSQLite_transient(void) { return SQLITE_TRANSIENT; }

#endif
