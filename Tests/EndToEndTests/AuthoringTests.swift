// Rule authoring, end to end: eval against counting classify's own verdicts, diff on
// two rule sets whose transitions are worked out below, lint's exit status and JSON,
// and --stats=all / --stats-json.
import Foundation
import Testing
import TestSupport

/// The rules `make run` uses on the samples.
let sampleRules = ["--no-db", "--filters", "samples/rules.sfsfilters", "--lists", "samples/lists.json", "--lists-languages", "he,en",
                   "--rule", "links", "--rule", "short-sender=5", "--rule", "email", "--rule", "emojis", "--rule", "country-allowlist=+972,+1,+44"]

func jsonObject(_ r: RunResult) -> [String: Any] {
    (try? JSONSerialization.jsonObject(with: r.stdout)) as? [String: Any] ?? [:]
}

@Suite struct EvalTests {
    /// eval's numbers are classify's verdicts of the same rules counted against the labels.
    @Test(arguments: [["--jobs", "1"], ["--jobs", "2", "--batch-size", "3"]])
    func evalCountsWhatClassifySays(_ jobs: [String]) throws {
        let input = "samples/labelled.ndjson"
        let classify = try Harness.run(["classify"] + sampleRules + [input])
        #expect(classify.status == 0, "\(classify.err)")
        let records = try String(contentsOfFile: Harness.path(input), encoding: .utf8).split(separator: "\n").map {
            try JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any]
        }
        let verdicts = classify.objects
        #expect(verdicts.count == records.count)
        var tp = 0, fp = 0, tn = 0, fn = 0, unlabelled = 0
        var perRule: [String: (spam: Int, ham: Int)] = [:]
        for (record, verdict) in zip(records, verdicts) {
            guard let label = record["label"] as? String else { unlabelled += 1; continue }
            let spam = ["spam", "junk", "1", "true"].contains(label.lowercased())
            let filtered = verdict["action"] as? String != "allow"
            switch (filtered, spam) {
            case (true, true): tp += 1
            case (true, false): fp += 1
            case (false, false): tn += 1
            case (false, true): fn += 1
            }
            if verdict["stage"] as? String != "noMatch" {
                let key = "\(verdict["stage"]!) \(verdict["reason"]!)"
                var n = perRule[key] ?? (0, 0)
                if spam { n.spam += 1 } else { n.ham += 1 }
                perRule[key] = n
            }
        }
        let eval = try Harness.run(["eval"] + sampleRules + jobs + ["--label", "label", "--json", input])
        #expect(eval.status == 0, "\(eval.err)")
        let o = jsonObject(eval)
        #expect(o["records"] as? Int == records.count)
        #expect(o["labelled"] as? Int == records.count - unlabelled)
        #expect(unlabelled == 1)
        #expect(o["tp"] as? Int == tp && o["fp"] as? Int == fp && o["tn"] as? Int == tn && o["fn"] as? Int == fn, "\(o)")
        #expect(o["spam"] as? Int == tp + fn && o["ham"] as? Int == fp + tn)
        let precision = o["precision"] as? Double ?? -1, recall = o["recall"] as? Double ?? -1, f1 = o["f1"] as? Double ?? -1
        #expect(abs(precision - Double(tp) / Double(tp + fp)) < 1e-5)
        #expect(abs(recall - Double(tp) / Double(tp + fn)) < 1e-5)
        #expect(abs(f1 - 2 * precision * recall / (precision + recall)) < 1e-5)
        let rules = o["rules"] as? [[String: Any]] ?? []
        var seen: [String: (spam: Int, ham: Int)] = [:]
        for r in rules { seen["\(r["stage"]!) \(r["reason"]!)"] = (r["spam"] as! Int, r["ham"] as! Int) }
        #expect(seen.count == perRule.count)
        for (key, n) in perRule { #expect(seen[key]?.spam == n.spam && seen[key]?.ham == n.ham, "\(key)") }
        // Sorted by records decided.
        let totals = rules.map { ($0["spam"] as! Int) + ($0["ham"] as! Int) }
        #expect(totals == totals.sorted(by: >))
    }

