// The command line's contract: help, exit statuses, `msgsift: …` errors, test.
import Foundation
import Testing
import TestSupport

@Suite("Command line, end to end")
struct CommandLineTests {
    @Test(arguments: [["--help"], ["classify", "--help"], ["test", "--help"], ["--version"]])
    func helpAndVersionExitZero(_ args: [String]) throws {
        let r = try Harness.run(args)
        #expect(r.status == 0)
        #expect(!r.out.isEmpty)
        #expect(r.err.isEmpty)
    }

    /// `-h` or `--help` as a flag's value is that value, not a request for help: the
    /// command printed its help, exited 0 and did nothing.
    /// A mistyped flag or command is named with the likely one; a word far from every name gets
    /// no guess.
    @Test(arguments: [
        (["classify", "--onyl", "junk"], "unknown flag --onyl (did you mean --only?)"),
        (["classify", "--jbos", "2"], "unknown flag --jbos (did you mean --jobs?)"),
        (["classify", "--explian"], "unknown flag --explian (did you mean --explain?)"),
        (["clasify"], "unknown command \"clasify\" (did you mean classify?)"),
        (["export", "--tpye", "deny"], "unknown flag --tpye (did you mean --type?)"),
        (["classify", "--zebra"], "unknown flag --zebra\n"),
        (["frobnicate"], "unknown command \"frobnicate\"\n"),
    ])
    func aTypoIsAnsweredWithTheLikelyName(_ args: [String], _ message: String) throws {
        let r = try Harness.run(args + ["--no-db"], stdin: "")
        #expect(r.status == 2)
        #expect(r.err.hasPrefix("msgsift: " + message.replacingOccurrences(of: "\n", with: "")), "\(r.err)")
        if message.hasSuffix("\n") { #expect(!r.err.contains("did you mean"), "\(r.err)") }
    }

    /// `-j` and `-o` spell `--jobs` and `--output`, with the value apart or joined (`-j2`).
    @Test func shortFlagsSpellTheCommonOptions() throws {
        let input = "{\"id\":\"a\",\"body\":\"www.x.com\"}\n{\"id\":\"b\",\"body\":\"hi\"}\n"
        let long = try Harness.run(["classify", "--no-db", "--rule", "links", "--jobs", "2", "--output", "tsv"], stdin: input)
        for args in [["-j", "2", "-o", "tsv"], ["-j2", "-otsv"], ["-o", "tsv", "-j2"]] {
            let short = try Harness.run(["classify", "--no-db", "--rule", "links"] + args, stdin: input)
            #expect(short.status == 0 && short.out == long.out, "\(args): \(short.err)")
        }
        #expect(long.out.hasPrefix("record\tid\taction"))
        let help = try Harness.run(["classify", "--help"])
        #expect(help.out.contains("  -j, --jobs N") && help.out.contains("  -o, --output ndjson|csv|tsv"))
    }

    /// A command is known by its name only: an input file whose name is a plain word (no `/`
    /// or `.`) is read as one, and a plain word that is neither is an unknown command.
    @Test func aFileNamedLikeAWordIsAnInput() throws {
        let dir = Scratch.folder.appendingPathComponent("msgsift-word-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data("{\"body\":\"www.x.com\"}\n".utf8).write(to: dir.appendingPathComponent("messages"))
        let r = try Harness.bash("cd '\(dir.path)' && '\(Harness.binary.path)' messages --no-db --rule links")
        #expect(r.out == #"{"record":1,"action":"junk","stage":"smartRule","reason":"links"}"# + "\n", "\(r.err)")
        let missing = try Harness.bash("cd '\(dir.path)' && '\(Harness.binary.path)' mesages --no-db; echo \"status $?\"")
        #expect(missing.out == "status 2\n" && missing.err.contains("unknown command \"mesages\""), "\(missing.err)")
    }

    @Test func aHelpFlagAsAValueIsAValue() throws {
        let t = try Harness.run(["test", "--no-db", "--rule", "short-sender", "--sender", "-h", "--body", "--help"])
        #expect(t.status == 0 && t.out.hasPrefix("junk (stage smartRule, rule \"short-sender\")"), "\(t.out)")
        let c = try Harness.run(["classify", "--no-db", "--field", "body=x", "--filters", "-h"], stdin: "{}\n")
        #expect(c.status == 1 && c.err.contains("-h"), "\(c.err)")
        let s = try StoreSession()
        try s.ok(["filter", "add", "old", "--type", "deny"])
        #expect(try s.ok(["filter", "update", "1", "--text", "-h"]).contains("-h"))
        #expect(try s.ok(["filter", "list", "--json"]).contains("\"text\":\"-h\""))
        // Where a flag can be, it still asks for help; after `--` it is an argument.
        #expect(try s.ok(["filter", "update", "1", "--text", "x", "-h"]).hasPrefix("usage: msgsift filter update"))
        #expect(try s.ok(["filter", "add", "--type", "deny", "--", "-h"]) == "1\n")     // filter 1, now "-h"
    }

    /// `--sender=` + U+0301 is one Character with its `=`: the flag's name is cut at the byte.
    @Test func aFlagValueAfterTheEqualsSignMayStartWithACombiningMark() throws {
        let t = try Harness.run(["test", "--no-db", "--rule", "short-sender=3", "--sender=\u{301}xyzw", "--body=\u{200D}hi"])
        #expect(t.status == 0 && t.out.hasPrefix("allow (stage noMatch)"), "\(t.out)\(t.err)")
        let short = try Harness.run(["test", "--no-db", "--rule=short-sender=3", "--sender=\u{301}xy", "--body=hi"])
        #expect(short.status == 0 && short.out.hasPrefix("junk (stage smartRule, rule \"short-sender\")"), "\(short.out)\(short.err)")
        let c = try Harness.run(["classify", "--no-db", "--field=sender=\u{301}from", "--rule", "short-sender=3"],
                                stdin: "{\"\u{301}from\":\"ab\",\"body\":\"x\"}\n")
        #expect(c.status == 0 && c.out.contains("\"reason\":\"short-sender\""), "\(c.out)\(c.err)")
        let e = try Harness.run(["test", "--no-db", "--rule", "emojis=\u{301}1", "--sender", "a", "--body", "b"])
        #expect(e.status == 2 && e.err.contains("emojis takes no value"), "\(e.err)")
    }

    @Test func classifyHelpListsEveryFlag() throws {
        let r = try Harness.run(["classify", "--help"])
        for flag in ["--format", "--output", "--field", "--annotate", "--only", "--explain", "--stats", "--jobs", "--strict",
                     "--max-record-bytes", "--filters", "--lists", "--lists-languages", "--rule", "--block-language", "--no-db"] {
            #expect(r.out.contains(flag), "missing \(flag)")
        }
    }

    @Test(arguments: [
        ["classify", "--bogus"],
        ["classify", "--no-db", "--rule", "short-sender=9"],
        ["classify", "--no-db", "--rule", "nonsense"],
        ["classify", "--no-db", "--rule", "links=3"],
        ["classify", "--no-db", "--rule", "country-allowlist=+999"],
        // Two rule files cannot both be stdin (the second read nothing: "not valid JSON", exit 1).
        ["classify", "--no-db", "--filters", "-", "--lists", "-", "Tests/Fixtures/valid/stream-messages.ndjson"],
        ["test", "--no-db", "--sender", "x", "--body", "y", "--filters", "-", "--lists", "-"],
        ["classify", "--no-db", "--block-language", "klingon"],
        ["classify", "--no-db", "--block-language", "he:spam"],
        ["classify", "--output", "xml"],
        ["classify", "--only", "maybe"],
        ["classify", "--jobs", "0"],
        ["classify", "--field", "sender=a", "--field", "sender=b"],
        ["test", "--body"],
        ["nonsense-command"],
    ])
    func usageErrorsExitTwoWithAHint(_ args: [String]) throws {
        let r = try Harness.run(args, stdin: "")
        #expect(r.status == 2)
        #expect(r.out.isEmpty)
        #expect(r.err.hasPrefix("msgsift: "))
        #expect(r.err.contains("Try 'msgsift"))
    }

    /// docs/formats.md "The .sfsfilters file" (as `import`): an invalid row is skipped, the others still work, and the
    /// warning names the file, the row and the reason.
    @Test func invalidRowOfAFilterFileIsSkippedWithAWarning() throws {
        let file = try Harness.temp(Data(#"{"format":"simply-filter-sms-filters","version":1,"exportedAt":"2026-01-01T00:00:00Z","appVersion":"1","filters":[{"text":"ok","type":"deny","folder":"junk","target":"all","matching":"contains","case":"insensitive"},{"text":"(","type":"deny","folder":"junk","target":"all","matching":"regex","case":"insensitive"},{"text":"  ","type":"deny","folder":"junk","target":"all","matching":"contains","case":"insensitive"}]}"#.utf8), suffix: ".sfsfilters")
        let r = try Harness.run(["classify", "--no-db", "--filters", file], stdin: #"{"id":"1","sender":"Shop","body":"ok then"}"# + "\n")
        #expect(r.status == 0)
        #expect(r.out.contains(#""action":"junk","stage":"denyFilter","reason":"ok""#))
        #expect(r.err.contains("\(file): row 2 skipped"))
        #expect(r.err.contains("U_REGEX"))
        #expect(r.err.contains("\(file): row 3 skipped"))
    }

    /// Filter and list files are read at once on two threads; what they say comes out as
    /// when they are read one after the other: the filter file's warnings before the
    /// lists', and of two bad files the filter file's error (exit 1, nothing classified).
    @Test func filterAndListFilesSpeakInTheirOrder() throws {
        let filters = try Harness.temp(Data(#"{"format":"simply-filter-sms-filters","version":1,"exportedAt":"2026-01-01T00:00:00Z","appVersion":"1","filters":[{"text":"ok","type":"deny","folder":"junk","target":"all","matching":"contains","case":"insensitive"},{"text":"(","type":"deny","folder":"junk","target":"all","matching":"regex","case":"insensitive"}]}"#.utf8), suffix: ".sfsfilters")
        let lists = try Harness.temp(Data(#"{"filter_lists": {"en": {"allow_sender": [], "allow_body": [], "deny_sender": [], "deny_body": ["win"]}, "xx": {"allow_sender": [], "allow_body": [], "deny_sender": [], "deny_body": []}}}"#.utf8), suffix: ".json")
        let message = #"{"id":"1","sender":"Shop","body":"you win"}"# + "\n"
        let r = try Harness.run(["classify", "--no-db", "--filters", filters, "--lists", lists, "--lists-languages", "en"], stdin: message)
        #expect(r.status == 0)
        #expect(r.out.contains(#""reason":"en: win""#))
        let rowWarning = r.err.range(of: "\(filters): row 2 skipped"), listWarning = r.err.range(of: "\(lists): lists of unknown languages ignored")
        #expect(rowWarning != nil && listWarning != nil && rowWarning!.lowerBound < listWarning!.lowerBound, "\(r.err)")

        let badFilters = try Harness.temp(Data(#"{"format":"simply-filter-sms-filters","version":2,"filters":[]}"#.utf8), suffix: ".sfsfilters")
        let badLists = try Harness.temp(Data("[1]".utf8), suffix: ".json")
        for (f, l, named) in [(badFilters, badLists, badFilters), (filters, badLists, badLists), (badFilters, lists, badFilters)] {
            let bad = try Harness.run(["classify", "--no-db", "--filters", f, "--lists", l, "--lists-languages", "en"], stdin: message)
            #expect(bad.status == 1)
            #expect(bad.out.isEmpty)
            #expect(bad.err.contains("msgsift: \(named): "), "\(bad.err)")
            #expect(named == badLists || !bad.err.contains(badLists), "\(bad.err)")      // the first error only
        }
    }

    /// docs/formats.md "The .sfsfilters file": a newer version is refused with exit 1, and nothing is classified.
    @Test func newerFilterFileIsRefused() throws {
        let file = try Harness.temp(Data(#"{"format":"simply-filter-sms-filters","version":2,"filters":[]}"#.utf8), suffix: ".sfsfilters")
        let r = try Harness.run(["classify", "--no-db", "--filters", file], stdin: #"{"id":"1","sender":"Shop","body":"ok"}"# + "\n")
        #expect(r.status == 1)
        #expect(r.out.isEmpty)
        #expect(r.err.contains("newer"))
    }

    /// A wrong field name would read every sender as empty and junk the archive as
    /// short senders without a word: the run says how many records lacked the field.
    @Test func recordsWithoutTheSenderOrBodyFieldAreCountedOnStderr() throws {
        let ndjson = #"{"from":"Bank","text":"hi"}"# + "\n" + #"{"sender":"Bank","body":null}"# + "\n" + #"{"sender":"Bank"}"# + "\n"
        let r = try Harness.run(["classify", "--no-db", "--rule", "short-sender=3"], stdin: ndjson)
        #expect(r.status == 0)
        #expect(r.out.split(separator: "\n").count == 3)
        #expect(r.err.contains(#"1 of 3 records have no "sender" field and were read with an empty sender (it is record 1, <stdin>:1; --field sender=NAME"#))
        #expect(r.err.contains(#"2 of 3 records have no "body" field and were read with an empty body (the first is record 1, <stdin>:1;"#))
        #expect(r.err.contains(#"1 of 3 records have a null "body", read as empty (it is record 2, <stdin>:2)"#))
        #expect(!r.err.contains(#"null "sender""#))
        #expect(r.err.contains("--field sender=NAME"))

        let csv = try Harness.run(["classify", "--no-db"], stdin: "Sender,body\n+15551234567,hello\n")
        #expect(csv.err.contains(#"1 of 1 records have no "sender" field and were read with an empty sender (--field"#))   // all of them: no "first"

        // A field read twice: the last column is read, and the run says which columns, of which input.
        let twice = try Harness.run(["classify", "--no-db", "--rule", "links"], stdin: "id,body,sender,body\n1,www.x.com,+1555,plain\n")
        #expect(twice.status == 0 && twice.objects.first?["stage"] as? String == "noMatch")
        #expect(twice.err.contains(#"<stdin>: the CSV header names "body" in columns 2, 4; the last is read"#))
        let good = try Harness.temp(Data("id,body\n1,x\n".utf8), suffix: ".csv")
        let doubled = try Harness.temp(Data("id,body,id\n2,x,3\n".utf8), suffix: ".csv")
        let second = try Harness.run(["classify", "--no-db", good, doubled])
        #expect(second.err.contains(#"\#(doubled): the CSV header names "id" in columns 1, 3; the last is read"#))
        #expect(second.objects.last?["id"] as? String == "3")
        #expect(!csv.err.contains("the CSV header names"))

        // A header of one column holding semicolons: refused (ReaderRegressionTests), and it names no content.
        let semicolons = try Harness.run(["classify", "--no-db"], stdin: "id;sender;body\n1;+15551234567;hello\n")
        #expect(semicolons.err.contains("these look separated by ';'"))
        #expect(!semicolons.err.contains("id;sender;body"))      // diagnostics quote no content without -v
        let verbose = try Harness.run(["classify", "--no-db", "-v"], stdin: "id;sender;body\n1;+15551234567;hello\n")
        #expect(verbose.err.contains(#"the CSV header is one column "id;sender;body""#))
        #expect(!csv.err.contains("one column"))

        let renamed = try Harness.run(["classify", "--no-db", "--rule", "links", "--field", "sender=from", "--field", "body=text"], stdin: #"{"from":"Bank","text":"hi"}"# + "\n")
        #expect(renamed.err.isEmpty)
        // With no rule at all every message is allowed: said, since an empty store where one
        // was expected (another $HOME, sudo) would judge a whole archive so without a word.
        let none = try Harness.run(["classify", "--no-db"], stdin: #"{"sender":"Bank","body":"hi"}"# + "\n")
        #expect(none.err == "msgsift: no rules: every message is allowed (give them as flags: msgsift classify --help)\n")
        #expect(try Harness.run(["test", "--no-db", "--body", "hi"]).err == "msgsift: no rules: every message is allowed (give them as flags: msgsift test --help)\n")
        let emptyStore = try Harness.run(["classify"], stdin: Data((#"{"sender":"Bank","body":"hi"}"# + "\n").utf8),
                                         environment: ["MSGSIFT_DB": "", "XDG_DATA_HOME": "/nonexistent-msgsift"])
        #expect(emptyStore.err.contains("no rules: every message is allowed (no store at /nonexistent-msgsift/msgsift/rules.db yet;"), "\(emptyStore.err)")
    }

    /// Empty values are allowed (docs/judging.md "Smart rules": an empty calling-code list skips the rule), not silently.
    @Test(arguments: [(["--rule", "country-allowlist="], "--rule country-allowlist= names no calling code: the rule skips every sender"),
                      (["--rule", "country-allowlist=,"], "--rule country-allowlist= names no calling code"),
                      (["--lists-languages", ""], "--lists-languages names no language: no community list takes part")])
    func emptyRuleValuesAreSaid(_ flags: [String], _ warning: String) throws {
        let r = try Harness.run(["classify", "--no-db"] + flags, stdin: "{\"sender\":\"+447700900123\",\"body\":\"hi\"}\n")
        #expect(r.status == 0 && r.objects.first?["stage"] as? String == "noMatch")
        #expect(r.err.contains(warning))
    }

    /// --lists-languages with no lists loaded anywhere did nothing, silently.
    @Test func listLanguagesWithoutListsSaySo() throws {
        let r = try Harness.run(["classify", "--no-db", "--lists-languages", "he"], stdin: "{\"sender\":\"x\",\"body\":\"hi\"}\n")
        #expect(r.status == 0 && r.lines.count == 1)
        #expect(r.err.contains("--lists-languages: no community lists are loaded (give them with --lists FILE, or msgsift lists import)"))
        let with = try Harness.run(["classify", "--no-db", "--lists", "samples/lists.json", "--lists-languages", "he"], stdin: "{\"sender\":\"x\",\"body\":\"hi\"}\n")
        #expect(with.status == 0 && with.err.isEmpty)
    }

    @Test func missingInputIsARuntimeError() throws {
        let r = try Harness.run(["classify", "--no-db", "/nonexistent/file.ndjson"])
        #expect(r.status == 1)
        #expect(r.err.hasPrefix("msgsift: "))
        #expect(r.err.contains("/nonexistent/file.ndjson"))
    }

    @Test func missingRuleFileIsARuntimeError() throws {
        let r = try Harness.run(["classify", "--no-db", "--filters", "/nonexistent.sfsfilters"], stdin: "")
        #expect(r.status == 1)
    }

    @Test func testCommandJudgesOneMessage() throws {
        let r = try Harness.run(["test", "--no-db", "--sender", "+1 212 555 0100", "--body", "hello", "--rule", "country-allowlist=+972"])
        #expect(r.status == 0)
        #expect(r.out == "junk (stage smartRule, rule \"country-allowlist\")\n")
        let e = try Harness.run(["test", "--no-db", "--sender", "Mom", "--body", "Привет, как дела? Позвони мне завтра", "--block-language", "ru:promotion", "--explain"])
        #expect(e.out.hasPrefix("promotion (stage denyLanguage, rule \"ru\")\n"))
        #expect(e.out.contains("6. denyLanguage"))
        #expect(e.out.contains("language ru"))
    }

    @Test func rulesFlagsCombine() throws {
        let r = try Harness.run(["classify", "--no-db", "--filters", "samples/rules.sfsfilters", "--block-language", "he:transaction", "--rule", "emojis"],
                                stdin: "{\"sender\":\"0501234567\",\"body\":\"שלום, מה שלומך היום? נדבר מחר בערב\"}\n{\"sender\":\"0501234567\",\"body\":\"🎉\"}\n")
        #expect(r.objects.map { $0["action"] as? String } == ["transaction", "junk"])
        #expect(r.objects.map { $0["reason"] as? String } == ["he", "emojis"])
    }
}
