// docs/judging.md "Community lists": community lists — senders by case-insensitive equality (no
// trimming), body phrases by case-insensitive containment, only languages
// that are on, languages in docs/judging.md "Languages" order, sender before body (as the app).
import Testing
import SiftEngine
import SiftRules
import SiftText

@Suite("Community lists")
struct CommunityListTests {
    static let he = list(allowSender: ["Ontopo", "100"], allowBody: ["קוד האימות"], denySender: ["bit"], denyBody: ["הלוואה", "זכית"])
    static let en = list(allowSender: ["BANK"], allowBody: ["verification code"], denySender: ["spam"], denyBody: ["you won", "loan"])

    @Test(arguments: [
        ("ontopo", "hi", Stage.automaticAllow, "he: Ontopo"),
        ("ONTOPO", "hi", .automaticAllow, "he: Ontopo"),
        ("Ontopo ", "hi", .noMatch, nil),            // no trimming
        ("1000", "hi", .noMatch, nil),               // equality, not containment
        ("100", "hi", .automaticAllow, "he: 100"),
        ("bit ", "hi", .noMatch, nil),
        ("BIT", "hi", .automaticDeny, "he: bit"),
        ("x", "קוד האימות שלך 1234", .automaticAllow, "he: קוד האימות"),
        ("x", "YOU WON a prize", .automaticDeny, "en: you won"),
        ("x", "cheap LOAN", .automaticDeny, "en: loan"),
        ("x", "hello", .noMatch, nil),
    ] as [(String, String, Stage, String?)])
    func matching(_ sender: String, _ body: String, _ stage: Stage, _ reason: String?) throws {
        let r = rules(lists: [.he: Self.he, .en: Self.en], listLanguages: [.he, .en])
        let v = try judge(r, sender: sender, body: body)
        #expect(v.stage == stage)
        #expect(v.reason == reason)
    }

    /// Lists large enough that compiling folds their entries and builds the phrase tables
    /// on two threads, and indexes 3,000 patterns by hash: every entry still decides as
    /// it would alone, a phrase listed twice (another case) keeps its first entry, and one
    /// on both sides of a language is the allow side's (stage 3 before 4).
    @Test func everyEntryOfLargeListsDecides() throws {
        let n = 1_200
        var enDeny = (0..<n).map { "Offer\($0)x" }
        enDeny.append("OFFER9X")                                   // the same phrase folded
        let en = list(allowSender: (0..<300).map { "Bank\($0)" }, allowBody: ["offer7x"], denyBody: enDeny)
        // An allow phrase of a later language that an earlier one denies: a second use of one pattern.
        let he = list(allowBody: ["OFFER5X"], denySender: (0..<300).map { "Spam\($0)" }, denyBody: (0..<n).map { "הצעה\($0)ק" })
        let compiled = try CompiledRuleSet(rules(lists: [.en: en, .he: he], listLanguages: [.en, .he]))
        let evaluator = Evaluator(compiled)
        var wrong: [String] = []
        func check(_ sender: String, _ body: String, _ stage: Stage, _ reason: String?) {
            let v = evaluator.evaluate(sender: sender, body: body)
            if v.stage != stage || v.reason != reason { wrong.append("\(sender)/\(body): \(v.stage) \(v.reason ?? "-")") }
        }
        for k in 0..<n {
            if k == 7 {
                check("x", "get offer7X now", .automaticAllow, "en: offer7x")
            } else if k == 5 {
                check("x", "get offer5X now", .automaticAllow, "he: OFFER5X")
            } else {
                check("x", "get offer\(k)X now", .automaticDeny, "en: Offer\(k)x")
            }
            check("x", "הנה הצעה\(k)ק לך", .automaticDeny, "he: הצעה\(k)ק")
        }
        for k in 0..<300 {
            check("BANK\(k)", "hi", .automaticAllow, "en: Bank\(k)")
            check("spam\(k)", "hi", .automaticDeny, "he: Spam\(k)")
        }
        check("x", "an offer for you", .noMatch, nil)
        #expect(wrong.isEmpty, "\(wrong.count) wrong, first \(wrong.prefix(3))")
    }

