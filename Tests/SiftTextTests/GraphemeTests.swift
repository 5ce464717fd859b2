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
    /// cluster (SPEC §1.2: several scalars, the first with Emoji), e.g. `7ﾞ`.
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
            let ok = bytes.withUnsafeBufferPointer { Grapheme.boundary($0, at: end) }
            #expect(ok == expected, "\(text) at \(end)")
        }
    }
}
