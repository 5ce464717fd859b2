// Numbers and ASCII appended to a byte buffer: what the archive readers write their
// NDJSON records with, and the formatter its verdicts.

/// Appends an ASCII string. Literals are stored as UTF-8, so this copies their bytes at once.
@inline(__always)
package func appendASCII(_ s: StaticString, _ out: inout [UInt8]) {
    out.append(contentsOf: UnsafeBufferPointer(start: s.utf8Start, count: s.utf8CodeUnitCount))
}

/// Appends an integer in decimal.
@inline(__always)
package func appendDecimal(_ n: Int, _ out: inout [UInt8]) {
    var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
    withUnsafeMutableBytes(of: &digits) { buf in
        let count = writeDecimal(n, into: buf.baseAddress!.assumingMemoryBound(to: UInt8.self))
        out.append(contentsOf: UnsafeRawBufferPointer(rebasing: buf[..<count]))
    }
}

/// "00" "01" … "99", for `writeDecimal`.
private let decimalPairs: StaticString = "00010203040506070809101112131415161718192021222324252627282930313233343536373839404142434445464748495051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899"

/// Writes an integer in decimal at `p`, which has room for 20 bytes; returns the count.
@inline(__always)
package func writeDecimal(_ n: Int, into p: UnsafeMutablePointer<UInt8>) -> Int {
    // Two digits per division, from a table of the hundred pairs.
    let pairs = decimalPairs.utf8Start
    var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
    return withUnsafeMutableBytes(of: &digits) { d in
        var i = d.count, v = n.magnitude
        while v >= 100 {
            let r = Int(v % 100)
            v /= 100
            i -= 2; d[i] = pairs[2 * r]; d[i + 1] = pairs[2 * r + 1]
        }
        if v >= 10 {
            i -= 2; d[i] = pairs[2 * Int(v)]; d[i + 1] = pairs[2 * Int(v) + 1]
        } else {
            i -= 1; d[i] = UInt8(truncatingIfNeeded: 0x30 &+ v)
        }
        if n < 0 { i -= 1; d[i] = 0x2D }
        let count = d.count - i
        p.update(from: d.baseAddress!.assumingMemoryBound(to: UInt8.self) + i, count: count)
        return count
    }
}
