// `msgsift lists update` end to end, against a local server (NetworkSupport.swift):
// the conditional GET, every failure leaving the store as it was, the source
// and age in `lists status`, and the note of `classify` and `test` on lists
// fetched over three days ago.
import Foundation
import Testing
import SiftStore

@Suite("lists update, end to end")
struct ListsUpdateTests {
    /// `lists status --json` as an object.
    func status(_ s: StoreSession) throws -> [String: Any] {
        (try JSONSerialization.jsonObject(with: try s.run(["lists", "status", "--json"]).stdout)) as? [String: Any] ?? [:]
    }

    /// Sets the stored fetch time (to make lists old without waiting).
    func setFetchedAt(_ s: StoreSession, daysAgo: Double) throws {
        let f = ISO8601DateFormatter()
        let at = f.string(from: Date().addingTimeInterval(-daysAgo * 86_400))
        try Database(path: s.storePath, access: .readWrite, busyTimeout: 1).execute("UPDATE community_lists SET fetched_at = '\(at)'")
    }

    @Test func fetchesThenAsksWithTheETagAndA304IsUnchanged() throws {
        let server = try TestServer()
        let s = try StoreSession()
        let first = try s.run(["lists", "update", "--url", server.url("/lists")])
        #expect(first.status == 0, "\(first.err)")
        #expect(first.out.hasPrefix("imported en 2, he 2 (sha256 "))
        #expect(first.out.contains("no language is on yet: msgsift lists enable en"))
        try s.ok(["lists", "enable", "he"])
        let second = try s.run(["lists", "update", "--url", server.url("/lists")])
        #expect(second.status == 0, "\(second.err)")
        #expect(second.out.hasPrefix("unchanged (sha256 "))
        #expect(second.out.contains("not modified"))
        let requests = server.requests
        try #require(requests.count == 2)
        #expect(server.header(requests[0], "if-none-match") == nil)
        // The server's ETag is a hash of the file, quoted: sent back as it came.
        let etag = try #require(server.header(requests[1], "if-none-match"))
        #expect(etag.hasPrefix("\"") && etag.hasSuffix("\"") && etag.count == 18)
        #expect(server.header(requests[1], "if-modified-since") == "Sat, 05 Dec 2026 00:00:00 GMT")
        // New content replaces the lists; Hebrew stays on.
        try server.setLists(TestServer.newerLists)
        let third = try s.run(["lists", "update", "--url", server.url("/lists")])
        #expect(third.status == 0, "\(third.err)")
        #expect(third.out.hasPrefix("imported en 3, he 2 (sha256 "))
        #expect(third.out.contains(", replaces "))
        #expect(third.out.contains("on: he"))
        let st = try status(s)
        #expect(st["source"] as? String == server.url("/lists"))
        #expect(st["stale"] as? Bool == false)
        #expect((st["languages"] as? [[String: Any]])?.first { $0["code"] as? String == "he" }?["enabled"] as? Bool == true)
        try #require(server.requests.count == 3)
        #expect(server.header(server.requests[2], "if-none-match") == etag)
    }

    @Test func lastModifiedAloneMakesTheRequestConditional() throws {
        let server = try TestServer()
        let s = try StoreSession()
        try s.ok(["lists", "update", "--url", server.url("/lists-lm")])
        let again = try s.run(["lists", "update", "--url", server.url("/lists-lm")])
        #expect(again.status == 0 && again.out.hasPrefix("unchanged"), "\(again.err)")
        try #require(server.requests.count == 2)
        #expect(server.header(server.requests[1], "if-modified-since") == "Sat, 05 Dec 2026 00:00:00 GMT")
        #expect(server.header(server.requests[1], "if-none-match") == nil)
    }

    @Test func theSameContentAgainIsUnchangedAndCountsAsFetched() throws {
        let server = try TestServer()
        let s = try StoreSession()
        try s.ok(["lists", "update", "--url", server.url("/plain")])
        try setFetchedAt(s, daysAgo: 10)
        #expect(try status(s)["stale"] as? Bool == true)
        let again = try s.run(["lists", "update", "--url", server.url("/plain")])
        #expect(again.status == 0, "\(again.err)")
        #expect(again.out.hasPrefix("unchanged (sha256 "))
        #expect(try status(s)["stale"] as? Bool == false)
        // No validators were stored: the second request asked for the whole file.
        try #require(server.requests.count == 2)
        #expect(server.header(server.requests[1], "if-none-match") == nil && server.header(server.requests[1], "if-modified-since") == nil)
    }

    @Test func redirectsAreFollowedAndTheURLAskedForIsRecorded() throws {
        let server = try TestServer()
        let s = try StoreSession()
        let r = try s.run(["lists", "update", "--url", server.url("/redirect/3")])
        #expect(r.status == 0, "\(r.err)")
        #expect(r.out.hasPrefix("imported en 2, he 2"))
        #expect(server.requests.map { $0["path"] as? String } == ["/redirect/3", "/redirect/2", "/redirect/1", "/lists"])
        #expect(try status(s)["source"] as? String == server.url("/redirect/3"))
    }

