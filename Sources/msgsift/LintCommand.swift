// `msgsift lint`: the rules classify would use (store and rule flags) that can never
// decide, rules that match every message, and duplicates; proven by SiftEngine's Linter.
import Foundation
import SiftEngine
import SiftRules
import SiftInput
import SiftStream

struct LintConfig {
    var rules = RuleFlags()
    var json = false
}

enum LintCommand {
    static let usage = "msgsift [--db PATH] lint [--json] [rule options]"
    static let summary = """
        Proves which rules can never decide: a filter or list entry that every message it
        matches is decided before it reaches it (by an earlier stage, or an older rule of its
        own stage), a rule that matches every message, and duplicates. A finding is made
        only where it is proven; a rule lint cannot prove dead is left alone.
        """

    static let flags: [Flag<LintConfig>] = [
        Flag("--json", nil, "write the findings as a JSON array of {\"kind\",\"filter\",\"id\",\"by\",\"why\"}") { c, _ in c.json = true },
    ] + RuleFlags.flags(\LintConfig.rules)

    static func run(_ args: ArraySlice<String>, db: String?) throws -> Int32 {
        var config = LintConfig()
        config.rules.db = db
        try parse(args, flags, into: &config, command: "lint") { _, arg in
            throw UsageError("lint takes no input (\(quotedArg(arg))): it reads the rules only", command: "lint")
        }
        var findings: [LintFinding] = []
        var dropped: [LintFinding] = []
        let ruleSet: RuleSet
        do {
            ruleSet = try config.rules.ruleSet { given, f, older in
                dropped.append(LintFinding(kind: .duplicate, filter: f.text, id: nil, by: "filter \(older.id) \(quoted(older.text))",
                                           why: "\(given) is the same filter (text, target, matching, case) as filter \(older.id); it was dropped",
                                           rule: "\(given) \(quoted(f.text))"))
            }
        } catch let error as UsageError where error.command == nil {
            throw UsageError(error.description, command: "lint")
        }
        let compiled: CompiledRuleSet
        do { compiled = try CompiledRuleSet(ruleSet, invalidFilters: config.rules.noDB ? .refuse : .skip) } catch { throw UsageError(error.words) }
        for w in compiled.warnings { warn(w.words) }
        findings = dropped + Linter.findings(compiled)
        if config.json {
            let objects = findings.map { f in
                "{\"kind\":\"\(f.kind.rawValue)\",\"filter\":\(JSONEscape.quoted(f.filter)),\"id\":\(f.id.map(String.init) ?? "null")"
                    + ",\"by\":\(f.by.map(JSONEscape.quoted) ?? "null"),\"why\":\(JSONEscape.quoted(f.why))}"
            }
            try writeStdout(Data(("[" + objects.joined(separator: ",\n ") + "]\n").utf8))
        } else {
            var lines: [String] = []
            for f in findings {
                switch f.kind {
                case .matchesAll: lines.append("\(f.rule) matches every message: \(f.why)")
                case .duplicate, .shadowed:
                    lines.append("\(f.rule) never decides\(f.kind == .duplicate ? " (duplicate)" : ""): \(f.by ?? "") always decides first")
                    lines.append("    \(f.why)")
                }
            }
            lines.append(findings.isEmpty ? "no findings" : "\(findings.count) finding\(findings.count == 1 ? "" : "s")")
            try writeStdout(Data((lines.joined(separator: "\n") + "\n").utf8))
        }
        return findings.isEmpty ? 0 : 1
    }
}
