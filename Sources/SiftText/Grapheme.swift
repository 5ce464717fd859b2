// Where user-perceived characters (grapheme clusters) end, as far as phrase
// matching and the emoji rule need it: the app compares Swift Strings, whose
// elements are Characters, so `hello` is not in `hello` + U+0331, `👍` is not
// in `👍🏽`, `🇮` is not in `🇮🇱` and `각` is not in `각` + U+11A8.
import CICUShim

/// Grapheme cluster boundaries by the rules of UAX #29 (extended clusters, ICU's data).
public enum Grapheme {
    /// The classes the rules tell apart (CICUShim's SIFT_GCB_* numbering).
    enum Break: Int32 {
        case other = 0, cr, lf, control, extend, zwj, spacingMark, prepend, regionalIndicator, l, v, t, lv, lvt
        case extendedPictographic
    }

    /// True for scalars that continue the cluster before them whatever it holds
    /// (UAX #29 GB9, GB9a): marks, ZWJ/ZWNJ, variation selectors, the keycap mark,
    /// skin-tone modifiers, tags, and a few letters such as U+FF9E and Thai SARA AM.
    @inline(__always)
    public static func continuesCluster(_ cp: UInt32) -> Bool {
        CharTable.continuesCluster(cp)
    }

    /// Whether a character starts (and the one before it ends) at byte `p` of valid
    /// UTF-8 `text`: its ends, or two scalars UAX #29 does not keep together —
    /// not CR LF (GB3), not a Hangul syllable's jamo (GB6-8), not before a mark,
    /// ZWJ or spacing mark (GB9, GB9a), not after a prepended mark such as U+0600
    /// (GB9b), not inside an emoji ZWJ sequence (GB11), not between the two
    /// regional indicators of a flag (GB12, GB13); always around other controls
    /// (GB4, GB5).
    public static func isBoundary(_ text: UnsafeBufferPointer<UInt8>, at p: Int) -> Bool {
        if p <= 0 || p >= text.count { return true }
        var q = p - 1
        while q > 0 && text[q] & 0xC0 == 0x80 { q -= 1 }
        let before = CharTable.graphemeBreak(UTF8Scalar.decode(text, q))
        let after = CharTable.graphemeBreak(UTF8Scalar.decode(text, p))
        switch (before, after) {
        case (.cr, .lf): return false
        case (.cr, _), (.lf, _), (.control, _), (_, .cr), (_, .lf), (_, .control): return true
        case (.l, .l), (.l, .v), (.l, .lv), (.l, .lvt), (.lv, .v), (.lv, .t), (.v, .v), (.v, .t), (.lvt, .t), (.t, .t):
            return false
        case (_, .extend), (_, .zwj), (_, .spacingMark), (.prepend, _): return false
        case (.zwj, _): return !emojiSequenceContinues(text, zwjAt: q, next: p)
        case (.regionalIndicator, .regionalIndicator):
            // A flag is two indicators: the run before `p` pairs up when it is even.
            var count = 0, i = p
            while i >= 4 && text[i - 4] == 0xF0 && text[i - 3] == 0x9F && text[i - 2] == 0x87
                    && text[i - 1] >= 0xA6 && text[i - 1] <= 0xBF {
                count += 1
                i -= 4
            }
            return count % 2 == 0
        default: return true
        }
    }

    /// GB11: the ZWJ at `zwjAt` follows an Extended_Pictographic scalar (and any marks
    /// after it), and the scalar at `next` is Extended_Pictographic: `👨‍👩` is one character.
    private static func emojiSequenceContinues(_ text: UnsafeBufferPointer<UInt8>, zwjAt: Int, next: Int) -> Bool {
        guard sift_grapheme_break(Int32(bitPattern: UTF8Scalar.decode(text, next))) == Int32(Break.extendedPictographic.rawValue) else {
            return false
        }
        var i = zwjAt
        while i > 0 {
            i -= 1
            while i > 0 && text[i] & 0xC0 == 0x80 { i -= 1 }
            let cp = UTF8Scalar.decode(text, i)
            let kind = Break(rawValue: Int32(sift_grapheme_break(Int32(bitPattern: cp)))) ?? .other
            if kind == .extend { continue }
            return kind == .extendedPictographic
        }
        return false
    }
}
