// Counting instead of writing: `eval` (verdicts against each record's label) and
// `diff` (a second rule set's verdicts against the first's). The same pipeline
// reads, evaluates and merges in input order (Pipeline+Tally.swift has the
// workers' side); what it counts is here, per batch, merged by the writer.
import SiftEngine
import SiftRules
import SiftInput
import SiftOutput

/// What a run does with its verdicts.
public enum RunMode: Sendable {
    /// Write them (`classify`).
    case classify
    /// Count them against each record's label (`FieldNames.label` names the field).
    case evaluate(LabelOptions)
    /// Evaluate a second rule set too, and count where the two verdicts differ. With a
    /// `probe` (`DiffProbe.make`), the second is evaluated only for a record the probe matches.
    case compare(after: CompiledRuleSet, examples: Int, probe: CompiledRuleSet? = nil)
}

/// What lets `diff` skip the second evaluation of most records: when two rule sets differ
/// only in filters (the same smart rules and community lists, the filters they share in
/// the same order), a record that no filter of one set alone matches has the same verdict
/// under both: the same filters match it, the same one wins each stage. The probe holds
/// those filters (each as a deny filter, or the language block it is), so a record it
/// leaves at `noMatch` needs no second evaluation.
public enum DiffProbe {
    public static func make(_ a: CompiledRuleSet, _ b: CompiledRuleSet) -> CompiledRuleSet? {
        guard a.smartRules == b.smartRules, a.regexTimeLimit == b.regexTimeLimit,
              a.communityLanguagesOn == b.communityLanguagesOn,
              a.communityEntries.count == b.communityEntries.count,
              zip(a.communityEntries, b.communityEntries).allSatisfy({ $0.language == $1.language && $0.list == $1.list && $0.text == $1.text })
        else { return nil }
        // A filter as what it decides: its identity, type and folder.
        struct Key: Hashable { var identity: FilterIdentity; var type: FilterType; var folder: Folder }
        func key(_ f: Filter) -> Key { Key(identity: f.identity, type: f.type, folder: f.type == .allow ? .junk : f.folder) }
        let aKeys = a.filters.map(key), bKeys = b.filters.map(key)
        let inA = Set(aKeys), inB = Set(bKeys)
        guard aKeys.filter(inB.contains) == bKeys.filter(inA.contains) else { return nil }
        var probe = RuleSet()
        for f in a.filters.filter({ !inB.contains(key($0)) }) + b.filters.filter({ !inA.contains(key($0)) }) {
            var g = f
            g.id = 0
            if g.type == .allow { g.type = .deny }
            probe.add(g)
        }
        return try? CompiledRuleSet(probe, invalidFilters: .skip, regexTimeLimit: a.regexTimeLimit)
    }
}

/// How `eval` reads labels and which mistakes it keeps.
public struct LabelOptions: Sendable {
    /// Label values that mean spam, lowercased; any other value is ham.
    public var spamValues: Set<String>
    /// How many false positives and false negatives to keep, first in input order.
    public var falsePositiveExamples = 0
    public var falseNegativeExamples = 0

    /// `spamValues` as bytes, for the per-record test.
    private let spamBytes: [[UInt8]]

    public init(spamValues: [String]) {
        self.spamValues = Set(spamValues.map { Self.normalized($0) })
        spamBytes = self.spamValues.map { Array($0.utf8) }
    }

    /// Whether a label read from a record means spam (compared as `normalized`), without
    /// making a String of it.
    public func isSpam(_ label: UnsafeBufferPointer<UInt8>) -> Bool {
        var start = 0, end = label.count
        while start < end && (label[start] == 0x20 || label[start] == 0x09) { start += 1 }
        while end > start && (label[end - 1] == 0x20 || label[end - 1] == 0x09) { end -= 1 }
        outer: for value in spamBytes where value.count == end - start {
            for (k, b) in value.enumerated() {
                let c = label[start + k]
                if (c >= 0x41 && c <= 0x5A ? c | 0x20 : c) != b { continue outer }
            }
            return true
        }
        return false
    }

    /// A label as compared: surrounding blank space trimmed, ASCII letters lowercased.
    public static func normalized(_ s: String) -> String {
        String(decoding: normalized(Array(s.utf8)), as: UTF8.self)
    }

    static func normalized(_ bytes: some Collection<UInt8>) -> [UInt8] {
        var out = Array(bytes.drop { $0 == 0x20 || $0 == 0x09 })
        while let last = out.last, last == 0x20 || last == 0x09 { out.removeLast() }
        for i in out.indices where out[i] >= 0x41 && out[i] <= 0x5A { out[i] |= 0x20 }
        return out
    }
}

/// A deciding rule: its stage and its key within the stage (`Verdict.ruleKey`).
public struct RuleRef: Hashable, Sendable, Comparable {
    public var stage: Stage
    public var key: Int32
    public init(stage: Stage, key: Int32) { self.stage = stage; self.key = key }
    public static func < (a: RuleRef, b: RuleRef) -> Bool { (a.stage.ordinal, a.key) < (b.stage.ordinal, b.key) }

