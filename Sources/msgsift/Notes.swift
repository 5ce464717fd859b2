// What `-q/--quiet` leaves out, and what `-c/--count` writes.
//
// `--quiet` silences notes: lines on stderr that inform but change nothing about
// the run's outcome (warnings about the rule store or the rules, stale community
// lists, "no rules", the end-of-run notes on missing or empty fields and on
// non-UTF-8 records, regex time-outs, CSV header notes). It never silences
// errors (`msgsift: …` for a usage or runtime failure, an input that cannot be
// read, --strict's stop) nor the line counting unreadable records, which goes
// with exit status 1. `--stats` asked for is printed all the same.
import Foundation
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
