// The command table's store commands (CommandTable.swift): filter, language, rule
// and lists with their subcommands, import and export. Each runs through
// runStoreCommand, which adds `--db` to its flags.
import SiftRules

enum StoreCommandTable {
    private static let db = Commands.storeOption

    static let filter: [CommandSpec] = [
        CommandSpec("add", summary: "add a filter; prints its id",
            usage: "msgsift filter add TEXT --type allow|deny [--folder F] [--target T] [--match M] [--case C]",
            description: "Adds a filter and prints its id. A filter with the same text, target, matching and case\nis the same filter: adding it again changes nothing and says so (exit status 0).",
            options: FilterCommands.addFlags.specs() + [db], positional: PositionalSpec(placeholder: "TEXT", completes: .none),
            footer: "Text starting with '-': put it after --, flags first: msgsift filter add --type deny -- -50%",
            run: { try FilterCommands.add($0, db: $1) }),
        CommandSpec("list", summary: "list the filters (a table, or --json)",
            usage: "msgsift filter list [--type T] [--json]",
            description: "Lists the filters, oldest first.",
            options: FilterCommands.listFlags.specs() + [db],
            run: { try FilterCommands.list($0, db: $1) }),
        CommandSpec("remove", summary: "remove filters by id",
            usage: "msgsift filter remove ID…",
            description: "Removes filters by id (msgsift filter list shows them): all of them, or, if one id is unknown, none.",
            options: [db], positional: PositionalSpec(placeholder: "ID…", completes: .none),
            run: { try FilterCommands.remove($0, db: $1) }),
        CommandSpec("update", summary: "change a filter's text or options; it keeps its id",
            usage: "msgsift filter update ID [--text TEXT] [--folder F] [--target T] [--match M] [--case C]",
            description: "Changes a filter. It keeps its id, so it keeps its age; the result is checked like a new\nfilter and may not become the same filter as another one.",
            options: FilterCommands.updateFlags.specs() + [db], positional: PositionalSpec(placeholder: "ID", completes: .none),
            run: { try FilterCommands.update($0, db: $1) }),
    ]

    static let language: [CommandSpec] = [
        CommandSpec("list", summary: "the languages msgsift knows, and which are blocked",
            usage: "msgsift language list [--json]",
            description: "Lists the languages msgsift can detect and block, and the folder of each blocked one.",
            options: LanguageCommands.listFlags.specs() + [db],
            run: { try LanguageCommands.list($0, db: $1) }),
        CommandSpec("block", summary: "block a language (to junk, or --folder F)",
            usage: "msgsift language block NAME|CODE [--folder F]",
            description: "Blocks a language: its messages go to junk (or --folder). A code (ar, zh-Hans) or an\nEnglish name (Arabic, \"chinese, simplified\"). Blocking it again with another --folder moves\nit; without --folder a blocked language stays where it goes.",
            options: LanguageCommands.blockFlags.specs() + [db], positional: PositionalSpec(placeholder: "NAME|CODE", completes: Commands.languageCodes),
            run: { try LanguageCommands.block($0, db: $1) }),
        CommandSpec("unblock", summary: "unblock a language",
            usage: "msgsift language unblock NAME|CODE",
            description: "Unblocks a language (removes its denyLanguage filter).",
            options: [db], positional: PositionalSpec(placeholder: "NAME|CODE", completes: Commands.languageCodes),
            run: { try LanguageCommands.unblock($0, db: $1) }),
    ]

    static let rule: [CommandSpec] = [
        CommandSpec("list", summary: "every smart rule, on or off, with its value",
            usage: "msgsift rule list [--json]",
            description: "Lists the smart rules in the order they run, on or off, with their values.",
            options: RuleCommands.listFlags.specs() + [db],
            run: { try RuleCommands.list($0, db: $1) }),
        CommandSpec("enable", summary: "turn a rule on (short-sender --value 3..6, country-allowlist --countries +972,+1)",
            usage: "msgsift rule enable NAME [--value N] [--countries +972,+1]",
            description: "Turns a smart rule on. Without --value or --countries a rule keeps the value it had.",
            options: RuleCommands.enableFlags.specs() + [db], positional: PositionalSpec(placeholder: "NAME", completes: Commands.ruleNames),
            footer: "Rules: \(SmartRule.allCases.map(\.rawValue).joined(separator: " "))",
            run: { try RuleCommands.enable($0, db: $1) }),
        CommandSpec("disable", summary: "turn a rule off (its value is kept)",
            usage: "msgsift rule disable NAME",
            description: "Turns a smart rule off; its value is kept for the next enable.",
            options: [db], positional: PositionalSpec(placeholder: "NAME", completes: Commands.ruleNames),
            run: { try RuleCommands.disable($0, db: $1) }),
    ]

