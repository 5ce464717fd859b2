// The four hex digits of a JSON `\uXXXX` escape (RFC 8259 §7), for every
// reader of JSON strings: the record scanner, the community-list reader and
// the writers' token decoding.

/// JSON `\u` escapes.
public enum JSONHex {
    /// The value of the four hex digits at `p[at..<at + 4]` (any case), or nil
    /// when they run past `end` or one is not a hex digit.
    @inline(__always)
    public static func quad(_ p: UnsafePointer<UInt8>, at: Int, end: Int) -> UInt32? {
        guard at >= 0, at + 4 <= end else { return nil }
        var v: UInt32 = 0
        for k in at..<at + 4 {
            let b = p[k]
            let d: UInt8
            switch b {
            case 0x30...0x39: d = b - 0x30
            case 0x41...0x46: d = b - 0x41 + 10
            case 0x61...0x66: d = b - 0x61 + 10
            default: return nil
            }
            v = v << 4 | UInt32(d)
        }
        return v
    }
}
