// A DFA in front of ICU (`\b\d{6}\b`, `[A-Z]{5,}`, `(?i)\b(loan|кредит)\b`): it
// says whether a text cannot hold a match, holds one for certain, or may (then
// ICU decides).
//
// It is built from the regex's syntax tree (RegexSyntax) by Glushkov's
// construction (a position per one-scalar node) and subset construction, and
// searches unanchored over a text's symbols (RegexText, in the rule set's
// RegexAlphabet: the ASCII byte, a symbol of its own for a character the
// regexes name, else the kind of a non-ASCII scalar). What it recognises is a
// *superset* of what the regex matches:
// - `\b` and `\B` are read exactly, from the word boundaries RegexText draws
//   (where a boundary is unknown, both readings are followed); every other
//   zero-width assertion (`^`/`$` in multi-line mode, lookarounds, `\Z`) is
//   read as empty: it can only remove matches; but a lookbehind that opens
//   the pattern, or a lookahead that closes it, is read as part of the match;
// - a backreference to a group before it is read as that group's node again, its
//   `\b` and `\B` as empty (a bound: `(a|b)\1` as `(a|b)(a|b)`, `(\b.)\1` as
//   `(\b.).`); another, `\X` or `\R` as any text (`.*`);
// - classes are over-approximated (ScalarClass): ASCII scalars and named
//   characters exactly, other scalars by what ICU's `\d`, `\s`, `\w` say of
//   them, anything not modelled as any scalar;
// - counted repetition is unrolled up to 16 copies; beyond, `{n,m}` is read
//   as `{16,}` or `{n,}`: fewer copies needed, more texts accepted.
// Under `(?i)` a character stands for its case variants (RegexAlphabet); a
// pattern with a character that folds apart (`ß` matches `ss`), an escape that
// may stand for one, a property or a cased non-ASCII class member gets no
// automaton, and a text letter that folds apart leaves the answer to ICU. A
// pattern that matches the empty text, or whose automaton would pass 256
// positions, 8,192 states or 2^19 transitions, gets none.
//
// "Matches for certain" needs more: a pattern read exactly (no approximation
// above, no flag but a leading `(?i)`), and a run that read no scalar or
// boundary whose reading was a bound. The DFA's states carry that: a
// transition on such a symbol leads to the state's "unsure" twin, from which
// an accepting end says "maybe"; an unsure state with no position left is
// sure again (no match was in progress).

import CICUShim
import CTextScan
#if canImport(Glibc)
import Glibc
#endif

/// What an automaton says of a text.
public enum RegexDecision: Sendable, Equatable {
    /// The regex cannot match the text.
    case noMatch
    /// The regex matches the text (ICU would find a match).
    case match
    /// Only ICU can tell.
    case maybe
}

/// A DFA that decides, or bounds, whether the regex matches a text.
public final class RegexAutomaton: Sendable {
    /// Per symbol (RegexText), its column (class × boundary readings).
    private let symbolColumn: FrozenBuffer<UInt16>
    /// Per boundary reading (`RegexText.boundary`, `.inside`, `.unknown`), the column offset
    /// (zeros when the regex reads no `\b`).
    private let gapColumn: FrozenBuffer<UInt16>
    /// Per state and column, the next state's row (its number × columns), or `acceptSure` /
    /// `acceptMaybe` once a match has ended.
    private let next: FrozenBuffer<UInt32>
    private let columns: Int
    /// Columns of a state's row: classes of symbols, times the readings of the boundary before them.
    public var columnCount: Int { columns }
    /// Per state: a match ends at the text's end (`final`), and the state is sure.
    private let final: FrozenBuffer<Bool>
    /// The row a search begins in: 0, or the state after the text's start when the pattern
    /// reads it (`(?<!\d)` at its start).
    private let startRow: UInt32
    private let sure: FrozenBuffer<Bool>
    /// The pattern ends with `\z`: a match ends only at the text's end.
    private let anchoredEnd: Bool
    /// Per symbol, whether it leaves the start state where it stands, whatever the boundary
    /// before it: the search skips the others while no match is in progress.
    private let startLeaves: FrozenBuffer<Bool>
    /// How the search skips there: 0, not at all (every symbol may leave, or the pattern is
    /// anchored at the start); 1, sixteen symbols at a time (`startSet`); 2, one at a time.
    private let startSkip: Int
    /// `startLeaves` as `sift_first_in_set_padded` reads it.
    private let startSet: FrozenBuffer<sift_byte_set>
    /// The first UTF-8 bytes of the scalars whose symbols are in `startLeaves`, as a set, and
    /// per first byte of a non-ASCII one, a bit per low six bits of its second byte (256
    /// words): the skip of `decide(utf8:)` (`sift_first_leading`).
    private let startBytes: FrozenBuffer<sift_byte_set>
    private let startLeads: FrozenBuffer<UInt64>
    /// The alphabet's `symbolsAndClasses`, and `RegexText.asciiBreak` and `asciiPairs`, kept
    /// here (a static's every read checks that it is made).
    private let symbolsAndClasses: FrozenBuffer<UInt16>
    private let asciiBreak = RegexText.asciiBreak
    private let asciiPairs = RegexText.asciiPairs
    /// The bytes a text must hold for the search to leave the start state (a byte of the
    /// UTF-8 of a symbol in `startLeaves`), 256 flags; nil when every symbol may leave.
    /// A text without one gets `.noMatch`: checking the bytes first spares reading it.
    public let leadingBytes: [Bool]?
    /// For a pattern anchored at the text's start that cannot match the empty text: the
    /// bytes the text must start with (the first UTF-8 byte of a symbol that does not end
    /// every match at once), 256 flags; else nil. One byte to look at, before any other test.
    public let firstBytesOfText: [Bool]?
    /// The byte every match holds (RegexAnchor), or 0; the most scalars a match reaches
    /// before it, and after it with the scalar after the match (`Int.max`: no bound).
    private let anchorByte: UInt8
    private let anchorBefore: Int
    private let anchorAfter: Int
    /// The anchor the search runs around, if any (for tests and `regex-check --layers`).
    public var anchor: (byte: UInt8, before: Int, after: Int?)? {
        anchorByte == 0 ? nil : (anchorByte, anchorBefore, anchorAfter == .max ? nil : anchorAfter - 1)
    }
    /// `RegexText.pairs`, kept here (a static's every read checks that it is made).
    private let pairs = RegexText.pairs
    /// Whether this processor looks for a set of bytes sixteen at a time.
    private static let simd = sift_byte_set_simd() != 0
    /// The regex reads word boundaries (`\b`, `\B`): texts must be read with them
    /// (`RegexText.read(_:then:boundaries:)`).
    public let readsBoundaries: Bool
    /// The automaton is the regex, read exactly: it may answer `.match`.
    public let exact: Bool
    public let stateCount: Int
    /// The symbols it reads texts in: a text must be read in the same alphabet.
    public let alphabet: RegexAlphabet
    /// Transitions that end the search: a match (sure, or for ICU to confirm), or no match
    /// possible any more (`deadEnd`, after a start-anchored pattern failed).
    static let acceptSure = UInt32.max, acceptMaybe = UInt32.max - 1, deadEnd = UInt32.max - 2
    static let maxPositions = PositionSet.capacity, maxStates = 8192, maxCopies = 16
    /// The most transitions (states × columns) an automaton may have: 2 MiB of them.
    static let maxTransitions = 1 << 19

