// LanguageDetector on SMS spelling: abbreviations and particles of SMS English
// (`WordTable.englishChatSpeak`) and of the other classes (`WordTable.chatSpeak`), laughter
// that is no language's, emphasis, sentences run together without a space, HTML entities,
// and names alone. The bodies are written here (not taken from bench/langid's evaluation
// sets); the expectations come from reading them.
import Testing
@testable import SiftText

@Suite struct LanguageSMSSpeakTests {
    /// Messages in SMS English: abbreviations and spellings no other language writes as
    /// words (`u`, `ur`, `pls`, `thx`, `tmr`, `gud`) and Singapore English particles.
    @Test(arguments: [
        "r u coming 2nite? pls txt me when ur here",
        "thx luv, see u tmr",
        "ok lor, i reach home liao",
        "wot u doin now? dunno if i can make it",
        "gud nite, slp well n take care",
        "Sry cant talk now, in a meeting. Will call u back",
        "Hey babe, goin to the mall, wanna come?",
    ])
    func smsEnglishIsEnglish(_ body: String) {
        #expect(LanguageDetector.detect(body).language == .en)
    }

    /// One SMS word alone is English by the list, as `Danke` alone is German: its letters
    /// (`yup` does not look like English spelling) are not scored against it.
    @Test(arguments: ["Yup", "thx!", "Okie...", "k thx", "ikr", "tysm!"])
    func anSMSWordAloneIsEnglish(_ body: String) {
        #expect(LanguageDetector.detect(body).language == .en)
    }

    /// The other classes' SMS spellings (`WordTable.chatSpeak`: French `tkt` t'inquiète, `jtm`
    /// je t'aime; Portuguese `vlw` valeu, `pfv` por favor; German `hdgdl`, `mfg`; Italian `tvtb`;
    /// Turkish `naptın`; Spanish `grax`) name their language alone, as `thx` names English.
    @Test(arguments: [
        ("tkt", Language.fr), ("jtm", .fr), ("vlw!", .pt), ("pfv me liga", .pt), ("hdgdl", .de),
        ("mfg", .de), ("tvtb", .it), ("naptın", .tr), ("grax", .es),
    ] as [(String, Language)])
    func otherLanguagesSMSWordsNameThem(_ body: String, _ expected: Language) {
        #expect(LanguageDetector.detect(body).language == expected)
    }

    /// Laughter, `omg`, `msg` are every language's: alone they name none.
    @Test(arguments: ["haha", "lol", "omg!!", "Hahaha lol", "msg"])
    func laughterIsNoLanguage(_ body: String) {
        #expect(LanguageDetector.detect(body).language == nil)
    }

    /// Turkish typed without its letters' marks (`gunaydin` for `günaydın`, `odemeniz` for
    /// `ödemeniz`), as Turkish SMS often is, is still Turkish; typed with them, as before.
    @Test(arguments: [
        "Gunaydin canim",
        "Aksama gorusuruz",
        "Odemeniz alindi",
        "Toplanti saat ucte, gec kalma",
        "Günaydın canım",
        "Ödemeniz alındı",
    ])
    func turkishWithoutItsMarksIsTurkish(_ body: String) {
        #expect(LanguageDetector.detect(body).language == .tr)
    }

    /// Names only, of no language's frequent words: no language.
    @Test(arguments: ["Rahul Sharma", "Jenny Tan Wei Ling", "Priya Venkataraman"])
    func namesOnlyAreUndetermined(_ body: String) {
        #expect(LanguageDetector.detect(body).language == nil)
    }

    /// Another language's message holding laughter or a word SMS English abbreviates is
    /// still that language: the rest of the body carries it.
    @Test(arguments: [
        ("Haha, merci beaucoup pour le cadeau, c'était parfait", Language.fr),
        ("Jajaja no puedo más, nos vemos mañana en la oficina", .es),
        ("lol ich komme heute etwas später nach Hause", .de),
        ("kkkk você viu o jogo ontem? foi muito bom", .pt),
    ] as [(String, Language)])
    func laughterInsideAnotherLanguage(_ body: String, _ expected: Language) {
        #expect(LanguageDetector.detect(body).language == expected)
    }

    /// Dutch writes `u` (formal you) and `ur` is Swedish: an unsupported language's
    /// message holding them is not named English.
    @Test(arguments: [
        "Kunt u mij morgen terugbellen over de afspraak?",
        "Ta ut maten ur kylen innan du går",
    ])
    func smsWordsInsideUnsupportedLanguages(_ body: String) {
        #expect(LanguageDetector.detect(body).language != .en)
    }

    /// A letter typed three times or more reads as two: the scores are those of the body
    /// with the letter doubled.
    @Test func emphasisReadsAsTwoLetters() {
        let long = LanguageDetector.detect("I am sooooo tired, see you tomorrow")
        let short = LanguageDetector.detect("I am soo tired, see you tomorrow")
        #expect(long.scores == short.scores)
        #expect(long.language == .en)
    }

    /// SMS leave out the space after a full stop: the next word is still scored as a
    /// word of the message (the body scores as it does with the space).
    @Test func aSentenceAfterAFullStopWithoutASpaceIsScored() {
        let joined = LanguageDetector.detect("Going home now.see you tomorrow")
        let spaced = LanguageDetector.detect("Going home now. see you tomorrow")
        #expect(joined.scores == spaced.scores)
        #expect(joined.language == .en)
    }

    /// The letters of an HTML entity (`&lt;`, `&gt;`, as some SMS exports write `<` and
    /// `>`) are not scored.
    @Test func htmlEntitiesAreNotScored() {
        let withEntities = LanguageDetector.detect("Call me at &lt;#&gt; tonight")
        let without = LanguageDetector.detect("Call me at # tonight")
        #expect(withEntities.scores == without.scores)
    }
}
