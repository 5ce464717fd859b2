// Phrases occur where whole characters do (docs/judging.md "Filters" contains/exact, read as the
// app compares Swift Strings, whose elements are Characters).
import Testing
@testable import SiftEngine
import SiftRules
import SiftText

@Suite("Character boundaries")
struct CharacterBoundaryTests {
    static let cases: [MatchCase] = [
        // A mark after the phrase's last letter belongs to that letter's character.
        MatchCase(deny("hello", target: .body), "Shop", "hello\u{331} there", false),
        MatchCase(deny("hello", target: .body), "Shop", "hello there", true),
        MatchCase(deny("hello", target: .body), "Shop", "hello\u{331}", false),
        // İ folds to i + U+0307: `bedeli` is not in `BEDELİ` (Turkic i's stay apart, docs/judging.md "Filters").
        MatchCase(deny("bedeli", target: .body), "Shop", "KARGO BEDELİ 50 TL", false),
        MatchCase(deny("bedeli", target: .body), "Shop", "kargo bedeli 50 TL", true),
        MatchCase(deny("bedel", target: .body), "Shop", "KARGO BEDELİ 50 TL", true),
        // An emoji with a skin tone is one character.
        MatchCase(deny("\u{1F44D}", target: .body), "Shop", "great \u{1F44D}\u{1F3FD}", false),
        MatchCase(deny("\u{1F44D}", target: .body), "Shop", "great \u{1F44D} thanks", true),
        // Flags pair regional indicators from the start of a run: 🇸🇮 is not in 🇺🇸🇮🇱.
        MatchCase(deny("\u{1F1F8}\u{1F1EE}", target: .body), "Shop", "\u{1F1FA}\u{1F1F8}\u{1F1EE}\u{1F1F1} news", false),
        MatchCase(deny("\u{1F1EE}\u{1F1F1}", target: .body), "Shop", "\u{1F1FA}\u{1F1F8}\u{1F1EE}\u{1F1F1} news", true),
        MatchCase(deny("\u{1F1FA}\u{1F1F8}", target: .body), "Shop", "\u{1F1FA}\u{1F1F8}\u{1F1EE}\u{1F1F1} news", true),
        // Either half of a flag is no character of its own, nor is an emoji inside a ZWJ sequence.
        MatchCase(deny("\u{1F1EE}", target: .body), "Shop", "\u{1F1EE}\u{1F1F1}", false),
        MatchCase(deny("\u{1F1F1}", target: .body), "Shop", "\u{1F1EE}\u{1F1F1}", false),
        MatchCase(deny("a\u{1F1EE}", target: .body, .exact), "Shop", "a\u{1F1EE}\u{1F1F1}", false),
        MatchCase(deny("\u{1F469}", target: .body), "Shop", "family \u{1F468}\u{200D}\u{1F469}", false),
        MatchCase(deny("\u{1F469}", target: .body), "Shop", "family \u{1F468} \u{1F469}", true),
        // Hangul jamo join the syllable before them; a prepended mark joins what follows it.
        MatchCase(deny("\u{1100}", target: .body), "Shop", "\u{1100}\u{1100}", false),
        MatchCase(deny("\u{AC01}", target: .body), "Shop", "\u{AC01}\u{11A8}", false),
        MatchCase(deny("\u{AC01}", target: .body), "Shop", "\u{AC01} \u{11A8}", true),
        MatchCase(deny("\u{661}", target: .body), "Shop", "\u{600}\u{661}", false),
        MatchCase(deny("\u{661}", target: .body), "Shop", "\u{600} \u{661}", true),
        // A conjunct is one character (क्ष), as Swift segments Indic text (Unicode 15.1, GB9c).
        MatchCase(deny("\u{937}\u{92E}\u{93E}", target: .body), "Shop", "\u{915}\u{94D}\u{937}\u{92E}\u{93E}", false),
        MatchCase(deny("\u{915}\u{94D}\u{937}", target: .body), "Shop", "\u{915}\u{94D}\u{937}\u{92E}\u{93E}", true),
        // The body and the sender end and start where they meet, for a body or sender phrase.
        MatchCase(deny("a\u{600}", target: .body), "Shop", "xa\u{600}", true),
        MatchCase(deny("\u{301}b", target: .sender), "\u{301}bc", "hi", true),
        MatchCase(deny("a\u{600}"), "Shop", "xa\u{600}", false),
        // Devanagari: a vowel sign belongs to the consonant before it.
        MatchCase(deny("\u{915}\u{930}", target: .body), "Shop", "\u{915}\u{930}\u{947}\u{902}", false),
        MatchCase(deny("\u{915}\u{930}\u{947}\u{902}", target: .body), "Shop", "\u{915}\u{930}\u{947}\u{902}\u{917}\u{947}", true),
        // Case-sensitive phrases too.
        MatchCase(deny("hello", target: .body, .contains, .sensitive), "Shop", "hello\u{331} there", false),
        // exact: the character before is judged by its first scalar (x + U+0301 is a letter).
        MatchCase(deny("Discount", target: .body, .exact), "Shop", "x\u{301}Discount", false),
        MatchCase(deny("Discount", target: .body, .exact), "Shop", "Discount\u{301}s", false),
        MatchCase(deny("Discount", target: .body, .exact), "Shop", "5\u{301}Discount", true),
        MatchCase(deny("\u{645}\u{631}\u{62D}\u{628}", target: .body, .exact), "Shop", "\u{645}\u{631}\u{62D}\u{628}\u{64B}\u{627} \u{628}\u{643}\u{645}", false),
        // The sender too, and a phrase spanning the joining space.
        MatchCase(deny("bank", target: .sender), "Bank\u{301}", "hi", false),
        MatchCase(deny("hi bank"), "Bank", "hi", true),
    ]

