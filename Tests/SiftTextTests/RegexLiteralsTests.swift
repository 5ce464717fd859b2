// The leading bytes of a regex with no required literal (RegexPrefilter).
import Testing
import SiftText

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
