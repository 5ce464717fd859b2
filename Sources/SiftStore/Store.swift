// The rule store: one SQLite file holding a user's filters, smart rules,
// blocked languages and community lists (docs/commands.md "The store").
//
//   openForReading ──► load() ──► RuleSet            (classify, test: read-only, never blocks a writer)
//   openForWriting ──► add/remove/update/block/…     (each call one BEGIN IMMEDIATE transaction)
//
// Every rule goes through the validators of SiftRules before it is written,
// so the store, the command line and the .sfsfilters reader cannot disagree.
// SQL lives in this file, Store+Rules.swift and Schema.swift; SQLite itself only in Database.swift.
import Foundation
import SiftRules
import SiftText

/// A msgsift rule store.
public final class Store {
    /// Where the file is.
    public let path: String
    /// The schema version of the file as opened (`Schema.current` when opened for writing).
    public let schemaVersion: Int
    package let database: Database

    /// Seconds a writer waits for another writer's lock by default.
    public static let defaultLockTimeout = 5.0

    private init(path: String, database: Database, schemaVersion: Int) {
        self.path = path; self.database = database; self.schemaVersion = schemaVersion
    }

    /// Opens the store read-only (`SQLITE_OPEN_READONLY`). Nil when the file
    /// does not exist: an empty rule set, and no file is created.
    public static func openForReading(path: String, lockTimeout: Double = defaultLockTimeout) throws(StoreError) -> Store? {
        try refuseLinkLoop(path)
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        let real = try regularFile(path)
        if access(real, W_OK) != 0 && !FileManager.default.fileExists(atPath: real + "-wal") {
            // A store we cannot write (another user's): the log's side files a read makes
            // would be ours, and its owner could no longer write it. With no log left
            // over, every commit is in the file, so it is read as it is.
            let db = try Database(path: real, access: .immutable, busyTimeout: lockTimeout)
            let version = try checkOwner(db)
            try checkIntact(db, path)
            return Store(path: path, database: db, schemaVersion: version)
        }
        do {
            let db = try Database(path: real, access: .readOnly, busyTimeout: lockTimeout)
            let version = try checkOwner(db)
            try checkIntact(db, path)
            return Store(path: path, database: db, schemaVersion: version)
        } catch let e where e.kind != .notAStore && e.kind != .corrupt && e.kind != .newerSchema
                    && !folderWritable(real) && !FileManager.default.fileExists(atPath: real + "-wal") {
            // A shared store in a folder we cannot write: SQLite cannot make the log's side
            // files a read needs. With no log left over, every commit is in the file.
            let db = try Database(path: real, access: .immutable, busyTimeout: lockTimeout)
            let version = try checkOwner(db)
            try checkIntact(db, path)
            return Store(path: path, database: db, schemaVersion: version)
        }
    }

    private static func folderWritable(_ file: String) -> Bool {
        let folder = (file as NSString).deletingLastPathComponent
        return access(folder.isEmpty ? "." : folder, W_OK) == 0
    }

    /// The file a store path names, through symbolic links; refuses a folder or a device.
    static func regularFile(_ path: String) throws(StoreError) -> String {
        try refuseFolderName(path)
        try refuseLinkLoop(path)
        let real = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        var info = stat()
        // Missing: created by a writer; through a link to a store not made yet, where it points.
        guard stat(real, &info) == 0 else { return linkTarget(path) ?? real }
        if (info.st_mode & S_IFMT) == S_IFDIR { throw StoreError(.isFolder, path: path) }
        if (info.st_mode & S_IFMT) != S_IFREG { throw StoreError(.notRegularFile, path: path) }
        return real
    }

    /// Refuses a path whose symbolic links lead back to themselves: read as "no such store"
    /// and written as SQLite's "unable to open database file", neither of which says why.
    public static func refuseLinkLoop(_ path: String) throws(StoreError) {
        var info = stat()
        guard stat(path, &info) != 0, errno == ELOOP else { return }
        throw StoreError(.linkLoop, path: path)
    }

