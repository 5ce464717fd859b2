// A stray CSV quote costs only its own line, wherever reads fall: within one
// read, past --max-record-bytes, across the reader's 1 MiB reads, from a file
// (read again from disk) or a pipe (read again from what it kept), end to end.
import Foundation
import Testing

@Suite("Stray CSV quotes, end to end")
struct StrayQuoteTests {
    let rules = ["--no-db", "--rule", "links"]

    /// A stray quote opening a field ran over the lines after it, taking their records
    /// into one error record (or, at the end of the input, into nothing). Only its
    /// first line is the bad record; the lines after it are records again.
    @Test(arguments: ["\n", "\r\n"])
    func strayQuotesCostOnlyTheirOwnLine(_ eol: String) throws {
        let csv = ["id,sender,body", "1,+1,\"Hi", "2,+1,b", "3,+1,\"c", "4,+1,d", "5,+1,\"ok\"", ""].joined(separator: eol)
        for jobs in ["1", "2"] {
            let r = try Harness.run(["classify", "--jobs", jobs] + rules, stdin: csv)
            #expect(r.status == 1)
            let o = r.objects
            #expect(o.map { $0["record"] as? Int } == [1, 2, 3, 4, 5])
            #expect(o.map { $0["id"] as? String } == [nil, "2", nil, "4", "5"])
            #expect(o[0]["error"] as? String == "<stdin>:2: bad CSV: unterminated quoted field (byte 5)")
            #expect(o[0]["raw"] as? String == "1,+1,\"Hi")
            #expect(o[2]["error"] as? String == "<stdin>:4: bad CSV: unterminated quoted field (byte 5)")
        }
    }

    /// A quoted field that does close over several lines is one record, as before; so is
    /// one followed by a small mistake (a space after its closing quote): cutting it at its
    /// first line would make its other lines records of their own.
    @Test func aQuotedFieldOverSeveralLinesIsStillOneRecord() throws {
        let r = try Harness.run(["classify"] + rules, stdin: "id,body\n1,\"two\nlines, www.x.com\"\n2,b\n")
        #expect(r.objects.map { $0["id"] as? String } == ["1", "2"])
        #expect(r.objects.map { $0["action"] as? String } == ["junk", "allow"])
        let spaced = try Harness.run(["classify"] + rules, stdin: "id,sender,body\n7,+1,\"Hi\nbring eggs, milk, bread\" \n8,+1,ok\n")
        #expect(spaced.objects.map { $0["record"] as? Int } == [1, 2])
        #expect(spaced.objects[0]["error"] as? String == "<stdin>:2: bad CSV: unexpected character after closing quote (byte 33)")
        #expect(spaced.objects[1]["id"] as? String == "8")
    }

    /// A line bad by itself (text after a closed quote) that then opens a field with a
    /// stray quote: the field ran over the lines after it, and the line's first problem,
    /// not being a stray quote's, made the whole span one error record (three records
    /// lost, exit 0). The line is the error; the lines after it are records again, from
    /// a file and a pipe, at the default limit and a small one, whether the stray field
    /// runs to the end or "closes" on a later line.
    @Test func aBadLineThatAlsoOpensAFieldCostsOnlyItself() throws {
        for tail in ["", "5,\"+1\",quoted\n6,+1,last\n"] {
            var csv = "id,sender,body\n1,+1,\"Hi\" there,\"Johnny\n2,+1,line two\n3,+1,line three\n4,+1,www.x.com\n" + tail
            for k in 7...60 { csv += "\(k),+1,after \(k)\n" }
            let ids = ["2", "3", "4"] + (tail.isEmpty ? [] : ["5", "6"]) + (7...60).map { String($0) }
            let file = try Harness.temp(Data(csv.utf8), suffix: ".csv")
            for limit in [[], ["--max-record-bytes", "100"]] {
                let r = try Harness.run(["classify"] + limit + rules + [file])
                #expect(r.status == 1)
                #expect(r.objects.count == ids.count + 1)
                #expect(r.objects.first?["error"] as? String == "\(file):2: bad CSV: unexpected character after closing quote (byte 9)")
                #expect(r.objects.first?["raw"] as? String == "1,+1,\"Hi\" there,\"Johnny")
                #expect(r.objects.dropFirst().map { $0["id"] as? String } == ids)
                #expect(r.objects[3]["action"] as? String == "junk")
                let piped = try Harness.run(["classify"] + limit + rules, stdin: csv)
                #expect(piped.out == r.out.replacingOccurrences(of: file, with: "<stdin>"))
            }
        }
    }

