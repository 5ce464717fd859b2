// Test-only helpers: fresh store paths in a temporary folder, file bytes.
import Foundation
@testable import SiftStore
import SiftRules
import TestSupport

/// A path for a store that does not exist yet, in a folder of its own.
func freshStorePath(_ name: String = "rules.db") -> String {
    let dir = Scratch.folder.appendingPathComponent("siftstore-test-\(UUID().uuidString)")
    return dir.appendingPathComponent(name).path
}

/// The bytes of a file (empty when missing).
func bytes(_ path: String) -> Data { (try? Data(contentsOf: URL(fileURLWithPath: path))) ?? Data() }

/// A deny filter with defaults, for brevity.
func deny(_ text: String, _ folder: Folder = .junk, target: Target = .all, matching: Matching = .contains,
          case c: CaseSensitivity = .insensitive) -> Filter {
    Filter(id: 0, type: .deny, folder: folder, target: target, matching: matching, caseSensitivity: c, text: text)
}

/// The rows of a .sfsfilters file made of these filters.
func rows(_ filters: [Filter]) throws -> [SFSFilters.Row] {
    try SFSFilters.read(SFSFilters.write(filters, exportedAt: Date(timeIntervalSince1970: 0), appVersion: "test"))
}

/// Filters without ids, for comparing contents.
func contents(_ filters: [StoredFilter]) -> [Filter] {
    filters.map { var f = $0.filter; f.id = 0; return f }
}
