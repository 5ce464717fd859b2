// Every store command end to end: help, output, exit statuses and error
// paths, against a fresh store in a temporary XDG_DATA_HOME. Where the store
// is and the files commands write: StoreFileTests.swift.
import Foundation
import Testing
import SiftStore

@Suite("Store commands, end to end")
struct StoreCommandTests {
    @Test(arguments: [
        ["filter", "--help"], ["filter", "add", "--help"], ["filter", "list", "--help"], ["filter", "remove", "--help"], ["filter", "update", "--help"],
        ["language", "--help"], ["language", "list", "--help"], ["language", "block", "--help"], ["language", "unblock", "--help"],
        ["rule", "--help"], ["rule", "list", "--help"], ["rule", "enable", "--help"], ["rule", "disable", "--help"],
        ["lists", "--help"], ["lists", "import", "--help"], ["lists", "enable", "--help"], ["lists", "disable", "--help"], ["lists", "status", "--help"],
        ["import", "--help"], ["export", "--help"],
    ])
    func everyCommandHasHelp(_ args: [String]) throws {
        let s = try StoreSession()
        let r = try s.run(args)
        #expect(r.status == 0)
        #expect(r.out.hasPrefix("usage: msgsift"))
        #expect(r.err.isEmpty)
        #expect(!s.storeExists)
    }

