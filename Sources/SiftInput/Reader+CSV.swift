// The CSV half of the reader (Reader.swift has the input loop and batching,
// Reader+NDJSON.swift the NDJSON half): records split on newlines outside quotes, the header row, and
// what a stray quote costs — its own line, wherever the record's end falls
// among the reads (DESIGN.md, "The pipeline").
#if canImport(Glibc)
import Glibc
#endif
import SiftRules

extension RecordReader {
    /// Splits what `s.work` holds into CSV records (the first is the header) and adds them;
    /// with `final`, the input has ended.
    func processCSV(_ s: inout SourceState, final: Bool) {
        while true {
            processCSVPart(&s, final: final)
            guard s.memoryRewind else { return }
            // A stray quote's field swallowed lines an input that cannot seek kept in memory:
            // read them again from the line after the bad record's first line.
            s.memoryRewind = false
            // What was skipped and what is left to read go on from each other: the record's
            // first line break is in one or the other.
            let record = s.skippedBytes + s.work
            s.skippedBytes = []
            let second = (record.firstIndex(of: 0x0A) ?? record.count - 1) + 1
            s.restartAfterFirstLine(work: Array(record[second...]), offset: s.workOffset)
        }
    }

    private func processCSVPart(_ s: inout SourceState, final: Bool) {
        var consumed = 0
        var dropped = 0
        let limit = options.maxRecordBytes
        if final && s.skippingLongRecord && !s.splitter.isInQuotedField && s.work.isEmpty && strayAtEnd(s) {
            // The input ended where a part of the record being skipped did (no bytes left
            // for the split below to end it with): its last line decides here, as at a
            // record's end.
            s.skippingLongRecord = false
            reportPending(&s, stray: true)
            if s.strayFound() { return }
        }
        if final && s.skippingLongRecord && s.splitter.isInQuotedField && strayAtEnd(s) {
            // The over-long record being skipped opened a quoted field that never closes:
            // everything after its first line went into it. A file is read again from the
            // line after (`read` seeks there); from a pipe those lines are gone, and the
            // run says so and fails. (When another problem came first, the record is one
            // over-long record, reported where the split below ends it, as when it is read
            // whole.) Its first line break may be in what is left, not in a part skipped.
            let rest = s.work
            rest.withUnsafeBufferPointer { noteResume(&s, $0, from: 0, base: 0) }
            reportPending(&s, stray: true)
            if s.readAgainAfterFirstLine() { return }
            s.problem = s.unclosedQuote
        }
        s.work.withUnsafeBufferPointer { whole in
            var base = 0
            splitting: while true {
                let buf = UnsafeBufferPointer(rebasing: whole[base...])
                var records: [CSVSplitter.Record] = []
                let used = s.splitter.split(buf, isFinal: final, into: &records)
                var lineAt = 0
                for r in records {
                    // Count lines between records for error positions.
                    s.line += countNewlines(buf, lineAt, r.range.lowerBound)
                    lineAt = r.range.lowerBound
                    if s.skippingLongRecord {
                        // The rest of an over-long record, already reported: not a record of its own,
                        // unless the quote that ends its field is a stray one's (`,"` as a field
                        // opens, then text): then the lines after its first are records, and are
                        // read again (a file) or said to be lost (a pipe).
                        s.skippingLongRecord = false
                        let stray = s.strayPending && s.strayScan.finish(buf, r.range)
                        // Its first line break may be in this last part.
                        if stray { noteResume(&s, UnsafeBufferPointer(rebasing: buf[..<r.range.upperBound]), from: r.range.lowerBound, base: base) }
                        reportPending(&s, stray: stray)
                        if stray && s.strayFound() { return }
                        s.skippedBytes = []
                        continue
                    }
                    if r.isBlank { continue }
                    let bytes = UnsafeBufferPointer(rebasing: buf[r.range])
                    if s.format == nil {
                        // The header row names the fields.
                        if bytes.count > max(limit, Self.keptPrefix) { s.problem = headerTooLong(s); return }
                        let names: [String]
                        switch CSVRecord.parseFields(bytes, delimiter: s.delimiter) {
                        case .success(let fields) where fields.contains(where: { $0.contains("\r") }):
                            // Lines that end in CR alone (classic Mac): the whole file reads as one header row.
                            s.problem = .csvHeaderCarriageReturn(source: s.name, line: s.line)
                            return
                        case .success(let fields): names = fields
                        case .failure(let e):
                            s.problem = .csvHeaderUnreadable(source: s.name, line: s.line, reason: e.message, byte: e.byteOffset,
                                                             invalidUTF8: e.message == RecordError.invalidUTF8)
                            return
                        }
                        // Excel's `sep=X` line, before the header, says which separator the file uses:
                        // the line is skipped and the rest split on that separator.
                        if names.count <= 2, let separator = Self.excelSeparator(bytes) {
                            if let given = options.delimiter, given != separator {
                                s.problem = .csvSeparatorConflict(source: s.name, line: s.line, file: separator, given: given)
                                return
                            }
                            guard separator != s.delimiter, let nl = memchrIndex(buf, 0x0A, from: r.range.upperBound) else { continue }
                            // The records after it were split on the old separator (whether a quote opens a
                            // field depends on it): split again from the next line.
                            s.delimiter = separator
                            s.line += 1
                            s.splitter.restart()
                            base += nl + 1
                            continue splitting
                        }
                        // Spreadsheets in many locales save CSV with semicolons: the header is then one
                        // column, every record one field, and every sender and body empty. Without
                        // --delimiter or a `sep=` line the separator is not guessed: the run says
                        // how to name it.
                        if options.delimiter == nil, names.count == 1, !names.contains(options.fields.sender) && !names.contains(options.fields.body),
                           let separator = [";", "\t", "|"].first(where: { names[0].contains($0) }) {
                            s.problem = .csvOneColumn(source: s.name, line: s.line, header: names[0], separator: separator.utf8.first!)
                            return
                        }
                        let header = CSVHeader(names: names, fields: options.fields,
                                               replacing: options.annotate ? options.columnsReplacedByAnnotation(names) : [],
                                               delimiter: s.delimiter)
                        if options.annotate && options.outputFormat != .ndjson, let first = firstCSVHeader, first.keptNames != header.keptNames {
                            // The output has one header, the first input's: other columns would land under it.
                            s.problem = .csvColumnsDiffer(source: s.name, columns: names, first: first.names, output: options.outputFormat)
                            return
                        }
                        if header.senderColumn == nil && header.bodyColumn == nil {
                            // Every row would be judged with an empty sender and body (and junked by
                            // short-sender or all-unknown): refused before its first record.
                            stopForFormat(Self.neitherField(names, options, source: s.name, line: s.line))
                            return
                        }
                        s.format = .csv(header)
                        // A field read twice: the last column of that name is read, as the last of
                        // repeated NDJSON keys is; say so, since the other may be the one meant.
                        for name in [options.fields.sender, options.fields.body, options.fields.id] where names.count(where: { $0 == name }) > 1 {
                            let columns = names.indices.filter { names[$0] == name }.map { $0 + 1 }
                            self.note(.columnRepeated(source: s.name, name: name, columns: columns), about: s)
                        }
                        // A column named but for case or spaces (`Sender`, ` body`): every record would
                        // lack the field (the end-of-run count says so); name the column meant.
                        for (key, name) in [("sender", options.fields.sender), ("body", options.fields.body)] where !names.contains(name) {
                            guard let near = names.first(where: { Self.namesAlike($0, name) }) else { continue }
                            self.note(.columnNamedAlike(source: s.name, key: key, name: name, near: near), about: s)
                        }
                        if firstCSVHeader == nil {
                            firstCSVHeader = header
                            onFirstCSVHeader?(header)
                        }
                        continue
                    }
                    if let lineBreak = CSVRecord.runawayLineBreak(bytes, delimiter: s.delimiter) {
                        // A stray quote ran over line ends: its first line is the bad record, and
                        // the lines after it are read again as records of their own.
                        base += cutAtFirstLine(&s, buf, r.range.lowerBound, lineBreak, limit: limit)
                        continue splitting
                    }
                    addRecord(&s, buf, r.range.lowerBound, r.range.upperBound, limit: limit)
                }
                s.line += countNewlines(buf, lineAt, used)
                consumed = base + used
                // The unfinished record is measured without a CR at the very end: that may be
                // half of a CRLF whose LF is not read yet, the line end's and not the record's
                // (a record exactly as long as the limit is not over it, wherever reads end).
                if !final && Self.unfinished(buf, from: used).count > max(limit, Self.keptPrefix) {
                    if s.format == nil {
                        // The header, unfinished and already too long: refused as a whole one would
                        // be, never skipped (the next line would be taken for the header).
                        s.problem = headerTooLong(s)
                        return
                    }
                    // A record not finished past the limit (and past what an error record keeps,
                    // as for NDJSON): report it once, then let it stream by.
                    // The splitter keeps its quote state, so the record's end is still found where
                    // it really is, even past newlines inside quotes.
                    if !s.skippingLongRecord, s.format != nil {
                        let runaway = CSVRecord.runaway(unfinished: Self.unfinished(buf, from: used), delimiter: s.delimiter)
                        if case .closed(let lineBreak) = runaway {
                            // Its quoted field already closed the way a stray quote's does: cut as
                            // when the whole record is in one read.
                            base += cutAtFirstLine(&s, buf, used, lineBreak, limit: limit)
                            continue splitting
                        }
                        // Reported where the skip ends (`reportPending`): as an over-long record,
                        // or as its first line if a stray quote shows.
                        let count = buf.count - used
                        var firstLine: [UInt8]? = nil
                        if let nl = memchrIndex(buf, 0x0A, from: used) {
                            let end = nl > used && buf[nl - 1] == 0x0D ? nl - 1 : nl
                            firstLine = Array(buf[used..<end])
                        }
                        s.pendingLong = (Array(buf[used..<(used + min(Self.keptPrefix, count))]), count > Self.keptPrefix, firstLine)
                        s.skippedBytes = []
                        s.skippedOverflow = false
                        s.longRecordLine = s.line
                        s.longRecordResume = nil
                        // No stray close in it so far; one may still come, unless it already has
                        // another problem.
                        s.strayPending = runaway == .open
                        // Read from the record's start, so that the quotes of the line a later
                        // part ends are counted from its start.
                        s.strayScan = StrayScan(delimiter: s.delimiter)
                        if s.strayPending && s.strayScan.scan(buf, used..<(used + s.splitter.scannedTailCount)) == false {
                            s.strayPending = false
                        }
                    } else if s.strayPending, s.splitter.scannedTailCount > 0 {
                        // A further part of the record: the quote that closes its open field may be here.
                        // Its first line break may be here too, before that quote: noted first, so a
                        // stray close in this part reads the file again from the line after it.
                        noteResume(&s, buf, from: used, base: base)
                        let part = used..<(used + s.splitter.scannedTailCount)
                        switch s.strayScan.scan(buf, part) {
                        case true?:
                            reportPending(&s, stray: true)
                            if s.strayFound() { return }
                            s.strayPending = false      // its lines are lost: skip on to the record's end
                        case false?: s.strayPending = false
                        case nil: break
                        }
                    }
                    noteResume(&s, buf, from: used, base: base)
                    s.skippingLongRecord = true
                    dropped = s.splitter.dropScannedTail(UnsafeBufferPointer(rebasing: buf[used...]))
                    if s.workOffset < 0 && !s.skippedOverflow {
                        if s.skippedBytes.count + dropped <= Self.skippedKept {
                            s.skippedBytes.append(contentsOf: buf[used..<(used + dropped)])
                        } else {
                            s.skippedOverflow = true
                            s.skippedBytes = []
                        }
                    }
                    s.line += countNewlines(buf, used, used + dropped)
                }
                break
            }
        }
        s.drop(consumed + dropped)
    }