    /// A first line with a small mistake (`"Bank" x`) before a real quoted field over several
    /// lines that closes properly: one error record, as before the cut above (a review found
    /// the field's second line made a record of its own, `Pay now`, with a verdict).
    @Test func aMistakeBeforeARealMultiLineFieldIsOneErrorRecord() throws {
        let csv = "id,sender,body\n1,\"Bank\" x,\"Dear customer,\nPay now, visit, bit.ly/x\"\n2,+1,ok\n"
        let file = try Harness.temp(Data(csv.utf8), suffix: ".csv")
        for limit in [[], ["--max-record-bytes", "40"]] {
            let r = try Harness.run(["classify"] + limit + rules + [file])
            #expect(r.status == 1)
            #expect(r.objects.map { $0["record"] as? Int } == [1, 2], "\(r.out)")
            #expect(r.objects.first?["error"] != nil)
            #expect(r.objects.last?["id"] as? String == "2")
        }
    }

    /// A stray quote whose field "closes" at a quote inside a later row's unquoted field
    /// (`say "hi" ok`) or at the first of three quotes (a body that starts with a quote,
    /// written right): the closing line holds an even number of quotes, which no real
    /// field's last line does, so the stray costs only its own line. Every row up to such
    /// a quote was one error record (501 of them in a probe's file), exit 0.
    @Test(arguments: [#"2,b,say "hi" ok"#, #"2,b,"""Hi"" she said""#])
    func aStrayQuoteClosedInsideALaterRowCostsOnlyItsLine(_ row: String) throws {
        var csv = "id,sender,body\n1,a,\"x\n"
        for k in 10..<60 { csv += "\(k),b,plain \(k)\n" }
        csv += row + "\n3,c,d\n"
        let file = try Harness.temp(Data(csv.utf8), suffix: ".csv")
        for limit in [[], ["--max-record-bytes", "200"]] {
            let r = try Harness.run(["classify"] + limit + rules + [file])
            #expect(r.status == 1)
            #expect(r.objects.first?["error"] as? String == "\(file):2: bad CSV: unterminated quoted field (byte 4)")
            #expect(r.objects.dropFirst().map { $0["id"] as? String } == (10..<60).map { String($0) } + ["2", "3"], "\(limit)")
            let piped = try Harness.run(["classify"] + limit + rules, stdin: csv)
            #expect(piped.out == r.out.replacingOccurrences(of: file, with: "<stdin>"))
        }
    }

    /// An unclosed quote past --max-record-bytes: a file is read again from the line
    /// after the bad one, so every later record has its verdict; from a pipe the lines
    /// are gone, and the run says so and exits 1.
    @Test func anUnclosedQuotePastTheLimitLosesNoRecordOfAFile() throws {
        var csv = "id,sender,body\n1,+1,ok\n2,+1,\"Hi there\n"
        for i in 3...60 { csv += "\(i),+1,body \(String(repeating: "y", count: 40)) \(i)\n" }
        let file = try Harness.temp(Data(csv.utf8), suffix: ".csv")
        let r = try Harness.run(["classify", "--max-record-bytes", "100"] + rules + [file])
        #expect(r.status == 1)
        #expect(r.objects.map { $0["record"] as? Int } == Array(1...60))
        #expect(r.objects[1]["error"] != nil)
        #expect(r.objects.dropFirst(2).map { $0["id"] as? String } == (3...60).map { String($0) })

        // The same with the unclosed record's first line (200 bytes) across the reader's
        // 1 MiB reads: its line break is only in the next read.
        var long = "id,sender,body\n"
        var n = 0
        while long.utf8.count < (1 << 20) - 160 { n += 1; long += "\(n),+1,filler \(n)\n" }
        long += "\(n + 1),+1,\"" + String(repeating: "z", count: 200) + "\n"
        for k in (n + 2)...(n + 40) { long += "\(k),+1,after \(k)\n" }
        let longFile = try Harness.temp(Data(long.utf8), suffix: ".csv")
        let across = try Harness.run(["classify", "--max-record-bytes", "100"] + rules + [longFile])
        #expect(across.status == 1)
        #expect(across.objects.count == n + 40)
        #expect(across.objects.last?["id"] as? String == String(n + 40))

        // From a pipe, what was skipped is kept (up to 8 MiB) and read again from memory.
        let piped = try Harness.run(["classify", "--max-record-bytes", "100"] + rules, stdin: csv)
        #expect(piped.status == 1)
        #expect(piped.out == r.out.replacingOccurrences(of: file, with: "<stdin>"))
    }

    /// Past the 8 MiB a pipe keeps of a skipped record, the lines a quote never closed
    /// swallowed are gone: the run says so and exits 1 (a file is still read again).
    @Test func aQuoteSwallowingMoreThanAPipeKeepsFailsTheRun() throws {
        var csv = "id,sender,body\n1,+1,ok\n2,+1,\"Hi there\n"
        let line = "3,+1," + String(repeating: "y", count: 90) + "\n"
        csv += String(repeating: line, count: (9 << 20) / line.utf8.count)
        let piped = try Harness.run(["classify", "--max-record-bytes", "100"] + rules, stdin: csv)
        #expect(piped.status == 1)
        #expect(piped.objects.count == 2)
        #expect(piped.err.contains("<stdin>:3: a quoted field opened in this record is never closed"))
    }

    /// The same, for a stray quote whose field "closes" (`,"y"`) past those 8 MiB: the lines
    /// it swallowed are gone, said, exit 1; the lines after the one that closed it are still
    /// records (they were lost with the rest of the input).
    @Test func aStrayQuoteSwallowingMoreThanAPipeKeepsLosesOnlyWhatItSwallowed() throws {
        var csv = "id,sender,body\n1,+1,ok\n2,+1,\"stray\n"
        let line = "3,+1," + String(repeating: "y", count: 90) + "\n"
        csv += String(repeating: line, count: (9 << 20) / line.utf8.count)
        csv += "4,+1,\"y\"\n5,+1,www.after.com\n6,+1,after\n"
        let piped = try Harness.run(["classify", "--max-record-bytes", "100", "--stats"] + rules, stdin: csv)
        #expect(piped.status == 1)
        #expect(piped.err.contains("<stdin>:3: a stray quote in this record opened a field that ran on past --max-record-bytes"))
        #expect(piped.err.contains("inputs read in part (lines lost): 1") && !piped.err.contains("inputs not read"))
        let o = piped.objects
        #expect(o.count == 4)
        #expect(o.map { $0["id"] as? String } == ["1", nil, "5", "6"])
        #expect(o.count == 4 && o[1]["error"] as? String == "<stdin>:3: bad CSV: unterminated quoted field (byte 5)")
        #expect(o.count == 4 && o[2]["reason"] as? String == "links")
    }

    /// A stray quote whose field closes only lines later (`,"y"` opens a field and is read
    /// as the close), past --max-record-bytes and past a read: the lines between are records.
    /// A file is read again from the line after the bad one; from a pipe they are gone, and
    /// the run says so and exits 1 (it wrote only the bad record and went on, exit 0).
    @Test func aStrayQuoteClosingPastTheLimitLosesNoRecordOfAFile() throws {
        var csv = "id,sender,body\n"
        var n = 0
        while csv.utf8.count < (1 << 20) - 3000 { n += 1; csv += "\(n),+1,filler \(n)\n" }
        csv += "\(n + 1),+1,\"Hi there\n"      // the stray quote, 3 KB before the first 1 MiB read ends
        let after = 8000                         // 200 KB of lines it swallows: more than a read of a pipe
        for k in (n + 2)...(n + after) { csv += "\(k),+1,after \(k)\n" }
        csv += "\(n + after + 1),+1,\"y\"\n\(n + after + 2),+1,last\n"      // the quote the field "closes" at
        let total = n + after + 2
        let file = try Harness.temp(Data(csv.utf8), suffix: ".csv")
        let r = try Harness.run(["classify", "--max-record-bytes", "100"] + rules + [file])
        #expect(r.status == 1)
        #expect(r.objects.count == total)
        #expect(r.objects.map { $0["record"] as? Int } == Array(1...total))
        #expect(r.objects[n]["error"] != nil)
        #expect(r.objects.dropFirst(n + 1).map { $0["id"] as? String } == ((n + 2)...total).map { String($0) })
        // The bad record is its first line, as when the limit lets the whole record be read
        // at once: the output does not depend on the limit or on where reads end.
        #expect(r.objects[n]["raw"] as? String == "\(n + 1),+1,\"Hi there")
        let wide = try Harness.run(["classify", "--max-record-bytes", "100000000"] + rules + [file])
        #expect(wide.out == r.out)

        // From a pipe the 200 KB it swallowed were kept, and are read again from memory.
        let piped = try Harness.run(["classify", "--max-record-bytes", "100"] + rules, stdin: csv)
        #expect(piped.status == 1)
        #expect(piped.out == r.out.replacingOccurrences(of: file, with: "<stdin>"))

        // A real quoted field that long, closed properly, stays one over-long record, from either.
        let real = "id,sender,body\n1,+1,\"" + String(repeating: "line of text\n", count: 200) + "end\"\n2,+1,ok\n"
        let realFile = try Harness.temp(Data(real.utf8), suffix: ".csv")
        for run in [try Harness.run(["classify", "--max-record-bytes", "100"] + rules + [realFile]),
                    try Harness.run(["classify", "--max-record-bytes", "100"] + rules, stdin: real)] {
            #expect(run.status == 1)
            #expect(run.objects.count == 2)
            #expect(run.objects[1]["id"] as? String == "2")
        }
    }

    /// A record not read to its end, past the limit, whose quoted field already closed the
    /// way a stray quote's does (`,"oops,"again`): cut at its first line at once, as when
    /// the whole record is in one read, so a slow pipe gives what the file gives.
    @Test func aStrayQuoteSeenBeforeTheRecordEndsIsCutAtOnce() throws {
        var csv = "id,sender,body\n1,+1,ok\n2,+1,\"Hi\n3,+1,\"oops,\"again\n"
        for k in 4...150 { csv += "\(k),+1,after \(k)\n" }
        let file = try Harness.temp(Data(csv.utf8), suffix: ".csv")
        let fromFile = try Harness.run(["classify", "--max-record-bytes", "100"] + rules + [file])
        #expect(fromFile.status == 1)
        #expect(fromFile.objects.count == 150)
        #expect(fromFile.objects[1]["error"] != nil && fromFile.objects[2]["error"] != nil)
        #expect(fromFile.objects.last?["id"] as? String == "150")

        // > 1 KiB of the unfinished record in the first read
        let piped = try Self.twoPieces(["classify", "--max-record-bytes", "100"] + rules, Data(csv.utf8), first: 1800)
        #expect(piped.status == 1)
        #expect(piped.out == fromFile.out.replacingOccurrences(of: file, with: "<stdin>"))
    }

    /// msgsift reading `input` from a pipe in two reads: the first `first` bytes, then
    /// (after a pause long enough for it to read and process them) the rest.
    static func twoPieces(_ args: [String], _ input: Data, first: Int) throws -> (status: Int32, out: String) {
        try Harness.piped(args) { stdin in
            try? stdin.write(contentsOf: input.prefix(first))
            usleep(300_000)
            try? stdin.write(contentsOf: input.dropFirst(first))
        }
    }

    /// A stray quote's first line is itself past the limit and the skip of it began in an
    /// earlier read; the read that ends that line also holds the quote that "closes" its
    /// field (a hunt found it): none of its first line break had been kept yet, and the
    /// lines after were said to be lost (exit 1) though the read held them. A pipe gives
    /// what the file gives, at the default limit and a small one.
    @Test func aStrayCloseInTheReadThatEndsTheFirstLineLosesNothingFromAPipe() throws {
        for (limit, length) in [([String](), 1_100_000), (["--max-record-bytes", "100"], 4000)] {
            let csv = "id,sender,body\n1,+1,hi\n2,+1,\"" + String(repeating: "x", count: length)
                + "\n3,+1,www.after.com\n4,+1,\"x\"\n5,+1,last\n"
            let file = try Harness.temp(Data(csv.utf8), suffix: ".csv")
            let fromFile = try Harness.run(["classify"] + limit + rules + [file])
            #expect(fromFile.status == 1)
            #expect(fromFile.objects.map { $0["record"] as? Int } == [1, 2, 3, 4, 5])
            #expect(fromFile.objects.map { $0["id"] as? String } == ["1", nil, "3", "4", "5"])
            #expect(fromFile.objects.count == 5 && fromFile.objects[2]["reason"] as? String == "links")
            // The first read ends well inside the first line, past what starts the skip.
            let bytes = Data(csv.utf8)
            let piped = try Self.twoPieces(["classify"] + limit + rules, bytes, first: bytes.count - 2000)
            #expect(piped.status == 1)
            #expect(piped.out == fromFile.out.replacingOccurrences(of: file, with: "<stdin>"))
        }
    }

    /// The stray close may come after a field of the same record closed properly and
    /// another opened (`…end",more,"again` … `,"z`), and in a later read than both.
    @Test func aStrayCloseAfterAProperOneStillCounts() throws {
        var csv = "id,sender,body\n"
        var n = 0
        while csv.utf8.count < (1 << 20) - 3000 { n += 1; csv += "\(n),+1,filler \(n)\n" }
        csv += "\(n + 1),+1,\"Hi\n"                                    // opens, 3 KB before the first read ends
        var k = n + 2
        while csv.utf8.count < (1 << 20) - 1000 { csv += "\(k),+1,inside \(k)\n"; k += 1 }
        // A proper close, and a new field opening right where the first 1 MiB read ends:
        // that read's part of the record has no problem and no open field.
        let head = "\(k),+1,end\",more"
        csv += head + String(repeating: "x", count: (1 << 20) - csv.utf8.count - head.utf8.count - 1) + ","
        csv += "\"again\n"
        k += 1
        for _ in 0..<4000 { csv += "\(k),+1,after \(k)\n"; k += 1 }    // into the next read
        csv += "\(k),+1,\"z\n"                                         // the stray close: after a comma, then text
        k += 1
        csv += "\(k),+1,last\n"
        let total = k           // records: every line after the header, ids 1…k
        let file = try Harness.temp(Data(csv.utf8), suffix: ".csv")
        let r = try Harness.run(["classify", "--max-record-bytes", "100"] + rules + [file])
        #expect(r.status == 1)
        #expect(r.objects.count == total)
        #expect(r.objects.last?["id"] as? String == String(k))
        let piped = try Harness.run(["classify", "--max-record-bytes", "100"] + rules, stdin: csv)
        #expect(piped.status == 1)
        #expect(piped.out == r.out.replacingOccurrences(of: file, with: "<stdin>"))
    }

    /// A long CRLF quoted field that closes properly (`"` at a line start, then CRLF), with
    /// a 1 MiB read ending between the `"` + CR and the LF: not a stray quote (the CR is
    /// half of a line end not read yet). It was cut into 300 error records, one per line.
    @Test func aCRLFCloseSplitByAReadIsNotAStrayQuote() throws {
        let header = "id,sender,body\r\n"
        let pad = (1 << 20) - 3000 - header.utf8.count
        var record = "x,s,\"" + Array(repeating: "line", count: 300).joined(separator: "\r\n")
        let fill = (1 << 20) - 2 - (header.utf8.count + pad + record.utf8.count)
        record += "\r\n" + String(repeating: "z", count: fill - 4) + "\r\n"
        var csv = header + "f,s," + String(repeating: "y", count: pad - 6) + "\r\n" + record
        #expect(csv.utf8.count == (1 << 20) - 2)
        csv += "\"\r\nt,s,tail\r\n"                               // the first read ends after `"` + CR
        let file = try Harness.temp(Data(csv.utf8), suffix: ".csv")
        let r = try Harness.run(["classify", "--max-record-bytes", "1000"] + rules + [file])
        #expect(r.status == 1)
        #expect(r.objects.count == 3)
        #expect(r.objects.map { $0["error"] != nil } == [true, true, false])    // f's line is 1 MB long too
        #expect(r.objects.last?["id"] as? String == "t")
    }
}
