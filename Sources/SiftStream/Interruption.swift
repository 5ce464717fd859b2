// Ctrl-C (SIGINT), `kill` (SIGTERM) or a closed terminal (SIGHUP) during a run:
// the output keeps whole lines. The writer marks the time it spends in write(2);
// a signal outside it ends the process at once, one inside it is held until that
// write is done (a signal's default action can cut a write to a file short,
// leaving half a record for jq to choke on). The handler records the signal in
// the same atomic step that finds no write under way, so a write cannot begin
// between that check and the process's end (the writer is another thread, and
// `beginWrite` dies instead of writing once a signal is recorded). Either way the
// process then dies of the signal by its default action, so a shell loop around
// msgsift stops as it should.
// Only for output to a regular file, whose writes end soon: a write to a pipe
// or terminal may wait for its reader forever, and Ctrl-C must still work. A
// second signal ends the process at once. A signal the run was started with
// ignored (a background job) stays ignored.
// While a progress line is on the terminal (Progress.swift), the handlers are in
// place whatever the output is, and erase it before the process ends.
import SiftText
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

enum Interruption {
    /// Bit 0: the writer is in write(2). Bits 8 and up: a signal held until it is done.
    static let state = Atomic<Int>(0)
    /// Whether writes hold signals (the output is a regular file and a handler is in place).
    static let holding = Atomic<Bool>(false)
    /// A progress line is on the terminal (or about to be): a signal erases it first.
    static let progressShown = Atomic<Bool>(false)
    /// A signal came: no progress line is drawn any more.
    static let signalled = Atomic<Bool>(false)
    /// What SIGINT, SIGTERM and SIGHUP did before `install`, put back by `uninstall`.
    /// (Never read by a handler: a lock is fine here.)
    private static let previous = Locked<[Int32: sigaction]>([:])
    private static let signals = [SIGINT, SIGTERM, SIGHUP]

    /// Installs the handlers for the length of a run writing to `output`: to hold signals
    /// while writing to a regular file, or to erase a progress line.
    static func install(output: Int32, progress: Bool = false) {
        state.store(0, ordering: .sequentiallyConsistent)     // initialized before any handler can run
        progressShown.store(false, ordering: .sequentiallyConsistent)
        signalled.store(false, ordering: .sequentiallyConsistent)
        var info = stat()
        let regular = fstat(output, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
        guard regular || progress else { return }
        for sig in signals {
            var old = sigaction()
            guard sigaction(sig, nil, &old) == 0, !isIgnore(old.__sigaction_handler.sa_handler) else { continue }
            previous.withLock { $0[sig] = old }
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { sig in Interruption.received(sig) }
            action.sa_flags = SA_RESTART
            sigemptyset(&action.sa_mask)
            sigaction(sig, &action, nil)
        }
        holding.store(regular && !previous.withLock { $0.isEmpty }, ordering: .sequentiallyConsistent)
    }

    private static func isIgnore(_ handler: (@convention(c) (Int32) -> Void)?) -> Bool {
        func address(_ h: (@convention(c) (Int32) -> Void)?) -> Int { h.map { unsafeBitCast($0, to: Int.self) } ?? 0 }
        return address(handler) == address(SIG_IGN)
    }

    /// Puts back what the signals did before the run.
    static func uninstall() {
        holding.store(false, ordering: .sequentiallyConsistent)
        let saved = previous.withLock { p -> [Int32: sigaction] in
            let taken = p
            p = [:]
            return taken
        }
        for (sig, old) in saved {
            var action = old
            sigaction(sig, &action, nil)
        }
    }

    /// Dies of `sig` by its default action (async-signal-safe: signal and raise).
    private static func die(_ sig: Int32) {
        signal(sig, SIG_DFL)
        raise(sig)
        _exit(128 + sig)       // not reached outside a handler; inside one the signal lands on return
    }

    /// In the handler: end now, or hold the signal while a write is under way. A second
    /// signal ends the process whatever the writer is doing.
    static func received(_ sig: Int32) {
        // Said before the line is looked at: a drawing that starts after this draws nothing, and
        // one that started before has marked the line shown (Progress.swift), so it is erased.
        signalled.store(true, ordering: .sequentiallyConsistent)
        if progressShown.exchange(false, ordering: .sequentiallyConsistent) {
            let erase: StaticString = "\r\u{1B}[K"
            _ = write(2, erase.utf8Start, erase.utf8CodeUnitCount)      // async-signal-safe
        }
        while true {
            let s = state.load(ordering: .sequentiallyConsistent)
            if s >> 8 == 0 {
                // Recorded first: from here on no write begins (`beginWrite` dies instead).
                guard state.compareExchange(expected: s, desired: s | Int(sig) << 8, ordering: .sequentiallyConsistent).exchanged else { continue }
                if s & 1 != 0 { return }    // held: `endWrite` ends the process
            }
            signal(sig, SIG_DFL)
            raise(sig)             // delivered when this handler returns
            return
        }
    }

    /// Before a write: ends the process if a signal is already held.
    static func beginWrite() {
        guard holding.load(ordering: .relaxed) else { return }
        while true {
            let s = state.load(ordering: .sequentiallyConsistent)
            if s >> 8 != 0 { die(Int32(s >> 8)) }
            if state.compareExchange(expected: s, desired: s | 1, ordering: .sequentiallyConsistent).exchanged { return }
        }
    }

    /// After a write: a signal that came during it ends the process now.
    static func endWrite() {
        guard holding.load(ordering: .relaxed) else { return }
        let old = state.bitwiseAnd(~1, ordering: .sequentiallyConsistent).oldValue
        if old >> 8 != 0 { die(Int32(old >> 8)) }
    }
}
