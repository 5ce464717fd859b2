// `msgsift test`: one message, judged and explained in plain text.
import SiftEngine
import SiftRules

struct TestConfig {
    var rules = RuleFlags()
    var sender: String?
    var body: String?
    var explain = false
}

enum TestCommand {
    static let usage = "msgsift test --sender S --body B [--explain] [rule flags]"
    static let flags: [Flag<TestConfig>] = [
        Flag("--sender", "S", "the message's sender") { c, v in c.sender = v },
        Flag("--body", "B", "the message's body") { c, v in c.body = v },
        Flag("--explain", nil, "show every stage, what it checked and the outcome") { c, _ in c.explain = true },
    ] + RuleFlags.flags(\TestConfig.rules)

    static func run(_ args: ArraySlice<String>, db: String?) throws -> Int32 {
        var config = TestConfig()
        config.rules.db = db
        try parse(args, flags, into: &config, command: "test") { _, arg in
            throw UsageError("unexpected argument \(quotedArg(arg)); give the message with --sender and --body", command: "test")
        }
        guard config.sender != nil || config.body != nil else {
            throw UsageError("give the message with --sender S and/or --body B", command: "test")
        }
        let compiled = try compile(config.rules, command: "test")
        for w in compiled.warnings { warn(w.words) }
        let evaluator = Evaluator(compiled)
        let v = evaluator.evaluate(sender: config.sender ?? "", body: config.body ?? "", explain: config.explain)
        print(render(v))
        return 0
    }

    /// The verdict as people read it.
    static func render(_ v: Verdict) -> String {
        var lines = ["\(v.action.rawValue) (stage \(v.stage.rawValue)\(v.reason.map { ", rule \(quoted($0))" } ?? ""))"]
        if let w = v.warning { lines.append("warning: \(w)") }
        if !v.trace.isEmpty {
            let width = Stage.allCases.map(\.rawValue.count).max()!
            for (i, step) in v.trace.enumerated() {
                let checked = step.checked.isEmpty ? "" : step.checked + ": "
                lines.append("  \(i + 1). \(step.stage.rawValue.padding(width))  \(checked)\(step.outcome)")
            }
        }
        return lines.joined(separator: "\n")
    }
}
