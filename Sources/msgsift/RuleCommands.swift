// `msgsift rule list|enable|disable`: the smart rules (docs/judging.md "Smart rules") in the store.
import SiftRules
import SiftStore

enum RuleCommands {
    static let descriptions: [SmartRule: String] = [
        .allUnknown: "junk unless an allow filter matched (stage 2)",
        .links: "the body contains a URL",
        .numbersOnly: "the sender contains a letter",
        .shortSender: "the sender has at most N characters",
        .email: "the sender contains @ and .",
        .emojis: "the body contains an emoji",
        .countryAllowlist: "the sender's calling code is known and not listed",
    ]

    static func value(_ rule: SmartRule, _ s: SmartRuleSettings) -> String {
        switch rule {
        case .shortSender: return String(s.shortSenderMaximum)
        case .countryAllowlist: return s.allowedCallingCodes.isEmpty ? "-" : s.allowedCallingCodes.joined(separator: ",")
        case .allUnknown, .links, .numbersOnly, .email, .emojis: return "-"
        }
    }

    struct ListConfig: StoreConfig {
        var db: String?
        var json = false
    }

    static let listFlags: [Flag<ListConfig>] = [Flag("--json", nil, "a JSON array of {name,enabled,value|countries}") { c, _ in c.json = true }]

    static func list(_ args: ArraySlice<String>, db: String?) throws -> Int32 {
        try runStoreCommand(args, db: db, name: "rule list", flags: listFlags, config: ListConfig(), positional: { _, arg in throw UsageError("unexpected argument \(quotedArg(arg))") }) { c in
            let (settings, warnings) = try StoreAccess.reader(c.db)?.smartRules() ?? (SmartRuleSettings(), [])
            for w in warnings { warn(w.words) }
            if c.json {
                try printJSON(SmartRule.allCases.map { r -> [String: Any] in
                    var o: [String: Any] = ["name": r.rawValue, "enabled": settings.enabled.contains(r)]
                    if r == .shortSender { o["value"] = settings.shortSenderMaximum }
                    if r == .countryAllowlist { o["countries"] = settings.allowedCallingCodes }
                    return o
                })
            } else {
                print(table(["RULE", "STATE", "VALUE", "JUNK WHEN"], SmartRule.allCases.map { r in
                    [r.rawValue, settings.enabled.contains(r) ? "on" : "off", value(r, settings), descriptions[r] ?? ""]
                }), terminator: "")
            }
            return 0
        }
    }

    struct EnableConfig: StoreConfig {
        var db: String?
        var name: String?
        var value: Int?
        var countries: [String]?
    }

    static let enableFlags: [Flag<EnableConfig>] = [
        Flag("--value", "N", "short-sender: senders of at most N characters (3 to 6, default 5)") { c, v in
            c.value = try SmartRuleValidator.shortSenderMaximum(v)
        },
        Flag("--countries", "+972,+1", "country-allowlist: the calling codes to let through") { c, v in
            c.countries = try SmartRuleValidator.callingCodes(v)
            if c.countries!.isEmpty { throw UsageError("--countries needs at least one calling code (+972,+1)") }
        },
    ]

    static func enable(_ args: ArraySlice<String>, db: String?) throws -> Int32 {
        try runStoreCommand(args, db: db, name: "rule enable", flags: enableFlags, config: EnableConfig(),
            positional: { c, arg in
                guard c.name == nil else { throw UsageError("enable one rule at a time") }
                c.name = arg
            }) { c in
            guard let name = c.name else { throw UsageError("name the rule: \(SmartRule.allCases.map(\.rawValue).joined(separator: " "))") }
            if let (before, value) = splitAtEquals(name), let rule = SmartRule(rawValue: before) {
                // `classify --rule short-sender=4` spelling: say where the value goes here.
                let base = rule.rawValue
                switch rule {
                case .countryAllowlist: throw UsageError("the value goes in --countries: msgsift rule enable \(base) --countries \(value)")
                case .shortSender: throw UsageError("the value goes in --value: msgsift rule enable \(base) --value \(value)")
                case .allUnknown, .links, .numbersOnly, .email, .emojis: throw UsageError("\(base) takes no value: msgsift rule enable \(base)")
                }
            }
            let rule = try SmartRuleValidator.rule(named: name)
            if c.value != nil && rule != .shortSender { throw UsageError("--value is for short-sender") }
            if c.countries != nil && rule != .countryAllowlist { throw UsageError("--countries is for country-allowlist") }
            // Refused before the store is created for it (a new store has no calling codes).
            if rule == .countryAllowlist && c.countries == nil && !StoreAccess.exists(c.db) {
                throw UsageError("country-allowlist needs calling codes: msgsift rule enable country-allowlist --countries +972,+1")
            }
            let store = try StoreAccess.writer(c.db)
            let before = try store.smartRules().settings
            let settings = try store.enable(rule, shortSenderMaximum: c.value, callingCodes: c.countries)
            let v = value(rule, settings)
            let already = before.enabled.contains(rule) && value(rule, before) == v
            if already { nothingChanged() }
            print("\(rule.rawValue) on" + (v == "-" ? "" : " (\(v))") + (already ? " already; nothing changed" : ""))
            return 0
        }
    }

    struct DisableConfig: StoreConfig {
        var db: String?
        var name: String?
    }

    static func disable(_ args: ArraySlice<String>, db: String?) throws -> Int32 {
        try runStoreCommand(args, db: db, name: "rule disable", flags: [], config: DisableConfig(),
            positional: { c, arg in
                guard c.name == nil else { throw UsageError("disable one rule at a time") }
                c.name = arg
            }) { c in
            guard let name = c.name else { throw UsageError("name the rule: \(SmartRule.allCases.map(\.rawValue).joined(separator: " "))") }
            let rule = try SmartRuleValidator.rule(named: name)
            let wasOn = try StoreAccess.existingWriter(c.db)?.disable(rule) ?? false
            if !wasOn { nothingChanged() }
            print(wasOn ? "\(rule.rawValue) off" : "\(rule.rawValue) was off already; nothing changed")
            return 0
        }
    }
}
