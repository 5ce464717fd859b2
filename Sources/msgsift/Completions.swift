// `msgsift completions bash|zsh|fish`: completion scripts made from the command
// table (CommandTable.swift): the commands, a group's subcommands, each command's
// options (long and short), an option's values where the table names them (a
// fixed list, files, directories) and what its positionals complete to.
// Everything is in the script: completing never runs msgsift.

enum Completions {
    static let shells = ["bash", "zsh", "fish"]

    static func run(_ args: ArraySlice<String>) throws -> Int32 {
        var shell: String?
        for arg in args {
            if arg.hasPrefix("-") && arg != "-" { throw UsageError("unknown flag \(arg)", command: "completions") }
            guard shell == nil else { throw UsageError("name one shell: \(shells.joined(separator: ", "))", command: "completions") }
            shell = arg
        }
        guard let shell else { throw UsageError("name the shell: \(shells.joined(separator: ", "))", command: "completions") }
        switch shell {
        case "bash": print(bash, terminator: "")
        case "zsh": print(zsh, terminator: "")
        case "fish": print(fish, terminator: "")
        default:
            throw UsageError("no completions for \(quotedArg(shell)): \(shells.joined(separator: ", "))" + didYouMean(shell, shells), command: "completions")
        }
        return 0
    }

    /// The words a value kind offers (a fixed list; the commands' names).
    static func words(_ kind: ValueKind) -> [String]? {
        switch kind {
        case .choices(let c): return c
        case .commands: return Commands.all.map(\.name)
        case .none, .file, .directory: return nil
        }
    }

    /// Every spelling of an option: `--jobs`, `-j`.
    static func spellings(_ o: OptionSpec) -> [String] { [o.name] + (o.short.map { [$0] } ?? []) }

    /// The first line of a help text.
    static func firstLine(_ s: String) -> String { String(s.split(separator: "\n").first ?? "") }

    // MARK: bash

    static var bash: String {
        let groups = Commands.all.filter { !$0.subcommands.isEmpty }
        var s = """
            # bash completion for msgsift                                  -*- shell-script -*-
            # Made by `msgsift completions bash` from msgsift's command table.

            _msgsift_files() {
                local IFS=$'\\n'
                compopt -o filenames 2>/dev/null
                COMPREPLY=($(compgen -f -- "$cur"))
            }

            _msgsift_dirs() {
                local IFS=$'\\n'
                compopt -o filenames 2>/dev/null
                COMPREPLY=($(compgen -d -- "$cur"))
            }

            _msgsift() {
                local cur=${COMP_WORDS[COMP_CWORD]} prev=""
                (( COMP_CWORD > 0 )) && prev=${COMP_WORDS[COMP_CWORD-1]}
                # `--format=c`: bash splits the word at `=`.
                if [[ $cur == "=" ]]; then cur=""
                elif [[ $prev == "=" ]] && (( COMP_CWORD > 1 )); then prev=${COMP_WORDS[COMP_CWORD-2]}
                fi
                COMPREPLY=()
                # The command words typed so far: a command, then a group's subcommand.
                local i=1 w path=""
                while (( i < COMP_CWORD )); do
                    w=${COMP_WORDS[i]}
                    case $w in
                        --db) (( i += 2 )); continue ;;
                        -*) (( i += 1 )); continue ;;
                    esac
                    case $path in
                        "") path=$w ;;
                        \(groups.map(\.name).joined(separator: "|"))) path="$path $w" ;;
                        *) break ;;
                    esac
                    (( i += 1 ))
                done
                # Any other first word is an input file of classify.
                case ${path%% *} in
                    ""|\(Commands.all.map(\.name).joined(separator: "|"))) ;;
                    *) path=classify ;;
                esac

            """
        // The value of the option before the cursor.
        s += "    case \"$path:$prev\" in\n"
        var byKind: [String: [String]] = [:]   // the completion line → the patterns that take it
        var order: [String] = []
        func add(_ pattern: String, _ line: String) {
            if byKind[line] == nil { order.append(line) }
            byKind[line, default: []].append(pattern)
        }
        func valueLine(_ kind: ValueKind) -> String {
            switch kind {
            case .file: return "_msgsift_files"
            case .directory: return "_msgsift_dirs"
            case .none: return ":"
            case .choices, .commands: return "COMPREPLY=($(compgen -W \(shellQuoted(words(kind)!.joined(separator: " "))) -- \"$cur\"))"
            }
        }
        for o in Commands.global where o.value != nil { for name in spellings(o) { add("\":\(name)\"", valueLine(o.completes)) } }
        for c in Commands.all {
            for spec in [c] + c.subcommands {
                for o in spec.options where o.value != nil {
                    for name in spellings(o) { add("\"\(spec.path):\(name)\"", valueLine(o.completes)) }
                }
            }
        }
        for line in order { s += "        \(byKind[line]!.joined(separator: "|"))) \(line); return ;;\n" }
        s += "    esac\n"
        // Options, subcommands and positionals of the command reached.
        s += "    case $path in\n"
        s += "        \"\")\n"
        s += "            if [[ $cur == -* ]]; then COMPREPLY=($(compgen -W \(shellQuoted(Commands.global.flatMap(spellings).joined(separator: " "))) -- \"$cur\"))\n"
        s += "            else COMPREPLY=($(compgen -W \(shellQuoted(Commands.all.map(\.name).joined(separator: " "))) -- \"$cur\")); [[ -n $cur ]] && COMPREPLY+=($(compgen -f -- \"$cur\")); fi ;;\n"
        for c in Commands.all {
            for spec in [c] + c.subcommands {
                let options = spec.options.flatMap(spellings).joined(separator: " ")
                var rest: String
                if !spec.subcommands.isEmpty {
                    rest = "COMPREPLY=($(compgen -W \(shellQuoted(spec.subcommands.map(\.name).joined(separator: " "))) -- \"$cur\"))"
                } else {
                    switch spec.positional?.completes ?? .none {
                    case .file: rest = "_msgsift_files"
                    case .directory: rest = "_msgsift_dirs"
                    case .none: rest = ":"
                    case let kind: rest = "COMPREPLY=($(compgen -W \(shellQuoted(words(kind)!.joined(separator: " "))) -- \"$cur\"))"
                    }
                }
                s += "        \"\(spec.path)\")\n"
                s += "            if [[ $cur == -* ]]; then COMPREPLY=($(compgen -W \(shellQuoted(options)) -- \"$cur\")); else \(rest); fi ;;\n"
            }
        }
        s += "    esac\n    return 0\n}\n\ncomplete -F _msgsift msgsift\n"
        return s
    }

