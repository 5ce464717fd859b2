// The rule flags shared by `classify` and `test`: they build the RuleSet of a
// run from the store (read-only) and, on top of it, rule files and flags.
import Foundation
import SiftRules
import SiftStore
import SiftInput
import SiftStream
import SiftText

/// Rule sources named on the command line.
struct RuleFlags {
    var filterFiles: [String] = []
    var listFiles: [String] = []
    var listLanguages: [Language] = []
    var listLanguagesGiven = false
    var smartRules = SmartRuleSettings()
    /// Rules whose value a flag gave (`short-sender=4`): it replaces the stored one.
    var ruleValuesGiven: Set<SmartRule> = []
    /// Each `--block-language`: the language, its folder, and the flag as given (for messages).
    var blockedLanguages: [(Language, Folder, given: String)] = []
    var noDB = false
    var db: String?

    /// The flags, for any command whose configuration holds a RuleFlags at `path`.
    static func flags<C>(_ path: WritableKeyPath<C, RuleFlags> & Sendable) -> [Flag<C>] {
        [
            Flag("--filters", "FILE", "add the filters of a .sfsfilters file (repeatable)") { c, v in c[keyPath: path].filterFiles.append(v) },
            Flag("--lists", "FILE", "community lists (JSON as published for the app)") { c, v in c[keyPath: path].listFiles.append(v) },
            Flag("--lists-languages", "L,…", "languages whose community lists take part (he,en,…)") { c, v in
                c[keyPath: path].listLanguagesGiven = true
                // Blank parts are skipped, as in a calling-code list (`he, ,en`, an empty variable).
                let languages: [Language]
                do { languages = try LanguageValidator.languages(inList: v) } catch { throw UsageError("--lists-languages: \(ruleWords(error))") }
                if languages.isEmpty && c[keyPath: path].listLanguages.isEmpty {
                    note("--lists-languages names no language: no community list takes part (--lists-languages he,en)")
                }
                c[keyPath: path].listLanguages += languages
            },
            Flag("--rule", "NAME[=VALUE]", "turn on a smart rule: all-unknown links numbers-only short-sender[=3..6] email emojis country-allowlist=+972,+1") { c, v in
                try RuleFlags.applyRule(v, to: &c[keyPath: path])
            },
            Flag("--block-language", "CODE[:FOLDER]", "deny messages in a language (he, ar, zh-Hans, …) to junk, transaction or promotion") { c, v in
                var code = v, folder = Folder.junk
                // The last `:` byte (a mark after it would hide it in a Character, as for `=`).
                if let colon = v.utf8.lastIndex(of: UInt8(ascii: ":")) {
                    code = String(decoding: v.utf8[..<colon], as: UTF8.self)
                    let f = String(decoding: v.utf8[v.utf8.index(after: colon)...], as: UTF8.self)
                    guard let parsed = Folder(rawValue: f) else { throw UsageError("--block-language: unknown folder \(quoted(f)) (junk, transaction, promotion)") }
                    folder = parsed
                }
                do { c[keyPath: path].blockedLanguages.append((try LanguageValidator.language(code), folder, "--block-language " + v)) } catch {
                    throw UsageError("--block-language: \(ruleWords(error))")
                }
            },
            Flag("--no-db", nil, "ignore the rule store; use only the rules given by flags") { c, _ in c[keyPath: path].noDB = true },
            Flag("--db", "PATH", "the rule store to read (default: $MSGSIFT_DB, $XDG_DATA_HOME/msgsift/rules.db, ~/.local/share/msgsift/rules.db)") { c, v in c[keyPath: path].db = try nonEmptyDB(v) },
        ]
    }

