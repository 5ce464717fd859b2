// Fuzz harness: the regex prefilter against ICU. The input is a pattern, a NUL byte, then a
// text. Where ICU takes the pattern and finds a match in the text, neither layer in front of
// it may say "cannot match": the literal clauses must admit the folded text, and the
// automaton must say "maybe". (Patterns the layers do not understand get no prefilter, which
// is always right.)
import SiftText

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRegex(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let input = UnsafeBufferPointer(start: start, count: count)
    guard let nul = input.firstIndex(of: 0), nul <= 64,
          let pattern = String(validating: input[..<nul], as: UTF8.self),
          let text = String(validating: input[(nul + 1)...], as: UTF8.self) else { return 0 }
    guard let regex = try? ICURegex(pattern) else { return 0 }
    // A short time limit: a pattern that runs out of time says nothing either way.
    guard regex.makeMatcher(timeLimit: 20).find(text) == .match else { return 0 }
    let clauses = RegexPrefilter.clauses(regex.spelled)
    precondition(RegexPrefilter.admits(clauses, text), "clauses \(clauses) exclude a text ICU matches")
    if let automaton = RegexAutomaton(regex.spelled) {
        var t = text
        precondition(t.withUTF8 { automaton.mayMatch($0) }, "the automaton rules out a text ICU matches")
    }
    return 0
}
