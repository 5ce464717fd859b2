// Required literals of a regex: strings at least one of which every match
// must contain. The engine finds them with the same Aho–Corasick pass as the
// phrases, over folded text, and runs ICU only when one is present (the
// prefilter of ripgrep, RE2 and Hyperscan). Being case-folded, a literal is a
// necessary condition whether or not the pattern is case-insensitive.
//
// The extraction is deliberately conservative: it understands plain
// characters, escaped punctuation, anchors, classes, groups and quantifiers at
// the top level, and gives up (no literal, the regex always runs) on anything
// it does not understand. Giving up is always safe; a wrong literal is not.

/// Extraction of required literals from ICU regex patterns.
public enum RegexLiterals {
    /// Literals (case-folded) such that every match contains one of them, or
    /// an empty array when no such set is known. Each is at least `minimum`
    /// bytes of UTF-8.
    public static func required(_ pattern: String, minimum: Int = 2) -> [String] {
        let scalars = Array(pattern.unicodeScalars)
        // Inline flags that change what characters mean (x: spaces and # comments): give up.
        var k = 0
        while k + 1 < scalars.count {
            if scalars[k] == "(" && scalars[k + 1] == "?" {
                var j = k + 2
                while j < scalars.count, scalars[j].properties.isAlphabetic || scalars[j] == "-" {
                    if scalars[j] == "x" { return [] }
                    j += 1
                }
            }
            k += 1
        }
        var alternatives: [[Unicode.Scalar]] = [[]]
        var depth = 0, inClass = false, i = 0
        // Split at top-level `|`.
        while i < scalars.count {
            let c = scalars[i]
            if c == "\\" {
                alternatives[alternatives.count - 1].append(c)
                if i + 1 < scalars.count { alternatives[alternatives.count - 1].append(scalars[i + 1]) }
                i += 2
                continue
            }
            if inClass { if c == "]" { inClass = false } }
            else if c == "[" { inClass = true }
            else if c == "(" { depth += 1 }
            else if c == ")" { depth -= 1 }
            else if c == "|" && depth == 0 { alternatives.append([]); i += 1; continue }
            alternatives[alternatives.count - 1].append(c)
            i += 1
        }
        var out: [String] = []
        for alt in alternatives {
            guard let best = longestRequiredRun(alt), best.utf8.count >= minimum else { return [] }
            out.append(CaseFold.fold(best))
        }
        return out
    }

    /// The longest run of literal characters every match of this
    /// alternation-free pattern must contain, or nil.
    private static func longestRequiredRun(_ p: [Unicode.Scalar]) -> String? {
        var runs: [String] = []
        var run = String.UnicodeScalarView()
        var lastWasLiteral = false
        func endRun() {
            if !run.isEmpty { runs.append(String(run)) }
            run = String.UnicodeScalarView()
            lastWasLiteral = false
        }
        var i = 0
        while i < p.count {
            let c = p[i]
            switch c {
            case "\\":
                guard i + 1 < p.count else { return nil }
                let e = p[i + 1]
                i += 2
                if e == "Q" || e == "E" || e == "p" || e == "P" || e == "N" || e == "x" || e == "u" || e == "U" || e == "0" || e == "c" || e == "k" {
                    return nil      // constructs with arguments: not worth understanding
                }
                if e.properties.isAlphabetic || ("0"..."9").contains(e) {
                    endRun()        // \d \w \s \b \1 … : not a literal
                } else {
                    run.append(e)   // escaped punctuation: \. \+ \/ \$ …
                    lastWasLiteral = true
                }
            case "(":
                // Skip the whole group: its contents are not required (it may be optional).
                endRun()
                var depth = 0, inClass = false
                while i < p.count {
                    let g = p[i]
                    if g == "\\" { i += 2; continue }
                    if inClass { if g == "]" { inClass = false } }
                    else if g == "[" { inClass = true }
                    else if g == "(" { depth += 1 }
                    else if g == ")" { depth -= 1; if depth == 0 { i += 1; break } }
                    i += 1
                }
            case "[":
                endRun()
                i += 1
                if i < p.count && p[i] == "^" { i += 1 }
                if i < p.count && p[i] == "]" { i += 1 }
                while i < p.count && p[i] != "]" {
                    if p[i] == "\\" { i += 1 }
                    if p[i] == "[" { return nil }   // nested sets: give up
                    i += 1
                }
                i += 1
            case "?", "*":
                // The previous atom is optional: a literal before it is not required.
                if lastWasLiteral && !run.isEmpty { run.removeLast() }
                endRun()
                i += 1
                if i < p.count && (p[i] == "?" || p[i] == "+") { i += 1 }
            case "+":
                endRun()
                i += 1
                if i < p.count && (p[i] == "?" || p[i] == "+") { i += 1 }
            case "{":
                // {n}, {n,}, {n,m}: required at least once when n ≥ 1.
                var j = i + 1, digits = ""
                while j < p.count, ("0"..."9").contains(p[j]) { digits.unicodeScalars.append(p[j]); j += 1 }
                guard let n = Int(digits) else { return nil }
                if n == 0 && lastWasLiteral && !run.isEmpty { run.removeLast() }
                endRun()
                while j < p.count && p[j] != "}" { j += 1 }
                i = j + 1
                if i < p.count && (p[i] == "?" || p[i] == "+") { i += 1 }
            case ".", "^", "$":
                endRun()
                i += 1
            case ")", "]", "}", "|":
                return nil          // unbalanced or unexpected: give up
            default:
                run.append(c)
                lastWasLiteral = true
                i += 1
            }
        }
        endRun()
        return runs.max { $0.utf8.count < $1.utf8.count }
    }
}
