// A small syntax tree of the ICU regex syntax msgsift's filters use, parsed
// once per pattern for the prefilter (RegexPrefilter). It models what the
// prefilter needs to reason about — which text a match must consume — and
// no more: literals, character classes (their members when they are a few
// plain characters), groups of every kind, alternation, repetition,
// zero-width assertions and backreferences. Anything it does not understand
// makes `parse` return nil, and the regex then runs without a prefilter:
// giving up is always safe, a wrong tree is not.
//
// It reads the pattern as ICU was given it (`ICURegex.spelled`).

/// One node of a parsed pattern.
public indirect enum RegexNode: Equatable, Sendable {
    /// Matches the empty string only (an empty alternative, `x{0}`).
    case empty
    /// One scalar, as written (folded later).
    case scalar(Unicode.Scalar)
    /// One scalar of a set: its members when a few plain scalars (`[$€£]`), else nil
    /// (`\d`, `.`, `[^x]`, `[a-z]`, `\p{L}`).
    case oneOf([Unicode.Scalar]?)
    /// Text of no known shape (`\X`, `\R`, a backreference): it may even be empty.
    case unknown
    /// Matches no text: `\b`, `^`, `$`, `\z`, a negative lookaround.
    case assertion
    /// A positive lookahead or lookbehind: consumes nothing, but its body matches the text
    /// next to it, inside the same search.
    case lookaround(RegexNode)
    case concat([RegexNode])
    case alternation([RegexNode])
    /// `x{min,max}` (max nil: unbounded); lazy and possessive forms alike.
    case repeated(RegexNode, min: Int, max: Int?)
}

/// The parser: `RegexSyntax.parse(pattern)`.
public enum RegexSyntax {
    /// The tree of `pattern`, or nil when it holds syntax not modelled here (`(?x)`,
    /// `\N{…}`, a stray `]`, anything ICU would refuse).
    public static func parse(_ pattern: String) -> RegexNode? {
        var p = Parser(Array(pattern.unicodeScalars))
        guard let node = p.alternation(), p.i == p.s.count else { return nil }
        return node
    }

    private struct Parser {
        let s: [Unicode.Scalar]
        var i = 0
        init(_ s: [Unicode.Scalar]) { self.s = s }

        var atEnd: Bool { i >= s.count }
        func peek(_ k: Int = 0) -> Unicode.Scalar? { i + k < s.count ? s[i + k] : nil }

        mutating func alternation() -> RegexNode? {
            var alternatives: [RegexNode] = []
            while true {
                guard let c = concatenation() else { return nil }
                alternatives.append(c)
                if peek() == "|" { i += 1; continue }
                break
            }
            return alternatives.count == 1 ? alternatives[0] : .alternation(alternatives)
        }

        mutating func concatenation() -> RegexNode? {
            var items: [RegexNode] = []
            while let c = peek(), c != "|", c != ")" {
                guard var atom = atom() else { return nil }
                // Quantifiers, any number in a row (`a{2}{3}` is ICU's too).
                while let q = quantifier() {
                    atom = .repeated(atom, min: q.min, max: q.max)
                }
                items.append(atom)
            }
            return items.isEmpty ? .empty : items.count == 1 ? items[0] : .concat(items)
        }

        /// `?`, `*`, `+`, `{n}`, `{n,}`, `{n,m}`, each maybe followed by `?` or `+`.
        mutating func quantifier() -> (min: Int, max: Int?)? {
            guard let c = peek() else { return nil }
            var q: (min: Int, max: Int?)
            switch c {
            case "?": q = (0, 1); i += 1
            case "*": q = (0, nil); i += 1
            case "+": q = (1, nil); i += 1
            case "{":
                var j = i + 1
                func number() -> Int? {
                    var n = 0, digits = 0
                    while j < s.count, let d = s[j].properties.numericType == .decimal && s[j].isASCII ? Int(s[j].value - 48) : nil {
                        n = min(n * 10 + d, 1_000_000); digits += 1; j += 1
                    }
                    return digits > 0 ? n : nil
                }
                guard let lo = number() else { return nil }
                var hi: Int? = lo
                if j < s.count && s[j] == "," {
                    j += 1
                    hi = number()
                }
                guard j < s.count && s[j] == "}" else { return nil }
                if let h = hi, h < lo { return nil }
                q = (lo, hi)
                i = j + 1
            default: return nil
            }
            if let m = peek(), m == "?" || m == "+" { i += 1 }
            return q
        }

