// Why a rule, a rule file or a community list file cannot be used, and what was left
// out of one: values with their data (the text given, a row, a key), never
// sentences. The command line words them (Sources/msgsift/RuleWords.swift).

/// A rule that cannot be used, and why.
public enum RuleError: Error, Sendable, Equatable {
    // The validators.
    /// A filter's text is empty (or only spaces).
    case emptyText
    /// No language has this code or name.
    case unknownLanguage(String)
    /// ICU does not compile the regex (`reason`: what it says).
    case invalidRegex(pattern: String, reason: String)
    /// No smart rule has this name.
    case unknownRule(String)
    /// A `short-sender` value that is not a whole number from 3 to 6.
    case shortSenderValue(String)
    /// No country has this calling code.
    case unknownCallingCode(String)
    /// The filter `id` (of a rule set or store) is invalid.
    indirect case filter(id: Int, RuleError)

    // Enabling a smart rule in the store.
    /// A value for a rule other than short-sender.
    case takesNoValue(SmartRule)
    /// Calling codes for a rule other than country-allowlist.
    case takesNoCallingCodes(SmartRule)
    /// country-allowlist given an empty list of calling codes.
    case noCallingCodes
    /// country-allowlist turned on with no calling codes given or stored.
    case callingCodesNeeded

    // A row of a `.sfsfilters` file.
    /// A language filter's text the app does not read (it reads `$lang:` and the lowercased
    /// English name).
    case appLanguageText(String)
    /// The row lacks the field `key` (or it is null).
    case rowFieldMissing(key: String)
    /// The row's field `key` is `value`, not one of `allowed`.
    case rowFieldValue(key: String, value: String, allowed: [String])
    /// The row is not an object.
    case rowNotObject

    // A whole `.sfsfilters` file.
    /// Not a `.sfsfilters` file (the app's decoder would not read it).
    case notSFSFilters(SFSFiltersProblem)
    /// A version newer than this build reads (`newest`).
    case newerSFSFilters(version: Int, newest: Int)

    // A community list file.
    /// Not JSON (or JSON with an out-of-range number).
    case listsNotJSON(JSONProblem)
    /// No `filter_lists` object.
    case listsWithoutFilterLists
    /// The language `key`'s value is not an object.
    case listNotObject(language: String)
    /// The language `key`'s list `name` is not an array.
    case listNotArray(language: String, list: String)
}

/// Why a file is not a `.sfsfilters` file.
public enum SFSFiltersProblem: Sendable, Equatable {
    case json(JSONProblem)
    case topLevelNotObject
    /// `format` is not the app's id.
    case format
    case versionMissing
    case versionNotWhole
    /// A version below 1.
    case version(Int)
    /// `exportedAt` and/or `appVersion` are missing (their names, in that order).
    case stampMissing([String])
    /// The member `key` is not a string (`exportedAt`, `appVersion`).
    case notString(String)
    /// `exportedAt` is `text`, not a date and time.
    case exportedAtNotDate(String)
    case filtersNotArray
    case rowNotObject(row: Int)
    /// A row's field `key` is neither a string nor null.
    case rowFieldNotString(row: Int, key: String)
}

/// Why Foundation refused a JSON file.
public enum JSONProblem: Sendable, Equatable {
    case invalid
    /// Valid JSON holding a number no Swift number can hold (`shown`: its first digits).
    case numberOutOfRange(shown: String)
}

/// Something a rule set or a store holds that is left out or read otherwise: the run goes
/// on, and the command line says so.
public enum RuleNote: Sendable, Equatable {
    /// Filter `id` never matches (invalid: a store written by others or by an older version).
    case filterNeverMatches(id: Int, RuleError)
    /// Filter `id` in the store is the same filter as an older one: skipped.
    case filterDuplicate(id: Int)
    /// Filter `id` in the store has an unknown `field` value `value`: skipped.
    case filterUnknownValue(id: Int, field: String, value: String)
    /// A smart rule in the store this build does not know: ignored.
    case unknownStoredRule(String)
    /// The stored short-sender value is invalid; `using` is read instead.
    case storedShortSender(RuleError, using: Int)
    /// The stored calling codes are invalid: country-allowlist skips every message.
    case storedCallingCodes(RuleError)
    /// In a community list file, the language `language`'s member `name` is no list: ignored.
    case notAList(language: String, name: String)
    /// In a community list file, `count` entries of a list are not strings: ignored.
    case entriesNotStrings(language: String, list: String, count: Int)
}
