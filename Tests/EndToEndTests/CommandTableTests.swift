// The command table's outputs, end to end: every flag each command's --help shows is
// in the man page and in each completion script (each parsed from the binary's output,
// not from the table), the man page is groff-clean, and the scripts complete in a
// real bash (and zsh and fish where installed).
import Foundation
import Testing
import TestSupport

/// What the binary says of its commands, read from --help alone.
enum HelpSurvey {
    /// The lines of a section (`commands:`, `options:`) up to the next blank line.
    static func section(_ text: String, _ heading: String) -> [String] {
        let lines = text.components(separatedBy: "\n")
        guard let start = lines.firstIndex(of: heading) else { return [] }
        return Array(lines[(start + 1)...].prefix { !$0.isEmpty })
    }

    /// The flag names of an options section: `  -j, --jobs N  help` gives -j and --jobs.
    static func flags(_ lines: [String]) -> Set<String> {
        var names = Set<String>()
        for line in lines where line.hasPrefix("  -") {
            let spelt = line.dropFirst(2).components(separatedBy: "  ")[0]
            for piece in spelt.components(separatedBy: ", ") {
                names.insert(String(piece.split(separator: " ")[0]))
            }
        }
        return names
    }

    /// The word of each line of a `commands:` section.
    static func names(_ lines: [String]) -> [String] { lines.map { String($0.split(separator: " ")[0]) } }

    /// Every leaf command ("classify", "filter add") with the flags its --help lists.
    static let leaves: [String: Set<String>] = {
        var out: [String: Set<String>] = [:]
        let top = (try? Harness.run(["--help"]).out) ?? ""
        for name in names(section(top, "commands:")) {
            let help = (try? Harness.run([name, "--help"]).out) ?? ""
            let subs = names(section(help, "commands:"))
            if subs.isEmpty {
                out[name] = flags(section(help, "options:"))
            } else {
                for sub in subs { out["\(name) \(sub)"] = flags(section((try? Harness.run([name, sub, "--help"]).out) ?? "", "options:")) }
            }
        }
        return out
    }()

    static let globalFlags: Set<String> = flags(section((try? Harness.run(["--help"]).out) ?? "", "global options:"))
}

/// Whether a program is on PATH.
func installed(_ program: String) -> Bool {
    ((try? Harness.bash("command -v \(program)").out) ?? "").contains(program)
}

/// The strings the regex's first non-empty group captures in `text`.
func captures(_ pattern: String, _ text: String) -> [String] {
    let re = try! NSRegularExpression(pattern: pattern, options: [.anchorsMatchLines])
    return re.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap { m in
        (1..<m.numberOfRanges).lazy.compactMap { Range(m.range(at: $0), in: text).map { String(text[$0]) } }.first
    }
}

@Suite("Command table: help, man page, completions")
struct CommandTableTests {
    @Test func theSurveyFindsEveryCommand() {
        let leaves = HelpSurvey.leaves
        for name in ["classify", "test", "filter add", "filter update", "language block", "rule enable", "lists update",
                     "import", "export", "eval", "lint", "diff", "report", "completions", "help"] {
            #expect(leaves[name] != nil, "\(name)")
        }
        #expect(leaves["classify"]?.isSuperset(of: ["--jobs", "-j", "--output", "-o", "--stats=all", "--rule", "--help", "-h"]) == true)
        #expect(leaves["filter add"]?.isSuperset(of: ["--type", "--folder", "--db", "--help"]) == true)
        #expect(HelpSurvey.globalFlags == ["--db", "--help", "-h", "--version"])
    }

    // MARK: the man page

    static let man: String = (try? Harness.run(["help", "--man"]).out) ?? ""