    /// The automaton of `pattern` (as ICU reads it: `ICURegex.spelled`), or nil when it has none.
    public convenience init?(_ pattern: String, alphabet: RegexAlphabet = .standard) {
        let scalars = Array(pattern.unicodeScalars)
        let flags = ICURegex.inlineFlags(scalars)
        let insensitive = flags.on.contains("i")
        // Under (?i), no octal escape, `\N{…}`, `\Q…\E` or POSIX class, whose case closure is
        // ICU's to know. A non-ASCII character (written, or as `\x`, `\u`) is read by its case
        // variants (RegexAlphabet), a class of ranges or a property only where none of its
        // members has case (RegexSyntax): else it is a bound.
        if insensitive {
            // A character that folds apart (`ß`, `İ`) may match two: ICU's alone.
            if scalars.contains(where: { !$0.isASCII && RegexText.foldingApart.contains($0.value) }) { return nil }
            for k in scalars.indices.dropLast() where (scalars[k] == "\\" && "0NQ".unicodeScalars.contains(scalars[k + 1]))
                || Self.posixClass(scalars, at: k) {
                return nil
            }
        }
        guard let tree = RegexSyntax.parse(pattern) else { return nil }
        // Anchors that hold for the whole pattern: its first item `^`/`\A`, its last `\z`.
        var items: [RegexNode] = [tree]
        if case .concat(let all) = tree { items = all }
        // A flag group (`(?i)`) parses as empty: the anchors are the items around such.
        while items.count > 1 && items.first == .empty { items.removeFirst() }
        while items.count > 1 && items.last == .empty { items.removeLast() }
        let anchoredStart = items.first == .textStart, anchoredEnd = items.count > 1 && items.last == .textEnd
        if anchoredStart { items.removeFirst() }
        if anchoredEnd { items.removeLast() }
        // A search finds `(?<=x)y` where it finds `xy`, and `y(?=x)` where it finds `yx`: a
        // lookbehind that opens the pattern (a lookahead that closes it) reads text that no
        // other part of a match reads, so it is read as part of the match.
        if !anchoredStart, case .lookaround(let body, behind: true)? = items.first { items[0] = body }
        if !anchoredEnd, case .lookaround(let body, behind: false)? = items.last { items[items.count - 1] = body }
        // Likewise `(?<!\d)x`, where the text starts or a scalar not in the class comes before
        // `x`: read as `[^\d]x`, the start of the text being a symbol of that class alone
        // (the search begins in the state after it); and `x(?!\d)` as `x[^\d]`, the end of the
        // text being such a symbol (`final` reads it). Only for a one-scalar class that case
        // closure leaves as it is, read exactly.
        var virtualStart = false, virtualEnd = false
        // (Not when what lies between can match the empty text: a match could then read no
        // scalar of the text at all, only its start or end, which no first byte announces.)
        var core = items
        if case .negativeLookaround(_, behind: true)? = core.first { core.removeFirst() }
        if case .negativeLookaround(_, behind: false)? = core.last { core.removeLast() }
        if core.isEmpty || core.allSatisfy(Self.canBeEmpty) { core = [] }
        if !anchoredStart, !core.isEmpty, items.count > 1, case .negativeLookaround(let body, behind: true)? = items.first,
           let c = Self.exactClass(body, insensitive: insensitive) {
            items[0] = .oneOf(nil, c.complemented)
            virtualStart = true
        }
        if !anchoredEnd, !core.isEmpty, items.count > 1, case .negativeLookaround(let body, behind: false)? = items.last,
           let c = Self.exactClass(body, insensitive: insensitive) {
            items[items.count - 1] = .oneOf(nil, c.complemented)
            virtualEnd = true
        }
        // Read exactly: no flag but a leading `(?i)`, nothing approximated in the tree.
        var flagsExact = flags.off.isEmpty && flags.on.isSubset(of: ["i"])
        // Possessive quantifiers and atomic groups give back nothing: `}++.` never matches
        // `}}`, which the automaton (reading them as plain repetition) would. Looked for
        // in the text as written; a false alarm only leaves the answer to ICU.
        if ["(?>", "*+", "++", "?+"].contains(where: { pattern.contains($0) }) || Self.possessiveCount(scalars) { flagsExact = false }
        if insensitive {
            let rest = Array(scalars.dropFirst(4))
            flagsExact = flagsExact && pattern.hasPrefix("(?i)") && ICURegex.inlineFlags(rest).on.isEmpty && ICURegex.inlineFlags(rest).off.isEmpty
        }
        // With `\b` read, the automaton may pass the states allowed (it cannot know that
        // the boundary between two digits is never one): then it is built with `\b` read as
        // empty, a bound only.
        var built: Tables? = nil
        for readBoundaries in [true, false] {
            var g = Glushkov(insensitive: insensitive, readBoundaries: readBoundaries)
            guard let root = g.build(.concat(items)), !root.nullB, !root.nullN, !g.tooLarge, !g.refused else { return nil }
            built = Self.tables(g, root, alphabet, anchoredStart: anchoredStart, anchoredEnd: anchoredEnd, exact: g.exact && flagsExact,
                                virtualStart: virtualStart, virtualEnd: virtualEnd)
            if built != nil || !g.readsBoundaries { break }
        }
        guard let t = built else { return nil }
        // (Anchor windows begin in the start state, not in the state after the text's start.)
        self.init(t, alphabet, anchor: anchoredStart || anchoredEnd || virtualStart || virtualEnd ? nil : RegexAnchor.of(.concat(items)))
    }

