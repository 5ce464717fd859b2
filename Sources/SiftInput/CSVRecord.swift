// CSV input (RFC 4180): bytes → records → fields → `MessageFields`.
//
// Who does what:
// - `CSVSplitter` finds record boundaries in the byte chunks a reader hands
//   it. Records end at LF or CRLF outside quotes (the terminator is not part
//   of the record); a quoted field may hold commas, `""` and line breaks.
//   It reports complete records as byte ranges and how many bytes it used;
//   the reader carries the rest (an incomplete record) to the front of its
//   next buffer. A UTF-8 BOM at the very start of the stream is skipped.
//   The splitter only looks for boundaries; it never rejects input.
// - `CSVRecord.parseFields` splits one record into its fields: it validates
//   UTF-8, unquotes quoted fields (`""` → `"`), and rejects anything but `,`
//   or the end after a closing quote, and an unterminated quoted field. A
//   quote inside an unquoted field (`say "hi" ok`) is text, as spreadsheets
//   and Python's csv read it. The header row is parsed with it too.
// - `CSVHeader` maps header names to the sender, body and id columns named
//   by `FieldNames` and builds `MessageFields` from a row, either from parsed
//   fields or straight from the record's bytes (only the three wanted fields
//   become Strings).
//
// Public API:
//   struct CSVSplitter {
//     struct Record { var range: Range<Int>; var isBlank: Bool }
//     init()
//     mutating func split(_ buffer: UnsafeBufferPointer<UInt8>, isFinal: Bool, into records: inout [Record]) -> Int
//     mutating func reset()
//   }
//   enum CSVRecord {
//     static func parseFields(_ record: UnsafeBufferPointer<UInt8>) -> Result<[String], RecordError>
//   }
//   struct CSVHeader {
//     let names: [String]; let senderColumn, bodyColumn, idColumn: Int?
//     init(names: [String], fields: FieldNames)
//     func message(fromFields row: [String]) -> Result<MessageFields, RecordError>
//     func message(_ record: UnsafeBufferPointer<UInt8>, scratch: inout CSVScratch) -> Result<MessageFields, RecordError>
//   }
//   struct CSVScratch { init() }
//
// The separator is a comma unless another is given (`;`, a tab, `|`:
// `--delimiter`, or an Excel `sep=` line): every function that looks at field
// boundaries takes it, comma by default.
//
// Choices: a lone CR (not before LF) is data, not a terminator. A missing
// column gives "" (sender, body) or nil (id); an empty id cell is nil too;
// a present id is always a JSON string (CSV has no numbers). When a header
// name repeats, the last column wins, as with repeated JSON keys.

/// Finds complete CSV records in successive chunks of a byte stream.
public struct CSVSplitter: Sendable {
    /// One complete record: its bytes in the buffer, terminator excluded.
    public struct Record: Sendable, Equatable {
        /// Offsets of the record's bytes in the buffer passed to `split`.
        public var range: Range<Int>
        /// True for an empty line: not a record, the caller skips it.
        public var isBlank: Bool { range.isEmpty }

        /// A record at `range`.
        public init(range: Range<Int>) { self.range = range }
    }

    // Scanning state for the carried-over tail, which always starts at a
    // record start: where to resume (relative to the tail) and whether that
    // point is inside a quoted field.
    private var resumeOffset = 0
    private var inQuotes = false
    private var atStreamStart = true
    /// The byte between fields (a comma unless another is given).
    public var delimiter: UInt8

    /// A splitter at the start of a stream of fields separated by `delimiter`.
    public init(delimiter: UInt8 = 0x2C) { self.delimiter = delimiter }

    /// The last byte dropped before the carried-over tail, when the tail no longer
    /// starts a record (`dropScannedTail`): a quote at its start opens a field only
    /// after a delimiter, as anywhere inside a record. Nil at a record start.
    private var byteBeforeTail: UInt8? = nil