        mutating func atom() -> RegexNode? {
            guard let c = peek() else { return nil }
            switch c {
            case "(": return group()
            case "[":
                return charClass()
            case "\\": return escape()
            case ".": i += 1; return .oneOf(nil)
            case "^", "$": i += 1; return .assertion
            case "?", "*", "+", "{", ")", "]", "}", "|": return nil      // a quantifier with nothing before it, a stray bracket
            default: i += 1; return .scalar(c)
            }
        }

        mutating func group() -> RegexNode? {
            i += 1      // (
            enum Kind { case plain, positive, negative }
            var kind = Kind.plain
            if peek() == "?" {
                i += 1
                guard let c = peek() else { return nil }
                switch c {
                case ":", ">": i += 1
                case "=": i += 1; kind = .positive
                case "!": i += 1; kind = .negative
                case "<":
                    if peek(1) == "=" { i += 2; kind = .positive }
                    else if peek(1) == "!" { i += 2; kind = .negative }
                    else {
                        // A named group: (?<name>…)
                        i += 1
                        while let n = peek(), n != ">" {
                            guard n.isASCII, n.properties.isAlphabetic || ("0"..."9").contains(n) else { return nil }
                            i += 1
                        }
                        guard peek() == ">" else { return nil }
                        i += 1
                    }
                case "#":
                    return nil          // a comment: rare, and it ends at the first `)` whatever is inside
                default:
                    // Flags: (?ismw-ismw) or (?ismw-ismw:…). `x` changes what spaces and `#` mean.
                    while let f = peek(), f != ")" && f != ":" {
                        guard "imsw-".unicodeScalars.contains(f) else { return nil }
                        i += 1
                    }
                    guard let end = peek() else { return nil }
                    i += 1
                    if end == ")" { return .empty }     // the flags hold to the end of the enclosing group
                }
            }
            guard let body = alternation(), peek() == ")" else { return nil }
            i += 1
            switch kind {
            case .plain: return body
            case .positive: return .lookaround(body)
            case .negative: return .assertion
            }
        }

        /// `[…]`: its members when they are a few plain scalars and ranges, else `.oneOf(nil)`;
        /// nil when its end cannot be found with certainty.
        mutating func charClass() -> RegexNode? {
            i += 1      // [
            var members: [Unicode.Scalar] = []
            var plain = true
            if peek() == "^" { plain = false; i += 1 }
            // `[]…]` and `[^]…]`: whether ICU reads the `]` as a member is not modelled.
            if peek() == "]" { return nil }
            var depth = 1
            var previous: Unicode.Scalar? = nil     // the last plain member, for a range
            while depth > 0 {
                guard let c = peek() else { return nil }
                switch c {
                case "\\":
                    guard let e = peek(1) else { return nil }
                    if e == "Q" || e == "E" || e == "N" { return nil }
                    if let lit = escapedLiteral() {
                        if depth == 1 { members.append(lit); previous = lit } else { previous = nil }
                    } else {
                        // \d \w \s \p{…} \x… and the like: not plain (skip the escape's argument).
                        plain = false
                        previous = nil
                        i += 2
                        if e == "p" || e == "P" || e == "x" {
                            if peek() == "{" {
                                while let n = peek(), n != "}" { i += 1 }
                                guard peek() == "}" else { return nil }
                                i += 1
                            } else if e == "x" {
                                return nil
                            } else {
                                i += 1      // \pL
                            }
                        }
                    }
                case "[":
                    plain = false; previous = nil
                    depth += 1; i += 1
                    if peek() == "^" { i += 1 }
                    if peek() == "]" { return nil }
                case "]":
                    depth -= 1; i += 1; previous = nil
                case "&", "{", "}":
                    // `&&`, `--` set operations, and braces: not plain members.
                    plain = false; previous = nil; i += 1
                case "-":
                    if depth == 1, let lo = previous, let hi = peek(1), hi != "]", hi != "[", hi != "\\", hi != "-" {
                        // A range of plain scalars: its members when a few.
                        i += 2
                        guard lo.value <= hi.value else { return nil }
                        if hi.value - lo.value > 16 { plain = false }
                        else { for v in (lo.value + 1)...hi.value { if let u = Unicode.Scalar(v) { members.append(u) } } }
                    } else if depth == 1 && (peek(1) == "]" || s[i - 1] == "[" || (s[i - 1] == "^" && s[i - 2] == "[")) {
                        members.append("-")     // first or last: itself
                        i += 1
                    } else {
                        plain = false; i += 1   // `--`, a range to an escape or a set
                    }
                    previous = nil
                default:
                    if c == ":" && (s[i - 1] == "[" || s[i - 1] == "^") { plain = false }   // [:alpha:], [^:alpha:]
                    if depth == 1 { members.append(c); previous = c } else { previous = nil }
                    i += 1
                }
            }
            if !plain || members.isEmpty || members.count > 16 { return .oneOf(nil) }
            return .oneOf(members)
        }

