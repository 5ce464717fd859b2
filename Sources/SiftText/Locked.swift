// The one lock msgsift uses: `Mutex` from Synchronization, with ThreadSanitizer told
// about it.
import CRuntime
import Synchronization

/// A value behind a `Mutex`, shared by reference. ThreadSanitizer cannot see the
/// ordering a `Mutex` gives on Linux (its futex code is in a library TSan does not
/// instrument), so each critical section is also announced to it as an acquire and a
/// release of this object (a no-op call outside `make tsan` builds).
public final class Locked<Value: Sendable>: Sendable {
    private let mutex: Mutex<Value>

    public init(_ value: Value) { mutex = Mutex(value) }

    /// Runs `body` with the value, under the lock.
    @inline(__always)
    public func withLock<Result: Sendable, E: Error>(_ body: (inout Value) throws(E) -> Result) throws(E) -> Result {
        let address = Unmanaged.passUnretained(self).toOpaque()
        return try mutex.withLock { (value: inout Value) throws(E) -> Result in
            sift_tsan_acquire(address)
            defer { sift_tsan_release(address) }
            return try body(&value)
        }
    }
}
