// The commands messages suggest: this run's own command line, changed so that it
// reads what it refused (a flag added, or the input piped through a converter),
// quoted so that a shell reads it back as given. Pasted, it works.
import SiftInput

/// Makes commands from the arguments a run was started with (program name left out).
struct Rerun {
    var arguments: [String]

    /// `msgsift` and the arguments with `adding` put before a `--` (flags end there), else
    /// at the end.
    func adding(_ adding: [String]) -> String {
        var args = arguments
        args.insert(contentsOf: adding, at: args.firstIndex(of: "--") ?? args.endIndex)
        return Self.commandLine(args)
    }

    /// `converter FILE | msgsift …` (`converter < FILE` for a converter that reads only
    /// stdin), the run reading that input from stdin (`-`) in its place; for stdin itself,
    /// `converter | msgsift …` (what fed the run feeds that).
    func after(_ converter: String, input: String, redirecting: Bool = false) -> String {
        if input == InputSource.stdin.name { return converter + " | " + Self.commandLine(arguments) }
        var args = arguments
        if let i = args.lastIndex(of: input) { args[i] = "-" }
        return converter + (redirecting ? " < " : " ") + shellQuoted(input) + " | " + Self.commandLine(args)
    }

    /// `gunzip -k FILE.gz && msgsift … FILE`: for an input read only from its file, not a
    /// stream (a Messages database). Nil when the name does not end in `.gz` (gunzip would
    /// not know what to call the result).
    func gunzipping(_ input: String) -> String? {
        guard input.hasSuffix(".gz"), input.count > 3 else { return nil }
        let plain = String(input.dropLast(3))
        var args = arguments
        if let i = args.lastIndex(of: input) { args[i] = plain }
        return "gunzip -k " + shellQuoted(input) + " && " + Self.commandLine(args)
    }

    static func commandLine(_ args: [String]) -> String {
        (["msgsift"] + args).map(shellQuoted).joined(separator: " ")
    }
}

/// `s` as a POSIX shell reads it back: bare when it is plain, else in single quotes.
func shellQuoted(_ s: String) -> String {
    let plain = !s.isEmpty && s.unicodeScalars.allSatisfy {
        ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || "_.,-/=:+@%".unicodeScalars.contains($0)
    }
    return plain ? s : "'" + s.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
}
