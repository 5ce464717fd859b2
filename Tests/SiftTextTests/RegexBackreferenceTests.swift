// Backreferences in the layers in front of ICU: `\1` (or `\k<name>`) to a group closed
// before it stands for a text that group's node matches, so each layer reads it as that
// node; the automaton never answers "matches" for certain on such a pattern (`(a|b)\1` is
// read as `(a|b)(a|b)`, which `ab` matches and ICU does not).
import Testing
@testable import SiftText

@Suite("Regex prefilter: backreferences")
struct RegexBackreferenceTests {
    static func decide(_ pattern: String, _ text: String) throws -> RegexDecision {
        try RegexExactTests.decide(pattern, text)
    }

    @Test func theParserReadsAReferenceAsItsGroup() {
        #expect(RegexSyntax.parse(#"(ab)\1"#) == .concat([.concat([.scalar("a"), .scalar("b")]), .backreference(.concat([.scalar("a"), .scalar("b")]))]))
        #expect(RegexSyntax.parse(#"(?<w>x)\k<w>"#) == .concat([.scalar("x"), .backreference(.scalar("x"))]))
        // Numbered by their `(`: the second group is `b`, whatever nests.
        #expect(RegexSyntax.parse(#"((a)|b)\2"#) == .concat([.alternation([.scalar("a"), .scalar("b")]), .backreference(.scalar("a"))]))
        #expect(RegexSyntax.parse(#"(?:a)(b)\1"#) == .concat([.scalar("a"), .scalar("b"), .backreference(.scalar("b"))]))
        // Inside its own group, before its group, or of two digits (which ICU may read as
        // one number or as a number and a digit): no text known.
        #expect(RegexSyntax.parse(#"(a\1)"#) == .concat([.scalar("a"), .unknown]))
        #expect(RegexSyntax.parse(#"\1(a)"#) == .concat([.unknown, .scalar("a")]))
        #expect(RegexSyntax.parse(#"(a)\12"#) == .concat([.scalar("a"), .unknown]))
    }

