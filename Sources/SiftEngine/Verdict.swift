// What the engine says about one message: the action, the stage that decided
// it, the rule behind it, and on request the trace of every stage it passed.
import SiftRules
import SiftText

/// The eight stages of docs/judging.md "The pipeline", in the order they run; the first match wins.
public enum Stage: String, Sendable, CaseIterable {
    case allowFilter, allUnknown, automaticAllow, smartRule, denyFilter, denyLanguage, automaticDeny, noMatch

    /// The position in `allCases`, without building the array (per-record counters index by it).
    @inlinable
    public var ordinal: Int {
        switch self {
        case .allowFilter: 0
        case .allUnknown: 1
        case .automaticAllow: 2
        case .smartRule: 3
        case .denyFilter: 4
        case .denyLanguage: 5
        case .automaticDeny: 6
        case .noMatch: 7
        }
    }
}

/// One stage's line in an `--explain` trace.
public struct TraceStep: Sendable, Equatable {
    public var stage: Stage
    /// What the stage looked at, e.g. `3 filters` or `language he (he 0.91, ar 0.05)`.
    public var checked: String
    /// `match`, `no match`, `skipped` (nothing to check), or a match with what fired.
    public var outcome: String
}

/// A verdict as the evaluator decides it, before its texts are made: the action, the stage,
/// the deciding rule's key and where its reason comes from (`Evaluator.reason(of:)`).
/// Nothing in it is reference-counted, so the hot path copies it for free.
public struct Decision: Sendable, Equatable {
    /// Where the reason of a decision comes from.
    public enum Source: Sendable, Equatable {
        /// noMatch: no reason.
        case none
        /// The filter of rank `ruleKey`: its text, or its language's code.
        case filter
        /// The community entry of rank `ruleKey`: `LANG: entry`.
        case community
        /// A smart rule (all-unknown too): its name.
        case smartRule(SmartRule)
        /// A blocked language: its code.
        case language(Language)
    }
    public var action: Action
    public var stage: Stage
    /// As `Verdict.ruleKey`.
    public var ruleKey: Int32
    public var source: Source

    public init(action: Action, stage: Stage, ruleKey: Int32, source: Source) {
        self.action = action; self.stage = stage; self.ruleKey = ruleKey; self.source = source
    }
}

/// The engine's decision for one message.
public struct Verdict: Sendable, Equatable {
    public var action: Action
    public var stage: Stage
    /// The filter text, smart-rule name, language code or `LANG: entry`; nil for noMatch.
    public var reason: String?
    /// A note about this message's evaluation, e.g. `regex filter 7 timed out`.
    public var warning: String?
    /// A number identifying the deciding rule within its stage (for counting hits), -1 for none.
    public var ruleKey: Int32
    /// Every stage visited, when explanation was asked for; empty otherwise.
    public var trace: [TraceStep]

    public init(action: Action, stage: Stage, reason: String?, warning: String? = nil, ruleKey: Int32 = -1, trace: [TraceStep] = []) {
        self.action = action; self.stage = stage; self.reason = reason
        self.warning = warning; self.ruleKey = ruleKey; self.trace = trace
    }
}
