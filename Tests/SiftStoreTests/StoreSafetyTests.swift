// What protects a user's rules: migrations from version 1, newer stores
// refused, foreign and damaged files refused unchanged, transactions that
// roll back, and a bounded wait on another writer's lock.
import Foundation
import Testing
@testable import SiftStore
import SiftRules

@Suite("Store: schema versions")
struct StoreMigrationTests {
    /// A version-1 store as msgsift with schema 1 wrote it (its rows inserted with v1's columns).
    func versionOneStore() throws -> String {
        let path = freshStorePath()
        let v1 = try Store.open(path: path, lockTimeout: 1, upTo: 1)
        #expect(v1.schemaVersion == 1)
        try v1.database.writeTransaction {
            try v1.database.run("INSERT INTO filter (type, folder, target, matching, case_sensitivity, text) VALUES ('deny', 'promotion', 'body', 'exact', 'sensitive', 'WIN')")
            try v1.database.run("INSERT INTO filter (type, folder, target, matching, case_sensitivity, text) VALUES ('denyLanguage', 'junk', 'all', 'contains', 'insensitive', '$lang:arabic')")
            try v1.database.run("INSERT INTO smart_rule (name, enabled, value) VALUES ('short-sender', 1, 3)")
        }
        return path
    }

    func userVersion(_ path: String) throws -> Int {
        let db = try Database(path: path, access: .readOnly, busyTimeout: 1)
        return try db.query("PRAGMA user_version") { r throws(StoreError) in r.int(0) }.first ?? -1
    }

    @Test func versionOneIsMigratedKeepingEveryRule() throws {
        let path = try versionOneStore()
        #expect(try userVersion(path) == 1)
        let store = try Store.openForWriting(path: path)
        #expect(store.schemaVersion == Schema.current)
        #expect(try userVersion(path) == Schema.current)
        let old = try store.filters().filters
        #expect(old.map(\.filter.text) == ["WIN", "$lang:arabic"])
        #expect(old.allSatisfy { $0.createdAt == nil })   // version 1 did not record it
        #expect(old[0].filter == Filter(id: old[0].id, type: .deny, folder: .promotion, target: .body, matching: .exact, caseSensitivity: .sensitive, text: "WIN"))
        #expect(try store.blockedLanguages().keys.map { $0 } == [.ar])
        #expect(try store.smartRules().settings.shortSenderMaximum == 3)
        // The new column and index work.
        guard case .added(let f) = try store.add(deny("new")) else { Issue.record("not added"); return }
        #expect(f.createdAt != nil && f.id > old[1].id)
        let indexes = try store.database.query("SELECT name FROM sqlite_schema WHERE type = 'index' AND name = 'filter_by_type'") { r throws(StoreError) in r.text(0) }
        #expect(indexes == ["filter_by_type"])
        // Opening again migrates nothing more.
        #expect(try Store.openForWriting(path: path).schemaVersion == Schema.current)
    }

    @Test func versionOneReadsWithoutMigratingReadOnly() throws {
        let path = try versionOneStore()
        let reader = try #require(try Store.openForReading(path: path))
        #expect(reader.schemaVersion == 1)
        #expect(try reader.load().ruleSet.filters.map(\.text) == ["WIN", "$lang:arabic"])
        #expect(try userVersion(path) == 1)
    }

    @Test func aNewerStoreIsRefusedAndLeftAlone() throws {
        let path = freshStorePath()
        _ = try Store.openForWriting(path: path).add(deny("keep me"))
        let db = try Database(path: path, access: .readWrite, busyTimeout: 1)
        try db.execute("PRAGMA user_version = \(Schema.current + 1)")
        let before = bytes(path)
        #expect { try Store.openForWriting(path: path) } throws: { ($0 as? StoreError)?.kind == .newerSchema }
        #expect { try Store.openForReading(path: path) } throws: { ($0 as? StoreError)?.kind == .newerSchema }
        #expect(bytes(path) == before)
        #expect(try db.query("SELECT text FROM filter") { r throws(StoreError) in r.text(0) } == ["keep me"])
    }
}

