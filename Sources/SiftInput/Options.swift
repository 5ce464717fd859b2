// SiftInput: the readers (NDJSON, CSV, the phone archives) that split inputs into
// batches of records, the byte-level record parsers the workers read fields with,
// and the run's options (this file). The pipeline that carries batches from the
// reader to the workers and on to the writer is SiftStream's (Pipeline.swift);
// the formatter is SiftOutput's. Reader+JSONArray reads JSON arrays of records;
// StreamProblem.swift holds why an input is refused, as values.
import SiftEngine
import SiftRules

/// How input is read.
public enum InputFormat: String, Sendable, CaseIterable {
    /// By the first bytes of each input: `{` is NDJSON, `<` an SMS Backup & Restore
    /// export, the SQLite header a Messages database, anything else CSV.
    case auto, ndjson, csv
    /// SMS Backup & Restore's XML export (Android).
    case smsBackupXML = "sms-backup-xml"
    /// The iPhone/Mac Messages database (`chat.db`, `sms.db`).
    case chatDB = "chat-db"
}

/// How verdicts are written.
public enum OutputFormat: String, Sendable, CaseIterable {
    case ndjson, csv, tsv
}

/// Everything about a run that is not a rule.
public struct StreamOptions: Sendable {
    public var inputFormat: InputFormat = .auto
    public var outputFormat: OutputFormat = .ndjson
    public var fields = FieldNames()
    /// Write the input record with the verdict added.
    public var annotate = false
    /// Write only these actions (nil: all). Error records are always written.
    public var only: Set<Action>? = nil
    public var explain = false
    /// Stop at the first unreadable record with status 1.
    public var strict = false
    /// Records longer than this are error records.
    public var maxRecordBytes = 1 << 20
    /// Worker threads.
    public var jobs = 1
    /// Records per batch.
    public var batchRecords = 2048
    /// Show diagnostics that include message content (`-v`).
    public var verbose = false
    /// Phone archives: keep the messages sent too, not only those received.
    public var includeSent = false
    /// The byte between CSV fields (`--delimiter`); nil: a comma, or what an Excel `sep=` line names.
    public var delimiter: UInt8? = nil
    /// Count the actions instead of writing verdicts (`--count`): nothing is written per record.
    public var countOnly = false
    /// Show a progress line on stderr while the run goes (the command decides: stderr a terminal).
    public var progress = false

    public init() {}
}

/// What a reader noticed about an input that does not stop the run; the command line
/// says it in words.
public enum InputNote: Sendable, Equatable {
    /// The CSV header of `source` names the field `name` in several columns (1-based); the
    /// last is read.
    case columnRepeated(source: String, name: String, columns: [Int])
    /// The CSV header of `source` has no column `name` (the `key` field, "sender" or
    /// "body") but has `near`, the same name but for case or spaces.
    case columnNamedAlike(source: String, key: String, name: String, near: String)
}

/// A place to read records from.
public enum InputSource: Sendable, Equatable {
    case stdin
    case file(String)

    /// The name used in messages.
    public var name: String {
        switch self {
        case .stdin: return "<stdin>"
        case .file(let p): return p
        }
    }
}

extension StreamOptions {
    /// The columns of an input CSV header that `--annotate` output replaces with its own
    /// (the reader leaves them out of the record it keeps).
    package func columnsReplacedByAnnotation(_ names: [String]) -> Set<String> {
        let row: Set<String> = ["action", "stage", "reason", "warning", "trace"]
        var replaced: Set<String>
        switch outputFormat {
        case .csv, .tsv:
            replaced = row
        case .ndjson:
            replaced = ["verdict"]
            if Set(names).isSuperset(of: ["action", "stage", "reason", "warning"]) { replaced.formUnion(row) }
        }
        replaced.subtract([fields.sender, fields.body, fields.id])
        return replaced
    }
}
