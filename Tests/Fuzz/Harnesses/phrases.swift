// Fuzz harness: the phrase matcher against a naive search. The input is up to 16 patterns
// separated by NUL bytes, then (after a second NUL in a row) the text. Every occurrence of
// every pattern must be reported once, by its end, ends in order; nothing else.
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
    var found: [[Int]] = []
    var lastEnd = 0
    text.withUnsafeBufferPointer { t in
        matcher.scan(t) { pattern, end in
            precondition(end >= lastEnd, "ends out of order")
            lastEnd = end
            found.append([pattern, end]); return true
        }
    }
    var expected: [[Int]] = []
    for (p, pattern) in patterns.enumerated() where pattern.count <= text.count {
        for end in pattern.count...text.count where Array(text[(end - pattern.count)..<end]) == pattern {
            expected.append([p, end])
        }
    }
    let order: ([Int], [Int]) -> Bool = { $0[1] != $1[1] ? $0[1] < $1[1] : $0[0] < $1[0] }
    precondition(found.sorted(by: order) == expected.sorted(by: order), "matches differ from a naive search")
    return 0
}
