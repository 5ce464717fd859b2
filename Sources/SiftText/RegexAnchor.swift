// The anchor of an automaton's search: an ASCII byte every match holds, with a bound on
// how far a match reaches before and after it (`\b\d{1,2}/\d{1,2}/\d{2,4}\b`: a `/`,
// at most 2 scalars before it and 8 after). The search then runs only in a window around
// each of the text's anchors (RegexAutomaton.decide(utf8:)), not over the whole text: a
// date regex reads a few bytes around each `/` instead of every digit of a message.
//
// The bounds are those of what the automaton reads (the tree it is built from, as
// Glushkov.build reads it): a scalar or class is one scalar, an assertion or lookaround
// none, anything not modelled (`.unknown`) any number, and a repetition the automaton
// reads as unbounded (more than 16 copies) unbounded.

/// An anchor byte and the most scalars a match holds before it and after it (nil: no bound).
struct RegexAnchor: Equatable {
    var byte: UInt8
    var before: Int
    var after: Int?

    /// The bytes an anchor may be: ASCII punctuation that no other scalar matches under
    /// `(?i)` and that is seldom in a message's text. (`.`, `,`, `-`, `:`, `'` and the
    /// space are common enough that windows around them would cover most of a text.)
    static let candidates: [UInt8] = Array("/%@#$&+=_~|\\^*?!;<>[]{}()\"".utf8)

    /// The anchor of the tree an automaton is built from (its items, anchors at the text's
    /// start and end taken off), or nil: the candidate with the narrowest window of those
    /// every match holds with a bound before it.
    static func of(_ tree: RegexNode) -> RegexAnchor? {
        var best: RegexAnchor? = nil
        for b in candidates {
            guard let s = span(tree, b), let before = s.before, before <= 64 else { continue }
            let a = RegexAnchor(byte: b, before: before, after: s.after)
            if let o = best, o.width <= a.width { continue }
            best = a
        }
        return best
    }

    private var width: Int { before + (after ?? 1 << 20) }

    /// The most scalars a match of `node` holds, as the automaton reads it (nil: no bound).
    static func maxWidth(_ node: RegexNode) -> Int? {
        switch node {
        case .empty, .assertion, .lookaround, .negativeLookaround, .textStart, .textEnd, .wordBoundary: return 0
        case .scalar, .oneOf: return 1
        case .unknown: return nil
        case .backreference(let group): return maxWidth(group)
        case .concat(let items):
            var total = 0
            for item in items {
                guard let w = maxWidth(item) else { return nil }
                total += w
            }
            return total
        case .alternation(let alternatives):
            var most = 0
            for a in alternatives {
                guard let w = maxWidth(a) else { return nil }
                most = max(most, w)
            }
            return most
        case .repeated(let body, _, let hi):
            // Glushkov.build reads `{lo,hi}` beyond 16 copies as unbounded.
            guard let hi, hi <= RegexAutomaton.maxCopies else { return nil }
            if hi == 0 { return 0 }
            return maxWidth(body).map { $0 * hi }
        }
    }

    /// When every match of `node` holds the byte `b` (a scalar of the pattern that is `b`,
    /// in every alternative, not optional): the most scalars before that scalar and after it.
    static func span(_ node: RegexNode, _ b: UInt8) -> (before: Int?, after: Int?)? {
        switch node {
        case .scalar(let c):
            return c.value == UInt32(b) ? (0, 0) : nil
        case .concat(let items):
            for (k, item) in items.enumerated() {
                guard let s = span(item, b) else { continue }
                let before = sum(items[..<k]).flatMap { w in s.before.map { w + $0 } }
                let after = sum(items[(k + 1)...]).flatMap { w in s.after.map { w + $0 } }
                return (before, after)
            }
            return nil
        case .alternation(let alternatives):
            guard !alternatives.isEmpty else { return nil }
            var before: Int? = 0, after: Int? = 0
            for a in alternatives {
                guard let s = span(a, b) else { return nil }
                before = before.flatMap { x in s.before.map { max(x, $0) } }
                after = after.flatMap { x in s.after.map { max(x, $0) } }
            }
            return (before, after)
        case .repeated(let body, let lo, _):
            // The first copy holds it; the copies after it are read after it.
            guard lo >= 1, let s = span(body, b) else { return nil }
            let rest = maxWidth(node).flatMap { total in maxWidth(body).map { total - $0 } }
            return (s.before, s.after.flatMap { a in rest.map { a + $0 } })
        case .backreference(let group):
            return span(group, b)
        default:
            return nil
        }
    }

    private static func sum(_ items: ArraySlice<RegexNode>) -> Int? {
        var total = 0
        for item in items {
            guard let w = maxWidth(item) else { return nil }
            total += w
        }
        return total
    }
}
