// The scalar-level fast path of EmojiDetector must agree with the rule stated
// on grapheme clusters (EmojiDetector.isEmoji over Swift's own segmentation)
// on every string: here, many strings mixing the scalars where they could differ.
import CTextScan
import Testing
import SiftText

@Suite("Emoji fast path agrees with grapheme clusters")
struct EmojiAgreementTests {
    static let pieces: [String] = [
        "a", "1", "#", "*", " ", "\n", "\r", "\t", "©", "®", "™", "‼", "↔", "⌚", "⌨", "☎", "❤", "✈", "☺",
        "\u{FE0F}", "\u{FE0E}", "\u{200D}", "\u{200C}", "\u{20E3}", "\u{301}", "\u{903}",
        "\u{1F3FB}", "\u{1F3FF}", "😀", "👍", "👨", "👩", "🇮", "🇱", "\u{E0067}", "\u{E007F}", "🏴",
        "ש", "ع", "中", "あ", "é", "e", "Σ", "\u{0600}", "\u{06DD}", "\u{110BD}", "\u{0085}",
    ]

    /// Texts that `text` builds from a seeded generator, checked against the cluster rule;
    /// returns the scalars of those where the fast path disagrees.
    static func disagreements(seed: UInt64, _ text: (() -> Int) -> String) -> [String] {
        var state = seed
        func next() -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int(state >> 33)
        }
        var wrong: [String] = []
        for _ in 0..<20_000 {
            let s = text(next)
            if EmojiDetector.containsEmoji(s) != s.contains(where: { EmojiDetector.isEmoji($0) }) {
                wrong.append(s.unicodeScalars.map { String($0.value, radix: 16) }.joined(separator: " "))
            }
        }
        return wrong
    }

    @Test func randomMixesAgree() {
        let wrong = Self.disagreements(seed: 12345) { next in
            (0..<(1 + next() % 6)).map { _ in Self.pieces[next() % Self.pieces.count] }.joined()
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(10))")
    }

    // Long texts go sixteen bytes at a time between the bytes that may start an emoji: mixes
    // long enough for whole blocks, mostly of text stepped over (Hebrew, Arabic, Han, Latin),
    // with the two Controls such a block may end with before a skin-tone modifier.
    static let longPieces: [String] = [
        "שלום ", "مرحبا ", "中文字", "привет", "éèà", "abcdefgh", " ", "\u{061C}", "\u{180E}", "\u{1F3FB}",
        "1", "#", "\u{20E3}", "\u{FE0F}", "😀", "©", "\n", "\u{0600}", "\u{301}", "ü",
    ]

    @Test func longMixesAgree() {
        let wrong = Self.disagreements(seed: 987654321) { next in
            // Mostly text stepped over, so that blocks of sixteen bytes hold none of the rest.
            (0..<(4 + next() % 24)).map { _ in
                next() % 3 == 0 ? Self.longPieces[next() % Self.longPieces.count] : Self.longPieces[next() % 6]
            }.joined()
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(10))")
    }

    @Test("a skin-tone modifier right after a long run that ends with U+061C or U+180E starts a cluster")
    func modifierAfterControlEndingARun() {
        for control in ["\u{061C}", "\u{180E}", "ש", "中"] {
            for run in [0, 5, 15, 16, 17, 31, 40] {
                let s = String(repeating: "ש", count: run) + control + "\u{1F3FB}"
                #expect(EmojiDetector.containsEmoji(s) == s.contains { EmojiDetector.isEmoji($0) }, "\(run) \(control)")
            }
        }
        // The Controls do make it an emoji; a letter does not.
        #expect(EmojiDetector.containsEmoji(String(repeating: "ש", count: 20) + "\u{061C}\u{1F3FB}"))
        #expect(!EmojiDetector.containsEmoji(String(repeating: "ש", count: 20) + "\u{1F3FB}"))
    }

    @Test("the sixteen-byte scan stops at exactly the bytes the scalar scan must see, in a block and past the last one")
    func candidateBytes() {
        func stops(_ b: UInt8) -> Bool {
            [0xC2, 0xE2, 0xE3, 0x23, 0x2A, 0x7F].contains(b) || b >= 0xEF || b < 0x20 || (0x30...0x39).contains(b)
        }
        var wrong: [String] = []
        for value in 0...255 {
            let b = UInt8(value)
            for at in [0, 7, 15, 16, 31, 33, 39] {
                var bytes = [UInt8](repeating: 0x61, count: 40)
                bytes[at] = b
                for from in [0, 1, 17] {
                    let got = bytes.withUnsafeBufferPointer { sift_emoji_candidate($0.baseAddress!, from, 40) }
                    let expected = stops(b) && at >= from ? at : 40
                    if got != expected { wrong.append("\(String(b, radix: 16)) at \(at) from \(from): \(got)") }
                }
            }
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(10))")
    }
}

