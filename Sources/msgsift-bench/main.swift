// msgsift-bench: deterministic corpora and rule sets for bench/run.py.
//
//   msgsift-bench corpus --records N [--seed S] [--format ndjson|csv]      > corpus
//   msgsift-bench rules --filters F --phrases P --regexes R [--seed S] --dir DIR
//   msgsift-bench regex-check --filters FILE --corpus FILE [--records N] [--family N] [--seed S]
//   msgsift-bench automaton --phrases FILE --corpus FILE [--rounds N] [--matcher phrase|automaton] [--dense-bytes N]
//
// `rules` writes DIR/rules.sfsfilters, DIR/lists.json, DIR/phrases.txt (the
// contains/exact phrases and community body phrases, for a grep baseline) and
// DIR/args.txt (the msgsift flags that load them, one per line).
import Foundation
import SiftRules
import SiftInput
import SiftStream
import SiftText

func value(_ args: [String], _ name: String, _ fallback: String? = nil) -> String {
    if let i = args.firstIndex(of: name), i + 1 < args.count { return args[i + 1] }
    guard let fallback else { fail("missing \(name)") }
    return fallback
}

func number(_ args: [String], _ name: String) -> Int {
    guard let n = Int(value(args, name)) else { fail("\(name) takes a number") }
    return n
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("msgsift-bench: \(message)\n".utf8))
    exit(2)
}

/// Buffered stdout: one write(2) per MiB.
struct Output {
    var buffer: [UInt8] = []
    mutating func append(_ s: String) {
        buffer.append(contentsOf: s.utf8)
        if buffer.count >= 1 << 20 { flush() }
    }
    mutating func flush() {
        buffer.withUnsafeBytes { p in
            var off = 0
            while off < p.count {
                let n = write(1, p.baseAddress! + off, p.count - off)
                if n <= 0 { exit(1) }
                off += n
            }
        }
        buffer.removeAll(keepingCapacity: true)
    }
}

/// A JSON string literal (the writer's own escaping, so the corpus is valid JSON).
func jsonString(_ s: String) -> String { JSONEscape.quoted(s) }

func csvField(_ s: String) -> String {
    s.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) ? "\"" + s.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : s
}