    /// The class of a lookaround's body when it is one scalar and, under `(?i)`, its ASCII
    /// letters are closed over case (`\d`, `[\w.]`, `[\s,]`; not `a`, `[^a]`): its complement
    /// is then the scalars it does not match (a bound where the class is one: `complemented`).
    static func exactClass(_ node: RegexNode, insensitive: Bool) -> ScalarClass? {
        let c: ScalarClass
        switch node {
        case .scalar(let s): c = ScalarClass(s)
        case .oneOf(_, let cls): c = cls
        default: return nil
        }
        if insensitive {
            // Both cases of every ASCII letter or neither, and all non-ASCII letters or none.
            let upper = (c.asciiHigh >> 1) & 0x03FF_FFFF, lower = (c.asciiHigh >> 33) & 0x03FF_FFFF
            guard upper == lower, c.ranges == nil else { return nil }
        }
        return c
    }

    /// Whether `node` can match the empty text (reading assertions as empty).
    static func canBeEmpty(_ node: RegexNode) -> Bool {
        switch node {
        case .empty, .assertion, .lookaround, .negativeLookaround, .wordBoundary, .textStart, .textEnd, .unknown: return true
        case .scalar, .oneOf: return false
        case .backreference(let group): return canBeEmpty(group)
        case .concat(let items): return items.allSatisfy(canBeEmpty)
        case .alternation(let items): return items.contains(where: canBeEmpty)
        case .repeated(let body, let lo, _): return lo == 0 || canBeEmpty(body)
        }
    }

    /// Whether a counted repetition is possessive (`{2}+`): a `}+` whose `{` opens a count,
    /// not a property's, a code point's or a name's braces (`\p{Cyrillic}+`, `\x{41}+`).
    static func possessiveCount(_ s: [Unicode.Scalar]) -> Bool {
        for k in s.indices.dropLast() where s[k] == "}" && s[k + 1] == "+" {
            var j = k - 1
            while j >= 0 && (("0"..."9").contains(s[j]) || s[j] == ",") { j -= 1 }
            guard j >= 0, s[j] == "{", j < k - 1 else { continue }        // braces of a name, or a `}`
            if j >= 2, s[j - 2] == "\\", "pPxN".unicodeScalars.contains(s[j - 1]) { continue }
            return true
        }
        return false
    }

    /// Whether a POSIX class (`[:alpha:]`, `[^:alpha:]`) opens at `k`: a `[` then a colon that
    /// a `:]` closes before any `]` (as RegexSyntax reads it; `[:：]` is two colons).
    static func posixClass(_ s: [Unicode.Scalar], at k: Int) -> Bool {
        guard s[k] == "[" else { return false }
        var i = k + 1
        if i < s.count && s[i] == "^" { i += 1 }
        guard i < s.count && s[i] == ":" else { return false }
        var j = i + 1
        while j < s.count && s[j] != "]" { j += 1 }
        return j < s.count && s[j - 1] == ":" && j - 1 > i
    }

    /// Per first byte of a non-ASCII scalar read as one of `symbols`, a bit per low six bits
    /// of its second byte (of more scalars than those: the search decodes what it finds).
    private static func leads(of symbols: FrozenBuffer<Bool>, _ alphabet: RegexAlphabet) -> [UInt64] {
        var words = [UInt64](repeating: 0, count: 256)
        func add(_ v: UInt32) {
            let (first, second) = v < 0x800 ? (0xC0 | v >> 6, 0x80 | v & 0x3F) : (0xE0 | v >> 12, 0x80 | (v >> 6) & 0x3F)
            words[Int(first)] |= 1 << UInt64(second & 63)
        }
        // The kinds of scalars (128–135), and every scalar above the BMP (136).
        for c in 0..<9 where symbols[128 + c] {
            for k in 0..<256 { words[k] |= RegexRun.leadsByCategory[c * 256 + k] }
        }
        if symbols[Int(RegexText.foldsApart)] { RegexText.foldingApart.forEach(add) }
        for (k, v) in alphabet.extras.enumerated() where symbols[138 + k] { add(v) }
        for j in alphabet.partitionKinds.indices where symbols[alphabet.partitionBase + j] {
            for k in 0..<256 { words[k] |= alphabet.partitionLeads[j * 256 + k] }
        }
        return words
    }