@Suite("Emoji: scalars of other lead bytes are stepped over")
struct EmojiPrefilterTests {
    @Test("every scalar with Emoji or Emoji_Presentation outside ASCII has lead byte C2, E2, E3 or F0")
    func leadBytes() {
        var leads = Set<UInt8>()
        for cp in UInt32(0x80)..<0x11_0000 {
            guard let s = Unicode.Scalar(cp), s.properties.isEmoji || s.properties.isEmojiPresentation else { continue }
            leads.insert(Array(String(s).utf8)[0])
        }
        #expect(leads == [0xC2, 0xE2, 0xE3, 0xF0])
    }

    // The detector's table covers only the lead bytes it decodes: every scalar, alone and
    // with VS16 after it, must still get the cluster rule's answer.
    @Test("every scalar alone and before VS16, the fast path's table against the cluster rule")
    func everyScalarAloneAndWithVS16() {
        var wrong: [String] = []
        for cp in UInt32(0x80)..<0x11_0000 {
            guard let x = Unicode.Scalar(cp) else { continue }
            for s in [String(x), String(x) + "\u{FE0F}"] where EmojiDetector.containsEmoji(s) != s.contains(where: { EmojiDetector.isEmoji($0) }) {
                wrong.append(String(cp, radix: 16))
            }
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(20))")
    }

    @Test("a skin-tone modifier after any scalar: a cluster of its own exactly after a Control")
    func modifierAfterEveryScalar() {
        var wrong: [String] = []
        let ranges: [ClosedRange<UInt32>] = [0x80...0xD7FF, 0xE000...0x1_FFFF, 0xE_0000...0xE_0FFF]
        for range in ranges {
            for cp in range {
                guard let x = Unicode.Scalar(cp) else { continue }
                let s = String(x) + "\u{1F3FB}"
                if EmojiDetector.containsEmoji(s) != s.contains(where: { EmojiDetector.isEmoji($0) }) {
                    wrong.append(String(cp, radix: 16))
                }
            }
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(20))")
    }

    @Test("text without those bytes holds no emoji, and the detector says so", arguments: [
        "שלום לך", "مرحبا ۱۲۳", "привет 123", "明天送达 您的订单", "Straße 5 €", "1\u{0600}x", "x 9",
    ])
    func plainText(_ text: String) {
        #expect(!text.contains { EmojiDetector.isEmoji($0) })
        #expect(!EmojiDetector.containsEmoji(text))
    }

    @Test("a keycap or an emoji after plain text is still found", arguments: [
        "שלום 1\u{FE0F}\u{20E3}", "明天送达 ☎", "x ©\u{FE0F} y", "ok 👍", "9\u{301}",
    ])
    func emojiAfterPlainText(_ text: String) {
        #expect(text.contains { EmojiDetector.isEmoji($0) })
        #expect(EmojiDetector.containsEmoji(text))
    }
}
