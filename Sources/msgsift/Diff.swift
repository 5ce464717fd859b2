// `msgsift diff --before RULES --after RULES`: what a rule change would change over
// an archive. Both rule sets are compiled once and evaluated per record in one
// parallel, ordered pass (RunMode.compare); records whose verdict differs are
// counted per transition, with the first few as examples.
import Foundation
import SiftEngine
import SiftRules
import SiftInput
import SiftStream

struct DiffConfig {
    var base = ClassifyConfig()
    var before: String?
    var after: String?
    var json = false
    var examples = 3
}

enum DiffCommand {
    static let usage = "msgsift diff --before RULES --after RULES [INPUT…] [--json] [--show N] [rule options]"
    static let summary = """
        Classifies the inputs with two rule sets at once and reports the records whose
        verdict (action, stage, reason) changes, per transition, with examples. RULES is a
        .sfsfilters file or a rule store file; the other rule options apply to both sides.
        """

    static let flags: [Flag<DiffConfig>] = [
        Flag("--before", "RULES", "the rules as they are: a .sfsfilters file or a store file (required)") { c, v in
            guard !v.isEmpty else { throw UsageError("--before needs a file") }
            c.before = v
        },
        Flag("--after", "RULES", "the rules as changed: a .sfsfilters file or a store file (required)") { c, v in
            guard !v.isEmpty else { throw UsageError("--after needs a file") }
            c.after = v
        },
        Flag("--json", nil, "write the report as one JSON object") { c, _ in c.json = true },
        Flag("--show", "N", "examples (record numbers and ids) per transition (default 3)") { c, v in
            guard let n = Int(v), n >= 0 else { throw UsageError("--show takes a whole number") }
            c.examples = n
        },
    ] + EvalCommand.streamFlags(\DiffConfig.base)
      + RuleFlags.flags(\DiffConfig.base.rules).filter { $0.name != "--db" && $0.name != "--no-db" }

    static func isStore(_ path: String) -> Bool {
        guard let h = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? h.close() }
        return (try? h.read(upToCount: 16)) == Data("SQLite format 3\0".utf8)
    }

    /// The rule flags of one side: its RULES, then the shared rule flags on top.
    static func side(_ rules: String, _ shared: RuleFlags) -> RuleFlags {
        var flags = shared
        if isStore(rules) {
            flags.noDB = false
            flags.db = rules
        } else {
            flags.noDB = true
            flags.filterFiles = [rules] + shared.filterFiles
        }
        return flags
    }

    static func run(_ args: ArraySlice<String>, db: String?) throws -> Int32 {
        if db != nil {
            throw UsageError("diff reads the rules of --before and --after, not a store named by --db: give a store file as one of them", command: "diff")
        }
        var config = DiffConfig()
        config.base.quiet = saysQuiet(args)
        config.base.stream.jobs = ProcessInfo.processInfo.activeProcessorCount
        try parse(args, flags, into: &config, command: "diff") { c, arg in
            c.base.inputs.append(arg == "-" ? .stdin : .file(arg))
        }

        guard let before = config.before, let after = config.after else {
            throw UsageError("diff needs --before RULES and --after RULES", command: "diff")
        }
        for path in [before, after] where path == "-" {
            throw UsageError("--before and --after name files, not stdin", command: "diff")
        }
        let beforeRules = try compile(side(before, config.base.rules), command: "diff")
        for w in beforeRules.warnings { note("--before: " + w.words) }
        let afterRules = try compile(side(after, config.base.rules), command: "diff")
        for w in afterRules.warnings { note("--after: " + w.words) }
        let (_, outcome) = try countingRun(config.base, mode: .compare(after: afterRules, examples: config.examples, probe: DiffProbe.make(beforeRules, afterRules)),
                                           command: "diff", rules: beforeRules)
        let rows = grouped(outcome.diff, beforeRules, afterRules, limit: config.examples)
        let report = config.json ? json(rows, records: outcome.stats.records, changed: outcome.diff.changed) + "\n"
                                 : text(rows, records: outcome.stats.records, changed: outcome.diff.changed)
        try writeStdout(Data(report.utf8))
        return ExitStatus.of(outcome)
    }

    /// A verdict as the report shows it.
    struct Shown: Hashable {
        var action: String
        var stage: String
        var reason: String?
    }

    struct Row {
        var before: Shown
        var after: Shown
        var count: Int
        var examples: [TallyExample]
    }

    /// The transitions by what they show (two rules of one side with the same text are one
    /// verdict), most records first, then by their first record.
    static func grouped(_ d: DiffTally, _ b: CompiledRuleSet, _ a: CompiledRuleSet, limit: Int) -> [Row] {
        var rows: [[Shown]: Row] = [:]
        for (t, n) in d.transitions {
            let before = Shown(action: t.before.action(b).rawValue, stage: t.before.stage.rawValue, reason: t.before.reason(b))
            let after = Shown(action: t.after.action(a).rawValue, stage: t.after.stage.rawValue, reason: t.after.reason(a))
            var row = rows[[before, after]] ?? Row(before: before, after: after, count: 0, examples: [])
            row.count += n.count
            row.examples = Array((row.examples + n.examples).sorted { $0.record < $1.record }.prefix(limit))
            rows[[before, after]] = row
        }
        return rows.values.sorted { x, y in
            x.count != y.count ? x.count > y.count : (x.examples.first?.record ?? 0) < (y.examples.first?.record ?? 0)
        }
    }

    static func json(_ rows: [Row], records: Int, changed: Int) -> String {
        func verdict(_ s: Shown) -> String {
            "{\"action\":\"\(s.action)\",\"stage\":\"\(s.stage)\"" + (s.reason.map { ",\"reason\":" + JSONEscape.quoted($0) } ?? "") + "}"
        }
        let transitions = rows.map { r in
            "{\"before\":\(verdict(r.before)),\"after\":\(verdict(r.after)),\"count\":\(r.count),\"examples\":["
                + r.examples.map { "{\"record\":\($0.record)" + ($0.idJSON.map { ",\"id\":" + $0 } ?? "") + "}" }.joined(separator: ",") + "]}"
        }
        return "{\"records\":\(records),\"changed\":\(changed),\"transitions\":[" + transitions.joined(separator: ",") + "]}"
    }

    static func text(_ rows: [Row], records: Int, changed: Int) -> String {
        func verdict(_ s: Shown) -> String { "\(s.action) \(s.stage)" + (s.reason.map { " " + quoted($0) } ?? "") }
        var lines = ["records: \(records), changed: \(changed)"]
        if !rows.isEmpty { lines.append("") }
        for r in rows {
            lines.append("  \(r.count)\t\(verdict(r.before)) → \(verdict(r.after))")
            if !r.examples.isEmpty {
                lines.append("\trecords " + r.examples.map { "\($0.record)" + ($0.idJSON.map { " (id \($0))" } ?? "") }.joined(separator: ", "))
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