    @Test func theEnvironmentNamesTheURLAndTheFlagWins() throws {
        let server = try TestServer()
        let s = try StoreSession()
        let byEnv = try s.run(["lists", "update"], env: ["MSGSIFT_LISTS_URL": server.url("/lists")])
        #expect(byEnv.status == 0 && byEnv.out.hasPrefix("imported"), "\(byEnv.err)")
        let dead = "http://127.0.0.1:\(TestServer.closedPort())/lists"
        let byFlag = try s.run(["lists", "update", "--url", server.url("/lists")], env: ["MSGSIFT_LISTS_URL": dead])
        #expect(byFlag.status == 0 && byFlag.out.hasPrefix("unchanged"), "\(byFlag.err)")
        #expect(server.requests.count == 2)
    }

    /// Each failure: exit 1, one `msgsift: lists update:` line saying what happened, nothing on
    /// stdout, and the store exactly as before (its bytes, its lists, their source).
    @Test(arguments: [
        ("/status/500", [String](), "answered HTTP 500"),
        ("/status/404", [], "answered HTTP 404"),
        ("/slow?s=5", ["--timeout", "1"], "did not answer in time (limit 1 s"),
        ("/truncated", [], "the connection ended before the whole answer arrived"),
        ("/huge", [], "larger than 16777216 bytes"),
        ("/huge-declared", [], "larger than 16777216 bytes"),
        ("/not-lists", [], "the answer is not community lists"),
        ("/loop", [], "more than 5 redirects"),
        ("/redirect/7", [], "more than 5 redirects"),
        ("REFUSED", [], "cannot connect to 127.0.0.1:"),
        ("DNS", ["--timeout", "5"], "msgsift-test.invalid"),
    ])
    func aFailureLeavesTheStoreAsItWas(_ path: String, _ extra: [String], _ expected: String) throws {
        let server = try TestServer()
        let s = try StoreSession()
        try s.ok(["lists", "update", "--url", server.url("/lists")])
        try s.ok(["lists", "enable", "en"])
        let before = (s.storeBytes, try s.ok(["lists", "status", "--json"]))
        let url = switch path {
        case "REFUSED": "http://127.0.0.1:\(TestServer.closedPort())/lists"
        case "DNS": "http://msgsift-test.invalid/lists"
        default: server.url(path)
        }
        let r = try s.run(["lists", "update", "--url", url] + extra)
        #expect(r.status == 1)
        #expect(r.out.isEmpty)
        #expect(r.err.hasPrefix("msgsift: lists update: "), "\(r.err)")
        #expect(r.err.contains(expected), "\(r.err)")
        #expect(r.err.hasSuffix("; the lists are unchanged\n"), "\(r.err)")
        #expect(r.err.split(separator: "\n").count == 1, "\(r.err)")
        #expect(s.storeBytes == before.0)
        #expect(try s.ok(["lists", "status", "--json"]) == before.1)
    }

    @Test func aTLSFailureLeavesTheStoreAsItWas() throws {
        let server = try TestServer(tls: true)   // a self-signed certificate: not trusted
        let s = try StoreSession()
        let r = try s.run(["lists", "update", "--url", server.url("/lists"), "--timeout", "10"])
        #expect(r.status == 1)
        #expect(r.err.hasPrefix("msgsift: lists update: TLS with 127.0.0.1:\(server.port) failed ("), "\(r.err)")
        #expect(!s.storeExists)
    }

    @Test func a304ToAWholeFileRequestIsAFailure() throws {
        let server = try TestServer()
        let s = try StoreSession()
        let r = try s.run(["lists", "update", "--url", server.url("/always-304")])
        #expect(r.status == 1)
        #expect(r.err.contains("answered 304 Not Modified to a request that asked for the whole file"), "\(r.err)")
        #expect(!s.storeExists)
    }

    @Test func aFailureCreatesNoStoreAndMigratesNone() throws {
        let server = try TestServer()
        let s = try StoreSession()
        let r = try s.run(["lists", "update", "--url", server.url("/not-lists")])
        #expect(r.status == 1)
        #expect(!s.storeExists)
        // A store of schema version 2 is not brought to 3 by a failed update.
        let old = try Store.open(path: s.storePath, lockTimeout: 1, upTo: 2)
        _ = old
        let bytes = s.storeBytes
        let again = try s.run(["lists", "update", "--url", server.url("/status/503")])
        #expect(again.status == 1)
        #expect(s.storeBytes == bytes)
        #expect(try Database(path: s.storePath, access: .readOnly, busyTimeout: 1).query("PRAGMA user_version") { r throws(StoreError) in r.int(0) } == [2])
    }

