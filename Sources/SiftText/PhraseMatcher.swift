// Every occurrence of every phrase of a rule set, found from where phrases end.
//
// An Aho–Corasick automaton (AhoCorasick.swift) reads one table entry per
// byte, but its tables grow with the phrases: 224k states at 38k phrases, some
// MiB read at random, and on these machines anything beyond ~1 MiB costs a
// trip to memory (~200 ns; bench/RESULTS.md). Texts hold few occurrences, so
// this matcher asks first, at every offset, whether some phrase ends there,
// in bit tables of a few dozen KiB that stay in the cache:
//
//   - by the two bytes before the offset (`pairFilter`, 8 KiB, indexed by
//     them): some phrase ends with them, or a one-byte phrase is the last;
//   - where one does, phrases of 4 bytes or more by the last four bytes,
//     hashed into `filter` (32–64 bits per distinct ending: 1.5–3% pass by chance),
//     and phrases of 2 and 3 bytes by their last two bytes (`endsOf3`, …).
//
// Only where the filters say maybe does it look the bytes up exactly
// (`KeyRanges`) and walk back through the text along the phrases with those
// last bytes, which are sorted by their reversed bytes, so the phrases that
// still agree with the text are a range that narrows byte by byte.
// Occurrences come out in order of their end, the longest first at one end
// (duplicates in pattern order): the order the automaton reports them in.
//
// Walking back is not linear in the text: a phrase whose long tail recurs in
// a text, unfinished, is walked again at every recurrence. A text whose walks
// cost more than 32 steps per byte is therefore scanned again by the
// automaton, built the first time one is needed.

#if canImport(Glibc)
import Glibc
#endif

/// An immutable multi-pattern byte matcher, safe to share between threads.
/// Reports what `AhoCorasick` reports, in the same order.
public final class PhraseMatcher: Sendable {
    /// Length in bytes of each pattern, by pattern index.
    public let patternLengths: [Int32]
    /// Number of patterns.
    public var patternCount: Int { patternLengths.count }

    /// Hashed last four bytes of the patterns of 4 bytes or more: bit `hash(key) >> shift`.
    private let filter: FrozenBuffer<UInt64>
    private let shift: UInt32
    /// Every pattern by the last two bytes before an offset: bit `b1 | b2 << 8` (b2 the
    /// byte just before) when a pattern of 2 bytes or more ends with them, or one of 1
    /// byte is `b2`. The first table every offset asks.
    private let pairFilter: FrozenBuffer<UInt64>
    /// The same by length: the last two bytes of the patterns of 3 and of 2 bytes.
    private let endsOf3, endsOf2: FrozenBuffer<UInt64>
    /// Per byte, the range of `shortPattern` of the one-byte patterns that are that byte
    /// (`lo | hi << 32`; 0: none): read straight, not hashed (a one-letter phrase is met
    /// at every such letter).
    private let oneByte: FrozenBuffer<UInt64>
    /// Bit `l` set when some pattern has `l` bytes (l = 1…3).
    private let shortLengths: Int
    /// Exact last four bytes → range of `entries` (long patterns), and short keys → range of `shortPattern`.
    private let longKeys: KeyRanges
    private let shortKeys: KeyRanges
    /// Long patterns sorted by their reversed bytes (then by index, descending).
    private let entries: FrozenBuffer<Entry>
    /// Short patterns grouped by key, each group in index order.
    private let shortPattern: FrozenBuffer<Int32>
    /// Every pattern's bytes, reversed, one after another; pattern `i` from `patternStart[i]`.
    private let reversed: FrozenBuffer<UInt8>
    private let patternStart: FrozenBuffer<Int32>
    /// The automaton for texts the walks would take too long over, and its dense budget.
    private let fallback = Locked<AhoCorasick?>(nil)
    private let denseBytes: Int

    private static let multiplier: UInt32 = 0x9E37_79B1