    @Test func topHelpNamesTheStoreCommands() throws {
        let r = try Harness.run(["--help"])
        for c in ["filter", "language", "rule", "lists", "import", "export", "--db"] { #expect(r.out.contains(c)) }
        #expect(!r.out.lowercased().contains("not yet"))
    }

    @Test(arguments: [
        ["filter"], ["filter", "bogus"],
        ["filter", "add", "x"], ["filter", "add", "--type", "deny"],
        ["filter", "add", "x", "--type", "block"], ["filter", "add", "x", "--type", "denyLanguage"],
        ["filter", "add", "", "--type", "deny"], ["filter", "add", "  \t ", "--type", "deny"],
        ["filter", "add", "(", "--type", "deny", "--match", "regex"],
        ["filter", "add", "x", "--type", "deny", "--folder", "spam"], ["filter", "add", "x", "--type", "deny", "--target", "subject"],
        ["filter", "add", "x", "--type", "deny", "--match", "fuzzy"], ["filter", "add", "x", "--type", "deny", "--case", "upper"],
        ["filter", "add", "x", "--type", "allow", "--folder", "promotion"], ["filter", "add", "x", "y", "--type", "deny"],
        ["filter", "add", "x", "--type", "deny", "--bogus"],
        ["filter", "list", "--type", "x"], ["filter", "list", "extra"],
        ["filter", "remove"], ["filter", "remove", "abc"], ["filter", "remove", "0"],
        ["filter", "update"], ["filter", "update", "1"], ["filter", "update", "1", "--match", "fuzzy"],
        ["language"], ["language", "block"], ["language", "block", "klingon"], ["language", "block", "ar", "--folder", "spam"],
        ["language", "unblock", "xx"],
        ["rule", "enable"], ["rule", "enable", "nonsense"], ["rule", "enable", "short-sender", "--value", "7"],
        ["rule", "enable", "short-sender", "--value", "2"], ["rule", "enable", "links", "--value", "4"],
        ["rule", "enable", "links", "--countries", "+1"], ["rule", "enable", "country-allowlist", "--countries", "+999"],
        ["rule", "disable", "nonsense"],
        ["lists", "enable"], ["lists", "enable", "klingon"], ["lists", "disable", "he", "xx"], ["lists", "status", "extra"],
        ["import"], ["import", "a.sfsfilters", "b.sfsfilters"], ["export", "extra"], ["export", "--type", "x"],
    ])
    func usageErrorsExitTwoAndWriteNothing(_ args: [String]) throws {
        let s = try StoreSession()
        let r = try s.run(args)
        #expect(r.status == 2, "\(r.err)")
        #expect(r.out.isEmpty)
        #expect(r.err.hasPrefix("msgsift: "))
        #expect(r.err.contains("Try 'msgsift "))
        #expect(!s.storeExists, "a refused command created the store")
    }

    @Test func anInvalidRegexIsRefusedWithICUsErrorAndOffset() throws {
        let s = try StoreSession()
        let r = try s.run(["filter", "add", "ab(c", "--type", "deny", "--match", "regex"])
        #expect(r.status == 2)
        #expect(r.err.contains("U_REGEX_MISMATCHED_PAREN"))
        #expect(r.err.contains("offset"))
    }

    @Test func countryAllowlistNeedsCodesTheFirstTime() throws {
        let s = try StoreSession()
        let r = try s.run(["rule", "enable", "country-allowlist"])
        #expect(r.status == 2)
        #expect(r.err.contains("--countries"))
        try s.ok(["rule", "enable", "country-allowlist", "--countries", "+972, +1"])
        try s.ok(["rule", "disable", "country-allowlist"])
        // Later, enabling it again keeps the codes.
        #expect(try s.ok(["rule", "enable", "country-allowlist"]) == "country-allowlist on (+972,+1)\n")
    }

    @Test func filterAddPrintsTheIdAndADuplicateIsANoOpThatSaysSo() throws {
        let s = try StoreSession()
        #expect(try s.ok(["filter", "add", "Discount", "--type", "deny"]) == "1\n")
        #expect(try s.ok(["filter", "add", "Mom", "--type", "allow", "--target", "sender", "--match", "exact"]) == "2\n")
        // Same text, target, matching and case: the same filter, whatever its type or folder.
        let dup = try s.run(["filter", "add", "  Discount ", "--type", "allow"])
        #expect(dup.status == 0)
        #expect(dup.out == "1\n")
        #expect(dup.err.contains("deny filter 1") && dup.err.contains("nothing added"))
        #expect(try s.filters().count == 2)
        #expect(try s.ok(["filter", "add", "--type", "deny", "--", "-50%"]) == "3\n")
    }

    @Test func filterListTableAndJSON() throws {
        let s = try StoreSession()
        try s.ok(["filter", "add", "WIN A PRIZE", "--type", "deny", "--folder", "promotion", "--target", "body", "--match", "exact", "--case", "sensitive"])
        try s.ok(["filter", "add", "Mom", "--type", "allow", "--target", "sender"])
        try s.ok(["language", "block", "Arabic"])
        let table = try s.ok(["filter", "list"]).split(separator: "\n").map { $0.split(separator: " ").map(String.init) }
        #expect(table.first == ["ID", "TYPE", "FOLDER", "TARGET", "MATCH", "CASE", "ADDED", "TEXT"])
        #expect(table.count == 4)
        #expect(Array(table[1].prefix(6)) == ["1", "deny", "promotion", "body", "exact", "sensitive"])
        #expect(Array(table[1].suffix(3)) == ["WIN", "A", "PRIZE"])
        #expect(Array(table[2].prefix(6)) == ["2", "allow", "-", "sender", "contains", "insensitive"])
        #expect(table[3].last == "$lang:arabic")
        let json = try s.filters()
        #expect(json.map { $0["id"] as? Int } == [1, 2, 3])
        #expect(json[0]["text"] as? String == "WIN A PRIZE")
        #expect(json[0]["case"] as? String == "sensitive")
        #expect(json[2]["type"] as? String == "denyLanguage")
        #expect(json.allSatisfy { ($0["createdAt"] as? String)?.hasSuffix("Z") == true })
        let allow = try s.run(["filter", "list", "--type", "allow", "--json"])
        #expect(((try JSONSerialization.jsonObject(with: allow.stdout)) as? [[String: Any]])?.map { $0["text"] as? String } == ["Mom"])
        #expect(try s.ok(["filter", "list", "--type", "deny"]).split(separator: "\n").count == 2)
    }

    @Test func filterRemoveIsAllOrNothing() throws {
        let s = try StoreSession()
        for t in ["a", "b", "c"] { try s.ok(["filter", "add", t, "--type", "deny"]) }
        let bad = try s.run(["filter", "remove", "1", "99"])
        #expect(bad.status == 1)
        #expect(bad.err.contains("99") && bad.err.contains("nothing was removed"))
        #expect(try s.filters().count == 3)
        let out = try s.ok(["filter", "remove", "1", "3"])
        #expect(out == "removed filter 1 (deny a)\nremoved filter 3 (deny c)\n")
        #expect(try s.filters().map { $0["text"] as? String } == ["b"])
    }

    @Test func filterUpdateKeepsTheIdAndChecksTheResult() throws {
        let s = try StoreSession()
        try s.ok(["filter", "add", "old", "--type", "deny"])
        try s.ok(["filter", "add", "other", "--type", "allow"])
        try s.ok(["language", "block", "ru"])
        #expect(try s.ok(["filter", "update", "1", "--text", "new", "--folder", "transaction", "--match", "exact"])
                == "filter 1: deny transaction all exact insensitive new\n")
        // A change to what the filter is already: said, as filter add says a duplicate.
        let same = try s.run(["filter", "update", "1", "--folder", "transaction", "--text", " new "])
        #expect(same.status == 0 && same.out == "filter 1: deny transaction all exact insensitive new\n")
        #expect(same.err == "msgsift: filter 1 is so already; nothing changed\n")
        let conflict = try s.run(["filter", "update", "1", "--text", "other", "--match", "contains"])
        #expect(conflict.status == 1 && conflict.err.contains("filter 2"))
        let missing = try s.run(["filter", "update", "42", "--text", "x"])
        #expect(missing.status == 1 && missing.err.contains("42"))
        let regex = try s.run(["filter", "update", "1", "--match", "regex", "--text", "[z"])
        #expect(regex.status == 2 && regex.err.contains("U_REGEX"))
        let allowFolder = try s.run(["filter", "update", "2", "--folder", "junk"])
        #expect(allowFolder.status == 2)
        let languageText = try s.run(["filter", "update", "3", "--text", "x"])
        #expect(languageText.status == 2)
        try s.ok(["filter", "update", "3", "--folder", "promotion"])
        let json = try s.filters()
        #expect(json.map { $0["id"] as? Int } == [1, 2, 3])
        #expect(json.map { $0["text"] as? String } == ["new", "other", "$lang:russian"])
        #expect(json.map { $0["folder"] as? String } == ["transaction", "junk", "promotion"])
    }

