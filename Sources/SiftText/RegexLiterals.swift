// The bytes a regex's matches can start with, for a regex with no required
// literal (RegexPrefilter): a text holding none of them cannot match. The
// reading is deliberately conservative: it gives up (nil, the regex always
// runs) on anything it does not understand. Giving up is always safe; a
// missing byte is not.

/// Leading bytes of ICU regex patterns.
public enum RegexLiterals {
    /// Whether the pattern holds syntax the scanners here do not model, anywhere: a `(?#…)`
    /// comment (it ends at the first `)`, whatever is inside), `\Q…\E`, a class whose first
    /// member is `]` (`[]…]`, `[^]…]`), or a class inside a class (`[[x]…]`, `[\w&&[^\d]]`,
    /// `[[:alpha:]]`). Misread, each hid a top-level `|` inside a "group": the first
    /// alternative's literal became the only gate, and matches of the others were missed.
    static func hasUnmodelled(_ p: [Unicode.Scalar]) -> Bool {
        var i = 0, inClass = false
        while i < p.count {
            let c = p[i]
            if c == "\\" {
                if i + 1 < p.count && p[i + 1] == "Q" { return true }
                i += 2
                continue
            }
            if inClass {
                if c == "[" { return true }
                if c == "]" { inClass = false }
            } else if c == "[" {
                inClass = true
                var j = i + 1
                if j < p.count && p[j] == "^" { j += 1 }
                if j < p.count && p[j] == "]" { return true }
            } else if c == "(" && i + 2 < p.count && p[i + 1] == "?" && p[i + 2] == "#" {
                return true
            }
            i += 1
        }
        return false
    }

    /// The pattern split at its top-level `|` (not inside a group or a class).
    private static func topLevelAlternatives(_ scalars: [Unicode.Scalar]) -> [[Unicode.Scalar]] {
        var alternatives: [[Unicode.Scalar]] = [[]]
        var depth = 0, inClass = false, i = 0
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
        return alternatives
    }

