// `msgsift report` end to end, against a local server that records what it is
// sent (NetworkSupport.swift): the app's request body exactly, exit statuses,
// --dry-run, and the batching of --from.
import Foundation
import Testing

@Suite("report, end to end")
struct ReportTests {
    func run(_ args: [String], stdin: String = "", env: [String: String] = [:]) throws -> RunResult {
        try Harness.run(["report"] + args, stdin: Data(stdin.utf8), environment: env)
    }

    @Test(arguments: [("junk", "deny"), ("not-junk", "allow")])
    func oneMessageIsPostedAsTheAppPostsIt(_ type: String, _ wire: String) throws {
        let server = try TestServer()
        let r = try run(["--sender", "+1 555-0100", "--body", "Win a \"prize\" now\nhttps://x.y/", "--type", type, "--to", server.url("/report")])
        #expect(r.status == 0, "\(r.err)")
        #expect(r.out == "sent 1 message in 1 request to \(server.url("/report"))\n")
        #expect(r.err.isEmpty)
        let requests = server.requests
        try #require(requests.count == 1)
        #expect(requests.first?["method"] as? String == "POST")
        #expect(server.header(requests[0], "content-type") == "application/json")
        #expect(server.bodies == [#"{"classification":{"sender":"+1 555-0100","bodies":["Win a \"prize\" now\nhttps://x.y/"],"type":"\#(wire)"}}"#])
    }

    @Test func aStatusOtherThan200IsAFailure() throws {
        let server = try TestServer()
        for path in ["/report/500", "/report/201", "/report/400"] {
            let r = try run(["--sender", "SECRET-SENDER", "--body", "secret body", "--type", "junk", "--to", server.url(path)])
            #expect(r.status == 1)
            #expect(r.out.isEmpty)
            #expect(r.err == "msgsift: report: \(server.url(path)) answered HTTP \(path.dropFirst(8)) (expected 200)\n")
        }
    }

    @Test func aRefusedConnectionIsAFailureThatSaysSo() throws {
        let url = "http://127.0.0.1:\(TestServer.closedPort())/report"
        let r = try run(["--sender", "SECRET-SENDER", "--body", "secret body", "--type", "junk", "--to", url])
        #expect(r.status == 1)
        #expect(r.err.hasPrefix("msgsift: report: cannot connect to 127.0.0.1:"), "\(r.err)")
        #expect(!r.err.contains("SECRET") && !r.err.contains("secret"))
    }

    @Test func aSlowServiceTimesOut() throws {
        let server = try TestServer()
        let r = try run(["--sender", "a", "--body", "b", "--type", "junk", "--to", server.url("/slow?s=5"), "--timeout", "1"])
        #expect(r.status == 1)
        #expect(r.err.contains("did not answer in time (limit 1 s"), "\(r.err)")
    }

    @Test func dryRunPrintsTheJSONAndSendsNothing() throws {
        let server = try TestServer()
        let r = try run(["--sender", "Leumi", "--body", "קוד אימות 1234", "--type", "not-junk", "--to", server.url("/report"), "--dry-run"])
        #expect(r.status == 0)
        #expect(r.out == #"{"classification":{"sender":"Leumi","bodies":["קוד אימות 1234"],"type":"allow"}}"# + "\n")
        #expect(r.err == "msgsift: dry run: 1 message in 1 request to \(server.url("/report")) printed, nothing sent\n")
        Thread.sleep(forTimeInterval: 0.2)
        #expect(server.requests.isEmpty)
    }

    @Test func theEnvironmentNamesTheServiceAndTheFlagWins() throws {
        let server = try TestServer()
        let byEnv = try run(["--sender", "a", "--body", "b", "--type", "junk"], env: ["MSGSIFT_REPORT_URL": server.url("/report")])
        #expect(byEnv.status == 0, "\(byEnv.err)")
        let dead = "http://127.0.0.1:\(TestServer.closedPort())/report"
        let byFlag = try run(["--sender", "a", "--body", "b", "--type", "junk", "--to", server.url("/report")], env: ["MSGSIFT_REPORT_URL": dead])
        #expect(byFlag.status == 0, "\(byFlag.err)")
        #expect(server.requests.count == 2)
        // Without either, the app's own endpoint: seen here without sending.
        let dry = try run(["--sender", "a", "--body", "b", "--type", "junk", "--dry-run"])
        #expect(dry.err.contains(" to https://api.ben-dahan.com/report printed"))
    }

