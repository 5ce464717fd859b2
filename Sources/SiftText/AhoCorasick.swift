// Aho–Corasick over UTF-8 bytes: every phrase of a rule set in one automaton,
// linear in the text whatever the phrases. The engine scans with
// `PhraseMatcher`, which reports the same in the same order and whose hot
// tables stay in the cache; it falls back on this automaton for a text its
// walks would take too long over, and the tests and `msgsift-bench
// automaton` hold the two to each other.
//
// Layout: the shallowest states (the root, then breadth-first up to a
// memory budget) have dense rows of complete transitions, failure links
// already followed, so most bytes of a text cost one table read. A row has
// one entry per byte *class*: each byte some pattern uses is a class of its
// own, all other bytes share class 0 (they only ever lead back to the root),
// so rows are ~120 entries for 14 languages instead of 256. Deeper states keep
// their transitions sorted in one flat array and a 16-byte record each (where
// they start, how many, the only one inline, the failure state), and fall
// back along failure links until they reach a dense state.
// Each state knows the patterns ending there and the next state on its
// failure chain that has any (the dictionary link), so all occurrences,
// overlapping ones included, are reported in order of their end.
//
// The scan moves between *codes*, not state numbers: a dense state's code
// is the offset of its row, a sparse state's is negative. Codes are laid
// out so that one unsigned comparison per byte tells whether some pattern
// ends there (read as unsigned, from low to high):
//   [0, attention)            dense, nothing to report (the root first)
//   [attention, 2^31)         dense, something to report
//   [2^31, 2^31 + 2^30)       sparse, something to report: Int32.min + state
//   [2^31 + 2^30, 2^32)       sparse, nothing to report: -(state + 1)

#if canImport(Glibc)
import Glibc
#endif

/// An immutable multi-pattern byte matcher, safe to share between threads.
///
/// The tables live in `FrozenBuffer`s, written in `init` and freed in `deinit`.
public final class AhoCorasick: Sendable {
    /// What a sparse step needs of a state, in one 16-byte record (one cache line at most).
    private struct StateRecord {
        /// First of its transitions in `transBytes` / `transTargets`.
        var start: Int32
        /// The byte of the only transition (when there is one) | number of transitions << 8
        /// | the chain's length << 17 (see `chain`).
        var packed: Int32
        /// The code of its failure state.
        var failCode: Int32
        /// The code its only transition leads to (when there is one).
        var onlyCode: Int32
    }
    private let records: FrozenBuffer<StateRecord>
    private let transBytes: FrozenBuffer<UInt8>
    private let transTargets: FrozenBuffer<Int32>    // as codes
    private let outStart: FrozenBuffer<Int32>      // per state, into outPatterns; count+1 entries
    private let outPatterns: FrozenBuffer<Int32>
    private let dictLink: FrozenBuffer<Int32>      // next state with output on the failure chain, or -1
    private let reportFrom: FrozenBuffer<Int32>    // the state itself if it has output, else dictLink; 0/-1: none
    private let dense: FrozenBuffer<Int32>         // rows of `width` complete transitions, as codes,
                                                                 // then the state's first reporting state (reportFrom)
    private let byteClass: FrozenBuffer<Int32>     // per byte: its class (column of a row)
    /// Transitions per dense row: the number of byte classes (a row has one more entry).
    private let width: Int
    /// The first code (unsigned) of a dense state with something to report.
    private let attention: UInt32
    /// Sparse codes (negative) at or above this have nothing to report.
    fileprivate static let quietSparse: Int32 = -(1 << 30)

    /// The state of a sparse code.
    @inline(__always)
    private static func sparseState(_ c: Int32) -> Int32 {
        c >= quietSparse ? -c &- 1 : c &- Int32.min
    }

