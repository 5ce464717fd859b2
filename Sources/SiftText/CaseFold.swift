// Unicode default full case folding (SPEC §1.1 "insensitive"): the same for
// every locale, so `STRASSE` and `Straße` fold alike and Turkic dotted and
// dotless i stay apart.
//
// The hot path reads a table: ASCII is folded inline, every other BMP code
// point through a 64 Ki-entry index into a pool of folded UTF-8, built once
// from ICU (`ucasemap_utf8FoldCase`, through CICUShim) the first time it is
// needed. Code points above the BMP, which rarely fold, ask ICU directly.
import CICUShim

/// Case folding of UTF-8 text.
public enum CaseFold {
    /// For each BMP code point: 0 when folding leaves it alone, else
    /// `offset << 4 | length` of its folded UTF-8 in `pool`.
    private final class Table: Sendable {
        let index: [UInt32]
        let pool: [UInt8]

        init() {
            var index = [UInt32](repeating: 0, count: 0x1_0000)
            var pool: [UInt8] = [0]
            var src = [UInt8](repeating: 0, count: 4)
            var dst = [CChar](repeating: 0, count: 32)
            for cp in UInt32(0x80)..<0x1_0000 where !(0xD800...0xDFFF).contains(cp) {
                let n = encode(cp, into: &src)
                let m = src.withUnsafeBufferPointer { s in
                    s.baseAddress!.withMemoryRebound(to: CChar.self, capacity: n) { sift_fold_utf8($0, Int32(n), &dst, 32) }
                }
                guard m > 0, m <= 15 else { continue }
                let folded = dst[0..<Int(m)].map { UInt8(bitPattern: $0) }
                if folded == Array(src[0..<n]) { continue }
                index[Int(cp)] = UInt32(pool.count) << 4 | UInt32(m)
                pool.append(contentsOf: folded)
            }
            self.index = index
            self.pool = pool
        }
    }

    private static let table = Table()

    @inline(__always)
    private static func encode(_ cp: UInt32, into b: inout [UInt8]) -> Int {
        if cp < 0x800 {
            b[0] = UInt8(0xC0 | (cp >> 6)); b[1] = UInt8(0x80 | (cp & 0x3F)); return 2
        }
        if cp < 0x1_0000 {
            b[0] = UInt8(0xE0 | (cp >> 12)); b[1] = UInt8(0x80 | ((cp >> 6) & 0x3F)); b[2] = UInt8(0x80 | (cp & 0x3F)); return 3
        }
        b[0] = UInt8(0xF0 | (cp >> 18)); b[1] = UInt8(0x80 | ((cp >> 12) & 0x3F))
        b[2] = UInt8(0x80 | ((cp >> 6) & 0x3F)); b[3] = UInt8(0x80 | (cp & 0x3F)); return 4
    }

    /// Appends the case-folded form of `bytes` (valid UTF-8) to `out`.
    @inline(__always)
    public static func append(_ bytes: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
        out.reserveCapacity(out.count + bytes.count + 8)
        var i = 0
        let n = bytes.count
        while i < n {
            let b = bytes[i]
            if b < 0x80 {
                out.append(b &- 0x41 < 26 ? b | 0x20 : b)
                i += 1
                continue
            }
            appendScalar(bytes, &i, to: &out)
        }
    }

    private static func appendScalar(_ bytes: UnsafeBufferPointer<UInt8>, _ i: inout Int, to out: inout [UInt8]) {
        let n = bytes.count
        let b0 = UInt32(bytes[i])
        let width = b0 < 0xE0 ? 2 : b0 < 0xF0 ? 3 : 4
        guard i + width <= n else {
            // Truncated sequence (readers never let one through): keep the bytes.
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[i..<n]))
            i = n
            return
        }
        let cp: UInt32
        switch width {
        case 2: cp = (b0 & 0x1F) << 6 | UInt32(bytes[i + 1] & 0x3F)
        case 3: cp = (b0 & 0x0F) << 12 | UInt32(bytes[i + 1] & 0x3F) << 6 | UInt32(bytes[i + 2] & 0x3F)
        default:
            // Above the BMP: ICU, one scalar.
            var dst = [CChar](repeating: 0, count: 32)
            let m = bytes.baseAddress!.advanced(by: i).withMemoryRebound(to: CChar.self, capacity: 4) {
                sift_fold_utf8($0, 4, &dst, 32)
            }
            if m > 0 && m <= 32 {
                for k in 0..<Int(m) { out.append(UInt8(bitPattern: dst[k])) }
            } else {
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[i..<(i + 4)]))
            }
            i += 4
            return
        }
        let entry = table.index[Int(cp)]
        if entry == 0 {
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[i..<(i + width)]))
        } else {
            let offset = Int(entry >> 4), length = Int(entry & 0xF)
            table.pool.withUnsafeBufferPointer { out.append(contentsOf: UnsafeBufferPointer(rebasing: $0[offset..<(offset + length)])) }
        }
        i += width
    }

    /// The case-folded form of a string.
    public static func fold(_ s: String) -> String {
        var s = s
        return s.withUTF8 { src in
            var out: [UInt8] = []
            append(src, to: &out)
            return String(decoding: out, as: UTF8.self)
        }
    }
}
