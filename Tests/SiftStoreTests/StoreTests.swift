// The store API: round trips of every kind of rule, ids in creation order,
// duplicates, all-or-nothing changes, and load() as classify sees it.
import Foundation
import Testing
@testable import SiftStore
import SiftRules
import SiftText

@Suite("Store: filters")
struct StoreFilterTests {
    @Test func aMissingStoreReadsAsEmptyAndIsNotCreated() throws {
        let path = freshStorePath()
        #expect(try Store.openForReading(path: path) == nil)
        #expect(!FileManager.default.fileExists(atPath: path))
        #expect(!FileManager.default.fileExists(atPath: (path as NSString).deletingLastPathComponent))
    }

    @Test func firstWriteCreatesTheStoreAndItsFolder() throws {
        let path = freshStorePath()
        let store = try Store.openForWriting(path: path)
        #expect(store.schemaVersion == Schema.current)
        #expect(FileManager.default.fileExists(atPath: path))
        let mode = try store.database.query("PRAGMA journal_mode") { r throws(StoreError) in r.text(0) }
        #expect(mode == ["wal"])
    }

    @Test func filtersRoundTripWithIdsInCreationOrder() throws {
        let store = try Store.openForWriting(path: freshStorePath())
        let given = [
            deny("Discount"),
            deny("WIN A PRIZE", .promotion, target: .body, matching: .exact, case: .sensitive),
            deny("bit\\.ly/[a-z0-9]+", .transaction, target: .sender, matching: .regex),
            Filter(id: 0, type: .allow, target: .sender, matching: .exact, text: "Mom"),
        ]
        var ids: [Int] = []
        for f in given {
            guard case .added(let s) = try store.add(f) else { Issue.record("not added: \(f.text)"); return }
            ids.append(s.id)
        }
        #expect(ids == ids.sorted() && Set(ids).count == 4)
        let listed = try store.filters().filters
        #expect(listed.map(\.id) == ids)
        #expect(contents(listed) == given)
        #expect(listed.allSatisfy { $0.createdAt != nil })
        #expect(try store.filters(type: .allow).filters.map(\.filter.text) == ["Mom"])
    }

    @Test func textIsStoredInCanonicalForm() throws {
        let store = try Store.openForWriting(path: freshStorePath())
        guard case .added(let s) = try store.add(deny("  padded\t")) else { Issue.record("not added"); return }
        #expect(s.filter.text == "padded")
        // An allow filter's folder does nothing, but it is kept as given (as the app keeps an
        // imported row's), so that an export gives back what was imported.
        guard case .added(let a) = try store.add(Filter(id: 0, type: .allow, folder: .promotion, text: "ok")) else { Issue.record("not added"); return }
        #expect(a.filter.folder == .promotion)
    }

    // docs/judging.md "Filters": same text, target, matching and case is the same filter, whatever type and folder.
    @Test(arguments: [
        Filter(id: 0, type: .deny, text: "Discount"),
        Filter(id: 0, type: .deny, folder: .promotion, text: "Discount"),
        Filter(id: 0, type: .allow, text: "Discount"),
        Filter(id: 0, type: .deny, text: "  Discount "),
    ])
    func duplicateIsANoOpNamingTheExistingFilter(_ again: Filter) throws {
        let store = try Store.openForWriting(path: freshStorePath())
        guard case .added(let first) = try store.add(deny("Discount")) else { Issue.record("not added"); return }
        #expect(try store.add(again) == .duplicate(of: first))
        #expect(try store.filters().filters.count == 1)
    }

    // Canonically equivalent text (é precomposed, e + combining acute) is the same text, as in RuleSet.
    @Test func canonicallyEquivalentTextIsADuplicate() throws {
        let store = try Store.openForWriting(path: freshStorePath())
        guard case .added(let first) = try store.add(deny("caf\u{E9}")) else { Issue.record("not added"); return }
        #expect(try store.add(deny("cafe\u{301}")) == .duplicate(of: first))
    }

