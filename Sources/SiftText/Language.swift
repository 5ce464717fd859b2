/// The fourteen languages msgsift can block and detect (docs/judging.md "Languages"), in the
/// order docs/judging.md lists them; that order is also the order community lists are
/// consulted in, so reported entries never depend on hash order.
public enum Language: String, Sendable, CaseIterable, Hashable, Comparable {
    case en, he, ar
    case zhHans = "zh-Hans"
    case zhHant = "zh-Hant"
    case fr, de, it, ja, fa, pt, ru, es, tr

    /// The lowercased English name used after `$lang:` in `.sfsfilters` files.
    public var englishName: String {
        switch self {
        case .en: return "english"
        case .he: return "hebrew"
        case .ar: return "arabic"
        case .zhHans: return "chinese, simplified"
        case .zhHant: return "chinese, traditional"
        case .fr: return "french"
        case .de: return "german"
        case .it: return "italian"
        case .ja: return "japanese"
        case .fa: return "persian"
        case .pt: return "portuguese"
        case .ru: return "russian"
        case .es: return "spanish"
        case .tr: return "turkish"
        }
    }

    /// Position in docs/judging.md "Languages"'s list.
    public var order: Int { Language.allCases.firstIndex(of: self)! }

    public static func < (a: Language, b: Language) -> Bool { a.order < b.order }

    /// Parses a code (`zh-Hans`, `he`; any case) or an English name
    /// (`Arabic`, `chinese, simplified`, `$lang:arabic`). Returns nil for
    /// anything else.
    public init?(codeOrName raw: String) {
        var s = raw.trimmingWhitespace().lowercased()
        if s.hasPrefix("$lang:") { s = String(s.dropFirst(6)).trimmingWhitespace() }
        for l in Language.allCases where l.rawValue.lowercased() == s || l.englishName == s {
            self = l
            return
        }
        switch s {
        case "zh_hans", "zh-cn", "chinese simplified", "simplified chinese": self = .zhHans
        case "zh_hant", "zh-tw", "chinese traditional", "traditional chinese": self = .zhHant
        default: return nil
        }
    }
}

extension String {
    /// The string without leading and trailing Unicode whitespace and newlines.
    public func trimmingWhitespace() -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })!
        return String(scalars[first...last])
    }
}