    /// Sets bit `i` of a bit table (while building).
    private static func set(_ table: UnsafeMutableBufferPointer<UInt64>, _ i: Int) {
        table[i >> 6] |= 1 << UInt64(i & 63)
    }

    /// Bit `i` of a bit table, read with no bounds check (every index is within its table).
    @inline(__always)
    private static func has(_ table: UnsafeMutablePointer<UInt64>, _ i: Int) -> Bool {
        (table[i &>> 6] &>> UInt64(truncatingIfNeeded: i)) & 1 != 0
    }

    @inline(__always)
    private static func has(_ table: FrozenBuffer<UInt64>, _ i: Int) -> Bool {
        has(table.baseAddress.unsafelyUnwrapped, i)
    }

    @inline(__always)
    private static func hash(_ key: UInt32, _ shift: UInt32) -> Int {
        Int(truncatingIfNeeded: (key &* multiplier) &>> shift)
    }

    /// Builds the matcher. Pattern `i` is reported as index `i`; empty patterns
    /// are never reported; duplicates are reported each. `denseBytes` is the
    /// budget of the automaton a pathological text falls back to.
    public init(patterns: [[UInt8]], denseBytes: Int = AhoCorasick.denseBytes) {
        self.denseBytes = denseBytes
        patternLengths = patterns.map { Int32($0.count) }
        var starts: [Int32] = []
        starts.reserveCapacity(patterns.count)
        let total = patterns.reduce(0) { $0 + $1.count }
        let rev = [UInt8](unsafeUninitializedCapacity: total) { out, filled in
            var w = 0
            for p in patterns {
                starts.append(Int32(w))
                p.withUnsafeBufferPointer { b in
                    for k in 0..<b.count { out[w + k] = b[b.count - 1 - k] }
                }
                w += p.count
            }
            filled = w
        }
        patternStart = FrozenBuffer(ownedBuffer(starts))
        let long = patterns.indices.filter { patterns[$0].count >= 4 }
        let short = patterns.indices.filter { (1...3).contains(patterns[$0].count) }
        // Long patterns by their reversed bytes: on the first eight (big-endian, so integer
        // order is byte order), then on the rest, then longer after shorter, then by index
        // descending (a walk collects them backwards).
        let sizes = patternLengths
        var keyed: [(UInt64, Int32)] = rev.withUnsafeBufferPointer { r in
            long.map { i in
                var head: UInt64 = 0
                let from = Int(starts[i]), count = min(Int(sizes[i]), 8)
                for k in 0..<8 { head = head << 8 | UInt64(k < count ? r[from + k] : 0) }
                return (head, Int32(i))
            }
        }
        rev.withUnsafeBufferPointer { r in
            let base = r.baseAddress!
            keyed.withUnsafeMutableBufferPointer { k in
                k.sort { x, y in
                    if x.0 != y.0 { return x.0 < y.0 }
                    let a = Int(x.1), b = Int(y.1)
                    let la = Int(sizes[a]), lb = Int(sizes[b])
                    if la > 8 && lb > 8 {
                        let c = memcmp(base + Int(starts[a]) + 8, base + Int(starts[b]) + 8, min(la, lb) - 8)
                        if c != 0 { return c < 0 }
                    }
                    return la != lb ? la < lb : a > b
                }
            }
        }
        let order = keyed.map { Int($0.1) }
        keyed = []
        // Patterns with the same last four bytes are neighbours in that order: one range each.
        // Each range's summary says which 5th bytes from the end its patterns have (bit
        // `byte & 31`) and whether one is only four bytes long (`KeyRanges.four`): a walk
        // the text leaves at the 5th byte back then reads no entry.
        var keys: [(UInt32, Int32, Int32, UInt32)] = []
        for (k, p) in order.enumerated() {
            let bytes = patterns[p]
            let key = Self.longKey(bytes)
            let bit = bytes.count == 4 ? KeyRanges.four : 1 << UInt32(bytes[bytes.count - 5] & 31)
            if let last = keys.last, last.0 == key {
                keys[keys.count - 1].2 = Int32(k + 1)
                keys[keys.count - 1].3 |= bit
            } else {
                keys.append((key, Int32(k), Int32(k + 1), bit))
            }
        }
        // 32–64 bits per distinct ending, at most 2^20 (128 KiB): 1.5–3% of lookups pass by chance.
        var bits = 6
        while bits < 20 && (1 << bits) < keys.count * 32 { bits += 1 }
        let filter = UnsafeMutableBufferPointer<UInt64>.allocate(capacity: (1 << bits) / 64)
        filter.initialize(repeating: 0)
        shift = UInt32(32 - bits)
        for (key, _, _, _) in keys {
            let h = Self.hash(key, shift)
            Self.set(filter, h)
        }
        self.filter = FrozenBuffer(filter)
        longKeys = KeyRanges(keys)
        entries = FrozenBuffer(ownedBuffer(order.map { i in
            var next: UInt64 = 0
            let p = patterns[i]
            for k in 4..<min(p.count, 12) { next |= UInt64(p[p.count - 1 - k]) << (8 * UInt64(k - 4)) }
            return Entry(next: next, length: Int32(p.count), pattern: Int32(i))
        }))

        let pairFilter = UnsafeMutableBufferPointer<UInt64>.allocate(capacity: 1 << 10)
        pairFilter.initialize(repeating: 0)
        for p in long {
            let bytes = patterns[p], pair = Int(bytes[bytes.count - 2]) | Int(bytes[bytes.count - 1]) << 8
            Self.set(pairFilter, pair)
        }
        let endsOf3 = UnsafeMutableBufferPointer<UInt64>.allocate(capacity: 1 << 10); endsOf3.initialize(repeating: 0)
        let endsOf2 = UnsafeMutableBufferPointer<UInt64>.allocate(capacity: 1 << 10); endsOf2.initialize(repeating: 0)
        let oneByte = UnsafeMutableBufferPointer<UInt64>.allocate(capacity: 256); oneByte.initialize(repeating: 0)
        let shortOrder = short.sorted { (Self.shortKey(patterns[$0]), $0) < (Self.shortKey(patterns[$1]), $1) }
        var lengths = 0, shortRanges: [(UInt32, Int32, Int32, UInt32)] = []
        for (k, p) in shortOrder.enumerated() {
            let key = Self.shortKey(patterns[p])
            let bytes = patterns[p]
            for before in (bytes.count == 1 ? 0..<256 : 0..<1) {
                let pair = bytes.count == 1 ? before | Int(bytes[0]) << 8 : Int(bytes[bytes.count - 2]) | Int(bytes[bytes.count - 1]) << 8
                Self.set(pairFilter, pair)
            }
            lengths |= 1 << bytes.count
            if bytes.count == 1 {
                let range = oneByte[Int(bytes[0])]
                oneByte[Int(bytes[0])] = (range == 0 ? UInt64(k) : range & 0xFFFF_FFFF) | UInt64(k + 1) << 32
            } else {
                Self.set(bytes.count == 3 ? endsOf3 : endsOf2, Int(bytes[bytes.count - 2]) | Int(bytes[bytes.count - 1]) << 8)
            }
            if let last = shortRanges.last, last.0 == key { shortRanges[shortRanges.count - 1].2 = Int32(k + 1) } else { shortRanges.append((key, Int32(k), Int32(k + 1), 0)) }
        }
        shortLengths = lengths
        shortKeys = KeyRanges(shortRanges)
        shortPattern = FrozenBuffer(ownedBuffer(shortOrder.map { Int32($0) }))
        reversed = FrozenBuffer(ownedBuffer(rev))
        self.pairFilter = FrozenBuffer(pairFilter)
        self.endsOf3 = FrozenBuffer(endsOf3); self.endsOf2 = FrozenBuffer(endsOf2)
        self.oneByte = FrozenBuffer(oneByte)
    }

