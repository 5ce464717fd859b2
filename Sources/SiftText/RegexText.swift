// A message as the regex automata read it (RegexAutomaton): once per text, shared
// by every automaton that looks at it. Per scalar, a symbol (the ASCII byte, or
// the kind of a non-ASCII scalar) and, when some automaton reads `\b`, what it
// takes to tell whether a word boundary lies just before it (a non-ASCII
// scalar's word-break class), which an automaton asks where it steps.
//
// Word boundaries are ICU's (its regex reads `\b` with its English word break
// iterator, UAX #29 with ICU's tailorings). They are drawn here for the scalars
// whose Word_Break value is one of the simple ones (letters outside the
// dictionary scripts, digits, the mid-word punctuation, spaces, line breaks,
// everything else): rules WB3–WB3d, WB5–WB13b. Next to anything else
// (extenders, format characters, Hebrew letters, katakana, Han, Hangul,
// South-East Asian scripts, regional indicators, `@`) a boundary is unknown,
// and an automaton whose answer would hang on it leaves the answer to ICU.
// Tests compare every boundary drawn here with ICU's own.
import CICUShim

/// The symbols and boundaries of one text, reused from message to message (one per
/// worker: not to be shared between threads).
public final class RegexText {
    /// Per scalar, its symbol: the byte for ASCII; 128 + its category (`RegexClassTable`)
    /// for other BMP scalars; 136 above the BMP; 137 for the few letters whose case folding
    /// holds an ASCII letter or more than one scalar (`foldingApart`), of category 4.
    public var symbols: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: symbolStore, count: count) }
    /// Per scalar, the boundary just before it, then the one at the end (`symbols.count + 1`
    /// entries): `RegexText.boundary`, `.inside` or `.unknown`. Empty until `drawBoundaries`.
    public var gaps: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: gapStore, count: gapsDrawn ? count + 1 : 0) }

    public static let boundary: UInt8 = 0, inside: UInt8 = 1, unknown: UInt8 = 2
    /// Bytes readable past the last symbol: an automaton looks for the symbols that start a
    /// match sixteen at a time (`sift_first_in_set_padded`).
    static let padding = 16
    static let foldsApart: UInt8 = 137
    /// The symbols of the text's scalars (`RegexAlphabet`).
    public let alphabet: RegexAlphabet

    private var count = 0, capacity = 0
    private var symbolStore: UnsafeMutablePointer<UInt8>
    /// Per scalar, its word-break class (`SIFT_WB_*`), kept to draw the boundaries.
    private var classStore: UnsafeMutablePointer<UInt8>
    private var gapStore: UnsafeMutablePointer<UInt8>
    private var gapsDrawn = false
    /// Whether the last text read kept what `drawBoundaries` needs.
    private var breaks = false

    public init(alphabet: RegexAlphabet = .standard) {
        self.alphabet = alphabet
        symbolStore = Self.allocateSymbols(1); classStore = .allocate(capacity: 1); gapStore = .allocate(capacity: 2)
    }

    /// Room for `capacity` symbols and the padding after them, zeroed: the padding is read
    /// (and its bytes ignored) before any symbol is written there.
    private static func allocateSymbols(_ capacity: Int) -> UnsafeMutablePointer<UInt8> {
        let p = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity + padding)
        p.initialize(repeating: 0, count: capacity + padding)
        return p
    }

    deinit { symbolStore.deallocate(); classStore.deallocate(); gapStore.deallocate() }

    /// Reads `text` (valid UTF-8), or `first` and `second` with a space between them;
    /// `boundaries` when an automaton that reads `\b` may look at it.
    public func read(_ first: UnsafeBufferPointer<UInt8>, then second: UnsafeBufferPointer<UInt8>? = nil, boundaries: Bool = true) {
        let bytes = first.count + (second.map { $0.count + 1 } ?? 0)
        if bytes > capacity {
            capacity = max(bytes, capacity * 2, 256)
            symbolStore.deallocate(); classStore.deallocate(); gapStore.deallocate()
            symbolStore = Self.allocateSymbols(capacity); classStore = .allocate(capacity: capacity); gapStore = .allocate(capacity: capacity + 1)
        }
        count = 0
        gapsDrawn = false
        breaks = boundaries
        append(first)
        if let second {
            symbolStore[count] = 0x20
            classStore[count] = UInt8(SIFT_WB_WSEGSPACE)
            count += 1
            append(second)
        }
    }

    /// Reads `first`'s text, a space, then `second`'s, as `read(_:then:)` would, from what
    /// they have read already.
    public func join(_ first: RegexText, _ second: RegexText) {
        precondition(first.alphabet === alphabet && second.alphabet === alphabet, "texts read in another alphabet")
        let n = first.count + 1 + second.count
        if n > capacity {
            capacity = max(n, capacity * 2, 256)
            symbolStore.deallocate(); classStore.deallocate(); gapStore.deallocate()
            symbolStore = Self.allocateSymbols(capacity); classStore = .allocate(capacity: capacity); gapStore = .allocate(capacity: capacity + 1)
        }
        breaks = first.breaks && second.breaks
        gapsDrawn = false
        symbolStore.update(from: first.symbolStore, count: first.count)
        symbolStore[first.count] = 0x20
        (symbolStore + first.count + 1).update(from: second.symbolStore, count: second.count)
        if breaks {
            classStore.update(from: first.classStore, count: first.count)
            classStore[first.count] = UInt8(SIFT_WB_WSEGSPACE)
            (classStore + first.count + 1).update(from: second.classStore, count: second.count)
        }
        count = n
    }

    /// Reads `text` after what is read. A scalar's symbol; and when boundaries are kept,
    /// the word-break class of a non-ASCII one (an ASCII one's is its symbol's: `WordClasses`).
    private func append(_ text: UnsafeBufferPointer<UInt8>) {
        guard let base = text.baseAddress else { return }
        let n = text.count
        let both = alphabet.symbolsAndClasses
        let out = symbolStore, classes = classStore
        let keep = breaks
        var k = count
        var i = 0
        while i < n {
            let b = base[i]
            if b < 0x80 {
                // ASCII: the symbols are the bytes, eight at a time while they last (there is
                // room: a scalar takes a byte or more, a symbol one).
                while i &+ 8 <= n {
                    let w = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)
                    if w & 0x8080_8080_8080_8080 != 0 { break }
                    UnsafeMutableRawPointer(out + k).storeBytes(of: w, as: UInt64.self)
                    i &+= 8; k &+= 8
                }
                while i < n && base[i] < 0x80 { out[k] = base[i]; k &+= 1; i &+= 1 }
                continue
            }
            let v: UInt32
            if b < 0xE0 && i &+ 1 < n {
                v = UInt32(b & 0x1F) &<< 6 | UInt32(base[i &+ 1] & 0x3F)
                i &+= 2
            } else {
                v = UTF8Scalar.decode(text, i)
                i &+= b < 0xE0 ? 2 : b < 0xF0 ? 3 : 4
            }
            if v > 0xFFFF {
                out[k] = 136
                if keep { classes[k] = UInt8(truncatingIfNeeded: sift_word_break_class(Int32(v))) }
            } else {
                // One read for both: the symbol, and above it the word-break class.
                let sc = both[Int(v)]
                out[k] = UInt8(truncatingIfNeeded: sc)
                if keep { classes[k] = UInt8(truncatingIfNeeded: sc &>> 8) }
            }
            k &+= 1
        }
        count = k
    }

    /// Fills `gaps` (once per text). Automata do not need it: they read the boundary
    /// before each scalar they look at (`gap(before:_:_:)`) as they go.
    public func drawBoundaries() {
        precondition(breaks, "the text was read without boundaries")
        guard !gapsDrawn else { return }
        gapsDrawn = true
        let n = count, g = gapStore
        if n == 0 { g[0] = Self.boundary; return }
        let c = wordClasses
        let pairs = Self.pairs
        for i in 0..<n { g[i] = Self.gap(before: i, c, n, pairs) }
        g[n] = c[n - 1] >= Self.ideographicClass ? Self.unknown : Self.boundary
    }

    /// The text read with what boundaries need (`read(_:then:boundaries:)`).
    var keepsBoundaries: Bool { breaks }
    /// The scalars read, their symbols and their word-break classes (for the automata).
    public var scalarCount: Int { count }
    var symbolPointer: UnsafeMutablePointer<UInt8> { symbolStore }
    var wordClasses: WordClasses { WordClasses(symbols: symbolStore, stored: classStore, ascii: asciiClasses, asciiPairs: asciiPairClasses) }
    /// `asciiBreak` and `asciiPairs`, kept here (a static's every read checks that it is made).
    private let asciiClasses = RegexText.asciiBreak.baseAddress.unsafelyUnwrapped
    private let asciiPairClasses = RegexText.asciiPairs.baseAddress.unsafelyUnwrapped

    /// Per pair of ASCII scalars (the one before << 7 | the one after), `pairs` of their classes.
    static let asciiPairs: FrozenBuffer<UInt8> = FrozenBuffer(ownedBuffer((0..<(128 * 128)).map { k in
        pairs[Int(asciiBreak[k >> 7]) << 4 | Int(asciiBreak[k & 127])]
    }))

    /// The word-break class of each scalar of a text read with boundaries: an ASCII
    /// scalar's from its symbol (the byte), another's as stored when it was read.
    struct WordClasses {
        let symbols: UnsafeMutablePointer<UInt8>, stored: UnsafeMutablePointer<UInt8>, ascii: UnsafeMutablePointer<UInt8>
        let asciiPairs: UnsafeMutablePointer<UInt8>
        @inline(__always)
        subscript(_ i: Int) -> UInt8 {
            let s = symbols[i]
            return s < 0x80 ? ascii[Int(s)] : stored[i]
        }
    }

    /// The boundary before scalar `i` (`i < n`) of a text of `n` scalars with the word-break
    /// classes `c`: `boundary`, `inside` or `unknown`.
    @inline(__always)
    static func gap(before i: Int, _ c: WordClasses, _ n: Int, _ pairs: FrozenBuffer<UInt8>) -> UInt8 {
        if i > 0 {
            // Two ASCII scalars: their pair's boundary from their bytes.
            let x = c.symbols[i &- 1], y = c.symbols[i]
            if (x | y) < 0x80 {
                let r = c.asciiPairs[Int(x) &<< 7 | Int(y)]
                return r <= unknown ? r : context(c, n, i)
            }
        }
        let b = c[i]
        if i == 0 { return b >= ideographicClass ? unknown : boundary }
        let r = pairs[Int(c[i &- 1]) &<< 4 | Int(b)]
        return r <= unknown ? r : context(c, n, i)
    }

    /// The gap before scalar `i` where the pair around it is a letter or digit and a mark
    /// between words or numbers (WB6, WB7, WB11, WB12): the scalars one further decide.
    @inline(never)
    static func context(_ c: WordClasses, _ n: Int, _ i: Int) -> UInt8 {
        let a = c[i - 1], b = c[i]
        if a == letter || a == numeric {
            // `a` then a mark: one word (or number) only if the same kind follows the mark.
            guard i + 1 < n else { return boundary }
            let after = c[i + 1]
            if after == unknownClass { return unknown }
            return after == a ? inside : boundary
        }
        // A mark then `b`: one word only if the same kind comes before the mark.
        guard i >= 2 else { return boundary }
        let before = c[i - 2]
        if before == unknownClass { return unknown }
        return before == b ? inside : boundary
    }

    /// Per pair of word-break classes (the one before << 4 | the one after), the boundary
    /// between them: `boundary`, `inside`, `unknown`, or 3 when the scalars one further
    /// decide (`context`).
    static let pairs: FrozenBuffer<UInt8> = FrozenBuffer(ownedBuffer((0..<256).map { (k: Int) -> UInt8 in
        let a = UInt8(k >> 4), b = UInt8(k & 15)
        if a == unknownClass || b == unknownClass { return unknown }
        // Ideographs: the dictionary divides their runs, and (WB13a) a katakana joins `_`;
        // next to anything else, a boundary (no rule joins them to it).
        if a == ideographic || b == ideographic {
            return a == b || a == extendNumLet || b == extendNumLet ? unknown : boundary
        }
        if a > newline || b > newline { return unknown }
        if a == cr && b == lf { return inside }                                        // WB3
        if a == cr || a == lf || a == newline || b == cr || b == lf || b == newline { return boundary }   // WB3a, WB3b
        if a == space && b == space { return inside }                                  // WB3d
        let word: (UInt8) -> Bool = { $0 == letter || $0 == numeric }
        if word(a) && word(b) { return inside }                                        // WB5, WB8–WB10
        if (word(a) || a == extendNumLet) && b == extendNumLet { return inside }       // WB13a
        if a == extendNumLet && word(b) { return inside }                              // WB13b
        let midWord: (UInt8) -> Bool = { $0 == midLetter || $0 == midNumLet || $0 == singleQuote }
        let midNumber: (UInt8) -> Bool = { $0 == midNum || $0 == midNumLet || $0 == singleQuote }
        if (a == letter && midWord(b)) || (midWord(a) && b == letter) { return 3 }     // WB6, WB7
        if (a == numeric && midNumber(b)) || (midNumber(a) && b == numeric) { return 3 } // WB11, WB12
        return boundary
    }))

    /// Word-break classes (SIFT_WB_*), shortened here.
    /// Unknown, and ideographs (whose boundaries with each other ICU's dictionary draws):
    /// where the boundary at a text's start or end is left unknown. An ideograph one scalar
    /// further (`context`) is known to be neither a letter nor a digit.
    static let unknownClass = UInt8(SIFT_WB_UNKNOWN), ideographicClass = UInt8(SIFT_WB_IDEOGRAPHIC)
    private static let ideographic = UInt8(SIFT_WB_IDEOGRAPHIC)
    static let letterClass = UInt8(SIFT_WB_ALETTER), numericClass = UInt8(SIFT_WB_NUMERIC)
    private static let other = UInt8(SIFT_WB_OTHER), letter = UInt8(SIFT_WB_ALETTER), numeric = UInt8(SIFT_WB_NUMERIC),
        midLetter = UInt8(SIFT_WB_MIDLETTER), midNum = UInt8(SIFT_WB_MIDNUM), midNumLet = UInt8(SIFT_WB_MIDNUMLET),
        singleQuote = UInt8(SIFT_WB_SINGLE_QUOTE), extendNumLet = UInt8(SIFT_WB_EXTENDNUMLET),
        space = UInt8(SIFT_WB_WSEGSPACE), cr = UInt8(SIFT_WB_CR), lf = UInt8(SIFT_WB_LF),
        newline = UInt8(SIFT_WB_NEWLINE)

    /// Word-break classes of the ASCII scalars. `@` is left unknown: ICU's tailoring of it
    /// has changed between versions.
    static let asciiBreak: FrozenBuffer<UInt8> = FrozenBuffer(ownedBuffer((0..<128).map { b in
        b == 0x40 ? unknownClass : UInt8(truncatingIfNeeded: sift_word_break_class(Int32(b)))
    }))

    /// Word-break classes of the BMP, from ICU, built the first time a text is read.
    static let breakTable: FrozenBuffer<UInt8> = {
        let t = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: 0x10000)
        for v in 0..<0x10000 {
            t[v] = v < 128 ? asciiBreak[v] : (0xD800...0xDFFF).contains(v) ? unknownClass : UInt8(truncatingIfNeeded: sift_word_break_class(Int32(v)))
        }
        return FrozenBuffer(t)
    }()

    /// The symbol of each BMP scalar in the standard alphabet.
    static let standardTable: [UInt8] = {
        var t = (0..<0x10000).map { v in v < 128 ? UInt8(v) : 128 + RegexClassTable.category(UInt32(v)) }
        for v in foldingApart { t[Int(v)] = foldsApart }
        return t
    }()

    /// The non-ASCII scalars whose full case folding holds an ASCII letter or more than one
    /// scalar, or that ICU's case-insensitive matching takes for an ASCII letter (`ß`, `ſ`,
    /// `K`, `ﬀ`, `ΐ`, `ᾳ`; not the dotless `ı`, which ICU matches with itself alone). A
    /// case-insensitive automaton leaves a text with one of them to ICU: it may stand for two pattern characters. A test checks the list
    /// against the case folding and ICU.
    package static let foldingApart: [UInt32] = [
        0x00DF, 0x0130, 0x0149, 0x017F, 0x01F0, 0x0390, 0x03B0, 0x0587, 0x1E96, 0x1E97, 0x1E98,
        0x1E99, 0x1E9A, 0x1E9E, 0x1F50, 0x1F52, 0x1F54, 0x1F56, 0x1F80, 0x1F81, 0x1F82, 0x1F83, 0x1F84,
        0x1F85, 0x1F86, 0x1F87, 0x1F88, 0x1F89, 0x1F8A, 0x1F8B, 0x1F8C, 0x1F8D, 0x1F8E, 0x1F8F, 0x1F90,
        0x1F91, 0x1F92, 0x1F93, 0x1F94, 0x1F95, 0x1F96, 0x1F97, 0x1F98, 0x1F99, 0x1F9A, 0x1F9B, 0x1F9C,
        0x1F9D, 0x1F9E, 0x1F9F, 0x1FA0, 0x1FA1, 0x1FA2, 0x1FA3, 0x1FA4, 0x1FA5, 0x1FA6, 0x1FA7, 0x1FA8,
        0x1FA9, 0x1FAA, 0x1FAB, 0x1FAC, 0x1FAD, 0x1FAE, 0x1FAF, 0x1FB2, 0x1FB3, 0x1FB4, 0x1FB6, 0x1FB7,
        0x1FBC, 0x1FC2, 0x1FC3, 0x1FC4, 0x1FC6, 0x1FC7, 0x1FCC, 0x1FD2, 0x1FD3, 0x1FD6, 0x1FD7, 0x1FE2,
        0x1FE3, 0x1FE4, 0x1FE6, 0x1FE7, 0x1FF2, 0x1FF3, 0x1FF4, 0x1FF6, 0x1FF7, 0x1FFC, 0x212A, 0x212B,
        0xFB00, 0xFB01, 0xFB02, 0xFB03, 0xFB04, 0xFB05, 0xFB06, 0xFB13, 0xFB14, 0xFB15, 0xFB16, 0xFB17,
    ]
}

