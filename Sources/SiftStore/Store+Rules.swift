// The store's smart rules and community lists (Store.swift holds opening,
// loading a run's rules, filters, .sfsfilters import and languages).
import Foundation
import SiftRules
import SiftText

extension Store {
    // MARK: Smart rules

    /// Which smart rules are on, with their stored values (also those of rules that are off).
    public func smartRules() throws -> (settings: SmartRuleSettings, warnings: [RuleNote]) {
        guard hasTables else { return (SmartRuleSettings(), []) }
        return try database.readTransaction { try readSmartRules() }
    }

    func readSmartRules() throws(StoreError) -> (SmartRuleSettings, [RuleNote]) {
        var settings = SmartRuleSettings()
        var warnings: [RuleNote] = []
        let rows = try database.query("SELECT name, enabled, value, countries FROM smart_rule ORDER BY name") { r throws(StoreError) in
            (r.text(0) ?? "", r.int(1) != 0, r.isNull(2) ? nil : r.int(2), r.text(3))
        }
        for (name, enabled, value, countries) in rows {
            guard let rule = SmartRule(rawValue: name) else {
                warnings.append(.unknownStoredRule(name))
                continue
            }
            if enabled { settings.enabled.insert(rule) }
            if rule == .shortSender, let value {
                do { settings.shortSenderMaximum = try SmartRuleValidator.shortSenderMaximum(String(value)) } catch {
                    warnings.append(.storedShortSender(error, using: settings.shortSenderMaximum))
                }
            }
            if rule == .countryAllowlist, let countries {
                do { settings.allowedCallingCodes = try SmartRuleValidator.callingCodes(countries) } catch {
                    warnings.append(.storedCallingCodes(error))
                }
            }
        }
        return (settings, warnings)
    }

    /// Turns `rule` on. `shortSenderMaximum` (3–6) only for short-sender,
    /// `callingCodes` (canonical, from `SmartRuleValidator.callingCodes`) only
    /// for country-allowlist; nil keeps the stored value. Returns the settings after.
    public func enable(_ rule: SmartRule, shortSenderMaximum: Int? = nil, callingCodes: [String]? = nil) throws -> SmartRuleSettings {
        if shortSenderMaximum != nil && rule != .shortSender { throw RuleError.takesNoValue(rule) }
        if callingCodes != nil && rule != .countryAllowlist { throw RuleError.takesNoCallingCodes(rule) }
        if let n = shortSenderMaximum { _ = try SmartRuleValidator.shortSenderMaximum(String(n)) }
        let codes = try callingCodes.map { try SmartRuleValidator.callingCodes($0.joined(separator: ",")) }
        if let codes, codes.isEmpty { throw RuleError.noCallingCodes }
        return try database.writeTransaction {
            let (before, _) = try readSmartRules()
            if rule == .countryAllowlist && codes == nil && before.allowedCallingCodes.isEmpty {
                throw RuleError.callingCodesNeeded
            }
            try database.run("""
                INSERT INTO smart_rule (name, enabled, value, countries) VALUES (?, 1, ?, ?)
                ON CONFLICT (name) DO UPDATE SET enabled = 1, value = coalesce(excluded.value, value), countries = coalesce(excluded.countries, countries)
                """, [.text(rule.rawValue), shortSenderMaximum.map { .integer(Int64($0)) } ?? .null,
                      codes.map { .text($0.joined(separator: ",")) } ?? .null])
            return try readSmartRules().0
        }
    }

    /// Turns `rule` off, keeping its values for the next `enable`. Returns whether it was on.
    public func disable(_ rule: SmartRule) throws -> Bool {
        try database.writeTransaction {
            try database.run("UPDATE smart_rule SET enabled = 0 WHERE name = ? AND enabled = 1", [.text(rule.rawValue)]) > 0
        }
    }

    // MARK: Community lists

    /// The imported lists, nil when none were imported.
    public func importedLists() throws -> ImportedLists? {
        guard hasTables else { return nil }
        return try database.readTransaction { try readLists() }
    }

    /// The stored community-list file as it was imported.
    private func storedListsContent() throws(StoreError) -> Data {
        Data(try database.query("SELECT content FROM community_lists WHERE id = 1") { r throws(StoreError) in r.blob(0) ?? [] }.first ?? [])
    }

    /// What a community-list file holds under `languages`, to compare (nil if it cannot be read).
    private static func lists(of languages: [String], in data: Data) -> NSDictionary? {
        guard !languages.isEmpty else { return [:] }
        guard let root = (try? FoundationJSON.object(with: data)) as? [String: Any],
              let lists = root["filter_lists"] as? [String: Any] else { return nil }
        return lists.filter { languages.contains($0.key) } as NSDictionary
    }

