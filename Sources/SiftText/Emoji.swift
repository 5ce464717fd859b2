// The `emojis` smart rule (docs/judging.md "Smart rules"): does a body hold an emoji grapheme cluster?
//
// The cluster test is the app's: the first scalar has Emoji_Presentation; or
// the cluster has several scalars and the first has Emoji (keycaps, `©️`,
// ZWJ sequences, flags, skin tones); or the first scalar has Emoji and is
// above U+238C (`☎`, `❤` without VS16). Grapheme segmentation is costly, so
// the hot path decides scalar by scalar from a table (see containsEmoji);
// `isEmoji(_:)` states the rule on a Character, and the tests check that the
// two agree.

import CTextScan

/// Detects emoji in message bodies.
public enum EmojiDetector {
    /// True when `body` contains at least one emoji grapheme cluster (docs/judging.md "Smart rules").
    ///
    /// Decided scalar by scalar, without grapheme segmentation: a cluster's
    /// first scalar decides, and the only Emoji scalars that do not start a
    /// cluster are the skin-tone modifiers (Extend), which count only at the
    /// start of a cluster. So: a scalar with Emoji_Presentation (not a
    /// modifier that extends the scalar before it), or with Emoji and above
    /// U+238C, or with Emoji and followed by a scalar that extends its
    /// cluster (VS16, ZWJ, the keycap mark, a modifier, a tag, any mark).
    public static func containsEmoji(_ body: String) -> Bool {
        var body = body
        return body.withUTF8 { containsEmoji(utf8: $0) }
    }

    /// `containsEmoji` on valid UTF-8.
    ///
    /// Every scalar with Emoji or Emoji_Presentation outside ASCII is encoded
    /// with a lead byte C2, E2, E3 or F0, and every grapheme Control with one
    /// of those, EF or F3, or is U+061C or U+180E (both checked over all of
    /// Unicode by the tests), so the scalars of other lead bytes (Latin
    /// accents, Hebrew, Arabic, Cyrillic, Han) are stepped over undecoded.
    public static func containsEmoji(utf8 b: UnsafeBufferPointer<UInt8>) -> Bool {
        let n = b.count
        var i = 0
        // Whether the scalar before is a grapheme Control (or the text starts): a
        // skin-tone modifier after one starts a cluster instead of extending one.
        var afterControl = true
        guard n > 0, let base = b.baseAddress else { return false }
        while i < n {
            // Over text no emoji starts in (Hebrew, Arabic, Cyrillic, Han, accented Latin)
            // sixteen bytes at a time, to the next byte that may start one (or a Control).
            let next = sift_emoji_candidate(base, i, n)
            if next > i {
                if next == n { return false }
                // Of the scalars stepped over, only U+061C and U+180E are Controls.
                afterControl = (next - i >= 2 && b[next - 2] == 0xD8 && b[next - 1] == 0x9C)
                    || (next - i >= 3 && b[next - 3] == 0xE1 && b[next - 2] == 0xA0 && b[next - 1] == 0x8E)
                i = next
            }
            let c = b[i]
            let start = i
            if c < 0x80 {
                // Eight ASCII bytes at a time while the byte after them is ASCII too: an ASCII
                // scalar starts an emoji only with a (non-ASCII) extender right after it.
                var j = i
                while j + 9 <= n && UnsafeRawPointer(b.baseAddress! + j).loadUnaligned(as: UInt64.self) & 0x8080_8080_8080_8080 == 0
                        && b[j + 8] < 0x80 {
                    j += 8
                }
                if j > i {
                    afterControl = b[j - 1] < 0x20 || b[j - 1] == 0x7F
                    i = j
                    continue
                }
                // `#`, `*` and digits have Emoji: an emoji only with an extender after them.
                if c == 0x23 || c == 0x2A || c &- 0x30 < 10, i + 1 < n, b[i + 1] >= 0x80,
                   extendsCluster(UTF8Scalar.decode(b, i + 1)) {
                    return confirm(b, before: start)
                }
                afterControl = c < 0x20 || c == 0x7F
                i += 1
                continue
            }
            let width = c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4
            if !(c == 0xC2 || c == 0xE2 || c == 0xE3 || c >= 0xEF) {
                // No emoji has this lead byte; of its scalars only U+061C and U+180E are Controls.
                afterControl = (c == 0xD8 && i + 1 < n && b[i + 1] == 0x9C)
                    || (c == 0xE1 && i + 2 < n && b[i + 1] == 0xA0 && b[i + 2] == 0x8E)
                i += width
                continue
            }
            let cp = UTF8Scalar.decode(b, i)
            i += width
            let bits = EmojiTable.shared.bits(cp)
            if bits & (EmojiTable.emoji | EmojiTable.presentation) != 0 {
                let isModifier = cp >= 0x1_F3FB && cp <= 0x1_F3FF
                if isModifier && !afterControl {
                    // Extends the cluster before it, which decides alone.
                } else if bits & EmojiTable.presentation != 0 || cp > 0x238C {
                    return confirm(b, before: start)
                } else if i < n, b[i] >= 0x80, extendsCluster(UTF8Scalar.decode(b, i)) {
                    return confirm(b, before: start)
                }
            }
            afterControl = bits & EmojiTable.control != 0
        }
        return false
    }

