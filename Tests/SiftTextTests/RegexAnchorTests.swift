// The search around an anchor byte (RegexAnchor): which byte and bounds a pattern gets,
// and that searching only around the anchors never misses what ICU matches.

import Testing
import SiftText

@Suite("Regex prefilter: the search around an anchor")
struct RegexAnchorTests {
    static func anchor(_ pattern: String) throws -> (String, Int, Int?)? {
        let spelled = try ICURegex(pattern).spelled
        let a = try #require(RegexAutomaton(spelled, alphabet: RegexAlphabet(patterns: [spelled])))
        return a.anchor.map { (String(Character(Unicode.Scalar($0.byte))), $0.before, $0.after) }
    }

    /// Bounds worked out by hand: the most scalars of a match before the anchor and after it.
    @Test func eachShapeGetsItsAnchorAndBounds() throws {
        // `\b` and `\d{1,2}` before the first `/`: 2; after it `\d{1,2}/\d{2,4}`: 2 + 1 + 4.
        #expect(try Self.anchor(#"\b\d{1,2}/\d{1,2}/\d{2,4}\b"#)! == ("/", 2, 7))
        // Alternatives: `%` then 2 + 8 (` indirim`); `скидка ` 7 + 2 before; `-` 1 + 2 before.
        #expect(try Self.anchor(#"(?i)%\d{1,2} indirim|скидка \d{1,2}%|-\d{1,2}%"#)! == ("%", 9, 10))
        #expect(try Self.anchor(#"\+(234|92)\d{6,}"#)! == ("+", 0, nil))
        #expect(try Self.anchor(#"x(/)y"#)! == ("/", 1, 1))
        #expect(try Self.anchor(#"/{2}"#)! == ("/", 0, 1))
        #expect(try Self.anchor(#"\d{16}/"#)! == ("/", 16, 0))
        #expect(try Self.anchor(#"(a/b)+c"#)! == ("/", 1, nil))
        #expect(try Self.anchor(#"(?m)\d{1,2}/$"#)! == ("/", 2, 0))  // a line's end: read as empty
    }

    @Test func noAnchorWhereAMatchMayLackItOrReachFarBeforeIt() throws {
        #expect(try Self.anchor(#"a/b|c"#) == nil)          // `c` has none
        #expect(try Self.anchor(#"(x/)?y"#) == nil)         // optional
        #expect(try Self.anchor(#".*/x"#) == nil)           // no bound before it
        #expect(try Self.anchor(#"\d{17}/"#) == nil)        // read as `\d{16,}`: no bound
        #expect(try Self.anchor(#"^\d{1,2}/"#) == nil)      // anchored at the start: searched from there
        #expect(try Self.anchor(#"\d{1,2}/$"#) == nil)      // `$` is the text's end (`\z`): searched from there
        #expect(try Self.anchor(#"\d+\.\d+"#) == nil)       // `.` is too common to be one
        #expect(try Self.anchor(#"[/]x"#) == nil)           // a class is not looked at
    }

    static func decide(_ pattern: String, _ text: String) throws -> RegexDecision {
        let spelled = try ICURegex(pattern).spelled
        let a = try #require(RegexAutomaton(spelled, alphabet: RegexAlphabet(patterns: [spelled])))
        #expect(a.anchor != nil)
        var t = text
        return t.withUTF8 { a.decide(utf8: $0) }
    }

    /// Answers worked out from the date pattern's meaning (`\b` before the day, no boundary
    /// between two digits of any script).
    @Test func theDateIsFoundAroundItsSlashesOnly() throws {
        let date = #"\b\d{1,2}/\d{1,2}/\d{2,4}\b"#
        #expect(try Self.decide(date, "call 12/05/2026 ok") == .match)
        #expect(try Self.decide(date, "1/2/34") == .match)
        #expect(try Self.decide(date, "see https://x.co/a and 123456, then 12/05/2026") == .match)
        #expect(try Self.decide(date, "no date here 123456 and 12 05 2026") == .noMatch)
        #expect(try Self.decide(date, "https://x.co/a/b 12.05.2026") == .noMatch)
        // The day would be `23` or `3`: no boundary before either.
        #expect(try Self.decide(date, "123/4/56") == .noMatch)
        // The window starts inside a run of digits: the boundary before its first scalar is
        // read from the text, not taken for the text's start.
        #expect(try Self.decide(date, "99999999123/4/56") == .noMatch)
        #expect(try Self.decide(date, "٣٣٣٣12/5/67") == .noMatch)
        #expect(try Self.decide(date, "٣٣٣٣ 12/5/67") == .match)
        // Windows that overlap, and a match that ends at the text's end.
        #expect(try Self.decide(date, "a/b/c/d/e 1/2/3456") == .match)
        #expect(try Self.decide(date, "a/b/c/d/e 1/2/3") == .noMatch)
    }

