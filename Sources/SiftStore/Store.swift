// The rule store: one SQLite file holding a user's filters, smart rules,
// blocked languages and community lists (SPEC §4).
//
//   openForReading ──► load() ──► RuleSet            (classify, test: read-only, never blocks a writer)
//   openForWriting ──► add/remove/update/block/…     (each call one BEGIN IMMEDIATE transaction)
//
// Every rule goes through the validators of SiftRules before it is written,
// so the store, the command line and the .sfsfilters reader cannot disagree.
// SQL lives in this file and Schema.swift; SQLite itself only in Database.swift.
import Foundation
import SiftRules
import SiftText

/// A filter as stored, with when it was added (nil for filters from schema version 1).
public struct StoredFilter: Sendable, Equatable {
    public var filter: Filter
    /// ISO-8601 UTC.
    public var createdAt: String?
    public var id: Int { filter.id }
}

/// The filters of a store, and rows that could not be read as filters at all.
public struct FilterScan: Sendable {
    /// In id order (oldest first).
    public var filters: [StoredFilter]
    /// One line per unreadable row (unknown type or option), naming its id.
    public var unreadable: [String]

    /// No filters.
    public static let empty = FilterScan(filters: [], unreadable: [])
}

/// What adding one filter did.
public enum AddResult: Sendable, Equatable {
    case added(StoredFilter)
    /// A filter with the same text, target, matching and case was there already; nothing changed.
    case duplicate(of: StoredFilter)
}

/// What importing the rows of a `.sfsfilters` file did (or, for a dry run, would do).
public struct ImportReport: Sendable {
    /// Ids given to the added filters, in file order (empty for a dry run).
    public var addedIDs: [Int] = []
    public var added = 0
    /// Rows that are the same filter as one in the store or earlier in the file: (row, reason).
    public var duplicates: [(row: Int, of: String)] = []
    /// Rows refused: (row, why).
    public var invalid: [(row: Int, reason: RuleError)] = []
}

/// What blocking a language did.
public enum BlockResult: Sendable, Equatable {
    case blocked(StoredFilter)
    case alreadyBlocked(StoredFilter)
    /// It was blocked to another folder; the filter keeps its id (its age).
    case folderChanged(from: Folder, StoredFilter)
}

/// The imported community lists.
public struct ImportedLists: Sendable {
    public var lists: [Language: CommunityList]
    public var unknownLanguages: [String]
    /// SHA-256 of the file's bytes, hex.
    public var sha256: String
    /// ISO-8601 UTC.
    public var importedAt: String
    public var byteCount: Int
}

/// What importing a community-list file did.
public enum ListsImportResult: Sendable {
    /// Same bytes as the lists already stored: nothing changed.
    case unchanged(ImportedLists)
    /// Stored; `replaced` is the hash of the lists it replaced, if any.
    case imported(ImportedLists, replaced: String?)
}

/// A rule set read from the store, and what in it could not be used.
public struct LoadedRules: Sendable {
    public var ruleSet: RuleSet
    /// Rows skipped while loading (not filters that fail validation: the compiler reports those).
    public var warnings: [String]
}

