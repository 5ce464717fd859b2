// Runs the built msgsift binary the way a user does: arguments, stdin bytes,
// and what comes back on stdout, stderr and the exit status.
import Foundation
import TestSupport

struct RunResult {
    var status: Int32
    var stdout: Data
    var stderr: Data
    var out: String { String(decoding: stdout, as: UTF8.self) }
    var err: String { String(decoding: stderr, as: UTF8.self) }
    var lines: [String] { out.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init) }
    /// stdout parsed as NDJSON objects.
    var objects: [[String: Any]] {
        lines.map { (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any] ?? ["unparsable": $0] }
    }
}

enum Harness {
    /// The package root, from this file's path.
    static let root: URL = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The msgsift binary next to the test bundle.
    static let binary: URL = {
        let exe = URL(fileURLWithPath: (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0])
        var dir = exe.deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = dir.appendingPathComponent("msgsift")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            dir = dir.deletingLastPathComponent()
        }
        return root.appendingPathComponent(".build/debug/msgsift")
    }()

    static func path(_ relative: String) -> String { root.appendingPathComponent(relative).path }

    /// A data folder of this test process's own, so no test reads or writes a real rule store.
    static let isolatedDataHome: String = {
        let url = Scratch.folder.appendingPathComponent("msgsift-test-data-\(ProcessInfo.processInfo.processIdentifier)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url.path
    }()

    /// A child that exits without reading its stdin (a usage error, say) must not kill the
    /// test process with SIGPIPE while the harness is still writing to it.
    static let ignoreBrokenPipes: Void = { signal(SIGPIPE, SIG_IGN) }()

    /// Runs msgsift with `args` in the package root, feeding `stdin`.
    static func run(_ args: [String], stdin: Data = Data(), environment: [String: String] = [:]) throws -> RunResult {
        _ = ignoreBrokenPipes
        let p = Process()
        p.executableURL = binary
        p.arguments = args
        p.currentDirectoryURL = root
        var env = ProcessInfo.processInfo.environment
        // Never the developer's real store: an empty data folder unless the test names one.
        env["MSGSIFT_DB"] = nil
        env["XDG_DATA_HOME"] = isolatedDataHome
        for (k, v) in environment { env[k] = v }
        p.environment = env
        let input = Pipe(), output = Pipe(), error = Pipe()
        p.standardInput = input; p.standardOutput = output; p.standardError = error
        try p.run()
        // Feed stdin and drain both outputs concurrently so large data cannot deadlock.
        let outBox = DataBox(), errBox = DataBox()
        let group = DispatchGroup()
        DispatchQueue.global().async(group: group) { outBox.set(output.fileHandleForReading.readDataToEndOfFile()) }
        DispatchQueue.global().async(group: group) { errBox.set(error.fileHandleForReading.readDataToEndOfFile()) }
        DispatchQueue.global().async(group: group) {
            try? input.fileHandleForWriting.write(contentsOf: stdin)
            try? input.fileHandleForWriting.close()
        }
        group.wait()
        p.waitUntilExit()
        return RunResult(status: p.terminationStatus, stdout: outBox.get(), stderr: errBox.get())
    }

    static func run(_ args: [String], stdin: String) throws -> RunResult {
        try run(args, stdin: Data(stdin.utf8))
    }

    /// Runs a bash script (pipelines, `$(printf …)` file names, `${PIPESTATUS[0]}`); its
    /// stdout and stderr, read to their ends.
    static func bash(_ script: String) throws -> (out: String, err: String) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/bash")
        p.arguments = ["-c", script]
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        try p.run()
        let errBox = DataBox()
        let group = DispatchGroup()
        DispatchQueue.global().async(group: group) { errBox.set(err.fileHandleForReading.readDataToEndOfFile()) }
        let data = out.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        p.waitUntilExit()
        return (String(decoding: data, as: UTF8.self), String(decoding: errBox.get(), as: UTF8.self))
    }

    /// A temporary file holding `data`.
    static func temp(_ data: Data, suffix: String) throws -> String {
        let url = Scratch.folder.appendingPathComponent("msgsift-test-\(UUID().uuidString)\(suffix)")
        try data.write(to: url)
        return url.path
    }

    /// The command line of samples/README.md.
    static let sampleRules = ["--no-db", "--filters", "samples/rules.sfsfilters", "--lists", "samples/lists.json",
                              "--lists-languages", "he,en", "--rule", "links", "--rule", "short-sender=5", "--rule", "email",
                              "--rule", "emojis", "--rule", "country-allowlist=+972,+1,+44"]
}

/// NDJSON lines compared as JSON values (key order and escaping aside).
func sameJSONLines(_ a: [String], _ b: [String]) -> Bool {
    guard a.count == b.count else { return false }
    for (x, y) in zip(a, b) {
        guard let ox = try? JSONSerialization.jsonObject(with: Data(x.utf8)) as? NSDictionary,
              let oy = try? JSONSerialization.jsonObject(with: Data(y.utf8)) as? NSDictionary, ox == oy else { return false }
    }
    return true
}

/// Data handed from a reader thread to the test, behind a lock.
extension Harness {
    /// Runs msgsift on `args` with stdin a pipe that `feed` writes to (then closes), stdout
    /// read meanwhile, stderr dropped: how tests make its reads end where they choose.
    static func piped(_ args: [String], feed: (FileHandle) -> Void) throws -> (status: Int32, out: String) {
        _ = ignoreBrokenPipes
        let p = Process()
        p.executableURL = binary
        p.arguments = args
        p.environment = ["XDG_DATA_HOME": isolatedDataHome, "PATH": "/usr/bin:/bin"]
        let stdin = Pipe(), stdout = Pipe()
        p.standardInput = stdin
        p.standardOutput = stdout
        p.standardError = FileHandle.nullDevice
        try p.run()
        let box = DataBox()
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            box.set(stdout.fileHandleForReading.readDataToEndOfFile())
            done.signal()
        }
        feed(stdin.fileHandleForWriting)
        try? stdin.fileHandleForWriting.close()
        done.wait()
        p.waitUntilExit()
        return (p.terminationStatus, String(decoding: box.get(), as: UTF8.self))
    }
}

final class DataBox: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()
    func set(_ d: Data) { lock.lock(); data = d; lock.unlock() }
    func get() -> Data { lock.lock(); defer { lock.unlock() }; return data }
}