    // Not for a regex: ICU matches code points, so `café` and `cafe` + U+0301 match different messages.
    @Test func canonicallyEquivalentRegexesAreTwoFilters() throws {
        let store = try Store.openForWriting(path: freshStorePath())
        let composed = Filter(id: 0, type: .deny, matching: .regex, text: "caf\u{E9}")
        var decomposed = composed
        decomposed.text = "cafe\u{301}"
        guard case .added(let first) = try store.add(composed) else { Issue.record("not added"); return }
        guard case .added = try store.add(decomposed) else { Issue.record("the second spelling was not added"); return }
        #expect(try store.add(composed) == .duplicate(of: first))
        #expect(try store.filters().filters.count == 2)
    }

    @Test(arguments: [
        (Target.sender, Matching.contains, CaseSensitivity.insensitive),
        (Target.all, Matching.exact, CaseSensitivity.insensitive),
        (Target.all, Matching.contains, CaseSensitivity.sensitive),
    ])
    func anotherTargetMatchingOrCaseIsAnotherFilter(_ t: Target, _ m: Matching, _ c: CaseSensitivity) throws {
        let store = try Store.openForWriting(path: freshStorePath())
        _ = try store.add(deny("Discount"))
        guard case .added = try store.add(deny("Discount", target: t, matching: m, case: c)) else { Issue.record("not added"); return }
        #expect(try store.filters().filters.count == 2)
    }

