// A run of scalars every match of a regex holds: `\b\d{6}\b` holds six digits in
// a row, `[A-Z]{5,}` five capitals, `\+(234|92)\d{6,}` six digits. A text with no
// such run cannot match, and telling is one pass over its UTF-8 (ASCII sixteen
// bytes at a time), cheaper than reading it for an automaton: SMS are full of
// short numbers (times, amounts, dates) and short capitalised words, which start
// the automata of such patterns without ever finishing a match.
//
// The run's class is over-approximated (more is always safe): ASCII scalars one
// flag each, others by their `RegexClassTable` category and above the BMP as one,
// as `ScalarClass` keeps them. A run is kept only where it narrows: its class holds
// a digit or a capital, no ASCII lower-case letter, space or control character, and
// no non-ASCII scalar but of a category with the digit bit (a run of letters or of
// `\w` is in nearly every text, and `//` in every link).
import CTextScan
#if canImport(Glibc)
import Glibc
#endif

/// `count` scalars in a row, each of `members`, that every match of a regex holds.
public struct RegexRun: Equatable, Sendable {
    public let members: ScalarClass
    public let count: Int
    /// When the pattern is the whole text and nothing else (`^\d{4,6}$`, `^[A-Z]{3,11}$`:
    /// the start, one class of exactly known ASCII members repeated, the end), how many
    /// times: a text made only of ASCII members is a match exactly when its length is in
    /// `min...max` (`Int.max`: no bound), whatever else the class holds.
    public let whole: (min: Int, max: Int)?

    public static func == (a: RegexRun, b: RegexRun) -> Bool {
        a.members == b.members && a.count == b.count && a.whole?.min == b.whole?.min && a.whole?.max == b.whole?.max
    }

    /// The longest narrowing run every match of `pattern` (as ICU reads it) holds, of two
    /// scalars or more; nil when there is none or the pattern is not understood.
    public static func required(_ pattern: String) -> RegexRun? {
        guard let tree = RegexSyntax.parse(pattern) else { return nil }
        let insensitive = ICURegex.inlineFlags(Array(pattern.unicodeScalars)).on.contains("i")
        guard let best = Analysis(insensitive: insensitive).shape(tree).best, best.count >= 2 else { return nil }
        var whole: (Int, Int)? = nil
        if !insensitive, case .concat(let items) = tree, items.count == 3, items[0] == .textStart, items[2] == .textEnd,
           case .repeated(.oneOf(_, let cls), let min, let max) = items[1], cls.inexact & ScalarClass.asciiInexact == 0,
           cls.asciiLow | cls.asciiHigh != 0,
           cls == best.members, min == best.count {
            whole = (min, max ?? .max)
        }
        return RegexRun(members: best.members, count: best.count, whole: whole)
    }

    /// Whether `text` (valid UTF-8) holds `count` scalars of `members` in a row.
    public func isHeld(by text: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let p = text.baseAddress else { return false }
        let (lo, hi) = asciiRange
        return asciiFlags.withUnsafeBufferPointer { f in
            leads.withUnsafeBufferPointer { l in
                var set = leadSet
                return sift_longest_run(p, text.count, f.baseAddress, RegexClassTable.bytes.baseAddress, UInt32(members.nonASCII), l.baseAddress,
                                        &set, Self.simd ? 1 : 0, count, lo, hi) >= count
            }
        }
    }

    /// Per first byte of a non-ASCII scalar the class may hold, a bit per low six bits of
    /// the scalar's second byte (256 words; what `sift_longest_run` takes).
    public var leads: [UInt64] {
        var words = [UInt64](repeating: 0, count: 256)
        for c in 0..<9 where members.nonASCII & (1 << UInt16(c)) != 0 {
            for k in 0..<256 { words[k] |= Self.leadsByCategory[c * 256 + k] }
        }
        return words
    }

    /// The first bytes in `leads` (what `sift_longest_run` looks for sixteen bytes at a time).
    public var leadSet: sift_byte_set {
        let words = leads
        var set = sift_byte_set()
        sift_byte_set_make(&set, words.map { $0 != 0 ? 1 : 0 })
        return set
    }

    /// Whether the pass may use SSSE3 (`sift_byte_set_simd`).
    public static let simd = sift_byte_set_simd() != 0

    /// Per category (0–7; 8: above the BMP), `leads` of its scalars.
    static let leadsByCategory: [UInt64] = {
        var t = [UInt64](repeating: 0, count: 9 * 256)
        for v in 0x80..<0x10000 where !(0xD800...0xDFFF).contains(v) {
            let (first, second) = v < 0x800 ? (0xC0 | v >> 6, 0x80 | v & 0x3F) : (0xE0 | v >> 12, 0x80 | (v >> 6) & 0x3F)
            t[Int(RegexClassTable.category(UInt32(v))) * 256 + first] |= 1 << UInt64(second & 63)
        }
        for b in 0xF0...0xF4 { t[8 * 256 + b] = ~0 }
        return t
    }()

