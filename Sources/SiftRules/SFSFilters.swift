// The app's filter exchange file (docs/formats.md "The .sfsfilters file"):
//   {"format":"simply-filter-sms-filters","version":1,"exportedAt":"…","appVersion":"…",
//    "filters":[{"text":…,"type":…,"folder":…,"target":…,"matching":…,"case":…}]}
// Every field is required on every row, allow rows included, as the app
// writes and reads them. A row with a field missing, null or of an unknown
// value is refused alone: rows come back one by one, each a filter or the
// reason it was refused. What the app's decoder (its FilterExportPayload)
// cannot read at all fails the whole file, as it does there: no `exportedAt`
// date or `appVersion` string, a row that is not an object, a field of a row
// that is neither a string nor null.
import Foundation
import SiftText

/// Reading and writing `.sfsfilters` files.
public enum SFSFilters {
    /// The format id the app writes.
    public static let formatID = "simply-filter-sms-filters"
    /// The newest version this build reads and the one it writes.
    public static let version = 1

    /// One row of a file: a validated filter (id 0, to be numbered by the caller) or why not.
    public struct Row: Sendable {
        /// 1-based position of the row in the file's `filters` array.
        public var index: Int
        public var result: Result<Filter, RuleError>
    }

    /// Reads a file's rows. Throws when the data is not this format (a header field or a
    /// row's shape included) or is a newer version.
    public static func read(_ data: Data) throws(RuleError) -> [Row] {
        let data = FoundationJSON.keepingByteOrderMarks(data)
        let object: Any
        do { object = try JSONSerialization.jsonObject(with: data) } catch {
            throw .notSFSFilters(.json(FoundationJSON.whyNot(error)))
        }
        guard let root = object as? [String: Any] else { throw .notSFSFilters(.topLevelNotObject) }
        guard root["format"] as? String == formatID else {
            throw .notSFSFilters(.format)
        }
        // JSONDecoder, not `as? NSNumber`: a JSON `true` must not read as version 1.
        struct Header: Decodable { let version: Int }
        guard root["version"] != nil else { throw .notSFSFilters(.versionMissing) }
        guard let version = try? JSONDecoder().decode(Header.self, from: data).version else {
            throw .notSFSFilters(.versionNotWhole)
        }
        guard version <= Self.version else {
            throw .newerSFSFilters(version: version, newest: Self.version)
        }
        guard version >= 1 else { throw .notSFSFilters(.version(version)) }
        try checkStamp(root)
        guard let rows = root["filters"] as? [Any] else { throw .notSFSFilters(.filtersNotArray) }
        for (i, raw) in rows.enumerated() { try checkShape(raw, row: i + 1) }
        return rows.enumerated().map { i, raw in
            Row(index: i + 1, result: Result { () throws(RuleError) -> Filter in try parseRow(raw) })
        }
    }

    /// `exportedAt` and `appVersion`, which the app requires: a date as JSONDecoder's
    /// `.iso8601` reads one (the app's strategy; this Foundation also takes fractional
    /// seconds, which an older Apple Foundation may refuse) and a string.
    private static func checkStamp(_ root: [String: Any]) throws(RuleError) {
        let missing = ["exportedAt", "appVersion"].filter { root[$0] == nil }
        if !missing.isEmpty { throw .notSFSFilters(.stampMissing(missing)) }
        guard let text = root["exportedAt"] as? String else { throw .notSFSFilters(.notString("exportedAt")) }
        struct Stamp: Decodable { let at: Date }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        guard let data = try? JSONSerialization.data(withJSONObject: ["at": text]),
              (try? decoder.decode(Stamp.self, from: data)) != nil else {
            throw .notSFSFilters(.exportedAtNotDate(text))
        }
        guard root["appVersion"] is String else { throw .notSFSFilters(.notString("appVersion")) }
    }

    /// A row the app's decoder reads: an object whose fields are strings or null (a missing
    /// or null field makes the row invalid, which is skipped; another type fails the file).
    private static func checkShape(_ raw: Any, row: Int) throws(RuleError) {
        guard let object = raw as? [String: Any] else { throw .notSFSFilters(.rowNotObject(row: row)) }
        for key in ["text", "type", "folder", "target", "matching", "case"] {
            if let value = object[key], !(value is String), !(value is NSNull) {
                throw .notSFSFilters(.rowFieldNotString(row: row, key: key))
            }
        }
    }

