// Lint: the rules of a compiled rule set that can never decide, proven, not guessed.
//
// A rule F is dead when every message it matches is decided earlier: by a rule G of
// an earlier stage, or an older rule of its own stage (the oldest decides, whatever
// its folder), that matches every message F matches; or by a rule that matches every
// message (all-unknown, a regex that matches the empty string) ahead of it. Phrases
// are compared as the evaluator compares them (Lint+Phrases.swift): G's folded (or,
// case-sensitive, raw) text inside F's, at cuts where no text can join characters
// across, targets compatible, exact boundaries implied. Whatever cannot be shown
// that way is not reported: a finding is a proof.
import SiftRules
import SiftText

/// One thing lint found.
public struct LintFinding: Sendable, Equatable {
    public enum Kind: String, Sendable {
        /// A rule that never decides: another always decides first.
        case shadowed
        /// The same rule again (the younger never decides), or a dropped duplicate row.
        case duplicate
        /// A rule that matches every message.
        case matchesAll = "matches-all"
    }
    public var kind: Kind
    /// The dead rule's text: the filter's text, `LANG: entry`, a smart rule's name.
    public var filter: String
    /// The dead filter's id (nil for list entries, smart rules and dropped rows).
    public var id: Int?
    /// The rule that always decides first, as the report names it (nil for matches-all).
    public var by: String?
    public var why: String
    /// The dead rule as the report names it (`filter 7 "bank transfer" (deny → junk)`).
    public var rule: String

    public init(kind: Kind, filter: String, id: Int?, by: String?, why: String, rule: String) {
        self.kind = kind; self.filter = filter; self.id = id; self.by = by; self.why = why; self.rule = rule
    }
}

/// Proves which rules of a compiled rule set can never decide.
public enum Linter {
    /// The findings for `rules`, in pipeline order of the rule each is about.
    public static func findings(_ rules: CompiledRuleSet) -> [LintFinding] {
        var lint = LintRun(rules)
        return lint.run()
    }

    /// Whether ICU finds a match of `regex` in every text: it matches the empty string and
    /// has no anchor, lookaround, boundary or back-reference that could make a match at the
    /// start of another text fail (`^$` matches the empty string, not every text). Such a
    /// regex also runs on every message (it has no required literal nor leading bytes).
    public static func matchesEveryText(_ regex: ICURegex) -> Bool {
        let p = Array(regex.spelled.unicodeScalars)
        var i = 0
        while i < p.count {
            switch p[i] {
            case "\\":
                guard i + 1 < p.count else { return false }
                let e = p[i + 1]
                if "AzZbBGk".unicodeScalars.contains(e) || ("1"..."9").contains(e) { return false }
                i += 2
                continue
            case "^", "$": return false
            case "(":
                if i + 2 < p.count && p[i + 1] == "?" && (p[i + 2] == "=" || p[i + 2] == "!" || p[i + 2] == "<") { return false }
            default: break
            }
            i += 1
        }
        guard RegexPrefilter.clauses(regex.spelled).isEmpty, RegexLiterals.leadingBytes(regex.spelled) == nil else { return false }
        return regex.makeMatcher(timeLimit: 0).find("") == .match
    }
}

/// A rule as lint sees it.
struct LintItem {
    enum Shape {
        /// A contains/exact filter or a community body phrase (case-insensitive, contains).
        case phrase(exact: Bool, sensitive: Bool)
        case regex(ICURegex?)
        /// A community sender: the folded sender equals the folded entry.
        case sender
        case language(Language?)
        case smart(SmartRule)
    }
    var stage: Stage
    /// Age within the stage: the filter's index, the entry's, the smart rule's ordinal.
    var rank: Int
    var shape: Shape
    var target: Target
    /// The folded NFC text (phrases, senders); the NFC text itself (case-sensitive phrases).
    var folded: [UInt8] = []
    var raw: [UInt8] = []
    var text: String
    var id: Int?
    /// How the report names it.
    var name: String

