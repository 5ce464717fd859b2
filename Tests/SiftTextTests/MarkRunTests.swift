// `Normalization.hasMarkRun` skips what cannot start a mark (bytes below 0xCC sixteen at
// a time in C, characters whose lead byte no mark has) before it decodes: it must answer
// as a scalar-by-scalar reading does, wherever marks fall against the 16-byte blocks.
import CTextScan
import SiftText
import Testing

@Suite("Mark runs")
struct MarkRunTests {
    @Test func firstByteAtLeastAtEveryOffset() {
        for least: UInt8 in [0x80, 0xCC, 0xF0] {
            for value in 0...255 {
                let byte = UInt8(value)
                for at in [0, 1, 15, 16, 17, 31, 39] {
                    var text = [UInt8](repeating: 0x61, count: 40)
                    text[at] = byte
                    for from in [0, 5, 16, 17] {
                        let got = text.withUnsafeBufferPointer { sift_first_at_least($0.baseAddress!, from, 40, least) }
                        let want = at >= from && byte >= least ? at : 40
                        #expect(got == want, "\(byte) at \(at) from \(from), least \(least)")
                    }
                }
            }
        }
    }

    /// Two marks of a combining class other than 0 in a row, reading scalar by scalar.
    static func reference(_ s: String) -> Bool {
        var previous = false
        for scalar in s.unicodeScalars {
            let mark = Normalization.isNonStarter(scalar.value)
            if mark && previous { return true }
            previous = mark
        }
        return false
    }

    static let pieces = [
        "a", "word ", "é", "Straße ", "Привет ", "Ω", "שלום", "\u{5BC}", "\u{5B8}", "مرحبا", "\u{64E}", "\u{650}",
        "नम", "\u{94D}", "你好", "\u{301}", "\u{323}", "\u{302A}", "カ\u{3099}", "👍🏽", "\u{1D165}", "\u{1D16D}", "ㄱ",
        // Marks whose lead byte is not the first of their range's (Syriac U+0730–074A: DC, DD).
        "ܐ", "\u{741}", "\u{742}", "\u{345}", "\u{361}",
    ]

    @Test func answersAsAScalarByScalarReading() {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 33)
        }
        var runs = 0
        for _ in 0..<20_000 {
            let text = (0..<(1 + next() % 14)).map { _ in Self.pieces[next() % Self.pieces.count] }.joined()
            let got = Array(text.utf8).withUnsafeBufferPointer { Normalization.hasMarkRun(utf8: $0) }
            #expect(got == Self.reference(text), "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
            if got { runs += 1 }
        }
        #expect(runs > 1_000)       // both answers are tried, many times
    }
}