    /// Notes where the over-long record being skipped has its second line, for a rewind:
    /// after its first line break, when `buf` from `start` (a part of the record; `buf`
    /// starts `base` bytes into `s.work`) holds it and no part before did.
    private func noteResume(_ s: inout SourceState, _ buf: UnsafeBufferPointer<UInt8>, from start: Int, base: Int) {
        if s.longRecordResume == nil && s.workOffset >= 0, let nl = memchrIndex(buf, 0x0A, from: start) {
            s.longRecordResume = s.workOffset + base + nl + 1
        }
    }

    /// Whether the over-long record being skipped, which the input's end leaves inside a
    /// quoted field, is a stray quote's: its parts so far and the rest (`s.work`) read as
    /// `StrayScan` reads them (on a copy: the split that follows reads the rest again).
    private func strayAtEnd(_ s: SourceState) -> Bool {
        guard s.strayPending else { return false }
        var scan = s.strayScan
        return s.work.withUnsafeBufferPointer { scan.finish($0, 0..<$0.count) }
    }

    /// Why the input is refused when its CSV header is longer than --max-record-bytes (or
    /// than `keptPrefix`, when that is larger).
    func headerTooLong(_ s: SourceState) -> StreamProblem {
        .csvHeaderTooLong(source: s.name, line: s.line, limit: max(options.maxRecordBytes, Self.keptPrefix))
    }

