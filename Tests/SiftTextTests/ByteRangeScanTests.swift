// `sift_first_in_range` (CTextScan, sixteen bytes at a time): how a regex whose matches
// can only start with a byte of one range (`[A-Z]{5,}`, `\d`) learns whether its target
// holds one. It must find the first such byte as a loop does, at every offset, in a
// block and past the last one, for ranges at either end of the byte values.
import CTextScan
import Testing

@Suite("Byte range scan")
struct ByteRangeScanTests {
    @Test func firstByteInRangeAtEveryOffset() {
        let ranges: [(UInt8, UInt8)] = [(0x41, 0x5A), (0x30, 0x39), (0x00, 0x00), (0xFF, 0xFF), (0x00, 0xFF), (0x80, 0xBF), (0x20, 0x20)]
        for (lo, hi) in ranges {
            for value in 0...255 {
                let byte = UInt8(value)
                // Filler outside the range (0x61 'a' is in none but 0x00–0xFF, where any byte is found at 0).
                let filler: UInt8 = (lo...hi).contains(0x61) ? (lo > 0 ? lo - 1 : hi &+ 1) : 0x61
                for at in [0, 1, 15, 16, 17, 31, 39] {
                    var text = [UInt8](repeating: filler, count: 40)
                    text[at] = byte
                    for from in [0, 5, 16, 17] {
                        let got = text.withUnsafeBufferPointer { sift_first_in_range($0.baseAddress!, from, 40, lo, hi) }
                        let want = (from..<40).first { (lo...hi).contains(text[$0]) } ?? 40
                        #expect(got == want, "\(byte) at \(at) from \(from), range \(lo)...\(hi)")
                    }
                }
            }
        }
    }
}
