// Which Chinese writing system a Han character belongs to, looked up in the
// generated tables of Tables/HanTables.swift (scripts/gen-han/gen.c).

/// Which Chinese writing system a Han character belongs to.
public enum HanVariant: Sendable, Equatable {
    /// Used only in Simplified Chinese (ICU's Hans-Hant changes it), e.g. 门.
    case simplified
    /// Used only in Traditional Chinese (ICU's Hant-Hans changes it), e.g. 門.
    case traditional
    /// Shared by both, or not a Han character at all, e.g. 人.
    case both
}

extension HanTables {
    /// Whether the code point is Simplified-only, Traditional-only or neither.
    public static func variant(_ cp: UInt32) -> HanVariant {
        variant(flags: flags(cp, in: flagTable))
    }

    /// The variant `flags` (`flags(_:in:)`) say.
    @inline(__always)
    static func variant(flags: UInt8) -> HanVariant {
        flags & simplifiedFlag != 0 ? .simplified : flags & traditionalFlag != 0 ? .traditional : .both
    }

    /// Whether the code point is a kanji Japanese writes and Chinese does not: its own
    /// simplified forms (駅, 営, 済, 変, 気, 対, 発, 県 …) and characters made in Japan
    /// (込, 働, 畑, 峠 …), and the shinjitai 関 録 説 … ICU's tables take for Traditional. A Han
    /// body with one is Japanese, as one with kana is: `予約確認済` and `東京駅南口` had been
    /// Traditional Chinese. Asked before `variant`, which counts 関 as Traditional.
    /// The iteration mark 々 (`時々`, `色々`) counts so too: Chinese repeats the character.
    public static func isJapaneseOnly(_ cp: UInt32) -> Bool {
        flags(cp, in: flagTable) & japaneseOnlyFlag != 0
    }

    /// What two adjacent Han characters say: `japanesePair` for a two-character word only
    /// Japanese writes often (`多分`, `取引`), `chinesePair` for one only Chinese writes often
    /// (`蛋糕`, `控制`), 0 for any other pair (`HanTables.words`, from wordfreq).
    @inline(__always)
    static func pair(_ a: UInt32, _ b: UInt32) -> UInt8 {
        let key = UInt64(a) << 32 | UInt64(b)
        let h = key &* 0x9E37_79B9_7F4A_7C15
        guard pairFilter[Int(h >> 52)] & 1 << (h >> 46 & 63) != 0 else { return 0 }
        return pairs[key] ?? 0
    }
    /// Whether Japanese writes the Han character (`japaneseKanji`): `点` and `語` yes, `點` and
    /// `们` no. Outside U+3400-U+9FFF, no.
    @inline(__always)
    static func isJapaneseKanji(_ cp: UInt32) -> Bool {
        flags(cp, in: flagTable) & kanjiFlag != 0
    }

    /// Bits of `flagTable`: the character is in `japaneseKanji`, `simplifiedOnly`,
    /// `traditionalOnly`, `japaneseOnly`.
    static let kanjiFlag: UInt8 = 1
    static let simplifiedFlag: UInt8 = 2
    static let traditionalFlag: UInt8 = 4
    static let japaneseOnlyFlag: UInt8 = 8

