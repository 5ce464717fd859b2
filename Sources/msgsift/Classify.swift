// `msgsift classify`: verdicts for every record of the inputs, in order.
import Foundation
import Synchronization
import SiftEngine
import SiftRules
import SiftInput
import SiftStream
import SiftText

struct ClassifyConfig {
    var rules = RuleFlags()
    var stream = StreamOptions()
    var inputs: [InputSource] = []
    var stats = false
    /// `--stats=all`: every rule with its hits, those that never fired too.
    var statsAll = false
    /// `--stats-json FILE`.
    var statsJSON: String?
    var jobsGiven = false
    /// The fields already renamed by --field.
    var renamedFields: Set<String> = []
    /// `-q`: no notes on stderr (Notes.swift).
    var quiet = false
    /// `-c`: a count per action instead of verdicts, written as `countFormat` says.
    var count = false
    var countFormat: CountFormat = .text
    /// `--output` was given (`-c` writes text unless it was).
    var outputGiven = false
    var noProgress = false

    /// The progress line is shown while stderr is a terminal, unless --no-progress.
    mutating func settleProgress() {
        stream.progress = !noProgress && isatty(2) == 1
        if quiet { Notes.quiet.store(true, ordering: .relaxed) }
    }
}

enum ClassifyCommand {
    static let usage = "msgsift [--db PATH] classify [INPUT…] [options]"
    static let summary = """
        Reads messages (NDJSON, CSV, an SMS Backup & Restore XML export or an iPhone
        Messages database such as chat.db; files, or stdin when none or -) and writes
        one verdict per record, in input order: allow, junk, transaction or promotion,
        with the stage and the rule that decided it.
        """

