// The system SQLite for Swift. Only Sources/SiftStore/Database.swift imports
// this module. The inline wrappers cover what Swift cannot call directly:
// SQLITE_TRANSIENT (a cast of -1 to a function pointer) and the variadic
// sqlite3_db_config.
#ifndef CSQLITE_SHIM_H
#define CSQLITE_SHIM_H

#include <sqlite3.h>

/// Binds text that SQLite copies before the call returns.
static inline int csqlite_bind_text(sqlite3_stmt *statement, int index, const char *text, int bytes) {
    return sqlite3_bind_text(statement, index, text, bytes, SQLITE_TRANSIENT);
}

/// Binds a blob that SQLite copies before the call returns.
static inline int csqlite_bind_blob(sqlite3_stmt *statement, int index, const void *bytes, int count) {
    return sqlite3_bind_blob(statement, index, bytes, count, SQLITE_TRANSIENT);
}

/// Turns on a boolean connection option (`SQLITE_DBCONFIG_DEFENSIVE`, …).
static inline int csqlite_db_config_on(sqlite3 *db, int option) {
    return sqlite3_db_config(db, option, 1, (int *)0);
}

#endif