    @Test(arguments: [
        (deny(""), "empty"),
        (deny("   "), "empty"),
        (deny("(", matching: .regex), "regex"),
        (Filter(id: 0, type: .denyLanguage, text: "klingon"), "language"),
    ])
    func invalidFiltersAreRefusedAndNothingIsWritten(_ f: Filter, _ why: String) throws {
        let store = try Store.openForWriting(path: freshStorePath())
        #expect { try store.add(f) } throws: { error in
            switch error as? RuleError {
            case .emptyText?: return why == "empty"
            case .invalidRegex(let pattern, let reason)?: return why == "regex" && pattern == "(" && reason.contains("U_REGEX")
            case .unknownLanguage("klingon")?: return why == "language"
            default: return false
            }
        }
        #expect(try store.filters().filters.isEmpty)
    }

    @Test func removeIsAllOrNothing() throws {
        let store = try Store.openForWriting(path: freshStorePath())
        for t in ["a", "b", "c"] { _ = try store.add(deny(t)) }
        let ids = try store.filters().filters.map(\.id)
        #expect { try store.remove(ids: [ids[0], 999]) } throws: { ($0 as? StoreError)?.kind == .notFound }
        #expect(try store.filters().filters.map(\.id) == ids)
        #expect(try store.remove(ids: [ids[0], ids[2]]).map(\.id) == [ids[0], ids[2]])
        #expect(try store.filters().filters.map(\.filter.text) == ["b"])
        // An id given twice is removed once (it was "no filter with id", and nothing removed).
        #expect(try store.remove(ids: [ids[1], ids[1]]).map(\.id) == [ids[1]])
    }

    /// A row of another version (folder `spam`): `filter list` names its id and skips it,
    /// but `filter remove` of that id said "no filter with id", and adding, changing or
    /// importing a filter with its text, target, matching and case failed with SQLite's
    /// "UNIQUE constraint failed". It can be removed; a clash is said as such.
    @Test func aRowOfAnotherVersionCanBeRemovedAndClashesAreSaid() throws {
        let store = try Store.openForWriting(path: freshStorePath())
        guard case .added(let keep) = try store.add(deny("keep")) else { Issue.record("not added"); return }
        _ = try store.database.writeTransaction {
            try store.database.run("INSERT INTO filter (type, folder, target, matching, case_sensitivity, text) VALUES ('deny', 'spam', 'all', 'contains', 'insensitive', 'bad')")
        }
        let scan = try store.filters()
        #expect(scan.filters.map(\.id) == [keep.id])
        #expect(scan.unreadable == [.filterUnknownValue(id: keep.id + 1, field: "folder", value: "spam")])
        let unreadable = keep.id + 1
        let saidAsSuch: (any Error) -> Bool = {
            ($0 as? StoreError)?.problem == .clashesWithUnreadable(id: unreadable)
        }
        #expect(performing: { try store.add(deny("bad")) }, throws: saidAsSuch)
        #expect(performing: { _ = try store.update(id: keep.id) { $0.text = "bad" } }, throws: saidAsSuch)
        let report = try store.importFilters(try rows([deny("bad"), deny("new")]))
        #expect(report.added == 1 && report.duplicates.map(\.1) == [.filter(unreadable)])
        #expect(try Store.dryRunImport(try rows([deny("bad")]), into: store).duplicates.count == 1)
        #expect(try store.remove(ids: [unreadable]) == [RemovedFilter(id: unreadable, type: "deny", text: "bad")])
        #expect(try store.filters().unreadable.isEmpty)
        guard case .added = try store.add(deny("bad")) else { Issue.record("not added"); return }
    }

    @Test func idsAreNeverReused() throws {
        let store = try Store.openForWriting(path: freshStorePath())
        guard case .added(let a) = try store.add(deny("a")) else { return }
        guard case .added(let b) = try store.add(deny("b")) else { return }
        _ = try store.remove(ids: [b.id])
        guard case .added(let c) = try store.add(deny("c")) else { Issue.record("not added"); return }
        #expect(c.id > b.id && b.id > a.id)
    }

    @Test func updateKeepsTheIdAndValidates() throws {
        let store = try Store.openForWriting(path: freshStorePath())
        guard case .added(let a) = try store.add(deny("old")) else { return }
        guard case .added(let b) = try store.add(deny("other")) else { return }
        let (_, after) = try store.update(id: a.id) { $0.text = " new "; $0.folder = .promotion }
        #expect(after.id == a.id && after.filter.text == "new" && after.filter.folder == .promotion)
        // Invalid result: refused, unchanged.
        #expect { try store.update(id: a.id) { $0.matching = .regex; $0.text = "[" } } throws: { $0 is RuleError }
        // Would duplicate b: refused, unchanged.
        #expect { try store.update(id: a.id) { $0.text = "other" } } throws: { ($0 as? StoreError)?.kind == .conflict }
        #expect { try store.update(id: 999) { $0.text = "x" } } throws: { ($0 as? StoreError)?.kind == .notFound }
        #expect(try store.filters().filters.map(\.filter.text) == ["new", "other"])
        #expect(try store.filters().filters.map(\.id) == [a.id, b.id])
    }
}

@Suite("Store: import of .sfsfilters rows")
struct StoreImportTests {
    @Test func importMergesCountsAndNeverDeletes() throws {
        let store = try Store.openForWriting(path: freshStorePath())
        _ = try store.add(deny("kept"))
        _ = try store.add(deny("dup"))
        let report = try store.importFilters(try rows([deny("new1"), deny("dup"), deny("new2"), deny("new1")]))
        #expect(report.added == 2)
        #expect(report.duplicates.map(\.row) == [2, 4])
        #expect(report.invalid.isEmpty)
        #expect(try store.filters().filters.map(\.filter.text) == ["kept", "dup", "new1", "new2"])
        #expect(report.addedIDs == Array(try store.filters().filters.map(\.id).suffix(2)))
    }