/// ICU's own word boundaries of a text (what its regex `\b` reads), per scalar: whether a
/// boundary lies before it, then whether one lies at the end. For tests of `RegexText`.
package func icuWordBoundaries(_ text: String) -> [Bool] {
    let units = Array(text.utf16)
    var out = [UInt8](repeating: 0, count: units.count + 1)
    let status = units.withUnsafeBufferPointer { u in
        out.withUnsafeMutableBufferPointer { o in sift_word_boundaries(u.baseAddress, Int32(u.count), o.baseAddress) }
    }
    precondition(status == 0, "ICU's word break iterator failed")
    var result: [Bool] = []
    var offset = 0
    for scalar in text.unicodeScalars {
        result.append(out[offset] != 0)
        offset += scalar.value > 0xFFFF ? 2 : 1
    }
    result.append(out[offset] != 0)
    return result
}

/// The symbols texts are read in: 0–127 the ASCII scalars, 128–135 the kinds of the other
/// BMP scalars (their `RegexClassTable` category), 136 every scalar above the BMP, 137 the
/// letters that fold apart (`RegexText.foldingApart`); and from 138, a symbol of its own for each of up to 118
/// non-ASCII scalars the rule set's case-sensitive regexes name (`€`, `验`, `ש`), so that
/// an automaton tells them from the rest of their kind and reads such a pattern exactly.
public final class RegexAlphabet: Sendable {
    /// The scalar of each symbol from 138.
    public let extras: [UInt32]
    /// The classes of ranges (`ScalarClass.ranges`: `[\u0600-\u06FF]`, `\p{Cyrillic}`) the
    /// case-sensitive regexes use, up to 16, first used first: their members are read apart.
    public let sets: [[ClosedRange<UInt32>]]
    /// After the extras, one symbol per kind and sets of the BMP scalars in some set (and not
    /// an extra, nor a letter that folds apart): the scalars' kind, and a bit per set.
    let partitionKinds: [UInt8], partitionSets: [UInt16]
    /// Per partition symbol, per first UTF-8 byte of its scalars a bit per low six bits of the
    /// second (256 words each), as `RegexAutomaton` skips to them.
    let partitionLeads: [UInt64]
    public var partitionBase: Int { 138 + extras.count }
    public var symbolCount: Int { 138 + extras.count + partitionKinds.count }
    public static let standard = RegexAlphabet(extras: [], sets: [])
    static let maxExtras = 118, maxSets = 16