    /// Forgets the bytes of the carried-over tail that were already scanned
    /// (a record too long to keep, being skipped) while keeping the quote
    /// state there; returns how many bytes at the start of the tail the caller
    /// drops. The rest of the tail must be passed again, as usual. `tail` is the
    /// tail as last passed (its dropped bytes are looked at for the last one).
    public mutating func dropScannedTail(_ tail: UnsafeBufferPointer<UInt8>) -> Int {
        let scanned = resumeOffset
        resumeOffset = 0
        if scanned > 0 { byteBeforeTail = tail[scanned - 1] }
        return scanned
    }

    /// Whether the carried-over tail ends inside a quoted field.
    public var isInQuotedField: Bool { inQuotes }

    /// How many bytes of the carried-over tail were scanned already (what `dropScannedTail` drops).
    public var scannedTailCount: Int { resumeOffset }

    /// Starts again at a record start mid-stream (not in quotes, no BOM to look
    /// for): after the caller cut a record short at its first line.
    public mutating func restart() {
        resumeOffset = 0
        inQuotes = false
        atStreamStart = false
        byteBeforeTail = nil
    }

    /// Forgets all state, ready for a new stream.
    public mutating func reset() {
        self = CSVSplitter(delimiter: delimiter)
    }

    /// Appends to `records` every complete record in `buffer` and returns
    /// how many bytes of `buffer` they use (terminators included). The bytes
    /// after that are an incomplete record: pass them again at the start of
    /// the next buffer, followed by the new bytes. With `isFinal` (end of
    /// input) the rest is the last record and all bytes are used; a quoted
    /// field still open there is left for `parseFields` to report.
    public mutating func split(_ buffer: UnsafeBufferPointer<UInt8>, isFinal: Bool, into records: inout [Record]) -> Int {
        let n = buffer.count
        guard let p = buffer.baseAddress, n > 0 else {
            if isFinal { reset() }
            return 0
        }
        var recordStart = 0
        var i = min(resumeOffset, n)
        resumeOffset = 0
        if atStreamStart {
            let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
            let prefix = min(n, 3)
            if (0..<prefix).allSatisfy({ p[$0] == bom[$0] }) {
                if prefix < 3 && !isFinal { return 0 }  // maybe a BOM: wait for more
                if prefix == 3 {
                    recordStart = 3
                    i = max(i, 3)
                }
            }
            atStreamStart = false
        }
        while i < n {
            if inQuotes {
                let q = UTF8Scan.first(0x22, p, from: i, to: n)
                if q == n {
                    i = n
                } else if q + 1 < n {
                    if p[q + 1] == 0x22 {
                        i = q + 2  // "" inside a quoted field
                    } else {
                        inQuotes = false
                        i = q + 1
                    }
                } else if isFinal {
                    inQuotes = false
                    i = n
                } else {
                    i = q
                    break  // a quote at the very end: "" or closing? Decide with more bytes.
                }
            } else {
                let k = UTF8Scan.firstOf(0x22, 0x0A, p, from: i, to: n)
                if k == n {
                    i = n
                } else if p[k] == 0x0A {
                    var end = k
                    if end > recordStart && p[end - 1] == 0x0D { end -= 1 }
                    records.append(Record(range: recordStart..<end))
                    recordStart = k + 1
                    i = k + 1
                    byteBeforeTail = nil
                } else {
                    // Only a quote opening a field starts quoting; a stray one
                    // is left for parseFields to reject. (At the buffer's start,
                    // after a dropped part of a record, the byte before it decides.)
                    let prior = k > 0 ? p[k - 1] : byteBeforeTail
                    if (k == recordStart && prior == nil) || prior == delimiter || (k == recordStart && k > 0) { inQuotes = true }
                    i = k + 1
                }
            }
        }
        if isFinal {
            if recordStart < n {
                var end = n
                if !inQuotes && p[end - 1] == 0x0D { end -= 1 }
                records.append(Record(range: recordStart..<end))
            }
            reset()
            return n
        }
        resumeOffset = i - recordStart
        return recordStart
    }
}

/// Working storage for `CSVHeader.message(_:scratch:)`, reused across records.
public struct CSVScratch {
    var fields: [CSVRecord.FieldSpan] = []

