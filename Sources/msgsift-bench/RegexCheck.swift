// `msgsift-bench regex-check`: each regex filter of a rule file alone, over a
// corpus, with the regex prefilter and with ICU alone (no gate, no leading
// bytes). Prints per regex how many messages ICU ran on and how many matched,
// and fails if the two ever disagree on a verdict: the prefilter may only skip
// what cannot match.
import Foundation
import SiftEngine
import SiftRules
import SiftText

/// Sender and body of each record of an NDJSON corpus, as UTF-8.
func readCorpus(_ path: String, limit: Int) -> [(sender: [UInt8], body: [UInt8])] {
    guard let data = FileManager.default.contents(atPath: path) else { fail("cannot read \(path)") }
    var out: [(sender: [UInt8], body: [UInt8])] = []
    var start = data.startIndex
    while start < data.endIndex && out.count < limit {
        let end = data[start...].firstIndex(of: UInt8(ascii: "\n")) ?? data.endIndex
        if let record = try? JSONSerialization.jsonObject(with: data[start..<end]) as? [String: Any] {
            out.append((Array((record["sender"] as? String ?? "").utf8), Array((record["body"] as? String ?? "").utf8)))
        }
        start = end + 1
    }
    return out
}

/// One regex filter alone, compiled with and without the prefilter, run over every record.
struct RegexCheckResult {
    var pattern: String
    var target: Target
    var icuRuns = 0
    var matches = 0
    var disagreements = 0
    var firstDisagreement: Int?
}

func regexCheck(_ args: [String]) {
    guard let data = FileManager.default.contents(atPath: value(args, "--filters")) else { fail("cannot read --filters") }
    let rows: [SFSFilters.Row]
    do { rows = try SFSFilters.read(data) } catch { fail("\(value(args, "--filters")): \(error)") }
    var filters = rows.compactMap { try? $0.result.get() }.filter { $0.matching == .regex }
    // Generated patterns, if asked: a family over the corpus's kinds of text.
    if let n = Int(value(args, "--family", "0")), n > 0 {
        var random = SeededRandom(seed: UInt64(value(args, "--seed", "1")) ?? 1)
        for _ in 0..<n {
            var p = RegexFamily.pattern(&random)
            // Only patterns a filter can hold: ICU takes them, and no surrounding space is trimmed.
            while (try? ICURegex(p)) == nil || p.trimmingCharacters(in: .whitespacesAndNewlines) != p { p = RegexFamily.pattern(&random) }
            filters.append(Filter(id: 0, type: .deny, target: .body, matching: .regex, text: p))
        }
    }
    if args.contains("--layers") {
        regexLayers(filters, corpus: readCorpus(value(args, "--corpus"), limit: Int(value(args, "--records", "20000")) ?? 20000))
        return
    }
    let records = readCorpus(value(args, "--corpus"), limit: Int(value(args, "--records", "1000000000")) ?? .max)
    let results = Locked([RegexCheckResult?](repeating: nil, count: filters.count))
    let started = Date()
    let filterList = filters
    DispatchQueue.concurrentPerform(iterations: filters.count) { i in
        var f = filterList[i]
        f.id = 1
        f.type = .deny          // stage 5 is always reached when nothing else is there
        var set = RuleSet()
        set.add(f)
        guard let gated = try? CompiledRuleSet(set), let alone = try? CompiledRuleSet(set, regexPrefilter: false) else {
            results.withLock { $0[i] = RegexCheckResult(pattern: f.text, target: f.target, disagreements: -1) }
            return
        }
        let a = Evaluator(gated), b = Evaluator(alone)
        var r = RegexCheckResult(pattern: f.text, target: f.target)
        for (n, record) in records.enumerated() {
            record.sender.withUnsafeBufferPointer { s in
                record.body.withUnsafeBufferPointer { body in
                    let x = a.decide(senderUTF8: s, bodyUTF8: body), y = b.decide(senderUTF8: s, bodyUTF8: body)
                    if x.stage == .denyFilter { r.matches += 1 }
                    if x != y {
                        r.disagreements += 1
                        if r.firstDisagreement == nil { r.firstDisagreement = n }
                    }
                }
            }
        }
        r.icuRuns = a.regexRuns.first?.runs ?? 0
        results.withLock { $0[i] = r }
    }
    let n = records.count
    print("regex-check: \(filters.count) regexes alone × \(n) records, with the prefilter and with ICU alone (\(String(format: "%.1f", Date().timeIntervalSince(started))) s)")
    print("  ICU runs  matches  target  pattern")
    var total = 0, disagreeing = 0
    for case let r? in results.withLock({ $0 }) {
        total += r.icuRuns
        print(String(format: "%8d %8d  %-6@  %@", r.icuRuns, r.matches, r.target.rawValue, r.pattern)
              + (r.disagreements != 0 ? "   DISAGREE \(r.disagreements)× (first: record \(r.firstDisagreement ?? -1))" : ""))
        if r.disagreements != 0 { disagreeing += 1 }
    }
    print(String(format: "ICU ran on %.2f regexes per record on average (of %d); verdicts %@", Double(total) / Double(max(n, 1)), filters.count,
                 disagreeing == 0 ? "identical with and without the prefilter" : "DIFFER for \(disagreeing) regexes"))
    if disagreeing != 0 { exit(1) }
}