    @Test func languageBlockListUnblock() throws {
        let s = try StoreSession()
        #expect(try s.ok(["language", "block", "ar"]) == "blocked ar (arabic) to junk: filter 1\n")
        #expect(try s.ok(["language", "block", "chinese, simplified", "--folder", "promotion"]) == "blocked zh-Hans (chinese, simplified) to promotion: filter 2\n")
        #expect(try s.ok(["language", "block", "Arabic"]) == "ar is blocked to junk already (filter 1); nothing changed\n")
        #expect(try s.ok(["language", "block", "ar", "--folder", "transaction"]) == "ar now goes to transaction instead of junk (filter 1)\n")
        // Blocked again without --folder, to make sure: it stays where it goes (it moved to junk).
        #expect(try s.ok(["language", "block", "ar"]) == "ar is blocked to transaction already (filter 1); nothing changed\n")
        let rows = try s.ok(["language", "list"]).split(separator: "\n").map { $0.split(separator: " ", omittingEmptySubsequences: true).map(String.init) }
        #expect(rows.count == 15)
        #expect(rows.first { $0.first == "ar" } == ["ar", "arabic", "transaction", "1"])
        #expect(rows.first { $0.first == "he" } == ["he", "hebrew", "-", "-"])
        let json = try s.run(["language", "list", "--json"])
        let langs = (try JSONSerialization.jsonObject(with: json.stdout)) as? [[String: Any]] ?? []
        #expect(langs.filter { $0["blocked"] as? Bool == true }.map { $0["code"] as? String } == ["ar", "zh-Hans"])
        #expect(try s.ok(["language", "unblock", "zh-Hans"]) == "unblocked zh-Hans (removed filter 2)\n")
        #expect(try s.ok(["language", "unblock", "zh-Hans"]) == "zh-Hans was not blocked; nothing changed\n")
        #expect(try s.filters().map { $0["text"] as? String } == ["$lang:arabic"])
    }

