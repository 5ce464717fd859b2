// The one file that talks to SQLite. It gives the rest of SiftStore a
// connection (`Database`), cached prepared statements (`Statement`), values
// (`SQLValue`), rows (`Row`) and `BEGIN IMMEDIATE` transactions that roll
// back when their body throws. No SQLite type leaves this file.
import CSQLite
import Synchronization
import Foundation

/// A value bound to or read from SQL.
package enum SQLValue: Sendable, Equatable {
    case null
    case integer(Int64)
    case text(String)
    case blob([UInt8])
}

/// One result row of a query; read it before the next step.
package struct Row {
    fileprivate let statement: OpaquePointer

    /// Column `i` as an integer (0 for NULL).
    package func int(_ i: Int32) -> Int { Int(sqlite3_column_int64(statement, i)) }
    /// Column `i` as text, nil for NULL.
    package func text(_ i: Int32) -> String? {
        guard let p = sqlite3_column_text(statement, i) else { return nil }
        let n = Int(sqlite3_column_bytes(statement, i))
        return String(decoding: UnsafeBufferPointer(start: p, count: n), as: UTF8.self)
    }
    /// Column `i` as bytes, nil for NULL.
    package func blob(_ i: Int32) -> [UInt8]? {
        guard sqlite3_column_type(statement, i) != SQLITE_NULL else { return nil }
        let n = Int(sqlite3_column_bytes(statement, i))
        guard n > 0, let p = sqlite3_column_blob(statement, i) else { return [] }
        return Array(UnsafeRawBufferPointer(start: p, count: n))
    }
    /// Column `i`'s bytes handed to `body` without a copy (empty for NULL); valid only during the call.
    package func withBlob<T>(_ i: Int32, _ body: (UnsafeRawBufferPointer) -> T) -> T {
        let n = Int(sqlite3_column_bytes(statement, i))
        return body(UnsafeRawBufferPointer(start: n > 0 ? sqlite3_column_blob(statement, i) : nil, count: n))
    }
    /// Whether column `i` is NULL.
    package func isNull(_ i: Int32) -> Bool { sqlite3_column_type(statement, i) == SQLITE_NULL }
}

/// A prepared statement, prepared once and reused; finalized in deinit.
package final class Statement {
    fileprivate let handle: OpaquePointer
    fileprivate init(handle: OpaquePointer) { self.handle = handle }
    deinit { sqlite3_finalize(handle) }
}

