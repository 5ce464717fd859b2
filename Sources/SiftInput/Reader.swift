// The reader: bytes from files or stdin, split into records and grouped in
// batches. It finds record boundaries only (newlines; for CSV, newlines
// outside quotes) and leaves parsing to the workers. It never holds more than
// one over-long record's first bytes: a record over --max-record-bytes is cut
// off, reported as an error record, and the rest of it is skipped. Phone
// archives (SMS Backup & Restore XML, the Messages database) are found by
// their first bytes here and read by their own readers into NDJSON records;
// a JSON array's elements become NDJSON records too (Reader+JSONArray.swift).
import Foundation

/// Which parser a batch's records need.
package enum RecordFormat: Sendable {
    case ndjson
    case csv(CSVHeader)
}

/// Where a record's bytes lie in its batch and what it is.
package struct RecordRef: Sendable {
    package var start: Int
    package var end: Int
    /// 1-based input record number over the whole run.
    package var number: Int
    /// 1-based line of the record's first byte in its source.
    package var line: Int
    /// The record was longer than --max-record-bytes; only its first bytes are kept.
    package var tooLong: Bool
    /// Those first bytes are not the whole record (it is longer than `RecordReader.keptPrefix`).
    package var rawCut = false
    /// An error record of an archive reader: its message is `Batch.messages[index]`, its
    /// bytes the record's raw (the element, or the first bytes of a blob).
    package var described = false
}

/// Records of one source, in input order: built by the reader, then moved to a worker.
package struct Batch: Sendable {
    /// Position among emitted batches, set when the batch is handed on.
    package var sequence = -1
    package let source: String
    package let format: RecordFormat
    package var data: [UInt8] = []
    package var records: [RecordRef] = []
    /// The messages of `described` records, by index in `records`.
    package var messages: [Int: String] = [:]

    init(source: String, format: RecordFormat) {
        self.source = source; self.format = format
    }
}