    /// Memory for dense rows (the root and the shallowest states): 1 MiB,
    /// ~2,100 states at 121 byte classes. Measured side by side (bench/RESULTS.md),
    /// 1 MiB ran faster than 2 and 4 MiB: more table than the cache holds costs
    /// more than the sparse steps it saves.
    public static let denseBytes = 1 << 20
    /// The longest chain a state record holds (see `init`); longer ones are followed in parts.
    fileprivate static let maxChain = 1 << 14 - 1
    /// Length in bytes of each pattern, by pattern index.
    public let patternLengths: [Int32]

    /// Number of states, for diagnostics.
    public var stateCount: Int { records.count }
    /// Number of patterns.
    public var patternCount: Int { patternLengths.count }

    /// Builds the automaton. Pattern `i` is reported as index `i`; empty
    /// patterns are never reported. Duplicates are allowed and reported each.
    ///
    /// The trie is built from the patterns in sorted order, so each pattern
    /// shares the path of the one before it up to their common prefix and no
    /// per-node map is needed; transitions end up sorted per state.
    ///
    /// `denseBytes` bounds the memory of the dense rows (tests make it small to
    /// exercise the sparse states).
    public init(patterns: [[UInt8]], denseBytes: Int = AhoCorasick.denseBytes) {
        // Sorted by their bytes, compared in one flat copy (memcmp, no per-comparison array access).
        var flat: [UInt8] = [], offsets: [Int] = [0]
        for p in patterns { flat.append(contentsOf: p); offsets.append(flat.count) }
        var order = patterns.indices.filter { !patterns[$0].isEmpty }
        flat.withUnsafeBufferPointer { f in
            let base = f.baseAddress!
            order.sort { a, b in
                let la = offsets[a + 1] - offsets[a], lb = offsets[b + 1] - offsets[b]
                let r = memcmp(base + offsets[a], base + offsets[b], min(la, lb))
                return r != 0 ? r < 0 : la < lb
            }
        }
        flat = []; offsets = []
        var parent: [Int32] = [0], label: [UInt8] = [0]
        var ends: [(node: Int32, pattern: Int32)] = []
        var path: [Int32] = []            // path[d]: the node at depth d + 1 of the previous pattern
        var previous: [UInt8] = []
        for index in order {
            let p = patterns[index]
            var common = 0
            while common < p.count && common < previous.count && p[common] == previous[common] { common += 1 }
            path.removeSubrange(common...)
            var node: Int32 = common == 0 ? 0 : path[common - 1]
            for b in p[common...] {
                let t = Int32(parent.count)
                parent.append(node); label.append(b)
                path.append(t)
                node = t
            }
            ends.append((node, Int32(index)))
            previous = p
        }
        let n = parent.count
        // Transitions, grouped by state; nodes were created in increasing byte order per parent.
        var ts = [Int32](repeating: 0, count: n + 1)
        for t in 1..<max(n, 1) { ts[Int(parent[t]) + 1] += 1 }
        for s in 0..<n { ts[s + 1] += ts[s] }
        var tb = [UInt8](repeating: 0, count: max(n - 1, 0)), tt = [Int32](repeating: 0, count: max(n - 1, 0))
        var fill = Array(ts[0..<n])
        for t in 1..<max(n, 1) {
            let s = Int(parent[t])
            tb[Int(fill[s])] = label[t]; tt[Int(fill[s])] = Int32(t)
            fill[s] += 1
        }
        parent = []; label = []; path = []      // not needed past this point: give the memory back early
        func child(_ s: Int32, _ b: UInt8) -> Int32? {
            var lo = Int(ts[Int(s)]), hi = Int(ts[Int(s) + 1])
            while lo < hi {
                let mid = (lo + hi) >> 1
                if tb[mid] < b { lo = mid + 1 } else { hi = mid }
            }
            return lo < Int(ts[Int(s) + 1]) && tb[lo] == b ? tt[lo] : nil
        }
        // Outputs, grouped by state.
        ends.sort { $0.node != $1.node ? $0.node < $1.node : $0.pattern < $1.pattern }
        var os = [Int32](repeating: 0, count: n + 1)
        for e in ends { os[Int(e.node) + 1] += 1 }
        for s in 0..<n { os[s + 1] += os[s] }
        let op = ends.map(\.pattern)
        ends = []
        func hasOutput(_ s: Int32) -> Bool { os[Int(s)] != os[Int(s) + 1] }
        // Failure and dictionary links in breadth-first order.
        var fail = [Int32](repeating: 0, count: n)
        var dict = [Int32](repeating: -1, count: n)
        // Byte classes: each byte a pattern uses gets one; the rest share class 0.
        var classes = [Int32](repeating: 0, count: 256)
        var used = [Bool](repeating: false, count: 256)
        for b in tb { used[Int(b)] = true }
        let usedCount = used.filter { $0 }.count
        var nextClass: Int32 = usedCount == 256 ? 0 : 1
        for b in 0..<256 where used[b] { classes[b] = nextClass; nextClass += 1 }
        let w = Int(nextClass)
        var root = [Int32](repeating: 0, count: w)
        for k in Int(ts[0])..<Int(ts[1]) { root[Int(classes[Int(tb[k])])] = tt[k] }
        var queue: [Int32] = Array(tt[Int(ts[0])..<Int(ts[1])])
        queue.reserveCapacity(n)
        var head = 0
        while head < queue.count {
            let s = queue[head]; head += 1
            for k in Int(ts[Int(s)])..<Int(ts[Int(s) + 1]) {
                let b = tb[k], t = tt[k]
                var f: Int32 = 0
                if s != 0 {
                    var g = fail[Int(s)]
                    while true {
                        if let c = child(g, b) { f = c; break }
                        if g == 0 { break }
                        g = fail[Int(g)]
                    }
                }
                fail[Int(t)] = f
                dict[Int(t)] = hasOutput(f) ? f : dict[Int(f)]
                queue.append(t)
            }
        }
        var report = [Int32](repeating: 0, count: n)
        for st in 0..<n { report[st] = hasOutput(Int32(st)) ? Int32(st) : max(dict[st], 0) }
        // Dense rows for the root and the shallowest states: quiet ones (nothing to
        // report) first, then the others, each group in breadth-first order. A
        // state's failure target is shallower, and quiet when the state is quiet
        // (a report on the failure chain would be the state's too), so its row is
        // always built before the state's, which starts as a copy of it.
        // Rows are written straight into their final buffer, as state numbers
        // first and as codes once every state's code is known.
        let denseStates = [Int32(0)] + queue.prefix(max(denseBytes / ((w + 1) * 4), 1) - 1)
        queue = []
        let quiet = denseStates.filter { report[Int($0)] == 0 }, loud = denseStates.filter { report[Int($0)] != 0 }
        // A row is `w` transitions and, last, the state's first reporting state.
        let stride = w + 1
        var rowOf = [Int32](repeating: -1, count: n)
        let rows = UnsafeMutableBufferPointer<Int32>.allocate(capacity: denseStates.count * stride)
        var rowCount = 0
        for st in quiet + loud {
            let base = rowCount * stride
            rowOf[Int(st)] = Int32(rowCount)
            rowCount += 1
            if st == 0 {
                for k in 0..<w { rows[k] = root[k] }
            } else {
                let failBase = Int(rowOf[Int(fail[Int(st)])]) * stride
                for k in 0..<w { rows[base + k] = rows[failBase + k] }
                for k in Int(ts[Int(st)])..<Int(ts[Int(st) + 1]) { rows[base + Int(classes[Int(tb[k])])] = tt[k] }
            }
        }
        precondition(n < 1 << 30, "too many automaton states")
        var codes = [Int32](repeating: 0, count: n)
        for st in 0..<n {
            codes[st] = rowOf[st] >= 0 ? rowOf[st] * Int32(stride) : report[st] == 0 ? -Int32(st) - 1 : Int32.min + Int32(st)
        }
        for row in 0..<rowCount {
            for k in (row * stride)..<(row * stride + w) { rows[k] = codes[Int(rows[k])] }
        }
        for st in quiet + loud { rows[Int(codes[Int(st)]) + w] = report[Int(st)] }
        let recs = UnsafeMutableBufferPointer<StateRecord>.allocate(capacity: max(n, 1))
        for st in 0..<n {
            let start = Int(ts[st]), count = Int(ts[st + 1]) - start
            recs[st] = StateRecord(start: Int32(start), packed: Int32(count << 8 | (count == 1 ? Int(tb[start]) : 0)),
                                   failCode: codes[Int(fail[st])], onlyCode: count == 1 ? codes[Int(tt[start])] : 0)
        }
        // Chains: from a state whose only transition leads to the next state number, through
        // states that are the same and have neither a row nor a report, the bytes of the
        // transitions lie one after another in `transBytes` (trie states are numbered in
        // depth-first order, their transitions stored in state order), so a scan can
        // compare the text with them eight bytes at a time instead of stepping state by state.
        // A state's `chain` is how many bytes it can move along that way (0 or 1: none).
        if n > 1 {
            var next = 0        // the chain of state st + 1, when st + 1 may be inside one
            for st in (0...(n - 2)).reversed() {
                let start = Int(ts[st])
                var chain = 0
                if Int(ts[st + 1]) - start == 1 && Int(tt[start]) == st + 1 {
                    let inner = rowOf[st + 1] < 0 && report[st + 1] == 0
                    chain = inner ? min(next + 1, Self.maxChain) : 1
                }
                recs[st].packed |= Int32(chain) << 17
                next = chain
            }
        }
        for k in tt.indices { tt[k] = codes[Int(tt[k])] }
        ts = []; fail = []; codes = []; rowOf = []
        attention = UInt32(quiet.count * stride)
        width = w
        /// Moves an array into a buffer of its own and frees the array, so the two never coexist for long.
        func take<T>(_ a: inout [T]) -> FrozenBuffer<T> {
            defer { a = [] }
            return FrozenBuffer(ownedBuffer(a))
        }
        var opCopy = op
        tb.append(contentsOf: [UInt8](repeating: 0, count: 8))     // a chain's last 8-byte read stays inside
        records = FrozenBuffer(UnsafeMutableBufferPointer(rebasing: recs[0..<n])); transBytes = take(&tb); transTargets = take(&tt)
        outStart = take(&os); outPatterns = take(&opCopy); dictLink = take(&dict)
        reportFrom = take(&report); dense = FrozenBuffer(rows)
        byteClass = take(&classes)
        patternLengths = patterns.map { Int32($0.count) }
    }

