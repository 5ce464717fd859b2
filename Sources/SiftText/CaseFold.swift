// Unicode default full case folding (SPEC §1.1 "insensitive"): the same for
// every locale, so `STRASSE` and `Straße` fold alike and Turkic dotted and
// dotless i stay apart. ASCII is folded here; anything else goes to ICU once
// per string.
import CICUShim

/// Case folding of UTF-8 text.
public enum CaseFold {
    /// Appends the case-folded form of `bytes` (valid UTF-8) to `out`.
    @inline(__always)
    public static func append(_ bytes: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
        var ascii = true
        for b in bytes where b >= 0x80 { ascii = false; break }
        if ascii {
            out.reserveCapacity(out.count + bytes.count)
            for b in bytes {
                out.append(b &- 0x41 < 26 ? b | 0x20 : b)
            }
            return
        }
        appendSlow(bytes, to: &out)
    }

    private static func appendSlow(_ bytes: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
        var capacity = bytes.count * 3 + 16
        while true {
            let start = out.count
            out.append(contentsOf: repeatElement(0, count: capacity))
            let n = out.withUnsafeMutableBufferPointer { buf in
                base.withMemoryRebound(to: CChar.self, capacity: bytes.count) { src in
                    buf.baseAddress!.advanced(by: start).withMemoryRebound(to: CChar.self, capacity: capacity) { dst in
                        sift_fold_utf8(src, Int32(bytes.count), dst, Int32(capacity))
                    }
                }
            }
            if n < 0 {
                // Not valid UTF-8 (readers never let that through): keep the bytes as they are.
                out.removeLast(capacity)
                out.append(contentsOf: bytes)
                return
            }
            if Int(n) <= capacity {
                out.removeLast(capacity - Int(n))
                return
            }
            out.removeLast(capacity)
            capacity = Int(n)
        }
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
