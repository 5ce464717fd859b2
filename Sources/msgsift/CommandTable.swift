// The command table: every command and subcommand of msgsift declared once — its
// name, one-line summary, usage, description, options and positionals, and what
// each value completes to. The options come from each command's `Flag` array (the
// parser's own), so the dispatcher, every `--help`, the man page (Manual.swift) and
// the shell completions (Completions.swift) are all made from what is parsed.
import SiftRules
import SiftText

/// What a value (an option's, or a positional) completes to in a shell.
enum ValueKind: Sendable, Equatable {
    case none
    case file
    case directory
    case choices([String])
    /// The names of msgsift's commands (`help COMMAND`).
    case commands

    /// What a placeholder says: `a|b|c` is that choice, `FILE`, `FILE.json`, `PATH` and
    /// `RULES` are files, `DIR` a directory; anything else (`N`, `TEXT`) completes to nothing.
    static func of(placeholder: String?) -> ValueKind {
        guard let p = placeholder else { return .none }
        let parts = p.split(separator: "|", omittingEmptySubsequences: false)
        if parts.count > 1, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0 == "-") } }) {
            return .choices(parts.map(String.init))
        }
        if p == "FILE" || p.hasPrefix("FILE.") || p == "PATH" || p == "RULES" { return .file }
        if p == "DIR" { return .directory }
        return .none
    }
}

/// One option of a command, as help, the man page and the completions show it.
struct OptionSpec: Sendable, Equatable {
    let name: String
    let short: String?
    /// The value's placeholder, nil for a switch.
    let value: String?
    /// One line, or several (the first says the most).
    let help: String
    let completes: ValueKind

    init(_ name: String, short: String? = nil, value: String? = nil, help: String, completes: ValueKind? = nil) {
        self.name = name; self.short = short; self.value = value; self.help = help
        self.completes = completes ?? ValueKind.of(placeholder: value)
    }

    /// `-j, --jobs N`.
    var spelt: String { (short.map { $0 + ", " } ?? "") + name + (value.map { " " + $0 } ?? "") }
}

/// What a command takes besides its options (`INPUT…`, `NAME`).
struct PositionalSpec: Sendable {
    let placeholder: String
    let completes: ValueKind
}

/// A command: a leaf that runs, or a group of subcommands (`filter add|list|…`).
struct CommandSpec: Sendable {
    typealias Run = @Sendable (ArraySlice<String>, String?) throws -> Int32

    let name: String
    /// The words that reach it: `filter add`.
    private(set) var path: String
    /// One line, for the lists of commands.
    let summary: String
    let usage: String
    let description: String
    /// Every option, `--help` last.
    let options: [OptionSpec]
    let positional: PositionalSpec?
    let footer: String
    private(set) var subcommands: [CommandSpec]
    let run: Run?

    init(_ name: String, summary: String, usage: String, description: String, options: [OptionSpec],
         positional: PositionalSpec? = nil, footer: String = "", run: @escaping Run) {
        self.name = name; self.path = name; self.summary = summary; self.usage = usage
        self.description = description; self.options = options + [Commands.helpOption]
        self.positional = positional; self.footer = footer; self.subcommands = []; self.run = run
    }

    init(group name: String, summary: String, description: String, subcommands: [CommandSpec]) {
        self.name = name; self.path = name; self.summary = summary
        self.usage = "msgsift [--db PATH] \(name) COMMAND [options]"
        self.description = description
        self.options = [Commands.storeOption, Commands.helpOption]
        self.positional = nil; self.footer = "msgsift \(name) COMMAND --help shows a command's options."
        self.subcommands = subcommands.map { var s = $0; s.path = "\(name) \($0.name)"; return s }
        self.run = nil
    }

    /// `msgsift COMMAND --help`.
    var help: String {
        guard !subcommands.isEmpty else { return helpText(usage: usage, summary: description, options: options, footer: footer) }
        let width = subcommands.map(\.name.count).max() ?? 0
        var lines = ["usage: \(usage)", "", description, "", "commands:"]
        for s in subcommands { lines.append("  \(s.name.padding(width))  \(s.summary)") }
        lines += ["", footer]
        return lines.joined(separator: "\n") + "\n"
    }

