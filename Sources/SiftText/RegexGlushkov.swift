// Glushkov's construction of a regex's positions and follow sets, and the sets of
// positions the subset construction of RegexAutomaton makes its states of.

/// Glushkov's construction over a syntax tree: positions, first/last sets, follow sets,
/// each for the two readings of the word boundary between two scalars (`B`: one, `N`: none).
struct Glushkov {
    let insensitive: Bool
    var classes: [ScalarClass] = []
    /// Per position, the non-ASCII scalars it matches when it is a list of scalars (a
    /// character, `[$£€]`), or nil (a class of kinds: `\d`, `[^a]`).
    var members: [[UInt32]?] = []
    var followB: [PositionSet] = [], followN: [PositionSet] = []
    var tooLarge = false
    /// The pattern holds what only ICU may read (a cased non-ASCII class member under (?i)).
    var refused = false
    /// Nothing was approximated (see RegexAutomaton): the automaton is the regex.
    var exact = true
    var readsBoundaries = false

    /// A part of the pattern: whether it matches the empty text (where the boundary there
    /// is `B` / `N`), its first and last positions (entered or left across a boundary that
    /// is `B` / `N`).
    struct Part {
        var nullB: Bool, nullN: Bool
        var firstB: PositionSet, firstN: PositionSet
        var lastB: PositionSet, lastN: PositionSet
    }

    /// `\b` and `\B` read as what they are; else as empty (a bound: the automaton is not exact).
    let readBoundaries: Bool
    /// How many backreferences' groups are being built (their boundaries read as empty).
    var backreferences = 0

    init(insensitive: Bool, readBoundaries: Bool = true) {
        self.insensitive = insensitive
        self.readBoundaries = readBoundaries
    }

    static let empty = Part(nullB: true, nullN: true, firstB: PositionSet(), firstN: PositionSet(), lastB: PositionSet(), lastN: PositionSet())

    mutating func position(_ c: ScalarClass, members listed: [Unicode.Scalar]? = nil) -> Part {
        guard classes.count < RegexAutomaton.maxPositions else { tooLarge = true; return Self.empty }
        var cls = c
        if insensitive {
            // ASCII letters in both cases.
            let letters: UInt64 = 0x07FF_FFFE        // bits 1–26 of the 64-bit half: A–Z at 65…, a–z at 97…
            cls.asciiHigh |= (cls.asciiHigh & (letters << 32)) >> 32 | (cls.asciiHigh & letters) << 32
        }
        classes.append(cls)
        members.append(listed.map { $0.filter { !$0.isASCII }.map(\.value) })
        followB.append(PositionSet())
        followN.append(PositionSet())
        let bit = PositionSet(classes.count - 1)
        return Part(nullB: false, nullN: false, firstB: bit, firstN: bit, lastB: bit, lastN: bit)
    }

    mutating func link(_ from: PositionSet, _ to: PositionSet, boundary: Bool) {
        from.forEach { p in
            if boundary { followB[p].formUnion(to) } else { followN[p].formUnion(to) }
        }
    }

    mutating func concat(_ a: Part, _ b: Part) -> Part {
        link(a.lastB, b.firstB, boundary: true)
        link(a.lastN, b.firstN, boundary: false)
        return Part(nullB: a.nullB && b.nullB, nullN: a.nullN && b.nullN,
                    firstB: a.nullB ? a.firstB.union(b.firstB) : a.firstB, firstN: a.nullN ? a.firstN.union(b.firstN) : a.firstN,
                    lastB: b.nullB ? b.lastB.union(a.lastB) : b.lastB, lastN: b.nullN ? b.lastN.union(a.lastN) : b.lastN)
    }

    func alternative(_ a: Part, _ b: Part) -> Part {
        Part(nullB: a.nullB || b.nullB, nullN: a.nullN || b.nullN, firstB: a.firstB.union(b.firstB), firstN: a.firstN.union(b.firstN),
             lastB: a.lastB.union(b.lastB), lastN: a.lastN.union(b.lastN))
    }

    mutating func star(_ a: Part) -> Part {
        link(a.lastB, a.firstB, boundary: true)
        link(a.lastN, a.firstN, boundary: false)
        return Part(nullB: true, nullN: true, firstB: a.firstB, firstN: a.firstN, lastB: a.lastB, lastN: a.lastN)
    }

    static func optional(_ p: Part) -> Part {
        var q = p
        q.nullB = true; q.nullN = true
        return q
    }

