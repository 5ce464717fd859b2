// What the store's calls return: stored filters, reports of imports and
// edits, the rules loaded for a run.
import Foundation
import SiftRules
import SiftText

/// A filter as stored, with when it was added (nil for filters from schema version 1).
public struct StoredFilter: Sendable, Equatable {
    public var filter: Filter
    /// ISO-8601 UTC.
    public var createdAt: String?
    public var id: Int { filter.id }
}

/// A row `remove` took out of the store, as it was stored.
public struct RemovedFilter: Sendable, Equatable {
    public var id: Int
    public var type: String
    public var text: String
}

/// The filters of a store, and rows that could not be read as filters at all.
public struct FilterScan: Sendable {
    /// In id order (oldest first).
    public var filters: [StoredFilter]
    /// One note per unreadable row (unknown type or option), naming its id.
    public var unreadable: [RuleNote]
    /// The unreadable rows' ids by what the store keeps unique in them (text, target,
    /// matching, case, as stored): a filter with those is refused by the store all the same.
    var unreadableKeys: [StoredKey: Int] = [:]

    public init(filters: [StoredFilter], unreadable: [RuleNote]) {
        self.filters = filters
        self.unreadable = unreadable
    }

    /// No filters.
    public static let empty = FilterScan(filters: [], unreadable: [])
}

/// The columns the store's uniqueness constraint covers, as stored.
struct StoredKey: Hashable {
    var text, target, matching, caseSensitivity: String

    init(text: String, target: String, matching: String, caseSensitivity: String) {
        (self.text, self.target, self.matching, self.caseSensitivity) = (text, target, matching, caseSensitivity)
    }

    init(_ f: Filter) {
        self.init(text: f.text, target: f.target.rawValue, matching: f.matching.rawValue, caseSensitivity: f.caseSensitivity.rawValue)
    }
}

/// What adding one filter did.
public enum AddResult: Sendable, Equatable {
    case added(StoredFilter)
    /// A filter with the same text, target, matching and case was there already; nothing changed.
    case duplicate(of: StoredFilter)
}

/// What importing the rows of a `.sfsfilters` file did (or, for a dry run, would do).
public struct ImportReport: Sendable {
    /// Ids given to the added filters, in file order (empty for a dry run).
    public var addedIDs: [Int] = []
    public var added = 0
    /// Rows that are the same filter as one in the store or earlier in the file.
    public var duplicates: [(row: Int, of: DuplicateOf)] = []
    /// Rows refused: (row, why).
    public var invalid: [(row: Int, reason: RuleError)] = []
}

/// What an imported row is the same filter as.
public enum DuplicateOf: Sendable, Equatable {
    /// A filter in the store, by id.
    case filter(Int)
    /// An earlier row of the file.
    case row(Int)
}

/// What blocking a language did.
public enum BlockResult: Sendable, Equatable {
    case blocked(StoredFilter)
    case alreadyBlocked(StoredFilter)
    /// It was blocked to another folder; the filter keeps its id (its age).
    case folderChanged(from: Folder, StoredFilter)
}

/// The imported community lists.
public struct ImportedLists: Sendable {
    public var lists: [Language: CommunityList]
    public var unknownLanguages: [String]
    /// SHA-256 of the file's bytes, hex.
    public var sha256: String
    /// ISO-8601 UTC.
    public var importedAt: String
    public var byteCount: Int
    /// Where they were fetched from (`lists update`); nil for lists imported from a file.
    public var source: ListsSource?
}

/// Where community lists were fetched from: the URL asked for, the answer's
/// validators for the next conditional GET, and when the lists were last
/// fetched or confirmed unchanged (ISO-8601 UTC).
public struct ListsSource: Sendable, Equatable {
    public var url: String
    public var etag: String?
    public var lastModified: String?
    public var fetchedAt: String

    public init(url: String, etag: String?, lastModified: String?, fetchedAt: String = Store.timestamp()) {
        self.url = url; self.etag = etag; self.lastModified = lastModified; self.fetchedAt = fetchedAt
    }

    /// `fetchedAt` as a date (nil if unreadable).
    public var fetchedDate: Date? { Store.date(fetchedAt) }
}

/// What importing a community-list file did.
public enum ListsImportResult: Sendable {
    /// The same content as the lists already stored (the same entries, in the same
    /// order, however the JSON is written): nothing changed, the stored file stays.
    case unchanged(ImportedLists)
    /// Stored; `replaced` is the hash of the lists it replaced, if any.
    case imported(ImportedLists, replaced: String?)
}

/// A rule set read from the store, and what in it could not be used.
public struct LoadedRules: Sendable {
    public var ruleSet: RuleSet
    /// Rows skipped while loading (not filters that fail validation: the compiler reports those).
    public var warnings: [RuleNote]
    /// Where the stored community lists were fetched from, and when; nil for lists from a file.
    public var listsSource: ListsSource?
}