    /// Runs the command on the arguments after its name: its help when they ask for it,
    /// a group's subcommand by name.
    func dispatch(_ args: ArraySlice<String>, db: String?) throws -> Int32 {
        guard !subcommands.isEmpty else {
            if asksForHelp(args, options) { print(help, terminator: ""); return 0 }
            return try run!(args, db)
        }
        // `msgsift filter --db X list`: --db goes before or after any command word.
        var args = args
        var dbFlags: [String] = []
        while let first = args.first, first == "--db" || first.hasPrefix("--db=") {
            let count = first == "--db" ? 2 : 1
            guard args.count >= count else { throw UsageError("--db needs a value (PATH)", command: name) }
            dbFlags += args.prefix(count)
            args = args.dropFirst(count)
        }
        let names = subcommands.map(\.name)
        guard let first = args.first else {
            throw UsageError("\(name) needs a command: \(names.joined(separator: ", "))", command: name)
        }
        if first == "--help" || first == "-h" || first == "help" { print(help, terminator: ""); return 0 }
        guard let sub = subcommands.first(where: { $0.name == first }) else {
            throw UsageError("unknown command \(quotedArg(first)) (\(name) commands: \(names.joined(separator: ", ")))", command: name)
        }
        // First: after the command's own `--`, it would be read as a filter's text.
        return try sub.dispatch(ArraySlice(dbFlags + Array(args.dropFirst())), db: db)
    }

    /// Every leaf command under this one (itself, for a leaf).
    var leaves: [CommandSpec] { subcommands.isEmpty ? [self] : subcommands.flatMap(\.leaves) }
}

enum Commands {
    static let helpOption = OptionSpec("--help", short: "-h", help: "show this help")
    /// `--db` of the store commands (runStoreCommand adds it to their flags).
    static let storeOption = OptionSpec("--db", value: "PATH", help: storeOptionHelp)
    static let storeOptionHelp = "the rule store (default: $MSGSIFT_DB, $XDG_DATA_HOME/msgsift/rules.db, ~/.local/share/msgsift/rules.db)"

    /// The options before a command.
    static let global: [OptionSpec] = [
        OptionSpec("--db", value: "PATH", help: "the rule store (default: $MSGSIFT_DB, else $XDG_DATA_HOME/msgsift/rules.db,\nelse ~/.local/share/msgsift/rules.db); created on the first change"),
        OptionSpec("--help", short: "-h", help: "show this help; every command has --help"),
        OptionSpec("--version", help: "show the version"),
    ]

    static let description = """
        Batch message filter: classifies messages (NDJSON or CSV) with the rules of the
        iOS app Simply Filter SMS and writes one verdict per message, in input order.
        """

    static let ruleNames = ValueKind.choices(SmartRule.allCases.map(\.rawValue))
    static let languageCodes = ValueKind.choices(Language.allCases.map(\.rawValue))
    static let inputs = PositionalSpec(placeholder: "INPUT…", completes: .file)

    /// What the values of the rule flags (RuleFlags.swift) complete to, beyond their placeholders.
    static let ruleValues: [String: ValueKind] = [
        "--rule": ruleNames, "--block-language": languageCodes, "--lists-languages": languageCodes,
        "--only": .choices(Action.allCases.map(\.rawValue)),
    ]

    static let exitStatus = "Exit status: 0 done, 1 runtime failure, 2 usage error."

