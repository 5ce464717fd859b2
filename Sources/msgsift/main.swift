// msgsift: the command line. Global flags, then a command of the command table
// (CommandTable.swift); errors become `msgsift: …` on stderr with exit status 1
// (runtime) or 2 (usage).
import Foundation
import SiftRules
import SiftStore

let version = "0.1.0"

/// The command words, which an input file of implicit `classify` is not taken for.
let commandNames: Set<String> = Set(Commands.all.map(\.name))

func runMain() -> Int32 {
    // A closed stdout (`| head`) is a failed write to handle, not a signal that kills.
    signal(SIGPIPE, SIG_IGN)
    var args = CommandLine.arguments.dropFirst()
    var db: String? = nil
    // Global flags come before the command.
    while let first = args.first, first.hasPrefix("-") {
        switch first {
        case "--help", "-h": print(Commands.topHelp, terminator: ""); return 0
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
    let command: CommandSpec
    if let first = args.first, let named = Commands.named(first) {
        command = named
        args = args.dropFirst()
    } else if let first = args.first, !first.hasPrefix("-"), !first.contains("/"), !first.contains("."),
              !FileManager.default.fileExists(atPath: first) {
        // A word that is neither a command nor a file: most likely a command mistyped.
        return usage(UsageError("unknown command \(quotedArg(first))" + didYouMean(first, commandNames.sorted())))
    } else if isatty(0) == 0 || !args.isEmpty {
        command = Commands.named("classify")!
    } else {
        writeStderr(Commands.topHelp)
        return 2
    }
    do {
        return try command.dispatch(args, db: db)
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