    @Test(arguments: cases)
    func phrasesOccurWhereWholeCharactersDo_asTheApp(_ c: MatchCase) throws {
        let v = try judge(rules([c.filter]), sender: c.sender, body: c.body)
        #expect((v.stage == .denyFilter) == c.matches)
    }

    @Test func communityPhrasesToo() throws {
        let r = rules(lists: [.en: list(denyBody: ["\u{1F44D}"])], listLanguages: [.en])
        #expect(try judge(r, sender: "x", body: "ok \u{1F44D}\u{1F3FD}").stage == .noMatch)
        #expect(try judge(r, sender: "x", body: "ok \u{1F44D}").stage == .automaticDeny)
        let flags = rules(lists: [.en: list(denyBody: ["\u{1F1EE}"])], listLanguages: [.en])
        #expect(try judge(flags, sender: "x", body: "\u{1F1EE}\u{1F1F1}").stage == .noMatch)
    }

    /// A regex matches code points (ICU): its literal gate must still open.
    @Test func regexesAreNotHeldToCharacters() throws {
        let f = Filter(id: 0, type: .deny, target: .body, matching: .regex, text: "hello")
        #expect(try judge(rules([f]), body: "hello\u{331} there").stage == .denyFilter)
    }

    /// The Evaluator answers most boundaries inline (`characterBoundary`): its answer is
    /// `Grapheme.isBoundary`'s for every scalar before an ASCII or Latin-1 letter, and at
    /// every scalar of random strings of what the shortcut is about (prepended marks,
    /// ZWJ and © ®, curly quotes, CR LF, flags).
    @Test func theInlineShortcutAgreesWithTheRules() {
        func agree(_ bytes: [UInt8], _ p: Int) -> Bool {
            bytes.withUnsafeBufferPointer { text in
                var flags = Grapheme.FlagRun()
                return Evaluator.characterBoundary(text, p, flags: &flags) == Grapheme.isBoundary(text, at: p)
            }
        }
        var wrong: [String] = []
        for cp in UInt32(0x80)..<0x11_0000 {
            guard let x = Unicode.Scalar(cp) else { continue }
            let before = Array(String(x).utf8)
            for after in [Array("a".utf8), Array("\u{E9}".utf8)] where !agree(before + after, before.count) {
                wrong.append(String(cp, radix: 16))
            }
        }
        let alphabet: [UInt32] = [0x61, 0x0D, 0x0A, 0xE9, 0xA9, 0xAE, 0x2019, 0x201C, 0x2013, 0x20AC, 0x200D, 0x1F468,
                                  0x600, 0x6DD, 0x70F, 0x890, 0x8E2, 0xD4E, 0x110BD, 0x11A84, 0x1F1FA, 0x1F1F8, 0x301]
        var state: UInt64 = 42
        for _ in 0..<20_000 {
            var scalars: [Unicode.Scalar] = []
            for _ in 0..<6 {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                scalars.append(Unicode.Scalar(alphabet[Int((state >> 33) % UInt64(alphabet.count))])!)
            }
            var bytes: [UInt8] = [], offsets: [Int] = []
            for x in scalars { offsets.append(bytes.count); bytes += Array(String(x).utf8) }
            for p in offsets where !agree(bytes, p) {
                wrong.append(scalars.map { String($0.value, radix: 16) }.joined(separator: " ") + " @\(p)")
            }
        }
        #expect(wrong.isEmpty, "\(wrong.count) wrong, first: \(wrong.prefix(10))")
    }
}
