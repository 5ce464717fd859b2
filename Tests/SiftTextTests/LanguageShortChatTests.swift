// LanguageDetector on short chat lines and names: Spanish and Portuguese told apart by
// wordfreq's words (`WordTable.spanishFrequent`, `portugueseFrequent`), a body of names
// alone named no language, and a short line with one language's listed words named by a
// smaller margin (by any lead when they are all its words). The bodies are written here
// (not taken from bench/langid's test halves); the expectations come from reading them.
import Testing
@testable import SiftText

@Suite struct LanguageShortChatTests {
    /// Words Spanish writes and Portuguese does not (`dolor`, `sirves`, `rencor`: Portuguese
    /// `dor`, `serves`, `rancor`), and the other way round (`dor`, `chovendo`), carry the
    /// Spanish or Portuguese bit of the word table.
    @Test func wordfreqsSpanishAndPortugueseWordsAreListed() {
        for word in ["dolor", "sirves", "rencor", "lloviendo"] {
            let says = WordTable.latinWord(WordTable.hash(word))
            #expect(says & WordTable.spanishBit != 0, "\(word)")
            #expect(says & WordTable.portugueseBit == 0, "\(word)")
        }
        for word in ["dor", "chovendo", "serves", "você"] {
            let says = WordTable.latinWord(WordTable.hash(word))
            #expect(says & WordTable.portugueseBit != 0, "\(word)")
            #expect(says & WordTable.spanishBit == 0, "\(word)")
        }
        // Words both write are neither's (`para`, `nada`, `parece`).
        for word in ["para", "nada", "parece"] {
            let says = WordTable.latinWord(WordTable.hash(word))
            #expect(says & (WordTable.spanishBit | WordTable.portugueseBit) == 0, "\(word)")
        }
    }

    /// `No sirves para nada` ("you are good for nothing"): every word but `sirves` is both
    /// Spanish and Portuguese; `sirves` (Portuguese `serves`) makes it Spanish. Before the
    /// word lists the model put Portuguese 2 nats ahead and the line was undetermined.
    @Test func aSpanishVerbFormTellsSpanishFromPortuguese() {
        #expect(LanguageDetector.detect("No sirves para nada").language == .es)
    }

    /// Two or three short capitalised words that no list knows are a person's name:
    /// no language (the model read `Albert Einstein` as German, `Charles Darwin` and
    /// `Winston Churchill` as English).
    @Test(arguments: ["Charles Darwin", "Winston Churchill", "Albert Einstein", "George Herman Ruth."])
    func aNameAloneIsNoLanguage(_ body: String) {
        let detection = LanguageDetector.detect(body)
        #expect(detection.language == nil)
        #expect(detection.undetermined == .onlyNames)
    }

    /// Capitalised words a list knows (`Vielen Dank`, `Buongiorno`), words too long for a
    /// name (`Conditional Formatting`) and capitals only (`PLEASE CALL ME BACK`) are still
    /// read: the rule takes out names, not Title Case or shouting.
    @Test(arguments: [
        ("Vielen Dank", Language.de), ("Buongiorno Marco", .it),
        ("Conditional Formatting", .en), ("Thank You Very Much", .en),
    ] as [(String, Language)])
    func capitalisedWordsThatAreNoNameAreRead(_ body: String, _ expected: Language) {
        #expect(LanguageDetector.detect(body).language == expected)
    }

    /// A name inside a sentence does not make the sentence undetermined: its other words
    /// start with small letters.
    @Test func aNameInsideASentenceLeavesItsLanguage() {
        #expect(LanguageDetector.detect("Ho visto Albert Einstein alla stazione").language == .it)
    }

    /// A short line with a listed word of its best class, and none of another class's, needs
    /// `listedShortLatinMargin` (7 nats) over the runner-up, not the short-body margin (10):
    /// the word has counted `spanishPortugueseWord` nats against every other class already.
    /// `ok merci` and `cool merci` (French 8 and 8.5 nats over Italian; `ok` every language's
    /// and not scored, `cool` every language's) and Turkish `naber lan` (what's up, man: `naber`
    /// listed) are named; `Hello hola` (2.5 nats) and Swiss German `Merci vielmal` (3) and
    /// `merci dir` (6) are not, and `merci danke`, a listed word of two classes, keeps the
    /// short margin.
    @Test(arguments: [
        ("ok merci", Language.fr), ("cool merci", .fr), ("naber lan", .tr), ("Sure!", .en),
    ] as [(String, Language)])
    func aShortLineWithAListedWordNeedsTheListedMargin(_ body: String, _ expected: Language) {
        #expect(LanguageDetector.detect(body).language == expected)
    }

