// RuleSet.add (docs/judging.md "Filters" "Duplicates", §1.5 "the oldest (lowest id) decides"):
// a filter with the same text, target, matching and case is the same filter,
// whatever its type and folder; ids given as 0 follow insertion order.
import SiftRules
import SiftText
import Testing

@Suite("RuleSet.add")
struct RuleSetTests {
    static let base = filter(.deny, "Discount", .junk, .all, .contains, .insensitive)

    @Test("same text, target, matching and case is a duplicate, whatever the type and folder", arguments: [
        filter(.deny, "Discount", .junk, .all, .contains, .insensitive),
        filter(.deny, "Discount", .promotion, .all, .contains, .insensitive),
        filter(.deny, "Discount", .transaction, .all, .contains, .insensitive),
        filter(.allow, "Discount", .junk, .all, .contains, .insensitive),
        filter(.deny, "Discount", .junk, .all, .contains, .insensitive, id: 42),
    ])
    func duplicate(second: Filter) {
        var rules = RuleSet()
        let added = [rules.add(Self.base), rules.add(second)]
        #expect(added == [true, false])
        #expect(rules.filters.count == 1)
        #expect(rules.filters.first?.type == .deny)          // the first one stays as it was
        #expect(rules.filters.first?.folder == .junk)
        #expect(rules.filters.first?.id == 1)
    }

    @Test("a different text, target, matching or case is another filter", arguments: [
        filter(.deny, "Discounts", .junk, .all, .contains, .insensitive),
        filter(.deny, "Discount", .junk, .sender, .contains, .insensitive),
        filter(.deny, "Discount", .junk, .body, .contains, .insensitive),
        filter(.deny, "Discount", .junk, .all, .exact, .insensitive),
        filter(.deny, "Discount", .junk, .all, .regex, .insensitive),
        filter(.deny, "Discount", .junk, .all, .contains, .sensitive),
        filter(.allow, "Discount", .junk, .all, .exact, .sensitive),
    ])
    func distinct(second: Filter) {
        var rules = RuleSet()
        let added = [rules.add(Self.base), rules.add(second)]
        #expect(added == [true, true])
        #expect(rules.filters.count == 2)
        #expect(rules.filters.map(\.id) == [1, 2])
    }

    @Test("language filters: the same language twice is a duplicate, whatever the folder")
    func languageDuplicate() {
        var rules = RuleSet()
        let added = [
            rules.add(filter(.denyLanguage, "$lang:arabic", .junk)),
            rules.add(filter(.denyLanguage, "$lang:arabic", .promotion)),
            rules.add(filter(.denyLanguage, "$lang:hebrew", .junk)),
        ]
        #expect(added == [true, false, true])
        #expect(rules.filters.map(\.text) == ["$lang:arabic", "$lang:hebrew"])
    }

    @Test("ids given as 0 ascend in insertion order, from 1", arguments: [1, 2, 5, 20])
    func idsInInsertionOrder(count: Int) {
        var rules = RuleSet()
        for i in 0..<count { let added = rules.add(filter(.deny, "phrase \(i)")); #expect(added) }
        #expect(rules.filters.map(\.id) == Array(1...count))
        #expect(rules.filters.map(\.text) == (0..<count).map { "phrase \($0)" })
    }

    @Test("a refused duplicate takes no id")
    func duplicateTakesNoID() {
        var rules = RuleSet()
        rules.add(filter(.deny, "a"))
        rules.add(filter(.allow, "a"))
        rules.add(filter(.deny, "b"))
        #expect(rules.filters.map(\.id) == [1, 2])
        #expect(rules.filters.map(\.text) == ["a", "b"])
    }

    @Test("given ids are kept; an id 0 after them is younger than all", arguments: [
        ([5, 0, 0], [5, 6, 7]),
        ([0, 10, 0], [1, 10, 11]),
        ([3, 9, 4, 0], [3, 9, 4, 10]),
        ([0, -1, 0], [1, 2, 3]),                             // not positive: numbered like 0
    ])
    func givenIDs(given: [Int], expected: [Int]) {
        var rules = RuleSet()
        for (i, id) in given.enumerated() { let added = rules.add(filter(.deny, "f\(i)", id: id)); #expect(added) }
        #expect(rules.filters.map(\.id) == expected)
    }

    @Test("add keeps the filter's other fields as given")
    func keepsFields() {
        var rules = RuleSet()
        let f = filter(.deny, "x", .promotion, .body, .exact, .sensitive)
        rules.add(f)
        var expected = f
        expected.id = 1
        #expect(rules.filters == [expected])
    }
}
