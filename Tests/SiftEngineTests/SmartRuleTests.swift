// docs/judging.md "Smart rules": each smart rule's edges, and their order within stage 4.
import Testing
import SiftEngine
import SiftRules

struct SmartCase: CustomTestStringConvertible, Sendable {
    let rule: SmartRule
    let sender: String
    let body: String
    let fires: Bool
    var testDescription: String { "\(rule.rawValue) sender=\(sender) body=\(body) → \(fires)" }
    init(_ rule: SmartRule, _ sender: String, _ body: String, _ fires: Bool) {
        self.rule = rule; self.sender = sender; self.body = body; self.fires = fires
    }
}

@Suite("Smart rules")
struct SmartRuleTests {
    static let cases: [SmartCase] = [
        // links (the app's own examples, then the edges of docs/judging.md "Smart rules")
        SmartCase(.links, "x", "http://123.com", true),
        SmartCase(.links, "x", "go to htTp://link.com now", true),
        SmartCase(.links, "x", "btl.gov.il/asdasdf", true),
        SmartCase(.links, "x", "bit.ly/1224dsf4", true),
        SmartCase(.links, "x", "see www.example", true),
        SmartCase(.links, "x", "write to adi@gmail.com", false),
        SmartCase(.links, "x", "call 054-123456", false),
        SmartCase(.links, "x", "total 3.50 today", false),
        SmartCase(.links, "x", "בקישור.לחצו", false),
        SmartCase(.links, "x", "end.Start of text", false),
        SmartCase(.links, "x", "", false),
        // numbers-only: junk when the sender has any letter
        SmartCase(.numbersOnly, "text", "hi", true),
        SmartCase(.numbersOnly, "random@email.com", "hi", true),
        SmartCase(.numbersOnly, "+972-50-123-4567", "hi", false),
        SmartCase(.numbersOnly, "", "hi", false),
        SmartCase(.numbersOnly, "055 לאומי", "hi", true),
        SmartCase(.numbersOnly, "٠٥٠١٢٣", "hi", false),            // Arabic-Indic digits are not letters
        // short-sender at the default 5: grapheme clusters, ≤ N, empty is short
        SmartCase(.shortSender, "", "hi", true),
        SmartCase(.shortSender, "12345", "hi", true),
        SmartCase(.shortSender, "123456", "hi", false),
        SmartCase(.shortSender, "👨‍👩‍👧‍👦🇮🇱", "hi", true),              // 2 clusters, many bytes
        SmartCase(.shortSender, "éééééé", "hi", false),
        SmartCase(.shortSender, "e\u{301}e\u{301}e\u{301}", "hi", true), // 3 clusters of 2 scalars
        SmartCase(.shortSender, "ab\r\ncd", "hi", true),                 // ASCII: CR LF is one cluster (5)
        SmartCase(.shortSender, "ab\r\rcd", "hi", false),                // CR CR are two (6)
        SmartCase(.shortSender, "a\nb\r\nc", "hi", true),                 // 6 bytes, 5 clusters
        // email: @ and .
        SmartCase(.email, "john@example.com", "hi", true),
        SmartCase(.email, "john@example", "hi", false),
        SmartCase(.email, "john.doe", "hi", false),
        // emojis
        SmartCase(.emojis, "x", "bla bla 💀 bla", true),
        SmartCase(.emojis, "x", "keycap 1️⃣", true),
        SmartCase(.emojis, "x", "flag 🇮🇱", true),
        SmartCase(.emojis, "x", "call ☎ now", true),
        SmartCase(.emojis, "x", "love ❤", true),
        SmartCase(.emojis, "x", "©️ 2024", true),
        SmartCase(.emojis, "x", "© 2024 #1 * 5", false),
        SmartCase(.emojis, "x", "שלום 你好", false),
    ]

    @Test(arguments: cases)
    func rule(_ c: SmartCase) throws {
        let v = try judge(rules(smart: [c.rule]), sender: c.sender, body: c.body)
        if c.fires {
            #expect(v.stage == .smartRule)
            #expect(v.action == .junk)
            #expect(v.reason == c.rule.rawValue)
        } else {
            #expect(v.stage == .noMatch)
        }
    }

    @Test(arguments: [(3, "abc", true), (3, "abcd", false), (6, "abcdef", true), (6, "abcdefg", false)])
    func shortSenderValue(_ n: Int, _ sender: String, _ fires: Bool) throws {
        let v = try judge(rules(smart: [.shortSender], shortSender: n), sender: sender, body: "x")
        #expect((v.stage == .smartRule) == fires)
    }

    static let countryCases: [(String, [String], Bool)] = [
        ("+972-50-123-4567", ["+972"], false),
        ("+1-800-555-1234", ["+972"], true),
        ("+1 (868) 555-1234", ["+1"], false),        // all of NANP is +1
        ("+44 20 7946 0000", ["+972", "+1"], true),
        ("0501234567", ["+972"], false),             // no + : skipped
        ("AMAZON", ["+972"], false),
        ("+0123", ["+972"], false),                  // unknown code: skipped
        ("+44 20 7946 0000", [], false),             // empty list: skipped
        ("+7 912 000", ["+7"], false),
        ("+380 44 000", ["+972"], true),             // longest known prefix: +380 (Ukraine), not +3…
        ("+380 44 000", ["+380"], false),
    ]

    @Test(arguments: countryCases)
    func countryAllowlist(_ sender: String, _ allowed: [String], _ fires: Bool) throws {
        var r = rules(smart: [.countryAllowlist])
        r.smartRules.allowedCallingCodes = allowed.compactMap { CallingCodesShim.normalize($0) }
        let v = try judge(r, sender: sender, body: "x")
        #expect((v.stage == .smartRule && v.reason == "country-allowlist") == fires)
    }

    @Test func smartRulesRunInSpecOrder() throws {
        // links, numbers-only, short-sender, email, emojis, country-allowlist
        let all: [SmartRule] = [.links, .numbersOnly, .shortSender, .email, .emojis, .countryAllowlist]
        let r = rules(smart: all, countries: ["+972"])
        #expect(try judge(r, sender: "a@b.co", body: "www.x.com 😀").reason == "links")
        #expect(try judge(r, sender: "a@b.co", body: "😀").reason == "numbers-only")
        #expect(try judge(r, sender: "123", body: "😀").reason == "short-sender")
        #expect(try judge(r, sender: "+1 212 555 0100", body: "😀").reason == "emojis")
        #expect(try judge(r, sender: "+1 212 555 0100", body: "hi").reason == "country-allowlist")
        let emailFirst = rules(smart: [.email, .emojis])
        #expect(try judge(emailFirst, sender: "a@b.co", body: "😀").reason == "email")
    }
}

import SiftText
enum CallingCodesShim {
    static func normalize(_ s: String) -> String? { CallingCodes.normalize(s) }
}
