// The app's .sfsfilters file through the store: export is the app's format,
// export → import into an empty store gives identical filters, import counts.
import Foundation
import Testing

@Suite("Store and .sfsfilters, end to end")
struct StoreInteropTests {
    @Test func exportIsExactlyTheAppsFormat() throws {
        let s = try StoreSession()
        try s.ok(["filter", "add", "Mom", "--type", "allow", "--target", "sender", "--match", "exact"])
        try s.ok(["filter", "add", "WIN", "--type", "deny", "--folder", "promotion", "--case", "sensitive"])
        try s.ok(["language", "block", "zh-Hans", "--folder", "transaction"])
        let r = try s.run(["export"])
        let root = try #require((try JSONSerialization.jsonObject(with: r.stdout)) as? [String: Any])
        #expect(Set(root.keys) == ["format", "version", "exportedAt", "appVersion", "filters"])
        #expect(root["format"] as? String == "simply-filter-sms-filters")
        #expect(root["version"] as? Int == 1)
        let at = try #require(root["exportedAt"] as? String)
        #expect(ISO8601DateFormatter().date(from: at) != nil)
        let rows = try #require(root["filters"] as? [[String: String]])
        #expect(rows == [
            ["text": "Mom", "type": "allow", "folder": "junk", "target": "sender", "matching": "exact", "case": "insensitive"],
            ["text": "WIN", "type": "deny", "folder": "promotion", "target": "all", "matching": "contains", "case": "sensitive"],
            ["text": "$lang:chinese, simplified", "type": "denyLanguage", "folder": "transaction", "target": "body", "matching": "contains", "case": "insensitive"],
        ])
        #expect(try s.exportedFilters(["--type", "deny"]).count == 1)
    }

    @Test func exportThenImportIntoAnEmptyStoreGivesIdenticalFilters() throws {
        let a = try StoreSession()
        // Everything the app's own export holds, plus filters added here.
        #expect(try a.ok(["import", Harness.path("Tests/Fixtures/valid/rules-app-export.sfsfilters")]) == "added 10, duplicate 0, invalid 0\n")
        try a.ok(["filter", "add", "(?i)^code \\d+", "--type", "allow", "--match", "regex", "--target", "body"])
        try a.ok(["language", "block", "ru", "--folder", "promotion"])
        try a.ok(["filter", "remove", "2"])
        let file = a.home + "/phone.sfsfilters"
        try a.ok(["export", "-o", file])

        let b = try StoreSession()
        #expect(try b.ok(["import", file]) == "added 11, duplicate 0, invalid 0\n")
        #expect(try b.exportedFilters() == (try a.exportedFilters()))
        func strip(_ list: [[String: Any]]) -> [NSDictionary] {
            list.map { var o = $0; o["id"] = nil; o["createdAt"] = nil; return o as NSDictionary }
        }
        #expect(strip(try b.filters()) == strip(try a.filters()))
        // Importing it again adds nothing.
        #expect(try b.ok(["import", file]) == "added 0, duplicate 11, invalid 0\n")
    }

    /// Import → export gave every allow row back with folder `junk` whatever the file said
    /// (the app keeps and exports what it was given). A file with every combination of type,
    /// folder, target, matching and case comes back row for row, and again after a second
    /// import into an empty store.
    @Test func importThenExportGivesBackEveryFieldOfEveryRow() throws {
        let folders = ["junk", "transaction", "promotion"], targets = ["all", "sender", "body"]
        let matchings = ["contains", "exact", "regex"], cases = ["insensitive", "sensitive"]
        let languages = ["arabic", "hebrew", "russian"]
        var rows: [[String: String]] = []
        for type in ["allow", "deny", "denyLanguage"] {
            for (f, folder) in folders.enumerated() {
                for target in targets { for matching in matchings { for cs in cases {
                    // Texts differ wherever target, matching and case are the same (else a duplicate).
                    let text = type == "denyLanguage" ? "$lang:" + languages[f] : "\(type)-\(folder)-\(rows.count)"
                    rows.append(["text": text, "type": type, "folder": folder, "target": target, "matching": matching, "case": cs])
                } } }
            }
        }
        #expect(rows.count == 162)
        let document: [String: Any] = ["format": "simply-filter-sms-filters", "version": 1, "exportedAt": "2026-11-30T10:00:00Z",
                                       "appVersion": "3.0.0", "filters": rows]
        let a = try StoreSession()
        let original = a.home + "/every.sfsfilters"
        try JSONSerialization.data(withJSONObject: document).write(to: URL(fileURLWithPath: original))
        #expect(try a.ok(["import", original]) == "added 162, duplicate 0, invalid 0\n")
        #expect(try a.exportedFilters() == rows as NSArray)
        let exported = a.home + "/again.sfsfilters"
        try a.ok(["export", "-o", exported])
        let b = try StoreSession()
        #expect(try b.ok(["import", exported]) == "added 162, duplicate 0, invalid 0\n")
        #expect(try b.exportedFilters() == rows as NSArray)
    }

    @Test func importCountsDuplicatesAndEveryKindOfInvalidRow() throws {
        let s = try StoreSession()
        try s.ok(["filter", "add", "already here", "--type", "deny"])
        let file = try Harness.temp(sfsfilters([
            row("new one"),                                   // 1 added
            row("already here", "allow"),                     // 2 duplicate of the store's filter 1
            row("new one", folder: "promotion"),              // 3 duplicate of row 1
            row(""),                                          // 4 empty text
            row("x", "block"),                                // 5 unknown type
            row("x", folder: "spam"),                         // 6 unknown folder
            row("x", target: "subject"),                      // 7 unknown target
            row("x", matching: "fuzzy"),                      // 8 unknown matching
            row("x", case: "upper"),                          // 9 unknown case
            row("$lang:klingon", "denyLanguage"),             // 10 unknown language
            row("(", matching: "regex"),                      // 11 bad regex
            #"{"text":"x","type":"deny","folder":"junk","target":"all","matching":"contains"}"#,  // 12 a field missing
            row("$lang:hebrew", "denyLanguage"),              // 13 added
        ]), suffix: ".sfsfilters")
        let dry = try s.run(["import", file, "--dry-run"])
        #expect(dry.status == 0)
        #expect(dry.out == "dry run: added 2, duplicate 2, invalid 9; nothing was written\n")
        #expect(try s.filters().count == 1)
        let r = try s.run(["import", file])
        #expect(r.status == 0)
        #expect(r.out == "added 2, duplicate 2, invalid 9\n")
        #expect(r.err.contains("rows 4, 5, 6, 7, 8, 9, 10, 11, 12") && r.err.contains("-v"))
        #expect(!r.err.contains("klingon"))   // texts only with -v
        #expect(try s.filters().map { $0["text"] as? String } == ["already here", "new one", "$lang:hebrew"])
        let v = try s.run(["import", file, "-v"])
        #expect(v.out == "added 0, duplicate 4, invalid 9\n")
        for needle in ["row 2: duplicate of filter 1", "row 3: duplicate of filter 2", "row 4: invalid", "empty", "\"block\"", "\"spam\"",
                       "\"subject\"", "\"fuzzy\"", "\"upper\"", "klingon", "U_REGEX", "row 12: invalid, skipped: \"case\" is missing"] {
            #expect(v.err.contains(needle), "missing \(needle)")
        }
        // One line per skipped row, in row order (duplicates came first, then the invalid rows).
        let rowsSaid = v.err.split(separator: "\n").compactMap { $0.split(separator: "row ").dropFirst().first?.split(separator: ":").first.flatMap { Int($0) } }
        #expect(rowsSaid == [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13], "\(v.err)")
    }

    @Test func invalidRowsFixture() throws {
        let s = try StoreSession()
        let r = try s.run(["import", Harness.path("Tests/Fixtures/invalid/rules-invalid-rows.sfsfilters")])
        #expect(r.status == 0)
        #expect(r.out == "added 2, duplicate 0, invalid 12\n")
    }

    @Test(arguments: [
        "Tests/Fixtures/invalid/rules-newer-version.sfsfilters",
        "Tests/Fixtures/invalid/rules-not-this-format.json",
        "Tests/Fixtures/invalid/rules-app-would-refuse.sfsfilters",   // no exportedAt, a row that is a number
        "Tests/Fixtures/valid/rules-lists.json",
        "/nonexistent/file.sfsfilters",
    ])
    func aFileThatIsNotThisFormatOrNewerIsRefusedAndNothingIsWritten(_ file: String) throws {
        let s = try StoreSession()
        try s.ok(["filter", "add", "keep", "--type", "deny"])
        let before = try s.exportedFilters()
        let r = try s.run(["import", file.hasPrefix("/") ? file : Harness.path(file)])
        #expect(r.status == 1)
        #expect(r.out.isEmpty)
        #expect(r.err.hasPrefix("msgsift: "))
        #expect(try s.exportedFilters() == before)
    }

    /// The app's decoder refuses such a file whole (FilterExportPayload); so do import and
    /// classify --filters, naming what is wrong.
    @Test func aFileTheAppsDecoderRefusesIsRefusedByImportAndClassify_asTheApp() throws {
        let file = Harness.path("Tests/Fixtures/invalid/rules-app-would-refuse.sfsfilters")
        let s = try StoreSession()
        let i = try s.run(["import", file])
        #expect(i.status == 1 && i.err.contains("\"exportedAt\" is missing") && i.err.contains("nothing was imported"), "\(i.err)")
        #expect(!s.storeExists)
        let c = try Harness.run(["classify", "--no-db", "--filters", file], stdin: "{\"sender\":\"a\",\"body\":\"win\"}\n")
        #expect(c.status == 1 && c.out.isEmpty && c.err.contains("\"exportedAt\" is missing"), "\(c.err)")
    }

    @Test func aNewerFileIsRefusedEvenOnAnEmptyStoreWhichStaysUncreated() throws {
        let s = try StoreSession()
        let r = try s.run(["import", Harness.path("Tests/Fixtures/invalid/rules-newer-version.sfsfilters")])
        #expect(r.status == 1 && r.err.contains("newer"))
        #expect(!s.storeExists)
    }
}
