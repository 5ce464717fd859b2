// The validators (STYLE: one per kind of user input, returning the canonical
// form) and Language(codeOrName:) (docs/judging.md "Filters", §1.2, §1.3).
import Foundation
import SiftRules
import SiftText
import Testing

@Suite("FilterValidator")
struct FilterValidatorTests {
    @Test("text is trimmed; what remains is kept as typed", arguments: [
        ("Discount", "Discount"),
        ("  Discount  ", "Discount"),
        ("\t\nDiscount\r\n", "Discount"),
        ("\u{00A0}\u{2003}sale\u{3000}", "sale"),
        ("a  b", "a  b"),
        ("WIN", "WIN"),                                     // case kept
    ])
    func trims(raw: String, expected: String) throws {
        #expect(try FilterValidator.validate(filter(.deny, raw)).text == expected)
        #expect(try FilterValidator.validate(filter(.allow, raw)).text == expected)
    }

    @Test("empty or whitespace-only text is refused for every type", arguments: [
        ("", FilterType.deny), ("", .allow), ("", .denyLanguage),
        ("   ", .deny), ("\t\n", .allow), ("\u{3000}", .denyLanguage),
    ])
    func empty(text: String, type: FilterType) {
        let error = #expect(throws: RuleError.self) { try FilterValidator.validate(filter(type, text)) }
        #expect(error == .emptyText)
    }

    @Test("an empty regex is refused as empty", arguments: ["", "  "])
    func emptyRegex(text: String) {
        #expect(throws: RuleError.self) { try FilterValidator.validate(filter(.deny, text, .junk, .all, .regex)) }
    }

    @Test("denyLanguage text becomes $lang:<lowercased English name>", arguments: [
        ("ar", "$lang:arabic"),
        ("Arabic", "$lang:arabic"),
        ("ARABIC", "$lang:arabic"),
        ("$lang:ARABIC", "$lang:arabic"),
        ("$lang:arabic", "$lang:arabic"),
        ("  $lang:arabic  ", "$lang:arabic"),
        ("he", "$lang:hebrew"),
        ("zh-Hans", "$lang:chinese, simplified"),
        ("Chinese, Simplified", "$lang:chinese, simplified"),
        ("$lang:chinese, simplified", "$lang:chinese, simplified"),
        ("zh-Hant", "$lang:chinese, traditional"),
        ("fa", "$lang:persian"),
        ("Persian", "$lang:persian"),
    ])
    func languageText(raw: String, expected: String) throws {
        let f = try FilterValidator.validate(filter(.denyLanguage, raw))
        #expect(f.text == expected)
        #expect(f.type == .denyLanguage)
    }

    @Test("denyLanguage keeps its folder", arguments: Folder.allCases)
    func languageFolder(folder: Folder) throws {
        #expect(try FilterValidator.validate(filter(.denyLanguage, "ar", folder)).folder == folder)
    }

    @Test("deny keeps every option as given", arguments: Folder.allCases, Target.allCases)
    func denyKeepsOptions(folder: Folder, target: Target) throws {
        for matching in [Matching.contains, .exact] {
            for cs in CaseSensitivity.allCases {
                let f = filter(.deny, "x", folder, target, matching, cs, id: 7)
                #expect(try FilterValidator.validate(f) == f)
            }
        }
    }

    @Test("an unknown language is refused, naming it", arguments: [
        "klingon", "$lang:klingon", "zh", "chinese", "$lang:", "english!", "iw",
    ])
    func unknownLanguage(raw: String) {
        let error = #expect(throws: RuleError.self) { try FilterValidator.validate(filter(.denyLanguage, raw)) }
        #expect(error == .unknownLanguage(raw.trimmingWhitespace()))
    }

    @Test("valid ICU regexes are accepted, text unchanged but trimmed", arguments: [
        #"\d{4}"#,
        "(?i)^bank",
        #"bit\.ly/\w+"#,
        "[א-ת]+",
        #"\p{Script=Arabic}"#,
        "a|b|c",
    ])
    func validRegex(pattern: String) throws {
        #expect(try FilterValidator.validate(filter(.deny, pattern, .junk, .all, .regex)).text == pattern)
        #expect(try FilterValidator.validate(filter(.allow, " \(pattern) ", .junk, .body, .regex)).text == pattern)
    }

