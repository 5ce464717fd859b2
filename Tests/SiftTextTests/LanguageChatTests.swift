// LanguageDetector on chat: SMS-speak, names inside a sentence, and bodies mixing
// two languages. Expected languages come from reading the sentences (written
// here, not taken from the evaluation sets in bench/langid).
import Testing
@testable import SiftText

@Suite struct LanguageChatTests {
    /// English chat words no other language writes (`WordTable.chatWords`, from wordfreq)
    /// name English; without them these short informal bodies were undetermined.
    @Test(arguments: [
        "kinda tired, wanna stay in tonight",
        "Gonna be late, idk when the bus comes",
    ])
    func smsSpeakIsEnglish(_ body: String) {
        #expect(LanguageDetector.detect(body).language == .en)
    }

    /// Names inside a sentence (`Theo`, `Giancarlo`) do not vote for another language:
    /// the sentence around them decides.
    @Test(arguments: [
        ("Dodici anni fa, Theo van Gogh fu ucciso.", Language.it),
        ("Yesterday Giancarlo and Svetlana came for dinner", .en),
        ("We met Jacques at the station and he drove us home", .en),
        ("Ich habe gestern mit Jennifer und Kevin telefoniert", .de),
    ] as [(String, Language)])
    func namesDoNotVote(_ body: String, _ expected: Language) {
        #expect(LanguageDetector.detect(body).language == expected)
    }

    /// A name alone is no language.
    @Test(arguments: ["Theo van Gogh"])
    func namesAloneAreUndetermined(_ body: String) {
        #expect(LanguageDetector.detect(body).language == nil)
    }

    /// A body mixing two languages is named by the one carrying most of it.
    @Test(arguments: [
        ("Ciao! I'll be home late tonight, the train is delayed and I have to wait", Language.en),
        ("Thanks! Ci vediamo domani sera alle otto a casa di Marco, porta il vino", .it),
        ("Merci ! See you tomorrow at the office, don't forget the slides and the laptop", .en),
        ("Ok, nos vemos mañana en la oficina, no te olvides de traer los documentos", .es),
        ("Danke! Wir sehen uns morgen um acht, see you", .de),
    ] as [(String, Language)])
    func theLanguageCarryingMostNamesAMix(_ body: String, _ expected: Language) {
        #expect(LanguageDetector.detect(body).language == expected)
    }

    /// Words every language's chat borrows from English stay out of the chat lists, so
    /// they do not name English inside another language's message.
    @Test(arguments: ["ok", "okay", "lol", "weekend", "online", "haha", "hey"])
    func borrowedWordsAreNotEnglishChatWords(_ word: String) {
        let english = WordTable.chatWords.first { $0.0 == .en }!.1.split(whereSeparator: \.isWhitespace)
        #expect(!english.contains(Substring(word)))
        #expect(WordTable.latinWord(WordTable.hash(word)) & 1 == 0)
    }

    /// A word of `WordTable.loanwordList` says only that, even where wordfreq finds it
    /// English (`link`, `call`): `Manda o link da call?` is Portuguese.
    @Test(arguments: ["link", "call", "meeting", "online"])
    func borrowedWordsSayOnlyBorrowed(_ word: String) {
        #expect(WordTable.latinWord(WordTable.hash(word)) == WordTable.loanwordBit)
    }

    /// Numbers, codes and links around a message's words do not vote.
    @Test(arguments: [
        ("Il tuo codice è 482913, non condividerlo con nessuno", Language.it),
        ("Dein Code: XK7-44Q9. Gültig bis 18:30 https://example.de/a7Kq", .de),
    ] as [(String, Language)])
    func codesAndLinksDoNotVote(_ body: String, _ expected: Language) {
        #expect(LanguageDetector.detect(body).language == expected)
    }

    @Test(arguments: [("gonna", 0), ("wanna", 0), ("beaucoup", 1), ("einfach", 2), ("perché", 3)])
    func chatWordsSayTheirClass(_ word: String, _ bit: Int) {
        #expect(WordTable.latinWord(WordTable.hash(word)) & 0xFF == 1 << bit)
    }
}
