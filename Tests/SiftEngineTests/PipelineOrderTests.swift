// docs/judging.md "The pipeline": first match wins across the eight stages, oldest wins within one.
import Testing
import SiftEngine
import SiftRules
import SiftText

/// A message that every stage would claim, and the rules that make each stage claim it.
/// Sender "+44 20 7946 0000" (short-sender would not fire at 5; country-allowlist +972 fires),
/// body "Hallo WIN shalom" matched by a phrase for each filter stage.
enum StageRig {
    static let sender = "+44 20 7946 0000"
    static let body = "שלום לכולם, מבצע חדש WIN"

    static func rules(upTo stages: Set<Stage>) -> RuleSet {
        var filters: [Filter] = []
        if stages.contains(.allowFilter) { filters.append(allow("WIN")) }
        if stages.contains(.denyFilter) { filters.append(deny("מבצע", .promotion)) }
        if stages.contains(.denyLanguage) { filters.append(blockLanguage(.he, .transaction)) }
        var smart: [SmartRule] = []
        if stages.contains(.allUnknown) { smart.append(.allUnknown) }
        if stages.contains(.smartRule) { smart.append(.countryAllowlist) }
        var l = CommunityList()
        if stages.contains(.automaticAllow) { l.allowBody = ["לכולם"] }
        if stages.contains(.automaticDeny) { l.denyBody = ["חדש"] }
        return SiftEngineTests.rules(filters, smart: smart, countries: ["+972"], lists: [.he: l], listLanguages: [.he])
    }

    static let expected: [Stage: (Action, String?)] = [
        .allowFilter: (.allow, "WIN"),
        .allUnknown: (.junk, "all-unknown"),
        .automaticAllow: (.allow, "he: לכולם"),
        .smartRule: (.junk, "country-allowlist"),
        .denyFilter: (.promotion, "מבצע"),
        .denyLanguage: (.transaction, "he"),
        .automaticDeny: (.junk, "he: חדש"),
        .noMatch: (.allow, nil),
    ]
}

struct StagePair: CustomTestStringConvertible, Sendable {
    let first: Stage, later: Stage
    var testDescription: String { "\(first.rawValue) beats \(later.rawValue)" }
}

@Suite("Pipeline order")
struct PipelineOrderTests {
    static let pairs: [StagePair] = {
        let s = Stage.allCases.filter { $0 != .noMatch }
        var out: [StagePair] = []
        for i in s.indices { for j in s.indices where j > i { out.append(StagePair(first: s[i], later: s[j])) } }
        return out
    }()

    @Test(arguments: pairs)
    func earlierStageWins(_ p: StagePair) throws {
        let v = try judge(StageRig.rules(upTo: [p.first, p.later]), sender: StageRig.sender, body: StageRig.body)
        #expect(v.stage == p.first)
        #expect(v.action == StageRig.expected[p.first]!.0)
        #expect(v.reason == StageRig.expected[p.first]!.1)
    }

    @Test(arguments: Stage.allCases)
    func eachStageAloneDecides(_ stage: Stage) throws {
        let v = try judge(StageRig.rules(upTo: [stage]), sender: StageRig.sender, body: StageRig.body)
        #expect(v.stage == stage)
        #expect(v.action == StageRig.expected[stage]!.0)
        #expect(v.reason == StageRig.expected[stage]!.1)
    }

    @Test func everyStageOnTheFirstStageWins() throws {
        let v = try judge(StageRig.rules(upTo: Set(Stage.allCases)), sender: StageRig.sender, body: StageRig.body, explain: true)
        #expect(v.stage == .allowFilter)
        #expect(v.trace.count == 1)
    }

