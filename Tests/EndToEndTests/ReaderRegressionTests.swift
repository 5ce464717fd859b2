// The reader under odd inputs (over-long records, slow input, signals, --strict
// and --stats), end to end. Stray CSV quotes: StrayQuoteTests.swift.
import Foundation
import Testing
import TestSupport

/// Regressions from the review of the reader.
@Suite("Reader regressions, end to end")
struct ReaderRegressionTests {
    let rules = ["--no-db", "--rule", "links"]

    @Test func overLongCSVRecordWithQuotedNewlinesIsOneErrorRecord() throws {
        // 2 MB of lines inside one quoted field, past a 1 MiB read and the 100-byte limit.
        let pad = String(repeating: String(repeating: "z", count: 50) + "\n", count: 40_000)
        let csv = "id,sender,body\n1,Bank,\"" + pad + "inner,\"\"quoted\"\" text\nsecond\n\"\n2,Bank,\"ok\"\n3,Bank,\"multi\nline, with comma\"\n4,Bank,plain\n"
        let r = try Harness.run(["classify", "--max-record-bytes", "100"] + rules, stdin: csv)
        let o = r.objects
        #expect(o.count == 4)
        #expect(o.map { $0["record"] as? Int } == [1, 2, 3, 4])
        #expect(o[0]["error"] != nil)
        #expect(o.dropFirst().map { $0["id"] as? String } == ["2", "3", "4"])
    }

    @Test func rawOfAnOverLongRecordHoldsOnlyThatRecord() throws {
        let input = "{\"id\":1,\"sender\":\"a\",\"body\":\"" + String(repeating: "x", count: 150) + "\"}\n{\"id\":2,\"sender\":\"+15550001\",\"body\":\"SECRET PIN 4242\"}\n"
        let r = try Harness.run(["classify", "--max-record-bytes", "100"] + rules, stdin: input)
        #expect(r.objects.count == 2)
        #expect((r.objects[0]["raw"] as? String)?.contains("SECRET") == false)
        #expect((r.objects[0]["raw"] as? String)?.hasSuffix("\"}") == true)
        #expect(r.objects[0]["error"] as? String == "<stdin>:1: record is longer than --max-record-bytes (100) (byte 100)")
        // Past 1 KiB, raw is the record's start, and the message says so.
        let long = "{\"body\":\"" + String(repeating: "x", count: 2000) + "\"}\n"
        let l = try Harness.run(["classify", "--max-record-bytes", "100"] + rules, stdin: long)
        #expect((l.objects[0]["raw"] as? String)?.count == 1024)
        #expect(l.objects[0]["error"] as? String == "<stdin>:1: record is longer than --max-record-bytes (100); raw holds its first 1024 bytes (byte 100)")
        // Cut inside a character (`é` is 2 bytes; 1,024 falls in the middle of one), raw
        // ended with `\xc3`, "not UTF-8", of valid text: it ends before that character.
        for input in ["{\"body\":\"xy" + String(repeating: "é", count: 1000) + "\"}\n", "body\nx" + String(repeating: "é", count: 1000) + "\n"] {
            let cut = try Harness.run(["classify", "--max-record-bytes", "100"] + rules, stdin: input)
            let raw = try #require(cut.objects[0]["raw"] as? String)
            #expect(raw.utf8.count == 1023 && raw.hasSuffix("é") && !raw.contains("\\x"), "\(raw.suffix(8))")
            #expect((cut.objects[0]["error"] as? String)?.contains("raw holds its first 1023 bytes") == true)
        }
        let csv = "id,body\n1," + String(repeating: "y", count: 150) + "\n2,SECRET\n"
        let c = try Harness.run(["classify", "--max-record-bytes", "100"] + rules, stdin: csv)
        #expect((c.objects[0]["raw"] as? String)?.contains("SECRET") == false)
        #expect(c.objects[1]["id"] as? String == "2")
    }

    @Test func leadingBlankLinesAreSkippedAndCounted() throws {
        let input = String(repeating: "\n", count: 2_000_000) + "{oops}\n{\"body\":\"www.x.com\"}\n"
        let r = try Harness.run(["classify"] + rules, stdin: input)
        #expect(r.objects.count == 2)
        #expect((r.objects[0]["error"] as? String)?.hasPrefix("<stdin>:2000001:") == true)
        #expect(r.objects[1]["action"] as? String == "junk")
    }

    @Test func annotatedCSVOutputOfDetectedNDJSONIsAUsageError() throws {
        let r = try Harness.run(["classify", "--annotate", "--output", "csv"] + rules, stdin: "{\"body\":\"hi\"}\n")
        #expect(r.status == 2)
        #expect(r.err.contains("--annotate"))
        #expect(r.out.isEmpty)      // not even the CSV header: errors never go to stdout
    }

