// Every rule of a run with its hits, those that never fired included (for `--stats=all`,
// worded by the command line), and `--stats-json`'s document, whose counts add up across runs.
import SiftEngine
import SiftRules
import SiftInput
import SiftOutput

/// One rule of a run and how many records it decided.
public struct RuleHits: Sendable {
    public var rule: RuleRef
    /// The filter's id, for filters; nil for smart rules and community entries.
    public var filterID: Int?
    public var reason: String
    public var hits: Int
}

extension RunStats {
    /// Every rule that can decide in `rules` (filters, smart rules that are on, community
    /// entries taking part), in pipeline order, with the records it decided.
    public func everyRule(_ rules: CompiledRuleSet) -> [RuleHits] {
        let hits = allHits
        func n(_ stage: Stage, _ key: Int) -> Int {
            let row = hits[stage.ordinal]
            return key < row.count ? row[key] : 0
        }
        var out: [RuleHits] = []
        var byStage: [Stage: [RuleHits]] = [:]
        for (i, f) in rules.filters.enumerated() {
            let stage: Stage
            switch f.type {
            case .allow: stage = .allowFilter
            case .deny: stage = .denyFilter
            case .denyLanguage: stage = .denyLanguage
            }
            byStage[stage, default: []].append(RuleHits(rule: RuleRef(stage: stage, key: Int32(i)), filterID: f.id,
                                                        reason: rules.filterReasons[i], hits: n(stage, i)))
        }
        for rule in SmartRule.allCases where rules.smartRules.enabled.contains(rule) {
            let stage: Stage = rule == .allUnknown ? .allUnknown : .smartRule
            byStage[stage, default: []].append(RuleHits(rule: RuleRef(stage: stage, key: Int32(rule.ordinal)), filterID: nil,
                                                        reason: rule.rawValue, hits: n(stage, rule.ordinal)))
        }
        for (i, e) in rules.communityEntries.enumerated() {
            let stage: Stage
            switch e.list {
            case .allowSender, .allowBody: stage = .automaticAllow
            case .denySender, .denyBody: stage = .automaticDeny
            }
            byStage[stage, default: []].append(RuleHits(rule: RuleRef(stage: stage, key: Int32(i)), filterID: nil,
                                                        reason: e.reason, hits: n(stage, i)))
        }
        for stage in Stage.allCases { out += byStage[stage] ?? [] }
        return out
    }

    /// `--stats-json`'s document: counts only, so that the files of runs over parts of an
    /// archive add up member by member (rules matched by stage, reason and id).
    public func json(_ rules: CompiledRuleSet) -> String {
        var out = "{\"format\":\"msgsift-stats\",\"version\":1"
        out += ",\"records\":\(records),\"errors\":\(errors.count),\"warnings\":\(warnings)"
        out += ",\"actions\":{" + Action.allCases.map { "\"\($0.rawValue)\":\(byAction[$0.ordinal])" }.joined(separator: ",") + "}"
        out += ",\"stages\":{" + Stage.allCases.map { "\"\($0.rawValue)\":\(byStage[$0.ordinal])" }.joined(separator: ",") + "}"
        out += ",\"rules\":["
        out += everyRule(rules).map { r in
            "{\"stage\":\"\(r.rule.stage.rawValue)\"" + (r.filterID.map { ",\"id\":\($0)" } ?? "")
                + ",\"reason\":\(JSONEscape.quoted(r.reason)),\"hits\":\(r.hits)}"
        }.joined(separator: ",")
        return out + "]}\n"
    }
}
