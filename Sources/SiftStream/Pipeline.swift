// The ordered parallel pipeline: the calling thread reads, `jobs` worker
// threads parse, evaluate and format, one writer thread writes batches in
// input order. At most `2 × jobs + 2` batches are in flight, so memory does
// not grow with the input.
import CRuntime
import Foundation
import SiftText
import SiftEngine
import Synchronization
import SiftRules
import SiftInput
import SiftOutput

/// How a run ended.
public struct RunOutcome: Sendable {
    public var stats: RunStats
    public var elapsed: Double
    /// Set when `--strict` stopped the run: the first unreadable record's message.
    public var strictStop: String?
    /// stdout was closed early (`| head`); the run ended quietly.
    public var brokenPipe: Bool
    /// Worth one line on stderr each: regex failures, records without a field or left out
    /// with a warning, the readers' notes on their inputs, non-UTF-8 records.
    public var notes: [RunNote]
    /// Inputs that could not be read, were not NDJSON or CSV, or lost lines they could not
    /// read again (each already reported through `onInputError`); the others were read.
    public var failedInputs = 0
    /// What `RunMode.evaluate` counted.
    public var eval = EvalTally()
    /// What `RunMode.compare` counted.
    public var diff = DiffTally()
}

/// The sender field or the body field.
public enum FieldKey: String, Sendable, Equatable {
    case sender, body
}

/// Something about a run worth one line on stderr at its end; the command line words it.
/// `first` is where the first such record is, nil when every record is one.
public enum RunNote: Sendable, Equatable {
    /// `count` of `records` records have no field `name` (the `key` field): read as empty.
    case fieldMissing(FieldKey, name: String, count: Int, records: Int, first: RecordPlace?)
    /// `count` of `records` records have JSON null for `name`: read as empty.
    case fieldNull(FieldKey, name: String, count: Int, records: Int, first: RecordPlace?)
    /// `count` of `records` records have an empty body field `name`: judged by their sender alone.
    case bodyEmpty(name: String, count: Int, records: Int, first: RecordPlace?)
    /// `count` records left out by `--only` carry a warning (a regex timed out or gave up).
    case warningsLeftOut(count: Int, first: RecordPlace)
    /// `count` of `records` records could not be read: error records in the output
    /// (`inOutput`), or not counted (eval, diff).
    case unreadable(count: Int, records: Int, first: RecordPlace, inOutput: Bool)
    /// `count` of `records` records are not UTF-8.
    case notUTF8(count: Int, records: Int)
    /// ICU gave up matching regex filter `filter` on some message (of `--after`'s rules in a diff).
    case regexGaveUp(filter: Int, after: Bool)
    /// What a reader noticed about an input.
    case input(InputNote)
}

/// Classifies streams of records with one compiled rule set.
public final class Pipeline {
    public let rules: CompiledRuleSet
    public let options: StreamOptions
    /// Whether verdicts are written, or counted (Tally.swift).
    public let mode: RunMode

    public init(rules: CompiledRuleSet, options: StreamOptions, mode: RunMode = .classify) {
        self.rules = rules
        self.options = options
        self.mode = mode
    }

    /// Called, on the reading thread, with why an input cannot be read; the run goes on
    /// with the next input.
    public var onInputError: (@Sendable (StreamError) -> Void)?

    /// The progress line's words for a count of records done and the seconds since the
    /// start; the line is shown when `options.progress` and these are given.
    public var progressWords: (@Sendable (_ records: Int, _ elapsed: Double) -> String)?