/// Random patterns of the shapes SMS filters take, over the corpus's words and symbols:
/// alternations in groups, optional groups, classes and counted repetitions, `(?i)`.
enum RegexFamily {
    static let words = ["code", "loan", "credit", "prize", "win", "account", "verify", "stop", "free", "order", "paket", "colis",
                        "кредит", "код", "préstamo", "código", "kazandınız", "קוד", "رمز", "验证码", "認証", "ss", "ß", "straße", "İ", "i̇",
                        "σ", "ς", "k", "\\.", "\\$", "%", "€", "📦", "http", "www", "bit\\.ly", "STOP", "SALE", "ok"]
    static let atoms = ["\\d", "\\w", "\\s", "[A-Z]", "[a-z]", "[0-9]", "[-.\\s]", ".", "\\p{L}", "[^\\s]", "\\b", "\\S", "[€$£]", "\\p{Han}"]
    static let quantifiers = ["", "", "?", "*", "+", "{2}", "{3,}", "{1,4}", "{0}", "{0,2}"]

    static func pattern(_ r: inout SeededRandom) -> String {
        var parts: [String] = []
        if r.chance(40) { parts.append("(?i)") }
        for _ in 0..<(1 + r.below(4)) {
            switch r.below(5) {
            case 0, 1: parts.append(r.pick(words) + (r.chance(20) ? r.pick(quantifiers) : ""))
            case 2:
                let alts = (0..<(1 + r.below(4))).map { _ in r.chance(10) ? "" : r.pick(words) }
                parts.append("(" + (r.chance(30) ? "?:" : "") + alts.joined(separator: "|") + ")" + r.pick(quantifiers))
            case 3: parts.append(r.pick(atoms) + r.pick(quantifiers))
            default: parts.append(r.chance(50) ? " " : "\\s*")
            }
        }
        if r.chance(10) { parts.append("|" + r.pick(words)) }
        return parts.joined()
    }
}

/// `regex-check --layers`: what each regex's prefilter has to go on (the literal clauses of
/// its gate, all needed, one literal of each; the run every match holds; its automaton, its
/// size and build time in the alphabet of the whole file, as classify builds it), and on the
/// corpus, how many records its gate and run let through to the automaton and what the
/// automaton costs on them.
func regexLayers(_ filters: [Filter], corpus: [(sender: [UInt8], body: [UInt8])]) {
    let alphabet = RegexAlphabet(patterns: filters.map(\.text))
    // Built once before timing: the first build makes tables every automaton shares.
    for f in filters { _ = RegexAutomaton(f.text, alphabet: alphabet) }
    print("\(filters.count) regexes, \(corpus.count) records")
    for f in filters {
        let clauses = RegexPrefilter.clauses(f.text)
        let run = RegexRun.required(f.text)
        let built = Date()
        let automaton = RegexAutomaton(f.text, alphabet: alphabet)
        let buildTime = Date().timeIntervalSince(built)
        print("  \(f.target.rawValue)\t\(f.text)")
        let gate = clauses.isEmpty ? "-" : clauses.map { "{" + $0.joined(separator: "|") + "}" }.joined(separator: " & ")
        print("      gate: \(gate)")
        print("      run: " + (run.map { "\($0.count) × \($0.members.summary)" + ($0.whole.map { ", the whole text \($0.min)...\($0.max)" } ?? "") } ?? "-"))
        guard let automaton else { print("      no automaton"); continue }
        // The records whose target passes the gate and holds the run (bodies and senders apart).
        var texts: [[UInt8]] = []
        for r in corpus {
            let text: [UInt8]
            switch f.target {
            case .body: text = r.body
            case .sender: text = r.sender
            case .all: text = r.body + [0x20] + r.sender
            }
            if !clauses.isEmpty && !RegexPrefilter.admits(clauses, String(decoding: text, as: UTF8.self)) { continue }
            if let run, !text.withUnsafeBufferPointer({ run.isHeld(by: $0) }) { continue }
            texts.append(text)
        }
        var decided = [0, 0, 0]
        let started = Date()
        for _ in 0..<5 {
            for t in texts {
                switch t.withUnsafeBufferPointer({ automaton.decide(utf8: $0) }) {
                case .noMatch: decided[0] += 1
                case .match: decided[1] += 1
                case .maybe: decided[2] += 1
                }
            }
        }
        let each = texts.isEmpty ? 0 : Date().timeIntervalSince(started) / Double(5 * texts.count) * 1e9
        print(String(format: "      automaton: %d states × %d columns, built in %.2f ms; on %d records (%.1f%%), %.0f ns each: %d no match, %d match, %d maybe",
                     automaton.stateCount, automaton.columnCount, buildTime * 1000, texts.count, 100 * Double(texts.count) / Double(max(corpus.count, 1)),
                     each, decided[0] / 5, decided[1] / 5, decided[2] / 5))
        if let a = automaton.anchor {
            print("      anchor: `\(Character(Unicode.Scalar(a.byte)))`, searched from \(a.before) scalars before it to \(a.after.map { "\($0) after it" } ?? "the text's end")")
        }
    }
}

extension ScalarClass {
    /// The class as `[…]` of its ASCII members in ranges, and how many kinds of other scalars it holds.
    var summary: String {
        var parts: [String] = [], b = 0
        while b < 128 {
            guard holdsASCII(UInt8(b)) else { b += 1; continue }
            var e = b
            while e + 1 < 128 && holdsASCII(UInt8(e + 1)) { e += 1 }
            let show = { (c: Int) in c > 32 && c < 127 ? String(UnicodeScalar(UInt8(c))) : String(format: "\\x%02X", c) }
            parts.append(e > b ? show(b) + "-" + show(e) : show(b))
            b = e + 1
        }
        let kinds = nonASCII.nonzeroBitCount
        return "[" + parts.joined() + "]" + (kinds > 0 ? " and \(kinds) kinds of other scalars" : "")
    }
}