    deinit {
        for p in [transTargets, outStart, outPatterns, dictLink, reportFrom, byteClass, dense] { p.deallocate() }
        records.deallocate()
        transBytes.deallocate()
    }

    /// The tables the sparse states need, fetched once per scan.
    private struct SparseTables {
        let records: UnsafeMutablePointer<StateRecord>
        let targets, rows, classes: UnsafeMutablePointer<Int32>
        let bytes: UnsafeMutablePointer<UInt8>

        /// The code after reading `b` in the sparse state `state`: its own
        /// transitions, else those of its failure chain down to a dense state.
        @inline(__always)
        func next(_ state: Int32, _ b: UInt8) -> Int32 {
            var r = records[Int(state)]
            while true {
                let cb = r.packed
                let transitions = Int((cb >> 8) & 0x1FF)
                if transitions == 1 {
                    if UInt8(truncatingIfNeeded: cb) == b { return r.onlyCode }
                } else {
                    var lo = Int(r.start)
                    let hi = lo + transitions
                    if hi - lo > 8 {
                        var h = hi
                        while lo < h {
                            let mid = (lo + h) >> 1
                            if bytes[mid] < b { lo = mid + 1 } else { h = mid }
                        }
                        if lo < hi && bytes[lo] == b { return targets[lo] }
                    } else {
                        while lo < hi {
                            let c = bytes[lo]
                            if c == b { return targets[lo] }
                            if c > b { break }
                            lo += 1
                        }
                    }
                }
                let f = r.failCode
                if f >= 0 { return rows[Int(f) &+ Int(classes[Int(b)])] }
                r = records[Int(f >= AhoCorasick.quietSparse ? -f &- 1 : f &- Int32.min)]
            }
        }

