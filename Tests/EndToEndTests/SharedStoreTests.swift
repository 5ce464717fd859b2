import Foundation
import Testing
import SiftStore
import TestSupport

/// A store shared between users (README: a store you cannot write can still be read):
/// a read by another user must leave nothing behind that stops its owner writing it.
/// Needs root, to act as two users through setpriv; skipped otherwise.
private let canSwitchUsers = geteuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv")

@Suite("Store shared between users", .enabled(if: canSwitchUsers, "needs root and setpriv to act as two users"))
struct SharedStoreTests {

    func run(as uid: Int, _ args: [String]) throws -> (status: Int32, err: String) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
        p.arguments = ["--reuid=\(uid)", "--regid=\(uid)", "--clear-groups", Harness.binary.path] + args
        let err = Pipe()
        p.standardOutput = FileHandle.nullDevice
        p.standardError = err
        try p.run()
        let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        return (p.terminationStatus, message)
    }

    /// A folder of user 1000 with mode `folderMode` and in it a store of theirs with one filter;
    /// nil when users 1000 and 65534 cannot run the binary (a clone under /root, mode 700).
    func storeOfUser1000(folderMode: Int) throws -> (folder: String, db: String)? {
        guard try run(as: 1000, ["--version"]).status == 0, try run(as: 65534, ["--version"]).status == 0 else { return nil }
        let folder = Scratch.folder.appendingPathComponent("msgsift-shared-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        chown(folder, 1000, 1000)
        chmod(folder, mode_t(folderMode))
        let db = folder + "/rules.db"
        #expect(try run(as: 1000, ["--db", db, "filter", "add", "first", "--type", "deny"]).status == 0)
        return (folder, db)
    }

    @Test(arguments: [0o1777, 0o755])
    func aReadByAnotherUserLeavesTheOwnerAbleToWrite(folderMode: Int) throws {
        guard let (_, db) = try storeOfUser1000(folderMode: folderMode) else { return }
        let read = try run(as: 65534, ["--db", db, "filter", "list"])
        #expect(read.status == 0, "\(read.err)")
        let write = try run(as: 1000, ["--db", db, "filter", "add", "second", "--type", "deny"])
        #expect(write.status == 0, "\(write.err)")
    }

    /// Its owner made the store read-only and read it: SQLite gave the empty `-wal` an earlier
    /// read had left the store's mode (0444), and once the store was writable again the
    /// owner's first change failed ("attempt to write a readonly database").
    @Test func aReadWhileReadOnlyLeavesTheOwnerAbleToWriteOnceWritable() throws {
        guard let (folder, db) = try storeOfUser1000(folderMode: 0o755) else { return }
        #expect(try run(as: 1000, ["--db", db, "filter", "list"]).status == 0)
        chmod(db, 0o444)
        let read = try run(as: 1000, ["--db", db, "filter", "list"])
        #expect(read.status == 0, "\(read.err)")
        chmod(db, 0o644)
        let write = try run(as: 1000, ["--db", db, "filter", "add", "second", "--type", "deny"])
        #expect(write.status == 0, "\(write.err)")
        // Another user's side file cannot be given back: said as such, nothing changed.
        chmod(folder, 0o777)
        chmod(db, 0o666)
        #expect(try run(as: 1000, ["--db", db, "filter", "list"]).status == 0)     // leaves an empty -wal
        let wal = db + "-wal"
        try #require(FileManager.default.fileExists(atPath: wal))
        chown(wal, 65534, 65534)
        chmod(wal, 0o444)
        let refused = try run(as: 1000, ["--db", db, "filter", "add", "third", "--type", "deny"])
        #expect(refused.status == 1 && refused.err.contains("side file \(wal) cannot be written"), "\(refused.err)")
        #expect(try run(as: 1000, ["--db", db, "filter", "list"]).status == 0)
    }

    /// `export -o` to a file one may write in a folder one may not: the export makes a new
    /// file beside it, so the refusal names the folder (it said the file could not be
    /// written, which `>` shows it can).
    @Test func anExportIntoAFolderOneCannotWriteNamesTheFolder() throws {
        guard let (_, db) = try storeOfUser1000(folderMode: 0o755) else { return }
        let folder = Scratch.folder.appendingPathComponent("msgsift-ro-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        chmod(folder, 0o755)
        let file = folder + "/out.sfsfilters"
        #expect(FileManager.default.createFile(atPath: file, contents: Data("old".utf8)))
        chown(file, 1000, 1000)
        let r = try run(as: 1000, ["--db", db, "export", "-o", file])
        #expect(r.status == 1 && r.err.contains("the folder \(folder) cannot be written"), "\(r.err)")
        #expect(FileManager.default.contents(atPath: file) == Data("old".utf8))
    }

    /// A change by a user who cannot write the file (a refused one, or one with nothing to
    /// change) used to open it anyway: SQLite left the log's side files behind, that user's,
    /// and the owner's next change failed ("attempt to write a readonly database").
    @Test(arguments: [0o1777, 0o777])
    func aChangeByAnotherUserIsRefusedAndLeavesTheOwnerAbleToWrite(folderMode: Int) throws {
        guard let (folder, db) = try storeOfUser1000(folderMode: folderMode) else { return }
        for change in [["filter", "add", "theirs", "--type", "deny"], ["language", "unblock", "fr"], ["rule", "disable", "emojis"]] {
            let other = try run(as: 65534, ["--db", db] + change)
            #expect(other.status == 1 && other.err.contains("cannot be written"), "\(change): \(other.err)")
        }
        let left = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix("-wal") || $0.hasSuffix("-shm") }
        for name in left {
            let owner = (try FileManager.default.attributesOfItem(atPath: folder + "/" + name)[.ownerAccountID] as? NSNumber)?.intValue
            #expect(owner == 1000, "\(name) is owned by \(owner ?? -1)")
        }
        let write = try run(as: 1000, ["--db", db, "filter", "add", "second", "--type", "deny"])
        #expect(write.status == 0, "\(write.err)")
    }
}