    /// Reads every source in order and writes one line per record to `output`.
    public func run(_ sources: [InputSource], output: Int32 = 1) throws(StreamError) -> RunOutcome {
        signal(SIGPIPE, SIG_IGN)
        // Read buffers and batch outputs (1 MiB or so, one per batch) are reused from the heap
        // rather than mapped afresh each time: 13–17k page faults per 1M records become 4k.
        _ = sift_keep_freed_buffers()
        let started = Date()
        let jobs = max(1, options.jobs)
        let shared = SharedState(capacity: 2 * jobs + 2)
        let (rules, options, mode) = (self.rules, self.options, self.mode)
        // The progress line (Progress.swift) reads what the writer counted; its handlers clear it
        // when a signal ends the run.
        let progress = options.progress ? progressWords.map { words in ProgressLine(count: { shared.recordsDone.load(ordering: .relaxed) }, words: words) } : nil
        Interruption.install(output: output, progress: progress != nil)
        defer { Interruption.uninstall() }
        progress?.start()
        defer { progress?.finish() }

        var workers: [Thread] = []
        for _ in 0..<jobs {
            let t = Thread {
                // Each worker's evaluator, formatter and scratch are its own, made on its thread.
                let worker = Worker(rules: rules, options: options, mode: mode)
                while let batch = shared.work.pop() {
                    let result = worker.process(batch)
                    shared.deliver(result)
                }
                shared.workerDone(notes: worker.evaluator.regexFailures.map { .regexGaveUp(filter: $0, after: false) }
                                   + (worker.after?.regexFailures.map { .regexGaveUp(filter: $0, after: true) } ?? []))
            }
            t.stackSize = 4 << 20
            workers.append(t)
            t.start()
        }
        let writerThread = Thread {
            var writer = OrderedWriter(fd: output, shared: shared, options: options, mode: mode)
            writer.run()
        }
        writerThread.start()

        let reader = RecordReader(options: options) { batch in
            shared.slots.wait()
            if shared.isStopped { shared.slots.signal(); return false }
            shared.work.push(batch)
            return true
        }
        reader.onFirstCSVHeader = { header in shared.setCSVHeader(header) }
        var readError: StreamError?
        var failedInputs = 0, partialInputs = 0
        for source in sources {
            do {
                try reader.read(source)
            } catch where error.isInput {
                if error.isPartial { partialInputs += 1 } else { failedInputs += 1 }
                if let progress { progress.clearing { onInputError?(error) } } else { onInputError?(error) }
            } catch {
                readError = error
                break
            }
            if reader.stopped || shared.isStopped { break }
        }
        // A run stopped by a usage problem writes nothing, not even a CSV header.
        if readError != nil { shared.dropHeader() }
        shared.finishReading(batches: reader.batchCount)
        for _ in 0..<jobs { shared.work.push(nil) }
        let writer = shared.waitUntilFinished(workers: jobs)
        var stats = writer.stats
        stats.bytes = reader.bytesRead
        stats.inputsNotRead = failedInputs
        stats.inputsReadInPart = partialInputs
        if let e = readError, !writer.brokenPipe { throw e }
        if let e = writer.writeError { throw StreamError(.cannotWrite(errno: e)) }
        progress?.finish()      // before the caller writes its report and notes
        var notes = shared.notes
        // Where the first record counted is, unless every record is one.
        func first(_ c: RecordCount) -> RecordPlace? { c.count < stats.records ? c.first : nil }
        if !writer.brokenPipe {
            // A wrong field name reads every sender or body as empty, which smart rules then judge.
            for (c, key, name) in [(stats.missingSender, FieldKey.sender, options.fields.sender), (stats.missingBody, .body, options.fields.body)]
            where c.count > 0 {
                notes.append(.fieldMissing(key, name: name, count: c.count, records: stats.records, first: first(c)))
            }
            let stop = writer.strictStopRecord ?? .max
            notes += reader.notes.filter { $0.from <= stop }.map { .input($0.note) }
            // Exports write null for what a message has not (the sender of one's own messages).
            for (c, key, name) in [(stats.nullSender, FieldKey.sender, options.fields.sender), (stats.nullBody, .body, options.fields.body)]
            where c.count > 0 {
                notes.append(.fieldNull(key, name: name, count: c.count, records: stats.records, first: first(c)))
            }
            // An empty cell where the text should be (iPhone messages kept only in attributedBody).
            if stats.emptyBody.count > 0 {
                notes.append(.bodyEmpty(name: options.fields.body, count: stats.emptyBody.count, records: stats.records, first: first(stats.emptyBody)))
            }
            // A regex that ran out of time counts as no match: --only may hide such a record.
            if stats.warningsNotWritten.count > 0, let place = stats.warningsNotWritten.first {
                notes.append(.warningsLeftOut(count: stats.warningsNotWritten.count, first: place))
            }
            // Error records go to stdout in order, where a pipeline may filter them away.
            if stats.errors.count > 0, let place = stats.errors.first, writer.strictStop == nil {
                let written: Bool
                if case .classify = mode, !options.countOnly { written = true } else { written = false }
                notes.append(.unreadable(count: stats.errors.count, records: stats.records + stats.errors.count, first: place, inOutput: written))
            }
            if stats.invalidUTF8 > 0 {
                notes.append(.notUTF8(count: stats.invalidUTF8, records: stats.records + stats.errors.count))
            }
        }
        return RunOutcome(stats: stats, elapsed: Date().timeIntervalSince(started), strictStop: writer.strictStop,
                          brokenPipe: writer.brokenPipe, notes: notes, failedInputs: failedInputs + partialInputs,
                          eval: writer.eval, diff: writer.diff)
    }
}

