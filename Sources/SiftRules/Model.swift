// The rule model: what a user can state (filters, smart rules, blocked
// languages, community lists), before compilation. Everything here is plain
// data; `RuleCompiler` turns a `RuleSet` into the tables the engine reads.
import SiftText

/// What a verdict tells the caller to do with a message.
public enum Action: String, Sendable, CaseIterable {
    case allow, junk, transaction, promotion

    /// The position in `allCases`, without building the array (per-record counters index by it).
    @inlinable
    public var ordinal: Int {
        switch self {
        case .allow: 0
        case .junk: 1
        case .transaction: 2
        case .promotion: 3
        }
    }
}

/// Where a deny filter sends a message.
public enum Folder: String, Sendable, CaseIterable {
    case junk, transaction, promotion
    /// The action a match in this folder yields.
    public var action: Action {
        switch self {
        case .junk: return .junk
        case .transaction: return .transaction
        case .promotion: return .promotion
        }
    }
}

/// The kind of a user filter.
public enum FilterType: String, Sendable, CaseIterable {
    case allow, deny, denyLanguage
}

/// Which text of a message a filter looks at.
public enum Target: String, Sendable, CaseIterable {
    /// body + " " + sender, as the app builds it.
    case all, sender, body
}

/// How a filter's text is compared.
public enum Matching: String, Sendable, CaseIterable {
    case contains, exact, regex
}

/// Whether a comparison folds case (Unicode default full case folding).
public enum CaseSensitivity: String, Sendable, CaseIterable {
    case insensitive, sensitive
}

/// A user filter (docs/judging.md "Filters"). `id` orders filters by age: the lowest id of a
/// stage decides when several match.
public struct Filter: Sendable, Equatable {
    public var id: Int
    public var type: FilterType
    public var folder: Folder
    public var target: Target
    public var matching: Matching
    public var caseSensitivity: CaseSensitivity
    /// The phrase or pattern, trimmed; for denyLanguage the canonical `$lang:name`.
    public var text: String

    /// A filter as given; validate it with `FilterValidator` before use.
    public init(id: Int, type: FilterType, folder: Folder = .junk, target: Target = .all,
                matching: Matching = .contains, caseSensitivity: CaseSensitivity = .insensitive, text: String) {
        self.id = id; self.type = type; self.folder = folder; self.target = target
        self.matching = matching; self.caseSensitivity = caseSensitivity; self.text = text
    }

    /// The filter that blocks `language` to `folder`, as the app makes it
    /// (LanguageListView.addFilter): `$lang:<english name>`, target body, contains, insensitive.
    public static func blocking(_ language: Language, folder: Folder) -> Filter {
        Filter(id: 0, type: .denyLanguage, folder: folder, target: .body, text: "$lang:" + language.englishName)
    }

    /// The language of a denyLanguage filter.
    public var language: Language? {
        type == .denyLanguage ? Language(codeOrName: text) : nil
    }

    /// Two filters with the same identity are the same filter (docs/judging.md "Filters").
    /// Type and folder are not part of it: the app refuses an allow `foo` next
    /// to a deny `foo` with the same options, and so does msgsift.
    public var identity: FilterIdentity {
        FilterIdentity(text: text, target: target, matching: matching, caseSensitivity: caseSensitivity)
    }
}

/// What makes two filters the same filter: same text, target, matching and case.
/// Texts compare as Swift Strings do, canonically (`café` with `é` as one code point
/// or as `e` + U+0301 matches the same messages), except a regex's: ICU matches code
/// points, so two spellings of a pattern are two filters.
public struct FilterIdentity: Hashable, Sendable {
    public var text: String
    public var target: Target
    public var matching: Matching
    public var caseSensitivity: CaseSensitivity

    public static func == (a: FilterIdentity, b: FilterIdentity) -> Bool {
        guard a.target == b.target && a.matching == b.matching && a.caseSensitivity == b.caseSensitivity else { return false }
        return a.matching == .regex ? a.text.utf8.elementsEqual(b.text.utf8) : a.text == b.text
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(target)
        hasher.combine(matching)
        hasher.combine(caseSensitivity)
        if matching == .regex {
            for byte in text.utf8 { hasher.combine(byte) }
        } else {
            hasher.combine(text)
        }
    }
}

/// The smart rules of docs/judging.md "Smart rules", spelled as the command line spells them.
public enum SmartRule: String, Sendable, CaseIterable {
    case allUnknown = "all-unknown"
    case links
    case numbersOnly = "numbers-only"
    case shortSender = "short-sender"
    case email
    case emojis
    case countryAllowlist = "country-allowlist"

    /// The position in `allCases`, without building the array (a verdict's rule key).
    @inlinable
    public var ordinal: Int {
        switch self {
        case .allUnknown: 0
        case .links: 1
        case .numbersOnly: 2
        case .shortSender: 3
        case .email: 4
        case .emojis: 5
        case .countryAllowlist: 6
        }
    }
}

/// Which smart rules are on, with their values.
public struct SmartRuleSettings: Sendable, Equatable {
    /// Rules that are on.
    public var enabled: Set<SmartRule> = []
    /// `short-sender`: senders of at most this many grapheme clusters are junk (3–6).
    public var shortSenderMaximum: Int = 5
    /// `country-allowlist`: calling codes in canonical form (`+972`).
    public var allowedCallingCodes: [String] = []

    public init() {}
}

/// One language's community list (docs/judging.md "Community lists"), entries as published.
public struct CommunityList: Sendable, Equatable {
    public var allowSender: [String] = []
    public var allowBody: [String] = []
    public var denySender: [String] = []
    public var denyBody: [String] = []
    public init() {}
    /// Total entries.
    public var count: Int { allowSender.count + allowBody.count + denySender.count + denyBody.count }
}

/// Everything a run evaluates: the source of a `CompiledRuleSet`.
public struct RuleSet: Sendable {
    /// User filters of every type, any order (the compiler orders them by id).
    public var filters: [Filter] = []
    public var smartRules = SmartRuleSettings()
    /// Community lists by language.
    public var communityLists: [Language: CommunityList] = [:]
    /// The languages whose community lists take part.
    public var communityLanguages: Set<Language> = []

    private var identities: Set<FilterIdentity> = []
    private var lastID = 0
    private var usedIDs: Set<Int> = []

    public init() {}

    /// Adds a filter unless one with the same identity is there already
    /// (docs/judging.md "Filters": adding it again is a no-op); returns whether it was added.
    /// A filter with id 0 (or an id already taken) gets the next id, so it is
    /// younger than every other.
    @discardableResult
    public mutating func add(_ filter: Filter) -> Bool {
        guard identities.insert(filter.identity).inserted else { return false }
        var f = filter
        if f.id <= 0 || !usedIDs.insert(f.id).inserted {
            f.id = lastID + 1
            usedIDs.insert(f.id)
        }
        lastID = max(lastID, f.id)
        filters.append(f)
        return true
    }
}
