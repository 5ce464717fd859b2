// Two writers at once lose nothing; a writer killed in the middle of a large
// import leaves the store exactly as it was.
import Foundation
import Testing
import SiftStore

@Suite("Store under concurrency and crashes, end to end", .serialized)
struct StoreConcurrencyTests {
    /// Starts msgsift without waiting for it; output goes to /dev/null.
    func start(_ args: [String], _ s: StoreSession) throws -> Process {
        let p = Process()
        p.executableURL = Harness.binary
        p.arguments = args
        p.currentDirectoryURL = Harness.root
        p.environment = ProcessInfo.processInfo.environment.merging(s.environment) { _, new in new }
        p.standardInput = FileHandle.nullDevice
        p.standardOutput = FileHandle.nullDevice
        p.standardError = FileHandle.nullDevice
        try p.run()
        return p
    }

    /// Whether another connection holds the write lock (a write transaction is open).
    func writeLockIsHeld(_ probe: Database) -> Bool {
        do { try probe.execute("BEGIN IMMEDIATE") } catch { return error.kind == .locked }
        try? probe.execute("ROLLBACK")
        return false
    }

    func bigImport(_ count: Int, prefix: String) throws -> String {
        try Harness.temp(sfsfilters((0..<count).map { row("\(prefix) phrase \($0)") }), suffix: ".sfsfilters")
    }

    @Test func twoProcessesWritingAtOnceLoseNoUpdate() throws {
        let s = try StoreSession()
        try s.ok(["rule", "enable", "links"])   // the store exists before the race
        let a = try bigImport(3000, prefix: "a"), b = try bigImport(3000, prefix: "b")
        var processes = [try start(["import", a], s), try start(["import", b], s)]
        for i in 0..<12 {
            processes.append(try start(["filter", "add", "single \(i)", "--type", "deny"], s))
            processes.append(try start(["rule", i % 2 == 0 ? "enable" : "disable", "emojis"], s))
        }
        for p in processes { p.waitUntilExit() }
        #expect(processes.map(\.terminationStatus) == Array(repeating: 0, count: processes.count))
        let filters = try s.filters()
        #expect(filters.count == 6012)
        let ids = filters.compactMap { $0["id"] as? Int }
        #expect(Set(ids).count == 6012)
        let texts = Set(filters.compactMap { $0["text"] as? String })
        #expect(texts.isSuperset(of: (0..<12).map { "single \($0)" }))
        #expect(texts.isSuperset(of: (0..<3000).map { "a phrase \($0)" } + (0..<3000).map { "b phrase \($0)" }))
        // Each import is one transaction: its rows have consecutive ids.
        for prefix in ["a", "b"] {
            let own = filters.filter { ($0["text"] as? String)?.hasPrefix("\(prefix) phrase") == true }.compactMap { $0["id"] as? Int }
            #expect(own.max()! - own.min()! == 2999)
        }
    }

    @Test func aWriterKilledInTheMiddleOfALargeImportLeavesTheStoreAsItWas() throws {
        let s = try StoreSession()
        try s.ok(["filter", "add", "before", "--type", "deny"])
        try s.ok(["language", "block", "ar"])
        let beforeExport = try s.exportedFilters()
        let beforeList = try s.ok(["filter", "list", "--json"])
        let file = try bigImport(50_000, prefix: "killed")

        let probe = try Database(path: s.storePath, access: .readWrite, busyTimeout: 0)
        let importer = try start(["import", file], s)
        // The importer holds the write lock only inside its one transaction:
        // wait until a write lock cannot be had, then kill it there.
        var caught = false
        let deadline = Date().addingTimeInterval(60)
        while importer.isRunning && Date() < deadline {
            if writeLockIsHeld(probe) {
                kill(importer.processIdentifier, SIGKILL)
                caught = true
                break
            }
            usleep(500)
        }
        importer.waitUntilExit()
        #expect(caught, "the import finished before it could be killed inside its transaction")
        #expect(importer.terminationReason == .uncaughtSignal)

        #expect(try s.exportedFilters() == beforeExport)
        #expect(try s.ok(["filter", "list", "--json"]) == beforeList)
        // The store is whole and usable: the same import now completes.
        #expect(try s.ok(["import", file]) == "added 50000, duplicate 0, invalid 0\n")
        #expect(try s.filters().count == 50_002)
    }
}