    static let lists: [CommandSpec] = [
        CommandSpec("import", summary: "store a community-list file (replaces the one imported before)",
            usage: "msgsift lists import FILE.json",
            description: "Stores a community-list file, replacing the lists imported before; which languages are on\nis kept. The same content again changes nothing and says \"unchanged\".",
            options: [db], positional: PositionalSpec(placeholder: "FILE.json", completes: .file),
            run: { try ListsCommands.importFile($0, db: $1) }),
        CommandSpec("update", summary: "fetch the lists the app downloads, if they changed (replaces the ones stored)",
            usage: "msgsift lists update [--url URL] [--timeout S]",
            description: """
                Fetches the community lists the app downloads and stores them in place of the lists stored
                before, keeping which languages are on. Asks with the ETag / Last-Modified of the last fetch
                from the same URL: lists the server says are unchanged (HTTP 304), or the same content again,
                print "unchanged" and count as fetched now. Any failure (network, TLS, an HTTP status other
                than 200 or 304, an answer that is not community lists or is over \(HTTP.defaultMaxBodyBytes >> 20) MiB) exits 1
                and leaves the store as it was. Nothing else in msgsift uses the network.
                """,
            options: ListsUpdate.flags.specs() + [db],
            run: { try ListsUpdate.run($0, db: $1) }),
        CommandSpec("enable", summary: "turn the lists of languages on",
            usage: "msgsift lists enable LANG…",
            description: "Turns the community lists of these languages on (codes: he en ar zh-Hans …).",
            options: [db], positional: PositionalSpec(placeholder: "LANG…", completes: Commands.languageCodes),
            run: { try ListsCommands.toggle($0, $1, on: true) }),
        CommandSpec("disable", summary: "turn the lists of languages off",
            usage: "msgsift lists disable LANG…",
            description: "Turns the community lists of these languages off.",
            options: [db], positional: PositionalSpec(placeholder: "LANG…", completes: Commands.languageCodes),
            run: { try ListsCommands.toggle($0, $1, on: false) }),
        CommandSpec("status", summary: "entries per language, which are on, the content hash, import time, source and age",
            usage: "msgsift lists status [--json]",
            description: "Shows the imported lists: entries per language, which are on, the content hash and the import time;\nfor lists fetched by lists update, the URL and how long ago they were fetched or found unchanged.",
            options: ListsCommands.statusFlags.specs() + [db],
            run: { try ListsCommands.status($0, db: $1) }),
    ]

    /// `import` and `export`, top-level commands.
    static let exchange: [CommandSpec] = [
        CommandSpec("import", summary: "merge the filters of a .sfsfilters file exported from the app",
            usage: "msgsift import FILE.sfsfilters [--dry-run] [-v]",
            description: "Merges the filters of a file exported from the app into the store: new filters are added\nin file order; duplicates and invalid rows are skipped and counted. Nothing is ever deleted.\nA file that is not this format, or a newer version of it, is refused and nothing is written.",
            options: ExchangeCommands.importFlags.specs() + [db], positional: PositionalSpec(placeholder: "FILE.sfsfilters", completes: .file),
            footer: "Prints: added N, duplicate N, invalid N. Exit status 0 also when rows were skipped.",
            run: { try ExchangeCommands.importFile($0, db: $1) }),
        CommandSpec("export", summary: "write the filters as a .sfsfilters file for the app",
            usage: "msgsift export [--type T] [-o FILE]",
            description: "Writes the filters, oldest first, as a .sfsfilters file the app imports (blocked languages\nincluded, as $lang: filters). Smart rules and community lists are not part of that format.",
            options: ExchangeCommands.exportFlags.specs() + [db],
            run: { try ExchangeCommands.export($0, db: $1) }),
    ]
}
