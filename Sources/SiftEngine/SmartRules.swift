// The smart rules of docs/judging.md "Smart rules" (stage 4): which are on, read once per rule set,
// and the sender tests they need, on UTF-8 bytes. The body tests live in
// SiftText (LinkDetector, EmojiDetector) and calling codes in CallingCodes.
import SiftRules
import SiftText

/// The smart rules of a rule set as plain flags, for the per-message checks.
struct SmartRuleFlags {
    let allUnknown, links, numbersOnly, shortSender, email, emojis: Bool
    /// `country-allowlist` is on and names at least one code.
    let countryAllowlist: Bool
    /// Some rule other than `all-unknown` is on.
    let any: Bool
    let shortSenderMaximum: Int
    /// By calling code (0...999): allowed by `country-allowlist`.
    let allowedCallingCodes: [Bool]
    /// The rules that are on, for `--explain`, as the CLI spells them with their values:
    /// `links, short-sender=5, country-allowlist=+972,+1` or `no smart rule on`.
    let listing: String

    init(_ rules: CompiledRuleSet) {
        let on = rules.smartRules.enabled
        allUnknown = on.contains(.allUnknown)
        links = on.contains(.links)
        numbersOnly = on.contains(.numbersOnly)
        shortSender = on.contains(.shortSender)
        email = on.contains(.email)
        emojis = on.contains(.emojis)
        countryAllowlist = on.contains(.countryAllowlist) && !rules.allowedCallingCodes.isEmpty
        any = !on.subtracting([.allUnknown]).isEmpty
        shortSenderMaximum = rules.smartRules.shortSenderMaximum
        var allowed = [Bool](repeating: false, count: 1000)
        for code in rules.allowedCallingCodes { if let n = Int(code), n >= 0 && n < 1000 { allowed[n] = true } }
        allowedCallingCodes = allowed
        let listed = SmartRule.allCases.filter { $0 != .allUnknown && on.contains($0) }
        let codes = rules.smartRules.allowedCallingCodes.map { $0.hasPrefix("+") ? $0 : "+" + $0 }.joined(separator: ",")
        listing = listed.isEmpty ? "no smart rule on" : listed.map { rule -> String in
            switch rule {
            case .shortSender: return "\(rule.rawValue)=\(rules.smartRules.shortSenderMaximum)"
            case .countryAllowlist: return codes.isEmpty ? "\(rule.rawValue) (no codes: skipped)" : "\(rule.rawValue)=\(codes)"
            default: return rule.rawValue
            }
        }.joined(separator: ", ")
    }

    /// The stage's outcome for `--explain`: the rule that matched, else "no match" and what
    /// `country-allowlist` found in the sender (the one rule that can skip a message).
    func outcome(_ matched: SmartRule?, sender: UnsafeBufferPointer<UInt8>) -> String {
        if !any { return "skipped" }
        let code = CallingCodes.callingCodeValue(ofSenderUTF8: sender)
        if let rule = matched {
            if rule == .countryAllowlist, let code { return "match: country-allowlist (the sender's code is +\(code))" }
            return "match: \(rule.rawValue)"
        }
        guard countryAllowlist else { return "no match" }
        guard let code else {
            // docs/judging.md "Smart rules" skips the rule for either: no `+` before the digits, or a code no country has.
            let why = CallingCodes.reduce(sender).startsWithPlus ? "no known calling code after the sender's +" : "the sender does not start with +"
            return "no match (country-allowlist skipped: \(why))"
        }
        return "no match (the sender's code +\(code) is allowed)"
    }

    /// The first smart rule (in the order of docs/judging.md "Smart rules", all-unknown aside) the message breaks, if any.
    func firstMatch(sender: UnsafeBufferPointer<UInt8>, body: UnsafeBufferPointer<UInt8>) -> SmartRule? {
        if !any { return nil }
        if links && LinkDetector.containsLink(utf8: body) { return .links }
        if numbersOnly && SmartRuleChecks.hasLetter(sender) { return .numbersOnly }
        if shortSender && SmartRuleChecks.isShort(sender, maximum: shortSenderMaximum) { return .shortSender }
        if email && SmartRuleChecks.looksLikeEmail(sender) { return .email }
        if emojis && EmojiDetector.containsEmoji(utf8: body) { return .emojis }
        if countryAllowlist, let code = CallingCodes.callingCodeValue(ofSenderUTF8: sender), !allowedCallingCodes[code] {
            return .countryAllowlist
        }
        return nil
    }
}

/// The sender tests of the smart rules, on UTF-8 bytes.
public enum SmartRuleChecks {
    /// `numbers-only`: the sender contains a letter.
    public static func hasLetter(_ s: UnsafeBufferPointer<UInt8>) -> Bool {
        var i = 0
        while i < s.count {
            let b = s[i]
            if b < 0x80 {
                if (b | 0x20) &- 0x61 < 26 { return true }
                i += 1
                continue
            }
            if CharTable.isLetter(UTF8Scalar.decode(s, i)) { return true }
            i += 1
            while i < s.count && s[i] & 0xC0 == 0x80 { i += 1 }
        }
        return false
    }

    /// `short-sender`: at most `maximum` grapheme clusters (an empty sender is short).
    public static func isShort(_ sender: UnsafeBufferPointer<UInt8>, maximum: Int) -> Bool {
        // A cluster takes at least one byte: short enough bytes need no segmentation.
        if sender.count <= maximum { return true }
        // ASCII: every byte is a cluster but CR LF, which is one.
        var ascii = true, crlf = 0
        for i in 0..<sender.count {
            let b = sender[i]
            if b >= 0x80 { ascii = false; break }
            if b == 0x0A && i > 0 && sender[i - 1] == 0x0D { crlf += 1 }
        }
        if ascii { return sender.count - crlf <= maximum }
        var n = 0
        for _ in String(decoding: sender, as: UTF8.self) {
            n += 1
            if n > maximum { return false }
        }
        return true
    }

    /// `email`: the sender contains `@` and `.`.
    public static func looksLikeEmail(_ s: UnsafeBufferPointer<UInt8>) -> Bool {
        var at = false, dot = false
        for b in s {
            if b == 0x40 { at = true } else if b == 0x2E { dot = true }
        }
        return at && dot
    }
}