    /// A CSV archive, worked out by hand: deny `win` filters; labels spam/ham/none.
    @Test func csvWithCustomSpamValues() throws {
        let rules = try Harness.temp(sfsfilters([row("win")]), suffix: ".sfsfilters")
        let csv = "id,sender,body,verdict_label\n1,+1555,win big,BAD\n2,+1555,hello,ok\n3,+1555,win?,ok\n4,+1555,free stuff,bad\n5,+1555,win,\n"
        let r = try Harness.run(["eval", "--no-db", "--filters", rules, "--label", "verdict_label", "--spam", "bad", "--json", "-"], stdin: csv)
        #expect(r.status == 0, "\(r.err)")
        let o = jsonObject(r)
        // 1: filtered spam (tp); 2: allowed ham (tn); 3: filtered ham (fp); 4: allowed spam (fn); 5: no label.
        #expect(o["records"] as? Int == 5 && o["labelled"] as? Int == 4)
        #expect(o["tp"] as? Int == 1 && o["fp"] as? Int == 1 && o["tn"] as? Int == 1 && o["fn"] as? Int == 1)
        #expect(o["precision"] as? Double == 0.5 && o["recall"] as? Double == 0.5)
        let rule = (o["rules"] as? [[String: Any]])?.first
        #expect(rule?["reason"] as? String == "win" && rule?["spam"] as? Int == 1 && rule?["ham"] as? Int == 1)
    }

    /// A record that cannot be read is not counted, and the run says so (one line, where the
    /// first is) and ends with status 1, as classify does; eval and diff alike.
    @Test func unreadableRecordsAreSaidAndNotCounted() throws {
        let rules = try Harness.temp(sfsfilters([row("win")]), suffix: ".sfsfilters")
        let input = "{\"sender\":\"+1555\",\"body\":\"win\",\"label\":\"spam\"}\n{oops\n{\"sender\":\"+1555\",\"body\":\"hi\",\"label\":\"ham\"}\n"
        let r = try Harness.run(["eval", "--no-db", "--filters", rules, "--label", "label", "--json", "-"], stdin: input)
        #expect(r.status == 1)
        let o = jsonObject(r)
        #expect(o["records"] as? Int == 2 && o["tp"] as? Int == 1 && o["tn"] as? Int == 1)
        #expect(r.err.contains("1 of 3 records could not be read (not counted); it is record 2, <stdin>:2"), "\(r.err)")
        let d = try Harness.run(["diff", "--before", rules, "--after", rules, "-"], stdin: input)
        #expect(d.status == 1 && d.err.contains("1 of 3 records could not be read (not counted)"), "\(d.err)")
    }

    @Test func showListsTheMistakes() throws {
        let rules = try Harness.temp(sfsfilters([row("win")]), suffix: ".sfsfilters")
        let input = #"{"id":"a","sender":"x","body":"win?","label":"ham"}"# + "\n" + #"{"id":"b","sender":"x","body":"free","label":"spam"}"# + "\n"
        let r = try Harness.run(["eval", "--no-db", "--filters", rules, "--label", "label", "--show", "fp", "5", "--show", "fn", "-"], stdin: input)
        #expect(r.status == 0, "\(r.err)")
        #expect(r.out.contains("false positives: ham filtered (1 of 1):\n  record 1 id \"a\": junk denyFilter \"win\", label \"ham\""))
        #expect(r.out.contains("false negatives: spam allowed (1 of 1):\n  record 2 id \"b\": allow noMatch, label \"spam\""))
        // Message content goes to stdout only when asked; never to stderr.
        #expect(!r.err.contains("win?"))
    }

