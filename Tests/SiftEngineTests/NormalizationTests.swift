// Canonically equivalent text matches alike (as the app's Swift String
// comparison does): `café` with é precomposed (NFC) or as e + U+0301 (NFD).
import Testing
import SiftEngine
import SiftRules
import SiftText

@Suite("Canonical equivalence")
struct NormalizationTests {
    static let nfc = "caf\u{E9}", nfd = "cafe\u{301}"

    static let cases: [MatchCase] = [
        // Every pairing of a composed / decomposed filter and text.
        MatchCase(deny(nfc), "Shop", "\(nfc) open", true),
        MatchCase(deny(nfc), "Shop", "\(nfd) open", true),
        MatchCase(deny(nfd), "Shop", "\(nfc) open", true),
        MatchCase(deny(nfd), "Shop", "\(nfd) open", true),
        // Case-sensitive and exact phrases, and the sender.
        MatchCase(deny(nfc, .junk, .contains, .sensitive), "Shop", "\(nfd) open", true),
        MatchCase(deny(nfd, .junk, .exact, .sensitive), "Shop", "le \(nfc) ouvert", true),
        MatchCase(deny(nfc.uppercased(), .junk, .exact), "Shop", "le \(nfd) ouvert", true),
        MatchCase(deny(nfc, target: .sender), "\(nfd) Paris", "hi", true),
        // Greek with oxia: U+1F71 is a singleton that NFC replaces by U+03AC.
        MatchCase(deny("\u{3B5}\u{3BB}\u{3BB}\u{3AC}\u{3B4}\u{3B1}"), "Shop", "\u{395}\u{3BB}\u{3BB}\u{1F71}\u{3B4}\u{3B1}", true),
        MatchCase(deny("\u{3B5}\u{3BB}\u{3BB}\u{3B1}\u{301}\u{3B4}\u{3B1}"), "Shop", "\u{395}\u{3BB}\u{3BB}\u{3AC}\u{3B4}\u{3B1}", true),
        // As Swift's Characters: a decomposed é is not an e followed by something.
        MatchCase(deny("cafe"), "Shop", "\(nfd) open", false),
        MatchCase(deny("cafe", .junk, .exact), "Shop", "\(nfd) open", false),
        // Hangul: conjoining jamo compose into the syllable.
        MatchCase(deny("\u{D55C}"), "Shop", "\u{1112}\u{1161}\u{11AB}\u{AD6D}", true),
        // Marks in another order (canonical ordering): same text.
        MatchCase(deny("a\u{323}\u{302}"), "Shop", "xa\u{302}\u{323}y", true),
        // Hebrew points are NFC_Quick_Check Yes, but NFC still puts them in order (dagesh,
        // class 21, after qamats, 18): the text was not normalized, and missed.
        MatchCase(deny("\u{5D1}\u{5B8}\u{5BC}"), "1234567", "x \u{5D1}\u{5BC}\u{5B8} y", true),
        MatchCase(deny("\u{5D1}\u{5BC}\u{5B8}"), "1234567", "x \u{5D1}\u{5B8}\u{5BC} y", true),
        MatchCase(deny("a\u{316}\u{301}"), "Shop", "xa\u{301}\u{316}y", true),
    ]

    @Test(arguments: cases)
    func canonicallyEquivalentTextMatches_asTheApp(_ c: MatchCase) throws {
        let v = try judge(rules([c.filter]), sender: c.sender, body: c.body)
        #expect((v.stage == .denyFilter) == c.matches)
    }

    @Test func communityPhrasesAndSendersToo() throws {
        let l = list(denySender: ["Caf\u{E9}Bar"], denyBody: ["bon app\u{E9}tit"])
        let r = rules(lists: [.fr: l], listLanguages: [.fr])
        #expect(try judge(r, sender: "CafeBar", body: "bon appe\u{301}tit").stage == .automaticDeny)
        #expect(try judge(r, sender: "CAFE\u{301}BAR", body: "hi").stage == .automaticDeny)
        #expect(try judge(r, sender: "CafeBar", body: "bon appetit").stage == .noMatch)
    }

    /// A regex runs on the message as written; a decomposed literal it needs must not be
    /// lost to the gate that looked for it in the NFC form.
    @Test func regexesSeeTheMessageAsWritten() throws {
        let f = Filter(id: 0, type: .deny, matching: .regex, text: "cafe\u{301}s? ouvert")
        #expect(try judge(rules([f]), body: "\(Self.nfd) ouvert").stage == .denyFilter)
    }

    /// A body typed decomposed (`a` + U+0300) was read by the language detector with its
    /// accents as no letters: `à bientôt` was French, its NFD form undetermined, and a blocked
    /// language let it through (found by an audit of --explain). Detection reads NFC now.
    @Test(arguments: [
        ("\u{E0} bient\u{F4}t", "a\u{300} biento\u{302}t", Language.fr),
        ("Te\u{15F}ekk\u{FC}rler", "Tes\u{327}ekku\u{308}rler", Language.tr),
        ("C\u{F3}digo de verifica\u{E7}\u{E3}o", "Co\u{301}digo de verificac\u{327}a\u{303}o", Language.pt),
    ] as [(String, String, Language)])
    func languageDetectionReadsTheBodyInNFC(_ composed: String, _ decomposed: String, _ language: Language) throws {
        let r = rules([blockLanguage(language)])
        for filter in [[], [deny("zzz-no-such-phrase")]] {           // with and without a phrase scan before
            var set = r
            for f in filter { set.add(f) }
            let a = try judge(set, sender: "J B", body: composed, explain: true)
            let b = try judge(set, sender: "J B", body: decomposed, explain: true)
            #expect(a.stage == .denyLanguage && a.reason == language.rawValue)
            #expect(b.stage == .denyLanguage && b.reason == language.rawValue, "\(b.trace.last.map { $0.checked } ?? "")")
            #expect(a.trace.last?.checked == b.trace.last?.checked)
        }
    }