    /// `'text'` for sh, bash and zsh.
    static func shellQuoted(_ s: String) -> String { "'" + s.replacingOccurrences(of: "'", with: "'\\''") + "'" }

    // MARK: zsh

    static var zsh: String {
        var s = """
            #compdef msgsift
            # zsh completion for msgsift, made by `msgsift completions zsh` from msgsift's command table.

            _msgsift() {
                local curcontext="$curcontext" state line
                local -a commands
                _arguments -C -S \\

            """
        s += Commands.global.flatMap { zshSpecs($0, exclusive: $0.value == nil) }.map { "        \($0) \\\n" }.joined()
        s += """
                    '1: :->command' \\
                    '*:: :->args' && return
                case $state in
                    command)
                        commands=(\(Commands.all.map { shellQuoted(zshDescribed($0.name, $0.summary)) }.joined(separator: " ")))
                        _describe -t commands 'msgsift command' commands
                        _files ;;
                    args)
                        case $words[1] in

            """
        for c in Commands.all { s += "                \(c.name)) \(zshFunction(c)) ;;\n" }
        s += "                *) \(zshFunction(Commands.named("classify")!)) ;;\n"
        s += "            esac ;;\n    esac\n}\n\n"
        for c in Commands.all {
            s += zshDefinition(c)
            for sub in c.subcommands { s += zshDefinition(sub) }
        }
        s += "_msgsift \"$@\"\n"
        return s
    }

    static func zshFunction(_ c: CommandSpec) -> String { "_msgsift_" + c.path.replacingOccurrences(of: " ", with: "_") }

    /// `name:description` for _describe.
    static func zshDescribed(_ name: String, _ summary: String) -> String {
        name.replacingOccurrences(of: ":", with: "\\:") + ":" + firstLine(summary)
    }

