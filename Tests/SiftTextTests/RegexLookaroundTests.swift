// Negative lookarounds at a pattern's ends (`(?<!\d)\d{6}(?!\d)`, the one-time code that is
// not part of a longer number): the automaton reads them exactly, the text's start and end
// counting as scalars outside the class.
import Testing
@testable import SiftText

@Suite("Regex prefilter: negative lookarounds at the ends")
struct RegexLookaroundTests {
    static func decide(_ pattern: String, _ text: String) throws -> RegexDecision {
        let spelled = try ICURegex(pattern).spelled
        let a = try #require(RegexAutomaton(spelled, alphabet: RegexAlphabet(patterns: [spelled])))
        var t = text
        return t.withUTF8 { a.decide($0) }
    }

    @Test(arguments: [
        (#"(?<!\d)\d{5}(?!\d)"#, "code 12345", RegexDecision.match),
        (#"(?<!\d)\d{5}(?!\d)"#, "12345", .match),                     // the text's ends
        (#"(?<!\d)\d{5}(?!\d)"#, "a12345b", .match),
        (#"(?<!\d)\d{5}(?!\d)"#, "123456", .noMatch),
        (#"(?<!\d)\d{5}(?!\d)"#, "x123456x and 1234", .noMatch),
        (#"(?<!\d)\d{5}(?!\d)"#, "123456 or 12345", .match),
        (#"(?<!\d)\d{5}(?!\d)"#, "", .noMatch),
        (#"(?<!\d)\d{5}(?!\d)"#, "١٢٣٤٥٦", .noMatch),                  // Arabic-Indic digits are \d
        (#"(?i)(?<![\w.])\d{4}(?![\w.])"#, "in 2024 ok", .match),
        (#"(?i)(?<![\w.])\d{4}(?![\w.])"#, "v1.2024", .noMatch),
        (#"(?i)(?<![\w.])\d{4}(?![\w.])"#, "A2024", .noMatch),
        (#"(?i)(?<![\w.])\d{4}(?![\w.])"#, "2024", .match),
        (#"(?<![\p{Han}])码\d{4}"#, "验证码1234", .noMatch),             // 证 before 码 is Han
        (#"(?<![\p{Han}])码\d{4}"#, "code码1234", .match),
        (#"(?<!x)ab"#, "xab", .noMatch),
        (#"(?<!x)ab"#, "ab", .match),
        (#"ab(?!c)"#, "abc abd", .match),
        (#"ab(?!c)"#, "abc", .noMatch),
        (#"ab(?!c)"#, "ab", .match),
    ] as [(String, String, RegexDecision)])
    func readExactly(_ pattern: String, _ text: String, _ expected: RegexDecision) throws {
        #expect(try Self.decide(pattern, text) == expected)
        let found = try ICURegex(pattern).makeMatcher(timeLimit: 5).find(text) == .match
        #expect(found == (expected == .match))
    }

    /// `a?(?!\d)` matches the empty text at its end: read with the end as a symbol it would
    /// need none of the text's bytes, which the first-byte gate does not allow for (found by
    /// the regex fuzz harness, `(\!d$<?){0}(?!\d)` on the empty text). Such a pattern
    /// matches the empty text and gets no automaton, as without its lookarounds.
    @Test func aMiddleThatMatchesNothingIsNotReadThisWay() throws {
        for pattern in [#"a?(?!\d)"#, #"(?<!x)b*"#, #"(\!d$<?){0}(?!\d)"#, #"(?<!\d)(?!\d)"#] {
            let spelled = try ICURegex(pattern).spelled
            #expect(RegexAutomaton(spelled, alphabet: RegexAlphabet(patterns: [spelled])) == nil, "\(pattern)")
            #expect(try ICURegex(pattern).makeMatcher(timeLimit: 5).find("") == .match, "\(pattern)")
        }
    }

    @Test func aCasedClassUnderCaseInsensitivityIsLeftABound() throws {
        // `(?i)(?<!a)b`: ICU's lookbehind refuses `A` too; its complement is not read exactly.
        #expect(RegexAutomaton.exactClass(.scalar("a"), insensitive: true) == nil)
        #expect(RegexAutomaton.exactClass(.scalar("a"), insensitive: false) != nil)
        #expect(RegexAutomaton.exactClass(.oneOf(nil, .digit), insensitive: true) != nil)
        #expect(try Self.decide(#"(?i)(?<!a)b"#, "Ab") != .match)
    }

    /// Random one-scalar lookarounds around random middles, over texts of their pieces: the
    /// automaton never says "cannot match" where ICU matches, nor "matches" where it does not.
    @Test func randomLookaroundsAgreeWithICU() throws {
        var random = TestRandom(seed: 91)
        let classes = [#"\d"#, #"[\w.]"#, #"\s"#, "x", "é", #"[a-c]"#, #"\p{Han}"#, #"[^\d]"#, #"\w"#, "[.,]", #"[\u0600-\u06FF]"#, "😀"]
        let middles = [#"\d{2,3}"#, #"\d+"#, "ab", #"\w+"#, "中", #"[a-z]{2}"#, #"\b\d\d\b"#, "x?y", "é+", #"\s"#]
        let pieces = ["1", "12", "123", "a", "b", "ab", "x", "y", "é", "中", ".", " ", ",", "😀", "ش", "١", "A", "_"]
        var checked = 0, decided = 0
        for _ in 0..<400 {
            let pattern = (random.chance(30) ? "(?i)" : "") + (random.chance(70) ? "(?<!\(random.pick(classes)))" : "")
                + random.pick(middles) + (random.chance(70) ? "(?!\(random.pick(classes)))" : "")
            guard let icu = try? ICURegex(pattern), let automaton = RegexAutomaton(icu.spelled, alphabet: RegexAlphabet(patterns: [icu.spelled])) else { continue }
            let matcher = icu.makeMatcher(timeLimit: 5)
            for _ in 0..<30 {
                var text = (0..<random.below(6)).map { _ in random.pick(pieces) }.joined()
                let found = matcher.find(text) == .match
                let d = text.withUTF8 { automaton.decide($0) }
                checked += 1
                if d != .maybe { decided += 1 }
                #expect(!(d == .noMatch && found), "\(pattern): the automaton excludes \(text), which ICU matches")
                #expect(!(d == .match && !found), "\(pattern): the automaton is certain of \(text), which ICU does not match")
            }
        }
        // The test means something only if the automaton decided most texts itself.
        #expect(decided > checked / 2)
    }
}