    @Test func usageErrors() throws {
        #expect(try Harness.run(["eval", "--no-db"], stdin: "").status == 2)
        #expect(try Harness.run(["eval", "--no-db", "--label", "l", "--show", "xx"], stdin: "").status == 2)
        #expect(try Harness.run(["eval", "--no-db", "--label", "l", "--json", "--show", "fp"], stdin: "").status == 2)
        for command in ["eval", "lint", "diff"] {
            let r = try Harness.run([command, "--help"])
            #expect(r.status == 0 && r.out.hasPrefix("usage: msgsift"), "\(command)")
        }
    }
}

@Suite struct DiffTests {
    // Before: allow `mom` (1), deny `win` → junk (2). After: deny `win` → promotion (1), deny `loan` → junk (2).
    //   1 "mom: win a prize"  allow allowFilter mom     → promotion denyFilter win
    //   2 "win now"           junk denyFilter win       → promotion denyFilter win
    //   3 "cheap loan"        allow noMatch             → junk denyFilter loan
    //   4 "hello"             allow noMatch             → allow noMatch (unchanged)
    //   5 "win a loan"        junk denyFilter win       → promotion denyFilter win (the older of the two)
    //   6 "mom, a loan"       allow allowFilter mom     → junk denyFilter loan
    static let input = ["mom: win a prize", "win now", "cheap loan", "hello", "win a loan", "mom, a loan"].enumerated()
        .map { #"{"id":"d\#($0.offset + 1)","sender":"+972541234567","body":"\#($0.element)"}"# }.joined(separator: "\n") + "\n"

    static func check(_ o: [String: Any]) {
        #expect(o["records"] as? Int == 6)
        #expect(o["changed"] as? Int == 5)
        let t = o["transitions"] as? [[String: Any]] ?? []
        func shown(_ v: Any?) -> String {
            let d = v as? [String: Any] ?? [:]
            return [d["action"], d["stage"], d["reason"]].map { $0.map { "\($0)" } ?? "-" }.joined(separator: " ")
        }
        let rows = t.map { "\(shown($0["before"])) → \(shown($0["after"])) ×\($0["count"]!) " + (($0["examples"] as? [[String: Any]]) ?? []).map { "\($0["record"]!):\($0["id"]!)" }.joined(separator: ",") }
        #expect(rows == [
            "junk denyFilter win → promotion denyFilter win ×2 2:d2,5:d5",
            "allow allowFilter mom → promotion denyFilter win ×1 1:d1",
            "allow noMatch - → junk denyFilter loan ×1 3:d3",
            "allow allowFilter mom → junk denyFilter loan ×1 6:d6",
        ], "\(rows)")
    }

    @Test func transitionsOfTwoFilterFiles() throws {
        let before = try Harness.temp(sfsfilters([row("mom", "allow"), row("win")]), suffix: ".sfsfilters")
        let after = try Harness.temp(sfsfilters([row("win", folder: "promotion"), row("loan")]), suffix: ".sfsfilters")
        let input = try Harness.temp(Data(Self.input.utf8), suffix: ".ndjson")
        for jobs in ["1", "2"] {
            let r = try Harness.run(["diff", "--before", before, "--after", after, "--json", "--jobs", jobs, "--batch-size", "2", input])
            #expect(r.status == 0, "\(r.err)")
            Self.check(jsonObject(r))
        }
        let text = try Harness.run(["diff", "--before", before, "--after", after, "--show", "1", input])
        #expect(text.out.hasPrefix("records: 6, changed: 5\n\n  2\tjunk denyFilter \"win\" → promotion denyFilter \"win\"\n\trecords 2 (id \"d2\")\n"), "\(text.out)")
    }

    @Test func aStoreFileAsOneSide() throws {
        let session = try StoreSession()
        let after = try Harness.temp(sfsfilters([row("win", folder: "promotion"), row("loan")]), suffix: ".sfsfilters")
        try session.ok(["import", after])
        let before = try Harness.temp(sfsfilters([row("mom", "allow"), row("win")]), suffix: ".sfsfilters")
        let r = try session.run(["diff", "--before", before, "--after", session.storePath, "--json", "-"], stdin: Self.input)
        #expect(r.status == 0, "\(r.err)")
        Self.check(jsonObject(r))
    }

    /// The same two filters in the other order: only the records both match change (the older decides).
    @Test func reorderedFilters() throws {
        let before = try Harness.temp(sfsfilters([row("win"), row("loan", folder: "promotion")]), suffix: ".sfsfilters")
        let after = try Harness.temp(sfsfilters([row("loan", folder: "promotion"), row("win")]), suffix: ".sfsfilters")
        let r = try Harness.run(["diff", "--before", before, "--after", after, "--json", "-"], stdin: Self.input)
        // Only record 5, "win a loan", holds both: junk by win before, promotion by loan after.
        #expect(r.out == #"{"records":6,"changed":1,"transitions":[{"before":{"action":"junk","stage":"denyFilter","reason":"win"},"after":{"action":"promotion","stage":"denyFilter","reason":"loan"},"count":1,"examples":[{"record":5,"id":"d5"}]}]}"# + "\n", "\(r.out)")
    }

    /// A smart rule on one side only (a store file's): every record is evaluated twice.
    @Test func smartRuleOnOneSide() throws {
        let session = try StoreSession()
        try session.ok(["rule", "enable", "all-unknown"])
        let before = try Harness.temp(sfsfilters([row("mom", "allow")]), suffix: ".sfsfilters")
        try session.ok(["import", before])
        let r = try session.run(["diff", "--before", before, "--after", session.storePath, "--json", "-"], stdin: Self.input)
        // Records 1 and 6 hold "mom" (allowed both ways); the other four go from noMatch to all-unknown.
        let o = jsonObject(r)
        #expect(o["changed"] as? Int == 4, "\(r.out) \(r.err)")
    }

    @Test func identicalRulesChangeNothing() throws {
        let rules = try Harness.temp(sfsfilters([row("mom", "allow"), row("win")]), suffix: ".sfsfilters")
        let r = try Harness.run(["diff", "--before", rules, "--after", rules, "--json", "-"], stdin: Self.input)
        #expect(r.out == #"{"records":6,"changed":0,"transitions":[]}"# + "\n")
        #expect(try Harness.run(["diff", "--before", rules, "-"], stdin: "").status == 2)
    }
}

