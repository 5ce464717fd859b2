// Output is identical for any --jobs and batch size: order and content never
// depend on thread timing (docs/formats.md "Output" and docs/judging.md "The pipeline").
import Foundation
import Testing

@Suite("Determinism, end to end")
struct DeterminismTests {
    /// 100,000 records built deterministically from the samples: each sample
    /// repeated with a changed id and, every third time, a changed sender.
    static func corpus() throws -> String {
        let lines = try String(contentsOfFile: Harness.path("samples/messages.ndjson"), encoding: .utf8).split(separator: "\n")
        var out = ""
        out.reserveCapacity(100_000 * 160)
        var rng: UInt64 = 0x9E3779B97F4A7C15
        for i in 0..<100_000 {
            rng = rng &* 6364136223846793005 &+ 1442695040888963407
            let line = lines[Int(rng >> 33) % lines.count]
            var obj = try JSONSerialization.jsonObject(with: Data(line.utf8)) as! [String: Any]
            obj["id"] = "g-\(i)"
            if i % 3 == 0 { obj["sender"] = "+\(Int(rng >> 40) % 999)\(i)" }
            out += String(decoding: try JSONSerialization.data(withJSONObject: obj), as: UTF8.self) + "\n"
        }
        return out
    }

    @Test func sameOutputForAnyJobCount() throws {
        let file = try Harness.temp(Data(try Self.corpus().utf8), suffix: ".ndjson")
        var outputs: [Data] = [], errors: [String] = []
        for (jobs, batch) in [("1", "2048"), ("2", "2048"), ("8", "2048"), ("8", "3")] {
            let r = try Harness.run(["classify"] + Harness.sampleRules + ["--jobs", jobs, "--batch-size", batch, file])
            #expect(r.status == 0)
            outputs.append(r.stdout)
            errors.append(r.err)
        }
        #expect(outputs.allSatisfy { $0 == outputs[0] })
        // The end-of-run notes too: counts merged in input order name the same first record.
        #expect(errors.allSatisfy { $0 == errors[0] }, "\(errors)")
        #expect(errors[0].contains("judged by their sender alone (the first is record "), "\(errors[0])")
        let lines = String(decoding: outputs[0], as: UTF8.self).split(separator: "\n")
        #expect(lines.count == 100_000)
        // Records come in input order.
        #expect(lines.first?.hasPrefix("{\"record\":1,\"id\":\"g-0\"") == true)
        #expect(lines.last?.hasPrefix("{\"record\":100000,\"id\":\"g-99999\"") == true)
        try? FileManager.default.removeItem(atPath: file)
    }

    /// Without --explain, NDJSON verdict lines are written from the evaluator's decision
    /// (no Verdict is made); with it, from the verdict: the two must say the same of every
    /// record, filters, lists, smart rules and a blocked language alike.
    @Test func verdictLinesAreTheSameWithAndWithoutTheTrace() throws {
        let corpus = try Self.corpus().split(separator: "\n").prefix(3_000).joined(separator: "\n") + "\n"
        let file = try Harness.temp(Data(corpus.utf8), suffix: ".ndjson")
        let rules = Harness.sampleRules + ["--block-language", "he", "--block-language", "ru:promotion"]
        let plain = try Harness.run(["classify"] + rules + [file])
        let explained = try Harness.run(["classify"] + rules + ["--explain", file])
        #expect(plain.status == 0 && explained.status == 0)
        let a = String(decoding: plain.stdout, as: UTF8.self).split(separator: "\n").map(String.init)
        let b = try String(decoding: explained.stdout, as: UTF8.self).split(separator: "\n").map { line -> String in
            var obj = try JSONSerialization.jsonObject(with: Data(line.utf8)) as! [String: Any]
            #expect(obj.removeValue(forKey: "trace") != nil)
            return String(decoding: try JSONSerialization.data(withJSONObject: obj), as: UTF8.self)
        }
        #expect(a.count == 3_000 && sameJSONLines(a, b))
        // Every stage but all-unknown decides some record here.
        let stages = Set(a.compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }.compactMap { $0["stage"] as? String })
        #expect(stages.isSuperset(of: ["allowFilter", "automaticAllow", "smartRule", "denyFilter", "denyLanguage", "noMatch"]), "\(stages)")
        try? FileManager.default.removeItem(atPath: file)
    }
}