    /// Refuses a path ending in `/`, `/.` or `/..`: a folder's name. Written to, it made a file by the
    /// name without the slash, which reads then did not find by the name given.
    public static func refuseFolderName(_ path: String) throws(StoreError) {
        let last = path.split(separator: "/", omittingEmptySubsequences: false).last
        guard path.hasSuffix("/") || last == "." || last == ".." else { return }
        let example = path.hasSuffix("/") ? path + "rules.db" : path + "/rules.db"
        throw StoreError(.namesFolder(example: example), path: path)
    }

    /// Where a chain of symbolic links ends (a path that is not a link), or nil
    /// when `path` is no link (or the chain loops). The file need not exist yet.
    public static func linkTarget(_ path: String) -> String? {
        var current = path
        for _ in 0..<40 {
            guard let next = try? FileManager.default.destinationOfSymbolicLink(atPath: current) else {
                return current == path ? nil : current
            }
            current = next.hasPrefix("/") ? next : ((current as NSString).deletingLastPathComponent as NSString).appendingPathComponent(next)
        }
        return nil
    }

    /// Opens the store for changes, creating it and its folder when missing
    /// and bringing an older schema up to date. Refuses a newer, foreign or damaged file.
    public static func openForWriting(path: String, lockTimeout: Double = defaultLockTimeout) throws(StoreError) -> Store {
        try open(path: path, lockTimeout: lockTimeout, upTo: Schema.current)
    }

    /// Makes `folder` and its missing parents, as `mkdir -p`; nil when done, else why not,
    /// as the system says it (`a.txt: Not a directory`, not Foundation's error number).
    static func makeFolders(_ folder: String) -> String? {
        var path = folder.hasPrefix("/") ? "" : "."
        for part in folder.split(separator: "/") {
            path += "/" + part
            if mkdir(path, 0o777) == 0 { continue }
            let error = errno
            let shown = path.hasPrefix("./") ? String(path.dropFirst(2)) : path
            var info = stat()
            if stat(path, &info) == 0 {
                if info.st_mode & S_IFMT == S_IFDIR { continue }
                return "\(shown) is not a folder"
            }
            if lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK { return "\(shown) is a link to nothing" }
            return String(cString: strerror(error))
        }
        return nil
    }

    /// `openForWriting` that migrates only up to `version`, to build old stores in tests.
    package static func open(path: String, lockTimeout: Double, upTo version: Int) throws(StoreError) -> Store {
        let real = try regularFile(path)
        let folder = (real as NSString).deletingLastPathComponent
        if !folder.isEmpty, let reason = makeFolders(folder) {
            throw StoreError(.cannotCreateFolder(folder: folder, reason: reason), path: path)
        }
        if FileManager.default.fileExists(atPath: real) && access(real, W_OK) != 0 {
            // Opened anyway, SQLite would read it and leave the log's side files behind, ours:
            // its owner could no longer write it (another user's store, or one made read-only).
            throw StoreError(.notWritable(readOnlyFileSystem: errno == EROFS), path: path)
        }
        try makeSideFilesWritable(path, real)
        let db = try Database(path: real, access: .readWrite, busyTimeout: lockTimeout)
        let found = try checkOwner(db)
        // Damage shows here, before anything is written.
        try checkIntact(db, path)
        if found < version {
            // Outside any transaction: journal_mode cannot change inside one. A no-op once set.
            try db.execute("PRAGMA journal_mode = WAL")
            do {
                try db.writeTransaction {
                // Another process may have migrated since we looked.
                let now = try userVersion(db)
                guard now <= Schema.current else { throw newer(path, now) }
                for m in Schema.migrations where m.version > now && m.version <= version {
                    try db.execute(m.sql)
                }
                if now == 0 { try db.execute("PRAGMA application_id = \(Schema.applicationID)") }
                try db.execute("PRAGMA user_version = \(version)")
                }
            } catch let e as StoreError where e.kind != .sqlite {
                throw e
            } catch {
                // The transaction left the store as it was. (A store whose tables are not those
                // of the version it claims fails here: damage, or a hand edit.)
                let reason: String
                if let e = error as? StoreError, case .sqlite(_, let message) = e.problem { reason = message } else { reason = "\(error)" }
                throw StoreError(.migrationFailed(from: found, to: version, reason: reason), path: path)
            }
        }
        try db.execute("PRAGMA synchronous = FULL")
        return Store(path: path, database: db, schemaVersion: max(found, version))
    }

