// Ctrl-C (SIGINT) or `kill` (SIGTERM) during a run: the output keeps whole
// lines. The writer marks the time it spends in write(2); a signal outside it
// ends the process at once, one inside it is held until that write is done
// (a signal's default action can cut a write to a file short, leaving half a
// record for jq to choke on). Exit status 128 + the signal, as the shell's.
// Only for output to a regular file, whose writes end soon: a write to a pipe
// or terminal may wait for its reader forever, and Ctrl-C must still work. A
// second signal ends the process at once.
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

enum Interruption {
    /// Bit 0: the writer is in write(2). Bits 8 and up: a signal held until it is done.
    static let state = Atomic<Int>(0)

    /// Installs the handlers for the length of a run writing to `output`.
    static func install(output: Int32) {
        state.store(0, ordering: .sequentiallyConsistent)     // initialized before any handler can run
        var info = stat()
        guard fstat(output, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return }
        holding.store(true, ordering: .sequentiallyConsistent)
        for sig in [SIGINT, SIGTERM] {
            signal(sig) { sig in Interruption.received(sig) }
        }
    }

    /// Whether writes hold signals (the output is a regular file).
    static let holding = Atomic<Bool>(false)

    /// Puts the default actions back.
    static func uninstall() {
        guard holding.exchange(false, ordering: .sequentiallyConsistent) else { return }
        for sig in [SIGINT, SIGTERM] { signal(sig, SIG_DFL) }
    }

    /// In the handler: end now, or hold the signal while a write is under way.
    static func received(_ sig: Int32) {
        while true {
            let s = state.load(ordering: .sequentiallyConsistent)
            if s & 1 == 0 || s >> 8 != 0 { _exit(128 + sig) }
            if state.compareExchange(expected: s, desired: s | Int(sig) << 8, ordering: .sequentiallyConsistent).exchanged { return }
        }
    }

    /// Before a write: ends the process if a signal is already held.
    static func beginWrite() {
        guard holding.load(ordering: .relaxed) else { return }
        while true {
            let s = state.load(ordering: .sequentiallyConsistent)
            if s >> 8 != 0 { _exit(128 + Int32(s >> 8)) }
            if state.compareExchange(expected: s, desired: s | 1, ordering: .sequentiallyConsistent).exchanged { return }
        }
    }

    /// After a write: a signal that came during it ends the process now.
    static func endWrite() {
        guard holding.load(ordering: .relaxed) else { return }
        let old = state.bitwiseAnd(~1, ordering: .sequentiallyConsistent).oldValue
        if old >> 8 != 0 { _exit(128 + Int32(old >> 8)) }
    }
}