    /// The index in `sets` of a class's ranges, when it has symbols of its own.
    public func setIndex(_ ranges: [ClosedRange<UInt32>]) -> Int? { sets.firstIndex(of: ranges) }

    /// Per symbol, the first UTF-8 bytes of the scalars read as it: four words of 64 bits.
    let firstBytes: [UInt64]
    /// Per BMP scalar, its symbol | its word-break class << 8 (`RegexText.breakTable`): a
    /// text's scalar costs one read of one table.
    let symbolsAndClasses: FrozenBuffer<UInt16>

    private init(extras: [UInt32], sets wanted: [[ClosedRange<UInt32>]]) {
        self.extras = extras
        var t = RegexText.standardTable
        for (k, v) in extras.enumerated() { t[Int(v)] = UInt8(138 + k) }
        // The partition symbols: as many sets as their symbols fit (256 in all).
        var sets = wanted
        var kinds: [UInt8] = [], partitions: [UInt16] = []
        while !sets.isEmpty {
            var signature = [UInt16](repeating: 0, count: 0x10000)
            for (j, set) in sets.enumerated() {
                for r in set where r.lowerBound <= 0xFFFF {
                    for v in r.lowerBound...min(r.upperBound, 0xFFFF) { signature[Int(v)] |= 1 << UInt16(j) }
                }
            }
            var index: [UInt32: Int] = [:]
            kinds = []; partitions = []
            var symbolOf = [UInt8](repeating: 0, count: 0x10000)
            var fits = true
            for v in 0x80..<0x10000 where signature[v] != 0 && t[v] >= 128 && t[v] < 136 {
                let key = UInt32(t[v] - 128) << 16 | UInt32(signature[v])
                let p: Int
                if let known = index[key] { p = known } else {
                    p = kinds.count
                    guard 138 + extras.count + p < 256 else { fits = false; break }
                    index[key] = p; kinds.append(t[v] - 128); partitions.append(signature[v])
                }
                symbolOf[v] = UInt8(138 + extras.count + p)
            }
            if fits {
                for v in 0x80..<0x10000 where symbolOf[v] != 0 { t[v] = symbolOf[v] }
                break
            }
            sets.removeLast()
            kinds = []; partitions = []
        }
        self.sets = sets
        partitionKinds = kinds; partitionSets = partitions
        var leads = [UInt64](repeating: 0, count: kinds.count * 256)
        for v in 0x80..<0x10000 where Int(t[v]) >= 138 + extras.count {
            let p = Int(t[v]) - 138 - extras.count
            let (first, second) = v < 0x800 ? (0xC0 | v >> 6, 0x80 | v & 0x3F) : (0xE0 | v >> 12, 0x80 | (v >> 6) & 0x3F)
            leads[p * 256 + first] |= 1 << UInt64(second & 63)
        }
        partitionLeads = leads
        var first = [UInt64](repeating: 0, count: 256 * 4)
        func add(_ symbol: Int, _ byte: Int) { first[symbol * 4 + byte >> 6] |= 1 << UInt64(byte & 63) }
        for v in 0..<0x10000 where !(0xD800...0xDFFF).contains(v) {
            add(Int(t[v]), v < 0x80 ? v : v < 0x800 ? 0xC0 | v >> 6 : 0xE0 | v >> 12)
        }
        for b in 0xF0...0xF4 { add(136, b) }
        firstBytes = first
        let classes = RegexText.breakTable
        symbolsAndClasses = FrozenBuffer(ownedBuffer((0..<0x10000).map { UInt16(t[$0]) | UInt16(classes[$0]) << 8 }))
    }

