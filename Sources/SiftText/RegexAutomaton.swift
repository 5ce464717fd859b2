// A DFA in front of ICU for regexes without a good literal (`\b\d{6}\b`,
// `\b\d{3}[-.\s]?\d{3}[-.\s]?\d{4}\b`, `[A-Z]{5,}`): it says whether a text
// may hold a match, and ICU decides only where it says yes.
//
// It recognises a *superset* of what the regex matches, built from its syntax
// tree (RegexSyntax) by Glushkov's construction (a position per one-scalar
// node) and subset construction, searched unanchored:
// - every zero-width assertion (`\b`, `^`, `$`, lookarounds) is read as
//   empty: it can only remove matches;
// - a backreference, `\X` or `\R` is read as any text (`.*`);
// - classes are over-approximated (ScalarClass): ASCII scalars exactly,
//   others by what ICU's `\d`, `\s`, `\w` say of them (RegexClassTable),
//   anything not modelled as any scalar;
// - counted repetition is unrolled up to 16 copies; beyond, `{n,m}` is read
//   as `{16,}` or `{n,}`: fewer copies needed, more texts accepted.
// Case-insensitive patterns (`(?i)` anywhere) get an automaton only when all
// their characters and classes are ASCII, and it answers "maybe" for any text with a
// non-ASCII scalar (full case folding matches `ss` with `ß`, one scalar for
// two). A pattern that matches the empty text, or whose automaton would pass
// 64 positions or 256 states, gets none.
//
// Text is read as UTF-8 bytes: an ASCII byte is a symbol of its own, a
// non-ASCII scalar (at its lead byte) the symbol of its category, and
// continuation bytes are skipped. Symbols that no position tells apart share
// a class; a state's row holds one transition per class.

/// A DFA that accepts every text in which the regex may match (and more).
public final class RegexAutomaton: Sendable {
    /// Per byte, its class (lead bytes of scalars above the BMP included); continuation bytes 255.
    private let byteClass: FrozenBuffer<UInt8>
    /// Per non-ASCII BMP category (0–7), its class.
    private let categoryClass: FrozenBuffer<UInt8>
    /// Per state and class, the next state's row (its number × `classCount`); `accept` once
    /// a match may have ended.
    private let next: FrozenBuffer<UInt16>
    private let classCount: Int
    /// Any non-ASCII scalar makes the answer "maybe" (a case-insensitive pattern).
    private let asciiOnly: Bool
    /// The pattern ends with `\z`: a text may match only if it ends in a `final` state.
    private let anchoredEnd: Bool
    private let final: FrozenBuffer<Bool>
    /// The row of the state no match can come from any more (a pattern anchored at the
    /// start), or -1.
    private let dead: Int32
    public let stateCount: Int
    static let accept = UInt16.max
    static let maxPositions = 64, maxStates = 256, maxCopies = 16

    /// The automaton of `pattern` (as ICU reads it: `ICURegex.spelled`), or nil when it has none.
    public convenience init?(_ pattern: String) {
        let scalars = Array(pattern.unicodeScalars)
        let flags = ICURegex.inlineFlags(scalars)
        let insensitive = flags.on.contains("i")
        // Under (?i), only patterns of ASCII characters and ASCII classes: no non-ASCII scalar,
        // nor an escape that may stand for one (\x \u \U \0 \N), a property (\p \P) or a
        // POSIX class, whose case closure is ICU's to know.
        if insensitive {
            if scalars.contains(where: { !$0.isASCII }) { return nil }
            for k in scalars.indices.dropLast() where (scalars[k] == "\\" && "xuU0NpPQ".unicodeScalars.contains(scalars[k + 1]))
                || (scalars[k] == "[" && scalars[k + 1] == ":") {
                return nil
            }
        }
        guard let tree = RegexSyntax.parse(pattern) else { return nil }
        var g = Glushkov(insensitive: insensitive)
        guard let root = g.build(tree), !root.nullable, !g.tooLarge else { return nil }
        // Anchors that hold for the whole pattern: its first item `^`/`\A`, its last `\z`.
        var items: [RegexNode] = [tree]
        if case .concat(let all) = tree { items = all }
        self.init(g, root, anchoredStart: items.first == .textStart, anchoredEnd: items.last == .textEnd)
    }

