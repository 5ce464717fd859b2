// What msgsift reads that it once refused (CSV of another separator, JSON arrays),
// the commands its remaining refusals print (run here as pasted), and the Unix
// conventions of classify, eval and diff: -q, -c, and the progress line on a
// terminal (a real pseudo-terminal, through python3's pty module).
import Foundation
import Testing
import TestSupport

@Suite("Input formats and conventions, end to end")
struct InputConventionsTests {
    /// Runs `command` (printed by msgsift, starting `msgsift`) with bash in the package root,
    /// the built binary first on PATH, `stdin` fed to it.
    static func paste(_ command: String, stdin: String = "") throws -> (out: String, err: String) {
        let dir = Harness.binary.deletingLastPathComponent().path
        let input = try Harness.temp(Data(stdin.utf8), suffix: ".in")
        defer { try? FileManager.default.removeItem(atPath: input) }
        return try Harness.bash("cd '\(Harness.root.path)' && export XDG_DATA_HOME='\(Harness.isolatedDataHome)' PATH='\(dir)':$PATH"
                                + " && { \(command) ; } < '\(input)'; echo \"status=$?\" >&2")
    }

    /// The text after `marker` in `err`, up to the `)` that closes the hint.
    static func hint(_ err: String, after marker: String) -> String? {
        guard let start = err.range(of: marker) else { return nil }
        let rest = err[start.upperBound...]
        guard let end = rest.range(of: ")\n", options: .backwards) ?? rest.range(of: ")", options: .backwards) else { return nil }
        return String(rest[..<end.lowerBound])
    }

    static let semicolons = "id;sender;body\n1;AMAZON;\"see www.x.com; today\"\n2;+15551234567;\"lunch;\nat noon?\"\n"

    // MARK: CSV separators

    @Test func theSemicolonRefusalPrintsACommandThatWorksWhenPasted() throws {
        let file = try Harness.temp(Data(Self.semicolons.utf8), suffix: ".csv")
        let refused = try Harness.run(["classify", "--no-db", "--rule", "links", file])
        #expect(refused.status == 1 && refused.out.isEmpty)
        let command = try #require(Self.hint(refused.err, after: "read it with: "))
        #expect(command == "msgsift classify --no-db --rule links \(file) --delimiter ';'")
        let pasted = try Self.paste(command)
        #expect(pasted.err.hasSuffix("status=0\n"), "\(pasted.err)")
        let objects = pasted.out.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        #expect(objects.map { $0["id"] as? String } == ["1", "2"])
        #expect(objects.map { $0["reason"] as? String } == ["links", nil])

        // From stdin: the same input given to the printed command.
        let fromStdin = try Harness.run(["classify", "--no-db", "--rule", "links"], stdin: Self.semicolons)
        let again = try #require(Self.hint(fromStdin.err, after: "give the same input to: "))
        #expect(again == "msgsift classify --no-db --rule links --delimiter ';'")
        let pastedAgain = try Self.paste(again, stdin: Self.semicolons)
        #expect(pastedAgain.out == pasted.out && pastedAgain.err.hasSuffix("status=0\n"))
    }

    @Test func thePrettyPrintedRefusalPrintsACommandThatWorksWhenPasted() throws {
        let file = try Harness.temp(Data("{\n  \"sender\": \"AMAZON\",\n  \"body\": \"see www.x.com\"\n}\n".utf8), suffix: ".json")
        let refused = try Harness.run(["classify", "--no-db", "--rule", "links", file])
        #expect(refused.status == 1)
        let command = try #require(Self.hint(refused.err, after: "one object per line ("))
        #expect(command == "jq -c . \(file) | msgsift classify --no-db --rule links -")
        let pasted = try Self.paste(command)
        #expect(pasted.out == "{\"record\":1,\"action\":\"junk\",\"stage\":\"smartRule\",\"reason\":\"links\"}\n", "\(pasted.err)")
        #expect(pasted.err.hasSuffix("status=0\n"))
    }

