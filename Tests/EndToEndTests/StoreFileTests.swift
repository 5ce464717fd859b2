// The store as a file, end to end: where it is (flag, environment, default,
// links), what a missing, foreign, newer or locked store does, and the files
// and streams commands write (export's replaced file, closed or unwritable
// stdout). The commands' own behaviour: StoreCommandTests.swift.
import Foundation
import Testing
import SiftStore

@Suite("Store files and outputs, end to end")
struct StoreFileTests {
    @Test func readCommandsOnAMissingStoreCreateNothing() throws {
        let s = try StoreSession()
        #expect(try s.ok(["filter", "list"]).hasPrefix("no filters"))
        #expect(try s.filters().isEmpty)
        #expect(try s.ok(["filter", "list", "--json"]).hasPrefix("["))
        try s.ok(["language", "list"]); try s.ok(["rule", "list"]); try s.ok(["lists", "status"])
        #expect(try s.exportedFilters().count == 0)
        try s.ok(["classify"], stdin: "{\"body\":\"x\"}\n")
        #expect(!FileManager.default.fileExists(atPath: s.home + "/msgsift"))
    }

    @Test func storeLocationFlagEnvironmentAndDefault() throws {
        let s = try StoreSession()
        let a = s.home + "/a/flag.db", b = s.home + "/b/env.db"
        try s.ok(["--db", a, "filter", "add", "global-flag", "--type", "deny"])
        try s.ok(["filter", "add", "command-flag", "--type", "deny", "--db", a])
        #expect(FileManager.default.fileExists(atPath: a))
        #expect(try s.run(["filter", "add", "env", "--type", "deny"], env: ["MSGSIFT_DB": b]).status == 0)
        #expect(FileManager.default.fileExists(atPath: b))
        #expect(!s.storeExists)
        try s.ok(["filter", "add", "default", "--type", "deny"])
        #expect(s.storeExists)   // $XDG_DATA_HOME/msgsift/rules.db, folder created
        #expect(try s.ok(["--db", a, "export"]).contains("command-flag"))
        #expect(try s.run(["filter", "list"], env: ["MSGSIFT_DB": b]).out.contains("env"))
        #expect(try s.ok(["test", "--db", a, "--sender", "x", "--body", "a global-flag b"]).hasPrefix("junk (stage denyFilter"))
    }

    @Test(arguments: [
        ["filter", "add", "x", "--type", "deny"], ["filter", "list"], ["classify"], ["export"], ["import", "samples/rules.sfsfilters"],
    ])
    func aFileThatIsNotAStoreIsRefusedUnchanged(_ args: [String]) throws {
        let s = try StoreSession()
        try FileManager.default.createDirectory(atPath: s.home + "/msgsift", withIntermediateDirectories: true)
        let content = Data("these are my notes, not a database\n".utf8)
        try content.write(to: URL(fileURLWithPath: s.storePath))
        let r = try s.run(args, stdin: "{\"body\":\"x\"}\n")
        #expect(r.status == 1)
        #expect(r.err.contains("not a msgsift rule store"))
        #expect(r.out.isEmpty)
        #expect(s.storeBytes == content)
    }

    @Test(arguments: [["filter", "add", "x", "--type", "deny"], ["filter", "list"], ["classify"]])
    func aStoreFromANewerMsgsiftIsRefused(_ args: [String]) throws {
        let s = try StoreSession()
        try s.ok(["filter", "add", "keep", "--type", "deny"])
        try Database(path: s.storePath, access: .readWrite, busyTimeout: 1).execute("PRAGMA user_version = 99")
        let before = s.storeBytes
        let r = try s.run(args, stdin: "")
        #expect(r.status == 1)
        #expect(r.err.contains("newer msgsift"))
        #expect(s.storeBytes == before)
    }

    @Test func aLockedStoreWaitsABoundedTimeThenSaysSo() throws {
        let s = try StoreSession()
        try s.ok(["filter", "add", "existing", "--type", "deny"])
        let holder = try Database(path: s.storePath, access: .readWrite, busyTimeout: 1)
        try holder.execute("BEGIN IMMEDIATE")
        let start = Date()
        let r = try s.run(["filter", "add", "new", "--type", "deny"], env: ["MSGSIFT_LOCK_TIMEOUT": "0.5"])
        let waited = Date().timeIntervalSince(start)
        #expect(r.status == 1)
        #expect(r.err.contains("locked") && r.err.contains("0.5 s"))
        #expect(waited >= 0.4 && waited < 5)
        // classify reads while the writer holds its lock.
        #expect(try s.verdicts("{\"body\":\"an existing thing\"}\n") == ["junk denyFilter existing"])
        try holder.execute("ROLLBACK")
        #expect(try s.ok(["filter", "add", "new", "--type", "deny"]) == "2\n")
    }

