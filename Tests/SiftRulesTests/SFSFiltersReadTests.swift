// Reading `.sfsfilters` files (docs/formats.md "The .sfsfilters file", docs/judging.md "Filters" and "Languages"): the app's exact format,
// row by row; bad rows are refused one by one while good rows come through;
// a file that is not this format, or is newer, is refused as a whole.
import Foundation
import SiftRules
import SiftText
import Testing

@Suite("SFSFilters.read")
struct SFSFiltersReadTests {
    // MARK: The app's export

    /// What `valid/rules-app-export.sfsfilters` holds, row by row, in canonical form:
    /// text trimmed, every field as written.
    static let appExport: [Filter] = [
        filter(.deny, "Discount", .junk, .all, .contains, .insensitive),
        filter(.deny, "WIN A PRIZE", .promotion, .body, .exact, .sensitive),
        filter(.deny, #"bit\.ly/[a-z0-9]+"#, .transaction, .sender, .regex, .insensitive),
        filter(.deny, "קופון", .transaction, .body, .contains, .insensitive),
        filter(.allow, "Mom", .junk, .sender, .exact, .insensitive),
        filter(.allow, "(?i)^bank leumi", .junk, .body, .regex, .sensitive),
        filter(.allow, "OTP code", .junk, .all, .contains, .sensitive),
        filter(.denyLanguage, "$lang:arabic", .junk),
        filter(.denyLanguage, "$lang:chinese, simplified", .promotion),
        filter(.denyLanguage, "$lang:chinese, traditional", .transaction),
    ]

    @Test("every row of the app's export comes through, in file order, numbered from 1")
    func appExportRows() throws {
        let rows = try SFSFilters.read(fixture("valid/rules-app-export.sfsfilters"))
        #expect(rows.map(\.index) == Array(1...Self.appExport.count))
        #expect(rows.compactMap(\.error) == [])
        #expect(rows.compactMap(\.filter) == Self.appExport)
    }

    @Test("each row of the app's export, field by field", arguments: zip(1...appExport.count, appExport))
    func appExportRow(index: Int, expected: Filter) throws {
        let rows = try SFSFilters.read(fixture("valid/rules-app-export.sfsfilters"))
        let row = try #require(rows.first { $0.index == index })
        #expect(row.filter == expected)
        #expect(row.filter?.id == 0)                      // numbered by the caller
    }

    @Test("language rows name their language", arguments: [
        (8, Language.ar),
        (9, Language.zhHans),
        (10, Language.zhHant),
    ])
    func appExportLanguages(index: Int, language: Language) throws {
        let rows = try SFSFilters.read(fixture("valid/rules-app-export.sfsfilters"))
        #expect(rows[index - 1].filter?.language == language)
    }

    @Test("text is trimmed of surrounding whitespace, inner whitespace kept", arguments: [
        ("  Discount  ", "Discount"),
        ("\tOTP\n", "OTP"),
        ("\u{00A0}sale\u{3000}", "sale"),                // no-break space, ideographic space
        ("two  words", "two  words"),
        (" line\nbreak ", "line\nbreak"),
    ])
    func trimming(raw: String, expected: String) throws {
        let rows = try SFSFilters.read(sfsFile([sfsRow(raw)]))
        #expect(rows.first?.filter?.text == expected)
    }

    @Test("denyLanguage rows take the canonical $lang: text", arguments: [
        ("$lang:arabic", "$lang:arabic"),
        ("$lang:chinese, simplified", "$lang:chinese, simplified"),
        ("$lang:portuguese", "$lang:portuguese"),                 // docs/judging.md "Languages" lists pt
        (" $lang:russian ", "$lang:russian"),
        // The app takes the second piece between `:`s, empty pieces dropped (NLLanguage(filterText:)).
        ("$lang::french", "$lang:french"),
        ("x:hebrew", "$lang:hebrew"),
        ("$lang:japanese:x", "$lang:japanese"),
    ])
    func languageRow(raw: String, expected: String) throws {
        let rows = try SFSFilters.read(sfsFile([sfsRow(raw, "denyLanguage")]))
        #expect(rows.first?.filter?.text == expected)
        #expect(rows.first?.filter?.type == .denyLanguage)
    }

    /// The app reads the name after `:` and compares it with the lowercased English
    /// names: anything else names no language there (its filter never matches), so
    /// the row is invalid here; codes and capitals are for the command line.
    @Test("denyLanguage rows in another form are invalid, as the app reads them", arguments: [
        "ar", "Arabic", "$lang:Arabic", "$lang:ar", "$lang: arabic", "$lang:", "arabic", ":arabic", "::arabic",
    ])
    func languageRowInAnotherForm_asTheApp(raw: String) throws {
        let rows = try SFSFilters.read(sfsFile([sfsRow(raw, "denyLanguage")]))
        #expect(rows.first?.filter == nil)
        #expect(rows.first?.error == .appLanguageText(raw))
    }

    // MARK: Invalid rows

    /// Row of `invalid/rules-invalid-rows.sfsfilters` → words its error must contain.
    static let invalidRows: [(Int, [String])] = [
        (2, ["empty"]),                                   // ""
        (3, ["empty"]),                                   // whitespace only
        (4, ["type", "block"]),                           // unknown type
        (5, ["folder", "spam"]),                          // unknown folder
        (6, ["target", "subject"]),                       // unknown target
        (7, ["matching", "fuzzy"]),                       // unknown matching
        (8, ["case", "upper"]),                           // unknown case
        (9, ["case", "missing"]),                         // no "case" field
        (10, ["text", "missing"]),                        // no "text" field
        (11, ["language", "klingon"]),                    // unknown language
        (12, ["regex", "U_REGEX_MISMATCHED_PAREN"]),      // bad regex "("
        (13, ["type", "missing"]),                        // no "type" field
    ]

    @Test("each invalid row is refused with an error naming what is wrong", arguments: invalidRows)
    func invalidRow(index: Int, words: [String]) throws {
        let rows = try SFSFilters.read(fixture("invalid/rules-invalid-rows.sfsfilters"))
        let row = try #require(rows.first { $0.index == index })
        let error = try #require(row.error, "row \(index) should be refused")
        for word in words {
            #expect(error.facts.localizedCaseInsensitiveContains(word), "row \(index): \(error)")
        }
    }

    @Test("valid rows around invalid ones still come through")
    func validRowsSurvive() throws {
        let rows = try SFSFilters.read(fixture("invalid/rules-invalid-rows.sfsfilters"))
        #expect(rows.count == 14)
        #expect(rows.map(\.index) == Array(1...14))
        let good = rows.filter { $0.filter != nil }
        #expect(good.map(\.index) == [1, 14])
        #expect(good.compactMap(\.filter) == [
            filter(.deny, "good first"),
            filter(.allow, "good last", .junk, .sender, .exact, .sensitive),
        ])
    }

    @Test("an unknown value of each enum field refuses the row", arguments: [
        ("type", "Deny"),                                 // enum values are case-sensitive, as the app writes them
        ("type", "denylanguage"),
        ("folder", "inbox"),
        ("folder", ""),
        ("target", "both"),
        ("matching", "prefix"),
        ("case", "INSENSITIVE"),
    ])
    func unknownEnumValue(field: String, value: String) throws {
        var row = sfsRow("x")
        row[field] = value
        let rows = try SFSFilters.read(sfsFile([row, sfsRow("kept")]))
        let error = try #require(rows.first?.error)
        guard case .rowFieldValue(field, value, _) = error else { Issue.record("\(error)"); return }
        #expect(rows.last?.filter?.text == "kept")
    }

    @Test("a missing field refuses the row, allow rows included", arguments: ["text", "type", "folder", "target", "matching", "case"])
    func missingField(field: String) throws {
        var row = sfsRow("x", "allow")
        row[field] = nil
        let rows = try SFSFilters.read(sfsFile([row]))
        let error = try #require(rows.first?.error)
        #expect(error == .rowFieldMissing(key: field))
    }

    /// The app's FilterExportRecord has optional String fields: a number there is a decoding
    /// error, and its import refuses the whole file (a missing field only skips the row).
    @Test("a field of the wrong JSON type refuses the file, as the app does", arguments: ["text", "type", "folder", "target", "matching", "case"])
    func wrongJSONType_asTheApp(field: String) throws {
        var row: [String: Any] = sfsRow("x")
        row[field] = 1
        let error = #expect(throws: RuleError.self) { try SFSFilters.read(sfsFile([sfsRow("kept"), row])) }
        #expect(error == .notSFSFilters(.rowFieldNotString(row: 2, key: field)))
    }

    @Test("bad regexes are refused with ICU's reason; the case field does not save them", arguments: [
        ("(", "U_REGEX_MISMATCHED_PAREN"),
        ("[ab", "U_REGEX_MISSING_CLOSE_BRACKET"),
        ("a{2,1}", "U_REGEX_MAX_LT_MIN"),
    ])
    func badRegexRow(pattern: String, icuError: String) throws {
        let rows = try SFSFilters.read(sfsFile([
            sfsRow(pattern, matching: "regex", caseSensitivity: "sensitive"),
            sfsRow(pattern, "allow", matching: "regex"),
        ]))
        for row in rows {
            let error = try #require(row.error)
            guard case .invalidRegex(pattern, let reason) = error else { Issue.record("\(error)"); continue }
            #expect(reason.contains(icuError))
        }
    }

    @Test("keys the app does not write are ignored, on rows and at the top level")
    func extraKeys() throws {
        var row = sfsRow("Discount")
        row["note"] = "extra"
        let root: [String: Any] = [
            "format": SFSFilters.formatID, "version": 1, "exportedAt": "2026-11-01T10:00:00Z",
            "appVersion": "3.1.0", "device": "iPhone", "filters": [row],
        ]
        let rows = try SFSFilters.read(JSONSerialization.data(withJSONObject: root))
        #expect(rows.first?.filter == filter(.deny, "Discount"))
    }

    @Test("an empty filters array is a valid, empty file")
    func emptyFile() throws {
        #expect(try SFSFilters.read(sfsFile([])).isEmpty)
    }

    // MARK: Refused files

    /// `1e400` is valid JSON that no Swift number holds: refused (as the app's JSONDecoder
    /// refuses it), but not as "not valid JSON".
    @Test("a number out of range is said to be one, not invalid JSON", arguments: ["1e400", "-1e400", "1.5e999"])
    func numberOutOfRange(number: String) throws {
        let text = #"{"format":"simply-filter-sms-filters","version":"# + number + #","exportedAt":"2026-11-30T10:00:00Z","appVersion":"3.0","filters":[]}"#
        let error = #expect(throws: RuleError.self) { try SFSFilters.read(Data(text.utf8)) }
        #expect(error == .notSFSFilters(.json(.numberOutOfRange(shown: number))))
        // The problem comes from Foundation's refusal, which community-list files share.
        let refusal = #expect(throws: (any Error).self) { try JSONSerialization.jsonObject(with: Data("[\(number)]".utf8)) }
        #expect(refusal.map(FoundationJSON.whyNot) == .numberOutOfRange(shown: number))
        let broken = #expect(throws: RuleError.self) { try SFSFilters.read(Data(#"{"version":1"#.utf8)) }
        #expect(broken == .notSFSFilters(.json(.invalid)))
    }

    @Test("a newer version is refused with an error that says newer")
    func newerVersionFixture() throws {
        let error = #expect(throws: RuleError.self) {
            try SFSFilters.read(fixture("invalid/rules-newer-version.sfsfilters"))
        }
        #expect(error == .newerSFSFilters(version: 2, newest: 1))
    }

    @Test("any version above 1 is refused as newer", arguments: [2, 3, 100])
    func newerVersion(version: Int) throws {
        let file = try sfsFile([sfsRow("x")], version: version)
        let error = #expect(throws: RuleError.self) { try SFSFilters.read(file) }
        #expect(error == .newerSFSFilters(version: version, newest: SFSFilters.version))
    }

    @Test("a version that is not a whole number is refused", arguments: [#""1""#, "1.5", "null", "[1]", "{}"])
    func versionNotANumber(version: String) {
        let text = #"{"format":"simply-filter-sms-filters","version":\#(version),"filters":[]}"#
        #expect(throws: RuleError.self) { try SFSFilters.read(data(text)) }
    }

    // Known bug: SFSFilters.swift reads "version" with `as? NSNumber`, which a
    // JSON boolean also satisfies (true → 1.0 → version 1), so the file is read.
    @Test("a boolean version is refused, not read as version 1")
    func booleanVersion() {
        let text = #"{"format":"simply-filter-sms-filters","version":true,"filters":[]}"#
        #expect(throws: RuleError.self) { try SFSFilters.read(data(text)) }
    }

    /// A key given twice: JSONDecoder, which the app reads a file with, takes the first
    /// `version` (a differential hunt found that reading the value from JSONSerialization's
    /// dictionary, which keeps the last, changed which files were read).
    @Test("a version given twice is read as JSONDecoder reads it: the first")
    func versionGivenTwice() throws {
        func file(_ versions: String) -> Data {
            data(#"{"format":"simply-filter-sms-filters",\#(versions),"exportedAt":"2026-11-01T10:00:00Z","appVersion":"3.1","filters":[]}"#)
        }
        #expect(try SFSFilters.read(file(#""version":1,"version":2"#)).isEmpty)
        #expect(throws: RuleError.self) { try SFSFilters.read(file(#""version":2,"version":1"#)) }
        #expect(try SFSFilters.read(file(#""version":1,"version":1.5"#)).isEmpty)
        #expect(throws: RuleError.self) { try SFSFilters.read(file(#""version":null,"version":1"#)) }
    }

    @Test("the wrong format id is refused")
    func wrongFormatFixture() throws {
        #expect(throws: RuleError.self) { try SFSFilters.read(fixture("invalid/rules-not-this-format.json")) }
    }

    @Test("not this format: refused as a whole", arguments: [
        #"{"format":"some-other-sms-app","version":1,"filters":[]}"#,          // wrong format id
        #"{"format":"Simply-Filter-SMS-Filters","version":1,"filters":[]}"#,   // format id is exact
        #"{"format":1,"version":1,"filters":[]}"#,                             // format id not a string
        #"{"version":1,"filters":[]}"#,                                        // no format id
        #"{"format":"simply-filter-sms-filters","filters":[]}"#,               // no version
        #"{"format":"simply-filter-sms-filters","version":"1","filters":[]}"#, // version not a number
        #"{"format":"simply-filter-sms-filters","version":0,"filters":[]}"#,   // no such version
        #"{"format":"simply-filter-sms-filters","version":1,"exportedAt":"2026-01-01T00:00:00Z","appVersion":"1"}"#,                // no filters
        #"{"format":"simply-filter-sms-filters","version":1,"exportedAt":"2026-01-01T00:00:00Z","appVersion":"1","filters":{}}"#,   // filters not an array
        #"[{"format":"simply-filter-sms-filters","version":1,"filters":[]}]"#, // top level is an array
        #"["simply-filter-sms-filters"]"#,
        #""simply-filter-sms-filters""#,                                       // a bare string
        "text,type\nDiscount,deny\n",                                           // not JSON
        #"{"format":"simply-filter-sms-filters","version":1,"filters":["#,      // truncated
        "",                                                                     // empty file
    ])
    func notThisFormat(text: String) {
        let error = #expect(throws: RuleError.self) { try SFSFilters.read(data(text)) }
        guard case .notSFSFilters? = error else { Issue.record("\(String(describing: error))"); return }
    }

    @Test("with its header whole, a file without a filters array is refused for that", arguments: [
        #""appVersion":"1""#, #""appVersion":"1","filters":{}"#, #""appVersion":"1","filters":"x""#,
    ])
    func filtersArrayMissing(rest: String) {
        let text = #"{"format":"simply-filter-sms-filters","version":1,"exportedAt":"2026-01-01T00:00:00Z",\#(rest)}"#
        let error = #expect(throws: RuleError.self) { try SFSFilters.read(data(text)) }
        #expect(error == .notSFSFilters(.filtersNotArray))
    }

    /// What the app's decoder (FilterExportPayload, JSONDecoder with `.iso8601`) cannot read
    /// fails the whole file there: the same here, and the error says what.
    @Test("what the app's decoder refuses refuses the file, as the app does", arguments: [
        (#""appVersion":"1""#, .stampMissing(["exportedAt"])),
        (#""exportedAt":"yesterday","appVersion":"1""#, .exportedAtNotDate("yesterday")),
        (#""exportedAt":"2026-11-01","appVersion":"1""#, .exportedAtNotDate("2026-11-01")),
        (#""exportedAt":1700000000,"appVersion":"1""#, .notString("exportedAt")),
        (#""exportedAt":"2026-11-01T10:00:00Z""#, .stampMissing(["appVersion"])),
        (#""exportedAt":"2026-11-01T10:00:00Z","appVersion":3.1"#, .notString("appVersion")),
        ("\"x\":1", .stampMissing(["exportedAt", "appVersion"])),
        (#""exportedAt":"2026-11-01T10:00:00Z","appVersion":null"#, .notString("appVersion")),
    ] as [(String, SFSFiltersProblem)])
    func headerTheAppRequires_asTheApp(header: String, problem: SFSFiltersProblem) {
        let row = #"{"text":"x","type":"deny","folder":"junk","target":"all","matching":"contains","case":"insensitive"}"#
        let text = #"{"format":"simply-filter-sms-filters","version":1,\#(header),"filters":[\#(row)]}"#
        let error = #expect(throws: RuleError.self) { try SFSFilters.read(data(text)) }
        #expect(error == .notSFSFilters(problem))
    }

    @Test("an exportedAt with an offset or fractional seconds is a date, as this Foundation's JSONDecoder reads it", arguments: [
        "2026-11-01T10:00:00Z", "2026-11-01T10:00:00+02:00", "2026-11-01T10:00:00.250Z",
    ])
    func exportedAtForms(stamp: String) throws {
        let row = #"{"text":"x","type":"deny","folder":"junk","target":"all","matching":"contains","case":"insensitive"}"#
        let text = #"{"format":"simply-filter-sms-filters","version":1,"exportedAt":"\#(stamp)","appVersion":"","filters":[\#(row)]}"#
        #expect(try SFSFilters.read(data(text)).compactMap(\.filter).map(\.text) == ["x"])
    }

    /// A row the app cannot decode (not an object, a field of another JSON type) fails its whole
    /// file; a missing or null field only makes the row invalid (its fields are optional there).
    @Test("a row of another shape refuses the file, as the app does", arguments: [
        (#""not a row""#, .rowNotObject(row: 2)),
        ("[]", .rowNotObject(row: 2)),
        (#"{"text":5,"type":"deny","folder":"junk","target":"all","matching":"contains","case":"insensitive"}"#, .rowFieldNotString(row: 2, key: "text")),
        (#"{"text":"x","type":"deny","folder":"junk","target":"all","matching":"contains","case":true}"#, .rowFieldNotString(row: 2, key: "case")),
        (#"{"text":"x","type":["deny"],"folder":"junk","target":"all","matching":"contains","case":"insensitive"}"#, .rowFieldNotString(row: 2, key: "type")),
    ] as [(String, SFSFiltersProblem)])
    func rowOfAnotherShape_asTheApp(row: String, problem: SFSFiltersProblem) throws {
        let error = #expect(throws: RuleError.self) { try SFSFilters.read(sfsFile([sfsRow("kept"), try JSONSerialization.jsonObject(with: data(row), options: .fragmentsAllowed)])) }
        #expect(error == .notSFSFilters(problem))
    }

    @Test("a null field, like a missing one, makes only its row invalid")
    func nullFieldInvalidatesTheRow() throws {
        let row: [String: Any] = ["text": NSNull(), "type": "deny", "folder": "junk", "target": "all", "matching": "contains", "case": "insensitive"]
        let rows = try SFSFilters.read(sfsFile([row, sfsRow("kept")]))
        #expect(rows.compactMap(\.filter).map(\.text) == ["kept"])
        #expect(rows.first?.error == .rowFieldMissing(key: "text"))
    }

    /// Foundation's JSON reader on Linux dropped a raw U+FEFF at the start of a string:
    /// the app's Foundation keeps it, and a filter `\u{FEFF}WIN` re-imported from its own
    /// export became `WIN`, which matches more. A byte-order mark before the file's `{` goes.
    @Test("a U+FEFF inside a string is kept; one before the file's { is a byte-order mark")
    func byteOrderMarkInsideAStringIsKept() throws {
        let row = #"{"text":"\#u{FEFF}WIN","type":"deny","folder":"junk","target":"all","matching":"contains","case":"insensitive"}"#
        let file = "\u{FEFF}" + #"{"format":"simply-filter-sms-filters","version":1,"exportedAt":"2026-01-01T00:00:00Z","appVersion":"1","filters":["# + row + "]}"
        let rows = try SFSFilters.read(data(file))
        #expect(rows.compactMap(\.filter).map(\.text) == ["\u{FEFF}WIN"])
        #expect(throws: RuleError.self) {
            try SFSFilters.read(data(#"{"format":"\#u{FEFF}simply-filter-sms-filters","version":1,"filters":[]}"#))
        }
    }

    @Test("FoundationJSON: a leading byte-order mark goes, every other U+FEFF becomes its escape", arguments: [
        ("\u{FEFF}{}", "{}"),
        ("{\"a\":\"\u{FEFF}\u{FEFF}x\u{FEFF}\"}", #"{"a":"\ufeff\ufeffx\ufeff"}"#),
        ("\u{FEFF}[\"\u{FEFF}\"]", #"["\ufeff"]"#),
        ("[\"＋\"]", "[\"＋\"]"),                           // U+FF0B also starts with EF: it stays
        ("", ""),
        ("[\"a\\\u{FEFF}\"]", "[\"a\\\u{FEFF}\"]"),             // an escape's character: left for Foundation to refuse
        ("[\"a\\\\\u{FEFF}\"]", #"["a\\\ufeff"]"#),            // after an escaped backslash: a character
    ])
    func foundationJSONKeepsByteOrderMarks(input: String, expected: String) {
        #expect(String(decoding: FoundationJSON.keepingByteOrderMarks(Data(input.utf8)), as: UTF8.self) == expected)
    }

    @Test("FoundationJSON: a cut or other sequence from EF stays as it is")
    func foundationJSONLeavesOtherBytes() {
        let bytes: [UInt8] = [0x5B, 0xEF, 0xBB, 0x5D, 0xEF, 0xBF, 0xBD, 0xEF, 0xBB]
        #expect([UInt8](FoundationJSON.keepingByteOrderMarks(Data(bytes))) == bytes)
    }
}
