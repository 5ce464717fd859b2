// Required literals gate regexes: a literal must be in every match, or the
// prefilter would skip a regex that matches. Extraction may give up (no
// literal) but must never name a literal a match can lack.
import Testing
import SiftText

@Suite("Regex required literals")
struct RegexLiteralsTests {
    @Test(arguments: [
        (#"\d{6} is your code"#, [" is your code"]),
        (#"(?i)\bwin(ner)?\b"#, ["win"]),
        (#"(?i)free\s+offer"#, ["offer"]),
        (#"https?://\S+\.example\.org"#, [".example.org"]),
        (#"(?i)^AMAZON$"#, ["amazon"]),                    // folded
        (#"\+234\d+"#, ["+234"]),
        (#"(?i)unsubscribe|stop to"#, ["unsubscribe", "stop to"]),
        (#"lottery|jackpot"#, ["lottery", "jackpot"]),
        (#"colou?r"#, ["colo"]),                          // u is optional
        (#"ab*c"#, []),                                   // a and c alone are shorter than 2 bytes
        (#"abc*d"#, ["ab"]),
        (#"go{0,3}al"#, ["al"]),
        (#"go{2}al"#, ["go"]),
        (#"STRASSE"#, ["strasse"]),
        (#"Straße"#, ["strasse"]),                        // folded like the text it is found in
        (#"[A-Z]{5,}"#, []),
        (#"x|[0-9]+"#, []),                               // one alternative has no literal
        (#"(?x) a b c"#, []),                             // extended mode: give up
        (#"\Qa.b\E"#, []),
        (#"\u0041BC"#, []),
        (#"(ab|cd)ef"#, ["ef"]),
        (#"(?:prize)+ now"#, [" now"]),
    ] as [(String, [String])])
    func extraction(_ pattern: String, _ expected: [String]) {
        #expect(RegexLiterals.required(pattern) == expected)
    }

    /// Each literal really is in every match: checked with ICU on sample matches.
    @Test(arguments: [
        (#"colou?r"#, ["color", "colour"]),
        (#"(?i)unsubscribe|stop to"#, ["UNSUBSCRIBE", "Stop To"]),
        (#"go{0,3}al"#, ["gal", "gooal"]),
        (#"(?i)\bwin(ner)?\b"#, ["WIN", "winner"]),
    ] as [(String, [String])])
    func literalsAreInEveryMatch(_ pattern: String, _ matches: [String]) throws {
        let literals = RegexLiterals.required(pattern)
        let matcher = try ICURegex(pattern).makeMatcher(timeLimit: 0)
        for m in matches {
            #expect(matcher.find(m) == .match)
            let folded = CaseFold.fold(m)
            #expect(literals.contains { folded.contains($0) }, "\(m) lacks every literal of \(pattern)")
        }
    }
}