        /// The code after reading on from `t[i]` in the sparse state `state`, `i` moved
        /// past what was read: along the state's chain as far as the text follows it
        /// (up to eight bytes at once), else one byte by `next`.
        @inline(__always)
        func advance(_ state: Int32, _ t: UnsafePointer<UInt8>, _ i: inout Int, _ count: Int) -> Int32 {
            let r = records[Int(state)]
            let chain = Int(r.packed >> 17)
            if chain > 1 && i &+ 8 <= count {
                let x = UnsafeRawPointer(t + i).loadUnaligned(as: UInt64.self)
                      ^ UnsafeRawPointer(bytes + Int(r.start)).loadUnaligned(as: UInt64.self)
                let same = min(x.littleEndian.trailingZeroBitCount >> 3, chain)
                if same > 0 {
                    i &+= same
                    // Inside the chain: a quiet sparse state; at its end: where its last transition leads.
                    if same < chain { return -(state &+ Int32(same)) &- 1 }
                    return records[Int(state) &+ same &- 1].onlyCode
                }
            }
            let c = next(state, t[i])
            i &+= 1
            return c
        }
    }

    /// Appends `pattern, end` for every pattern ending in the state of code `c`.
    @inline(never)
    private func appendReports(_ c: Int32, end: Int, to out: Scratch<Int32>) {
        let outs = outStart.baseAddress.unsafelyUnwrapped
        let pats = outPatterns.baseAddress.unsafelyUnwrapped
        let links = dictLink.baseAddress.unsafelyUnwrapped
        var o = c >= 0 ? dense.baseAddress.unsafelyUnwrapped[Int(c) &+ width]
                       : reportFrom.baseAddress.unsafelyUnwrapped[Int(Self.sparseState(c))]
        let e = Int32(truncatingIfNeeded: end)
        while o > 0 {
            let from = Int(outs[Int(o)]), to = Int(outs[Int(o) + 1])
            let dst = out.reserve(2 &* (to &- from))
            for k in from..<to {
                dst[2 &* (k &- from)] = pats[k]
                dst[2 &* (k &- from) &+ 1] = e
            }
            out.count &+= 2 &* (to &- from)
            o = links[Int(o)]
        }
    }