    /// The lines the comment above says stay undetermined: a lead under the listed margin, or
    /// listed words of two classes.
    @Test func aShortLineWithListedWordsOfTwoLanguagesOrASmallLeadIsUndetermined() {
        let hello = LanguageDetector.detect("Hello hola")
        #expect(hello.language == nil)
        guard case .smallLead(let lead, let needed)? = hello.undetermined else {
            Issue.record("Hello hola: \(String(describing: hello.undetermined))")
            return
        }
        #expect(lead > 0 && lead < needed)
        #expect(needed == LanguageDetector.listedShortLatinMargin)
        #expect(LanguageDetector.detect("Merci vielmal").language == nil)
        #expect(LanguageDetector.detect("merci dir").language == nil)
        #expect(LanguageDetector.detect("merci danke").language == nil)
    }

    /// A line whose every word is a listed word of one class and of no other needs only to
    /// lead: `hello`, which the letters alone read as Italian (listed, English leads by 2
    /// nats); `sure` (3.5 over French).
    @Test(arguments: ["hello", "hello?", "sure", "Hello!!!"])
    func aLineOfListedWordsIsNamed(_ body: String) {
        #expect(LanguageDetector.detect(body).language == .en)
    }

    /// Chat words down to Zipf 3.0 (wordfreq's 25,000 most frequent per class): `gotcha`
    /// (English) and `stamani` (Italian, "this morning") are each one language's only, and
    /// alone name it as `Danke` does; below Zipf 3.5 they were not listed and undetermined.
    @Test(arguments: [("gotcha", Language.en), ("Stamani", .it)] as [(String, Language)])
    func lessFrequentChatWordsAreListed(_ body: String, _ expected: Language) {
        #expect(LanguageDetector.detect(body).language == expected)
    }

    /// A capitalised word right after a name is the name's too (`Street Fighter`,
    /// `Breaking Bad`), so a title inside a Portuguese or Italian sentence is no English
    /// evidence: `Prefiro o Street Fighter` ("I prefer Street Fighter") was English.
    @Test(arguments: [
        ("Prefiro o Street Fighter", Language.pt), ("Joguei o Grand Theft Auto", .pt),
        ("Ho visto Breaking Bad ieri", .it),
    ] as [(String, Language)])
    func aNamesWordsAfterItsFirstAreTheName(_ body: String, _ expected: Language) {
        #expect(LanguageDetector.detect(body).language == expected)
    }

    /// A sentence that starts in capitals keeps its Title Case words: the chain starts at a
    /// name inside a sentence, not at the first word (`Your Order Has Been Shipped`).
    @Test func titleCaseFromTheStartIsStillRead() {
        #expect(LanguageDetector.detect("Your Order Has Been Shipped Today").language == .en)
    }

    /// One-letter words count too: Portuguese `e` ("and"; Spanish writes `y`), so in
    /// `Letras e números` Portuguese now leads Spanish (the model alone put Spanish 4.5
    /// nats ahead); too short a line to be named either way.
    @Test func theOneLetterWordETellsPortuguese() {
        #expect(WordTable.latinWord(WordTable.hash("e")) & WordTable.portugueseBit != 0)
        #expect(WordTable.latinWord(WordTable.hash("y")) & WordTable.spanishBit != 0)
        let detection = LanguageDetector.detect("Letras e números")
        #expect(detection.scores.first?.language == .pt)
        #expect(detection.language == nil)
    }

    /// Laughter spelt in ways no list has (`hahah`, `hihihi`, `jajajj`) is no word of any
    /// language: not scored, so alone it leaves nothing for the model to read.
    @Test(arguments: ["hahah", "hihihi", "jajajj", "Hahahha!!"])
    func laughterSpeltAnyWayIsNotScored(_ body: String) {
        let detection = LanguageDetector.detect(body)
        #expect(detection.language == nil)
        #expect(detection.undetermined == .noModelWord)
    }

    /// Words of h and vowels under four letters (`hai`, `ahi`, `hei`) are still read:
    /// `Hai visto la partita ieri sera?` is Italian.
    @Test func wordsOfTheSameLettersAreStillRead() {
        #expect(LanguageDetector.detect("Hai visto la partita ieri sera?").language == .it)
    }

    /// A word right before a colon with a letter after it is a property's or a scheme's
    /// name (`display:flex`, `about:config`), taken out as the part after the colon is:
    /// `Apri about:config` ("open about:config") was English, `Prova con display:flex`
    /// undetermined; both are Italian. A colon followed by a space keeps the word.
    @Test func theWordBeforeATechnicalColonIsNotScored() {
        #expect(LanguageDetector.detect("Apri about:config").language == .it)
        #expect(LanguageDetector.detect("Prova con display:flex").language == .it)
        #expect(LanguageDetector.detect("Ouvrez about:config").language == .fr)
        #expect(LanguageDetector.detect("Note: meeting moved to Friday afternoon").language == .en)
    }
}