    static let flags: [Flag<ClassifyConfig>] = [
        Flag("--format", "auto|ndjson|csv|sms-backup-xml|chat-db", "input format (auto: by the first bytes of each input)") { c, v in
            guard let f = InputFormat(rawValue: v) else { throw UsageError("--format: \(quotedArg(v)) is not auto, ndjson, csv, sms-backup-xml or chat-db") }
            c.stream.inputFormat = f
        },
        Flag("--include-sent", nil, "phone archives: keep the messages sent too (marked \"sent\":true), not only those received") { c, _ in
            c.stream.includeSent = true
        },
        Flag("--output", "ndjson|csv|tsv", "output format (default ndjson; json is ndjson)") { c, v in
            guard let f = OutputFormat(rawValue: v == "json" ? "ndjson" : v) else { throw UsageError("--output: \(quotedArg(v)) is not ndjson, csv or tsv") }
            c.stream.outputFormat = f
            c.outputGiven = true
        }.short("-o"),
        Flag("--delimiter", "C", "CSV input: the byte between fields, , ; | or tab (tab or \\t spelt out); default , or what a sep= first line names") { c, v in
            switch v {
            case ",", ";", "|": c.stream.delimiter = v.utf8.first!
            case "\t", "tab", "\\t", "TAB": c.stream.delimiter = 0x09
            default: throw UsageError("--delimiter: \(quotedArg(v)) is not , ; | or tab")
            }
        },
        Flag("--field", "NAME=INPUT", "read a field under another name: sender=from, body=text, id=msg_id") { c, v in
            guard let (key, name) = splitAtEquals(v) else { throw UsageError("--field: write it as sender=from") }
            guard !name.isEmpty else { throw UsageError("--field: empty input field name for \(key)") }
            guard !c.renamedFields.contains(key) else { throw UsageError("--field: \(key) is renamed twice") }
            c.renamedFields.insert(key)
            switch key {
            case "sender": c.stream.fields.sender = name
            case "body": c.stream.fields.body = name
            case "id": c.stream.fields.id = name
            default: throw UsageError("--field: \(quotedArg(key)) is not sender, body or id")
            }
        },
        Flag("--annotate", nil, "write each input record with \"verdict\":{action,stage,reason} added") { c, _ in c.stream.annotate = true },
        Flag("--only", "A,…", "write only these actions (allow,junk,transaction,promotion; given twice, both); error records always") { c, v in
            var set = Set<Action>()
            for part in v.split(separator: ",") {
                let name = part.trimmingCharacters(in: .whitespaces)
                if name.isEmpty { continue }    // `junk, promotion`, `junk,`
                guard let a = Action(rawValue: name) else { throw UsageError("--only: \(quotedArg(name)) is not allow, junk, transaction or promotion") }
                set.insert(a)
            }
            guard !set.isEmpty else { throw UsageError("--only needs at least one action") }
            // Like grep's -e: a second --only adds to the first, as every list flag of classify does.
            c.stream.only = (c.stream.only ?? []).union(set)
        },
        Flag("--explain", nil, "add a trace: each stage, what it checked, the outcome") { c, _ in c.stream.explain = true },
        Flag("--count", nil, "instead of verdicts, one line per action with its count: allow, junk, transaction, promotion"
             + " (tab-separated; one JSON object with -o ndjson, action,count rows with -o csv)") { c, _ in c.count = true }.short("-c"),
        Flag("--quiet", nil, "no notes on stderr (rule-store warnings, stale lists, end-of-run notes); errors and the count"
             + " of unreadable records still print") { c, _ in c.quiet = true }.short("-q"),
        Flag("--no-progress", nil, "no progress line on stderr (shown only while stderr is a terminal)") { c, _ in c.noProgress = true },
        Flag("--stats", nil, "print a summary to stderr at the end") { c, _ in c.stats = true },
        Flag("--stats=all", nil, "the summary with every rule and its hits, those that never fired too") { c, _ in c.stats = true; c.statsAll = true },
        Flag("--stats-json", "FILE", "write every rule's hits and the run's counts as JSON to FILE (see GUIDE.md)") { c, v in
            guard !v.isEmpty else { throw UsageError("--stats-json needs a file name") }
            c.statsJSON = v
        },
        Flag("--jobs", "N", "worker threads (default: the number of cores)") { c, v in
            guard let n = Int(v), (1...256).contains(n) else { throw UsageError("--jobs takes a whole number from 1 to 256") }
            c.stream.jobs = n
            c.jobsGiven = true
        }.short("-j"),
        Flag("--strict", nil, "stop at the first unreadable record, with exit status 1") { c, _ in c.stream.strict = true },
        Flag("--max-record-bytes", "N", "records longer than this are error records (default 1048576)") { c, v in
            guard let n = Int(v), n >= 16 else { throw UsageError("--max-record-bytes takes a whole number of at least 16") }
            c.stream.maxRecordBytes = n
        },
        Flag("--batch-size", "N", "records per batch handed to a worker (default 2048)") { c, v in
            guard let n = Int(v), (1...1_000_000).contains(n) else { throw UsageError("--batch-size takes a whole number from 1 to 1000000") }
            c.stream.batchRecords = n
        },
        Flag("-v", nil, "diagnostics may quote message content") { c, _ in c.stream.verbose = true },
    ] + RuleFlags.flags(\ClassifyConfig.rules)