    @Test func traceListsEveryStageUpToTheDecision() throws {
        let v = try judge(StageRig.rules(upTo: [.automaticDeny]), sender: StageRig.sender, body: StageRig.body, explain: true)
        #expect(v.trace.map(\.stage) == Array(Stage.allCases.prefix(7)))
        #expect(v.trace.last!.outcome.hasPrefix("match"))
        #expect(v.trace[0].outcome == "skipped")
        // The community stages name the languages whose lists they consulted.
        #expect(v.trace.first { $0.stage == .automaticAllow }?.checked == "community allow lists (he)")
        #expect(v.trace.last!.checked == "community deny lists (he)")
        let none = try judge(rules(), sender: "x", body: "y", explain: true)
        #expect(none.trace.first { $0.stage == .automaticDeny }?.checked == "community deny lists (no language on)")
    }

    /// The smart-rule step names the rules with their values, and what country-allowlist
    /// found in the sender (the one rule that can skip a message).
    @Test func smartRuleStepSaysWhatWasChecked() throws {
        let r = rules(smart: [.links, .shortSender, .countryAllowlist], shortSender: 4, countries: ["+972", "+1"])
        func step(_ sender: String, _ body: String = "hi") throws -> TraceStep? {
            try judge(r, sender: sender, body: body, explain: true).trace.first { $0.stage == .smartRule }
        }
        #expect(try step("+44 20 7946 0000")?.checked == "links, short-sender=4, country-allowlist=+972,+1")
        #expect(try step("+44 20 7946 0000")?.outcome == "match: country-allowlist (the sender's code is +44)")
        #expect(try step("+972 50 123 4567")?.outcome == "no match (the sender's code +972 is allowed)")
        #expect(try step("BankLeumi")?.outcome == "no match (country-allowlist skipped: the sender does not start with +)")
        #expect(try step("0501234567")?.outcome == "no match (country-allowlist skipped: the sender does not start with +)")
        #expect(try step("00442079460000")?.outcome == "no match (country-allowlist skipped: the sender does not start with +)")
        #expect(try step("+ none")?.outcome == "no match (country-allowlist skipped: no known calling code after the sender's +)")
        // An unknown code is the other reason docs/judging.md "Smart rules" gives to skip, said as such.
        #expect(try step("+999 1234567")?.outcome == "no match (country-allowlist skipped: no known calling code after the sender's +)")
        // An Arabic-Indic 5 before the `+` starts the reduced sender: no code, not an unknown one.
        #expect(try step("\u{0665}+972501234567")?.outcome == "no match (country-allowlist skipped: the sender does not start with +)")
        #expect(try step("Bank")?.outcome == "match: short-sender")
        #expect(try judge(rules(), sender: "x", body: "y", explain: true).trace.first { $0.stage == .smartRule }?.outcome == "skipped")
    }

    /// Stage 6 does not detect a body with no letter of a blocked language's script (the
    /// answer could not block it): the verdict is the one a detection gives, and the trace,
    /// which shows the detection, still runs it.
    @Test func languageStepSkipsDetectionOnlyWhereItCannotBlock() throws {
        let r = rules([blockLanguage(.ru), blockLanguage(.zhHans, .promotion)])
        for (body, action) in [("Привет, как дела? Жду тебя завтра", Action.junk), ("我们明天见面吧，谢谢你的帮助", .promotion),
                               ("שלום, החבילה שלך תגיע מחר", .allow), ("Hello there my friend, how are you", .allow)] {
            let quick = try judge(r, sender: "x", body: body)
            let explained = try judge(r, sender: "x", body: body, explain: true)
            #expect(quick.action == action && quick.stage == explained.stage && quick.reason == explained.reason, "\(body)")
        }
        let step = try judge(r, sender: "x", body: "שלום, החבילה שלך תגיע מחר", explain: true).trace.first { $0.stage == .denyLanguage }
        #expect(step?.checked.hasPrefix("language he") == true)
    }

    @Test func languageStepNamesTheBlockedLanguages() throws {
        let r = rules([blockLanguage(.ru), blockLanguage(.zhHans, .promotion)])
        let step = try judge(r, sender: "x", body: "Hello there my friend, how are you", explain: true).trace.first { $0.stage == .denyLanguage }
        #expect(step?.checked.hasPrefix("language en") == true)
        #expect(step?.outcome == "no match (blocked: zh-Hans, ru)")      // docs/judging.md "Languages" order
    }

