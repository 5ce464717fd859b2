// GUIDE.md's "Scale-out" chapter, run as written: every ```sh block of it, in a folder
// holding archive.ndjson, archive.csv and rules.sfsfilters, with this build's msgsift first
// on the PATH. GNU parallel is told (through its $PARALLEL options) to cut small blocks so
// that a few thousand records make a dozen parts. Whatever the parts, the verdicts must be
// one run's.
import Foundation
import Testing
import TestSupport

/// GNU parallel (with Perl's Text::CSV, for --csv) and jq, which `make test` installs.
private let scaleOutTools: Bool = {
    let p = Process()
    p.executableURL = URL(fileURLWithPath: "/bin/sh")
    p.arguments = ["-c", "command -v parallel && command -v jq && perl -MText::CSV -e1"]
    p.standardOutput = FileHandle.nullDevice
    p.standardError = FileHandle.nullDevice
    guard (try? p.run()) != nil else { return false }
    p.waitUntilExit()
    return p.terminationStatus == 0
}()

private let toolsMissing: Comment = "GNU parallel, jq or Perl's Text::CSV is missing (make test installs parallel, jq and libtext-csv-perl)"

@Suite("Scale-out recipes of GUIDE.md")
struct ScaleOutTests {
    static let records = 3000

    /// The ```sh blocks of GUIDE.md's "## Scale-out" chapter, in order.
    static func guideCommands() throws -> [String] {
        let guide = try String(contentsOfFile: Harness.path("GUIDE.md"), encoding: .utf8)
        guard let start = guide.range(of: "\n## Scale-out\n") else { return [] }
        let rest = guide[start.upperBound...]
        let chapter = rest.range(of: "\n## ").map { rest[..<$0.lowerBound] } ?? rest
        var blocks: [String] = [], current: [Substring]? = nil
        for line in chapter.split(separator: "\n", omittingEmptySubsequences: false) {
            if current == nil, line == "```sh" { current = [] }
            else if current != nil, line == "```" { blocks.append(current!.joined(separator: "\n")); current = nil }
            else if current != nil { current!.append(line) }
        }
        return blocks
    }