    /// Reports the over-long record whose skip ended (`SourceState.pendingLong`): with
    /// `stray`, its first line (read again or lost after it), as when the whole record is
    /// in one read; else the record itself, over-long.
    func reportPending(_ s: inout SourceState, stray: Bool) {
        guard let pending = s.pendingLong else { return }
        s.pendingLong = nil
        let line = s.line
        s.line = s.longRecordLine
        defer { s.line = line }
        if stray, let first = pending.firstLine {
            first.withUnsafeBufferPointer { addRecord(&s, $0, 0, first.count, limit: options.maxRecordBytes) }
        } else {
            pending.prefix.withUnsafeBufferPointer { add(&s, $0, tooLong: true, rawCut: pending.rawCut) }
        }
    }

    /// The unfinished record at `buf[start...]`, for the stray-quote tests: without a CR at
    /// its very end, which is half of a CRLF whose LF is not read yet (`"` + CR there is a
    /// proper close, not text after one).
    static func unfinished(_ buf: UnsafeBufferPointer<UInt8>, from start: Int) -> UnsafeBufferPointer<UInt8> {
        let end = buf.count > start && buf[buf.count - 1] == 0x0D ? buf.count - 1 : buf.count
        return UnsafeBufferPointer(rebasing: buf[start..<end])
    }