    /// Comes before `o` in the pipeline (an earlier stage, or older in the same one).
    func precedes(_ o: LintItem) -> Bool { (stage.ordinal, rank) < (o.stage.ordinal, o.rank) }

    var isPhrase: Bool { if case .phrase = shape { true } else { false } }
    var exact: Bool { if case .phrase(let e, _) = shape { e } else { false } }
    var sensitive: Bool { if case .phrase(_, let s) = shape { s } else { false } }
    var isSender: Bool { if case .sender = shape { true } else { false } }
}

struct LintRun {
    let rules: CompiledRuleSet
    var items: [LintItem] = []

    init(_ rules: CompiledRuleSet) {
        self.rules = rules
        for (i, f) in rules.filters.enumerated() {
            let stage: Stage, shape: LintItem.Shape
            let action = f.type == .allow ? "allow" : "\(f.type.rawValue) → \(f.folder.rawValue)"
            switch f.type {
            case .allow: stage = .allowFilter
            case .deny: stage = .denyFilter
            case .denyLanguage: stage = .denyLanguage
            }
            switch (f.type, f.matching) {
            case (.denyLanguage, _): shape = .language(f.language)
            case (_, .regex): shape = .regex(try? ICURegex.compiled(f.text))
            case (_, .contains), (_, .exact): shape = .phrase(exact: f.matching == .exact, sensitive: f.caseSensitivity == .sensitive)
            }
            var item = LintItem(stage: stage, rank: i, shape: shape, target: f.target, text: rules.filterReasons[i], id: f.id,
                                name: "filter \(f.id) \(quoted(f.text)) (\(action))")
            if case .phrase = shape {
                item.folded = CaseFold.foldedNFCBytes(f.text)
                item.raw = Array(Normalization.nfc(f.text).utf8)
            }
            items.append(item)
        }
        for rule in SmartRule.allCases where rules.smartRules.enabled.contains(rule) {
            items.append(LintItem(stage: rule == .allUnknown ? .allUnknown : .smartRule, rank: rule.ordinal, shape: .smart(rule),
                                  target: .all, text: rule.rawValue, id: nil, name: "smart rule \(rule.rawValue)"))
        }
        for (i, e) in rules.communityEntries.enumerated() {
            let stage: Stage = e.list == .allowSender || e.list == .allowBody ? .automaticAllow : .automaticDeny
            let sender = e.list == .allowSender || e.list == .denySender
            var item = LintItem(stage: stage, rank: i, shape: sender ? .sender : .phrase(exact: false, sensitive: false),
                                target: sender ? .sender : .body, text: e.reason, id: nil,
                                name: "community entry \(quoted(e.reason)) (\(e.list.rawValue))")
            item.folded = CaseFold.foldedNFCBytes(e.text)
            items.append(item)
        }
        items.sort { ($0.stage.ordinal, $0.rank) < ($1.stage.ordinal, $1.rank) }
    }

    mutating func run() -> [LintFinding] {
        var out: [LintFinding] = []
        // Rules that match every message, in pipeline order.
        var everything: [(index: Int, why: String)] = []
        for (k, item) in items.enumerated() {
            switch item.shape {
            case .regex(let re?) where Linter.matchesEveryText(re):
                everything.append((k, "the regex matches the empty string, so ICU finds a match in every text"))
            case .smart(.allUnknown):
                everything.append((k, "all-unknown junks every message no allow filter allows"))
            default: break
            }
        }
        let index = PhraseIndex(items)
        for (k, f) in items.enumerated() {
            if let first = everything.first(where: { $0.index == k }) {
                let behind = items.indices.filter { $0 > k }.count
                // all-unknown alone is the rule; a finding when it leaves deny rules behind it.
                if case .smart = f.shape, behind == 0 { continue }
                if !everything.contains(where: { $0.index < k }) {
                    out.append(LintFinding(kind: .matchesAll, filter: f.text, id: f.id, by: nil,
                                           why: first.why + (behind > 0 ? "; \(behind == 1 ? "the rule after it never decides" : "the \(behind) rules after it never decide")" : ""),
                                           rule: f.name))
                    continue
                }
            }
            if let a = everything.first(where: { $0.index < k }) {
                let g = items[a.index]
                out.append(LintFinding(kind: .shadowed, filter: f.text, id: f.id, by: g.name,
                                       why: "\(g.name) decides every message that reaches it (\(a.why)), and it comes first", rule: f.name))
                continue
            }
            if let (g, why, same) = coverer(of: f, index) {
                out.append(LintFinding(kind: same ? .duplicate : .shadowed, filter: f.text, id: f.id, by: g.name,
                                       why: why + "; " + order(g, f), rule: f.name))
            }
        }
        return out
    }