    deinit {
        filter.deallocate(); pairFilter.deallocate()
        endsOf3.deallocate(); endsOf2.deallocate(); oneByte.deallocate()
        longKeys.free(); shortKeys.free()
        entries.deallocate(); shortPattern.deallocate(); reversed.deallocate(); patternStart.deallocate()
    }

    /// The last four bytes of a pattern as the text's four bytes before an offset load them.
    private static func longKey(_ p: [UInt8]) -> UInt32 {
        let n = p.count
        return UInt32(p[n - 4]) | UInt32(p[n - 3]) << 8 | UInt32(p[n - 2]) << 16 | UInt32(p[n - 1]) << 24
    }

    /// A pattern of 1–3 bytes: its bytes as the top of the text's four bytes before an
    /// offset shifted down, and its length above them.
    private static func shortKey(_ p: [UInt8]) -> UInt32 {
        var key = UInt32(p.count) << 24
        for (k, b) in p.enumerated() { key |= UInt32(b) << (8 * UInt32(k)) }
        return key
    }

    /// Appends to `out`, for every occurrence of every pattern in `text`,
    /// the pattern's index and the offset just past the occurrence (two
    /// entries each), in order of that offset, the longest pattern first at
    /// one offset. Texts must be shorter than 2 GiB.
    public func matches(in text: UnsafeBufferPointer<UInt8>, into out: Scratch<Int32>) {
        guard let t = text.baseAddress, !text.isEmpty else { return }
        let n = text.count
        let first = out.count
        var budget = 32 &* n &+ 8192
        // The first three offsets: fewer than four bytes before them, only short patterns.
        var e = 1
        while e <= min(n, 3) {
            var w: UInt32 = 0
            for k in 0..<e { w |= UInt32(t[e - 1 - k]) << (24 - 8 * UInt32(k)) }
            reportShort(w, e, out)
            e += 1
        }
        let bits = filter.baseAddress.unsafelyUnwrapped, pairs = pairFilter.baseAddress.unsafelyUnwrapped
        let s = shift
        while true {
            e = Self.nextCandidate(t, from: e, to: n, pairs)
            if e > n { return }
            let w = UnsafeRawPointer(t + (e &- 4)).loadUnaligned(as: UInt32.self).littleEndian
            let h = Self.hash(w, s)
            if Self.has(bits, h) && !reportLong(w, e, t, out, &budget) {
                out.count = first
                scanWithAutomaton(text, out)
                return
            }
            reportShort(w, e, out)
            e &+= 1
        }
    }

