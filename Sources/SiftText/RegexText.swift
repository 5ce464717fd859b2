// A message as the regex automata read it (RegexAutomaton): once per text, shared
// by every automaton that looks at it. Per scalar, a symbol (the ASCII byte, or
// the kind of a non-ASCII scalar) and, when some automaton reads `\b`, whether a
// word boundary lies just before it.
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

/// The symbols and boundaries of one text, reused from message to message (one per worker).
public struct RegexText {
    /// Per scalar, its symbol: the byte for ASCII; 128 + its category (`RegexClassTable`)
    /// for other BMP scalars; 136 above the BMP; 137 for the few letters whose case folding
    /// holds an ASCII letter (`ſ`, `ß`, `K`, `İ`, the `ﬀ` ligatures…), of category 4.
    public private(set) var symbols: [UInt8] = []
    /// Per scalar, the boundary just before it, then the one at the end (`symbols.count + 1`
    /// entries): `RegexText.boundary`, `.inside` or `.unknown`. Empty until `drawBoundaries`.
    public private(set) var gaps: [UInt8] = []
    /// Per scalar, its word-break class (`SIFT_WB_*`), kept to draw the boundaries.
    private var breakClasses: [UInt8] = []

    public static let boundary: UInt8 = 0, inside: UInt8 = 1, unknown: UInt8 = 2
    public static let symbolCount = 138
    static let foldsToASCII: UInt8 = 137

    public init() {}

    /// Whether the last text read kept what `drawBoundaries` needs.
    private var breaks = false

    /// Reads `text` (valid UTF-8), or `first` and `second` with a space between them;
    /// `boundaries` when an automaton that reads `\b` may look at it.
    public mutating func read(_ first: UnsafeBufferPointer<UInt8>, then second: UnsafeBufferPointer<UInt8>? = nil, boundaries: Bool = true) {
        symbols.removeAll(keepingCapacity: true)
        breakClasses.removeAll(keepingCapacity: true)
        gaps.removeAll(keepingCapacity: true)
        breaks = boundaries
        append(first)
        if let second {
            symbols.append(0x20)
            if breaks { breakClasses.append(UInt8(SIFT_WB_WSEGSPACE)) }
            append(second)
        }
    }

    private mutating func append(_ text: UnsafeBufferPointer<UInt8>) {
        guard let base = text.baseAddress else { return }
        let n = text.count
        symbols.reserveCapacity(symbols.count + n)
        breakClasses.reserveCapacity(breakClasses.count + n)
        let table = Self.symbolTable
        var i = 0
        if !breaks {
            while i < n {
                let b = base[i]
                if b < 0x80 { symbols.append(b); i &+= 1; continue }
                let v = UTF8Scalar.decode(text, i)
                i &+= b < 0xE0 ? 2 : b < 0xF0 ? 3 : 4
                symbols.append(v > 0xFFFF ? 136 : table[Int(v)])
            }
            return
        }
        let asciiBreak = Self.asciiBreak, breakTable = Self.breakTable
        while i < n {
            let b = base[i]
            if b < 0x80 {
                symbols.append(b)
                breakClasses.append(asciiBreak[Int(b)])
                i &+= 1
                continue
            }
            let v = UTF8Scalar.decode(text, i)
            i &+= b < 0xE0 ? 2 : b < 0xF0 ? 3 : 4
            if v > 0xFFFF {
                symbols.append(136)
                breakClasses.append(UInt8(truncatingIfNeeded: sift_word_break_class(Int32(v))))
            } else {
                symbols.append(table[Int(v)])
                breakClasses.append(breakTable[Int(v)])
            }
        }
    }

    /// Fills `gaps` (once per text, before an automaton that reads `\b` runs).
    public mutating func drawBoundaries() {
        precondition(breaks, "the text was read without boundaries")
        guard gaps.isEmpty else { return }
        let n = breakClasses.count
        gaps.reserveCapacity(n + 1)
        breakClasses.withUnsafeBufferPointer { c in
            for i in 0...n { gaps.append(Self.gap(c, i)) }
        }
    }

