// What the app would not take of filters msgsift accepts (AppCompatibility.swift).
// The app compiles regex filters with Swift's `Regex(text)` and its import skips
// a row whose pattern that refuses (FilterImportExportManager.candidate); msgsift
// reads patterns with ICU, which takes some Swift refuses. Adding, changing,
// importing or exporting such a filter works, and says the app will not take it.
// The same for Portuguese, which the app cannot block; and language filters keep
// their target, matching and case, as the app's do.
import Foundation
import Testing

@Suite("Regex filters the app would refuse")
struct AppRegexTests {
    @Test func addingUpdatingAndExportingSayTheAppRefusesIt() throws {
        let s = try StoreSession()
        let add = try s.run(["filter", "add", "(?<=a)b", "--type", "deny", "--match", "regex"])
        #expect(add.status == 0 && add.out == "1\n")
        #expect(add.err.contains("filter 1: the app's regex engine (Swift Regex) refuses this pattern (lookbehind is not currently supported); it works here, but not in the app"))

        // A pattern both engines take says nothing; changing it to one Swift refuses does.
        let fine = try s.run(["filter", "add", "win\\d+", "--type", "deny", "--match", "regex"])
        #expect(fine.status == 0 && fine.err.isEmpty)
        let update = try s.run(["filter", "update", "2", "--text", "a\\Kb"])
        #expect(update.status == 0 && update.err.contains("filter 2: the app's regex engine (Swift Regex) refuses this pattern ('\\K' is not currently supported)"))
        #expect(update.err.contains("here \\K matches the letter K (ICU has no \\K), but not in the app"))
        // Not a regex: `(?<=a)b` as a phrase is just text.
        let phrase = try s.run(["filter", "add", "(?<=a)b", "--type", "deny", "--target", "body"])
        #expect(phrase.status == 0 && phrase.err.isEmpty)

        let export = try s.run(["export"])
        #expect(export.status == 0)
        #expect(export.err.contains("filter 1: the app's regex engine (Swift Regex) refuses this pattern (lookbehind is not currently supported); the app will skip it when importing this file"))
        #expect(export.err.contains("filter 2: "))
        #expect(!export.err.contains("filter 3: "))
        // Still exported, and still matching here.
        #expect(export.out.contains(#""text" : "(?<=a)b""#))
        let verdict = try s.run(["classify"], stdin: "{\"body\":\"ab\"}\n")
        #expect(verdict.out.contains(#""stage":"denyFilter""#))

        // Importing one says so by row, and still adds it.
        let path = s.home + "/rx.sfsfilters"
        try (#"{"format":"simply-filter-sms-filters","version":1,"exportedAt":"2026-08-15T10:00:00Z","appVersion":"3.0","filters":["#
            + #"{"text":"win\\d+","type":"deny","folder":"junk","target":"body","matching":"regex","case":"insensitive"},"#
            + #"{"text":"(?<=\\$)\\d+","type":"deny","folder":"junk","target":"body","matching":"regex","case":"insensitive"}]}"#)
            .write(toFile: path, atomically: true, encoding: .utf8)
        let t = try StoreSession()
        let imported = try t.run(["import", path])
        #expect(imported.status == 0 && imported.out == "added 2, duplicate 0, invalid 0\n")
        #expect(imported.err.contains("\(path): row 2: the app's regex engine (Swift Regex) refuses this pattern (lookbehind is not currently supported)"))
        #expect(!imported.err.contains("row 1"))
    }
}

/// Language filters as the app keeps them: target, matching and case as written (the
/// app blocks with target body and compares filters by text, target, matching and case).
@Suite("Language filters and the app")
struct AppLanguageFilterTests {
    static func file(_ rows: [(String, String, String, String)]) -> String {
        let body = rows.map { text, target, matching, cs in
            #"{"text":"\#(text)","type":"denyLanguage","folder":"junk","target":"\#(target)","matching":"\#(matching)","case":"\#(cs)"}"#
        }.joined(separator: ",")
        return #"{"format":"simply-filter-sms-filters","version":1,"exportedAt":"2026-08-15T10:00:00Z","appVersion":"3.0","filters":["# + body + "]}"
    }

    @Test func importKeepsWhatARowSaysAndDuplicatesAreTheAppsOnes() throws {
        let s = try StoreSession()
        let path = s.home + "/lang.sfsfilters"
        try Self.file([("$lang:arabic", "body", "contains", "insensitive"), ("$lang:arabic", "all", "contains", "insensitive"),
                       ("$lang:arabic", "body", "contains", "insensitive")]).write(toFile: path, atomically: true, encoding: .utf8)
        #expect(try s.ok(["import", path]) == "added 2, duplicate 1, invalid 0\n")
        let stored = try s.filters().map { "\($0["target"] ?? "")" }
        #expect(stored == ["body", "all"])
        // The app's export of a blocked language is a duplicate of `language block` here.
        let t = try StoreSession()
        try t.ok(["language", "block", "ar"])
        #expect(try t.ok(["import", path]) == "added 1, duplicate 2, invalid 0\n")
    }

    @Test func portugueseWorksHereAndTheAppCannotBlockIt() throws {
        let s = try StoreSession()
        let block = try s.run(["language", "block", "pt"])
        #expect(block.status == 0 && block.err.contains("filter 1: the app cannot block Portuguese; it works here, but not in the app"))
        let ar = try s.run(["language", "block", "ar"])
        #expect(ar.status == 0 && ar.err.isEmpty)
        let export = try s.run(["export"])
        #expect(export.err.contains("filter 1: the app cannot block Portuguese; the app will skip it when importing this file"))
        #expect(!export.err.contains("filter 2"))
        let verdict = try s.run(["classify"], stdin: "{\"body\":\"Olá, o seu pedido foi enviado hoje e chega amanhã de manhã\"}\n")
        #expect(verdict.out.contains(#""stage":"denyLanguage","reason":"pt""#))
        // Importing says so too, by row.
        let path = s.home + "/pt.sfsfilters"
        try Self.file([("$lang:portuguese", "body", "contains", "insensitive")]).write(toFile: path, atomically: true, encoding: .utf8)
        let t = try StoreSession()
        let imported = try t.run(["import", path])
        #expect(imported.status == 0 && imported.err.contains("\(path): row 1: the app cannot block Portuguese"))
    }
}
