// Signals at random moments of real runs writing to a file: the file ends in a whole
// record whatever the thread count, output format or --annotate.
import Foundation
import Testing
import TestSupport

@Suite("Signals during a run")
struct SignalTests {
    /// The inputs: the same messages as NDJSON and as CSV (annotated CSV output needs CSV input).
    static let inputs: (ndjson: String, csv: String)? = {
        var ndjson = "", csv = "id,sender,body\n"
        for i in 0..<150_000 {
            let body = i % 3 == 0 ? "hello www.x\(i).com friend, see you" : "plain words for message \(i), nothing more"
            ndjson += "{\"id\":\(i),\"sender\":\"+1555\(i % 1000)\",\"body\":\"\(body)\"}\n"
            csv += "\(i),+1555\(i % 1000),\"\(body)\"\n"
        }
        guard let n = try? Harness.temp(Data(ndjson.utf8), suffix: ".ndjson"),
              let c = try? Harness.temp(Data(csv.utf8), suffix: ".csv") else { return nil }
        return (n, c)
    }()

    /// Whether `env --default-signal` (coreutils 8.31+) is there to give msgsift default
    /// signal actions (the test runner may hand its children SIGINT and SIGTERM ignored,
    /// which msgsift respects, as a background job's).
    static let defaultSignals: Bool = {
        let probe = Process()
        probe.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        probe.arguments = ["--default-signal=INT,TERM,HUP", "true"]
        guard (try? probe.run()) != nil else { return false }
        probe.waitUntilExit()
        return probe.terminationStatus == 0
    }()

    /// Every combination, several times, each signal at a random moment after output begins.
    /// (The race this guards against, a write begun between the handler's check and the
    /// process's end, hit about one run in twenty with two threads or more.)
    @Test(arguments: [
        (["--jobs", "1"], "ndjson", false), (["--jobs", "2"], "ndjson", false), (["--jobs", "3"], "ndjson", false),
        (["--jobs", "2"], "ndjson", true), (["--jobs", "2"], "csv", false), (["--jobs", "2"], "tsv", false),
        (["--jobs", "2", "--explain"], "ndjson", false), (["--jobs", "1"], "csv", true), (["--jobs", "2"], "csv", true),
        (["--jobs", "4"], "ndjson", true), (["--jobs", "4", "--batch-size", "20000"], "ndjson", true),
    ])
    func aSignalLeavesTheOutputFileEndingInAWholeRecord(_ flags: [String], _ output: String, _ annotate: Bool) throws {
        guard Self.defaultSignals, let inputs = Self.inputs else { return }
        let input = annotate && output != "ndjson" ? inputs.csv : inputs.ndjson
        var generator = SystemRandomNumberGenerator()
        var interrupted = 0
        for round in 0..<9 {
            let signal = [SIGINT, SIGTERM, SIGHUP][round % 3]
            let outPath = Scratch.folder.appendingPathComponent("msgsift-sig-\(UUID().uuidString)").path
            #expect(FileManager.default.createFile(atPath: outPath, contents: nil))
            let outHandle = FileHandle(forWritingAtPath: outPath)
            defer { try? outHandle?.close(); try? FileManager.default.removeItem(atPath: outPath) }
            let p = Process()
            p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            p.arguments = ["--default-signal=INT,TERM,HUP", Harness.binary.path, "classify", "--no-db", "--rule", "links",
                           "--output", output] + flags + (annotate ? ["--annotate"] : []) + [input]
            p.standardOutput = outHandle
            p.standardError = FileHandle.nullDevice
            try p.run()
            // Once output has begun, the run is under way (its handlers are in place).
            let deadline = Date().addingTimeInterval(30)
            while p.isRunning && Date() < deadline,
                  ((try? FileManager.default.attributesOfItem(atPath: outPath)[.size] as? NSNumber)?.intValue ?? 0) == 0 {
                usleep(2_000)
            }
            usleep(UInt32.random(in: 0...250_000, using: &generator))
            kill(p.processIdentifier, signal)
            p.waitUntilExit()
            if p.terminationReason == .exit && p.terminationStatus == 0 { continue }    // finished first: nothing to check
            interrupted += 1
            let out = try Data(contentsOf: URL(fileURLWithPath: outPath))
            #expect(p.terminationReason == .uncaughtSignal && p.terminationStatus == signal)
            #expect(out.isEmpty || out.last == 0x0A, "\(flags) \(output) annotate \(annotate): ends in \(out.suffix(40).map { String(format: "%02x", $0) }.joined())")
            if output == "ndjson", let last = out.dropLast().split(separator: 0x0A).last {
                #expect((try? JSONSerialization.jsonObject(with: Data(last))) != nil)
            }
        }
        #expect(interrupted > 0)
    }
}