    /// Empty scratch space.
    public init() {}
}

/// Splits one CSV record into fields.
public enum CSVRecord {
    /// Where one field's content lies in the record.
    struct FieldSpan {
        /// Content bytes (inside the quotes for a quoted field).
        var start: Int
        var end: Int
        /// True when the content holds `""` pairs to collapse.
        var hasDoubledQuotes: Bool
    }

    /// The fields of `record` (terminator already removed), unquoted.
    /// An empty record is one empty field.
    public static func parseFields(_ record: UnsafeBufferPointer<UInt8>, delimiter: UInt8 = 0x2C) -> Result<[String], RecordError> {
        var spans: [FieldSpan] = []
        do {
            try scan(record, into: &spans, delimiter: delimiter)
        } catch {
            return .failure(error)
        }
        return .success(spans.map { text(of: $0, in: record) })
    }

    /// The error a quoted field that never closes gets.
    static let unterminatedQuote = "bad CSV: unterminated quoted field"

    /// What the start of a record not read to its end says of a stray quote.
    public enum Runaway: Equatable {
        /// A quoted field already closed the way a stray quote's does: cut as
        /// `runawayLineBreak` does a whole record, at this line break.
        case closed(lineBreak: Int)
        /// No problem yet, or only a quoted field still open at the end: a quote
        /// further on may still close a field the stray way (or a stray close on a
        /// first line not read to its end, which a line break after it makes one).
        case open
        /// It already has another problem: no stray quote can show further on.
        case settled
    }

    /// Offset of the first line break in a record over several lines that a
    /// stray quote made: a quote that opened a field and ran on over the lines
    /// after it, to the end of the input or to where another field's opening
    /// quote (after a comma or at a line start) seemed to close it. The reader
    /// keeps only its first line as the (bad) record and reads the lines after
    /// it again, as records of their own. The same when the first line is bad
    /// by itself (`x,"Hi" there,"Johnny`: text after a closed quote) and a
    /// quote after that mistake opens a field that runs on the stray way. Nil
    /// for a record on one line, a well-formed one, or one whose multi-line
    /// field is real, whether a small mistake comes after it (`"two\nlines" `
    /// with a space) or before it on its first line (`"Bank" x,"Dear…\n…"`):
    /// one error record, as before.
    public static func runawayLineBreak(_ record: UnsafeBufferPointer<UInt8>, delimiter: UInt8 = 0x2C) -> Int? {
        guard let nl = memchrIndex(record, 0x0A, from: 0) else { return nil }
        switch beyondFirstLineMistakes(record, firstProblem(record, delimiter), nl, delimiter) {
        case .unterminated?, .strayClose?: return nl
        case .other(let at)?: return closedInSelfContainedLine(record, at, complete: true) == true ? nl : nil
        case nil: return nil
        }
    }

    /// For text after a closing quote at `at`, past the first line: whether that quote
    /// closed the field in a line that holds an even number of quotes (`2,b,say "hi" ok`),
    /// which no real field's closing line does (its close and `""` pairs make an odd
    /// count): the field was a stray quote's on the first line, and the lines are records.
    /// Nil when that line is not read to its end yet (`complete`: the record ends it).
    private static func closedInSelfContainedLine(_ record: UnsafeBufferPointer<UInt8>, _ at: Int, complete: Bool) -> Bool? {
        guard at > 0, at <= record.count, let p = record.baseAddress else { return false }
        var start = min(at, record.count) - 1
        while start > 0 && p[start - 1] != 0x0A { start -= 1 }
        guard start > 0 else { return false }                    // the first line: not this case
        guard let end = memchrIndex(record, 0x0A, from: at) ?? (complete ? record.count : nil) else { return nil }
        var quotes = 0
        for k in start..<end where p[k] == 0x22 { quotes += 1 }
        return quotes > 0 && quotes % 2 == 0
    }

