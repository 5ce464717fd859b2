// The store when the system fails it: a full disk, a file size limit, a read-only file
// system, a store whose folder is removed while a command changes it. Each gives one
// clear error, exit status 1, and the store exactly as before (or, gone, not made again).
import Foundation
import Testing
import SiftStore
import TestSupport

@Suite("Store faults")
struct StoreFaultTests {
    /// A .sfsfilters file of `count` deny rows, big enough to grow a store past small limits.
    static func bigFilters(_ count: Int) throws -> String {
        let rows = (0..<count).map { i in
            ["text": "phrase number \(i) with some padding to grow the store", "type": "deny", "folder": "junk",
             "target": "all", "matching": "contains", "case": "insensitive"]
        }
        let root: [String: Any] = ["format": "simply-filter-sms-filters", "version": 1, "exportedAt": "2026-11-30T10:00:00Z",
                                   "appVersion": "3.0.0", "filters": rows]
        return try Harness.temp(JSONSerialization.data(withJSONObject: root), suffix: ".sfsfilters")
    }

    /// Community lists with `count` body phrases for Hebrew.
    static func bigLists(_ count: Int) throws -> String {
        let root: [String: Any] = ["filter_lists": ["he": ["allow_sender": [], "allow_body": [], "deny_sender": [],
                                                          "deny_body": (0..<count).map { "community phrase \($0) padded out" }]]]
        return try Harness.temp(JSONSerialization.data(withJSONObject: root), suffix: ".json")
    }

