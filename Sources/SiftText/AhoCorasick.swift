// Aho–Corasick over UTF-8 bytes: every phrase of a rule set in one automaton,
// so the cost per message does not grow with the number of phrases.
//
// Layout: the shallowest states (the root, then breadth-first up to a cap)
// have dense 256-entry rows of complete transitions, failure links already
// followed, so most bytes of a text cost one table read; deeper states keep
// their transitions sorted in one flat array and fall back along failure
// links until they reach a dense state.
// Each state knows the patterns ending there and the next state on its
// failure chain that has any (the dictionary link), so all occurrences,
// overlapping ones included, are reported in order of their end.

/// An immutable multi-pattern byte matcher, safe to share between threads.
///
/// The tables live in buffers allocated once and freed in `deinit`; nothing
/// writes them after `init`, so concurrent scans are safe.
public final class AhoCorasick: @unchecked Sendable {
    private let rootNext: UnsafeMutableBufferPointer<Int32>      // 256 entries
    private let transStart: UnsafeMutableBufferPointer<Int32>    // per state, into trans; count+1 entries
    private let transBytes: UnsafeMutableBufferPointer<UInt8>
    private let transTargets: UnsafeMutableBufferPointer<Int32>
    private let fail: UnsafeMutableBufferPointer<Int32>
    private let outStart: UnsafeMutableBufferPointer<Int32>      // per state, into outPatterns; count+1 entries
    private let outPatterns: UnsafeMutableBufferPointer<Int32>
    private let dictLink: UnsafeMutableBufferPointer<Int32>      // next state with output on the failure chain, or -1
    private let reportFrom: UnsafeMutableBufferPointer<Int32>    // the state itself if it has output, else dictLink; 0/-1: none
    private let denseRow: UnsafeMutableBufferPointer<Int32>       // per state: its dense row index, or -1
    private let dense: UnsafeMutableBufferPointer<Int32>         // rows of 256 complete transitions

    /// States with a dense row at most (the root and the shallowest states), 1 KiB each.
    public static let denseStateLimit = 4096
    /// Length in bytes of each pattern, by pattern index.
    public let patternLengths: [Int32]

    /// Number of states, for diagnostics.
    public var stateCount: Int { fail.count }
    /// Number of patterns.
    public var patternCount: Int { patternLengths.count }

    /// Builds the automaton. Pattern `i` is reported as index `i`; empty
    /// patterns are never reported. Duplicates are allowed and reported each.
    public init(patterns: [[UInt8]]) {
        // Trie with per-node dictionaries while building.
        var children: [[UInt8: Int32]] = [[:]]
        var outputs: [[Int32]] = [[]]
        for (index, p) in patterns.enumerated() where !p.isEmpty {
            var s: Int32 = 0
            for b in p {
                if let t = children[Int(s)][b] {
                    s = t
                } else {
                    let t = Int32(children.count)
                    children.append([:])
                    outputs.append([])
                    children[Int(s)][b] = t
                    s = t
                }
            }
            outputs[Int(s)].append(Int32(index))
        }
        let n = children.count
        var fail = [Int32](repeating: 0, count: n)
        var dict = [Int32](repeating: -1, count: n)
        var root = [Int32](repeating: 0, count: 256)
        for (b, t) in children[0] { root[Int(b)] = t }
        // Breadth-first order so a state's failure target is final before its children.
        var queue: [Int32] = children[0].values.sorted()
        var head = 0
        func step(_ from: Int32, _ b: UInt8) -> Int32 {
            var s = from
            while true {
                if s == 0 { return root[Int(b)] }
                if let t = children[Int(s)][b] { return t }
                s = fail[Int(s)]
            }
        }
        while head < queue.count {
            let s = queue[head]; head += 1
            for (b, t) in children[Int(s)].sorted(by: { $0.key < $1.key }) {
                let f = s == 0 ? 0 : step(fail[Int(s)], b)
                fail[Int(t)] = f
                dict[Int(t)] = outputs[Int(f)].isEmpty ? dict[Int(f)] : f
                queue.append(t)
            }
        }
        // Flatten.
        var ts: [Int32] = [], tb: [UInt8] = [], tt: [Int32] = []
        var os: [Int32] = [], op: [Int32] = []
        ts.reserveCapacity(n + 1); os.reserveCapacity(n + 1)
        for s in 0..<n {
            ts.append(Int32(tb.count))
            for (b, t) in children[s].sorted(by: { $0.key < $1.key }) { tb.append(b); tt.append(t) }
            os.append(Int32(op.count))
            op.append(contentsOf: outputs[s])
        }
        ts.append(Int32(tb.count)); os.append(Int32(op.count))
        func copy<T>(_ a: [T]) -> UnsafeMutableBufferPointer<T> {
            let p = UnsafeMutableBufferPointer<T>.allocate(capacity: max(a.count, 1))
            _ = p.initialize(from: a)
            return UnsafeMutableBufferPointer(rebasing: p[0..<a.count])
        }
        // Dense rows for the root and the shallowest states, in breadth-first
        // order: a state's failure target comes before it, so its row is ready.
        var rowOf = [Int32](repeating: -1, count: n)
        var rows: [Int32] = []
        let denseStates = [Int32(0)] + queue.prefix(Self.denseStateLimit - 1)
        for st in denseStates {
            let r = Int32(rows.count / 256)
            rowOf[Int(st)] = r
            if st == 0 {
                rows.append(contentsOf: root)
            } else {
                let failRow = Int(rowOf[Int(fail[Int(st)])]) * 256
                let base = rows.count
                let inherited = Array(rows[failRow..<(failRow + 256)])   // a copy first: appending a slice of itself would copy all rows
                rows.append(contentsOf: inherited)
                for (b, t) in children[Int(st)] { rows[base + Int(b)] = t }
            }
        }
        var report = [Int32](repeating: 0, count: n)
        for st in 0..<n { report[st] = outputs[st].isEmpty ? max(dict[st], 0) : Int32(st) }
        rootNext = copy(root); transStart = copy(ts); transBytes = copy(tb); transTargets = copy(tt)
        self.fail = copy(fail); outStart = copy(os); outPatterns = copy(op); dictLink = copy(dict)
        reportFrom = copy(report); denseRow = copy(rowOf); dense = copy(rows)
        patternLengths = patterns.map { Int32($0.count) }
    }

