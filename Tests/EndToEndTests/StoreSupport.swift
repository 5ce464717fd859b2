// A fresh rule store per test: XDG_DATA_HOME points at a new temporary
// folder (and MSGSIFT_DB is blanked), so no test ever touches a real store.
import Foundation
import Testing
import TestSupport

struct StoreSession {
    let home: String
    var storePath: String { home + "/msgsift/rules.db" }
    var environment: [String: String] { ["XDG_DATA_HOME": home, "MSGSIFT_DB": "", "MSGSIFT_LOCK_TIMEOUT": "10"] }

    init() throws {
        home = Scratch.folder.appendingPathComponent("msgsift-store-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
    }

    /// Runs msgsift against this session's store.
    @discardableResult
    func run(_ args: [String], stdin: String = "", env: [String: String] = [:]) throws -> RunResult {
        try Harness.run(args, stdin: Data(stdin.utf8), environment: environment.merging(env) { _, new in new })
    }

    /// Runs a command that must succeed; returns its stdout.
    @discardableResult
    func ok(_ args: [String], stdin: String = "", sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let r = try run(args, stdin: stdin)
        #expect(r.status == 0, "\(args): \(r.err)", sourceLocation: sourceLocation)
        return r.out
    }

    /// `filter list --json` as objects.
    func filters() throws -> [[String: Any]] {
        let r = try run(["filter", "list", "--json"])
        return (try? JSONSerialization.jsonObject(with: r.stdout)) as? [[String: Any]] ?? []
    }

    /// The filters of `export`, without the export time.
    func exportedFilters(_ extra: [String] = []) throws -> NSArray {
        let r = try run(["export"] + extra)
        let root = (try? JSONSerialization.jsonObject(with: r.stdout)) as? [String: Any]
        return root?["filters"] as? NSArray ?? []
    }

    /// The verdicts of `classify` for NDJSON input, as (action, stage, reason).
    func verdicts(_ input: String, _ extra: [String] = []) throws -> [String] {
        let r = try run(["classify"] + extra, stdin: input)
        #expect(r.status == 0, "\(r.err)")
        return r.objects.map { o in
            [o["action"] as? String, o["stage"] as? String, o["reason"] as? String].map { $0 ?? "-" }.joined(separator: " ")
        }
    }

    /// Bytes of the store file, empty when missing.
    var storeBytes: Data { (try? Data(contentsOf: URL(fileURLWithPath: storePath))) ?? Data() }
    var storeExists: Bool { FileManager.default.fileExists(atPath: storePath) }
}

/// A .sfsfilters file with these rows (each a JSON object text).
func sfsfilters(_ rows: [String], version: Int = 1) -> Data {
    Data(#"{"format":"simply-filter-sms-filters","version":\#(version),"exportedAt":"2026-01-01T00:00:00Z","appVersion":"3.1.0","filters":[\#(rows.joined(separator: ","))]}"#.utf8)
}

/// One .sfsfilters row.
func row(_ text: String, _ type: String = "deny", folder: String = "junk", target: String = "all", matching: String = "contains", case c: String = "insensitive") -> String {
    let t = String(decoding: try! JSONSerialization.data(withJSONObject: [text], options: .withoutEscapingSlashes), as: UTF8.self).dropFirst().dropLast()
    return #"{"text":\#(t),"type":"\#(type)","folder":"\#(folder)","target":"\#(target)","matching":"\#(matching)","case":"\#(c)"}"#
}