    @Test func aLongBodyIsCutTo500Characters() throws {
        let body = String(repeating: "é", count: 499) + "👍🏽" + "tail"   // 504 characters; the 500th is one emoji
        let r = try run(["--sender", "a", "--body", body, "--type", "junk", "--dry-run"])
        #expect(r.status == 0)
        let sent = String(repeating: "é", count: 499) + "👍🏽"
        #expect(r.out == #"{"classification":{"sender":"a","bodies":[""# + sent + #""],"type":"deny"}}"# + "\n")
        #expect(r.err.contains("the body is cut to 500 characters"))
    }

    // MARK: --from

    /// An annotated record (classify --annotate output).
    func annotated(_ sender: String, _ body: String, _ action: String) -> String {
        let o: [String: Any] = ["id": UUID().uuidString, "sender": sender, "body": body, "verdict": ["action": action, "stage": "denyFilter"]]
        return String(decoding: try! JSONSerialization.data(withJSONObject: o, options: [.sortedKeys]), as: UTF8.self)
    }

    @Test func fromGroupsBySenderAndTypeUpToFiveBodies() throws {
        let server = try TestServer()
        let long = String(repeating: "x", count: 600)
        let lines = [
            annotated("S1", "a", "junk"), annotated("S1", "b", "junk"), annotated("S2", "c", "junk"),
            annotated("S1", "d", "junk"), annotated("S1", "e", "allow"),               // S1 not junk: a group of its own
            annotated("S1", "f", "junk"), annotated("S1", long, "junk"),                // S1 junk is full: sent first
            annotated("S1", "g", "junk"), annotated("S3", "h", "promotion"),            // promotion: left out
            #"{"record":10,"error":"bad JSON","raw":"{"}"#, annotated("S2", "", "junk"), // error record, empty body: left out
            "",
        ]
        let file = try Harness.temp(Data(lines.joined(separator: "\n").utf8), suffix: ".ndjson")
        let r = try run(["--from", file, "--to", server.url("/report")])
        #expect(r.status == 0, "\(r.err)")
        #expect(r.out == "sent 8 messages in 4 requests to \(server.url("/report"))\n")
        func req(_ sender: String, _ bodies: [String], _ type: String) -> String {
            #"{"classification":{"sender":""# + sender + #"","bodies":["# + bodies.map { "\"\($0)\"" }.joined(separator: ",") + #"],"type":""# + type + #""}}"#
        }
        #expect(server.bodies == [
            req("S1", ["a", "b", "d", "f", String(repeating: "x", count: 500)], "deny"),
            req("S2", ["c"], "deny"),
            req("S1", ["e"], "allow"),
            req("S1", ["g"], "deny"),
        ])
        #expect(r.err.contains("1 error record of classify left out"))
        #expect(r.err.contains("1 record with an empty body left out"))
        #expect(r.err.contains("1 record with a transaction or promotion verdict left out"))
        #expect(r.err.contains("1 body cut to 500 characters"))
    }

    @Test func fromWithTypeReportsEveryRecordAsThatType() throws {
        let lines = [annotated("S1", "a", "promotion"), annotated("S1", "b", "allow"), #"{"sender":"S2","body":"c"}"#]
        let r = try run(["--from", "-", "--type", "junk", "--dry-run"], stdin: lines.joined(separator: "\n") + "\n")
        #expect(r.status == 0, "\(r.err)")
        #expect(r.lines == [#"{"classification":{"sender":"S1","bodies":["a","b"],"type":"deny"}}"#,
                            #"{"classification":{"sender":"S2","bodies":["c"],"type":"deny"}}"#])
        #expect(r.err == "msgsift: dry run: 3 messages in 2 requests to https://api.ben-dahan.com/report printed, nothing sent\n")
    }

    @Test func fromReadsRenamedFields() throws {
        let r = try run(["--from", "-", "--type", "not-junk", "--field", "sender=from", "--field", "body=text", "--dry-run"],
                        stdin: #"{"from":"Leumi","text":"code 1"}"# + "\n")
        #expect(r.status == 0, "\(r.err)")
        #expect(r.out == #"{"classification":{"sender":"Leumi","bodies":["code 1"],"type":"allow"}}"# + "\n")
    }

    /// A file that cannot be reported whole: exit 1, the line named, nothing sent.
    @Test(arguments: [
        (#"{"record":1,"id":"m-1","action":"junk","stage":"denyFilter","reason":"Weed"}"#, [String](), "a verdict without its message", "msgsift classify --annotate"),
        (#"{"sender":"a","body":"b"}"#, [], "no verdict to say junk or not junk", "--type junk"),
        (#"{"body":"b","verdict":{"action":"junk"}}"#, [], #"no "sender""#, "--field sender=NAME"),
        (#"not json"#, [], "not a JSON object", "NDJSON"),
    ])
    func fromRefusesAFileItCannotReportWhole(_ bad: String, _ extra: [String], _ expected: String, _ hint: String) throws {
        let server = try TestServer()
        let lines = [annotated("SECRET-SENDER", "secret body", "junk"), bad]
        let file = try Harness.temp(Data(lines.joined(separator: "\n").utf8), suffix: ".ndjson")
        let r = try run(["--from", file, "--to", server.url("/report")] + extra)
        #expect(r.status == 1)
        #expect(r.out.isEmpty)
        #expect(r.err.hasPrefix("msgsift: \(file):2: "), "\(r.err)")
        #expect(r.err.contains(expected) && r.err.contains(hint) && r.err.hasSuffix("; nothing sent\n"), "\(r.err)")
        #expect(!r.err.contains("SECRET") && !r.err.contains("secret"))
        Thread.sleep(forTimeInterval: 0.2)
        #expect(server.requests.isEmpty)
    }

    @Test func fromStopsAtTheFirstFailedRequestAndSaysWhatWasSent() throws {
        let server = try TestServer()
        let lines = (1...7).map { annotated("S\($0 <= 5 ? 1 : $0)", "m\($0)", "junk") }   // S1 ×5, S6, S7: three requests
        let file = try Harness.temp(Data(lines.joined(separator: "\n").utf8), suffix: ".ndjson")
        let r = try run(["--from", file, "--to", server.url("/report/fail-after/1")])
        #expect(r.status == 1)
        #expect(r.err == "msgsift: report: \(server.url("/report/fail-after/1")) answered HTTP 500 (expected 200); 5 messages in 1 request were sent before it; 2 not sent\n")
        #expect(server.requests.count == 2)
    }

    @Test func fromAFileWithNoMessageSendsNothing() throws {
        let r = try run(["--from", "-", "--type", "junk"], stdin: "\n\n")
        #expect(r.status == 0)
        #expect(r.err == "msgsift: stdin: no message to report; nothing sent\n")
        let missing = try run(["--from", "/nonexistent/file.ndjson"])
        #expect(missing.status == 1 && missing.err == "msgsift: /nonexistent/file.ndjson: no such file\n")
    }

    @Test(arguments: [
        [String](), ["--sender", "a", "--body", "b"], ["--sender", "a", "--type", "junk"], ["--body", "b", "--type", "junk"],
        ["--sender", "a", "--body", "", "--type", "junk"], ["--sender", "a", "--body", "b", "--type", "spam"],
        ["--sender", "a", "--body", "b", "--type", "junk", "--to", "ftp://x/report"],
        ["--sender", "a", "--body", "b", "--type", "junk", "--timeout", "-1"],
        ["--from", "x.ndjson", "--sender", "a"], ["--sender", "a", "--body", "b", "--type", "junk", "--field", "sender=from"],
        ["--sender", "a", "--body", "b", "--type", "junk", "extra"],
    ])
    func usageErrors(_ args: [String]) throws {
        let r = try run(args)
        #expect(r.status == 2, "\(args): \(r.err)")
        #expect(r.out.isEmpty)
        #expect(r.err.hasPrefix("msgsift: ") && r.err.contains("Try 'msgsift report --help'."), "\(r.err)")
    }

    @Test func helpSaysWhatVerdictRecordsNeed() throws {
        let r = try run(["--help"])
        #expect(r.status == 0)
        #expect(r.out.hasPrefix("usage: msgsift report"))
        #expect(r.out.contains("classify --annotate"))
        #expect(r.out.contains("$MSGSIFT_REPORT_URL"))
        #expect(try Harness.run(["--help"]).out.contains("report "))
    }
}
