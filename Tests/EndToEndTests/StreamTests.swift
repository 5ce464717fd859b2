// Streams through the binary (docs/formats.md "Input"): formats, renames, errors, order.
import Foundation
import Testing
import TestSupport

@Suite("Streams, end to end")
struct StreamTests {
    let rules = ["--no-db", "--rule", "links"]

    @Test func verdictShapeAndIdKinds() throws {
        let input = """
            {"id":"m-1","sender":"Shop","body":"see bit.ly/x"}
            {"id":42,"sender":"Mom","body":"dinner?"}
            {"sender":"Mom","body":"no id"}

            """
        let r = try Harness.run(["classify"] + rules, stdin: input)
        #expect(r.lines == [
            #"{"record":1,"id":"m-1","action":"junk","stage":"smartRule","reason":"links"}"#,
            #"{"record":2,"id":42,"action":"allow","stage":"noMatch"}"#,
            #"{"record":3,"action":"allow","stage":"noMatch"}"#,
        ])
    }

    /// Fields without escapes are read in place, escaped ones decoded: both must
    /// reach the rules and the writer alike (sender, body and id, in any mix).
    @Test func escapedAndPlainFieldsAlike() throws {
        let input = #"""
            {"id":"a\u002d1","sender":"Sh\u006fp","body":"plain"}
            {"id":"b-2","sender":"Bob","body":"\u0073ale now"}
            {"id":7,"sender":12345,"body":"SALE"}
            {"sender":"Shop","body":"sa\"le\" \u05e9"}

            """#
        // Filter 1: "Shop", sender, exact, case-sensitive → promotion; filter 2: "sale", all, contains → junk.
        let filters = try Harness.temp(Data(#"{"format":"simply-filter-sms-filters","version":1,"exportedAt":"2026-01-01T00:00:00Z","appVersion":"1","filters":[{"text":"Shop","type":"deny","folder":"promotion","target":"sender","matching":"exact","case":"sensitive"},{"text":"sale","type":"deny","folder":"junk","target":"all","matching":"contains","case":"insensitive"}]}"#.utf8), suffix: ".sfsfilters")
        let r = try Harness.run(["classify", "--no-db", "--filters", filters], stdin: input)
        #expect(r.status == 0, "\(r.err)")
        #expect(r.lines == [
            #"{"record":1,"id":"a\u002d1","action":"promotion","stage":"denyFilter","reason":"Shop"}"#,
            #"{"record":2,"id":"b-2","action":"junk","stage":"denyFilter","reason":"sale"}"#,
            #"{"record":3,"id":7,"action":"junk","stage":"denyFilter","reason":"sale"}"#,
            #"{"record":4,"action":"promotion","stage":"denyFilter","reason":"Shop"}"#,
        ])
    }

    /// A worker writes a verdict's members once per rule and then copies them
    /// (`appendCachedMembers`): rules of one stage, alternating, in one batch, with reasons
    /// that need escaping, a community entry and a smart rule, each keep their own reason.
    @Test func verdictsOfAlternatingRulesKeepTheirOwnReasons() throws {
        let filters = try Harness.temp(Data(#"{"format":"simply-filter-sms-filters","version":1,"exportedAt":"2026-01-01T00:00:00Z","appVersion":"1","filters":[{"text":"say \"hi\"","type":"deny","folder":"junk","target":"body","matching":"contains","case":"insensitive"},{"text":"C:\\tmp","type":"deny","folder":"junk","target":"body","matching":"contains","case":"insensitive"}]}"#.utf8), suffix: ".sfsfilters")
        let lists = try Harness.temp(Data(#"{"filter_lists":{"en":{"allow_sender":[],"allow_body":[],"deny_sender":["Spam\tCo"],"deny_body":[]}}}"#.utf8), suffix: ".json")
        var input = "", expected: [String] = []
        for k in 1...40 {
            switch k % 4 {
            case 0:
                input += #"{"sender":"Bank","body":"say \"HI\" now"}"# + "\n"
                expected.append(#"{"record":\#(k),"action":"junk","stage":"denyFilter","reason":"say \"hi\""}"#)
            case 1:
                input += #"{"sender":"Bank","body":"open c:\\tmp please"}"# + "\n"
                expected.append(#"{"record":\#(k),"action":"junk","stage":"denyFilter","reason":"C:\\tmp"}"#)
            case 2:
                input += #"{"sender":"Spam\tCo","body":"nothing"}"# + "\n"
                expected.append(#"{"record":\#(k),"action":"junk","stage":"automaticDeny","reason":"en: Spam\tCo"}"#)
            default:
                input += #"{"sender":"Bank","body":"see bit.ly/x"}"# + "\n"
                expected.append(#"{"record":\#(k),"action":"junk","stage":"smartRule","reason":"links"}"#)
            }
        }
        input += #"{"sender":"Bank","body":"plain"}"# + "\n"
        expected.append(#"{"record":41,"action":"allow","stage":"noMatch"}"#)
        let r = try Harness.run(["classify", "--no-db", "--filters", filters, "--lists", lists, "--lists-languages", "en",
                                 "--rule", "links", "--jobs", "1"], stdin: input)
        #expect(r.status == 0, "\(r.err)")
        #expect(r.lines == expected)
    }

    @Test func blankLinesAreNotRecords() throws {
        let r = try Harness.run(["classify"] + rules, stdin: "\n{\"body\":\"a\"}\n   \n\n{\"body\":\"www.x.com\"}\n")
        #expect(r.objects.map { $0["record"] as? Int } == [1, 2])
        #expect(r.objects.map { $0["action"] as? String } == ["allow", "junk"])
    }

    @Test func badRecordsBecomeErrorRecordsAndTheRunGoesOn() throws {
        var input = Data()
        input += Data(#"{"body":"ok 1"}"#.utf8) + Data([0x0A])
        input += Data(#"{"body":"broken"#.utf8) + Data([0x0A])                       // bad JSON
        input += Data(#"{"body":"bad "#.utf8) + Data([0xFF, 0xFE]) + Data(#""}"#.utf8) + Data([0x0A])   // bad UTF-8
        input += Data(#"{"body":"ok 2"}"#.utf8) + Data([0x0A])
        input += Data(#"{"body":""# .utf8) + Data(repeating: 0x61, count: 200) + Data(#""}"#.utf8) + Data([0x0A])  // too long
        input += Data(#"{"body":"ok 3"}"#.utf8)                                        // no final newline
        let r = try Harness.run(["classify", "--max-record-bytes", "100"] + rules, stdin: input)
        #expect(r.status == 1)   // error records: the run goes on, and says so
        let o = r.objects
        #expect(o.count == 6)
        #expect(o.map { $0["record"] as? Int } == [1, 2, 3, 4, 5, 6])
        #expect(o.map { $0["error"] == nil } == [true, false, false, true, false, true])
        #expect((o[1]["error"] as? String)?.contains("<stdin>:2") == true)
        #expect(o[1]["raw"] as? String == #"{"body":"broken"#)
        #expect((o[2]["error"] as? String)?.contains("UTF-8") == true)
        #expect((o[2]["raw"] as? String)?.contains(#"\xff"#) == true)
        #expect((o[4]["error"] as? String)?.contains("max-record-bytes") == true)
    }

    /// `msgsift classify bad.ndjson | jq 'select(.action=="junk")'` filters the error records
    /// away: stderr must still say they exist, and the status must not be 0.
    @Test func unreadableRecordsAreCountedOnStderrWithTheFirstPlace() throws {
        let input = "{\"body\":\"a\"}\n{oops\n{\"body\":\"b\"}\n{\"body\":\"c\"\n"
        for jobs in ["1", "2"] {
            let r = try Harness.run(["classify", "--jobs", jobs, "--batch-size", "1", "--only", "junk"] + rules, stdin: input)
            #expect(r.status == 1)
            // --only keeps error records; they are records 2 and 4, in order.
            #expect(r.objects.map { $0["record"] as? Int } == [2, 4])
            let lines = r.err.split(separator: "\n").filter { $0.contains("could not be read") }
            #expect(lines == ["msgsift: 2 of 4 records could not be read (error records in the output); the first is record 2, <stdin>:2"], "\(r.err)")
        }
        // One record: "it is".
        let one = try Harness.run(["classify"] + rules, stdin: "{oops\n")
        #expect(one.status == 1)
        #expect(one.err.contains("1 of 1 records could not be read (error record in the output); it is record 1, <stdin>:1"), "\(one.err)")
        // None: nothing said, status 0.
        let none = try Harness.run(["classify"] + rules, stdin: "{\"body\":\"a\"}\n")
        #expect(none.status == 0 && !none.err.contains("could not be read"))
        // --strict says its own line, not this one.
        let strict = try Harness.run(["classify", "--strict"] + rules, stdin: input)
        #expect(strict.status == 1 && !strict.err.contains("could not be read"), "\(strict.err)")
    }

    @Test func strictStopsAtTheFirstBadRecord() throws {
        let input = "{\"body\":\"a\"}\n{\"body\":\"b\"}\n{oops}\n{\"body\":\"c\"}\n"
        let r = try Harness.run(["classify", "--strict", "--jobs", "2", "--batch-size", "1"] + rules, stdin: input)
        #expect(r.status == 1)
        #expect(r.objects.map { $0["record"] as? Int } == [1, 2])
        #expect(r.err.hasPrefix("msgsift: "))
        #expect(r.err.contains("<stdin>:3"))
    }

    /// Under --strict the reader may have gone on to later inputs before the stop: their notes
    /// came out or not depending on timing. Notes of inputs after the stopping record are left out.
    @Test func strictLeavesOutTheNotesOfInputsAfterTheStop() throws {
        let bad = try Harness.temp(Data("{\"body\":\"a\"}\n{oops}\n".utf8), suffix: ".ndjson")
        let noted = try Harness.temp(Data("sender,body,body\n".utf8), suffix: ".csv")
        for _ in 0..<5 {
            let r = try Harness.run(["classify", "--strict"] + rules + [bad, noted])
            #expect(r.status == 1 && r.err.contains("\(bad):2"), "\(r.err)")
            #expect(!r.err.contains("columns 2, 3"), "\(r.err)")
        }
        // Before the stop, an input's note stays.
        let r = try Harness.run(["classify", "--strict"] + rules + [noted, bad])
        #expect(r.status == 1 && r.err.contains("\(noted): the CSV header names \"body\" in columns 2, 3"), "\(r.err)")
    }

    @Test func bomAndCRLFAreAccepted() throws {
        let ndjson = Data([0xEF, 0xBB, 0xBF]) + Data("{\"id\":\"a\",\"body\":\"www.x.com\"}\r\n{\"id\":\"b\",\"body\":\"hi\"}\r\n".utf8)
        let r = try Harness.run(["classify"] + rules, stdin: ndjson)
        #expect(r.objects.map { $0["action"] as? String } == ["junk", "allow"])
        let csv = Data([0xEF, 0xBB, 0xBF]) + Data("id,sender,body\r\na,x,www.x.com\r\nb,y,\"hi\r\nthere\"\r\n".utf8)
        let c = try Harness.run(["classify"] + rules, stdin: csv)
        #expect(c.objects.map { $0["id"] as? String } == ["a", "b"])
        #expect(c.objects.map { $0["action"] as? String } == ["junk", "allow"])
    }

    /// Two byte-order marks (a file through two tools that each add one) read as a broken CSV
    /// header; each is dropped, in one read or split across reads.
    @Test func twoByteOrderMarksBeforeTheFirstLineAreDropped() throws {
        let bom = Data([0xEF, 0xBB, 0xBF])
        let ndjson = bom + bom + Data("{\"id\":\"a\",\"body\":\"www.x.com\"}\n".utf8)
        let r = try Harness.run(["classify"] + rules, stdin: ndjson)
        #expect(r.status == 0 && r.objects.map { $0["action"] as? String } == ["junk"], "\(r.err)")
        for first in 1..<7 {
            let piped = try Harness.piped(["classify"] + rules) { h in
                h.write(ndjson.prefix(first)); usleep(50_000); h.write(ndjson.dropFirst(first))
            }
            #expect(piped.status == 0 && piped.out == r.out, "first read of \(first) bytes")
        }
        let csv = try Harness.run(["classify"] + rules, stdin: bom + bom + Data("sender,body\nx,www.x.com\n".utf8))
        #expect(csv.status == 0 && csv.objects.map { $0["action"] as? String } == ["junk"], "\(csv.err)")
    }

    @Test func csvQuotingAndBrokenRows() throws {
        let csv = "id,sender,body\n"
            + "1,\"Shop, Inc\",\"Buy at www.x.com, \"\"now\"\"\"\n"
            + "2,Mom,\"two\nlines\"\n"
            + "3,x,\"unterminated\n"
        let r = try Harness.run(["classify"] + rules, stdin: csv)
        let o = r.objects
        #expect(o.count == 3)
        #expect(o[0]["action"] as? String == "junk")
        #expect(o[1]["action"] as? String == "allow")
        #expect(o[2]["error"] != nil)
        #expect(o[2]["record"] as? Int == 3)
    }

    @Test func fieldRenames() throws {
        let input = #"{"msg_id":"x1","from":"Shop","text":"www.x.com","id":"ignored"}"# + "\n"
        let r = try Harness.run(["classify", "--field", "sender=from", "--field", "body=text", "--field", "id=msg_id"] + rules, stdin: input)
        #expect(r.lines == [#"{"record":1,"id":"x1","action":"junk","stage":"smartRule","reason":"links"}"#])
    }

    @Test func onlyWritesChosenActionsButKeepsRecordNumbers() throws {
        let input = "{\"body\":\"hi\"}\n{\"body\":\"www.x.com\"}\n{\"body\":\"yo\"}\n"
        let r = try Harness.run(["classify", "--only", "junk"] + rules, stdin: input)
        #expect(r.objects.map { $0["record"] as? Int } == [2])
    }

    /// A regex that runs out of time counts as no match, so its record is often allowed; `--only
    /// junk` left it out with its warning and said nothing (found by a privacy and diagnostics audit).
    @Test func recordsWithAWarningThatOnlyLeavesOutAreCountedOnStderr() throws {
        let filters = try Harness.temp(Data(#"{"format":"simply-filter-sms-filters","version":1,"exportedAt":"2026-01-01T00:00:00Z","appVersion":"1","filters":[{"text":"(a+)+(?=b)\\w","type":"deny","folder":"junk","target":"body","matching":"regex","case":"insensitive"}]}"#.utf8), suffix: ".sfsfilters")
        let slow = "{\"sender\":\"x\",\"body\":\"" + String(repeating: "a", count: 40) + "\"}\n"
        let input = "{\"sender\":\"x\",\"body\":\"ab\"}\n" + slow + slow
        let r = try Harness.run(["classify", "--no-db", "--filters", filters, "--only", "junk"], stdin: input)
        #expect(r.status == 0)
        #expect(r.objects.map { $0["record"] as? Int } == [1])
        #expect(r.err.contains("2 records left out by --only carry a warning") && r.err.contains("the first is record 2, <stdin>:2"), "\(r.err)")
        // Counted across batches and workers, the first is still the first.
        let small = try Harness.run(["classify", "--no-db", "--filters", filters, "--only", "junk", "--batch-size", "1", "--jobs", "2"], stdin: input)
        #expect(small.err == r.err, "\(small.err)")
        #expect(!r.err.contains("aaaa"))
        // Written, a record's warning speaks for itself: no note.
        let all = try Harness.run(["classify", "--no-db", "--filters", filters], stdin: input)
        #expect(all.objects.compactMap { $0["warning"] as? String }.count == 2)
        #expect(!all.err.contains("left out"), "\(all.err)")
    }

    @Test func annotateKeepsTheInputRecord() throws {
        let input = #"{"id":"a","sender":"S","body":"www.x.com","date":"2026-01-01","n":[1,{"x":null}]}"# + "\n{}\n"
        let r = try Harness.run(["classify", "--annotate"] + rules, stdin: input)
        let o = r.objects
        #expect(o[0]["date"] as? String == "2026-01-01")
        #expect((o[0]["n"] as? [Any])?.count == 2)
        let v = o[0]["verdict"] as? [String: Any]
        #expect(v?["action"] as? String == "junk")
        #expect(v?["stage"] as? String == "smartRule")
        #expect(v?["reason"] as? String == "links")
        #expect((o[1]["verdict"] as? [String: Any])?["stage"] as? String == "noMatch")
        let csv = try Harness.run(["classify", "--annotate"] + rules, stdin: "id,body,extra\n1,www.x.com,kept\n")
        #expect(csv.objects[0]["extra"] as? String == "kept")
        #expect((csv.objects[0]["verdict"] as? [String: Any])?["action"] as? String == "junk")
        let csvOut = try Harness.run(["classify", "--annotate", "--output", "csv"] + rules, stdin: "id,body,extra\n1,www.x.com,kept\n")
        #expect(csvOut.out == "id,body,extra,action,stage,reason,warning\n1,www.x.com,kept,junk,smartRule,links,\n")
    }

    /// Tuning a rule set means annotating the same archive again: the earlier verdict
    /// is replaced, not repeated (duplicate keys are legal JSON, but jq, Python and a
    /// spreadsheet each keep a different one).
    @Test func annotatingAnAnnotatedFileReplacesItsVerdict() throws {
        let first = try Harness.run(["classify", "--annotate"] + rules, stdin: #"{"id":1,"sender":"AB","body":"hi"}"# + "\n")
        #expect(first.out == #"{"id":1,"sender":"AB","body":"hi","verdict":{"action":"allow","stage":"noMatch"}}"# + "\n")
        let again = try Harness.run(["classify", "--annotate", "--no-db", "--rule", "short-sender=3"], stdin: first.out)
        #expect(again.out == #"{"id":1,"sender":"AB","body":"hi","verdict":{"action":"junk","stage":"smartRule","reason":"short-sender"}}"# + "\n")
        // Anywhere in the object, with its separator and spacing; nested and string "verdict"s stay.
        let odd = #"{"verdict":1, "id":2 ,"verdict":{"x":[1]} , "b":"\n"}"# + "\n" + #"{ "verdict" : 3 }"# + "\n"
            + #"{"a":"verdict","n":{"verdict":1}}"# + "\n" + #"{"ver\u0064ict":0,"id":4}"# + "\n"
        #expect(try Harness.run(["classify", "--annotate"] + rules, stdin: odd).lines == [
            #"{"id":2 , "b":"\n","verdict":{"action":"allow","stage":"noMatch"}}"#,
            #"{  "verdict":{"action":"allow","stage":"noMatch"}}"#,
            #"{"a":"verdict","n":{"verdict":1},"verdict":{"action":"allow","stage":"noMatch"}}"#,
            #"{"id":4,"verdict":{"action":"allow","stage":"noMatch"}}"#,
        ])
        // CSV: the verdict columns of an earlier run are replaced, as is a "verdict" column in NDJSON output.
        let csv = try Harness.run(["classify", "--annotate", "--output", "csv"] + rules, stdin: "id,sender,body\n1,AB,hi\n")
        #expect(csv.out == "id,sender,body,action,stage,reason,warning\n1,AB,hi,allow,noMatch,,\n")
        let csvAgain = try Harness.run(["classify", "--annotate", "--output", "csv", "--no-db", "--rule", "short-sender=3"], stdin: csv.out)
        #expect(csvAgain.out == "id,sender,body,action,stage,reason,warning\n1,AB,hi,junk,smartRule,short-sender,\n")
        let toJSON = try Harness.run(["classify", "--annotate"] + rules, stdin: "verdict,body\nold,hi\n")
        #expect(toJSON.out == #"{"body":"hi","verdict":{"action":"allow","stage":"noMatch"}}"# + "\n")
        // An error row is as wide as the columns kept.
        let bad = try Harness.run(["classify", "--annotate", "--output", "csv"] + rules, stdin: "action,body\nx,hi\ny\n")
        #expect(bad.lines == ["body,action,stage,reason,warning", "hi,allow,noMatch,,", #",,error,"<stdin>:3: record has 1 field, header has 2 (byte 1)","#])
    }

    /// A message field named like what the annotation adds is refused up front (it was
    /// written twice: two `verdict` members, two `reason` columns, and annotating that
    /// again read the body from the old verdict); an earlier CSV annotation is recognised
    /// whatever the output is.
    @Test func annotationRefusesFieldsNamedLikeTheVerdictAndDropsStaleVerdictColumns() throws {
        let named = try Harness.run(["classify", "--annotate", "--field", "body=verdict"] + rules,
                                    stdin: #"{"id":1,"verdict":"see www.x.com"}"# + "\n")
        #expect(named.status == 2 && named.out.isEmpty)
        #expect(named.err.hasPrefix(#"msgsift: --annotate adds a member "verdict", the name of the body field (--field body=verdict)"#))
        for field in ["body=reason", "sender=action", "id=warning", "body=trace"] {
            let column = try Harness.run(["classify", "--annotate", "--output", "csv", "--field", field] + rules,
                                         stdin: "id,reason\n1,www.x.com\n")
            #expect(column.status == 2 && column.out.isEmpty && column.err.contains("(--field \(field))"), "\(column.err)")
        }
        // Without --annotate, or where the output does not add that name, they are fields as any.
        let unannotated = try Harness.run(["classify", "--field", "body=verdict"] + rules, stdin: #"{"id":1,"verdict":"see www.x.com"}"# + "\n")
        #expect(unannotated.out == #"{"record":1,"id":1,"action":"junk","stage":"smartRule","reason":"links"}"# + "\n")
        let asObject = try Harness.run(["classify", "--annotate", "--field", "body=reason"] + rules, stdin: "id,reason\n1,www.x.com\n")
        #expect(asObject.out == #"{"id":"1","reason":"www.x.com","verdict":{"action":"junk","stage":"smartRule","reason":"links"}}"# + "\n")
        // An earlier run's trace column goes too, with or without --explain now.
        let traced = "id,body,action,stage,reason,warning,trace\n1,hi,junk,smartRule,links,,old trace\n"
        let again = try Harness.run(["classify", "--annotate", "--output", "csv"] + rules, stdin: traced)
        #expect(again.out == "id,body,action,stage,reason,warning\n1,hi,allow,noMatch,,\n")
        // An annotated CSV written as objects: one verdict, not the old columns beside it.
        let objects = try Harness.run(["classify", "--annotate"] + rules, stdin: traced)
        #expect(objects.out == #"{"id":"1","body":"hi","verdict":{"action":"allow","stage":"noMatch"}}"# + "\n")
        // A plain file and an annotated one with the same message columns go together.
        let plain = try Harness.temp(Data("id,body\n1,www.x.com\n".utf8), suffix: ".csv")
        let annotated = try Harness.temp(Data(traced.utf8), suffix: ".csv")
        let both = try Harness.run(["classify", "--annotate", "--output", "csv"] + rules + [plain, annotated])
        #expect(both.status == 0)
        #expect(both.out == "id,body,action,stage,reason,warning\n1,www.x.com,junk,smartRule,links,\n1,hi,allow,noMatch,,\n")
    }

    /// A line that starts with a BOM (files joined with `cat`) is read, and the annotated
    /// object is written without it: every output line starts with `{`.
    @Test func annotatedLinesNeverStartWithABOM() throws {
        let input = "{\"body\":\"a\"}\n\u{FEFF}{\"body\":\"www.x.com\"}\n\u{FEFF}{\"verdict\":1,\"body\":\"b\"}\n"
        let r = try Harness.run(["classify", "--annotate"] + rules, stdin: input)
        #expect(r.lines == [
            #"{"body":"a","verdict":{"action":"allow","stage":"noMatch"}}"#,
            #"{"body":"www.x.com","verdict":{"action":"junk","stage":"smartRule","reason":"links"}}"#,
            #"{"body":"b","verdict":{"action":"allow","stage":"noMatch"}}"#,
        ])
    }

    @Test func explainAddsATrace() throws {
        let r = try Harness.run(["classify", "--explain"] + rules, stdin: "{\"body\":\"www.x.com\"}\n")
        let trace = r.objects[0]["trace"] as? [[String: Any]]
        #expect(trace?.map { $0["stage"] as? String } == ["allowFilter", "allUnknown", "automaticAllow", "smartRule"])
        #expect(trace?.last?["outcome"] as? String == "match: links")
    }

    /// The language step of a trace says why no language was named (its scores alone would
    /// point to one: `it 64.5, pt 54.5`), and `test` says the same. The figures are the
    /// model's and move when it is trained again; the step must name the two best in order,
    /// each with its score, and the reason.
    @Test func anUndeterminedLanguageStepSaysWhy() throws {
        let r = try Harness.run(["classify", "--no-db", "--block-language", "it", "--explain"], stdin: "{\"sender\":\"J B\",\"body\":\"a presto\"}\n")
        let step = (r.objects.first?["trace"] as? [[String: Any]])?.first { $0["stage"] as? String == "denyLanguage" }
        let checked = try #require(step?["checked"] as? String, "\(r.out)")
        let shape = try Regex(#"language undetermined \(it ([0-9]+\.[0-9]), pt ([0-9]+\.[0-9]); fewer than 8 letters\)"#)
        let match = try #require(try shape.wholeMatch(in: checked), "\(checked)")
        let it = try #require(match.output[1].substring.flatMap { Double($0) })
        let pt = try #require(match.output[2].substring.flatMap { Double($0) })
        #expect(it > pt, "\(checked)")
        let t = try Harness.run(["test", "--no-db", "--block-language", "it", "--sender", "J B", "--body", "a presto", "--explain"])
        #expect(t.out.contains("\(checked): no match"), "\(t.out)")
    }

    @Test func tsvAndCsvEscaping() throws {
        let input = #"{"id":"a\tb","body":"x"}"# + "\n" + #"{"id":"c,\"d\"","body":"www.x.com"}"# + "\n"
        let tsv = try Harness.run(["classify", "--output", "tsv"] + rules, stdin: input)
        #expect(tsv.out == "record\tid\taction\tstage\treason\twarning\n1\ta\\tb\tallow\tnoMatch\t\t\n2\tc,\"d\"\tjunk\tsmartRule\tlinks\t\n")
        let csv = try Harness.run(["classify", "--output", "csv"] + rules, stdin: input)
        #expect(csv.out == "record,id,action,stage,reason,warning\n1,a\tb,allow,noMatch,,\n2,\"c,\"\"d\"\"\",junk,smartRule,links,\n")
        let err = try Harness.run(["classify", "--output", "csv"] + rules, stdin: "{bad\n")
        #expect(err.lines.last?.hasPrefix("1,,,error,") == true)
    }

    @Test func severalInputsNumberRecordsAcrossThem() throws {
        let a = try Harness.temp(Data("{\"body\":\"a\"}\n{\"body\":\"b\"}\n".utf8), suffix: ".ndjson")
        let b = try Harness.temp(Data("id,body\nc,www.x.com\n".utf8), suffix: ".csv")
        let r = try Harness.run(["classify"] + rules + [a, "-", b], stdin: "{\"body\":\"stdin\"}\n")
        #expect(r.objects.map { $0["record"] as? Int } == [1, 2, 3, 4])
        #expect(r.objects.map { $0["action"] as? String } == ["allow", "allow", "allow", "junk"])
    }

    @Test func closedStdoutEndsQuietlyWithStatusZero() throws {
        // A shell pipeline into head: msgsift must stop at EPIPE without a message.
        let big = try Harness.temp(Data(String(repeating: "{\"body\":\"hello www.x.com\"}\n", count: 200_000).utf8), suffix: ".ndjson")
        let errFile = Scratch.folder.appendingPathComponent("msgsift-epipe-\(UUID().uuidString).err").path
        let status = try Harness.bash("'\(Harness.binary.path)' classify --no-db --rule links '\(big)' 2>'\(errFile)' | head -n 1 >/dev/null; echo ${PIPESTATUS[0]}").out
        #expect(status == "0\n")
        let err = try String(contentsOfFile: errFile, encoding: .utf8)
        #expect(err.isEmpty)
    }

    /// A file whose name is not UTF-8 (`caf\xe9.nd`, from a Latin-1 system) was "No such file":
    /// Swift repairs arguments into Strings. Inputs and rule files are opened by the bytes given.
    @Test func filesNamedInBytesThatAreNotUTF8AreRead() throws {
        let folder = Scratch.folder.appendingPathComponent("msgsift-names-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let script = """
            cd '\(folder)' && f=$(printf 'caf\\xe9.nd') && g=$(printf 'r\\xe8gles.sfsfilters') &&
            printf '{"sender":"Shop","body":"see bit.ly/x"}\\n' > "$f" && cp '\(Harness.root.path)/samples/rules.sfsfilters' "$g" &&
            '\(Harness.binary.path)' classify --no-db --rule links "$f" && '\(Harness.binary.path)' classify --no-db "--filters=$g" "$f" >/dev/null && echo ok
            """
        let r = try Harness.bash(script)
        #expect(r.out == #"{"record":1,"action":"junk","stage":"smartRule","reason":"links"}"# + "\nok\n", "\(r.err)")
        // Two names that read alike (caf\xe9, caf\xe8) cannot be told apart: refused, where the
        // second had silently been read as the first.
        let twins = try Harness.bash("""
            cd '\(folder)' && f=$(printf 'caf\\xe9.nd') && h=$(printf 'caf\\xe8.nd') && printf '{"id":"B","body":"b"}\\n' > "$h" &&
            '\(Harness.binary.path)' classify --no-db "$f" "$h"; echo "status $?"
            """)
        #expect(twins.out.hasSuffix("status 1\n") && !twins.out.contains(#""id":"B""#), "\(twins.out)")
        #expect(twins.err.contains("its name is not UTF-8 and another argument's reads the same"), "\(twins.err)")
    }

    /// An input that could not be read was said on stderr before stdout closed: the status
    /// says so too (1), so `set -o pipefail` sees what the message said.
    @Test func anUnreadInputBeforeAClosedStdoutStillMeansStatusOne() throws {
        let big = try Harness.temp(Data(String(repeating: "{\"body\":\"hello www.x.com\"}\n", count: 200_000).utf8), suffix: ".ndjson")
        let missing = Scratch.folder.appendingPathComponent("msgsift-missing-\(UUID().uuidString).ndjson").path
        let errFile = Scratch.folder.appendingPathComponent("msgsift-epipe-\(UUID().uuidString).err").path
        let status = try Harness.bash("'\(Harness.binary.path)' classify --no-db --rule links '\(missing)' '\(big)' 2>'\(errFile)' | head -n 1 >/dev/null; echo ${PIPESTATUS[0]}").out
        let err = try String(contentsOfFile: errFile, encoding: .utf8)
        #expect(err.contains("cannot read"), "\(err)")
        #expect(status == "1\n")
    }
}
