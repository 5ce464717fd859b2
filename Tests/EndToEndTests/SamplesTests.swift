// The samples against verdicts derived by hand from docs/
// (Tests/Fixtures/*.expected.*), through the built binary.
import Foundation
import Testing

@Suite("Samples, end to end")
struct SamplesTests {
    static func expected(_ name: String) throws -> String {
        try String(contentsOfFile: Harness.path("Tests/Fixtures/" + name), encoding: .utf8)
    }

    @Test func ndjsonSamplesMatchHandDerivedVerdicts() throws {
        let r = try Harness.run(["classify"] + Harness.sampleRules + ["samples/messages.ndjson"])
        #expect(r.status == 0)
        // m-201 and m-203 have an empty body: said once, counted.
        #expect(r.err == "msgsift: 2 of 257 records have an empty \"body\": judged by their sender alone (the first is record 201, samples/messages.ndjson:201)\n")
        let want = try Self.expected("samples.expected.ndjson").split(separator: "\n").map(String.init)
        #expect(r.lines.count == 257)
        for (i, (got, exp)) in zip(r.lines, want).enumerated() where !sameJSONLines([got], [exp]) {
            Issue.record("record \(i + 1): got \(got), expected \(exp)")
        }
    }

    @Test func csvSamplesMatchHandDerivedVerdicts() throws {
        let r = try Harness.run(["classify"] + Harness.sampleRules + ["--output", "csv", "samples/messages.csv"])
        #expect(r.status == 0)
        #expect(r.out == (try Self.expected("samples.expected.csv")))
    }

    @Test func allUnknownSample() throws {
        let r = try Harness.run(["classify", "--no-db", "--filters", "samples/rules.sfsfilters", "--rule", "all-unknown", "samples/all-unknown.ndjson"])
        #expect(sameJSONLines(r.lines, try Self.expected("all-unknown.expected.ndjson").split(separator: "\n").map(String.init)))
    }

    @Test func numbersOnlySample() throws {
        let r = try Harness.run(["classify", "--no-db", "--rule", "numbers-only", "--rule", "short-sender=3", "samples/numbers-only.ndjson"])
        #expect(sameJSONLines(r.lines, try Self.expected("numbers-only.expected.ndjson").split(separator: "\n").map(String.init)))
    }

    @Test func stdinWithoutCommandMeansClassify() throws {
        let input = try Data(contentsOf: URL(fileURLWithPath: Harness.path("samples/messages.ndjson")))
        let r = try Harness.run(Harness.sampleRules, stdin: input)
        #expect(r.status == 0)
        #expect(sameJSONLines(r.lines, try Self.expected("samples.expected.ndjson").split(separator: "\n").map(String.init)))
    }

    @Test func statsGoToStderrAndCountEveryStage() throws {
        let r = try Harness.run(["classify"] + Harness.sampleRules + ["--stats", "samples/messages.ndjson"])
        #expect(r.lines.count == 257)
        // Counts from the hand-derived expectations: 14 allowFilter, 11 automaticAllow, 66 smartRule,
        // 31 denyFilter, 12 denyLanguage, 10 automaticDeny, 113 noMatch.
        #expect(r.err.contains("records: 257 (257 classified, 0 errors)"))
        #expect(r.err.contains("stages: allowFilter 14, allUnknown 0, automaticAllow 11, smartRule 66, denyFilter 31, denyLanguage 12, automaticDeny 10, noMatch 113"))
        #expect(r.err.contains("records/s"))
        #expect(r.err.contains("top rules (10 of "))      // more rules hit than are listed: said
        // The most frequent rule, counted from the hand-derived verdicts, heads the list.
        var counts: [String: Int] = [:]
        for line in try Self.expected("samples.expected.ndjson").split(separator: "\n") {
            let o = try JSONSerialization.jsonObject(with: Data(line.utf8)) as! [String: Any]
            if let reason = o["reason"] as? String { counts["\(o["stage"]!)\t\(reason)", default: 0] += 1 }
        }
        let top = counts.max { $0.value < $1.value }!
        let lines = r.err.split(separator: "\n").map(String.init)
        let first = lines[lines.firstIndex { $0.hasPrefix("top rules") }! + 1]
        #expect(first == "  \(top.value)\t\(top.key)")
        // Batches of 7 on two workers: each batch's hits are merged by the writer, and the
        // ranking comes out as from one batch.
        let small = try Harness.run(["classify"] + Harness.sampleRules + ["--stats", "--batch-size", "7", "--jobs", "2", "samples/messages.ndjson"])
        func topRules(_ err: String) -> [String] {
            let l = err.split(separator: "\n").map(String.init)
            return Array(l.drop { !$0.hasPrefix("top rules") }.prefix(11))
        }
        #expect(topRules(small.err).count == 11)
        #expect(topRules(small.err) == topRules(r.err))
        // Fewer rules hit than fit: the header says no count.
        let few = try Harness.run(["classify", "--no-db", "--rule", "links", "--stats"], stdin: "{\"body\":\"www.x.com\"}\n{\"body\":\"hi\"}\n")
        #expect(few.err.contains("top rules:\n  1\tsmartRule\tlinks\n"), "\(few.err)")
    }
}