    private init(_ t: Tables, _ alphabet: RegexAlphabet, anchor: RegexAnchor?) {
        self.alphabet = alphabet
        // Scalars, in both searches (so that they start and end their windows at the same
        // places); one more scalar after a match is read (the boundary after it).
        anchorByte = anchor?.byte ?? 0
        anchorBefore = anchor?.before ?? 0
        anchorAfter = anchor?.after.map { $0 + 1 } ?? Int.max
        symbolColumn = t.symbolColumn; gapColumn = t.gapColumn; next = t.next; columns = t.columns
        final = t.final; sure = t.sure; anchoredEnd = t.anchoredEnd; startRow = t.startRow
        startLeaves = t.startLeaves; startSkip = t.startSkip
        var set = sift_byte_set()
        sift_byte_set_make(&set, (0..<256).map { UInt8(t.startLeaves[$0] ? 1 : 0) })
        startSet = FrozenBuffer(ownedBuffer([set]))
        let leads = Self.leads(of: t.startLeaves, alphabet)
        var bytes = sift_byte_set()
        sift_byte_set_make(&bytes, (0..<256).map { b in b < 0x80 ? (t.startLeaves[b] ? 1 : 0) : leads[b] != 0 ? 1 : 0 })
        startBytes = FrozenBuffer(ownedBuffer([bytes]))
        startLeads = FrozenBuffer(ownedBuffer(leads))
        symbolsAndClasses = alphabet.symbolsAndClasses
        leadingBytes = t.startSkip == 0 ? nil : alphabet.firstBytes(of: (0..<256).map { t.startLeaves[$0] })
        firstBytesOfText = t.firstSymbols.map { alphabet.firstBytes(of: $0) }
        readsBoundaries = t.readsBoundaries; exact = t.exact; stateCount = t.stateCount
    }

    /// What the automaton is made of (the class's fields, built before it is).
    private struct Tables {
        var symbolColumn: FrozenBuffer<UInt16>, gapColumn: FrozenBuffer<UInt16>, next: FrozenBuffer<UInt32>
        var columns: Int
        var final: FrozenBuffer<Bool>, sure: FrozenBuffer<Bool>
        var anchoredEnd: Bool, readsBoundaries: Bool, exact: Bool, stateCount: Int
        var startLeaves: FrozenBuffer<Bool>, startSkip: Int
        /// The row the search begins in (0 but after a text's start read as a symbol).
        var startRow: UInt32
        /// Under an anchored start, the symbols a match can begin with (nil: the empty text may match).
        var firstSymbols: [Bool]?
    }

