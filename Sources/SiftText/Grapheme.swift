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

    /// The run of regional indicators `isBoundary` last counted in one text: the bytes
    /// `start..<end` are indicators and the scalar before `start` is not. Checks inside
    /// one long run of flags then count each indicator once, not once per check.
    public struct FlagRun {
        var start = -1, end = -1
        public init() {}
        init(start: Int, end: Int) { self.start = start; self.end = end }
    }

    /// `isBoundary` for one check, with nothing remembered.
    public static func isBoundary(_ text: UnsafeBufferPointer<UInt8>, at p: Int) -> Bool {
        var flags = FlagRun()
        return isBoundary(text, at: p, flags: &flags)
    }

    /// Whether a character starts (and the one before it ends) at byte `p` of valid
    /// UTF-8 `text`: its ends, or two scalars UAX #29 does not keep together —
    /// not CR LF (GB3), not a Hangul syllable's jamo (GB6-8), not before a mark,
    /// ZWJ or spacing mark (GB9, GB9a), not inside an Indic conjunct (`क्ष`, GB9c of
    /// Unicode 15.1, which Swift follows), not after a prepended mark such as U+0600
    /// (GB9b), not inside an emoji ZWJ sequence (GB11), not between the two
    /// regional indicators of a flag (GB12, GB13); always around other controls
    /// (GB4, GB5). `flags` carries what was counted of a run of flags from one
    /// check to the next in the same text (start with a new `FlagRun` per text).
    public static func isBoundary(_ text: UnsafeBufferPointer<UInt8>, at p: Int, flags: inout FlagRun) -> Bool {
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
        case (.zwj, _): return !emojiSequenceContinues(text, zwjAt: q, next: p) && !conjunctContinues(text, next: p)
        case (.extend, _): return !conjunctContinues(text, next: p)
        case (.regionalIndicator, .regionalIndicator):
            // A flag is two indicators: the run before `p` pairs up when it is even.
            func isIndicator(_ i: Int) -> Bool {
                text[i] == 0xF0 && text[i + 1] == 0x9F && text[i + 2] == 0x87 && text[i + 3] >= 0xA6 && text[i + 3] <= 0xBF
            }
            var start = p
            if flags.start >= 0 && flags.start <= p - 4 && p <= flags.end {
                start = flags.start
            } else {
                while start >= 4 && isIndicator(start - 4) {
                    start -= 4
                    if start == flags.end && flags.start >= 0 { start = flags.start; break }
                }
            }
            flags = FlagRun(start: start, end: p)
            return (p - start) / 4 % 2 == 0
        default: return true
        }
    }

    /// GB9c: the scalar at `next` is an Indic consonant, and before it come a consonant,
    /// then Extend or Linker scalars, at least one of them a Linker (a virama).
    private static func conjunctContinues(_ text: UnsafeBufferPointer<UInt8>, next: Int) -> Bool {
        // The consonants are Devanagari's to Malayalam's (U+0900 on): marks in Arabic, Hebrew
        // or Latin text before a letter ask ICU nothing.
        let consonant = UTF8Scalar.decode(text, next)
        guard consonant >= 0x900, sift_indic_conjunct_break(Int32(bitPattern: consonant)) == Int32(SIFT_INCB_CONSONANT) else {
            return false
        }
        var i = next, linker = false
        while i > 0 {
            i -= 1
            while i > 0 && text[i] & 0xC0 == 0x80 { i -= 1 }
            switch Int(sift_indic_conjunct_break(Int32(bitPattern: UTF8Scalar.decode(text, i)))) {
            case Int(SIFT_INCB_LINKER): linker = true
            case Int(SIFT_INCB_EXTEND): continue
            case Int(SIFT_INCB_CONSONANT): return linker
            default: return false
            }
        }
        return false
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