    /// Every command, in the order help lists them.
    static let all: [CommandSpec] = [
        CommandSpec("classify", summary: "verdicts for every record of the inputs (the default with piped stdin)",
            usage: ClassifyCommand.usage, description: ClassifyCommand.summary,
            options: ClassifyCommand.flags.specs(completing: ruleValues), positional: inputs,
            footer: """
                Verdicts: {"record":1,"id":"m-1","action":"junk","stage":"denyFilter","reason":"Weed"}
                -c: allow<TAB>N, junk<TAB>N, transaction<TAB>N, promotion<TAB>N (zeros too), or with -o ndjson
                {"allow":N,"junk":N,"transaction":N,"promotion":N}.
                Unreadable records: {"record":N,"error":"…","raw":"…"}; the run goes on, one line on
                stderr counts them and the exit status is 1 (--strict stops at the first).
                \(exitStatus)
                """,
            run: { try ClassifyCommand.run($0, db: $1) }),
        CommandSpec("test", summary: "judge one message: --sender S --body B [--explain]",
            usage: TestCommand.usage, description: "Judges one message with the same rules as classify, for trying a rule before running an archive.",
            options: TestCommand.flags.specs(completing: ruleValues),
            run: { try TestCommand.run($0, db: $1) }),
        CommandSpec(group: "filter", summary: "add, list, remove, update your allow and deny filters",
            description: "Your allow and deny filters, kept in the rule store. Ids grow in creation order; where several filters of a stage match, the oldest (lowest id) decides.",
            subcommands: StoreCommandTable.filter),
        CommandSpec(group: "language", summary: "list, block, unblock languages",
            description: "Blocked languages: a message whose body is mostly in a blocked language goes to its folder (stage 6).",
            subcommands: StoreCommandTable.language),
        CommandSpec(group: "rule", summary: "list, enable, disable smart rules",
            description: "Smart rules: links, numbers-only, short-sender, email, emojis, country-allowlist (stage 4)\nand all-unknown (stage 2).",
            subcommands: StoreCommandTable.rule),
        CommandSpec(group: "lists", summary: "import, update, enable, disable, status of community lists",
            description: "Community lists as published for the app. Imported lists are off until you turn their\nlanguages on; only those languages take part (stages 3 and 7).",
            subcommands: StoreCommandTable.lists),
    ] + StoreCommandTable.exchange + [
        CommandSpec("eval", summary: "score the rules against a labelled archive (precision, recall, per rule)",
            usage: EvalCommand.usage, description: EvalCommand.summary,
            options: EvalCommand.flags.specs(completing: ruleValues.merging(["--show": .choices(["fp", "fn"])]) { $1 }), positional: inputs,
            footer: """
                --json: {"records","labelled","spam","ham","tp","fp","tn","fn","precision","recall","f1",
                         "rules":[{"stage","reason","spam","ham"}]} (precision, recall, f1: null when undefined).
                \(exitStatus)
                """,
            run: { try EvalCommand.run($0, db: $1) }),
        CommandSpec("lint", summary: "find rules that can never decide, rules that match everything, duplicates",
            usage: LintCommand.usage, description: LintCommand.summary,
            options: LintCommand.flags.specs(completing: ruleValues),
            footer: """
                Kinds: shadowed (another rule always decides first), duplicate (the same rule again),
                matches-all (a rule that matches every message).
                Exit status: 0 no findings, 1 findings (or a runtime failure), 2 usage error.
                """,
            run: { try LintCommand.run($0, db: $1) }),
        CommandSpec("diff", summary: "what changing the rules would change over an archive (--before, --after)",
            usage: DiffCommand.usage, description: DiffCommand.summary,
            options: DiffCommand.flags.specs(completing: ruleValues), positional: inputs,
            footer: """
                --json: {"records","changed","transitions":[{"before":{"action","stage","reason"},
                         "after":{…},"count","examples":[{"record","id"}]}]} (reason absent for noMatch).
                Exit status: 0 done (whether or not verdicts change), 1 runtime failure, 2 usage error.
                """,
            run: { try DiffCommand.run($0, db: $1) }),
        CommandSpec("report", summary: "report messages as junk or not junk to the app's service (the network)",
            usage: ReportCommand.usage, description: """
                Reports messages as junk or not junk to the service behind the app's Report Message screen:
                POST {"classification":{"sender":S,"bodies":[B,…],"type":"deny"|"allow"}} as JSON, as the app
                sends it. Exit 0 when every request is answered HTTP 200, 1 otherwise.
                """,
            options: ReportCommand.flags.specs(),
            footer: """
                --from reads NDJSON records that hold the message (sender and body), such as those of
                msgsift classify --annotate. A plain verdict ({"record":1,"action":"junk",…}) holds no message
                and is refused: annotate instead. Without --type, a record's verdict gives it: junk → junk,
                allow → not junk; transaction and promotion verdicts are left out (give --type to send them).
                Bodies of one sender and type go together, up to \(ReportCommand.bodiesPerRequest) per request; bodies are cut to
                \(ReportCommand.maxBodyCharacters) characters. The file is checked whole before the first request is sent.
                """,
            run: { args, _ in try ReportCommand.run(args) }),
        CommandSpec("completions", summary: "print the completion script of a shell: bash, zsh or fish",
            usage: "msgsift completions bash|zsh|fish",
            description: "Prints a completion script for the shell: commands, subcommands, options and their values.",
            options: [], positional: PositionalSpec(placeholder: "SHELL", completes: .choices(Completions.shells)),
            footer: """
                Installed by make install; to try one in the running shell:
                  bash: source <(msgsift completions bash)
                  zsh:  source <(msgsift completions zsh)   (after compinit)
                  fish: msgsift completions fish | source
                """,
            run: { args, _ in try Completions.run(args) }),
        CommandSpec("help", summary: "this help, a command's (help COMMAND), or the manual page (help --man)",
            usage: "msgsift help [COMMAND [SUBCOMMAND]] [--man]",
            description: "Prints the help of msgsift or of a command, or the manual page msgsift(1) as roff (make install installs it).",
            options: [OptionSpec("--man", help: "the manual page, as roff (man -l - reads it)")],
            positional: PositionalSpec(placeholder: "COMMAND", completes: .commands),
            run: { args, _ in try HelpCommand.run(args) }),
    ]