    private static func tables(_ g: Glushkov, _ root: Glushkov.Part, _ alphabet: RegexAlphabet, anchoredStart: Bool, anchoredEnd: Bool, exact: Bool,
                               virtualStart: Bool = false, virtualEnd: Bool = false) -> Tables? {
        // Per symbol, the positions it may stand in, and whether that is only a bound; then
        // the text's start and end, when read as symbols (of the first position, the last).
        let symbols = alphabet.symbolCount
        var symbolMask = [PositionSet](repeating: PositionSet(), count: symbols + 2)
        var symbolUnsure = [Bool](repeating: false, count: symbols + 2)
        if virtualStart { symbolMask[symbols] = PositionSet(0) }
        if virtualEnd { symbolMask[symbols + 1] = PositionSet(g.classes.count - 1) }
        let extraIndex = Dictionary(uniqueKeysWithValues: alphabet.extras.enumerated().map { ($1, 138 + $0) })
        let partitionBase = alphabet.partitionBase
        // The letters that fold apart (one symbol): in the classes that hold any of them.
        var foldsMask = PositionSet(), foldsUnsure = false
        for (p, var cls) in g.classes.enumerated() {
            let bit = PositionSet(p)
            if let ranges = cls.ranges, let set = alphabet.setIndex(ranges) {
                // A class of ranges with symbols of its own, read exactly: its ASCII bits, the
                // named scalars it holds, the partitions of its set; a scalar of a kind symbol
                // is in no set, so not in it.
                for b in 0..<128 where cls.holdsASCII(UInt8(b)) { symbolMask[b].formUnion(bit) }
                for (v, x) in extraIndex where ScalarClass.contains(ranges, v) { symbolMask[x].formUnion(bit) }
                for (j, sets) in alphabet.partitionSets.enumerated() where sets & (1 << UInt16(set)) != 0 {
                    symbolMask[partitionBase + j].formUnion(bit)
                }
                if ranges.last.map({ $0.upperBound > 0xFFFF }) == true { symbolMask[136].formUnion(bit); symbolUnsure[136] = true }
                if RegexText.foldingApart.contains(where: { ScalarClass.contains(ranges, $0) }) { foldsMask.formUnion(bit); foldsUnsure = true }
                continue
            }
            if let members = g.members[p] {
                // A class of listed scalars: those with symbols of their own are exactly
                // theirs; only the others stand for their kind, as a bound.
                cls.nonASCII = 0
                cls.inexact &= ScalarClass.asciiInexact
                for v in members {
                    if let x = extraIndex[v] { symbolMask[x].formUnion(bit); continue }
                    let kind: UInt16 = v > 0xFFFF ? 0x100 : 1 << UInt16(RegexClassTable.category(v))
                    cls.nonASCII |= kind
                    cls.inexact |= kind
                }
            } else {
                // A class of kinds (`\w`, `[^…]`): a scalar with a symbol of its own is in it as
                // its kind is.
                for (v, x) in extraIndex {
                    let kind: UInt16 = 1 << UInt16(RegexClassTable.category(v))
                    if cls.nonASCII & kind != 0 { symbolMask[x].formUnion(bit) }
                    if cls.inexact & kind != 0 { symbolUnsure[x] = true }
                }
            }
            for b in 0..<128 where cls.holdsASCII(UInt8(b)) { symbolMask[b].formUnion(bit) }
            if cls.inexact & ScalarClass.asciiInexact != 0 { for b in 0..<128 { symbolUnsure[b] = true } }
            for c in 0..<9 {
                if cls.nonASCII & (1 << UInt16(c)) != 0 { symbolMask[128 + c].formUnion(bit) }
                if cls.inexact & (1 << UInt16(c)) != 0 { symbolUnsure[128 + c] = true }
            }
            // The letters that fold apart are of the word kind (4).
            if cls.nonASCII & 0x10 != 0 { foldsMask.formUnion(bit) }
            if cls.inexact & 0x10 != 0 { foldsUnsure = true }
            // A partition's scalars are of one kind: in the class as their kind is.
            for (j, kind) in alphabet.partitionKinds.enumerated() {
                if cls.nonASCII & (1 << UInt16(kind)) != 0 { symbolMask[partitionBase + j].formUnion(bit) }
                if cls.inexact & (1 << UInt16(kind)) != 0 { symbolUnsure[partitionBase + j] = true }
            }
        }
        // The letters that fold to ASCII: as their category (4, word), or, under (?i), ICU's
        // to match (one of them may stand for two pattern characters: `ff` matches `ﬀ`).
        let folds = Int(RegexText.foldsApart)
        if g.insensitive {
            symbolMask[folds] = .all
            symbolUnsure[folds] = true
        } else {
            symbolMask[folds] = foldsMask
            symbolUnsure[folds] = foldsUnsure
        }
        // Classes of symbols with the same positions and sureness.
        var classOf = [Int](repeating: 0, count: symbols + 2)
        var classMasks: [PositionSet] = [], classUnsure: [Bool] = []
        for sym in 0..<(symbols + 2) {
            let m = symbolMask[sym], u = symbolUnsure[sym]
            if let k = classMasks.indices.first(where: { classMasks[$0] == m && classUnsure[$0] == u }) { classOf[sym] = k } else {
                classOf[sym] = classMasks.count
                classMasks.append(m)
                classUnsure.append(u)
            }
        }
        let classes = classMasks.count
        let readings = g.readsBoundaries ? 3 : 1
        let width = classes * readings
        // Subset construction: a state is a set of positions (the last scalar of a match in
        // progress) and whether it is sure. Every state takes `first` again unless the
        // pattern starts at the text's start (then only state 0, the start, does; the empty
        // set after it is `dead`: no match can start any more).
        typealias Key = StateKey
        var states: [Key] = [Key(positions: PositionSet(), sure: true)]
        var index = StateIndex()
        if !anchoredStart { index.insert(states[0], 0, states) }
        var table: [UInt32] = []
        var k = 0
        func step(_ s: PositionSet, _ boundary: Bool, from start: Bool) -> PositionSet {
            var follow = start ? (boundary ? root.firstB : root.firstN) : PositionSet()
            s.forEach { p in follow.formUnion(boundary ? g.followB[p] : g.followN[p]) }
            return follow
        }
        while k < states.count {
            let state = states[k]
            let start = k == 0 || !anchoredStart
            // The two readings of the boundary before the next symbol: what ends here, what may follow.
            let endsB = state.positions.meets(root.lastB), endsN = state.positions.meets(root.lastN)
            let followB = step(state.positions, true, from: start), followN = step(state.positions, false, from: start)
            // The row's targets so far: most columns lead to one of a few states.
            var seen: [(Key, UInt32)] = []
            for reading in 0..<readings {
                for (c, mask) in classMasks.enumerated() {
                    if mask == .all && g.insensitive { table.append(Self.acceptMaybe); continue }
                    let nextB = followB.intersection(mask), nextN = followN.intersection(mask)
                    var ends: Bool, endsSurely: Bool, t: PositionSet, sureNext: Bool
                    switch readings == 1 ? 0 : reading {
                    case 0: (ends, endsSurely, t, sureNext) = (endsB, state.sure, nextB, state.sure)
                    case 1: (ends, endsSurely, t, sureNext) = (endsN, state.sure, nextN, state.sure)
                    default:
                        ends = endsB || endsN
                        endsSurely = state.sure && endsB == endsN
                        t = nextB.union(nextN)
                        sureNext = state.sure && nextB == nextN
                    }
                    if ends && !anchoredEnd { table.append(endsSurely ? Self.acceptSure : Self.acceptMaybe); continue }
                    let key = Key(positions: t, sure: t.isEmpty || (sureNext && !classUnsure[c]))
                    if let j = seen.first(where: { $0.0 == key }) { table.append(j.1); continue }
                    if let j = index.find(key, states) {
                        table.append(UInt32(j))
                        if seen.count < 8 { seen.append((key, UInt32(j))) }
                        continue
                    }
                    guard states.count < Self.maxStates, (states.count + 1) * width <= Self.maxTransitions else { return nil }
                    index.insert(key, states.count, states)
                    table.append(UInt32(states.count))
                    if seen.count < 8 { seen.append((key, UInt32(states.count))) }
                    states.append(key)
                }
            }
            k += 1
        }
        // The state no match can come from any more (a pattern anchored at the start):
        // transitions to it say so (`deadEnd`) rather than lead to it.
        let dead = anchoredStart ? index.find(Key(positions: PositionSet(), sure: true), states).map(UInt32.init) : nil
        // Transitions hold the next state's row offset (state × columns), not its number.
        let rows = table.map { $0 >= Self.acceptMaybe ? $0 : $0 == dead ? Self.deadEnd : $0 &* UInt32(width) }
        // The state the search begins in: after the text's start, when that is read.
        let startRow = virtualStart && rows[classOf[symbols]] < Self.deadEnd ? rows[classOf[symbols]] : 0
        // The symbols that leave the start state (row 0) under some reading of the boundary
        // before them; under an anchored start every symbol does (no match starts later). With
        // the text's start read, also those that leave the state after it: a match at the
        // text's start begins there.
        let leaves = (0..<256).map { sym in
            anchoredStart || sym >= symbols || (0..<readings).contains { rows[$0 * classes + classOf[sym]] != 0 }
                || (startRow != 0 && (0..<readings).contains { rows[Int(startRow) + $0 * classes + classOf[sym]] != 0 })
        }
        // Skip while no match is in progress: not at all when every symbol may leave the
        // start state, or none stays (an anchored start).
        let skip = anchoredStart || !leaves.contains(false) ? 0 : Self.simd ? 1 : 2
        // Under an anchored start, the symbols whose step from the start does not end every
        // match (under some reading of the boundary before them); none if the start accepts.
        var firstSymbols: [Bool]? = nil
        if anchoredStart && !states[0].positions.meets(root.lastB) && !(root.nullB || root.nullN) {
            firstSymbols = (0..<256).map { sym in
                sym < symbols && (0..<readings).contains { rows[$0 * classes + classOf[sym]] != Self.deadEnd }
            }
        }
        return Tables(
            symbolColumn: FrozenBuffer(ownedBuffer((0..<symbols).map { UInt16(classOf[$0]) })),
            gapColumn: FrozenBuffer(ownedBuffer(readings == 1 ? [0, 0, 0] : [0, UInt16(classes), UInt16(2 * classes)])),
            next: FrozenBuffer(ownedBuffer(rows)),
            columns: width,
            // The end of the text is always a word boundary; with the end read as a symbol, a
            // match may also end on it.
            final: FrozenBuffer(ownedBuffer(states.enumerated().map { k, state in
                state.positions.meets(root.lastB) || (virtualEnd
                    && step(state.positions, true, from: k == 0 || !anchoredStart).intersection(symbolMask[symbols + 1]).meets(root.lastB))
            })),
            sure: FrozenBuffer(ownedBuffer(states.map(\.sure))),
            anchoredEnd: anchoredEnd,
            readsBoundaries: g.readsBoundaries, exact: exact, stateCount: states.count,
            startLeaves: FrozenBuffer(ownedBuffer(leaves)), startSkip: skip, startRow: startRow, firstSymbols: firstSymbols)
    }

