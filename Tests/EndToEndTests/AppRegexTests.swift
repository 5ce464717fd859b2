// The app compiles regex filters with Swift's `Regex(text)` and its import skips
// a row whose pattern that refuses (FilterImportExportManager.candidate); msgsift
// reads patterns with ICU, which takes some Swift refuses. Adding, changing or
// exporting such a filter works, and says the app will not take it.
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
    }
}