    /// The command called `name`, at the top level.
    static func named(_ name: String) -> CommandSpec? { all.first { $0.name == name } }

    /// The command the words name (`filter`, `add`), or nil.
    static func find(_ words: [String]) -> CommandSpec? {
        guard let first = words.first, var spec = named(first) else { return nil }
        for word in words.dropFirst() {
            guard let sub = spec.subcommands.first(where: { $0.name == word }) else { return nil }
            spec = sub
        }
        return spec
    }

    /// `msgsift --help`.
    static var topHelp: String {
        let width = all.map(\.name.count).max() ?? 0
        var lines = ["usage: msgsift [--db PATH] COMMAND [options]", "", description, "", "commands:"]
        for c in all { lines.append("  \(c.name.padding(width))  \(c.summary)") }
        lines += ["", "classify and test use the rules in the store (read-only) plus any rule flags;", "--no-db uses only the flags.", ""]
        lines += ["global options:"] + optionLines(global)
        lines += ["", exitStatus]
        return lines.joined(separator: "\n") + "\n"
    }
}

/// `msgsift help [COMMAND [SUBCOMMAND]] [--man]`.
enum HelpCommand {
    static func run(_ args: ArraySlice<String>) throws -> Int32 {
        var words: [String] = []
        var man = false
        for arg in args {
            if arg == "--man" { man = true } else if arg.hasPrefix("-") {
                throw UsageError("unknown flag \(arg)" + didYouMean(arg, ["--man", "--help"]), command: "help")
            } else { words.append(arg) }
        }
        if man {
            guard words.isEmpty else { throw UsageError("--man prints the whole manual; leave out \(quotedArg(words[0]))", command: "help") }
            print(Manual.page, terminator: "")
            return 0
        }
        guard !words.isEmpty else { print(Commands.topHelp, terminator: ""); return 0 }
        guard let spec = Commands.find(words) else {
            let known = Commands.find(Array(words.dropLast()))?.subcommands.map(\.name) ?? Commands.all.map(\.name)
            throw UsageError("no command \(quotedArg(words.joined(separator: " ")))" + didYouMean(words.last!, known), command: "help")
        }
        print(spec.help, terminator: "")
        return 0
    }
}