    private static func parseRow(_ raw: Any) throws(RuleError) -> Filter {
        // `checkShape` refused the file for a row of another shape.
        guard let row = raw as? [String: Any] else { throw .rowNotObject }
        func field<E: RawRepresentable>(_ key: String, _: E.Type) throws(RuleError) -> E where E.RawValue == String, E: CaseIterable {
            guard let s = row[key] as? String else { throw .rowFieldMissing(key: key) }
            guard let e = E(rawValue: s) else { throw .rowFieldValue(key: key, value: s, allowed: E.allCases.map(\.rawValue)) }
            return e
        }
        guard var text = row["text"] as? String else { throw .rowFieldMissing(key: "text") }
        let type = try field("type", FilterType.self)
        if type == .denyLanguage {
            // Read as the app reads it (`NLLanguage(filterText:)`): the second of the pieces
            // between `:`s, empty pieces dropped, must be a language's lowercased English name
            // (`$lang:arabic`; `$lang::arabic` and `x:arabic` too). `ar`, `Arabic`,
            // `$lang:Arabic` and `:arabic` name no language to the app, so its filter never
            // matches there: such a row is invalid here.
            let parts = text.trimmingWhitespace().split(separator: ":")
            let name = parts.count > 1 ? String(parts[1]) : ""
            guard let language = Language.allCases.first(where: { $0.englishName == name }) else {
                throw .appLanguageText(text)
            }
            text = "$lang:" + language.englishName
        }
        let filter = Filter(
            id: 0,
            type: type,
            folder: try field("folder", Folder.self),
            target: try field("target", Target.self),
            matching: try field("matching", Matching.self),
            caseSensitivity: try field("case", CaseSensitivity.self),
            text: text)
        return try FilterValidator.validate(filter)
    }

    /// The file for `filters`, in the app's format, rows in the order given.
    public static func write(_ filters: [Filter], exportedAt: Date, appVersion: String) -> Data {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        let rows: [[String: Any]] = filters.map { f in
            [
                "text": f.text,
                "type": f.type.rawValue,
                "folder": f.folder.rawValue,
                "target": f.target.rawValue,
                "matching": f.matching.rawValue,
                "case": f.caseSensitivity.rawValue,
            ]
        }
        let root: [String: Any] = [
            "format": formatID,
            "version": version,
            "exportedAt": formatter.string(from: exportedAt),
            "appVersion": appVersion,
            "filters": rows,
        ]
        let data = (try? JSONSerialization.data(withJSONObject: root, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])) ?? Data()
        return data + Data("\n".utf8)
    }
}

/// Reading community lists (docs/judging.md "Community lists"):
/// `{"filter_lists": {"he": {"allow_sender": [], "allow_body": [], "deny_sender": [], "deny_body": []}, …}}`.
public enum CommunityListFile {
    /// The lists by language, and the language keys that were not understood.
    public static func read(_ data: Data) throws(RuleError) -> (lists: [Language: CommunityList], unknownLanguages: [String]) {
        let r = try readReporting(data)
        return (r.lists, r.unknownLanguages)
    }

    /// The four lists a language holds.
    static let listNames: Set<String> = ["allow_sender", "allow_body", "deny_sender", "deny_body"]

    /// `read`, and what it left out inside the known languages, one note each (a member
    /// that is no list, entries that are not strings), for the commands to warn about: a
    /// misspelt key would otherwise drop a list unsaid.
    public static func readReporting(_ data: Data) throws(RuleError) -> (lists: [Language: CommunityList], unknownLanguages: [String], ignored: [RuleNote]) {
        // A file of the common shape (every list an array of strings) is read the
        // fast way; anything else takes the general path below, which says what is wrong.
        let fast = data.withUnsafeBytes { CommunityListReader.read($0) }
        if let fast {
            var lists: [Language: CommunityList] = [:]
            var unknown: [String] = []
            var ignored: [RuleNote] = []
            for (key, entry) in fast.sorted(by: { $0.key < $1.key }) {
                guard let language = Language(codeOrName: key) else { unknown.append(key); continue }
                for name in entry.keys.sorted() where !listNames.contains(name) { ignored.append(.notAList(language: key, name: name)) }
                // Two keys naming one language (`he`, `hebrew`) add up rather than overwrite.
                var list = lists[language] ?? CommunityList()
                list.allowSender += entry["allow_sender"] ?? []
                list.allowBody += entry["allow_body"] ?? []
                list.denySender += entry["deny_sender"] ?? []
                list.denyBody += entry["deny_body"] ?? []
                lists[language] = list
            }
            return (lists, unknown, ignored)
        }
        return try readGeneral(data)
    }

