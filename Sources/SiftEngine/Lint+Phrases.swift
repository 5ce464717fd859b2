// Lint's phrase proofs: when does every message a rule F matches also match a phrase G?
//
// F's text P (folded, or raw for two case-sensitive phrases) occurs in the message's
// text at whole characters. If G's text occurs inside P at [i, j), it occurs in the
// message there too, and G matches when the evaluator accepts that occurrence:
// - a cut inside P (0 < i, j < |P|) must be a character boundary in every text: both
//   scalars beside it are "plain" (not a mark, ZWJ, prepended mark, regional indicator,
//   Hangul jamo or syllable, CR or LF), and, folded, no scalar's multi-letter folding
//   straddles it (`ss` from ß: `s` is not in `ß`);
// - targets: G's is `all` or F's own; where they differ, P's first and last scalars are
//   plain too (the evaluator lets a sender phrase start, a body phrase end, at the joining
//   space without asking);
// - an exact G needs a non-letter beside it: inside P, the scalar there; at P's edge,
//   F's own exact boundary (or the sender's start and end, for a community sender).
// A regex F is judged by the literals the regex layer says every match holds; its
// literals' own edges are taken as whole characters (the one assumption, documented).
import SiftRules
import SiftText

struct PhraseIndex {
    enum Space {
        /// F's folded text; G case-insensitive.
        case folded
        /// F's NFC text; F and G case-sensitive.
        case raw
        /// A regex F's required literal (folded); G case-insensitive.
        case literal
    }

    let items: [LintItem]
    private let folded: PhraseMatcher?
    private let foldedUsers: [[Int]]
    private let raw: PhraseMatcher?
    private let rawUsers: [[Int]]
    /// Community senders by folded text: the items (indices) of each, in pipeline order.
    let senders: [[UInt8]: [Int]]

    init(_ items: [LintItem]) {
        self.items = items
        var senders: [[UInt8]: [Int]] = [:]
        for (k, item) in items.enumerated() where item.isSender { senders[item.folded, default: []].append(k) }
        self.senders = senders
        func index(_ keep: (LintItem) -> Bool, _ text: (LintItem) -> [UInt8]) -> (PhraseMatcher?, [[Int]]) {
            var patterns: [[UInt8]] = [], users: [[Int]] = [], at: [[UInt8]: Int] = [:]
            for (k, item) in items.enumerated() where item.isPhrase && keep(item) {
                let p = text(item)
                guard !p.isEmpty else { continue }
                if let n = at[p] { users[n].append(k); continue }
                at[p] = patterns.count
                patterns.append(p)
                users.append([k])
            }
            return (patterns.isEmpty ? nil : PhraseMatcher(patterns: patterns), users)
        }
        (folded, foldedUsers) = index({ !$0.sensitive }, \.folded)
        (raw, rawUsers) = index({ $0.sensitive }, \.raw)
    }

    /// Calls `found` with every phrase G (before `f` or not: the caller decides) that matches
    /// every message in which `p`, F's text in `space`, occurs as F requires.
    func phrasesInside(_ f: LintItem, _ p: [UInt8], space: Space, _ found: (LintItem, String) -> Void) {
        guard let matcher = space == .raw ? raw : folded, !p.isEmpty else { return }
        let users = space == .raw ? rawUsers : foldedUsers
        let hits = Scratch<Int32>()
        p.withUnsafeBufferPointer { matcher.matches(in: $0, into: hits) }
        var seen = Set<Int>()
        var k = 0
        while k < hits.count {
            let pattern = Int(hits.base[k]), end = Int(hits.base[k + 1])
            k += 2
            let start = end - Int(matcher.patternLengths[pattern])
            for u in users[pattern] where !seen.contains(u) {
                let g = items[u]
                guard g.precedes(f), fits(g, p, start, end, f: f, space: space) else { continue }
                seen.insert(u)
                found(g, why(g, f, p, space: space))
            }
        }
    }

    /// Whether G's text occurs in `p` somewhere G then matches (for a regex's other literals).
    func holds(_ g: LintItem, _ p: [UInt8], f: LintItem, space: Space) -> Bool {
        let needle = space == .raw ? g.raw : g.folded
        guard !needle.isEmpty, needle.count <= p.count else { return false }
        for s in 0...(p.count - needle.count) where p[s..<(s + needle.count)].elementsEqual(needle) {
            if fits(g, p, s, s + needle.count, f: f, space: space) { return true }
        }
        return false
    }

