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

    @Test func aRefusedPatternIsRefusedEveryTime() {
        for _ in 0..<2 {
            #expect(throws: RegexSyntaxError.self) { _ = try ICURegex.compiled("(unclosed") }
        }
    }
}
