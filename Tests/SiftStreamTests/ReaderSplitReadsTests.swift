// The reader's verdict on an input's first bytes does not depend on how reads cut them:
// a pipe may hand over a few bytes at a time. Each input is read in reads of 1 to 9 bytes
// and in one read; the failure must be the one worked out by hand from the bytes.
import Foundation
import Testing
@testable import SiftInput
import TestSupport

/// The failure reading `input` from a file in reads of `chunkSize` bytes, and how many records were read.
private func read(_ input: [UInt8], chunkSize: Int, maxRecordBytes: Int = 1 << 20) throws -> (failure: String?, records: Int) {
    let url = Scratch.folder.appendingPathComponent("msgsift-split-\(UUID().uuidString)")
    try Data(input).write(to: url)
    defer { try? FileManager.default.removeItem(at: url) }
    var records = 0
    var options = StreamOptions()
    options.maxRecordBytes = maxRecordBytes
    let reader = RecordReader(options: options, chunkSize: chunkSize) { batch in
        records += batch.records.count
        return true
    }
    // The file's name (new for each read) said as FILE, so failures compare.
    // The problem, its data spelled out (the CLI words it).
    do { try reader.read(.file(url.path)) } catch {
        let said = "\(error.problem)"
        return (said.replacingOccurrences(of: url.path, with: "FILE"), records)
    }
    return (nil, records)
}

/// The records of `input` read from a file in reads of `chunkSize` bytes: each as
/// `(tooLong, rawCut, bytes)`, and the failure, if any.
private func records(_ input: [UInt8], chunkSize: Int, maxRecordBytes: Int) throws
    -> (records: [(tooLong: Bool, rawCut: Bool, text: String)], failed: Bool) {
    let url = Scratch.folder.appendingPathComponent("msgsift-split-\(UUID().uuidString)")
    try Data(input).write(to: url)
    defer { try? FileManager.default.removeItem(at: url) }
    var options = StreamOptions()
    options.maxRecordBytes = maxRecordBytes
    var out: [(tooLong: Bool, rawCut: Bool, text: String)] = []
    let reader = RecordReader(options: options, chunkSize: chunkSize) { batch in
        for r in batch.records {
            out.append((r.tooLong, r.rawCut, String(decoding: batch.data[r.start..<r.end], as: UTF8.self)))
        }
        return true
    }
    do { try reader.read(.file(url.path)) } catch { return (out, true) }
    return (out, false)
}

@Suite("Reader: inputs read a few bytes at a time")
struct ReaderSplitReadsTests {
    @Test("UTF-16 and UTF-32 are named the same however reads cut the first 8 bytes", arguments: [
        // `i{` in UTF-32LE, no BOM: 69 00 00 00 7B 00 00 00 (5 bytes had read as a broken CSV header).
        (Array("i\0\0\0{\0\0\0".utf8), "bits: 32, encoding: \"UTF-32LE\""),
        (Array("\0\0\0i\0\0\0d\0\0\0,".utf8), "bits: 32, encoding: \"UTF-32BE\""),
        // The UTF-32LE BOM starts as UTF-16LE's (FF FE): two bytes had named UTF-16.
        ([0xFF, 0xFE, 0, 0] + Array("i\0\0\0d\0\0\0".utf8), "bits: 32, encoding: \"UTF-32\""),
        ([0xFF, 0xFE] + Array("i\0d\0".utf8), "bits: 16, encoding: \"UTF-16\""),
        (Array("i\0d\0,\0".utf8), "bits: 16, encoding: \"UTF-16LE\""),
    ] as [([UInt8], String)])
    func wideTextIsNamedWhateverTheReads(_ input: [UInt8], _ expected: String) throws {
        for chunkSize in [1, 2, 3, 4, 5, 7, 9, 1 << 20] {
            let r = try read(input, chunkSize: chunkSize)
            #expect(r.failure?.contains(expected) == true, "reads of \(chunkSize): \(r.failure ?? "no failure")")
            #expect(r.records == 0)
        }
    }

