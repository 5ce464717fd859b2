// `msgsift lists import|enable|disable|status`: community lists (docs/judging.md "Community lists")
// in the store (`lists update`, which fetches them: ListsUpdate.swift). Imported lists are
// off until their languages are turned on.
import Foundation
import SiftRules
import SiftStore
import SiftText

enum ListsCommands {
    struct ImportConfig: StoreConfig {
        var db: String?
        var file: String?
    }

    static func importFile(_ args: ArraySlice<String>, db: String?) throws -> Int32 {
        try runStoreCommand(args, db: db, name: "lists import", flags: [], config: ImportConfig(), positional: { c, arg in
                guard c.file == nil else { throw UsageError("import one file") }
                c.file = arg
            }) { c in
            guard let path = c.file else { throw UsageError("give the list file: msgsift lists import lists.json") }
            let data = try readFile(path)
            let ignored: [RuleNote]
            do { ignored = try CommunityListFile.readReporting(data).ignored } catch { throw RuntimeError("\(path): \(ruleWords(error)); nothing was imported") }
            for note in ignored { warn("\(path): \(note.words)") }
            let store = try StoreAccess.writer(c.db)
            try show(try store.importLists(data), origin: path, in: store, fetched: false)
            return 0
        }
    }

    /// What an import did (`lists import`, `lists update`), on stdout; `origin` names the file or URL in
    /// warnings. `fetched`: the fetch was recorded even when the lists are unchanged.
    static func show(_ result: ListsImportResult, origin: String, in store: Store, fetched: Bool) throws {
        switch result {
        case .unchanged(let lists):
            if !fetched { nothingChanged() }
            print("unchanged (sha256 \(lists.sha256.prefix(12)), imported \(lists.importedAt))")
        case .imported(let lists, let replaced):
            let counts = Language.allCases.compactMap { l in lists.lists[l].map { "\(l.rawValue) \($0.count)" } }
            print("imported \(counts.isEmpty ? "no entries" : counts.joined(separator: ", ")) (sha256 \(lists.sha256.prefix(12))\(replaced.map { ", replaces \($0.prefix(12))" } ?? ""))")
            if !lists.unknownLanguages.isEmpty { warn("\(origin): lists of unknown languages ignored: \(lists.unknownLanguages.map(shownName).joined(separator: ", "))") }
            let on = try store.listLanguages()
            if on.isEmpty {
                // The hint names a language with entries (an empty or absent one would do nothing).
                if let first = Language.allCases.first(where: { (lists.lists[$0]?.count ?? 0) > 0 }) {
                    print("no language is on yet: msgsift lists enable \(first.rawValue)")
                } else {
                    print("no language is on yet, and none of the file's has entries")
                }
            } else {
                print("on: \(on.map(\.rawValue).joined(separator: ", "))")
            }
        }
    }

    struct ToggleConfig: StoreConfig {
        var db: String?
        var languages: [Language] = []
    }

    static func toggle(_ args: ArraySlice<String>, _ db: String?, on: Bool) throws -> Int32 {
        let verb = on ? "enable" : "disable"
        return try runStoreCommand(args, db: db, name: "lists \(verb)", flags: [], config: ToggleConfig(), positional: { c, arg in
                // Names with a comma of their own (`chinese, simplified`, as language block takes it) whole.
                c.languages += try LanguageValidator.languages(inList: arg)
            }) { c in
            guard !c.languages.isEmpty else { throw UsageError("name the languages: msgsift lists \(verb) he en") }
            // Turning lists off changes nothing in a store that does not exist yet.
            guard let store = on ? try StoreAccess.writer(c.db) : try StoreAccess.existingWriter(c.db) else {
                print("community lists on: none")
                return 0
            }
            let before = try store.listLanguages()
            try store.setListLanguages(c.languages, enabled: on)
            if on {
                let lists = try store.importedLists()
                for l in c.languages where lists?.lists[l] == nil {
                    warn("the imported lists have no \(l.rawValue) entries\(lists == nil ? " (none imported yet: msgsift lists import FILE.json)" : "")")
                }
            }
            let now = try store.listLanguages()
            if now == before { nothingChanged() }
            print("community lists on: \(now.isEmpty ? "none" : now.map(\.rawValue).joined(separator: ", "))")
            return 0
        }
    }

    struct StatusConfig: StoreConfig {
        var db: String?
        var json = false
    }

    static let statusFlags: [Flag<StatusConfig>] = [
        Flag("--json", nil, "{sha256,importedAt,bytes,source,fetchedAt,stale,languages:[{code,entries,enabled}],unknownLanguages}") { c, _ in c.json = true },
    ]

    static func status(_ args: ArraySlice<String>, db: String?) throws -> Int32 {
        try runStoreCommand(args, db: db, name: "lists status", flags: statusFlags, config: StatusConfig(), positional: { _, arg in throw UsageError("unexpected argument \(quotedArg(arg))") }) { c in
            let store = try StoreAccess.reader(c.db)
            let lists = try store?.importedLists()
            let on = Set(try store?.listLanguages() ?? [])
            let languages = Language.allCases.filter { lists?.lists[$0] != nil || on.contains($0) }
            if c.json {
                try printJSON([
                    "sha256": lists?.sha256 as Any? ?? NSNull(),
                    "importedAt": lists?.importedAt as Any? ?? NSNull(),
                    "bytes": lists?.byteCount ?? 0,
                    "source": lists?.source?.url as Any? ?? NSNull(),
                    "fetchedAt": lists?.source?.fetchedAt as Any? ?? NSNull(),
                    "stale": lists?.source.map { ListsFreshness.isStale($0) } ?? false,
                    "languages": languages.map { l -> [String: Any] in
                        ["code": l.rawValue, "entries": lists?.lists[l]?.count ?? 0, "enabled": on.contains(l)]
                    },
                    "unknownLanguages": lists?.unknownLanguages ?? [],
                ] as [String: Any])
                return 0
            }
            if let lists {
                print("imported \(lists.importedAt), \(lists.byteCount) bytes, sha256 \(lists.sha256)")
                if let source = lists.source {
                    let stale = ListsFreshness.isStale(source) ? " (older than \(ListsFreshness.maxAgeDays) days: msgsift lists update refreshes them)" : ""
                    print("source \(source.url), fetched \(source.fetchedAt), \(ListsFreshness.age(source)) ago\(stale)")
                } else {
                    print("source: a file (msgsift lists update fetches the lists the app uses)")
                }
            } else {
                print("no community lists imported (msgsift lists import FILE.json)")
            }
            if !languages.isEmpty {
                print(table(["LANG", "ENTRIES", "STATE"], languages.map { l in
                    [l.rawValue, String(lists?.lists[l]?.count ?? 0), on.contains(l) ? "on" : "off"]
                }), terminator: "")
            }
            if let unknown = lists?.unknownLanguages, !unknown.isEmpty {
                print("ignored (languages msgsift does not know): \(unknown.map(shownName).joined(separator: ", "))")
            }
            return 0
        }
    }
}
