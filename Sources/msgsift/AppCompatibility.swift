// What the app would not take of filters msgsift accepts.
//
// The app compiles its regex filters with Swift's `Regex(text)` (its newest
// MessageEvaluationManager) and its import skips a row that throws
// (FilterImportExportManager.candidate); msgsift reads patterns with ICU (docs/judging.md
// "Filters"), which takes some syntax Swift refuses (lookbehind, `\K`, `\cA`,
// `[]a]`). And the app blocks 13 languages (NLLanguage.allSupportedCases):
// Portuguese, which docs/judging.md "Languages" adds, is not one, so its import skips a
// `$lang:portuguese` row. Such a filter works here; adding, changing,
// importing and exporting one says so.
import SiftRules
import SiftText

/// Why the app would not take `filter`, or nil.
func appRefusal(_ filter: Filter) -> String? {
    switch filter.type {
    case .denyLanguage:
        guard let language = filter.language, !appBlockableLanguages.contains(language) else { return nil }
        return "the app cannot block \(language.englishName.capitalized)"
    case .allow, .deny:
        guard filter.matching == .regex else { return nil }
        do {
            _ = try Regex(filter.text)
            return nil
        } catch {
            return "the app's regex engine (Swift Regex) refuses this pattern (\(error))"
        }
    }
}

/// Whether `pattern` holds the escape `\` + `letter` (not an escaped backslash before it).
func hasEscape(_ letter: Unicode.Scalar, in pattern: String) -> Bool {
    var escaped = false
    for c in pattern.unicodeScalars {
        if escaped && c == letter { return true }
        escaped = !escaped && c == "\\"
    }
    return false
}

/// The languages the app can block (its NLLanguage.allSupportedCases).
let appBlockableLanguages: Set<Language> = [.he, .ar, .en, .es, .zhHans, .zhHant, .ru, .fr, .de, .it, .ja, .fa, .tr]

enum AppUse { case kept, exported }

/// The warning for a filter the app would not take: `what` names it (`filter 3`, `FILE: row 2`).
func warnIfTheAppRefuses(_ filter: Filter, _ what: String, _ use: AppUse = .kept) {
    guard let reason = appRefusal(filter) else { return }
    // ICU takes `\K` (PCRE's "keep") as the letter K: it does not work here either.
    let here = filter.matching == .regex && hasEscape("K", in: filter.text) ? "here \\K matches the letter K (ICU has no \\K)" : "it works here"
    let consequence = use == .exported ? "the app will skip it when importing this file" : "\(here), but not in the app"
    warn("\(what): \(reason); \(consequence)")
}