    /// An emoji cluster starts at `start`, unless a prepended mark (U+0600 …)
    /// before it glued it into a cluster of its own, under rules this scan does
    /// not model: then the text is segmented properly (rare in messages).
    private static func confirm(_ b: UnsafeBufferPointer<UInt8>, before start: Int) -> Bool {
        var i = 0
        while i < start {
            let c = b[i]
            if c >= 0x80 && isPrepend(UTF8Scalar.decode(b, i)) {
                return String(decoding: b, as: UTF8.self).contains { isEmoji($0) }
            }
            i += c < 0x80 ? 1 : c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4
        }
        return true
    }

    @inline(__always)
    private static func extendsCluster(_ cp: UInt32) -> Bool { Grapheme.continuesCluster(cp) }

    /// Grapheme_Cluster_Break=Prepend (Unicode 15): the scalars after one join its cluster.
    @inline(__always)
    private static func isPrepend(_ cp: UInt32) -> Bool {
        guard cp >= 0x600 else { return false }
        switch cp {
        case 0x600...0x605, 0x6DD, 0x70F, 0x890...0x891, 0x8E2, 0xD4E, 0x1_10BD, 0x1_10CD, 0x1_11C2...0x1_11C3,
             0x1_193F, 0x1_1941, 0x1_1A3A, 0x1_1A84...0x1_1A89, 0x1_1D46, 0x1_1F02:
            return true
        default:
            return false
        }
    }

    /// True when the grapheme cluster `character` counts as an emoji (docs/judging.md "Smart rules").
    public static func isEmoji(_ character: Character) -> Bool {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return false }
        let properties = first.properties
        if properties.isEmojiPresentation { return true }
        guard properties.isEmoji else { return false }
        return first.value > 0x238C || scalars.index(after: scalars.startIndex) != scalars.endIndex
    }
}

/// Emoji and Emoji_Presentation of each code point: a bit table for the
/// BMP scalars `containsEmoji` decodes (lead bytes C2, E2, E3 and EF: U+0080–
/// U+00BF and U+2000–U+3FFF, U+F000–U+FFFF), built once from the standard
/// library's Unicode data, direct property lookups for the rest. The table
/// covers 12,352 code points instead of the whole BMP: building it for all
/// 65,408 cost ~44M instructions (~15 ms) at the start of every run.
final class EmojiTable: Sendable {
    static let emoji: UInt8 = 1
    static let presentation: UInt8 = 2
    /// Grapheme_Cluster_Break = Control (UAX #29): a cluster always ends after it.
    static let control: UInt8 = 4
    /// Built on first use.
    static let shared = EmojiTable()

    /// U+0080–U+00BF, then U+2000–U+3FFF, then U+F000–U+FFFF.
    private let table: [UInt8]
    private static let latin1 = 0x80..<0xC0, symbols = 0x2000..<0x4000, specials = 0xF000..<0x1_0000

    private init() {
        var t: [UInt8] = []
        t.reserveCapacity(Self.latin1.count + Self.symbols.count + Self.specials.count)
        for range in [Self.latin1, Self.symbols, Self.specials] {
            for cp in range { t.append(Unicode.Scalar(UInt32(cp)).map(Self.compute) ?? 0) }
        }
        table = t
    }

    private static func compute(_ s: Unicode.Scalar) -> UInt8 {
        let p = s.properties
        var bits: UInt8 = 0
        if p.isEmoji { bits |= emoji }
        if p.isEmojiPresentation { bits |= presentation }
        if isControl(s) { bits |= control }
        return bits
    }

    /// Grapheme_Cluster_Break = Control: Cc, Zl, Zp, unassigned default-ignorables,
    /// and Cf but ZWNJ, ZWJ, the prepended concatenation marks and Grapheme_Extend (tags).
    static func isControl(_ s: Unicode.Scalar) -> Bool {
        let p = s.properties
        switch p.generalCategory {
        case .control, .lineSeparator, .paragraphSeparator: return true
        case .unassigned: return p.isDefaultIgnorableCodePoint
        case .format:
            let v = s.value
            if v == 0x200C || v == 0x200D || p.isGraphemeExtend { return false }
            switch v {
            case 0x600...0x605, 0x6DD, 0x70F, 0x890...0x891, 0x8E2, 0x1_10BD, 0x1_10CD: return false   // Prepended_Concatenation_Mark
            default: return true
            }
        default: return false
        }
    }

    /// The bits of `cp` (0 when it has none of the properties).
    @inline(__always)
    func bits(_ cp: UInt32) -> UInt8 {
        let v = Int(cp)
        if Self.symbols.contains(v) { return table[Self.latin1.count + v - Self.symbols.lowerBound] }
        if Self.specials.contains(v) { return table[Self.latin1.count + Self.symbols.count + v - Self.specials.lowerBound] }
        if Self.latin1.contains(v) { return table[v - Self.latin1.lowerBound] }
        guard let s = Unicode.Scalar(cp) else { return 0 }
        return Self.compute(s)
    }
}