    /// The flags of each `.SS` section (and of OPTIONS, under ""), read from the `.TP` tags.
    static func manFlags() -> [String: Set<String>] {
        var out: [String: Set<String>] = [:]
        var section = "", tagNext = false
        for raw in man.components(separatedBy: "\n") {
            if raw.hasPrefix(".SS ") { section = raw.dropFirst(4).trimmingCharacters(in: CharacterSet(charactersIn: "\"")); continue }
            if raw == ".TP" { tagNext = true; continue }
            guard tagNext else { continue }
            tagNext = false
            var tag = raw
            for escape in ["\\fB", "\\fR", "\\fI", "\\&"] { tag = tag.replacingOccurrences(of: escape, with: "") }
            tag = tag.replacingOccurrences(of: "\\-", with: "-")
            guard tag.hasPrefix("-") else { continue }
            for piece in tag.components(separatedBy: ", ") { out[section, default: []].insert(String(piece.split(separator: " ")[0])) }
        }
        return out
    }

    @Test func theManPageHasEveryFlagOfEveryCommand() {
        let man = Self.manFlags()
        for (command, flags) in HelpSurvey.leaves {
            #expect(man[command] == flags, "\(command): man \(man[command].map { $0.sorted() } ?? []) help \(flags.sorted())")
        }
        #expect(man[""] == HelpSurvey.globalFlags)
    }

    @Test func theManPageHasTheSectionsOfAManPage() {
        let headings = Set(Self.man.components(separatedBy: "\n").filter { $0.hasPrefix(".SH ") }.map { String($0.dropFirst(4)) })
        for h in ["NAME", "SYNOPSIS", "DESCRIPTION", "OPTIONS", "COMMANDS", "EXIT STATUS", "ENVIRONMENT", "FILES", "EXAMPLES", "SEE ALSO"] {
            #expect(headings.contains(h), "\(h)")
        }
        #expect(Self.man.contains(".B MSGSIFT_DB\n") && Self.man.contains(".B XDG_DATA_HOME\n"))
        #expect(Self.man.hasPrefix(".\\\"") && Self.man.contains("\n.TH MSGSIFT 1 "))
        // Anything not ASCII is a groff escape: groff reads its input as Latin-1.
        #expect(Self.man.unicodeScalars.allSatisfy { $0.isASCII })
    }

    @Test(.enabled(if: installed("groff"), "groff is not installed"))
    func groffWarnsOfNothing() throws {
        let file = try Harness.temp(Data(Self.man.utf8), suffix: ".1")
        defer { try? FileManager.default.removeItem(atPath: file) }
        let r = try Harness.bash("groff -ww -man -Tutf8 '\(file)' > /dev/null; echo \"status $?\"")
        #expect(r.out == "status 0\n")
        #expect(r.err.isEmpty, "\(r.err)")
        let rendered = try Harness.bash("MANWIDTH=80 man -l '\(file)' 2>&1 | col -b")
        #expect(rendered.out.contains("NAME") && rendered.out.contains("msgsift - classify SMS messages"), "\(rendered.out.prefix(400))")
        #expect(rendered.out.contains("--max-record-bytes N") && rendered.out.contains("filter add"))
    }

    // MARK: the completion scripts, parsed

    static func script(_ shell: String) -> String { (try? Harness.run(["completions", shell]).out) ?? "" }