    @Test func invalidFixtureRowsAreCountedAndSkipped() throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../Fixtures/invalid/rules-invalid-rows.sfsfilters"))
        let store = try Store.openForWriting(path: freshStorePath())
        // 14 rows: the first and the last are good; rows 2–13 each break one rule.
        let report = try store.importFilters(try SFSFilters.read(data))
        #expect(report.added == 2)
        #expect(report.duplicates.isEmpty)
        #expect(report.invalid.map(\.row) == Array(2...13))
        #expect(try store.filters().filters.map(\.filter.text) == ["good first", "good last"])
    }

    @Test func dryRunWritesNothingAndAgreesWithTheRealImport() throws {
        let path = freshStorePath()
        let store = try Store.openForWriting(path: path)
        _ = try store.add(deny("dup"))
        let given = try rows([deny("a"), deny("dup"), deny(""), deny("a")])
        let before = bytes(path)
        let dry = try Store.dryRunImport(given, into: try Store.openForReading(path: path))
        #expect(bytes(path) == before)
        let real = try store.importFilters(given)
        #expect((dry.added, dry.duplicates.map(\.row), dry.invalid.map(\.row)) == (real.added, real.duplicates.map(\.row), real.invalid.map(\.row)))
        #expect((real.added, real.duplicates.count, real.invalid.count) == (1, 2, 1))
        #expect(try Store.dryRunImport(given, into: nil).added == 2)
    }
}

@Suite("Store: languages, smart rules, community lists")
struct StoreRulesTests {
    @Test(arguments: Language.allCases)
    func blockedLanguagesAreDenyLanguageFiltersAsTheAppWritesThem(_ l: Language) throws {
        let store = try Store.openForWriting(path: freshStorePath())
        guard case .blocked(let f) = try store.block(l, folder: .promotion) else { Issue.record("not blocked"); return }
        #expect(f.filter.type == .denyLanguage && f.filter.text == "$lang:" + l.englishName && f.filter.folder == .promotion)
        // As the app's LanguageListView.addFilter makes them.
        #expect((f.filter.target, f.filter.matching, f.filter.caseSensitivity) == (.body, .contains, .insensitive))
        #expect(try store.block(l, folder: .promotion) == .alreadyBlocked(f))
        var moved = f
        moved.filter.folder = .junk
        #expect(try store.block(l, folder: .junk) == .folderChanged(from: .promotion, moved))
        #expect(try store.blockedLanguages() == [l: moved])
        #expect(try store.unblock(l).map(\.id) == [f.id])
        #expect(try store.unblock(l).isEmpty)
        #expect(try store.blockedLanguages().isEmpty)
    }

    @Test func smartRulesKeepTheirValuesWhenOff() throws {
        let store = try Store.openForWriting(path: freshStorePath())
        #expect(try store.smartRules().settings == SmartRuleSettings())
        _ = try store.enable(.shortSender, shortSenderMaximum: 4)
        _ = try store.enable(.countryAllowlist, callingCodes: ["+972", "+1"])
        _ = try store.enable(.links)
        #expect(try store.disable(.shortSender))
        #expect(try !store.disable(.shortSender))
        var s = try store.smartRules().settings
        #expect(s.enabled == [.countryAllowlist, .links])
        #expect(s.shortSenderMaximum == 4 && s.allowedCallingCodes == ["+972", "+1"])
        // enable without a value keeps the stored one
        s = try store.enable(.shortSender)
        #expect(s.enabled.contains(.shortSender) && s.shortSenderMaximum == 4)
    }

    @Test(arguments: [
        (SmartRule.shortSender, 7 as Int?, nil as [String]?, RuleError.shortSenderValue("7")),
        (.shortSender, 2, nil, .shortSenderValue("2")),
        (.links, 4, nil, .takesNoValue(.links)),
        (.links, nil, ["+1"], .takesNoCallingCodes(.links)),
        (.countryAllowlist, nil, ["+999"], .unknownCallingCode("+999")),
        (.countryAllowlist, nil, [], .noCallingCodes),
        (.countryAllowlist, nil, nil, .callingCodesNeeded),   // no codes given and none stored
    ])
    func invalidRuleValuesAreRefused(_ rule: SmartRule, _ value: Int?, _ codes: [String]?, _ problem: RuleError) throws {
        let store = try Store.openForWriting(path: freshStorePath())
        #expect { try store.enable(rule, shortSenderMaximum: value, callingCodes: codes) } throws: { ($0 as? RuleError) == problem }
        #expect(try store.smartRules().settings.enabled.isEmpty)
    }