/// A msgsift store whose schema version was lost (user_version 0, set by hand or by
/// damage) was read as an empty store: a run with no rules. It is refused; a store
/// claiming an older version than its tables fails to migrate with a clear error.
@Suite("Store: schema versions that do not match the tables")
struct StoreVersionMismatchTests {
    @Test func aLostSchemaVersionIsRefusedNotReadAsEmpty() throws {
        let path = freshStorePath()
        _ = try Store.openForWriting(path: path).add(deny("keep me"))
        let db = try Database(path: path, access: .readWrite, busyTimeout: 1)
        try db.execute("PRAGMA user_version = 0")
        #expect { try Store.openForReading(path: path) } throws: { ($0 as? StoreError)?.kind == .corrupt }
        #expect { try Store.openForWriting(path: path) } throws: { ($0 as? StoreError)?.kind == .corrupt }
        #expect(try db.query("SELECT text FROM filter") { r throws(StoreError) in r.text(0) } == ["keep me"])
    }

    @Test func aVersionOlderThanTheTablesFailsToMigrateAndChangesNothing() throws {
        let path = freshStorePath()
        _ = try Store.openForWriting(path: path).add(deny("keep me"))
        let db = try Database(path: path, access: .readWrite, busyTimeout: 1)
        try db.execute("PRAGMA user_version = 1")
        #expect { try Store.openForWriting(path: path) } throws: {
            guard case .migrationFailed(from: 1, to: Schema.current, _)? = ($0 as? StoreError)?.problem else { return false }
            return true
        }
        #expect(try db.query("PRAGMA user_version") { r throws(StoreError) in r.int(0) } == [1])
        #expect(try db.query("SELECT text FROM filter") { r throws(StoreError) in r.text(0) } == ["keep me"])
    }
}

@Suite("Store: foreign and damaged files")
struct StoreDamageTests {
    func write(_ data: Data, _ path: String) throws {
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try data.write(to: URL(fileURLWithPath: path))
    }

    @Test(arguments: [
        Data("hello, this is a text file and not a database at all\n".utf8),
        Data(repeating: 0xAB, count: 8192),
    ])
    func aFileThatIsNotSQLiteIsRefusedUnchanged(_ content: Data) throws {
        let path = freshStorePath()
        try write(content, path)
        #expect { try Store.openForWriting(path: path) } throws: { ($0 as? StoreError)?.kind == .notAStore }
        #expect { try Store.openForReading(path: path) } throws: { ($0 as? StoreError)?.kind == .notAStore }
        #expect(bytes(path) == content)
    }

    @Test func anotherProgramsDatabaseIsRefusedUnchanged() throws {
        let path = freshStorePath()
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        let other = try Database(path: path, access: .readWrite, busyTimeout: 1)
        try other.execute("CREATE TABLE filter (x); INSERT INTO filter VALUES (1);")
        let before = bytes(path)
        #expect { try Store.openForWriting(path: path) } throws: { ($0 as? StoreError)?.kind == .notAStore }
        #expect(bytes(path) == before)
    }

    /// A store whose b-tree pages are overwritten with garbage past the header page.
    func damagedStore() throws -> String {
        let path = freshStorePath()
        do {
            let store = try Store.openForWriting(path: path)
            _ = try store.importFilters(try rows((0..<2000).map { deny("phrase number \($0) with some padding text") }))
        }
        var data = bytes(path)
        #expect(data.count > 16 * 4096)
        for i in stride(from: 4096 * 2, to: data.count, by: 4096) {
            data.replaceSubrange(i..<(i + 64), with: Data(repeating: 0x5A, count: 64))
        }
        try data.write(to: URL(fileURLWithPath: path))
        return path
    }

