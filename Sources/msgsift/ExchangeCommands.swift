// `msgsift import` and `msgsift export`: the app's `.sfsfilters` file (docs/formats.md "The .sfsfilters file").
// Import merges (never deletes) in one transaction; export writes exactly the
// app's format through `SFSFilters.write`.
import Foundation
import SiftText
import Synchronization
import SiftRules
import SiftStore

enum ExchangeCommands {
    struct ImportConfig: StoreConfig {
        var db: String?
        var file: String?
        var dryRun = false
        var verbose = false
    }

    static let importFlags: [Flag<ImportConfig>] = [
        Flag("--dry-run", nil, "count what would be added, write nothing") { c, _ in c.dryRun = true },
        Flag("-v", nil, "explain each skipped row (may quote filter texts)") { c, _ in c.verbose = true },
    ]

    static func importFile(_ args: ArraySlice<String>, db: String?) throws -> Int32 {
        try runStoreCommand(args, db: db, name: "import", flags: importFlags, config: ImportConfig(),
            positional: { c, arg in
                guard c.file == nil else { throw UsageError("import one file at a time") }
                c.file = arg
            }) { c in
            guard let path = c.file else { throw UsageError("give the file: msgsift import filters.sfsfilters") }
            let data = try readFile(path)
            let rows: [SFSFilters.Row]
            do { rows = try SFSFilters.read(data) } catch { throw RuntimeError("\(path): \(ruleWords(error)); nothing was imported") }
            for row in rows {
                // Rows are read validated (SFSFilters.Row).
                if case .success(let f) = row.result { warnIfTheAppRefuses(f, "\(path): row \(row.index)") }
            }
            let report = c.dryRun
                ? try Store.dryRunImport(rows, into: try StoreAccess.readerOrEmpty(c.db))
                : try StoreAccess.writer(c.db).importFilters(rows)
            if c.verbose {
                // In row order, as a reader goes through the file.
                let skipped = report.duplicates.map { ($0.row, "duplicate of \($0.of.words), skipped") }
                    + report.invalid.map { ($0.row, "invalid, skipped: \($0.reason.words)") }
                for (row, why) in skipped.sorted(by: { $0.0 < $1.0 }) { warn("\(path): row \(row): \(why)") }
            } else if !report.invalid.isEmpty {
                warn("\(path): \(report.invalid.count) invalid row\(report.invalid.count == 1 ? "" : "s") skipped (row\(report.invalid.count == 1 ? "" : "s") \(report.invalid.map { String($0.row) }.joined(separator: ", "))); -v says why")
            }
            let counts = "added \(report.added), duplicate \(report.duplicates.count), invalid \(report.invalid.count)"
            print(c.dryRun ? "dry run: \(counts); nothing was written" : counts)
            return 0
        }
    }

    struct ExportConfig: StoreConfig {
        var db: String?
        var type: FilterType?
        var output: String?
    }

    static let exportFlags: [Flag<ExportConfig>] = [
        Flag("--type", "allow|deny|denyLanguage", "only filters of this type") { c, v in c.type = try enumValue(v, "--type") },
        Flag("-o", "FILE", "write to FILE (replaced atomically) instead of stdout (- is stdout)") { c, v in
            guard !v.isEmpty else { throw UsageError("-o needs a value (FILE)") }
            try refuseRepairedName(v, "-o")
            c.output = v
        },
    ]