    @Test func bodyPhrasesLookOnlyAtTheBody() throws {
        let r = rules(lists: [.en: list(denyBody: ["spam"])], listLanguages: [.en])
        #expect(try judge(r, sender: "spam", body: "hello").stage == .noMatch)
    }

    @Test func languagesThatAreOffTakeNoPart() throws {
        let r = rules(lists: [.he: Self.he, .en: Self.en], listLanguages: [.en])
        #expect(try judge(r, sender: "bit", body: "זכית").stage == .noMatch)
        let none = rules(lists: [.he: Self.he, .en: Self.en], listLanguages: [])
        #expect(try judge(none, sender: "BANK", body: "loan").stage == .noMatch)
    }

    @Test func languagesAreConsultedInSpecOrder() throws {
        // en comes before he in docs/judging.md "Languages", whatever the order they were turned on in.
        let r = rules(lists: [.he: list(denyBody: ["promo"]), .en: list(denyBody: ["promo"])], listLanguages: [.he, .en])
        #expect(try judge(r, body: "promo").reason == "en: promo")
    }

    @Test func senderBeforeBodyWithinALanguage() throws {
        let r = rules(lists: [.en: list(denySender: ["spammer"], denyBody: ["offer"])], listLanguages: [.en])
        #expect(try judge(r, sender: "spammer", body: "offer").reason == "en: spammer")
    }

    @Test func earliestEntryOfAListIsReported() throws {
        let r = rules(lists: [.en: list(denyBody: ["big offer", "offer"])], listLanguages: [.en])
        #expect(try judge(r, body: "a big offer").reason == "en: big offer")
        let r2 = rules(lists: [.en: list(denyBody: ["offer", "big offer"])], listLanguages: [.en])
        #expect(try judge(r2, body: "a big offer").reason == "en: offer")
    }

    @Test func manyEntriesStillMatch() throws {
        var l = CommunityList()
        l.denyBody = (0..<20_000).map { "phrase number \($0) end" }
        l.denySender = (0..<20_000).map { "sender\($0)" }
        let r = rules(lists: [.en: l], listLanguages: [.en])
        let compiled = try CompiledRuleSet(r)
        let e = Evaluator(compiled)
        #expect(e.evaluate(sender: "x", body: "... PHRASE NUMBER 12345 END ...").reason == "en: phrase number 12345 end")
        #expect(e.evaluate(sender: "Sender19999", body: "hi").reason == "en: sender19999")
        #expect(e.evaluate(sender: "x", body: "phrase number 12345 en").stage == .noMatch)
    }

    @Test func casefoldedSendersCompareByFolding() throws {
        let r = rules(lists: [.de: list(denySender: ["STRASSE"])], listLanguages: [.de])
        #expect(try judge(r, sender: "straße", body: "x").stage == .automaticDeny)
    }

    /// A phrase listed many times (5,000 copies of `win` cost 2.3 s on one 400 KB body: each
    /// copy was credited at every occurrence) is kept once per kind, the first copy reported.
    @Test func aPhraseListedManyTimesIsReportedByItsFirstEntry() throws {
        let r = rules(lists: [.en: list(allowBody: ["Win"], denyBody: Array(repeating: "win", count: 50) + ["WIN", "win!"]),
                              .he: list(denyBody: ["win"])], listLanguages: [.he, .en])
        let v = try judge(r, sender: "x", body: "you win!")
        #expect(v.stage == .automaticAllow && v.reason == "en: Win")
        let deny = rules(lists: [.en: list(denyBody: ["WIN"] + Array(repeating: "win", count: 50)), .he: list(denyBody: ["win"])],
                         listLanguages: [.he, .en])
        #expect(try judge(deny, sender: "x", body: "you win").reason == "en: WIN")
    }
}
