// Fuzz harness: the regex prefilter against ICU. The input is a pattern, a NUL byte, then a
// text. Where ICU takes the pattern and finds a match in the text, neither layer in front of
// it may say "cannot match": the literal clauses must admit the folded text, the
// automaton must not say "no match", the text must hold one of the automaton's first
// bytes (and start with one of those a pattern anchored at the start names), and the run
// every match holds (RegexRun), and the run of one scalar a repeated group needs
// (`RegexSyntax.sameScalars`). Where the automaton is certain ("match" or "no match"),
// ICU must agree, with the standard alphabet and with the pattern's own (its characters
// and classes of ranges).
// (Patterns the layers do not understand get no prefilter, which is always right.)
import SiftText

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRegex(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let input = UnsafeBufferPointer(start: start, count: count)
    guard let nul = input.firstIndex(of: 0), nul <= 64,
          let pattern = String(validating: input[..<nul], as: UTF8.self),
          let text = String(validating: input[(nul + 1)...], as: UTF8.self) else { return 0 }
    guard let regex = try? ICURegex(pattern) else { return 0 }
    // A short time limit: a pattern that runs out of time says nothing either way.
    let found = regex.makeMatcher(timeLimit: 20).find(text)
    guard found == .match || found == .noMatch else { return 0 }
    if found == .match {
        let clauses = RegexPrefilter.clauses(regex.spelled)
        precondition(RegexPrefilter.admits(clauses, text), "clauses \(clauses) exclude a text ICU matches")
        if let run = RegexRun.required(regex.spelled) {
            var t = text
            precondition(t.withUTF8 { run.isHeld(by: $0) }, "the run of \(run.count) excludes a text ICU matches")
        }
        if let same = RegexSyntax.sameScalars(regex.spelled) {
            var t = text
            precondition(t.withUTF8 { RegexRun.longestSameScalars($0, cap: same) } >= same, "\(same) of one scalar in a row exclude a text ICU matches")
        }
    }
    // The pattern's own alphabet only where it differs from the standard one (it names a
    // non-ASCII character, or has a class of ranges): else it is the standard alphabet, the
    // same automaton, built twice. Building automata is most of the harness's time (perf: 60%).
    let own = RegexAlphabet(patterns: [regex.spelled])
    for alphabet in own.extras.isEmpty && own.sets.isEmpty ? [RegexAlphabet.standard] : [.standard, own] {
        guard let automaton = RegexAutomaton(regex.spelled, alphabet: alphabet) else { continue }
        var t = text
        let answer = t.withUTF8 { automaton.decide($0) }
        // The search over UTF-8 says what the search over the text read into symbols says.
        let read = RegexText(alphabet: alphabet)
        t.withUTF8 { read.read($0, boundaries: automaton.readsBoundaries) }
        precondition(answer == automaton.decide(read), "the searches over UTF-8 and over symbols differ")
        if found == .match {
            precondition(answer != .noMatch, "the automaton rules out a text ICU matches")
            if let lead = automaton.leadingBytes {
                precondition(text.utf8.contains { lead[Int($0)] }, "the automaton's first bytes exclude a text ICU matches")
            }
            if let first = automaton.firstBytesOfText {
                precondition(text.utf8.first.map { first[Int($0)] } == true, "the bytes a text must start with exclude a text ICU matches")
            }
        } else {
            precondition(answer != .match, "the automaton finds a match ICU does not")
        }
    }
    return 0
}
