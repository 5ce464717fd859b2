// The tables the text functions build on first use (case folding, letter and
// script classes, normalization, emoji, link hosts, calling codes, the language
// model), built ahead of need.
//
// Together they take ~90M instructions (~30 ms) on a run's first message:
// more than reading and compiling a rule set of 500 filters and 5,000 phrases.
// A run starts them on a second thread while the first reads and compiles the
// rules; whoever needs a table first waits for it (a `static let` is built
// once, under a lock), so nothing is built twice and nothing is read half built.

import Foundation

public enum TextTables {
    /// Builds the tables by using each function once on text of every script they
    /// treat apart. Only speed depends on it: a table it misses is built when needed.
    public static func prepare() {
        _ = CaseFold.foldedBytes("Straße İstanbul ΣΊΣΥΦΟΣ Привет")
        _ = Normalization.nfc("cafe\u{301}")
        _ = CharTable.isLetter(0x5D0)
        _ = EmojiDetector.containsEmoji("ok 👍🏽")
        _ = LinkDetector.containsLink("see bit.ly/x or www.example.com")
        _ = CallingCodes.callingCode(ofSender: "+972 50 123 4567")
        for text in ["Bonjour, merci pour votre message et à demain",
                     "您的订单已发货 請確認預約", "お届け予定です", "مرحبا بك، پیام شما رسید",
                     "שלום, ההזמנה שלך נשלחה", "Ваш заказ отправлен"] {
            _ = LanguageDetector.detect(text)
        }
    }

    /// Starts `prepare()` on a thread of its own and returns at once.
    public static func prepareInBackground() {
        let thread = Thread { prepare() }
        thread.stackSize = 1 << 20
        thread.start()
    }
}
