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

/// A compiled ICU regex; matching uses `RegexMatcher`, a clone of it per worker.
///
/// Why sharing it is safe (the handle is a C pointer, which Swift cannot check): after
/// `init` the handle is only ever passed to `uregex_clone` (`matcher`) and, in `deinit`,
/// closed. ICU's clone reads the compiled pattern, which nothing writes after
/// `uregex_open`, and takes a reference to it with an atomic increment; each clone holds
/// its own matching state. ICU documents cloning as the way threads match one pattern
/// in parallel (uregex.h, `uregex_clone`). Nothing else touches the handle, and `deinit`
/// runs when no thread holds the regex.
public final class ICURegex: @unchecked Sendable {
    fileprivate let handle: OpaquePointer
    /// The pattern as given.
    public let pattern: String
    /// The pattern as ICU was given it (`icuSpelling`), which its prefilter reads too.
    public let spelled: String

    /// Compiles `pattern`, or throws ICU's reason.
    public init(_ pattern: String) throws(RegexSyntaxError) {
        var error = [CChar](repeating: 0, count: 64)
        var offset: Int32 = -1
        func open(_ text: String) -> OpaquePointer? {
            Array(text.utf16).withUnsafeBufferPointer { p in
                sift_regex_open(p.baseAddress, Int32(p.count), &error, Int32(error.count), &offset)
            }
        }
        let spelled = Self.icuSpelling(pattern)
        guard let h = open(spelled) else {
            func name() -> String {
                String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            }
            let reason = name()
            var at: Int? = offset >= 0 ? Int(offset) : nil
            if spelled != pattern {
                // The offset is into the respelled text: give the pattern as written's when it
                // fails the same way, else no offset.
                if let ok = open(pattern) {
                    sift_regex_close(ok)
                    at = nil
                } else {
                    at = name() == reason && offset >= 0 ? Int(offset) : nil
                }
            }
            throw RegexSyntaxError(icuError: reason.isEmpty ? "invalid pattern" : reason, offset: at)
        }
        handle = h
        self.pattern = pattern
        self.spelled = spelled
    }

    deinit { sift_regex_close(handle) }

    /// `pattern` compiled, once per process: validating a filter as a file is read, then
    /// compiling the rule set, asks ICU for the same pattern two or three times, and ICU's
    /// compilation of a class-rich pattern costs a fifth of a millisecond or more. Up to
    /// `memoLimit` patterns are kept (when that many are, they are let go and the memo
    /// starts again); a refused pattern is compiled (and refused) again.
    public static func compiled(_ pattern: String) throws(RegexSyntaxError) -> ICURegex {
        // Keyed by the scalars as written: Swift's `==` on strings is canonical equivalence,
        // and `café` composed and decomposed are two patterns (ICU matches each as written).
        let key = Array(pattern.utf8)
        if let known = memo.withLock({ $0[key] }) { return known }
        let regex = try ICURegex(pattern)
        return memo.withLock { known in
            if let other = known[key] { return other }
            if known.count >= memoLimit { known.removeAll() }
            known[key] = regex
            return regex
        }
    }

    static let memoLimit = 512
    private static let memo = Locked([[UInt8]: ICURegex]())

    /// `pattern` as ICU must read it to answer as the app's Swift `Regex` does:
    /// - outside multi-line mode Swift's `$` matches only at the very end of the text, ICU's
    ///   also before a final line break (`^\d+$` in `123` + newline): a bare `$` becomes `\z`;
    /// - Swift reads `{,3}` as `{0,3}`, `{4, 6}` as `{4,6}` and a brace that starts no
    ///   quantifier (`{code}`, `x{`) as text, where ICU refuses the pattern: they become
    ///   `{0,3}`, `{4,6}`, `\{`, `\}`.
    /// Escapes (`\x{…}`, `\p{…}` whole), `\Q…\E` and character classes are left as they
    /// are, and `$` where multi-line mode is on, where both agree: after `(?m)` to the end of
    /// its group, inside `(?m:…)`, until `(?-m)` (a `$` outside `(?m:…)` is still `\z`).
    public static func icuSpelling(_ pattern: String) -> String {
        let s = Array(pattern.unicodeScalars)
        guard s.contains(where: { $0 == "$" || $0 == "{" || $0 == "}" }) else { return pattern }
        // Multi-line mode where each `$` is: a flag group sets it for the rest of the group
        // it is in (`(?m)`) or for its own (`(?m:…)`); a group's end restores the mode at its start.
        var multiline = false
        var outer: [Bool] = []      // the mode to restore at each open group's `)`
        func digits(from j: Int) -> Int {
            var e = j
            while e < s.count && ("0"..."9").contains(s[e]) { e += 1 }
            return e
        }
        var out = String.UnicodeScalarView()
        var copied = 0      // s[..<copied] is in `out`
        var skipTo = 0      // a quantifier already copied up to here
        walk(s) { i in
            guard i >= skipTo else { return }
            let c = s[i]
            var replacement: String? = nil
            var consumed = 1
            switch c {
            case "(":
                guard let (flags, end) = flagGroup(s, at: i) else { outer.append(multiline); break }
                let after = flags.off.contains("m") ? false : flags.on.contains("m") ? true : multiline
                if s[end] == ")" {
                    multiline = after
                    outer.append(after)        // `(?m)` is no group: its `)` keeps the new mode
                } else {
                    outer.append(multiline)
                    multiline = after
                }
            case ")":
                if let mode = outer.popLast() { multiline = mode }
            case "$" where !multiline:
                replacement = "\\z"
            case "{":
                // `{n}`, `{n,}`, `{n,m}` are ICU's too; `{,m}` is `{0,m}`; Swift allows blank space
                // around the numbers and the comma (`{4, 6}`), which ICU refuses: it goes;
                // any other brace is text.
                func blanks(from j: Int) -> Int {     // Swift's: space, \t \n \v \f \r, U+0085, U+2028
                    var e = j
                    while e < s.count && (s[e] == " " || ("\t"..."\r").contains(s[e]) || s[e] == "\u{85}" || s[e] == "\u{2028}") { e += 1 }
                    return e
                }
                let loStart = blanks(from: i + 1), loEnd = digits(from: loStart)
                var end = blanks(from: loEnd)
                var hi: Range<Int>? = nil
                let comma = end < s.count && s[end] == ","
                if comma {
                    let hiStart = blanks(from: end + 1), hiEnd = digits(from: hiStart)
                    if hiEnd > hiStart { hi = hiStart..<hiEnd }
                    end = blanks(from: hiEnd)
                }
                let closed = end < s.count && s[end] == "}"
                if closed && (loEnd > loStart || hi != nil) {
                    func text(_ r: Range<Int>) -> String { String(String.UnicodeScalarView(s[r])) }
                    let quantifier = "{" + (loEnd > loStart ? text(loStart..<loEnd) : "0") + (comma ? "," : "") + (hi.map(text) ?? "") + "}"
                    if quantifier != text(i..<(end + 1)) {
                        replacement = quantifier
                        consumed = end + 1 - i
                    }
                    skipTo = end + 1
                } else {
                    replacement = "\\{"
                }
            case "}":
                replacement = "\\}"
            default:
                break
            }
            if let r = replacement {
                out.append(contentsOf: s[copied..<i])
                out.append(contentsOf: r.unicodeScalars)
                copied = i + consumed
            }
        }
        out.append(contentsOf: s[copied...])
        return String(out)
    }