/// One worker's evaluator, formatter and scratch.
final class Worker {
    let evaluator: Evaluator
    let formatter: RecordFormatter
    let options: StreamOptions
    let mode: RunMode
    /// The second rule set's evaluator (`RunMode.compare`), and its probe's (`DiffProbe`).
    let after: Evaluator?
    let probe: Evaluator?
    var csvScratch = CSVScratch()
    /// The fields of the record being evaluated, as bytes.
    var fieldBytes: [UInt8] = []

    init(rules: CompiledRuleSet, options: StreamOptions, mode: RunMode = .classify) {
        evaluator = Evaluator(rules)
        formatter = RecordFormatter(options: options)
        self.options = options
        self.mode = mode
        if case .compare(let second, _, let p) = mode {
            after = Evaluator(second)
            probe = p.map { Evaluator($0) }
        } else {
            after = nil
            probe = nil
        }
    }

    /// Reads record `r` (the `index`th of `batch`, its bytes `bytes`): the message, with escaped
    /// fields decoded into `fieldBytes`, or why it cannot be read. Every run mode reads here.
    func read(_ r: RecordRef, _ index: Int, of batch: Batch, _ bytes: UnsafeBufferPointer<UInt8>,
              watchVerdict: Bool = false) -> Result<MessageBytes, RecordError> {
        fieldBytes.removeAll(keepingCapacity: true)
        if r.tooLong {
            let cut = r.rawCut ? "; raw holds its first \(r.end - r.start) bytes" : ""
            return .failure(RecordError("record is longer than --max-record-bytes (\(options.maxRecordBytes))\(cut)", at: options.maxRecordBytes))
        }
        if r.described { return .failure(RecordError(batch.messages[index] ?? "unreadable", at: 0)) }
        switch batch.format {
        case .ndjson: return NDJSONRecord.parse(bytes, fields: options.fields, into: &fieldBytes, watchVerdict: watchVerdict)
        case .csv(let header): return header.message(bytes, scratch: &csvScratch, into: &fieldBytes)
        }
    }

    /// Counts an unreadable record (the first of a batch is kept for --strict) and returns its
    /// message, which says where it is.
    func countUnreadable(_ e: RecordError, _ r: RecordRef, _ index: Int, of batch: Batch, into result: inout BatchResult) -> String {
        // An archive reader's message says where itself.
        let message = r.described ? e.message : "\(batch.source):\(r.line): \(e.message) (byte \(e.byteOffset))"
        result.stats.errors.add(RecordPlace(number: r.number, source: batch.source, line: r.line))
        if e.message == RecordError.invalidUTF8 { result.stats.invalidUTF8 += 1 }
        if result.firstError == nil {
            result.firstError = (index, r.number, message)
            result.statsToFirstError = result.stats
        }
        return message
    }

    /// Counts a read record's sender or body that was missing or null (read as empty).
    func countAbsentFields(_ m: MessageBytes, _ place: () -> RecordPlace, into stats: inout RunStats) {
        if m.senderMissing { stats.missingSender.add(place()) }
        if m.bodyMissing { stats.missingBody.add(place()) }
        if m.senderNull { stats.nullSender.add(place()) }
        if m.bodyNull { stats.nullBody.add(place()) }
    }

