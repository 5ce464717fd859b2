// Lookup tables in plain buffers, shared by every worker thread.

/// A buffer of plain values written only while its table is being built and read
/// only after: the tables of `AhoCorasick`, `PhraseMatcher`, `RegexAutomaton`, the
/// case-folding and language tables, the compiled rules' phrase uses.
///
/// Why it is safe to share (the one proof the tables rely on): a `FrozenBuffer` is made
/// by the initialiser of the value that owns it (an `init`, or a `static let`'s
/// initialiser, which Swift runs once under its own lock), every write to its elements
/// happens there, and the owner is published to other threads only after that
/// initialiser returns — through a `let`, a lock or a thread's start, each of which
/// orders the writes before any read. The owner frees the buffer in its `deinit`, when
/// no thread can still hold it. Nothing writes the elements through this type: it has no
/// setter. So every access after publication is a read of memory no thread writes.
///
/// Reading through it costs what reading through the pointer costs: no reference count,
/// no bounds check in release builds (the tables' own indices are in range by construction).
public struct FrozenBuffer<Element>: @unchecked Sendable {
    public let baseAddress: UnsafeMutablePointer<Element>?
    public let count: Int

    /// Takes `buffer`, fully written: nothing writes its elements from here on.
    @inline(__always)
    public init(_ buffer: UnsafeMutableBufferPointer<Element>) {
        baseAddress = buffer.baseAddress
        count = buffer.count
    }

    @inline(__always)
    public init(_ buffer: UnsafeBufferPointer<Element>) {
        baseAddress = UnsafeMutablePointer(mutating: buffer.baseAddress)
        count = buffer.count
    }

    /// A buffer of `count` elements from `pointer`.
    @inline(__always)
    public init(start pointer: UnsafePointer<Element>, count: Int) {
        baseAddress = UnsafeMutablePointer(mutating: pointer)
        self.count = count
    }

    @inline(__always)
    public subscript(i: Int) -> Element { baseAddress.unsafelyUnwrapped[i] }

    /// The elements, read-only.
    @inline(__always)
    public var buffer: UnsafeBufferPointer<Element> { UnsafeBufferPointer(start: baseAddress, count: count) }

    /// The first element's address (a buffer of at least one element).
    @inline(__always)
    public var base: UnsafePointer<Element> { UnsafePointer(baseAddress.unsafelyUnwrapped) }

    /// Frees the memory, as the owner's `deinit` does.
    public func deallocate() { baseAddress?.deallocate() }
}