    /// Appends to `out`, for every occurrence of every pattern in `text`,
    /// the pattern's index and the offset just past the occurrence (two
    /// entries each), in order of that offset. Texts must be shorter than 2 GiB.
    public func matches(in text: UnsafeBufferPointer<UInt8>, into out: Scratch<Int32>) {
        guard let t = text.baseAddress else { return }
        let rows = dense.baseAddress.unsafelyUnwrapped
        let classes = byteClass.baseAddress.unsafelyUnwrapped
        let threshold = attention
        let sparse = SparseTables(
            records: records.baseAddress.unsafelyUnwrapped, targets: transTargets.baseAddress.unsafelyUnwrapped,
            rows: dense.baseAddress.unsafelyUnwrapped, classes: byteClass.baseAddress.unsafelyUnwrapped,
            bytes: transBytes.baseAddress.unsafelyUnwrapped)
        var c: Int32 = 0        // the root's row
        var i = 0
        let count = text.count
        while true {
            // The common case, in a loop of its own: dense states with nothing to report.
            while i < count {
                c = rows[Int(c) &+ Int(classes[Int(t[i])])]
                i &+= 1
                if UInt32(bitPattern: c) >= threshold { break }
            }
            if UInt32(bitPattern: c) < threshold { return }     // the text ended in a quiet dense state
            // A report, or sparse states until the scan is back in a dense one.
            while true {
                if c < Self.quietSparse || c >= 0 { appendReports(c, end: i, to: out) }
                if c >= 0 || i >= count { break }
                c = sparse.advance(Self.sparseState(c), t, &i, count)
            }
            if i >= count { return }
        }
    }
}
