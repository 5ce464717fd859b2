// Writing `.sfsfilters` files (docs/formats.md "The .sfsfilters file": "Export writes the same format,
// readable by the app"): what is written reads back as the same filters, and
// the JSON has the app's shape, checked with Foundation's own parser.
import Foundation
import SiftRules
import SiftText
import Testing

@Suite("SFSFilters.write")
struct SFSFiltersWriteTests {
    /// Filters in canonical form (as `FilterValidator` returns them), every kind and option.
    static let canonical: [Filter] = [
        filter(.deny, "Discount", .junk, .all, .contains, .insensitive, id: 1),
        filter(.deny, "WIN A PRIZE", .promotion, .body, .exact, .sensitive, id: 2),
        filter(.deny, #"bit\.ly/[a-z0-9]+"#, .transaction, .sender, .regex, .insensitive, id: 3),
        filter(.deny, "קופון \"50%\" off\\now", .transaction, .all, .contains, .insensitive, id: 4),
        filter(.deny, "🎁 gift / http://x.co/a?b=c&d", .promotion, .all, .contains, .sensitive, id: 5),
        filter(.deny, "line one\nline two", .junk, .body, .exact, .insensitive, id: 6),
        filter(.allow, "Mom", .junk, .sender, .exact, .insensitive, id: 7),
        filter(.allow, "(?i)^bank leumi", .junk, .body, .regex, .sensitive, id: 8),
        filter(.allow, "OTP", .junk, .all, .contains, .sensitive, id: 9),
        filter(.denyLanguage, "$lang:arabic", .junk, id: 10),
        filter(.denyLanguage, "$lang:chinese, simplified", .promotion, id: 11),
        filter(.denyLanguage, "$lang:chinese, traditional", .transaction, id: 12),
    ]

    static let exportedAt = ISO8601DateFormatter().date(from: "2026-11-01T10:00:00Z")!

    static func written(_ filters: [Filter] = canonical, at date: Date = exportedAt, appVersion: String = "msgsift 1.0") throws -> [String: Any] {
        let data = SFSFilters.write(filters, exportedAt: date, appVersion: appVersion)
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    @Test("round trip: what is written reads back as the same filters, in order")
    func roundTrip() throws {
        let data = SFSFilters.write(Self.canonical, exportedAt: Self.exportedAt, appVersion: "msgsift 1.0")
        let rows = try SFSFilters.read(data)
        #expect(rows.compactMap(\.error) == [])
        // Ids are not part of the file: rows come back with id 0.
        #expect(rows.compactMap(\.filter) == Self.canonical.map { var f = $0; f.id = 0; return f })
    }

    @Test("round trip of each filter alone", arguments: canonical)
    func roundTripOne(original: Filter) throws {
        let rows = try SFSFilters.read(SFSFilters.write([original], exportedAt: Self.exportedAt, appVersion: "1"))
        var expected = original
        expected.id = 0
        #expect(rows.count == 1)
        #expect(rows.first?.filter == expected)
    }

    @Test("round trip of the app's export: read, write, read gives the same filters")
    func appExportRoundTrip() throws {
        let first = try SFSFilters.read(fixture("valid/rules-app-export.sfsfilters")).compactMap(\.filter)
        #expect(first.count == 10)
        let second = try SFSFilters.read(SFSFilters.write(first, exportedAt: Self.exportedAt, appVersion: "1")).compactMap(\.filter)
        #expect(second == first)
    }

    @Test("an empty export is a valid file with no rows")
    func emptyExport() throws {
        let data = SFSFilters.write([], exportedAt: Self.exportedAt, appVersion: "1")
        #expect(try SFSFilters.read(data).isEmpty)
        let root = try Self.written([])
        #expect((root["filters"] as? [Any])?.isEmpty == true)
    }

    @Test("the header: format id, version 1, exportedAt, appVersion")
    func header() throws {
        let root = try Self.written()
        #expect(root["format"] as? String == "simply-filter-sms-filters")
        #expect((root["version"] as? NSNumber)?.intValue == 1)
        #expect(root["exportedAt"] as? String == "2026-11-01T10:00:00Z")
        #expect(root["appVersion"] as? String == "msgsift 1.0")
    }

    @Test("exportedAt is ISO-8601 in UTC, ending in Z, whole seconds", arguments: [
        (0.0, "1970-01-01T00:00:00Z"),
        (0.75, "1970-01-01T00:00:00Z"),
        (1_000_000_000.0, "2001-09-09T01:46:40Z"),
        (1_798_768_800.0, "2027-01-01T02:00:00Z"),
    ])
    func exportedAt(seconds: Double, expected: String) throws {
        let root = try Self.written(at: Date(timeIntervalSince1970: seconds))
        let stamp = try #require(root["exportedAt"] as? String)
        #expect(stamp == expected)
        #expect(stamp.hasSuffix("Z"))
        #expect(ISO8601DateFormatter().date(from: stamp) != nil)
    }

    @Test("every row has all six fields, as strings, allow rows included")
    func sixFields() throws {
        let root = try Self.written()
        let rows = try #require(root["filters"] as? [[String: Any]])
        #expect(rows.count == Self.canonical.count)
        for (row, f) in zip(rows, Self.canonical) {
            #expect(Set(row.keys) == ["text", "type", "folder", "target", "matching", "case"])
            #expect(row["text"] as? String == f.text)
            #expect(row["type"] as? String == f.type.rawValue)
            #expect(row["folder"] as? String == f.folder.rawValue)
            #expect(row["target"] as? String == f.target.rawValue)
            #expect(row["matching"] as? String == f.matching.rawValue)
            #expect(row["case"] as? String == f.caseSensitivity.rawValue)
        }
    }

    @Test("field values are spelled as the app spells them", arguments: [
        (filter(.denyLanguage, "$lang:arabic"), ["denyLanguage", "junk", "all", "contains", "insensitive"]),
        (filter(.deny, "x", .promotion, .sender, .exact, .sensitive), ["deny", "promotion", "sender", "exact", "sensitive"]),
        (filter(.allow, "y", .junk, .body, .regex, .insensitive), ["allow", "junk", "body", "regex", "insensitive"]),
        (filter(.deny, "z", .transaction), ["deny", "transaction", "all", "contains", "insensitive"]),
    ])
    func spelling(f: Filter, expected: [String]) throws {
        let root = try Self.written([f])
        let row = try #require((root["filters"] as? [[String: Any]])?.first)
        #expect(["type", "folder", "target", "matching", "case"].map { row[$0] as? String } == expected)
    }
}
