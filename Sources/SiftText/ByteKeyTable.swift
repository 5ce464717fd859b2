// An immutable hash table from byte strings to ranks, looked up with a
// buffer slice: no String, no Array, no allocation per lookup. Used for
// community senders (compared by folded equality).

/// Byte-string keys → Int32 values; built once, shared read-only by every thread.
public final class ByteKeyTable: Sendable {
    private let slots: [Int32]          // index into entries + 1; 0 = empty
    private let hashes: [UInt64]
    private let starts: [Int32]
    private let lengths: [Int32]
    private let values: [Int32]
    private let pool: [UInt8]
    private let mask: Int
    /// A bit per key, at the top bits of its hash (16–32 bits per key, at most 128 KiB):
    /// most senders are in no list, and this answers them from a few KiB instead of a
    /// slot and an entry read at random.
    private let present: [UInt64]
    private let presentShift: UInt64

    /// Number of keys.
    public var count: Int { values.count }

    /// Builds the table; for a key given twice, the first value is kept.
    public init(_ pairs: [([UInt8], Int32)]) {
        var hashes: [UInt64] = [], starts: [Int32] = [], lengths: [Int32] = [], values: [Int32] = [], pool: [UInt8] = []
        var size = 16
        while size < pairs.count * 2 { size <<= 1 }
        var slots = [Int32](repeating: 0, count: size)
        let mask = size - 1
        for (key, value) in pairs {
            let h = key.withUnsafeBufferPointer { Self.hash($0) }
            var i = Int(truncatingIfNeeded: h) & mask
            var duplicate = false
            while slots[i] != 0 {
                let e = Int(slots[i] - 1)
                if hashes[e] == h && pool[Int(starts[e])..<Int(starts[e] + lengths[e])].elementsEqual(key) { duplicate = true; break }
                i = (i + 1) & mask
            }
            if duplicate { continue }
            slots[i] = Int32(values.count + 1)
            hashes.append(h); starts.append(Int32(pool.count)); lengths.append(Int32(key.count)); values.append(value)
            pool.append(contentsOf: key)
        }
        self.slots = slots; self.hashes = hashes; self.starts = starts; self.lengths = lengths
        self.values = values; self.pool = pool; self.mask = mask
        var bits = 6
        while bits < 20 && (1 << bits) < values.count * 16 { bits += 1 }
        var present = [UInt64](repeating: 0, count: (1 << bits) / 64)
        presentShift = UInt64(64 - bits)
        for h in hashes {
            let b = Int(truncatingIfNeeded: h &>> presentShift)
            present[b >> 6] |= 1 << UInt64(b & 63)
        }
        self.present = present
    }

    /// FNV-1a, 64 bits.
    @inline(__always)
    static func hash(_ key: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var h: UInt64 = 0xCBF2_9CE4_8422_2325
        for b in key { h = (h ^ UInt64(b)) &* 0x100_0000_01B3 }
        return h
    }

    /// The value of `key`, or nil.
    public func value(_ key: UnsafeBufferPointer<UInt8>) -> Int32? {
        if values.isEmpty { return nil }
        let h = Self.hash(key)
        let b = Int(truncatingIfNeeded: h &>> presentShift)
        if present[b >> 6] & (1 << UInt64(b & 63)) == 0 { return nil }
        var i = Int(truncatingIfNeeded: h) & mask
        return pool.withUnsafeBufferPointer { pool in
            while true {
                let slot = slots[i]
                if slot == 0 { return nil }
                let e = Int(slot - 1)
                if hashes[e] == h && Int(lengths[e]) == key.count {
                    let start = Int(starts[e])
                    if key.count == 0 || memcmp(pool.baseAddress! + start, key.baseAddress!, key.count) == 0 { return values[e] }
                }
                i = (i + 1) & mask
            }
        }
    }
}

import Glibc
