// LanguageDetector: the dominant language of a body (SPEC §1.3). Expected
// languages come from reading the sentences, not from running the detector.
import Testing
@testable import SiftText

@Suite struct LanguageDetectorTests {
    // MARK: Scripts

    @Test(arguments: [
        ("שלום, החבילה שלך תגיע מחר בין השעות 10 ל-12", Language.he),
        ("Ваш код подтверждения: 4821. Никому его не сообщайте.", .ru),
        ("Ваша посылка прибыла в пункт выдачи, заберите её до пятницы", .ru),
        ("お荷物は明日の午前中にお届けします", .ja),
        ("アマゾンからのお知らせ：アカウントを確認してください", .ja),
        ("您的快递已到达门口，请尽快取件。这是最后通知", .zhHans),
        ("您的快遞已到達門口，請盡快取件。這是最後通知", .zhHant),
        ("我们的银行账户需要验证，请点击链接", .zhHans),
        ("我們的銀行賬戶需要驗證，請點擊鏈接", .zhHant),
    ] as [(String, Language)])
    func scriptDecides(_ body: String, _ expected: Language) {
        #expect(LanguageDetector.detect(body).language == expected)
    }

    @Test(arguments: [
        "안녕하세요 내일 배송 예정입니다",                       // Korean
        "Το δέμα σας θα παραδοθεί αύριο το πρωί",               // Greek
        "พัสดุของคุณจะถูกจัดส่งพรุ่งนี้",                            // Thai
        "आपका पार्सल कल पहुंचेगा",                                // Hindi
        "Ваше замовлення відправлено, очікуйте доставку завтра", // Ukrainian
        "你好，今天下午我在家",                                  // Han with no Simplified-only or Traditional-only character
        "آپ کا پارسل کل پہنچ جائے گا",                          // Urdu
    ])
    func unsupportedOrUndistinguishedIsUndetermined(_ body: String) {
        #expect(LanguageDetector.detect(body).language == nil)
    }

    // MARK: Mixed scripts: the majority script decides

    @Test(arguments: [
        ("ההודעה הזאת נשלחה אליך, شكرا جزيلا, ונשמח לעזור בכל שאלה", Language.he),
        ("שלום חברים יקרים, اهلا وسهلا, נתראה מחר בערב", .he),
        ("مرحبا، تم شحن طلبك وسيصل غدا إلى عنوانك، תודה רבה", .ar),
        ("مرحبا بكم في متجرنا، שלום, نتمنى لكم يوما سعيدا", .ar),
        ("Ваш заказ готов, order 5521", .ru),
        ("Your verification code is 1234 קוד", .en),
    ] as [(String, Language)])
    func majorityScript(_ body: String, _ expected: Language) {
        #expect(LanguageDetector.detect(body).language == expected)
    }

    // MARK: Arabic script: Persian vs Arabic

    @Test(arguments: [
        ("کد تایید شما ۴۵۲۸ است. این کد را به کسی ندهید", Language.fa),
        ("سلام، بسته شما فردا تحویل داده می‌شود", .fa),
        ("برای دریافت جایزه روی لینک زیر کلیک کنید", .fa),
        ("رمز التحقق الخاص بك هو 4528. لا تشاركه مع أي شخص", .ar),
        ("عزيزي العميل، تم شحن طلبك وسيصل في الموعد المحدد", .ar),
        ("تهانينا! لقد ربحت جائزة، اضغط على الرابط للحصول عليها", .ar),
    ] as [(String, Language)])
    func persianOrArabic(_ body: String, _ expected: Language) {
        #expect(LanguageDetector.detect(body).language == expected)
    }

    // MARK: Latin script: words decide