    func readLists() throws -> ImportedLists? {
        let rows = try database.query("SELECT content, sha256, imported_at FROM community_lists WHERE id = 1") { r throws(StoreError) in
            (r.blob(0) ?? [], r.text(1) ?? "", r.text(2) ?? "")
        }
        guard let (content, hash, at) = rows.first else { return nil }
        let parsed: (lists: [Language: CommunityList], unknownLanguages: [String])
        do { parsed = try CommunityListFile.read(Data(content)) } catch {
            throw StoreError(.listsUnreadable(error), path: path)
        }
        return ImportedLists(lists: parsed.lists, unknownLanguages: parsed.unknownLanguages, sha256: hash, importedAt: at,
                             byteCount: content.count, source: try readListsSource())
    }

    /// Where the stored lists were fetched from; nil when they came from a file,
    /// or when none are stored. A store older than schema 3 has no such record.
    func readListsSource() throws(StoreError) -> ListsSource? {
        guard schemaVersion >= 3 else { return nil }
        let rows = try database.query("SELECT source_url, etag, last_modified, fetched_at FROM community_lists WHERE id = 1") { r throws(StoreError) in
            (r.text(0), r.text(1), r.text(2), r.text(3))
        }
        guard let (url, etag, lastModified, fetchedAt) = rows.first, let url, let fetchedAt else { return nil }
        return ListsSource(url: url, etag: etag, lastModified: lastModified, fetchedAt: fetchedAt)
    }

    /// Where the stored lists were fetched from (see `readListsSource`).
    public func listsSource() throws -> ListsSource? {
        guard hasTables else { return nil }
        return try database.readTransaction { try readListsSource() }
    }

    /// The languages whose community lists take part, in docs/judging.md "Languages" order.
    public func listLanguages() throws -> [Language] {
        guard hasTables else { return [] }
        return try database.readTransaction { try enabledListLanguages() }
    }

    func enabledListLanguages() throws(StoreError) -> [Language] {
        try database.query("SELECT code FROM community_language WHERE enabled = 1") { r throws(StoreError) in
            Language(codeOrName: r.text(0) ?? "")
        }.compactMap { $0 }.sorted()
    }

    /// Stores a community-list file (validated with `CommunityListFile.read`),
    /// replacing the lists imported before. Languages keep their on/off state.
    /// The same bytes again change nothing. `source`: where the lists were
    /// fetched (`lists update`), written with them in the same transaction, and
    /// over the lists already stored when the content is the same; nil for a
    /// file, whose new content clears the record of a fetch.
    public func importLists(_ data: Data, source: ListsSource? = nil) throws -> ListsImportResult {
        let parsed = try CommunityListFile.read(data)
        let hash = SHA256.hex(data)
        return try database.writeTransaction {
            let old = try readLists()
            // The same content, byte for byte or written otherwise (spacing, key order), the
            // lists of languages msgsift does not read included (a later version may).
            if let old {
                var same = old.sha256 == hash
                if !same && old.lists == parsed.lists && Set(old.unknownLanguages) == Set(parsed.unknownLanguages) {
                    let stored = try storedListsContent()
                    same = Self.lists(of: parsed.unknownLanguages, in: stored) == Self.lists(of: parsed.unknownLanguages, in: data)
                }
                if same {
                    guard let source else { return .unchanged(old) }
                    try writeSource(source)
                    return .unchanged(try readLists()!)
                }
            }
            try database.run("""
                INSERT INTO community_lists (id, content, sha256, imported_at) VALUES (1, ?, ?, ?)
                ON CONFLICT (id) DO UPDATE SET content = excluded.content, sha256 = excluded.sha256, imported_at = excluded.imported_at
                """, [.blob(Array(data)), .text(hash), .text(Self.timestamp())])
            try writeSource(source)
            return .imported(try readLists()!, replaced: old?.sha256)
        }
    }

    /// Records that the stored lists are still those at `source` (an HTTP 304): its
    /// validators and fetch time replace the ones stored. False, and nothing written,
    /// when no lists are stored.
    public func confirmLists(_ source: ListsSource) throws -> Bool {
        try database.writeTransaction {
            guard try readLists() != nil else { return false }
            try writeSource(source)
            return true
        }
    }

    private func writeSource(_ source: ListsSource?) throws(StoreError) {
        try database.run("UPDATE community_lists SET source_url = ?, etag = ?, last_modified = ?, fetched_at = ? WHERE id = 1", [
            source.map { .text($0.url) } ?? .null, source?.etag.map { .text($0) } ?? .null,
            source?.lastModified.map { .text($0) } ?? .null, source.map { .text($0.fetchedAt) } ?? .null,
        ])
    }

    /// Turns the community lists of `languages` on or off.
    public func setListLanguages(_ languages: [Language], enabled: Bool) throws {
        try database.writeTransaction {
            for l in languages {
                try database.run("""
                    INSERT INTO community_language (code, enabled) VALUES (?, ?)
                    ON CONFLICT (code) DO UPDATE SET enabled = excluded.enabled
                    """, [.text(l.rawValue), .integer(enabled ? 1 : 0)])
            }
        }
    }
}
