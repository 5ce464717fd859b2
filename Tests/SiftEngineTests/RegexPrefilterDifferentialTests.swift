// The regex prefilter may only skip what cannot match: every regex of the
// bench's realistic rule set (bench/regex-rules.sfsfilters) and a generated
// family of patterns, each alone, over generated messages of many scripts,
// decide exactly as with ICU alone (the compile switch `regexPrefilter:
// false`). The bench runs the same comparison over a million records
// (`msgsift-bench regex-check`).
import Foundation
import SiftEngine
import SiftRules
import SiftText
import Testing

@Suite("Regex prefilter: the same verdicts as ICU alone")
struct RegexPrefilterDifferentialTests {
    static let benchRules = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../bench/regex-rules.sfsfilters").standardized

    static func benchPatterns(_ file: URL = benchRules) throws -> [Filter] {
        try SFSFilters.read(Data(contentsOf: file)).map { try $0.result.get() }.filter { $0.matching == .regex }
    }

    /// Messages of the bench's kinds, in pieces: words the regexes look for and words near
    /// them, codes, amounts, phone numbers, links, dates, emoji, several scripts, case changes.
    static func messages(_ count: Int, seed: UInt64) -> [(sender: String, body: String)] {
        let pieces = ["code", "Code", "CODE", "código", "kod", "код", "codice", "verification", "security code", "is your", "OTP",
                      "loan", "LOAN", "credit", "kredi", "кредит", "КРЕДИТ", "prêt", "PRÊT", "préstamo", "empréstimo", "win", "winner", "won",
                      "prize", "gewonnen", "gagné", "verify", "your", "account", "verify your account", "parcel", "on hold", "customs", "Zoll",
                      "colis", "douane", "free", "FREE", "gratis", "STOP", "reply", "Txt", "unsubscribe", "להסרה", "abmelden",
                      "urgent", "Срочно", "suspended", "blocked", "casino", "bonus", "bitcoin", "appointment", "Termin", "cita", "запись",
                      "验证码", "驗證碼", "認証コード", "確認コード", "קוד אימות", "קוד האימות", "رمز التحقق", "كود الدخول", "کد تایید",
                      "doğrulama kodu", "DOĞRULAMA KODU", "中奖", "贷款", "order", "#", "ß", "STRASSE", "İ", "ı", "ς", "Σ",
                      "123456", "12345", "1234567", "4417", "٣٤٥٦٧٨", "555-123-4567", "555.123.4567", "(555) 123-4567", "+234", "+2348012345678",
                      "+972501234567", "05/10/2026", "5/10/26", "12:30", "$", "$1,250.00", "$999", "€ 15", "15 €", "1.250,00 €", "₪120",
                      "100 TL", "500 руб", "20%", "20 % off", "%30 indirim", "скидка 15%", "-50%", "USD 20", "45.90 USD",
                      "https://", "http://", "secure-id7.xyz", "pay-update12.top/login", "www.shop.ru", "bit.ly/", "bit.ly/x8K", "t.me/",
                      "t.me/promo", "wa.me/", "wa.me/2348012345", "tinyurl.com/abc", "goo.gl", "@", "info@mail.com", "noreply3@",
                      "ABCDE", "SALE", "HELLO WORLD", "ok", "😀", "👍🏽", "📦", "🇮🇱", "\u{301}", "e\u{301}", "שלום", "مرحبا", "你好", "\u{200F}",
                      "free free", "gratis!! gratis", ".", ",", ":", "-", "/", " ", "!!!!", "aaaaa", "ééé", "١٢٣٤٥", "ааа", "Ⅻ"]
        var r = TestRandom(seed: seed)
        let senders = ["12345", "123456", "+2348012345678", "+972501234567", "PayPal", "info7@mail.com", "noreply@x.com", "1234567890123", "Bank"]
        return (0..<count).map { _ in
            var body = ""
            for _ in 0..<(1 + r.below(12)) { body += r.pick(pieces) + (r.chance(70) ? " " : "") }
            return (r.pick(senders), body)
        }
    }

    static func sameVerdicts(_ filters: [Filter], _ messages: [(sender: String, body: String)]) throws {
        for var f in filters {
            f.id = 1
            f.type = .deny
            var set = RuleSet()
            set.add(f)
            let gated = Evaluator(try CompiledRuleSet(set))
            let alone = Evaluator(try CompiledRuleSet(set, regexPrefilter: false))
            var differ = 0
            for m in messages {
                let a = gated.evaluate(sender: m.sender, body: m.body), b = alone.evaluate(sender: m.sender, body: m.body)
                if a.stage != b.stage || a.action != b.action {
                    differ += 1
                    if differ == 1 { Issue.record("\(f.text) on sender \(m.sender), body \(m.body): \(a.stage) with the prefilter, \(b.stage) with ICU alone") }
                }
            }
            #expect(differ == 0, "\(f.text): \(differ) verdicts differ")
        }
    }

