// The words of an invalid rule or rule file (`RuleError`) and of what a rule set,
// the store or a community list file left out (`RuleNote`): the validators and
// readers say what is wrong, the command line says it.
import SiftRules
import SiftText

extension RuleError {
    /// One line for stderr (without `msgsift: `).
    var words: String {
        switch self {
        case .emptyText:
            return "filter text is empty"
        case .unknownLanguage(let text):
            return "unknown language \(quoted(text)) (known: \(Language.allCases.map(\.rawValue).joined(separator: ", ")))"
        case .invalidRegex(let pattern, let reason):
            return "invalid regex \(quoted(pattern)): \(reason)"
        case .unknownRule(let name):
            return "unknown rule \(quoted(name)) (rules: \(SmartRule.allCases.map(\.rawValue).joined(separator: " ")))"
        case .shortSenderValue(let raw):
            return "short-sender takes a whole number from 3 to 6, not \(quoted(raw))"
        case .unknownCallingCode(let code):
            return "unknown calling code \(quoted(code)) (write it as +972)"
        case .filter(let id, let error):
            return "filter \(id): \(error.words)"

        case .takesNoValue(let rule):
            return "\(rule.rawValue) takes no value (--value is for short-sender)"
        case .takesNoCallingCodes(let rule):
            return "\(rule.rawValue) takes no calling codes (--countries is for country-allowlist)"
        case .noCallingCodes:
            return "country-allowlist needs at least one calling code: --countries +972,+1"
        case .callingCodesNeeded:
            return "country-allowlist needs calling codes: msgsift rule enable country-allowlist --countries +972,+1"

        case .appLanguageText(let text):
            return "unknown language \(quoted(text)) (a language filter reads \"$lang:\" and the lowercased English name, such as \"$lang:arabic\")"
        case .rowFieldMissing(let key):
            return "\"\(key)\" is missing"
        case .rowFieldValue(let key, let value, let allowed):
            return "\"\(key)\" is \(quoted(value)), not one of \(allowed.joined(separator: "|"))"
        case .rowNotObject:
            return "not an object"

        case .notSFSFilters(let problem):
            return "not a .sfsfilters file: " + problem.words
        case .newerSFSFilters(let version, let newest):
            return ".sfsfilters version \(version) is newer than this msgsift reads (\(newest)); update msgsift"

        case .listsNotJSON(let problem):
            return "not a community list file: \(problem.words)"
        case .listsWithoutFilterLists:
            return "not a community list file: no \"filter_lists\" object"
        case .listNotObject(let language):
            return "community list \(quoted(language)) is not an object"
        case .listNotArray(let language, let list):
            return "community list \(quoted(language)): \"\(list)\" is not an array"
        }
    }
}

extension SFSFiltersProblem {
    var words: String {
        switch self {
        case .json(let problem): return problem.words
        case .topLevelNotObject: return "top level is not an object"
        case .format: return "\"format\" is not \"\(SFSFilters.formatID)\""
        case .versionMissing: return "\"version\" is missing"
        case .versionNotWhole: return "\"version\" is not a whole number"
        case .version(let version): return "version \(version)"
        case .stampMissing(let names):
            return "\(names.map { "\"\($0)\"" }.joined(separator: " and ")) \(names.count == 1 ? "is" : "are") missing"
                + " (the app writes them and needs them: \"exportedAt\":\"2026-11-30T10:00:00Z\",\"appVersion\":\"3.1\")"
        case .notString(let key): return "\"\(key)\" is not a string"
        case .exportedAtNotDate(let text): return "\"exportedAt\" is \(quoted(text)), not a date and time such as \"2026-11-30T10:00:00Z\""
        case .filtersNotArray: return "\"filters\" is not an array"
        case .rowNotObject(let row): return "row \(row) is not an object"
        case .rowFieldNotString(let row, let key): return "row \(row): \"\(key)\" is not a string"
        }
    }
}

extension JSONProblem {
    var words: String {
        switch self {
        case .invalid: return "not valid JSON"
        case .numberOutOfRange(let shown): return "the number \(shown) is out of range"
        }
    }
}

extension RuleNote {
    /// One line for stderr (without `msgsift: `).
    var words: String {
        switch self {
        case .filterNeverMatches(let id, let error):
            return "filter \(id) never matches: \(error.words)"
        case .filterDuplicate(let id):
            return "filter \(id) skipped: it is the same filter as an older one"
        case .filterUnknownValue(let id, let field, let value):
            return "filter \(id) skipped: unknown \(field) \(quoted(value))"
        case .unknownStoredRule(let name):
            return "smart rule \(quoted(name)) in the store is unknown; ignored"
        case .storedShortSender(let error, let using):
            return "short-sender value in the store: \(error.words); using \(using)"
        case .storedCallingCodes(let error):
            return "country-allowlist in the store: \(error.words); the rule skips every message"
        case .notAList(let language, let name):
            return "\(language): \(quoted(name)) is no list (allow_sender, allow_body, deny_sender, deny_body); ignored"
        case .entriesNotStrings(let language, let list, let n):
            return "\(language): \(list): \(n) \(n == 1 ? "entry that is not a string" : "entries that are not strings"); ignored"
        }
    }
}

/// The words of an error thrown where a rule may be invalid: a `RuleError`'s, else what
/// the error says of itself.
func ruleWords(_ error: any Error) -> String {
    (error as? RuleError)?.words ?? "\(error)"
}