    /// The verdict's action for this rule of `rules`.
    public func action(_ rules: CompiledRuleSet) -> Action {
        switch stage {
        case .allowFilter, .automaticAllow, .noMatch: return .allow
        case .allUnknown, .smartRule, .automaticDeny: return .junk
        case .denyFilter, .denyLanguage: return rules.filters[Int(key)].folder.action
        }
    }

    /// The verdict's reason for this rule of `rules` (nil for noMatch), as `Verdict.reason`.
    public func reason(_ rules: CompiledRuleSet) -> String? {
        switch stage {
        case .allowFilter, .denyFilter, .denyLanguage: return rules.filterReasons[Int(key)]
        case .automaticAllow, .automaticDeny: return rules.communityEntries[Int(key)].reason
        case .smartRule, .allUnknown: return SmartRule.allCases[Int(key)].rawValue
        case .noMatch: return nil
        }
    }
}

/// One record kept as an example: where it is, its verdict, and (for `eval`) its content.
public struct TallyExample: Sendable {
    public var record: Int
    /// The id as a JSON token, as verdicts write it.
    public var idJSON: String?
    public var rule: RuleRef
    /// The label as read (eval).
    public var label: String?
    public var sender: String?
    public var body: String?
}

/// `eval`'s counts: the confusion matrix and, per deciding rule, its spam and ham records.
public struct EvalTally: Sendable {
    public var unlabelled = 0
    public var truePositives = 0, falsePositives = 0, trueNegatives = 0, falseNegatives = 0
    /// Per deciding rule (noMatch included), spam and ham records.
    public var byRule: [RuleRef: (spam: Int, ham: Int)] = [:]
    public var falsePositiveExamples: [TallyExample] = []
    public var falseNegativeExamples: [TallyExample] = []
    /// Counted here and not merged into `byRule` yet: `stage << 34 | key << 1 | spam`.
    var log: [UInt64] = []

    public init() {}

    /// Labelled records.
    public var labelled: Int { truePositives + falsePositives + trueNegatives + falseNegatives }

    mutating func count(_ d: Decision, spam: Bool) {
        let filtered = d.action != .allow
        switch (filtered, spam) {
        case (true, true): truePositives += 1
        case (true, false): falsePositives += 1
        case (false, false): trueNegatives += 1
        case (false, true): falseNegatives += 1
        }
        log.append(UInt64(d.stage.ordinal) << 34 | UInt64(UInt32(bitPattern: d.ruleKey)) << 1 | (spam ? 1 : 0))
    }

    /// Moves what is logged per record into `byRule` (merging does it too).
    /// Sorted, a batch's log is a run per rule: one dictionary update per rule, not per record.
    public mutating func settle() {
        guard !log.isEmpty else { return }
        log.sort()
        var i = 0
        while i < log.count {
            let rule = log[i] >> 1
            var spam = 0, ham = 0
            while i < log.count && log[i] >> 1 == rule {
                if log[i] & 1 != 0 { spam += 1 } else { ham += 1 }
                i += 1
            }
            let ref = RuleRef(stage: Stage.allCases[Int(rule >> 33)], key: Int32(bitPattern: UInt32(truncatingIfNeeded: rule)))
            var n = byRule[ref] ?? (0, 0)
            n.spam += spam; n.ham += ham
            byRule[ref] = n
        }
        log.removeAll()
    }

    /// Adds the counts of the batch that follows (input order is kept for the examples).
    mutating func merge(_ o: EvalTally, keeping limits: LabelOptions) {
        unlabelled += o.unlabelled
        truePositives += o.truePositives; falsePositives += o.falsePositives
        trueNegatives += o.trueNegatives; falseNegatives += o.falseNegatives
        log += o.log
        settle()
        for (ref, n) in o.byRule {
            var m = byRule[ref] ?? (0, 0)
            m.spam += n.spam; m.ham += n.ham
            byRule[ref] = m
        }
        falsePositiveExamples += o.falsePositiveExamples.prefix(max(0, limits.falsePositiveExamples - falsePositiveExamples.count))
        falseNegativeExamples += o.falseNegativeExamples.prefix(max(0, limits.falseNegativeExamples - falseNegativeExamples.count))
    }
}

/// `diff`'s counts: per transition (before rule → after rule), records and the first examples.
public struct DiffTally: Sendable {
    public struct Transition: Hashable, Sendable {
        public var before: RuleRef
        public var after: RuleRef
    }
    public var changed = 0
    public var transitions: [Transition: (count: Int, examples: [TallyExample])] = [:]

    public init() {}

    mutating func merge(_ o: DiffTally, examples limit: Int) {
        changed += o.changed
        for (t, n) in o.transitions {
            var m = transitions[t] ?? (0, [])
            m.count += n.count
            m.examples += n.examples.prefix(max(0, limit - m.examples.count))
            transitions[t] = m
        }
    }
}
