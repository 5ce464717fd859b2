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
    }
}