let args = Array(CommandLine.arguments.dropFirst())
switch args.first {
case "corpus":
    let n = number(args, "--records")
    let seed = UInt64(value(args, "--seed", "1")) ?? 1
    let csv = value(args, "--format", "ndjson") == "csv"
    var gen = CorpusGenerator(seed: seed)
    var out = Output()
    if csv { out.append("id,sender,body,date\n") }
    for i in 0..<n {
        let language = gen.language()
        let sender = gen.sender(), body = gen.body(language)
        let date = "2026-0\(1 + i % 9)-1\(i % 10)T10:00:00Z"
        if csv {
            out.append("m-\(i + 1),\(csvField(sender)),\(csvField(body)),\(date)\n")
        } else {
            out.append("{\"id\":\"m-\(i + 1)\",\"sender\":\(jsonString(sender)),\"body\":\(jsonString(body)),\"date\":\"\(date)\"}\n")
        }
    }
    out.flush()
case "rules":
    let f = number(args, "--filters")
    let p = number(args, "--phrases")
    let r = number(args, "--regexes")
    let seed = UInt64(value(args, "--seed", "1")) ?? 1
    let dir = URL(fileURLWithPath: value(args, "--dir"))
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    var gen = RuleSetGenerator(seed: seed)
    let filters = gen.filters(count: f, regexes: min(r, f))
    try SFSFilters.write(filters, exportedAt: Date(timeIntervalSince1970: 1_790_000_000), appVersion: "bench").write(to: dir.appendingPathComponent("rules.sfsfilters"))
    let lists = gen.lists(phrases: p)
    var root: [String: Any] = [:]
    for (language, l) in lists {
        root[language.rawValue] = ["allow_sender": l.allowSender, "allow_body": l.allowBody, "deny_sender": l.denySender, "deny_body": l.denyBody]
    }
    try JSONSerialization.data(withJSONObject: ["filter_lists": root], options: [.sortedKeys]).write(to: dir.appendingPathComponent("lists.json"))
    // Phrases for grep: what an Aho–Corasick pass would look for, minus what the record skeleton holds.
    let skeleton = "{\"id\":\"m-\",\"sender\":\"\",\"body\":\"\",\"date\":\"2026-01-10T10:00:00Z\"}"
    var phrases = filters.filter { (f: Filter) in f.matching != .regex && f.type != .denyLanguage }.map { $0.text }
    for language in Language.allCases { if let l = lists[language] { phrases += l.allowBody + l.denyBody } }   // not hash order: the file is the same every run
    phrases = phrases.filter { !$0.isEmpty && !skeleton.lowercased().contains($0.lowercased()) }
    try (phrases.joined(separator: "\n") + "\n").write(to: dir.appendingPathComponent("phrases.txt"), atomically: true, encoding: .utf8)
    let flags = ["--no-db", "--filters", dir.appendingPathComponent("rules.sfsfilters").path,
                 "--lists", dir.appendingPathComponent("lists.json").path,
                 "--lists-languages", Language.allCases.map(\.rawValue).joined(separator: ","),
                 "--rule", "links", "--rule", "short-sender=4", "--rule", "email", "--rule", "emojis",
                 "--rule", "country-allowlist=+972,+1,+44,+33,+49",
                 "--block-language", "ru", "--block-language", "zh-Hans:promotion"]
    try (flags.joined(separator: "\n") + "\n").write(to: dir.appendingPathComponent("args.txt"), atomically: true, encoding: .utf8)
case "regex-check":
    regexCheck(args)
case "automaton":
    // The phrase scan alone: the phrases of a rule set (phrases.txt, case-folded) over
    // the folded `body + " " + sender` of a corpus's records, like the engine's scan, by
    // the engine's `PhraseMatcher` (default) or the Aho–Corasick automaton behind it.
    let kind = value(args, "--matcher", "phrase")
    guard kind == "phrase" || kind == "automaton" else { fail("--matcher takes phrase or automaton") }
    guard let phraseText = try? String(contentsOfFile: value(args, "--phrases"), encoding: .utf8),
          let corpusText = try? String(contentsOfFile: value(args, "--corpus"), encoding: .utf8) else {
        fail("cannot read --phrases or --corpus")
    }
    let phrases = phraseText.split(separator: "\n").map { CaseFold.foldedBytes(String($0)) }
    let ac = AhoCorasick(patterns: phrases, denseBytes: Int(value(args, "--dense-bytes", String(AhoCorasick.denseBytes))) ?? AhoCorasick.denseBytes)
    let pm = PhraseMatcher(patterns: phrases)
    var texts: [[UInt8]] = []
    for line in corpusText.split(separator: "\n") {
        guard let record = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
              let body = record["body"] as? String, let sender = record["sender"] as? String else { continue }
        texts.append(CaseFold.foldedBytes(body + " " + sender))
    }
    // The two report the same, in the same order: checked on every text before timing.
    let a = Scratch<Int32>(), b = Scratch<Int32>()
    var differ = 0
    for t in texts {
        a.count = 0; b.count = 0
        t.withUnsafeBufferPointer { ac.matches(in: $0, into: a); pm.matches(in: $0, into: b) }
        if Array(a.elements) != Array(b.elements) { differ += 1 }
    }
    if differ > 0 { fail("the phrase matcher and the automaton differ on \(differ) texts") }
    let useMatcher = kind == "phrase"
    let rounds = Int(value(args, "--rounds", "9")) ?? 9
    let bytes = texts.reduce(0) { $0 + $1.count }
    let found = Scratch<Int32>()
    var times: [Double] = []
    var reports = 0
    for _ in 0..<rounds {
        reports = 0
        let start = DispatchTime.now().uptimeNanoseconds
        for t in texts {
            found.count = 0
            if useMatcher { t.withUnsafeBufferPointer { pm.matches(in: $0, into: found) } } else { t.withUnsafeBufferPointer { ac.matches(in: $0, into: found) } }
            reports += found.count / 2
        }
        times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / Double(bytes))
    }
    print("\(kind): \(ac.patternCount) patterns (\(ac.stateCount) automaton states); \(texts.count) texts, \(bytes) bytes, \(reports) reports, both scans agree; the matcher's fallback automaton \(pm.builtFallback ? "was" : "was not") built")
    print(String(format: "%.2f ns/byte (median of %d rounds)", times.sorted()[times.count / 2], rounds))
default:
    fail("usage: msgsift-bench corpus --records N [--seed S] [--format ndjson|csv] | rules --filters F --phrases P --regexes R [--seed S] --dir DIR | automaton --phrases FILE --corpus FILE [--rounds N] [--matcher phrase|automaton] [--dense-bytes N]")
}