    /// Word-break classes (SIFT_WB_*), shortened here.
    private static let other = UInt8(SIFT_WB_OTHER), letter = UInt8(SIFT_WB_ALETTER), numeric = UInt8(SIFT_WB_NUMERIC),
        midLetter = UInt8(SIFT_WB_MIDLETTER), midNum = UInt8(SIFT_WB_MIDNUM), midNumLet = UInt8(SIFT_WB_MIDNUMLET),
        singleQuote = UInt8(SIFT_WB_SINGLE_QUOTE), extendNumLet = UInt8(SIFT_WB_EXTENDNUMLET),
        space = UInt8(SIFT_WB_WSEGSPACE), cr = UInt8(SIFT_WB_CR), lf = UInt8(SIFT_WB_LF),
        newline = UInt8(SIFT_WB_NEWLINE), unknownClass = UInt8(SIFT_WB_UNKNOWN)

    /// The boundary before scalar `i` (at the end when `i == c.count`), from the two scalars
    /// on each side of it.
    @inline(__always)
    static func gap(_ c: UnsafeBufferPointer<UInt8>, _ i: Int) -> UInt8 {
        let n = c.count
        let before2 = i >= 2 ? c[i - 2] : other, after2 = i + 1 < n ? c[i + 1] : other
        guard i > 0 && i < n else {
            // The start and the end of the text are always boundaries; but an unknown scalar
            // next to them may be an extender ICU joins to something.
            if n == 0 { return boundary }
            if (i == 0 && c[0] == unknownClass) || (i == n && c[n - 1] == unknownClass) { return unknown }
            return boundary
        }
        let a = c[i - 1], b = c[i]
        if a == unknownClass || b == unknownClass || before2 == unknownClass || after2 == unknownClass { return unknown }
        if a == cr && b == lf { return inside }                                       // WB3
        if a == cr || a == lf || a == newline || b == cr || b == lf || b == newline { return boundary }   // WB3a, WB3b
        if a == space && b == space { return inside }                                 // WB3d
        let mid = b == midLetter || b == midNumLet || b == singleQuote
        let midBefore = a == midLetter || a == midNumLet || a == singleQuote
        if a == letter && b == letter { return inside }                               // WB5
        if a == letter && mid && i + 1 < n && after2 == letter { return inside }       // WB6
        if i >= 2 && before2 == letter && midBefore && b == letter { return inside }   // WB7
        if (a == numeric || a == letter) && (b == numeric || b == letter) { return inside }   // WB8–WB10
        let numMid = b == midNum || b == midNumLet || b == singleQuote
        let numMidBefore = a == midNum || a == midNumLet || a == singleQuote
        if i >= 2 && before2 == numeric && numMidBefore && b == numeric { return inside }      // WB11
        if a == numeric && numMid && i + 1 < n && after2 == numeric { return inside }          // WB12
        if (a == letter || a == numeric || a == extendNumLet) && b == extendNumLet { return inside }   // WB13a
        if a == extendNumLet && (b == letter || b == numeric) { return inside }                    // WB13b
        return boundary
    }

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

    /// The symbol of each BMP scalar.
    static let symbolTable: FrozenBuffer<UInt8> = {
        let t = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: 0x10000)
        for v in 0..<0x10000 { t[v] = v < 128 ? UInt8(v) : 128 + RegexClassTable.category(UInt32(v)) }
        for v in foldingToASCII { t[Int(v)] = foldsToASCII }
        return FrozenBuffer(t)
    }()

    /// The non-ASCII scalars whose full case folding holds an ASCII letter, or that ICU's
    /// case-insensitive matching takes for one (a test checks the list against both).
    package static let foldingToASCII: [UInt32] = [
        0x00DF, 0x0130, 0x0131, 0x0149, 0x017F, 0x01F0, 0x1E96, 0x1E97, 0x1E98, 0x1E99, 0x1E9A, 0x1E9E,
        0x212A, 0x212B, 0xFB00, 0xFB01, 0xFB02, 0xFB03, 0xFB04, 0xFB05, 0xFB06,
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