    deinit { symbolsAndClasses.deallocate() }

    /// The bytes a text's UTF-8 holds, one of them first in a scalar, when it holds a
    /// scalar read as one of `symbols` (256 flags each way).
    public func firstBytes(of symbols: [Bool]) -> [Bool] {
        var words = [UInt64](repeating: 0, count: 4)
        for (s, on) in symbols.enumerated() where on && s < 256 {
            for w in 0..<4 { words[w] |= firstBytes[s * 4 + w] }
        }
        return (0..<256).map { words[$0 >> 6] & (1 << UInt64($0 & 63)) != 0 }
    }

    /// The alphabet for `patterns` (as ICU reads them): the non-ASCII BMP scalars their
    /// case-sensitive regexes name as characters or members of a class, first named first.
    public convenience init(patterns: [String]) {
        var seen = Set<UInt32>(), extras: [UInt32] = []
        var sets: [[ClosedRange<UInt32>]] = []
        let folding = Set(RegexText.foldingApart)
        func add(_ c: Unicode.Scalar) {
            let v = c.value
            guard v >= 0x80, v <= 0xFFFF, !(0xD800...0xDFFF).contains(v), !folding.contains(v),
                  extras.count < Self.maxExtras, seen.insert(v).inserted else { return }
            extras.append(v)
        }
        func addSet(_ r: [ClosedRange<UInt32>]) { if !sets.contains(r), sets.count < Self.maxSets { sets.append(r) } }
        func walk(_ node: RegexNode) {
            switch node {
            case .scalar(let c): add(c)
            case .oneOf(let members, let cls):
                members?.forEach(add)
                if let r = cls.ranges, members == nil { addSet(r) }
            case .lookaround(let body, _), .backreference(let body): walk(body)
            case .negativeLookaround(let body, _):
                // An automaton reads one at a pattern's end as the class's complement.
                if let c = RegexAutomaton.exactClass(body, insensitive: false), let r = c.complemented.ranges { addSet(r) }
            case .concat(let items), .alternation(let items): items.forEach(walk)
            case .repeated(let body, _, _): walk(body)
            case .empty, .unknown, .assertion, .wordBoundary, .textStart, .textEnd: break
            }
        }
        for p in patterns {
            guard let tree = RegexSyntax.parse(p) else { continue }
            if !ICURegex.inlineFlags(Array(p.unicodeScalars)).on.contains("i") { walk(tree); continue }
            // Case-insensitive: each character's case variants.
            var variants: [Unicode.Scalar] = []
            func collect(_ node: RegexNode) {
                switch node {
                case .scalar(let c): variants += (Self.caseVariants(c) ?? []).compactMap(Unicode.Scalar.init)
                case .oneOf(let members, let cls):
                    members?.forEach { variants += (Self.caseVariants($0) ?? []).compactMap(Unicode.Scalar.init) }
                    if let r = cls.ranges, members == nil { addSet(r) }
                case .lookaround(let body, _), .repeated(let body, _, _), .backreference(let body): collect(body)
                case .concat(let items), .alternation(let items): items.forEach(collect)
                case .empty, .unknown, .assertion, .negativeLookaround, .wordBoundary, .textStart, .textEnd: break
                }
            }
            collect(tree)
            variants.forEach(add)
        }
        self.init(extras: extras, sets: sets)
    }

    /// What a case-insensitive regex's character `c` matches, one scalar for one: the scalars
    /// ICU closes it over whose case folding is `c`'s. Nil when `c` folds apart.
    static func caseVariants(_ c: Unicode.Scalar) -> [UInt32]? {
        if c.isASCII || RegexText.foldingApart.contains(c.value) { return c.isASCII ? [c.value] : nil }
        var out = [Int32](repeating: 0, count: 16)
        let n = Int(sift_case_closure(Int32(c.value), &out, 16))
        guard n <= 16 else { return nil }
        let folded = CaseFold.foldedBytes(String(Character(c)))
        return out.prefix(n).map { UInt32($0) }.filter { v in
            Unicode.Scalar(v).map { CaseFold.foldedBytes(String(Character($0))) == folded } ?? false
        }
    }

    /// The symbol of a BMP scalar.
    public func symbol(_ v: UInt32) -> UInt8 { UInt8(truncatingIfNeeded: symbolsAndClasses[Int(v)]) }
}
