// msgsift: the command line. Global flags, then a command; errors become
// `msgsift: …` on stderr with exit status 1 (runtime) or 2 (usage).
import Foundation
import SiftRules
import SiftStore

let version = "0.1.0"

let topHelp = """
    usage: msgsift [--db PATH] COMMAND [options]

    Batch message filter: classifies messages (NDJSON or CSV) with the rules of the
    iOS app Simply Filter SMS and writes one verdict per message, in input order.

    commands:
      classify   verdicts for every record of the inputs (the default with piped stdin)
      test       judge one message: --sender S --body B [--explain]
      filter     add, list, remove, update your allow and deny filters
      language   list, block, unblock languages
      rule       list, enable, disable smart rules
      lists      import, update, enable, disable, status of community lists
      import     merge the filters of a .sfsfilters file exported from the app
      export     write the filters as a .sfsfilters file for the app
      eval       score the rules against a labelled archive (precision, recall, per rule)
      lint       find rules that can never decide, rules that match everything, duplicates
      diff       what changing the rules would change over an archive (--before, --after)
      report     report messages as junk or not junk to the app's service (the network)

    classify and test use the rules in the store (read-only) plus any rule flags;
    --no-db uses only the flags.

    global options:
      --db PATH   the rule store (default: $MSGSIFT_DB, else $XDG_DATA_HOME/msgsift/rules.db,
                  else ~/.local/share/msgsift/rules.db); created on the first change
      --help      show this help; every command has --help
      --version   show the version

    Exit status: 0 done, 1 runtime failure, 2 usage error.

    """

/// The command words, which an input file of implicit `classify` is not taken for.
let commandNames: Set<String> = ["classify", "test", "filter", "language", "rule", "lists", "import", "export", "eval", "lint", "diff", "report", "help"]

func runMain() -> Int32 {
    // A closed stdout (`| head`) is a failed write to handle, not a signal that kills.
    signal(SIGPIPE, SIG_IGN)
    var args = CommandLine.arguments.dropFirst()
    var db: String? = nil
    // Global flags come before the command.
    while let first = args.first, first.hasPrefix("-") {
        switch first {
        case "--help", "-h": print(topHelp, terminator: ""); return 0
        case "--version": print("msgsift \(version)"); return 0
        case "--db":
            args = args.dropFirst()
            guard let path = args.first, !path.isEmpty else { return usage(UsageError("--db needs a value (PATH)")) }
            do { db = try nonEmptyDB(path) } catch let e as UsageError { return usage(e) } catch { return 1 }
            args = args.dropFirst()
            continue
        default:
            if first.hasPrefix("--db=") {
                // An empty path (`--db "$UNSET"`) must not quietly mean the default store.
                guard first.count > 5 else { return usage(UsageError("--db needs a value (PATH)")) }
                do { db = try nonEmptyDB(String(first.dropFirst(5))) } catch let e as UsageError { return usage(e) } catch { return 1 }
                args = args.dropFirst(); continue
            }
        }
        break
    }
    let command: String
    if let first = args.first, commandNames.contains(first) {
        command = first
        args = args.dropFirst()
    } else if let first = args.first, !first.hasPrefix("-"), !first.contains("/"), !first.contains("."),
              !FileManager.default.fileExists(atPath: first) {
        // A word that is neither a command nor a file: most likely a command mistyped.
        return usage(UsageError("unknown command \(quotedArg(first))" + didYouMean(first, commandNames.sorted())))
    } else if isatty(0) == 0 || !args.isEmpty {
        command = "classify"
    } else {
        writeStderr(topHelp)
        return 2
    }
    do {
        switch command {
        case "classify": return try ClassifyCommand.run(args, db: db)
        case "test": return try TestCommand.run(args, db: db)
        case "filter": return try FilterCommands.group.run(args, db: db)
        case "language": return try LanguageCommands.group.run(args, db: db)
        case "rule": return try RuleCommands.group.run(args, db: db)
        case "lists": return try ListsCommands.group.run(args, db: db)
        case "import": return try ExchangeCommands.importFile(args, db: db)
        case "export": return try ExchangeCommands.export(args, db: db)
        case "eval": return try EvalCommand.run(args, db: db)
        case "lint": return try LintCommand.run(args, db: db)
        case "diff": return try DiffCommand.run(args, db: db)
        case "report": return try ReportCommand.run(args)
        case "help": print(topHelp, terminator: ""); return 0
        default:
            throw UsageError("unknown command \(quotedArg(command))" + didYouMean(command, commandNames.sorted()))
        }
    } catch {
        return ExitStatus.reporting(error)
    }
}

func usage(_ e: UsageError) -> Int32 {
    warn(e.description)
    let hint = e.command.map { "msgsift \($0) --help" } ?? "msgsift --help"
    writeStderr("Try '\(hint)'.\n")
    return ExitStatus.usage
}

exit(flushedStatus(runMain()))