    mutating func build(_ node: RegexNode) -> Part? {
        if tooLarge { return nil }
        switch node {
        case .empty:
            return Self.empty
        case .assertion, .lookaround, .negativeLookaround, .textStart, .textEnd:
            exact = false
            return Self.empty
        case .wordBoundary(let at):
            // Inside a backreference's copy of its group, a boundary is the group's: the
            // copy's text is the group's text, wherever it stands (`(\b.)\1{4,}` matches the
            // `KKKKK` of `&KKKKK`, no boundary between the K's). Read as empty there.
            guard readBoundaries && backreferences == 0 else { exact = false; return Self.empty }
            readsBoundaries = true
            return Part(nullB: at, nullN: !at, firstB: PositionSet(), firstN: PositionSet(), lastB: PositionSet(), lastN: PositionSet())
        case .scalar(let c):
            guard insensitive && !c.isASCII else { return position(ScalarClass(c), members: [c]) }
            // Under (?i): the scalars ICU takes for it, each its own (RegexAlphabet).
            guard let variants = RegexAlphabet.caseVariants(c)?.compactMap(Unicode.Scalar.init) else { refused = true; return nil }
            var cls = ScalarClass()
            variants.forEach { cls.add($0) }
            return position(cls, members: variants)
        case .oneOf(let listed, let cls):
            if insensitive, let listed, listed.contains(where: { !$0.isASCII && RegexAlphabet.caseVariants($0) != [$0.value] }) {
                // ICU closes a class over case in ways of its own: a cased non-ASCII member is its to read.
                refused = true
                return nil
            }
            return position(cls, members: listed)
        case .unknown:
            exact = false
            return star(position(.any))
        case .backreference(let group):
            // A text the group's node matches: a bound (`(a|b)\1` is read as `(a|b)(a|b)`),
            // its word boundaries read as empty.
            exact = false
            backreferences += 1
            defer { backreferences -= 1 }
            return build(group)
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
            if lo > RegexAutomaton.maxCopies || (hi != nil && optional == nil) { exact = false }
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
                    tail = tail.map { t in Self.optional(concat(p, t)) } ?? Self.optional(p)
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

/// A state of the subset construction: the positions a match in progress may stand at, and
/// whether the automaton is sure of it.
struct StateKey: Equatable {
    var positions: PositionSet
    var sure: Bool
}

/// The states of a subset construction by their keys: open addressing over the state
/// numbers, hashed by multiplying the positions' words (Swift's `Hasher` took most of the
/// time of building an automaton).
struct StateIndex {
    private var slots = [Int32](repeating: -1, count: 64)
    private var count = 0

    private static func hash(_ k: StateKey) -> Int {
        let (a, b, c, d) = k.positions.words
        var h = a &* 0x9E37_79B9_7F4A_7C15 ^ b &* 0xC2B2_AE3D_27D4_EB4F ^ c &* 0x1656_67B1_9E37_79F9 ^ d &* 0xFF51_AFD7_ED55_8CCD
        h ^= k.sure ? 0x2545_F491_4F6C_DD1D : 0
        h = (h ^ h >> 29) &* 0x94D0_49BB_1331_11EB
        return Int(truncatingIfNeeded: h ^ h >> 32)
    }

    /// The number of the state with key `k` among `states`, if it is indexed.
    func find(_ k: StateKey, _ states: [StateKey]) -> Int? {
        let mask = slots.count - 1
        var i = Self.hash(k) & mask
        while true {
            let s = Int(slots[i])
            if s < 0 { return nil }
            if states[s] == k { return s }
            i = (i + 1) & mask
        }
    }

    /// Indexes state `number`, whose key is `k` (`states` holds the states indexed so far).
    mutating func insert(_ k: StateKey, _ number: Int, _ states: [StateKey]) {
        if (count + 1) * 2 > slots.count {
            // Twice the room, every state indexed again.
            var grown = [Int32](repeating: -1, count: slots.count * 2)
            let mask = grown.count - 1
            for s in slots where s >= 0 {
                var i = Self.hash(states[Int(s)]) & mask
                while grown[i] >= 0 { i = (i + 1) & mask }
                grown[i] = s
            }
            slots = grown
        }
        let mask = slots.count - 1
        var i = Self.hash(k) & mask
        while slots[i] >= 0 { i = (i + 1) & mask }
        slots[i] = Int32(number)
        count += 1
    }
}

/// A set of Glushkov positions (at most `capacity`), a bit each.
struct PositionSet: Hashable {
    static let capacity = 256
    private var w0: UInt64 = 0, w1: UInt64 = 0, w2: UInt64 = 0, w3: UInt64 = 0

    init() {}

    /// The set of position `p` alone.
    init(_ p: Int) {
        let bit: UInt64 = 1 << UInt64(p & 63)
        switch p >> 6 {
        case 0: w0 = bit
        case 1: w1 = bit
        case 2: w2 = bit
        default: w3 = bit
        }
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(w0 &* 0x9E37_79B9_7F4A_7C15 ^ w1 &* 0xC2B2_AE3D_27D4_EB4F ^ w2 &* 0x1656_67B1_9E37_79F9 ^ w3)
    }

    static let all: PositionSet = { var s = PositionSet(); s.w0 = ~0; s.w1 = ~0; s.w2 = ~0; s.w3 = ~0; return s }()

    var isEmpty: Bool { (w0 | w1 | w2 | w3) == 0 }
    var words: (UInt64, UInt64, UInt64, UInt64) { (w0, w1, w2, w3) }

    func union(_ o: PositionSet) -> PositionSet {
        var s = self
        s.formUnion(o)
        return s
    }

    mutating func formUnion(_ o: PositionSet) { w0 |= o.w0; w1 |= o.w1; w2 |= o.w2; w3 |= o.w3 }

    func intersection(_ o: PositionSet) -> PositionSet {
        var s = PositionSet()
        s.w0 = w0 & o.w0; s.w1 = w1 & o.w1; s.w2 = w2 & o.w2; s.w3 = w3 & o.w3
        return s
    }

    /// Whether the two sets share a position.
    func meets(_ o: PositionSet) -> Bool { ((w0 & o.w0) | (w1 & o.w1) | (w2 & o.w2) | (w3 & o.w3)) != 0 }

    /// Calls `body` with each position, in increasing order.
    func forEach(_ body: (Int) -> Void) {
        for k in 0..<4 {
            var rest = k == 0 ? w0 : k == 1 ? w1 : k == 2 ? w2 : w3
            while rest != 0 {
                body(k << 6 | rest.trailingZeroBitCount)
                rest &= rest - 1
            }
        }
    }
}
