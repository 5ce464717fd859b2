// Aho–Corasick over UTF-8 bytes: every phrase of a rule set in one automaton,
// so the cost per message does not grow with the number of phrases.
//
// Layout: the root has a dense 256-entry row; other states keep their
// transitions sorted in one flat array and fall back along failure links.
// Each state knows the patterns ending there and the next state on its
// failure chain that has any (the dictionary link), so all occurrences,
// overlapping ones included, are reported in order of their end.

/// An immutable multi-pattern byte matcher, safe to share between threads.
public final class AhoCorasick: Sendable {
    private let rootNext: [Int32]          // 256 entries
    private let transStart: [Int32]        // per state, into transBytes/transTargets; count+1 entries
    private let transBytes: [UInt8]
    private let transTargets: [Int32]
    private let fail: [Int32]
    private let outStart: [Int32]          // per state, into outPatterns; count+1 entries
    private let outPatterns: [Int32]
    private let dictLink: [Int32]          // next state with output on the failure chain, or -1
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
        rootNext = root; transStart = ts; transBytes = tb; transTargets = tt
        self.fail = fail; outStart = os; outPatterns = op; dictLink = dict
        patternLengths = patterns.map { Int32($0.count) }
    }

    @inline(__always)
    private func next(_ state: Int32, _ b: UInt8) -> Int32 {
        var s = state
        while s != 0 {
            let lo = Int(transStart[Int(s)]), hi = Int(transStart[Int(s) + 1])
            var i = lo
            while i < hi {
                let c = transBytes[i]
                if c == b { return transTargets[i] }
                if c > b { break }
                i += 1
            }
            s = fail[Int(s)]
        }
        return rootNext[Int(b)]
    }

    /// Calls `onMatch(pattern, end)` for every occurrence of every pattern in
    /// `text`, where `end` is the offset just past the occurrence; occurrences
    /// come in order of `end`. Returning false from `onMatch` stops the scan.
    @inline(__always)
    public func scan(_ text: UnsafeBufferPointer<UInt8>, _ onMatch: (Int, Int) -> Bool) {
        var s: Int32 = 0
        var i = 0
        let count = text.count
        while i < count {
            s = next(s, text[i])
            i += 1
            var o = s
            if outStart[Int(o)] == outStart[Int(o) + 1] { o = dictLink[Int(o)] }
            while o > 0 {
                for k in Int(outStart[Int(o)])..<Int(outStart[Int(o) + 1]) {
                    if !onMatch(Int(outPatterns[k]), i) { return }
                }
                o = dictLink[Int(o)]
            }
        }
    }
}