    @Test(arguments: [
        ("Your package will be delivered tomorrow between 10 and 12", Language.en),
        ("Hi, are you free for a call this afternoon?", .en),
        ("Votre colis sera livré demain entre 10h et 12h", .fr),
        ("Bonjour, nous avons bien reçu votre paiement, merci", .fr),
        ("Ihr Paket wird morgen zwischen 10 und 12 Uhr zugestellt", .de),
        ("Bitte bestätigen Sie Ihre Adresse, sonst können wir nicht liefern", .de),
        ("Il tuo pacco sarà consegnato domani tra le 10 e le 12", .it),
        ("Ciao, ci vediamo stasera alle otto davanti al cinema", .it),
        ("Sua encomenda será entregue amanhã entre 10h e 12h", .pt),
        ("Olá, você ganhou um prêmio! Clique no link para receber", .pt),
        ("Su pedido llegará mañana entre las 10 y las 12", .es),
        ("Hola, tu cita con el médico es el jueves a las cinco", .es),
        ("Kargonuz yarın saat 10 ile 12 arasında teslim edilecektir", .tr),
        ("Merhaba, siparişiniz bugün kargoya verildi, teşekkürler", .tr),
    ] as [(String, Language)])
    func latinLanguage(_ body: String, _ expected: Language) {
        #expect(LanguageDetector.detect(body).language == expected)
    }

    @Test(arguments: [
        ("Check your order status at www.example.com today", Language.en),
        ("Visit https://shop.example.de/angebote for the best deals of the year", .en),
        ("C'est l'heure de payer l'abonnement d'électricité", .fr),
        ("L'ordine è arrivato all'ufficio postale dell'aeroporto", .it),
        ("İYİ GÜNLER, SİPARİŞİNİZ YOLDA VE YARIN ELİNİZDE", .tr),
        ("IHR PAKET WIRD MORGEN ZUGESTELLT", .de),
    ] as [(String, Language)])
    func urlsElisionAndCapitals(_ body: String, _ expected: Language) {
        #expect(LanguageDetector.detect(body).language == expected)
    }

    @Test(arguments: [
        "Twoja paczka zostanie dostarczona jutro, dziękujemy za zakup w sklepie", // Polish
        "xkcd qwerty zxcvb mnbvc lkjhg",                                         // no words at all
        "Welkom bij onze winkel",                                                // Dutch: no evidence
    ])
    func latinWithoutEvidenceIsUndetermined(_ body: String) {
        #expect(LanguageDetector.detect(body).language == nil)
    }

    // MARK: Margin and minimum evidence

    @Test func marginRuleLeavesAnAmbiguousPairUndetermined() {
        // "para" and "como" are both Spanish and Portuguese: a tie, listed in SPEC order.
        let detection = LanguageDetector.detect("para como")
        #expect(detection == LanguageDetection(
            language: nil, scores: [LanguageScore(.pt, 1), LanguageScore(.es, 1)], letters: 8))
    }

    @Test func oneEvidenceWordIsNotEnough() {
        #expect(LanguageDetector.detect("Grundstück Bahnhofstraße").language == .de)
        #expect(LanguageDetector.detect("Bahnhofstrasse Zürich").language == nil)
    }

    @Test(arguments: ["", "ok", "Hi!", "The end", "שלום", "привет", "谢谢你", "شكرا لك", "12345678 !!"])
    func shortBodiesAreUndetermined(_ body: String) {
        let detection = LanguageDetector.detect(body)
        #expect(detection.language == nil)
        #expect(detection.letters < LanguageDetector.minimumLetters)
    }

    @Test func kanaInAHanMajorityMeansJapanese() {
        #expect(LanguageDetector.detect("東京駅で待っています").language == .ja)
    }

    // MARK: Evidence and the byte interface

    @Test func lettersCountEveryScript() {
        #expect(LanguageDetector.detect("abc דהו 中文 123 ...").letters == 8)
    }

    @Test func scoresAreBestFirst() {
        let detection = LanguageDetector.detect("Ihr Paket wird morgen zwischen 10 und 12 Uhr zugestellt")
        #expect(detection.scores.first?.language == .de)
        #expect(detection.scores.count <= 2)
        #expect(zip(detection.scores, detection.scores.dropFirst()).allSatisfy { $0.score >= $1.score })
    }

    @Test func utf8BufferMatchesStringAndSurvivesInvalidBytes() {
        let text = "Ihr Paket wird morgen zwischen 10 und 12 Uhr zugestellt"
        let bytes = Array(text.utf8)
        let viaBytes = bytes.withUnsafeBufferPointer { LanguageDetector.detect(utf8: $0) }
        #expect(viaBytes == LanguageDetector.detect(text))
        var broken = bytes
        broken.insert(contentsOf: [0xFF, 0xC3, 0x20, 0xE2, 0x82], at: 10)
        broken.append(0xF0)
        #expect(broken.withUnsafeBufferPointer { LanguageDetector.detect(utf8: $0) }.language == .de)
    }
}