    /// The flags of the group opening at `s[i]` when it is a flag group (`(?m)`, `(?i-m:`),
    /// and the index of the `)` or `:` that ends them.
    private static func flagGroup(_ s: [Unicode.Scalar], at i: Int) -> (flags: (on: Set<Unicode.Scalar>, off: Set<Unicode.Scalar>), end: Int)? {
        guard i + 2 < s.count && s[i + 1] == "?" else { return nil }
        var on = Set<Unicode.Scalar>(), off = Set<Unicode.Scalar>()
        var j = i + 2, turningOn = true
        while j < s.count && (("a"..."z").contains(s[j]) || ("A"..."Z").contains(s[j]) || s[j] == "-") {
            if s[j] == "-" { turningOn = false } else if turningOn { on.insert(s[j]) } else { off.insert(s[j]) }
            j += 1
        }
        guard j > i + 2, j < s.count, s[j] == ")" || s[j] == ":" else { return nil }
        return ((on, off), j)
    }

    /// The letters of the inline flag groups in the pattern (`(?i)`, `(?m-x:…)`), those
    /// turned on and those turned off, outside escapes, classes and comments.
    static func inlineFlags(_ s: [Unicode.Scalar]) -> (on: Set<Unicode.Scalar>, off: Set<Unicode.Scalar>) {
        var on = Set<Unicode.Scalar>(), off = Set<Unicode.Scalar>()
        walk(s) { i in
            guard s[i] == "(", let (flags, _) = flagGroup(s, at: i) else { return }
            on.formUnion(flags.on)
            off.formUnion(flags.off)
        }
        return (on, off)
    }

    /// Calls `visit` with the index of every pattern character that is syntax: not inside
    /// an escape (`\$`, `\cX`, `\x{…}`, `\p{…}`, `\N{…}`), `\Q…\E`, a character class
    /// (nested ones too) or a `(?#…)` comment.
    private static func walk(_ s: [Unicode.Scalar], _ visit: (Int) -> Void) {
        var i = 0
        var classDepth = 0
        while i < s.count {
            let c = s[i]
            if c == "\\" {
                guard i + 1 < s.count else { return }
                let e = s[i + 1]
                i += 2
                if e == "Q" {
                    while i < s.count && !(s[i] == "\\" && i + 1 < s.count && s[i + 1] == "E") { i += 1 }
                } else if e == "c" {
                    i += 1      // `\cX`: X is the escape's
                } else if "xpPN".unicodeScalars.contains(e) && i < s.count && s[i] == "{" {
                    while i < s.count && s[i] != "}" { i += 1 }
                    i += 1
                }
                continue
            }
            if c == "[" {
                classDepth += 1
                i += 1
                // A `]` right after `[` or `[^` is a member, not the end.
                if i < s.count && s[i] == "^" { i += 1 }
                if i < s.count && s[i] == "]" { i += 1 }
                continue
            }
            if classDepth > 0 {
                if c == "]" { classDepth -= 1 }
                i += 1
                continue
            }
            if c == "(" && i + 2 < s.count && s[i + 1] == "?" && s[i + 2] == "#" {
                while i < s.count && s[i] != ")" { i += 1 }
                i += 1
                continue
            }
            visit(i)
            i += 1
        }
    }

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