/// Splits sources into batches and hands each to `emit`, which returns false to stop.
package final class RecordReader {
    let options: StreamOptions
    private let emit: (Batch) -> Bool
    private var nextRecord = 1
    private var nextSequence = 0
    package private(set) var bytesRead = 0
    /// Batches handed on so far.
    package var batchCount: Int { nextSequence }
    package private(set) var stopped = false
    /// The header of the first CSV input (for annotated CSV output).
    var firstCSVHeader: CSVHeader?
    /// Worth a line on stderr at the end of the run (a CSV header naming a field read twice),
    /// each with the number its input's first record has or would have had (under --strict,
    /// notes of inputs past the stop are left out: whether the reader got there is a matter of timing).
    package private(set) var notes: [(from: Int, note: InputNote)] = []

    /// Adds a note about the input `s` once (the same file given twice: once).
    func note(_ note: InputNote, about s: SourceState) {
        if !notes.contains(where: { $0.note == note }) { notes.append((s.firstRecord, note)) }
    }
    /// Set when an input cannot be read with the options given (a usage problem found at run time).
    private(set) var formatProblem: StreamProblem?
    /// The options cannot read this input (an archive with --annotate and CSV or TSV output, a
    /// CSV header naming neither field): the run stops as a usage error.
    func stopForFormat(_ problem: StreamProblem) {
        formatProblem = problem
        stopped = true
    }
    /// Counts bytes an archive reader read itself (for --stats).
    func countBytes(_ n: Int) { bytesRead += n }
    /// Called once with the first CSV header, before any of its records are emitted.
    package var onFirstCSVHeader: ((CSVHeader) -> Void)?

    /// Bytes asked of each read(2), and roughly the most a batch of short records holds.
    static let defaultChunkSize = 1 << 20
    let chunkSize: Int
    /// Up to this many bytes left unprocessed, a read goes into a new buffer after a copy of them.
    static let directReadLimit = 64 << 10
    static let keptPrefix = 1024
    /// How much of an over-long CSV record an input that cannot seek keeps (see `SourceState.skippedBytes`).
    static let skippedKept = 8 << 20

    /// `chunkSize` is for tests and fuzzing: small reads cut records, CRLFs, BOMs and the first
    /// bytes that tell the format apart at every place, as a slow pipe would.
    package init(options: StreamOptions, chunkSize: Int = RecordReader.defaultChunkSize, emit: @escaping (Batch) -> Bool) {
        self.options = options
        self.chunkSize = max(1, chunkSize)
        self.emit = emit
    }

    /// Reads one source to its end (or until `emit` says stop).
    package func read(_ source: InputSource) throws(StreamError) {
        let inputFD: Int32
        switch source {
        case .stdin: inputFD = 0
        case .file(let path):
            switch openArgumentPath(path) {
            case .success(let fd): inputFD = fd
            case .failure(let why): throw StreamError(.cannotOpen(path: path, why), input: true)
            }
        }
        defer { if inputFD != 0 { close(inputFD) } }
        // What is read: the input, or the pipe its decompressed bytes come through (Gunzip.swift).
        var fd = inputFD
        var gunzip: Gunzip?
        defer { if let g = gunzip { _ = g.finish() } }     // before the input is closed
        var state = SourceState(name: source.name, firstRecord: nextRecord)
        if let d = options.delimiter { state.delimiter = d }
        // Where reading starts (stdin may have been read from before: `{ head -n1; msgsift; } < f`);
        // -1 when the input cannot seek, so it is never read again.
        state.workOffset = Int(lseek(fd, 0, SEEK_CUR))
        var chunk: [UInt8] = []      // for reads after a long unfinished record, made then
        while !stopped && state.problem == nil {
            if state.batch != nil && !Self.readable(fd) {
                // Nothing more to read for now (`tail -f … | msgsift`): the records read so far
                // go out instead of waiting for a whole batch.
                flush(&state)
            }
            var n = 0, readErrno: Int32 = 0
            if state.work.count <= Self.directReadLimit {
                // Straight into a buffer of its own, after what is left of the last read (the
                // start of a line): the read bytes are not copied again. (NDJSON batches keep
                // the last buffer, so each read has a new one anyway.)
                let kept = state.work
                state.work = [UInt8](unsafeUninitializedCapacity: kept.count + chunkSize) { buf, count in
                    let base = buf.baseAddress!
                    kept.withUnsafeBufferPointer { k in if let from = k.baseAddress { base.update(from: from, count: k.count) } }
                    n = Foundation.read(fd, base + kept.count, chunkSize)
                    readErrno = errno
                    count = kept.count + max(n, 0)
                }
            } else {
                // A long unfinished record: the read is appended (the buffer grows, not copied whole per read).
                if chunk.isEmpty { chunk = [UInt8](repeating: 0, count: chunkSize) }
                n = chunk.withUnsafeMutableBytes { Foundation.read(fd, $0.baseAddress, chunkSize) }
                readErrno = errno
                if n > 0 { state.work.append(contentsOf: chunk[0..<n]) }
            }
            if n < 0 {
                if readErrno == EINTR { continue }
                reportPending(&state, stray: false)
                flush(&state)       // the records read so far still go out
                throw StreamError(.readFailed(source: source.name, errno: readErrno), input: true)
            }
            bytesRead += n
            if n == 0 {
                state.readToEnd = true
                process(&state, final: true)
                if state.gzipped && gunzip == nil { try decompress(&state, &fd, &gunzip); continue }
                if state.archive != nil { break }
                if state.rewind != nil {
                    if rewind(fd, &state) { continue }
                    state.problem = state.unclosedQuote
                }
                break
            }
            process(&state, final: false)
            if state.gzipped && gunzip == nil { try decompress(&state, &fd, &gunzip); continue }
            if state.archive != nil { break }
            if state.rewind != nil && !rewind(fd, &state) { state.problem = state.strayQuote }
        }
        switch state.archive {
        case .smsBackupXML?: try readSMSBackupXML(&state, fd: fd)
        case .chatDB? where gunzip != nil:
            throw StreamError(.chatDBCompressed(source: source.name), input: true)
        case .chatDB?: try readChatDB(&state, source: source)
        default: break
        }
        if let problem = formatProblem { throw StreamError(problem, usage: true) }
        reportPending(&state, stray: false)
        flush(&state)
        var problems = state.lostLines + (state.problem.map { [$0] } ?? [])
        if let g = gunzip {
            gunzip = nil
            // The gzip data broke off where the decompressed bytes end: said only when they
            // were read to their end. An input refused before it (its first lines, say)
            // reports the refusal alone: the reader never read as far as the damage, and
            // whether the inflating thread had reached it when reading stopped is a matter
            // of timing, not of the input.
            if let why = g.finish(), state.readToEnd { problems.append(.gzipFailed(source: source.name, why)) }
        }
        if !problems.isEmpty { throw StreamError(problems, input: true, partial: state.problem == nil) }
    }

    /// The input is gzip-compressed: from here on it is read through a Gunzip's pipe, from its
    /// first byte again (what was read of it is handed to the Gunzip), as an input that cannot seek.
    private func decompress(_ state: inout SourceState, _ fd: inout Int32, _ gunzip: inout Gunzip?) throws(StreamError) {
        guard let g = Gunzip(source: fd, prefix: state.work) else {
            throw StreamError(.noDecompressPipe(source: state.name, errno: errno), input: true)
        }
        gunzip = g
        fd = g.output
        state.work = []
        state.workOffset = -1
        state.gzipped = false
        state.readToEnd = false     // the end of the compressed bytes: the pipe's is to come
    }

    /// An over-long CSV record's quoted field never closed, or closed where a stray quote's
    /// would (see processCSV): reads on from the line after its first line. False when the
    /// input cannot go back there.
    private func rewind(_ fd: Int32, _ state: inout SourceState) -> Bool {
        guard let offset = state.rewind else { return true }
        state.rewind = nil
        let end = Int(lseek(fd, 0, SEEK_CUR))
        guard end >= 0, lseek(fd, off_t(offset), SEEK_SET) == off_t(offset) else { return false }
        bytesRead -= max(0, end - offset)      // read again: counted once in --stats
        state.restartAfterFirstLine(work: [], offset: offset)
        return true
    }

    /// Whether a read of `fd` would return at once (data, the end, or an error).
    private static func readable(_ fd: Int32) -> Bool {
        var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        return poll(&p, 1, 0) != 0
    }

    /// Per-source reading state.
    struct SourceState {
        let name: String
        /// The number the input's first record has (or would have).
        let firstRecord: Int
        var work: [UInt8] = []
        var started = false
        /// The first two bytes were looked at for gzip's magic (once per input).
        var compressionChecked = false
        /// They were gzip's: `read` switches to decompressing.
        var gzipped = false
        var bomChecked = false
        /// The first bytes were looked at for UTF-16 and UTF-32 (once per input).
        var wideChecked = false
        var format: RecordFormat? = nil
        var line = 1
        var skippingLongRecord = false
        /// The line where the over-long record being skipped starts.
        var longRecordLine = 0
        /// Where in the input the line after its first line starts (nil: unknown).
        var longRecordResume: Int?
        /// Set at the end of a seekable input: read again from here (see processCSV).
        var rewind: Int?
        /// Offset in the input of `work`'s first byte; -1 when the input cannot seek.
        var workOffset = 0
        /// A read returned the end of what is read (for a gzip input, of the decompressed bytes).
        var readToEnd = false

        /// Why the rest of the input has no verdicts, when an over-long CSV record never closes its quote.
        var unclosedQuote: StreamProblem { .unclosedQuote(source: name, line: longRecordLine) }
        /// Why lines have no verdicts, when a stray quote's field ran past --max-record-bytes
        /// in an input that cannot be read again.
        var strayQuote: StreamProblem { .strayQuoteLost(source: name, line: longRecordLine) }
        /// While skipping an over-long CSV record: whether a stray quote could still show
        /// (no other parse problem seen in it yet), and its parts read so far (`StrayScan`).
        var strayPending = false
        var strayScan = RecordReader.StrayScan(delimiter: 0x2C)
        /// The over-long CSV record being skipped, not reported yet: its first bytes, and its
        /// first line when that was read whole. It is reported where the skip ends, as an
        /// over-long record, or as its first line when a stray quote ran on from there, so
        /// the report never depends on how reads split the input.
        var pendingLong: (prefix: [UInt8], rawCut: Bool, firstLine: [UInt8]?)? = nil

        /// A stray quote's field swallowed the lines after its record's first line: read
        /// them again (a file, or what a pipe kept of them), true; or, when they cannot be,
        /// note that they are lost (the run fails once the input is read) and read on after
        /// the record, false.
        mutating func strayFound() -> Bool {
            if readAgainAfterFirstLine() { return true }
            lostLines.append(strayQuote)
            return false
        }
        /// Arranges for the lines after the skipped record's first line to be read again:
        /// from the file (`rewind`) or from what a pipe kept (`memoryRewind`); false when
        /// neither can be.
        mutating func readAgainAfterFirstLine() -> Bool {
            if let resume = longRecordResume {
                rewind = resume
                return true
            }
            if keptSkipped {
                memoryRewind = true
                return true
            }
            return false
        }
        /// Starts reading again at the line after the skipped record's first line, whose
        /// bytes `work` now holds from `offset` in the input (-1: an input that cannot seek).
        mutating func restartAfterFirstLine(work: [UInt8], offset: Int) {
            self.work = work
            newlineFree = 0
            workOffset = offset
            skippingLongRecord = false
            longRecordResume = nil
            splitter.restart()
            line = longRecordLine + 1
        }
        /// What was lost of this input (lines a stray quote swallowed from a pipe, past what it keeps).
        var lostLines: [StreamProblem] = []
        /// An input that cannot seek keeps what it skipped of an over-long CSV record, up to
        /// `RecordReader.skippedKept` bytes, so the lines a stray quote swallowed can be read
        /// again from memory; past that they are dropped (`skippedOverflow`).
        var skippedBytes: [UInt8] = []
        var skippedOverflow = false
        /// Read the kept lines again (processCSV).
        var memoryRewind = false
        /// The lines after the skipped record's first line are all kept: in `skippedBytes`,
        /// and in `work`, which goes on from where they end (the part being read, where the
        /// first line break may be when a stray quote closes in the same part).
        var keptSkipped: Bool { workOffset < 0 && !skippedOverflow }

        /// Drops the first `count` bytes of `work`, counting the lines they end.
        mutating func dropCountingLines(_ count: Int) {
            line += work[..<count].reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
            drop(count)
        }

        /// Drops the first `count` bytes of `work`.
        mutating func drop(_ count: Int) {
            work.removeFirst(count)
            if workOffset >= 0 { workOffset += count }
            newlineFree = max(0, newlineFree - count)
            blankRun = max(0, blankRun - count)
        }
        /// How many bytes at the start of `work` are known to hold no newline: an NDJSON line
        /// still unfinished after a read, searched already. The next search starts past them,
        /// or a line longer than a read (`--max-record-bytes` raised) is searched again from
        /// its start after every read, in time growing with the square of its length.
        var newlineFree = 0
        /// How many bytes at the start of `work` are blank space with no newline, searched
        /// already: the end of the blank lines before the first record, still unfinished after
        /// a read. Searched again from its start after every read, a long one took time growing
        /// with the square of its length (up to `shapeWindow`) in small reads.
        var blankRun = 0
        var splitter = CSVSplitter()
        /// The byte between CSV fields: `--delimiter`, or what a `sep=` line names, else a comma.
        var delimiter: UInt8 = 0x2C { didSet { splitter.delimiter = delimiter } }
        var batch: Batch? = nil
        /// `batch.data` is `work` itself, shared, its records ranges of it (`addInPlace`):
        /// handed on before `work` changes.
        var batchSharesWork = false
        /// Why the rest of this input is not read (not NDJSON or CSV).
        var problem: StreamProblem?
        /// A JSON array of records (Reader+JSONArray.swift): where its scan stands.
        var jsonArray: JSONArrayScan?
        /// A phone archive, found by its first bytes: read by its own reader, not as lines.
        var archive: InputFormat?
        init(name: String, firstRecord: Int) { self.name = name; self.firstRecord = firstRecord }
    }

    private func process(_ s: inout SourceState, final: Bool) {
        if !s.started && !s.compressionChecked {
            if s.work.count < 2 && !final { return }
            s.compressionChecked = true
            if s.work.starts(with: [0x1F, 0x8B]) { s.gzipped = true; return }
        }
        if !s.started {
            // Decide the format from the first bytes: byte-order marks are dropped (a file that
            // went through two tools that each add one has two), `{` means NDJSON.
            if !s.bomChecked {
                while s.work.count >= 3 && s.work.starts(with: [0xEF, 0xBB, 0xBF]) { s.drop(3) }
                if s.work.count < 3 && !final { return }
                s.bomChecked = true
            }
            if !findArchive(&s, final: final) { return }
            // UTF-16 and UTF-32 are told apart by the first 4 and 8 bytes: fewer (a short read
            // of a pipe) wait for more while they could be either (a NUL, or a BOM's first byte).
            if !s.wideChecked && s.work.count < 8 && !final && (s.work.contains(0) || s.work.first == 0xFF || s.work.first == 0xFE) { return }
            // Looked at once, at the input's first bytes: not again at what follows the blank
            // lines dropped below (there only when a read ended among them).
            let w = s.wideChecked ? [] : s.work
            s.wideChecked = true
            // UTF-32 first: its little-endian BOM (FF FE 00 00) starts as UTF-16's does.
            let utf32BOM = w.starts(with: [0xFF, 0xFE, 0x00, 0x00]) || w.starts(with: [0x00, 0x00, 0xFE, 0xFF])
            let utf32LE = w.count >= 8 && w[0] != 0 && w[1] == 0 && w[2] == 0 && w[3] == 0 && w[4] != 0 && w[5] == 0 && w[6] == 0 && w[7] == 0
            let utf32BE = w.count >= 8 && w[0] == 0 && w[1] == 0 && w[2] == 0 && w[3] != 0 && w[4] == 0 && w[5] == 0 && w[6] == 0 && w[7] != 0
            if utf32BOM || utf32LE || utf32BE {
                let encoding = utf32BOM ? "UTF-32" : utf32LE ? "UTF-32LE" : "UTF-32BE"
                s.problem = .wideText(source: s.name, bits: 32, encoding: encoding)
                return
            }
            let utf16WithoutBOM = w.count >= 4 && ((w[0] != 0 && w[1] == 0 && w[2] != 0 && w[3] == 0) || (w[0] == 0 && w[1] != 0 && w[2] == 0 && w[3] != 0))
            let utf16BOM = w.starts(with: [0xFF, 0xFE]) || w.starts(with: [0xFE, 0xFF])
            if utf16BOM || utf16WithoutBOM {
                // What spreadsheets save as "Unicode text": no record of it is UTF-8.
                // With a byte-order mark iconv's UTF-16 finds the order; without one it takes
                // little-endian, so a big-endian file needs its name.
                let encoding = utf16BOM ? "UTF-16" : w[0] == 0 ? "UTF-16BE" : "UTF-16LE"
                s.problem = .wideText(source: s.name, bits: 16, encoding: encoding)
                return
            }
            if options.inputFormat != .ndjson {
                // Blank lines before the first record are no record in either format: dropped,
                // and counted, as whole lines only, so the same bytes read the same however
                // reads split them (a line of spaces is kept until its end comes, unless it
                // outgrows the shape window). A CSV header after them is the header
                // (`  \nid,sender,body`), and blank space before it on its line goes too.
                // The search starts past the blank space searched at the last read (`blankRun`).
                let from = min(s.blankRun, s.work.count)
                guard let blank = s.work[from...].firstIndex(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }) else {
                    s.dropCountingLines(final || s.work.count > Self.shapeWindow ? s.work.count : (s.work[from...].lastIndex(of: 0x0A).map { $0 + 1 } ?? 0))
                    s.blankRun = s.work.count
                    if !final { return }
                    s.format = options.inputFormat == .csv ? nil : .ndjson
                    s.started = true
                    return
                }
                let isCSV = options.inputFormat == .csv || s.work[blank] != UInt8(ascii: "{")
                s.dropCountingLines(isCSV ? blank : s.work[..<blank].lastIndex(of: 0x0A).map { $0 + 1 } ?? 0)
            }
            switch options.inputFormat {
            case .ndjson: s.format = .ndjson
            case .csv: s.format = nil
            case .smsBackupXML, .chatDB: return     // taken by findArchive
            case .auto:
                // Past blank lines (above): the first byte decides, `{` is NDJSON.
                guard let first = s.work.firstIndex(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }) else { return }
                s.format = s.work[first] == UInt8(ascii: "{") ? .ndjson : nil
                if s.work[first] == UInt8(ascii: "<") {
                    // No CSV header starts so: XML, read as an SMS Backup & Restore export
                    // (Reader+SMSBackupXML, which refuses by name any other XML or HTML).
                    s.drop(first)
                    s.archive = .smsBackupXML
                    return
                }
                if s.work[first] == UInt8(ascii: "[") {
                    guard let array = Self.startsJSONArray(s.work, at: first, final: final) else { return }
                    if array { startJSONArray(&s, at: first) }
                }
            }
            if case .ndjson? = s.format, s.jsonArray == nil {
                switch Self.ndjsonShape(s.work, final: final) {
                case .unknownYet: return
                case .lines: break
                case .prettyPrinted:
                    s.problem = .prettyPrintedJSON(source: s.name)
                    return
                case .carriageReturns:
                    s.problem = .carriageReturns(source: s.name)
                    return
                }
            }
            s.started = true
            if case .ndjson? = s.format, options.annotate, options.outputFormat != .ndjson {
                stopForFormat(.annotateNeedsCSV(source: s.name, output: options.outputFormat, input: .ndjson))
                return
            }
        }
        if s.jsonArray != nil { processJSONArray(&s, final: final) } else if case .ndjson? = s.format { processNDJSON(&s, final: final) } else { processCSV(&s, final: final) }
    }

    /// How many of `bytes` are left once a UTF-8 sequence cut short at their end is dropped.
    static func wholeCharacters(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        let n = bytes.count
        var lead = n - 1
        while lead >= 0 && lead > n - 4 && bytes[lead] & 0xC0 == 0x80 { lead -= 1 }
        guard lead >= 0 else { return n }
        let b = bytes[lead]
        let width = b < 0xC0 ? 1 : b < 0xE0 ? 2 : b < 0xF0 ? 3 : 4
        return b >= 0xC0 && lead + width > n ? lead : n
    }

    /// Reports the record at `start..<end` (or its known part) as too long, keeping only its first bytes.
    func addTooLong(_ s: inout SourceState, _ buf: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) {
        let keep = min(Self.keptPrefix, end - start)
        add(&s, UnsafeBufferPointer(rebasing: buf[start..<(start + keep)]), tooLong: true, rawCut: keep < end - start)
    }

    func add(_ s: inout SourceState, _ bytes: UnsafeBufferPointer<UInt8>, tooLong: Bool, rawCut: Bool = false, message: String? = nil) {
        if s.batch == nil {
            var b = Batch(source: s.name, format: s.format!)
            // A batch ends at batchRecords records or once past chunkSize bytes: room for a
            // typical one up front, so the data is not copied over and over as it grows.
            b.data.reserveCapacity(min(chunkSize, options.batchRecords * 256) + bytes.count)
            b.records.reserveCapacity(options.batchRecords)
            s.batch = b
        }
        let start = s.batch!.data.count
        // Cut at a byte count, the kept bytes may end inside a character: that tail would
        // show in raw as `\xNN`, which says "not UTF-8" of a file that is.
        s.batch!.data.append(contentsOf: rawCut ? UnsafeBufferPointer(rebasing: bytes[..<Self.wholeCharacters(bytes)]) : bytes)
        s.batch!.records.append(RecordRef(start: start, end: s.batch!.data.count, number: nextRecord, line: s.line, tooLong: tooLong,
                                          rawCut: rawCut, described: message != nil))
        if let message { s.batch!.messages[s.batch!.records.count - 1] = message }
        nextRecord += 1
        if s.batch!.records.count >= options.batchRecords || s.batch!.data.count >= chunkSize { flush(&s) }
    }

    /// Adds the record at `start..<end` of `s.work` without copying it: the batch takes
    /// `s.work` itself (its storage shared, not copied), so a line costs its place in the
    /// batch, not a copy of its bytes (the reader thread shares the cores with the workers).
    /// The caller hands the batch on before `s.work` changes (`flushSharedWork`).
    func addInPlace(_ s: inout SourceState, _ start: Int, _ end: Int) {
        if !s.batchSharesWork {
            flush(&s)
            var b = Batch(source: s.name, format: s.format!)
            b.data = s.work
            b.records.reserveCapacity(options.batchRecords)
            s.batch = b
            s.batchSharesWork = true
        }
        s.batch!.records.append(RecordRef(start: start, end: end, number: nextRecord, line: s.line, tooLong: false))
        nextRecord += 1
        if s.batch!.records.count >= options.batchRecords { flush(&s) }
    }

    /// Hands on a batch that shares `s.work` (see `addInPlace`), before `s.work` changes.
    func flushSharedWork(_ s: inout SourceState) {
        if s.batchSharesWork { flush(&s) }
    }

    func flush(_ s: inout SourceState) {
        s.batchSharesWork = false
        guard var b = s.batch else { return }
        s.batch = nil
        if stopped { return }
        b.sequence = nextSequence
        if emit(b) { nextSequence += 1 } else { stopped = true }
    }

}

@inline(__always)
func memchrIndex(_ buf: UnsafeBufferPointer<UInt8>, _ byte: UInt8, from: Int) -> Int? {
    guard from < buf.count, let base = buf.baseAddress else { return nil }
    guard let p = memchr(base + from, Int32(byte), buf.count - from) else { return nil }
    return UnsafeRawPointer(p).assumingMemoryBound(to: UInt8.self) - base
}

func countNewlines(_ buf: UnsafeBufferPointer<UInt8>, _ from: Int, _ to: Int) -> Int {
    var n = 0
    var i = from
    while i < to, let j = memchrIndex(UnsafeBufferPointer(rebasing: buf[0..<to]), 0x0A, from: i) {
        n += 1
        i = j + 1
    }
    return n
}
