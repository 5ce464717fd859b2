// Test-only helpers for SiftRulesTests: fixture files and short filter builders.
import Foundation
import SiftRules
import SiftText

/// `Tests/Fixtures`, found from this file's path (the target declares no resources).
let fixturesDirectory = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures")

/// The bytes of `Tests/Fixtures/<path>`.
func fixture(_ path: String) throws -> Data {
    try Data(contentsOf: fixturesDirectory.appendingPathComponent(path))
}

/// A filter with every field spelled out; id 0 unless given.
func filter(_ type: FilterType, _ text: String, _ folder: Folder = .junk, _ target: Target = .all,
            _ matching: Matching = .contains, _ cs: CaseSensitivity = .insensitive, id: Int = 0) -> Filter {
    Filter(id: id, type: type, folder: folder, target: target, matching: matching, caseSensitivity: cs, text: text)
}

/// Data from a string literal.
func data(_ s: String) -> Data { Data(s.utf8) }

extension SFSFilters.Row {
    /// The filter of a row that was read, or nil.
    var filter: Filter? { try? result.get() }
    /// The reason a row was refused, or nil.
    var error: RuleError? {
        if case .failure(let e) = result { return e }
        return nil
    }
}

/// One `.sfsfilters` row as the app writes it, all six fields.
func sfsRow(_ text: String, _ type: String = "deny", folder: String = "junk", target: String = "all",
            matching: String = "contains", caseSensitivity: String = "insensitive") -> [String: Any] {
    ["text": text, "type": type, "folder": folder, "target": target, "matching": matching, "case": caseSensitivity]
}

/// A version-1 `.sfsfilters` file holding `rows`.
func sfsFile(_ rows: [Any], version: Any = 1, format: Any = SFSFilters.formatID) throws -> Data {
    let root: [String: Any] = [
        "format": format, "version": version, "exportedAt": "2026-11-01T10:00:00Z",
        "appVersion": "3.1.0", "filters": rows,
    ]
    return try JSONSerialization.data(withJSONObject: root)
}

extension RuleError {
    /// The problem's case and data as Swift prints them (`invalidRegex(pattern: "(", reason: …)`),
    /// for tests that look for a kind or a value in it: the words are the command line's.
    var facts: String { String(describing: self) }
}