    /// The ASCII members as 128 flags (what `sift_longest_run` takes).
    public var asciiFlags: [UInt8] { (0..<128).map { members.holdsASCII(UInt8($0)) ? 1 : 0 } }
    /// The ASCII members as one range `lo…hi` when they are one, else (-1, -1).
    public var asciiRange: (lo: Int32, hi: Int32) {
        let flags = asciiFlags
        guard let lo = flags.firstIndex(of: 1), let hi = flags.lastIndex(of: 1), flags[lo...hi].allSatisfy({ $0 == 1 }) else { return (-1, -1) }
        return (Int32(lo), Int32(hi))
    }

    /// Whether a run of `members` narrows enough to be worth a pass over the text.
    static func narrows(_ members: ScalarClass) -> Bool {
        let lower: UInt64 = 0x07FF_FFFE << 32                       // a–z in the high half
        let spaceOrControl: UInt64 = 0x1_FFFF_FFFF                  // 0–32
        guard members.asciiHigh & lower == 0, members.asciiLow & spaceOrControl == 0, members.asciiHigh & (1 << 63) == 0 else { return false }
        let digitKinds = ScalarClass.categories(with: RegexClassTable.digit)
        // And a digit or a capital among them: a run of punctuation (`//` in `https?://`) is in every link.
        let digitsOrCapitals = ScalarClass.digit.asciiLow & members.asciiLow != 0 || members.asciiHigh & 0x07FF_FFFE != 0 || members.nonASCII != 0
        return members.nonASCII & ~digitKinds == 0 && digitsOrCapitals
    }

    /// What a node's matches hold, as runs (scalars in a row of one class).
    struct Shape {
        /// Every match is scalars of this class only (zero-width parts aside), at least `count` of them.
        var whole: Run?
        /// Every match starts (ends) with at least `count` scalars of the class.
        var prefix: Run?, suffix: Run?
        /// Every match holds such a run somewhere (the longest narrowing one found).
        var best: Run?
    }

    struct Run {
        var members: ScalarClass
        var count: Int
    }

    struct Analysis {
        let insensitive: Bool

        /// `a` and `b` as one class: the larger when one holds the other, their union when it
        /// is only digits or only capitals (`234` is a run of three digits); else nil (a run
        /// of a union of unlike classes would narrow less than either).
        static func joined(_ a: ScalarClass, _ b: ScalarClass) -> ScalarClass? {
            var u = a
            u.formUnion(b)
            if u == a { return a }
            if u == b { return b }
            return within(u, .digit) || within(u, capitals) ? u : nil
        }

        static let capitals = ScalarClass(asciiHigh: 0x07FF_FFFE)
        static func within(_ a: ScalarClass, _ b: ScalarClass) -> Bool {
            a.asciiLow & ~b.asciiLow == 0 && a.asciiHigh & ~b.asciiHigh == 0 && a.nonASCII & ~b.nonASCII == 0
        }

        static func better(_ a: Run?, _ b: Run?) -> Run? {
            guard let b, RegexRun.narrows(b.members) else { return a }
            guard let a else { return b }
            return b.count > a.count ? b : a
        }

        /// A class as a case-insensitive pattern may match it: ASCII letters in both cases, and
        /// the non-ASCII letters that fold to them (`ſ`, `K`), of the word category.
        func matched(_ c: ScalarClass) -> ScalarClass {
            guard insensitive else { return c }
            let letters: UInt64 = 0x07FF_FFFE
            var m = c
            // The BMP categories of letters (the word bit without the digit bit).
            let letterKinds = ScalarClass.categories(with: RegexClassTable.word) & ~ScalarClass.categories(with: RegexClassTable.digit) & 0xFF
            // A non-ASCII letter may stand for an ASCII one (K for k), and the other way round.
            if m.nonASCII & letterKinds != 0 { m.asciiHigh |= letters | letters << 32 }
            let hasLetter = m.asciiHigh & (letters | letters << 32) != 0
            m.asciiHigh |= (m.asciiHigh & (letters << 32)) >> 32 | (m.asciiHigh & letters) << 32
            if hasLetter { m.nonASCII |= letterKinds }
            return m
        }

        static let zeroWidth = Shape(whole: Run(members: ScalarClass(), count: 0))
        static let nothing = Shape()

