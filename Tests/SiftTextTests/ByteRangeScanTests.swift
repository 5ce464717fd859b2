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

// `sift_first_in_set` and `sift_first_in_set_padded`: how an automaton skips, in its start
// state, the symbols that keep it there. Any set of byte values: each must find the first
// member as a loop does, at every offset, in a block, past the last one, and (padded) never
// a member among the bytes after the end.
@Suite("Byte set scan")
struct ByteSetScanTests {
    /// Sets of every shape: one byte, a range, scattered bytes, both halves of the byte values.
    static let sets: [Set<UInt8>] = [
        [0x30], Set(0x30...0x39), [0x00], [0xFF], Set(0...255), Set(0x80...0xBF), [0x20, 0x7F, 0x80, 0xFF],
        Set([0x41, 0x4B, 0x61, 0x6B, 0x89, 0x8A, 0xA0, 0xF2]), Set(stride(from: 0, through: 255, by: 7).map(UInt8.init)),
        Set(0x30...0x39).union([0x81, 0x83, 0x85, 0x87, 0x88]),
    ]

    @Test func firstByteInSetAtEveryOffset() {
        let simd = sift_byte_set_simd()
        for members in Self.sets {
            var set = sift_byte_set()
            sift_byte_set_make(&set, (0...255).map { members.contains(UInt8($0)) ? 1 : 0 })
            let filler: UInt8 = (0...255).map(UInt8.init).first { !members.contains($0) } ?? 0
            for value in 0...255 {
                let byte = UInt8(value)
                for at in [0, 1, 7, 8, 15, 16, 17, 31, 39] {
                    var text = [UInt8](repeating: filler, count: 40)
                    text[at] = byte
                    for from in [0, 5, 16, 17, 39] {
                        let want = (from..<40).first { members.contains(text[$0]) } ?? 40
                        for useSIMD in [Int32(0), simd] {
                            let got = text.withUnsafeBufferPointer { sift_first_in_set($0.baseAddress!, from, 40, &set, useSIMD) }
                            #expect(got == want, "\(byte) at \(at) from \(from), simd \(useSIMD), set of \(members.count)")
                        }
                    }
                }
            }
        }
    }

    /// Past the end lie bytes of the set: the padded scan must not take them.
    @Test func paddedScanStopsAtTheEnd() {
        guard sift_byte_set_simd() != 0 else { return }
        var set = sift_byte_set()
        sift_byte_set_make(&set, (0...255).map { (0x30...0x39).contains($0) ? 1 : 0 })
        for n in 0...40 {
            // Letters to `n`, digits after (the padding holds them too).
            let text = [UInt8](repeating: 0x61, count: n) + [UInt8](repeating: 0x35, count: 56 - n)
            for from in [0, 3, 16].filter({ $0 <= n }) {
                let got = text.withUnsafeBufferPointer { sift_first_in_set_padded($0.baseAddress!, from, n, &set) }
                #expect(got == n, "n \(n) from \(from)")
            }
            if n < 40 {
                // A digit at the last place is found.
                var last = text
                last[n] = 0x35
                let got = last.withUnsafeBufferPointer { sift_first_in_set_padded($0.baseAddress!, 0, n + 1, &set) }
                #expect(got == n, "digit at \(n)")
            }
        }
    }
}
