// HanTables: Simplified-only vs Traditional-only Han characters (generated from ICU).
import Testing
@testable import SiftText

@Suite struct HanTablesTests {
    @Test(arguments: [
        ("门", HanVariant.simplified), ("門", .traditional),
        ("这", .simplified), ("這", .traditional),
        ("国", .simplified), ("國", .traditional),
        ("说", .simplified), ("說", .traditional),
        ("学", .simplified), ("學", .traditional),
        ("发", .simplified), ("發", .traditional),
        ("们", .simplified), ("們", .traditional),
        ("请", .simplified), ("請", .traditional),
        ("会", .simplified), ("會", .traditional),
        ("对", .simplified), ("對", .traditional),
    ])
    func distinguishingCharacters(_ character: String, _ expected: HanVariant) {
        #expect(HanTables.variant(character.unicodeScalars.first!.value) == expected)
    }

    @Test(arguments: [
        "人", "中", "大", "日", "我", "你", "好", "的", "是", "天",
        // Standard in both systems although one-character conversion changes them (gen.c kShared).
        "干", "后", "著",
        // Written in Hong Kong's Traditional text too (Cantonese 晒, 揾).
        "晒", "揾",
    ])
    func sharedCharacters(_ character: String) {
        #expect(HanTables.variant(character.unicodeScalars.first!.value) == .both)
    }

    @Test(arguments: [0x41 as UInt32, 0x5D0, 0x3042, 0x30A2, 0xAC00, 0x10FFFF])
    func nonHanIsBoth(_ cp: UInt32) {
        #expect(HanTables.variant(cp) == .both)
    }

    /// The lookups read a table of flags built from the lists: every code point of the first two planes
    /// (the lists' U+3400-U+9FFF and all around it) answers as the lists say.
    @Test func lookupsAnswerAsTheListsSay() {
        let simplified = Set(HanTables.simplifiedOnly), traditional = Set(HanTables.traditionalOnly)
        let japanese = Set(HanTables.japaneseOnly), kanji = Set(HanTables.japaneseKanji)
        var wrong: [UInt32] = []
        for cp in UInt32(0)..<0x2_0000 {
            let variant: HanVariant = simplified.contains(cp) ? .simplified : traditional.contains(cp) ? .traditional : .both
            if HanTables.variant(cp) != variant || HanTables.isJapaneseOnly(cp) != (cp == 0x3005 || japanese.contains(cp))
                || HanTables.isJapaneseKanji(cp) != kanji.contains(cp) {
                wrong.append(cp)
            }
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(10).map { String($0, radix: 16) })")
        #expect(HanTables.variant(0x10FFFF) == .both && !HanTables.isJapaneseOnly(0x10FFFF))
    }

    @Test func tablesAreSortedAndDisjoint() {
        let s = HanTables.simplifiedOnly, t = HanTables.traditionalOnly
        #expect(zip(s, s.dropFirst()).allSatisfy { $0 < $1 })
        #expect(zip(t, t.dropFirst()).allSatisfy { $0 < $1 })
        #expect(Set(s).isDisjoint(with: t))
        #expect(s.count > 2000 && t.count > 2000)
    }
}