    deinit {
        next.deallocate(); symbolColumn.deallocate(); final.deallocate(); sure.deallocate(); gapColumn.deallocate()
        startLeaves.deallocate(); startSet.deallocate(); startBytes.deallocate(); startLeads.deallocate()
    }

    /// What the regex does on `text`, which must be read with what boundaries need when
    /// `readsBoundaries`: the search over a text read whole into symbols, which
    /// `decide(utf8:)` must agree with (tests compare the two).
    @inline(__always)
    public func decide(_ text: RegexText) -> RegexDecision {
        precondition(text.alphabet === alphabet, "a text read in another alphabet")
        precondition(!readsBoundaries || text.keepsBoundaries, "the text was read without boundaries")
        return run(text.symbolPointer, text.wordClasses, text.scalarCount)
    }

    /// The search: from the start state, skips the symbols that keep it there (`startSkip`),
    /// then follows transitions until the start state comes back, a match ends, or no match
    /// can come any more. With an anchor, only in the windows around the anchors that
    /// `decide(utf8:)` searches, each begun in the start state: an unsure reading before a
    /// window (an unknown boundary) leaves a later match sure in both searches alike.
    @inline(__always)
    private func run(_ symbols: UnsafeMutablePointer<UInt8>, _ classes: RegexText.WordClasses, _ n: Int) -> RegexDecision {
        var s = startRow
        var i = 0
        if anchorByte != 0 {
            var end = 0, q = 0
            while true {
                while q < n && symbols[q] != anchorByte { q &+= 1 }
                if q >= n { break }
                if q - anchorBefore > i { i = q - anchorBefore; s = 0 }
                end = max(end, anchorAfter >= n - q ? n : q &+ 1 &+ anchorAfter)
                if let d = steps(symbols, classes, n, &i, &s, until: end) { return d }
                if i >= n { break }
                q &+= 1
            }
            if i < n { return .noMatch }
        } else if let d = steps(symbols, classes, n, &i, &s, until: n) {
            return d
        }
        let state = Int(s) / columns
        guard final[state] else { return .noMatch }
        return exact && sure[state] ? .match : .maybe
    }