    @Test(arguments: [
        ["lists", "update", "--url", "ftp://example.com/lists.json"], ["lists", "update", "--url", "lists.json"],
        ["lists", "update", "--timeout", "0"], ["lists", "update", "--timeout", "soon"], ["lists", "update", "extra"],
    ])
    func usageErrors(_ args: [String]) throws {
        let s = try StoreSession()
        let r = try s.run(args)
        #expect(r.status == 2, "\(r.err)")
        #expect(r.err.contains("Try 'msgsift lists update --help'."))
        #expect(!s.storeExists)
    }

    @Test func aBadURLInTheEnvironmentIsAUsageError() throws {
        let s = try StoreSession()
        let r = try s.run(["lists", "update"], env: ["MSGSIFT_LISTS_URL": "not a url"])
        #expect(r.status == 2)
        #expect(r.err.hasPrefix("msgsift: $MSGSIFT_LISTS_URL: "), "\(r.err)")
    }

    @Test func helpNamesTheDefaultURLAndTheVariable() throws {
        let r = try Harness.run(["lists", "update", "--help"])
        #expect(r.status == 0)
        #expect(r.out.hasPrefix("usage: msgsift lists update"))
        #expect(r.out.contains("https://grizz-apps-dev.s3.us-east-2.amazonaws.com/simply-filter-sms/3.0.0/automatic_filters.json"))
        #expect(r.out.contains("$MSGSIFT_LISTS_URL"))
    }

    // MARK: Staleness

    @Test func statusShowsTheSourceAndTheAge() throws {
        let server = try TestServer()
        let s = try StoreSession()
        try s.ok(["lists", "update", "--url", server.url("/lists")])
        try setFetchedAt(s, daysAgo: 4.5)
        let text = try s.ok(["lists", "status"])
        #expect(text.contains("source \(server.url("/lists")), fetched "))
        #expect(text.contains(", 4 days ago (older than 3 days: msgsift lists update refreshes them)"))
        try s.ok(["lists", "import", Harness.path("Tests/Fixtures/valid/rules-lists.json")])
        #expect(try s.ok(["lists", "status"]).contains("source: a file (msgsift lists update fetches the lists the app uses)"))
    }

    static let message = #"{"sender":"PROMO","body":"hello"}"# + "\n"

    @Test func classifyAndTestNoteListsInUseOlderThanThreeDays() throws {
        let server = try TestServer()
        let s = try StoreSession()
        try s.ok(["lists", "update", "--url", server.url("/lists")])
        try s.ok(["lists", "enable", "en"])
        try setFetchedAt(s, daysAgo: 5)
        let note = "msgsift: note: the community lists in use were fetched 5 days ago (the app refreshes them after 3 days); msgsift lists update fetches them again\n"
        let classify = try s.run(["classify"], stdin: Self.message)
        #expect(classify.status == 0)
        #expect(classify.err == note)
        #expect(classify.objects.first?["stage"] as? String == "automaticDeny")
        let test = try s.run(["test", "--sender", "PROMO", "--body", "hello"])
        #expect(test.status == 0)
        #expect(test.err == note)
        // classify never fetches: the server saw only the update.
        #expect(server.requests.count == 1)
    }

    @Test func noNoteForFreshListsListsNotInUseOrListsFromFiles() throws {
        let server = try TestServer()
        let s = try StoreSession()
        try s.ok(["lists", "update", "--url", server.url("/lists")])
        try s.ok(["lists", "enable", "en"])
        try setFetchedAt(s, daysAgo: 2.9)
        #expect(try s.run(["classify"], stdin: Self.message).err.isEmpty)
        try setFetchedAt(s, daysAgo: 30)
        // --no-db: the store's lists are not used; a --lists file has no fetch time.
        #expect(try s.run(["classify", "--no-db", "--rule", "links"], stdin: Self.message).err.isEmpty)
        let file = try Harness.temp(TestServer.lists, suffix: ".json")
        #expect(try s.run(["classify", "--no-db", "--lists", file, "--lists-languages", "en"], stdin: Self.message).err.isEmpty)
        // No language on: the stored lists take no part.
        try s.ok(["lists", "disable", "en"])
        #expect(try s.run(["classify", "--rule", "links"], stdin: Self.message).err.isEmpty)
        // ... unless a flag turns one on.
        #expect(try s.run(["classify", "--lists-languages", "he"], stdin: Self.message).err.contains("msgsift: note: the community lists in use were fetched 30 days ago"))
        // Lists imported from a file have no fetch time.
        try s.ok(["lists", "import", Harness.path("Tests/Fixtures/valid/rules-lists.json")])
        try s.ok(["lists", "enable", "en"])
        #expect(try s.run(["classify"], stdin: Self.message).err.isEmpty)
    }
}
