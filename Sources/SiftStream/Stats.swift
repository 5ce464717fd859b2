// Counting for --stats: per action, per stage, per rule, errors, bytes and time.
import Foundation
import SiftEngine
import SiftRules
import SiftInput
import SiftOutput

/// Where a record is: its number in the run, and its input and line there.
public struct RecordPlace: Sendable, Equatable {
    public var number: Int
    public var source: String
    public var line: Int
}

/// How many records had something, and where the first of them is (counts are merged in
/// input order, so the first stays the first), for a note that says where to look.
public struct RecordCount: Sendable {
    public var count = 0
    public var first: RecordPlace?

    mutating func add(_ place: @autoclosure () -> RecordPlace) {
        count += 1
        if first == nil { first = place() }
    }

    mutating func merge(_ o: RecordCount) {
        count += o.count
        if first == nil { first = o.first }
    }
}

/// Counts of one worker (or, merged, of the whole run).
public struct RunStats: Sendable {
    public var records = 0
    /// Error records: records that could not be read (and where the first is).
    public var errors = RecordCount()
    /// Records whose verdict carries a warning (one or more regexes timed out or failed).
    public var warnings = 0
    /// Of those, the ones `--only` left out.
    public var warningsNotWritten = RecordCount()
    /// Inputs that could not be read (the run went on without them).
    public var inputsNotRead = 0
    /// Inputs read but for lines a stray quote swallowed that could not be read again.
    public var inputsReadInPart = 0
    /// Records without a sender / body field (read as empty).
    public var missingSender = RecordCount()
    public var missingBody = RecordCount()
    /// Records whose sender / body is JSON null (read as empty).
    public var nullSender = RecordCount()
    public var nullBody = RecordCount()
    /// Records whose body is there and empty (`""`, an empty CSV cell).
    public var emptyBody = RecordCount()
    /// Error records whose bytes were not UTF-8.
    public var invalidUTF8 = 0
    public var bytes = 0
    public var byAction = [Int](repeating: 0, count: Action.allCases.count)
    public var byStage = [Int](repeating: 0, count: Stage.allCases.count)
    /// Hits per stage, indexed by rule key (arrays, not a dictionary), for what was merged.
    var hits: [[Int]] = Array(repeating: [], count: Stage.allCases.count)
    /// Hits counted here and not merged yet, one `stage << 32 | key` each. Only a batch's
    /// stats count records (the run's are merged), so this holds at most a batch: a few
    /// thousand entries, where arrays indexed by key grew to the highest rank hit (50,000
    /// community entries: 400 KB to fill and merge per batch).
    var hitLog: [UInt64] = []

    public init() {}

    mutating func count(_ v: Verdict) {
        count(Decision(action: v.action, stage: v.stage, ruleKey: v.ruleKey, source: .none), warned: v.warning != nil)
    }

    mutating func count(_ d: Decision, warned: Bool) {
        records += 1
        byAction[d.action.ordinal] += 1
        let s = d.stage.ordinal
        byStage[s] += 1
        if warned { warnings += 1 }
        if d.ruleKey >= 0 { hitLog.append(UInt64(s) << 32 | UInt64(d.ruleKey)) }
    }

    private static func add(_ n: Int, stage s: Int, key k: Int, to hits: inout [[Int]]) {
        if k >= hits[s].count { hits[s].append(contentsOf: repeatElement(0, count: k + 1 - hits[s].count)) }
        hits[s][k] += n
    }

    /// `hits` with the hits not merged yet: by stage ordinal, then rule key.
    package var allHits: [[Int]] {
        var all = hits
        for e in hitLog { Self.add(1, stage: Int(e >> 32), key: Int(e & 0xFFFF_FFFF), to: &all) }
        return all
    }

    mutating func merge(_ o: RunStats) {
        records += o.records; errors.merge(o.errors); warnings += o.warnings; bytes += o.bytes
        warningsNotWritten.merge(o.warningsNotWritten)
        missingSender.merge(o.missingSender); missingBody.merge(o.missingBody)
        nullSender.merge(o.nullSender); nullBody.merge(o.nullBody); emptyBody.merge(o.emptyBody)
        invalidUTF8 += o.invalidUTF8
        for i in byAction.indices { byAction[i] += o.byAction[i] }
        for i in byStage.indices { byStage[i] += o.byStage[i] }
        for s in hits.indices {
            if o.hits[s].count > hits[s].count { hits[s].append(contentsOf: repeatElement(0, count: o.hits[s].count - hits[s].count)) }
            for (k, n) in o.hits[s].enumerated() where n != 0 { hits[s][k] += n }
        }
        for e in o.hitLog { Self.add(1, stage: Int(e >> 32), key: Int(e & 0xFFFF_FFFF), to: &hits) }
    }
}
