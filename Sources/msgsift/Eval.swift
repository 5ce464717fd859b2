// `msgsift eval`: the verdicts of a labelled archive against its labels: the
// confusion matrix, precision, recall, F1, false-positive rate, and per deciding
// rule its spam and ham records. It is classify's run, counted (SiftStream/Tally.swift).
import Foundation
import SiftEngine
import SiftRules
import SiftInput
import SiftStream

struct EvalConfig {
    var base = ClassifyConfig()
    var spamValues = ["spam", "junk", "1", "true"]
    var json = false
    var showFP: Int?
    var showFN: Int?
}

enum EvalCommand {
    static let usage = "msgsift [--db PATH] eval [INPUT…] --label FIELD [--spam V,…] [--json] [--show fp|fn [N]] [rule options]"
    static let summary = """
        Judges a labelled archive (NDJSON or CSV) with the rules classify would use and
        compares each verdict with the record's label: a record is "filtered" when its
        action is anything but allow. Reports the confusion matrix, precision, recall, F1
        and false-positive rate, and per deciding rule how many spam and ham records it
        decided. Records without the label are counted apart.
        """

    /// The flags of `classify` that read input, lifted onto this command's configuration.
    static func streamFlags<C>(_ path: WritableKeyPath<C, ClassifyConfig> & Sendable) -> [Flag<C>] {
        let names: Set<String> = ["--format", "--field", "--jobs", "--max-record-bytes", "--batch-size", "-v",
                                  "--delimiter", "--quiet", "--no-progress"]
        return ClassifyCommand.flags.filter { names.contains($0.name) }.map { f in
            let lifted = Flag<C>(f.name, f.value, f.help) { c, v in try f.apply(&c[keyPath: path], v) }
            return f.short.map { lifted.short($0) } ?? lifted
        }
    }

    static let flags: [Flag<EvalConfig>] = [
        Flag("--label", "FIELD", "the field (NDJSON key or CSV column) holding each record's label (required)") { c, v in
            guard !v.isEmpty else { throw UsageError("--label needs a field name") }
            c.base.stream.fields.label = v
        },
        Flag("--spam", "V,…", "label values that mean spam, any case (default spam,junk,1,true); every other value is ham") { c, v in
            let values = v.split(separator: ",").map { LabelOptions.normalized(String($0)) }.filter { !$0.isEmpty }
            guard !values.isEmpty else { throw UsageError("--spam needs at least one value") }
            c.spamValues = values
        },
        Flag("--json", nil, "write the report as one JSON object") { c, _ in c.json = true },
        Flag("--show", "fp|fn [N]", "list the false positives (ham filtered) or false negatives (spam allowed), the first N (default 10)") { c, v in
            let parts = v.split(separator: ":", maxSplits: 1).map(String.init)
            var n = 10
            if parts.count == 2 { n = try positiveInt(parts[1], "--show") }
            switch parts.first ?? "" {
            case "fp": c.showFP = n
            case "fn": c.showFN = n
            default: throw UsageError("--show: \(quotedArg(v)) is not fp or fn (--show fp 20)")
            }
        },
    ] + streamFlags(\EvalConfig.base) + RuleFlags.flags(\EvalConfig.base.rules)

    static func joiningShowCounts(_ args: ArraySlice<String>) -> ArraySlice<String> {
        var out: [String] = []
        var i = args.startIndex
        while i < args.endIndex {
            let a = args[i]
            if a == "--" { out += args[i...]; break }
            if a == "--show", i + 2 < args.endIndex, !args[i + 2].isEmpty, args[i + 2].allSatisfy({ $0.isASCII && $0.isNumber }),
               !FileManager.default.fileExists(atPath: args[i + 2]) {
                out += ["--show", args[i + 1] + ":" + args[i + 2]]
                i += 3
                continue
            }
            out.append(a)
            i += 1
        }
        return out[...]
    }