    @Test func theCarriageReturnAndCompressedDatabaseRefusalsPrintCommandsThatWork() throws {
        let file = try Harness.temp(Data("{\"sender\":\"AMAZON\",\"body\":\"www.x.com\"}\r{\"sender\":\"Mom\",\"body\":\"hi\"}\r".utf8), suffix: ".ndjson")
        let refused = try Harness.run(["classify", "--no-db", "--rule", "links", file])
        #expect(refused.status == 1)
        let command = try #require(Self.hint(refused.err, after: "one object per line ("))
        #expect(command == "tr '\\r' '\\n' < \(file) | msgsift classify --no-db --rule links -")
        let pasted = try Self.paste(command)
        #expect(pasted.out.split(separator: "\n").count == 2 && pasted.out.contains("\"reason\":\"links\""), "\(pasted.err)")
        #expect(pasted.err.hasSuffix("status=0\n"))

        // A Messages database read from its file only: gunzip it, then read what that leaves.
        let dir = Scratch.folder.appendingPathComponent("msgsift-gzdb-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let db = try ArchiveTests.makeChatDB(dir)
        _ = try Harness.bash("cd '\(dir.path)' && sqlite3 chat.db 'PRAGMA wal_checkpoint(TRUNCATE);' >/dev/null 2>&1; gzip chat.db; rm -f chat.db-wal chat.db-shm")
        let gz = db + ".gz"
        let compressed = try Harness.run(["classify", "--no-db", "--rule", "links", gz])
        #expect(compressed.status == 1)
        let fix = try #require(Self.hint(compressed.err, after: "SQLite reads it decompressed ("))
        #expect(fix == "gunzip -k \(gz) && msgsift classify --no-db --rule links \(db)")
        let read = try Self.paste(fix)
        // The database is read: its records, one of them an error record (status 1, as ArchiveTests says).
        let direct = try Harness.run(["classify", "--no-db", "--rule", "links", db])
        #expect(read.out == direct.out && read.err.hasSuffix("status=\(direct.status)\n"), "\(read.err)")
        #expect(read.out.contains("\"reason\":\"links\"") && !read.err.contains("compressed"))
    }

    @Test(arguments: [";", "semicolon-sep", "tab", "\\t", "\t", "|"])
    func everySpellingOfTheDelimiterReads(_ spelling: String) throws {
        let sep: String
        var args = ["classify", "--no-db", "--rule", "links"]
        var prefix = ""
        switch spelling {
        case ";": sep = ";"
        case "semicolon-sep": sep = ";"; prefix = "sep=;\r\n"
        case "|": sep = "|"
        default: sep = "\t"
        }
        if spelling != "semicolon-sep" { args += ["--delimiter", spelling] }
        let csv = prefix + ["id", "sender", "body"].joined(separator: sep) + "\r\n"
            + ["1", "AMAZON", "\"www.x.com, \(sep) and more\""].joined(separator: sep) + "\r\n"
            + ["2", "Mom", "\"two\nlines\""].joined(separator: sep) + "\r\n"
        let r = try Harness.run(args, stdin: csv)
        #expect(r.status == 0, "\(r.err)")
        #expect(r.objects.map { $0["id"] as? String } == ["1", "2"])
        #expect(r.objects.map { $0["reason"] as? String } == ["links", nil])
    }

    @Test func annotatedCSVKeepsItsColumnsUnderAnotherSeparator() throws {
        let r = try Harness.run(["classify", "--no-db", "--rule", "links", "--annotate", "-o", "csv"], stdin: "sep=;\n" + Self.semicolons)
        #expect(r.status == 0)
        // Output CSV is comma-separated; the body that held `;` is quoted only where commas need it.
        #expect(r.lines.first == "id,sender,body,action,stage,reason,warning")
        #expect(r.lines[1] == "1,AMAZON,see www.x.com; today,junk,smartRule,links,")
    }

    @Test func aBadDelimiterIsAUsageError() throws {
        let r = try Harness.run(["classify", "--no-db", "--delimiter", "::"], stdin: "")
        #expect(r.status == 2)
        #expect(r.err.contains("--delimiter: \"::\" is not , ; | or tab"))
    }

    @Test func evalAndDiffReadTheSeparatorToo() throws {
        let csv = "sender;body;label\nAMAZON;www.x.com;spam\nMom;hi;ham\n"
        let eval = try Harness.run(["eval", "--no-db", "--rule", "links", "--label", "label", "--delimiter", ";", "--json", "-q"], stdin: csv)
        #expect(eval.status == 0 && eval.err.isEmpty, "\(eval.err)")
        let report = try #require(try JSONSerialization.jsonObject(with: eval.stdout) as? [String: Any])
        #expect(report["tp"] as? Int == 1 && report["tn"] as? Int == 1)
        let rules = try Harness.temp(Data(#"{"format":"simply-filter-sms-filters","version":1,"exportedAt":"2026-01-01T00:00:00Z","appVersion":"t","filters":[{"text":"hi","type":"deny","folder":"junk","target":"body","matching":"contains","case":"insensitive"}]}"#.utf8), suffix: ".sfsfilters")
        let empty = try Harness.temp(Data(#"{"format":"simply-filter-sms-filters","version":1,"exportedAt":"2026-01-01T00:00:00Z","appVersion":"t","filters":[]}"#.utf8), suffix: ".sfsfilters")
        let diff = try Harness.run(["diff", "--before", empty, "--after", rules, "--delimiter", "tab", "--json"],
                                   stdin: "sender\tbody\nMom\thi there\nBank\tyour code\n")
        #expect(diff.status == 0, "\(diff.err)")
        let changes = try #require(try JSONSerialization.jsonObject(with: diff.stdout) as? [String: Any])
        #expect(changes["records"] as? Int == 2 && changes["changed"] as? Int == 1)
    }

    // MARK: JSON arrays

    static let array = """
        [
          {"id": "a", "sender": "AMAZON", "body": "see www.x.com"},
          "not an object",
          {"id": "c",
           "sender": "Mom", "body": "lunch ] at noon, \\"ok\\"?"},
          {"id": "d", "body": }
        ]

        """

    @Test func aJSONArrayIsReadAsRecords() throws {
        let r = try Harness.run(["classify", "--no-db", "--rule", "links"], stdin: Self.array)
        #expect(r.status == 1)      // two elements cannot be read
        #expect(r.objects.map { $0["record"] as? Int } == [1, 2, 3, 4])
        #expect(r.objects.map { $0["id"] as? String } == ["a", nil, "c", nil])
        #expect(r.objects[0]["reason"] as? String == "links" && r.objects[2]["stage"] as? String == "noMatch")
        #expect(r.objects[1]["error"] as? String == "<stdin>:3: bad JSON: expected '{' (byte 0)")
        #expect((r.objects[3]["error"] as? String)?.hasPrefix("<stdin>:6: bad JSON") == true)
        #expect(r.err.contains("2 of 4 records could not be read (error records in the output); the first is record 2, <stdin>:3"))
        // Annotated, each object comes back on one line with its verdict.
        let annotated = try Harness.run(["classify", "--no-db", "--rule", "links", "--annotate"], stdin: Self.array)
        #expect(annotated.lines.count == 4)
        #expect(annotated.objects[2]["body"] as? String == "lunch ] at noon, \"ok\"?")
        #expect((annotated.objects[2]["verdict"] as? [String: Any])?["stage"] as? String == "noMatch")
    }

    @Test func aCompressedArrayIsReadAndACutOneIsSaid() throws {
        let gz = try Harness.bash("printf '%s' '[{\"body\":\"www.x.com\"},{\"body\":\"hi\"}]' | gzip -c | base64 -w0").out
        let file = try Harness.temp(try #require(Data(base64Encoded: gz)), suffix: ".json.gz")
        let r = try Harness.run(["classify", "--no-db", "--rule", "links", file])
        #expect(r.status == 0 && r.objects.map { $0["stage"] as? String } == ["smartRule", "noMatch"])
        let cut = try Harness.run(["classify", "--no-db", "--rule", "links"], stdin: "[{\"body\":\"www.x.com\"},\n{\"body\":\"hi\"}")
        #expect(cut.status == 1 && cut.objects.count == 2)
        #expect(cut.err.contains("<stdin>:2: the JSON array is cut short: no closing ] after element 2 (its first 2 elements were read)"))
        let broken = try Harness.run(["classify", "--no-db", "--rule", "links"], stdin: "[{\"body\":\"www.x.com\"} {\"body\":\"hi\"}]")
        #expect(broken.status == 1 && broken.objects.count == 1)
        #expect(broken.err.contains("a broken JSON array: '{' where a comma or ] should follow element 1 (its first element was read)"))
    }

    /// A JSON array is streamed: reading it takes the memory the same records as NDJSON take,
    /// and three times the array takes no more (peak RSS of each run, from wait4).
    @Test func anArrayRunsInTheMemoryNDJSONDoes() throws {
        let script = """
            import json, os, resource, subprocess, sys, tempfile
            d = tempfile.mkdtemp()
            rec = [json.dumps({"id": i, "sender": "+1555%07d" % i, "body": "message number %d " % i + "x" * 300}) for i in range(50000)]
            open(d + "/a.ndjson", "w").write("\\n".join(rec) + "\\n")
            open(d + "/a.json", "w").write("[\\n" + ",\\n".join(rec) + "\\n]\\n")
            open(d + "/b.json", "w").write("[\\n" + ",\\n".join(rec * 3) + "\\n]\\n")
            def rss(path):
                p = subprocess.Popen([sys.argv[1], "classify", "--no-db", "--rule", "links", "--jobs", "1", path], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
                _, status, usage = os.wait4(p.pid, 0)
                assert status == 0, status
                return usage.ru_maxrss
            print(os.path.getsize(d + "/b.json"), rss(d + "/a.ndjson"), rss(d + "/a.json"), rss(d + "/b.json"))
            for f in ("a.ndjson", "a.json", "b.json"): os.remove(d + "/" + f)
            os.rmdir(d)
            """
        let r = try Harness.bash("python3 - '\(Harness.binary.path)' <<'EOF'\n\(script)\nEOF")
        let figures = r.out.split(separator: " ").compactMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        try #require(figures.count == 4, "\(r.err)")
        let (bytes, ndjson, array, triple) = (figures[0], figures[1], figures[2], figures[3])
        #expect(bytes > 50_000_000)
        // KiB: the array's peak within a quarter of NDJSON's, and three times the array within a fifth of it.
        #expect(Double(array) < Double(ndjson) * 1.25, "array \(array) KiB, NDJSON \(ndjson) KiB")
        #expect(Double(triple) < Double(array) * 1.2, "3× array \(triple) KiB, array \(array) KiB")
    }

    // MARK: -q and -c

    @Test func quietLeavesOutNotesButNotErrors() throws {
        let input = "{\"sender\":\"a\",\"text\":\"x\"}\n{\"sender\":\"b\",\"text\":\"y\"}\nnot json\n"
        let loud = try Harness.run(["classify", "--no-db", "/nonexistent/in.ndjson", "-"], stdin: input)
        #expect(loud.err.contains("no rules: every message is allowed"))
        #expect(loud.err.contains("have no \"body\" field"))
        for flag in ["-q", "--quiet"] {
            let quiet = try Harness.run(["classify", "--no-db", flag, "/nonexistent/in.ndjson", "-"], stdin: input)
            #expect(quiet.status == 1 && quiet.out == loud.out)
            // Left: the input that cannot be read, and the line that counts the unreadable records.
            #expect(quiet.err == """
                msgsift: cannot read /nonexistent/in.ndjson: No such file or directory
                msgsift: 1 of 3 records could not be read (error record in the output); it is record 3, <stdin>:3

                """, "\(quiet.err)")
        }
        let eval = try Harness.run(["eval", "--no-db", "--label", "label", "-q"], stdin: "{\"body\":\"x\"}\n")
        #expect(eval.status == 0 && eval.err.isEmpty, "\(eval.err)")
    }

    @Test func countWritesOneLinePerActionInAFixedOrder() throws {
        let input = "{\"sender\":\"AMAZON\",\"body\":\"www.x.com\"}\n{\"sender\":\"Mom\",\"body\":\"hi\"}\n{\"sender\":\"Bob\",\"body\":\"ok\"}\nbad\n"
        let text = try Harness.run(["classify", "--no-db", "--rule", "links", "-c"], stdin: input)
        #expect(text.status == 1)      // the unreadable record, as without -c
        #expect(text.out == "allow\t2\njunk\t1\ntransaction\t0\npromotion\t0\n")
        #expect(text.err.contains("1 of 4 records could not be read (not counted); it is record 4, <stdin>:4"))
        let json = try Harness.run(["classify", "--no-db", "--rule", "links", "--count", "-o", "ndjson"], stdin: input)
        #expect(json.out == "{\"allow\":2,\"junk\":1,\"transaction\":0,\"promotion\":0}\n")
        let csv = try Harness.run(["classify", "--no-db", "--rule", "links", "-c", "-o", "csv", "--jobs", "2", "--batch-size", "1"], stdin: input)
        #expect(csv.out == "action,count\nallow,2\njunk,1\ntransaction,0\npromotion,0\n")
        let clean = try Harness.run(["classify", "--no-db", "--rule", "links", "-c"], stdin: "{\"body\":\"hi\",\"sender\":\"Mom\"}\n")
        #expect(clean.status == 0 && clean.out == "allow\t1\njunk\t0\ntransaction\t0\npromotion\t0\n")
        let only = try Harness.run(["classify", "--no-db", "-c", "--only", "junk"], stdin: "")
        #expect(only.status == 2 && only.err.contains("--count writes counts, not records: leave out --only"))
    }

    // MARK: The progress line

    /// Runs msgsift with stderr a pseudo-terminal (stdout to /dev/null); what the terminal got,
    /// and how the process ended (`status` or `signal`). With `interrupt`, SIGINT once a
    /// progress line has shown.
    static func onTerminal(_ args: [String], interrupt: Bool = false) throws -> (tty: String, end: String) {
        let script = """
            import os, pty, signal, subprocess, sys, time
            m, s = pty.openpty()
            # SIGINT as at a terminal (a test runner may start its children with it ignored).
            def reset():
                signal.signal(signal.SIGINT, signal.SIG_DFL)
                signal.pthread_sigmask(signal.SIG_UNBLOCK, [signal.SIGINT])
            p = subprocess.Popen(sys.argv[2:], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=s, cwd=os.environ["ROOT"], preexec_fn=reset)
            os.close(s)
            out, sent = b"", False
            while True:
                try:
                    d = os.read(m, 65536)
                except OSError:
                    break
                if not d:
                    break
                out += d
                if sys.argv[1] == "1" and not sent and b"records" in out:
                    p.send_signal(signal.SIGINT); sent = True
            rc = p.wait()
            sys.stdout.write(out.decode("utf-8", "replace").replace("\\r", "<CR>").replace("\\x1b[K", "<EL>"))
            sys.stdout.write("\\n" + ("signal=%d" % -rc if rc < 0 else "status=%d" % rc))
            """
        let quotedArgs = ([Harness.binary.path] + args).map { "'" + $0 + "'" }.joined(separator: " ")
        let r = try Harness.bash("export ROOT='\(Harness.root.path)' XDG_DATA_HOME='\(Harness.isolatedDataHome)'; python3 - \(interrupt ? 1 : 0) \(quotedArgs) <<'EOF'\n\(script)\nEOF")
        let parts = r.out.components(separatedBy: "\n")
        return (parts.dropLast().joined(separator: "\n"), parts.last ?? "")
    }

    /// Enough records for a debug build to take a second or more.
    static let bigInput: String = {
        let line = (0..<150_000).map { "{\"sender\":\"+1555\($0)\",\"body\":\"hello number \($0) www.x.com\"}" }.joined(separator: "\n") + "\n"
        return (try? Harness.temp(Data(line.utf8), suffix: ".ndjson")) ?? ""
    }()

    @Test func aTerminalShowsProgressRewrittenInPlaceAndClearedAtTheEnd() throws {
        // The input twice: a second or more of work, several redraws.
        let r = try Self.onTerminal(["classify", "--no-db", "--rule", "links", Self.bigInput, Self.bigInput])
        #expect(r.end == "status=0")
        // Lines `\r msgsift: N records  R/s  M:SS` erase-to-end, never a line feed, and the last erased.
        #expect(r.tty.hasPrefix("<CR>msgsift: ") && r.tty.hasSuffix("<EL><CR><EL>"), "\(r.tty.suffix(200))")
        #expect(!r.tty.contains("\n"))
        let lines = r.tty.components(separatedBy: "<CR>").filter { !$0.isEmpty && $0 != "<EL>" }
        #expect(lines.count >= 2)
        let shape = try Regex("^msgsift: [0-9,]+ records  [0-9,]+/s  [0-9]+:[0-9]{2}<EL>$")
        #expect(lines.allSatisfy { $0.wholeMatch(of: shape) != nil }, "\(lines.prefix(3))")
        // The counts only grow.
        let counts = lines.compactMap { Int($0.dropFirst(9).prefix { $0 != " " }.filter(\.isNumber)) }
        #expect(counts == counts.sorted() && counts.last! <= 300_000)
    }

    @Test func noProgressAndNotATerminalShowNothing() throws {
        let off = try Self.onTerminal(["classify", "--no-db", "--rule", "links", "--no-progress", Self.bigInput])
        #expect(off.end == "status=0" && off.tty.isEmpty, "\(off.tty.prefix(200))")
        let eval = try Self.onTerminal(["eval", "--no-db", "--rule", "links", "--label", "x", "-q", "--no-progress", Self.bigInput])
        #expect(eval.tty.isEmpty)
        // stderr a file: nothing written there at all.
        let file = try Harness.bash("'\(Harness.binary.path)' classify --no-db --rule links '\(Self.bigInput)' >/dev/null 2>\"${TMPDIR:-/tmp}/msgsift-progress-$$\";"
                                    + " wc -c < \"${TMPDIR:-/tmp}/msgsift-progress-$$\"; rm -f \"${TMPDIR:-/tmp}/msgsift-progress-$$\"")
        #expect(file.out.trimmingCharacters(in: .whitespacesAndNewlines) == "0")
    }

    @Test func anErrorOrAnInterruptionClearsTheLine() throws {
        // An input that cannot be read between two long ones: its message starts on a clean line.
        let r = try Self.onTerminal(["classify", "--no-db", "--rule", "links", Self.bigInput, "/nonexistent/x.ndjson", Self.bigInput])
        #expect(r.end == "status=1")
        let before = try #require(r.tty.range(of: "msgsift: cannot read /nonexistent/x.ndjson"))
        let prior = r.tty[..<before.lowerBound]
        #expect(prior.isEmpty || prior.hasSuffix("<CR><EL>"), "\(prior.suffix(80))")
        #expect(r.tty.hasSuffix("<CR><EL>"))
        // Ctrl-C: the process dies of SIGINT, its line erased.
        let stopped = try Self.onTerminal(["classify", "--no-db", "--rule", "links", Self.bigInput, Self.bigInput], interrupt: true)
        #expect(stopped.end == "signal=2")
        #expect(stopped.tty.hasSuffix("<CR><EL>"), "\(stopped.tty.suffix(120))")
    }
}
