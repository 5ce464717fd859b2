// Compiling a RuleSet (STYLE "Build once": one call that fails with a
// precise error naming the rule id and what is wrong): under .refuse the
// first invalid filter stops compilation; under .skip it is left out with a
// warning and the rest compile.
import SiftRules
import SiftText
import Testing

@Suite("CompiledRuleSet")
struct CompiledRuleSetTests {
    /// Filters with ids 1…, the one at `bad` replaced by `invalid`.
    static func rules(invalid: Filter, at bad: Int) -> RuleSet {
        var r = RuleSet()
        let good: [Filter] = [
            filter(.allow, "Mom", .junk, .sender, .exact),
            filter(.deny, "Discount", .promotion),
            filter(.deny, #"\d{6}"#, .transaction, .body, .regex),
            filter(.denyLanguage, "$lang:arabic"),
        ]
        for (i, f) in good.enumerated() {
            var g = (i + 1 == bad) ? invalid : f
            g.id = i + 1
            r.add(g)
        }
        return r
    }

    /// An invalid filter → words the error must contain.
    static let invalid: [(Filter, [String])] = [
        (filter(.deny, ""), ["empty"]),
        (filter(.allow, "   "), ["empty"]),
        (filter(.deny, "(", .junk, .all, .regex), ["regex", "U_REGEX_MISMATCHED_PAREN"]),
        (filter(.allow, "[ab", .junk, .body, .regex), ["regex", "U_REGEX_MISSING_CLOSE_BRACKET"]),
        (filter(.denyLanguage, "$lang:klingon"), ["language", "klingon"]),
        (filter(.denyLanguage, " "), ["empty"]),
    ]

    /// Past 2,000 list entries compiling folds them on two threads: entry by entry what
    /// one thread gives, whichever half an entry falls in.
    @Test func largeListsFoldAsOneThreadDoes() {
        for count in [2_000, 2_001, 5_003] {
            let texts = (0..<count).map { k in ["Straße\(k)", "ΣΊΣΥΦΟΣ \(k)", "İstanbul\(k)", "cafe\u{301} \(k)", "X\(k)"][k % 5] }
            let (folded, other) = CompiledRuleSet.folded(texts, alsoDoing: { 42 })
            let wrong = texts.indices.filter { folded[$0] != CaseFold.foldedNFCBytes(texts[$0]) }
            #expect(folded.count == count && wrong.isEmpty, "\(wrong.count) of \(count) differ, the first at \(wrong.first ?? -1)")
            #expect(other == 42)
        }
    }

    /// Patterns are indexed by a hash of their bytes: a phrase listed again (in another
    /// case, list or language) is one pattern with the uses that can decide (a later deny
    /// of the same phrase cannot: the earlier does), however many there are.
    @Test func aPhraseListedAgainIsOnePattern() throws {
        func entries(_ spelled: (Int) -> String) -> [String] { (0..<1_000).map(spelled) }
        var r = RuleSet()
        var en = CommunityList(), he = CommunityList(), fr = CommunityList()
        en.denyBody = entries { "Phrase\($0)" } + ["deny only"]
        he.denyBody = entries { "PHRASE\($0)" }
        fr.allowBody = entries { "phrase\($0)" }
        r.communityLists = [.en: en, .he: he, .fr: fr]
        r.communityLanguages = [.en, .he, .fr]
        let compiled = try CompiledRuleSet(r)
        #expect(compiled.folded?.lengths.count == 1_001)
        #expect(compiled.folded?.uses.count == 2_001)
        // The allow side alone: the French uses, one a pattern.
        #expect(compiled.allowFolded?.lengths.count == 1_000)
        #expect(compiled.allowFolded?.uses.count == 1_000)
    }

    @Test("valid rules compile; filters ordered by id, canonical")
    func compiles() throws {
        var r = RuleSet()
        r.add(filter(.deny, "  later  ", id: 9))
        r.add(filter(.allow, "first", id: 2))
        r.add(filter(.denyLanguage, "Arabic", .promotion, id: 5))
        let compiled = try CompiledRuleSet(r)
        #expect(compiled.filters.map(\.id) == [2, 5, 9])
        #expect(compiled.filters.map(\.text) == ["first", "$lang:arabic", "later"])
        #expect(compiled.filters[1].folder == .promotion)
        #expect(compiled.warnings.isEmpty)
        #expect(compiled.detectsLanguage)
    }

    @Test("an empty rule set compiles to nothing")
    func empty() throws {
        let compiled = try CompiledRuleSet(RuleSet())
        #expect(compiled.filters.isEmpty)
        #expect(compiled.warnings.isEmpty)
        #expect(compiled.regexCount == 0)
        #expect(!compiled.detectsLanguage)
    }

    @Test("regexCount counts allow and deny regexes, not language filters")
    func regexCount() throws {
        var r = RuleSet()
        r.add(filter(.deny, "a+", .junk, .all, .regex))
        r.add(filter(.allow, "b+", .junk, .all, .regex))
        r.add(filter(.deny, "c+", .junk, .all, .contains))
        r.add(filter(.denyLanguage, "he"))
        #expect(try CompiledRuleSet(r).regexCount == 2)
    }

    @Test("refuse: the error names the filter id and what is wrong", arguments: invalid, [1, 2, 3, 4])
    func refuse(invalid: (Filter, [String]), at bad: Int) {
        let (f, words) = invalid
        let error = #expect(throws: RuleError.self) {
            try CompiledRuleSet(Self.rules(invalid: f, at: bad), invalidFilters: .refuse)
        }
        guard case .filter(let id, let problem)? = error else { Issue.record("\(String(describing: error))"); return }
        #expect(id == bad)
        for word in words { #expect(problem.facts.localizedCaseInsensitiveContains(word), "\(problem.facts)") }
    }

    @Test("refuse is the default policy")
    func refuseIsDefault() {
        let error = #expect(throws: RuleError.self) {
            try CompiledRuleSet(Self.rules(invalid: filter(.deny, ""), at: 3))
        }
        #expect(error == .filter(id: 3, .emptyText))
    }

