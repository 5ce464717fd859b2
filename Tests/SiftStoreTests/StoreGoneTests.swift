// A store whose file goes away between opening and writing: its folder removed (a user
// cleaning up ~/.local/share, a temporary folder swept) or the file replaced by another.
// SQLite would write on into the open, unlinked file and report success while the change
// vanished; each change is refused instead, and nothing is made again in its place.
import Foundation
import Testing
@testable import SiftStore
import SiftRules

@Suite("Store: a file that goes away while a change is made")
struct StoreGoneTests {
    static let lists = Data(#"{"filter_lists":{"he":{"allow_sender":[],"allow_body":[],"deny_sender":["Promo"],"deny_body":["x"]}}}"#.utf8)

    /// The changes a command makes, each one write transaction.
    static let changes: [(name: String, make: @Sendable (Store) throws -> Void)] = [
        ("filter add", { _ = try $0.add(deny("new phrase")) }),
        ("import", { _ = try $0.importFilters(rows([deny("imported one"), deny("imported two")])) }),
        ("lists import", { _ = try $0.importLists(StoreGoneTests.lists) }),
    ]

    @Test(arguments: 0..<changes.count)
    func aRemovedFolderFailsTheChangeAndNothingIsMadeAgain(_ which: Int) throws {
        let path = freshStorePath()
        let folder = (path as NSString).deletingLastPathComponent
        _ = try Store.openForWriting(path: path).add(deny("seed"))
        let store = try Store.openForWriting(path: path)
        try FileManager.default.removeItem(atPath: folder)
        do {
            try Self.changes[which].make(store)
            Issue.record("\(Self.changes[which].name): the change reported success into a removed folder")
        } catch let e as StoreError {
            #expect(e.kind == .cannotOpen)
            #expect(e == StoreError(.storeGone(.folderRemoved, changeLost: false), path: path))
        }
        #expect(!FileManager.default.fileExists(atPath: folder), "the folder was made again")
    }

    @Test func aReplacedFileFailsTheChangeAndIsLeftAsItIs() throws {
        let path = freshStorePath()
        _ = try Store.openForWriting(path: path).add(deny("seed"))
        let store = try Store.openForWriting(path: path)
        // Another store moved into its place (a restore from a backup, a sync tool).
        let other = freshStorePath()
        _ = try Store.openForWriting(path: other).add(deny("the other store's"))
        let otherBytes = bytes(other)
        #expect(rename(other, path) == 0)
        #expect(throws: StoreError(.storeGone(.replaced, changeLost: false), path: path)) {
            _ = try store.add(deny("new phrase"))
        }
        #expect(bytes(path) == otherBytes)
        #expect(contents(try Store.openForReading(path: path)!.filters().filters) == [deny("the other store's")])
    }

    @Test func aStoreLeftInPlaceTakesTheChange() throws {
        // The check itself: an unmoved store is written as before.
        let path = freshStorePath()
        let store = try Store.openForWriting(path: path)
        for change in Self.changes { try change.make(store) }
        #expect(try Store.openForReading(path: path)!.filters().filters.count == 3)
    }
}
