// Classes of ranges and properties (`[\u0600-\u06FF]`, `\p{Cyrillic}`, `[^а-я]`): the parser
// knows their non-ASCII members exactly (ICU's sets for properties), and an alphabet made for
// the rule set gives those members symbols of their own, so an automaton reads such a class
// exactly instead of by the kinds of its members (a letter, a digit).
import Testing
@testable import SiftText

@Suite("Regex prefilter: classes of ranges and properties")
struct RegexScriptClassTests {
    static func cls(_ pattern: String) throws -> ScalarClass {
        guard case .oneOf(nil, let c)? = RegexSyntax.parse(pattern) else { throw Failure("\(pattern) is not one class") }
        return c
    }
    struct Failure: Error, CustomStringConvertible { let description: String; init(_ d: String) { description = d } }

    @Test func theParserKnowsTheMembers() throws {
        #expect(try Self.cls(#"[\u0600-\u06FF]"#).ranges == [0x600...0x6FF])
        #expect(try Self.cls(#"[\x{600}-\x{6FF}]"#).ranges == [0x600...0x6FF])
        #expect(try Self.cls(#"[а-яё]"#).ranges == [0x430...0x44F, 0x451...0x451])
        // Negated: every other non-ASCII scalar, and every ASCII one.
        let notCyrillicSmall = try Self.cls(#"[^а-я]"#)
        #expect(notCyrillicSmall.ranges == [0x80...0x42F, 0x450...0x10FFFF])
        #expect(notCyrillicSmall.holdsASCII(UInt8(ascii: "a")))
        // A property, as ICU has it: Cyrillic holds Ж and no ASCII letter.
        let cyrillic = try Self.cls(#"\p{Cyrillic}"#)
        #expect(cyrillic.ranges.map { ScalarClass.contains($0, 0x416) } == true)
        #expect(cyrillic.ranges.map { ScalarClass.contains($0, 0x4E2D) } == false)
        #expect(!cyrillic.holdsASCII(UInt8(ascii: "a")))
        // Latin holds the ASCII letters (as bits) and é (as a range).
        let latin = try Self.cls(#"\p{Latin}"#)
        #expect(latin.holdsASCII(UInt8(ascii: "a")) && !latin.holdsASCII(UInt8(ascii: "1")))
        #expect(latin.ranges.map { ScalarClass.contains($0, 0xE9) } == true)
        #expect(try Self.cls(#"[\p{Han}\u3040-\u30FF]"#).ranges.map { ScalarClass.contains($0, 0x3042) && ScalarClass.contains($0, 0x4E2D) } == true)
        // Not known: under (?i) (ICU closes the class over case), beside \d \w \s, or a
        // property ICU's sets do not know by that name.
        guard case .concat(let items)? = RegexSyntax.parse(#"(?i)[а-я]"#), case .oneOf(_, let folded)? = items.last else {
            Issue.record("(?i)[а-я] is not a flag and a class"); return
        }
        #expect(folded.ranges == nil)
        #expect(try Self.cls(#"[\dа-я]"#).ranges == nil)
        // Under (?i), known where no member has case: Devanagari has none, Cyrillic has.
        for (pattern, known) in [(#"(?i)[\u0900-\u097F]"#, true), (#"(?i)\p{Devanagari}"#, true), (#"(?i)\p{Cyrillic}"#, false),
                                 (#"(?i)[\u0400-\u04FF]"#, false), (#"(?i)[^\u0600-\u06FF]"#, true)] {
            guard case .concat(let items)? = RegexSyntax.parse(pattern), case .oneOf(_, let c)? = items.last else {
                Issue.record("\(pattern) is not a flag and a class"); continue
            }
            #expect((c.ranges != nil) == known, "\(pattern)")
        }
        #expect(try Self.cls(#"\p{javaLowerCase}"#).ranges == nil)
    }

    @Test func anAmpersandAloneIsItself() throws {
        // One `&` in a class is a member; two are ICU's intersection, not read here.
        guard case .oneOf(let members?, _)? = RegexSyntax.parse("[a&b]") else { Issue.record("[a&b] has no members"); return }
        #expect(members == ["a", "&", "b"])
        guard case .oneOf(nil, let any)? = RegexSyntax.parse("[a&&b]") else { Issue.record("[a&&b] is not a class"); return }
        #expect(any == .any)
        // Next to a `-`, ICU reads `&` in ways of its own (`[x&-z]` is `&` and `x` to `z`,
        // found by the regex fuzz harness): such a class is not modelled, and the automaton
        // agrees with ICU on every ASCII character and a few others.
        for pattern in ["[x&-z]", "[а&-я]", "[!-&x]"] {
            guard case .oneOf(nil, let cls)? = RegexSyntax.parse(pattern) else { Issue.record("\(pattern) is not a class"); continue }
            #expect(cls == .any, "\(pattern)")
            let spelled = try ICURegex(pattern).spelled
            let automaton = try #require(RegexAutomaton(spelled, alphabet: RegexAlphabet(patterns: [spelled])))
            let icu = try ICURegex(pattern).makeMatcher(timeLimit: 5)
            for v in Array(UInt32(1)..<128) + [0x430, 0x431, 0x44F, 0xE9] {
                var text = String(Character(Unicode.Scalar(v)!))
                let d = text.withUTF8 { automaton.decide($0) }
                let found = icu.find(text) == .match
                #expect(!(d == .match && !found) && !(d == .noMatch && found), "\(pattern) on U+\(String(v, radix: 16))")
            }
        }
        // A link's class: the automaton is certain of a link.
        let link = #"(?i)\bhttps?://[a-z0-9-]{3,}\.[a-z]{2,6}(/[\w./?=&%-]*)?"#
        let a = try #require(RegexAutomaton(try ICURegex(link).spelled))
        var text = "see https://shop.io/a?b=1&c=2 now"
        #expect(text.withUTF8 { a.decide($0) } == .match)
        #expect(try ICURegex(link).makeMatcher(timeLimit: 5).find(text) == .match)
    }

    /// Each class's automaton, with an alphabet of its own, against ICU on every BMP scalar.
    @Test(arguments: [#"[\u0600-\u06FF]"#, #"\p{Cyrillic}"#, #"[^\p{Han}a-z]"#, #"[\u3040-\u30FF]"#, #"[à-ÿ]"#, #"\P{Latin}"#,
                      #"[\p{Arabic}\p{Hebrew}]"#, #"[^а-яА-ЯёЁ]"#,
                      // Under (?i), classes none of whose members has case: ICU's class is the same.
                      #"(?i)[\u0900-\u097F]"#, #"(?i)\p{Han}"#, #"(?i)[^\u0600-\u06FF]"#, #"(?i)[a-c\u0900-\u0939]"#])
    func everyScalarAsICUReadsIt(_ pattern: String) throws {
        let spelled = try ICURegex(pattern).spelled
        let alphabet = RegexAlphabet(patterns: [spelled])
        #expect(alphabet.sets.count == 1)
        let automaton = try #require(RegexAutomaton(spelled, alphabet: alphabet))
        let icu = try ICURegex(pattern).makeMatcher(timeLimit: 5)
        var wrong: [String] = [], unsure: [String] = []
        for v in UInt32(0x80)..<0x10000 where !(0xD800...0xDFFF).contains(v) {
            var text = String(Character(Unicode.Scalar(v)!))
            let d = text.withUTF8 { automaton.decide($0) }
            if d == .maybe {
                // Only the letters that fold apart share a symbol with others.
                if !RegexText.foldingApart.contains(v) { unsure.append(String(v, radix: 16)) }
                continue
            }
            if (d == .match) != (icu.find(text) == .match) { wrong.append(String(v, radix: 16)) }
        }
        #expect(wrong.isEmpty, "\(pattern): the automaton is wrong on \(wrong.prefix(20))")
        #expect(unsure.isEmpty, "\(pattern): left to ICU: \(unsure.prefix(20))")
    }

    @Test(arguments: [
        (#"[\u0600-\u06FF]+\s+\d+"#, "hello 123", RegexDecision.noMatch),
        (#"[\u0600-\u06FF]+\s+\d+"#, "Привет 123", .noMatch),          // Cyrillic is not in the range
        (#"[\u0600-\u06FF]+\s+\d+"#, "رمز 123", .match),
        (#"\p{Cyrillic}+.*\p{Latin}+.*\d{4,}"#, "Привет John, 2024", .match),
        (#"\p{Cyrillic}+.*\p{Latin}+.*\d{4,}"#, "Привет 2024", .noMatch),
        (#"\p{Cyrillic}+.*\p{Latin}+.*\d{4,}"#, "Hello John 2024", .noMatch),
        (#"\p{Han}{2,}\d{4,}"#, "验证码123456", .match),
        (#"\p{Han}{2,}\d{4,}"#, "コード123456", .noMatch),             // kana are not Han
        (#"[\u3040-\u30FF]+.*(http|www)"#, "詳細はhttp://x", .match),     // は is kana
        (#"[\u3040-\u30FF]+.*(http|www)"#, "詳細http://x", .noMatch),      // 詳細 are Han, not kana
        (#"(?i)[\u0900-\u097F]+.*\d{4,}"#, "Hello, code 2024", .noMatch),  // no Devanagari, whatever the case
        (#"(?i)[\u0900-\u097F]+.*\d{4,}"#, "नमस्ते 2024", .match),
        (#"[\u3040-\u30FF]+.*(http|www)"#, "こちら http://x", .match),
    ] as [(String, String, RegexDecision)])
    func theRuleSetsAlphabetReadsScripts(_ pattern: String, _ text: String, _ expected: RegexDecision) throws {
        let spelled = try ICURegex(pattern).spelled
        // The alphabet of a rule set with other regexes too.
        let alphabet = RegexAlphabet(patterns: [spelled, #"\bloan\b"#, #"[€$]\d+"#, #"\p{Greek}"#])
        let automaton = try #require(RegexAutomaton(spelled, alphabet: alphabet))
        var t = text
        #expect(t.withUTF8 { automaton.decide($0) } == expected)
        let found = try ICURegex(pattern).makeMatcher(timeLimit: 5).find(text) == .match
        #expect(found == (expected == .match))
    }

    /// More sets than symbols: the alphabet keeps the first sets whose partitions fit, and
    /// the classes of the others are read by kinds, as a bound; nothing is read wrong.
    @Test func setsBeyondTheSymbolsAreReadByKinds() throws {
        // 110 characters named (symbols of their own), then sixteen ranges of twenty
        // Cyrillic scalars each: the eight symbols left cannot hold a partition per range.
        let named = String(String.UnicodeScalarView((0x4E00..<0x4E6E).map { Unicode.Scalar($0)! }))
        let ranges = (0..<16).map { k in "[\\x{\(String(0x400 + 20 * k, radix: 16))}-\\x{\(String(0x400 + 20 * k + 19, radix: 16))}]" }
        let spelled = try ([named] + ranges).map { try ICURegex($0).spelled }
        let alphabet = RegexAlphabet(patterns: spelled)
        #expect(alphabet.extras.count == 110)
        #expect(alphabet.symbolCount <= 256)
        #expect(alphabet.sets.count >= 1 && alphabet.sets.count < 16)
        for (k, p) in spelled.dropFirst().enumerated() {
            let automaton = try #require(RegexAutomaton(p, alphabet: alphabet))
            let icu = try ICURegex(p).makeMatcher(timeLimit: 5)
            var unsure = 0
            for v in UInt32(0x380)..<0x600 {
                var text = String(Character(Unicode.Scalar(v)!))
                let d = text.withUTF8 { automaton.decide($0) }
                if d == .maybe { unsure += 1; continue }
                #expect((d == .match) == (icu.find(text) == .match), "\(p) on U+\(String(v, radix: 16))")
            }
            // A kept set is read exactly; the others leave their kind's scalars to ICU.
            #expect((unsure == 0) == (k < alphabet.sets.count), "\(p): \(unsure) left to ICU")
        }
    }
}