    @Test(arguments: [
        // The group's node again rules out what neither reading could match…
        (#"(?i)\b(free|gratis|gratuit)\W+\1\b"#, "FREE stuff, free delivery", RegexDecision.noMatch),
        (#"(?i)\b(free|gratis|gratuit)\W+\1\b"#, "gratis, gratis!", .maybe),
        (#"(\d{3})-\1"#, "call 555-12", .noMatch),
        (#"(\d{3})-\1"#, "call 555-555", .maybe),
        // …and leaves to ICU what only the same text decides: never a certain match.
        (#"(a|b)\1"#, "ab", .maybe),
        (#"(a|b)\1"#, "aa", .maybe),
        (#"(a|b)\1"#, "cc", .noMatch),
        (#"(?<n>x|y)z\k<n>"#, "xzq", .noMatch),
        (#"(?<n>x|y)z\k<n>"#, "xzy", .maybe),
        // A boundary inside the group is the group's, not the copy's: the copy is the group's
        // text wherever it stands (`aa` holds no boundary between its a's; found by the regex
        // fuzz harness as `(\b.)\1{4,}` on `&KKKKK`).
        (#"(\b\w)\1"#, "aa", .maybe),
        (#"(\b.)\1{4,}"#, "&KKKKK", .maybe),
        (#"(\b.)\1{4,}"#, "KKKK", .noMatch),                     // five scalars at least
        (#"(a\B)\1"#, "aa!", .maybe),
    ] as [(String, String, RegexDecision)])
    func theAutomatonReadsTheGroupAgain(_ pattern: String, _ text: String, _ expected: RegexDecision) throws {
        #expect(try Self.decide(pattern, text) == expected)
        // Never "cannot match" where ICU matches, never "matches" where it does not.
        let icu = try ICURegex(pattern).makeMatcher(timeLimit: 5)
        let found = icu.find(text) == .match
        if found { #expect(expected != .noMatch) } else { #expect(expected != .match) }
    }

    @Test func literalsAndRunsReadTheGroupAgain() throws {
        // `(ab|cd)x\1`: one of ab/cd, x, one of ab/cd in a row, all folded.
        let clauses = RegexPrefilter.clauses(try ICURegex(#"(ab|cd)x\1"#).spelled)
        #expect(clauses == [["abxab", "abxcd", "cdxab", "cdxcd"]])
        #expect(!RegexPrefilter.admits(clauses, "abx ab"))
        #expect(RegexPrefilter.admits(clauses, "ABXAB"))
        // `(\d{3})\1`: six digits in a row.
        let run = try #require(RegexRun.required(try ICURegex(#"(\d{3})\1"#).spelled))
        #expect(run.count == 6)
    }

    /// Random patterns with a group and a reference to it, over texts made of the group's
    /// pieces: where a layer says "cannot match", ICU finds no match; the automaton never
    /// says "matches" where ICU does not.
    @Test func randomReferencesNeverExcludeAMatch() throws {
        var random = TestRandom(seed: 71)
        let pieces = ["a", "b", "ab", "ss", "ß", "SS", "K", "k", "\u{212A}", "İ", "i", "σ", "ς", "Σ", "é", "1", "12", " ", "-", ".", "中", "😀"]
        let groups = ["(a|b)", "(\\w)", "(\\w+)", "(\\d{1,2})", "(ss|ß)", "(k)", "(σ|ς)", "(?<n>ab|b)", "(.)", "(a*)", "(i)", "([a-c]+)", "(\\b\\w)", "(.\\B)"]
        let between = ["", "", "\\s*", "\\W+", "-", "x?", "\\b", ".{0,2}", "(?:a|b)"]
        let repeats = ["", "", "{2}", "+", "{1,3}", "?", "*"]
        var checked = 0, ruledOut = 0
        for _ in 0..<600 {
            let group = random.pick(groups)
            let reference = group.hasPrefix("(?<n>") && random.chance(50) ? "\\k<n>" : "\\1"
            let pattern = (random.chance(40) ? "(?i)" : "") + (random.chance(30) ? "\\b" : "") + group + random.pick(between) + reference + random.pick(repeats)
                + (random.chance(30) ? "\\b" : "")
            guard let icu = try? ICURegex(pattern) else { continue }
            let matcher = icu.makeMatcher(timeLimit: 5)
            let clauses = RegexPrefilter.clauses(icu.spelled)
            let automaton = RegexAutomaton(icu.spelled)
            let run = RegexRun.required(icu.spelled)
            for _ in 0..<40 {
                var text = (0..<random.below(7)).map { _ in random.pick(pieces) }.joined()
                let found = matcher.find(text) == .match
                checked += 1
                if !RegexPrefilter.admits(clauses, text) {
                    ruledOut += 1
                    #expect(!found, "\(pattern): the clauses \(clauses) exclude \(text), which ICU matches")
                }
                if let run, !text.withUTF8({ run.isHeld(by: $0) }) {
                    ruledOut += 1
                    #expect(!found, "\(pattern): the run excludes \(text), which ICU matches")
                }
                if let automaton {
                    let d = text.withUTF8 { automaton.decide($0) }
                    if d == .noMatch { ruledOut += 1 }
                    #expect(!(d == .noMatch && found), "\(pattern): the automaton excludes \(text), which ICU matches")
                    #expect(d != .match, "\(pattern): the automaton is certain of \(text)")
                }
            }
        }
        // The test means something only if the layers ruled texts out often enough.
        #expect(ruledOut > checked / 5)
    }
}

/// `(.)\1{4,}`: a one-scalar group and a backreference right after it hold that many of one
/// scalar in a row, which the regex stage looks for before ICU.
@Suite("Regex prefilter: one scalar repeated")
struct RegexSameScalarsTests {
    @Test(arguments: [
        (#"(.)\1{4,}"#, 5 as Int?), (#"(.)\1"#, 2), (#"x([!?])\1{2}"#, 3), (#"(?<c>.)\k<c>{3}"#, 4),
        (#"ab(\d)\1{2}cd"#, 3), (#"(.)\1\1"#, 2),                       // the second \1 follows the first: a bound
        (#"(.)x\1"#, nil), (#"(.)+\1"#, nil), (#"a|(.)\1{3}"#, nil), (#"((.)\2{3})"#, nil), (#"(?i)(.)\1{3}"#, nil),
        (#"(ab)\1"#, nil), (#"(.)\1{0,3}"#, nil), (#"(.)(.)\1{4}"#, nil), (#"(.)\12"#, nil), (#"(?=(.)\1)x"#, nil),
    ])
    func howMany(_ pattern: String, _ expected: Int?) throws {
        #expect(RegexSyntax.sameScalars(try ICURegex(pattern).spelled) == expected)
    }

    @Test(arguments: [("", 0), ("a", 1), ("aaa", 3), ("abbb", 3), ("ééé x", 3), ("😀😀", 2), ("aéé", 2), ("é\u{301}\u{301}", 2),
                      ("ab ab", 1), ("xxxxxxxx", 4)])
    func longestRun(_ text: String, _ expected: Int) {
        var t = text
        #expect(t.withUTF8 { RegexRun.longestSameScalars($0, cap: 4) } == expected)
    }

    /// Random texts of a few pieces: where the text lacks the run, ICU finds no match.
    @Test func aTextWithoutTheRunHasNoMatch() throws {
        var random = TestRandom(seed: 5)
        let patterns = [#"(.)\1{4,}"#, #"([!?])\1{2}"#, #"(\w)\1"#, #"a(.)\1{2}b"#, #"(?<c>[é😀])\k<c>"#]
        let pieces = ["a", "aa", "!", "!!", "?", "é", "éé", "😀", "b", " ", "\u{301}", "ab"]
        var ruledOut = 0
        for p in patterns {
            let icu = try ICURegex(p)
            let matcher = icu.makeMatcher(timeLimit: 5)
            let need = try #require(RegexSyntax.sameScalars(icu.spelled))
            for _ in 0..<300 {
                var text = (0..<random.below(8)).map { _ in random.pick(pieces) }.joined()
                if text.withUTF8({ RegexRun.longestSameScalars($0, cap: need) }) < need {
                    ruledOut += 1
                    #expect(matcher.find(text) != .match, "\(p) matches \(text)")
                }
            }
        }
        #expect(ruledOut > 500)
    }
}
