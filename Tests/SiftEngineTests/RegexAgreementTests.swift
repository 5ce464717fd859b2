// Regex filters against the engine the app runs them with. The app compiles a
// regex filter with Swift's `Regex(text)` and asks `message.contains(regex)`;
// msgsift runs ICU (docs/judging.md "Filters": ICU syntax, bounded in time). Swift's Regex is
// in this toolchain, so the two are compared here on the patterns people write
// for SMS (codes, words, amounts, links) over texts in several scripts.
//
// `$` outside multi-line mode matches only at the very end in Swift (ICU: also
// before a final line break), so ICU gets `\z` for it; Swift reads `{,3}` and a
// brace that starts no quantifier, which ICU refuses (ICURegex.icuSpelling).
// Known differences, left as they are: Swift matches `.` and classes against
// whole characters (`a.c` matches `a` + `e` + U+0301 + `c`), ICU against
// scalars; under `(?i)` ICU folds `ß` to `ss` in a literal, Swift does not;
// in Thai, Lao, Khmer and Burmese ICU's `\b` finds words with a dictionary,
// Swift's sees a boundary between every two letters (`\bบาท\b` in `100บาทแล้ว`).
import SiftEngine
import SiftRules
import SiftText
import Testing

@Suite("Regex filters answer as the app's Swift Regex")
struct RegexAgreementTests {
    static let patterns = [
        #"\b\d{6}\b"#, #"\b\d{4,8}\b"#, #"(?i)\bamazon\b"#, #"(?i)\bcode\b"#, #"\bcan\b"#, #"\b3\b"#,
        #"\bשלום\b"#, #"(?i)\bsale\b"#, #"\B\d"#, #"x\b"#, #"\b,"#, #"(?i)\bwin\b.*\$\d+"#,
        #"\d{3}-\d{4}"#, #"(?i)https?://\S+"#, #"^\+972"#, #"(?i)unsubscribe|stop to"#, #"验证码\D*\d+"#,
        #"(?i)\bcasa\b"#, #"\bкод\b"#, #"\d+\b"#, #"\b\w+@\w+\.\w+\b"#,
        #"^\d+$"#, #"(?i)code$"#, #"[$]\d"#, #"\$\d+"#, #"(?m)^\d+$"#, #"(?i)stop$|^win"#,
        // Braces Swift reads where ICU refuses the pattern.
        // Multi-line mode in a group or turned off again: the other `$` are still the very end.
        #"^\d{6}$|(?m:^STOP$)"#, #"(?m)(?-m)abc$"#, #"(?:(?m)x)?abc$"#, #"(?m:x)|^\d+$"#, #"((?m)a$)|b$"#,
        #"\d{,4}0"#, #"{code}"#, #"x{"#, #"}"#, #"\d{2,}"#, #"a{1,2"#, #"[{}]"#, #"\x{1F600}|\p{Han}{2}"#,
    ]
    static let texts = [
        "【支付宝】您的验证码是882910，请勿泄露给他人。", "認証コードは552910です", "Your code is 123456.",
        "code:123456abc", "Your order from amazon.com has shipped", "Your order from Amazon has shipped",
        "I can't come", "pay 3.5 now or 3 later", "שלום, מה נשמע", "big_sale today", "SALE! 50% off",
        "x👍 and x.", "a , b", "WIN now: $500", "call 555-1234", "visit https://t.co/x", "+972501234567",
        "Reply STOP to end", "Ваш код: 4411", "Su código es 1234 — casa", "mail me at bob@mail.com",
        "", "1234", "קוד האימות שלך הוא 482913", "رمز التحقق 739201",
        "123456\n", "Your code\r\n", "Win $500", "1234\nReply STOP\n", "reply stop",
        "your {code} is x{", "a{1,2} 😀 中文", "}", "abc\n", "STOP\nmore", "b\n", "a\nb",
    ]

    @Test func answersAsSwiftRegexOnSMSPatterns() throws {
        var disagreements: [String] = []
        for p in Self.patterns {
            let swift = try Regex(p)
            let compiled = try CompiledRuleSet(rules([deny(p, .junk, target: .body, .regex)]))
            let evaluator = Evaluator(compiled)
            for t in Self.texts {
                let app = t.contains(swift)
                let ours = evaluator.evaluate(sender: "", body: t).stage == .denyFilter
                if app != ours { disagreements.append("\(p) on \(t): app \(app), msgsift \(ours)") }
            }
        }
        #expect(disagreements == [])
    }