    /// The first offset from `e` on (at least 4) where some pattern ends with the two bytes
    /// before it, by `pairs`; `n + 1` when there is none. The loop most bytes of a text see.
    @inline(__always)
    private static func nextCandidate(_ t: UnsafePointer<UInt8>, from e: Int, to n: Int, _ pairs: UnsafeMutablePointer<UInt64>) -> Int {
        var e = e
        while e <= n {
            let last2 = Int(truncatingIfNeeded: UnsafeRawPointer(t + (e &- 2)).loadUnaligned(as: UInt16.self).littleEndian)
            if Self.has(pairs, last2) { return e }
            e &+= 1
        }
        return e
    }

    /// Reports the short patterns ending at `e`, whose bytes before it are the top of `w`, longest first.
    @inline(__always)
    private func reportShort(_ w: UInt32, _ e: Int, _ out: Scratch<Int32>) {
        guard shortLengths != 0 else { return }
        let last2 = Int(truncatingIfNeeded: w &>> 16), last1 = Int(truncatingIfNeeded: w &>> 24)
        if e >= 3 && Self.has(endsOf3, last2) { reportShort(key: w &>> 8 | 3 << 24, e, out) }
        if e >= 2 && Self.has(endsOf2, last2) { reportShort(key: w &>> 16 | 2 << 24, e, out) }
        let one = oneByte[last1]
        if one != 0 { report(Int(truncatingIfNeeded: one & 0xFFFF_FFFF), Int(truncatingIfNeeded: one >> 32), e, out) }
    }

