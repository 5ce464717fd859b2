// `msgsift report`: what the app's Report Message screen sends, a message
// reported as junk or not junk, POSTed as JSON to the service that feeds the
// community lists. One message from flags, or many from NDJSON records
// (`classify --annotate` output) in requests of up to five bodies.
// Nothing is ever sent but by this command.
import Foundation
import SiftInput
import SiftStream

enum ReportCommand {
    static let defaultURL = "https://api.ben-dahan.com/report"
    static let urlVariable = "MSGSIFT_REPORT_URL"
    /// What the service accepts: bodies per request, characters per body.
    static let bodiesPerRequest = 5
    static let maxBodyCharacters = 500
    /// Senders whose bodies wait for a full request at once; past this, the oldest is sent as it is.
    static let pendingSenders = 256

    enum Kind: String, CaseIterable {
        case junk, notJunk = "not-junk"
        /// The app's word for it.
        var wire: String { self == .junk ? "deny" : "allow" }
    }

    struct Config {
        var sender: String?
        var body: String?
        var kind: Kind?
        var from: String?
        var url: String?
        var timeout = HTTP.defaultTimeout
        var dryRun = false
        var senderField = "sender"
        var bodyField = "body"
        var renamed: Set<String> = []
    }

    static let usage = "msgsift report --sender S --body B --type junk|not-junk [--to URL] [--dry-run]\n       msgsift report --from FILE [--type junk|not-junk] [--field sender=NAME] [--to URL] [--dry-run]"
    static let flags: [Flag<Config>] = [
        Flag("--sender", "S", "the message's sender") { c, v in c.sender = v },
        Flag("--body", "B", "the message's text (up to \(maxBodyCharacters) characters are sent)") { c, v in c.body = v },
        Flag("--type", "junk|not-junk", "the report: junk (sent as \"deny\") or not junk (\"allow\")") { c, v in c.kind = try enumValue(v, "--type") },
        Flag("--from", "FILE", "report the messages of NDJSON records with sender and body (classify --annotate output; - for stdin)") { c, v in c.from = v },
        Flag("--field", "NAME=INPUT", "with --from: read sender or body under another name (sender=from, body=text)") { c, v in
            guard let (key, name) = splitAtEquals(v), !name.isEmpty else { throw UsageError("--field: write it as sender=from") }
            guard !c.renamed.contains(key) else { throw UsageError("--field: \(key) is renamed twice") }
            c.renamed.insert(key)
            switch key {
            case "sender": c.senderField = name
            case "body": c.bodyField = name
            default: throw UsageError("--field: \(quotedArg(key)) is not sender or body")
            }
        },
        Flag("--to", "URL", "where to send (default: $\(urlVariable), else the app's \(defaultURL))") { c, v in c.url = v },
        Flag("--timeout", "S", "seconds for each request (default \(Int(HTTP.defaultTimeout)); \(Int(HTTP.connectTimeout)) at most to connect)") { c, v in c.timeout = try HTTP.timeout(v) },
        Flag("--dry-run", nil, "print each request's JSON, one per line, and send nothing") { c, _ in c.dryRun = true },
    ]

    static func run(_ args: ArraySlice<String>) throws -> Int32 {
        var c = Config()
        try parse(args, flags, into: &c, command: "report") { _, arg in
            throw UsageError("unexpected argument \(quotedArg(arg)); give the message with --sender and --body, or --from FILE", command: "report")
        }
        let url: String
        do { url = try HTTP.endpoint(flag: c.url, flagName: "--to", variable: urlVariable, fallback: defaultURL) } catch let e as UsageError {
            throw UsageError(e.description, command: "report")
        }
        if let from = c.from {
            guard c.sender == nil && c.body == nil else { throw UsageError("--from takes the messages from the file: no --sender or --body with it", command: "report") }
            return try reportFile(from, c, url: url)
        }
        guard c.renamed.isEmpty else { throw UsageError("--field goes with --from", command: "report") }
        guard let sender = c.sender, let body = c.body else { throw UsageError("give the message with --sender S and --body B (or --from FILE)", command: "report") }
        guard let kind = c.kind else { throw UsageError("say what it is: --type junk or --type not-junk", command: "report") }
        guard !body.isEmpty else { throw UsageError("--body is empty: a report needs the message's text", command: "report") }
        if body.count > maxBodyCharacters { warn("the body is cut to \(maxBodyCharacters) characters, the most the service accepts") }
        var sender1 = Sender(url: url, timeout: c.timeout, dryRun: c.dryRun)
        try sender1.send(sender: sender, kind: kind, bodies: [String(body.prefix(maxBodyCharacters))])
        sender1.finish(total: 1)
        return 0
    }

    /// Sends requests (or prints them, for --dry-run) and counts what went.
    struct Sender {
        let url: String
        let timeout: Double
        let dryRun: Bool
        var messages = 0
        var requests = 0

        /// The request body, keys in the order the app's service documents them.
        static func json(sender: String, kind: Kind, bodies: [String]) -> String {
            #"{"classification":{"sender":\#(JSONEscape.quoted(sender)),"bodies":[\#(bodies.map(JSONEscape.quoted).joined(separator: ","))],"type":"\#(kind.wire)"}}"#
        }

        mutating func send(sender: String, kind: Kind, bodies: [String], total: Int? = nil) throws {
            let body = Sender.json(sender: sender, kind: kind, bodies: bodies)
            if dryRun {
                try writeStdout(Data((body + "\n").utf8))
            } else {
                let request = HTTPRequest(url: url, method: .post, headers: ["Content-Type: application/json"], body: Data(body.utf8), timeout: timeout, maxBodyBytes: 1 << 20)
                let sentBefore = messages == 0 ? "" : "; \(messages) message\(messages == 1 ? "" : "s") in \(requests) request\(requests == 1 ? "" : "s") were sent before it"
                let notSent = total.map { "; \($0 - messages) not sent" } ?? ""
                let response: HTTPResponse
                do { response = try HTTP.perform(request) } catch {
                    throw RuntimeError("report: \(error)\(sentBefore)\(notSent)")
                }
                guard response.status == 200 else {
                    throw RuntimeError("report: \(url) answered HTTP \(response.status) (expected 200)\(sentBefore)\(notSent)")
                }
            }
            messages += bodies.count
            requests += 1
        }

        func finish(total: Int) {
            let what = "\(messages) message\(messages == 1 ? "" : "s") in \(requests) request\(requests == 1 ? "" : "s")"
            if dryRun {
                writeStderr("msgsift: dry run: \(what) to \(url) printed, nothing sent\n")
            } else {
                print("sent \(what) to \(url)")
            }
        }
    }
}
