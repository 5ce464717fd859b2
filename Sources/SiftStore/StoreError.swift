// SiftStore's one error type. Every case is an environment or state problem
// (exit status 1 on the command line); an invalid rule is a `RuleError` from
// the validators instead.

/// Why the store could not do what was asked. `description` says which store and what to do.
public struct StoreError: Error, Sendable, CustomStringConvertible, Equatable {
    /// What kind of problem it is, for callers that react differently.
    public enum Kind: Sendable, Equatable {
        /// Another connection holds the write lock longer than the busy timeout.
        case locked
        /// The file is not SQLite, or SQLite that another program owns.
        case notAStore
        /// SQLite reports damage.
        case corrupt
        /// Written by a newer msgsift: refused, never migrated down or wiped.
        case newerSchema
        /// The file or its folder cannot be opened or created.
        case cannotOpen
        /// A filter id that is not in the store.
        case notFound
        /// The change would make two filters the same filter.
        case conflict
        /// Anything else SQLite reports.
        case sqlite
    }

    public var kind: Kind
    public var description: String

    public init(_ kind: Kind, _ description: String) {
        self.kind = kind
        self.description = description
    }
}