    /// Reports `shortPattern[lo..<hi]` as ending at `e`.
    @inline(__always)
    private func report(_ lo: Int, _ hi: Int, _ e: Int, _ out: Scratch<Int32>) {
        let end = Int32(truncatingIfNeeded: e)
        for k in lo..<hi {
            out.append(shortPattern[k])
            out.append(end)
        }
    }

    @inline(never)
    private func reportShort(key: UInt32, _ e: Int, _ out: Scratch<Int32>) {
        guard let (lo, hi, _) = shortKeys.range(key) else { return }
        report(lo, hi, e, out)
    }

    /// Reports the long patterns ending at `e` whose last four bytes are `w`, longest first;
    /// false when the walk would take more than `budget` steps (then the scan starts over).
    @inline(never)
    private func reportLong(_ w: UInt32, _ e: Int, _ t: UnsafePointer<UInt8>, _ out: Scratch<Int32>, _ budget: inout Int) -> Bool {
        guard let (lo, hi, summary) = longKeys.range(w) else { return true }
        if summary & KeyRanges.four == 0 && (e < 5 || summary & (1 << UInt32(t[e &- 5] & 31)) == 0) { return true }
        let list = entries.baseAddress.unsafelyUnwrapped
        let rev = reversed.baseAddress.unsafelyUnwrapped, starts = patternStart.baseAddress.unsafelyUnwrapped
        let mark = out.count
        let end = Int32(truncatingIfNeeded: e)
        var a = lo, b = hi, d = 4
        // The byte `d` back from a pattern's end (its 5th to 12th inline, the rest in `reversed`,
        // one more read at random: only walks that far, along a text matching 12 bytes of it).
        @inline(__always) func byte(_ k: Int) -> UInt8 {
            d < 12 ? UInt8(truncatingIfNeeded: list[k].next &>> UInt64(truncatingIfNeeded: 8 &* (d &- 4)))
                   : rev[Int(starts[Int(list[k].pattern)]) &+ d]
        }
        while true {
            // Those `d` bytes long agree with the text and come first (a prefix sorts first).
            while a < b && Int(list[a].length) == d {
                out.append(list[a].pattern)
                out.append(end)
                a &+= 1
            }
            if a >= b || d >= e { break }
            budget &-= 1
            if budget < 0 { return false }
            // Keep those whose next byte back is the text's.
            let c = t[e &- 1 &- d]
            if b &- a <= 8 {
                while a < b && byte(a) < c { a &+= 1 }
                var z = a
                while z < b && byte(z) == c { z &+= 1 }
                b = z
            } else {
                var l = a, h = b
                while l < h {
                    let m = (l &+ h) >> 1
                    if byte(m) < c { l = m &+ 1 } else { h = m }
                }
                a = l
                h = b
                while l < h {
                    let m = (l &+ h) >> 1
                    if byte(m) <= c { l = m &+ 1 } else { h = m }
                }
                b = l
                budget &-= 8
            }
            d &+= 1
        }
        // Found shortest first: turn them around (longest first, duplicates in index order).
        var i = mark, j = out.count - 2
        let base = out.base
        while i < j {
            let p = base[i]; base[i] = base[j]; base[j] = p
            i &+= 2; j &-= 2
        }
        return true
    }

