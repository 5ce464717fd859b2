// The words of `--stats` and `--stats=all` (what SiftStream counted, `RunStats`) and of
// where a record is (`RecordPlace`): plain text, one fact per line, no message content.
import Foundation
import SiftEngine
import SiftRules
import SiftStream

extension RecordPlace {
    /// `record 12, in.csv:14`.
    var words: String { "record \(number), \(source):\(line)" }
}

extension RunStats {
    /// The summary `--stats` prints.
    func report(rules: CompiledRuleSet, elapsed: Double, top: Int = 10) -> String {
        var lines: [String] = []
        let total = records + errors.count
        lines.append("records: \(total) (\(records) classified, \(errors.count) error\(errors.count == 1 ? "" : "s"))")
        lines.append("actions: " + Action.allCases.enumerated().map { "\($0.element.rawValue) \(byAction[$0.offset])" }.joined(separator: ", "))
        lines.append("stages: " + Stage.allCases.enumerated().map { "\($0.element.rawValue) \(byStage[$0.offset])" }.joined(separator: ", "))
        if warnings > 0 { lines.append("warnings: \(warnings) record\(warnings == 1 ? "" : "s") (a regex timed out or could not finish)") }
        if inputsNotRead > 0 { lines.append("inputs not read: \(inputsNotRead)") }
        if inputsReadInPart > 0 { lines.append("inputs read in part (lines lost): \(inputsReadInPart)") }
        var ranked: [(stage: Int, key: Int, n: Int)] = []
        for (s, counts) in allHits.enumerated() { for (k, n) in counts.enumerated() where n > 0 { ranked.append((s, k, n)) } }
        ranked.sort { a, b in a.n != b.n ? a.n > b.n : (a.stage, a.key) < (b.stage, b.key) }
        if !ranked.isEmpty {
            // Cut at `top`: say so, since the rules left out may tie with the last one shown.
            lines.append(ranked.count > top ? "top rules (\(top) of \(ranked.count)):" : "top rules:")
            for hit in ranked.prefix(top) {
                let stage = Stage.allCases[hit.stage]
                lines.append("  \(hit.n)\t\(stage.rawValue)\t\(Self.describe(stage, hit.key, rules))")
            }
        }
        let secs = max(elapsed, 1e-9)
        lines.append(String(format: "elapsed: %.3f s, %.0f records/s, %.1f MB/s", elapsed, Double(total) / secs, Double(bytes) / 1e6 / secs))
        return lines.joined(separator: "\n") + "\n"
    }

    private static func describe(_ stage: Stage, _ key: Int, _ rules: CompiledRuleSet) -> String {
        switch stage {
        case .allowFilter, .denyFilter, .denyLanguage:
            return "filter \(rules.filters[key].id) \(quoted(rules.filterReasons[key]))"
        case .automaticAllow, .automaticDeny:
            return quoted(rules.communityEntries[key].reason)
        case .smartRule, .allUnknown:
            return SmartRule.allCases[key].rawValue
        case .noMatch:
            return ""
        }
    }

    /// `--stats=all`'s listing: every rule, most hits first (pipeline order among equals).
    func everyRuleReport(_ rules: CompiledRuleSet) -> String {
        let all = everyRule(rules)
        let ranked = all.enumerated().sorted { a, b in a.element.hits != b.element.hits ? a.element.hits > b.element.hits : a.offset < b.offset }
        var lines = ["every rule (\(all.count), \(all.count { $0.hits == 0 }) never fired):"]
        for (_, r) in ranked {
            lines.append("  \(r.hits)\t\(r.rule.stage.rawValue)\t" + (r.filterID.map { "filter \($0) " } ?? "") + quoted(r.reason))
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

/// The progress line: `msgsift: 1,234,567 records  412,345/s  1:05`.
@Sendable func progressWords(records: Int, elapsed: Double) -> String {
    let rate = elapsed > 0 ? Int((Double(records) / elapsed).rounded()) : 0
    let seconds = Int(elapsed)
    func twoDigits(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
    let clock = seconds >= 3600
        ? "\(seconds / 3600):" + twoDigits(seconds / 60 % 60) + ":" + twoDigits(seconds % 60)
        : "\(seconds / 60):" + twoDigits(seconds % 60)
    return "msgsift: \(grouped(records)) records  \(grouped(rate))/s  \(clock)"
}

/// `1234567` as `1,234,567`.
func grouped(_ n: Int) -> String {
    let digits = Array(String(n))
    var out = ""
    for (i, d) in digits.enumerated() {
        if i > 0 && (digits.count - i) % 3 == 0 { out.append(",") }
        out.append(d)
    }
    return out
}