    static func export(_ args: ArraySlice<String>, db: String?) throws -> Int32 {
        try runStoreCommand(args, db: db, name: "export", flags: exportFlags, config: ExportConfig(),
            positional: { _, arg in throw UsageError("unexpected argument \(quotedArg(arg)); write to a file with -o FILE") }) { c in
            let scan = try StoreAccess.reader(c.db)?.filters(type: c.type) ?? .empty
            for line in scan.unreadable { warn(line.words) }
            var filters: [Filter] = []
            for s in scan.filters {
                // The app would refuse a row that fails validation; such rows (from older versions) stay behind.
                do {
                    filters.append(try FilterValidator.validate(s.filter))
                    warnIfTheAppRefuses(s.filter, "filter \(s.id)", .exported)
                } catch {
                    warn("filter \(s.id) not exported: \(ruleWords(error))")
                }
            }
            let data = SFSFilters.write(filters, exportedAt: Date(), appVersion: "msgsift \(version)")
            if let path = c.output, path != "-" {
                // As `cp f f`: the store replaced by its own export would lose what the format
                // does not hold (smart rules, community lists).
                if let store = StoreAccess.location(c.db), let clash = [store, store + "-wal", store + "-shm"].first(where: { sameFile($0, path) }) {
                    throw RuntimeError("\(quotedArg(path)) is the rule store\(clash == store ? "" : "'s \(clash.hasSuffix("-wal") ? "-wal" : "-shm") file") (\(store)): export to another file")
                }
                try writeReplacing(path, data)
                print("exported \(filters.count) filter\(filters.count == 1 ? "" : "s") to \(path)")
            } else {
                try writeStdout(data)
            }
            return 0
        }
    }
}

/// Whether two paths name one file (links followed), or would: a store not made yet
/// is still the store.
func sameFile(_ a: String, _ b: String) -> Bool {
    var x = stat(), y = stat()
    if stat(a, &x) == 0 && stat(b, &y) == 0 { return x.st_dev == y.st_dev && x.st_ino == y.st_ino }
    return canonicalPath(a) == canonicalPath(b)
}

/// `path` with its folder's links and `.`/`..` resolved (the folder must exist), and a
/// link at its end followed, dangling or not.
func canonicalPath(_ path: String) -> String {
    let path = Store.linkTarget(path) ?? path
    let url = URL(fileURLWithPath: path)
    let folder = url.deletingLastPathComponent().path
    guard let real = realpath(folder, nil) else { return url.standardizedFileURL.path }
    defer { free(real) }
    return String(cString: real) + "/" + url.lastPathComponent
}

/// Writes `data` to `path`: a regular file (or a new one) is replaced atomically, through
/// a symbolic link if `path` is one (the link stays, a dangling one gets its file made
/// where it points); anything else (/dev/stdout, a FIFO) is written to as it is.
func writeReplacing(_ path: String, _ data: Data) throws {
    let target = URL(fileURLWithPath: Store.linkTarget(path) ?? path).resolvingSymlinksInPath()
    var info = stat()
    let exists = stat(target.path, &info) == 0
    do {
        if exists && (info.st_mode & S_IFMT) != S_IFREG {
            let fd = open(target.path, O_WRONLY | O_TRUNC)
            if fd < 0 { throw RuntimeError(String(cString: strerror(errno))) }
            defer { close(fd) }
            if let reason = writeAll(fd, data) { throw RuntimeError(reason) }
        } else {
            var isDirectory: ObjCBool = false
            let folder = target.deletingLastPathComponent().path
            guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else {
                throw RuntimeError("no such directory: \(folder)")
            }
            // A temporary file beside it, made with the replaced file's permissions (a private
            // export stays private at every moment; a new file gets 0666 less the umask),
            // written, flushed to disk and renamed over it. Its name does not grow with the
            // file's, which may be as long as a name can be.
            let temporary = folder + "/.msgsift-export-\(getpid())"
            // Ctrl-C or kill while it is written: the temporary file goes, the old one stays.
            // (In place before the file is made: a signal in between would leave it.)
            TemporaryFile.removeOnSignal(temporary)
            defer { TemporaryFile.keep() }
            let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL, exists ? info.st_mode & 0o7777 : 0o666)
            if fd < 0 {
                let reason = String(cString: strerror(errno))
                if errno == EACCES || errno == EROFS {
                    throw RuntimeError("the folder \(folder) cannot be written (\(reason)): the file is replaced by a new one made beside it")
                }
                throw RuntimeError(reason)
            }
            if exists { fchmod(fd, info.st_mode & 0o7777) }    // as it was, whatever the umask
            var failure = writeAll(fd, data)
            if failure == nil && fsync(fd) != 0 { failure = String(cString: strerror(errno)) }
            close(fd)
            if failure == nil && rename(temporary, target.path) != 0 { failure = String(cString: strerror(errno)) }
            if let failure {
                unlink(temporary)
                throw RuntimeError(failure)
            }
        }
    } catch let e as RuntimeError {
        throw RuntimeError("\(path): cannot be written (\(e.description))")
    } catch {
        throw RuntimeError("\(path): cannot be written (\(error.localizedDescription))")
    }
}

/// A file to remove if SIGINT, SIGTERM or SIGHUP ends the process before it is renamed
/// into place; the signal then ends the process by its default action.
enum TemporaryFile {
    /// The file's path as a C string (its address; 0: none), read by the handler: an atomic
    /// load is async-signal-safe, a lock is not.
    private static let path = Atomic<Int>(0)
    /// What the signals did before `removeOnSignal`, put back by `keep` (never read by the handler).
    private static let previous = Locked<[Int32: sigaction]>([:])
    private static let signals = [SIGINT, SIGTERM, SIGHUP]

    static func removeOnSignal(_ file: String) {
        path.store(Int(bitPattern: strdup(file)), ordering: .sequentiallyConsistent)
        for sig in signals {
            var old = sigaction()
            // A signal the process was started with ignored (a background job) stays ignored.
            guard sigaction(sig, nil, &old) == 0,
                  unsafeBitCast(old.__sigaction_handler.sa_handler, to: Int.self) != unsafeBitCast(SIG_IGN, to: Int.self) else { continue }
            previous.withLock { $0[sig] = old }
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { sig in
                // async-signal-safe: an atomic load, unlink, signal, raise
                if let p = UnsafeMutablePointer<CChar>(bitPattern: TemporaryFile.path.load(ordering: .sequentiallyConsistent)) { unlink(p) }
                signal(sig, SIG_DFL)
                raise(sig)
            }
            sigemptyset(&action.sa_mask)
            sigaction(sig, &action, nil)
        }
    }

    /// The file was renamed or removed: signals do what they did before.
    static func keep() {
        let saved = previous.withLock { p -> [Int32: sigaction] in
            let taken = p
            p = [:]
            return taken
        }
        for (sig, old) in saved {
            var action = old
            sigaction(sig, &action, nil)
        }
        free(UnsafeMutablePointer<CChar>(bitPattern: path.exchange(0, ordering: .sequentiallyConsistent)))
    }
}

extension DuplicateOf {
    /// `filter 12` (in the store) or `row 3` (of the file).
    var words: String {
        switch self {
        case .filter(let id): return "filter \(id)"
        case .row(let row): return "row \(row)"
        }
    }
}
