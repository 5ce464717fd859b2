// Tests for EmojiDetector (docs/judging.md "Smart rules" `emojis`). Scalars are written as escapes
// so that what each case holds is visible; expected values follow the spec.
import SiftText
import Testing

@Suite("EmojiDetector")
struct EmojiTests {
    @Test("first scalar has Emoji_Presentation", arguments: [
        ("\u{1F600}", true),                             // 😀
        ("Hi \u{1F600}!", true),
        ("\u{231A}", true),                              // ⌚ watch, below U+238C but presentation
        ("\u{2B50}", true),                              // ⭐
        ("\u{1F1EE}", true),                             // a lone regional indicator
        ("\u{1F3FD}", true),                             // a lone skin-tone modifier
        ("שלום \u{1F44B}", true),                        // 👋 after Hebrew
        ("你好\u{1F60A}", true),                          // 😊 after Han
    ])
    func presentation(body: String, expected: Bool) {
        #expect(EmojiDetector.containsEmoji(body) == expected)
    }

    @Test("several scalars, the first with Emoji", arguments: [
        ("1\u{FE0F}\u{20E3}", true),                     // 1️⃣ keycap
        ("#\u{FE0F}\u{20E3}", true),                     // #️⃣
        ("*\u{FE0F}\u{20E3}", true),                     // *️⃣
        ("press 5\u{FE0F}\u{20E3} now", true),
        ("\u{00A9}\u{FE0F}", true),                      // ©️
        ("\u{2122}\u{FE0F}", true),                      // ™️
        ("\u{203C}\u{FE0F}", true),                      // ‼️
        ("\u{1F1EE}\u{1F1F1}", true),                    // 🇮🇱 flag
        ("\u{1F44D}\u{1F3FD}", true),                    // 👍🏽 skin tone
        ("\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}", true), // 👨‍👩‍👧 ZWJ family
        ("\u{1F3F4}\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}", true), // England tag flag
        ("5\u{FE0F}", true),                             // digit + VS16, no keycap
        ("1\u{0301}", true),                             // as the app: any mark on an Emoji scalar
    ])
    func sequences(body: String, expected: Bool) {
        #expect(EmojiDetector.containsEmoji(body) == expected)
    }

    @Test("first scalar has Emoji and is above U+238C", arguments: [
        ("\u{260E}", true),                              // ☎
        ("call \u{260E} now", true),
        ("\u{2764}", true),                              // ❤ without VS16
        ("\u{2764}\u{FE0F}", true),                      // ❤️
        ("\u{2708}", true),                              // ✈
        ("\u{263A}", true),                              // ☺
        ("\u{2665}", true),                              // ♥
        ("\u{23CF}", true),                              // ⏏
        ("\u{3299}", true),                              // ㊙
    ])
    func aboveU238C(body: String, expected: Bool) {
        #expect(EmojiDetector.containsEmoji(body) == expected)
    }

    @Test("Emoji scalars alone at or below U+238C without presentation", arguments: [
        ("\u{00A9}", false),                             // © plain
        ("\u{00AE}", false),                             // ®
        ("\u{2122}", false),                             // ™
        ("\u{203C}", false),                             // ‼
        ("\u{2194}", false),                             // ↔
        ("\u{2328}", false),                             // ⌨
        ("#", false),
        ("*", false),
        ("0123456789", false),
        ("Price 100\u{20AC}", false),                    // digit then a non-ASCII scalar in its own cluster
        ("\u{00A9} 2024 ACME", false),
    ])
    func notEmoji(body: String, expected: Bool) {
        #expect(EmojiDetector.containsEmoji(body) == expected)
    }

    @Test("text without emoji", arguments: [
        ("", false),
        ("Hello, world! #1 *deal* 50% off", false),
        ("שלום עולם", false),
        ("مرحبا بالعالم", false),
        ("你好，世界。价格 ¥100", false),
        ("こんにちは カタカナ", false),
        ("Привет, мир", false),
        ("cafe\u{0301} na\u{00EF}ve", false),            // combining and precomposed marks
        ("\u{2192} \u{2605} \u{2026}", false),           // → ★ …: no Emoji property
        ("\u{05E9}\u{05B8}\u{05DC}\u{05D5}\u{05B9}\u{05DD} 3", false), // Hebrew with niqqud, then a digit
    ])
    func plainText(body: String, expected: Bool) {
        #expect(EmojiDetector.containsEmoji(body) == expected)
    }

    /// ASCII is stepped over eight bytes at a time: a keycap (or a digit with a mark)
    /// must be judged at every offset of such a run, the last byte of a word
    /// included, and so must a skin-tone modifier after ASCII letters or a tab.
    @Test func asciiRunsAtEveryOffset() {
        for pad in 0..<20 {
            let ascii = String(repeating: "x", count: pad)
            #expect(EmojiDetector.containsEmoji(ascii + "1\u{FE0F}\u{20E3}"), "keycap after \(pad) bytes")
            #expect(EmojiDetector.containsEmoji(ascii + "#\u{20E3} ok"), "keycap after \(pad) bytes")
            #expect(EmojiDetector.containsEmoji(ascii + "1\u{301} ok"), "a digit with a mark is a cluster of several scalars, the first with Emoji (docs)")
            #expect(!EmojiDetector.containsEmoji(ascii + "12345678\u{5D0}"), "digits then Hebrew after \(pad) bytes")
            // A modifier after a letter extends the letter's cluster (not an emoji); alone, it is one.
            #expect(EmojiDetector.containsEmoji(ascii + "\u{1F3FD}") == (pad == 0), "a modifier after \(pad) bytes")
            #expect(EmojiDetector.containsEmoji(ascii + "\t\u{1F3FD}"), "a modifier after a tab after \(pad) bytes")
        }
    }

    @Test("isEmoji on one cluster", arguments: [
        ("\u{1F600}" as Character, true),
        ("\u{00A9}\u{FE0F}" as Character, true),
        ("\u{00A9}" as Character, false),
        ("7" as Character, false),
        ("a" as Character, false),
    ])
    func cluster(character: Character, expected: Bool) {
        #expect(EmojiDetector.isEmoji(character) == expected)
    }
}
