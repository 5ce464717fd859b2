// Deterministic generators for benchmarks: SMS-like corpora and rule sets of
// a given size. Same seed, same bytes — so a benchmark's verdict checksum is
// comparable across runs and machines.
import Foundation
import SiftRules
import SiftText

/// A small, fast, seedable generator (SplitMix64).
struct SeededRandom {
    private var state: UInt64
    init(seed: UInt64) { state = seed &+ 0x9E37_79B9_7F4A_7C15 }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
    mutating func chance(_ percent: Int) -> Bool { below(100) < percent }
    mutating func pick<T>(_ a: [T]) -> T { a[below(a.count)] }
}

/// Vocabulary per language for synthetic bodies (everyday SMS words).
enum Vocabulary {
    static let words: [Language: [String]] = [
        .en: "your order has been shipped and will arrive tomorrow please confirm the appointment call me when you get home the meeting is moved to friday thanks see you soon payment received for account balance is low reply stop to unsubscribe free offer today only".split(separator: " ").map(String.init),
        .he: "ההזמנה שלך נשלחה ותגיע מחר נא לאשר את התור תתקשר אליי כשתגיע הביתה הפגישה נדחתה ליום שישי תודה נתראה בקרוב התשלום התקבל יתרת החשבון נמוכה להסרה השב הסר מבצע".split(separator: " ").map(String.init),
        .ar: "تم شحن طلبك وسيصل غدا يرجى تأكيد الموعد اتصل بي عندما تصل إلى المنزل تم تأجيل الاجتماع إلى يوم الجمعة شكرا أراك قريبا تم استلام الدفعة رصيد الحساب منخفض عرض مجاني".split(separator: " ").map(String.init),
        .zhHans: "您的订单已发货 明天送达 请确认预约 到家后给我打电话 会议改到周五 谢谢 回头见 付款已收到 账户余额不足 回复退订 今日免费优惠".split(separator: " ").map(String.init),
        .zhHant: "您的訂單已發貨 明天送達 請確認預約 到家後給我打電話 會議改到週五 謝謝 回頭見 付款已收到 帳戶餘額不足 回覆退訂 今日免費優惠".split(separator: " ").map(String.init),
        .fr: "votre commande a été expédiée et arrivera demain merci de confirmer le rendez-vous appelle moi quand tu rentres la réunion est reportée à vendredi à bientôt paiement reçu solde du compte".split(separator: " ").map(String.init),
        .de: "ihre bestellung wurde versandt und kommt morgen an bitte bestätigen sie den termin ruf mich an wenn du zu hause bist das treffen ist auf freitag verschoben danke bis bald zahlung erhalten".split(separator: " ").map(String.init),
        .it: "il tuo ordine è stato spedito e arriverà domani per favore conferma l'appuntamento chiamami quando arrivi a casa la riunione è spostata a venerdì grazie a presto pagamento ricevuto".split(separator: " ").map(String.init),
        .ja: "ご注文の 商品は 発送されました 明日 お届け 予定です 予約を 確認して ください 家に 着いたら 電話して 会議は 金曜日に 変更されました ありがとう また ね".split(separator: " ").map(String.init),
        .fa: "سفارش شما ارسال شد و فردا می‌رسد لطفا نوبت را تایید کنید وقتی به خانه رسیدی به من زنگ بزن جلسه به جمعه منتقل شد ممنون به زودی می‌بینمت پرداخت دریافت شد".split(separator: " ").map(String.init),
        .pt: "o seu pedido foi enviado e chegará amanhã por favor confirme a consulta liga-me quando chegares a casa a reunião foi adiada para sexta obrigado até breve pagamento recebido".split(separator: " ").map(String.init),
        .ru: "ваш заказ отправлен и прибудет завтра пожалуйста подтвердите запись позвони мне когда будешь дома встреча перенесена на пятницу спасибо до скорого платеж получен баланс".split(separator: " ").map(String.init),
        .es: "su pedido ha sido enviado y llegará mañana por favor confirme la cita llámame cuando llegues a casa la reunión se pasó al viernes gracias hasta pronto pago recibido saldo".split(separator: " ").map(String.init),
        .tr: "siparişiniz kargoya verildi ve yarın teslim edilecek lütfen randevuyu onaylayın eve gelince beni ara toplantı cumaya ertelendi teşekkürler görüşürüz ödeme alındı bakiye".split(separator: " ").map(String.init),
    ]
    static let brands = ["AMAZON", "IL-Leumi", "PayBox", "DHL", "Wolt", "NETFLIX", "Vodafone", "Bezeq", "UPS", "Google", "Uber", "AliExpress", "MaxCard", "Clalit", "Partner"]
    static let domains = ["bit.ly/3xQ9aZ", "https://track.example.com/p?id=", "www.shop-deals.net/", "http://promo.example.org/", "t.co/a8Kq", "tinyurl.com/y7n"]
    static let emojis = ["😀", "🎉", "❤️", "👍🏽", "🇮🇱", "☎", "📦", "🔥", "1️⃣"]
    static let callingCodes = ["972", "1", "44", "91", "234", "33", "49", "7", "86", "81", "98", "90", "34", "39", "55", "971", "20"]
}

