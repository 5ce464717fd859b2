// Decoding one scalar of UTF-8 the readers already validated.

/// Scalar decoding on validated UTF-8 buffers, shared by the detectors and the engine.
public enum UTF8Scalar {
    /// The scalar starting at byte `i` of `t` (U+FFFD for a sequence cut short).
    @inlinable @inline(__always)
    public static func decode(_ t: UnsafeBufferPointer<UInt8>, _ i: Int) -> UInt32 {
        let b0 = UInt32(t[i])
        if b0 < 0x80 { return b0 }
        let n = t.count
        if b0 < 0xE0, i + 1 < n { return (b0 & 0x1F) << 6 | UInt32(t[i + 1] & 0x3F) }
        if b0 < 0xF0, i + 2 < n { return (b0 & 0x0F) << 12 | UInt32(t[i + 1] & 0x3F) << 6 | UInt32(t[i + 2] & 0x3F) }
        if i + 3 < n { return (b0 & 0x07) << 18 | UInt32(t[i + 1] & 0x3F) << 12 | UInt32(t[i + 2] & 0x3F) << 6 | UInt32(t[i + 3] & 0x3F) }
        return 0xFFFD
    }
}