    static func applyRule(_ raw: String, to flags: inout RuleFlags) throws {
        let name: String, value: String?
        if let (before, after) = splitAtEquals(raw) {
            name = before; value = after
        } else {
            name = raw; value = nil
        }
        do {
            let rule = try SmartRuleValidator.rule(named: name)
            switch rule {
            case .shortSender:
                if let value {
                    flags.smartRules.shortSenderMaximum = try SmartRuleValidator.shortSenderMaximum(value)
                    flags.ruleValuesGiven.insert(rule)
                }
            case .countryAllowlist:
                guard let value else { throw UsageError("country-allowlist needs calling codes: --rule country-allowlist=+972,+1") }
                let codes = try SmartRuleValidator.callingCodes(value)
                if codes.isEmpty {
                    // docs/judging.md "Smart rules": an empty list skips the rule. Allowed, but not silently.
                    note("--rule country-allowlist= names no calling code: the rule skips every sender (--rule country-allowlist=+972,+1)")
                }
                flags.smartRules.allowedCallingCodes = codes
                flags.ruleValuesGiven.insert(rule)
            case .allUnknown, .links, .numbersOnly, .email, .emojis:
                if value != nil { throw UsageError("\(rule.rawValue) takes no value") }
            }
            flags.smartRules.enabled.insert(rule)
        } catch {
            throw UsageError("--rule: \(ruleWords(error))")
        }
    }

    /// The run's RuleSet: the store's rules (unless --no-db), then the flags
    /// on top; filters from files and --block-language are younger than the
    /// store's. Unreadable or malformed files and store problems are runtime
    /// errors; invalid rules given by flags are usage errors; invalid rows of a
    /// filter file are skipped with a warning, as `import` skips them.
    /// `onDuplicate` hears of every filter dropped as the same filter as an older one
    /// (where it was given, it, the older).
    func ruleSet(onDuplicate: ((String, Filter, Filter) -> Void)? = nil) throws -> RuleSet {
        if (filterFiles + listFiles).count(where: { $0 == "-" }) > 1 {
            throw UsageError("stdin can hold one rule file, not several (--filters - and --lists -); give the others as files")
        }
        var rules = RuleSet()
        // A filter given again is the same filter (docs/judging.md "Filters"): the older one decides. Said when
        // it decides otherwise than the one given (another type or folder), which is dropped.
        func add(_ f: Filter, as given: String) {
            if rules.add(f) { return }
            if let older = rules.filters.first(where: { $0.identity == f.identity }) { onDuplicate?(given, f, older) }
            guard let older = rules.filters.first(where: { $0.identity == f.identity }),
                  older.type != f.type || (older.type != .allow && older.folder != f.folder) else { return }
            let what = older.type == .allow ? "allow" : "\(older.type.rawValue) → \(older.folder.rawValue)"
            note("\(given): the same filter as filter \(older.id) (\(what)), which is older and decides; this one is dropped")
        }
        var storedLists: (lists: [Language: CommunityList], source: ListsSource?) = ([:], nil)
        if !noDB, let store = try StoreAccess.reader(db) {
            do {
                let loaded = try store.load()
                for w in loaded.warnings { note("rule store: \(w.words)") }
                rules = loaded.ruleSet
                storedLists = (rules.communityLists, loaded.listsSource)
            } catch let e as StoreError { throw RuntimeError(e.words) }
        }
        rules.smartRules.enabled.formUnion(smartRules.enabled)
        if ruleValuesGiven.contains(.shortSender) { rules.smartRules.shortSenderMaximum = smartRules.shortSenderMaximum }
        if ruleValuesGiven.contains(.countryAllowlist) { rules.smartRules.allowedCallingCodes = smartRules.allowedCallingCodes }
        let storeLanguages = rules.communityLanguages
        // Read as `import` reads them (docs/formats.md "The .sfsfilters file"): a file that is not the format, or a
        // newer version, is refused (exit 1); an invalid row is skipped with a warning.
        func readFilterFiles() throws {
            for path in filterFiles {
                let data = try readFile(path)
                let rows: [SFSFilters.Row]
                do { rows = try SFSFilters.read(data) } catch { throw RuntimeError("\(path): \(error.words)") }
                for row in rows {
                    switch row.result {
                    case .success(let f): add(f, as: "\(path): row \(row.index)")
                    case .failure(let e): note("\(path): row \(row.index) skipped: \(e.words)")
                    }
                }
            }
        }
        // The list files are read and parsed on a second thread while the filter files are
        // (at 50,000 entries ~8 ms each side); taken in the same order after, so errors and
        // warnings are those of reading one after the other.
        typealias ParsedLists = (lists: [Language: CommunityList], unknownLanguages: [String], ignored: [RuleNote])
        let readLists: @Sendable () -> [Result<ParsedLists, any Error>] = { [listFiles] in
            listFiles.map { path in
                Result {
                    let data = try readFile(path)
                    do { return try CommunityListFile.readReporting(data) } catch { throw RuntimeError("\(path): \(ruleWords(error))") }
                }
            }
        }
        var parsedLists: [Result<ParsedLists, any Error>]? = nil
        if !filterFiles.isEmpty && !listFiles.isEmpty {
            let (filtersRead, listsRead) = bothAtOnce(true, { Result { try readFilterFiles() } }, readLists)
            try filtersRead.get()
            parsedLists = listsRead
        } else {
            try readFilterFiles()
        }
        for (language, folder, given) in blockedLanguages {
            add(Filter.blocking(language, folder: folder), as: given)
        }
        for (path, read) in zip(listFiles, parsedLists ?? readLists()) {
            let parsed = try read.get()
            for ignored in parsed.ignored { note("\(path): \(ignored.words)") }
            for (language, list) in parsed.lists {
                var merged = rules.communityLists[language] ?? CommunityList()
                merged.allowSender += list.allowSender; merged.allowBody += list.allowBody
                merged.denySender += list.denySender; merged.denyBody += list.denyBody
                rules.communityLists[language] = merged
            }
            if !parsed.unknownLanguages.isEmpty {
                note("\(path): lists of unknown languages ignored: \(parsed.unknownLanguages.map(shownName).joined(separator: ", "))")
            }
        }
        rules.communityLanguages.formUnion(listLanguages)
        // Stored lists that take part (a language on with entries), fetched over three days ago. Lists
        // imported from a file, or given with --lists, have no fetch time: no note.
        if rules.communityLanguages.contains(where: { (storedLists.lists[$0]?.count ?? 0) > 0 }),
           let stale = ListsFreshness.note(storedLists.source) {
            note(stale)
        }
        if !listFiles.isEmpty && !listLanguagesGiven && storeLanguages.isEmpty {
            note("--lists without --lists-languages: no community list takes part (turn languages on with --lists-languages he,en)")
        }
        let missing = listLanguages.filter { rules.communityLists[$0] == nil }
        if !missing.isEmpty && listFiles.isEmpty && rules.communityLists.isEmpty {
            note("--lists-languages: no community lists are loaded (give them with --lists FILE, or msgsift lists import)")
        } else {
            for l in missing { note("--lists-languages: the lists have no \(l.rawValue) entries") }
        }
        return rules
    }
}

