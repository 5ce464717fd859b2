// What a regex needs a text to contain before ICU is worth running: literal
// *sets* extracted from its syntax tree (RegexSyntax), the way regex-syntax's
// literal extraction and Hyperscan's prefilter mode reason.
//
// The answer is a conjunction of clauses, each a set of alternatives: every
// match contains, for every clause, at least one of its strings. The engine
// looks for all the strings in its one pass over the folded text (they are
// patterns of the phrase table, as phrases are) and runs ICU only when each
// clause has one present. `\b(loan|credit)\b` is one clause {loan, credit};
// `verify (your )?account` is {verify (your )?account} as two strings; a
// `(parcel|colis)\b.*\b(hold|zoll)` needs {parcel, colis} and {hold, zoll}.
//
// Strings are case-folded (Unicode default full case folding, scalar by
// scalar): folding a text keeps what it contains, and under `(?i)` ICU's
// matches fold to what the pattern's literals fold to, so "the folded text
// holds the folded string" is necessary whether or not the pattern is
// case-insensitive.

/// Required literal sets of a regex.
public enum RegexPrefilter {
    /// Most strings an exact set may hold before it is given up (cross products grow fast).
    static let maxSet = 48
    /// Longest string kept in an exact set, in bytes.
    static let maxBytes = 96
    /// Most clauses a regex is gated by.
    static let maxClauses = 4

    /// The clauses of `pattern` (as ICU reads it: `ICURegex.spelled`): for each, a set of
    /// folded strings one of which every match contains; all of them are needed. Empty when
    /// nothing is known (the pattern is not parsed, or its literals are too weak to help).
    public static func clauses(_ pattern: String) -> [[String]] {
        guard let tree = RegexSyntax.parse(pattern) else { return [] }
        return clauses(tree).map { $0.map { String(decoding: $0, as: UTF8.self) } }
    }

    /// Whether a text may match, by the clauses alone: each has a string in the folded text.
    /// (The engine answers the same from its phrase scan; tests ask here.)
    public static func admits(_ clauses: [[String]], _ text: String) -> Bool {
        let folded = CaseFold.foldedBytes(text)
        return clauses.allSatisfy { c in c.contains { contains(folded, Array($0.utf8)) } }
    }

    static func clauses(_ tree: RegexNode) -> [[[UInt8]]] {
        let info = analyse(tree)
        var candidates = info.required
        if let exact = info.exact, let c = clause(exact) { candidates.append(c) }
        // Best first: the clause whose weakest string is the longest, fewer strings first.
        var seen = Set<[[UInt8]]>()
        let ranked = candidates.filter { seen.insert($0).inserted }.sorted { a, b in
            let sa = score(a), sb = score(b)
            return sa != sb ? sa > sb : a.count != b.count ? a.count < b.count : a.lexicographicallyPrecedes(b) { $0.lexicographicallyPrecedes($1) }
        }
        var out: [[[UInt8]]] = []
        for c in ranked where out.count < maxClauses {
            // A clause that a kept one implies adds nothing but lookups: `com` after `.com`,
            // `login` after `login code` (every string of the kept one holds one of its).
            if out.contains(where: { kept in kept.allSatisfy { s in c.contains { contains(s, $0) } } }) { continue }
            // The first clause gates even when weak (one byte); the others only when they add
            // something worth the lookups.
            if out.isEmpty || score(c) >= 3 { out.append(c) }
        }
        return out
    }

    /// How much a clause narrows: the length of its shortest string, one less for a large set.
    static func score(_ c: [[UInt8]]) -> Int {
        (c.map(\.count).min() ?? 0) - (c.count > 16 ? 1 : 0)
    }

    /// A set of strings as a clause, if it can be one: none empty, none a byte too common to
    /// gate on (a letter, a digit, a space, `.` `,` `-` `:` and the like alone).
    static func clause(_ set: Set<[UInt8]>) -> [[UInt8]]? {
        guard !set.isEmpty, set.count <= maxSet else { return nil }
        for s in set {
            if s.isEmpty { return nil }
            if s.count == 1 {
                let b = s[0]
                let common = (b >= 0x30 && b <= 0x39) || (b | 0x20 >= 0x61 && b | 0x20 <= 0x7A) || b <= 0x20
                    || Array(".,-:;'\"!?()").contains(where: { $0.asciiValue == b })
                if common { return nil }
            }
        }
        // A string that holds another of the set adds nothing: the shorter is found wherever it is.
        let sorted = set.sorted { $0.count != $1.count ? $0.count < $1.count : $0.lexicographicallyPrecedes($1) }
        var kept: [[UInt8]] = []
        for s in sorted where !kept.contains(where: { contains(s, $0) }) { kept.append(s) }
        return kept
    }