    /// `problem`, or, while it is text after a closed quote on the first line (before
    /// `nl`), the first problem of the fields after that mistake's field: what decides
    /// whether the lines after are a real field's or a stray quote's. A mistake whose
    /// field runs past the first line is a stray quote's doing. Offsets are `record`'s.
    private static func beyondFirstLineMistakes(_ record: UnsafeBufferPointer<UInt8>, _ problem: Problem?, _ nl: Int, _ delimiter: UInt8) -> Problem? {
        var problem = problem, base = 0
        while case .other(let at)? = problem, base + at < nl {
            guard let comma = memchrIndex(UnsafeBufferPointer(rebasing: record[(base + at)...]), delimiter, from: 0).map({ base + at + $0 }),
                  comma < nl else { return .unterminated }
            base = comma + 1
            problem = firstProblem(UnsafeBufferPointer(rebasing: record[base...]), delimiter)
        }
        if case .other(let at)? = problem { return .other(at: base + at) }    // an offset into `record`
        return problem
    }

    /// `runawayLineBreak` for `partial`, the start of a record not read to its end,
    /// in one scan: only a quote that already closed the stray way cuts it (an open
    /// field there may still close properly).
    public static func runaway(unfinished partial: UnsafeBufferPointer<UInt8>, delimiter: UInt8 = 0x2C) -> Runaway {
        let nl = memchrIndex(partial, 0x0A, from: 0)
        switch beyondFirstLineMistakes(partial, firstProblem(partial, delimiter), nl ?? partial.count, delimiter) {
        case nil, .unterminated?: return .open
        case .strayClose?:
            // On a first line not read to its end: a stray quote's if the record goes on past
            // a line break, which only the rest can say.
            guard let nl else { return .open }
            return .closed(lineBreak: nl)
        case .other(let at)?:
            switch closedInSelfContainedLine(partial, at, complete: false) {
            case true?: return nl.map { .closed(lineBreak: $0) } ?? .settled
            case false?: return .settled
            case nil: return .open
            }
        }
    }

    private enum Problem { case unterminated, strayClose, other(at: Int) }

    /// The first problem of `record`'s quoting, if any (UTF-8 is not looked at).
    private static func firstProblem(_ record: UnsafeBufferPointer<UInt8>, _ delimiter: UInt8) -> Problem? {
        var spans: [FieldSpan] = []
        do {
            try scan(record, into: &spans, validatingUTF8: false, delimiter: delimiter)
            return nil
        } catch {
            if error.message == unterminatedQuote { return .unterminated }
            // A stray close: the quote that "closed" the field (the one before the
            // offending byte) ends a field whose text ended in a comma or a line break.
            let p = record.baseAddress!, close = error.byteOffset - 1
            if close >= 1 && close < record.count && p[close] == 0x22 && (p[close - 1] == delimiter || p[close - 1] == 0x0A) {
                return .strayClose
            }
            return .other(at: error.byteOffset)
        }
    }

    /// Fills `spans` with the fields of `record`, validating it.
    static func scan(_ record: UnsafeBufferPointer<UInt8>, into spans: inout [FieldSpan], validatingUTF8: Bool = true,
                     delimiter: UInt8 = 0x2C) throws(RecordError) {
        spans.removeAll(keepingCapacity: true)
        guard let p = record.baseAddress else {
            spans.append(FieldSpan(start: 0, end: 0, hasDoubledQuotes: false))
            return
        }
        let n = record.count
        if validatingUTF8, let bad = UTF8Scan.firstInvalid(p, from: 0, to: n) { throw RecordError(RecordError.invalidUTF8, at: bad) }
        var i = 0
        while true {
            if i < n && p[i] == 0x22 {
                let open = i
                let start = i + 1
                var doubled = false
                i = start
                while true {
                    let q = UTF8Scan.first(0x22, p, from: i, to: n)
                    if q == n { throw RecordError(unterminatedQuote, at: open) }
                    if q + 1 < n && p[q + 1] == 0x22 {
                        doubled = true
                        i = q + 2
                        continue
                    }
                    spans.append(FieldSpan(start: start, end: q, hasDoubledQuotes: doubled))
                    i = q + 1
                    break
                }
                if i == n { return }
                guard p[i] == delimiter else { throw RecordError("bad CSV: unexpected character after closing quote", at: i) }
                i += 1
            } else {
                // A quote inside an unquoted field is text (`say "hi" ok`), as spreadsheets and
                // Python's csv read it: only a field's first byte can open quoting.
                let k = UTF8Scan.first(delimiter, p, from: i, to: n)
                spans.append(FieldSpan(start: i, end: k, hasDoubledQuotes: false))
                if k == n { return }
                i = k + 1
            }
        }
    }