    /// Damage that still reads: the filter table's page claims nine cells it does not hold
    /// (`quick_check`: "free space corruption"). Rows come back, empty: read as rules they were
    /// phantom filters a run went on without (warnings only, exit 0).
    @Test func lightDamageThatStillReadsIsRefusedForReadingTooInOneLine() throws {
        let path = freshStorePath()
        do {
            let store = try Store.openForWriting(path: path)
            for t in ["alpha", "beta", "gamma"] { _ = try store.add(deny(t)) }
            #expect(try store.database.query("SELECT rootpage FROM sqlite_schema WHERE name = 'filter'") { r throws(StoreError) in r.int(0) } == [2])
        }
        var data = bytes(path)
        data.replaceSubrange(4096..<4103, with: Data([0x0D, 0x00, 0x00, 0x00, 0x09, 0xFF, 0xFF]))
        try data.write(to: URL(fileURLWithPath: path))
        #expect { _ = try Store.openForReading(path: path)?.load() } throws: { e in
            guard let e = e as? StoreError else { return false }
            // quick_check's report spans lines; the error holds it as one.
            guard e.kind == .corrupt, case .damaged(let detail) = e.problem else { return false }
            return !detail.isEmpty && !detail.contains("\n")
        }
        #expect { _ = try Store.openForWriting(path: path) } throws: { ($0 as? StoreError)?.kind == .corrupt }
        #expect(bytes(path) == data)
    }

    @Test func aDamagedStoreIsRefusedUnchanged() throws {
        let path = try damagedStore()
        let before = bytes(path)
        #expect { _ = try Store.openForWriting(path: path).add(deny("new")) } throws: { ($0 as? StoreError)?.kind == .corrupt }
        #expect(bytes(path) == before)
        #expect { _ = try Store.openForReading(path: path)?.load() } throws: { ($0 as? StoreError)?.kind == .corrupt }
        #expect(bytes(path) == before)
    }
}

@Suite("Store: transactions and locks")
struct StoreTransactionTests {
    struct Boom: Error {}

    @Test func aTransactionRollsBackWhenItsBodyThrows() throws {
        let store = try Store.openForWriting(path: freshStorePath())
        _ = try store.add(deny("before"))
        #expect(throws: Boom.self) {
            try store.database.writeTransaction {
                try store.database.run("INSERT INTO filter (type, folder, target, matching, case_sensitivity, text) VALUES ('deny','junk','all','contains','insensitive','half')")
                try store.database.run("DELETE FROM filter WHERE text = 'before'")
                throw Boom()
            }
        }
        #expect(try store.filters().filters.map(\.filter.text) == ["before"])
    }

    @Test func anEditThatThrowsChangesNothing() throws {
        let store = try Store.openForWriting(path: freshStorePath())
        guard case .added(let f) = try store.add(deny("before")) else { return }
        #expect(throws: Boom.self) { try store.update(id: f.id) { $0.text = "after"; throw Boom() } }
        #expect(try store.filters().filters.map(\.filter.text) == ["before"])
    }

    @Test func aHeldWriteLockMeansABoundedWaitThenAClearError() throws {
        let path = freshStorePath()
        _ = try Store.openForWriting(path: path).add(deny("existing"))
        let holder = try Database(path: path, access: .readWrite, busyTimeout: 1)
        try holder.execute("BEGIN IMMEDIATE")
        let writer = try Store.openForWriting(path: path, lockTimeout: 0.4)
        let start = Date()
        #expect { try writer.add(deny("new")) } throws: { e in
            guard let e = e as? StoreError else { return false }
            return e.problem == .locked(seconds: 0.4) && e.path == path
        }
        let waited = Date().timeIntervalSince(start)
        #expect(waited >= 0.3 && waited < 3, "waited \(waited) s")
        // Readers are not blocked by a writer (WAL): classify keeps working.
        #expect(try Store.openForReading(path: path)?.load().ruleSet.filters.map(\.text) == ["existing"])
        try holder.execute("ROLLBACK")
        guard case .added = try writer.add(deny("new")) else { Issue.record("not added after the lock"); return }
    }
}