    /// The four lists as a byte of flags per code point of U+3400-U+9FFF (27 KiB), where every
    /// character of the four is: one load per Han character answers all four questions. A
    /// loop over many fetches the table once (`flags(_:in:)`): each access to a `static let`
    /// is checked.
    static let flagTable: FrozenBuffer<UInt8> = {
        let table = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: 0x6C00)
        table.initialize(repeating: 0)
        for (list, flag) in [(japaneseKanji, kanjiFlag), (simplifiedOnly, simplifiedFlag),
                             (traditionalOnly, traditionalFlag), (japaneseOnly, japaneseOnlyFlag)] {
            for cp in list {
                precondition(cp >= 0x3400 && cp <= 0x9FFF, "HanTables: U+\(String(cp, radix: 16)) outside the table")
                table[Int(cp - 0x3400)] |= flag
            }
        }
        return FrozenBuffer(table)
    }()

    /// The code point's flags in `table` (`flagTable`): none outside U+3400-U+9FFF, but 々 is
    /// `japaneseOnlyFlag`.
    @inline(__always)
    static func flags(_ cp: UInt32, in table: FrozenBuffer<UInt8>) -> UInt8 {
        let i = Int(cp &- 0x3400)
        return i >= 0 && i < 0x6C00 ? table[i] : cp == 0x3005 ? japaneseOnlyFlag : 0
    }

    static let japanesePair: UInt8 = 1
    static let chinesePair: UInt8 = 2

    /// Pair key (first character's code point in the top half) → `japanesePair` or `chinesePair`.
    static let pairs: [UInt64: UInt8] = {
        var table: [UInt64: UInt8] = [:]
        table.reserveCapacity(16_384)
        for (language, list) in words {
            let value = language == .ja ? japanesePair : chinesePair
            var first: UInt32 = 0
            for scalar in list.unicodeScalars {
                if scalar.value <= 0x20 { first = 0; continue }
                if first == 0 { first = scalar.value; continue }
                table[UInt64(first) << 32 | UInt64(scalar.value)] = value
            }
        }
        return table
    }()

    /// One bit per value of a pair key hash's top 18 bits (32 KiB): most pairs of a
    /// Chinese or Japanese body are turned away by one load.
    static let pairFilter: FrozenBuffer<UInt64> = {
        let table = UnsafeMutableBufferPointer<UInt64>.allocate(capacity: 4096)
        table.initialize(repeating: 0)
        for key in pairs.keys {
            let h = key &* 0x9E37_79B9_7F4A_7C15
            table[Int(h >> 52)] |= 1 << (h >> 46 & 63)
        }
        return FrozenBuffer(table)
    }()

    /// Ascending: Japanese shinjitai that differ from both Chinese forms (駅 beside 驛 and 驿)
    /// and kokuji, hand-picked, none of them in ICU's Hans-Hant or Hant-Hans tables; and nine
    /// shinjitai ICU takes for Traditional (関 証 録 説 箇 絶 緑 産 衆: Hant-Hans makes 関 关,
    /// Hans-Hant makes 关 關, so Chinese writes 関 in neither system), found by that round trip
    /// among the characters of extract.py's Japanese training sentences (3 times or more) and
    /// kept where its 78,000 Chinese ones never write them (係, 製 and 週 do). None of the list
    /// is in the 84,000 Chinese sentences of bench/langid's data, training and held out (毎
    /// was, three times: left out).
    static let japaneseOnly: [UInt32] = [
        0x4E21, 0x4E57, 0x4ECF, 0x4EEE, 0x4F1D, 0x4FA1, 0x50CD, 0x5186, 0x5302, 0x5358, 0x55B6, 0x56E3,
        0x56F2, 0x56F3, 0x570F, 0x5727, 0x58CA, 0x58F2, 0x5909, 0x5B9F, 0x5BFE, 0x5C02, 0x5CE0, 0x5DE3,
        0x5DFB, 0x5E2F, 0x5E30, 0x5E81, 0x5E83, 0x5EC3, 0x5F3E, 0x5F93, 0x5FB3, 0x5FDC, 0x6075, 0x60A9,
        0x60AA, 0x6226, 0x6255, 0x629C, 0x629E, 0x62DD, 0x62E0, 0x62E1, 0x6319, 0x635C, 0x63FA, 0x6483,
        0x658E, 0x6669, 0x67A0, 0x6803, 0x685C, 0x685F, 0x691C, 0x697D, 0x69D8, 0x6B69, 0x6B73, 0x6C17,
        0x6CA2, 0x6D99, 0x6E08, 0x6E0B, 0x6E13, 0x6E80, 0x713C, 0x731F, 0x7523, 0x7551, 0x7573, 0x767A,
        0x770C, 0x7A32, 0x7A42, 0x7A4F, 0x7B87, 0x7C8B, 0x7C9B, 0x7D4C, 0x7D75, 0x7D76, 0x7D99, 0x7D9A,
        0x7DCF, 0x7DD1, 0x7E01, 0x7E04, 0x7E26, 0x7E4A, 0x8074, 0x8133, 0x81D3, 0x8358, 0x8535, 0x85AC,
        0x86CD, 0x8846, 0x899A, 0x89A7, 0x89B3, 0x8A33, 0x8A3C, 0x8AAC, 0x8AAD, 0x8B72, 0x8C4A, 0x8CDB,
        0x8EE2, 0x8EFD, 0x8FBA, 0x8FBB, 0x8FBC, 0x9045, 0x91B8, 0x91C8, 0x9244, 0x9271, 0x92AD, 0x92F3,
        0x932C, 0x9332, 0x95A2, 0x9665, 0x967A, 0x96A0, 0x96D1, 0x970A, 0x9855, 0x99C5, 0x9A12, 0x9A13,
        0x9AC4, 0x9ED9, 0x9F62,
    ]
}