/// Reads a whole file, or stdin for `-`: a regular file, a pipe, a FIFO or `<(…)`
/// alike; or throws a runtime error saying which file and why.
func readFile(_ path: String) throws -> Data {
    // `--filters "$UNSET"`: a usage error, as `--db ""` is, not "no such file".
    guard !path.isEmpty else { throw UsageError("an empty file name: name a file, or - for stdin") }
    let fd: Int32
    if path == "-" {
        fd = dup(0)
        if fd < 0 { throw RuntimeError("stdin cannot be read (\(String(cString: strerror(errno))))") }
    } else {
        switch openArgumentPath(path) {
        case .success(let opened): fd = opened
        case .failure(let why): throw RuntimeError("\(path): " + (why == .system(ENOENT) ? "no such file" : "cannot be read (\(why.words))"))
        }
    }
    defer { close(fd) }
    var info = stat()
    if fstat(fd, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR { throw RuntimeError("\(path): is a directory") }
    var data = Data()
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    while true {
        let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        if n == 0 { return data }
        if n < 0 {
            if errno == EINTR { continue }
            throw RuntimeError("\(path): cannot be read (\(String(cString: strerror(errno))))")
        }
        data.append(contentsOf: buffer[0..<n])
    }
}

/// One diagnostic line on stderr.
func warn(_ message: String) {
    writeStderr("msgsift: \(message)\n")
}

/// Writes to stderr; a failed write (stderr closed, a full disk, a pipe whose
/// reader left as in `2>&1 | head`) is dropped: there is nowhere left to say so,
/// and it must not stop the run or change its status.
func writeStderr(_ text: String) {
    _ = writeAll(2, Data(text.utf8))
}