    private init?(_ g: Glushkov, _ root: Glushkov.Part, anchoredStart: Bool, anchoredEnd: Bool) {
        asciiOnly = g.insensitive
        self.anchoredEnd = anchoredEnd
        // Symbols: 0–127 ASCII, 128 + c for category c, 136 above the BMP; each one's positions.
        var symbolMask = [UInt64](repeating: 0, count: 137)
        for (p, cls) in g.classes.enumerated() {
            let bit: UInt64 = 1 << UInt64(p)
            for b in 0..<128 where cls.holdsASCII(UInt8(b)) { symbolMask[b] |= bit }
            for c in 0..<9 where cls.nonASCII & (1 << UInt16(c)) != 0 { symbolMask[128 + c] |= bit }
        }
        // Classes of symbols with the same positions.
        var classOf = [Int](repeating: 0, count: 137)
        var classMasks: [UInt64] = []
        for (sym, m) in symbolMask.enumerated() {
            if let k = classMasks.firstIndex(of: m) { classOf[sym] = k } else { classOf[sym] = classMasks.count; classMasks.append(m) }
        }
        classCount = classMasks.count
        // Subset construction, from the empty set; every state takes `first` again unless the
        // pattern starts at the text's start (then only state 0, the start, does; the empty
        // set after it is `dead`: no match can start any more).
        var states: [UInt64] = [0]
        var index: [UInt64: Int] = anchoredStart ? [:] : [0: 0]
        var table: [UInt16] = []
        var finals: [Bool] = [false]
        var k = 0
        while k < states.count {
            let s = states[k]
            var follow = k == 0 || !anchoredStart ? root.first : 0
            var rest = s
            while rest != 0 {
                let p = rest.trailingZeroBitCount
                follow |= g.follow[p]
                rest &= rest - 1
            }
            for mask in classMasks {
                let t = follow & mask
                // Without an end anchor, a match may end here: the answer is "maybe" at once.
                if t & root.last != 0 && !anchoredEnd { table.append(Self.accept); continue }
                if let j = index[t] { table.append(UInt16(j)); continue }
                guard states.count < Self.maxStates else { return nil }
                index[t] = states.count
                table.append(UInt16(states.count))
                states.append(t)
                finals.append(t & root.last != 0)
            }
            k += 1
        }
        stateCount = states.count
        let classes = classMasks.count
        dead = anchoredStart ? index[0].map { Int32($0 * classes) } ?? -1 : -1
        final = FrozenBuffer(ownedBuffer(finals))
        // Transitions hold the next state's row offset (state × classes), not its number.
        let rows = table.map { $0 == Self.accept ? $0 : $0 &* UInt16(classes) }
        next = FrozenBuffer(ownedBuffer(rows))
        let byteClass = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: 256)
        for b in 0..<256 {
            let v: Int
            if b < 128 { v = classOf[b] } else if b < 0xC0 { v = 255 } else if b >= 0xF0 { v = classOf[136] } else { v = 254 }
            byteClass[b] = UInt8(v)
        }
        self.byteClass = FrozenBuffer(byteClass)
        categoryClass = FrozenBuffer(ownedBuffer((0..<8).map { UInt8(classOf[128 + $0]) }))
    }

    deinit {
        next.deallocate(); byteClass.deallocate(); categoryClass.deallocate(); final.deallocate()
    }

    /// Whether the regex may match in `text` (then ICU decides); false only when it cannot.
    /// `then`, if given, is read after a space, as one text (`body + " " + sender`).
    public func mayMatch(_ text: UnsafeBufferPointer<UInt8>, then second: UnsafeBufferPointer<UInt8>? = nil) -> Bool {
        var state = 0
        guard run(text, &state) else { return true }
        if let second {
            let c = Int(byteClass[0x20])
            let n = next[state &+ c]
            if n == Self.accept { return true }
            state = Int(n)
            guard run(second, &state) else { return true }
        }
        return anchoredEnd && final[state / classCount]
    }

    /// Runs `text` from `state`; false when a match may have ended (or a scalar is not modelled).
    @inline(__always)
    private func run(_ text: UnsafeBufferPointer<UInt8>, _ state: inout Int) -> Bool {
        guard let base = text.baseAddress else { return true }
        var s = state
        var i = 0
        let n = text.count
        while i < n {
            let b = base[i]
            var c = Int(byteClass[Int(b)])
            if c >= 254 {
                if c == 255 { i &+= 1; continue }       // a continuation byte
                if asciiOnly { return false }
                // A two- or three-byte scalar: its category's class.
                let v: UInt32
                if b < 0xE0 {
                    guard i + 1 < n else { return false }
                    v = UInt32(b & 0x1F) << 6 | UInt32(base[i + 1] & 0x3F)
                } else {
                    guard i + 2 < n else { return false }
                    v = UInt32(b & 0x0F) << 12 | UInt32(base[i + 1] & 0x3F) << 6 | UInt32(base[i + 2] & 0x3F)
                }
                c = Int(categoryClass[Int(RegexClassTable.category(v))])
            } else if asciiOnly && b >= 0x80 {
                return false
            }
            let t = next[s &+ c]
            if t == Self.accept { return false }
            s = Int(t)
            if s == Int(dead) { break }
            i &+= 1
        }
        state = s
        return true
    }
}

