// Fuzz harness: the phrase matcher against a naive search. The input is up to 16 patterns
// separated by NUL bytes, then (after a second NUL in a row) the text. Every occurrence of
// every pattern must be reported once, by its end, ends in order; nothing else.
import Foundation
import SiftText

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPhrases(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let input = Array(UnsafeBufferPointer(start: start, count: count))
    var patterns: [[UInt8]] = []
    var i = 0, current: [UInt8] = []
    while i < input.count {
        if input[i] == 0 {
            i += 1
            if current.isEmpty || patterns.count == 16 { break }
            patterns.append(current); current = []
        } else {
            current.append(input[i]); i += 1
        }
    }
    let text = Array(input[i...])
    guard !patterns.isEmpty else { return 0 }
    let matcher = PhraseMatcher(patterns: patterns, denseBytes: 1 << 16)
    // Matches as one Int each, end << 5 | pattern (so they sort by end, then pattern): the
    // first version kept [pattern, end] arrays, and allocating and sorting them, with a
    // byte-by-byte naive search, made most of its time (115 inputs/s on a grown corpus).
    var found: [Int] = []
    var lastEnd = 0
    text.withUnsafeBufferPointer { t in
        matcher.scan(t) { pattern, end in
            precondition(end >= lastEnd, "ends out of order")
            lastEnd = end
            found.append(end << 5 | pattern); return true
        }
    }
    // The naive search: every place each pattern is, compared by memcmp (not instrumented).
    var expected: [Int] = []
    text.withUnsafeBytes { t in
        for (p, pattern) in patterns.enumerated() where pattern.count <= t.count {
            pattern.withUnsafeBytes { q in
                for end in pattern.count...t.count where t[end - pattern.count] == q[0]
                    && memcmp(t.baseAddress! + end - pattern.count, q.baseAddress!, q.count) == 0 {
                    expected.append(end << 5 | p)
                }
            }
        }
    }
    precondition(found.sorted() == expected.sorted(), "matches differ from a naive search")
    return 0
}