@Suite struct LintCommandTests {
    @Test func findingsExitOne() throws {
        let rules = try Harness.temp(sfsfilters([row("bank", "allow"), row("bank transfer"), row("offer", folder: "promotion"),
                                                 row("special offer today", target: "body"), row("offer")]), suffix: ".sfsfilters")
        let r = try Harness.run(["lint", "--no-db", "--filters", rules, "--json"])
        #expect(r.status == 1)
        let findings = (try? JSONSerialization.jsonObject(with: r.stdout)) as? [[String: Any]] ?? []
        let byFilter = Dictionary(findings.map { ($0["filter"] as? String ?? "", $0) }, uniquingKeysWith: { a, _ in a })
        #expect(byFilter["bank transfer"]?["kind"] as? String == "shadowed")
        #expect(byFilter["bank transfer"]?["id"] as? Int == 2)
        #expect((byFilter["bank transfer"]?["by"] as? String)?.hasPrefix("filter 1 \"bank\"") == true)
        #expect(byFilter["special offer today"]?["id"] as? Int == 4)
        // The last row is the same filter as row 3: dropped when read, reported as a duplicate.
        #expect(byFilter["offer"]?["kind"] as? String == "duplicate")
        #expect(findings.count == 3, "\(findings)")
        let human = try Harness.run(["lint", "--no-db", "--filters", rules])
        #expect(human.status == 1)
        #expect(human.out.contains("filter 2 \"bank transfer\" (deny → junk) never decides: filter 1 \"bank\" (allow) always decides first"))
    }

