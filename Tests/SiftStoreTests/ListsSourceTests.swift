// Where fetched community lists came from: schema version 3 adds it; a
// version-2 store keeps its lists through the migration and is read as it is
// without one; fetched lists, lists confirmed by a 304, and lists imported
// from a file record (or clear) their source in the same transaction.
import Foundation
import Testing
@testable import SiftStore
import SiftRules
import SiftText

@Suite("Store: the source of fetched community lists")
struct ListsSourceTests {
    static let lists = Data(#"{"filter_lists":{"he":{"allow_sender":[],"allow_body":[],"deny_sender":["Promo"],"deny_body":["הלוואה"]}}}"#.utf8)
    static let otherLists = Data(#"{"filter_lists":{"he":{"allow_sender":[],"allow_body":[],"deny_sender":["Promo"],"deny_body":["הלוואה","מבצע"]}}}"#.utf8)
    static let source = ListsSource(url: "http://127.0.0.1:1/lists", etag: "\"v1\"", lastModified: "Sat, 05 Dec 2026 00:00:00 GMT",
                                    fetchedAt: "2026-12-01T10:00:00Z")

    /// A version-2 store holding lists (imported with version 2's columns) with Hebrew on.
    func versionTwoStore() throws -> String {
        let path = freshStorePath()
        let v2 = try Store.open(path: path, lockTimeout: 1, upTo: 2)
        #expect(v2.schemaVersion == 2)
        try v2.database.writeTransaction {
            try v2.database.run("INSERT INTO community_lists (id, content, sha256, imported_at) VALUES (1, ?, 'abc', '2026-11-01T00:00:00Z')", [.blob(Array(Self.lists))])
            try v2.database.run("INSERT INTO community_language (code, enabled) VALUES ('he', 1)")
        }
        return path
    }

    func columns(_ store: Store) throws -> [String] {
        try store.database.query("SELECT name FROM pragma_table_info('community_lists') ORDER BY cid") { r throws(StoreError) in r.text(0) ?? "" }
    }

    @Test func versionTwoIsMigratedKeepingItsLists() throws {
        let path = try versionTwoStore()
        let store = try Store.openForWriting(path: path)
        #expect(store.schemaVersion == 3)
        #expect(try columns(store) == ["id", "content", "sha256", "imported_at", "source_url", "etag", "last_modified", "fetched_at"])
        let lists = try #require(try store.importedLists())
        #expect(lists.lists[.he]?.denySender == ["Promo"])
        #expect(lists.importedAt == "2026-11-01T00:00:00Z")
        #expect(lists.source == nil)   // version 2 never fetched
        #expect(try store.listLanguages() == [.he])
        // The new columns take a fetch.
        #expect(try store.confirmLists(Self.source))
        #expect(try store.listsSource() == Self.source)
    }

    @Test func versionTwoReadsWithoutMigratingReadOnly() throws {
        let path = try versionTwoStore()
        let reader = try #require(try Store.openForReading(path: path))
        #expect(reader.schemaVersion == 2)
        let loaded = try reader.load()
        #expect(loaded.ruleSet.communityLists[.he]?.denyBody == ["הלוואה"])
        #expect(loaded.listsSource == nil)
        #expect(try reader.listsSource() == nil)
        let db = try Database(path: path, access: .readOnly, busyTimeout: 1)
        #expect(try db.query("PRAGMA user_version") { r throws(StoreError) in r.int(0) } == [2])
    }

    @Test func fetchedListsRecordTheirSourceAndAFileClearsIt() throws {
        let store = try Store.openForWriting(path: freshStorePath())
        guard case .imported(let fetched, nil) = try store.importLists(Self.lists, source: Self.source) else { Issue.record("not imported"); return }
        #expect(fetched.source == Self.source)
        #expect(try store.load().listsSource == Self.source)
        // The same content fetched again: unchanged, but the fetch is recorded.
        var later = Self.source
        later.etag = "\"v2\""; later.fetchedAt = "2026-12-04T10:00:00Z"
        guard case .unchanged(let same) = try store.importLists(Self.lists, source: later) else { Issue.record("not unchanged"); return }
        #expect(same.source == later)
        #expect(same.importedAt == fetched.importedAt)
        // The same content from a file changes nothing, the record of the fetch included.
        guard case .unchanged(let fromFile) = try store.importLists(Self.lists) else { Issue.record("not unchanged"); return }
        #expect(fromFile.source == later)
        // Other content from a file: no fetch to speak of.
        guard case .imported(let other, _) = try store.importLists(Self.otherLists) else { Issue.record("not imported"); return }
        #expect(other.source == nil)
        #expect(try store.listsSource() == nil)
    }

    @Test func confirmingWithoutListsWritesNothing() throws {
        let path = freshStorePath()
        let store = try Store.openForWriting(path: path)
        #expect(try store.confirmLists(Self.source) == false)
        #expect(try store.importedLists() == nil)
    }

    @Test func aFailedImportLeavesTheSourceAsItWas() throws {
        let store = try Store.openForWriting(path: freshStorePath())
        _ = try store.importLists(Self.lists, source: Self.source)
        #expect(throws: RuleError.self) { try store.importLists(Data(#"{"hello":1}"#.utf8), source: ListsSource(url: "http://x/", etag: nil, lastModified: nil)) }
        #expect(try store.listsSource() == Self.source)
        #expect(try store.importedLists()?.lists[.he]?.denyBody == ["הלוואה"])
    }
}