/// Glushkov's construction over a syntax tree: positions, first/last sets, follow sets.
struct Glushkov {
    let insensitive: Bool
    var classes: [ScalarClass] = []
    var follow: [UInt64] = []
    var tooLarge = false

    struct Part {
        var nullable: Bool
        var first: UInt64
        var last: UInt64
    }

    init(insensitive: Bool) { self.insensitive = insensitive }

    static let empty = Part(nullable: true, first: 0, last: 0)

    mutating func position(_ c: ScalarClass) -> Part {
        guard classes.count < RegexAutomaton.maxPositions else { tooLarge = true; return Self.empty }
        var cls = c
        if insensitive {
            // ASCII letters in both cases (the text is ASCII when this automaton decides).
            let letters: UInt64 = 0x07FF_FFFE        // bits 1–26 of the 64-bit half: A–Z at 65…, a–z at 97…
            cls.asciiHigh |= (cls.asciiHigh & (letters << 32)) >> 32 | (cls.asciiHigh & letters) << 32
        }
        classes.append(cls)
        follow.append(0)
        let bit: UInt64 = 1 << UInt64(classes.count - 1)
        return Part(nullable: false, first: bit, last: bit)
    }

    mutating func concat(_ a: Part, _ b: Part) -> Part {
        var rest = a.last
        while rest != 0 {
            follow[rest.trailingZeroBitCount] |= b.first
            rest &= rest - 1
        }
        return Part(nullable: a.nullable && b.nullable, first: a.first | (a.nullable ? b.first : 0), last: b.last | (b.nullable ? a.last : 0))
    }

    func alternative(_ a: Part, _ b: Part) -> Part {
        Part(nullable: a.nullable || b.nullable, first: a.first | b.first, last: a.last | b.last)
    }

    mutating func star(_ a: Part) -> Part {
        var rest = a.last
        while rest != 0 {
            follow[rest.trailingZeroBitCount] |= a.first
            rest &= rest - 1
        }
        return Part(nullable: true, first: a.first, last: a.last)
    }

    mutating func build(_ node: RegexNode) -> Part? {
        if tooLarge { return nil }
        switch node {
        case .empty, .assertion, .lookaround, .textStart, .textEnd:
            return Self.empty
        case .scalar(let c):
            return position(ScalarClass(c))
        case .oneOf(_, let cls):
            return position(cls)
        case .unknown:
            return star(position(.any))
        case .concat(let items):
            var part = Self.empty
            for item in items {
                guard let p = build(item) else { return nil }
                part = concat(part, p)
            }
            return part
        case .alternation(let alternatives):
            var part: Part? = nil
            for a in alternatives {
                guard let p = build(a) else { return nil }
                part = part.map { alternative($0, p) } ?? p
            }
            return part ?? Self.empty
        case .repeated(let body, let lo, let hi):
            // Copies: `lo` required (at most 16), then up to `hi - lo` optional ones, or a star.
            let required = min(lo, RegexAutomaton.maxCopies)
            var optional: Int? = hi.map { $0 - lo }
            if let o = optional, required + o > RegexAutomaton.maxCopies || lo > RegexAutomaton.maxCopies { optional = nil }
            if hi == 0 { return Self.empty }
            var part = Self.empty
            for _ in 0..<required {
                guard let p = build(body) else { return nil }
                part = concat(part, p)
            }
            if let o = optional {
                // x{0,o} as (x(x(x)?)?)?: the optional copies nested.
                var tail: Part? = nil
                for _ in 0..<o {
                    guard let p = build(body) else { return nil }
                    let opt = Part(nullable: true, first: p.first, last: p.last)
                    tail = tail.map { t in
                        var q = concat(p, t)
                        q.nullable = true
                        return q
                    } ?? opt
                }
                if let t = tail { part = concat(part, t) }
            } else {
                guard let p = build(body) else { return nil }
                part = concat(part, star(p))
            }
            return tooLarge ? nil : part
        }
    }
}
