// What a run says on stderr besides errors, and what `-c/--count` writes.
//
// The words of what a run noticed (`RunNote`, the pipeline's and the readers'):
// counts, plurals and hints are the command line's, not the libraries'.
//
// `--quiet` silences notes: lines on stderr that inform but change nothing about
// the run's outcome (warnings about the rule store or the rules, stale community
// lists, "no rules", the end-of-run notes on missing or empty fields and on
// non-UTF-8 records, regex time-outs, CSV header notes). It never silences
// errors (`msgsift: …` for a usage or runtime failure, an input that cannot be
// read, --strict's stop) nor the line counting unreadable records, which goes
// with exit status 1. `--stats` asked for is printed all the same.
import Foundation
import SiftInput
import SiftRules
import SiftStream
import Synchronization

enum Notes {
    /// Set once by a command given `-q`, before anything is said.
    static let quiet = Atomic<Bool>(false)
}

/// Writes a note to stderr, unless `-q`.
func note(_ message: String) {
    if !Notes.quiet.load(ordering: .relaxed) { warn(message) }
}

/// How `classify -c` writes its counts.
enum CountFormat {
    /// `allow<TAB>12`, one line per action (also `-o tsv`).
    case text
    /// `action,count` then a row per action.
    case csv
    /// `{"allow":12,"junk":3,"transaction":0,"promotion":1}`.
    case json

    init(_ output: OutputFormat) {
        switch output {
        case .ndjson: self = .json
        case .csv: self = .csv
        case .tsv: self = .text
        }
    }

    /// The counts, `byAction` indexed by `Action.ordinal`, every action in its fixed order.
    func render(_ byAction: [Int]) -> String {
        let rows = Action.allCases.map { ($0.rawValue, byAction[$0.ordinal]) }
        switch self {
        case .text: return rows.map { "\($0.0)\t\($0.1)\n" }.joined()
        case .csv: return "action,count\n" + rows.map { "\($0.0),\($0.1)\n" }.joined()
        case .json: return "{" + rows.map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",") + "}\n"
        }
    }
}

/// Says a run's notes: each a note (`-q` leaves it out), but the line counting unreadable
/// records, which goes with exit status 1, always.
func sayNotes(_ notes: [RunNote]) {
    for n in notes {
        if case .unreadable = n { warn(n.words) } else { note(n.words) }
    }
}

extension RunNote {
    /// One line for stderr (without `msgsift: `).
    var words: String {
        /// Where the first record is, as a clause: "it is …" for one, "the first is …" for more.
        func whereFirst(_ count: Int, _ place: RecordPlace?) -> String? {
            place.map { count == 1 ? "it is \($0.words)" : "the first is \($0.words)" }
        }
        switch self {
        case .fieldMissing(let key, let name, let count, let records, let first):
            let at = whereFirst(count, first).map { $0 + "; " } ?? ""
            return "\(count) of \(records) records have no \"\(name)\" field and were read with an empty \(key.rawValue)"
                + " (\(at)--field \(key.rawValue)=NAME reads another field)"
        case .fieldNull(_, let name, let count, let records, let first):
            return "\(count) of \(records) records have a null \"\(name)\", read as empty" + (whereFirst(count, first).map { " (\($0))" } ?? "")
        case .bodyEmpty(let name, let count, let records, let first):
            return "\(count) of \(records) records have an empty \"\(name)\": judged by their sender alone"
                + (whereFirst(count, first).map { " (\($0))" } ?? "")
        case .warningsLeftOut(let n, let first):
            return "\(n) record\(n == 1 ? "" : "s") left out by --only carr\(n == 1 ? "ies" : "y") a warning (a regex filter timed out or"
                + " could not finish, counted as no match); \(whereFirst(n, first)!)"
        case .unreadable(let n, let records, let first, let inOutput):
            let fate = inOutput ? "error record\(n == 1 ? "" : "s") in the output" : "not counted"
            return "\(n) of \(records) records could not be read (\(fate)); \(whereFirst(n, first)!)"
        case .notUTF8(let n, let records):
            return "\(n) of \(records) records are not UTF-8 (error records); a file saved as Latin-1"
                + " or Windows-1252 converts with iconv -f CP1252 -t UTF-8 FILE | msgsift …"
        case .regexGaveUp(let id, let after):
            return (after ? "--after: " : "")
                + "regex filter \(id) could not finish matching some messages (ICU gave up); they count as no match and carry a warning"
        case .input(.columnRepeated(let source, let name, let columns)):
            return "\(source): the CSV header names \"\(name)\" in columns \(columns.map(String.init).joined(separator: ", ")); the last is read"
        case .input(.columnNamedAlike(let source, let key, let name, let near)):
            return "\(source): the CSV header has no \"\(name)\" column but has \(quoted(near))"
                + " (names match exactly: \(fieldFlag(key, near)))"
        }
    }
}