    /// An unknown boundary before a window (next to `@`, whose word-break class is left to
    /// ICU) left the search over the whole text unsure of a match inside the window, while
    /// the search over UTF-8, begun at the window, was sure of it: the two answered
    /// otherwise. Both now search the same windows, counted in scalars. `\b\S{3`: ICU reads
    /// the unclosed `{3` as two characters, so the anchor is `{`, one scalar before it and
    /// one after. In these texts the one match is `d{3`, after a `\`: the boundary before
    /// `d` (a letter after punctuation) is certain, two scalars away from the `@`.
    @Test func bothSearchesReadTheSameWindows() throws {
        let spelled = try ICURegex(#"\b\S{3"#).spelled
        let a = try #require(RegexAutomaton(spelled, alphabet: RegexAlphabet(patterns: [spelled])))
        let anchor = try #require(a.anchor)
        #expect(anchor.byte == UInt8(ascii: "{") && anchor.before == 1 && anchor.after == 1)
        // The reproducer the fuzzer found (NULs and all), and the text it shrinks to.
        let found = String(repeating: "\0", count: 17) + "@" + String(repeating: "\0", count: 4)
            + #"}[-.\s]?\b\S[3}[-.\s]?\d{3}3}"# + "\0" + #"7.d\]s?{\-123-44w"#
        for text in [found, #"@s]?\d{3"#, #"@}[-.\s]?\b\S[3}[-.\s]?\d{3}"#, "@é]?\\d{3", "@😀?\\d{3"] {
            let (utf8, symbols) = RegexAutomatonUTF8Tests.bothAgree(a, text)
            #expect(utf8 == .match, "\(text.debugDescription) over UTF-8")
            #expect(symbols == .match, "\(text.debugDescription) over symbols")
        }
        // The `@` inside the window: the boundary before the `\S` is unknown, both say maybe.
        for text in ["@d{3", "x@d{3"] {
            let (utf8, symbols) = RegexAutomatonUTF8Tests.bothAgree(a, text)
            #expect(utf8 == .maybe && symbols == .maybe, "\(text.debugDescription): \(utf8), \(symbols)")
        }
    }

    /// Random patterns that hold an anchor between two random pieces, on random texts that
    /// often hold it: the search around the anchors never says "no match" where ICU finds
    /// one, nor "match" where it finds none, and it agrees with the search of the whole text.
    @Test func theSearchAroundAnchorsMissesNothingICUFinds() throws {
        var random = TestRandom(seed: 211)
        var built = 0, noMatch = 0, matched = 0
        let anchors = ["/", "%", "@", "#", "+", "=", "!"]
        for _ in 0..<1500 {
            let anchor = random.pick(anchors)
            let escaped = "+".contains(anchor) ? "\\" + anchor : anchor
            var pattern = RandomRegex.pattern(&random) + escaped + RandomRegex.pattern(&random).replacingOccurrences(of: "(?i)", with: "")
            if random.chance(30) { pattern = "(" + pattern + ")|" + escaped + RandomRegex.pattern(&random).replacingOccurrences(of: "(?i)", with: "") }
            guard let icu = try? ICURegex(pattern), let a = RegexAutomaton(icu.spelled, alphabet: RegexAlphabet(patterns: [icu.spelled])),
                  a.anchor != nil else { continue }
            built += 1
            let matcher = icu.makeMatcher(timeLimit: 5)
            for _ in 0..<30 {
                var text = RegexAutomatonUTF8Tests.text(&random, pattern)
                if random.chance(60) { text += anchor + RegexAutomatonUTF8Tests.text(&random, pattern) }
                let (utf8, symbols) = RegexAutomatonUTF8Tests.bothAgree(a, text)
                let found = matcher.find(text)
                let where_ = text.unicodeScalars.map { String($0.value, radix: 16) }
                if utf8 == .noMatch { noMatch += 1; #expect(found != .match, "\(pattern) matches \(where_)") }
                if utf8 == .match { matched += 1; #expect(found == .match, "\(pattern) does not match \(where_)") }
                #expect(try RegexAutomatonUTF8Tests.agree(a, pattern, text, utf8, symbols), "\(pattern) on \(where_): \(utf8) around anchors, \(symbols) over the whole text")
            }
        }
        #expect(built > 300 && noMatch > 2000 && matched > 100)
    }
}
