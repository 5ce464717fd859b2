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
import CICUShim

/// One node of a parsed pattern.
public indirect enum RegexNode: Equatable, Sendable {
    /// Matches the empty string only (an empty alternative, `x{0}`).
    case empty
    /// One scalar, as written (folded later).
    case scalar(Unicode.Scalar)
    /// One scalar of a set: its members when a few plain scalars (`[$€£]`), else nil
    /// (`\d`, `.`, `[^x]`, `[a-z]`, `\p{L}`); and what the set may hold, over-approximated.
    case oneOf([Unicode.Scalar]?, ScalarClass)
    /// Text of no known shape (`\X`, `\R`, a backreference to a group not known here): it
    /// may even be empty.
    case unknown
    /// A backreference (`\1`, `\k<name>`) to a group closed before it: the text the group
    /// matched (compared caselessly under `(?i)`), so a text its node matches, though not
    /// every one (`(a|b)\1` matches `aa`, not `ab`). Read as its node, never exactly.
    case backreference(RegexNode)
    /// Matches no text: `^` and `$` in multi-line mode, `\Z`, `\G`.
    case assertion
    /// `\b` (true) or `\B` (false): a Unicode word boundary (UAX #29, as ICU draws it), or not one.
    case wordBoundary(Bool)
    /// The start of the text: `\A`, or `^` outside multi-line mode.
    case textStart
    /// The very end of the text: `\z` (ICU's spelling of a bare `$` outside multi-line mode).
    case textEnd
    /// A positive lookahead or lookbehind (`behind`): consumes nothing, but its body matches
    /// the text after (before) it, inside the same search.
    case lookaround(RegexNode, behind: Bool)
    /// A negative lookahead or lookbehind (`behind`): consumes nothing, and its body does not
    /// match the text after (before) it.
    case negativeLookaround(RegexNode, behind: Bool)
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
        parsed(pattern)?.node
    }

    /// The tree and the parser that made it (what it noticed on the way), or nil.
    private static func parsed(_ pattern: String) -> (node: RegexNode, parser: Parser)? {
        var p = Parser(Array(pattern.unicodeScalars))
        let flags = ICURegex.inlineFlags(p.s).on
        p.multiline = flags.contains("m")
        p.dotAll = flags.contains("s")
        p.insensitive = flags.contains("i")
        guard let node = p.alternation(), p.i == p.s.count else { return nil }
        return (node, p)
    }

    /// How many of one scalar in a row every match of a case-sensitive `pattern` holds, when
    /// it holds a one-scalar group followed at once by a backreference to it, outside any
    /// group or alternation (`(.)\1{4,}`: five; `x([!?])\1\1`: three); nil when none does.
    /// The backreference is the group's text again, so the text must hold that many of one
    /// scalar in a row, which no automaton can tell.
    public static func sameScalars(_ pattern: String) -> Int? {
        guard let (node, p) = parsed(pattern), !p.insensitive, p.sameScalars > 1 else { return nil }
        if case .alternation = node { return nil }
        return p.sameScalars
    }

    private struct Parser {
        let s: [Unicode.Scalar]
        var i = 0
        /// Multi-line mode is turned on somewhere: `^` may be any line's start.
        var multiline = false
        /// `(?s)` somewhere: `.` may match a line break.
        var dotAll = false
        /// `(?i)` somewhere: a negated class's ASCII letters are left to ICU's case closure.
        var insensitive = false
        /// Capturing groups opened so far (ICU numbers them by their `(`), and the nodes of
        /// those closed, for backreferences; named groups' numbers.
        var groupsOpened = 0
        var closedGroups: [Int: RegexNode] = [:]
        var groupNames: [String: Int] = [:]
        /// Where each closed group's `)` ends, where each backreference begins (to its group),
        /// how deep in groups the parser is, and the most scalars in a row a one-scalar group
        /// and a backreference right after it, outside every group, make (`sameScalars`).
        var groupEnds: [Int: Int] = [:], references: [Int: Int] = [:]
        var depth = 0
        var sameScalars = 0
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
                let quoted = c == "\\" && peek(1) == "Q"
                let start = i
                guard var atom = atom() else { return nil }
                // Quantifiers, any number in a row (`a{2}{3}` is ICU's too). After `\Q…\E` a
                // quantifier repeats the last character only.
                while let q = quantifier() {
                    if quoted {
                        guard case .concat(var quotedItems) = atom, let last = quotedItems.popLast() else {
                            if case .scalar = atom { atom = .repeated(atom, min: q.min, max: q.max); continue }
                            return nil
                        }
                        atom = .concat(quotedItems + [.repeated(last, min: q.min, max: q.max)])
                    } else {
                        atom = .repeated(atom, min: q.min, max: q.max)
                    }
                }
                // `(.)\1{4,}` outside every group: the group's one scalar, then as many again.
                if depth == 0, let n = references[start], groupEnds[n] == start, let g = closedGroups[n], items.last == g {
                    switch g {
                    case .scalar, .oneOf:
                        switch atom {
                        case .backreference: sameScalars = max(sameScalars, 2)
                        case .repeated(.backreference, let lo, _): sameScalars = max(sameScalars, lo + 1)
                        default: break
                        }
                    default: break
                    }
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
            case ".": i += 1; return .oneOf(nil, dotAll ? .any : .dot)
            case "^": i += 1; return multiline ? .assertion : .textStart
            case "$": i += 1; return .assertion
            case "?", "*", "+", "{", ")", "]", "}", "|": return nil      // a quantifier with nothing before it, a stray bracket
            default: i += 1; return .scalar(c)
            }
        }

        mutating func group() -> RegexNode? {
            i += 1      // (
            enum Kind { case plain, positive, negative }
            var kind = Kind.plain
            var behind = false
            var number: Int? = nil      // a capturing group's
            if peek() != "?" { groupsOpened += 1; number = groupsOpened }
            if peek() == "?" {
                i += 1
                guard let c = peek() else { return nil }
                switch c {
                case ":", ">": i += 1
                case "=": i += 1; kind = .positive
                case "!": i += 1; kind = .negative
                case "<":
                    if peek(1) == "=" { i += 2; kind = .positive; behind = true }
                    else if peek(1) == "!" { i += 2; kind = .negative; behind = true }
                    else {
                        // A named group: (?<name>…)
                        i += 1
                        var name = ""
                        while let n = peek(), n != ">" {
                            guard n.isASCII, n.properties.isAlphabetic || ("0"..."9").contains(n) else { return nil }
                            name.unicodeScalars.append(n)
                            i += 1
                        }
                        guard peek() == ">" else { return nil }
                        i += 1
                        groupsOpened += 1; number = groupsOpened
                        if groupNames[name] == nil { groupNames[name] = groupsOpened }
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
            depth += 1
            guard let body = alternation(), peek() == ")" else { return nil }
            depth -= 1
            i += 1
            if let number { closedGroups[number] = body; groupEnds[number] = i }
            switch kind {
            case .plain: return body
            case .positive: return .lookaround(body, behind: behind)
            case .negative: return .negativeLookaround(body, behind: behind)
            }
        }

        /// `[…]`: its members when they are a few plain scalars and ranges, else none, and
        /// what it may match (`ScalarClass.any` when not modelled: negation, nested sets,
        /// properties); nil when its end cannot be found with certainty.
        mutating func charClass() -> RegexNode? {
            i += 1      // [
            var members: [Unicode.Scalar] = []
            var plain = true
            var approx = ScalarClass()
            var approximated = true     // `approx` holds everything the class matches
            var negated = false
            if peek() == "^" { plain = false; negated = true; i += 1 }
            // `[]…]` and `[^]…]`: whether ICU reads the `]` as a member is not modelled.
            if peek() == "]" { return nil }
            var depth = 1
            var previous: Unicode.Scalar? = nil     // the last plain member, for a range
            // The non-ASCII members exactly, while the class is of scalars, ranges and
            // properties (not under `(?i)`, whose case closure is ICU's).
            var exact: [ClosedRange<UInt32>]? = []
            func member(_ c: Unicode.Scalar) {
                members.append(c); approx.add(c)
                if c.value >= 0x80 { exact?.append(c.value...c.value) }
            }
            while depth > 0 {
                guard let c = peek() else { return nil }
                switch c {
                case "\\":
                    guard let e = peek(1) else { return nil }
                    // (`\cX` takes X, a `[` or `]` too: `[\c[.]` is ESC and `.`.)
                    if e == "Q" || e == "E" || e == "N" || e == "c" { return nil }
                    if let lit = escapedLiteral() {
                        if depth == 1 { member(lit); previous = lit } else { previous = nil }
                    } else if depth == 1, e == "p" || e == "P", let set = property() {
                        // \p{Cyrillic}: its members as ICU has them.
                        plain = false; previous = nil
                        approx.asciiLow |= set.asciiLow; approx.asciiHigh |= set.asciiHigh
                        approx.nonASCII |= set.nonASCII; approx.inexact |= set.inexact
                        if let r = set.ranges { exact?.append(contentsOf: r) } else { exact = nil }
                    } else {
                        // \d \w \s \p{…} \x… and the like: not plain (skip the escape's argument).
                        plain = false
                        previous = nil
                        exact = nil
                        if depth == 1 && e == "d" { approx.formUnion(.digit) }
                        else if depth == 1 && e == "w" { approx.formUnion(.word) }
                        else if depth == 1 && e == "s" { approx.formUnion(.space) }
                        else { approximated = false }
                        i += 2
                        if e == "p" || e == "P" || e == "x" {
                            if peek() == "{" {
                                while let n = peek(), n != "}" { i += 1 }
                                guard peek() == "}" else { return nil }
                                i += 1
                            } else if e == "x" {
                                return nil
                            } else if let n = peek(), n.isASCII, n.properties.isAlphabetic {
                                i += 1      // \pL
                            } else {
                                return nil  // `\p]`: how ICU reads it is not modelled
                            }
                        }
                    }
                case "[":
                    plain = false; approximated = false; previous = nil
                    depth += 1; i += 1
                    if peek() == "^" { i += 1 }
                    if peek() == "]" { return nil }
                case "]":
                    depth -= 1; i += 1; previous = nil
                case "&" where peek(1) != "&" && peek(1) != "-" && (i == 0 || s[i - 1] != "&"):
                    // One `&` alone is itself (`[\w./?=&%-]`); two are an intersection. Before
                    // a `-` ICU reads it otherwise (`[x&-z]` is `&` and `x` to `z`): not modelled.
                    if depth == 1 { member("&") }
                    previous = nil
                    i += 1
                case "&", "{", "}":
                    // `&&`, `--` set operations, and braces: not plain members.
                    plain = false; approximated = false; previous = nil; i += 1
                case "-":
                    if depth == 1, let lo = previous, let (hi, end) = rangeEnd() {
                        // A range of scalars (plain or escaped: `\u0600-\u06FF`): its members
                        // when a few.
                        i = end
                        guard lo.value <= hi.value else { return nil }
                        if hi.value - lo.value > 16 {
                            plain = false
                            approx.add(lo.value...hi.value)
                            if hi.value >= 0x80 {
                                approx.addKinds(of: lo.value...hi.value)
                                exact?.append(max(lo.value, 0x80)...hi.value)
                                if insensitive && !ScalarClass.caseless([max(lo.value, 0x80)...hi.value]) {
                                    // ICU closes the range over case: `ſ` in it brings `s`, `K` brings `k`.
                                    // Its ASCII letters are a bound.
                                    approx.add(65...90); approx.add(97...122)
                                    approx.inexact |= ScalarClass.asciiInexact
                                }
                            }
                        } else if lo.value < hi.value {     // (`[a-a]` is `a`, already a member)
                            for v in (lo.value + 1)...hi.value { if let u = Unicode.Scalar(v) { member(u) } }
                        }
                    } else if depth == 1 && (peek(1) == "]" || s[i - 1] == "[" || (s[i - 1] == "^" && s[i - 2] == "[")) {
                        member("-")     // first or last: itself
                        i += 1
                    } else {
                        // `[$-\p{]…`: ICU reads `\p` there as `p`, the range's end, so a `]` in the
                        // braces ends the class: not modelled.
                        if peek(1) == "\\", let e = peek(2), e == "p" || e == "P" { return nil }
                        plain = false; approximated = false; i += 1   // `--`, a range to an escape or a set
                    }
                    previous = nil
                default:
                    if c == ":" && (s[i - 1] == "[" || s[i - 1] == "^") {
                        // [:alpha:], [^:alpha:]: a POSIX class when a `:]` closes it before any `]`;
                        // else (`[:：]`) the colon is a member.
                        var j = i + 1
                        while j < s.count && s[j] != "]" { j += 1 }
                        if j < s.count && s[j - 1] == ":" && j - 1 > i { plain = false; approximated = false }
                    }
                    if depth == 1 { member(c); previous = c } else { previous = nil }
                    i += 1
                }
            }
            // Under `(?i)` the members are known only where none has case (ICU closes the class
            // over case; the ASCII letters, both cases, are `position`'s to add).
            var known = exact.map(ScalarClass.normalized)
            if insensitive, let k = known, !ScalarClass.caseless(k) { known = nil }
            if approximated, let known, !known.isEmpty { approx.ranges = known }
            var approximation = approximated ? approx : .any
            if approximated && negated {
                approximation = approx.complemented
                let asciiLetters = approx.asciiHigh & 0x07FF_FFFE_07FF_FFFE != 0
                if insensitive && (known == nil || asciiLetters) {
                    // ICU closes the class over case before negating it: its ASCII letters are a bound.
                    approximation.asciiLow = ~0; approximation.asciiHigh = ~0
                    approximation.inexact |= ScalarClass.asciiInexact
                }
            }
            if !plain || members.isEmpty || members.count > 16 { return .oneOf(nil, approximation) }
            return .oneOf(members, approximation)
        }

        /// After a `-` in a class, at `i`: the scalar that ends a range and the index after it,
        /// when it is a plain scalar or an escape for one (`\u06FF`, `\x{1F600}`, `\.`).
        mutating func rangeEnd() -> (Unicode.Scalar, Int)? {
            guard let hi = peek(1), hi != "]", hi != "[", hi != "-", hi != "&" else { return nil }
            if hi != "\\" { return (hi, i + 2) }
            let start = i
            defer { i = start }
            i += 1
            guard let e = peek(1), e != "p", e != "P", let lit = escapedLiteral() else { return nil }
            return (lit, i)
        }

        /// At `\p` or `\P`: the class of the property as ICU reads it, consuming it; nil
        /// (nothing consumed) when its name is not read here or ICU refuses it, and under
        /// `(?i)` when a member has case (ICU closes it over case).
        mutating func property() -> ScalarClass? {
            guard let e = peek(1), e == "p" || e == "P" else { return nil }
            var j = i + 2, name = ""
            if j < s.count && s[j] == "{" {
                j += 1
                while j < s.count && s[j] != "}" && s[j] != "[" && s[j] != "]" && s[j] != "\\" { name.unicodeScalars.append(s[j]); j += 1 }
                guard j < s.count, s[j] == "}", !name.isEmpty else { return nil }
                j += 1
            } else {
                guard j < s.count, s[j].isASCII, s[j].properties.isAlphabetic else { return nil }
                name.unicodeScalars.append(s[j]); j += 1
            }
            guard let set = ScalarClass.ofSet("[\\" + String(Character(e)) + "{" + name + "}]") else { return nil }
            if insensitive {
                guard set.asciiHigh & 0x07FF_FFFE_07FF_FFFE == 0, ScalarClass.caseless(set.ranges ?? []) else { return nil }
            }
            i = j
            return set
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

        /// A backreference to group `number`: its node when the group closed before here (a
        /// reference inside its own group, or to a group after it, refers to no text ICU has
        /// captured yet, and is left unknown).
        func backreference(_ number: Int?) -> RegexNode {
            guard let number, let node = closedGroups[number] else { return .unknown }
            return .backreference(node)
        }

        mutating func escape() -> RegexNode? {
            guard let e = peek(1) else { return nil }
            if let lit = escapedLiteral() { return .scalar(lit) }
            switch e {
            case "d": i += 2; return .oneOf(nil, .digit)
            case "w": i += 2; return .oneOf(nil, .word)
            case "s": i += 2; return .oneOf(nil, .space)
            case "D": i += 2; return .oneOf(nil, ScalarClass.digit.complemented)
            case "W": i += 2; return .oneOf(nil, ScalarClass.word.complemented)
            case "S": i += 2; return .oneOf(nil, ScalarClass.space.complemented)
            case "h", "H", "v", "V":
                i += 2; return .oneOf(nil, .any)
            case "p", "P":
                if let set = property() { return .oneOf(nil, set) }
                i += 2
                if peek() == "{" {
                    while let n = peek(), n != "}" { i += 1 }
                    guard peek() == "}" else { return nil }
                } else if let n = peek(), !(n.isASCII && n.properties.isAlphabetic) {
                    return nil      // `\p` and no name: how ICU reads it is not modelled
                }
                i += 1
                return .oneOf(nil, .any)
            case "A": i += 2; return .textStart
            case "z": i += 2; return .textEnd
            case "b": i += 2; return .wordBoundary(true)
            case "B": i += 2; return .wordBoundary(false)
            case "Z", "G":
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
                // A stray \E (no \Q before it) is ICU's letter E: `\Eb` matches "Eb", not "b".
                i += 2; return .scalar("E")
            case "k":
                // \k<name>: a backreference.
                guard peek(2) == "<" else { return nil }
                let start = i
                var name = ""
                i += 3
                while let n = peek(), n != ">" { name.unicodeScalars.append(n); i += 1 }
                guard peek() == ">" else { return nil }
                i += 1
                if let n = groupNames[name] { references[start] = n }
                return backreference(groupNames[name])
            case "0":
                // Octal: \0 and up to three octal digits, as many as keep it at most 0377
                // (ICU reads `\0600` as `\060`, a `0`, then the text `0`).
                i += 2
                var v: UInt32 = 0, n = 0
                while n < 3, let d = peek(), ("0"..."7").contains(d), v * 8 + d.value - 48 <= 0o377 {
                    v = v * 8 + d.value - 48; i += 1; n += 1
                }
                guard let u = Unicode.Scalar(v) else { return nil }
                return .scalar(u)
            case "1"..."9":
                // A backreference; every digit after it is taken as its own (a digit read as
                // a literal when ICU took it into the number would be a literal too many). A
                // single digit names its group without doubt.
                let start = i
                i += 2
                let single = peek().map { !("0"..."9").contains($0) } ?? true
                while let d = peek(), ("0"..."9").contains(d) { i += 1 }
                if single { references[start] = Int(e.value - 48) }
                return single ? backreference(Int(e.value - 48)) : .unknown
            default:
                return nil      // \N{…}, \c…, and anything else
            }
        }
    }
}