    @Test("an invalid regex is refused with ICU's error name and the offset", arguments: [
        ("(", "U_REGEX_MISMATCHED_PAREN"),
        ("ab)c", "U_REGEX_MISMATCHED_PAREN"),
        ("[ab", "U_REGEX_MISSING_CLOSE_BRACKET"),
        ("a{2,1}", "U_REGEX_MAX_LT_MIN"),
        ("*a", "U_REGEX_RULE_SYNTAX"),
    ])
    func invalidRegex(pattern: String, icuError: String) {
        for type in [FilterType.deny, .allow] {
            for cs in CaseSensitivity.allCases {
                let error = #expect(throws: RuleError.self) {
                    try FilterValidator.validate(filter(type, pattern, .junk, .all, .regex, cs))
                }
                guard case .invalidRegex(let named, let reason)? = error else { Issue.record("\(String(describing: error))"); continue }
                #expect(reason.contains(icuError), "\(reason)")
                #expect(reason.contains("offset"), "\(reason)")
                #expect(named == pattern, "the error names the pattern")
            }
        }
    }

    @Test("a pattern that is a bad regex is fine as contains or exact text", arguments: ["(", "[a-", "*a"])
    func badRegexAsPlainText(text: String) throws {
        #expect(try FilterValidator.validate(filter(.deny, text, .junk, .all, .contains)).text == text)
        #expect(try FilterValidator.validate(filter(.allow, text, .junk, .all, .exact)).text == text)
    }
}

@Suite("SmartRuleValidator")
struct SmartRuleValidatorTests {
    @Test("rule names, as the command line spells them", arguments: [
        ("all-unknown", SmartRule.allUnknown),
        ("links", .links),
        ("numbers-only", .numbersOnly),
        ("short-sender", .shortSender),
        ("email", .email),
        ("emojis", .emojis),
        ("country-allowlist", .countryAllowlist),
        (" Short-Sender ", .shortSender),
        ("LINKS", .links),
    ])
    func ruleName(name: String, rule: SmartRule) throws {
        #expect(try SmartRuleValidator.rule(named: name) == rule)
    }

    @Test("unknown rule names are refused, listing the rules", arguments: [
        "", "link", "short_sender", "shortSender", "allUnknown", "emoji", "country",
    ])
    func unknownRule(name: String) {
        let error = #expect(throws: RuleError.self) { try SmartRuleValidator.rule(named: name) }
        #expect(error == .unknownRule(name))
    }

    @Test("short-sender takes 3 to 6", arguments: [("3", 3), ("4", 4), ("5", 5), ("6", 6), (" 6 ", 6)])
    func shortSender(raw: String, value: Int) throws {
        #expect(try SmartRuleValidator.shortSenderMaximum(raw) == value)
    }

    @Test("short-sender refuses anything else", arguments: ["0", "1", "2", "7", "10", "-3", "", "five", "4.5", "3-6"])
    func shortSenderRefused(raw: String) {
        #expect(throws: RuleError.self) { try SmartRuleValidator.shortSenderMaximum(raw) }
    }

    @Test("calling code lists: each code canonical, duplicates dropped, order kept", arguments: [
        ("+972,+1", ["+972", "+1"]),
        ("+972", ["+972"]),
        ("972, 1", ["+972", "+1"]),
        (" +44 , +972 ,+1", ["+44", "+972", "+1"]),
        ("+1,+972,+1", ["+1", "+972"]),
        ("+972,972", ["+972"]),
        ("+211,+380", ["+211", "+380"]),                  // South Sudan (newest) and Ukraine
        ("+972,,+1,", ["+972", "+1"]),                    // empty items ignored
        ("", []),
        (" ", []),
    ])
    func callingCodes(raw: String, expected: [String]) throws {
        #expect(try SmartRuleValidator.callingCodes(raw) == expected)
    }

    @Test("an unknown calling code is refused, naming it", arguments: [
        ("+972,+999", "+999"),
        ("+0", "+0"),
        ("+28", "+28"),
        ("+800", "+800"),                                  // non-geographic: no country
        ("00972", "00972"),
        ("+9721", "+9721"),
        ("israel", "israel"),
        ("+972;+1", "+972;+1"),
    ])
    func unknownCallingCode(raw: String, named: String) {
        let error = #expect(throws: RuleError.self) { try SmartRuleValidator.callingCodes(raw) }
        #expect(error == .unknownCallingCode(named))
    }
}