    /// The _arguments specs of an option: one per spelling, repeatable (`*`) unless it ends
    /// the command line (`--help`).
    static func zshSpecs(_ o: OptionSpec, exclusive: Bool = false) -> [String] {
        func escaped(_ s: String) -> String {
            s.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "[", with: "\\[")
                .replacingOccurrences(of: "]", with: "\\]").replacingOccurrences(of: ":", with: "\\:")
        }
        let prefix = o.name == "--help" || o.name == "--version" ? "(- *)" : "*"
        return spellings(o).map { name in
            var spec = prefix + name.replacingOccurrences(of: "=", with: "\\=") + "[" + escaped(firstLine(o.help)) + "]"
            if let value = o.value {
                let action: String
                switch o.completes {
                case .file: action = "_files"
                case .directory: action = "_files -/"
                case .none: action = " "
                case let kind: action = "(" + words(kind)!.map { $0.replacingOccurrences(of: " ", with: "\\ ") }.joined(separator: " ") + ")"
                }
                spec += ":" + escaped(value) + ":" + action
            }
            return shellQuoted(spec)
        }
    }

    static func zshDefinition(_ c: CommandSpec) -> String {
        var s = "\(zshFunction(c))() {\n"
        if !c.subcommands.isEmpty {
            s += "    local curcontext=\"$curcontext\" state line\n    local -a commands\n"
            s += "    _arguments -C -S \\\n"
            s += c.options.flatMap { zshSpecs($0) }.map { "        \($0) \\\n" }.joined()
            s += "        '1: :->command' \\\n        '*:: :->args' && return\n"
            s += "    case $state in\n"
            s += "        command)\n            commands=(\(c.subcommands.map { shellQuoted(zshDescribed($0.name, $0.summary)) }.joined(separator: " ")))\n"
            s += "            _describe -t commands '\(c.name) command' commands ;;\n"
            s += "        args)\n            case $words[1] in\n"
            for sub in c.subcommands { s += "                \(sub.name)) \(zshFunction(sub)) ;;\n" }
            s += "            esac ;;\n    esac\n}\n\n"
            return s
        }
        s += "    _arguments -S \\\n"
        s += c.options.flatMap { zshSpecs($0) }.map { "        \($0) \\\n" }.joined()
        if let p = c.positional {
            let action: String
            switch p.completes {
            case .file: action = "_files"
            case .directory: action = "_files -/"
            case .none: action = " "
            case let kind: action = "(" + words(kind)!.joined(separator: " ") + ")"
            }
            s += "        \(shellQuoted("*:" + p.placeholder.replacingOccurrences(of: ":", with: "\\:") + ":" + action))\n"
        } else {
            s += "        && return\n"
        }
        return s + "}\n\n"
    }

    // MARK: fish

    static var fish: String {
        let groups = Commands.all.filter { !$0.subcommands.isEmpty }.map(\.name)
        var s = """
            # fish completion for msgsift, made by `msgsift completions fish` from msgsift's command table.

            # The command words typed so far: a command, then a group's subcommand ("" before the command).
            function __msgsift_path
                set -l words (commandline -opc)
                set -e words[1]
                set -l path
                set -l skip 0
                for w in $words
                    if test $skip = 1
                        set skip 0
                        continue
                    end
                    switch $w
                        case --db
                            set skip 1
                            continue
                        case '-*'
                            continue
                    end
                    if test (count $path) -eq 0
                        set path $w
                    else if test (count $path) -eq 1; and contains -- $path[1] \(groups.joined(separator: " "))
                        set path $path $w
                    else
                        break
                    end
                end
                # Any other first word is an input file of classify.
                if test (count $path) -gt 0; and not contains -- $path[1] \(Commands.all.map(\.name).joined(separator: " "))
                    set path classify
                end
                echo (string join ' ' -- $path)
            end

            function __msgsift_at
                set -l path (__msgsift_path)
                test "$path" = "$argv"
            end

            complete -c msgsift -f

            """
        func quoted(_ t: String) -> String { "'" + t.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'") + "'" }
        func option(_ o: OptionSpec, at path: String) -> String {
            var line = "complete -c msgsift -n \(quoted("__msgsift_at " + path))"
            for name in spellings(o) {
                if name.hasPrefix("--") {
                    line += name.contains("=") ? " -a \(quoted(name))" : " -l \(String(name.dropFirst(2)))"
                } else {
                    line += " -s \(String(name.dropFirst()))"
                }
            }
            if o.value != nil {
                switch o.completes {
                case .file: line += " -r -F"
                case .directory: line += " -r -a '(__fish_complete_directories)'"
                case .none: line += " -x"
                case let kind: line += " -x -a \(quoted(words(kind)!.joined(separator: " ")))"
                }
            }
            return line + " -d \(quoted(firstLine(o.help)))\n"
        }
        for o in Commands.global { s += option(o, at: "") }
        for c in Commands.all { s += "complete -c msgsift -n '__msgsift_at' -a \(quoted(c.name)) -d \(quoted(c.summary))\n" }
        s += "complete -c msgsift -n '__msgsift_at' -F\n"
        for c in Commands.all {
            for spec in [c] + c.subcommands {
                let at = spec.path.contains(" ") ? "'\(spec.path)'" : spec.path
                s += "\n"
                for o in spec.options { s += option(o, at: at) }
                for sub in spec.subcommands {
                    s += "complete -c msgsift -n \(quoted("__msgsift_at " + at)) -a \(quoted(sub.name)) -d \(quoted(sub.summary))\n"
                }
                switch spec.positional?.completes ?? .none {
                case .none: break
                case .file: s += "complete -c msgsift -n \(quoted("__msgsift_at " + at)) -F\n"
                case .directory: s += "complete -c msgsift -n \(quoted("__msgsift_at " + at)) -a '(__fish_complete_directories)'\n"
                case let kind: s += "complete -c msgsift -n \(quoted("__msgsift_at " + at)) -a \(quoted(words(kind)!.joined(separator: " ")))\n"
                }
            }
        }
        return s
    }
}
