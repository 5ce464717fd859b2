// A local HTTP server for the network tests: Tests/Fixtures/http-server.py on
// 127.0.0.1 and a port of its own, started per test and stopped with it. It
// records every request it receives, for the tests to read back.
import Foundation
import Testing
import TestSupport

final class TestServer: @unchecked Sendable {
    let pid: pid_t
    let port: Int
    let tls: Bool
    let listsFile: String
    let logFile: String

    /// A server whose /lists routes serve `lists` (changed later with `setLists`).
    ///
    /// Started with posix_spawn, not Foundation's Process: Process on Linux tells that a child
    /// ended by a descriptor the child holds, and a server started while another test's msgsift
    /// runs would inherit that one's, so its end would go unseen as long as the server runs. (The
    /// server closes the descriptors it inherits as it starts: see http-server.py.)
    init(lists: Data = TestServer.lists, tls: Bool = false) throws {
        let dir = Scratch.folder.appendingPathComponent("msgsift-http-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        listsFile = dir + "/lists.json"
        logFile = dir + "/requests.ndjson"
        let portFile = dir + "/port"
        self.tls = tls
        try lists.write(to: URL(fileURLWithPath: listsFile))
        let args = ["/usr/bin/env", "python3", Harness.path("Tests/Fixtures/http-server.py"), "--lists", listsFile, "--log", logFile,
                    "--port-file", portFile] + (tls ? ["--tls", dir] : [])
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, dir + "/server.err", O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        let argv = args.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        // A test runs on a thread that blocks signals, and a spawned child inherits the mask: unblocked here.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGTERM)
        sigaddset(&defaults, SIGPIPE)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var child: pid_t = 0
        let rc = posix_spawn(&child, "/usr/bin/env", &actions, &attributes, argv, environ)
        guard rc == 0 else { throw ServerError(description: "cannot start python3 (\(String(cString: strerror(rc))))") }
        pid = child
        // The server writes its port once it listens.
        var port: Int? = nil
        for _ in 0..<200 {
            if let text = try? String(contentsOfFile: portFile, encoding: .utf8), text.hasSuffix("\n") {
                port = Int(text.trimmingCharacters(in: .whitespacesAndNewlines))
                break
            }
            usleep(50_000)
        }
        guard let port else {
            kill(child, SIGKILL)
            var status: Int32 = 0
            waitpid(child, &status, 0)
            throw ServerError(description: "the test server did not start (python3 Tests/Fixtures/http-server.py): \((try? String(contentsOfFile: dir + "/server.err", encoding: .utf8)) ?? "")")
        }
        self.port = port
    }

    deinit {
        kill(pid, SIGKILL)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
    }

    func url(_ path: String) -> String { "\(tls ? "https" : "http")://127.0.0.1:\(port)\(path)" }

    func setLists(_ data: Data) throws { try data.write(to: URL(fileURLWithPath: listsFile)) }

    /// The requests received so far, oldest first: method, path, headers (lowercased names), body.
    var requests: [[String: Any]] {
        guard let text = try? String(contentsOfFile: logFile, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").compactMap { (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any] }
    }

    /// The bodies of the requests received, as sent.
    var bodies: [String] { requests.compactMap { $0["body"] as? String }.filter { !$0.isEmpty } }

    func header(_ request: [String: Any], _ name: String) -> String? { (request["headers"] as? [String: String])?[name] }

    /// A port nothing listens on (bound, then let go).
    static func closedPort() -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var addr = sockaddr_in()
        addr.sin_family = sa_family_t(AF_INET)
        addr.sin_addr.s_addr = inet_addr("127.0.0.1")
        addr.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafePointer(to: &addr) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) } }
        _ = withUnsafeMutablePointer(to: &addr) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) } }
        return Int(UInt16(bigEndian: addr.sin_port))
    }

    /// Community lists as the app publishes them: Hebrew and English entries.
    static let lists = Data(#"{"filter_lists":{"he":{"allow_sender":["Leumi"],"allow_body":[],"deny_sender":[],"deny_body":["הלוואה"]},"en":{"allow_sender":[],"allow_body":[],"deny_sender":["PROMO"],"deny_body":["free gift"]}}}"#.utf8)
    /// The same lists with one more English phrase.
    static let newerLists = Data(#"{"filter_lists":{"he":{"allow_sender":["Leumi"],"allow_body":[],"deny_sender":[],"deny_body":["הלוואה"]},"en":{"allow_sender":[],"allow_body":[],"deny_sender":["PROMO"],"deny_body":["free gift","casino"]}}}"#.utf8)
}

struct ServerError: Error, CustomStringConvertible { var description: String }