    @Test func cleanRulesExitZero() throws {
        let r = try Harness.run(["lint"] + sampleRules)
        #expect(r.status == 0, "\(r.out)")
        #expect(r.out == "no findings\n")
        #expect(try Harness.run(["lint", "--no-db", "--rule", "links", "--json"]).out == "[]\n")
    }
}

@Suite struct StatsAllTests {
    // deny `win` (1), deny `never` (2), allow `mom` (3): records 1 and 3 hit win, 2 hits mom.
    static let input = #"{"sender":"+972541234567","body":"win"}"# + "\n" + #"{"sender":"+972541234567","body":"mom"}"# + "\n"
        + #"{"sender":"+972541234567","body":"win win"}"# + "\n"

    @Test func everyRuleWithItsHits() throws {
        let rules = try Harness.temp(sfsfilters([row("win"), row("never"), row("mom", "allow")]), suffix: ".sfsfilters")
        let json = Scratch.folder.appendingPathComponent("stats-\(UUID().uuidString).json").path
        let r = try Harness.run(["classify", "--no-db", "--filters", rules, "--rule", "email", "--stats=all", "--stats-json", json, "-"], stdin: Self.input)
        #expect(r.status == 0, "\(r.err)")
        #expect(r.err.contains("every rule (4, 2 never fired):\n  2\tdenyFilter\tfilter 1 \"win\"\n  1\tallowFilter\tfilter 3 \"mom\"\n  0\tsmartRule\t\"email\"\n  0\tdenyFilter\tfilter 2 \"never\"\n"), "\(r.err)")
        let o = (try? JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: json)))) as? [String: Any] ?? [:]
        #expect(o["records"] as? Int == 3)
        #expect((o["actions"] as? [String: Int])?["junk"] == 2)
        let hits = (o["rules"] as? [[String: Any]] ?? []).map { "\($0["stage"]!) \($0["id"] ?? "-") \($0["reason"]!) \($0["hits"]!)" }
        // Pipeline order: allow filters, smart rules, deny filters.
        #expect(hits == ["allowFilter 3 mom 1", "smartRule - email 0", "denyFilter 1 win 2", "denyFilter 2 never 0"])
    }

    /// The stats of two halves of an archive add up, member by member, to the whole's.
    @Test func shardsAddUp() throws {
        let rules = try Harness.temp(sfsfilters([row("win"), row("never"), row("mom", "allow")]), suffix: ".sfsfilters")
        let lines = try String(contentsOfFile: Harness.path("samples/messages.ndjson"), encoding: .utf8).split(separator: "\n")
        let half = lines.count / 2
        func stats(_ part: ArraySlice<Substring>) throws -> [String: Any] {
            let input = try Harness.temp(Data((part.joined(separator: "\n") + "\n").utf8), suffix: ".ndjson")
            let json = Scratch.folder.appendingPathComponent("stats-\(UUID().uuidString).json").path
            let r = try Harness.run(["classify", "--no-db", "--filters", rules, "--rule", "links", "--stats-json", json, input])
            #expect(r.status == 0, "\(r.err)")
            return (try? JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: json)))) as? [String: Any] ?? [:]
        }
        let whole = try stats(lines[...]), a = try stats(lines[..<half]), b = try stats(lines[half...])
        func flat(_ o: [String: Any]) -> [String: Int] {
            var out: [String: Int] = [:]
            for k in ["records", "errors", "warnings"] { out[k] = o[k] as? Int }
            for group in ["actions", "stages"] { for (k, v) in o[group] as? [String: Int] ?? [:] { out[group + "." + k] = v } }
            for r in o["rules"] as? [[String: Any]] ?? [] { out["rule \(r["stage"]!) \(r["id"] ?? "-") \(r["reason"]!)"] = r["hits"] as? Int }
            return out
        }
        let sum = flat(a).merging(flat(b)) { $0 + $1 }
        #expect(sum == flat(whole))
        #expect(flat(whole)["records"] == lines.count)
        #expect((flat(whole)["rule smartRule - links"] ?? 0) > 0)
    }
}
