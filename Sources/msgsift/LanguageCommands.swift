// `msgsift language list|block|unblock`: blocked languages, stored as the app
// stores them: denyLanguage filters with the text `$lang:<english name>`.
import SiftRules
import SiftStore
import SiftText

enum LanguageCommands {
    struct ListConfig: StoreConfig {
        var db: String?
        var json = false
    }

    static let listFlags: [Flag<ListConfig>] = [Flag("--json", nil, "a JSON array of {code,name,blocked,folder,filter}") { c, _ in c.json = true }]

    static func list(_ args: ArraySlice<String>, db: String?) throws -> Int32 {
        try runStoreCommand(args, db: db, name: "language list", flags: listFlags, config: ListConfig(), positional: { _, arg in throw UsageError("unexpected argument \(quotedArg(arg))") }) { c in
            let blocked = try StoreAccess.reader(c.db)?.blockedLanguages() ?? [:]
            if c.json {
                try printJSON(Language.allCases.map { l -> [String: Any] in
                    var o: [String: Any] = ["code": l.rawValue, "name": l.englishName, "blocked": blocked[l] != nil]
                    if let f = blocked[l] { o["folder"] = f.filter.folder.rawValue; o["filter"] = f.id }
                    return o
                })
            } else {
                print(table(["CODE", "NAME", "BLOCKED", "FILTER"], Language.allCases.map { l in
                    [l.rawValue, l.englishName, blocked[l]?.filter.folder.rawValue ?? "-", blocked[l].map { String($0.id) } ?? "-"]
                }), terminator: "")
            }
            return 0
        }
    }

    struct BlockConfig: StoreConfig {
        var db: String?
        var language: String?
        var folder: Folder?
    }

    static let blockFlags: [Flag<BlockConfig>] = [
        Flag("--folder", "junk|transaction|promotion", "where its messages go (default junk, or where they go already)") { c, v in c.folder = try enumValue(v, "--folder") },
    ]

    static func block(_ args: ArraySlice<String>, db: String?) throws -> Int32 {
        try runStoreCommand(args, db: db, name: "language block", flags: blockFlags, config: BlockConfig(), positional: { c, arg in
                guard c.language == nil else { throw UsageError("block one language at a time (quote a name with spaces)") }
                c.language = arg
            }) { c in
            guard let raw = c.language else { throw UsageError("name the language: a code (ar) or an English name (Arabic)") }
            let language = try LanguageValidator.language(raw)
            let store = try StoreAccess.writer(c.db)
            // Blocked again without --folder (`language block ru`, to make sure): it stays where it goes.
            let folder = try c.folder ?? store.blockedLanguages()[language]?.filter.folder ?? .junk
            switch try store.block(language, folder: folder) {
            case .blocked(let f):
                print("blocked \(language.rawValue) (\(language.englishName)) to \(folder.rawValue): filter \(f.id)")
                warnIfTheAppRefuses(f.filter, "filter \(f.id)")
            case .alreadyBlocked(let f):
                nothingChanged()
                print("\(language.rawValue) is blocked to \(folder.rawValue) already (filter \(f.id)); nothing changed")
            case .folderChanged(let from, let f): print("\(language.rawValue) now goes to \(folder.rawValue) instead of \(from.rawValue) (filter \(f.id))")
            }
            return 0
        }
    }

    struct UnblockConfig: StoreConfig {
        var db: String?
        var language: String?
    }

    static func unblock(_ args: ArraySlice<String>, db: String?) throws -> Int32 {
        try runStoreCommand(args, db: db, name: "language unblock", flags: [], config: UnblockConfig(),
            positional: { c, arg in
                guard c.language == nil else { throw UsageError("unblock one language at a time (quote a name with spaces)") }
                c.language = arg
            }) { c in
            guard let raw = c.language else { throw UsageError("name the language: a code (ar) or an English name (Arabic)") }
            let language = try LanguageValidator.language(raw)
            let removed = try StoreAccess.existingWriter(c.db)?.unblock(language) ?? []
            if removed.isEmpty {
                nothingChanged()
                print("\(language.rawValue) was not blocked; nothing changed")
            } else {
                print("unblocked \(language.rawValue) (removed filter \(removed.map { String($0.id) }.joined(separator: ", ")))")
            }
            return 0
        }
    }
}
