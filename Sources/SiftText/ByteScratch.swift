// Growable buffers a worker reuses for every message: the folded text and the
// automaton's reports are written through a raw pointer, without the
// per-element capacity and uniqueness checks of `Array.append`.

/// A reusable buffer of plain values owned by one worker; not shared between threads.
public final class Scratch<Element: BitwiseCopyable> {
    public private(set) var base: UnsafeMutablePointer<Element>
    public private(set) var capacity: Int
    /// Elements in use, from `base`.
    public var count = 0

    public init(capacity: Int = 1024) {
        self.capacity = max(capacity, 16)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    /// Makes room for `extra` more elements after `count`; returns where they go.
    @inline(__always)
    public func reserve(_ extra: Int) -> UnsafeMutablePointer<Element> {
        if count + extra > capacity { grow(count + extra) }
        return base + count
    }

    private func grow(_ needed: Int) {
        var c = capacity
        while c < needed { c *= 2 }
        let p = UnsafeMutablePointer<Element>.allocate(capacity: c)
        p.update(from: base, count: count)
        base.deallocate()
        base = p
        capacity = c
    }

    @inline(__always)
    public func append(_ element: Element) {
        reserve(1).pointee = element
        count += 1
    }

    public func append(_ elements: UnsafeBufferPointer<Element>) {
        guard let src = elements.baseAddress, elements.count > 0 else { return }
        reserve(elements.count).update(from: src, count: elements.count)
        count += elements.count
    }

    /// The elements in use.
    @inline(__always)
    public var elements: UnsafeBufferPointer<Element> { UnsafeBufferPointer(start: base, count: count) }
}

public typealias ByteScratch = Scratch<UInt8>

extension Scratch where Element == UInt8 {
    /// The bytes in use.
    @inline(__always)
    public var bytes: UnsafeBufferPointer<UInt8> { elements }
}

/// A copy of `array` in a buffer of its own (at least one element allocated, so
/// the base address is never nil), for tables built once and read through raw
/// pointers with no reference counting; the owner frees it with `deallocate()`.
public func ownedBuffer<T>(_ array: [T]) -> UnsafeMutableBufferPointer<T> {
    let p = UnsafeMutableBufferPointer<T>.allocate(capacity: max(array.count, 1))
    _ = p.initialize(from: array)
    return UnsafeMutableBufferPointer(rebasing: p[0..<array.count])
}
