// The progress line: while stderr is a terminal, a line there says how many records
// are done, at what rate, and for how long (in the command line's words), rewritten in place a few times a second
// (`\r`, then the line, then erase-to-end-of-line) and erased when the run ends, when
// a message is written to stderr meanwhile (and redrawn after), and when a signal ends
// the run (Interruption.swift). The command decides whether to show it (isatty(2),
// `--no-progress`).
//
// It costs the run nothing per record: a thread of its own wakes every quarter of a
// second and reads one atomic counter that the writer adds each batch's count to.
import Foundation
import SiftText
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

final class ProgressLine: Sendable {
    /// How often the line is redrawn.
    static let interval = 0.25
    private let count: @Sendable () -> Int
    /// The line's words for a count of records and the seconds since the start.
    private let words: @Sendable (_ records: Int, _ elapsed: Double) -> String
    /// Signalled by `finish`: the thread stops waiting and ends.
    private let wake = DispatchSemaphore(value: 0)
    private let ended = DispatchSemaphore(value: 0)
    /// Whether the thread runs, and whether it was stopped.
    private let state = Locked<(started: Bool, finished: Bool)>((false, false))
    /// Held while the line is drawn or erased; true while a line is on the terminal.
    private let shown = Locked<Bool>(false)
    private let startTime = ProgressLine.now()

    init(count: @escaping @Sendable () -> Int, words: @escaping @Sendable (_ records: Int, _ elapsed: Double) -> String) {
        self.count = count; self.words = words
    }

    func start() {
        state.withLock { $0.started = true }
        let thread = Thread { [self] in
            while wake.wait(timeout: .now() + Self.interval) == .timedOut { draw() }
            ended.signal()
        }
        thread.start()
    }

    /// Stops the thread and erases the line (once; later calls do nothing).
    func finish() {
        let running = state.withLock { s -> Bool in
            defer { s.finished = true }
            return s.started && !s.finished
        }
        guard running else { return }
        wake.signal()
        ended.wait()
        shown.withLock { erase(&$0) }
    }

    /// Runs `body` (which writes to stderr) with the line erased; the next tick redraws it.
    func clearing(_ body: () -> Void) {
        shown.withLock { s in
            erase(&s)
            body()
        }
    }

    private func draw() {
        let elapsed = Self.now() - startTime
        let text = "\r" + words(count(), elapsed) + "\u{1B}[K"
        shown.withLock { s in
            // Marked shown before it is written, and not written once a signal came: a signal
            // handler that runs meanwhile erases it (Interruption.received).
            Interruption.progressShown.store(true, ordering: .sequentiallyConsistent)
            if Interruption.signalled.load(ordering: .sequentiallyConsistent) { return }
            Self.write(text)
            s = true
        }
    }

    private func erase(_ s: inout Bool) {
        guard s else { return }
        Self.write("\r\u{1B}[K")
        s = false
        Interruption.progressShown.store(false, ordering: .relaxed)
    }

    private static func write(_ text: String) {
        var t = text
        t.withUTF8 { buf in
            var offset = 0
            while offset < buf.count {
                let n = Glibc.write(2, buf.baseAddress! + offset, buf.count - offset)
                if n < 0 && errno == EINTR { continue }
                if n <= 0 { return }
                offset += n
            }
        }
    }

    private static func now() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_MONOTONIC, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
    }
}