    static func run(_ args: ArraySlice<String>, db: String?) throws -> Int32 {
        var config = ClassifyConfig()
        config.rules.db = db
        config.quiet = saysQuiet(args)
        config.stream.jobs = ProcessInfo.processInfo.activeProcessorCount
        do {
            try parse(args, flags, into: &config, command: "classify") { c, arg in
                c.inputs.append(arg == "-" ? .stdin : .file(arg))
            }
        } catch let error as UsageError {
            // `msgsift --no-db test --sender a`: --sender is test's, not an unknown flag of classify;
            // a command name read as an input file before the error says what went wrong.
            try refuseCommandsReadAsInputs(config.inputs)
            throw error
        }
        if config.inputs.isEmpty { config.inputs = [.stdin] }
        config.settleProgress()
        if config.count {
            for (given, name) in [(config.stream.annotate, "--annotate"), (config.stream.explain, "--explain"), (config.stream.only != nil, "--only")] where given {
                throw UsageError("--count writes counts, not records: leave out \(name)", command: "classify")
            }
            if config.outputGiven { config.countFormat = CountFormat(config.stream.outputFormat) }
            config.stream.countOnly = true
            config.stream.outputFormat = .ndjson
        }
        // `msgsift --no-db filter list`: options before a command make it classify's input.
        try refuseCommandsReadAsInputs(config.inputs)
        if (config.rules.filterFiles + config.rules.listFiles).contains("-"), config.inputs.contains(where: { if case .stdin = $0 { true } else { false } }) {
            throw UsageError("stdin cannot hold both rules (--filters - or --lists -) and the messages; give the messages as files", command: "classify")
        }
        if config.stream.annotate {
            // A field named like what the annotation adds would be written twice (two `reason`
            // columns, two `verdict` members), and annotating that output again would read the
            // message from the old verdict.
            let added = config.stream.outputFormat == .ndjson ? ["verdict"] : ["action", "stage", "reason", "warning", "trace"]
            let f = config.stream.fields
            for (key, name) in [("sender", f.sender), ("body", f.body), ("id", f.id)] where added.contains(name) {
                throw UsageError("--annotate adds \(config.stream.outputFormat == .ndjson ? "a member" : "a column") \"\(name)\", the name of the \(key) field"
                                 + " (--field \(key)=\(name)); rename it in the input first", command: "classify")
            }
        }
        if config.stream.annotate && config.stream.outputFormat != .ndjson && ![.auto, .csv].contains(config.stream.inputFormat) {
            throw UsageError("--annotate with --output \(config.stream.outputFormat.rawValue) needs CSV input (its columns become the output's)", command: "classify")
        }
        if config.stream.annotate && config.stream.outputFormat != .ndjson && config.stream.inputFormat == .auto {
            // Found before anything is written when the inputs are files (stdin is found as it is read).
            for case .file(let path) in config.inputs where startsWithBrace(path) {
                throw UsageError("--annotate with --output \(config.stream.outputFormat.rawValue) needs CSV input (its columns become the output's); \(path) is NDJSON", command: "classify")
            }
        }
        let compiled = try compile(config.rules)
        for w in compiled.warnings { note(w.words) }
        let pipeline = Pipeline(rules: compiled, options: config.stream)
        pipeline.onInputError = { [options = config.stream] in warn($0.words(options)) }     // as cat: say so, go on with the next input, exit 1
        pipeline.progressWords = progressWords
        let outcome: RunOutcome
        do { outcome = try pipeline.run(config.inputs) } catch {
            if error.isUsage { throw UsageError(error.words(config.stream), command: "classify") }
            throw RuntimeError(error.words(config.stream))
        }
        KeptToExit.keep(pipeline)
        sayNotes(outcome.notes)
        if config.count && !outcome.brokenPipe && outcome.strictStop == nil {
            try writeStdout(Data(config.countFormat.render(outcome.stats.byAction).utf8))
        }
        if config.stats {
            writeStderr(outcome.stats.report(rules: compiled, elapsed: outcome.elapsed))
            if config.statsAll { writeStderr(outcome.stats.everyRuleReport(compiled)) }
        }
        if let path = config.statsJSON { try writeFileAtomically(path, outcome.stats.json(compiled)) }
        if let stop = outcome.strictStop, !outcome.brokenPipe { warn("--strict: stopped at an unreadable record: \(stop)") }
        return ExitStatus.of(outcome)
    }
}

