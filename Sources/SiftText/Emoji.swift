// The `emojis` smart rule (SPEC §1.2): does a body hold an emoji grapheme cluster?
//
// The cluster test is the app's: the first scalar has Emoji_Presentation; or
// the cluster has several scalars and the first has Emoji (keycaps, `©️`,
// ZWJ sequences, flags, skin tones); or the first scalar has Emoji and is
// above U+238C (`☎`, `❤` without VS16). Grapheme iteration is costly, so a
// scalar pre-scan first finds the first scalar that may start such a cluster;
// bodies without one (all ASCII, or plain text in any script) end there, and
// the rest are segmented only from a sure cluster boundary before it.

/// Detects emoji in message bodies.
public enum EmojiDetector {
    /// True when `body` contains at least one emoji grapheme cluster (SPEC §1.2).
    public static func containsEmoji(_ body: String) -> Bool {
        // Fast path: a pure-ASCII body has no emoji.
        guard !isASCII(body), let candidate = firstCandidate(body)
        else { return false }
        // Segment from a grapheme boundary at or before the first candidate.
        let utf8 = body.utf8
        let from = clusterBoundary(atOrBefore: candidate, in: utf8)
        let start = utf8.index(utf8.startIndex, offsetBy: from)
        for character in body[start...] where isEmoji(character) { return true }
        return false
    }

    /// True when the grapheme cluster `character` counts as an emoji (SPEC §1.2).
    public static func isEmoji(_ character: Character) -> Bool {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return false }
        let properties = first.properties
        if properties.isEmojiPresentation { return true }
        guard properties.isEmoji else { return false }
        return first.value > 0x238C || scalars.index(after: scalars.startIndex) != scalars.endIndex
    }

    /// True when every byte of `body` is ASCII (checked eight bytes at a time).
    private static func isASCII(_ body: String) -> Bool {
        let checked = body.utf8.withContiguousStorageIfAvailable { bytes -> Bool in
            var i = 0
            if let base = bytes.baseAddress {
                let raw = UnsafeRawPointer(base)
                while i + 8 <= bytes.count {
                    if raw.loadUnaligned(fromByteOffset: i, as: UInt64.self) & 0x8080_8080_8080_8080 != 0 {
                        return false
                    }
                    i += 8
                }
            }
            while i < bytes.count {
                if bytes[i] >= 0x80 { return false }
                i += 1
            }
            return true
        }
        return checked ?? !body.utf8.contains(where: { $0 >= 0x80 })
    }

    /// The UTF-8 offset of the first scalar that may start an emoji cluster,
    /// or nil when none can. Clusters start at scalars, and a cluster that
    /// starts with an ASCII scalar has several scalars only when the next
    /// scalar extends it (Grapheme_Cluster_Break Extend, ZWJ or SpacingMark).
    /// So it is enough to look for a non-ASCII Emoji scalar, or a `#`, `*` or
    /// digit followed by a scalar that may extend its cluster.
    private static func firstCandidate(_ body: String) -> Int? {
        var offset = 0
        var emojiASCIIOffset = -1  // offset of the previous scalar when it is `#`, `*` or a digit
        for scalar in body.unicodeScalars {
            defer { offset += UTF8.width(scalar) }
            let value = scalar.value
            if value < 0x80 {
                emojiASCIIOffset = value == 0x23 || value == 0x2A || value &- 0x30 < 10 ? offset : -1
                continue
            }
            if emojiASCIIOffset >= 0 && mayExtend(scalar) { return emojiASCIIOffset }
            emojiASCIIOffset = -1
            if mayHaveEmoji(value) && scalar.properties.isEmoji { return offset }
        }
        return nil
    }

    /// False for the non-ASCII ranges that hold no Emoji scalar (all of Latin,
    /// Hebrew, Arabic, Cyrillic, CJK and Hangul text), so that they skip the
    /// property lookup: below U+203C only © and ® have Emoji, and none lies in
    /// U+329A..<U+1F000.
    @inline(__always)
    private static func mayHaveEmoji(_ value: UInt32) -> Bool {
        if value < 0x203C { return value == 0xA9 || value == 0xAE }
        return value < 0x329A || value >= 0x1_F000
    }

    /// True when `scalar` may continue the cluster of the scalar before it: a
    /// superset of Grapheme_Cluster_Break Extend, ZWJ and SpacingMark (marks,
    /// ZWNJ/ZWJ, Thai and Lao AM, halfwidth sound marks, tags, skin tones).
    private static func mayExtend(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x200C, 0x200D, 0x0E33, 0x0EB3, 0xFF9E, 0xFF9F, 0xE_0020...0xE_007F, 0x1_F3FB...0x1_F3FF:
            return true
        default:
            switch scalar.properties.generalCategory {
            case .nonspacingMark, .spacingMark, .enclosingMark: return true
            default: return false
            }
        }
    }

    /// The largest offset at or before `offset` that is surely a grapheme
    /// boundary: between two ASCII scalars other than CR LF, or the start.
    private static func clusterBoundary(atOrBefore offset: Int, in utf8: String.UTF8View) -> Int {
        var index = utf8.index(utf8.startIndex, offsetBy: offset)
        var position = offset
        // `offset` starts a scalar, so index is never endIndex here.
        while position > 0 {
            let before = utf8.index(before: index)
            let previous = utf8[before]
            if previous < 0x80, utf8[index] < 0x80,
               !(previous == 0x0D && utf8[index] == 0x0A)
            {
                return position
            }
            index = before
            position -= 1
        }
        return 0
    }
}