/// A connection to one SQLite file.
///
/// Not Sendable: a connection and its statement cache belong to the thread that
/// opened it (the compiler keeps it there); processes share the file through
/// SQLite's own locks.
package final class Database {
    /// How a file is opened.
    package enum Access: Sendable {
        /// `SQLITE_OPEN_READONLY`: the file must exist; nothing is ever written.
        case readOnly
        /// Read-only and `immutable=1`: no locks, no write-ahead-log side files. Only for a
        /// file in a folder this process cannot write, with no log left over: then every
        /// commit is in the file, and no writer of ours can be running as this user.
        case immutable
        /// Read-write; the file is created when missing.
        case readWrite
    }

    package let path: String
    private let handle: OpaquePointer
    private var statements: [String: Statement] = [:]
    private var inTransaction = false
    private let busyTimeoutMilliseconds: Int32
    /// The file opened for writing (device, inode). SQLite keeps writing to an open file
    /// whose folder was removed (or that was replaced), and the change would be lost with
    /// no error: a write transaction checks that `path` still names this file.
    private let identity: (device: UInt64, inode: UInt64)?

    /// Opens `path`. Waits at most `busyTimeout` seconds for another connection's lock.
    package init(path: String, access: Access, busyTimeout: Double) throws(StoreError) {
        self.path = path
        var flags = SQLITE_OPEN_FULLMUTEX | SQLITE_OPEN_NOFOLLOW
        switch access {
        case .readOnly: flags |= SQLITE_OPEN_READONLY
        case .immutable: flags |= SQLITE_OPEN_READONLY | SQLITE_OPEN_URI
        case .readWrite: flags |= SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE
        }
        var name = path
        if access == .immutable {
            // A URI (SQLite decodes %HH): `%`, `?`, `#` and the like escaped.
            name = "file:" + (path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? path) + "?immutable=1"
        }
        var db: OpaquePointer?
        let rc = sqlite3_open_v2(name, &db, flags, nil)
        guard rc == SQLITE_OK, let db else {
            let message = db.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(rc))
            if let db { sqlite3_close_v2(db) }
            throw StoreError.from(code: rc, message: message, path: path)
        }
        handle = db
        busyTimeoutMilliseconds = Int32(max(0, min(busyTimeout, 3600)) * 1000)
        var info = stat()
        identity = access == .readWrite && stat(path, &info) == 0 ? (UInt64(info.st_dev), UInt64(info.st_ino)) : nil
        sqlite3_busy_timeout(db, busyTimeoutMilliseconds)
        sqlite3_extended_result_codes(db, 1)
        // Defensive mode: no SQL (PRAGMA writable_schema …) can corrupt the file.
        _ = csqlite_db_config_on(db, SQLITE_DBCONFIG_DEFENSIVE)
    }

    deinit {
        statements.removeAll()   // finalizes every cached statement first
        sqlite3_close_v2(handle)
    }

    /// Runs one or more statements without parameters (schema, pragmas).
    package func execute(_ sql: String) throws(StoreError) {
        var message: UnsafeMutablePointer<CChar>?
        let rc = sqlite3_exec(handle, sql, nil, nil, &message)
        if rc != SQLITE_OK {
            let text = message.map { String(cString: $0) } ?? String(cString: sqlite3_errmsg(handle))
            sqlite3_free(message)
            throw StoreError.from(code: rc, message: text, path: path, waited: busyTimeoutMilliseconds, systemErrno: sqlite3_system_errno(handle))
        }
    }

    /// Runs a statement that returns no rows; returns the number of rows it changed.
    @discardableResult
    package func run(_ sql: String, _ arguments: [SQLValue] = []) throws(StoreError) -> Int {
        let statement = try prepared(sql)
        defer { sqlite3_reset(statement.handle); sqlite3_clear_bindings(statement.handle) }
        try bind(arguments, to: statement)
        while true {
            let rc = sqlite3_step(statement.handle)
            if rc == SQLITE_DONE { break }
            if rc == SQLITE_ROW { continue }
            throw error(rc)
        }
        return Int(sqlite3_changes(handle))
    }

    /// Runs a query and maps each row.
    package func query<T>(_ sql: String, _ arguments: [SQLValue] = [], _ map: (Row) throws(StoreError) -> T) throws(StoreError) -> [T] {
        var out: [T] = []
        var failure: StoreError?
        try forEachRow(sql, arguments) { row in
            do throws(StoreError) { out.append(try map(row)); return true } catch { failure = error; return false }
        }
        if let failure { throw failure }
        return out
    }

    /// Runs a query and hands each row to `body` as it is stepped to, without collecting
    /// them (a table of any size in constant memory); `body` returns false to stop.
    package func forEachRow(_ sql: String, _ arguments: [SQLValue] = [], _ body: (Row) -> Bool) throws(StoreError) {
        let statement = try prepared(sql)
        defer { sqlite3_reset(statement.handle); sqlite3_clear_bindings(statement.handle) }
        try bind(arguments, to: statement)
        while true {
            let rc = sqlite3_step(statement.handle)
            if rc == SQLITE_DONE { break }
            guard rc == SQLITE_ROW else { throw error(rc) }
            if !body(Row(statement: statement.handle)) { break }
        }
    }

    /// The id of the last row inserted on this connection.
    package var lastInsertRowID: Int {
        return Int(sqlite3_last_insert_rowid(handle))
    }

    /// Runs `body` in one `BEGIN IMMEDIATE` transaction: it holds the write
    /// lock from the start (waiting the busy timeout for it), commits when
    /// `body` returns and rolls back when it throws.
    package func writeTransaction<T>(_ body: () throws -> T) throws -> T {
        try transaction("BEGIN IMMEDIATE", body)
    }

    /// Runs `body` in one read transaction: every query in it sees the same snapshot.
    package func readTransaction<T>(_ body: () throws -> T) throws -> T {
        try transaction("BEGIN DEFERRED", body)
    }

    private func transaction<T>(_ begin: String, _ body: () throws -> T) throws -> T {
        precondition(!inTransaction, "SiftStore: transactions do not nest")
        try execute(begin)
        inTransaction = true
        defer { inTransaction = false }
        let changesBefore = sqlite3_total_changes(handle)
        let result: T
        do {
            result = try body()
            if begin != "BEGIN DEFERRED", let gone = fileGone() { throw StoreError(.storeGone(gone, changeLost: false), path: path) }
        } catch {
            rollback()
            throw error
        }
        do { try execute("COMMIT") } catch {
            rollback()
            throw error
        }
        if begin != "BEGIN DEFERRED", let gone = fileGone() {
            throw StoreError(.storeGone(gone, changeLost: true), path: path)
        }
        if sqlite3_total_changes(handle) != changesBefore { StoreActivity.changed.store(true, ordering: .relaxed) }
        return result
    }

    /// Why `path` no longer names the file opened for writing, or nil when it does (or
    /// cannot be looked at: then SQLite's own errors say what is wrong).
    private func fileGone() -> StoreError.Gone? {
        guard let identity else { return nil }
        var info = stat()
        if stat(path, &info) == 0 {
            if (UInt64(info.st_dev), UInt64(info.st_ino)) == identity { return nil }
            return .replaced
        }
        guard errno == ENOENT else { return nil }
        let folder = (path as NSString).deletingLastPathComponent
        if !folder.isEmpty && !FileManager.default.fileExists(atPath: folder) {
            return .folderRemoved
        }
        return .fileRemoved
    }

    private func rollback() {
        // A failed statement may already have rolled back (e.g. SQLITE_FULL); then this is a no-op.
        if sqlite3_get_autocommit(handle) == 0 { _ = sqlite3_exec(handle, "ROLLBACK", nil, nil, nil) }
    }

    private func prepared(_ sql: String) throws(StoreError) -> Statement {
        if let s = statements[sql] { return s }
        var raw: OpaquePointer?
        let rc = sqlite3_prepare_v3(handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &raw, nil)
        guard rc == SQLITE_OK, let raw else { throw error(rc) }
        let s = Statement(handle: raw)
        statements[sql] = s
        return s
    }

    private func bind(_ arguments: [SQLValue], to statement: Statement) throws(StoreError) {
        for (i, value) in arguments.enumerated() {
            let index = Int32(i + 1)
            let rc: Int32
            switch value {
            case .null: rc = sqlite3_bind_null(statement.handle, index)
            case .integer(let n): rc = sqlite3_bind_int64(statement.handle, index, n)
            case .text(let s):
                // The byte count, not -1: text may hold NUL characters.
                let count = Int32(s.utf8.count)
                rc = s.withCString { csqlite_bind_text(statement.handle, index, $0, count) }
            case .blob(let bytes):
                rc = bytes.withUnsafeBytes { buf in csqlite_bind_blob(statement.handle, index, buf.baseAddress ?? UnsafeRawPointer(bitPattern: 1)!, Int32(buf.count)) }
            }
            guard rc == SQLITE_OK else { throw error(rc) }
        }
    }

    private func error(_ rc: Int32) -> StoreError {
        StoreError.from(code: rc, message: String(cString: sqlite3_errmsg(handle)), path: path, waited: busyTimeoutMilliseconds,
                        systemErrno: sqlite3_system_errno(handle))
    }
}

