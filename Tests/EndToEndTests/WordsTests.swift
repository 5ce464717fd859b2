// The words the command line gives what the libraries report as values: an invalid
// rule or rule file (RuleError), what a rule file or the store left out (RuleNote),
// and an input refused (StreamProblem), as stderr says them. The expected lines are
// the messages as the validators, readers and store used to compose them, with the
// values each case carries put in.
import Foundation
import Testing

@Suite("The words of rule errors, rule notes and refused inputs")
struct WordsTests {
    // MARK: Rules given as flags

    @Test("a rule flag refused says what is wrong and what would do", arguments: [
        (["--rule", "nonsense"], #"msgsift: --rule: unknown rule "nonsense" (rules: all-unknown links numbers-only short-sender email emojis country-allowlist)"#),
        (["--rule", "short-sender=9"], #"msgsift: --rule: short-sender takes a whole number from 3 to 6, not "9""#),
        (["--rule", "country-allowlist=+999"], #"msgsift: --rule: unknown calling code "+999" (write it as +972)"#),
        (["--rule", "links=3"], "msgsift: --rule: links takes no value"),
        (["--block-language", "klingon"],
         #"msgsift: --block-language: unknown language "klingon" (known: en, he, ar, zh-Hans, zh-Hant, fr, de, it, ja, fa, pt, ru, es, tr)"#),
    ])
    func ruleFlags(_ flags: [String], _ line: String) throws {
        let r = try Harness.run(["classify", "--no-db"] + flags, stdin: "")
        #expect(r.status == 2 && r.err.hasPrefix(line + "\n"), "\(r.err)")
    }

    // MARK: Rule files

    @Test func rowsOfAFilterFileSkippedSayWhy() throws {
        let file = try Harness.temp(sfsfilters([
            row("(", matching: "regex"), row("x", "block"), row("$lang:Arabic", "denyLanguage"), row("  "),
            #"{"text":"y","type":"deny","folder":"junk","target":"all","matching":"contains"}"#, row("kept"),
        ]), suffix: ".sfsfilters")
        let r = try Harness.run(["classify", "--no-db", "--filters", file], stdin: #"{"sender":"a","body":"kept"}"# + "\n")
        #expect(r.status == 0 && r.lines.count == 1, "\(r.err)")
        #expect(r.err.contains("msgsift: \(file): row 1 skipped: invalid regex \"(\": U_REGEX_MISMATCHED_PAREN"), "\(r.err)")
        #expect(r.err.contains("msgsift: \(file): row 2 skipped: \"type\" is \"block\", not one of allow|deny|denyLanguage\n"), "\(r.err)")
        #expect(r.err.contains("msgsift: \(file): row 3 skipped: unknown language \"$lang:Arabic\" (a language filter reads \"$lang:\" and"
                               + " the lowercased English name, such as \"$lang:arabic\")\n"), "\(r.err)")
        #expect(r.err.contains("msgsift: \(file): row 4 skipped: filter text is empty\n"), "\(r.err)")
        #expect(r.err.contains("msgsift: \(file): row 5 skipped: \"case\" is missing\n"), "\(r.err)")
    }

    @Test("a filter file refused whole says why", arguments: [
        (#"{"format":"simply-filter-sms-filters","version":2,"exportedAt":"2026-01-01T00:00:00Z","appVersion":"3.1","filters":[]}"#,
         ".sfsfilters version 2 is newer than this msgsift reads (1); update msgsift"),
        ("[", "not a .sfsfilters file: not valid JSON"),
        (#"{"format":"simply-filter-sms-filters","version":1e400,"exportedAt":"2026-01-01T00:00:00Z","appVersion":"3.1","filters":[]}"#,
         "not a .sfsfilters file: the number 1e400 is out of range"),
        (#"{"format":"simply-filter-sms-filters","version":1,"filters":[]}"#,
         #"not a .sfsfilters file: "exportedAt" and "appVersion" are missing (the app writes them and needs them: "exportedAt":"2026-11-30T10:00:00Z","appVersion":"3.1")"#),
        (#"{"format":"simply-filter-sms-filters","version":1,"exportedAt":"soon","appVersion":"3.1","filters":[]}"#,
         #"not a .sfsfilters file: "exportedAt" is "soon", not a date and time such as "2026-11-30T10:00:00Z""#),
        (#"{"format":"simply-filter-sms-filters","version":1,"exportedAt":"2026-01-01T00:00:00Z","appVersion":"3.1","filters":[7]}"#,
         "not a .sfsfilters file: row 1 is not an object"),
    ])
    func filterFileRefused(_ text: String, _ why: String) throws {
        let file = try Harness.temp(Data(text.utf8), suffix: ".sfsfilters")
        let r = try Harness.run(["classify", "--no-db", "--filters", file], stdin: "")
        #expect(r.status == 1 && r.err == "msgsift: \(file): \(why)\n", "\(r.err)")
    }

    @Test func aListFileSaysWhatItLeftOutOrWhyItIsRefused() throws {
        let odd = try Harness.temp(Data(#"{"filter_lists":{"en":{"deny_senders":["x"],"deny_body":["win",7,null],"allow_body":[1]}}}"#.utf8), suffix: ".json")
        let r = try Harness.run(["classify", "--no-db", "--lists", odd, "--lists-languages", "en"], stdin: "")
        #expect(r.status == 0, "\(r.err)")
        #expect(r.err.contains(#"msgsift: \#(odd): en: "deny_senders" is no list (allow_sender, allow_body, deny_sender, deny_body); ignored"# + "\n"), "\(r.err)")
        #expect(r.err.contains("msgsift: \(odd): en: deny_body: 2 entries that are not strings; ignored\n"), "\(r.err)")
        #expect(r.err.contains("msgsift: \(odd): en: allow_body: 1 entry that is not a string; ignored\n"), "\(r.err)")
        for (text, why) in [(#"{"lists":{}}"#, #"not a community list file: no "filter_lists" object"#),
                            (#"{"filter_lists":{"en":[]}}"#, #"community list "en" is not an object"#),
                            (#"{"filter_lists":{"en":{"deny_body":"win"}}}"#, #"community list "en": "deny_body" is not an array"#)] {
            let file = try Harness.temp(Data(text.utf8), suffix: ".json")
            let refused = try Harness.run(["classify", "--no-db", "--lists", file], stdin: "")
            #expect(refused.status == 1 && refused.err == "msgsift: \(file): \(why)\n", "\(refused.err)")
        }
    }

    // MARK: The store

    @Test func countryAllowlistEnabledWithoutCodesSaysHowToGiveThem() throws {
        let s = try StoreSession()
        let r = try s.run(["rule", "enable", "country-allowlist"])
        #expect(r.status == 2 && r.err.hasPrefix("msgsift: country-allowlist needs calling codes: msgsift rule enable country-allowlist --countries +972,+1\n"),
                "\(r.err)")
    }

    @Test func whatTheStoreHoldsThatCannotBeUsedIsNoted() throws {
        let s = try StoreSession()
        try s.ok(["filter", "add", "kept", "--type", "deny"])
        _ = try Harness.bash("""
            sqlite3 '\(s.storePath)' "INSERT INTO smart_rule (name, enabled, value, countries) VALUES ('bogus', 1, NULL, NULL), ('short-sender', 1, 9, NULL), ('country-allowlist', 1, NULL, '+999');
              INSERT INTO filter (type, folder, target, matching, case_sensitivity, text) VALUES ('deny', 'spam', 'all', 'contains', 'insensitive', 'a'), ('deny', 'junk', 'all', 'regex', 'insensitive', '(');"
            """)
        let r = try s.run(["classify"], stdin: #"{"sender":"+15551234567","body":"hello"}"# + "\n")
        #expect(r.status == 0, "\(r.err)")
        for line in [#"msgsift: rule store: smart rule "bogus" in the store is unknown; ignored"#,
                     #"msgsift: rule store: short-sender value in the store: short-sender takes a whole number from 3 to 6, not "9"; using 5"#,
                     #"msgsift: rule store: country-allowlist in the store: unknown calling code "+999" (write it as +972); the rule skips every message"#,
                     #"msgsift: rule store: filter 2 skipped: unknown folder "spam""#,
                     #"msgsift: filter 3 never matches: invalid regex "(": U_REGEX_MISMATCHED_PAREN"#] {
            #expect(r.err.contains(line), "\(line)\n\(r.err)")
        }
    }

    // MARK: Inputs refused

    @Test func refusedInputsSayWhyAndWhatWouldReadThem() throws {
        // UTF-32 without a byte-order mark: the order is named for iconv.
        let wide = try Harness.temp(Data("{}\n".unicodeScalars.flatMap { [UInt8($0.value), 0, 0, 0] }), suffix: ".ndjson")
        let r = try Harness.run(["classify", "--no-db", wide])
        #expect(r.status == 1 && r.err.contains("msgsift: \(wide): UTF-32 text; msgsift reads UTF-8 (iconv -f UTF-32LE -t UTF-8 \(wide) | msgsift classify --no-db -)\n"),
                "\(r.err)")
        // Excel's sep= line against --delimiter.
        let sep = try Harness.temp(Data("sep=;\nsender;body\na;b\n".utf8), suffix: ".csv")
        let both = try Harness.run(["classify", "--no-db", "--delimiter", "|", sep])
        #expect(both.status == 1 && both.err.contains("msgsift: \(sep):1: the file says its fields are separated by ';' (sep=), --delimiter by '|';"
                                                         + " leave out --delimiter to read it as it says\n"), "\(both.err)")
        // --format sms-backup-xml on what is not XML.
        let text = try Harness.temp(Data("hello\n".utf8), suffix: ".xml")
        let notXML = try Harness.run(["classify", "--no-db", "--format", "sms-backup-xml", text])
        #expect(notXML.status == 1 && notXML.err.contains("msgsift: \(text): not XML (it does not start with <); --format sms-backup-xml reads SMS Backup & Restore exports\n"),
                "\(notXML.err)")
        // --format chat-db on what is not SQLite.
        let notDB = try Harness.run(["classify", "--no-db", "--format", "chat-db", text])
        #expect(notDB.status == 1 && notDB.err.contains("msgsift: \(text): not an SQLite database; --format chat-db reads the Messages database (chat.db, sms.db)\n"),
                "\(notDB.err)")
    }
}