    static func run(_ args: ArraySlice<String>, db: String?) throws -> Int32 {
        var config = EvalConfig()
        config.base.rules.db = db
        config.base.quiet = saysQuiet(args)
        config.base.stream.jobs = ProcessInfo.processInfo.activeProcessorCount
        try parse(joiningShowCounts(args), flags, into: &config, command: "eval") { c, arg in
            c.base.inputs.append(arg == "-" ? .stdin : .file(arg))
        }
        guard !config.base.stream.fields.label.isEmpty else { throw UsageError("eval needs --label FIELD: the field holding each record's label", command: "eval") }
        if config.json && (config.showFP != nil || config.showFN != nil) {
            throw UsageError("--show lists records in the text report; leave out --json", command: "eval")
        }
        let f = config.base.stream.fields
        if [f.sender, f.body].contains(f.label) {
            throw UsageError("--label \(f.label) is the \(f.label == f.sender ? "sender" : "body") field", command: "eval")
        }
        var spec = LabelOptions(spamValues: config.spamValues)
        spec.falsePositiveExamples = config.showFP ?? 0
        spec.falseNegativeExamples = config.showFN ?? 0
        let (compiled, outcome) = try countingRun(config.base, mode: .evaluate(spec), command: "eval")
        var tally = outcome.eval
        tally.settle()
        if outcome.stats.records > 0 && tally.unlabelled == outcome.stats.records {
            note("no record has a \"\(f.label)\" field (--label names it)")
        }
        let report = config.json ? evalJSON(tally, records: outcome.stats.records, compiled) + "\n"
                                 : evalText(tally, records: outcome.stats.records, label: f.label, compiled, show: config)
        try writeStdout(Data(report.utf8))
        return ExitStatus.of(outcome)
    }

    /// Ratios of the report; nil where the denominator is 0.
    static func ratio(_ a: Int, _ b: Int) -> Double? { b == 0 ? nil : Double(a) / Double(b) }

    static func f1(_ t: EvalTally) -> Double? {
        guard let p = ratio(t.truePositives, t.truePositives + t.falsePositives),
              let r = ratio(t.truePositives, t.truePositives + t.falseNegatives), p + r > 0 else { return nil }
        return 2 * p * r / (p + r)
    }

    /// The deciding rules (noMatch left out), most records first.
    static func ranked(_ t: EvalTally) -> [(rule: RuleRef, spam: Int, ham: Int)] {
        t.byRule.filter { $0.key.stage != .noMatch }.map { ($0.key, $0.value.spam, $0.value.ham) }
            .sorted { a, b in a.spam + a.ham != b.spam + b.ham ? a.spam + a.ham > b.spam + b.ham : a.rule < b.rule }
    }

    static func number(_ d: Double?) -> String {
        guard let d else { return "null" }
        return String(format: "%.6g", d)
    }

    static func evalJSON(_ t: EvalTally, records: Int, _ rules: CompiledRuleSet) -> String {
        let spam = t.truePositives + t.falseNegatives, ham = t.falsePositives + t.trueNegatives
        var out = "{\"records\":\(records),\"labelled\":\(t.labelled),\"spam\":\(spam),\"ham\":\(ham)"
        out += ",\"tp\":\(t.truePositives),\"fp\":\(t.falsePositives),\"tn\":\(t.trueNegatives),\"fn\":\(t.falseNegatives)"
        out += ",\"precision\":\(number(ratio(t.truePositives, t.truePositives + t.falsePositives)))"
        out += ",\"recall\":\(number(ratio(t.truePositives, spam))),\"f1\":\(number(f1(t)))"
        out += ",\"rules\":[" + ranked(t).map { r in
            "{\"stage\":\"\(r.rule.stage.rawValue)\",\"reason\":\(JSONEscape.quoted(r.rule.reason(rules) ?? "")),\"spam\":\(r.spam),\"ham\":\(r.ham)}"
        }.joined(separator: ",") + "]}"
        return out
    }

    static func percent(_ d: Double?) -> String { d.map { String(format: "%.1f%%", $0 * 100) } ?? "n/a" }