extension StoreError {
    /// Turns a SQLite result code into the store error a user can act on.
    fileprivate static func from(code: Int32, message: String, path: String, waited: Int32 = 0, systemErrno: Int32 = 0) -> StoreError {
        switch code & 0xff {
        case SQLITE_IOERR:
            // What the system said is what the user can act on (SQLite's own text is "disk I/O
            // error"). Extended codes 1 and 2 are SQLITE_IOERR_READ and _SHORT_READ.
            // The transaction that failed is rolled back, so the store is as it was.
            let cause: IOCause
            switch systemErrno {
            case ENOSPC, EDQUOT: cause = .diskFull
            case EFBIG: cause = .fileSizeLimit
            case EROFS: cause = .readOnlyFileSystem
            case ENOENT: cause = .removed
            case 0: cause = Self.likelyIOFault(path) ?? .other(message)
            default: cause = .other(String(cString: strerror(systemErrno)))
            }
            return StoreError(.ioFailed(reading: code == SQLITE_IOERR | 1 << 8 || code == SQLITE_IOERR | 2 << 8, cause), path: path)
        case SQLITE_BUSY, SQLITE_LOCKED:
            return StoreError(.locked(seconds: Double(waited) / 1000), path: path)
        case SQLITE_NOTADB:
            return StoreError(.notSQLite, path: path)
        case SQLITE_CORRUPT:
            return StoreError(.damaged(message), path: path)
        case SQLITE_CANTOPEN:
            return StoreError(.cannotOpen(message), path: path)
        case SQLITE_READONLY:
            return StoreError(.readOnly(message), path: path)
        case SQLITE_FULL:
            return StoreError(.diskFull, path: path)
        default:
            return StoreError(.sqlite(code: code, message: message), path: path)
        }
    }
}

extension StoreError {
    /// Why writing `path` may have failed when SQLite kept no system error number (some of
    /// its write paths do not): a file size limit, or a disk with next to no room left.
    fileprivate static func likelyIOFault(_ path: String) -> IOCause? {
        var limit = rlimit()
        if getrlimit(Int32(RLIMIT_FSIZE.rawValue), &limit) == 0 && limit.rlim_cur != rlim_t.max {
            return .fileSizeLimit
        }
        var fs = statvfs()
        let folder = (path as NSString).deletingLastPathComponent
        if statvfs(folder.isEmpty ? "." : folder, &fs) == 0 && UInt64(fs.f_bavail) * UInt64(fs.f_frsize) < 1 << 20 {
            return .diskFull
        }
        return nil
    }
}

/// Whether this process has committed a change to a store: a command whose output then
/// cannot be written says that its change was made all the same.
public enum StoreActivity {
    public static let changed = Atomic<Bool>(false)
}