    func process(_ batch: Batch) -> BatchResult {
        if case .classify = mode {} else { return count(batch) }
        var out: [UInt8] = []
        // A verdict line is ~100–160 bytes; an annotated record is the record plus its verdict.
        out.reserveCapacity(batch.records.count * 160 + (options.annotate ? batch.data.count : 0))
        var result = BatchResult(sequence: batch.sequence)
        result.recordEnds.reserveCapacity(batch.records.count)
        let only = options.only
        // NDJSON verdict lines without a trace need no Verdict of each record.
        let decisionsOnly = options.countOnly || (options.outputFormat == .ndjson && !options.explain && !options.annotate)
        // --count: only the counts; nothing is written per record.
        let writes = !options.countOnly
        batch.data.withUnsafeBufferPointer { data in
            for (index, r) in batch.records.enumerated() {
                let bytes = UnsafeBufferPointer(rebasing: data[r.start..<r.end])
                // Fields as bytes in `fieldBytes` (the hot path); annotated CSV also needs every column.
                var csvValues: [String]? = nil
                let parsed = read(r, index, of: batch, bytes, watchVerdict: options.annotate)
                if options.annotate, case .csv(let header) = batch.format, case .success = parsed {
                    // Every column, for the annotated output (the record is valid: this cannot fail).
                    csvValues = (try? CSVRecord.parseFields(bytes, delimiter: header.delimiter).get()) ?? []
                }
                switch parsed {
                case .failure(let e):
                    let message = countUnreadable(e, r, index, of: batch, into: &result)
                    if writes { formatter.appendError(record: r.number, message: message, raw: bytes,
                                          annotateWidth: annotateWidth(batch), to: &out) }
                case .success(let m):
                    // Made only for a record counted below (rare): not a String retained per record.
                    func place() -> RecordPlace { RecordPlace(number: r.number, source: batch.source, line: r.line) }
                    countAbsentFields(m, place, into: &result.stats)
                    if decisionsOnly {
                        // The hot path: a Decision, no Verdict (see `RecordFormatter.appendDecision`).
                        // One access to the fields for all three, in place (a non-mutating
                        // access copied the array, a retain and a release per record).
                        fieldBytes.withUnsafeMutableBufferPointer { fields in
                            let f = UnsafeBufferPointer(fields)
                            let body = m.body(bytes, f)
                            if body.isEmpty && !m.bodyMissing && !m.bodyNull { result.stats.emptyBody.add(place()) }
                            let d = evaluator.decide(senderUTF8: m.sender(bytes, f), bodyUTF8: body)
                            let warning = evaluator.lastWarning, warned = warning != nil
                            result.stats.count(d, warned: warned)
                            if !writes {
                            } else if only == nil || only!.contains(d.action) {
                                formatter.appendDecision(record: r.number, idJSON: m.idJSON(bytes, f), d, warning: warning,
                                                         reason: { evaluator.reason(of: d) }, to: &out)
                            } else if warned {
                                result.stats.warningsNotWritten.add(place())
                            }
                        }
                        result.recordEnds.append(out.count)
                        continue
                    }
                    let v = fieldBytes.withUnsafeBufferPointer { f in
                        let body = m.body(bytes, f)
                        if body.isEmpty && !m.bodyMissing && !m.bodyNull { result.stats.emptyBody.add(place()) }
                        return evaluator.evaluate(senderUTF8: m.sender(bytes, f), bodyUTF8: body, explain: options.explain)
                    }
                    result.stats.count(v)
                    if only == nil || only!.contains(v.action) {
                        if options.annotate {
                            switch batch.format {
                            case .ndjson:
                                if let end = NDJSONRecord.objectEnd(bytes) {
                                    formatter.appendAnnotated(line: bytes, closingBrace: end.closingBrace, isEmpty: end.isEmpty,
                                                              hasVerdict: m.hasVerdictMember, verdict: v, to: &out)
                                }
                            case .csv(let header):
                                formatter.appendAnnotated(header: header, values: csvValues ?? [], verdict: v, to: &out)
                            }
                        } else {
                            fieldBytes.withUnsafeBufferPointer { f in
                                formatter.appendVerdict(record: r.number, idJSON: m.idJSON(bytes, f), verdict: v, to: &out)
                            }
                        }
                    } else if v.warning != nil {
                        // Left out by --only, and its verdict is not to be trusted: said at the end.
                        result.stats.warningsNotWritten.add(place())
                    }
                }
                result.recordEnds.append(out.count)
            }
        }
        result.output = out
        return result
    }