    /// The text of one field, with `""` collapsed.
    /// A field's content appended as bytes, with `""` collapsed.
    static func appendText(of span: FieldSpan, in record: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
        guard span.end > span.start, let p = record.baseAddress else { return }
        if !span.hasDoubledQuotes {
            out.append(contentsOf: UnsafeBufferPointer(start: p + span.start, count: span.end - span.start))
            return
        }
        var j = span.start
        while j < span.end {
            out.append(p[j])
            j += p[j] == 0x22 ? 2 : 1
        }
    }

    static func text(of span: FieldSpan, in record: UnsafeBufferPointer<UInt8>) -> String {
        let count = span.end - span.start
        guard count > 0, let p = record.baseAddress else { return "" }
        if !span.hasDoubledQuotes {
            return String(decoding: UnsafeBufferPointer(start: p + span.start, count: count), as: UTF8.self)
        }
        return String(unsafeUninitializedCapacity: count) { out in
            var o = 0
            var j = span.start
            while j < span.end {
                out[o] = p[j]
                o += 1
                j += p[j] == 0x22 ? 2 : 1
            }
            return o
        }
    }
}

/// A CSV header row: which columns hold the sender, body and id.
public struct CSVHeader: Sendable, Equatable {
    /// The header's column names, in order.
    public let names: [String]
    /// Index of the sender column, nil when the header lacks it.
    public let senderColumn: Int?
    /// Index of the body column, nil when the header lacks it.
    public let bodyColumn: Int?
    /// Index of the id column, nil when the header lacks it.
    public let idColumn: Int?
    /// Index of the label column (`FieldNames.label`), nil when none is asked for or the header lacks it.
    public let labelColumn: Int?
    /// The columns an annotated record keeps, in order: all but those named
    /// like a column the annotation adds (`replacing`), so annotating an
    /// annotated file again gives one verdict, not two.
    public let keptColumns: [Int]
    /// The byte between the fields of this header's rows.
    public let delimiter: UInt8

    /// Looks up the columns named by `fields` in `names` (exact match; the
    /// last of repeated names wins). Columns named in `replacing` are left
    /// out of annotated records (`keptColumns`).
    public init(names: [String], fields: FieldNames, replacing: Set<String> = [], delimiter: UInt8 = 0x2C) {
        self.names = names
        self.delimiter = delimiter
        senderColumn = names.lastIndex(of: fields.sender)
        bodyColumn = names.lastIndex(of: fields.body)
        idColumn = names.lastIndex(of: fields.id)
        labelColumn = fields.label.isEmpty ? nil : names.lastIndex(of: fields.label)
        keptColumns = names.indices.filter { !replacing.contains(names[$0]) }
    }

    /// The names of `keptColumns`.
    public var keptNames: [String] { keptColumns.map { names[$0] } }

    /// The message fields of a parsed row. A row whose field count differs
    /// from the header's is an error (reported at byte 0).
    public func message(fromFields row: [String]) -> Result<MessageFields, RecordError> {
        guard row.count == names.count else {
            return .failure(countMismatch(row.count, at: 0))
        }
        let id = idColumn.map { row[$0] } ?? ""
        return .success(MessageFields(
            sender: senderColumn.map { row[$0] } ?? "",
            body: bodyColumn.map { row[$0] } ?? "",
            idJSON: id.isEmpty ? nil : JSONEscape.quoted(id)))
    }

