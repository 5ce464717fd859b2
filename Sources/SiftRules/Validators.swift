// One validator per kind of user input. Each owns its rule and returns the
// canonical form; the command line, the .sfsfilters reader and the store all
// go through these, so they can never disagree.
import SiftText

/// Validates filters (text, language, regex) and returns their canonical form.
public enum FilterValidator {
    /// The canonical filter: text trimmed and non-empty, a denyLanguage text
    /// turned into `$lang:<english name>`, a regex that ICU compiles.
    public static func validate(_ filter: Filter) throws(RuleError) -> Filter {
        var f = filter
        f.text = filter.text.trimmingWhitespace()
        guard !f.text.isEmpty else { throw .emptyText }
        switch f.type {
        case .denyLanguage:
            guard let language = Language(codeOrName: f.text) else { throw .unknownLanguage(f.text) }
            f.text = "$lang:" + language.englishName
            // Target, matching and case are kept as given: they do not change what the
            // filter does, but they are part of what makes two filters the same (docs/judging.md
            // "Filters"), as in the app, which makes its own with target body, contains,
            // insensitive (LanguageListView.addFilter) and keeps an imported row's.
        case .allow, .deny:
            // An allow filter's folder does nothing, but it is kept as given: the app keeps and
            // exports it, so an import followed by an export gives back the rows it read.
            try validateMatching(f)
        }
        return f
    }

    private static func validateMatching(_ f: Filter) throws(RuleError) {
        switch f.matching {
        case .regex:
            do { _ = try ICURegex.compiled(f.text) } catch {
                throw .invalidRegex(pattern: f.text, reason: "\(error)")
            }
        case .contains, .exact:
            break
        }
    }
}

/// Validates smart-rule names and values.
public enum SmartRuleValidator {
    /// The rule named `name` (`short-sender`, …), or an error listing the names.
    public static func rule(named name: String) throws(RuleError) -> SmartRule {
        guard let r = SmartRule(rawValue: name.trimmingWhitespace().lowercased()) else {
            throw .unknownRule(name)
        }
        return r
    }

    /// A `short-sender` value: a whole number from 3 to 6.
    public static func shortSenderMaximum(_ raw: String) throws(RuleError) -> Int {
        guard let n = Int(raw.trimmingWhitespace()), (3...6).contains(n) else {
            throw .shortSenderValue(raw)
        }
        return n
    }

    /// A list of calling codes (`+972,+1`): each known, canonical, deduplicated, in the given order.
    public static func callingCodes(_ raw: String) throws(RuleError) -> [String] {
        var out: [String] = []
        for part in raw.split(separator: ",", omittingEmptySubsequences: false) {
            let p = String(part).trimmingWhitespace()
            if p.isEmpty { continue }
            guard let code = CallingCodes.normalize(p) else {
                throw .unknownCallingCode(p)
            }
            if !out.contains(code) { out.append(code) }
        }
        return out
    }
}

/// Validates language names and codes for blocking.
public enum LanguageValidator {
    /// The language named or coded by `raw` (`ar`, `Arabic`, `zh-Hans`, `chinese, simplified`).
    public static func language(_ raw: String) throws(RuleError) -> Language {
        guard let l = Language(codeOrName: raw) else {
            throw .unknownLanguage(raw)
        }
        return l
    }
}

/// A value in double quotes with quotes and control characters escaped, for messages.
/// Backslashes stay as they are, so a regex reads as it was written (`"win\s+\d+"`).
/// Escaped as `\u{…}`: C0 and C1 controls and DEL (U+009B starts a terminal sequence
/// on its own) and the bidirectional embeddings and isolates, which would reorder the
/// rest of the line on screen.
public func quoted(_ s: String) -> String {
    var out = "\""
    for u in s.unicodeScalars {
        switch u {
        case "\"": out += "\\\""
        case "\n": out += "\\n"
        case "\t": out += "\\t"
        case "\r": out += "\\r"
        case "\u{0}"..."\u{1F}", "\u{7F}"..."\u{9F}", "\u{202A}"..."\u{202E}", "\u{2066}"..."\u{2069}":
            out += "\\u{\(String(u.value, radix: 16))}"
        default:
            out.unicodeScalars.append(u)
        }
    }
    return out + "\""
}

/// A name from a file for a message: as it is, or `quoted` when something in it would be
/// escaped there (a control character, a bidi embedding).
public func shownName(_ s: String) -> String {
    let q = quoted(s)
    return q.unicodeScalars.count == s.unicodeScalars.count + 2 ? s : q
}

extension LanguageValidator {
    /// The languages of a comma-separated list (`he,en`, `he, ,en`), reading the English
    /// names that hold a comma of their own whole (`he,chinese, simplified`); blank parts
    /// are skipped.
    public static func languages(inList value: String) throws(RuleError) -> [Language] {
        let parts = value.split(separator: ",", omittingEmptySubsequences: false).map { String($0).trimmingWhitespace() }
        var languages: [Language] = []
        var i = 0
        while i < parts.count {
            defer { i += 1 }
            if parts[i].isEmpty { continue }
            if i + 1 < parts.count, let pair = Language(codeOrName: parts[i] + ", " + parts[i + 1]) {
                languages.append(pair)
                i += 1
                continue
            }
            languages.append(try language(parts[i]))
        }
        return languages
    }
}