    private func annotateWidth(_ batch: Batch) -> Int? {
        guard options.annotate, case .csv(let header) = batch.format else { return nil }
        return header.keptColumns.count
    }
}

/// What a worker made of one batch.
struct BatchResult: Sendable {
    let sequence: Int
    var output: [UInt8] = []
    /// Offset in `output` after each record, for stopping mid-batch under --strict.
    var recordEnds: [Int] = []
    var firstError: (index: Int, number: Int, message: String)? = nil
    var stats = RunStats()
    /// The counts of the records up to and including the first error (what --strict reports).
    var statsToFirstError = RunStats()
    var eval = EvalTally()
    var diff = DiffTally()
    init(sequence: Int) { self.sequence = sequence }
}

/// A FIFO of batches (bounded by `SharedState.slots`); `nil` tells a worker to stop.
final class WorkQueue: Sendable {
    private struct Items: Sendable {
        var list: [Batch?] = []
        var head = 0
    }
    private let items = Locked(Items())
    /// One count per item pushed: a worker waits here, then takes one.
    private let available = DispatchSemaphore(value: 0)

    func push(_ b: Batch?) {
        items.withLock { $0.list.append(b) }
        available.signal()
    }

    func pop() -> Batch? {
        available.wait()
        return items.withLock { q in
            let b = q.list[q.head]
            q.list[q.head] = nil
            q.head += 1
            if q.head > 1024 && q.head * 2 > q.list.count { q.list.removeFirst(q.head); q.head = 0 }
            return b
        }
    }
}

/// What the writer thread made of the run, handed to the reading thread at the end.
struct WriterOutcome: Sendable {
    var stats = RunStats()
    /// Set when --strict stopped the run, and the number of the record it stopped at.
    var strictStop: String?
    var strictStopRecord: Int?
    var brokenPipe = false
    /// Why writing failed (errno), other than a closed pipe.
    var writeError: Int32?
    var eval = EvalTally()
    var diff = DiffTally()
}

/// State shared by reader, workers and writer, behind one lock.
final class SharedState: Sendable {
    let work = WorkQueue()
    /// Batches in flight; the reader takes a slot, the writer gives it back.
    let slots: DispatchSemaphore
    private struct State: Sendable {
        var results: [Int: BatchResult] = [:]
        var totalBatches: Int? = nil
        var stopped = false
        var notes: [RunNote] = []
        /// The first CSV input's header (set by the reader before its first batch), and
        /// whether the run stopped before any batch (then no header is written).
        var csvHeader: CSVHeader?
        var headerDropped = false
        var writer: WriterOutcome?
    }
    private let state = Locked(State())
    /// Records (and error records) written so far, for the progress line.
    let recordsDone = Atomic<Int>(0)
    /// Signalled at every change the writer may be waiting for (a result, the batch count).
    private let changed = DispatchSemaphore(value: 0)
    /// Signalled by each worker and by the writer as they finish.
    private let finished = DispatchSemaphore(value: 0)

    init(capacity: Int) { slots = DispatchSemaphore(value: capacity) }

    var isStopped: Bool { state.withLock { $0.stopped } }

    func stop() { state.withLock { $0.stopped = true } }

    func deliver(_ r: BatchResult) {
        state.withLock { $0.results[r.sequence] = r }
        changed.signal()
    }

    func finishReading(batches: Int) {
        state.withLock { $0.totalBatches = batches }
        changed.signal()
    }

