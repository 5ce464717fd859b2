// The flags of a command: each with its help text and how it applies to the
// command's configuration. The parser is driven by these arrays, and the command
// table (CommandTable.swift) describes them for `--help`, the man page and the
// shell completions, so none of them drift apart.

/// A usage mistake: exit status 2 with a one-line hint.
struct UsageError: Error, CustomStringConvertible {
    var description: String
    var command: String?
    init(_ description: String, command: String? = nil) { self.description = description; self.command = command }
}

/// A runtime failure: exit status 1.
struct RuntimeError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// One flag of a command. Sendable, so that a command's flags can be a `static let`
/// (the command table reads them): `apply` captures nothing mutable, at most a key path.
struct Flag<Config>: Sendable {
    let name: String
    /// The one-letter spelling (`-j` for `--jobs`), if it has one.
    private(set) var short: String?
    /// The value's placeholder (`N`, `FILE`), nil for a switch.
    let value: String?
    let help: String
    let apply: @Sendable (inout Config, String) throws -> Void

    init(_ name: String, _ value: String? = nil, _ help: String, _ apply: @escaping @Sendable (inout Config, String) throws -> Void) {
        self.name = name; self.value = value; self.help = help; self.apply = apply
    }

    /// The flag, also spelt `letter` (`-j`).
    func short(_ letter: String) -> Flag {
        var f = self
        f.short = letter
        return f
    }

    /// Whether `arg` names this flag.
    func isNamed(_ arg: String) -> Bool { arg == name || arg == short }

    /// The flag as the command table describes it (CommandTable.swift): its value completes
    /// to `completes`, else to what its placeholder says (`ValueKind.of`).
    func spec(completes: ValueKind? = nil) -> OptionSpec {
        OptionSpec(name, short: short, value: value, help: help, completes: completes ?? ValueKind.of(placeholder: value))
    }
}

extension Array {
    /// The flags as the command table describes them; `completing` names the values that
    /// complete otherwise than their placeholders say (`--rule` to the rule names).
    func specs<C>(completing: [String: ValueKind] = [:]) -> [OptionSpec] where Element == Flag<C> {
        map { $0.spec(completes: completing[$0.name]) }
    }
}

/// ` (did you mean X?)` when one of `known` is a likely intended spelling of `word` (a
/// letter or two off, or two letters swapped), else nothing.
func didYouMean(_ word: String, _ known: [String]) -> String {
    func distance(_ a: [Character], _ b: [Character]) -> Int {
        // Optimal string alignment: insertions, deletions, substitutions and swaps of neighbours.
        var d = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { d[i][0] = i }
        for j in 0...b.count { d[0][j] = j }
        for i in stride(from: 1, through: a.count, by: 1) {
            for j in stride(from: 1, through: b.count, by: 1) {
                d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
                if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] { d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1) }
            }
        }
        return d[a.count][b.count]
    }
    let w = Array(word)
    let scored = known.map { ($0, distance(w, Array($0))) }.filter { $0.1 <= (w.count > 5 ? 2 : 1) }
    guard let best = scored.min(by: { $0.1 < $1.1 }), scored.filter({ $0.1 == best.1 }).count == 1 else { return "" }
    return " (did you mean \(best.0)?)"
}

/// `NAME=VALUE` cut at the first `=`, or nil without one. The `=` is looked for among
/// the bytes: followed by a combining mark (`--sender=` + U+0301 …) it is one Character
/// with the mark, which `firstIndex(of: "=")` does not find.
func splitAtEquals(_ s: String) -> (name: String, value: String)? {
    let bytes = s.utf8
    guard let eq = bytes.firstIndex(of: UInt8(ascii: "=")) else { return nil }
    return (String(decoding: bytes[..<eq], as: UTF8.self), String(decoding: bytes[bytes.index(after: eq)...], as: UTF8.self))
}

/// Parses `args` against `flags`: flags anywhere, `--flag value` or `--flag=value`,
/// `--` ends flags, everything else is positional.
func parse<Config>(_ args: ArraySlice<String>, _ flags: [Flag<Config>], into config: inout Config,
                   command: String, positional: (inout Config, String) throws -> Void) throws {
    var i = args.startIndex
    var flagsDone = false
    while i < args.endIndex {
        let arg = args[i]
        i += 1
        if flagsDone || arg == "-" || !arg.hasPrefix("-") {
            try positional(&config, arg)
            continue
        }
        if arg == "--" { flagsDone = true; continue }
        var name = arg
        var inline: String? = nil
        // A switch spelled with its value (`--stats=all`) is a flag of its own.
        if arg.hasPrefix("--"), arg.contains("="), let whole = flags.first(where: { $0.name == arg }), whole.value == nil {
            try whole.apply(&config, "")
            continue
        }
        if arg.hasPrefix("--"), let (before, after) = splitAtEquals(arg) {
            name = before
            inline = after
        } else if !arg.hasPrefix("--"), arg.count > 2, let f = flags.first(where: { $0.short == String(arg.prefix(2)) }), f.value != nil {
            // `-j4`: a one-letter flag and its value in one argument.
            name = String(arg.prefix(2))
            inline = String(arg.dropFirst(2))
        }
        guard let flag = flags.first(where: { $0.isNamed(name) }) else {
            throw UsageError("unknown flag \(name)" + didYouMean(name, flags.map(\.name) + flags.compactMap(\.short)), command: command)
        }
        var value = ""
        if flag.value == nil {
            if inline != nil { throw UsageError("\(name) takes no value", command: command) }
        } else if let inline {
            value = inline
        } else {
            guard i < args.endIndex else { throw UsageError("\(name) needs a value (\(flag.value!))", command: command) }
            value = args[i]
            i += 1
        }
        do { try flag.apply(&config, value) } catch var e as UsageError {
            // A flag's own complaint points at this command's --help.
            if e.command == nil { e.command = command }
            throw e
        }
    }
}

/// Whether `args` ask for help: `-h` or `--help` where a flag can be, not as the
/// value of a flag that takes one (`--text -h`, `--body --help`) nor after `--`.
func asksForHelp(_ args: ArraySlice<String>, _ options: [OptionSpec]) -> Bool {
    var i = args.startIndex
    while i < args.endIndex {
        let arg = args[i]
        i += 1
        if arg == "--" { return false }
        if arg == "-h" || arg == "--help" { return true }
        if !arg.contains("="), let option = options.first(where: { $0.name == arg || $0.short == arg }), option.value != nil { i += 1 }
    }
    return false
}

/// The help text of a command: usage line, summary, then one line per option (a help
/// of several lines goes on under its first), then the footer.
func helpText(usage: String, summary: String, options: [OptionSpec], footer: String = "") -> String {
    var lines = ["usage: \(usage)", "", summary, ""]
    if !options.isEmpty { lines.append("options:") }
    lines += optionLines(options)
    if !footer.isEmpty { lines += ["", footer] }
    return lines.joined(separator: "\n") + "\n"
}

/// One line per option (`  -j, --jobs N  worker threads`), aligned; a help of several
/// lines goes on under its first.
func optionLines(_ options: [OptionSpec]) -> [String] {
    let width = options.map(\.spelt.count).max() ?? 0
    var lines: [String] = []
    for o in options {
        let help = o.help.split(separator: "\n", omittingEmptySubsequences: false)
        lines.append("  " + o.spelt.padding(width) + "  " + (help.first.map(String.init) ?? ""))
        for more in help.dropFirst() { lines.append(String(repeating: " ", count: width + 4) + more) }
    }
    return lines
}

extension String {
    func padding(_ width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}