    private static func readGeneral(_ data: Data) throws(RuleError) -> (lists: [Language: CommunityList], unknownLanguages: [String], ignored: [RuleNote]) {
        let object: Any
        do { object = try FoundationJSON.object(with: data) } catch {
            throw .listsNotJSON(FoundationJSON.whyNot(error))
        }
        guard let root = object as? [String: Any], let byLanguage = root["filter_lists"] as? [String: Any] else {
            throw .listsWithoutFilterLists
        }
        var lists: [Language: CommunityList] = [:]
        var unknown: [String] = []
        var ignored: [RuleNote] = []
        for key in byLanguage.keys.sorted() {
            guard let language = Language(codeOrName: key) else { unknown.append(key); continue }
            guard let entry = byLanguage[key] as? [String: Any] else {
                throw .listNotObject(language: key)
            }
            for name in entry.keys.sorted() where !listNames.contains(name) { ignored.append(.notAList(language: key, name: name)) }
            func strings(_ name: String) throws(RuleError) -> [String] {
                guard let value = entry[name] else { return [] }
                guard let array = value as? [Any] else { throw .listNotArray(language: key, list: name) }
                // Entries are kept exactly as published (docs/judging.md "Community lists": no trimming).
                let kept = array.compactMap { $0 as? String }
                if kept.count < array.count {
                    ignored.append(.entriesNotStrings(language: key, list: name, count: array.count - kept.count))
                }
                return kept
            }
            // Two keys naming one language (`he`, `hebrew`) add up rather than overwrite.
            var list = lists[language] ?? CommunityList()
            list.allowSender += try strings("allow_sender")
            list.allowBody += try strings("allow_body")
            list.denySender += try strings("deny_sender")
            list.denyBody += try strings("deny_body")
            lists[language] = list
        }
        return (lists, unknown, ignored)
    }
}

/// JSON read through Foundation with every character kept.
public enum FoundationJSON {
    /// `data` for `JSONSerialization` and `JSONDecoder`, which on Linux drop a U+FEFF
    /// written as raw UTF-8 at the start of a string (`"\u{FEFF}WIN"` read as `"WIN"`: an
    /// import of its own export added a broader filter). A byte-order mark at the start
    /// of the file is dropped; every other raw U+FEFF is written as the escape `\ufeff`,
    /// the same character in a string (and, as outside one, no JSON).
    public static func keepingByteOrderMarks(_ data: Data) -> Data {
        let bytes = [UInt8](data)      // one copy; Data's own search costs ~70 instructions a byte
        let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        var out: [UInt8] = []
        var copied = start
        var i = start
        while let lead = bytes[i...].firstIndex(of: 0xEF) {
            i = lead + 1
            guard lead + 2 < bytes.count, bytes[lead + 1] == 0xBB, bytes[lead + 2] == 0xBF else { continue }
            // After an odd run of backslashes it is an escape's character, no JSON: left for
            // Foundation to refuse (`\\ufeff` would be valid, and another text).
            var slashes = 0
            while lead - slashes > start && bytes[lead - slashes - 1] == 0x5C { slashes += 1 }
            if slashes % 2 == 1 { continue }
            out.append(contentsOf: bytes[copied..<lead])
            out.append(contentsOf: #"\ufeff"#.utf8)
            copied = lead + 3
            i = copied
        }
        if copied == start { return start == 0 ? data : Data(bytes[start...]) }
        out.append(contentsOf: bytes[copied...])
        return Data(out)
    }

    /// Why `JSONSerialization` refused a file: not valid JSON, unless the JSON is valid and
    /// holds a number no Swift number can hold (`1e400`), which it refuses too (as the app's
    /// `JSONDecoder` does), and which deserves its own words.
    public static func whyNot(_ error: any Error) -> JSONProblem {
        let detail = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? ""
        if detail.hasPrefix("Number "), detail.hasSuffix(" is not representable in Swift.") {
            let number = detail.dropFirst(7).dropLast(31)
            return .numberOutOfRange(shown: String(number.count > 40 ? number.prefix(40) + "…" : number))
        }
        return .invalid
    }

    /// `JSONSerialization.jsonObject(with:)` of `keepingByteOrderMarks(data)`.
    public static func object(with data: Data) throws -> Any {
        try JSONSerialization.jsonObject(with: keepingByteOrderMarks(data))
    }
}