    func workerDone(notes: [RunNote]) {
        state.withLock { s in
            // Each worker reports its own failures: the same regex may fail in several.
            for note in notes where !s.notes.contains(note) { s.notes.append(note) }
        }
        finished.signal()
    }

    var notes: [RunNote] { state.withLock { $0.notes } }

    func setCSVHeader(_ h: CSVHeader) { state.withLock { $0.csvHeader = h } }

    /// No header at the end when no batch came: the run stopped on a problem.
    func dropHeader() { state.withLock { $0.headerDropped = true } }

    var header: (columns: [String]?, dropped: Bool) { state.withLock { ($0.csvHeader?.keptNames, $0.headerDropped) } }

    /// The writer's next batch, or nil when every batch has been written.
    func next(_ sequence: Int) -> BatchResult? {
        while true {
            let (result, done) = state.withLock { s -> (BatchResult?, Bool) in
                if let r = s.results.removeValue(forKey: sequence) { return (r, false) }
                if let total = s.totalBatches, sequence >= total { return (nil, true) }
                return (nil, false)
            }
            if result != nil || done { return result }
            changed.wait()
        }
    }

    func writerFinished(_ outcome: WriterOutcome) {
        state.withLock { $0.writer = outcome }
        finished.signal()
    }

    /// Waits for `workers` workers and the writer; the writer's outcome.
    func waitUntilFinished(workers: Int) -> WriterOutcome {
        for _ in 0...workers { finished.wait() }
        return state.withLock { $0.writer! }
    }
}

/// Writes batch outputs in sequence order; stops on --strict errors and broken pipes.
/// Lives on the writer thread; what it made goes back through `SharedState.writerFinished`.
struct OrderedWriter {
    private let fd: Int32
    private let shared: SharedState
    private let options: StreamOptions
    private let mode: RunMode
    private var outcome = WriterOutcome()
    private var failed = false

    init(fd: Int32, shared: SharedState, options: StreamOptions, mode: RunMode = .classify) {
        self.fd = fd; self.shared = shared; self.options = options; self.mode = mode
    }

    mutating func run() {
        var sequence = 0
        var wroteHeader = false
        while let r = shared.next(sequence) {
            sequence += 1
            defer { shared.slots.signal() }
            if failed { continue }
            if !wroteHeader, case .classify = mode {
                wroteHeader = true
                if let h = RecordFormatter.header(options, inputColumns: shared.header.columns) { write(h[...]) }
            }
            if options.strict, let (index, number, message) = r.firstError {
                let end = index == 0 ? 0 : r.recordEnds[index - 1]
                write(r.output[0..<end])
                outcome.strictStop = message
                outcome.strictStopRecord = number
                outcome.stats.merge(r.statsToFirstError)   // the records written, and the error that stopped the run
                failed = true
                shared.stop()
                continue
            }
            outcome.stats.merge(r.stats)
            shared.recordsDone.add(r.stats.records + r.stats.errors.count, ordering: .relaxed)
            switch mode {
            case .classify: break
            case .evaluate(let limits): outcome.eval.merge(r.eval, keeping: limits)
            case .compare(_, let examples, _): outcome.diff.merge(r.diff, examples: examples)
            }
            write(r.output[...])
        }
        let (columns, dropped) = shared.header
        if case .classify = mode, !wroteHeader && !failed && !dropped, let h = RecordFormatter.header(options, inputColumns: columns) { write(h[...]) }
        shared.writerFinished(outcome)
    }

    private mutating func write(_ bytes: ArraySlice<UInt8>) {
        if failed { return }
        Interruption.beginWrite()
        defer { Interruption.endWrite() }
        let fd = fd
        let problem: Int32? = bytes.withUnsafeBufferPointer { buf in
            var offset = 0
            while offset < buf.count {
                let n = Foundation.write(fd, buf.baseAddress! + offset, buf.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                offset += n
            }
            return nil
        }
        if let problem {
            if problem == EPIPE { outcome.brokenPipe = true } else { outcome.writeError = problem }
            failed = true
            shared.stop()
        }
    }
}
