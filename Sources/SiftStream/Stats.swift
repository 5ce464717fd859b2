// Counting for --stats: per action, per stage, per rule, errors, bytes and time.
import Foundation
import SiftEngine
import SiftRules

/// Counts of one worker (or, merged, of the whole run).
public struct RunStats: Sendable {
    public var records = 0
    public var errors = 0
    public var warnings = 0
    public var bytes = 0
    public var byAction = [Int](repeating: 0, count: Action.allCases.count)
    public var byStage = [Int](repeating: 0, count: Stage.allCases.count)
    /// Hits per (stage, rule key).
    var hits: [RuleHit: Int] = [:]

    struct RuleHit: Hashable, Sendable {
        var stage: UInt8
        var key: Int32
    }

    public init() {}

    mutating func count(_ v: Verdict) {
        records += 1
        byAction[Action.allCases.firstIndex(of: v.action)!] += 1
        let s = Stage.allCases.firstIndex(of: v.stage)!
        byStage[s] += 1
        if v.warning != nil { warnings += 1 }
        if v.ruleKey >= 0 { hits[RuleHit(stage: UInt8(s), key: v.ruleKey), default: 0] += 1 }
    }

    mutating func merge(_ o: RunStats) {
        records += o.records; errors += o.errors; warnings += o.warnings; bytes += o.bytes
        for i in byAction.indices { byAction[i] += o.byAction[i] }
        for i in byStage.indices { byStage[i] += o.byStage[i] }
        for (k, v) in o.hits { hits[k, default: 0] += v }
    }

    /// The summary `--stats` prints: plain text, one fact per line, no message content.
    public func report(rules: CompiledRuleSet, elapsed: Double, top: Int = 10) -> String {
        var lines: [String] = []
        let total = records + errors
        lines.append("records: \(total) (\(records) classified, \(errors) errors)")
        lines.append("actions: " + Action.allCases.enumerated().map { "\($0.element.rawValue) \(byAction[$0.offset])" }.joined(separator: ", "))
        lines.append("stages: " + Stage.allCases.enumerated().map { "\($0.element.rawValue) \(byStage[$0.offset])" }.joined(separator: ", "))
        if warnings > 0 { lines.append("warnings: \(warnings) (regex time-outs)") }
        let ranked = hits.sorted { a, b in a.value != b.value ? a.value > b.value : (a.key.stage, a.key.key) < (b.key.stage, b.key.key) }
        if !ranked.isEmpty {
            lines.append("top rules:")
            for (hit, n) in ranked.prefix(top) {
                let stage = Stage.allCases[Int(hit.stage)]
                lines.append("  \(n)\t\(stage.rawValue)\t\(describe(stage, hit.key, rules))")
            }
        }
        let secs = max(elapsed, 1e-9)
        lines.append(String(format: "elapsed: %.3f s, %.0f records/s, %.1f MB/s", elapsed, Double(total) / secs, Double(bytes) / 1e6 / secs))
        return lines.joined(separator: "\n") + "\n"
    }

    private func describe(_ stage: Stage, _ key: Int32, _ rules: CompiledRuleSet) -> String {
        switch stage {
        case .allowFilter, .denyFilter, .denyLanguage:
            let f = rules.filters[Int(key)]
            return "filter \(f.id) \(quoted(rules.filterReasons[Int(key)]))"
        case .automaticAllow, .automaticDeny:
            return quoted(rules.communityEntries[Int(key)].reason)
        case .smartRule, .allUnknown:
            return SmartRule.allCases[Int(key)].rawValue
        case .noMatch:
            return ""
        }
    }
}