    /// Why a header naming neither the sender nor the body field is refused: its columns,
    /// whether they look like a header's (else the row is likely a file's first message),
    /// and the columns most likely meant.
    static func neitherField(_ names: [String], _ options: StreamOptions, source: String, line: Int) -> StreamProblem {
        let f = options.fields
        let headerLike = names.allSatisfy { column in
            let name = column.drop { $0 == " " || $0 == "\t" }
            guard let first = name.unicodeScalars.first, first.properties.isAlphabetic, name.unicodeScalars.count <= 32 else { return false }
            return name.unicodeScalars.allSatisfy { $0.properties.isAlphabetic || ("0"..."9").contains($0) || " _.-".unicodeScalars.contains($0) }
        }
        // The columns most likely meant: the same name but for case or spaces, else one holding
        // a usual name (exact when it is that name itself).
        func guess(_ name: String, _ usual: [String]) -> (column: String, exact: Bool)? {
            if let alike = names.first(where: { namesAlike($0, name) }) { return (alike, true) }
            return names.first { column in usual.contains { column.lowercased().contains($0) } }
                .map { column in (column, usual.contains { namesAlike(column, $0) }) }
        }
        let guesses = CSVGuesses(sender: guess(f.sender, ["sender", "from", "address", "phone", "number", "handle"]),
                                 body: guess(f.body, ["body", "text", "message", "content", "sms"]))
        return .csvNeitherField(source: source, line: line, columns: names, looksLikeHeader: headerLike, fields: f, guesses: guesses)
    }

    /// Whether a column name is `name` but for case and surrounding spaces or tabs.
    static func namesAlike(_ column: String, _ name: String) -> Bool {
        var c = Substring(column)
        while c.first == " " || c.first == "\t" { c.removeFirst() }
        while c.last == " " || c.last == "\t" { c.removeLast() }
        return c.lowercased() == name.lowercased()
    }

