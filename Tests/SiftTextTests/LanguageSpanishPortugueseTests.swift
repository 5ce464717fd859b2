// Spanish against Portuguese: when the Latin model's two best languages are those two, the
// table trained for the pair (bench/langid/espt.py) decides between them. Expected answers
// come from reading the sentences (written here, not taken from bench/langid's sets).
import Testing
@testable import SiftText

@Suite struct LanguageSpanishPortugueseTests {
    /// The pair table's verdict on one body, in nats for Spanish.
    func lead(_ body: String) -> Double {
        var evidence = Evidence(spanishPortuguese: ())
        for scalar in body.unicodeScalars { evidence.add(scalar.value) }
        evidence.endWord()
        return evidence.spanishPortugueseLead()
    }

    /// The distinctive spellings point the way real text says: -ción / -ção, ñ / nh,
    /// ll / lh (ch), `el` / `o`, `en` / `em`, `no` / `não`, `y` / `e`.
    @Test(arguments: [
        ("nación", true), ("nação", false), ("niño", true), ("ninho", false),
        ("llamar", true), ("chamar", false), ("hijo", true), ("filho", false),
        ("el", true), ("o", false), ("en", true), ("em", false),
        ("no", true), ("não", false), ("y", true), ("e", false),
    ] as [(String, Bool)])
    func spellingsPointToTheirLanguage(_ word: String, _ spanish: Bool) {
        let l = lead(word)
        #expect(spanish ? l > 0 : l < 0, "\(word): \(l)")
    }

    /// Two words in a row tell the two apart where each word alone is both's: `o` is
    /// Portuguese's article and Spanish's `or`, so `o valor` (the value) is Portuguese,
    /// Spanish writing `el valor`; `o sea` (that is) is Spanish, Portuguese writing `ou seja`.
    /// The pair's lead goes further that way than its two words' leads added up.
    @Test(arguments: [("o", "valor", false), ("o", "tipo", false), ("o", "sea", true)] as [(String, String, Bool)])
    func twoWordsInARowPointToTheirLanguage(_ first: String, _ second: String, _ spanish: Bool) {
        let together = lead(first + " " + second), apart = lead(first) + lead(second)
        #expect(spanish ? together > apart : together < apart, "\(first) \(second): \(together) against \(apart)")
    }

    /// Every word of `O valor a ser pago.` Spanish writes too (`o` for `or`); the article
    /// before the noun is Portuguese's (Spanish: `El valor a pagar`). The words alone left it
    /// 6.5 nats ahead, under the short-body margin: undetermined.
    @Test func wordOrderNamesPortuguese() {
        #expect(LanguageDetector.detect("O valor a ser pago.").language == .pt)
    }

    /// Bodies the eight-class model had as the other language of the two, or left to a guess.
    @Test(arguments: [
        ("Tu código de Telegram: 882-114", Language.es),
        ("Nos vemos al rato, amigo", .es),
        ("Depósito realizado no valor de R$ 150", .pt),
        ("Seu código do Uber é 4412", .pt),
    ] as [(String, Language)])
    func thePairDecides(_ body: String, _ expected: Language) {
        #expect(LanguageDetector.detect(body).language == expected)
    }

    /// Strings both languages write alike are no evidence for either: a blocked Portuguese
    /// must not junk a Spanish `Pedido confirmado` (the eight-class model said pt), and
    /// `chevere` is Spanish slang, not Portuguese.
    @Test(arguments: ["Pedido confirmado", "Pedido cancelado", "chevere, nos vemos"])
    func noWrongLanguageWhereTheTwoWriteAlike(_ body: String) {
        #expect(LanguageDetector.detect(body).language != .pt)
    }

    /// Only a body whose two best are Spanish and Portuguese is read again for the choice
    /// between the two: Italian and Portuguese stay the eight-class model's call. A body whose
    /// best is one of the two and whose runner-up is another language is read again for the
    /// neighbours alone (Catalan often has Italian or French second).
    @Test func otherPairsAreNotReadAgain() {
        func reading(_ body: String) -> Evidence.SecondReading {
            var evidence = Evidence()
            for scalar in body.unicodeScalars { evidence.add(scalar.value) }
            evidence.endWord()
            return evidence.secondReading()
        }
        #expect(reading("Ci vediamo domani sera") == .none)
        #expect(reading("Nos vemos al rato, amigo") == .spanishPortuguese)
        #expect(reading("Copia el valor de la propietat") == .neighbours)
    }
}