        func shape(_ node: RegexNode) -> Shape {
            switch node {
            case .empty, .assertion, .wordBoundary, .textStart, .textEnd, .lookaround, .negativeLookaround:
                return Self.zeroWidth
            case .unknown:
                return Self.nothing
            case .backreference(let group):
                return shape(group)
            case .scalar(let c):
                let run = Run(members: matched(ScalarClass(c)), count: 1)
                return Shape(whole: run, prefix: run, suffix: run, best: Self.better(nil, run))
            case .oneOf(_, let cls):
                let run = Run(members: matched(cls), count: 1)
                return Shape(whole: run, prefix: run, suffix: run, best: Self.better(nil, run))
            case .repeated(let body, let min, _):
                let b = shape(body)
                let whole = b.whole.map { Run(members: $0.members, count: $0.count * min) }
                guard min >= 1 else { return Shape(whole: whole) }
                var s = Shape(whole: whole, prefix: b.prefix, suffix: b.suffix, best: b.best)
                if let w = whole, w.count > 0 {
                    s.prefix = w; s.suffix = w
                    s.best = Self.better(s.best, w)
                }
                return s
            case .alternation(let items):
                let shapes = items.map(shape)
                func common(_ pick: (Shape) -> Run?) -> Run? {
                    guard var out = shapes.first.flatMap(pick) else { return nil }
                    for s in shapes.dropFirst() {
                        guard let r = pick(s) else { return nil }
                        out.members.formUnion(r.members)
                        out.count = Swift.min(out.count, r.count)
                    }
                    return out
                }
                let whole = common { $0.whole }
                var best = common { $0.best }
                if let b = best, !RegexRun.narrows(b.members) { best = nil }
                return Shape(whole: whole, prefix: common { $0.prefix }.flatMap { $0.count > 0 ? $0 : nil },
                             suffix: common { $0.suffix }.flatMap { $0.count > 0 ? $0 : nil }, best: best)
            case .concat(let items):
                return concat(items.map(shape))
            }
        }

        /// The shape of parts matched one after the other.
        func concat(_ parts: [Shape]) -> Shape {
            var whole: Run? = Run(members: ScalarClass(), count: 0)
            var prefix: Run? = nil
            var prefixOpen = true           // every part so far is whole: the prefix may still grow
            var suffix: Run? = nil          // the run every match of the parts so far ends with
            var best: Run? = nil
            for p in parts {
                // The whole, while every part is of one class.
                if let w = whole, let pw = p.whole, let c = Self.joined(w.members, pw.members) {
                    whole = Run(members: c, count: w.count + pw.count)
                } else {
                    whole = nil
                }
                // The run at the end: this part's whole extends it, or its prefix continues it
                // and its suffix starts the next.
                if let pw = p.whole {
                    if pw.count == 0 && pw.members == ScalarClass() {
                        // Zero-width: the run at the end is unchanged.
                    } else if let s = suffix, let c = Self.joined(s.members, pw.members), pw.count > 0 || c == s.members {
                        suffix = Run(members: c, count: s.count + pw.count)
                    } else if pw.count > 0 {
                        suffix = pw
                    } else {
                        suffix = nil
                    }
                } else {
                    if let s = suffix, let pp = p.prefix, let c = Self.joined(s.members, pp.members) {
                        best = Self.better(best, Run(members: c, count: s.count + pp.count))
                    }
                    suffix = p.suffix
                }
                best = Self.better(best, p.best)
                best = Self.better(best, suffix)
                // The run at the start.
                if prefixOpen {
                    if let pw = p.whole {
                        if !(pw.count == 0 && pw.members == ScalarClass()) {
                            if let pr = prefix, let c = Self.joined(pr.members, pw.members), pw.count > 0 || c == pr.members {
                                prefix = Run(members: c, count: pr.count + pw.count)
                            } else if prefix == nil && pw.count > 0 {
                                prefix = pw
                            } else {
                                prefixOpen = false
                            }
                        }
                    } else {
                        if let pr = prefix, let pp = p.prefix, let c = Self.joined(pr.members, pp.members) {
                            prefix = Run(members: c, count: pr.count + pp.count)
                        } else if prefix == nil {
                            prefix = p.prefix
                        }
                        prefixOpen = false
                    }
                }
            }
            return Shape(whole: whole, prefix: prefix.flatMap { $0.count > 0 ? $0 : nil }, suffix: suffix.flatMap { $0.count > 0 ? $0 : nil }, best: best)
        }
    }
}

extension RegexRun {
    /// The most scalars of one value in a row in `text` (UTF-8), up to `cap`: what a regex
    /// of `RegexSyntax.sameScalars` needs (`(.)\1{4,}` five).
    public static func longestSameScalars(_ text: UnsafeBufferPointer<UInt8>, cap: Int) -> Int {
        guard let p = text.baseAddress, text.count > 0 else { return 0 }
        let n = text.count
        var best = 1, run = 1
        var previous = 0, previousLength = p[0] < 0x80 ? 1 : p[0] < 0xE0 ? 2 : p[0] < 0xF0 ? 3 : 4
        var i = previousLength
        while i < n {
            let b = p[i]
            let length = b < 0x80 ? 1 : b < 0xE0 ? 2 : b < 0xF0 ? 3 : 4
            if length == previousLength && i + length <= n && memcmp(p + i, p + previous, length) == 0 {
                run += 1
                if run > best { best = run; if best >= cap { return best } }
            } else {
                run = 1
            }
            previous = i; previousLength = length
            i += length
        }
        return best
    }
}
