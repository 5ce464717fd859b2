// Where user-perceived characters (grapheme clusters) end, as far as phrase
// matching and the emoji rule need it: the app compares Swift Strings, whose
// elements are Characters, so `hello` is not in `hello` + U+0331 and `👍` is
// not in `👍🏽`.

/// Grapheme cluster boundaries, approximately (UAX #29's Extend, SpacingMark and ZWJ).
public enum Grapheme {
    /// True for scalars that continue the cluster before them whatever it holds
    /// (UAX #29 GB9, GB9a): marks, ZWJ/ZWNJ, variation selectors, the keycap mark,
    /// skin-tone modifiers, tags, and a few letters such as U+FF9E and Thai SARA AM.
    @inline(__always)
    public static func continuesCluster(_ cp: UInt32) -> Bool {
        CharTable.continuesCluster(cp)
    }

    /// Whether a character starts at byte `start` of valid UTF-8 `text`, as far as
    /// flags go: a regional indicator there pairs with the one before it when an odd
    /// number of them precede it (`🇸🇮` is not in `🇺🇸🇮🇱`).
    public static func flagBoundary(_ text: UnsafeBufferPointer<UInt8>, at start: Int) -> Bool {
        func isIndicator(_ i: Int) -> Bool {
            i >= 0 && i + 3 < text.count && text[i] == 0xF0 && text[i + 1] == 0x9F && text[i + 2] == 0x87
                && text[i + 3] >= 0xA6 && text[i + 3] <= 0xBF
        }
        guard isIndicator(start) else { return true }
        var before = 0, i = start - 4
        while isIndicator(i) { before += 1; i -= 4 }
        return before % 2 == 0
    }

    /// Whether a character ends right before byte `end` of valid UTF-8 `text`: the
    /// text ends there, or the scalar there does not continue a cluster.
    @inline(__always)
    public static func boundary(_ text: UnsafeBufferPointer<UInt8>, at end: Int) -> Bool {
        if end >= text.count { return true }
        let b = text[end]
        if b < 0xCC { return true }             // below U+0300: nothing continues a cluster
        return !continuesCluster(UTF8Scalar.decode(text, end))
    }
}
