// Grapheme.continuesCluster (ICU's Grapheme_Cluster_Break data, through
// CharTable) against Swift's own segmentation, which decides what the app's
// `Character`s are: after a plain letter, a scalar joins its cluster exactly
// when it is Extend, SpacingMark or ZWJ (UAX #29 GB9, GB9a). Scalars newer
// than ICU 72's Unicode 15 are left out (the standard library may know more).
import Testing
import SiftText

@Suite("Grapheme clusters")
struct GraphemeTests {
    static func assignedByUnicode15(_ s: Unicode.Scalar) -> Bool {
        guard let age = s.properties.age else { return false }
        return age.major < 15 || (age.major == 15 && age.minor == 0)
    }

    @Test("continuesCluster agrees with Swift's segmentation after a letter, on every scalar")
    func everyScalar() {
        var wrong: [String] = []
        for cp in UInt32(0x80)..<0x11_0000 {
            guard let x = Unicode.Scalar(cp), Self.assignedByUnicode15(x) else { continue }
            var s = "a"
            s.unicodeScalars.append(x)
            if Grapheme.continuesCluster(cp) != (s.count == 1) { wrong.append(String(cp, radix: 16)) }
        }
        #expect(wrong.count == 0, "first: \(wrong.prefix(20))")
    }

    /// The emojis rule's fast path on a keycap base (`1`, `#`) or a text-style
    /// symbol (`©`) with any scalar after it: an emoji exactly when the pair is one
    /// cluster (docs/judging.md "Smart rules": several scalars, the first with Emoji), e.g. `7ﾞ`.
    @Test("an Emoji base followed by any scalar agrees with the cluster rule", arguments: ["1", "#", "©"])
    func emojiBaseWithEveryScalar(base: String) {
        var wrong: [String] = []
        for cp in UInt32(0x80)..<0x3_0000 {
            guard let x = Unicode.Scalar(cp), Self.assignedByUnicode15(x) else { continue }
            var s = base
            s.unicodeScalars.append(x)
            if EmojiDetector.containsEmoji(s) != s.contains(where: { EmojiDetector.isEmoji($0) }) {
                wrong.append(String(cp, radix: 16))
            }
        }
        #expect(wrong.count == 0, "first: \(wrong.prefix(20))")
    }

    @Test("phrases end where characters end: U+FF9E and SARA AM continue the character before")
    func boundaryAfterExtenders() {
        for (text, end, expected) in [("ﾃﾞ", 3, false), ("กำ", 3, false), ("ab", 1, true), ("e\u{301}", 1, false)] {
            let bytes = Array(text.utf8)
            let ok = bytes.withUnsafeBufferPointer { Grapheme.isBoundary($0, at: end) }
            #expect(ok == expected, "\(text) at \(end)")
        }
    }

    /// Every boundary `isBoundary` answers, against where Swift's own `Character`s start, in
    /// random strings of scalars every rule is about: CR LF and other controls, marks, ZWJ and
    /// ZWNJ, spacing marks, prepended marks, Hangul jamo and syllables, regional indicators,
    /// emoji ZWJ sequences, and plain letters of the supported scripts.
    @Test("isBoundary agrees with Swift's segmentation at every scalar of random strings")
    func boundariesAgreeWithSwift() {
        let alphabet: [UInt32] = [
            0x61, 0x41, 0x31, 0x20, 0x0D, 0x0A, 0x09, 0xAD,                 // ASCII, CR, LF, a control, soft hyphen
            0xE9, 0x301, 0x345, 0x200D, 0x200C, 0xFE0F, 0x20E3, 0x1F3FB,    // letter, marks, joiners, VS16, keycap, skin tone
            0xE33, 0xE01, 0xFF9E, 0xFF83,                                   // Thai SARA AM (spacing), Thai letter, ﾞ, ﾃ
            0x600, 0x6DD, 0x628, 0x661,                                     // prepended marks, Arabic letter and digit
            0x1100, 0x1161, 0x11A8, 0xAC00, 0xAC01,                         // Hangul L V T LV LVT
            0x1F1EE, 0x1F1F1, 0x1F1FA,                                      // regional indicators
            0x1F468, 0x1F469, 0x2764, 0x1F44D, 0x5D0, 0x43F, 0x4E2D,        // pictographs, Hebrew, Cyrillic, Han
            0x915, 0x937, 0x94D, 0x93C, 0x93E, 0x9CD, 0x995,                // Indic consonants, viramas, nukta, vowel sign
        ]
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ n: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(n))
        }
        var wrong: [String] = []
        for _ in 0..<20_000 {
            var s = ""
            for _ in 0..<(1 + next(7)) { s.unicodeScalars.append(Unicode.Scalar(alphabet[next(alphabet.count)])!) }
            let bytes = Array(s.utf8)
            var starts = Set<Int>()
            for index in s.indices { starts.insert(s.utf8.distance(from: s.utf8.startIndex, to: index)) }
            var offset = 0
            for scalar in s.unicodeScalars {
                let got = bytes.withUnsafeBufferPointer { Grapheme.isBoundary($0, at: offset) }
                if got != starts.contains(offset) || offset == 0 && !got {
                    wrong.append(s.unicodeScalars.map { String($0.value, radix: 16) }.joined(separator: " ") + " @\(offset)")
                }
                offset += String(scalar).utf8.count
            }
        }
        #expect(wrong.isEmpty, "\(wrong.count) wrong, first: \(wrong.prefix(10))")
    }

    /// Checks inside one long run of flags remember what they counted (`FlagRun`): the
    /// answers are those of a fresh count, in order and out of order.
    @Test func aRunOfFlagsIsCountedOnceAndRight() {
        let indicator: [UInt8] = Array("\u{1F1FA}".utf8)
        let bytes = Array("x".utf8) + Array([[UInt8]](repeating: indicator, count: 41).joined()) + Array("y".utf8)
        bytes.withUnsafeBufferPointer { text in
            var flags = Grapheme.FlagRun()
            // Between indicators: a boundary after an even number of them.
            for p in stride(from: 1, through: text.count - 5, by: 4) {
                #expect(Grapheme.isBoundary(text, at: p, flags: &flags) == ((p - 1) / 4 % 2 == 0), "at \(p)")
            }
            #expect(Grapheme.isBoundary(text, at: text.count - 1, flags: &flags))      // the last one, then `y`
            for p in [161, 5, 81, 9, 165] {
                #expect(Grapheme.isBoundary(text, at: p, flags: &flags) == Grapheme.isBoundary(text, at: p), "at \(p)")
            }
        }
    }
}