    @Test func ruleListEnableDisable() throws {
        let s = try StoreSession()
        let empty = try s.ok(["rule", "list"]).split(separator: "\n")
        #expect(empty.count == 8)
        #expect(empty.dropFirst().allSatisfy { $0.split(separator: " ")[1] == "off" })
        #expect(try s.ok(["rule", "enable", "short-sender", "--value", "4"]) == "short-sender on (4)\n")
        #expect(try s.ok(["rule", "enable", "links"]) == "links on\n")
        #expect(try s.ok(["rule", "disable", "links"]) == "links off\n")
        #expect(try s.ok(["rule", "disable", "links"]) == "links was off already; nothing changed\n")
        let json = try s.run(["rule", "list", "--json"])
        let rules = (try JSONSerialization.jsonObject(with: json.stdout)) as? [[String: Any]] ?? []
        #expect(rules.map { $0["name"] as? String } == ["all-unknown", "links", "numbers-only", "short-sender", "email", "emojis", "country-allowlist"])
        #expect(rules.filter { $0["enabled"] as? Bool == true }.map { $0["name"] as? String } == ["short-sender"])
        #expect(rules[3]["value"] as? Int == 4)
    }

    /// A list under a language msgsift does not read counts as content: changed alone, the
    /// file is imported (it said "unchanged" and kept the old file and hash); the same
    /// content written otherwise is still unchanged.
    @Test func listsOfUnknownLanguagesAreContentToo() throws {
        let s = try StoreSession()
        func file(_ ko: String, spaced: Bool = false) throws -> String {
            let sep = spaced ? ", " : ","
            let json = #"{"filter_lists":{"ko":{"allow_sender":[],"allow_body":[],"deny_sender":[""# + ko + #""],"deny_body":[]}"#
                + sep + #""he":{"allow_sender":[],"allow_body":[],"deny_sender":["x"],"deny_body":[]}}}"#
            return try Harness.temp(Data(json.utf8), suffix: ".json")
        }
        #expect(try s.ok(["lists", "import", try file("광고")]).hasPrefix("imported he 1"))
        #expect(try s.ok(["lists", "import", try file("광고", spaced: true)]).hasPrefix("unchanged (sha256 "))
        #expect(try s.ok(["lists", "import", try file("무료")]).hasPrefix("imported he 1"))
    }

