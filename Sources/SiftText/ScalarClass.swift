// The classes of scalars the regex layers reason with: a one-scalar node's members,
// over-approximated by ASCII bits and the kinds ICU's `\d`, `\s`, `\w` give other
// scalars, with their non-ASCII members as ranges where known (RegexSyntax makes them,
// RegexAutomaton, RegexRun and RegexAlphabet read them).
import CICUShim

/// The scalars a one-scalar node may match, over-approximated (more is always safe): ASCII
/// scalars one bit each, others by their `RegexClassTable` category (what ICU's `\d`,
/// `\s`, `\w` say of them), bit 8 for every scalar above the BMP.
///
/// `inexact` says where the bits are only a bound: bit `c` (0–8) when the class may hold
/// some scalars of category `c` and not others (its bit in `nonASCII` is then set), bit 9
/// when the ASCII bits are a bound. Where a class is exact, a scalar of that kind is in it
/// exactly when its bit is set, and the automaton may decide without ICU (RegexAutomaton).
public struct ScalarClass: Equatable, Sendable {
    public var asciiLow: UInt64 = 0, asciiHigh: UInt64 = 0
    /// Bit `c` for the non-ASCII BMP scalars of category `c` (0–7), bit 8 above the BMP.
    public var nonASCII: UInt16 = 0
    /// Where the bits are a bound, not the class (above).
    public var inexact: UInt16 = 0
    static let asciiInexact: UInt16 = 0x200
    /// When known, the class's non-ASCII members exactly (sorted, apart, all planes): a class
    /// of ranges and properties (`[\u0600-\u06FF]`, `\p{Cyrillic}`, `[^а-я]`), whose ASCII
    /// members are the ASCII bits. Nil when not known (the kinds above are then all there is).
    /// An alphabet may give such a class's members symbols of their own (RegexAlphabet).
    public var ranges: [ClosedRange<UInt32>]? = nil

    public static let any = ScalarClass(asciiLow: ~0, asciiHigh: ~0, nonASCII: 0x1FF, inexact: 0x3FF)
    /// `.` outside `(?s)`: everything but the line terminators \n \v \f \r U+0085 U+2028 U+2029
    /// (the last three in the categories with the space bit, which are left inexact).
    public static let dot = ScalarClass(asciiLow: ~0 & ~(0xF << 10), asciiHigh: ~0, nonASCII: 0x1FF,
                                        inexact: categories(with: RegexClassTable.space) & 0xFF)
    /// The categories holding a bit: `\d` (digit), `\s` (space), `\w` (word).
    static func categories(with bit: UInt8) -> UInt16 {
        var m: UInt16 = 0x100
        for c in 0..<8 where UInt8(c) & bit != 0 { m |= 1 << UInt16(c) }
        return m
    }
    // Above the BMP every scalar is one symbol: the three classes hold some of them.
    public static let digit: ScalarClass = { var c = ScalarClass(nonASCII: categories(with: RegexClassTable.digit), inexact: 0x100); c.add(48...57); return c }()
    public static let space: ScalarClass = { var c = ScalarClass(nonASCII: categories(with: RegexClassTable.space), inexact: 0x100); c.add(9...13); c.add(32...32); return c }()
    public static let word: ScalarClass = {
        var c = ScalarClass(nonASCII: categories(with: RegexClassTable.word), inexact: 0x100)
        c.add(48...57); c.add(65...90); c.add(97...122); c.add(95...95)
        return c
    }()

    public init(asciiLow: UInt64 = 0, asciiHigh: UInt64 = 0, nonASCII: UInt16 = 0, inexact: UInt16 = 0) {
        self.asciiLow = asciiLow; self.asciiHigh = asciiHigh; self.nonASCII = nonASCII; self.inexact = inexact
    }

    /// The scalars not in the class (`\D`, `[^…]`): exact where the class is; where it is
    /// a bound, the complement may hold anything of that kind.
    public var complemented: ScalarClass {
        var c = ScalarClass(nonASCII: (~nonASCII | inexact) & 0x1FF, inexact: inexact)
        if inexact & Self.asciiInexact != 0 { c.asciiLow = ~0; c.asciiHigh = ~0 } else { c.asciiLow = ~asciiLow; c.asciiHigh = ~asciiHigh }
        c.ranges = ranges.map(Self.complement)
        return c
    }