    /// Ctrl-C or kill in the middle of a run writing to a file: the process dies of the
    /// signal, as a shell expects (a loop around it stops), and the file holds whole
    /// records only (a cut write would leave half a line).
    @Test func anInterruptedRunLeavesWholeLines() throws {
        let line = "{\"id\":1,\"sender\":\"+1555\",\"body\":\"hello www.x.com friend, hello www.x.com friend\"}\n"
        let input = try Harness.temp(Data(String(repeating: line, count: 400_000).utf8), suffix: ".ndjson")
        // `env --default-signal` (coreutils 8.31+) gives the child default signal actions.
        let probe = Process()
        probe.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        probe.arguments = ["--default-signal=INT,TERM", "true"]
        guard (try? probe.run()) != nil else { return }
        probe.waitUntilExit()
        guard probe.terminationStatus == 0 else { return }
        var interrupted = 0
        for (round, signal) in [SIGINT, SIGTERM, SIGINT].enumerated() {
            let outPath = Scratch.folder.appendingPathComponent("msgsift-int-\(UUID().uuidString).ndjson").path
            #expect(FileManager.default.createFile(atPath: outPath, contents: nil))
            // The test runner may hand its children SIGINT and SIGTERM ignored, which msgsift
            // respects (a background job's): give them their default actions back.
            let p = Process()
            p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            p.arguments = ["--default-signal=INT,TERM", Harness.binary.path, "classify"] + rules + [input]
            let outHandle = FileHandle(forWritingAtPath: outPath)
            defer { try? outHandle?.close(); try? FileManager.default.removeItem(atPath: outPath) }
            p.standardOutput = outHandle
            try p.run()
            // Once output has begun, the run is under way (its handlers are in place).
            let deadline = Date().addingTimeInterval(30)
            while p.isRunning && Date() < deadline,
                  ((try? FileManager.default.attributesOfItem(atPath: outPath)[.size] as? NSNumber)?.intValue ?? 0) == 0 {
                usleep(5_000)
            }
            usleep(useconds_t(20_000 * round))
            kill(p.processIdentifier, signal)
            p.waitUntilExit()
            let out = try Data(contentsOf: URL(fileURLWithPath: outPath))
            if p.terminationReason == .exit && p.terminationStatus == 0 { continue }    // finished first: nothing to check
            interrupted += 1
            #expect(p.terminationReason == .uncaughtSignal && p.terminationStatus == signal,
                    "round \(round): \(p.terminationReason == .exit ? "exit" : "signal") \(p.terminationStatus)")
            #expect(out.isEmpty || out.last == 0x0A)
            let lines = out.split(separator: 0x0A)
            #expect(lines.allSatisfy { (try? JSONSerialization.jsonObject(with: Data($0))) != nil })
        }
        #expect(interrupted > 0)      // SIGTERM at least (SIGINT stays ignored if the tests run with it ignored)
    }

    /// Input that comes slowly (`tail -f log | msgsift`): what was read goes out when
    /// there is nothing more to read for now, not when a batch is full or the input ends.
    @Test func slowInputIsWrittenAsItComes() throws {
        let p = Process()
        p.executableURL = Harness.binary
        p.arguments = ["classify"] + rules
        let input = Pipe(), output = Pipe()
        p.standardInput = input
        p.standardOutput = output
        try p.run()
        input.fileHandleForWriting.write(Data("{\"body\":\"www.x.com\"}\n".utf8))
        let firstLine = DispatchSemaphore(value: 0)
        let box = DataBox()
        DispatchQueue.global().async {
            var got = Data()
            while !got.contains(0x0A) {
                let d = output.fileHandleForReading.availableData
                if d.isEmpty { break }
                got.append(d)
            }
            box.set(got)
            firstLine.signal()
        }
        // The input stays open: the verdict must come anyway.
        let arrived = firstLine.wait(timeout: .now() + 20) == .success
        try input.fileHandleForWriting.close()
        p.waitUntilExit()
        #expect(arrived)
        #expect(String(decoding: box.get(), as: UTF8.self).hasPrefix("{\"record\":1,\"action\":\"junk\""))
    }

    /// An over-long record that arrives in pieces (a pipe, a slow writer) is reported
    /// with the same raw bytes as when it arrives at once: the reader waits for its end
    /// or for the 1 KiB an error record keeps, not for the first read past the limit.
    @Test(arguments: ["ndjson", "csv"])
    func overLongRecordInPiecesGivesTheSameRaw(_ format: String) throws {
        let record = format == "ndjson" ? "{\"body\":\"" + String(repeating: "x", count: 700) + "\"}\n"
                                        : "id,body\n1," + String(repeating: "x", count: 700) + "\n"
        let atOnce = try Harness.run(["classify", "--max-record-bytes", "100"] + rules, stdin: record)
        let p = Process()
        p.executableURL = Harness.binary
        p.arguments = ["classify", "--max-record-bytes", "100"] + rules
        let input = Pipe(), output = Pipe()
        p.standardInput = input
        p.standardOutput = output
        try p.run()
        let bytes = Data(record.utf8)
        input.fileHandleForWriting.write(bytes.prefix(300))
        usleep(300_000)     // the first read sees 300 bytes, past the limit, short of the record's end
        input.fileHandleForWriting.write(bytes.dropFirst(300))
        try input.fileHandleForWriting.close()
        let out = output.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        #expect(String(decoding: out, as: UTF8.self) == atOnce.out)
        let raw = atOnce.objects.first?["raw"] as? String
        #expect(raw?.count == record.utf8.count - (format == "ndjson" ? 1 : 9))     // the whole record (no header, no newline)
    }

    /// --stats under --strict counts what was written and the error that stopped the run,
    /// in the first batch and past several whole ones; an input not read is counted.
    @Test(arguments: [28, 5000])
    func statsUnderStrictCountWhatWasWritten(good: Int) throws {
        let input = String(repeating: "{\"body\":\"www.x.com\"}\n", count: good) + "{oops}\n" + "{\"body\":\"hi\"}\n"
        let r = try Harness.run(["classify", "--strict", "--stats", "--batch-size", "2048"] + rules, stdin: input)
        #expect(r.status == 1)
        #expect(r.lines.count == good)
        #expect(r.err.contains("records: \(good + 1) (\(good) classified, 1 error)"))
        #expect(r.err.contains("actions: allow 0, junk \(good), transaction 0, promotion 0"))

        let missing = try Harness.run(["classify", "--stats"] + rules + ["/nonexistent/msgsift.ndjson", "-"], stdin: "{\"body\":\"hi\"}\n")
        #expect(missing.status == 1)
        #expect(missing.err.contains("inputs not read: 1"))
    }

    /// UTF-16 is refused with the iconv command that converts it: `UTF-16` finds the byte
    /// order from a BOM, but takes a file without one as little-endian, so a big-endian
    /// one needs `UTF-16BE` (the suggestion made its text CJK garbage, read as 0 records).
    @Test(arguments: [([UInt8]([0xFF, 0xFE]) + Array("i\0d\0".utf8), "UTF-16"), ([0xFE, 0xFF] + Array("\0i\0d".utf8), "UTF-16"),
                      (Array("i\0d\0".utf8), "UTF-16LE"), (Array("\0i\0d".utf8), "UTF-16BE")])
    func utf16InputIsRefusedByName(_ bytes: [UInt8], _ encoding: String) throws {
        let r = try Harness.run(["classify"] + rules, stdin: Data(bytes))
        #expect(r.status == 1)
        #expect(r.out.isEmpty)
        #expect(r.err.contains("UTF-16 text; msgsift reads UTF-8 (iconv -f \(encoding) -t UTF-8 | msgsift"))
    }

    /// UTF-32 was called UTF-16 (its little-endian BOM, FF FE 00 00, starts as UTF-16's) with
    /// an iconv command that left a NUL between characters, or, without a BOM, read as CSV.
    @Test(arguments: [([UInt8]([0xFF, 0xFE, 0, 0]) + Array("i\0\0\0d\0\0\0".utf8), "UTF-32"),
                      ([0, 0, 0xFE, 0xFF] + Array("\0\0\0i\0\0\0d".utf8), "UTF-32"),
                      (Array("i\0\0\0d\0\0\0,\0\0\0".utf8), "UTF-32LE"), (Array("\0\0\0i\0\0\0d\0\0\0,".utf8), "UTF-32BE")])
    func utf32InputIsRefusedByName(_ bytes: [UInt8], _ encoding: String) throws {
        let r = try Harness.run(["classify"] + rules, stdin: Data(bytes))
        #expect(r.status == 1)
        #expect(r.out.isEmpty)
        #expect(r.err.contains("UTF-32 text; msgsift reads UTF-8 (iconv -f \(encoding) -t UTF-8 | msgsift"), "\(r.err)")
    }

    /// SMS Backup & Restore saves XML; it was read as CSV: verdicts for its tag lines, exit 0.
    /// It was then refused with a python3 command that converted it; now it is read as it is,
    /// checked here on what the app writes: emoji as pairs of surrogate references, and MMS
    /// (group and long texts), whose text is in text/plain parts (joined by newlines) and
    /// whose sender is the `addr` of type 137. Only messages received are judged.
    @Test func anXMLBackupIsReadAsItIs() throws {
        let xml = """
            <?xml version='1.0' encoding='UTF-8' standalone='yes' ?>
            <!--File Created By SMS Backup & Restore v10.05.602-->
            <smses count="4">
              <sms protocol="0" address="+15551234567" date="1" type="1" body="Win at bit.ly/x" readable_date="x" />
              <sms protocol="0" address="Mom" date="2" type="1" body="Dinner &amp; a movie? &#55357;&#56832;&#10;ok" />
              <sms protocol="0" address="Dad" date="3" type="1" body="half &#55357; a pair, caf&#233;" />
              <sms protocol="0" address="Dad" date="5" type="2" body="sent by me: not a message to judge" />
              <mms date="4" msg_box="1" address="+15557654321~+15550000000" m_type="132">
                <parts>
                  <part seq="-1" ct="application/smil" text="&lt;smil&gt;www.smil.com&lt;/smil&gt;" />
                  <part seq="0" ct="text/plain" text="Group: see" />
                  <part seq="1" ct="image/jpeg" cl="a.jpg" data="AAAA" />
                  <part seq="2" ct="text/plain" text="bit.ly/y" />
                </parts>
                <addrs>
                  <addr address="+15557654321" type="137" charset="106" />
                  <addr address="+15550000000" type="151" charset="106" />
                </addrs>
              </mms>
            </smses>

            """
        let file = try Harness.temp(Data(xml.utf8), suffix: ".xml")
        let r = try Harness.run(["classify", "--annotate"] + rules + [file])
        #expect(r.status == 0, "\(r.err)")
        #expect(!r.err.contains("python3"))
        let messages = r.objects.map { [$0["date"] as? String, $0["sender"] as? String, $0["body"] as? String] }
        #expect(messages == [["1970-01-01T00:00:00.001Z", "+15551234567", "Win at bit.ly/x"],
                             ["1970-01-01T00:00:00.002Z", "Mom", "Dinner & a movie? \u{1F600}\nok"],
                             ["1970-01-01T00:00:00.003Z", "Dad", "half \u{FFFD} a pair, caf\u{E9}"],
                             ["1970-01-01T00:00:00.004Z", "+15557654321", "Group: see\nbit.ly/y"]])    // not the sent one
        let verdicts = try Harness.run(["classify"] + rules + [file]).out
        #expect(verdicts == #"{"record":1,"id":1,"action":"junk","stage":"smartRule","reason":"links"}"# + "\n"
                + #"{"record":2,"id":2,"action":"allow","stage":"noMatch"}"# + "\n"
                + #"{"record":3,"id":3,"action":"allow","stage":"noMatch"}"# + "\n"
                + #"{"record":4,"id":5,"action":"junk","stage":"smartRule","reason":"links"}"# + "\n")
        let html = try Harness.run(["classify"] + rules, stdin: "<!DOCTYPE html>\n<html><body>Hi</body></html>\n")
        #expect(html.status == 1 && html.err.contains("not an SMS Backup & Restore export") && !html.err.contains("python3"), "\(html.err)")
    }

    /// `Sender, body`: both columns missed (case; a space after the comma), every record read
    /// with an empty sender and body. The end-of-run count said so; now the note names the
    /// column meant and the flag that reads it, and that flag does.
    @Test func aHeaderNamingTheFieldsButForCaseOrSpacesNamesTheColumnsMeant() throws {
        let input = "Sender, body\n+15551234567,see bit.ly/x\n"
        let r = try Harness.run(["classify", "--no-db", "--rule", "links", "--rule", "short-sender=5"], stdin: input)
        #expect(r.status == 2 && r.out.isEmpty)
        #expect(r.err.contains(#"<stdin>:1: the CSV header names neither "sender" nor "body" (2 columns; -v names them); to read them: --field sender=Sender --field 'body= body'"#), "\(r.err)")
        // One of the two named but for case: read, with a note naming the column meant.
        let half = try Harness.run(["classify", "--no-db", "--rule", "links"], stdin: "Sender,body\n+15551234567,see bit.ly/x\n")
        #expect(half.status == 0 && half.err.contains(#"<stdin>: the CSV header has no "sender" column but has "Sender" (names match exactly: --field sender=Sender)"#), "\(half.err)")
        let fixed = try Harness.run(["classify", "--no-db", "--rule", "links", "--rule", "short-sender=5", "--field", "sender=Sender", "--field", "body= body"], stdin: input)
        #expect(fixed.lines == [#"{"record":1,"action":"junk","stage":"smartRule","reason":"links"}"#])
        #expect(!fixed.err.contains("CSV header has no"))
    }

    /// A file saved as Latin-1: every accented row an error record, an accented header a
    /// refusal, and nothing said about the likely cause; now both say how to convert it.
    @Test func latin1InputSaysHowToConvertIt() throws {
        let rows = try Harness.run(["classify", "--no-db"], stdin: Data("sender,body\nCaf".utf8) + Data([0xE9]) + Data(",hi\nBob,hi\n".utf8))
        #expect(rows.lines.count == 2)
        #expect(rows.err.contains("1 of 2 records are not UTF-8 (error records); a file saved as Latin-1 or Windows-1252 converts with iconv -f CP1252 -t UTF-8 FILE"), "\(rows.err)")
        let fine = try Harness.run(["classify", "--no-db"], stdin: "sender,body\nBob,hi\n")
        #expect(!fine.err.contains("not UTF-8"))
        let header = try Harness.run(["classify", "--no-db"], stdin: Data("Exp".utf8) + Data([0xE9]) + Data("diteur,body\n+1555,hi\n".utf8))
        #expect(header.status == 1)
        #expect(header.err.contains("unreadable CSV header: invalid UTF-8 (byte 3); if the file is Latin-1 or Windows-1252: iconv -f CP1252 -t UTF-8 | msgsift"), "\(header.err)")
    }

    @Test func theSuggestedIconvCommandConvertsABigEndianFile() throws {
        var be: [UInt8] = []
        for u in "id,sender,body\n1,Shop,www.x.com\n".utf16 { be += [UInt8(u >> 8), UInt8(u & 0xFF)] }
        let file = try Harness.temp(Data(be), suffix: ".csv")
        let refused = try Harness.run(["classify"] + rules + [file])
        let command = try #require(refused.err.range(of: "iconv -f UTF-16BE -t UTF-8 \(file)").map { String(refused.err[$0]) })
        let converted = try Harness.bash("\(command) | '\(Harness.binary.path)' classify " + rules.joined(separator: " ")).out
        #expect(converted == #"{"record":1,"id":"1","action":"junk","stage":"smartRule","reason":"links"}"# + "\n")
    }

    /// stderr that cannot be written (closed, full, a pipe whose reader left as in
    /// `2>&1 | head`) must not crash the run or change its status.
    @Test(arguments: ["2>/dev/full", "2>&-"])
    func anUnwritableStderrIsNotACrash(_ redirect: String) throws {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/bash")
        let csv = "printf 'id,sender,text\\n1,+1,x\\n'"     // no body column: a warning at the end
        p.arguments = ["-c", "\(csv) | '\(Harness.binary.path)' classify --no-db --stats \(redirect) >/dev/null; echo $?"]
        let out = Pipe()
        p.standardOutput = out
        try p.run()
        p.waitUntilExit()
        let status = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(status.trimmingCharacters(in: .whitespacesAndNewlines) == "0")
    }

    @Test func aNamedStoreThatDoesNotExistIsAnError() throws {
        let r = try Harness.run(["--db", "/tmp/msgsift-no-such-dir/nope.db", "classify"], stdin: "{\"body\":\"hi\"}\n")
        #expect(r.status == 1)
        #expect(r.err.contains("no such rule store"))
        #expect(r.out.isEmpty)
    }

    @Test func flagErrorsPointAtTheCommandsHelp() throws {
        let r = try Harness.run(["classify", "--jobs", "0"], stdin: "")
        #expect(r.status == 2)
        #expect(r.err.contains("Try 'msgsift classify --help'"))
    }
}