    /// A read leaves the log's side files behind (a read-only connection cannot remove
    /// them), and SQLite gives an empty one the store's mode when it opens it: read
    /// while its owner had made it read-only, the store kept a read-only `-wal` after
    /// it was made writable again, and the next change failed ("attempt to write a
    /// readonly database"). Such a side file of ours gets the store's mode back.
    private static func makeSideFilesWritable(_ path: String, _ real: String) throws(StoreError) {
        var store = stat()
        guard stat(real, &store) == 0 else { return }
        for side in [real + "-wal", real + "-shm"] where access(side, F_OK) == 0 && access(side, W_OK) != 0 {
            if chmod(side, store.st_mode & 0o7777) != 0 || access(side, W_OK) != 0 {
                throw StoreError(.sideFileNotWritable(side: side), path: path)
            }
        }
    }

    /// The schema version, after making sure the file is a msgsift store this build can read.
    private static func checkOwner(_ db: Database) throws(StoreError) -> Int {
        let version = try userVersion(db)
        let owner = try db.query("PRAGMA application_id") { r throws(StoreError) in r.int(0) }.first ?? 0
        if owner == 0 {
            let tables = try db.query("SELECT count(*) FROM sqlite_schema") { r throws(StoreError) in r.int(0) }.first ?? 0
            if tables > 0 || version != 0 {
                throw StoreError(.otherProgramsDatabase, path: db.path)
            }
        } else if owner != Int(Schema.applicationID) {
            throw StoreError(.otherProgramsDatabase, path: db.path)
        } else if version == 0 {
            // Both are set in the transaction that creates the tables: one without the other is damage,
            // and reading it as an empty store would run with no rules.
            throw StoreError(.lostSchemaVersion, path: db.path)
        }
        guard version <= Schema.current else { throw newer(db.path, version) }
        return version
    }

    /// Refuses a damaged file (SQLite's `quick_check`: a few ms for a store of 50,000 list
    /// entries), so that no command reads garbage rows as rules or writes into damage.
    private static func checkIntact(_ db: Database, _ path: String) throws(StoreError) {
        let problems = try db.query("PRAGMA quick_check") { r throws(StoreError) in r.text(0) ?? "" }
        guard problems != ["ok"] else { return }
        // Its report spans lines (`*** in database main ***` then one per page): one line here.
        let report = problems.prefix(3).joined(separator: "; ").split(whereSeparator: \.isNewline).joined(separator: " ")
        throw StoreError(.damaged(report), path: path)
    }

    private static func userVersion(_ db: Database) throws(StoreError) -> Int {
        try db.query("PRAGMA user_version") { r throws(StoreError) in r.int(0) }.first ?? 0
    }

    private static func newer(_ path: String, _ version: Int) -> StoreError {
        StoreError(.newerSchema(version: version, known: Schema.current), path: path)
    }

    /// Whether the file has tables yet (an empty file read-only is an empty store).
    var hasTables: Bool { schemaVersion >= 1 }

    // MARK: Rules for a run