    static let listsJSON = Data(#"{"filter_lists":{"he":{"allow_sender":["Leumi"],"allow_body":[],"deny_sender":[],"deny_body":["הלוואה"]},"en":{"deny_body":["free gift"]}}}"#.utf8)

    @Test func listsImportHashAndUnchanged() throws {
        let store = try Store.openForWriting(path: freshStorePath())
        guard case .imported(let first, nil) = try store.importLists(Self.listsJSON) else { Issue.record("not imported"); return }
        #expect(first.sha256 == SHA256.hex(Array(Self.listsJSON)))
        #expect(first.lists[.he]?.count == 2 && first.lists[.en]?.count == 1)
        guard case .unchanged(let same) = try store.importLists(Self.listsJSON) else { Issue.record("not unchanged"); return }
        #expect(same.sha256 == first.sha256 && same.importedAt == first.importedAt)
        // docs/commands.md "The store": "importing identical content reports unchanged", however it is written.
        let respaced = Data(#"{ "filter_lists": { "en": { "deny_body": [ "free gift" ] },\#n "he": { "deny_body": ["הלוואה"], "allow_sender": ["Leumi"] } } }"#.utf8)
        guard case .unchanged = try store.importLists(respaced) else { Issue.record("re-indented content not unchanged"); return }
        let reordered = Data(#"{"filter_lists":{"he":{"allow_sender":["Leumi"],"deny_body":["הלוואה"]},"en":{"deny_body":["free gift","free gift"]}}}"#.utf8)
        guard case .imported = try store.importLists(reordered) else { Issue.record("other entries unchanged"); return }
        _ = try store.importLists(Self.listsJSON)
        #expect(try store.listLanguages().isEmpty)   // imported lists are off
        try store.setListLanguages([.he, .en], enabled: true)
        try store.setListLanguages([.en], enabled: false)
        #expect(try store.listLanguages() == [.he])
        let other = Data(#"{"filter_lists":{"en":{"deny_body":["x"]}}}"#.utf8)
        guard case .imported(_, let replaced) = try store.importLists(other) else { Issue.record("not imported"); return }
        #expect(replaced == first.sha256)
        #expect(try store.listLanguages() == [.he])   // on/off survives a new import
        #expect { try store.importLists(Data("[1]".utf8)) } throws: { $0 is RuleError }
        #expect(try store.importedLists()?.lists[.en]?.denyBody == ["x"])
    }

    @Test func loadGivesTheRuleSetClassifyUses() throws {
        let path = freshStorePath()
        let store = try Store.openForWriting(path: path)
        _ = try store.add(deny("b-first"))
        _ = try store.add(Filter(id: 0, type: .allow, text: "a-second"))
        _ = try store.block(.ar, folder: .transaction)
        _ = try store.enable(.emojis)
        _ = try store.importLists(StoreRulesTests.listsJSON)
        try store.setListLanguages([.he], enabled: true)

        let reader = try #require(try Store.openForReading(path: path))
        let loaded = try reader.load()
        #expect(loaded.warnings.isEmpty)
        let ids = try store.filters().filters.map(\.id)
        #expect(loaded.ruleSet.filters.map(\.id) == ids)
        #expect(loaded.ruleSet.filters.map(\.text) == ["b-first", "a-second", "$lang:arabic"])
        #expect(loaded.ruleSet.smartRules.enabled == [.emojis])
        #expect(loaded.ruleSet.communityLanguages == [.he])
        #expect(loaded.ruleSet.communityLists[.he]?.allowSender == ["Leumi"])
        // Compiles as classify compiles it: oldest first.
        let compiled = try CompiledRuleSet(loaded.ruleSet, invalidFilters: .skip)
        #expect(compiled.filters.map(\.text) == ["b-first", "a-second", "$lang:arabic"])
    }
}
