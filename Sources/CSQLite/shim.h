// CSQLite: SQLite's C API. Only Sources/CardStore may import this module.
#include <sqlite3.h>

/// SQLITE_TRANSIENT is a cast macro Swift cannot import: tells sqlite3_bind_text to copy the string now.
static inline void (*csqlite_transient(void))(void *) { return SQLITE_TRANSIENT; }