    @Test func exportToAFileAndErrors() throws {
        let s = try StoreSession()
        try s.ok(["filter", "add", "x", "--type", "deny"])
        let out = s.home + "/out.sfsfilters"
        #expect(try s.ok(["export", "-o", out]) == "exported 1 filter to \(out)\n")
        let root = (try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: out)))) as? [String: Any]
        #expect(root?["format"] as? String == "simply-filter-sms-filters")
        let bad = try s.run(["export", "-o", "/nonexistent-dir/x.sfsfilters"])
        #expect(bad.status == 1 && bad.err.hasPrefix("msgsift: "))
        // An empty name is a usage error, as --db '' is (it was exit 1, "Is a directory").
        let empty = try s.run(["export", "-o", ""])
        #expect(empty.status == 2 && empty.err.hasPrefix("msgsift: -o needs a value"))
    }

    /// SIGTERM while the export is written (its fsync held for 2 s by strace): the temporary
    /// file beside the target is removed, the old file stays as it was. It was left behind.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/strace") && FileManager.default.isExecutableFile(atPath: "/usr/bin/python3"),
                   "needs strace to hold the write"))
    func anInterruptedExportLeavesNoTemporaryFile() throws {
        let s = try StoreSession()
        try s.ok(["filter", "add", "x", "--type", "deny"])
        let out = s.home + "/kept.sfsfilters"
        #expect(FileManager.default.createFile(atPath: out, contents: Data("old".utf8)))
        var env = ProcessInfo.processInfo.environment
        for (k, v) in s.environment { env[k] = v }
        // The test runner's threads block SIGTERM, and a child inherits that: python3 unblocks
        // it, then becomes strace, whose child msgsift is.
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        p.arguments = ["-c", "import os, signal, sys; signal.pthread_sigmask(signal.SIG_SETMASK, []);"
                       + " signal.signal(signal.SIGTERM, signal.SIG_DFL); os.execv(sys.argv[1], sys.argv[1:])",
                       "/usr/bin/strace", "-f", "-o", "/dev/null", "-e", "inject=fsync:delay_enter=2000000",
                       Harness.binary.path, "export", "-o", out]
        p.environment = env
        p.standardOutput = FileHandle.nullDevice
        p.standardError = FileHandle.nullDevice
        try p.run()
        var temporary: [String] = []
        for _ in 0..<100 where temporary.isEmpty {       // until the temporary file is there (≤ 2 s)
            usleep(20_000)
            temporary = try FileManager.default.contentsOfDirectory(atPath: s.home).filter { $0.hasPrefix(".msgsift-export-") }
        }
        #expect(temporary.count == 1)
        _ = try Harness.bash("pkill -TERM -P \(p.processIdentifier)")      // msgsift, strace's child
        p.waitUntilExit()
        #expect(try FileManager.default.contentsOfDirectory(atPath: s.home).filter { $0.hasPrefix(".msgsift-export-") } == [])
        #expect(FileManager.default.contents(atPath: out) == Data("old".utf8))
    }

    /// A dangling link gets its file made where it points, the link kept (it was replaced
    /// by a file); a name as long as a name can be is written (the temporary file's name,
    /// 15 bytes longer, did not fit); no temporary file is left beside it.
    @Test func exportThroughADanglingLinkAndToALongName() throws {
        let s = try StoreSession()
        try s.ok(["filter", "add", "x", "--type", "deny"])
        let link = s.home + "/link.sfsfilters", target = s.home + "/later/../made.sfsfilters"
        try FileManager.default.createDirectory(atPath: s.home + "/later", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        #expect(try s.ok(["export", "-o", link]) == "exported 1 filter to \(link)\n")
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: link)) == target)
        #expect(FileManager.default.contents(atPath: s.home + "/made.sfsfilters")?.isEmpty == false)
        let long = s.home + "/" + String(repeating: "n", count: 240) + ".sfsfilters"
        #expect(try s.ok(["export", "-o", long]) == "exported 1 filter to \(long)\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: s.home).filter { $0.contains("msgsift-") } == [])
    }

    /// README: exit status 0 also when stdout was closed early (`| head`), for every command.
    @Test(arguments: [["filter", "list"], ["filter", "list", "--json"], ["export"]])
    func closedStdoutIsStatusZero(_ args: [String]) throws {
        let s = try StoreSession()
        let rows = (1...3000).map { #"{"text":"w\#($0)","type":"deny","folder":"junk","target":"all","matching":"contains","case":"insensitive"}"# }
        let file = try Harness.temp(Data((#"{"format":"simply-filter-sms-filters","version":1,"exportedAt":"2026-01-01T00:00:00Z","appVersion":"1","filters":["# + rows.joined(separator: ",") + "]}").utf8), suffix: ".sfsfilters")
        try s.ok(["import", file])
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/bash")
        p.arguments = ["-c", "'\(Harness.binary.path)' \(args.joined(separator: " ")) | head -c 10 >/dev/null; echo ${PIPESTATUS[0]}"]
        var env = ProcessInfo.processInfo.environment
        for (k, v) in s.environment { env[k] = v }
        p.environment = env
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        try p.run()
        p.waitUntilExit()
        #expect(String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self) == "0\n")
        #expect(String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).isEmpty)
    }

    /// A --db that is a symbolic link to a store not made yet: the first change makes it
    /// where the link points (reading says it does not exist yet), the link stays.
    @Test func aLinkToAStoreNotMadeYet() throws {
        let s = try StoreSession()
        let target = s.home + "/real/rules.db", link = s.home + "/link.db"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        let read = try s.run(["--db", link, "filter", "list"])
        #expect(read.status == 1 && read.err.contains("no such rule store"))
        #expect(try s.ok(["--db", link, "filter", "add", "y", "--type", "deny"]) == "1\n")
        #expect(FileManager.default.fileExists(atPath: target))
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: link)) == target)
    }

    /// A store named with a trailing slash (`--db dir/`): a change made a file `dir`, which
    /// reads by the name given then did not find ("no such rule store"). Refused by every
    /// command, from the flag or $MSGSIFT_DB, and nothing is made.
    @Test func aStorePathEndingInASlashIsRefusedByEveryCommand() throws {
        let s = try StoreSession()
        let file = s.home + "/x.sfsfilters"
        try s.ok(["export", "-o", file])
        for db in [s.home + "/stores/", s.home + "/stores/.", s.home + "/stores/.."] {
        for args in [["filter", "add", "x", "--type", "deny"], ["filter", "list"], ["import", "--dry-run", file],
                     ["classify"], ["rule", "disable", "links"]] {
            for (flag, env) in [(["--db", db], [String: String]()), ([], ["MSGSIFT_DB": db])] {
                let r = try s.run(flag + args, stdin: "{\"sender\":\"a\",\"body\":\"b\"}\n", env: env)
                #expect(r.status == 1 && r.out.isEmpty, "\(args) \(env)")
                let example = db.hasSuffix("/") ? db + "rules.db" : db + "/rules.db"
                #expect(r.err == "msgsift: \(db): names a folder, not a rule store (give the store's file, as in \(example))\n", "\(args)")
            }
        }
        }
        #expect(!FileManager.default.fileExists(atPath: s.home + "/stores"))
    }

    /// `import --dry-run` into a named store that does not exist yet previews the first import.
    @Test func aDryRunIntoAStoreNotMadeYet() throws {
        let s = try StoreSession()
        try s.ok(["filter", "add", "Weed", "--type", "deny"])
        let file = s.home + "/x.sfsfilters"
        try s.ok(["export", "-o", file])
        let db = s.home + "/new/rules.db"
        #expect(try s.ok(["--db", db, "import", file, "--dry-run"]) == "dry run: added 1, duplicate 0, invalid 0; nothing was written\n")
        #expect(!FileManager.default.fileExists(atPath: db))
    }

    /// An export replacing a file keeps that file's permissions.
    @Test func exportKeepsTheReplacedFilesMode() throws {
        let s = try StoreSession()
        try s.ok(["filter", "add", "x", "--type", "deny"])
        let out = s.home + "/private.sfsfilters"
        try Data("old".utf8).write(to: URL(fileURLWithPath: out))
        chmod(out, 0o600)
        try s.ok(["export", "-o", out])
        let mode = (try FileManager.default.attributesOfItem(atPath: out)[.posixPermissions] as? NSNumber)?.intValue
        #expect(mode == 0o600)
    }

    /// `-o` through a symbolic link writes the file it points to; the link stays a link.
    @Test func exportThroughASymbolicLinkKeepsTheLink() throws {
        let s = try StoreSession()
        try s.ok(["filter", "add", "Discount", "--type", "deny"])
        let target = s.home + "/phone.sfsfilters", link = s.home + "/link.sfsfilters"
        try Data("old".utf8).write(to: URL(fileURLWithPath: target))
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        try s.ok(["export", "-o", link])
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == target)
        #expect(try String(contentsOfFile: target, encoding: .utf8).contains("Discount"))
    }

    /// A command whose output cannot be written (a full disk) says so and exits 1; it never crashes.
    /// A change whose report cannot be written says the change was made (it was, and the
    /// message read as if it had failed); one that changed nothing does not.
    @Test(arguments: [["export"], ["rule", "list", "--json"], ["lists", "status", "--json"], ["filter", "list"], ["language", "list"],
                      ["filter", "add", "new", "--type", "deny"], ["filter", "add", "Discount", "--type", "deny"],
                      ["filter", "update", "1", "--folder", "junk"], ["rule", "enable", "links"], ["lists", "enable", "he"],
                      ["language", "block", "ru"]])
    func unwritableOutputIsARuntimeError(_ args: [String]) throws {
        guard FileManager.default.isWritableFile(atPath: "/dev/full") else { return }
        let s = try StoreSession()
        try s.ok(["filter", "add", "Discount", "--type", "deny"])
        // What the no-change cases find made already (an UPDATE of the same values is no change).
        for setup in [["rule", "enable", "links"], ["lists", "enable", "he"], ["language", "block", "ru"]] { try s.ok(setup) }
        let p = Process()
        p.executableURL = Harness.binary
        p.arguments = args
        var env = ProcessInfo.processInfo.environment
        for (k, v) in s.environment { env[k] = v }
        p.environment = env
        let err = Pipe()
        p.standardOutput = FileHandle(forWritingAtPath: "/dev/full")
        p.standardError = err
        try p.run()
        let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        #expect(p.terminationReason == .exit)
        #expect(p.terminationStatus == 1)
        let said = message.split(separator: "\n").last.map(String.init) ?? ""
        #expect(said.hasPrefix("msgsift: cannot write output: "), "\(message)")
        let changes = args == ["filter", "add", "new", "--type", "deny"]
        #expect(said.hasSuffix("; the change to the store was made all the same") == changes, "\(args): \(message)")
    }

    /// README: the store is created by the first command that changes something;
    /// undoing what was never done changes nothing and creates nothing.
    @Test(arguments: [["language", "unblock", "ar"], ["rule", "disable", "links"]])
    func undoingOnAMissingStoreCreatesNothing(_ args: [String]) throws {
        let s = try StoreSession()
        let out = try s.ok(args)
        #expect(out.contains("nothing changed"))
        #expect(!s.storeExists)
    }

    /// Commands that fail or change nothing create no store either.
    @Test(arguments: [["rule", "enable", "country-allowlist"], ["filter", "remove", "5"], ["filter", "update", "1", "--text", "x"], ["lists", "disable", "he"]])
    func failingOnAMissingStoreCreatesNothing(_ args: [String]) throws {
        let s = try StoreSession()
        _ = try s.run(args)
        #expect(!s.storeExists)
    }

    /// An empty `--db` (`--db "$UNSET"`) is a usage error, never the default store.
    @Test(arguments: [["--db", "", "filter", "add", "x", "--type", "deny"], ["--db=", "filter", "list"], ["filter", "list", "--db", ""], ["classify", "--db="]])
    func anEmptyStorePathIsAUsageError(_ args: [String]) throws {
        let s = try StoreSession()
        let r = try s.run(args)
        #expect(r.status == 2)
        #expect(r.err.contains("--db needs a value"))
        #expect(!s.storeExists)
    }

    /// A store named through a symbolic link is the file it points to; a folder or a
    /// device is refused by name.
    @Test func storePathsThroughLinksFoldersAndDevices() throws {
        let s = try StoreSession()
        let real = s.home + "/real.db", link = s.home + "/link.db"
        try s.ok(["--db", real, "filter", "add", "Weed", "--type", "deny"])
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: real)
        #expect(try s.ok(["--db", link, "filter", "list"]).contains("Weed"))
        try s.ok(["--db", link, "filter", "add", "Loan", "--type", "deny"])
        #expect(try s.ok(["--db", real, "filter", "list"]).contains("Loan"))
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == real)
        let folder = try s.run(["--db", s.home, "filter", "list"])
        #expect(folder.status == 1 && folder.err.contains("a folder, not a rule store"))
        let device = try s.run(["--db", "/dev/null", "filter", "add", "x", "--type", "deny"])
        #expect(device.status == 1 && device.err.contains("not a regular file"))
    }

    /// A store path whose links loop read as "no such rule store" and wrote as SQLite's
    /// "unable to open database file"; every command now says it is a loop, and writes nothing.
    @Test func aStorePathWhoseLinksLoopIsSaidToBeOne() throws {
        let s = try StoreSession()
        let a = s.home + "/a.db", b = s.home + "/b.db"
        try FileManager.default.createSymbolicLink(atPath: a, withDestinationPath: b)
        try FileManager.default.createSymbolicLink(atPath: b, withDestinationPath: a)
        for args in [["filter", "list"], ["filter", "add", "x", "--type", "deny"], ["classify", "--rule", "links"], ["lists", "status"]] {
            let r = try s.run(["--db", a] + args)
            #expect(r.status == 1 && r.err == "msgsift: \(a): a loop of symbolic links (too many levels), not a rule store\n", "\(args): \(r.err)")
        }
        let byVariable = try s.run(["classify", "--rule", "links"], env: ["MSGSIFT_DB": a])
        #expect(byVariable.status == 1 && byVariable.err.contains("a loop of symbolic links"), "\(byVariable.err)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: s.home).sorted() == ["a.db", "b.db"])
    }
}