    /// Sorted, and ranges that meet or touch joined.
    static func normalized(_ r: [ClosedRange<UInt32>]) -> [ClosedRange<UInt32>] {
        var out: [ClosedRange<UInt32>] = []
        for x in r.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if let last = out.last, x.lowerBound <= last.upperBound &+ 1 {
                out[out.count - 1] = last.lowerBound...max(last.upperBound, x.upperBound)
            } else {
                out.append(x)
            }
        }
        return out
    }

    /// The non-ASCII scalars (U+0080…U+10FFFF) outside `r` (normalized).
    static func complement(_ r: [ClosedRange<UInt32>]) -> [ClosedRange<UInt32>] {
        var out: [ClosedRange<UInt32>] = []
        var next: UInt32 = 0x80
        for x in r {
            if x.lowerBound > next { out.append(next...(x.lowerBound - 1)) }
            next = max(next, x.upperBound &+ 1)
        }
        if next <= 0x10FFFF { out.append(next...0x10FFFF) }
        return out
    }

    /// The non-ASCII scalars case-insensitive matching may take for others: those with case
    /// (`Cased`) and those case folding or mapping changes.
    static let casedRanges: [ClosedRange<UInt32>] = ofSet(#"[\p{Cased}\p{Changes_When_Casefolded}\p{Changes_When_Casemapped}]"#)?.ranges ?? [0x80...0x10FFFF]

    /// Whether no scalar of `ranges` (normalized, non-ASCII) has case: under `(?i)` ICU's
    /// class of them is then the same (`[\u0900-\u097F]`, `\p{Devanagari}`).
    static func caseless(_ ranges: [ClosedRange<UInt32>]) -> Bool {
        var k = 0
        for r in ranges {
            while k < casedRanges.count && casedRanges[k].upperBound < r.lowerBound { k += 1 }
            if k < casedRanges.count && casedRanges[k].lowerBound <= r.upperBound { return false }
        }
        return true
    }

    /// Whether the non-ASCII scalar `v` is in `ranges` (normalized).
    static func contains(_ ranges: [ClosedRange<UInt32>], _ v: UInt32) -> Bool {
        var lo = 0, hi = ranges.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if ranges[mid].upperBound < v { lo = mid + 1 } else { hi = mid }
        }
        return lo < ranges.count && ranges[lo].contains(v)
    }

    /// Adds the kinds of the non-ASCII scalars of `r`, as a bound (`ranges` is the caller's).
    mutating func addKinds(of r: ClosedRange<UInt32>) {
        guard r.upperBound >= 0x80 else { return }
        var kinds: UInt16 = r.upperBound > 0xFFFF ? 0x100 : 0
        let lo = max(r.lowerBound, 0x80), hi = min(r.upperBound, 0xFFFF)
        if lo <= hi {
            for v in lo...hi where !(0xD800...0xDFFF).contains(v) { kinds |= 1 << UInt16(RegexClassTable.category(v)) }
        }
        nonASCII |= kinds; inexact |= kinds
    }

    /// The class of a UnicodeSet pattern as ICU reads it (`[\p{Cyrillic}]`): its ASCII
    /// members as bits, the others as ranges and their kinds; nil when ICU refuses it. Kept
    /// for the process: a pattern is parsed by every layer, and `\P{Latin}`'s kinds are
    /// read from a million code points.
    static func ofSet(_ pattern: String) -> ScalarClass? {
        if let known = setMemo.withLock({ $0[pattern] }) { return known }
        let made = makeSet(pattern)
        setMemo.withLock { $0[pattern] = made }
        return made
    }
    private static let setMemo = Locked([String: ScalarClass?]())

    private static func makeSet(_ pattern: String) -> ScalarClass? {
        let units = Array(pattern.utf16)
        var capacity = 256
        while true {
            var starts = [Int32](repeating: 0, count: capacity), ends = [Int32](repeating: 0, count: capacity)
            let n = Int(sift_set_ranges(units, Int32(units.count), &starts, &ends, Int32(capacity)))
            if n < 0 { return nil }
            if n > capacity { capacity = n; continue }
            var c = ScalarClass()
            var rest: [ClosedRange<UInt32>] = []
            for k in 0..<n {
                let r = UInt32(starts[k])...UInt32(ends[k])
                c.add(r)
                if r.upperBound >= 0x80 { rest.append(max(r.lowerBound, 0x80)...r.upperBound); c.addKinds(of: r) }
            }
            c.ranges = normalized(rest)
            return c
        }
    }

    public init(_ c: Unicode.Scalar) { add(c) }

    mutating func add(_ range: ClosedRange<UInt32>) {
        guard range.lowerBound < 128 else { return }
        for v in range.lowerBound...min(range.upperBound, 127) { if v < 64 { asciiLow |= 1 << UInt64(v) } else { asciiHigh |= 1 << UInt64(v - 64) } }
    }

    /// Adds one scalar: a non-ASCII one adds its kind, inexactly (the kind holds others).
    mutating func add(_ c: Unicode.Scalar) {
        if c.value < 128 { add(c.value...c.value) }
        else if c.value > 0xFFFF { nonASCII |= 0x100; inexact |= 0x100 }
        else { let bit: UInt16 = 1 << UInt16(RegexClassTable.category(c.value)); nonASCII |= bit; inexact |= bit }
        if c.value >= 128, let r = ranges { ranges = Self.normalized(r + [c.value...c.value]) }
    }

    mutating func formUnion(_ o: ScalarClass) {
        // The ranges stay known when both sides' non-ASCII members are (none is known too).
        let a = ranges ?? (nonASCII == 0 ? [] : nil), b = o.ranges ?? (o.nonASCII == 0 ? [] : nil)
        asciiLow |= o.asciiLow; asciiHigh |= o.asciiHigh; nonASCII |= o.nonASCII; inexact |= o.inexact
        if let a, let b { ranges = a.isEmpty && b.isEmpty ? nil : Self.normalized(a + b) } else { ranges = nil }
    }

    public func holdsASCII(_ b: UInt8) -> Bool {
        b < 64 ? asciiLow & (1 << UInt64(b)) != 0 : asciiHigh & (1 << UInt64(b - 64)) != 0
    }
}

/// What ICU's regex classes say of each BMP code point (from ICU, once): bits
/// `digit` (`\d`), `space` (`\s`), `word` (`\w`).
public enum RegexClassTable {
    public static let digit: UInt8 = 1, space: UInt8 = 2, word: UInt8 = 4
    static let table: [UInt8] = {
        var t = [UInt8](repeating: 0, count: 0x10000)
        t.withUnsafeMutableBufferPointer { sift_regex_class_table($0.baseAddress, 0x10000) }
        return t
    }()
    /// The table's storage, kept for the process (read with no reference counting).
    public static let bytes: FrozenBuffer<UInt8> = FrozenBuffer(ownedBuffer(table))
    @inline(__always)
    public static func category(_ v: UInt32) -> UInt8 { bytes[Int(v)] }
}
