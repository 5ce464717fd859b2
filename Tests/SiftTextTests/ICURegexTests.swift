// ICURegex.compiled: one compilation per pattern and process.
import Testing
import SiftText

@Suite("ICU regex compilation")
struct ICURegexTests {
    @Test func aPatternIsCompiledOnce() throws {
        // A pattern no other test compiles through the memo.
        let pattern = #"(?i)\bmemo-\d{3}-check\b"#
        let first = try ICURegex.compiled(pattern)
        let second = try ICURegex.compiled(pattern)
        #expect(first === second)
        #expect(first.makeMatcher(timeLimit: 0).find("MEMO-123-check") == .match)
        #expect(first.makeMatcher(timeLimit: 0).find("memo-12-check") == .noMatch)
        // A different pattern is a different regex.
        #expect(try ICURegex.compiled(pattern + "x") !== first)
    }

    /// Two spellings of one text (composed, decomposed) are two patterns: Swift compares the
    /// strings as equal, ICU matches each as written.
    @Test func twoSpellingsAreTwoPatterns() throws {
        let composed = try ICURegex.compiled("memo-caf\u{E9}"), decomposed = try ICURegex.compiled("memo-cafe\u{301}")
        #expect(composed !== decomposed)
        #expect(decomposed.makeMatcher(timeLimit: 0).find("memo-cafe\u{301}") == .match)
        #expect(composed.makeMatcher(timeLimit: 0).find("memo-cafe\u{301}") == .noMatch)
    }

    @Test func aRefusedPatternIsRefusedEveryTime() {
        for _ in 0..<2 {
            #expect(throws: RegexSyntaxError.self) { _ = try ICURegex.compiled("(unclosed") }
        }
    }
}
