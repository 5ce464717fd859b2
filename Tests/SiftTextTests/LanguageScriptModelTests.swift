// LanguageDetector outside Latin script, where letters alone do not decide: Persian
// typed without its own letters, Arabic without ة ي ك ى, and Han bodies without kana
// (the word tables of Tables/ArabicScriptWords.swift and Tables/HanWords.swift, from
// wordfreq). Expected languages come from reading the bodies (written here, not taken
// from the evaluation sets in bench/langid).
import Testing
@testable import SiftText

@Suite struct LanguageScriptModelTests {
    /// Persian with none of پ چ ژ گ ک ی and no ZWNJ: only its words tell it from Arabic
    /// (I'm happy; goodbye; I fell asleep; go to sleep; I'm at home).
    @Test(arguments: ["خوشحالم", "خداحافظ", "خوابم برد", "برو بخواب", "تو خونه ام"])
    func persianWithoutPersianLettersIsPersian(_ body: String) {
        #expect(LanguageDetector.detect(body).language == .fa)
    }

    /// One Persian ی names Persian (blue; joy), unless a letter of Urdu, Pashto or
    /// Kurdish, which write ی too, is there (Urdu `یہ ہے`, this is, with ہ and ے).
    @Test(arguments: [("آبی", Language?.some(.fa)), ("شادی", .fa), ("یہ ہے", nil)] as [(String, Language?)])
    func onePersianYeh(_ body: String, _ expected: Language?) {
        #expect(LanguageDetector.detect(body).language == expected)
    }

    /// Urdu without a letter of its own (ٹ ڈ ڑ ں ھ ہ ے) writes only letters Persian
    /// writes too: its frequent words Persian lacks (`میرا`, `واپس`, `کر`; `کیا`) make it
    /// another language, not Persian (give my phone back; what are you doing?). Persian
    /// with ی and ک stays Persian (I'm busy today, I'll come tomorrow; where are you? call).
    @Test(arguments: [
        ("میرا فون واپس کر دو", Language?.none), ("آپ کیا کر رہی؟", nil),
        ("امروز کار دارم، فردا میام", .fa), ("کجایی؟ زنگ بزن", .fa),
    ] as [(String, Language?)])
    func urduInPersianLettersIsNotPersian(_ body: String, _ expected: Language?) {
        let detection = LanguageDetector.detect(body)
        #expect(detection.language == expected)
        if expected == nil { #expect(detection.eitherOf.isEmpty, "no Arabic-or-Persian either way") }
    }

    /// Persian chat typed on an Arabic keyboard, ي ك for ی ک: its listed words in that spelling
    /// weigh against the Arabic letters (where are you? alone is either; my dear, I'm coming;
    /// yesterday, where were you?).
    @Test(arguments: [("كجايي؟", Language?.none), ("عزيزم ميام", .fa), ("ديروز كجايي؟", .fa)] as [(String, Language?)])
    func persianOnAnArabicKeyboardIsNotArabic(_ body: String, _ expected: Language?) {
        #expect(LanguageDetector.detect(body).language == expected)
    }

    /// Arabic with none of ة ي ك ى (I missed her; I'll call her later).
    @Test(arguments: ["اشتقت لها", "سأتصل بها لاحقا"])
    func arabicWithoutArabicLettersIsArabic(_ body: String) {
        #expect(LanguageDetector.detect(body).language == .ar)
    }

    /// Spoken Arabic's short replies, words wordfreq counts too rarely for its Arabic list
    /// and Persian never writes (`arabicwords.py` `ARABIC_DIALECT`): Levantine still at work,
    /// Moroccan I'm coming now, Gulf I don't know, Moroccan very good.
    @Test(arguments: ["لسا بالشغل", "دابا نجي", "مدري والله", "مزيان بزاف"])
    func spokenArabicIsArabic(_ body: String) {
        #expect(LanguageDetector.detect(body).language == .ar)
    }

    /// Words both write (hello, electricity, cancer): still undetermined, not a guess.
    @Test(arguments: ["سلام", "برق", "سرطان"])
    func sharedWordsAloneAreUndetermined(_ body: String) {
        #expect(LanguageDetector.detect(body).language == nil)
    }

    /// Arabic sentences that borrow nothing Persian stays Arabic; Persian with the Arabic
    /// greeting around it stays Persian (the words of each count for their language).
    @Test(arguments: [
        ("اشتقت لها كثيرا يا حبيبتي", Language.ar),
        ("هل وصلت إلى البيت", .ar),
        ("سلام خوشحالم که دیدمت", .fa),
        ("الحمدلله همه خوبن", .fa),
    ] as [(String, Language)])
    func arabicScriptSentences(_ body: String, _ expected: Language) {
        #expect(LanguageDetector.detect(body).language == expected)
    }

    /// Japanese in kanji alone: a word only Japanese writes (`多分` maybe, `自分` oneself, `色々` various) or
    /// the iteration mark 々 names it.
    @Test(arguments: ["自分次第", "時々", "色々", "多分？"])
    func kanjiOnlyJapaneseIsJapanese(_ body: String) {
        #expect(LanguageDetector.detect(body).language == .ja)
    }

    /// `多分大丈夫` (maybe it's fine): `丈夫` is a Chinese word (husband) as much as `多分` a
    /// Japanese one, so it is left undetermined; never Chinese.
    @Test func japaneseWithAChineseWordInsideIsNotChinese() {
        #expect(LanguageDetector.detect("多分大丈夫").language == nil)
    }

    /// Chinese is not read as Japanese: a character Japanese does not write (`们`, `這`),
    /// a Japanese word across two Chinese words (`更多分頁`: 更多 and 分頁), or one among
    /// more characters than it covers (`未知的錯誤`).
    @Test(arguments: ["我们多分一点", "這是自分", "更多分頁", "未知的錯誤", "我不知道", "你好"])
    func chineseIsNotReadAsJapanese(_ body: String) {
        let detected = LanguageDetector.detect(body).language
        #expect(detected != .ja, "\(detected.map(\.rawValue) ?? "undetermined")")
    }

    /// Chinese with its own characters keeps its writing system.
    @Test(arguments: [("我们明天见", Language.zhHans), ("謝謝你的幫忙", .zhHant)] as [(String, Language)])
    func chineseKeepsItsScript(_ body: String, _ expected: Language) {
        #expect(LanguageDetector.detect(body).language == expected)
    }

    /// Mixes: the script with most words decides, then the words within it.
    @Test(arguments: [
        ("Thanks خداحافظ دوست من", Language.fa),
        ("OK 自分次第", .ja),
        ("多分 明天 我们 见面", .zhHans),
    ] as [(String, Language)])
    func mixes(_ body: String, _ expected: Language) {
        #expect(LanguageDetector.detect(body).language == expected)
    }
}