    /// A folder with the chapter's inputs: the sample messages repeated under ids of their
    /// own, every seventh body with a line break (a quoted CSV field spanning two lines).
    static func workFolder() throws -> URL {
        let dir = Scratch.folder.appendingPathComponent("msgsift-scaleout-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let samples = try String(contentsOfFile: Harness.path("samples/messages.ndjson"), encoding: .utf8)
            .split(separator: "\n").map { (try JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any] ?? [:] }
        var ndjson = Data(), csv = "id,sender,body,date\r\n"
        func quoted(_ s: String) -> String { "\"" + s.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }
        for i in 0..<records {
            var r = samples[i % samples.count]
            r["id"] = "r-\(i)"
            if i % 7 == 3 { r["body"] = "\(r["body"] as? String ?? "")\nsecond line \(i)" }
            ndjson.append(try JSONSerialization.data(withJSONObject: r, options: [.sortedKeys, .withoutEscapingSlashes]))
            ndjson.append(0x0A)
            csv += ["id", "sender", "body", "date"].map { quoted(r[$0] as? String ?? "") }.joined(separator: ",") + "\r\n"
        }
        try ndjson.write(to: dir.appendingPathComponent("archive.ndjson"))
        try Data(csv.utf8).write(to: dir.appendingPathComponent("archive.csv"))
        try FileManager.default.copyItem(atPath: Harness.path("samples/rules.sfsfilters"), toPath: dir.appendingPathComponent("rules.sfsfilters").path)
        return dir
    }

    /// Runs `script` with bash in `dir`, this build's msgsift first on the PATH.
    static func sh(_ script: String, in dir: URL, block: String = "40k") throws -> (status: Int32, err: String) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/bash")
        p.arguments = ["-c", "set -o pipefail\n" + script]
        p.currentDirectoryURL = dir
        var env = ProcessInfo.processInfo.environment
        env["PATH"] = Harness.binary.deletingLastPathComponent().path + ":" + (env["PATH"] ?? "/usr/bin:/bin")
        env["PARALLEL"] = "--block \(block)"
        env["MSGSIFT_DB"] = nil
        env["XDG_DATA_HOME"] = Harness.isolatedDataHome
        p.environment = env
        let err = Pipe()
        p.standardError = err
        p.standardOutput = FileHandle.nullDevice
        try p.run()
        let data = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return (p.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    static func lines(_ file: URL) throws -> [String] {
        try String(contentsOf: file, encoding: .utf8).split(separator: "\n").map(String.init)
    }

    static func objects(_ lines: [String]) -> [[String: Any]] {
        lines.map { (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any] ?? [:] }
    }

    /// id → the verdict without its record number.
    static func byID(_ lines: [String]) -> [String: NSDictionary] {
        var out: [String: NSDictionary] = [:]
        for o in objects(lines) {
            var v = o
            v["record"] = nil
            out[o["id"] as? String ?? "?"] = v as NSDictionary
        }
        return out
    }

    @Test func theChapterHoldsTheRecipes() throws {
        let blocks = try Self.guideCommands()
        #expect(blocks.count == 5, "\(blocks)")
        #expect(blocks.filter { $0.contains("parallel --pipe") && $0.contains("--keep-order") }.count == 3)
        #expect(blocks.contains { $0.contains("--header 1") && $0.contains("--csv") })
        #expect(blocks.contains { $0.contains("--stats-json") })
    }

    @Test(.enabled(if: scaleOutTools, toolsMissing)) func everyCommandGivesOneRunsVerdicts() throws {
        let dir = try Self.workFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = { (name: String) in dir.appendingPathComponent(name) }
        let rules = ["classify", "--no-db", "--filters", file("rules.sfsfilters").path]
        let single = try Harness.run(rules + ["--stats-json", file("single-stats.json").path, file("archive.ndjson").path])
        #expect(single.status == 0 && single.lines.count == Self.records, "\(single.err)")
        let singleCSV = try Harness.run(rules + [file("archive.csv").path])
        #expect(singleCSV.status == 0 && singleCSV.lines.count == Self.records, "\(singleCSV.err)")
        // Both formats judge alike, and not all alike: the comparisons below can fail.
        #expect(Self.byID(single.lines) == Self.byID(singleCSV.lines))
        #expect(Set(single.objects.compactMap { $0["action"] as? String }).count >= 3)

        var ran = 0
        for block in try Self.guideCommands() {
            let run = try Self.sh(block, in: dir)
            #expect(run.status == 0, "\(block)\n\(run.err)")
            if block.contains("--stats-json") {
                let merged = try JSONSerialization.jsonObject(with: Data(contentsOf: file("stats.json"))) as? NSDictionary
                let whole = try JSONSerialization.jsonObject(with: Data(contentsOf: file("single-stats.json"))) as? NSDictionary
                #expect(merged != nil && merged == whole)
                let shards = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasPrefix("stats-") }
                #expect(shards.count > 5, "\(shards)")
                #expect(Self.byID(try Self.lines(file("verdicts.ndjson"))) == Self.byID(single.lines))
            } else if block.contains("parallel --pipe") {
                let out = try Self.lines(file("verdicts.ndjson"))
                let expected = block.contains("--csv") ? singleCSV.lines : single.lines
                #expect(out.count == Self.records)
                #expect(Self.byID(out) == Self.byID(expected))
                // Cut into many parts: record numbers restart in each, and the ids come through in order.
                #expect(Self.objects(out).filter { $0["record"] as? Int == 1 }.count > 5)
                #expect(Self.objects(out).map { $0["id"] as? String } == Self.objects(expected).map { $0["id"] as? String })
            } else if block.contains("foreach") {
                #expect(sameJSONLines(try Self.lines(file("numbered.ndjson")), single.lines))
            } else if block.contains("input_line_number") {
                let ids = Self.objects(try Self.lines(file("archive-ids.ndjson"))).map { $0["id"] as? Int }
                #expect(ids == (1...Self.records).map { $0 })
            } else {
                Issue.record("a command the test does not check: \(block)")
            }
            ran += 1
        }
        #expect(ran == 5)
    }

    /// What the chapter says goes wrong without `--header 1` and without `--csv`.
    @Test(.enabled(if: scaleOutTools, toolsMissing)) func csvWithoutTheOptionsFailsLoudly() throws {
        let dir = try Self.workFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let msgsift = "msgsift classify --no-db --filters rules.sfsfilters --format csv -o ndjson < archive.csv > out.ndjson"
        let noHeader = try Self.sh("parallel --pipe --csv --keep-order " + msgsift, in: dir)
        let parts = noHeader.err.components(separatedBy: "the CSV header names neither").count - 1
        #expect(parts > 5 && noHeader.status == Int32(parts), "\(noHeader.status) \(noHeader.err)")
        let firstPart = try Self.lines(dir.appendingPathComponent("out.ndjson"))
        #expect(firstPart.count > 0 && firstPart.count < Self.records / 5)

        // Every body two lines long: half the line ends are inside a record, and a block ends
        // at some of them. With --csv, none.
        var csv = "id,sender,body\n"
        for i in 0..<Self.records { csv += "r-\(i),Bob,\"hello \(i)\nsecond line\"\n" }
        try Data(csv.utf8).write(to: dir.appendingPathComponent("archive.csv"))
        let lineCut = try Self.sh("parallel --pipe --keep-order --header 1 " + msgsift, in: dir, block: "10k")
        let out = Self.objects(try Self.lines(dir.appendingPathComponent("out.ndjson")))
        #expect(lineCut.status > 0 && lineCut.err.contains("could not be read"), "\(lineCut.err)")
        #expect(out.count > Self.records && out.contains { $0["error"] != nil })
        let whole = try Self.sh("parallel --pipe --csv --keep-order --header 1 " + msgsift, in: dir, block: "10k")
        let fine = Self.objects(try Self.lines(dir.appendingPathComponent("out.ndjson")))
        #expect(whole.status == 0 && fine.count == Self.records && !fine.contains { $0["error"] != nil })
        #expect(fine.map { $0["id"] as? String } == (0..<Self.records).map { "r-\($0)" })
    }
}