/// Builds and compiles the rule set of a run; invalid rules are usage errors.
/// Filters from flags and files are validated as they are read (and refused);
/// what is left to fail here comes from the store, written by others or by an
/// older version: under `.skip` such a filter never matches and the compiler's
/// warnings, printed once by the caller, name it.
func compile(_ flags: RuleFlags, command: String = "classify") throws -> CompiledRuleSet {
    // Filters and lists need the text tables (~30 ms to build): built meanwhile on the other
    // core, not at the first message. Without them (`--no-db --rule links`) the thread would
    // cost more than it saves.
    if !flags.noDB || !flags.filterFiles.isEmpty || !flags.listFiles.isEmpty || !flags.blockedLanguages.isEmpty {
        TextTables.prepareInBackground()
    }
    let rules: RuleSet
    do { rules = try flags.ruleSet() } catch let error as UsageError where error.command == nil {
        throw UsageError(error.description, command: command)
    }
    if rules.filters.isEmpty && rules.smartRules.enabled.isEmpty && rules.communityLanguages.allSatisfy({ rules.communityLists[$0] == nil }) {
        // An empty store where one was expected (another $HOME, sudo) judges a whole archive `allow`.
        let place = StoreAccess.location(flags.db).map { FileManager.default.fileExists(atPath: $0) ? "the store \($0) has none" : "no store at \($0) yet" }
        note(flags.noDB ? "no rules: every message is allowed (give them as flags: msgsift \(command) --help)"
                        : "no rules: every message is allowed (\(place ?? "no store"); msgsift filter add, or rule flags)")
    }
    do { return try CompiledRuleSet(rules, invalidFilters: flags.noDB ? .refuse : .skip) } catch { throw UsageError(error.words) }
}

func quotedArg(_ s: String) -> String { quoted(s) }

/// A command name read as an input file after classify's options (`msgsift --no-db filter list`).
func refuseCommandsReadAsInputs(_ inputs: [InputSource]) throws {
    for case .file(let name) in inputs where commandNames.contains(name) && !FileManager.default.fileExists(atPath: name) {
        throw UsageError("\(quotedArg(name)) is a command, read here as an input file of classify: a command comes"
                         + " first, then its own options (msgsift \(name) --help)", command: "classify")
    }
}

/// Whether a regular file's first byte past a BOM and blank space is `{` (auto-detected
/// NDJSON). False when it cannot be read (the run reports that itself) and for anything
/// but a regular file: reading a pipe or a FIFO here would take its bytes from the run
/// (which then finds NDJSON itself, as for stdin).
func startsWithBrace(_ path: String) -> Bool {
    var info = stat()
    guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG,
          let handle = FileHandle(forReadingAtPath: path) else { return false }
    defer { try? handle.close() }
    var first = true
    while let chunk = try? handle.read(upToCount: 64 << 10), !chunk.isEmpty {
        let bytes = first && chunk.starts(with: [0xEF, 0xBB, 0xBF]) ? chunk.dropFirst(3) : chunk[...]
        first = false
        if let b = bytes.first(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }) {
            return b == UInt8(ascii: "{")
        }
    }
    return false
}

/// Writes `text` to `path` whole or not at all: a temporary file beside it, renamed over it.
func writeFileAtomically(_ path: String, _ text: String) throws {
    let dir = (path as NSString).deletingLastPathComponent
    let temp = (dir.isEmpty ? "." : dir) + "/.\((path as NSString).lastPathComponent).\(getpid()).tmp"
    guard FileManager.default.createFile(atPath: temp, contents: Data(text.utf8)) else {
        throw RuntimeError("\(path): cannot be written (\(String(cString: strerror(errno))))")
    }
    if rename(temp, path) != 0 {
        let reason = String(cString: strerror(errno))
        unlink(temp)
        throw RuntimeError("\(path): cannot be written (\(reason))")
    }
}

/// What a run leaves for the process's exit to free: its compiled tables. The process ends
/// soon after, and freeing them object by object (~11M instructions at 50,000 phrases)
/// would only delay the exit. One reference more, never released, keeps them; its
/// address sits in a global, where leak checkers (`make sanitize`) look for references.
enum KeptToExit {
    private static let address = Atomic<UInt>(0)

    static func keep(_ object: AnyObject) {
        address.store(UInt(bitPattern: Unmanaged.passRetained(object).toOpaque()), ordering: .relaxed)
    }
}

/// Whether `-q` or `--quiet` is among `args` (before `--`): set before the flags are
/// applied, so that notes the rule flags give while they are read are left out too.
func saysQuiet(_ args: ArraySlice<String>) -> Bool {
    let quiet = args.prefix { $0 != "--" }.contains { $0 == "-q" || $0 == "--quiet" }
    if quiet { Notes.quiet.store(true, ordering: .relaxed) }
    return quiet
}