    static func contains(_ text: [UInt8], _ part: [UInt8]) -> Bool {
        guard part.count <= text.count else { return false }
        if part.isEmpty { return true }
        for i in 0...(text.count - part.count) where text[i] == part[0] && Array(text[i..<(i + part.count)]) == part { return true }
        return false
    }

    /// What is known of a node's matches.
    struct Info {
        /// Every text the node can match, folded, when few (nil: not known or too many).
        var exact: Set<[UInt8]>?
        /// Clauses every match satisfies.
        var required: [[[UInt8]]] = []
    }

    static func fold(_ c: Unicode.Scalar) -> [UInt8] {
        CaseFold.foldedBytes(String(Character(c)))
    }

    static func product(_ a: Set<[UInt8]>, _ b: Set<[UInt8]>) -> Set<[UInt8]>? {
        guard a.count * b.count <= maxSet else { return nil }
        var out = Set<[UInt8]>()
        for x in a { for y in b { let s = x + y; if s.count > maxBytes { return nil }; out.insert(s) } }
        return out
    }

    static func analyse(_ node: RegexNode) -> Info {
        switch node {
        case .empty, .assertion, .negativeLookaround, .wordBoundary, .textStart, .textEnd:
            return Info(exact: [[]])
        case .scalar(let c):
            return Info(exact: [fold(c)])
        case .oneOf(let members, _):
            guard let members else { return Info(exact: nil) }
            return Info(exact: Set(members.map(fold)))
        case .unknown:
            return Info(exact: nil)
        case .backreference(let group):
            // The group's text again: one of the texts its node matches, folded alike.
            return analyse(group)
        case .lookaround(let body, _):
            // Consumes nothing; what its body needs is in the text all the same.
            let b = analyse(body)
            var required = b.required
            if let e = b.exact, let c = clause(e) { required.append(c) }
            return Info(exact: [[]], required: required)
        case .concat(let items):
            var required: [[[UInt8]]] = []
            var run: Set<[UInt8]>? = [[]]       // the exact texts of the items since the last break
            var whole = true                    // every item exact, no product given up
            func flush() {
                if let r = run, let c = clause(r) { required.append(c) }
            }
            for item in items {
                let info = analyse(item)
                required += info.required
                if let e = info.exact {
                    if let r = run {
                        if let p = product(r, e) { run = p } else { flush(); run = e; whole = false }
                    } else {
                        run = e
                    }
                } else {
                    flush()
                    run = nil
                    whole = false
                }
            }
            if whole { return Info(exact: run, required: required) }
            flush()
            return Info(exact: nil, required: required)
        case .alternation(let alternatives):
            let infos = alternatives.map(analyse)
            var exact: Set<[UInt8]>? = []
            for i in infos {
                if let e = i.exact, let x = exact, x.count + e.count <= maxSet { exact = x.union(e) } else { exact = nil }
            }
            // One clause: per alternative its best, all together.
            var union: Set<[UInt8]>? = []
            for i in infos {
                var own = i.required
                if let e = i.exact, let c = clause(e) { own.append(c) }
                guard let best = own.max(by: { score($0) < score($1) }), let u = union else { union = nil; break }
                union = u.union(best)
            }
            var required: [[[UInt8]]] = []
            if let u = union, let c = clause(u) { required.append(c) }
            return Info(exact: exact, required: required)
        case .repeated(let body, let lo, let hi):
            let b = analyse(body)
            if hi == 0 { return Info(exact: [[]]) }
            if lo == 0 {
                // Optional: nothing is required; exact only for `x?`.
                if hi == 1, let e = b.exact { return Info(exact: e.union([[]])) }
                return Info(exact: nil)
            }
            var required = b.required
            // `x{n,…}` holds n copies of x in a row.
            if let e = b.exact {
                var power: Set<[UInt8]>? = e
                for _ in 1..<min(lo, 8) { power = power.flatMap { product($0, e) } }
                if let p = power ?? Optional(e), let c = clause(p) { required.append(c) }
                if lo == hi, lo <= 8, let p = power { return Info(exact: p, required: required) }
            }
            return Info(exact: nil, required: required)
        }
    }
}