    @Test func benchRegexes() throws {
        let filters = try Self.benchPatterns()
        #expect(filters.count >= 40)
        try Self.sameVerdicts(filters, Self.messages(5_000, seed: 7))
    }

    /// The bench's other sets of everyday regexes (bench/regex-rules-{dev1,dev2,dev3,test1,test2}).
    @Test(arguments: ["dev1", "dev2", "dev3", "test1", "test2"])
    func otherBenchRegexes(_ name: String) throws {
        let file = Self.benchRules.deletingLastPathComponent().appendingPathComponent("regex-rules-\(name).sfsfilters")
        let filters = try Self.benchPatterns(file)
        #expect(filters.count >= 40)
        try Self.sameVerdicts(filters, Self.messages(2_000, seed: 13))
    }

    /// Patterns of the bench's shapes with random words and classes.
    @Test func generatedFamily() throws {
        var r = TestRandom(seed: 11)
        var filters: [Filter] = []
        while filters.count < 200 {
            let p = RandomRegex.familyPattern(&r)
            // Surrounding whitespace is trimmed from a filter's text: those patterns are not stored.
            guard (try? ICURegex(p)) != nil, p.trimmingCharacters(in: .whitespacesAndNewlines) == p, !p.isEmpty else { continue }
            filters.append(Filter(id: 0, type: .deny, target: [Target.body, .all, .sender][r.below(3)], matching: .regex, text: p))
        }
        try Self.sameVerdicts(filters, Self.messages(1_500, seed: 13))
    }

