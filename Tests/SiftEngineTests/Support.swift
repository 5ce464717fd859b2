import SiftEngine
import SiftRules
import SiftText

/// Shorthand for a filter in test tables; ids follow the order given.
func deny(_ text: String, _ folder: Folder = .junk, target: Target = .all, _ matching: Matching = .contains, _ cs: CaseSensitivity = .insensitive) -> Filter {
    Filter(id: 0, type: .deny, folder: folder, target: target, matching: matching, caseSensitivity: cs, text: text)
}

func allow(_ text: String, target: Target = .all, _ matching: Matching = .contains, _ cs: CaseSensitivity = .insensitive) -> Filter {
    Filter(id: 0, type: .allow, target: target, matching: matching, caseSensitivity: cs, text: text)
}

func blockLanguage(_ l: Language, _ folder: Folder = .junk) -> Filter {
    Filter(id: 0, type: .denyLanguage, folder: folder, text: "$lang:" + l.englishName)
}

/// A rule set from filters (ids 1, 2, … in order), smart rules and lists.
func rules(_ filters: [Filter] = [], smart: [SmartRule] = [], shortSender: Int = 5, countries: [String] = [],
           lists: [Language: CommunityList] = [:], listLanguages: [Language] = []) -> RuleSet {
    var r = RuleSet()
    for f in filters { r.add(f) }
    r.smartRules.enabled = Set(smart)
    r.smartRules.shortSenderMaximum = shortSender
    r.smartRules.allowedCallingCodes = countries
    r.communityLists = lists
    r.communityLanguages = Set(listLanguages)
    return r
}

/// Evaluates one message against a rule set.
func judge(_ r: RuleSet, sender: String = "", body: String = "", explain: Bool = false) throws -> Verdict {
    let compiled = try CompiledRuleSet(r)
    return Evaluator(compiled).evaluate(sender: sender, body: body, explain: explain)
}

func list(allowSender: [String] = [], allowBody: [String] = [], denySender: [String] = [], denyBody: [String] = []) -> CommunityList {
    var l = CommunityList()
    l.allowSender = allowSender; l.allowBody = allowBody; l.denySender = denySender; l.denyBody = denyBody
    return l
}