    /// The bytes a match can start with, as a 256-entry table, for patterns
    /// with no required literal: the first UTF-8 byte of every match is one of
    /// them, so a text holding none of them cannot match. Understands only a
    /// pattern that starts (after `^` and leading inline flags) with a plain
    /// character, an escaped punctuation character, `\d`, or a class of plain
    /// characters and ranges, that is not optional; nil for anything else.
    /// Under a case-insensitive flag anywhere, letters stand for both cases
    /// and every non-ASCII byte is included (ſ matches s, K matches k).
    public static func leadingBytes(_ pattern: String) -> [Bool]? {
        let p = Array(pattern.unicodeScalars)
        if hasUnmodelled(p) { return nil }
        var i = 0
        var insensitive = false
        // Leading `^` and inline flag groups `(?i)`, `(?-i)`, `(?im)`.
        while i < p.count {
            if p[i] == "^" { i += 1; continue }
            if p[i] == "(" && i + 1 < p.count && p[i + 1] == "?" {
                var j = i + 2
                var on = true
                while j < p.count && p[j] != ")" {
                    let f = p[j]
                    if f == "-" { on = false } else if f == "i" { insensitive = insensitive || on }
                    else if f == "x" || f == "s" || f == "w" { return nil }
                    else if !(f == "m" || f == "u") { return nil }   // (?: (?= (?<… and other groups
                    j += 1
                }
                guard j < p.count else { return nil }
                i = j + 1
                continue
            }
            break
        }
        // Flags set later in the pattern could still make the first atom insensitive.
        var k = i
        while k + 1 < p.count {
            if p[k] == "(" && p[k + 1] == "?" { return nil }
            k += 1
        }
        guard i < p.count else { return nil }
        var set = [Bool](repeating: false, count: 256)
        func add(_ c: Unicode.Scalar) {
            if c.value >= 0x80 {
                for b in 0x80..<0x100 { set[b] = true }
                // A few non-ASCII scalars pair with ASCII letters under (?i): K (Kelvin) with k,
                // ſ with s, İ with i, ﬀ with f.
                if insensitive {
                    let p = c.properties
                    for mapped in [p.lowercaseMapping, p.uppercaseMapping, p.titlecaseMapping] {
                        if let first = mapped.unicodeScalars.first, first.isASCII, first.properties.isAlphabetic {
                            set[Int(first.value)] = true
                            set[Int(first.value) ^ 0x20] = true
                        }
                    }
                }
                return
            }
            set[Int(c.value)] = true
            if insensitive, c.properties.isAlphabetic {
                set[Int(c.value) ^ 0x20] = true
            }
        }
        func addDigits() { for b in 0x30...0x39 { set[b] = true }; for b in 0x80..<0x100 { set[b] = true } }
        let c = p[i]
        switch c {
        case "\\":
            guard i + 1 < p.count else { return nil }
            let e = p[i + 1]
            i += 2
            if e == "d" { addDigits() }
            else if e.value < 0x80 && !e.properties.isAlphabetic && !("0"..."9").contains(e) { add(e) }
            else { return nil }
        case "[":
            i += 1
            if i < p.count && (p[i] == "^" || p[i] == "[" || p[i] == ":" || p[i] == "]") { return nil }
            while i < p.count && p[i] != "]" {
                var lo = p[i]
                if lo == "\\" {
                    guard i + 1 < p.count else { return nil }
                    let e = p[i + 1]
                    if e == "d" { addDigits(); i += 2; continue }
                    guard e.value < 0x80 && !e.properties.isAlphabetic && !("0"..."9").contains(e) else { return nil }
                    lo = e
                    i += 1
                } else if lo == "[" || lo == "&" {
                    return nil          // nested sets and set operations
                }
                i += 1
                if i + 1 < p.count && p[i] == "-" && p[i + 1] != "]" {
                    let hi = p[i + 1]
                    guard hi != "\\" && hi != "[", lo.value <= hi.value else { return nil }
                    if hi.value >= 0x80 || insensitive {
                        if lo.value < 0x80 { for v in lo.value...min(hi.value, 0x7F) { if let s = Unicode.Scalar(v) { add(s) } } }
                        if hi.value >= 0x80 { add("\u{80}") }
                        // Under (?i) a range over İ ı ſ, K or the ﬀ ligatures also matches ASCII letters.
                        if insensitive && hi.value >= 0x80 {
                            let pairing: [ClosedRange<UInt32>] = [0x0130...0x0131, 0x017F...0x017F, 0x212A...0x212A, 0xFB00...0xFB06]
                            if pairing.contains(where: { $0.overlaps(max(lo.value, 0x80)...hi.value) }) {
                                for b in UInt8(ascii: "A")...UInt8(ascii: "Z") { set[Int(b)] = true; set[Int(b | 0x20)] = true }
                            }
                        }
                    } else {
                        for v in lo.value...hi.value { set[Int(v)] = true }
                    }
                    i += 2
                } else {
                    add(lo)
                }
            }
            guard i < p.count else { return nil }
            i += 1
        case "(", ")", "|", ".", "$", "?", "*", "+", "{", "]", "}":
            return nil
        default:
            add(c)
            i += 1
        }
        // The atom must be required: not followed by ?, * or {0…}.
        if i < p.count {
            let q = p[i]
            if q == "?" || q == "*" { return nil }
            if q == "{" && i + 1 < p.count && p[i + 1] == "0" { return nil }
            if q == "{" && i + 1 < p.count && p[i + 1] == "," { return nil }
        }
        // Case-insensitive matching also pairs some non-ASCII scalars with ASCII letters (K, ſ).
        if insensitive { for b in 0x80..<0x100 { set[b] = true } }
        // A top-level alternative elsewhere could start a match with anything.
        if topLevelAlternatives(p).count > 1 { return nil }
        return set
    }
}
