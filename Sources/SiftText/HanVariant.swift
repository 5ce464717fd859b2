// Which Chinese writing system a Han character belongs to, looked up in the
// generated tables of Tables/HanTables.swift (scripts/gen-han/gen.c).

/// Which Chinese writing system a Han character belongs to.
public enum HanVariant: Sendable, Equatable {
    /// Used only in Simplified Chinese (ICU's Hans-Hant changes it), e.g. 门.
    case simplified
    /// Used only in Traditional Chinese (ICU's Hant-Hans changes it), e.g. 門.
    case traditional
    /// Shared by both, or not a Han character at all, e.g. 人.
    case both
}

extension HanTables {
    /// Whether the code point is Simplified-only, Traditional-only or neither.
    public static func variant(_ cp: UInt32) -> HanVariant {
        if cp < 0x3400 { return .both }
        if contains(simplifiedOnly, cp) { return .simplified }
        if contains(traditionalOnly, cp) { return .traditional }
        return .both
    }

    /// Binary search in an ascending table.
    @inline(__always)
    private static func contains(_ sorted: [UInt32], _ cp: UInt32) -> Bool {
        var lo = 0, hi = sorted.count
        while lo < hi {
            let mid = (lo + hi) >> 1
            if sorted[mid] < cp { lo = mid + 1 } else { hi = mid }
        }
        return lo < sorted.count && sorted[lo] == cp
    }
}
