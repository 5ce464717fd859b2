// The sender table finds every key it was built with (the first value of a key
// given twice) and nothing else, whatever its size: its bit filter in front of
// the slots must never turn a key away.
import Testing
import SiftText

@Suite("Byte-key table")
struct ByteKeyTableTests {
    static func value(_ t: ByteKeyTable, _ key: [UInt8]) -> Int32? {
        key.withUnsafeBufferPointer { t.value($0) }
    }

    @Test(arguments: [1, 40, 5_000, 70_000])
    func findsEveryKeyAndNothingElse(count: Int) {
        let keys = (0..<count).map { Array("sender\($0)".utf8) }
        var pairs = keys.enumerated().map { ($0.element, Int32($0.offset)) }
        pairs.append((keys[0], 999))                // a key given twice: the first value stays
        let table = ByteKeyTable(pairs)
        #expect(table.count == count)
        for (i, key) in keys.enumerated() { #expect(Self.value(table, key) == Int32(i)) }
        var wrong = 0
        for i in count..<(count + 20_000) where Self.value(table, Array("sender\(i)".utf8)) != nil { wrong += 1 }
        for i in 0..<min(count, 5_000) where Self.value(table, Array("Sender\(i)".utf8)) != nil { wrong += 1 }
        #expect(wrong == 0)
        #expect(Self.value(table, []) == nil)
    }

    @Test func theEmptyKeyAndAnEmptyTable() {
        #expect(Self.value(ByteKeyTable([([], 7)]), []) == 7)
        #expect(Self.value(ByteKeyTable([]), Array("a".utf8)) == nil)
    }
}