/// A msgsift rule store.
public final class Store: Sendable {
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
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        let db = try Database(path: path, access: .readOnly, busyTimeout: lockTimeout)
        let version = try checkOwner(db)
        return Store(path: path, database: db, schemaVersion: version)
    }

    /// Opens the store for changes, creating it and its folder when missing
    /// and bringing an older schema up to date. Refuses a newer, foreign or damaged file.
    public static func openForWriting(path: String, lockTimeout: Double = defaultLockTimeout) throws(StoreError) -> Store {
        try open(path: path, lockTimeout: lockTimeout, upTo: Schema.current)
    }

    /// `openForWriting` that migrates only up to `version`, to build old stores in tests.
    package static func open(path: String, lockTimeout: Double, upTo version: Int) throws(StoreError) -> Store {
        let folder = (path as NSString).deletingLastPathComponent
        if !folder.isEmpty && !FileManager.default.fileExists(atPath: folder) {
            do { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) } catch {
                throw StoreError(.cannotOpen, "\(path): cannot create the folder \(folder) (\(error.localizedDescription))")
            }
        }
        let db = try Database(path: path, access: .readWrite, busyTimeout: lockTimeout)
        let found = try checkOwner(db)
        // Damage shows here, before anything is written.
        let problems = try db.query("PRAGMA quick_check") { r throws(StoreError) in r.text(0) ?? "" }
        if problems != ["ok"] {
            throw StoreError(.corrupt, "\(path): the store is damaged (\(problems.prefix(3).joined(separator: "; "))); nothing was changed. Restore it from a backup or an export")
        }
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
            } catch let e as StoreError { throw e } catch { throw StoreError(.sqlite, "\(path): \(error)") }
        }
        try db.execute("PRAGMA synchronous = FULL")
        return Store(path: path, database: db, schemaVersion: max(found, version))
    }

    /// The schema version, after making sure the file is a msgsift store this build can read.
    private static func checkOwner(_ db: Database) throws(StoreError) -> Int {
        let version = try userVersion(db)
        let owner = try db.query("PRAGMA application_id") { r throws(StoreError) in r.int(0) }.first ?? 0
        if owner == 0 {
            let tables = try db.query("SELECT count(*) FROM sqlite_schema") { r throws(StoreError) in r.int(0) }.first ?? 0
            if tables > 0 || version != 0 {
                throw StoreError(.notAStore, "\(db.path): an SQLite database of another program, not a msgsift rule store; nothing was changed")
            }
        } else if owner != Int(Schema.applicationID) {
            throw StoreError(.notAStore, "\(db.path): an SQLite database of another program, not a msgsift rule store; nothing was changed")
        }
        guard version <= Schema.current else { throw newer(db.path, version) }
        return version
    }

    private static func userVersion(_ db: Database) throws(StoreError) -> Int {
        try db.query("PRAGMA user_version") { r throws(StoreError) in r.int(0) }.first ?? 0
    }

    private static func newer(_ path: String, _ version: Int) -> StoreError {
        StoreError(.newerSchema, "\(path): the store was written by a newer msgsift (schema version \(version); this one knows up to \(Schema.current)); update msgsift. The store was not changed")
    }

    /// Whether the file has tables yet (an empty file read-only is an empty store).
    private var hasTables: Bool { schemaVersion >= 1 }

    // MARK: Rules for a run

    /// The whole rule set, read in one snapshot: filters keep their ids;
    /// community lists of every language, with the languages that are on.
    public func load() throws -> LoadedRules {
        guard hasTables else { return LoadedRules(ruleSet: RuleSet(), warnings: []) }
        return try database.readTransaction {
            var rules = RuleSet()
            var warnings: [String] = []
            let scan = try scanFilters(type: nil)
            warnings += scan.unreadable
            for f in scan.filters where !rules.add(f.filter) {
                warnings.append("filter \(f.id) skipped: it is the same filter as an older one")
            }
            let (settings, ruleWarnings) = try readSmartRules()
            rules.smartRules = settings
            warnings += ruleWarnings
            if let lists = try readLists() {
                rules.communityLists = lists.lists
            }
            rules.communityLanguages = Set(try enabledListLanguages())
            return LoadedRules(ruleSet: rules, warnings: warnings)
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
        var unreadable: [String] = []
        let rows = try database.query(sql, type.map { [.text($0.rawValue)] } ?? []) { r throws(StoreError) -> StoredFilter? in
            let id = r.int(0)
            func field<E: RawRepresentable>(_ i: Int32, _ name: String) -> E? where E.RawValue == String {
                let raw = r.text(i) ?? ""
                guard let e = E(rawValue: raw) else {
                    unreadable.append("filter \(id) skipped: unknown \(name) \(quoted(raw))")
                    return nil
                }
                return e
            }
            guard let t: FilterType = field(1, "type"), let folder: Folder = field(2, "folder"),
                  let target: Target = field(3, "target"), let matching: Matching = field(4, "matching"),
                  let cs: CaseSensitivity = field(5, "case") else { return nil }
            let filter = Filter(id: id, type: t, folder: folder, target: target, matching: matching,
                                caseSensitivity: cs, text: r.text(6) ?? "")
            return StoredFilter(filter: filter, createdAt: r.text(7))
        }
        return FilterScan(filters: rows.compactMap { $0 }, unreadable: unreadable)
    }

    /// Every stored filter by identity (Swift string equality, as `RuleSet` compares them).
    private func identities() throws(StoreError) -> [FilterIdentity: StoredFilter] {
        var out: [FilterIdentity: StoredFilter] = [:]
        for f in try scanFilters(type: nil).filters where out[f.filter.identity] == nil { out[f.filter.identity] = f }
        return out
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
            if let existing = try identities()[valid.identity] { return .duplicate(of: existing) }
            return .added(try insert(valid))
        }
    }

    /// Removes the filters with these ids, all or none: an unknown id removes nothing.
    /// Returns the removed filters.
    public func remove(ids: [Int]) throws -> [StoredFilter] {
        try database.writeTransaction {
            let byID = Dictionary(try scanFilters(type: nil).filters.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
            var removed: [StoredFilter] = []
            for id in ids {
                guard let f = byID[id] else {
                    throw StoreError(.notFound, "no filter with id \(id); nothing was removed (msgsift filter list shows the ids)")
                }
                if try database.run("DELETE FROM filter WHERE id = ?", [.integer(Int64(id))]) > 0 { removed.append(f) }
            }
            return removed
        }
    }

    /// Changes filter `id` with `edit`, keeping its id (its age). The result is
    /// validated and may not become the same filter as another one.
    /// Returns the filter before and after.
    public func update(id: Int, _ edit: (inout Filter) throws -> Void) throws -> (before: StoredFilter, after: StoredFilter) {
        try database.writeTransaction {
            let all = try scanFilters(type: nil).filters
            guard let before = all.first(where: { $0.id == id }) else {
                throw StoreError(.notFound, "no filter with id \(id); nothing was changed (msgsift filter list shows the ids)")
            }
            var edited = before.filter
            try edit(&edited)
            edited.id = id
            let valid = try FilterValidator.validate(edited)
            if let other = all.first(where: { $0.id != id && $0.filter.identity == valid.identity }) {
                throw StoreError(.conflict, "filter \(id) would become the same filter as filter \(other.id) (same text, target, matching and case); nothing was changed")
            }
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
            var report = Self.plan(rows, existing: try identities())
            let now = Self.timestamp()
            for (_, filter) in report.toAdd {
                report.report.addedIDs.append(try insert(filter, at: now).id)
            }
            return report.report
        }
    }

    /// What `importFilters` would do with `rows` on `store` (nil: an empty store), writing nothing.
    public static func dryRunImport(_ rows: [SFSFilters.Row], into store: Store?) throws -> ImportReport {
        guard let store, store.hasTables else { return plan(rows, existing: [:]).report }
        return try store.database.readTransaction { plan(rows, existing: try store.identities()).report }
    }

    private static func plan(_ rows: [SFSFilters.Row], existing: [FilterIdentity: StoredFilter]) -> (report: ImportReport, toAdd: [(Int, Filter)]) {
        var report = ImportReport()
        var toAdd: [(Int, Filter)] = []
        var seen: [FilterIdentity: Int] = [:]
        for row in rows {
            switch row.result {
            case .failure(let reason):
                report.invalid.append((row.index, reason))
            case .success(let f):
                if let old = existing[f.identity] {
                    report.duplicates.append((row.index, "filter \(old.id)"))
                } else if let earlier = seen[f.identity] {
                    report.duplicates.append((row.index, "row \(earlier)"))
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
            let filter = try FilterValidator.validate(Filter(id: 0, type: .denyLanguage, folder: folder, text: language.rawValue))
            if let clash = try identities()[filter.identity] {
                // A deny filter whose text is literally "$lang:…": the same filter to the app.
                throw StoreError(.conflict, "filter \(clash.id) has the text \(quoted(filter.text)) already; remove it first")
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

    // MARK: Smart rules

    /// Which smart rules are on, with their stored values (also those of rules that are off).
    public func smartRules() throws -> (settings: SmartRuleSettings, warnings: [String]) {
        guard hasTables else { return (SmartRuleSettings(), []) }
        return try database.readTransaction { try readSmartRules() }
    }

    private func readSmartRules() throws(StoreError) -> (SmartRuleSettings, [String]) {
        var settings = SmartRuleSettings()
        var warnings: [String] = []
        let rows = try database.query("SELECT name, enabled, value, countries FROM smart_rule ORDER BY name") { r throws(StoreError) in
            (r.text(0) ?? "", r.int(1) != 0, r.isNull(2) ? nil : r.int(2), r.text(3))
        }
        for (name, enabled, value, countries) in rows {
            guard let rule = SmartRule(rawValue: name) else {
                warnings.append("smart rule \(quoted(name)) in the store is unknown; ignored")
                continue
            }
            if enabled { settings.enabled.insert(rule) }
            if rule == .shortSender, let value {
                do { settings.shortSenderMaximum = try SmartRuleValidator.shortSenderMaximum(String(value)) } catch {
                    warnings.append("short-sender value in the store: \(error); using \(settings.shortSenderMaximum)")
                }
            }
            if rule == .countryAllowlist, let countries {
                do { settings.allowedCallingCodes = try SmartRuleValidator.callingCodes(countries) } catch {
                    warnings.append("country-allowlist in the store: \(error); the rule skips every message")
                }
            }
        }
        return (settings, warnings)
    }

    /// Turns `rule` on. `shortSenderMaximum` (3–6) only for short-sender,
    /// `callingCodes` (canonical, from `SmartRuleValidator.callingCodes`) only
    /// for country-allowlist; nil keeps the stored value. Returns the settings after.
    public func enable(_ rule: SmartRule, shortSenderMaximum: Int? = nil, callingCodes: [String]? = nil) throws -> SmartRuleSettings {
        if shortSenderMaximum != nil && rule != .shortSender { throw RuleError("\(rule.rawValue) takes no value (--value is for short-sender)") }
        if callingCodes != nil && rule != .countryAllowlist { throw RuleError("\(rule.rawValue) takes no calling codes (--countries is for country-allowlist)") }
        if let n = shortSenderMaximum { _ = try SmartRuleValidator.shortSenderMaximum(String(n)) }
        let codes = try callingCodes.map { try SmartRuleValidator.callingCodes($0.joined(separator: ",")) }
        if let codes, codes.isEmpty { throw RuleError("country-allowlist needs at least one calling code: --countries +972,+1") }
        return try database.writeTransaction {
            let (before, _) = try readSmartRules()
            if rule == .countryAllowlist && codes == nil && before.allowedCallingCodes.isEmpty {
                throw RuleError("country-allowlist needs calling codes: msgsift rule enable country-allowlist --countries +972,+1")
            }
            try database.run("""
                INSERT INTO smart_rule (name, enabled, value, countries) VALUES (?, 1, ?, ?)
                ON CONFLICT (name) DO UPDATE SET enabled = 1, value = coalesce(excluded.value, value), countries = coalesce(excluded.countries, countries)
                """, [.text(rule.rawValue), shortSenderMaximum.map { .integer(Int64($0)) } ?? .null,
                      codes.map { .text($0.joined(separator: ",")) } ?? .null])
            return try readSmartRules().0
        }
    }

    /// Turns `rule` off, keeping its values for the next `enable`. Returns whether it was on.
    public func disable(_ rule: SmartRule) throws -> Bool {
        try database.writeTransaction {
            try database.run("UPDATE smart_rule SET enabled = 0 WHERE name = ? AND enabled = 1", [.text(rule.rawValue)]) > 0
        }
    }

    // MARK: Community lists

    /// The imported lists, nil when none were imported.
    public func importedLists() throws -> ImportedLists? {
        guard hasTables else { return nil }
        return try database.readTransaction { try readLists() }
    }

    private func readLists() throws -> ImportedLists? {
        let rows = try database.query("SELECT content, sha256, imported_at FROM community_lists WHERE id = 1") { r throws(StoreError) in
            (r.blob(0) ?? [], r.text(1) ?? "", r.text(2) ?? "")
        }
        guard let (content, hash, at) = rows.first else { return nil }
        let parsed: (lists: [Language: CommunityList], unknownLanguages: [String])
        do { parsed = try CommunityListFile.read(Data(content)) } catch {
            throw StoreError(.corrupt, "\(path): the stored community lists cannot be read (\(error)); import them again")
        }
        return ImportedLists(lists: parsed.lists, unknownLanguages: parsed.unknownLanguages, sha256: hash, importedAt: at, byteCount: content.count)
    }

    /// The languages whose community lists take part, in SPEC §1.3 order.
    public func listLanguages() throws -> [Language] {
        guard hasTables else { return [] }
        return try database.readTransaction { try enabledListLanguages() }
    }

    private func enabledListLanguages() throws(StoreError) -> [Language] {
        try database.query("SELECT code FROM community_language WHERE enabled = 1") { r throws(StoreError) in
            Language(codeOrName: r.text(0) ?? "")
        }.compactMap { $0 }.sorted()
    }

    /// Stores a community-list file (validated with `CommunityListFile.read`),
    /// replacing the lists imported before. Languages keep their on/off state.
    /// The same bytes again change nothing.
    public func importLists(_ data: Data) throws -> ListsImportResult {
        _ = try CommunityListFile.read(data)
        let hash = SHA256.hex(data)
        return try database.writeTransaction {
            let old = try readLists()
            if let old, old.sha256 == hash { return .unchanged(old) }
            try database.run("""
                INSERT INTO community_lists (id, content, sha256, imported_at) VALUES (1, ?, ?, ?)
                ON CONFLICT (id) DO UPDATE SET content = excluded.content, sha256 = excluded.sha256, imported_at = excluded.imported_at
                """, [.blob(Array(data)), .text(hash), .text(Self.timestamp())])
            return .imported(try readLists()!, replaced: old?.sha256)
        }
    }

    /// Turns the community lists of `languages` on or off.
    public func setListLanguages(_ languages: [Language], enabled: Bool) throws {
        try database.writeTransaction {
            for l in languages {
                try database.run("""
                    INSERT INTO community_language (code, enabled) VALUES (?, ?)
                    ON CONFLICT (code) DO UPDATE SET enabled = excluded.enabled
                    """, [.text(l.rawValue), .integer(enabled ? 1 : 0)])
            }
        }
    }

    // MARK: -

    /// Now, as ISO-8601 UTC with seconds.
    static func timestamp() -> String {
        let f = ISO8601DateFormatter()
        f.formatOptions = [.withInternetDateTime]
        return f.string(from: Date())
    }
}