        /// At a `\`: a scalar the escape stands for (`\.`, `\n`, `\u20AC`, `\x{1F4E6}`),
        /// consuming it; nil (nothing consumed) for anything else.
        mutating func escapedLiteral() -> Unicode.Scalar? {
            guard let e = peek(1) else { return nil }
            func hex(_ from: Int, _ count: Int) -> UInt32? {
                guard from + count <= s.count else { return nil }
                var v: UInt32 = 0
                for k in from..<(from + count) {
                    guard s[k].isASCII, let d = Int(String(s[k]), radix: 16) else { return nil }
                    v = v * 16 + UInt32(d)
                }
                return v
            }
            switch e {
            case "t": i += 2; return "\t"
            case "n": i += 2; return "\n"
            case "r": i += 2; return "\r"
            case "f": i += 2; return "\u{0C}"
            case "a": i += 2; return "\u{07}"
            case "e": i += 2; return "\u{1B}"
            case "u":
                guard let v = hex(i + 2, 4), let u = Unicode.Scalar(v) else { return nil }
                i += 6; return u
            case "U":
                guard let v = hex(i + 2, 8), let u = Unicode.Scalar(v) else { return nil }
                i += 10; return u
            case "x":
                if peek(2) == "{" {
                    var j = i + 3
                    while j < s.count && s[j] != "}" { j += 1 }
                    guard j < s.count, j > i + 3, j - (i + 3) <= 8, let v = hex(i + 3, j - (i + 3)), let u = Unicode.Scalar(v) else { return nil }
                    i = j + 1; return u
                }
                guard let v = hex(i + 2, 2), let u = Unicode.Scalar(v) else { return nil }
                i += 4; return u
            default:
                // Escaped punctuation and symbols stand for themselves; letters and digits are
                // classes, assertions, backreferences or octal escapes.
                if e.isASCII && (e.properties.isAlphabetic || ("0"..."9").contains(e)) { return nil }
                if e.properties.isWhitespace && e.isASCII == false { return nil }
                i += 2; return e
            }
        }

        mutating func escape() -> RegexNode? {
            guard let e = peek(1) else { return nil }
            if let lit = escapedLiteral() { return .scalar(lit) }
            switch e {
            case "d", "D", "w", "W", "s", "S", "h", "H", "v", "V":
                i += 2; return .oneOf(nil)
            case "p", "P":
                i += 2
                if peek() == "{" {
                    while let n = peek(), n != "}" { i += 1 }
                    guard peek() == "}" else { return nil }
                }
                i += 1
                return .oneOf(nil)
            case "b", "B", "A", "z", "Z", "G":
                i += 2; return .assertion
            case "X", "R":
                i += 2; return .unknown
            case "Q":
                // \Q…\E: the text between, as it is (to the end of the pattern without \E).
                i += 2
                var items: [RegexNode] = []
                while i < s.count {
                    if s[i] == "\\" && peek(1) == "E" { i += 2; break }
                    items.append(.scalar(s[i])); i += 1
                }
                return items.isEmpty ? .empty : .concat(items)
            case "E":
                i += 2; return .empty        // a stray \E is ignored
            case "k":
                // \k<name>: a backreference.
                guard peek(2) == "<" else { return nil }
                i += 3
                while let n = peek(), n != ">" { i += 1 }
                guard peek() == ">" else { return nil }
                i += 1
                return .unknown
            case "0":
                // Octal: \0 and up to three octal digits.
                i += 2
                var v: UInt32 = 0, n = 0
                while n < 3, let d = peek(), ("0"..."7").contains(d) { v = v * 8 + d.value - 48; i += 1; n += 1 }
                guard let u = Unicode.Scalar(v) else { return nil }
                return .scalar(u)
            case "1"..."9":
                // A backreference; every digit after it is taken as its own (a digit read as
                // a literal when ICU took it into the number would be a literal too many).
                i += 2
                while let d = peek(), ("0"..."9").contains(d) { i += 1 }
                return .unknown
            default:
                return nil      // \N{…}, \c…, and anything else
            }
        }
    }
}