    /// The gate needs a literal of every clause: with one clause's alone ICU never runs.
    /// (`ß` under `(?i)`, which may match two characters, leaves the pattern without an
    /// automaton: the gate is the only layer before ICU.)
    @Test func everyClauseIsNeeded() throws {
        var set = RuleSet()
        set.add(deny(#"(?i)(parcel|colis)\b.*\b(hold|zoll|straße)"#, target: .body, .regex))
        let e = Evaluator(try CompiledRuleSet(set))
        #expect(e.evaluate(sender: "x", body: "your parcel is here").stage == .noMatch)
        #expect(e.evaluate(sender: "x", body: "hold on").stage == .noMatch)
        #expect(e.regexRuns.first?.runs == 0)
        #expect(e.evaluate(sender: "x", body: "Ihr COLIS: Zoll fällig").stage == .denyFilter)
        #expect(e.regexRuns.first?.runs == 1)
        // Both literals, in the wrong order: the gate opens, ICU says no.
        #expect(e.evaluate(sender: "x", body: "hold your parcel").stage == .noMatch)
        #expect(e.regexRuns.first?.runs == 2)
        #expect(e.evaluate(sender: "x", body: "parcel: hold").stage == .denyFilter)
        #expect(e.regexRuns.first?.runs == 3)
        // The literal must be in the regex's target: in the sender it opens nothing.
        #expect(e.evaluate(sender: "parcel hold", body: "nothing").stage == .noMatch)
        #expect(e.regexRuns.first?.runs == 3)
    }

    /// An automaton that reads its regex exactly decides without ICU, both ways.
    @Test func anExactAutomatonDecidesWithoutICU() throws {
        var set = RuleSet()
        set.add(deny(#"(?i)(parcel|colis)\b.*\b(hold|zoll)"#, target: .body, .regex))
        let e = Evaluator(try CompiledRuleSet(set))
        #expect(e.evaluate(sender: "x", body: "Ihr COLIS: Zoll fällig").stage == .denyFilter)
        #expect(e.evaluate(sender: "x", body: "hold your parcel").stage == .noMatch)
        #expect(e.evaluate(sender: "x", body: "parcel: hold").stage == .denyFilter)
        #expect(e.evaluate(sender: "x", body: "parcels: hold").stage == .noMatch)      // no boundary after parcel
        #expect(e.regexRuns.first?.runs == 0)
        // `ß` may stand for `ss` under (?i): ICU decides.
        #expect(e.evaluate(sender: "x", body: "parcel: ßhold").stage == .noMatch)
        #expect(e.regexRuns.first?.runs == 1)
    }
}

/// `--explain` says which layer decided each regex its stage looked at.
@Suite("Regex prefilter: --explain")
struct RegexLayerTraceTests {
    /// A sender regex that is the whole sender, one class repeated: a sender of ASCII digits
    /// only is decided by its length, before the text is read; others go on to the automaton.
    @Test func aWholeTextRunDecidesByLength() throws {
        let r = rules([deny(#"^\d{4,6}$"#, target: .sender, .regex)])
        func layer(_ sender: String) throws -> String? {
            try judge(r, sender: sender, body: "hi", explain: true).trace.first { $0.stage == .denyFilter }?.checked
        }
        #expect(try layer("12345") == "1 filter (regex filter 1 matched by its run)")
        #expect(try layer("1234") == "1 filter (regex filter 1 matched by its run)")
        #expect(try layer("1234567") == "1 filter (regex filter 1 ruled out by its run)")   // seven: too long
        #expect(try layer("12a45") == "1 filter (regex filter 1 ruled out by its run)")     // no four digits in a row
        #expect(try layer("+12345") == "1 filter (regex filter 1 ruled out by its first bytes)")  // it starts with +
        #expect(try layer("") == "1 filter (regex filter 1 ruled out by its first bytes)")
        #expect(try layer("١٢٣٤٥") == "1 filter (regex filter 1 matched by its automaton)") // Arabic-Indic digits: not ASCII
        #expect(try judge(r, sender: "12345", body: "hi").stage == .denyFilter)
        #expect(try judge(r, sender: "1234567", body: "hi").stage != .denyFilter)
    }

    /// A date: every match holds a `/` (its anchor), which the stage looks for itself (the
    /// phrase scan, which would meet it in every link, does not gate it); the automaton then
    /// reads only the text around each `/`.
    @Test func theAnchorRulesOutATextWithoutIt() throws {
        let r = rules([deny(#"\b\d{1,2}/\d{1,2}/\d{2,4}\b"#, target: .body, .regex)])
        func layer(_ body: String) throws -> String? {
            try judge(r, sender: "x", body: body, explain: true).trace.first { $0.stage == .denyFilter }?.checked
        }
        #expect(try layer("due 12.05.2026, ref 123456") == "1 filter (regex filter 1 ruled out by its anchor)")
        #expect(try layer("see https://x.co/ab, ref 123456") == "1 filter (regex filter 1 ruled out by its automaton)")
        #expect(try layer("see https://x.co/ab, due 12/05/2026") == "1 filter (regex filter 1 matched by its automaton)")
        #expect(try judge(r, sender: "x", body: "due 1/5/26.").stage == .denyFilter)
        #expect(try judge(r, sender: "x", body: "due 1/5/2.").stage != .denyFilter)
    }

    @Test func traceNamesTheLayer() throws {
        // Filter 4's backreference leaves its automaton a bound: its one digit three times in
        // a row is looked for first, and ICU decides where it is there.
        let r = rules([deny(#"(?i)\b(loan|credit)\b"#, target: .body, .regex), deny("[A-Z]{5,}", target: .body, .regex),
                       deny(#"\b\d{6}\b"#, target: .body, .regex), deny(#"(\d)\1{2}"#, target: .body, .regex),
                       deny(#"\d{3}"#, target: .body, .regex)])
        let v = try judge(r, sender: "x", body: "hello 123", explain: true)
        #expect(v.stage == .denyFilter && v.reason == #"\d{3}"#)
        let step = v.trace.first { $0.stage == .denyFilter }
        // No five capitals in a row, no six digits: filters 2 and 3 are ruled out by their runs
        // before the text is read; three digits are there for filter 5.
        #expect(step?.checked == "5 filters (regex filter 1 ruled out by its literals; regex filter 2 ruled out by its run; "
                + "regex filter 3 ruled out by its run; regex filter 4 ruled out by its repeated scalar; regex filter 5 matched by its automaton)")
        let icu = try judge(r, sender: "x", body: "credits 111", explain: true)
        #expect(icu.reason == #"(\d)\1{2}"#)
        #expect(icu.trace.first { $0.stage == .denyFilter }?.checked == "5 filters (regex filter 1 ruled out by its automaton; "
                + "regex filter 2 ruled out by its run; regex filter 3 ruled out by its run; regex filter 4 matched by ICU)")
        // Six digits: filter 3's run is there, its automaton decides (no boundary before them).
        let run = try judge(r, sender: "x", body: "ref A123456", explain: true)
        #expect(run.trace.first { $0.stage == .denyFilter }?.checked.hasPrefix("5 filters (regex filter 1 ruled out by its literals; "
                + "regex filter 2 ruled out by its run; regex filter 3 ruled out by its automaton; ") == true)
        // No digit: filter 4's backreference stands for what its group matches, a digit, so
        // its run is three digits, and it is ruled out with the others before the text is read.
        let cyrillic = try judge(r, sender: "x", body: "привет, как дела", explain: true)
        #expect(cyrillic.trace.first { $0.stage == .denyFilter }?.checked == "5 filters (regex filter 1 ruled out by its literals; "
                + "regex filter 2 ruled out by its run; regex filter 3 ruled out by its run; "
                + "regex filter 4 ruled out by its run; regex filter 5 ruled out by its run)")
    }
}

/// A seeded generator for tests (xorshift).
struct TestRandom {
    var state: UInt64
    init(seed: UInt64) { state = seed &* 0x9E37_79B9_7F4A_7C15 | 1 }
    mutating func next() -> UInt64 {
        state ^= state << 13; state ^= state >> 7; state ^= state << 17
        return state
    }
    mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
    mutating func pick<T>(_ a: [T]) -> T { a[below(a.count)] }
    mutating func chance(_ percent: Int) -> Bool { below(100) < percent }
}

enum RandomRegex {
    static let words = ["code", "loan", "credit", "prize", "win", "account", "verify", "stop", "free", "order", "paket", "colis",
                        "кредит", "код", "préstamo", "código", "kazandınız", "קוד", "رمز", "验证码", "認証", "ss", "ß", "straße", "İ",
                        "σ", "ς", "k", "\\.", "\\$", "%", "€", "📦", "https?://", "www", "bit\\.ly", "STOP", "SALE", "ok", "\\+234"]
    static let atoms = ["\\d", "\\w", "\\s", "[A-Z]", "[a-z]", "[0-9]", "[-.\\s]", ".", "\\p{L}", "[^\\s]", "\\b", "\\S", "[€$£]",
                        "\\p{Han}", "[Cc]", "[😀📦]", "(?<=\\$)", "(?!x)", "(?<!\\d)", "(?!\\d)", "(?<![\\w.])", "(.)\\1{2,}", "(\\d)\\1",
                        "([!?])\\1{3}", "\\p{Cyrillic}", "[\\u0600-\\u06FF]", "[а-я]", "[^а-я]", "\\P{Latin}", "[\\x{4E00}-\\x{9FFF}]"]
    static let quantifiers = ["", "", "?", "*", "+", "{2}", "{3,}", "{1,4}", "{0}", "{0,2}"]

    static func familyPattern(_ r: inout TestRandom) -> String {
        var parts: [String] = r.chance(40) ? ["(?i)"] : []
        for _ in 0..<(1 + r.below(4)) {
            switch r.below(5) {
            case 0, 1: parts.append(r.pick(words) + (r.chance(20) ? r.pick(quantifiers) : ""))
            case 2:
                let alts = (0..<(1 + r.below(4))).map { _ in r.chance(10) ? "" : r.pick(words) }
                parts.append("(" + (r.chance(30) ? "?:" : "") + alts.joined(separator: "|") + ")" + r.pick(quantifiers))
            case 3: parts.append(r.pick(atoms) + r.pick(quantifiers))
            default: parts.append(r.chance(50) ? " " : "\\s*")
            }
        }
        if r.chance(10) { parts.append("|" + r.pick(words)) }
        return parts.joined()
    }
}

@Suite("Regex prefilter: one scalar repeated, in the stage")
struct RegexSameScalarsStageTests {
    @Test func theRunDecidesBeforeICU() throws {
        var set = RuleSet()
        set.add(Filter(id: 1, type: .deny, target: .body, matching: .regex, text: #"(.)\1{4,}"#))
        let e = Evaluator(try CompiledRuleSet(set))
        let quiet = e.evaluate(sender: "x", body: "hello!!!! aaaa", explain: true)
        #expect(quiet.action == .allow)
        #expect(quiet.trace.first { $0.stage == .denyFilter }?.checked == "1 filter (regex filter 1 ruled out by its repeated scalar)")
        let loud = e.evaluate(sender: "x", body: "hello!!!!!", explain: true)
        #expect(loud.action == .junk)
        #expect(loud.trace.first { $0.stage == .denyFilter }?.checked == "1 filter (regex filter 1 matched by ICU)")
        // Five of one scalar, not of one letter: é and e + U+0301 are not the same scalars.
        #expect(e.evaluate(sender: "x", body: "ééééé").action == .junk)
        #expect(e.evaluate(sender: "x", body: "éé\u{65}\u{301}éé").action == .allow)
    }
}