    static func evalText(_ t: EvalTally, records: Int, label: String, _ rules: CompiledRuleSet, show: EvalConfig) -> String {
        let spam = t.truePositives + t.falseNegatives, ham = t.falsePositives + t.trueNegatives
        var lines = ["records: \(records) (\(t.labelled) labelled: \(spam) spam, \(ham) ham; \(t.unlabelled) without \"\(label)\")", ""]
        let w = max(String(t.truePositives).count, String(t.falsePositives).count, 8)
        lines.append("        " + "filtered".padding(w + 5) + "allowed")
        lines.append("  spam  " + "tp \(t.truePositives)".padding(w + 5) + "fn \(t.falseNegatives)")
        lines.append("  ham   " + "fp \(t.falsePositives)".padding(w + 5) + "tn \(t.trueNegatives)")
        lines.append("")
        lines.append("precision \(percent(ratio(t.truePositives, t.truePositives + t.falsePositives)))  recall \(percent(ratio(t.truePositives, spam)))"
                     + "  F1 \(percent(f1(t)))  false-positive rate \(percent(ratio(t.falsePositives, ham)))")
        let rows = ranked(t)
        if !rows.isEmpty {
            lines += ["", "deciding rules (records decided, spam, ham, spam share):"]
            for r in rows {
                let share = percent(ratio(r.spam, r.spam + r.ham))
                lines.append("  \(r.spam + r.ham)\t\(r.spam)\t\(r.ham)\t\(share)\t\(r.rule.stage.rawValue)\t\(quoted(r.rule.reason(rules) ?? ""))")
            }
        }
        func examples(_ title: String, _ list: [TallyExample], of total: Int) {
            lines += ["", "\(title) (\(list.count) of \(total)):"]
            for e in list {
                let verdict = "\(e.rule.action(rules).rawValue) \(e.rule.stage.rawValue)" + (e.rule.reason(rules).map { " " + quoted($0) } ?? "")
                lines.append("  record \(e.record)" + (e.idJSON.map { " id \($0)" } ?? "") + ": \(verdict), label \(quoted(e.label ?? ""))")
                lines.append("    sender \(quoted(e.sender ?? ""))")
                lines.append("    body   \(quoted(e.body ?? ""))")
            }
        }
        if show.showFP != nil { examples("false positives: ham filtered", t.falsePositiveExamples, of: t.falsePositives) }
        if show.showFN != nil { examples("false negatives: spam allowed", t.falseNegativeExamples, of: t.falseNegatives) }
        return lines.joined(separator: "\n") + "\n"
    }
}

/// Compiles the rules of `config` and runs the pipeline over its inputs in a counting
/// mode; reports what classify reports on stderr (notes, unreadable inputs and records).
func countingRun(_ config: ClassifyConfig, mode: RunMode, command: String, rules: CompiledRuleSet? = nil) throws -> (CompiledRuleSet, RunOutcome) {
    var config = config
    if config.inputs.isEmpty { config.inputs = [.stdin] }
    config.settleProgress()
    try refuseCommandsReadAsInputs(config.inputs)
    if (config.rules.filterFiles + config.rules.listFiles).contains("-"), config.inputs.contains(.stdin) {
        throw UsageError("stdin cannot hold both rules and the messages; give the messages as files", command: command)
    }
    let compiled: CompiledRuleSet
    if let rules { compiled = rules } else {
        compiled = try compile(config.rules, command: command)
        for w in compiled.warnings { note(w.words) }
    }
    let pipeline = Pipeline(rules: compiled, options: config.stream, mode: mode)
    pipeline.onInputError = { [options = config.stream] in warn($0.words(options)) }
    pipeline.progressWords = progressWords
    let outcome: RunOutcome
    do { outcome = try pipeline.run(config.inputs, output: -1) } catch {
        if error.isUsage { throw UsageError(error.words(config.stream), command: command) }
        throw RuntimeError(error.words(config.stream))
    }
    KeptToExit.keep(pipeline)
    sayNotes(outcome.notes)
    return (compiled, outcome)
}