    /// The separator an Excel `sep=X` line names (`sep=,` with its line end), when it is
    /// one a CSV file uses (a comma, `;`, a tab or `|`; a column named `sep=x` is a column).
    static func excelSeparator(_ line: UnsafeBufferPointer<UInt8>) -> UInt8? {
        var n = line.count
        while n > 0 && (line[n - 1] == 0x0D || line[n - 1] == 0x0A) { n -= 1 }
        guard n == 5, line[0] | 0x20 == UInt8(ascii: "s"), line[1] | 0x20 == UInt8(ascii: "e"), line[2] | 0x20 == UInt8(ascii: "p"),
              line[3] == UInt8(ascii: "="), [UInt8(ascii: ","), UInt8(ascii: ";"), 0x09, UInt8(ascii: "|")].contains(line[4]) else { return nil }
        return line[4]
    }

    /// An over-long CSV record being skipped, read part by part as
    /// `CSVRecord.runawayLineBreak` reads a whole one, so that whether a stray quote ran
    /// over its lines never depends on where reads cut it. Its verdict: true when a quote
    /// closes a field where a field would open (after a comma or at a line start) and
    /// text follows, as a stray quote's does, or when text after a proper close past the
    /// first line is on a line that holds an even number of quotes (`2,b,say "hi" ok`:
    /// no real field's last line does); false when the first problem is another; nil
    /// while there is none yet (or while that line is not read to its end).
    struct StrayScan {
        var delimiter: UInt8
        /// Inside a quoted field where the last part ended.
        var inQuotes = false
        /// The last part's last byte (a record's start reads as one after a delimiter: a
        /// quote there opens a field).
        var before: UInt8
        /// Quotes on the current line so far, and whether the first line has ended.
        var lineQuotes = 0
        var pastFirstLine = false
        /// Text after a proper close on the first line: as `runawayLineBreak` does, the
        /// fields after the next delimiter on that line decide (none: the quote that opened
        /// the multi-line field was a stray one).
        var firstLineMistake = false
        /// Text after a proper close past the first line: the parity of that line's quotes
        /// decides, once the line is read to its end.
        var closedOnLine = false
        /// A stray close on the first line: a stray quote's only if the record goes on past
        /// a line break (`runawayLineBreak` cuts records over several lines only).
        var strayOnFirstLine = false
        /// A quote in the open field was the last part's last byte: the next part's first
        /// byte says whether it is half of a `""` or a close, and what follows the close.
        var pendingQuote = false
        /// A close followed by a CR was the last part's end: a proper close if an LF comes
        /// next (a CRLF), text after a close otherwise.
        var pendingCR = false
        /// The byte before that quote (a close after a delimiter or a line break is a stray's).
        var pendingPrior: UInt8 = 0
        var verdict: Bool?

        init(delimiter: UInt8) {
            self.delimiter = delimiter
            before = delimiter
        }