    /// The record's field spans, validated, with as many fields as the header.
    /// A field-count mismatch is reported at the first extra field (its
    /// opening quote when quoted), or at the end of a short record.
    private func checkedSpans(_ record: UnsafeBufferPointer<UInt8>, scratch: inout CSVScratch) -> Result<[CSVRecord.FieldSpan], RecordError> {
        do {
            try CSVRecord.scan(record, into: &scratch.fields, delimiter: delimiter)
        } catch {
            return .failure(error)
        }
        let spans = scratch.fields
        guard spans.count == names.count else {
            let offset = spans.count > names.count ? spans[names.count].start : record.count
            let at = spans.count > names.count && offset > 0 && record[offset - 1] == 0x22 ? offset - 1 : offset
            return .failure(countMismatch(spans.count, at: at))
        }
        return .success(spans)
    }

    /// Like `message(_:scratch:)`, without making Strings: the sender and body
    /// (with `""` collapsed) and the id as a JSON string are appended to `bytes`.
    public func message(_ record: UnsafeBufferPointer<UInt8>, scratch: inout CSVScratch, into bytes: inout [UInt8]) -> Result<MessageBytes, RecordError> {
        let spans: [CSVRecord.FieldSpan]
        switch checkedSpans(record, scratch: &scratch) {
        case .success(let s): spans = s
        case .failure(let e): return .failure(e)
        }
        func append(_ column: Int?) -> Range<Int> {
            let start = bytes.count
            guard let c = column else { return start..<start }
            CSVRecord.appendText(of: spans[c], in: record, to: &bytes)
            return start..<bytes.count
        }
        let sender = append(senderColumn)
        let body = append(bodyColumn)
        var id: Range<Int>? = nil
        if let c = idColumn, spans[c].end > spans[c].start {
            var text: [UInt8] = []
            CSVRecord.appendText(of: spans[c], in: record, to: &text)
            let start = bytes.count
            text.withUnsafeBufferPointer { JSONEscape.appendQuoted(utf8: $0, to: &bytes) }
            id = start..<bytes.count
        }
        var m = MessageBytes(sender: sender, body: body, idJSON: id)
        if let c = labelColumn, spans[c].end > spans[c].start {
            let start = bytes.count
            CSVRecord.appendText(of: spans[c], in: record, to: &bytes)
            m.label = start..<bytes.count
        }
        m.senderMissing = senderColumn == nil
        m.bodyMissing = bodyColumn == nil
        return .success(m)
    }

    /// The message fields straight from a record's bytes: validates the
    /// whole record like `CSVRecord.parseFields`, but makes Strings only for
    /// the sender, body and id. A field-count mismatch is reported at the
    /// first extra field, or at the end of a short record.
    public func message(_ record: UnsafeBufferPointer<UInt8>, scratch: inout CSVScratch) -> Result<MessageFields, RecordError> {
        let spans: [CSVRecord.FieldSpan]
        switch checkedSpans(record, scratch: &scratch) {
        case .success(let s): spans = s
        case .failure(let e): return .failure(e)
        }
        var idJSON: String? = nil
        if let c = idColumn, spans[c].end > spans[c].start {
            if spans[c].hasDoubledQuotes {
                idJSON = JSONEscape.quoted(CSVRecord.text(of: spans[c], in: record))
            } else {
                var out: [UInt8] = []
                out.reserveCapacity(spans[c].end - spans[c].start + 2)
                JSONEscape.appendQuoted(utf8: UnsafeBufferPointer(rebasing: record[spans[c].start..<spans[c].end]), to: &out)
                idJSON = String(decoding: out, as: UTF8.self)
            }
        }
        return .success(MessageFields(
            sender: senderColumn.map { CSVRecord.text(of: spans[$0], in: record) } ?? "",
            body: bodyColumn.map { CSVRecord.text(of: spans[$0], in: record) } ?? "",
            idJSON: idJSON))
    }

    private func countMismatch(_ count: Int, at offset: Int) -> RecordError {
        RecordError("record has \(count) field\(count == 1 ? "" : "s"), header has \(names.count)", at: offset)
    }
}