    /// The automaton's scan, for a text whose walks took too long.
    @inline(never)
    private func scanWithAutomaton(_ text: UnsafeBufferPointer<UInt8>, _ out: Scratch<Int32>) {
        let automaton = fallback.withLock { ac -> AhoCorasick in
            if let ac { return ac }
            let patterns = patternLengths.indices.map { i in
                Array(UnsafeBufferPointer(rebasing: reversed.buffer[Int(patternStart[i])..<(Int(patternStart[i]) + Int(patternLengths[i]))]).reversed())
            }
            let built = AhoCorasick(patterns: patterns, denseBytes: denseBytes)
            ac = built
            return built
        }
        automaton.matches(in: text, into: out)
    }

    /// Whether a text has made the matcher build its automaton (for tests).
    package var builtFallback: Bool { fallback.withLock { $0 != nil } }

}

/// What `PhraseMatcher` and `AhoCorasick` both do: report (pattern, end) pairs by end.
public protocol MultiPatternMatcher {
    func matches(in text: UnsafeBufferPointer<UInt8>, into out: Scratch<Int32>)
}

extension MultiPatternMatcher {
    /// Calls `onMatch(pattern, end)` for every occurrence of every pattern in `text`, where
    /// `end` is the offset just past the occurrence, in the order `matches` reports them;
    /// returning false from `onMatch` stops the calls. (A convenience over
    /// `matches(in:into:)`, which the engine uses with a reused list.)
    public func scan(_ text: UnsafeBufferPointer<UInt8>, _ onMatch: (Int, Int) -> Bool) {
        let found = Scratch<Int32>()
        matches(in: text, into: found)
        var k = 0
        while k < found.count {
            if !onMatch(Int(found.base[k]), Int(found.base[k + 1])) { return }
            k += 2
        }
    }
}

extension PhraseMatcher: MultiPatternMatcher {}
extension AhoCorasick: MultiPatternMatcher {}

/// A long pattern in `PhraseMatcher.entries`: 16 bytes, so a walk over a few
/// neighbours reads a line or two, and the bytes it compares first are inline.
private struct Entry {
    /// The pattern's 5th to 12th bytes from its end (the 5th lowest), zeros past its start.
    var next: UInt64
    var length: Int32
    var pattern: Int32
}

/// An open-addressing table from a 32-bit key to a range of indices and a summary
/// of it; a slot is one 16-byte read.
private struct KeyRanges {
    private struct Slot {
        var key: UInt32
        var lo: Int32
        /// 0: empty (every range is non-empty).
        var hi: Int32
        var summary: UInt32
    }
    /// The summary bit of a range holding a pattern of exactly four bytes. A 5th byte
    /// with its low five bits all set sets it too: that range is never skipped, as if it
    /// held one (never wrong, only slower).
    static let four: UInt32 = 1 << 31
    private let slots: FrozenBuffer<Slot>
    private let mask: Int

    init(_ entries: [(UInt32, Int32, Int32, UInt32)]) {
        var size = 16
        while size < entries.count * 3 / 2 { size *= 2 }
        mask = size - 1
        let slots = UnsafeMutableBufferPointer<Slot>.allocate(capacity: size)
        slots.initialize(repeating: Slot(key: 0, lo: 0, hi: 0, summary: 0))
        for (key, lo, hi, summary) in entries {
            var i = Self.slot(key, mask)
            while slots[i].hi != 0 { i = (i + 1) & mask }
            slots[i] = Slot(key: key, lo: lo, hi: hi, summary: summary)
        }
        self.slots = FrozenBuffer(slots)
    }

    @inline(__always)
    private static func slot(_ key: UInt32, _ mask: Int) -> Int {
        Int(truncatingIfNeeded: (UInt64(key) &* 0xFF51_AFD7_ED55_8CCD) >> 32) & mask
    }

    @inline(__always)
    func range(_ key: UInt32) -> (Int, Int, UInt32)? {
        var i = Self.slot(key, mask)
        while true {
            let s = slots[i]
            if s.hi == 0 { return nil }
            if s.key == key { return (Int(s.lo), Int(s.hi), s.summary) }
            i = (i + 1) & mask
        }
    }

    func free() { slots.deallocate() }
}