    deinit {
        for p in [rootNext, transStart, transTargets, fail, outStart, outPatterns, dictLink, reportFrom, denseRow, dense] {
            UnsafeMutableBufferPointer(start: p.baseAddress, count: max(p.count, 1)).deallocate()
        }
        UnsafeMutableBufferPointer(start: transBytes.baseAddress, count: max(transBytes.count, 1)).deallocate()
    }

    @inline(__always)
    private func next(_ state: Int32, _ b: UInt8) -> Int32 {
        let starts = transStart.baseAddress.unsafelyUnwrapped
        let bytes = transBytes.baseAddress.unsafelyUnwrapped
        let targets = transTargets.baseAddress.unsafelyUnwrapped
        let failures = fail.baseAddress.unsafelyUnwrapped
        let rowIndex = denseRow.baseAddress.unsafelyUnwrapped
        var s = state
        while true {
            let row = rowIndex[Int(s)]
            if row >= 0 { return dense.baseAddress.unsafelyUnwrapped[Int(row) &* 256 &+ Int(b)] }
            var lo = Int(starts[Int(s)])
            let hi = Int(starts[Int(s) + 1])
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
            s = failures[Int(s)]
        }
    }

    /// Calls `onMatch(pattern, end)` for every occurrence of every pattern in
    /// `text`, where `end` is the offset just past the occurrence; occurrences
    /// come in order of `end`. Returning false from `onMatch` stops the scan.
    @inline(__always)
    public func scan(_ text: UnsafeBufferPointer<UInt8>, _ onMatch: (Int, Int) -> Bool) {
        guard let t = text.baseAddress else { return }
        let outs = outStart.baseAddress.unsafelyUnwrapped
        let pats = outPatterns.baseAddress.unsafelyUnwrapped
        let links = dictLink.baseAddress.unsafelyUnwrapped
        let reports = reportFrom.baseAddress.unsafelyUnwrapped
        let rowIndex = denseRow.baseAddress.unsafelyUnwrapped
        let rows = dense.baseAddress.unsafelyUnwrapped
        var s: Int32 = 0
        var i = 0
        let count = text.count
        while i < count {
            let b = t[i]
            let row = rowIndex[Int(s)]
            s = row >= 0 ? rows[Int(row) &* 256 &+ Int(b)] : next(s, b)
            i += 1
            var o = reports[Int(s)]
            while o > 0 {
                for k in Int(outs[Int(o)])..<Int(outs[Int(o) + 1]) {
                    if !onMatch(Int(pats[k]), i) { return }
                }
                o = links[Int(o)]
            }
        }
    }
}
