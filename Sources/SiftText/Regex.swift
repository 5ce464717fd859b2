// ICU regular expressions (the syntax of NSRegularExpression), reached
// through CICUShim. A compiled pattern is shared read-only; each worker
// matches with its own clone, as uregex.h requires.
import CICUShim

/// Why a pattern was refused: ICU's error name and the offset it points at.
public struct RegexSyntaxError: Error, Sendable, CustomStringConvertible {
    /// ICU's error name, e.g. `U_REGEX_MISSING_CLOSE_BRACKET`.
    public let icuError: String
    /// Offset in the pattern (UTF-16 units), or nil when ICU gave none.
    public let offset: Int?
    public var description: String {
        offset.map { "\(icuError) at offset \($0)" } ?? icuError
    }
}

/// Outcome of one regex search.
public enum RegexOutcome: Sendable, Equatable {
    case match, noMatch, timedOut, failed
}

/// A compiled ICU regex. The prototype is immutable and only ever cloned, so
/// sharing it between threads is safe; matching uses `RegexMatcher`.
public final class ICURegex: @unchecked Sendable {
    fileprivate let handle: OpaquePointer
    /// The pattern as given.
    public let pattern: String

    /// Compiles `pattern`, or throws ICU's reason.
    public init(_ pattern: String) throws(RegexSyntaxError) {
        let utf16 = Array(pattern.utf16)
        var error = [CChar](repeating: 0, count: 64)
        var offset: Int32 = -1
        let h = utf16.withUnsafeBufferPointer { p in
            sift_regex_open(p.baseAddress, Int32(p.count), &error, Int32(error.count), &offset)
        }
        guard let h else {
            let name = String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw RegexSyntaxError(icuError: name.isEmpty ? "invalid pattern" : name, offset: offset >= 0 ? Int(offset) : nil)
        }
        handle = h
        self.pattern = pattern
    }

    deinit { sift_regex_close(handle) }

    /// A matcher of this pattern for one thread, bounded to `timeLimit` ICU
    /// match-engine steps per search (0 = unbounded).
    public func makeMatcher(timeLimit: Int32) -> RegexMatcher {
        RegexMatcher(clone: sift_regex_clone(handle)!, timeLimit: timeLimit)
    }
}

/// One thread's clone of an `ICURegex`. Not to be shared between threads.
public final class RegexMatcher {
    private let handle: OpaquePointer

    fileprivate init(clone: OpaquePointer, timeLimit: Int32) {
        handle = clone
        if timeLimit > 0 { sift_regex_set_time_limit(handle, timeLimit) }
    }

    deinit { sift_regex_close(handle) }

    /// Searches UTF-16 text for the pattern.
    public func find(_ text: UnsafeBufferPointer<UInt16>) -> RegexOutcome {
        var empty: UInt16 = 0
        let r = withUnsafePointer(to: &empty) { e in
            sift_regex_find(handle, text.baseAddress ?? e, Int32(text.count))
        }
        switch r {
        case 1: return .match
        case 0: return .noMatch
        case -1: return .timedOut
        default: return .failed
        }
    }

    /// Searches a string (convenience for tests and one-off checks).
    public func find(_ text: String) -> RegexOutcome {
        let u = Array(text.utf16)
        return u.withUnsafeBufferPointer { find($0) }
    }
}