    /// bash: each `"PATH")` case's option words (the first `compgen -W` after it).
    static func bashFlags() -> [String: Set<String>] {
        let s = script("bash")
        var out: [String: Set<String>] = [:]
        let lines = s.components(separatedBy: "\n")
        for (i, line) in lines.enumerated() {
            let t = line.trimmingCharacters(in: .whitespaces)
            guard t.hasPrefix("\""), t.hasSuffix("\")"), !t.contains(":"), i + 1 < lines.count,
                  let words = captures(#"\[\[ \$cur == -\* \]\]; then COMPREPLY=\(\$\(compgen -W '([^']*)'"#, lines[i + 1]).first else { continue }
            out[String(t.dropFirst().dropLast(2))] = Set(words.split(separator: " ").map(String.init))
        }
        return out
    }

    /// zsh: the option specs of each `_msgsift_PATH()` function.
    static func zshFlags() -> [String: Set<String>] {
        var out: [String: Set<String>] = [:]
        var current: String?
        for line in script("zsh").components(separatedBy: "\n") {
            if let name = captures(#"^(_msgsift[a-z_-]*)\(\) \{$"#, line).first {
                current = name == "_msgsift" ? "" : String(name.dropFirst("_msgsift_".count)).replacingOccurrences(of: "_", with: " ")
                continue
            }
            guard let c = current, let spec = captures(#"^\s+'(?:\*|\(- \*\))((?:-|\\=|[A-Za-z0-9])+)\["#, line).first else { continue }
            out[c, default: []].insert(spec.replacingOccurrences(of: "\\=", with: "="))
        }
        return out
    }

    /// fish: the -l, -s and -a '--…' of each `complete` line, by its `__msgsift_at PATH` condition.
    static func fishFlags() -> [String: Set<String>] {
        var out: [String: Set<String>] = [:]
        for whole in script("fish").components(separatedBy: "\n") where whole.hasPrefix("complete -c msgsift -n '__msgsift_at") {
            // The description (` -d '…'`, last) may hold words like ` -l `.
            let line = whole.components(separatedBy: " -d '")[0]
            let path = captures(#"-n '__msgsift_at(?: \\'([^\\]*)\\'| ([^' ]*))?'"#, line).first ?? ""
            let names = captures(#" -l (\S+)"#, line).map { "--" + $0 } + captures(#" -s (\S)"#, line).map { "-" + $0 }
                + captures(#" -a '(--[^']*)'"#, line)
            if !names.isEmpty { out[path, default: []].formUnion(names) }
        }
        return out
    }

    @Test(arguments: ["bash", "zsh", "fish"])
    func everyScriptHasEveryFlagOfEveryCommand(_ shell: String) {
        let parsed = shell == "bash" ? Self.bashFlags() : shell == "zsh" ? Self.zshFlags() : Self.fishFlags()
        #expect(HelpSurvey.leaves.count >= 20)
        for (command, flags) in HelpSurvey.leaves {
            #expect(parsed[command] == flags, "\(shell) \(command): script \(parsed[command].map { $0.sorted() } ?? []) help \(flags.sorted())")
        }
        if shell != "bash" { #expect(parsed[""] == HelpSurvey.globalFlags, "\(shell): \(parsed[""] ?? [])") }
    }

    @Test func anUnknownShellIsAUsageError() throws {
        for args in [["completions", "tcsh"], ["completions"], ["completions", "bash", "zsh"]] {
            let r = try Harness.run(args)
            #expect(r.status == 2 && r.out.isEmpty && r.err.hasPrefix("msgsift: "), "\(args): \(r.err)")
        }
        #expect(try Harness.run(["completions", "bahs"]).err.contains("(did you mean bash?)"))
        #expect(try Harness.run(["completions", "--help"]).out.hasPrefix("usage: msgsift completions bash|zsh|fish"))
    }

    @Test func helpNamesACommandsHelp() throws {
        #expect(try Harness.run(["help", "filter", "add"]).out == Harness.run(["filter", "add", "--help"]).out)
        #expect(try Harness.run(["help"]).out == Harness.run(["--help"]).out)
        let r = try Harness.run(["help", "clasify"])
        #expect(r.status == 2 && r.err.contains("(did you mean classify?)"), "\(r.err)")
    }

    // MARK: completing, in the shells themselves

    /// `line` ends where TAB is pressed.
    static let cases: [(line: String, expected: [String])] = [
        ("msgsift cl", ["classify"]),
        ("msgsift classify --jo", ["--jobs"]),
        ("msgsift rule enable ", ["all-unknown", "country-allowlist", "email", "emojis", "links", "numbers-only", "short-sender"]),
        ("msgsift classify --format ", ["auto", "chat-db", "csv", "ndjson", "sms-backup-xml"]),
        ("msgsift filter ", ["add", "list", "remove", "update"]),
        ("msgsift --db x lists e", ["enable"]),
        ("msgsift filter add --type ", ["allow", "deny"]),
        ("msgsift classify --rule sh", ["short-sender"]),
        ("msgsift completions ", ["bash", "fish", "zsh"]),
        ("msgsift export -", ["--db", "--help", "--type", "-h", "-o"]),
        ("msgsift classify --filters samples/rules.sfs", ["samples/rules.sfsfilters"]),
    ]

    @Test(arguments: cases)
    func bashCompletes(_ line: String, _ expected: [String]) throws {
        let file = try Harness.temp(Data(Self.script("bash").utf8), suffix: ".bash")
        defer { try? FileManager.default.removeItem(atPath: file) }
        let words = line.split(separator: " ", omittingEmptySubsequences: false).map { "'\($0)'" }.joined(separator: " ")
        let r = try Harness.bash("""
            cd '\(Harness.root.path)' && source '\(file)' && COMP_WORDS=(\(words)) && COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 )) \
            && _msgsift && printf '%s\\n' "${COMPREPLY[@]}" | sort
            """)
        #expect(r.out.split(separator: "\n").map(String.init) == expected.sorted(), "\(line): \(r.out) \(r.err)")
        #expect(r.err.isEmpty, "\(r.err)")
    }

    @Test(.enabled(if: installed("zsh"), "zsh is not installed"), arguments: cases)
    func zshCompletes(_ line: String, _ expected: [String]) throws {
        let dir = Scratch.folder.appendingPathComponent("msgsift-zsh-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data(Self.script("zsh").utf8).write(to: dir.appendingPathComponent("_msgsift"))
        // An interactive zsh on a pseudo-terminal: TAB after the line, every candidate that
        // reaches compadd printed between << and >>.
        try Data("""
            zmodload zsh/zpty
            zpty z zsh -f -i
            zpty -w z "PROMPT=''; RPROMPT=''; fpath=($1 \\$fpath); autoload -U compinit; compinit -u -D"
            zpty -w z 'compadd () { builtin compadd -O __hits "$@"; print -rl -- "<<" $__hits ">>" >&2 ; builtin compadd "$@" }'
            zpty -w z '_zcap_done() { print -r -- "@@DO""NE@@" >&2 }'
            zpty -w z 'zle-line-init() { comppostfuncs=(_zcap_done) }; zle -N zle-line-init'
            zpty -w z 'cd "$2"; exec 2>&1; print READ""Y'
            zpty -r z _ '*READY*'
            zpty -w -n z "$3"$'\\t'
            zpty -r z out '*@@DONE@@*'
            print -r -- "$out" | tr -d '\\r' | awk '/<<$/{on=1;next} /^>>$/{on=0;next} on{print}' | sort -u
            zpty -d z

            """.utf8).write(to: dir.appendingPathComponent("capture.zsh"))
        let r = try Harness.bash("timeout 60 zsh '\(dir.path)/capture.zsh' '\(dir.path)' '\(Harness.root.path)' '\(line)'")
        // zsh's _files adds a path's folder and file apart (samples, rules.sfsfilters).
        let got = r.out.split(separator: "\n").map(String.init)
        #expect(got == expected.sorted() || (line.hasSuffix(".sfs") && got.contains("rules.sfsfilters")), "\(line): \(r.out) \(r.err)")
    }

    @Test(.enabled(if: installed("fish"), "fish is not installed"), arguments: cases)
    func fishCompletes(_ line: String, _ expected: [String]) throws {
        let file = try Harness.temp(Data(Self.script("fish").utf8), suffix: ".fish")
        defer { try? FileManager.default.removeItem(atPath: file) }
        let r = try Harness.bash("cd '\(Harness.root.path)' && fish -c 'source \(file); complete -C \"\(line)\"' | cut -f1 | sort")
        #expect(r.out.split(separator: "\n").map(String.init) == expected.sorted(), "\(line): \(r.out) \(r.err)")
    }
}
