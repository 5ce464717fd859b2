// SiftStore's one error type, a value: what went wrong and with which store. Every
// case is an environment or state problem (exit status 1 on the command line); an
// invalid rule is a `RuleError` from the validators instead. The command line says
// each in words (msgsift/StoreWords.swift).
import SiftRules

/// Why the store could not do what was asked.
public struct StoreError: Error, Sendable, Equatable {
    /// What kind of problem it is, for callers that react differently.
    public enum Kind: Sendable, Equatable {
        /// Another connection holds the write lock longer than the busy timeout.
        case locked
        /// The file is not SQLite, or SQLite that another program owns.
        case notAStore
        /// SQLite reports damage.
        case corrupt
        /// The store's file was replaced or removed while a change was made; `changeLost`:
        /// the change was committed to the file that is gone, else nothing was changed.
        case storeGone(Gone, changeLost: Bool)
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

    /// What the system said when a read or write of the file failed.
    public enum IOCause: Sendable, Equatable {
        case diskFull
        /// The file size limit (`ulimit -f`).
        case fileSizeLimit
        case readOnlyFileSystem
        /// Its folder or file was removed while in use.
        case removed
        /// Another reason, in the system's (or SQLite's) words.
        case other(String)
    }

    /// How the store opened for a change stopped being the file its path names.
    public enum Gone: Sendable, Equatable {
        case replaced, folderRemoved, fileRemoved
    }

    /// What went wrong. Every case leaves the store as it was, but `migrationFailed` says so too.
    public enum Problem: Sendable, Equatable {
        /// A read (`reading`) or a write of the file failed.
        case ioFailed(reading: Bool, IOCause)
        /// Another process held the write lock for `seconds`.
        case locked(seconds: Double)
        /// Not an SQLite database.
        case notSQLite
        /// An SQLite database of another program.
        case otherProgramsDatabase
        /// SQLite (or its quick check) reports damage: its words.
        case damaged(String)
        /// The schema version is gone while the store's tables are there.
        case lostSchemaVersion
        /// The stored community lists cannot be parsed: why.
        case listsUnreadable(RuleError)
        /// SQLite cannot open the file: its words.
        case cannotOpen(String)
        /// SQLite may not write the file: its words.
        case readOnly(String)
        /// The store's file is not writable by this user (`readOnlyFileSystem`: its file system is read-only).
        case notWritable(readOnlyFileSystem: Bool)
        case diskFull
        /// Another SQLite error: its code and words.
        case sqlite(code: Int32, message: String)
        /// The path is a folder.
        case isFolder
        /// The path is neither a regular file nor a folder (a device, a socket).
        case notRegularFile
        /// The path's symbolic links lead back to themselves.
        case linkLoop
        /// The path ends like a folder's name (`/`, `/.`, `/..`); `example` is a store path in it.
        case namesFolder(example: String)
        /// The store's folder could not be made: which, and the system's words.
        case cannotCreateFolder(folder: String, reason: String)
        /// Bringing the schema from `from` to `to` failed: why.
        case migrationFailed(from: Int, to: Int, reason: String)
        /// A `-wal`/`-shm` side file of the store (`side`) cannot be written.
        case sideFileNotWritable(side: String)
        /// The store's file was replaced or removed while a change was made; `changeLost`:
        /// the change was committed to the file that is gone, else nothing was changed.
        case storeGone(Gone, changeLost: Bool)
        /// Written by a newer msgsift (`version`); this one knows up to `known`.
        case newerSchema(version: Int, known: Int)
        /// The filter clashes with row `id`, which this version cannot read.
        case clashesWithUnreadable(id: Int)
        /// No filter has `id` (`removing`: in a `remove`, else a change).
        case noSuchFilter(id: Int, removing: Bool)
        /// Filter `id` would become the same filter as filter `other`.
        case wouldDuplicate(id: Int, other: Int)
        /// Filter `id` has `text` already (blocking a language by its `$lang:` text).
        case textTaken(id: Int, text: String)
    }

    /// The store the problem is about (as the user named it), nil for a problem with a filter.
    public var path: String?
    public var problem: Problem

    public init(_ problem: Problem, path: String?) {
        self.problem = problem
        self.path = path
    }

    public var kind: Kind {
        switch problem {
        case .locked: return .locked
        case .notSQLite, .otherProgramsDatabase: return .notAStore
        case .damaged, .lostSchemaVersion, .listsUnreadable: return .corrupt
        case .cannotOpen, .readOnly, .notWritable, .isFolder, .notRegularFile, .linkLoop, .namesFolder, .cannotCreateFolder,
             .sideFileNotWritable, .storeGone: return .cannotOpen
        case .ioFailed, .diskFull, .sqlite, .migrationFailed: return .sqlite
        case .newerSchema: return .newerSchema
        case .clashesWithUnreadable, .wouldDuplicate, .textTaken: return .conflict
        case .noSuchFilter: return .notFound
        }
    }
}
