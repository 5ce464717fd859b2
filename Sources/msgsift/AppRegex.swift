// The app compiles its regex filters with Swift's `Regex(text)` (its newest
// MessageEvaluationManager); msgsift reads them with ICU (SPEC §1.1). Most
// patterns mean the same to both, but Swift refuses some ICU syntax
// (lookbehind, `\K`, `\cA`, `[]a]`): such a filter works here and never on
// the phone, whose import skips it. Adding, changing and exporting one says so.
import SiftRules

/// Why Swift's `Regex` (the app's engine) refuses `filter`'s pattern; nil when it
/// takes it, or the filter is no regex.
func appRegexRefusal(_ filter: Filter) -> String? {
    guard filter.matching == .regex && filter.type != .denyLanguage else { return nil }
    do {
        _ = try Regex(filter.text)
        return nil
    } catch {
        return "\(error)"
    }
}

/// The warning for a regex filter the app would refuse.
func warnIfTheAppRefuses(_ filter: Filter, id: Int, exporting: Bool = false) {
    guard let reason = appRegexRefusal(filter) else { return }
    let consequence = exporting ? "the app will skip it when importing this file" : "it works here, but not in the app"
    warn("filter \(id): the app's regex engine (Swift Regex) refuses this pattern (\(reason)); \(consequence)")
}
