// A growable byte buffer a worker reuses for every message: the folded text
// is written through a raw pointer, without the per-byte capacity and
// uniqueness checks of `Array.append`.

/// A reusable byte buffer owned by one worker; not shared between threads.
public final class ByteScratch {
    public private(set) var base: UnsafeMutablePointer<UInt8>
    public private(set) var capacity: Int
    /// Bytes in use, from `base`.
    public var count = 0

    public init(capacity: Int = 1024) {
        self.capacity = max(capacity, 16)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    /// Makes room for `extra` more bytes after `count`; returns where they go.
    @inline(__always)
    public func reserve(_ extra: Int) -> UnsafeMutablePointer<UInt8> {
        if count + extra > capacity { grow(count + extra) }
        return base + count
    }

    private func grow(_ needed: Int) {
        var c = capacity
        while c < needed { c *= 2 }
        let p = UnsafeMutablePointer<UInt8>.allocate(capacity: c)
        p.update(from: base, count: count)
        base.deallocate()
        base = p
        capacity = c
    }

    @inline(__always)
    public func append(_ byte: UInt8) {
        reserve(1).pointee = byte
        count += 1
    }

    public func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let src = bytes.baseAddress, bytes.count > 0 else { return }
        reserve(bytes.count).update(from: src, count: bytes.count)
        count += bytes.count
    }

    /// The bytes in use.
    @inline(__always)
    public var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: base, count: count) }
}

/// A copy of `array` in a buffer of its own (at least one element allocated, so
/// the base address is never nil), for tables built once and read through raw
/// pointers with no reference counting; the owner frees it with `deallocate()`.
public func ownedBuffer<T>(_ array: [T]) -> UnsafeMutableBufferPointer<T> {
    let p = UnsafeMutableBufferPointer<T>.allocate(capacity: max(array.count, 1))
    _ = p.initialize(from: array)
    return UnsafeMutableBufferPointer(rebasing: p[0..<array.count])
}