    /// The whole rule set, read in one snapshot: filters keep their ids;
    /// community lists of every language, with the languages that are on.
    public func load() throws -> LoadedRules {
        guard hasTables else { return LoadedRules(ruleSet: RuleSet(), warnings: [], listsSource: nil) }
        return try database.readTransaction {
            var rules = RuleSet()
            var warnings: [RuleNote] = []
            let scan = try scanFilters(type: nil)
            warnings += scan.unreadable
            for f in scan.filters where !rules.add(f.filter) {
                warnings.append(.filterDuplicate(id: f.id))
            }
            let (settings, ruleWarnings) = try readSmartRules()
            rules.smartRules = settings
            warnings += ruleWarnings
            let lists = try readLists()
            if let lists {
                rules.communityLists = lists.lists
            }
            rules.communityLanguages = Set(try enabledListLanguages())
            return LoadedRules(ruleSet: rules, warnings: warnings, listsSource: lists?.source)
        }
    }

    // MARK: Filters

    /// The filters, oldest first, optionally of one type.
    public func filters(type: FilterType? = nil) throws -> FilterScan {
        guard hasTables else { return FilterScan(filters: [], unreadable: []) }
        return try database.readTransaction { try scanFilters(type: type) }
    }

    private func scanFilters(type: FilterType?) throws(StoreError) -> FilterScan {
        let created = schemaVersion >= 2 ? "created_at" : "NULL"
        let sql = "SELECT id, type, folder, target, matching, case_sensitivity, text, \(created) FROM filter"
            + (type == nil ? " ORDER BY id" : " WHERE type = ? ORDER BY id")
        var unreadable: [RuleNote] = []
        var unreadableKeys: [StoredKey: Int] = [:]
        let rows = try database.query(sql, type.map { [.text($0.rawValue)] } ?? []) { r throws(StoreError) -> StoredFilter? in
            let id = r.int(0)
            func field<E: RawRepresentable>(_ i: Int32, _ name: String) -> E? where E.RawValue == String {
                let raw = r.text(i) ?? ""
                guard let e = E(rawValue: raw) else {
                    unreadable.append(.filterUnknownValue(id: id, field: name, value: raw))
                    return nil
                }
                return e
            }
            guard let t: FilterType = field(1, "type"), let folder: Folder = field(2, "folder"),
                  let target: Target = field(3, "target"), let matching: Matching = field(4, "matching"),
                  let cs: CaseSensitivity = field(5, "case") else {
                unreadableKeys[StoredKey(text: r.text(6) ?? "", target: r.text(3) ?? "", matching: r.text(4) ?? "",
                                         caseSensitivity: r.text(5) ?? "")] = id
                return nil
            }
            let filter = Filter(id: id, type: t, folder: folder, target: target, matching: matching,
                                caseSensitivity: cs, text: r.text(6) ?? "")
            return StoredFilter(filter: filter, createdAt: r.text(7))
        }
        var scan = FilterScan(filters: rows.compactMap { $0 }, unreadable: unreadable)
        scan.unreadableKeys = unreadableKeys
        return scan
    }

    /// Every stored filter by identity (`FilterIdentity`: texts canonically, a regex's byte
    /// for byte, as `RuleSet` compares them), and the rows this version cannot read.
    private func existing() throws(StoreError) -> Existing {
        let scan = try scanFilters(type: nil)
        var byIdentity: [FilterIdentity: StoredFilter] = [:]
        for f in scan.filters where byIdentity[f.filter.identity] == nil { byIdentity[f.filter.identity] = f }
        return Existing(byIdentity: byIdentity, unreadable: scan.unreadableKeys)
    }

    struct Existing {
        var byIdentity: [FilterIdentity: StoredFilter] = [:]
        /// Rows of values this version does not know (written by another version), which
        /// the store still keeps unique by text, target, matching and case.
        var unreadable: [StoredKey: Int] = [:]

        /// The id of a row `f` would be the same filter as, or clash with in the store.
        func clash(_ f: Filter) -> Int? {
            byIdentity[f.identity]?.id ?? unreadable[StoredKey(f)]
        }
    }

    /// The refusal of a filter that clashes with unreadable row `id`.
    private static func clashWithUnreadable(_ id: Int) -> StoreError {
        StoreError(.clashesWithUnreadable(id: id), path: nil)
    }