    @Test("refuse names the id as stored, not the position")
    func refuseNamesStoredID() {
        var r = RuleSet()
        r.add(filter(.deny, "ok", id: 40))
        r.add(filter(.deny, "(", .junk, .all, .regex, id: 17))
        let error = #expect(throws: RuleError.self) { try CompiledRuleSet(r, invalidFilters: .refuse) }
        guard case .filter(17, .invalidRegex)? = error else { Issue.record("\(String(describing: error))"); return }
    }

    @Test("skip: one warning naming the filter, the others compile", arguments: invalid, [1, 2, 3, 4])
    func skip(invalid: (Filter, [String]), at bad: Int) throws {
        let (f, words) = invalid
        let compiled = try CompiledRuleSet(Self.rules(invalid: f, at: bad), invalidFilters: .skip)
        #expect(compiled.filters.map(\.id) == [1, 2, 3, 4].filter { $0 != bad })
        #expect(compiled.warnings.count == 1)
        guard case .filterNeverMatches(let id, let problem)? = compiled.warnings.first else { Issue.record("\(compiled.warnings)"); return }
        #expect(id == bad)
        for word in words { #expect(problem.facts.localizedCaseInsensitiveContains(word), "\(problem.facts)") }
    }

    @Test("skip: several invalid filters, one warning each, in id order")
    func skipSeveral() throws {
        var r = RuleSet()
        r.add(filter(.deny, "(", .junk, .all, .regex, id: 4))
        r.add(filter(.deny, "fine", id: 1))
        r.add(filter(.denyLanguage, "klingon", id: 2))
        r.add(filter(.allow, "also fine", id: 3))
        let compiled = try CompiledRuleSet(r, invalidFilters: .skip)
        #expect(compiled.filters.map(\.id) == [1, 3])
        #expect(compiled.warnings.count == 2)
        #expect(compiled.warnings.first == .filterNeverMatches(id: 2, .unknownLanguage("klingon")))
        guard case .filterNeverMatches(4, .invalidRegex)? = compiled.warnings.last else { Issue.record("\(compiled.warnings)"); return }
        #expect(!compiled.detectsLanguage)                  // the only language filter was skipped
        #expect(compiled.regexCount == 0)                   // the only regex was skipped
    }
}