    private func why(_ g: LintItem, _ f: LintItem, _ p: [UInt8], space: Space) -> String {
        let gText = String(decoding: space == .raw ? g.raw : g.folded, as: UTF8.self)
        let fText = String(decoding: p, as: UTF8.self)
        var s: String
        if space == .literal {
            return ""
        } else if gText == fText {
            s = g.text == f.text || space == .raw ? "the same phrase" : "the same phrase once case-folded (\(quoted(gText)))"
        } else {
            s = "every message it matches holds \(quoted(gText))" + (g.exact ? " as a whole word" : "")
                + (space == .raw ? "" : " (compared case-folded: \(quoted(fText)))")
        }
        if g.target != f.target { s += ", and \(g.name) looks at the whole message" }
        return s
    }

    /// Whether G, its text at `i..<j` of F's text `p`, matches every message F matches (see the top).
    func fits(_ g: LintItem, _ p: [UInt8], _ i: Int, _ j: Int, f: LintItem, space: Space) -> Bool {
        guard g.target == .all || g.target == f.target else { return false }
        switch space {
        case .folded, .literal: if g.sensitive { return false }
        case .raw: if !g.sensitive || !f.sensitive { return false }
        }
        let folded = space != .raw
        for cut in [i, j] where cut > 0 && cut < p.count {
            guard Self.plain(Self.scalar(before: cut, p)), Self.plain(Self.scalar(at: cut, p)) else { return false }
            if folded && Self.straddled(p, cut) { return false }
        }
        if g.target != f.target && space != .literal {
            guard Self.plain(Self.scalar(at: 0, p)), Self.plain(Self.scalar(before: p.count, p)) else { return false }
        }
        if g.exact {
            // F's own boundaries stand for G's at P's edges: an exact F, or a whole sender.
            let edgesHeld = f.exact || f.isSender
            if i > 0 {
                let x = Self.scalar(before: i, p)
                guard !CharTable.isLetter(x) && !Grapheme.continuesCluster(x) else { return false }
            } else if !edgesHeld { return false }
            if j < p.count {
                guard !CharTable.isLetter(Self.scalar(at: j, p)) else { return false }
            } else if !edgesHeld { return false }
        }
        return true
    }

    // MARK: Characters

    static func scalar(at i: Int, _ p: [UInt8]) -> UInt32 {
        p.withUnsafeBufferPointer { UTF8Scalar.decode($0, i) }
    }

    static func scalar(before i: Int, _ p: [UInt8]) -> UInt32 {
        var k = i - 1
        while k > 0 && p[k] & 0xC0 == 0x80 { k -= 1 }
        return scalar(at: k, p)
    }

    /// A scalar beside which a character boundary never depends on what else is around:
    /// none of the grapheme rules that join it to a neighbour applies to it.
    static func plain(_ cp: UInt32) -> Bool {
        if cp < 0x80 { return cp != 0x0D && cp != 0x0A }
        if Grapheme.continuesCluster(cp) || cp == 0x200D { return false }
        if (0x1F1E6...0x1F1FF).contains(cp) || (0x1F3FB...0x1F3FF).contains(cp) { return false }
        if (0x1100...0x11FF).contains(cp) || (0xA960...0xA97F).contains(cp) || (0xAC00...0xD7FF).contains(cp) { return false }
        // Prepended marks (and anything else that holds on to what follows): a letter after
        // it is not a boundary.
        let probe = Array("a\(Character(Unicode.Scalar(cp)!))a".utf8)
        return probe.withUnsafeBufferPointer { t in
            Grapheme.isBoundary(t, at: 1) && Grapheme.isBoundary(t, at: t.count - 1)
        }
    }

    /// The foldings of one scalar into several (ß → ss, ﬁ → fi, İ → i̇), as UTF-8.
    static let multiFolds: [[UInt8]] = {
        var out: [[UInt8]] = []
        for cp in UInt32(0x80)...0x1FFFF {
            guard let s = Unicode.Scalar(cp) else { continue }
            let f = CaseFold.foldedBytes(String(Character(s)))
            if String(decoding: f, as: UTF8.self).unicodeScalars.count > 1 { out.append(f) }
        }
        return out
    }()

    /// Whether some scalar's folding into several, occurring in `p`, spans `cut`.
    static func straddled(_ p: [UInt8], _ cut: Int) -> Bool {
        for m in multiFolds where m.count <= p.count {
            let lo = max(0, cut - m.count + 1), hi = min(cut - 1, p.count - m.count)
            guard lo <= hi else { continue }
            for s in lo...hi where p[s..<(s + m.count)].elementsEqual(m) { return true }
        }
        return false
    }
}