    @Test func bytesAfterBlankLinesAreNotTakenForUTF16() throws {
        // Newlines are one byte each: this is no UTF-16, though `d\0a\0` after them looks like
        // it. Read whole, the first bytes are the newlines; a read that ended among them had
        // looked at `d\0a\0` alone and named UTF-16. Whatever the verdict, it is the same.
        let input = Array("\n\n\n\n\nd\0a\0,\0b\n".utf8)
        let whole = try read(input, chunkSize: 1 << 20)
        #expect(whole.failure?.contains("wideText") != true, "\(whole.failure ?? "")")
        for chunkSize in [1, 2, 3, 5, 6, 7] {
            let r = try read(input, chunkSize: chunkSize)
            #expect(r.failure == whole.failure && r.records == whole.records, "reads of \(chunkSize): \(r) vs \(whole)")
        }
    }

    /// Long blank lines before the first record, the last without its end in most reads:
    /// dropped and counted whatever the reads (the search for their end goes on from where
    /// the last read's stopped).
    @Test(arguments: [
        ("id,body\n1,hello\n", "1,hello"),
        ("{\"body\":\"hello\"}\n", "{\"body\":\"hello\"}"),
    ])
    func longBlankLinesBeforeTheFirstRecordAreDroppedWhateverTheReads(_ rest: String, _ record: String) throws {
        let input = Array(("\n" + String(repeating: " ", count: 3000) + "\n" + String(repeating: " \t", count: 700) + rest).utf8)
        for chunkSize in [1, 2, 7, 64, 1000, 1 << 20] {
            let url = Scratch.folder.appendingPathComponent("msgsift-split-\(UUID().uuidString)")
            try Data(input).write(to: url)
            defer { try? FileManager.default.removeItem(at: url) }
            var seen: [(line: Int, text: String)] = []
            let reader = RecordReader(options: StreamOptions(), chunkSize: chunkSize) { batch in
                for r in batch.records { seen.append((r.line, String(decoding: batch.data[r.start..<r.end], as: UTF8.self))) }
                return true
            }
            try reader.read(.file(url.path))
            // Line 1 is empty, 2 spaces, 3 the header (after its blank space) or the record.
            let line = rest.hasPrefix("id") ? 4 : 3
            #expect(seen.count == 1 && seen.first?.line == line && seen.first?.text.hasSuffix(record) == true,
                    "reads of \(chunkSize): \(seen)")
        }
    }

    @Test func aCSVHeaderLongerThanTheLimitIsRefusedWhateverTheReads() throws {
        // A header of 1,500 bytes (300 columns `c100,`…) under --max-record-bytes 100: past
        // the 1,024 bytes an error record keeps, so refused, in one read or many. Cut across
        // reads it had been skipped as an over-long record and the row after it taken for
        // the header (here: 1 record, `x`, read under the header `y`).
        let header = (100..<400).map { "c\($0)" }.joined(separator: ",")
        #expect(header.utf8.count == 1_499)
        let input = Array((header + "\ny\nx\n").utf8)
        for chunkSize in [7, 300, 1 << 20] {
            let r = try read(input, chunkSize: chunkSize, maxRecordBytes: 100)
            #expect(r.failure == #"csvHeaderTooLong(source: "FILE", line: 1, limit: 1024)"#
                    && r.records == 0, "reads of \(chunkSize): \(r)")
        }
        // Within the limit it is read.
        #expect(try read(input, chunkSize: 7, maxRecordBytes: 2_000).failure?.contains("csvHeaderTooLong") != true)
    }

    @Test("a short NDJSON record is read whole in reads of any size")
    func shortRecordsAreRead() throws {
        // No NUL and no FF/FE first: nothing waits for 8 bytes. 2 records, no failure.
        for chunkSize in [1, 2, 3, 7, 1 << 20] {
            let r = try read(Array("{}\n{}\n".utf8), chunkSize: chunkSize)
            #expect(r.failure == nil && r.records == 2, "reads of \(chunkSize): \(r)")
        }
    }

    /// A stray quote's field that runs past 1,024 bytes (what an error record keeps), so
    /// that reads of a few bytes skip it while it streams by, and "closes" at a quote
    /// inside a later row's unquoted field (`say "hi" ok`). The closing line holds an even
    /// number of quotes, which no real field's last line does: the stray costs its own
    /// line only, and the rows after it are records, as when the whole record is in one
    /// read. Read in small reads, the skipped record had been one over-long error record
    /// (its first 1,024 bytes) and the 30 rows in it lost. With an odd number of quotes on
    /// that line (`say "hi ok`), the field is taken as real: one over-long record.
    @Test func aStrayQuoteClosedInALaterRowCostsOnlyItsLineWhateverTheReads() throws {
        let rows = (10..<40).map { "\($0),b,plain text of row \($0), long enough to add up" }
        #expect(rows.joined(separator: "\n").utf8.count > 1_024)
        for (closing, expected) in [
            (#"2,b,say "hi" ok"#, ["1,a,\"x"] + rows + [#"2,b,say "hi" ok"#, "3,c,d"]),
            // Quotes pile up on the closing line: `""` pairs inside the field, then a close.
            (#"2,b,""said"" "hi" ok "x""#, ["1,a,\"x"] + rows + [#"2,b,""said"" "hi" ok "x""#, "3,c,d"]),
            (#"2,b,say "hi ok"#, nil),
        ] as [(String, [String]?)] {
            let input = Array((["id,sender,body", "1,a,\"x"] + rows + [closing, "3,c,d", ""]).joined(separator: "\n").utf8)
            let whole = try records(input, chunkSize: 1 << 20, maxRecordBytes: 64)
            #expect(!whole.failed)
            if let expected {
                #expect(whole.records.map(\.text) == expected, "\(closing)")
                #expect(whole.records.allSatisfy { !$0.tooLong })
            } else {
                // One over-long record (its first 1,024 bytes, cut), then the last row.
                #expect(whole.records.map(\.tooLong) == [true, false] && whole.records.map(\.rawCut) == [true, false], "\(closing)")
                #expect(whole.records.first?.text.utf8.count == 1_024 && whole.records.last?.text == "3,c,d")
            }
            for chunkSize in [1, 2, 3, 7, 19, 64, 100, 256] {
                let r = try records(input, chunkSize: chunkSize, maxRecordBytes: 64)
                #expect(!r.failed)
                #expect(r.records.map(\.text) == whole.records.map(\.text)
                        && r.records.map(\.tooLong) == whole.records.map(\.tooLong)
                        && r.records.map(\.rawCut) == whole.records.map(\.rawCut),
                        "\(closing), reads of \(chunkSize): \(r.records.count) records, \(r.records.first.map { "\($0)" } ?? "")")
            }
        }
    }

    /// The same stray quote closed on the input's last line, with no line break after it:
    /// the record ends with the input, and that line's two quotes cut it at its first line
    /// as a line break would. A read that held the whole input had skipped the record to
    /// its last byte, and its end (no bytes left for a last record) reported it whole.
    @Test func aStrayQuoteClosedOnTheLastLineCostsOnlyItsLineWhateverTheReads() throws {
        let rows = (10..<40).map { "\($0),b,plain text of row \($0), long enough to add up" }
        let input = Array((["id,sender,body", "1,a,\"x"] + rows + [#"2,b,say "hi" ok"#]).joined(separator: "\n").utf8)
        let expected = ["1,a,\"x"] + rows + [#"2,b,say "hi" ok"#]
        for chunkSize in [1, 2, 3, 7, 19, 64, 100, 256, 1 << 20] {
            let r = try records(input, chunkSize: chunkSize, maxRecordBytes: 64)
            #expect(!r.failed && r.records.map(\.text) == expected && r.records.allSatisfy { !$0.tooLong },
                    "reads of \(chunkSize): failed \(r.failed), \(r.records.count) records")
        }
    }

    /// A quote that opens a field on a long line and never closes, its first line break
    /// in the input's last few bytes: the line is the (over-long) record, and the blank
    /// lines after it are read again, whatever the reads. Where that line break came in
    /// the last read, the place to read again from was not noted, and the file was said to
    /// end inside a quote (`unclosedQuote`, exit 1).
    @Test func anUnclosedQuoteWhoseFirstLineBreakIsInTheLastReadIsReadAgain() throws {
        let long = "10,b," + String(repeating: "w", count: 1_100) + #",13,"lon"#
        let input = Array(["id,sender,body", long, "", "", ""].joined(separator: "\n").utf8)
        // Worked out by hand: `"lon` opens a field that runs to the end of the input (a
        // stray quote's): the long line alone is the record, cut to its first 1,024 bytes;
        // the blank lines after it are no records.
        for chunkSize in [1, 7, 19, 64, 100, 256, 1 << 20] {
            let r = try records(input, chunkSize: chunkSize, maxRecordBytes: 64)
            #expect(!r.failed && r.records.map(\.text) == [String(long.prefix(1_024))] && r.records.map(\.tooLong) == [true],
                    "reads of \(chunkSize): failed \(r.failed), \(r.records.count) records")
        }
    }

    /// A stray close on a record's only line (`,"y…` closed by `,"lo`): no field runs over
    /// a line, so it is one over-long record, however reads cut it. Read in small reads the
    /// close had been taken for a stray quote's at once, and the file said to have lost
    /// the lines after a first line break that was not there yet (`strayQuoteLost`).
    @Test func aStrayCloseOnARecordsOnlyLineIsOneOverLongRecord() throws {
        let long = "10,b," + String(repeating: "w", count: 400) + #","y"# + String(repeating: "v", count: 700) + #",13,"lo"#
        let input = Array(["id,sender,body", long, "", ""].joined(separator: "\n").utf8)
        for chunkSize in [1, 7, 18, 64, 100, 256, 1 << 20] {
            let r = try records(input, chunkSize: chunkSize, maxRecordBytes: 64)
            #expect(!r.failed && r.records.map(\.text) == [String(long.prefix(1_024))] && r.records.map(\.tooLong) == [true],
                    "reads of \(chunkSize): failed \(r.failed), \(r.records.count) records")
        }
    }

    /// A quote inside an unquoted field (`…w"body":…`, text) at the first byte after a
    /// part of an over-long record the reader dropped while skipping it: it opens no field,
    /// as anywhere but at a field's start. The splitter had taken the byte after a dropped
    /// part for a record's start, opened a field there, and so ended the record a line
    /// early (where reads fell so).
    @Test func aQuoteAfterADroppedPartOpensNoField() throws {
        let line = String(repeating: "w", count: 773) + #""sender":"# + String(repeating: "w", count: 235) + #""body":"#
            + String(repeating: "w", count: 332) + #",c,"zz"#
        let input = Array(["id,sender,body", #"1,a,"x"#, "2,b,y", line, #""q now"""#, #"tail 0""#].joined(separator: "\n").utf8)
        // Worked out by hand: `"x` runs to the quote before `sender`, closed there with text
        // after it, on a line of 5 quotes (odd: a real field's last line may be so), so the
        // record is not cut; out of quotes, `,"zz` opens a field that the next line's first
        // quote closes; the record ends at that line's end. One over-long record (its first
        // 1,024 bytes), then `tail 0"`.
        let first = String(decoding: input[15..<(15 + 1_024)], as: UTF8.self)
        for chunkSize in Array(1...80) + [100, 128, 256, 1 << 20] {
            let r = try records(input, chunkSize: chunkSize, maxRecordBytes: 64)
            #expect(!r.failed && r.records.map(\.text) == [first, #"tail 0""#] && r.records.map(\.tooLong) == [true, false],
                    "reads of \(chunkSize): failed \(r.failed), \(r.records.map { $0.text.prefix(12) })")
        }
    }

    /// A stray close on a long first line (`,"y…` closed by `,"y`), where a later quote
    /// opens a field that runs past the line break: a record over several lines, cut at
    /// its first line as `runawayLineBreak` cuts it, whatever the reads. When the close
    /// came before the first line's end was read, the record had been taken for one with
    /// another problem, and the line after it lost in it.
    @Test func aStrayCloseBeforeTheFirstLineBreakIsReadIsAStrayQuotes() throws {
        let first = #"10,b,"y"# + String(repeating: "w", count: 300) + #","y"# + String(repeating: "w", count: 800) + #","q"#
        let input = Array([ "id,sender,body", first, #"end""#, "3,c,d", ""].joined(separator: "\n").utf8)
        // Worked out by hand: the field `"y…` closes at the second `"y` after a comma with
        // text after it (a stray close); `,"q` opens a field that the next line closes: the
        // record spans two lines, so its first line is the record (over the limit: its
        // first 1,024 bytes) and `end"` (a quote inside an unquoted field) and `3,c,d` follow.
        for chunkSize in [1, 7, 19, 64, 100, 256, 1 << 20] {
            let r = try records(input, chunkSize: chunkSize, maxRecordBytes: 64)
            #expect(!r.failed && r.records.map(\.text) == [String(first.prefix(1_024)), #"end""#, "3,c,d"]
                    && r.records.map(\.tooLong) == [true, false, false],
                    "reads of \(chunkSize): failed \(r.failed), \(r.records.map { $0.text.prefix(12) })")
        }
    }

    /// A stray quote found in the same read as the skipped record's first line break
    /// (`…,c,"zz` then `"q now""` on the next line: the quote at that line's start closes
    /// the field and text follows). A file is read again from the line after the record's
    /// first line, wherever reads cut it; where the line break and the stray quote came in
    /// one read, the place to read again from was not noted yet, and the file was said to
    /// have lost its lines (`strayQuoteLost`, as a pipe past 8 MiB would).
    @Test func aStrayQuoteInTheReadOfTheFirstLineBreakIsReadAgain() throws {
        let long = String(repeating: "w", count: 1_040) + #",c,"zz"#
        let input = Array(["id,sender,body", #"1,a,"x"#, "2,b,y", long, #""q now"""#, #"tail""#].joined(separator: "\n").utf8)
        // Worked out by hand: `"x` runs to the quote before `zz`, which closes it after a
        // comma (a stray close): its first line is a record and the lines after are read
        // again; the long line's `"zz` runs to the next line's first quote, closed after a
        // line break with text after it: the long line alone is a record (over the limit,
        // its first 1,024 bytes); the last two lines are one quoted field.
        let expected = [#"1,a,"x"#, "2,b,y", String(long.prefix(1_024)), "\"q now\"\"\ntail\""]
        let whole = try records(input, chunkSize: 1 << 20, maxRecordBytes: 64)
        #expect(!whole.failed && whole.records.map(\.text) == expected)
        #expect(whole.records.map(\.tooLong) == [false, false, true, false])
        for chunkSize in [1, 2, 3, 5, 7, 13, 17, 19, 64, 100, 256] {
            let r = try records(input, chunkSize: chunkSize, maxRecordBytes: 64)
            #expect(!r.failed && r.records.map(\.text) == expected && r.records.map(\.tooLong) == [false, false, true, false],
                    "reads of \(chunkSize): failed \(r.failed), \(r.records.count) records")
        }
    }

    /// A stray close past an over-long record's first line with a lone CR after it (a quote
    /// at a line's start, then CR, then text): text after a close, so a stray quote's, and
    /// the record is cut at its first line however reads cut it. Where a read ended just
    /// after that CR, the close had been taken for one before a CRLF (a proper close), and
    /// the record read as one over-long record with the line after it lost in it.
    @Test func aCloseBeforeALoneCRIsAStrayQuotesWhateverTheReads() throws {
        let long = "1,a,\"" + String(repeating: "w", count: 1_100)
        let input = Array(["id,sender,body", long, "\"\rzz\"", "9,z,end", ""].joined(separator: "\n").utf8)
        // Worked out by hand: `"w…` runs past the line end; the quote that starts the next
        // line closes it, and a CR that starts no CRLF follows: a stray close. The long line
        // alone is the record (over the limit: its first 1,024 bytes); read again from the
        // next line, `"\rzz"` is one quoted field closed before the line end (a record,
        // though with one field), and `9,z,end` follows.
        let expected = [String(long.prefix(1_024)), "\"\rzz\"", "9,z,end"]
        for chunkSize in Array(1...80) + [100, 128, 256, 1_000, 1_123, 1 << 20] {
            let r = try records(input, chunkSize: chunkSize, maxRecordBytes: 64)
            #expect(!r.failed && r.records.map(\.text) == expected && r.records.map(\.tooLong) == [true, false, false],
                    "reads of \(chunkSize): failed \(r.failed), \(r.records.map { $0.text.prefix(12) })")
        }
    }

    /// A record whose line ends in CRLF, its text exactly as long as a limit (the 1,024
    /// bytes an error record keeps, or --max-record-bytes above that), where a read ends
    /// between the CR and the LF. The CR is the line end's, not the record's: the record
    /// is as long as its text, in one read or in reads cut anywhere. Where a read had
    /// ended on that CR, the record was taken for one longer than the limit: with the
    /// text 1,024 bytes, an over-long record whose bytes were cut (`rawCut`, though all
    /// 1,024 were kept); with the text --max-record-bytes long, an over-long record at
    /// all (an error record, where one read judges it).
    @Test(arguments: [
        // text bytes, --max-record-bytes, too long (over the limit)?
        (1_024, 64, true),
        (2_048, 2_048, false),
    ])
    func aCRLFRecordAsLongAsALimitIsThatLongWhateverTheReads(_ length: Int, _ limit: Int, _ tooLong: Bool) throws {
        let csvText = "1,a," + String(repeating: "w", count: length - 4)
        let jsonText = "{\"body\":\"" + String(repeating: "w", count: length - 11) + "\"}"
        #expect(csvText.utf8.count == length && jsonText.utf8.count == length)
        // CSV: a header of 16 bytes with its CRLF, the record, CRLF, a short record.
        // NDJSON: a short line first (its shape is read from it), then the record.
        let inputs = [
            ("id,sender,body\r\n" + csvText + "\r\n2,b,ok\r\n", [csvText, "2,b,ok"]),
            ("{\"body\":\"a\"}\r\n" + jsonText + "\r\n{\"body\":\"ok\"}\r\n", ["{\"body\":\"a\"}", jsonText, "{\"body\":\"ok\"}"]),
        ]
        for (text, lines) in inputs {
            let input = Array(text.utf8)
            // Reads that end just after the CR: every read size that divides the bytes up to it.
            let throughCR = input[20...].firstIndex(of: 0x0D)! + 1
            let cutting = (1...throughCR).filter { throughCR % $0 == 0 }
            // Worked out by hand: the long record is `length` bytes, all of them kept (they are
            // at most 1,024, or it is not over the limit), so never cut; over the limit only when
            // `length` is more than `limit`. The short records are what they say.
            let expected = lines.map { line in (tooLong: line.utf8.count == length && tooLong, rawCut: false, text: line) }
            for chunkSize in cutting + [2, 64, 1_000, 1 << 20] {
                let r = try records(input, chunkSize: chunkSize, maxRecordBytes: limit)
                #expect(!r.failed && r.records.map(\.text) == expected.map(\.text)
                        && r.records.map(\.tooLong) == expected.map(\.tooLong) && r.records.map(\.rawCut) == expected.map(\.rawCut),
                        "reads of \(chunkSize): failed \(r.failed), \(r.records.map { ($0.tooLong, $0.rawCut, $0.text.utf8.count) })")
            }
        }
    }

    /// The stray-quote verdict on an over-long record read part by part (`StrayScan`) is
    /// the one on the record read whole, wherever the parts are cut, and the one
    /// `runawayLineBreak` gives the whole record: here, cut in two at every byte, records
    /// whose deciding quote is followed by `"`, CR, CRLF or text. A cut between the two
    /// quotes of a `""` had closed the field there, and a cut after a close and a CR had
    /// taken the CR for a CRLF's.
    @Test(arguments: [
        // A quote after a line break closes the field, a lone CR follows: a stray close.
        ("1,a,\"x\n\"\rzz\"", true),
        // The same quote before a CRLF at the record's end: a proper close, a real field.
        ("1,a,\"x\n\"", false),
        // `""` inside the field, which runs on to the end: never closed past the first line.
        ("1,a,\"x\n\"\",z", true),
        // `""` inside the field, then a proper close at the end: a real field.
        ("1,a,\"x\ny\"\"z\n\"", false),
        // Closed after text on a later line, then a lone CR: that line holds one quote (odd),
        // so the field may be a real one: no stray.
        ("1,a,\"x\nq\"\r,b", false),
        // Closed the same way on a line of two quotes (even): a stray quote's.
        ("1,a,\"x\nq\"\r,\"b", true),
        // A stray close on the first line (`"y,` closed by the quote after its comma, a lone
        // CR after that), then a line break.
        ("1,a,\"y,\"\rq\nz", true),
    ] as [(String, Bool)])
    func theStrayVerdictDoesNotDependOnWhereTheRecordIsCut(_ text: String, _ stray: Bool) {
        let record = Array(text.utf8)
        record.withUnsafeBufferPointer { b in
            #expect((CSVRecord.runawayLineBreak(b) != nil) == stray, "runawayLineBreak")
            var whole = RecordReader.StrayScan(delimiter: 0x2C)
            #expect(whole.finish(b, 0..<b.count) == stray, "in one part")
            for cut in 1..<b.count {
                var scan = RecordReader.StrayScan(delimiter: 0x2C)
                let verdict = scan.scan(b, 0..<cut) ?? scan.finish(b, cut..<b.count)
                #expect(verdict == stray, "cut at \(cut)")
            }
        }
    }
}
