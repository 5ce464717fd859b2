// The ordered parallel pipeline: the calling thread reads, `jobs` worker
// threads parse, evaluate and format, one writer thread writes batches in
// input order. At most `2 × jobs + 2` batches are in flight, so memory does
// not grow with the input.
import CRuntime
import Foundation
import SiftEngine
import Synchronization
import SiftRules

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
    public var notes: [String]
    /// The line that counts the records that could not be read (they make the exit status
    /// 1): kept apart from `notes`, which `--quiet` leaves out.
    public var unreadable: String?
    /// Inputs that could not be read, were not NDJSON or CSV, or lost lines they could not
    /// read again (each already reported through `onInputError`); the others were read.
    public var failedInputs = 0
    /// What `RunMode.evaluate` counted.
    public var eval = EvalTally()
    /// What `RunMode.compare` counted.
    public var diff = DiffTally()
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

    /// Called, on the reading thread, with the message of an input that cannot be read;
    /// the run goes on with the next input.
    public var onInputError: (@Sendable (String) -> Void)?

    /// Reads every source in order and writes one line per record to `output`.
    public func run(_ sources: [InputSource], output: Int32 = 1) throws(StreamError) -> RunOutcome {
        signal(SIGPIPE, SIG_IGN)
        // Read buffers and batch outputs (1 MiB or so, one per batch) are reused from the heap
        // rather than mapped afresh each time: 13–17k page faults per 1M records become 4k.
        _ = sift_keep_freed_buffers()
        let started = Date()
        let jobs = max(1, options.jobs)
        let shared = SharedState(capacity: 2 * jobs + 2)
        let writer = OrderedWriter(fd: output, shared: shared, options: options, mode: mode)
        // The progress line (Progress.swift) reads what the writer counted; its handlers clear it
        // when a signal ends the run.
        let progress = options.progress ? ProgressLine { writer.recordsDone.load(ordering: .relaxed) } : nil
        Interruption.install(output: output, progress: progress != nil)
        defer { Interruption.uninstall() }
        progress?.start()
        defer { progress?.finish() }

        var workers: [Thread] = []
        for _ in 0..<jobs {
            let worker = Worker(rules: rules, options: options, mode: mode)
            let t = Thread {
                while let batch = shared.work.pop() {
                    let result = worker.process(batch)
                    shared.deliver(result)
                }
                shared.workerDone(notes: worker.evaluator.regexFailures + (worker.after?.regexFailures.map { "--after: " + $0 } ?? []))
            }
            t.stackSize = 4 << 20
            workers.append(t)
            t.start()
        }
        let writerThread = Thread { writer.run() }
        writerThread.start()

        let reader = RecordReader(options: options) { batch in
            shared.slots.wait()
            if shared.isStopped { shared.slots.signal(); return false }
            shared.work.push(batch)
            return true
        }
        reader.onFirstCSVHeader = { header in writer.setCSVHeader(header) }
        var readError: StreamError?
        var failedInputs = 0, partialInputs = 0
        for source in sources {
            do {
                try reader.read(source)
            } catch where error.isInput {
                if error.isPartial { partialInputs += 1 } else { failedInputs += 1 }
                if let progress { progress.clearing { onInputError?(error.description) } } else { onInputError?(error.description) }
            } catch {
                readError = error
                break
            }
            if reader.stopped || shared.isStopped { break }
        }
        // A run stopped by a usage problem writes nothing, not even a CSV header.
        if readError != nil { writer.dropHeader() }
        shared.finishReading(batches: reader.batchCount)
        for _ in 0..<jobs { shared.work.push(nil) }
        shared.waitUntilFinished(workers: jobs)
        var stats = writer.stats
        stats.bytes = reader.bytesRead
        stats.inputsNotRead = failedInputs
        stats.inputsReadInPart = partialInputs
        if let e = readError, !writer.brokenPipe { throw e }
        if let e = writer.writeError { throw StreamError(e) }
        progress?.finish()      // before the caller writes its report and notes
        var notes = shared.notes
        var unreadable: String?
        // Where the first record counted is, unless every record is one.
        func whereFirst(_ c: RecordCount) -> String {
            guard c.count < stats.records, let place = c.first else { return "" }
            return c.count == 1 ? "it is \(place)" : "the first is \(place)"
        }
        // A wrong field name reads every sender or body as empty, which smart rules then judge:
        // say so once, so a silently junked archive does not go unnoticed.
        for (c, key, name) in [(stats.missingSender, "sender", options.fields.sender), (stats.missingBody, "body", options.fields.body)]
        where c.count > 0 && !writer.brokenPipe {
            let at = whereFirst(c)
            notes.append("\(c.count) of \(stats.records) records have no \"\(name)\" field and were read with an empty \(key)"
                         + " (\(at.isEmpty ? "" : at + "; ")--field \(key)=NAME reads another field)")
        }
        if !writer.brokenPipe {
            let stop = writer.strictStopRecord ?? .max
            notes += reader.notes.filter { $0.from <= stop }.map(\.text)
        }
        // Exports write null for what a message has not (the sender of one's own messages):
        // judged as empty, which short-sender junks; worth a word too.
        for (c, name) in [(stats.nullSender, options.fields.sender), (stats.nullBody, options.fields.body)]
        where c.count > 0 && !writer.brokenPipe {
            let at = whereFirst(c)
            notes.append("\(c.count) of \(stats.records) records have a null \"\(name)\", read as empty" + (at.isEmpty ? "" : " (\(at))"))
        }
        // An empty cell where the text should be (iPhone messages kept only in attributedBody,
        // MMS pictures): judged by the sender alone, which is worth knowing.
        if stats.emptyBody.count > 0 && !writer.brokenPipe {
            let at = whereFirst(stats.emptyBody)
            notes.append("\(stats.emptyBody.count) of \(stats.records) records have an empty \"\(options.fields.body)\": judged by their sender alone"
                         + (at.isEmpty ? "" : " (\(at))"))
        }
        // A regex that ran out of time counts as no match: such a record is often allowed, and
        // --only junk hides it and its warning. Say how many, and where the first is.
        if stats.warningsNotWritten.count > 0, let place = stats.warningsNotWritten.first, !writer.brokenPipe {
            let n = stats.warningsNotWritten.count
            notes.append("\(n) record\(n == 1 ? "" : "s") left out by --only carr\(n == 1 ? "ies" : "y") a warning (a regex filter timed out or"
                         + " could not finish, counted as no match); \(n == 1 ? "it is" : "the first is") \(place)")
        }
        // Error records go to stdout in order, where a pipeline (`| jq 'select(…)'`) may filter
        // them away: one line here says they exist (and the run's status is 1).
        if stats.errors.count > 0, let first = stats.errors.first, !writer.brokenPipe, writer.strictStop == nil {
            let n = stats.errors.count
            let fate: String
            if case .classify = mode, !options.countOnly { fate = "error record\(n == 1 ? "" : "s") in the output" } else { fate = "not counted" }
            unreadable = ("\(n) of \(stats.records + n) records could not be read (\(fate)); \(n == 1 ? "it is" : "the first is") \(first)")
        }
        if stats.invalidUTF8 > 0 && !writer.brokenPipe {
            notes.append("\(stats.invalidUTF8) of \(stats.records + stats.errors.count) records are not UTF-8 (error records); a file saved as Latin-1"
                         + " or Windows-1252 converts with iconv -f CP1252 -t UTF-8 FILE | msgsift …")
        }
        return RunOutcome(stats: stats, elapsed: Date().timeIntervalSince(started), strictStop: writer.strictStop,
                          brokenPipe: writer.brokenPipe, notes: notes, unreadable: unreadable, failedInputs: failedInputs + partialInputs,
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
                            let warned = evaluator.lastWarning != nil
                            result.stats.count(d, warned: warned)
                            if !writes {
                            } else if only == nil || only!.contains(d.action) {
                                formatter.appendDecision(record: r.number, idJSON: m.idJSON(bytes, f), d, evaluator, to: &out)
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
struct BatchResult: @unchecked Sendable {
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

/// A bounded-by-slots FIFO of batches; `nil` tells a worker to stop.
final class WorkQueue: @unchecked Sendable {
    private let condition = NSCondition()
    private var items: [Batch?] = []
    private var head = 0

    func push(_ b: Batch?) {
        condition.lock()
        items.append(b)
        condition.signal()
        condition.unlock()
    }

    func pop() -> Batch? {
        condition.lock()
        defer { condition.unlock() }
        while head >= items.count { condition.wait() }
        let b = items[head]
        items[head] = nil
        head += 1
        if head > 1024 && head * 2 > items.count { items.removeFirst(head); head = 0 }
        return b
    }
}

/// State shared by reader, workers and writer, behind one lock.
final class SharedState: @unchecked Sendable {
    let work = WorkQueue()
    /// Batches in flight; the reader takes a slot, the writer gives it back.
    let slots: DispatchSemaphore
    private let condition = NSCondition()
    private var results: [Int: BatchResult] = [:]
    private var totalBatches: Int? = nil
    private var finishedWorkers = 0
    private var writerDone = false
    private var stopped = false
    private(set) var notes: [String] = []

    init(capacity: Int) { slots = DispatchSemaphore(value: capacity) }

    var isStopped: Bool { condition.lock(); defer { condition.unlock() }; return stopped }

    func stop() { condition.lock(); stopped = true; condition.broadcast(); condition.unlock() }

    func deliver(_ r: BatchResult) {
        condition.lock()
        results[r.sequence] = r
        condition.broadcast()
        condition.unlock()
    }

    func finishReading(batches: Int) {
        condition.lock()
        totalBatches = batches
        condition.broadcast()
        condition.unlock()
    }

    func workerDone(notes: [String]) {
        condition.lock()
        finishedWorkers += 1
        // Each worker reports its own failures: the same regex may fail in several.
        for note in notes where !self.notes.contains(note) { self.notes.append(note) }
        condition.broadcast()
        condition.unlock()
    }

    /// The writer's next batch, or nil when every batch has been written.
    func next(_ sequence: Int) -> BatchResult? {
        condition.lock()
        defer { condition.unlock() }
        while true {
            if let r = results.removeValue(forKey: sequence) { return r }
            if let total = totalBatches, sequence >= total { return nil }
            condition.wait()
        }
    }

    func writerFinished() {
        condition.lock(); writerDone = true; condition.broadcast(); condition.unlock()
    }

    func waitUntilFinished(workers: Int) {
        condition.lock()
        while finishedWorkers < workers || !writerDone { condition.wait() }
        condition.unlock()
    }
}

/// Writes batch outputs in sequence order; stops on --strict errors and broken pipes.
final class OrderedWriter: @unchecked Sendable {
    private let fd: Int32
    private let shared: SharedState
    private let options: StreamOptions
    private let headerLock = NSLock()
    private var csvHeader: CSVHeader?
    private(set) var stats = RunStats()
    private(set) var strictStop: String?
    /// The number of the record --strict stopped at.
    private(set) var strictStopRecord: Int?
    private(set) var brokenPipe = false
    /// Why writing failed, other than a closed pipe.
    private(set) var writeError: String?
    private var failed = false
    private let mode: RunMode
    private(set) var eval = EvalTally()
    private(set) var diff = DiffTally()
    /// Records (and error records) merged so far, for the progress line.
    let recordsDone = Atomic<Int>(0)

    init(fd: Int32, shared: SharedState, options: StreamOptions, mode: RunMode = .classify) {
        self.fd = fd; self.shared = shared; self.options = options; self.mode = mode
    }

    func setCSVHeader(_ h: CSVHeader) { headerLock.lock(); csvHeader = h; headerLock.unlock() }

    /// No header at the end when no batch came: the run stopped on a problem.
    func dropHeader() { headerLock.lock(); headerDropped = true; headerLock.unlock() }
    private var headerDropped = false

    func run() {
        var sequence = 0
        var wroteHeader = false
        while let r = shared.next(sequence) {
            sequence += 1
            defer { shared.slots.signal() }
            if failed { continue }
            if !wroteHeader, case .classify = mode {
                wroteHeader = true
                headerLock.lock(); let columns = csvHeader?.keptNames; headerLock.unlock()
                if let h = RecordFormatter.header(options, inputColumns: columns) { write(h[...]) }
            }
            if options.strict, let (index, number, message) = r.firstError {
                let end = index == 0 ? 0 : r.recordEnds[index - 1]
                write(r.output[0..<end])
                strictStop = message
                strictStopRecord = number
                stats.merge(r.statsToFirstError)   // the records written, and the error that stopped the run
                failed = true
                shared.stop()
                continue
            }
            stats.merge(r.stats)
            recordsDone.add(r.stats.records + r.stats.errors.count, ordering: .relaxed)
            switch mode {
            case .classify: break
            case .evaluate(let limits): eval.merge(r.eval, keeping: limits)
            case .compare(_, let examples, _): diff.merge(r.diff, examples: examples)
            }
            write(r.output[...])
        }
        headerLock.lock(); let dropped = headerDropped, columns = csvHeader?.keptNames; headerLock.unlock()
        if case .classify = mode, !wroteHeader && !failed && !dropped, let h = RecordFormatter.header(options, inputColumns: columns) { write(h[...]) }
        shared.writerFinished()
    }

    private func write(_ bytes: ArraySlice<UInt8>) {
        if failed { return }
        Interruption.beginWrite()
        defer { Interruption.endWrite() }
        bytes.withUnsafeBufferPointer { buf in
            var offset = 0
            while offset < buf.count {
                let n = Foundation.write(fd, buf.baseAddress! + offset, buf.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    if errno == EPIPE { brokenPipe = true } else { writeError = "cannot write output: \(String(cString: strerror(errno)))" }
                    failed = true
                    shared.stop()
                    return
                }
                offset += n
            }
        }
    }
}