    /// When "another Latin-script language" takes part in the decision (no language, or the
    /// margin over it), the trace shows its score beside the two best languages.
    @Test func languageStepShowsAnotherLanguageWhenItDecides() throws {
        let r = rules([blockLanguage(.de)])
        // Dutch: "another language" is the best class, so no language.
        let step = try judge(r, sender: "x", body: "Welkom bij onze winkel", explain: true).trace.first { $0.stage == .denyLanguage }
        #expect(step?.checked.hasPrefix("language undetermined (another language ") == true)
        // English by a margin over "another language", the runner-up.
        let margin = try judge(r, sender: "x", body: "Dinner tonight at 8", explain: true).trace.first { $0.stage == .denyLanguage }
        #expect(margin?.checked.hasPrefix("language en (en ") == true)
        #expect(margin?.checked.contains("another language") == true)
        let clear = try judge(r, sender: "x", body: "Call me back", explain: true).trace.first { $0.stage == .denyLanguage }
        #expect(clear?.checked.hasPrefix("language en (en ") == true)
        #expect(clear?.checked.contains("another language") == false)
    }

    /// Han written alike in both Chinese systems (`你有兄弟`) is undetermined between them,
    /// and Arabic script that tells nothing of Arabic or Persian between those: blocked when
    /// both are (by the older filter, its folder and its language), not when one is, with the
    /// same verdict with and without --explain.
    @Test func aBodyUndeterminedBetweenTwoBlockedLanguagesIsBlocked() throws {
        let both = rules([blockLanguage(.zhHant, .promotion), blockLanguage(.ru), blockLanguage(.zhHans)])
        for explain in [false, true] {
            let v = try judge(both, sender: "x", body: "你有兄弟", explain: explain)
            #expect(v.action == .promotion && v.stage == .denyLanguage && v.reason == "zh-Hant")
        }
        let step = try judge(both, sender: "x", body: "你有兄弟", explain: true).trace.first { $0.stage == .denyLanguage }
        #expect(step?.outcome == "match: zh-Hans or zh-Hant, both blocked; zh-Hant's filter is the older → promotion")
        #expect(try judge(rules([blockLanguage(.zhHans)]), sender: "x", body: "你有兄弟").action == .allow)
        #expect(try judge(rules([blockLanguage(.zhHant)]), sender: "x", body: "你有兄弟").action == .allow)
        let arabic = rules([blockLanguage(.fa), blockLanguage(.ar)])
        #expect(try judge(arabic, sender: "x", body: "سلام سلام").reason == "fa")
        #expect(try judge(rules([blockLanguage(.ar)]), sender: "x", body: "سلام سلام").action == .allow)
        // Urdu's own letters: maybe neither, so not blocked.
        #expect(try judge(arabic, sender: "x", body: "آپ کیسے ہیں؟ میں ٹھیک ہوں").action == .allow)
        // Spanish and Portuguese write it alike.
        #expect(try judge(rules([blockLanguage(.es), blockLanguage(.pt)]), sender: "x", body: "Pedido confirmado").reason == "es")
        #expect(try judge(rules([blockLanguage(.pt)]), sender: "x", body: "Pedido confirmado").action == .allow)
    }

    /// Cyrillic that is not Russian says why in the trace.
    @Test func languageStepSaysWhyCyrillicIsNotRussian() throws {
        let step = try judge(rules([blockLanguage(.ru)]), sender: "x", body: "Дякую, до завтра", explain: true).trace.first { $0.stage == .denyLanguage }
        #expect(step?.checked == "language undetermined (ru 13.0; letters or words Russian lacks)")
        let russian = try judge(rules([blockLanguage(.ru)]), sender: "x", body: "Спасибо, до завтра", explain: true).trace.first { $0.stage == .denyLanguage }
        #expect(russian?.checked.hasPrefix("language ru (ru ") == true)
    }

