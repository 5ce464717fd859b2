// TextTables.prepare builds the text functions' tables ahead of need while other
// threads may already be using them (msgsift starts it beside the rule compiler).
// The tables are `static let`s, built once under a lock; these tests check that
// preparing them while they are in use neither blocks nor changes an answer.
import Dispatch
import Testing
import SiftText

@Suite("Text tables built ahead of need")
struct TextTablesTests {
    @Test("prepare, on several threads at once with the functions themselves, leaves every answer as it was")
    func concurrentPrepareAndUse() {
        let rounds = 8
        let results = Locked([String](repeating: "", count: rounds))
        do {
            DispatchQueue.concurrentPerform(iterations: rounds) { k in
                if k % 2 == 0 { TextTables.prepare() }
                let folded = CaseFold.fold("STRASSE Straße İ")
                let language = LanguageDetector.detect("Bonjour, merci pour votre message et à demain").language?.rawValue ?? "-"
                let emoji = EmojiDetector.containsEmoji("ok 👍🏽")
                let link = LinkDetector.containsLink("see bit.ly/x")
                let answer = "\(folded)|\(language)|\(emoji)|\(link)|\(CharTable.isLetter(0x5D0))"
                results.withLock { $0[k] = answer }
            }
        }
        let answers = results.withLock { $0 }
        // By hand: full case folding (ß → ss, İ → i + U+0307), French, an emoji, a link, א is a letter.
        let expected = "strasse strasse i\u{307}|fr|true|true|true"
        #expect(answers.allSatisfy { $0 == expected }, "\(answers)")
    }

    @Test("prepareInBackground returns before the tables are needed, and a run of them agrees")
    func background() {
        TextTables.prepareInBackground()
        #expect(CaseFold.fold("ΣΊΣΥΦΟΣ") == "σίσυφοσ")
        #expect(LanguageDetector.detect("Ваш заказ отправлен, спасибо за покупку").language == .ru)
    }
}
