// How a command ends, in one place: 0 done, 1 runtime failure, 2 usage error
// (docs/commands.md "Exit status").
import SiftInput
import SiftRules
import SiftStore
import SiftStream

enum ExitStatus {
    static let done: Int32 = 0, failure: Int32 = 1, usage: Int32 = 2

    /// A run over inputs (classify, eval, diff): 1 when --strict stopped it, or an input or
    /// a record could not be read. A closed stdout (`| head`) is no failure of its own, but
    /// an input already said to be unreadable keeps its status.
    static func of(_ outcome: RunOutcome) -> Int32 {
        if outcome.brokenPipe { return outcome.failedInputs > 0 ? failure : done }
        if outcome.strictStop != nil { return failure }
        return outcome.failedInputs > 0 || outcome.stats.errors.count > 0 ? failure : done
    }

    /// Says `error` on stderr and gives the status it ends the command with: 2 for a usage
    /// mistake or an invalid rule (with where to find help), 0 for a stdout whose reader
    /// went away, 1 for everything else.
    static func reporting(_ error: any Error) -> Int32 {
        switch error {
        case is OutputClosed:
            return done
        case let e as UsageError:
            return msgsift.usage(e)
        case let e as RuleError:
            return msgsift.usage(UsageError(e.words))
        case let e as RuntimeError:
            warn(e.description)
        case let e as StoreError:
            warn(e.words)
        case let e as StreamError:
            // Commands word their runs' errors with their options; this, without -v, is a net.
            if e.isUsage { return msgsift.usage(UsageError(e.words(StreamOptions()))) }
            warn(e.words(StreamOptions()))
        default:
            warn("\(error)")
        }
        return failure
    }
}