    /// A list stage with no entries of its kind is skipped, whatever the other kind holds.
    @Test func listStagesWithoutEntriesOfTheirKindAreSkipped() throws {
        let denyOnly = rules(lists: [.en: list(denyBody: ["loan"])], listLanguages: [.en])
        let v = try judge(denyOnly, sender: "x", body: "hi", explain: true)
        #expect(v.trace.first { $0.stage == .automaticAllow }?.outcome == "skipped")
        #expect(v.trace.first { $0.stage == .automaticDeny }?.outcome == "no match")
        let allowOnly = rules(lists: [.en: list(allowSender: ["Bank"])], listLanguages: [.en])
        let w = try judge(allowOnly, sender: "x", body: "hi", explain: true)
        #expect(w.trace.first { $0.stage == .automaticAllow }?.outcome == "no match")
        #expect(w.trace.first { $0.stage == .automaticDeny }?.outcome == "skipped")
    }

    // Oldest (lowest id) decides within a stage, whichever matching kind.
    @Test func oldestDenyFilterDecidesFolder() throws {
        let r = rules([deny("sale", .promotion), deny("big sale", .transaction), deny("SALE", .junk, target: .all, .contains, .sensitive)])
        let v = try judge(r, body: "BIG SALE")
        #expect(v.action == .promotion)
        #expect(v.reason == "sale")
    }

    @Test func olderRegexBeatsYoungerPhrase() throws {
        let r = rules([deny("s.le", .transaction, target: .all, .regex), deny("sale", .promotion)])
        let v = try judge(r, body: "big sale")
        #expect(v.action == .transaction)
        #expect(v.reason == "s.le")
    }

    @Test func olderPhraseBeatsYoungerRegex() throws {
        let r = rules([deny("sale", .promotion), deny("s.le", .transaction, target: .all, .regex)])
        let v = try judge(r, body: "big sale")
        #expect(v.action == .promotion)
    }

    @Test func oldestOfSeveralOverlappingPhrases() throws {
        // Occurrences end in a different order than the filters' ages.
        let r = rules([deny("cheap pills", .junk), deny("pills", .promotion), deny("cheap", .transaction)])
        #expect(try judge(r, body: "cheap pills").action == .junk)
        let r2 = rules([deny("pills", .promotion), deny("cheap pills", .junk)])
        #expect(try judge(r2, body: "cheap pills").action == .promotion)
    }

    @Test func oldestAllowFilterIsReported() throws {
        let r = rules([allow("mom"), allow("hi mom")])
        #expect(try judge(r, body: "hi mom").reason == "mom")
    }

    @Test func idsNotInsertionOrderDecide() throws {
        var r = RuleSet()
        r.add(Filter(id: 7, type: .deny, folder: .promotion, text: "sale"))
        r.add(Filter(id: 3, type: .deny, folder: .transaction, text: "big"))
        #expect(try judge(r, body: "big sale").action == .transaction)
    }
}

@Suite("Ordinals")
struct OrdinalTests {
    @Test("Stage, Action and SmartRule ordinals are the positions in allCases (counters and writers index by them)")
    func ordinals() {
        #expect(Stage.allCases.map(\.ordinal) == Array(0..<Stage.allCases.count))
        #expect(Action.allCases.map(\.ordinal) == Array(0..<Action.allCases.count))
        #expect(SmartRule.allCases.map(\.ordinal) == Array(0..<SmartRule.allCases.count))
        #expect(Stage.allCases.count == 8)      // RecordFormatter's table has 8 stages per action
    }
}