    /// Why `g` decides before `f`.
    func order(_ g: LintItem, _ f: LintItem) -> String {
        if g.stage == f.stage {
            let folders = { (i: LintItem) -> String? in i.id.flatMap { id in rules.filters.first { $0.id == id }?.folder.rawValue } }
            let differ = g.stage == .denyFilter && folders(g) != folders(f)
            return "it is older in the same stage (\(g.stage.rawValue)), where the oldest match decides" + (differ ? " whatever its folder" : "")
        }
        return "its stage (\(g.stage.rawValue)) comes before \(f.stage.rawValue)"
    }

    /// The earliest rule before `f` that matches every message `f` matches, why, and whether
    /// it is the same rule (a duplicate).
    func coverer(of f: LintItem, _ index: PhraseIndex) -> (LintItem, String, Bool)? {
        var best: (LintItem, String, Bool)?
        func consider(_ g: LintItem, _ why: String, same: Bool) {
            guard g.precedes(f) else { return }
            if best == nil || g.precedes(best!.0) { best = (g, why, same) }
        }
        switch f.shape {
        case .smart:
            return nil
        case .language(let l):
            guard let l else { return nil }
            for g in items where g.stage == .denyLanguage {
                if case .language(l) = g.shape { consider(g, "it blocks the same language (\(l.rawValue))", same: true) }
            }
        case .sender:
            for k in index.senders[f.folded] ?? [] {
                let g = items[k]
                consider(g, "the same sender once case-folded", same: g.stage == f.stage)
            }
            index.phrasesInside(f, f.folded, space: .folded) { g, why in consider(g, why, same: false) }
        case .phrase:
            index.phrasesInside(f, f.folded, space: .folded) { g, why in
                // The same rule: a filter of the same text and options, or a list entry of the same folded text.
                let same = (g.id == nil && f.id == nil ? g.folded == f.folded : g.text == f.text)
                    && g.target == f.target && g.exact == f.exact && g.sensitive == f.sensitive && g.stage == f.stage
                consider(g, why, same: same)
            }
            if f.sensitive {
                index.phrasesInside(f, f.raw, space: .raw) { g, why in
                    let same = g.text == f.text && g.target == f.target && g.exact == f.exact && g.stage == f.stage
                    consider(g, why, same: same)
                }
            }
        case .regex(let re):
            guard let re else { return nil }
            // Every match holds a string of each clause (the regex layer's literal sets): a phrase
            // inside every string of one clause is in every match.
            for clause in RegexPrefilter.clauses(re.spelled) {
                let literals = clause.map { Array($0.utf8) }
                guard let first = literals.first else { continue }
                index.phrasesInside(f, first, space: .literal) { g, _ in
                    guard literals.dropFirst().allSatisfy({ index.holds(g, $0, f: f, space: .literal) }) else { return }
                    let shown = literals.map { quoted(String(decoding: $0, as: UTF8.self)) }.joined(separator: ", ")
                    consider(g, "every match of the regex holds \(literals.count == 1 ? "its required literal" : "one of its required literals") \(shown), "
                             + "and \(literals.count == 1 ? "it holds" : "each holds") \(quoted(String(decoding: g.folded, as: UTF8.self)))", same: false)
                }
            }
        }
        return best
    }
}
