// Per-code-point letter and script facts, precomputed once from ICU so the
// hot path reads a table instead of calling ICU per character.
import CICUShim

/// Script classes msgsift distinguishes (see CICUShim.h for the numbering).
public enum Script: UInt8, Sendable, CaseIterable {
    case other = 0, common, latin, greek, cyrillic, hebrew, arabic, han, hiragana, katakana, hangul, thai, devanagari
}

/// Letter and script lookups backed by a table built once from ICU.
public enum CharTable {
    /// Code points below this bound are answered from the table; the rest ask ICU.
    public static let tableLimit: Int = 0x3_0000

    /// One entry per code point below `tableLimit` (see `entry(_:in:)`), made once and kept
    /// for the program's life.
    static let table: FrozenBuffer<UInt8> = {
        let t = UnsafeMutablePointer<UInt8>.allocate(capacity: tableLimit)
        t.initialize(repeating: 0, count: tableLimit)
        sift_char_table(t, Int32(tableLimit))
        return FrozenBuffer(start: t, count: tableLimit)
    }()

    /// Bits of an entry (CICUShim.h): a letter, a continuation of a grapheme cluster, another
    /// class of the grapheme rules, and the script's raw value.
    static let letterBit = UInt8(SIFT_CHAR_LETTER)
    static let clusterBit = UInt8(SIFT_CHAR_EXTENDS)
    static let breakRulesBit = UInt8(SIFT_CHAR_BREAK_RULES)
    static let scriptBits: UInt8 = 0x1F

    /// The code point's entry, from `table` (fetched once by a loop that reads many: each access
    /// to a `static let` is checked) below `tableLimit` and from ICU above: letter (0x80),
    /// continues a cluster (0x40, never below U+0300), script (the low five bits).
    @inline(__always)
    static func entry(_ cp: UInt32, in entries: FrozenBuffer<UInt8>) -> UInt8 {
        if cp < UInt32(tableLimit) { return cp < 0x300 ? entries[Int(cp)] & ~clusterBit : entries[Int(cp)] }
        return entryAboveTable(cp)
    }

    @inline(never)
    static func entryAboveTable(_ cp: UInt32) -> UInt8 {
        let c = Int32(bitPattern: cp)
        return (sift_is_letter(c) != 0 ? letterBit : 0) | (sift_continues_cluster(c) != 0 ? clusterBit : 0)
            | UInt8(truncatingIfNeeded: sift_script(c)) & scriptBits
    }

    /// True when the code point is a Unicode letter (general category L*).
    @inline(__always)
    public static func isLetter(_ cp: UInt32) -> Bool {
        if cp < 0x80 {
            let lower = cp | 0x20
            return lower >= 0x61 && lower <= 0x7A
        }
        return entry(cp, in: table) & letterBit != 0
    }

    /// True when the code point continues the grapheme cluster before it: UAX #29
    /// Grapheme_Cluster_Break Extend, SpacingMark or ZWJ (ICU's data).
    @inline(__always)
    public static func continuesCluster(_ cp: UInt32) -> Bool {
        cp >= 0x300 && entry(cp, in: table) & clusterBit != 0
    }

    /// The code point's class in UAX #29's grapheme cluster rules (`Grapheme.Break`), as
    /// far as `Grapheme.isBoundary` tells them apart: SpacingMark answers `.extend` (the
    /// rules treat them alike there), and Extended_Pictographic `.other` below U+30000
    /// (GB11 asks the shim itself).
    @inline(__always)
    static func graphemeBreak(_ cp: UInt32) -> Grapheme.Break {
        if cp < 0x80 {
            return cp == 0x0D ? .cr : cp == 0x0A ? .lf : cp < 0x20 || cp == 0x7F ? .control : .other
        }
        if cp < UInt32(tableLimit) {
            let entry = table[Int(cp)]
            if entry & (clusterBit | breakRulesBit) == 0 { return .other }
            if entry & clusterBit != 0 && cp != 0x200D { return .extend }   // Extend or SpacingMark: the same to every rule used
        }
        return Grapheme.Break(rawValue: Int32(sift_grapheme_break(Int32(bitPattern: cp)))) ?? .other
    }

    /// The script class of a code point.
    @inline(__always)
    public static func script(_ cp: UInt32) -> Script {
        script(ofEntry: entry(cp, in: table))
    }

    /// The script class in an entry's low five bits: `Script(rawValue:) ?? .other` without the
    /// call the compiler makes of it (a switch over thirteen cases, once per letter that is not
    /// ASCII). A case's in-memory value is its index in declaration order, which is its raw
    /// value (tested: `CharTableTests`).
    @inline(__always)
    static func script(ofEntry entry: UInt8) -> Script {
        let raw = entry & scriptBits
        return raw <= Script.devanagari.rawValue ? unsafeBitCast(raw, to: Script.self) : .other
    }
}