    /// `run`'s search from `symbols[i]` in state `s` up to `end` (or past it, to the end of a
    /// skip): what it decided on the way, or nil with `i` and `s` where it stopped.
    @inline(__always)
    private func steps(_ symbols: UnsafeMutablePointer<UInt8>, _ classes: RegexText.WordClasses, _ n: Int,
                       _ i: inout Int, _ s: inout UInt32, until end: Int) -> RegexDecision? {
        let next = self.next.baseAddress.unsafelyUnwrapped, symbolColumn = self.symbolColumn.baseAddress.unsafelyUnwrapped
        let gapColumn = self.gapColumn.baseAddress.unsafelyUnwrapped
        let leaves = startLeaves.baseAddress.unsafelyUnwrapped
        let skip = startSkip
        let pairs = self.pairs
        let boundaries = readsBoundaries
        while i < end {
            if s == 0 && skip != 0 {
                // A symbol at a time for the next few (a skip is often short), then sixteen
                // at a time where the processor can.
                let near = skip == 1 ? min(i &+ 8, n) : n
                while i < near && !leaves[Int(symbols[i])] { i &+= 1 }
                if i == near && near < n {
                    i = sift_first_in_set_padded(symbols, i, n, startSet.baseAddress)
                }
                if i >= end { break }
            }
            var column = Int(symbolColumn[Int(symbols[i])])
            if boundaries { column &+= Int(gapColumn[Int(RegexText.gap(before: i, classes, n, pairs))]) }
            let t = next[Int(s) &+ column]
            if t >= Self.deadEnd {
                if t == Self.deadEnd { return .noMatch }
                return t == Self.acceptSure && exact ? .match : .maybe
            }
            s = t
            i &+= 1
        }
        return nil
    }

    /// What the regex does on `text` (valid UTF-8), as `decide(_: RegexText)` says, read
    /// here as the search goes: only the scalars it steps on are decoded (with, for `\b`,
    /// their neighbours' word-break classes), and it skips to the first bytes of the
    /// scalars that leave the start state sixteen bytes at a time. Reading the whole text
    /// into symbols first cost more than most searches.
    public func decide(utf8 text: UnsafeBufferPointer<UInt8>) -> RegexDecision {
        let n = text.count
        guard n > 0, let p = text.baseAddress else {
            let first = Int(startRow) / columns
            return final[first] ? (exact && sure[first] ? .match : .maybe) : .noMatch
        }
        var s = startRow
        var i = 0
        if anchorByte != 0 {
            // Only around the anchors: from `anchorBefore` scalars before each to
            // `anchorAfter` after it, windows that overlap read as one. (Scalars, not bytes,
            // as the search over symbols counts them: a window begun elsewhere could begin
            // after an unknown boundary the other search read, and answer otherwise.)
            var end = 0, from = 0
            while from < n, let hit = memchr(p + from, Int32(anchorByte), n - from) {
                let q = p.distance(to: hit.assumingMemoryBound(to: UInt8.self))
                from = q &+ 1
                if q > i {
                    // A window apart from the last: no match in progress reaches it.
                    var start = q, k = anchorBefore
                    while k > 0 && start > i { start = Self.start(before: start, p); k &-= 1 }
                    if start > i { i = start; s = 0 }
                }
                if anchorAfter >= n - q {
                    end = n
                } else if end < n {
                    var e = q &+ 1, k = anchorAfter
                    while k > 0 && e < n {
                        let b = p[e]
                        e &+= b < 0x80 ? 1 : b < 0xE0 ? 2 : b < 0xF0 ? 3 : 4
                        k &-= 1
                    }
                    end = max(end, min(e, n))
                }
                if let d = steps(p, n, &i, &s, until: end) { return d }
                if i >= n { break }
            }
            if i < n { return .noMatch }
        } else if let d = steps(p, n, &i, &s, until: n) {
            return d
        }
        let state = Int(s) / columns
        guard final[state] else { return .noMatch }
        return exact && sure[state] ? .match : .maybe
    }

    /// The search from `p[i]` in state `s` up to `end` (or past it, to the end of a scalar or
    /// a skip): what it decided on the way, or nil with `i` and `s` where it stopped.
    @inline(__always)
    private func steps(_ p: UnsafePointer<UInt8>, _ n: Int, _ i: inout Int, _ s: inout UInt32, until end: Int) -> RegexDecision? {
        let next = self.next.baseAddress.unsafelyUnwrapped, symbolColumn = self.symbolColumn.baseAddress.unsafelyUnwrapped
        let gapColumn = self.gapColumn.baseAddress.unsafelyUnwrapped
        let leaves = startLeaves.baseAddress.unsafelyUnwrapped
        let set = startBytes.baseAddress.unsafelyUnwrapped, leads = startLeads.baseAddress.unsafelyUnwrapped
        let simd: Int32 = startSkip == 1 ? 1 : 0
        let skip = startSkip != 0
        let boundaries = readsBoundaries
        while i < end {
            if s == 0 && skip {
                // To a scalar that may leave the start state: a few ASCII bytes here (a skip
                // is often short), then sixteen bytes at a time to a first byte that may
                // start one, whose scalar's symbol decides.
                let near = min(i &+ 4, n)
                while i < near && p[i] < 0x80 && !leaves[Int(p[i])] { i &+= 1 }
                while i < n && !(p[i] < 0x80 && leaves[Int(p[i])]) {
                    i = sift_first_leading(p, i, n, set, leads, simd)
                    if i >= n || p[i] < 0x80 { break }
                    let (symbol, _, length) = scalar(p, i, n)
                    if leaves[Int(symbol)] { break }
                    i &+= length
                }
                if i >= end { break }
            }
            // An ASCII scalar is its byte; its word-break class is looked up only if needed.
            let b = p[i]
            var symbol = b, wordClass: UInt8 = 0, length = 1
            if b >= 0x80 { (symbol, wordClass, length) = scalar(p, i, n) }
            var column = Int(symbolColumn[Int(symbol)])
            if boundaries { column &+= Int(gapColumn[Int(gap(p, i, n, wordClass, length))]) }
            let t = next[Int(s) &+ column]
            if t >= Self.deadEnd {
                if t == Self.deadEnd { return .noMatch }
                return t == Self.acceptSure && exact ? .match : .maybe
            }
            s = t
            i &+= length
        }
        return nil
    }

