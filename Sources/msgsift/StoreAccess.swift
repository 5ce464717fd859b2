// What every store command shares: finding and opening the store, mapping
// its errors to exit statuses, the leaf-command runner (flags, --db), and
// the table/JSON printers of the list commands.
import CRuntime
import Foundation
import SiftRules
import SiftStore
import SiftInput
import SiftStream

/// Opening the rule store for a command.
enum StoreAccess {
    /// Seconds a writer waits for another writer: $MSGSIFT_LOCK_TIMEOUT, default 5.
    static let lockTimeout: Double = {
        guard let raw = ProcessInfo.processInfo.environment["MSGSIFT_LOCK_TIMEOUT"], !raw.isEmpty else { return Store.defaultLockTimeout }
        if let s = Double(raw), s >= 0, s.isFinite { return s }
        warn("MSGSIFT_LOCK_TIMEOUT=\(raw) is not a number of seconds; waiting \(Int(Store.defaultLockTimeout)) s for a lock")
        return Store.defaultLockTimeout
    }()

    /// The store path: --db, $MSGSIFT_DB, $XDG_DATA_HOME/msgsift/rules.db, ~/.local/share/msgsift/rules.db.
    static func location(_ flag: String?) -> String? {
        StoreLocation.resolve(flag: flag, environment: ProcessInfo.processInfo.environment)
    }

    /// `location`, refused when it comes from a variable whose bytes are not UTF-8: Swift
    /// hands it over repaired (U+FFFD), another file's name (`--db` is checked as it is read).
    static func checkedLocation(_ flag: String?) throws -> String? {
        guard let (path, variable) = StoreLocation.place(flag: flag, environment: ProcessInfo.processInfo.environment) else { return nil }
        if let name = variable, path.unicodeScalars.contains("\u{FFFD}"), let raw = getenv(name),
           String(validating: UnsafeBufferPointer(start: UnsafeRawPointer(raw).assumingMemoryBound(to: UInt8.self), count: strlen(raw)), as: UTF8.self) == nil {
            throw UsageError("$\(name) is not UTF-8 (\u{FFFD} marks the bytes in \(quotedArg(path))); give the store with --db, or set $\(name) in UTF-8")
        }
        return path
    }

    /// The store opened read-only; nil when it does not exist yet (or nothing names a place for it).
    static func reader(_ flag: String?) throws -> Store? {
        guard let path = try checkedLocation(flag) else { return nil }
        do { try Store.refuseFolderName(path); try Store.refuseLinkLoop(path) } catch { throw RuntimeError(error.words) }
        // A store the user named (--db, $MSGSIFT_DB) must exist: a typo must not silently mean "no rules".
        let named = flag != nil || !(ProcessInfo.processInfo.environment["MSGSIFT_DB"] ?? "").isEmpty
        if named && !FileManager.default.fileExists(atPath: path) {
            throw RuntimeError("\(path): no such rule store (it is created by the first command that changes a rule)")
        }
        do { return try Store.openForReading(path: path, lockTimeout: lockTimeout) } catch { throw RuntimeError(error.words) }
    }

    /// `reader`, except that a named store that does not exist yet reads as empty
    /// (`import --dry-run` previews what the first import would do).
    static func readerOrEmpty(_ flag: String?) throws -> Store? {
        if let path = try checkedLocation(flag) {
            do { try Store.refuseFolderName(path) } catch { throw RuntimeError(error.words) }
        }
        return exists(flag) ? try reader(flag) : nil
    }

    /// Whether the store the flag and environment name exists.
    static func exists(_ flag: String?) -> Bool {
        location(flag).map { FileManager.default.fileExists(atPath: $0) } ?? false
    }

    /// The store opened for a change that a missing store cannot need (unblock, disable):
    /// nil when the store does not exist yet, so that nothing is created for nothing.
    /// A store the user named must exist, as for `reader`.
    static func existingWriter(_ flag: String?) throws -> Store? {
        guard try reader(flag) != nil else { return nil }
        return try writer(flag)
    }

    /// The store opened for changes, created with its folder when missing.
    static func writer(_ flag: String?) throws -> Store {
        guard let path = try checkedLocation(flag) else {
            throw RuntimeError("no place for the rule store: give --db PATH, or set MSGSIFT_DB, XDG_DATA_HOME or HOME")
        }
        do { return try Store.openForWriting(path: path, lockTimeout: lockTimeout) } catch { throw RuntimeError(error.words) }
    }
}

/// A `--db` value: an empty one (`--db "$UNSET"`) must not quietly mean the default store.
func nonEmptyDB(_ value: String) throws -> String {
    guard !value.isEmpty else { throw UsageError("--db needs a value (PATH)") }
    try refuseRepairedName(value, "--db")
    return value
}

/// A file name msgsift would make or replace must be the one given: Swift hands a name that
/// is not UTF-8 over repaired (U+FFFD), which names another file (a store that exists is
/// "not found", a new one is made under the other name).
func refuseRepairedName(_ value: String, _ flag: String) throws {
    if isRepairedArgument(value) {
        throw UsageError("\(flag): the name \(quotedArg(value)) is not UTF-8 (\u{FFFD} marks the bytes); rename the file, or give it through a link with a UTF-8 name")
    }
}

/// A command's configuration that can name the store with `--db` (its `--db` flag's
/// Sendable `apply` sets it through the type).
protocol StoreConfig: SendableMetatype {
    var db: String? { get set }
}

