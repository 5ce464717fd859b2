// The automaton's certain answers ("matches", "cannot match") against ICU, and the two
// things they rest on: the word boundaries RegexText draws, and what the symbol classes
// say of each scalar.
import Testing
@testable import SiftText

@Suite("Regex automaton: certain answers")
struct RegexExactTests {
    static func decide(_ pattern: String, _ text: String) throws -> RegexDecision {
        let a = try #require(RegexAutomaton(try ICURegex(pattern).spelled))
        var t = text
        return t.withUTF8 { a.decide($0) }
    }

    @Test(arguments: [
        (#"\b\d{6}\b"#, "your code 123456.", RegexDecision.match),
        (#"\b\d{6}\b"#, "your code 1234567", .noMatch),             // seven digits: no boundary after six
        (#"\b\d{6}\b"#, "code123456", .noMatch),                    // a letter then a digit: no boundary
        (#"\b\d{6}\b"#, "123456", .match),                          // the text's ends are boundaries
        (#"\b\d{6}\b"#, "12,345678 x", .noMatch),                   // 12,345678 is one number
        (#"\b\d{6}\b"#, "12, 345678 x", .match),
        (#"\b\d{6}\b"#, "a_123456", .noMatch),                      // `_` joins
        (#"\b\d{6}\b"#, "验证码123456", .match),                      // no rule joins an ideograph to a digit
        (#"\b\d{6}\b"#, "验证码：123456，请", .match),
        (#"\b\d{6}\b"#, "確認コードは123456です", .match),
        (#"\b\d{6}\b"#, "码1234567", .noMatch),
        (#"\b\d{6}\b"#, "コード_123456", .noMatch),                // `_` joins the digits after it (WB13b)
        (#"\b\d{6}\b"#, "code 123456 👍", .match),
        (#"\b\d{6}\b"#, "code 123456\u{301}", .maybe),              // a mark after it joins what ICU says
        (#"^\d{4,6}$"#, "12345", .match),
        (#"^\d{4,6}$"#, "123456 ", .noMatch),
        (#"[A-Z]{5,}"#, "a HELLO", .match),
        (#"[A-Z]{5,}"#, "Hello World ÀÉÎÕÜ", .noMatch),
        (#"(?i)\bt\.me/\w+"#, "join T.ME/abc now", .match),
        (#"(?i)\bt\.me/\w+"#, "join at.me/abc", .noMatch),          // at.me is one word
        (#"(?i)\bt\.me/\w+"#, "join t.me/ü", .match),               // \w is any Unicode letter
        (#"(?i)\bt\.me/\w+"#, "join t.me/\u{17F}", .maybe),         // ſ: a letter that folds to s
        (#"(?i)^(info|noreply)\d*@"#, "INFO12@x", .match),
        (#"(?i)verify (your )?account"#, "Verify Your Account", .match),
        (#"(\w)\1"#, "aa", .maybe),                                 // a backreference: ICU decides
        (#"a.c"#, "a\nc", .noMatch),                                // `.` is no line break
        (#"a.c"#, "a\u{2028}c", .maybe),                            // …nor U+2028, which \s holds with others
        (#"a\Dc"#, "a٣c", .noMatch),                                // ٣ is a digit
        (#"[^a-z]x"#, "Ax", .match),
        (#"(?i)[^a-z]x"#, "Ax", .maybe),                            // ICU closes the class over case first
        (#"\Bb"#, "ab", .match),
        (#"\Bb"#, "a b", .noMatch),
        (#"(?i)\b(loan|кредит)\b"#, "ВАШ КРЕДИТ одобрен", .maybe),   // no symbols of its own here: a bound
        (#"(?i)\b(loan|кредит)\b"#, "ваш заказ", .noMatch),
        (#"\Qab\E{2}"#, "abb", .match),                             // after \Q…\E a quantifier repeats the last character
        (#"\Qa.\E??[.€]"#, "_.$", .noMatch),
        (#"a:b\b"#, "a:b", .match),                                 // ICU breaks at a colon
        (#"[:：]\d"#, "code:1", .match),                             // `[:` with no `:]` is a colon
        (#"[:：]\d"#, "code 1", .noMatch),
        (#"}}}++.}}L"#, "}}}}}}L", .maybe),                       // possessive: ICU gives nothing back
        (#"x[[:digit:]]"#, "x1", .maybe),                           // a POSIX class: ICU's
        (#"\Eb"#, "a\\b loan", .noMatch),                          // a stray \E is the letter E
        (#"\Eb"#, "xEb", .match),
        (#"a\E+"#, "aEE", .match),
    ] as [(String, String, RegexDecision)])
    func answers(_ pattern: String, _ text: String, _ expected: RegexDecision) throws {
        try Self.check(pattern, text, expected)
    }

    static func check(_ pattern: String, _ text: String, _ expected: RegexDecision) throws {
        #expect(try decide(pattern, text) == expected, "\(pattern) on \(text)")
        let icu = try ICURegex(pattern).makeMatcher(timeLimit: 0).find(text)
        if expected != .maybe { #expect((icu == .match) == (expected == .match)) }
    }

    /// Lookarounds at the ends of a pattern, and alternations of more than 64 positions.
    @Test(arguments: [
        (#"(?<=\$)\d{3,}"#, "pay $500 now", .match),                // a leading lookbehind is read as part of the match
        (#"(?<=\$)\d{3,}"#, "pay 500$ now", .noMatch),
        (#"(?<=\$)\d{3,}"#, "pay $ 500", .noMatch),
        (#"\d+(?=%)"#, "50% off", .match),                           // …and a closing lookahead
        (#"\d+(?=%)"#, "50 % off", .noMatch),
        (#"a(?=b)c"#, "ac", .maybe),                                // a lookahead inside: a bound
        (#"(?i)code[:：]?\s*\d{4}"#, "CODE: 1234", .match),           // `[:` with no `:]` under (?i): colons
        (#"(?i)code[:：]?\s*\d{4}"#, "CODE-1234", .noMatch),
        // 65 positions (more than one 64-bit word of them).
        (#"(?i)\b(appointment|rendez-vous|Termin|cita|appuntamento|consulta|randevu|запись)\b"#, "Your APPOINTMENT is at 5", .match),
        (#"(?i)\b(appointment|rendez-vous|Termin|cita|appuntamento|consulta|randevu|запись)\b"#, "two appointments", .noMatch),
    ] as [(String, String, RegexDecision)])
    func lookaroundsAndWideAlternations(_ pattern: String, _ text: String, _ expected: RegexDecision) throws {
        try Self.check(pattern, text, expected)
    }

    /// An alternation of 40 words of six letters (240 positions, near the most an automaton
    /// takes) is decided word by word, the last as surely as the first.
    @Test func aLongAlternationIsDecided() throws {
        // Six letters each, from a-z by steps: word k starts at letter 7k mod 26.
        var words: [String] = []
        for k in 0..<40 {
            var w = ""
            for j in 0..<6 { w.append(Character(Unicode.Scalar(UInt8(97 + (k * 7 + j * 3) % 26)))) }
            words.append(w)
        }
        let pattern = #"\b("# + words.joined(separator: "|") + #")\b"#
        let a = try #require(RegexAutomaton(try ICURegex(pattern).spelled))
        for w in [words[0], words[20], words[39]] {
            var yes = "say \(w) now", no = "say \(w)s now"
            #expect(yes.withUTF8 { a.decide($0) } == .match)
            #expect(no.withUTF8 { a.decide($0) } == .noMatch)
        }
        // Past the most positions: no automaton.
        #expect(RegexAutomaton(#"\b("# + (words + words.prefix(3)).joined(separator: "|") + #")\b"#) == nil)
    }

    /// Pieces of text where word boundaries are decided: letters, digits, the mid-word and
    /// mid-number marks, `_`, spaces and line breaks, and pieces whose boundaries ICU draws
    /// with rules of its own (marks, Hebrew, Han, katakana, emoji, `@`).
    static let pieces = ["a", "Z", "é", "ж", "ش", "1", "9", "٣", ".", "'", ":", ",", ";", "_", "-", " ", "  ", "\n", "\r\n", "\t",
                         "@", "\u{301}", "\u{200D}", "ש", "\"", "中", "カ", "가", "👍", "👍🏽", "🇫🇷", "\u{A0}", "/", "#", "$", "ß", "K"]

    /// Random small patterns × random texts: a certain answer is always ICU's.
    @Test func certainAnswersAreICUs() throws {
        var random = TestRandom(seed: 91)
        var built = 0, matches = 0, noMatches = 0
        for _ in 0..<2500 {
            let pattern = RandomRegex.pattern(&random)
            // Half the time the pattern's own non-ASCII characters are symbols of their own.
            guard let icu = try? ICURegex(pattern),
                  let a = RegexAutomaton(icu.spelled, alphabet: random.chance(50) ? RegexAlphabet(patterns: [icu.spelled]) : .standard) else { continue }
            built += 1
            let matcher = icu.makeMatcher(timeLimit: 50)
            for _ in 0..<40 {
                var text = random.chance(50) ? RandomRegex.text(&random, likePattern: pattern)
                    : (0..<random.below(8)).map { _ in random.pick(Self.pieces) }.joined()
                let answer = text.withUTF8 { a.decide($0) }
                guard answer != .maybe else { continue }
                // A search ICU did not finish (out of time, or given up on a loop of empty
                // matches such as `(|)+?`) says nothing either way.
                let found = matcher.find(text)
                guard found == .match || found == .noMatch else { continue }
                if answer == .match { matches += 1 } else { noMatches += 1 }
                #expect((found == .match) == (answer == .match),
                        "\(pattern) on \(text.unicodeScalars.map { String($0.value, radix: 16) }): automaton \(answer), ICU \(found)")
            }
        }
        #expect(built > 300 && matches > 1000 && noMatches > 5000)
    }

    /// The literal clauses read `\Q…\E` and a quantifier after it as ICU does.
    @Test func aQuantifierAfterAQuoteRepeatsItsLastCharacter() {
        #expect(RegexPrefilter.admits(RegexPrefilter.clauses(#"\Qab\E{2}"#), "abb"))
        #expect(!RegexPrefilter.admits(RegexPrefilter.clauses(#"\Qab\E{2}"#), "ab"))
    }

    /// Every boundary RegexText draws is ICU's, on every text of up to four pieces from a set
    /// that covers each rule; and more are drawn than left to ICU.
    @Test func boundariesAreICUs() {
        let (drawn, unknown) = compareBoundariesWithICU(["a", "é", "1", "٣", ".", "'", ":", ",", "_", " ", "\n", "\r", "-", "@", "\u{301}", "中", "👍", "ש"], countsMatch: true)
        #expect(drawn > unknown)
    }

    /// Draws the boundaries of every text of up to four pieces of `alphabet` and expects each
    /// one drawn to be ICU's (and, with `countsMatch`, as many gaps as ICU has); returns how
    /// many were drawn and how many left to ICU.
    private func compareBoundariesWithICU(_ alphabet: [String], countsMatch: Bool) -> (drawn: Int, unknown: Int) {
        var drawn = 0, unknown = 0
        func check(_ text: String) {
            let icu = icuWordBoundaries(text)
            let t = RegexText()
            var s = text
            s.withUTF8 { t.read($0, boundaries: true) }
            t.drawBoundaries()
            if countsMatch { #expect(t.gaps.count == icu.count) }
            for (i, g) in t.gaps.enumerated() where i < icu.count {
                if g == RegexText.unknown { unknown += 1; continue }
                drawn += 1
                #expect((g == RegexText.boundary) == icu[i], "\(text.unicodeScalars.map { String($0.value, radix: 16) }) at \(i)")
            }
        }
        func all(_ prefix: String, _ depth: Int) {
            check(prefix)
            guard depth > 0 else { return }
            for p in alphabet { all(prefix + p, depth - 1) }
        }
        all("", 4)
        return (drawn, unknown)
    }

    /// Ideographs and kana next to digits, letters and the marks between words: every
    /// boundary drawn is ICU's (its dictionary divides their runs: those are left to it),
    /// and the boundaries around a code in CJK text (`：123456，`, `は123456で`) are drawn.
    @Test func boundariesNextToIdeographsAreICUs() {
        let (drawn, unknown) = compareBoundariesWithICU(["中", "は", "カ", "ー", "1", "１", "a", "：", "，", ".", "'", "_", " ", "\u{301}", "\u{3099}"], countsMatch: false)
        #expect(drawn > unknown)
        // The gaps around the code, worked out from UAX #29 (`：` is no mid-letter in ICU's
        // rules, `，` a mid-number between a digit and an ideograph).
        for (text, at) in [("码：123456，您", [2, 8]), ("は123456で", [1, 7]), ("为123456", [1])] {
            let t = RegexText()
            var s = text
            s.withUTF8 { t.read($0, boundaries: true) }
            t.drawBoundaries()
            for i in at { #expect(t.gaps[i] == RegexText.boundary, "\(text) at \(i)") }
        }
    }

    /// Characters the rule set's regexes name get symbols of their own: a pattern of them is
    /// read exactly, told apart from the rest of their kind.
    @Test func namedCharactersAreReadExactly() throws {
        let patterns = [#"[$£€₪¥]\s?\d{1,3}"#, "קוד (ה)?אימות", "验证码：?\\s*\\d{4,6}"]
        let alphabet = RegexAlphabet(patterns: patterns)
        #expect(alphabet.extras.contains(0x20AC) && alphabet.extras.contains(0x9A8C) && alphabet.extras.contains(0x05D3))
        func decide(_ p: String, _ text: String) throws -> RegexDecision {
            let a = try #require(RegexAutomaton(try ICURegex(p).spelled, alphabet: alphabet))
            var t = text
            return t.withUTF8 { a.decide($0) }
        }
        #expect(try decide(patterns[0], "total €12") == .match)
        #expect(try decide(patterns[0], "total ¢12") == .noMatch)       // another currency sign
        #expect(try decide(patterns[1], "הנה קוד האימות שלך") == .match)
        #expect(try decide(patterns[1], "הנה קוד אימות") == .match)
        #expect(try decide(patterns[1], "הנה קוד לאימות") == .noMatch)
        #expect(try decide(patterns[2], "您的验证码：123456") == .match)
        #expect(try decide(patterns[2], "您的验证码是123456") == .noMatch)
        // Under (?i), a character's case variants are its symbols.
        let insensitive = #"(?i)\b(loan|кредит|prêt)\b"#
        let ia = try #require(RegexAutomaton(try ICURegex(insensitive).spelled, alphabet: RegexAlphabet(patterns: [insensitive])))
        for (text, expected) in [("ВАШ КРЕДИТ одобрен", RegexDecision.match), ("Votre PRÊT", .match), ("кредиты", .noMatch),
                                 ("ваш заказ", .noMatch), ("PRET", .noMatch), ("straße loan", .maybe)] {
            var t = text
            #expect(t.withUTF8 { ia.decide($0) } == expected, "\(text)")
        }
        // Dotless ı matches itself alone under (?i) (ICU: not I, not i), and i does not match it.
        let turkish = #"(?i)\b(kazandınız|win)\b"#
        let ta = try #require(RegexAutomaton(try ICURegex(turkish).spelled, alphabet: RegexAlphabet(patterns: [turkish])))
        for (text, expected) in [("KAZANDıNıZ!", RegexDecision.match), ("KAZANDINIZ", .noMatch), ("kazandiniz", .noMatch),
                                 ("Tebrikler kazandınız", .match), ("wın", .noMatch), ("WIN", .match)] {
            var t = text
            #expect(t.withUTF8 { ta.decide($0) } == expected, "\(text)")
            let icu = try ICURegex(turkish).makeMatcher(timeLimit: 0).find(text)
            #expect((icu == .match) == (expected == .match), "\(text)")
        }
        // Without symbols of their own, the same characters only bound the answer.
        let plain = try #require(RegexAutomaton(try ICURegex(patterns[0]).spelled))
        var t = "total €12"
        #expect(t.withUTF8 { plain.decide($0) } == .maybe)
    }

    /// The search skips, in its start state, the symbols that keep it there: a match is found
    /// wherever it lies (near the start, past the first sixteen symbols, in the last few), and
    /// what a longer text left past the end of the next one read is never taken for it.
    @Test func theStartSkipMissesNoMatch() throws {
        let icu = try ICURegex(#"\b\d{6}\b"#)
        let digits = try #require(RegexAutomaton(icu.spelled))
        let matcher = icu.makeMatcher(timeLimit: 0)
        let text = RegexText()
        for at in 0...60 {
            for filler in ["a", "ж", "字", " "] {
                // A space before the digits: a boundary ICU and the automaton both know.
                let s = String(repeating: filler, count: at) + " 123456"
                var bytes = s
                bytes.withUTF8 { text.read($0) }
                #expect(matcher.find(s) == .match)
                #expect(digits.decide(text) == .match, "\(filler) × \(at)")
                var cut = String(s.dropLast(1))
                cut.withUTF8 { text.read($0) }
                #expect(digits.decide(text) != .match, "five digits after \(filler) × \(at)")
            }
        }
        // A long text read, then a short one: the symbols after the short one's end are the
        // long one's, and not the short one's.
        var long = "abc 123456 654321 123456 654321 123456"
        long.withUTF8 { text.read($0) }
        #expect(digits.decide(text) == .match)
        var short = "abc"
        short.withUTF8 { text.read($0) }
        #expect(digits.decide(text) == .noMatch)
        // Digits of another script leave the start state too.
        var arabic = String(repeating: "ب", count: 30) + " ١٢٣٤٥٦"
        arabic.withUTF8 { text.read($0) }
        #expect(digits.decide(text) != .noMatch)
    }

    /// The search over UTF-8 skips sixteen bytes at a time to a first byte that may start a
    /// digit, with the second byte checked: a match is found wherever it lies, after fillers
    /// whose first bytes a digit of another script shares (Arabic letters and Arabic-Indic
    /// digits start with D9; the fullwidth comma and the fullwidth digits with EF BC).
    @Test func theUTF8SkipMissesNoMatch() throws {
        let icu = try ICURegex(#"\b\d{6}\b"#)
        let digits = try #require(RegexAutomaton(icu.spelled))
        let matcher = icu.makeMatcher(timeLimit: 0)
        for at in 0...40 {
            for filler in ["a", "ل", "，", "字", "😀", " "] {
                for number in [" 123456", " ١٢٣٤٥٦", " １２３４５６"] {
                    var s = String(repeating: filler, count: at) + number
                    #expect(matcher.find(s) == .match)
                    // The same answer as the search over the text read into symbols, and a match
                    // found (surely for ASCII digits; other scripts' may be read by their kind).
                    let read = RegexText()
                    let found = s.withUTF8 { read.read($0); return digits.decide(utf8: $0) }
                    #expect(found == digits.decide(read), "\(filler) × \(at), then \(number)")
                    // (After emoji, read by their kind above the BMP, the answer is only maybe.)
                    #expect(number == " 123456" && filler != "😀" ? found == .match : found != .noMatch, "\(filler) × \(at), then \(number)")
                    // Five digits, then the filler again: no match, wherever the skip stops.
                    var cut = String(s.dropLast(1)) + filler
                    #expect(matcher.find(cut) == .noMatch)
                    #expect(cut.withUTF8 { digits.decide(utf8: $0) } != .match, "five digits after \(filler) × \(at)")
                }
            }
        }
    }

    /// The bytes a text must hold for an automaton to leave its start state: for `\d`, the
    /// ASCII digits and the first bytes of other scripts' digits, not a Cyrillic letter's.
    @Test func theLeadingBytesOfAnAutomatonAreItsStartSymbols() throws {
        let digits = try #require(RegexAutomaton(try ICURegex(#"\b\d{6}\b"#).spelled))
        let bytes = try #require(digits.leadingBytes)
        for b in UInt8(ascii: "0")...UInt8(ascii: "9") { #expect(bytes[Int(b)]) }
        for s in ["١", "۴", "０", "𝟎"] { #expect(bytes[Int(s.utf8.first!)], "\(s)") }
        for s in ["a", " ", "ж", "ש"] { #expect(!bytes[Int(s.utf8.first!)], "\(s)") }
        // A start-anchored pattern leaves its start state on any symbol: no such bytes.
        #expect(try #require(RegexAutomaton(try ICURegex(#"^\d{4,6}$"#).spelled)).leadingBytes == nil)
    }

    /// Two texts joined from what each read are the two read as one, with a space between.
    /// A pattern anchored at the start names the bytes a text can start with; others, or one
    /// that may match the empty text, name none.
    @Test(arguments: [
        (#"^\d{4,6}$"#, "0123456789+high" as String?),     // other scripts' digits too
        (#"^\+(234|92)"#, "+"),
        (#"^a?b"#, "ab"),
        (#"(?i)^(info|support)\d*@"#, "ISis+high"),          // ſ (folding apart) may stand for s
        (#"\A[A-Z]{3}"#, "ABCDEFGHIJKLMNOPQRSTUVWXYZ"),
        (#"\d{4}"#, nil),
        (#"(?m)^\d{4}"#, nil),                              // any line's start
    ] as [(String, String?)])
    func firstBytesOfText(_ pattern: String, _ expected: String?) throws {
        let a = try #require(RegexAutomaton(try ICURegex(pattern).spelled))
        let got = a.firstBytesOfText.map { set in
            (0..<0x80).filter { set[$0] }.map { String(UnicodeScalar(UInt8($0))) }.joined() + ((0x80..<0x100).contains { set[$0] } ? "+high" : "")
        }
        #expect(got == expected, "\(pattern)")
    }

    /// Where ICU matches a pattern anchored at the start, the text starts with one of its bytes.
    @Test func aMatchStartsWithAFirstByteOfText() throws {
        var random = TestRandom(seed: 33)
        var checked = 0
        for _ in 0..<1500 {
            let pattern = "^" + RandomRegex.pattern(&random)
            guard let icu = try? ICURegex(pattern), let a = RegexAutomaton(icu.spelled), let first = a.firstBytesOfText else { continue }
            let matcher = icu.makeMatcher(timeLimit: 5)
            for _ in 0..<40 {
                let text = RandomRegex.text(&random, likePattern: pattern)
                guard matcher.find(text) == .match else { continue }
                checked += 1
                #expect(text.utf8.first.map { first[Int($0)] } == true, "\(pattern) matches \(text)")
            }
        }
        #expect(checked > 1000, "\(checked) matches checked")
    }

    @Test func aJoinedTextIsTheTwoReadTogether() {
        var random = TestRandom(seed: 5)
        for _ in 0..<500 {
            var a = (0..<random.below(6)).map { _ in random.pick(Self.pieces) }.joined()
            var b = (0..<random.below(6)).map { _ in random.pick(Self.pieces) }.joined()
            let one = RegexText(), two = RegexText(), joined = RegexText(), whole = RegexText()
            a.withUTF8 { one.read($0) }
            b.withUTF8 { two.read($0) }
            joined.join(one, two)
            a.withUTF8 { pa in b.withUTF8 { pb in whole.read(pa, then: pb) } }
            joined.drawBoundaries(); whole.drawBoundaries()
            #expect(Array(joined.symbols) == Array(whole.symbols) && Array(joined.gaps) == Array(whole.gaps))
        }
    }

    /// What the symbol classes say of every BMP scalar is what ICU's `\d`, `\s`, `\w` and `.`
    /// say, wherever a class claims to be exact.
    @Test func classesAreICUsWhereExact() throws {
        let classes: [(String, ScalarClass)] = [(#"\d"#, .digit), (#"\s"#, .space), (#"\w"#, .word), (".", .dot),
                                                (#"\D"#, ScalarClass.digit.complemented), (#"\W"#, ScalarClass.word.complemented),
                                                (#"\S"#, ScalarClass.space.complemented)]
        for (pattern, cls) in classes {
            let m = try ICURegex("^" + pattern + "$").makeMatcher(timeLimit: 0)
            var wrong = 0
            for v in UInt32(0)..<0x10000 {
                guard let u = Unicode.Scalar(v) else { continue }
                let inexact: Bool, holds: Bool
                if v < 128 {
                    inexact = cls.inexact & 0x200 != 0
                    holds = cls.holdsASCII(UInt8(v))
                } else {
                    let bit: UInt16 = 1 << UInt16(RegexClassTable.category(v))
                    inexact = cls.inexact & bit != 0
                    holds = cls.nonASCII & bit != 0
                }
                let icu = m.find(String(u)) == .match
                if icu && !holds { wrong += 1 }                  // never less than ICU
                if !inexact && icu != holds { wrong += 1 }       // exactly ICU where exact
            }
            #expect(wrong == 0, "\(pattern): \(wrong) scalars")
        }
    }

    /// The letters that fold to ASCII or to more than one scalar, and those a case-insensitive
    /// ASCII class matches outside ASCII, are all listed.
    @Test func theLettersThatFoldApartAreListed() throws {
        let ascii = try ICURegex(#"(?i)^[a-z]+$"#).makeMatcher(timeLimit: 0)
        for v in UInt32(0x80)..<0x10000 {
            guard let u = Unicode.Scalar(v) else { continue }
            let folded = CaseFold.foldedBytes(String(u))
            let foldsToASCII = folded.contains { ($0 | 0x20) >= 0x61 && ($0 | 0x20) <= 0x7A }
            let foldsToMore = String(decoding: folded, as: UTF8.self).unicodeScalars.count > 1
            if foldsToASCII || foldsToMore || ascii.find(String(u)) == .match {
                #expect(RegexText.foldingApart.contains(v), "U+\(String(v, radix: 16))")
            }
        }
        for v in RegexText.foldingApart { #expect(RegexClassTable.category(v) == RegexClassTable.word, "U+\(String(v, radix: 16))") }
    }
}