    /// The scalar that starts at `p[i]`: its symbol, its word-break class and its length in
    /// bytes (as `RegexText` reads it).
    @inline(__always)
    private func scalar(_ p: UnsafePointer<UInt8>, _ i: Int, _ n: Int) -> (UInt8, UInt8, Int) {
        let b = p[i]
        if b < 0x80 { return (b, asciiBreak[Int(b)], 1) }
        if b < 0xE0 && i &+ 1 < n {
            let sc = symbolsAndClasses[Int(b & 0x1F) &<< 6 | Int(p[i &+ 1] & 0x3F)]
            return (UInt8(truncatingIfNeeded: sc), UInt8(truncatingIfNeeded: sc &>> 8), 2)
        }
        return longScalar(p, i, n)
    }

    @inline(never)
    private func longScalar(_ p: UnsafePointer<UInt8>, _ i: Int, _ n: Int) -> (UInt8, UInt8, Int) {
        let b = p[i]
        let v = UTF8Scalar.decode(UnsafeBufferPointer(start: p, count: n), i)
        let length = b < 0xE0 ? 2 : b < 0xF0 ? 3 : 4
        if v > 0xFFFF { return (136, UInt8(truncatingIfNeeded: sift_word_break_class(Int32(v))), length) }
        let sc = symbolsAndClasses[Int(v)]
        return (UInt8(truncatingIfNeeded: sc), UInt8(truncatingIfNeeded: sc &>> 8), length)
    }

    /// The word-break class of the scalar that starts at `p[i]`.
    @inline(__always)
    private func wordClass(_ p: UnsafePointer<UInt8>, _ i: Int, _ n: Int) -> UInt8 { scalar(p, i, n).1 }

    /// Where the scalar before the one at `p[i]` (`i > 0`) starts.
    @inline(__always)
    private static func start(before i: Int, _ p: UnsafePointer<UInt8>) -> Int {
        var j = i &- 1
        while j > 0 && p[j] & 0xC0 == 0x80 { j &-= 1 }
        return j
    }

    /// The boundary before the scalar at `p[i]`, of `length` bytes and, when it is not ASCII,
    /// of word-break class `nonASCIIClass`: `RegexText.gap(before:_:_:_:)` read from the bytes.
    @inline(__always)
    private func gap(_ p: UnsafePointer<UInt8>, _ i: Int, _ n: Int, _ nonASCIIClass: UInt8, _ length: Int) -> UInt8 {
        let y = p[i]
        if i > 0 {
            let x = p[i &- 1]
            if (x | y) < 0x80 {
                // Two ASCII scalars: their pair's boundary from their bytes.
                let r = asciiPairs[Int(x) &<< 7 | Int(y)]
                return r <= RegexText.unknown ? r : context(p, i, n, asciiBreak[Int(y)], length)
            }
        }
        let c = y < 0x80 ? asciiBreak[Int(y)] : nonASCIIClass
        if i == 0 { return c >= RegexText.ideographicClass ? RegexText.unknown : RegexText.boundary }
        let r = pairs[Int(wordClass(p, Self.start(before: i, p), n)) &<< 4 | Int(c)]
        return r <= RegexText.unknown ? r : context(p, i, n, c, length)
    }

    /// `RegexText.context`: the gap before the scalar at `p[i]` (class `b`, `length` bytes),
    /// where one scalar further on either side decides.
    @inline(never)
    private func context(_ p: UnsafePointer<UInt8>, _ i: Int, _ n: Int, _ b: UInt8, _ length: Int) -> UInt8 {
        let j = Self.start(before: i, p)
        let a = wordClass(p, j, n)
        if a == RegexText.letterClass || a == RegexText.numericClass {
            // `a` then a mark: one word (or number) only if the same kind follows the mark.
            let k = i &+ length
            guard k < n else { return RegexText.boundary }
            let after = wordClass(p, k, n)
            if after == RegexText.unknownClass { return RegexText.unknown }
            return after == a ? RegexText.inside : RegexText.boundary
        }
        // A mark then `b`: one word only if the same kind comes before the mark.
        guard j > 0 else { return RegexText.boundary }
        let before = wordClass(p, Self.start(before: j, p), n)
        if before == RegexText.unknownClass { return RegexText.unknown }
        return before == b ? RegexText.inside : RegexText.boundary
    }

    /// Whether the regex may match in `text` (one text, read here; for tests and checks).
    public func mayMatch(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        decide(text) != .noMatch
    }

    /// What the regex does on `text` (one text; for tests and checks): `decide(utf8:)`.
    public func decide(_ text: UnsafeBufferPointer<UInt8>) -> RegexDecision {
        decide(utf8: text)
    }
}
