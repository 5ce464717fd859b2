// The manual page msgsift(1), as roff (`msgsift help --man`), made from the
// command table (CommandTable.swift): every command with its description and
// options, as `--help` shows them. `make install` writes it with the binary it
// installs, so the page and the program it describes are always the same version.

enum Manual {
    static var page: String {
        var s = """
            .\\" msgsift(1), made by `msgsift help --man` from msgsift's command table.
            .TH MSGSIFT 1 "" "msgsift \(version)" "User Commands"
            .ad l
            .nh
            .SH NAME
            msgsift \\- classify SMS messages in batch with the rules of Simply Filter SMS
            .SH SYNOPSIS
            .B msgsift
            [\\fB\\-\\-db\\fR \\fIPATH\\fR] \\fICOMMAND\\fR [\\fIoptions\\fR]
            .br
            .B msgsift
            [\\fIoptions\\fR] [\\fIINPUT\\fR ...]
            .SH DESCRIPTION

            """
        s += paragraph(Commands.description)
        s += paragraph("""
            Without a command, the arguments are those of classify: its options and input files
            (stdin when none is named, or -). classify, test, eval and lint use the rules in the
            rule store (read-only) plus any rule options; --no-db uses only the options. The store
            is one SQLite file, created by the first command that changes a rule.
            """)
        s += ".SH OPTIONS\n"
        s += Commands.global.map(option).joined()
        s += ".SH COMMANDS\n"
        s += paragraph("Every command takes -h or --help, which prints what is said of it here.")
        for c in Commands.all {
            s += ".SS \(c.name)\n"
            if c.subcommands.isEmpty { s += command(c) } else {
                s += paragraph(c.description)
                s += paragraph("\(c.name) [--db PATH] COMMAND, where COMMAND is one of:")
                for sub in c.subcommands { s += ".TP\n.B \"\(sub.path)\"\n" + text(sub.summary) + "\n" }
                for sub in c.subcommands { s += ".SS \"\(sub.path)\"\n" + command(sub) }
            }
        }
        s += """
            .SH EXIT STATUS
            .TP
            .B 0
            done (lint: no findings)
            .TP
            .B 1
            a runtime failure: an input, the store or the network failed, unreadable records
            were found (their error records are written), or lint found something
            .TP
            .B 2
            a usage error: an unknown command or option, a value out of range, an invalid rule
            .SH ENVIRONMENT
            .TP
            .B MSGSIFT_DB
            the rule store when \\fB\\-\\-db\\fR is not given
            .TP
            .B XDG_DATA_HOME
            where the store is without \\fB\\-\\-db\\fR or \\fBMSGSIFT_DB\\fR:
            \\fI$XDG_DATA_HOME/msgsift/rules.db\\fR (else \\fI~/.local/share/msgsift/rules.db\\fR)
            .TP
            .B MSGSIFT_LOCK_TIMEOUT
            seconds a command that changes the store waits for another one (default 5)
            .TP
            .B \(ListsUpdate.urlVariable)
            where \\fBlists update\\fR fetches the community lists from
            .TP
            .B \(ReportCommand.urlVariable)
            where \\fBreport\\fR sends its reports
            .SH FILES
            .TP
            .I ~/.local/share/msgsift/rules.db
            the rule store (with \\fBXDG_DATA_HOME\\fR set: \\fI$XDG_DATA_HOME/msgsift/rules.db\\fR)
            .SH EXAMPLES
            Classify an archive with a filter file and two smart rules, a summary on stderr:
            .PP
            .RS
            .nf
            msgsift classify \\-\\-no\\-db \\-\\-filters rules.sfsfilters \\-\\-rule links \\e
                \\-\\-rule short\\-sender=5 \\-\\-stats messages.ndjson > verdicts.ndjson
            .fi
            .RE
            .PP
            Keep rules in the store, then judge one message with them:
            .PP
            .RS
            .nf
            msgsift filter add Weed \\-\\-type deny
            msgsift rule enable links
            msgsift test \\-\\-sender +15550100 \\-\\-body "cheap weed www.x.com" \\-\\-explain
            .fi
            .RE
            .PP
            Score the rules against a labelled archive, and see what a change would change:
            .PP
            .RS
            .nf
            msgsift eval \\-\\-label label labelled.ndjson
            msgsift diff \\-\\-before old.sfsfilters \\-\\-after new.sfsfilters messages.ndjson
            .fi
            .RE
            .PP
            Export the filters for the app:
            .PP
            .RS
            .nf
            msgsift export \\-o filters.sfsfilters
            .fi
            .RE
            .SH SEE ALSO
            .BR jq (1),
            .BR sqlite3 (1);
            README.md and GUIDE.md in msgsift's sources.

            """
        return s
    }

    /// A leaf command: usage, description, options, footer.
    static func command(_ c: CommandSpec) -> String {
        var s = ".PP\n" + c.usage.split(separator: "\n").map { "\\fB" + text(String($0.drop { $0 == " " })) + "\\fR" }.joined(separator: "\n.br\n") + "\n"
        s += paragraph(c.description)
        s += c.options.map(option).joined()
        if !c.footer.isEmpty {
            s += ".PP\n.RS\n.nf\n" + c.footer.split(separator: "\n", omittingEmptySubsequences: false).map { line(String($0)) }.joined() + ".fi\n.RE\n"
        }
        return s
    }

    /// An option as a tagged paragraph: `-j, --jobs N` then its help.
    static func option(_ o: OptionSpec) -> String {
        var tag = (o.short.map { "\\fB\(text($0))\\fR, " } ?? "") + "\\fB\(text(o.name))\\fR"
        if let v = o.value { tag += " \\fI\(text(v))\\fR" }
        return ".TP\n" + line(tag, escaped: true) + text(o.help.replacingOccurrences(of: "\n", with: " "), breakable: true) + "\n"
    }

    /// Lines joined into one filled paragraph.
    static func paragraph(_ s: String) -> String {
        ".PP\n" + text(s.split(separator: "\n").joined(separator: " "), breakable: true) + "\n"
    }

    /// One output line, safe from being read as a request (a leading `.` or `'`).
    static func line(_ s: String, escaped: Bool = false) -> String {
        let t = escaped ? s : text(s)
        return (t.hasPrefix(".") || t.hasPrefix("'") ? "\\&" : "") + t + "\n"
    }

    /// Text as roff: backslashes and minus signs escaped, anything not ASCII as `\[uXXXX]`;
    /// `breakable`: a line may break after a comma or a slash, so a long list (`{id,type,…}`)
    /// or a URL fills.
    static func text(_ s: String, breakable: Bool = false) -> String {
        var out = ""
        let scalars = Array(s.unicodeScalars)
        for (i, u) in scalars.enumerated() {
            switch u {
            case "\\": out += "\\e"
            case "-": out += "\\-"
            case ",", "/":
                out.unicodeScalars.append(u)
                if breakable && i + 1 < scalars.count && scalars[i + 1] != " " { out += "\\:" }
            default:
                if u.isASCII { out.unicodeScalars.append(u) } else {
                    let hex = String(u.value, radix: 16, uppercase: true)
                    out += "\\[u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "]"
                }
            }
        }
        return out.hasPrefix(".") || out.hasPrefix("'") ? "\\&" + out : out
    }
}