/// SMS-like records across the 14 languages.
struct CorpusGenerator {
    var random: SeededRandom
    init(seed: UInt64) { random = SeededRandom(seed: seed) }

    mutating func sender() -> String {
        switch random.below(10) {
        case 0, 1: return String(random.below(90_000) + 10_000)                          // short code
        case 2, 3: return random.pick(Vocabulary.brands)                                  // brand
        case 4, 5: return "05\(random.below(10))-\(random.below(9_000_000) + 1_000_000)" // local number
        case 6, 7, 8:                                                                      // +E.164
            return "+" + random.pick(Vocabulary.callingCodes) + String(random.below(900_000_000) + 100_000_000)
        default: return "info\(random.below(100))@mail\(random.below(10)).example.com"    // e-mail
        }
    }

    mutating func body(_ language: Language) -> String {
        let words = Vocabulary.words[language]!
        var parts: [String] = []
        let n = 4 + random.below(14)
        for _ in 0..<n { parts.append(random.pick(words)) }
        if random.chance(15) { parts.insert(random.pick(Vocabulary.domains) + String(random.below(100_000)), at: random.below(parts.count)) }
        if random.chance(12) { parts.append(random.pick(Vocabulary.emojis)) }
        if random.chance(10) { parts.append("\(random.below(900_000) + 100_000)") }        // a code
        if random.chance(8) { parts.append("call 03-\(random.below(9_000_000) + 1_000_000)") }
        if random.chance(5) { parts.append("\"quoted, with comma\"") }                      // CSV-hostile
        if random.chance(3) { parts.append("line\nbreak\ttab") }
        return parts.joined(separator: " ")
    }

    mutating func language() -> Language {
        // Weighted towards the languages of most archives.
        let weighted: [Language] = [.en, .en, .en, .en, .he, .he, .he, .ar, .ar, .ru, .ru, .es, .es, .fr, .de, .it, .pt, .tr, .fa, .zhHans, .zhHant, .ja]
        return random.pick(weighted)
    }
}

/// A rule set of a given size over all kinds, with the words of the corpus.
struct RuleSetGenerator {
    var random: SeededRandom
    init(seed: UInt64) { random = SeededRandom(seed: seed &+ 1) }

    /// Filters: F user filters over every type, target, matching and case; R of them regexes.
    mutating func filters(count: Int, regexes: Int) -> [Filter] {
        var out: [Filter] = []
        var seen = Set<String>()
        let languages = Language.allCases
        let regexPatterns = [#"\d{6} is your code"#, #"(?i)\bwin(ner)?\b"#, #"(?i)free\s+offer"#, #"https?://\S+\.example\.org"#,
                             #"(?i)^amazon$"#, #"\+234\d+"#, #"(?i)unsubscribe|stop to"#, #"(?i)bit\.ly/\w+"#, #"[A-Z]{5,}"#, #"(?i)lottery|jackpot"#]
        for i in 0..<regexes {
            out.append(Filter(id: 0, type: i % 5 == 0 ? .allow : .deny, folder: Folder.allCases[i % 3], target: Target.allCases[i % 3],
                              matching: .regex, text: regexPatterns[i % regexPatterns.count] + (i >= regexPatterns.count ? "{0}\(i)" : "")))
        }
        while out.count < count {
            let language = random.pick(languages)
            let words = Vocabulary.words[language]!
            var text = random.pick(words)
            if random.chance(40) { text += " " + random.pick(words) }
            // Unique texts that rarely match: a suffix makes most phrases miss, as in real rule sets.
            if random.chance(85) { text += String(random.below(1000)) }
            guard seen.insert(text).inserted else { continue }
            let type: FilterType = random.chance(15) ? .allow : .deny
            out.append(Filter(id: 0, type: type, folder: random.pick(Folder.allCases), target: random.pick(Target.allCases),
                              matching: random.chance(30) ? .exact : .contains,
                              caseSensitivity: random.chance(20) ? .sensitive : .insensitive, text: text))
        }
        for (i, _) in out.enumerated() { out[i].id = i + 1 }
        return out
    }

    /// Community lists with P phrases in all (body phrases and senders), over the languages.
    mutating func lists(phrases: Int) -> [Language: CommunityList] {
        var lists: [Language: CommunityList] = [:]
        let languages = Language.allCases
        for i in 0..<phrases {
            let language = languages[i % languages.count]
            let words = Vocabulary.words[language]!
            var l = lists[language] ?? CommunityList()
            let phrase = random.pick(words) + " " + random.pick(words) + " \(i)"
            switch i % 8 {
            case 0: l.allowSender.append("Sender\(i)")
            case 1: l.allowBody.append(phrase)
            case 2: l.denySender.append("Spam\(i)")
            default: l.denyBody.append(phrase)
            }
            lists[language] = l
        }
        // A few that do fire.
        lists[.en, default: CommunityList()].denyBody.append("free offer")
        lists[.he, default: CommunityList()].allowBody.append("התשלום התקבל")
        lists[.en, default: CommunityList()].allowSender.append("PayBox")
        return lists
    }
}