    private func insert(_ f: Filter, at now: String = Store.timestamp()) throws(StoreError) -> StoredFilter {
        try database.run("""
            INSERT INTO filter (type, folder, target, matching, case_sensitivity, text, created_at)
            VALUES (?, ?, ?, ?, ?, ?, ?)
            """, [.text(f.type.rawValue), .text(f.folder.rawValue), .text(f.target.rawValue),
                  .text(f.matching.rawValue), .text(f.caseSensitivity.rawValue), .text(f.text), .text(now)])
        var stored = f
        stored.id = database.lastInsertRowID
        return StoredFilter(filter: stored, createdAt: now)
    }

    /// Adds a filter (validated with `FilterValidator`; its id is ignored), or
    /// reports the filter with the same identity that is there already.
    /// Throws `RuleError` for an invalid filter, `StoreError` for the store.
    public func add(_ filter: Filter) throws -> AddResult {
        let valid = try FilterValidator.validate(filter)
        return try database.writeTransaction {
            let existing = try existing()
            if let same = existing.byIdentity[valid.identity] { return .duplicate(of: same) }
            if let id = existing.unreadable[StoredKey(valid)] { throw Self.clashWithUnreadable(id) }
            return .added(try insert(valid))
        }
    }

    /// Removes the filters with these ids, all or none: an unknown id removes nothing.
    /// Rows this version cannot read (an unknown folder, written by another version) are
    /// removed too: `filter list` names their ids. Returns the removed rows, as stored.
    public func remove(ids: [Int]) throws -> [RemovedFilter] {
        try database.writeTransaction {
            var removed: [RemovedFilter] = []
            var seen = Set<Int>()
            for id in ids where seen.insert(id).inserted {     // `remove 4 4` removes filter 4
                let rows = try database.query("SELECT type, text FROM filter WHERE id = ?", [.integer(Int64(id))]) { r throws(StoreError) in
                    RemovedFilter(id: id, type: r.text(0) ?? "", text: r.text(1) ?? "")
                }
                guard let row = rows.first else {
                    throw StoreError(.noSuchFilter(id: id, removing: true), path: nil)
                }
                if try database.run("DELETE FROM filter WHERE id = ?", [.integer(Int64(id))]) > 0 { removed.append(row) }
            }
            return removed
        }
    }

    /// Changes filter `id` with `edit`, keeping its id (its age). The result is
    /// validated and may not become the same filter as another one.
    /// Returns the filter before and after.
    public func update(id: Int, _ edit: (inout Filter) throws -> Void) throws -> (before: StoredFilter, after: StoredFilter) {
        try database.writeTransaction {
            let scan = try scanFilters(type: nil)
            let all = scan.filters
            guard let before = all.first(where: { $0.id == id }) else {
                throw StoreError(.noSuchFilter(id: id, removing: false), path: nil)
            }
            var edited = before.filter
            try edit(&edited)
            edited.id = id
            let valid = try FilterValidator.validate(edited)
            if let other = all.first(where: { $0.id != id && $0.filter.identity == valid.identity }) {
                throw StoreError(.wouldDuplicate(id: id, other: other.id), path: nil)
            }
            if let other = scan.unreadableKeys[StoredKey(valid)] { throw Self.clashWithUnreadable(other) }
            try database.run("""
                UPDATE filter SET type = ?, folder = ?, target = ?, matching = ?, case_sensitivity = ?, text = ? WHERE id = ?
                """, [.text(valid.type.rawValue), .text(valid.folder.rawValue), .text(valid.target.rawValue),
                      .text(valid.matching.rawValue), .text(valid.caseSensitivity.rawValue), .text(valid.text), .integer(Int64(id))])
            return (before, StoredFilter(filter: valid, createdAt: before.createdAt))
        }
    }

    // MARK: .sfsfilters import

