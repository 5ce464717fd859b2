// The phrase matcher reports exactly what the Aho–Corasick automaton reports, in
// the same order (by end, the longest first at one end, duplicates by index), and
// every occurrence a naive search finds; a text its walks would take too long
// over is handed to the automaton.
import Testing
import SiftText

@Suite("Phrase matcher")
struct PhraseMatcherTests {
    typealias Random = AhoCorasickTests.Random

    /// Every report of `matches`, in its order.
    static func reported(_ m: PhraseMatcher, _ text: [UInt8]) -> [[Int]] {
        var got: [[Int]] = []
        text.withUnsafeBufferPointer { buf in m.scan(buf) { p, end in got.append([p, end]); return true } }
        return got
    }

    /// The order the automaton reports in, from a naive search: by end, then longest
    /// first, then by index.
    static func expected(_ patterns: [[UInt8]], _ text: [UInt8]) -> [[Int]] {
        AhoCorasickTests.naive(patterns, text).sorted {
            ($0[1], -patterns[$0[0]].count, $0[0]) < ($1[1], -patterns[$1[0]].count, $1[0])
        }
    }

    @Test func classicExampleInTheAutomatonsOrder() {
        let patterns = ["he", "she", "his", "hers", "ushers", "s"].map { Array($0.utf8) }
        let m = PhraseMatcher(patterns: patterns)
        // s ends at 2; she and he at 4 (she first, the longer); ushers, hers and s at 6.
        #expect(Self.reported(m, Array("ushers".utf8)) == [[5, 2], [1, 4], [0, 4], [4, 6], [3, 6], [5, 6]])
        #expect(Self.reported(m, []) == [])
        #expect(Self.reported(m, Array("s".utf8)) == [[5, 1]])
    }

    @Test func duplicatesAndEmptyPatternsAsTheAutomatonReportsThem() {
        let patterns = [Array("abcd".utf8), [], Array("abcd".utf8), Array("d".utf8), Array("cd".utf8), Array("bcd".utf8),
                        Array("d".utf8), Array("xabcd".utf8), [0, 0, 0, 0], [0]]
        let m = PhraseMatcher(patterns: patterns)
        for text in [Array("xabcdabcd".utf8), [0, 0, 0, 0, 0], Array("d".utf8), Array("cd".utf8), Array("abcd".utf8)] {
            let ac = AhoCorasick(patterns: patterns)
            #expect(Self.reported(m, text) == AhoCorasickTests.reported(ac, text))
            #expect(Self.reported(m, text) == Self.expected(patterns, text))
        }
    }

    /// Random pattern sets over small alphabets (so phrases share their ends and
    /// buckets grow past the linear search), with patterns of every length from
    /// one byte to 23 (walks past the 12 bytes an entry holds inline), against the
    /// automaton and a naive search, report for report.
    @Test(arguments: [2, 3, 6])
    func agreesWithTheAutomaton(alphabetSize: Int) {
        var random = Random(state: UInt64(alphabetSize))
        func next(_ n: Int) -> Int { random.next(n) }
        let alphabet = Array(([UInt8]("ab".utf8) + [0xC3, 0xA9, 0x00, 0xFF])[0..<alphabetSize])
        for round in 0..<40 {
            let count = round < 5 ? 2000 : 1 + next(60)
            let patterns = (0..<count).map { _ in (0..<next(round % 3 == 0 ? 4 : round % 3 == 1 ? 12 : 24)).map { _ in alphabet[next(alphabet.count)] } }
            let m = PhraseMatcher(patterns: patterns), ac = AhoCorasick(patterns: patterns)
            for _ in 0..<5 {
                let text = (0..<next(200)).map { _ in alphabet[next(alphabet.count)] }
                let got = Self.reported(m, text)
                #expect(got == AhoCorasickTests.reported(ac, text), "round \(round)")
                #expect(got == Self.expected(patterns, text), "round \(round)")
            }
            #expect(!m.builtFallback, "round \(round): ordinary texts need no automaton")
        }
    }

    /// Phrases with a long tail the text repeats without ever finishing them: walking back
    /// from every offset would cost the phrase's length each time, so the text goes to the
    /// automaton, which reports the same.
    @Test func aTextTooLongToWalkGoesToTheAutomaton() {
        let patterns = [Array("b".utf8) + [UInt8](repeating: 0x61, count: 3000), Array("aaaa".utf8), Array("ca".utf8)]
        let m = PhraseMatcher(patterns: patterns)
        var text = [UInt8](repeating: 0x61, count: 20_000)
        text[100] = 0x63
        let got = Self.reported(m, text)
        #expect(m.builtFallback)
        #expect(got == Self.expected(patterns, text))
        #expect(got.count == 19_994)   // aaaa at 19,997 − 4 offsets (not across the c), and ca once
        // Once built, the automaton serves the next such text too; short texts still walk.
        #expect(Self.reported(m, Array("baaaa".utf8)) == [[1, 5]])
    }
}