    /// Two spellings of one regex are two filters (a phrase's are one): each matches what
    /// it matches, so the second is not dropped as a duplicate of the first.
    @Test func twoSpellingsOfARegexAreTwoFilters() throws {
        let composed = Filter(id: 0, type: .deny, target: .sender, matching: .regex, text: Self.nfc)
        var decomposed = composed
        decomposed.text = Self.nfd
        let v = try judge(rules([composed, decomposed]), sender: Self.nfd, body: "hi")
        #expect(v.stage == .denyFilter && v.reason == Self.nfd)
        #expect(try judge(rules([composed, decomposed]), sender: Self.nfc, body: "hi").reason == Self.nfc)
        #expect(try judge(rules([deny(Self.nfc), deny(Self.nfd)]), body: Self.nfd).reason == Self.nfc)
    }

    @Test func theReasonIsTheFilterAsWritten() throws {
        let v = try judge(rules([deny(Self.nfd)]), body: "\(Self.nfc)!")
        #expect(v.reason == Self.nfd)
    }

    @Test func normalizationLeavesNFCAlone() {
        #expect(Normalization.nfc(Self.nfc) == Self.nfc)
        #expect(Array(Normalization.nfc(Self.nfd).unicodeScalars) == Array(Self.nfc.unicodeScalars))
        #expect(Normalization.mayChange(0x301))
        #expect(!Normalization.mayChange(0xE9))
        #expect(!Normalization.mayChange(0x41))
        #expect(Normalization.mayChange(0x212B))      // ANGSTROM SIGN → Å
        #expect(Normalization.mayChange(0x2F800))     // CJK compatibility ideograph
        #expect(!Normalization.mayChange(0x1F600))    // an emoji
        #expect(!Normalization.mayChange(0x5BC))      // HEBREW POINT DAGESH: QC Yes, yet reordered after qamats:
        #expect(Normalization.isNonStarter(0x5BC) && !Normalization.isNonStarter(0x5D1))
        #expect(Normalization.isNonStarter(0x1D165) && !Normalization.isNonStarter(0x1F600))   // above the BMP too
        #expect(Normalization.nfc("\u{5D1}\u{5BC}\u{5B8}") == "\u{5D1}\u{5B8}\u{5BC}")
    }

    /// The table of marks answers as Swift's own Unicode data does, in every plane, for
    /// the characters both ICU 72 and Swift know (Unicode 15.0 and older).
    @Test func marksAreThoseOfSwiftsUnicodeData() {
        var differ: [UInt32] = []
        for cp in UInt32(0)...0x10FFFF {
            guard let s = Unicode.Scalar(cp), let age = s.properties.age, age.major < 15 || age.major == 15 && age.minor == 0 else { continue }
            if Normalization.isNonStarter(cp) != (s.properties.canonicalCombiningClass != .notReordered) { differ.append(cp) }
        }
        #expect(differ.isEmpty, "\(differ.prefix(10).map { String($0, radix: 16) })")
    }

    /// A long run of marks gets U+034F after every 30 (UAX #15 Stream-Safe Text Format): ICU
    /// orders a run by insertion, and 64,000 marks out of order took 5 s in one record.
    @Test func aLongRunOfMarksIsMadeStreamSafe() {
        let run = "x" + String(repeating: "\u{301}", count: 40) + String(repeating: "\u{316}", count: 40) + "b"
        let scalars = Array(Normalization.nfc(run).unicodeScalars).map(\.value)
        #expect(scalars.count == 1 + 80 + 2 + 1)
        #expect(scalars.indices.filter { scalars[$0] == 0x34F } == [31, 62])
        // Each segment between joiners is in canonical order (class 220 before 230).
        #expect(scalars[1...30].allSatisfy { $0 == 0x301 })                 // the first 30, all 230
        #expect(Array(scalars[32...61]) == Array(repeating: 0x316, count: 20) + Array(repeating: 0x301, count: 10))
        // Marks a character of class 0 decomposes into count too (U+0F73 is U+0F71 U+0F72):
        // counted as starters, they let a run of any length through to ICU.
        let tibetan = Array(Normalization.nfc("x" + String(repeating: "\u{F73}", count: 40)).unicodeScalars).map(\.value)
        #expect(tibetan.filter { $0 == 0x34F }.count == 2)
        #expect(tibetan.firstIndex(of: 0x34F) == 31)                          // after 15 characters, 30 marks
        // Thirty marks or fewer are left as NFC leaves them.
        #expect(Normalization.nfc("e" + String(repeating: "\u{301}", count: 30)) == "e" + String(repeating: "\u{301}", count: 30))
    }
}
