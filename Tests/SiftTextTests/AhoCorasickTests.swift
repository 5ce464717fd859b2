// Aho–Corasick reports every occurrence of every pattern, overlapping ones
// included, in order of their end; checked against a naive search.
import Testing
import SiftText

@Suite("Aho–Corasick")
struct AhoCorasickTests {
    static func occurrences(_ ac: AhoCorasick, _ text: String) -> [[Int]] {
        var out: [[Int]] = []
        var t = text
        t.withUTF8 { buf in ac.scan(buf) { p, end in out.append([p, end]); return true } }
        return out
    }

    /// A small deterministic generator (LCG), so every run tests the same cases.
    struct Random {
        var state: UInt64
        mutating func next(_ n: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int(state >> 33) % n
        }
    }

    /// Every occurrence the automaton reports in `text`, in its order.
    static func reported(_ ac: AhoCorasick, _ text: [UInt8]) -> [[Int]] {
        var got: [[Int]] = []
        text.withUnsafeBufferPointer { buf in ac.scan(buf) { p, end in got.append([p, end]); return true } }
        return got
    }

    /// Every occurrence of every pattern, found naively, sorted by end then pattern.
    static func naive(_ patterns: [[UInt8]], _ text: [UInt8]) -> [[Int]] {
        var want: [[Int]] = []
        for (i, p) in patterns.enumerated() where !p.isEmpty && p.count <= text.count {
            for end in p.count...text.count where Array(text[(end - p.count)..<end]) == p { want.append([i, end]) }
        }
        return sortedByEnd(want)
    }

    static func sortedByEnd(_ x: [[Int]]) -> [[Int]] { x.sorted { ($0[1], $0[0]) < ($1[1], $1[0]) } }

    @Test func classicExample() {
        let ac = AhoCorasick(patterns: ["he", "she", "his", "hers"].map { Array($0.utf8) })
        // "ushers": she ends at 4, he ends at 4, hers ends at 6.
        let got = Self.occurrences(ac, "ushers")
        #expect(got.sorted { ($0[1], $0[0]) < ($1[1], $1[0]) } == [[0, 4], [1, 4], [3, 6]])
    }

    @Test func duplicatesEmptiesAndPrefixes() {
        let ac = AhoCorasick(patterns: [Array("ab".utf8), [], Array("ab".utf8), Array("a".utf8), Array("abc".utf8)])
        let got = Self.occurrences(ac, "abcab")
        // a@1, ab@2 (twice: patterns 0 and 2), abc@3, a@4, ab@5 (twice): 7; never the empty pattern 1
        #expect(got.filter { $0[1] == 2 }.map { $0[0] }.sorted() == [0, 2])
        #expect(got.contains([4, 3]))
        #expect(!got.contains { $0[0] == 1 })
        #expect(got.count == 7)
    }

    /// Dense rows for every state (the default budget covers these small automata),
    /// for the root alone, and for a few or some dozens of states: the sparse states
    /// and the way back to dense ones must agree with the all-dense automaton and a
    /// naive search, occurrence for occurrence, in order.
    @Test(arguments: [AhoCorasick.denseBytes, 1, 200, 2000])
    func agreesWithNaiveSearch(denseBytes: Int) {
        var random = Random(state: 7)
        func next(_ n: Int) -> Int { random.next(n) }
        let alphabet: [UInt8] = Array("abcé".utf8) + [0xD7, 0x90]
        for round in 0..<30 {
            // Many patterns over a tiny alphabet: deep states, long failure chains, beyond the dense rows.
            let patterns = (0..<(round < 5 ? 5000 : 40)).map { _ in (0..<(1 + next(6))).map { _ in alphabet[next(alphabet.count)] } }
            let text = (0..<300).map { _ in alphabet[next(alphabet.count)] }
            let got = Self.reported(AhoCorasick(patterns: patterns, denseBytes: denseBytes), text)
            #expect(zip(got, got.dropFirst()).allSatisfy { $0[1] <= $1[1] }, "round \(round): out of order")
            #expect(Self.sortedByEnd(got) == Self.naive(patterns, text), "round \(round)")
        }
    }

    /// Many patterns behind one prefix ("zab…") and few elsewhere, in texts made mostly of
    /// that prefix's letters: long stays in deep sparse states whose failure chains run
    /// through other sparse states ("ab…", "b…") before a dense one.
    @Test(arguments: [100, 300, 1000])
    func rowsOverFailureStatesWithoutRows(denseBytes: Int) {
        var random = Random(state: 11)
        func next(_ n: Int) -> Int { random.next(n) }
        let alphabet = Array("abcz".utf8)
        var patterns = (0..<300).map { _ in Array("zab".utf8) + (0..<(1 + next(4))).map { _ in alphabet[next(4)] } }
        patterns += ["abz", "abc", "abcz", "bz", "bcc", "c", "ca", "zz"].map { Array($0.utf8) }
        let ac = AhoCorasick(patterns: patterns, denseBytes: denseBytes)
        for round in 0..<20 {
            let text = (0..<300).map { _ in next(3) == 0 ? alphabet[next(4)] : Array("zab".utf8)[next(3)] }
            #expect(Self.sortedByEnd(Self.reported(ac, text)) == Self.naive(patterns, text), "round \(round)")
        }
    }

    /// Long patterns, some the prefix of others, and texts made of their pieces with a byte
    /// changed here and there: the scan follows chains of one-transition states eight bytes
    /// at a time and must leave them at every offset (a changed byte, a pattern ending inside
    /// a chain, a row, the end of the text within eight bytes).
    @Test(arguments: [AhoCorasick.denseBytes, 1, 300])
    func chainsLeftAtEveryOffset(denseBytes: Int) {
        var random = Random(state: 5)
        func next(_ n: Int) -> Int { random.next(n) }
        let alphabet = Array("abcdeé".utf8)
        for round in 0..<40 {
            var patterns = (0..<(3 + next(30))).map { _ in (0..<(8 + next(40))).map { _ in alphabet[next(alphabet.count)] } }
            for k in 0..<patterns.count where next(3) == 0 {           // prefixes of others: reports inside a chain
                let p = patterns[k]
                patterns.append(Array(p[0..<(1 + next(p.count))]))
            }
            let ac = AhoCorasick(patterns: patterns, denseBytes: denseBytes)
            var text: [UInt8] = []
            while text.count < 200 {
                let p = patterns[next(patterns.count)]
                var piece = Array(p[next(max(p.count / 2, 1))...])
                if next(2) == 0 { piece[next(piece.count)] = alphabet[next(alphabet.count)] }
                text += piece
                if next(4) == 0 { text.append(alphabet[next(alphabet.count)]) }
            }
            text = Array(text[0..<(150 + next(50))])
            #expect(Self.sortedByEnd(Self.reported(ac, text)) == Self.naive(patterns, text), "round \(round)")
        }
    }
}