    /// Only a bare `$` (not in multi-line mode) and braces that start no quantifier are
    /// respelled, outside classes, escapes and quotes.
    @Test(arguments: [
        (#"^\d+$"#, #"^\d+\z"#), (#"\$5"#, #"\$5"#), (#"[$]"#, #"[$]"#), (#"[]$]"#, #"[]$]"#),
        (#"[^]$]x$"#, #"[^]$]x\z"#), (#"\Q$\E$"#, #"\Q$\E\z"#), (#"(?m)^a$"#, #"(?m)^a$"#),
        (#"(?im:a$)"#, #"(?im:a$)"#), (#"(?i)a$|b$"#, #"(?i)a\z|b\z"#), (#"[a[b$]]$"#, #"[a[b$]]\z"#),
        (#"a{,3}"#, #"a{0,3}"#), (#"{x}"#, #"\{x\}"#), (#"a{2,}b{3}"#, #"a{2,}b{3}"#), (#"a{,}"#, #"a\{,\}"#),
        (#"\x{41}\p{L}{2}"#, #"\x{41}\p{L}{2}"#), (#"[{}]{2}"#, #"[{}]{2}"#), (#"(?m)^{$"#, #"(?m)^\{$"#),
        // `(?m` only counts as syntax; `\cX` keeps its X; comments and classes are left alone.
        (#"\(?mobile\)?$"#, #"\(?mobile\)?\z"#), (#"[(?m]x$"#, #"[(?m]x\z"#), (#"\Q(?m\E|x$"#, #"\Q(?m\E|x\z"#),
        // Multi-line mode turned off is no multi-line mode.
        (#"(?-m)a$"#, #"(?-m)a\z"#), (#"(?i-m)a$"#, #"(?i-m)a\z"#),
        // …and multi-line mode in one group is not the whole pattern's (a `(?m:…)` anywhere kept every `$`).
        (#"^\d{6}$|(?m:^STOP$)"#, #"^\d{6}\z|(?m:^STOP$)"#), (#"(?m)(?-m)abc$"#, #"(?m)(?-m)abc\z"#),
        (#"(?:(?m)x$)?abc$"#, #"(?:(?m)x$)?abc\z"#), (#"(a(?m:b)$)$"#, #"(a(?m:b)\z)\z"#), (#"(?m)(x$)$"#, #"(?m)(x$)$"#),
        (#"(?#[)a$"#, #"(?#[)a\z"#), (#"(?#{x} $)a{,2}b"#, #"(?#{x} $)a{0,2}b"#), (#"\c}\c{\c$\c[a$"#, #"\c}\c{\c$\c[a\z"#),
        // Swift allows spaces and tabs in a quantifier (`{4, 6}`, a probe's typo), ICU refuses them.
        (#"\d{4, 6}"#, #"\d{4,6}"#), (#"\d{ 4 }"#, #"\d{4}"#), (#"\d{, 6}"#, #"\d{0,6}"#), (#"\d{4 ,}"#, #"\d{4,}"#),
        ("\\d{4,\t6}", #"\d{4,6}"#), ("x{4\n,6}", "x{4,6}"), (#"(?x) \d{4, 6} "#, #"(?x) \d{4,6} "#), (#"a{ }"#, #"a\{ \}"#), (#"a{ , }"#, #"a\{ , \}"#),
    ])
    func icuSpelling(_ pattern: String, _ expected: String) {
        #expect(ICURegex.icuSpelling(pattern) == expected)
    }

    /// The cases that decided it, spelled out: ICU's default `\b` (a change between
    /// \w and \W) saw no boundary between 是 and 8, and one inside amazon.com.
    @Test(arguments: [
        (#"\b\d{6}\b"#, "您的验证码是882910，请勿泄露", true),
        (#"\b\d{6}\b"#, "認証コードは552910です", true),
        (#"(?i)\bamazon\b"#, "from amazon.com today", false),
        (#"\bcan\b"#, "I can't", false),
        (#"\b3\b"#, "pay 3.5 now", false),
        (#"\B\d"#, "pay 3.5 now", true),
        (#"\d{4, 6}"#, "Your code is 123456", true),
        (#"\+{ 0,1}972\d"#, "call 972501234567", true),     // the prefilter reads `{ 0,1}` as ICU is given it
        (#"a{ ,3}\d"#, "5", true),
    ])
    func decidingCases(_ pattern: String, _ body: String, _ matches: Bool) throws {
        let v = try judge(rules([deny(pattern, .junk, target: .body, .regex)]), sender: "", body: body)
        #expect((v.stage == .denyFilter) == matches)
    }
}