/// A message a smart rule or all-unknown junks unless stage 1 or 3 allows it is
/// scanned by the automaton of the allow side alone (CompiledRuleSet.allowFolded):
/// every kind of allow must still be found there, whatever deny rules share its text.
@Suite("Allow side alone before a smart rule")
struct AllowSideTests {
    /// Deny rules of every kind, so the allow side is an automaton of its own.
    static let denies = [deny("Code", target: .body, .contains, .sensitive), deny("promo"), deny("(?i)bonus\\d+", .promotion, .regex)]
    static let body = "Your Code 4411 for www.bank.example: see you, Mum"

    static let allows: [(Filter, String)] = [
        (allow("see you"), "see you"),
        (allow("mum", .exact), "mum"),
        // The same case-sensitive text as an older deny filter (another target, or it would be
        // the same filter): one raw pattern, gated for both sides.
        (allow("Code", target: .all, .contains, .sensitive), "Code"),
        (allow("Code \\d{4}", .regex), "Code \\d{4}"),
        (allow("bank", target: .sender), "bank"),
    ]

    @Test(arguments: [SmartRule.links, .allUnknown])
    func everyKindOfAllowFilterStillAllows(_ rule: SmartRule) throws {
        for (filter, reason) in Self.allows {
            let sender = reason == "bank" ? "MyBank" : "+1 555 0100"
            let v = try judge(rules(Self.denies + [filter], smart: [rule]), sender: sender, body: Self.body)
            #expect(v.stage == .allowFilter && v.reason == reason, "\(reason): \(v.stage) \(v.reason ?? "")")
            // And nothing else: without the allow filter the rule junks it.
            let without = try judge(rules(Self.denies, smart: [rule]), sender: sender, body: Self.body)
            #expect(without.action == .junk && without.stage == (rule == .allUnknown ? .allUnknown : .smartRule))
        }
    }

    @Test func aCaseSensitiveAllowStillNeedsItsCase() throws {
        let v = try judge(rules(Self.denies + [allow("code", target: .body, .contains, .sensitive)], smart: [.links]),
                          sender: "+1 555 0100", body: Self.body)
        #expect(v.stage == .smartRule)
    }

    @Test func communityAllowBodyStillAllowsBesideDenyLists() throws {
        let l = list(allowBody: ["see you"], denySender: ["+1 555 0100"], denyBody: ["bank", "see"])
        let v = try judge(rules(Self.denies, smart: [.links], lists: [.en: l], listLanguages: [.en]), sender: "+1 555 0100", body: Self.body)
        #expect(v.stage == .automaticAllow && v.reason == "en: see you")
        let denied = try judge(rules(Self.denies, lists: [.en: l], listLanguages: [.en]), sender: "+1 555 0100", body: "nothing here")
        #expect(denied.stage == .automaticDeny)
    }

    /// Under all-unknown, stage 2 junks whatever stage 1 does not allow: stage 3's
    /// allow_body phrases are not looked for, and without allow filters nothing is.
    @Test func underAllUnknownTheAllowSideIsTheAllowFiltersAlone() throws {
        let l = list(allowBody: ["see you", "mum"], denyBody: ["bank"])
        let none = try CompiledRuleSet(rules(Self.denies, smart: [.allUnknown], lists: [.en: l], listLanguages: [.en]))
        #expect(none.allowFolded == nil && none.folded == nil)      // no automaton at all
        #expect(Evaluator(none).evaluate(sender: "+1 555 0100", body: Self.body).stage == .allUnknown)
        let one = try CompiledRuleSet(rules(Self.denies + [allow("mum", .exact)], smart: [.allUnknown], lists: [.en: l], listLanguages: [.en]))
        #expect(one.allowFolded?.matcher.patternCount == 1 && one.folded === one.allowFolded)
        #expect(Evaluator(one).evaluate(sender: "+1 555 0100", body: Self.body).stage == .allowFilter)
        // Beside another smart rule, stage 3 is reached first: its phrases are on the allow side.
        let links = try CompiledRuleSet(rules(Self.denies + [allow("mum", .exact)], smart: [.links], lists: [.en: l], listLanguages: [.en]))
        #expect(links.allowFolded?.matcher.patternCount == 2)
    }
}