    /// Runs msgsift under bash with `setup` first (a ulimit), SIGXFSZ ignored so that a write
    /// past the limit fails with EFBIG instead of killing the process.
    static func run(_ args: [String], setup: String = "") throws -> (status: Int32, err: String) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/bash")
        let quoted = ([Harness.binary.path] + args).map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
        p.arguments = ["-c", "trap '' XFSZ; \(setup) exec \(quoted) </dev/null >/dev/null"]
        p.environment = ["XDG_DATA_HOME": Harness.isolatedDataHome, "MSGSIFT_DB": "", "PATH": "/usr/bin:/bin"]
        let err = Pipe()
        p.standardError = err
        try p.run()
        let data = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return (p.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    /// What a store holds, as its commands show it.
    static func contents(_ db: String) throws -> String {
        let filters = try Harness.run(["--db", db, "filter", "list", "--json"])
        let lists = try Harness.run(["--db", db, "lists", "status"])
        return filters.out + lists.out
    }

    static func folder() throws -> String {
        let path = Scratch.folder.appendingPathComponent("msgsift-fault-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// `ulimit -f`: the store's writes fail with EFBIG part way through an import.
    @Test func aFileSizeLimitReachedDuringAnImportLeavesTheStoreAsItWas() throws {
        let db = try Self.folder() + "/rules.db"
        #expect(try Harness.run(["--db", db, "filter", "add", "seed", "--type", "deny"]).status == 0)
        #expect(try Harness.run(["--db", db, "lists", "import", Self.bigLists(10)]).status == 0)
        let before = try Self.contents(db)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: db))
        for args in [["import", try Self.bigFilters(20_000)], ["lists", "import", try Self.bigLists(40_000)]] {
            let r = try Self.run(["--db", db] + args, setup: "ulimit -f 200;")
            #expect(r.status == 1)
            #expect(r.err == "msgsift: \(db): the store could not be written (the file size limit, ulimit -f, was reached); nothing was changed\n", "\(args): \(r.err)")
            #expect(try Self.contents(db) == before)
            #expect(try Data(contentsOf: URL(fileURLWithPath: db)) == bytes)
        }
        // Without the limit the same import goes through.
        #expect(try Harness.run(["--db", db, "import", Self.bigFilters(20_000)]).status == 0)
    }

    /// A full disk and a read-only file system, on a small tmpfs (needs mount(8) and the right
    /// to mount: root, as on CI; elsewhere there is nothing to run).
    @Test func aFullDiskOrAReadOnlyFileSystemLeavesTheStoreAsItWas() throws {
        let mountPoint = try Self.folder()
        guard (try? Harness.bash("mount -t tmpfs -o size=512k msgsift-test '\(mountPoint)' && echo mounted"))?.out == "mounted\n" else { return }
        defer { _ = try? Harness.bash("umount '\(mountPoint)'") }
        let db = mountPoint + "/rules.db"
        #expect(try Harness.run(["--db", db, "filter", "add", "seed", "--type", "deny"]).status == 0)
        let before = try Self.contents(db)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: db))
        // Fill the disk but for a little, then import more than that.
        #expect(FileManager.default.createFile(atPath: mountPoint + "/filler", contents: Data(count: 320_000)))
        let full = try Self.run(["--db", db, "import", try Self.bigFilters(20_000)])
        #expect(full.status == 1)
        #expect(full.err.hasPrefix("msgsift: \(db): ") && full.err.contains("the disk is full") && full.err.contains("nothing was changed"), "\(full.err)")
        #expect(try Self.contents(db) == before)
        #expect(try Data(contentsOf: URL(fileURLWithPath: db)) == bytes)
        try FileManager.default.removeItem(atPath: mountPoint + "/filler")
        // Read-only: changes are refused by name; reading still works.
        #expect(try Harness.bash("mount -o remount,ro '\(mountPoint)' && echo ro").out == "ro\n")
        let add = try Self.run(["--db", db, "filter", "add", "two", "--type", "deny"])
        #expect(add.status == 1 && add.err == "msgsift: \(db): the store cannot be written (its file system is read-only); nothing was changed\n", "\(add.err)")
        #expect(try Self.contents(db) == before)
        let classify = try Harness.run(["--db", db, "classify", "--rule", "links"], stdin: "{\"sender\":\"x\",\"body\":\"seed\"}\n")
        #expect(classify.status == 0 && classify.objects.first?["reason"] as? String == "seed", "\(classify.err)")
    }

    /// A store whose folder is removed while a command changes it (a user's cleanup of
    /// ~/.local/share, a swept temporary folder, during a long import). The command is held
    /// at its write, after it has opened the store and read it, by another connection's write
    /// lock; the folder goes; the lock is let go. SQLite would write into the open, removed
    /// file and the command would say it was done: it must fail instead, and make nothing
    /// again. (A folder that is gone before a command starts is no fault: the command makes a
    /// new store, as on first use.)
    @Test(arguments: ["filter add", "import", "lists update"])
    func aStoreWhoseFolderIsRemovedDuringAChangeIsAnError(_ command: String) throws {
        let s = try StoreSession()
        try s.ok(["filter", "add", "seed", "--type", "deny"])
        let server = try TestServer()
        let args: [String]
        switch command {
        case "filter add": args = ["filter", "add", "new phrase", "--type", "deny"]
        case "import": args = ["import", try Self.bigFilters(50)]
        default: args = ["lists", "update", "--url", server.url("/lists")]
        }
        let holder = try Database(path: s.storePath, access: .readWrite, busyTimeout: 1)
        try holder.execute("BEGIN IMMEDIATE")
        let p = Process()
        p.executableURL = Harness.binary
        p.arguments = args
        p.environment = ["PATH": "/usr/bin:/bin"].merging(s.environment) { _, new in new }
        p.standardInput = FileHandle.nullDevice
        p.standardOutput = FileHandle.nullDevice
        let err = Pipe()
        p.standardError = err
        try p.run()
        // Opened and read: its descriptors include the store's log (opened by its first read).
        let fds = "/proc/\(p.processIdentifier)/fd"
        var opened = false
        for _ in 0..<1000 where !opened {
            opened = ((try? FileManager.default.contentsOfDirectory(atPath: fds)) ?? []).contains {
                (try? FileManager.default.destinationOfSymbolicLink(atPath: fds + "/" + $0)) == s.storePath + "-wal"
            }
            if !opened { usleep(10_000) }
        }
        #expect(opened, "msgsift never opened the store")
        try FileManager.default.removeItem(atPath: s.home + "/msgsift")
        try holder.execute("ROLLBACK")
        let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        #expect(p.terminationStatus == 1)
        #expect(message == "msgsift: \(s.storePath): the store's folder was removed while msgsift was changing the store; nothing was changed\n", "\(message)")
        // Nothing made again, there or anywhere under the data folder.
        #expect(try FileManager.default.contentsOfDirectory(atPath: s.home) == [])
    }
}