    /// Merges the rows of a `.sfsfilters` file: new filters are added in file
    /// order, duplicates and invalid rows are skipped and counted. Never deletes.
    /// One transaction: all the new filters or none.
    public func importFilters(_ rows: [SFSFilters.Row]) throws -> ImportReport {
        try database.writeTransaction {
            var report = Self.plan(rows, existing: try existing())
            let now = Self.timestamp()
            for (_, filter) in report.toAdd {
                report.report.addedIDs.append(try insert(filter, at: now).id)
            }
            return report.report
        }
    }

    /// What `importFilters` would do with `rows` on `store` (nil: an empty store), writing nothing.
    public static func dryRunImport(_ rows: [SFSFilters.Row], into store: Store?) throws -> ImportReport {
        guard let store, store.hasTables else { return plan(rows, existing: Existing()).report }
        return try store.database.readTransaction { plan(rows, existing: try store.existing()).report }
    }

    private static func plan(_ rows: [SFSFilters.Row], existing: Existing) -> (report: ImportReport, toAdd: [(Int, Filter)]) {
        var report = ImportReport()
        var toAdd: [(Int, Filter)] = []
        var seen: [FilterIdentity: Int] = [:]
        for row in rows {
            switch row.result {
            case .failure(let reason):
                report.invalid.append((row.index, reason))
            case .success(let f):
                if let old = existing.clash(f) {
                    report.duplicates.append((row.index, .filter(old)))
                } else if let earlier = seen[f.identity] {
                    report.duplicates.append((row.index, .row(earlier)))
                } else {
                    seen[f.identity] = row.index
                    toAdd.append((row.index, f))
                    report.added += 1
                }
            }
        }
        return (report, toAdd)
    }

    // MARK: Languages

    /// Blocked languages with their denyLanguage filter (the oldest, if several).
    public func blockedLanguages() throws -> [Language: StoredFilter] {
        var out: [Language: StoredFilter] = [:]
        for f in try filters(type: .denyLanguage).filters {
            if let l = f.filter.language, out[l] == nil { out[l] = f }
        }
        return out
    }

    /// Blocks `language` to `folder`: a denyLanguage filter `$lang:<english name>`,
    /// exactly as the app stores it. Blocking it again to another folder moves it.
    public func block(_ language: Language, folder: Folder) throws -> BlockResult {
        try database.writeTransaction {
            let current = try scanFilters(type: .denyLanguage).filters.first { $0.filter.language == language }
            if let current {
                if current.filter.folder == folder { return .alreadyBlocked(current) }
                try database.run("UPDATE filter SET folder = ? WHERE id = ?", [.text(folder.rawValue), .integer(Int64(current.id))])
                var moved = current
                moved.filter.folder = folder
                return .folderChanged(from: current.filter.folder, moved)
            }
            let filter = Filter.blocking(language, folder: folder)
            if let clash = try existing().clash(filter) {
                // A deny filter whose text is literally "$lang:…": the same filter to the app.
                throw StoreError(.textTaken(id: clash, text: filter.text), path: nil)
            }
            return .blocked(try insert(filter))
        }
    }

    /// Unblocks `language`; returns the filters removed (none when it was not blocked).
    public func unblock(_ language: Language) throws -> [StoredFilter] {
        try database.writeTransaction {
            let matching = try scanFilters(type: .denyLanguage).filters.filter { $0.filter.language == language }
            for f in matching { try database.run("DELETE FROM filter WHERE id = ?", [.integer(Int64(f.id))]) }
            return matching
        }
    }

    // MARK: -

    /// Now, as ISO-8601 UTC with seconds.
    public static func timestamp(_ date: Date = Date()) -> String {
        let f = ISO8601DateFormatter()
        f.formatOptions = [.withInternetDateTime]
        return f.string(from: date)
    }

    /// A time as `timestamp` writes it, read back (nil if it is not one).
    public static func date(_ timestamp: String) -> Date? {
        let f = ISO8601DateFormatter()
        f.formatOptions = [.withInternetDateTime]
        return f.date(from: timestamp)
    }
}