/// Runs one store command: its flags plus `--db`, then `body` (its `--help` is the command
/// table's, CommandTable.swift).
/// An invalid rule (`RuleError`) is a usage error of this command (exit 2);
/// a store problem (`StoreError`) a runtime failure (exit 1; `ExitStatus.reporting`).
func runStoreCommand<C: StoreConfig>(
    _ args: ArraySlice<String>, db: String?, name: String,
    flags: [Flag<C>], config initial: C,
    positional: (inout C, String) throws -> Void,
    _ body: (C) throws -> Int32
) throws -> Int32 {
    let allFlags = flags + [
        Flag<C>("--db", "PATH", Commands.storeOptionHelp) { c, v in c.db = try nonEmptyDB(v) },
    ]
    var config = initial
    config.db = db
    do {
        try parse(args, allFlags, into: &config, command: name, positional: positional)
        return try body(config)
    } catch let e as UsageError where e.command == nil {
        throw UsageError(e.description, command: name)
    } catch let e as RuleError {
        throw UsageError(e.words, command: name)
    }
}

/// Rows as an aligned table; the last column is not padded.
func table(_ header: [String], _ rows: [[String]]) -> String {
    let all = [header] + rows
    var widths = [Int](repeating: 0, count: header.count)
    for row in all { for (i, cell) in row.enumerated() { widths[i] = max(widths[i], cell.count) } }
    return all.map { row in
        row.enumerated().map { i, cell in i == row.count - 1 ? cell : cell.padding(widths[i]) }.joined(separator: "  ")
            .trimmingTrailingSpaces()
    }.joined(separator: "\n") + "\n"
}

/// A JSON document on stdout (sorted keys, so output is stable).
func printJSON(_ value: Any) throws {
    let data = (try? JSONSerialization.data(withJSONObject: value, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])) ?? Data("null".utf8)
    try writeStdout(data + Data("\n".utf8))
}

/// A JSON array of already-encoded objects, one per line (fast for tens of thousands of filters).
func printJSONArray(_ objects: [String]) throws {
    var out = "["
    for (i, o) in objects.enumerated() { out += (i == 0 ? "\n" : ",\n") + o }
    out += objects.isEmpty ? "]\n" : "\n]\n"
    try writeStdout(Data(out.utf8))
}

/// Writes to stdout after whatever `print` buffered; a failed write (a full disk, a
/// closed descriptor) is a runtime error, not a crash.
func writeStdout(_ data: Data) throws {
    sift_flush_stdout()
    if let reason = writeAll(1, data) {
        if errno == EPIPE { throw OutputClosed() }
        throw RuntimeError("cannot write output: \(reason)")
    }
}

/// stdout's reader went away (`| head`): the command ends quietly, status 0.
struct OutputClosed: Error {}

/// Writes all of `data` to a descriptor; nil, or why it could not.
func writeAll(_ fd: Int32, _ data: Data) -> String? {
    data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) -> String? in
        var offset = 0
        while offset < raw.count {
            let n = write(fd, raw.baseAddress! + offset, raw.count - offset)
            if n < 0 {
                if errno == EINTR { continue }
                return String(cString: strerror(errno))
            }
            offset += n
        }
        return nil
    }
}

/// A command found its change made already: what it wrote (the same values again) is no change
/// to speak of if its output then fails.
func nothingChanged() {
    StoreActivity.changed.store(false, ordering: .relaxed)
}

/// The exit status once `print`'s buffer is flushed: a failed write of it (a full
/// disk, a closed descriptor) turns success into 1, with a message on stderr; a
/// pipe whose reader went away (`| head`) is no failure.
func flushedStatus(_ status: Int32) -> Int32 {
    errno = 0
    if sift_flush_stdout_failed() != 0 {
        if errno == EPIPE || readerLeft() { return status }
        let reason = errno != 0 ? String(cString: strerror(errno)) : "write error"
        warn("cannot write output: \(reason)\(StoreActivity.changed.load(ordering: .relaxed) ? "; the change to the store was made all the same" : "")")
        return status == 0 ? 1 : status
    }
    return status
}

/// Whether stdout is a pipe whose reader has gone (errno may no longer say so
/// when `print`'s buffered write failed earlier): poll reports an error on it.
private func readerLeft() -> Bool {
    var info = stat()
    guard fstat(1, &info) == 0, (info.st_mode & S_IFMT) == S_IFIFO else { return false }
    var p = pollfd(fd: 1, events: Int16(POLLOUT), revents: 0)
    return poll(&p, 1, 0) > 0 && p.revents & Int16(POLLERR) != 0
}

/// A filter's text for a table cell: control characters escaped.
func cellText(_ s: String) -> String {
    let q = quoted(s)
    return q == "\"\(s)\"" ? s : q
}

extension String {
    func trimmingTrailingSpaces() -> String {
        var s = self
        while s.last == " " { s.removeLast() }
        return s
    }
}

/// Parses a whole positive number for `what`, or a usage error.
func positiveInt(_ raw: String, _ what: String) throws -> Int {
    guard let n = Int(raw), n > 0 else { throw UsageError("\(what) must be a whole number above 0, not \(quotedArg(raw))") }
    return n
}

/// Parses an enum value of a flag, or a usage error listing the choices.
func enumValue<E: RawRepresentable & CaseIterable>(_ raw: String, _ flag: String) throws -> E where E.RawValue == String {
    guard let e = E(rawValue: raw) else {
        throw UsageError("\(flag): \(quotedArg(raw)) is not one of \(E.allCases.map(\.rawValue).joined(separator: ", "))")
    }
    return e
}
