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
        (#"(?i-x)ab|(?x:c d)"#, []),                      // x turned on or off anywhere: give up
        (#"\(?xbox\)? deals"#, [" deals"]),               // an escaped `(` opens no flag group
        (#"[(?x]yz"#, ["yz"]),                            // nor does one in a class
        (#"\Qa.b\E"#, []),
        (#"\u0041BC"#, []),
        (#"(ab|cd)ef"#, ["ef"]),
        (#"(?:prize)+ now"#, [" now"]),
    ] as [(String, [String])])
    func extraction(_ pattern: String, _ expected: [String]) {
        #expect(RegexLiterals.required(pattern) == expected)
    }

    /// Syntax the extraction does not model hid a top-level `|`: the first alternative's
    /// literal became the only gate, and `cd` alone never ran the regex (a helper's fuzzing
    /// against ICU found these). Now it gives up on them: no gate, no leading bytes.
    @Test(arguments: [#"ab(?#()|cd"#, #"ab(?#[)|cd"#, #"ab(?#\)|cd"#, #"(?i)ab(?#()|cd"#, #"ab(\Q(\E)|cd"#,
                      #"ab([](])|cd"#, #"ab([^](])|cd"#, #"ab([[x](])|cd"#, #"a(\Q(\E)|b"#, #"a([](])|b"#,
                      #"a[](]|b"#, #"a[[x](]|b"#, #"'[](]|x"#])
    func unmodelledSyntaxGivesUp(_ pattern: String) throws {
        #expect(RegexLiterals.required(pattern) == [])
        #expect(RegexLiterals.leadingBytes(pattern) == nil)
        // ICU agrees the second alternative alone matches.
        let second = pattern.hasSuffix("|cd") ? "cd" : pattern.hasSuffix("|x") ? "x" : "b"
        #expect(try ICURegex(pattern).makeMatcher(timeLimit: 0).find(second) == .match)
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

/// The leading-byte prefilter: a regex without a required literal runs only when
/// its target holds a byte its matches can start with. Giving up (nil) is safe;
/// a missing byte is not.
@Suite("Regex leading bytes")
struct RegexLeadingBytesTests {
    static func bytes(_ set: [Bool]?) -> String? {
        guard let set else { return nil }
        let ascii = (0..<0x80).filter { set[$0] }.map { String(UnicodeScalar(UInt8($0))) }.joined()
        let high = (0x80..<0x100).allSatisfy { set[$0] } ? "+high" : (0x80..<0x100).contains { set[$0] } ? "+some-high" : ""
        return ascii + high
    }

    @Test(arguments: [
        (#"[A-Z]{5,}"#, "ABCDEFGHIJKLMNOPQRSTUVWXYZ" as String?),
        (#"^[0-9a-c]+x"#, "0123456789abc"),
        (#"\d{6}"#, "0123456789+high"),              // \d is any Unicode digit
        (#"[\d.]+"#, ".0123456789+high"),
        (#"\+\d"#, "+"),
        (#"(?i)[a-c]z"#, "ABCabc+high"),             // K and ſ match k and s case-insensitively
        (#"(?i)q"#, "Qq+high"),
        (#"[é-ü]"#, "+high"),
        (#"x?y"#, nil),                              // the first atom is optional
        (#"x*y"#, nil),
        (#"x{0,2}y"#, nil),
        (#"[^a]"#, nil),
        (#".abc"#, nil),
        (#"(ab)c"#, nil),
        (#"a|b"#, nil),
        (#"[a-z]+(?i)b"#, nil),                      // flags later: give up
        (#"\w+"#, nil),
        (#"\s"#, nil),
        (#"[[a-z]&&[^b]]"#, nil),
        (#"[]a]"#, nil),
        (#"(?x) a"#, nil),
    ] as [(String, String?)])
    func sets(_ pattern: String, _ expected: String?) {
        #expect(Self.bytes(RegexLiterals.leadingBytes(pattern)) == expected)
    }

    /// Wherever ICU finds a match, the text holds a leading byte (random texts).
    /// A probe found `(?i)[K]\d` (Kelvin sign) and `(?i)[À-ɏ]\d` (holding ſ) skipping `k1`
    /// and `S1`, which ICU matches: non-ASCII members pair with ASCII letters under (?i).
    @Test(arguments: [#"[A-Z]{2,}"#, #"(?i)[k-s]\d"#, #"\d\d"#, #"\+[0-9]"#, #"[a-f]+z"#,
                      "(?i)[\u{212A}]\\d", "(?i)\u{212A}\\d", "(?i)[À-ɏ]\\d", "(?i)ſ\\d", "(?i)[ſ]\\d"])
    func neverSkipsAMatch(_ pattern: String) throws {
        let set = try #require(RegexLiterals.leadingBytes(pattern))
        let matcher = try ICURegex(pattern).makeMatcher(timeLimit: 0)
        let pieces = ["a", "z", "K", "\u{212A}", "ſ", "S", "1", "٣", "+", " ", "é", "Q", "f", "FZ"]
        var state: UInt64 = 99
        for _ in 0..<3000 {
            var s = ""
            for _ in 0..<4 {
                state = state &* 6364136223846793005 &+ 1442695040888963407
                s += pieces[Int(state >> 33) % pieces.count]
            }
            if matcher.find(s) == .match {
                #expect(s.utf8.contains { set[Int($0)] }, "\(pattern) matches \(s)")
            }
        }
    }
}