        /// Reads `range` of `buf`, the next part of the record; returns the verdict so far.
        mutating func scan(_ buf: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool? {
            guard verdict == nil, !range.isEmpty, let p = buf.baseAddress else { return verdict }
            defer { before = buf[range.upperBound - 1] }
            let n = range.upperBound
            var i = range.lowerBound
            // What the last part left undecided at its end, decided by this part's first
            // bytes as it would be with both parts in one (the verdict never depends on
            // where reads cut the record).
            if pendingQuote {
                pendingQuote = false
                if p[i] == 0x22 {                       // "" inside the field
                    lineQuotes += 1
                    i += 1
                } else {
                    inQuotes = false
                    if closed(p, next: i, n, prior: pendingPrior) { return verdict }
                }
            } else if pendingCR {
                pendingCR = false
                if p[i] != 0x0A && mistake(prior: pendingPrior) { return verdict }
            }
            while i < n {
                let k = strayOnFirstLine ? UTF8Scan.first(0x0A, p, from: i, to: n)
                    : firstLineMistake ? UTF8Scan.firstOf(delimiter, 0x0A, p, from: i, to: n) : UTF8Scan.firstOf(0x22, 0x0A, p, from: i, to: n)
                guard k < n else { break }
                i = k + 1
                if p[k] == 0x0A {
                    if strayOnFirstLine {
                        verdict = true
                        return verdict
                    }
                    if closedOnLine {
                        verdict = lineQuotes % 2 == 0
                        return verdict
                    }
                    if firstLineMistake {
                        // No delimiter after the mistake on the first line: the quoted field that
                        // runs on from it is a stray quote's.
                        verdict = true
                        return verdict
                    }
                    pastFirstLine = true
                    lineQuotes = 0
                    continue
                }
                if firstLineMistake {
                    // The next field on the first line: read on from its start.
                    firstLineMistake = false
                    inQuotes = false
                    continue
                }
                lineQuotes += 1
                if closedOnLine { continue }
                let prior = k > range.lowerBound ? p[k - 1] : before
                if !inQuotes {
                    // A quote opens a field only where one starts; elsewhere it is text.
                    if prior == delimiter { inQuotes = true }
                    continue
                }
                if k + 1 < n && p[k + 1] == 0x22 {      // "" inside the field
                    lineQuotes += 1
                    i = k + 2
                    continue
                }
                guard k + 1 < n else {
                    // `""` or a close: the next part's first byte says.
                    pendingQuote = true
                    pendingPrior = prior
                    break
                }
                inQuotes = false
                if closed(p, next: k + 1, n, prior: prior) { return verdict }
            }
            return nil
        }

        /// The open field's quote closed it, `p[next]` (`next < n`) the byte after it and
        /// `prior` the byte before it. True when that gives the verdict.
        private mutating func closed(_ p: UnsafePointer<UInt8>, next: Int, _ n: Int, prior: UInt8) -> Bool {
            let byte = p[next]
            if byte == delimiter || byte == 0x0A { return false }       // a proper close
            if byte == 0x0D {
                guard next + 1 < n else {
                    // A CRLF, or a CR as text: the next part's first byte says.
                    pendingCR = true
                    pendingPrior = prior
                    return false
                }
                if p[next + 1] == 0x0A { return false }                 // a proper close
            }
            return mistake(prior: prior)
        }

        /// Text after the close of a quote whose prior byte is `prior`. True when that
        /// gives the verdict.
        private mutating func mistake(prior: UInt8) -> Bool {
            if prior == delimiter || prior == 0x0A {
                // A stray close.
                if !pastFirstLine {
                    strayOnFirstLine = true
                    return false
                }
                verdict = true
                return true
            }
            if pastFirstLine { closedOnLine = true } else { firstLineMistake = true }
            return false
        }

        /// The verdict once the record ends after `range` of `buf`, its last part.
        mutating func finish(_ buf: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
            if let v = scan(buf, range) { return v }
            // A quote as the record's last byte closes its field; a CR after a close there
            // was the record's line end.
            if pendingQuote { inQuotes = false }
            pendingQuote = false
            pendingCR = false
            // The record's end ends the line: its quotes decide. A quoted field still open
            // past the first line is a stray quote's; with no line break at all, no stray.
            if closedOnLine { return lineQuotes % 2 == 0 }
            if strayOnFirstLine { return false }        // no line break after it
            return pastFirstLine && inQuotes && !firstLineMistake
        }
    }

    /// A stray quote's record starting at `start` of `buf`, its first line break `lineBreak`
    /// bytes in: its first line is the bad record, and splitting starts again on the line
    /// after. Returns how far on in `buf` that line starts.
    private func cutAtFirstLine(_ s: inout SourceState, _ buf: UnsafeBufferPointer<UInt8>, _ start: Int, _ lineBreak: Int,
                                limit: Int) -> Int {
        var end = start + lineBreak
        if end > start && buf[end - 1] == 0x0D { end -= 1 }
        addRecord(&s, buf, start, end, limit: limit)
        s.line += 1
        s.splitter.restart()
        return start + lineBreak + 1
    }

    /// A CSV record at `start..<end` of `buf`, cut short when over the limit.
    private func addRecord(_ s: inout SourceState, _ buf: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, limit: Int) {
        if end - start > limit {
            addTooLong(&s, buf, start, end)
        } else {
            add(&s, UnsafeBufferPointer(rebasing: buf[start..<end]), tooLong: false)
        }
    }
}
