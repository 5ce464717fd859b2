// The regex prefilter's literal sets: a clause must hold in every match, or
// the engine would skip a regex that matches. Extraction may give up (no
// clause) but must never name a clause a match can lack. Expected clauses are
// worked out by hand from the patterns: strings folded, shortest first, a
// string that holds another of its clause dropped, clauses best first.
import Testing
import SiftText

@Suite("Regex prefilter: literal sets")
struct RegexPrefilterTests {
    @Test(arguments: [
        (#"\d{6} is your code"#, [[" is your code"]]),
        (#"(?i)\bwin(ner)?\b"#, [["win"]]),                            // winner holds win
        (#"(?i)free\s+offer"#, [["offer"], ["free"]]),                 // both needed
        (#"https?://\S+\.example\.org"#, [[".example.org"], ["http://", "https://"]]),
        // A clause a stronger one implies is left out: `com` is in every `.com`, `login` in `login code`.
        (#"(?i)\b[\w.+-]+@[\w-]+\.(com|net)\b"#, [[".com", ".net"]]),
        (#"(?i)\b(verification|login) code\b"#, [["login code", "verification code"]]),
        (#"(?i)^AMAZON\z"#, [["amazon"]]),
        (#"(?i)\b(loan|credit|kredi|кредит|prêt|préstamo)\b"#, [["loan", "kredi", "prêt", "credit", "préstamo", "кредит"]]),
        (#"verify (your )?account"#, [["verify account", "verify your account"]]),
        (#"colou?r"#, [["color", "colour"]]),
        (#"(?i)(parcel|colis)\b.*\b(hold|zoll)"#, [["colis", "parcel"], ["hold", "zoll"]]),
        (#"\+(234|92)\d{6,}"#, [["+92", "+234"]]),
        (#"(?i)\b(free|gratis)\W+\1\b"#, [["free", "gratis"]]),       // the backreference adds nothing
        (#"(?<=\$)\d{3,}"#, [["$"]]),                                  // a lookbehind's text is in the text
        (#"(?<!\$)price"#, [["price"]]),                               // a negative one says nothing
        (#"(?=.*code)\d{4}"#, [["code"]]),
        (#"(?!code)\d{4}"#, []),
        (#"((abc)?def)?ghi"#, [["ghi"]]),                              // nested optional groups
        (#"(ab)?cd"#, [["cd"]]),
        (#"(ab|)cd"#, [["cd"]]),                                       // an empty alternative
        (#"(a|)"#, []),
        (#"x{0}yz"#, [["yz"]]),                                        // {0}: not there at all
        (#"(?:abc){0}de"#, [["de"]]),
        (#"(?:ab)+c"#, [["ab"]]),
        (#"(ha){3}"#, [["hahaha"]]),
        (#"ab{2}c"#, [["abbc"]]),
        (#"\Qa.b\E"#, [["a.b"]]),
        (#"\Qa(b|c"#, [["a(b|c"]]),                                    // \Q without \E: to the end
        (#"[Cc]ode"#, [["code"]]),                                     // a class of a few letters, folded
        (#"\.com\b"#, [[".com"]]),
        (#"[$£€]\d+"#, [["$", "£", "€"]]),
        (#"[😀😂]!"#, [["😀!", "😂!"]]),                                 // scalars above the BMP
        (#"[\x{1F600}-\x{1F64F}]+"#, []),                              // a range of escapes: not read
        (#"\u20AC\d"#, [["€"]]),
        (#"\x{1F4E6} ready"#, [["📦 ready"]]),
        (#"ab|cd"#, [["ab", "cd"]]),
        (#"ab|[0-9]+"#, []),                                           // one alternative needs nothing
        (#"(?i)straße"#, [["strasse"]]),                               // folded as the text is
        (#"STRASSE"#, [["strasse"]]),                                  // case-sensitive: folded all the same
        (#"(?i)ΣΟΦΟΣ"#, [["σοφοσ"]]),                                  // final sigma folds to σ
        ("(?i)\u{212A}elvin", [["kelvin"]]),                           // the Kelvin sign folds to k
        ("(?i)\u{130}stanbul", [["i\u{307}stanbul"]]),                 // İ folds to i + U+0307
        (#"[A-Z]{5,}"#, []),
        (#"\b\d{3}[-.\s]?\d{3}[-.\s]?\d{4}\b"#, []),
        (#"(\w+)\s+\1"#, []),
        (#"\d{1,2}/\d{1,2}"#, [["/"]]),
        (#"a.b"#, []),                                                 // one letter is too common to gate on
        (#"(?x) a b"#, []),                                            // extended mode: not modelled
        (#"ab(?#c)d"#, []),                                            // comments: not modelled
        (#"[]a]bc"#, []),                                              // a leading ]: not modelled
        (#"\N{DIGIT ONE}23"#, []),
        (#"(?i:abc)|(?-i:def)"#, [["abc", "def"]]),
        (#"[[a-z]&&[^x]]yz"#, [["yz"]]),                               // nested sets: not plain, end found
        (#"[a\]]yz"#, [["]yz", "ayz"]]),
        (#"a\-b"#, [["a-b"]]),
        (#"[-x]yz"#, [["-yz", "xyz"]]),
    ] as [(String, [[String]])])
    func extraction(_ pattern: String, _ expected: [[String]]) throws {
        #expect(RegexPrefilter.clauses(pattern) == expected)
        _ = try ICURegex(pattern)       // every pattern here is one ICU accepts
    }

    /// Syntax that hid a top-level `|` from earlier readings: whatever the clauses are, the
    /// second alternative alone (which ICU matches) satisfies them.
    @Test(arguments: [#"ab(?#()|cd"#, #"ab(?#[)|cd"#, #"ab(?#\)|cd"#, #"(?i)ab(?#()|cd"#, #"ab(\Q(\E)|cd"#,
                      #"ab([](])|cd"#, #"ab([^](])|cd"#, #"ab([[x](])|cd"#, #"a(\Q(\E)|b"#, #"a([](])|b"#,
                      #"a[](]|b"#, #"a[[x](]|b"#, #"'[](]|x"#])
    func unmodelledSyntaxNeverExcludes(_ pattern: String) throws {
        let second = pattern.hasSuffix("|cd") ? "cd" : pattern.hasSuffix("|x") ? "x" : "b"
        #expect(try ICURegex(pattern).makeMatcher(timeLimit: 0).find(second) == .match)
        #expect(RegexPrefilter.admits(RegexPrefilter.clauses(pattern), second))
    }

    /// A class range from a character to itself (`[.-.]`, `[a-a]`) is that character; reading
    /// it once stopped the process (a range from the next scalar down to it). Found by the
    /// regex fuzz harness with `\b|d{3}[.-.^s]?…`.
    @Test(arguments: [
        (#"x[.-.]y"#, ["x.y"], ["x-y", "xy"]),
        (#"[a-a]bc"#, ["abc"], ["bbc"]),
        (#"\b|d{3}[.-.^s]?\d"#, ["ddd.1", "ddd^1"], []),
    ] as [(String, [String], [String])])
    func aRangeFromACharacterToItselfIsThatCharacter(_ pattern: String, _ matching: [String], _ notMatching: [String]) throws {
        let clauses = RegexPrefilter.clauses(pattern)
        let matcher = try ICURegex(pattern).makeMatcher(timeLimit: 0)
        for t in matching {
            #expect(matcher.find(t) == .match, "\(t)")
            #expect(RegexPrefilter.admits(clauses, t), "\(pattern) matches \(t) but its clauses \(clauses) exclude it")
        }
        for t in notMatching { #expect(matcher.find(t) != .match, "\(t)") }
    }

    /// A stray `\E` (no `\Q` before it) is ICU's letter E. The layer had read it as nothing,
    /// so `\Eb` was `b` and the automaton said it matches any text with a `b` (ICU: no
    /// match). Found by the regex fuzz harness (`\Eb` against a text ending `\b`).
    @Test func aStrayQuoteEndIsTheLetterE() throws {
        let matcher = try ICURegex(#"\Eloan"#).makeMatcher(timeLimit: 0)
        #expect(matcher.find("Eloan") == .match)
        #expect(matcher.find("a loan") == .noMatch)
        #expect(RegexPrefilter.clauses(#"\Eloan"#) == [["eloan"]])
        #expect(RegexPrefilter.admits(RegexPrefilter.clauses(#"\Eloan"#), "Eloan"))
        #expect(!RegexPrefilter.admits(RegexPrefilter.clauses(#"\Eloan"#), "a loan"))
    }

    /// An octal escape takes the digits that keep it at most 0377: ICU reads `\0600` as
    /// `\060` (a `0`) and the text `0`. The layer had read `\0600` as U+0180, and its
    /// clause excluded texts ICU matches. Found by the regex fuzz harness (`\0600}(?i)`).
    @Test func anOctalEscapeStopsAt0377() throws {
        let regex = try ICURegex(#"\0600}"#)
        let matcher = regex.makeMatcher(timeLimit: 0)
        #expect(matcher.find("x 00} y") == .match)
        #expect(matcher.find("\u{180}}") == .noMatch)
        #expect(RegexPrefilter.clauses(regex.spelled) == [["00}"]])
        let automaton = try #require(RegexAutomaton(regex.spelled))
        var t = "x 00} y"
        #expect(t.withUTF8 { automaton.decide($0) } == .match)
        // Three digits where they stay under 0400: `\0101` is `A`.
        #expect(RegexPrefilter.clauses(#"\0101bc"#) == [["abc"]])
        #expect(try ICURegex(#"\0101bc"#).makeMatcher(timeLimit: 0).find("Abc") == .match)
    }

    /// Under `(?i)` ICU closes a class over case: a range past ASCII (`[$£-€]`) holds `ſ`,
    /// so it matches `s`. The automaton had read the range's ASCII part as `$` alone and
    /// ruled `s` out. Found by the regex fuzz harness (`(?i)(?i:)[$£-€]\s?`).
    @Test func anInsensitiveRangePastASCIIHoldsASCIILetters() throws {
        for pattern in [#"(?i)[$£-€]"#, #"(?i)(?i:)[$£-€]\s?"#] {
            let regex = try ICURegex(pattern)
            #expect(regex.makeMatcher(timeLimit: 0).find("tsa") == .match)
            #expect(regex.makeMatcher(timeLimit: 0).find("xyz") == .noMatch)
            let automaton = try #require(RegexAutomaton(regex.spelled))
            var t = "tsa"
            #expect(t.withUTF8 { automaton.decide($0) } != .noMatch, "\(pattern)")
        }
        // Case-sensitive, the same range does not hold `s`.
        #expect(try ICURegex(#"[$£-€]"#).makeMatcher(timeLimit: 0).find("tsa") == .noMatch)
    }

    /// `\p` with neither a `{name}` nor a letter after it (`[A-\p]…`) is not read by the
    /// layer at all: it had taken `\p]` as a property and the class as running on past the
    /// alternatives after it, whose `b` ICU matches. Found by the regex fuzz harness.
    @Test func aPropertyEscapeWithoutANameGetsNoPrefilter() throws {
        let pattern = "(1i)[A-\\p]$d{3{d{?-$(?i)|b(?i)|b~\u{05}v\u{05}}]|\\f$\\fl^y|}K-"
        let text = "i.\0{1[[:alpha:b\0oc@z\0^,^"
        let regex = try ICURegex(pattern)
        #expect(regex.makeMatcher(timeLimit: 0).find(text) == .match)
        let clauses = RegexPrefilter.clauses(regex.spelled)
        #expect(RegexPrefilter.admits(clauses, text), "its clauses \(clauses) exclude a text ICU matches")
        if let automaton = RegexAutomaton(regex.spelled) {
            var t = text
            #expect(t.withUTF8 { automaton.mayMatch($0) })
        }
    }

    /// `[$-\p{]|[}]{`: ICU reads `\p` after `-` as `p`, the range's end (`$`–`p`, so `a`
    /// matches), and the first `]` as the class's end, then the alternative `[}]{`. The
    /// layer had read `\p{]|[}` as a property, the class as running on past the `|`, and
    /// required what follows it.
    @Test func aRangeToAPropertyEscapeGetsNoPrefilter() throws {
        let regex = try ICURegex("[$-\\p{]|[}]{")
        #expect(regex.makeMatcher(timeLimit: 0).find("a") == .match)
        #expect(regex.makeMatcher(timeLimit: 0).find("z") != .match)
        let clauses = RegexPrefilter.clauses(regex.spelled)
        #expect(RegexPrefilter.admits(clauses, "a"), "its clauses \(clauses) exclude a text ICU matches")
        if let automaton = RegexAutomaton(regex.spelled) {
            var t = "a"
            #expect(t.withUTF8 { automaton.mayMatch($0) })
        }
    }

    /// `[\c[.]?|]`: `\c[` is one character (ESC), so the class is `[\c[.]`, optional, and
    /// the empty text matches. The layer had taken the `[` for a nested set and the class as
    /// running on to the last `]`, a character the text must hold.
    @Test func aControlEscapeInAClassGetsNoPrefilter() throws {
        let regex = try ICURegex("[\\c[.]?|]")
        #expect(regex.makeMatcher(timeLimit: 0).find("") == .match)
        let clauses = RegexPrefilter.clauses(regex.spelled)
        #expect(RegexPrefilter.admits(clauses, ""), "its clauses \(clauses) exclude a text ICU matches")
        if let automaton = RegexAutomaton(regex.spelled) {
            var t = ""
            #expect(t.withUTF8 { automaton.mayMatch($0) })
        }
    }

    /// What ICU matches under `(?i)` holds the folded clause: ß, İ, final sigma, K, ſ.
    @Test(arguments: [
        (#"(?i)straße"#, ["STRASSE", "strasse", "Straße", "STRAẞE"]),
        (#"(?i)strasse"#, ["Straße", "STRASSE"]),
        ("(?i)\u{130}stanbul", ["\u{130}STANBUL", "i\u{307}stanbul"]),
        (#"(?i)istanbul"#, ["ISTANBUL", "Istanbul"]),
        (#"(?i)σοφος"#, ["ΣΟΦΟΣ", "σοφος", "σοφος"]),
        (#"(?i)kelvin"#, ["\u{212A}elvin", "KELVIN"]),
        (#"(?i)sale"#, ["\u{17F}ale", "SALE"]),
        (#"(?i)\b(loan|credit|kredi|кредит|prêt|préstamo)\b"#, ["КРЕДИТ", "PRÊT", "Préstamo", "LOAN"]),
    ] as [(String, [String])])
    func caseInsensitiveMatchesHoldTheClauses(_ pattern: String, _ texts: [String]) throws {
        let clauses = RegexPrefilter.clauses(pattern)
        #expect(!clauses.isEmpty)
        let matcher = try ICURegex(pattern).makeMatcher(timeLimit: 0)
        for t in texts where matcher.find(t) == .match {
            #expect(RegexPrefilter.admits(clauses, t), "\(pattern) matches \(t) but its clauses \(clauses) exclude it")
        }
    }

    /// Random small patterns × random texts of many scripts: wherever the clauses say a text
    /// cannot match, ICU finds no match.
    @Test func randomPatternsNeverExcludeAMatch() throws {
        var random = TestRandom(seed: 21)
        var checked = 0, excluded = 0
        for _ in 0..<2000 {
            let pattern = RandomRegex.pattern(&random)
            guard let icu = try? ICURegex(pattern) else { continue }
            // A time limit: nested empty repetitions (`(\b*)+`) can keep ICU going for ever.
            let matcher = icu.makeMatcher(timeLimit: 5)
            let clauses = RegexPrefilter.clauses(icu.spelled)
            for _ in 0..<60 {
                let text = RandomRegex.text(&random, likePattern: pattern)
                checked += 1
                if !RegexPrefilter.admits(clauses, text) {
                    excluded += 1
                    #expect(matcher.find(text) != .match, "\(pattern) (clauses \(clauses)) matches \(text.unicodeScalars.map { String($0.value, radix: 16) })")
                }
            }
        }
        // The test means something only if the clauses excluded texts often enough.
        #expect(excluded > checked / 10)
    }
}

/// A seeded generator for tests (xorshift).
struct TestRandom {
    var state: UInt64
    init(seed: UInt64) { state = seed &* 0x9E37_79B9_7F4A_7C15 | 1 }
    mutating func next() -> UInt64 {
        state ^= state << 13; state ^= state >> 7; state ^= state << 17
        return state
    }
    mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
    mutating func pick<T>(_ a: [T]) -> T { a[below(a.count)] }
    mutating func chance(_ percent: Int) -> Bool { below(100) < percent }
}

/// Small patterns and texts made of pieces that interact with folding and the syntax.
enum RandomRegex {
    static let literals = ["a", "b", "ab", "ss", "ß", "SS", "ẞ", "İ", "i", "I", "ı", "i\u{307}", "σ", "ς", "Σ", "k", "K", "\u{212A}",
                           "ſ", "s", "é", "e\u{301}", "中", "文", "😀", "👍🏽", "ש", "ل", "\u{301}", ".", "-", "$", "€", " ", "1", "٣", "ﬀ", "ff", "st", "ﬆ"]
    static let atoms = ["\\u00DF", "\\x{130}", "[\\u00DF]", "\\d", "\\w", "\\s", "\\D", "\\S", "[A-Z]", "[-.\\s]", "\\A", "\\z", "[a-c]", "[ßs]", "[İi]", "[σς]", ".", "\\b", "\\B", "[^a]", "\\p{L}", "[😀-😂]", "\\p{Han}",
                        "\\X", "\\.", "\\$", "\\Qa.\\E", "\\x{1F600}", "\\u00DF", "(?=a)", "(?<=b)", "(?!a)", "^", "$", "\\1"]
    static let quantifiers = ["", "", "", "?", "*", "+", "{0}", "{2}", "{1,2}", "??", "+?"]

    static func pattern(_ r: inout TestRandom) -> String {
        var out = r.chance(40) ? "(?i)" : ""
        func piece(_ depth: Int) -> String {
            switch r.below(depth > 1 ? 3 : 5) {
            case 0, 1: return r.pick(literals) + (r.chance(30) ? r.pick(quantifiers) : "")
            case 2: return r.pick(atoms) + (r.chance(30) ? r.pick(quantifiers) : "")
            case 3:
                let n = 1 + r.below(3)
                let alts = (0..<n).map { _ in (0..<(r.below(3))).map { _ in piece(depth + 1) }.joined() }
                return "(" + (r.chance(30) ? "?:" : r.chance(10) ? "?i:" : "") + alts.joined(separator: "|") + ")" + r.pick(quantifiers)
            default: return "[" + (0..<(1 + r.below(3))).map { _ in r.pick(literals.filter { $0.unicodeScalars.count == 1 && $0 != "-" }) }.joined() + "]"
            }
        }
        for _ in 0..<(1 + r.below(4)) { out += piece(0) }
        if r.chance(10) { out += "|" + piece(1) }
        return out
    }

    /// A text of pieces, half the time built from the pattern's own literals (so matches happen).
    static func text(_ r: inout TestRandom, likePattern pattern: String) -> String {
        let own = pattern.unicodeScalars.filter { !"\\()[]{}?*+|^$.".unicodeScalars.contains($0) }.map { String($0) }
        var s = ""
        for _ in 0..<r.below(7) {
            s += r.chance(50) && !own.isEmpty ? r.pick(own) : r.pick(literals + ["A", "B", "Ab", "x", "שלום", "مرحبا", "\u{200F}", "\u{200D}"])
        }
        return s
    }
}

/// The DFA in front of ICU for patterns without a good literal: it may say "maybe" too
/// often, never "no" where ICU matches.
@Suite("Regex prefilter: automaton")
struct RegexAutomatonTests {
    static func may(_ pattern: String, _ text: String) throws -> Bool {
        let a = try #require(RegexAutomaton(try ICURegex(pattern).spelled))
        var t = text
        return t.withUTF8 { a.mayMatch($0) }
    }

    @Test(arguments: [
        (#"\b\d{6}\b"#, "your code 123456.", true),
        (#"\b\d{6}\b"#, "call 12345 or 1234", false),
        (#"\b\d{6}\b"#, "رمز ٣٤٥٦٧٨", true),                       // \d is any Unicode digit
        (#"\b\d{6}\b"#, "שלום שלום עולם ומלואו", false),            // letters are not digits
        (#"\b\d{3}[-.\s]?\d{3}[-.\s]?\d{4}\b"#, "call 555-123-4567", true),
        (#"\b\d{3}[-.\s]?\d{3}[-.\s]?\d{4}\b"#, "call 555-123-456 today", false),
        (#"\b\d{3}[-.\s]?\d{3}[-.\s]?\d{4}\b"#, "call 555\u{A0}123\u{2003}4567", true),   // \s is any Unicode space
        (#"[A-Z]{5,}"#, "a HELLO", true),
        (#"[A-Z]{5,}"#, "Hello World ÀÉÎÕÜ", false),                // [A-Z] is ASCII only
        (#"^\d{4,6}$"#, "12345", true),
        (#"^\d{4,6}$"#, "1234567", false),                          // anchored at both ends
        (#"^\d{4,6}$"#, "x12345", false),
        (#"^\d{4,6}$"#, "123", false),
        (#"(?i)abc\d"#, "xABC1", true),
        (#"(?i)abc\d"#, "xab c1", false),
        (#"(?i)abc\d"#, "é", false),                                // é folds to no ASCII letter
        (#"(?i)ss"#, "ß", true),                                    // ß folds to ss: ICU decides
        (#"(\w)\1{3}"#, "abcd", true),                              // a backreference is any text
        (#"a(?=b)c"#, "ac", true),                                  // lookarounds are read as empty
        (#"[😀-😂]{2}"#, "😀😂", true),
        (#"[😀-😂]{2}"#, "😀 😂", false),
        // Under (?i) a property with cased members is any scalar, a bound: the `x` still counts.
        (#"(?i)\p{L}x"#, "Éx", true),
        (#"(?i)\p{L}x"#, "zz", false),
    ] as [(String, String, Bool)])
    func answers(_ pattern: String, _ text: String, _ expected: Bool) throws {
        #expect(try Self.may(pattern, text) == expected)
    }

    @Test(arguments: [#"a*"#, #"(?i)straße"#, #"(?i)\u00DF"#, #"x?"#, #"(a|)"#,
                      #"(?:\d{10}[a-z]{10}){13}"#, #"(?i)x[[:digit:]]"#])
    func none(_ pattern: String) throws {
        #expect(RegexAutomaton(try ICURegex(pattern).spelled) == nil)
    }

    /// Random small patterns × random texts: wherever the automaton says no, ICU finds nothing.
    @Test func randomPatternsNeverExcludeAMatch() throws {
        var random = TestRandom(seed: 57)
        var built = 0, excluded = 0
        for _ in 0..<2000 {
            let pattern = RandomRegex.pattern(&random)
            guard let icu = try? ICURegex(pattern), let a = RegexAutomaton(icu.spelled) else { continue }
            built += 1
            let matcher = icu.makeMatcher(timeLimit: 5)
            for _ in 0..<60 {
                var text = RandomRegex.text(&random, likePattern: pattern)
                if !text.withUTF8({ a.mayMatch($0) }) {
                    excluded += 1
                    #expect(matcher.find(text) != .match, "\(pattern) matches \(text.unicodeScalars.map { String($0.value, radix: 16) })")
                }
            }
        }
        #expect(built > 300 && excluded > 1000)
    }
}

/// The search over UTF-8 as the regex stage runs it (`decide(utf8:)`: it decodes only what
/// it steps on, and reads the word boundary before a scalar from the bytes around it)
/// against the search over a text first read whole into symbols and boundaries.
@Suite("Regex prefilter: the search over UTF-8")
struct RegexAutomatonUTF8Tests {
    /// Pieces that make boundaries of every kind: mid-word and mid-number marks, letters of
    /// scripts whose boundaries are left unknown, marks, emoji, line breaks, digits of five scripts.
    static let pieces = ["1", "12", "123456", "12/05/2026", "1/2/34", "٣٤٥", "۱۲۳", "१२", "１２", ".", ",", "'", ":", "-", "_", "@", " ", "  ", "\r\n", "\n",
                         "a", "ab", "Ab", "é", "e\u{301}", "\u{301}", "ß", "İ", "中文", "カタ", "שלום", "مرحبا", "😀", "👍🏽", "\u{200D}",
                         "€", "$", "x", "www", ".com", "/", "code", "\u{A0}", "\u{2003}", "ſ", "\u{212A}"]

    static func text(_ r: inout TestRandom, _ pattern: String) -> String {
        var s = ""
        for _ in 0..<r.below(12) { s += r.chance(25) ? RandomRegex.text(&r, likePattern: pattern) : r.pick(pieces) }
        return s
    }

    static func bothAgree(_ a: RegexAutomaton, _ text: String) -> (RegexDecision, RegexDecision) {
        var t = text
        return t.withUTF8 { utf8 in
            let read = RegexText(alphabet: a.alphabet)
            read.read(utf8, boundaries: a.readsBoundaries)
            return (a.decide(utf8: utf8), a.decide(read))
        }
    }

    /// Whether the two answers agree: the same. (An automaton with an anchor (RegexAnchor)
    /// searches the same windows around it in both: what lies outside them, an unknown
    /// boundary or under `(?i)` a letter that folds apart, leaves neither unsure.)
    static func agree(_ a: RegexAutomaton, _ pattern: String, _ text: String, _ utf8: RegexDecision, _ symbols: RegexDecision) throws -> Bool {
        utf8 == symbols
    }

    @Test(arguments: [#"\b\d{6}\b"#, #"\b\d{3}[-.\s]?\d{3}[-.\s]?\d{4}\b"#, #"\b\d{1,2}/\d{1,2}/\d{2,4}\b"#, #"(?i)\b[\w.+-]+@[\w-]+\.(com|net)\b"#,
                      #"(?i)\b(loan|credit|кредит|prêt)\b"#, #"[$£€₪¥]\s?\d{1,3}([,.]\d{3})*"#, #"\B\d\B"#, #"[A-Z]{5,}"#, #"^\d{4,6}$"#,
                      #"(?i)\bwww\.[a-z0-9-]+\.(ru|cn)\b"#, #"中文\d"#, #"\b\p{Han}"#])
    func agreesOnTextsOfEveryKind(_ pattern: String) throws {
        let a = try #require(RegexAutomaton(try ICURegex(pattern).spelled, alphabet: RegexAlphabet(patterns: [pattern])))
        var random = TestRandom(seed: 91)
        var answers = Set<String>()
        for _ in 0..<4000 {
            let text = Self.text(&random, pattern)
            let (utf8, symbols) = Self.bothAgree(a, text)
            #expect(try Self.agree(a, pattern, text, utf8, symbols), "\(pattern) on \(text.unicodeScalars.map { String($0.value, radix: 16) }): \(utf8) over UTF-8, \(symbols) over symbols")
            answers.insert("\(utf8)")
        }
        // The texts reach more than one answer: the comparison means something.
        #expect(answers.count >= 2)
    }

    /// Random small patterns × random texts.
    @Test func agreesOnRandomPatterns() throws {
        var random = TestRandom(seed: 93)
        var built = 0, compared = 0
        for _ in 0..<1500 {
            let pattern = RandomRegex.pattern(&random)
            guard let icu = try? ICURegex(pattern), let a = RegexAutomaton(icu.spelled, alphabet: RegexAlphabet(patterns: [icu.spelled])) else { continue }
            built += 1
            for _ in 0..<40 {
                let text = Self.text(&random, pattern)
                let (utf8, symbols) = Self.bothAgree(a, text)
                compared += 1
                #expect(try Self.agree(a, pattern, text, utf8, symbols), "\(pattern) on \(text.unicodeScalars.map { String($0.value, radix: 16) }): \(utf8) over UTF-8, \(symbols) over symbols")
            }
        }
        #expect(built > 200 && compared > 8000)
    }
}