@Suite("Languages")
struct LanguageTests {
    /// docs/judging.md "Languages": every language, its code and its English name, in that order.
    static let spec: [(Language, String, String)] = [
        (.en, "en", "English"),
        (.he, "he", "Hebrew"),
        (.ar, "ar", "Arabic"),
        (.zhHans, "zh-Hans", "Chinese, Simplified"),
        (.zhHant, "zh-Hant", "Chinese, Traditional"),
        (.fr, "fr", "French"),
        (.de, "de", "German"),
        (.it, "it", "Italian"),
        (.ja, "ja", "Japanese"),
        (.fa, "fa", "Persian"),
        (.pt, "pt", "Portuguese"),
        (.ru, "ru", "Russian"),
        (.es, "es", "Spanish"),
        (.tr, "tr", "Turkish"),
    ]

    @Test("the fourteen languages, in the order docs lists them")
    func order() {
        #expect(Language.allCases == Self.spec.map(\.0))
        #expect(Language.allCases.sorted() == Self.spec.map(\.0))
    }

    @Test("code and English name of each language", arguments: spec)
    func codeAndName(language: Language, code: String, name: String) {
        #expect(language.rawValue == code)
        #expect(language.englishName == name.lowercased())
    }

    @Test("Language(codeOrName:) from the code, in any case", arguments: spec)
    func fromCode(language: Language, code: String, name: String) {
        #expect(Language(codeOrName: code) == language)
        #expect(Language(codeOrName: code.uppercased()) == language)
        #expect(Language(codeOrName: " \(code) ") == language)
    }

    @Test("Language(codeOrName:) from the English name, in any case", arguments: spec)
    func fromName(language: Language, code: String, name: String) {
        #expect(Language(codeOrName: name) == language)
        #expect(Language(codeOrName: name.lowercased()) == language)
        #expect(Language(codeOrName: name.uppercased()) == language)
        #expect(Language(codeOrName: "$lang:" + name.lowercased()) == language)
        #expect(Language(codeOrName: "$LANG:" + name) == language)
    }

    @Test("anything else is no language", arguments: [
        "", " ", "$lang:", "klingon", "$lang:klingon", "zh", "chinese", "eng", "english,", "iw", "pt-BR", "$lang:ar$",
    ])
    func unknown(raw: String) {
        #expect(Language(codeOrName: raw) == nil)
    }

    @Test("LanguageValidator accepts what Language(codeOrName:) accepts", arguments: spec)
    func validatorAccepts(language: Language, code: String, name: String) throws {
        #expect(try LanguageValidator.language(code) == language)
        #expect(try LanguageValidator.language(name) == language)
        #expect(try LanguageValidator.language("$lang:" + name.lowercased()) == language)
    }

    @Test("LanguageValidator refuses unknown languages, naming the input and listing the codes", arguments: [
        "klingon", "zh", "", "$lang:elvish",
    ])
    func validatorRefuses(raw: String) {
        let error = #expect(throws: RuleError.self) { try LanguageValidator.language(raw) }
        #expect(error == .unknownLanguage(raw))
    }
}

/// `quoted` puts texts from files and arguments into messages on a terminal: nothing in
/// them may act on it (found by a privacy audit: a CSV header cell under -v).
@Suite("quoted")
struct QuotedTests {
    @Test("controls, DEL, C1 controls and bidi embeddings are escaped; backslashes stay", arguments: [
        ("plain", #""plain""#),
        ("say \"hi\"", #""say \"hi\"""#),
        ("a\nb\tc\rd", #""a\nb\tc\rd""#),
        ("\u{1B}[31m\u{7}", #""\u{1b}[31m\u{7}""#),
        ("x\u{7F}y\u{80}z\u{9B}1m", #""x\u{7f}y\u{80}z\u{9b}1m""#),
        ("\u{202A}\u{202E}abc\u{2066}\u{2069}", #""\u{202a}\u{202e}abc\u{2066}\u{2069}""#),
        (#"win\s+\d+"#, #""win\s+\d+""#),
        ("שלום \u{200F}é 😀", "\"שלום \u{200F}é 😀\""),      // letters, marks and RLM stay
    ])
    func escapes(text: String, shown: String) {
        #expect(quoted(text) == shown)
    }
}

@Suite("shownName")
struct ShownNameTests {
    @Test("a name is shown as it is, or quoted when something in it is escaped", arguments: [
        ("ko", "ko"), ("chinese, simplified", "chinese, simplified"), ("he\u{202E}", #""he\u{202e}""#), ("x\u{1B}", #""x\u{1b}""#),
    ])
    func shown(name: String, shown: String) {
        #expect(shownName(name) == shown)
    }
}