@Suite("CSV errors are the same with and without --annotate")
struct CSVAnnotateErrorTests {
    @Test func fieldCountErrorIsReportedAtTheSameByte() throws {
        let csv = "id,sender,body\n1,a\n"
        let plain = try Harness.run(["classify", "--no-db"], stdin: csv)
        let annotated = try Harness.run(["classify", "--no-db", "--annotate"], stdin: csv)
        // "1,a" ends at byte 3: the record is one field short there.
        #expect(plain.objects[0]["error"] as? String == "<stdin>:2: record has 2 fields, header has 3 (byte 3)")
        #expect(annotated.objects[0]["error"] as? String == plain.objects[0]["error"] as? String)
    }

    /// As `cat`: an input that cannot be read is reported and the run goes on with the
    /// next one (record numbers continuing), then ends with status 1.
    @Test func anUnreadableInputIsReportedAndTheOthersAreRead() throws {
        let file = try Harness.temp(Data(#"{"id":"a","sender":"Shop","body":"hi"}"#.utf8 + [0x0A]), suffix: ".ndjson")
        let r = try Harness.run(["classify", "--no-db", file, "/nonexistent/x.ndjson", file])
        #expect(r.status == 1)
        #expect(r.objects.map { $0["record"] as? Int } == [1, 2])
        #expect(r.err.contains("msgsift: cannot read /nonexistent/x.ndjson"))
    }

    /// Inputs CSV would read as nothing at all (a header it cannot parse, then no records)
    /// are refused by name, with what to do instead, and the run ends with status 1.
    @Test(arguments: [
        // A gzip header and nothing after it: decompressed, it is cut short.
        (Data([0x1F, 0x8B, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x03]), "the gzip data ends early (a truncated file)"),
        (Data("sender,\"bo\ndy\n".utf8), "unreadable CSV header"),
        (Data([0x73, 0x65, 0xFF, 0x2C, 0x62, 0x0A, 0x61, 0x2C, 0x62, 0x0A]), "unreadable CSV header"),
        (Data("sender,body,id\rShop,hi,1\rBank,yo,2\r".utf8), "carriage return"),
        // Every record would be one field, every sender and body empty: wrong verdicts, exit 0.
        (Data("id;sender;body\r\n1;Mom;see you\r\n".utf8), "these look separated by ';'"),
        (Data("id\tsender\tbody\n1\tMom\tsee you\n".utf8), "these look separated by tab"),
        // What `jq .` writes: every line an error record, and the records miscounted.
        (Data("{\n  \"sender\": \"a\",\n  \"body\": \"WIN\"\n}\n".utf8), "pretty-printed), not NDJSON: one object per line (jq -c . | msgsift classify --no-db --rule links)"),
        (Data("{\"body\": \"x\",\n \"sender\": \"y\"}\n".utf8), "pretty-printed), not NDJSON"),
        (Data("{\"sender\":\"a\",\"body\":\"x\"}\r{\"sender\":\"b\",\"body\":\"y\"}\r".utf8), "lines that end in CR alone are not read"),
        (Data("{\"body\":\"a\"} \r{\"body\":\"b\"}\r".utf8), "lines that end in CR alone are not read"),
    ] as [(Data, String)])
    func inputsThatAreNeitherNDJSONNorCSVAreRefused(_ input: Data, _ message: String) throws {
        let r = try Harness.run(["classify", "--no-db", "--rule", "links"], stdin: input)
        #expect(r.status == 1)
        #expect(r.out.isEmpty)
        #expect(r.err.hasPrefix("msgsift: <stdin>"))
        #expect(r.err.contains(message))
    }

    /// Look-alikes of those that are fine: a CSV header of bracketed names is not a JSON
    /// array; Excel's `sep=,` line is skipped; one column named as the body is read.
    @Test func inputsThatOnlyLookOddAreRead() throws {
        let brackets = try Harness.run(["classify", "--no-db", "--rule", "links", "--field", "sender=[Sender]", "--field", "body=[Body]"],
                                       stdin: "[Date],[Sender],[Body]\n2023,AMAZON,see www.x.com\n")
        #expect(brackets.status == 0 && brackets.objects.first?["reason"] as? String == "links")
        let excel = try Harness.run(["classify", "--no-db", "--rule", "links"], stdin: "sep=,\r\nid,sender,body\r\n1,AMAZON,see www.x.com\r\n")
        #expect(excel.status == 0 && excel.lines.count == 1)
        #expect(excel.objects.first?["id"] as? String == "1" && excel.objects.first?["reason"] as? String == "links")
        let oneColumn = try Harness.run(["classify", "--no-db", "--rule", "links", "--field", "body=text;notes"], stdin: "text;notes\nsee www.x.com\n")
        #expect(oneColumn.status == 0 && oneColumn.objects.first?["reason"] as? String == "links")
        let spaced = try Harness.run(["classify", "--no-db", "--rule", "links"], stdin: "{ \"body\": \"www.x.com\" }\n")
        #expect(spaced.status == 0 && spaced.objects.first?["reason"] as? String == "links")
        // A log whose first line lost its start: an error record, and the objects after it are read.
        let cut = try Harness.run(["classify", "--no-db", "--rule", "links"], stdin: "{\n{\"body\":\"www.x.com\"}\n")
        #expect(cut.status == 1 && cut.objects.count == 2 && cut.objects.last?["reason"] as? String == "links")
        // A column named `sep=x` is a column (Excel's line names a separator).
        let column = try Harness.run(["classify", "--no-db", "--field", "body=sep=x"], stdin: "sep=x\nhello\n")
        #expect(column.status == 0 && column.objects.first?["stage"] as? String == "noMatch")
    }

    /// What decides an input's shape may come in a later read than its first byte: the
    /// answer must be the one the whole input gives.
    @Test func shapesAreDecidedOnWhatDecidesThemNotOnTheFirstRead() throws {
        var seed = ReadBoundaryFuzzTests.Random(state: 1)
        let csv = Array("\u{FEFF}[Date],[Sender],[Body]\n2023,AMAZON,www.x.com\n".utf8)
        let args = ["classify", "--no-db", "--rule", "links", "--field", "sender=[Sender]", "--field", "body=[Body]"]
        let bracket = try ReadBoundaryFuzzTests.slowPipe(args, csv, piece: 8, first: 4, seed: &seed)
        #expect(bracket.0 == 0 && bracket.1.contains(#""reason":"links""#))
        let crOnly = Array("{\"body\":\"a\"}\r{\"body\":\"www.b.com\"}\r".utf8)
        let cr = try ReadBoundaryFuzzTests.slowPipe(["classify", "--no-db", "--rule", "links"], crOnly, piece: 40, first: 14, seed: &seed)
        #expect(cr.0 == 1 && cr.1.isEmpty)
        let pretty = Array("{\"body\": \"x\",\n \"sender\": \"y\"}\n".utf8)
        let p = try ReadBoundaryFuzzTests.slowPipe(["classify", "--no-db"], pretty, piece: 40, first: 15, seed: &seed)
        #expect(p.0 == 1 && p.1.isEmpty)
    }

    /// Annotated CSV output has one header, the first input's: an input with other
    /// columns is refused (its values would land under the wrong names), the rest is read.
    @Test func annotatedCSVNeedsTheSameColumnsInEveryInput() throws {
        let a = try Harness.temp(Data("sender,body,id\nShop,hi,1\n".utf8), suffix: ".csv")
        let b = try Harness.temp(Data("body,sender,extra,id\nhi,Shop,e,2\n".utf8), suffix: ".csv")
        let r = try Harness.run(["classify", "--no-db", "--annotate", "--output", "csv", a, b, a])
        #expect(r.status == 1)
        #expect(r.out == "sender,body,id,action,stage,reason,warning\nShop,hi,1,allow,noMatch,,\nShop,hi,1,allow,noMatch,,\n")
        #expect(r.err.contains("differ from the first input's (4 against 3; -v names them)"))
        let same = try Harness.temp(Data("body,sender,code\nhi,Shop,2\n".utf8), suffix: ".csv")
        let renamed = try Harness.run(["classify", "--no-db", "--annotate", "--output", "csv", a, same])
        #expect(renamed.err.contains("differ from the first input's (other names; -v names them)"), "\(renamed.err)")
        let reordered = try Harness.temp(Data("id,body,sender\n2,hi,Shop\n".utf8), suffix: ".csv")
        let moved = try Harness.run(["classify", "--no-db", "--annotate", "--output", "csv", a, reordered])
        #expect(moved.err.contains("differ from the first input's (another order; -v names them)"), "\(moved.err)")
        // The first row of a file without a header is a message: quoted only with -v.
        let c = try Harness.temp(Data("1,+972501234567,Your PIN is 4821\n".utf8), suffix: ".csv")
        let quiet = try Harness.run(["classify", "--no-db", "--annotate", "--output", "csv", a, c])
        #expect(quiet.status == 1 && !quiet.err.contains("PIN"))
        let verbose = try Harness.run(["classify", "--no-db", "-v", "--annotate", "--output", "csv", a, c])
        #expect(verbose.err.contains("(1,+972501234567,Your PIN is 4821) differ from the first input's (sender,body,id)"))
    }

    /// A usage error is found before anything is written: an NDJSON file among the inputs of
    /// an annotated CSV run is refused up front, not after the CSV inputs before it were written.
    @Test func annotatedCSVOutputRefusesAnNDJSONFileBeforeWriting() throws {
        let csv = try Harness.temp(Data("sender,body\nShop,hi\n".utf8), suffix: ".csv")
        let ndjson = try Harness.temp(Data("\u{FEFF}\n  {\"sender\":\"Shop\",\"body\":\"hi\"}\n".utf8), suffix: ".ndjson")
        let r = try Harness.run(["classify", "--no-db", "--annotate", "--output", "csv", csv, ndjson])
        #expect(r.status == 2)
        #expect(r.out.isEmpty)
        #expect(r.err.contains("needs CSV input"))
    }

    /// The check that refuses NDJSON up front read the first 4 KiB of every input: from a
    /// pipe (`<(cat f)`) those bytes were gone, a later row became the header, and a FIFO
    /// hung the run. Only regular files are looked at before the run now.
    @Test func annotatedCSVReadsAPipeOrFIFOWhole() throws {
        let rows = (1...300).map { "\($0),+97250\($0),message number \($0)" }.joined(separator: "\n")
        let csv = try Harness.temp(Data(("id,sender,body\n" + rows + "\n").utf8), suffix: ".csv")
        let m = Harness.binary.path
        let r = try Harness.bash("""
            '\(m)' classify --no-db --annotate --output csv <(cat '\(csv)') | wc -l
            f=$(mktemp -u); mkfifo "$f"; (cat '\(csv)' > "$f") &
            timeout -s KILL 20 '\(m)' classify --no-db --annotate --output csv "$f" | tail -1; echo "status ${PIPESTATUS[0]}"; rm -f "$f"
            """)
        #expect(r.out == "301\n300,+97250300,message number 300,allow,noMatch,,\nstatus 0\n", "\(r.err)")
    }

    /// An NDJSON file whose first 4 KiB are blank is still found before anything is written.
    @Test func annotatedCSVRefusesNDJSONAfterManyBlankLines() throws {
        let csv = try Harness.temp(Data("sender,body\nShop,hi\n".utf8), suffix: ".csv")
        let ndjson = try Harness.temp(Data((String(repeating: "\n", count: 100_000) + "{\"body\":\"hi\"}\n").utf8), suffix: ".ndjson")
        let r = try Harness.run(["classify", "--no-db", "--annotate", "--output", "csv", csv, ndjson])
        #expect(r.status == 2)
        #expect(r.out.isEmpty)
    }

    /// Blank space before the first record went when a read held nothing else, and was
    /// kept (a header of one column named by spaces) when the header came in the same read:
    /// the same bytes now read the same, from a file or however a pipe splits them.
    @Test(arguments: ["  \nid,sender,body\n1,a,b\n", "   id,sender,body\n1,a,b\n", "\u{FEFF} \t\r\n\nid,sender,body\n1,a,b\n"])
    func blankSpaceBeforeACSVHeaderIsDroppedHoweverReadsSplitIt(_ input: String) throws {
        let file = try Harness.temp(Data(input.utf8), suffix: ".csv")
        for format in [[], ["--format", "csv"]] {
            let whole = try Harness.run(["classify", "--no-db", file] + format)
            #expect(whole.objects.count == 1)
            #expect(whole.objects.first?["id"] as? String == "1", "\(format)")
            var seed = ReadBoundaryFuzzTests.Random(state: 7)
            for first in 1..<6 {
                let split = try ReadBoundaryFuzzTests.slowPipe(["classify", "--no-db"] + format, Array(input.utf8), piece: 5, first: first, seed: &seed)
                #expect(split.1 == whole.out, "first read of \(first) bytes")
            }
        }
    }

    /// Before NDJSON only whole blank lines go: the first record's error keeps its own
    /// spaces and byte, as it would on any other line or with --format ndjson.
    @Test func blankSpaceBeforeTheFirstNDJSONRecordStaysOnItsLine() throws {
        let input = Array("\n  \n  {bad\n".utf8)
        let auto = try Harness.run(["classify", "--no-db"], stdin: Data(input))
        let named = try Harness.run(["classify", "--no-db", "--format", "ndjson"], stdin: Data(input))
        #expect(auto.out == named.out)
        #expect(auto.objects.first?["raw"] as? String == "  {bad")
        #expect((auto.objects.first?["error"] as? String)?.hasPrefix("<stdin>:3:") == true, "\(auto.out)")
        var seed = ReadBoundaryFuzzTests.Random(state: 3)
        for first in 1..<8 {
            let split = try ReadBoundaryFuzzTests.slowPipe(["classify", "--no-db"], input, piece: 3, first: first, seed: &seed)
            #expect(split.1 == auto.out, "first read of \(first) bytes")
        }
    }

    /// A header naming neither field judged every row with an empty sender and body (junked
    /// by short-sender or all-unknown), exit 0; a one-line file without a header row gave no
    /// record at all. Either is refused before any record (exit 2), with how many columns it
    /// has and the --field flags that read them; its cells are quoted only with -v (the row may
    /// be a message), and a flag names a column only when it is a usual column name itself.
    @Test func aCSVHeaderNamingNeitherFieldIsRefusedBeforeAnyRecord() throws {
        let rules = ["classify", "--no-db", "--rule", "short-sender"]
        let renamed = try Harness.run(rules, stdin: "from,text\n+1555,hello\n")
        #expect(renamed.status == 2 && renamed.out.isEmpty)
        #expect(renamed.err.hasPrefix("msgsift: <stdin>:1: the CSV header names neither \"sender\" nor \"body\" (2 columns; -v names them);"
                + " to read them: --field sender=from --field body=text, or, if the file has no header row, add one\n"), "\(renamed.err)")
        // Names but for case, and a name a shell must quote.
        let cased = try Harness.run(rules + ["-v"], stdin: "Sender,Message Body,id\n1,2,3\n")
        #expect(cased.status == 2 && cased.err.contains("(its columns: Sender,Message Body,id); to read them: --field sender=Sender --field 'body=Message Body'"),
                "\(cased.err)")
        // Without -v a cell that only holds a usual name is not quoted, not even in a flag.
        let unnamed = try Harness.run(rules, stdin: "Sender,Message Body,id\n1,2,3\n")
        #expect(unnamed.status == 2 && unnamed.err.contains("(3 columns; -v names them); to read them: --field sender=Sender, or,")
                && !unnamed.err.contains("Message Body"), "\(unnamed.err)")
        // A first row that looks like a header but is a message: not quoted without -v.
        let message = try Harness.run(rules, stdin: "from mom,text me later\nx,y\n")
        #expect(message.status == 2 && message.err.contains("(2 columns; -v names them); name the columns to read with --field sender=COLUMN --field body=COLUMN")
                && !message.err.contains("mom") && !message.err.contains("later"), "\(message.err)")
        let shown = try Harness.run(rules + ["-v"], stdin: "from mom,text me later\nx,y\n")
        #expect(shown.status == 2 && shown.err.contains("(its columns: from mom,text me later); to read them: --field 'sender=from mom' --field 'body=text me later'"),
                "\(shown.err)")
        // A file without a header row: its first message is not quoted.
        for input in ["+15551234567,hello there\n2,x\n", "+15551234567,hello there\n"] {
            let headless = try Harness.run(rules, stdin: input)
            #expect(headless.status == 2 && headless.out.isEmpty)
            #expect(headless.err.contains("does not look like a header (-v shows it)") && !headless.err.contains("hello"), "\(headless.err)")
        }
        // With --field, the names looked for are the renamed ones.
        let other = try Harness.run(["classify", "--no-db", "--field", "sender=from", "--field", "body=text"], stdin: "sender,body\nx,y\n")
        #expect(other.status == 2 && other.err.contains("names neither \"from\" nor \"text\""), "\(other.err)")
        // A header naming one of the two is read (the missing one is counted at the end).
        let one = try Harness.run(rules, stdin: "sender,x\n1,2\n")
        #expect(one.status == 0 && one.objects.count == 1 && one.err.contains("no \"body\" field"), "\(one.err)")
        // A second input with such a header stops the run there, after the first's records.
        let good = try Harness.temp(Data("sender,body\n+15551234567,a\n".utf8), suffix: ".csv")
        let bad = try Harness.temp(Data("a,b\n1,2\n".utf8), suffix: ".csv")
        let both = try Harness.run(rules + [good, bad])
        #expect(both.status == 2 && both.objects.count == 1 && both.err.contains("\(bad):1: the CSV header names neither"), "\(both.err)")
    }

    /// `-v` names a file's header cells: escaped, so that a cell cannot drive the terminal
    /// (found by a privacy audit).
    @Test func headerCellsShownWithVerboseHaveControlCharactersEscaped() throws {
        let one = try Harness.run(["classify", "--no-db", "-v"], stdin: "x\u{1B}[31mRED\u{9B}1m\u{202E};y\n1;2\n")
        #expect(one.status == 1 && one.err.contains(#"one column "x\u{1b}[31mRED\u{9b}1m\u{202e};y""#), "\(one.err)")
        #expect(!one.err.unicodeScalars.contains { [0x1B, 0x9B, 0x202E].contains($0.value) }, "\(one.err)")
        let good = try Harness.temp(Data("sender,body\n1,2\n".utf8), suffix: ".csv")
        let other = try Harness.temp(Data("a\u{7},b\n1,2\n".utf8), suffix: ".csv")
        let two = try Harness.run(["classify", "--no-db", "-v", "--annotate", "--output", "csv", good, other])
        #expect(two.err.contains(#"its columns (a\u{7},b) differ"#) && !two.err.contains("\u{7}"), "\(two.err)")
    }

    /// An iPhone message kept only in attributedBody comes out of sqlite3 as an empty cell:
    /// judged by its sender alone, and counted on stderr (a null or missing body is counted apart).
    @Test func emptyBodiesAreCountedOnStderr() throws {
        let r = try Harness.run(["classify", "--no-db", "--rule", "links"], stdin: "id,sender,body\n1,ACME,hi\n2,ACME,\n3,Bank,\"\"\n")
        #expect(r.status == 0 && r.objects.count == 3)
        #expect(r.err == "msgsift: 2 of 3 records have an empty \"body\": judged by their sender alone (the first is record 2, <stdin>:3)\n", "\(r.err)")
        let ndjson = try Harness.run(["classify", "--no-db", "--rule", "links"], stdin: "{\"sender\":\"a\",\"body\":null}\n{\"sender\":\"a\"}\n")
        #expect(!ndjson.err.contains("have an empty"), "\(ndjson.err)")
    }
}