    @Test func listsImportStatusEnableDisable() throws {
        let s = try StoreSession()
        let file = Harness.path("Tests/Fixtures/valid/rules-lists.json")
        let first = try s.run(["lists", "import", file])
        #expect(first.status == 0)
        // he 2+1+1+2, en 0+1+1+2, ar 1; xx and klingon are not languages msgsift knows.
        #expect(first.out.hasPrefix("imported en 4, he 6, ar 1 (sha256 "))
        #expect(first.out.contains("no language is on yet: msgsift lists enable en"))     // one with entries
        #expect(first.err.contains("klingon") && first.err.contains("xx"))
        #expect(try s.ok(["lists", "import", file]).hasPrefix("unchanged (sha256 "))
        #expect(try s.ok(["lists", "enable", "he", "en"]) == "community lists on: en, he\n")
        #expect(try s.ok(["lists", "disable", "en"]) == "community lists on: he\n")
        // A name with a comma of its own is one language, as language block takes it (it was
        // split: unknown language "chinese"); codes still go in one argument with commas.
        let chinese = try s.run(["lists", "enable", "chinese, simplified"])
        #expect(chinese.status == 0 && chinese.out == "community lists on: he, zh-Hans\n", "\(chinese.err)")
        #expect(try s.ok(["lists", "disable", "zh-Hans,he"]) == "community lists on: none\n")
        #expect(try s.ok(["lists", "enable", "he"]) == "community lists on: he\n")
        let status = try s.ok(["lists", "status"]).split(separator: "\n").map(String.init)
        let hash = SHA256.hex(Array(try Data(contentsOf: URL(fileURLWithPath: file))))
        #expect(status[0].hasPrefix("imported ") && status[0].hasSuffix("sha256 \(hash)"))
        // Imported from a file: no URL, no fetch time.
        #expect(status.dropFirst().first == "source: a file (msgsift lists update fetches the lists the app uses)")
        #expect(status.dropFirst(2).dropLast().map { $0.split(separator: " ").map(String.init) } == [["LANG", "ENTRIES", "STATE"], ["en", "4", "off"], ["he", "6", "on"], ["ar", "1", "off"]])
        // The keys it ignored are said in the text too, not only in --json.
        #expect(status.last == "ignored (languages msgsift does not know): klingon, xx", "\(status)")
        let json = try s.run(["lists", "status", "--json"])
        let o = (try JSONSerialization.jsonObject(with: json.stdout)) as? [String: Any] ?? [:]
        #expect(o["sha256"] as? String == hash)
        #expect((o["languages"] as? [[String: Any]])?.map { $0["code"] as? String } == ["en", "he", "ar"])
        let bad = try s.run(["lists", "import", Harness.path("Tests/Fixtures/invalid/rules-lists-not-object.json")])
        #expect(bad.status == 1 && bad.err.contains("nothing was imported"))
        #expect(try s.ok(["lists", "status"]) == (try s.ok(["lists", "status"])))
        #expect(try s.ok(["lists", "status", "--json"]).contains(hash))
        let missing = try s.run(["lists", "import", "/nonexistent/lists.json"])
        #expect(missing.status == 1)
        // A file whose languages have no entries: no language to suggest (it said `he`).
        let empty = try Harness.temp(Data(#"{"filter_lists":{"en":{"allow_sender":[],"allow_body":[],"deny_sender":[],"deny_body":[]},"ko":{"allow_sender":[],"allow_body":[],"deny_sender":["광고"],"deny_body":[]}}}"#.utf8), suffix: ".json")
        let other = try StoreSession()
        #expect(try other.ok(["lists", "import", empty]).contains("no language is on yet, and none of the file's has entries"))
    }

    /// Rule files come from pipes as well as files (`-` is stdin, `<(…)`, a FIFO), and
    /// `export -o -` is stdout: `msgsift export -o - | msgsift --db other import -`.
    @Test func ruleFilesFromPipesAndStdin() throws {
        let s = try StoreSession()
        try s.ok(["filter", "add", "Weed", "--type", "deny"])
        let exported = try s.ok(["export", "-o", "-"])
        #expect(exported.contains("\"Weed\""))
        let other = try StoreSession()
        #expect(try other.ok(["import", "-"], stdin: exported) == "added 1, duplicate 0, invalid 0\n")
        #expect(try other.ok(["import", "/dev/stdin"], stdin: exported) == "added 0, duplicate 1, invalid 0\n")
        let lists = try String(contentsOfFile: Harness.path("Tests/Fixtures/valid/rules-lists.json"), encoding: .utf8)
        #expect(try other.ok(["lists", "import", "-"], stdin: lists).hasPrefix("imported "))

        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/bash")
        p.arguments = ["-c", "echo '{\"body\":\"some weed\"}' > \(s.home)/m.ndjson; '\(Harness.binary.path)' classify --no-db --filters <(cat) \(s.home)/m.ndjson"]
        let input = Pipe(), output = Pipe()
        p.standardInput = input
        p.standardOutput = output
        try p.run()
        input.fileHandleForWriting.write(Data(exported.utf8))
        try input.fileHandleForWriting.close()
        p.waitUntilExit()
        #expect(String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).contains("\"reason\":\"Weed\""))

        let both = try s.run(["classify", "--no-db", "--filters", "-"], stdin: exported)
        #expect(both.status == 2)
        #expect(both.err.contains("stdin cannot hold both"))
        let folder = try s.run(["import", s.home])
        #expect(folder.status == 1)
        #expect(folder.err.contains("is a directory"))
    }

    /// `msgsift --no-db filter list`: an option before the command made the command
    /// words classify's input files; now a usage error that says where options go.
    @Test func optionsBeforeACommandAreAUsageError() throws {
        let r = try Harness.run(["--no-db", "filter", "list"])
        #expect(r.status == 2)
        #expect(r.out.isEmpty)
        #expect(r.err.contains("\"filter\" is a command"))
        #expect(r.err.contains("(msgsift filter --help)"))
        // A flag of that command after it was called an unknown flag of classify.
        for args in [["--no-db", "test", "--sender", "a", "--body", "b"], ["--no-db", "filter", "add", "x", "--type", "deny"]] {
            let r = try Harness.run(args)
            #expect(r.status == 2 && r.out.isEmpty)
            #expect(r.err.contains("\"\(args[1])\" is a command") && !r.err.contains("unknown flag"), "\(args): \(r.err)")
        }
        // A command's name as a flag's bad value is that value's error, not "is a command".
        for args in [["classify", "--no-db", "--rule", "test"], ["classify", "--no-db", "--only", "filter"]] {
            let r = try Harness.run(args)
            #expect(r.status == 2 && !r.err.contains("is a command"), "\(args): \(r.err)")
        }
    }

    /// `--db` between a command group and its command (`filter --db X list`) was "unknown command".
    @Test func dbBetweenAGroupAndItsCommand() throws {
        let s = try StoreSession()
        let db = s.home + "/other.db"
        try s.ok(["filter", "add", "Weed", "--type", "deny", "--db", db])
        #expect(try s.ok(["filter", "--db", db, "list"]).contains("Weed"))
        #expect(try s.ok(["filter", "--db=\(db)", "list"]).contains("Weed"))
        // Before the command's own `--`, not after it, where it would be the filter's text.
        try s.ok(["filter", "--db", db, "add", "--type", "deny", "--", "-50%"])
        #expect(try s.ok(["filter", "list", "--db", db]).contains("-50%"))
        #expect(!FileManager.default.fileExists(atPath: s.storePath))
    }

    /// As `cp f f`: the store replaced by its own export lost its smart rules and lists.
    @Test func exportOntoTheStoreIsRefused() throws {
        let s = try StoreSession()
        try s.ok(["filter", "add", "Weed", "--type", "deny"])
        try s.ok(["rule", "enable", "links"])
        let link = s.home + "/link.db"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: s.storePath)
        for target in [s.storePath, link, s.storePath + "-wal", s.storePath + "-shm", s.home + "/msgsift/../msgsift/rules.db"] {
            let r = try s.run(["export", "-o", target])
            #expect(r.status == 1 && r.out.isEmpty && r.err.contains("is the rule store"), "\(target): \(r.err)")
        }
        #expect(try s.ok(["rule", "list"]).contains("links              on"))
        #expect(try s.ok(["filter", "list"]).contains("Weed"))
        // A store not made yet is still the store: the export would stand in its place.
        let fresh = try StoreSession()
        try FileManager.default.createDirectory(atPath: fresh.home + "/msgsift", withIntermediateDirectories: true)
        let r = try fresh.run(["export", "-o", fresh.storePath])
        #expect(r.status == 1 && r.err.contains("is the rule store"), "\(r.err)")
        #expect(!FileManager.default.fileExists(atPath: fresh.storePath))
    }

    /// Names and texts that are not UTF-8 reach Swift repaired (U+FFFD): a store that exists was
    /// "not found", a new store or an export was made under another name, a filter kept `��`.
    @Test func namesAndTextsThatAreNotUTF8AreRefused() throws {
        let s = try StoreSession()
        let dir = s.home
        let r = try Harness.bash("""
            cd '\(dir)'; M='\(Harness.binary.path)'
            $M rule enable links --db $'st\\xe9.db'; echo "status $?"
            $M filter add $'\\xff\\xfe' --type deny --db ok.db; echo "status $?"
            $M filter add Weed --type deny --db ok.db >/dev/null; $M export --db ok.db -o $'ex\\xe9.sfsfilters'; echo "status $?"
            ls
            """)
        let lines = r.out.split(separator: "\n")
        #expect(lines.prefix(3) == ["status 2", "status 2", "status 2"], "\(r.out)")
        #expect(lines.dropFirst(3).allSatisfy { $0.hasPrefix("ok.db") }, "files made: \(r.out)")
        #expect(r.err.contains("is not UTF-8"))
        // From the environment too; and a text holding U+FFFD itself, with such a --db
        // elsewhere on the line, is not the one blamed.
        let env = try Harness.bash("""
            cd '\(dir)'; M='\(Harness.binary.path)'
            MSGSIFT_DB=$'env\\xff.db' $M rule enable links; echo "status $?"
            $M filter add '\u{FFFD}' --type allow --db $'db\\xff.db' 2>&1; echo "status $?"
            ls | grep -c env || true
            """)
        #expect(env.out.hasPrefix("status 2\n"), "\(env.out) \(env.err)")
        #expect(env.err.contains("$MSGSIFT_DB is not UTF-8"))
        #expect(env.out.contains("--db: the name") && !env.out.contains("filter text"), "\(env.out)")
        #expect(env.out.hasSuffix("0\n"), "\(env.out)")
        // The variable the path came from is the one named; and a U+FFFD text next to another
        // argument that reads the same from other bytes cannot be told from it: refused.
        let which = try Harness.bash("""
            cd '\(dir)'; M='\(Harness.binary.path)'
            XDG_DATA_HOME=$'/tmp/\\xff' MSGSIFT_DB=$'env\u{FFFD}.db' $M rule enable links 2>&1; echo "status $?"
            $M filter add $'\\xef\\xbf\\xbd' --type deny --db $'\\xff' 2>&1; echo "status $?"
            """)
        #expect(which.out.contains("links on\nstatus 0"), "\(which.out)")
        #expect(which.out.hasSuffix("status 2\n"), "\(which.out)")
    }

    /// Repeated --only adds up (as grep -e), and `junk, promotion` reads as `junk,promotion`.
    @Test func onlyGivenTwiceAddsUp() throws {
        let input = "{\"body\":\"www.x.com\"}\n{\"body\":\"hi\"}\n"
        let both = try Harness.run(["classify", "--no-db", "--rule", "links", "--only", "junk", "--only", "allow"], stdin: input)
        #expect(both.objects.compactMap { $0["record"] as? Int } == [1, 2])
        let spaced = try Harness.run(["classify", "--no-db", "--rule", "links", "--only", "junk, promotion"], stdin: input)
        #expect(spaced.status == 0 && spaced.objects.compactMap { $0["record"] as? Int } == [1])
    }

    @Test func smallerMessagesSayWhatHappened() throws {
        let s = try StoreSession()
        #expect(try s.ok(["rule", "enable", "links"]) == "links on\n")
        #expect(try s.ok(["rule", "enable", "links"]) == "links on already; nothing changed\n")
        #expect(try s.ok(["rule", "enable", "short-sender", "--value", "4"]) == "short-sender on (4)\n")
        #expect(try s.ok(["rule", "enable", "short-sender", "--value", "5"]) == "short-sender on (5)\n")

        try s.ok(["filter", "add", "D", "--type", "deny"])
        let allow = try s.run(["filter", "add", "D", "--type", "allow"])
        #expect(allow.status == 0 && allow.out == "1\n")
        #expect(allow.err.contains("to make it an allow filter: msgsift filter remove 1, then add it again"))
        let block = try s.run(["filter", "add", "x", "--type", "block"])
        #expect(block.status == 2 && block.err.contains("\"block\" is not allow or deny"))
        #expect(try s.ok(["filter", "update", "--help"]).contains("(unchanged when not given)"))

        let timeout = try s.run(["filter", "list"], env: ["MSGSIFT_LOCK_TIMEOUT": "abc"])
        #expect(timeout.status == 0 && timeout.err.contains("MSGSIFT_LOCK_TIMEOUT=abc is not a number of seconds"))
    }

    /// `classify --rule short-sender=4` spelling given to `rule enable`: a hint, not "unknown rule".
    @Test func ruleEnableSaysWhereTheValueGoes() throws {
        let s = try StoreSession()
        let r = try s.run(["rule", "enable", "short-sender=4"])
        #expect(r.status == 2)
        #expect(r.err.contains("msgsift rule enable short-sender --value 4"))
        // A rule without a value was sent to --value, which then refused it.
        let links = try s.run(["rule", "enable", "links=1"])
        #expect(links.status == 2 && links.err.contains("links takes no value: msgsift rule enable links"))
    }

    /// The store's folder cannot be made: the system's reason, not Foundation's error number.
    @Test func aFolderThatCannotBeMadeSaysWhy() throws {
        let s = try StoreSession()
        let file = s.home + "/notes.txt"
        try Data("x".utf8).write(to: URL(fileURLWithPath: file))
        let r = try s.run(["rule", "enable", "links", "--db", file + "/sub/x.db"])
        #expect(r.status == 1)
        #expect(r.err.contains("notes.txt is not a folder") && !r.err.contains("NSCocoaErrorDomain"), "\(r.err)")
        let direct = try s.run(["rule", "enable", "links", "--db", file + "/x.db"])
        #expect(direct.status == 1 && direct.err.contains("notes.txt is not a folder"), "\(direct.err)")
        let dangling = s.home + "/gone"
        try FileManager.default.createSymbolicLink(atPath: dangling, withDestinationPath: s.home + "/nowhere")
        let link = try s.run(["rule", "enable", "links", "--db", dangling + "/x.db"])
        #expect(link.status == 1 && link.err.contains("gone is a link to nothing"), "\(link.err)")
    }

    /// An empty file name (`--filters "$UNSET"`) is a usage error, as `--db ""` is.
    @Test(arguments: [["classify", "--no-db", "--filters", ""], ["import", ""], ["lists", "import", ""]])
    func anEmptyFileNameIsAUsageError(_ args: [String]) throws {
        let s = try StoreSession()
        let r = try s.run(args)
        #expect(r.status == 2 && r.err.contains("an empty file name"), "\(r.err)")
        #expect(r.err.contains("Try 'msgsift \(args[0] == "lists" ? "lists import" : args[0]) --help'"), "\(r.err)")
    }

    /// `chinese, simplified` has a comma of its own: read whole in a list of languages too.
    @Test func aLanguageNameWithACommaInAList() throws {
        let s = try StoreSession()
        let r = try s.run(["test", "--no-db", "--sender", "a", "--body", "b", "--lists-languages", "he,chinese, simplified", "--lists", "samples/lists.json"])
        #expect(r.status == 0, "\(r.err)")
        #expect(!r.err.contains("unknown language"))
        try s.ok(["lists", "import", "samples/lists.json"])
        #expect(try s.ok(["lists", "enable", "he,Chinese,Simplified"]).contains("zh-Hans"))
    }
}
