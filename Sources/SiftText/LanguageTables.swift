// The tables behind LanguageDetector: score slots per language, the decoded
// Latin-script model (Tables/LatinModel.swift) and the Arabic/Persian word table.

// MARK: - Slots

/// Index of a language in `Evidence.weights` and bit in a word mask; an extra
/// slot collects letters of Arabic-script languages msgsift does not support.
enum Slot {
    /// Letters of Arabic-script languages msgsift does not support (Urdu ے, Pashto ښ …).
    static let unsupportedArabic = 15
    static let unsupportedArabicBit: UInt16 = 1 << 15
    static let ar = of(.ar), fa = of(.fa), zhHans = of(.zhHans), zhHant = of(.zhHant)

    @inline(__always)
    static func of(_ language: Language) -> Int {
        switch language {
        case .en: return 0
        case .he: return 1
        case .ar: return 2
        case .zhHans: return 3
        case .zhHant: return 4
        case .fr: return 5
        case .de: return 6
        case .it: return 7
        case .ja: return 8
        case .fa: return 9
        case .pt: return 10
        case .ru: return 11
        case .es: return 12
        case .tr: return 13
        }
    }

    static func bits(_ languages: Language...) -> UInt16 {
        languages.reduce(0) { $0 | 1 << UInt16(of($1)) }
    }
}

// MARK: - Latin model

extension LatinModel {
    /// The model's classes in table order; nil is "another Latin-script language".
    static let classes: [Language?] = [.en, .fr, .de, .it, .pt, .es, .tr, nil]
}

/// The decoded `LatinModel` table: one `UInt64` per bucket, class k's four-bit penalty in
/// byte k, so that a letter's rows add up as they are and `Evidence.score(rows:)` spreads the sum
/// into its running sums with two masks (spreading the stored four bits on every lookup took a
/// fifth of the instructions of Latin letters).
enum LatinModelTable {
    static let rows: FrozenBuffer<UInt64> = { decodeRows(LatinModel.base64, bucketBits: LatinModel.bucketBits, name: "LatinModel") }()

    /// A table of 2^`bucketBits` little-endian UInt32 of eight four-bit penalties, as base64
    /// text, decoded into rows of eight bytes (`bytes`): the Latin model's and the
    /// Spanish-Portuguese one's.
    static func decodeRows(_ base64: String, bucketBits: Int, name: StaticString) -> FrozenBuffer<UInt64> {
        let count = 1 << bucketBits
        let words = UnsafeMutablePointer<UInt32>.allocate(capacity: count)
        defer { words.deallocate() }
        decodeBase64(base64, into: UnsafeMutableRawPointer(words), bytes: count * 4, name: name)
        let rows = UnsafeMutablePointer<UInt64>.allocate(capacity: count)
        for i in 0..<count { rows[i] = bytes(UInt32(littleEndian: words[i])) }
        return FrozenBuffer(start: rows, count: count)
    }

    /// Eight four-bit penalties, class k in bits 4k...4k+3, as eight bytes, class k in byte k.
    static func bytes(_ nibbles: UInt32) -> UInt64 {
        var x = UInt64(nibbles)
        x = (x | x << 16) & 0x0000_FFFF_0000_FFFF
        x = (x | x << 8) & 0x00FF_00FF_00FF_00FF
        return (x | x << 4) & 0x0F0F_0F0F_0F0F_0F0F
    }

    /// Decodes base64 text (line breaks, indentation and padding skipped) into exactly `bytes`
    /// bytes. A digit's value is looked up in a 256-entry table (0xFF: not a digit), so the
    /// tables' megabytes of text decode at a few instructions a character.
    static func decodeBase64(_ text: String, into out: UnsafeMutableRawPointer, bytes count: Int, name: StaticString) {
        var digits = [UInt8](repeating: 0xFF, count: 256)
        for (value, c) in "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8.enumerated() {
            digits[Int(c)] = UInt8(value)
        }
        var text = text
        let written = text.withUTF8 { utf8 in
            digits.withUnsafeBufferPointer { digits in
                let bytes = out.assumingMemoryBound(to: UInt8.self)
                var written = 0
                var acc: UInt32 = 0, bits: UInt32 = 0
                for c in utf8 {
                    let v = digits[Int(c)]
                    if v == 0xFF { continue }
                    acc = acc << 6 | UInt32(v)
                    bits += 6
                    if bits >= 8 {
                        bits -= 8
                        precondition(written < count, "\(name) table is longer than its buckets")
                        bytes[written] = UInt8(truncatingIfNeeded: acc >> bits)
                        written += 1
                    }
                }
                return written
            }
        }
        precondition(written == count, "\(name) table is shorter than its buckets")
    }
}

/// The decoded `SpanishPortugueseModel` table, in the Latin model's row layout so the same
/// tally reads it (`Evidence.init(spanishPortuguese:)`): per bucket, each class's penalty in
/// its `LatinModel` class's byte: Portuguese in class 4's, Spanish in class 5's, and their
/// neighbours Galician, Asturian and Catalan in classes 0, 1 and 2's (`neighbourLanes`).
/// Decoded on the first body whose best language is Spanish or Portuguese.
enum SpanishPortugueseTable {
    static let rows: FrozenBuffer<UInt64> = {
        LatinModelTable.decodeRows(SpanishPortugueseModel.base64, bucketBits: SpanishPortugueseModel.bucketBits, name: "SpanishPortugueseModel")
    }()

    /// The lanes of Galician, Asturian and Catalan (`LanguageDetection.Neighbour`, in its order).
    static let neighbourLanes = 0...2
    /// The lane of how far the best of the five is above the better of Spanish and Portuguese.
    static let offsetLane = 3
}

// MARK: - Word table

/// Frequent short Arabic-script words, looked up by a hash of the word.
enum WordTable {
    static var hashBasis: UInt64 { 0xCBF2_9CE4_8422_2325 }     // computed: a constant, no lazy global to check per word

    /// FNV-1a over scalar values.
    @inline(__always)
    static func mix(_ h: UInt64, _ scalar: UInt32) -> UInt64 {
        (h ^ UInt64(scalar)) &* 0x0000_0100_0000_01B3
    }

    /// Function words of Persian and Arabic. A word in both lists counts for each. Persian's hold
    /// chat words typed with Arabic ي ك too (`كجايي`, `ميام`), as on an Arabic keyboard: none an
    /// Arabic word (wordfreq's Arabic has each under Zipf 2).
    static let lists: [(Language, String)] = [
        (.fa, """
            است این را که می از به با در برای آن ها های یک شما شده کنید کرد هم تا اگر ولی چه خود نیست \
            بود باید شود من اين كه براي \
            دارم داری داره هستم هستی خوبه خوبی باشه فردا ساعت خیلی خيلي مرسی مرسي ممنون کجا کجایی برم بریم \
            میام میاد بله عزیزم دوستت بخیر بخير چطوری میخوام ميخوام امروز دیروز \
            كجايي هستي ميام مياد مياي عزيزم ديروز ميخواي
            """),
        (.ar, """
            في من على الذي التي إلى الى عن مع هذا هذه أن إن ان كان لا ما هو هي قد تم كل عند بعد لم لن \
            ذلك يا أو او ثم حتى بين يرجى شكرا \
            غدا بكرة انا أنا انت أنت كيف وين ليش شو ايش عندك التحقق الرصيد عزيزي العميل حبيبي مرحبا \
            السلام عليكم الخير صباح مساء اليوم ماذا لماذا هل
            """),
    ]

    /// Frequent words of Cyrillic languages other than Russian (Ukrainian,
    /// Bulgarian, Serbian, Macedonian; Mongolian and Kyrgyz, which write Russian's
    /// letters and a few of their own) that Russian does not use, in lower case;
    /// written without the letters Russian lacks (і ї є ґ ђ ј …), which count already.
    /// Left out, here and from `notRussianFrequentWords`: the words of
    /// bench/langid/cyrillicwords.py's `LEFT_OUT`, which Russian writes too or Russian
    /// SMS use (`хвала`, `може` with ь dropped, `сега` for Sega); and single letters
    /// such as Bulgarian е, which an initial `Е.` would match.
    static let notRussianWords = """
        дякую ласка вдома хвилин хвилини чекаю гарного мене що буде вже треба дуже який яка яке
        можна замовлення отримати отримали рахунок картка картки гривень немає також
        добрий добре як справи ти ви це цей ще щоб
        утре пратка пратката вашата вашия доставена доставено какво здравейте здравей днес вие кога
        денес благодарам се како си шта вечерас
        можу вибач вибачте передзвони передзвоню зателефонуй зателефонуйте дзвони дзвонила
        дзвонив чекайте кохаю кохана коханий карткою картку щастя народження його чому
        куди гаразд звичайно дякуємо кошти рахунку посилка посилку пошта пошти пошту шановний
        шановна бути був була було вечора коштує тобто щодо адже
        беше бях бяха този тази това тези вашият нашият моят твоят обичам обичаш здраве страхотно
        страхотен честит честита натиснете натисни спечелихте споделяйте споделяй лв
        трябва искаш нещо нищо обади получихте изпратен изпратено денят
        всичко няма нощ чакам стижем йдемо каву
        байна сайн баярлалаа хаана маргааш одоо явж жакшы кандайсыз саламатсызбы баары
        """

    /// Frequent words only Spanish or only Portuguese writes (lower case), which
    /// the Latin model, trained on software text, weighs too little in SMS
    /// (`Tu código de Uber es 4412` came out Portuguese): each counts against the other.
    static let spanishNotPortuguese = "es el los las del y muy gracias hola su sus en hoy mañana ya pero cuando usted tienes tiene hay aquí ahora cuenta listo noche mucho mucha bueno buenos buenas luego también fue al lo donde hasta eso esa ese nuevo nueva tarjeta pues mi bien tus puedo hacer ahorita xq finde"
    static let portugueseNotSpanish = "é em não você obrigado obrigada olá seu sua um uma do da dos das ao à com pelo pela hoje amanhã já mas quando tem há aqui agora conta seus suas são pra vc foi nao voce até ate isso esse essa meu minha vou obg entao então ainda mae mãe num numa vcs tbm fazer cartao cartão"

    /// Frequent SMS words only one language writes among the supported languages and
    /// the others the model knows (Dutch, Swedish, Catalan, Galician, Romanian, Polish…):
    /// each counts against every other class (a word also in `spanishNotPortuguese` or
    /// `portugueseNotSpanish` counts there too, 20 nats against the other). The model,
    /// trained on software text, knows little of chat: `Final sale today` and `Real deal`
    /// came out Spanish, `Merci beaucoup` and `Olá, tudo bem?` another language.
    /// Left out, because another language writes them too or borrows them (in brackets):
    /// en sale, final, code, real, bank, link, text, free, off, delivery, call, order, was,
    /// will, has, have, been, is, just, back, see, time, card, not, late, sorry, on, me, at,
    /// hey, can (nl, sv, tr, de); fr mais, je, non, bien, pour, est, salut, vos (pt, nl, it,
    /// es, ro, ca); de wie, morgen, mit, gut, bis, alles, hallo, komme, nur, uns, dir, dank,
    /// gerne (nl, da, no, tr, pt, ca); it ciao, bene, sei, non, per, di, il, ci, mi, prego,
    /// tesoro, sempre, che, stai, tua (pt, ro, fr, es); es hola, estás, está, porque, nos, vale,
    /// feliz, tu, llamo, días (ca, ast, gl, pt, it); pt estou, agora, noite, vamos, sim, dia
    /// (gl, es); tr tamam (Arabic, Persian, Bosnian written in Latin letters). Italian's `è`
    /// (is) is a word only Italian writes: French and Catalan write the letter inside words.
    static let onlyOneLanguage: [(Language, String)] = [
        (.en, """
            the you your yours please thanks thank today tonight tomorrow deal inside with from our
            this that what when where there here they their yes hello shipped delivered package
            appointment reminder account payment verification reply get now new only soon way
            home love morning night happy birthday worries
            """),
        (.fr, """
            bonjour bonsoir merci beaucoup demain aujourd vous votre nous avec suis êtes être
            très déjà chez rien quoi oui ça bisous bises coucou stp svp bcp slt cette aussi
            toujours peux veux avez sont soir commande livraison trop où ca
            """),
        (.de, """
            danke bitte nicht ich und ist heute schön schon dich sehr tschüss geht noch
            eine einen einem ihr ihre ihnen haben hast habe wir euch abend zum zur für können
            kannst wird werden liebe geburtstag sind vielen später gleich jetzt grüße jawohl bist
            """),
        (.it, """
            grazie domani buongiorno buonasera sono della delle questo questa anche voglio perché
            oggi tutto tutti comunque cmq allora adesso ancora vediamo tuo siamo amore
            compleanno auguri stasera è
            """),
        (.pt, """
            você vc obrigado obrigada não tudo bem olá amanhã hoje muito pra também aniversário
            beijos bjs
            """),
        (.tr, """
            naber neredesin evet hayır hayir nasılsın nasilsin
            """),
        (.es, """
            gracias qué cómo usted ustedes quiero tienes mañana muy también ahora hoy buenos
            buenas dónde puedes estoy eres tú cumpleaños luego haces voy venís
            dale chido chévere chevere boludo
            """),
    ]

    /// English as SMS and chat write it, which the model, trained on software and news text,
    /// reads as another language (`Ok lor thanx... Ü in school?`, `Is ur lecture over?`):
    /// each counts as a word only English writes (`onlyOneLanguage`), and its n-grams are not
    /// scored (SMS spelling does not follow English letters). Written from general
    /// knowledge of SMS English: abbreviations (`u`, `ur`, `pls`, `thx`, `abt`, `frnd`, `tmr`),
    /// spellings (`gud`, `luv`, `nite`, `neva`, `wot`), `-in` for `-ing`, contractions typed
    /// without the apostrophe, and the particles of Singapore and Indian English (`lor`,
    /// `leh`, `liao`, `aiyo`, `yaar`). Left out because another language writes them as
    /// words (in brackets): da, de, den, dem (de, it, pt, sv), wat, dat (nl), wen, wer (de),
    /// dis, dont, c, jus (fr), juz (pl), tq (es, te quiero), noe (nb), oso, y, ya, k, q (es), e (it, pt), mah (it),
    /// cos (it, `cos'è`), lei (it), im (de), lah, nah (ms, id), tot (nl), ty (pl), hon (sv), msg (pt, fr).
    static let englishChatSpeak = """
        u ur urs ü r n yr pls plz plse plss thx thnx thanx tnx thks txt txts txting rply
        abt wid wif wiv bt nt jst frm wth wht whr dnt tht thts hw luv luvs luvd luvin frnd frnds
        frndship frens fren bday hav hv hve knw kno wnt wana tlk sry soz lil ppl thk tink smth sth
        nvm ttyl brb gtg tbh lmk hru wyd wbu idk rite neva gud gd nite tonite tmr tmrw tmw coz
        cuz bcoz bcos becoz bcz dunno dey wot yeah yah yep yup nope okie okies dear babe hunny
        dude gimme lemme gonna wanna gotta goin comin doin gettin havin nothin watchin sleepin
        ive cant wasnt havent couldnt wouldnt shouldnt arent aint theyre whats hows wheres isnt
        didnt doesnt youre thats nyt swt drms slp tke wrk hme nxt cld wld shld gng rly rlly
        probs yday wkend wknd fone xmas thnk thnks ths whn ltr luvly mrng morn hubby wifey bestie
        mum tho lor leh liao meh hor aiyo aiya aiyah alamak shiok yaar
        """

    /// Words every language's chat writes (laughter, `omg`, `msg`): no evidence of any
    /// language, so they are not scored (as `loanwordList`'s are not).
    static let everyLanguageChat = """
        haha hahaha hahahaha hehe hehehe lol lmao rofl omg xd xoxo xx xxx hmm hmmm mmm hmph ugh argh
        aww awww muah mwah yay oops ooh wow msg msgs sms k kk
        """

    /// Words Persian borrowed with the Arabic article (`الان` now, `البته` of course, `الو`
    /// hello on the phone): no sign of Arabic.
    static let persianArticleWords: Set<UInt64> = Set(["الان", "البته", "الو", "الکی"].map(hash))

    /// A word's hash, as `Evidence` computes it letter by letter.
    static func hash(_ word: some StringProtocol) -> UInt64 {
        word.unicodeScalars.reduce(hashBasis) { mix($0, $1.value) }
    }

    /// The hashes of the words of a list written one after another, separated by spaces
    /// and line ends. One pass over the scalars: `split` into `Character`s took eight
    /// times as long (270 against 34 million instructions for 26,000 words of
    /// `notRussianFrequentWords`, read when the first Cyrillic word is; 34,500 now).
    private static func hashes(_ words: String) -> Set<UInt64> {
        var set = Set<UInt64>()
        forEachWordHash(in: words) { set.insert($0) }
        return set
    }

    /// Calls `body` with the hash (`hash`) of each word of a list written one after another,
    /// separated by spaces and line ends: one pass over the scalars, for every list's table.
    private static func forEachWordHash(in words: String, _ body: (UInt64) -> Void) {
        var h = hashBasis
        for scalar in words.unicodeScalars {
            if scalar.value <= 0x20 {
                if h != hashBasis { body(h) }
                h = hashBasis
            } else {
                h = mix(h, scalar.value)
            }
        }
        if h != hashBasis { body(h) }
    }

    /// An open-addressing table's slots and the shift that takes a hash to its first slot.
    typealias WordSlots = (slots: FrozenBuffer<UInt64>, shift: UInt64)

    /// Latin word hash → what it says: bit k for `onlyOneLanguage`'s or `chatWords`' class k
    /// (in `LatinModel.classes` order; `otherBit`, the last class's, for `otherLatinWords`),
    /// `spanishBit` / `portugueseBit` for the words that only tell Spanish and Portuguese
    /// apart, and `loanwordBit`. An open-addressing table,
    /// a power of two at most 70% full, each slot the hash's top 48 bits and the 16 bits it
    /// says (0: empty), so that a probe is one load: as two arrays a quarter full (5 MiB)
    /// it missed the cache (news-length sentences 0.90 times as fast as before the chat
    /// words; 0.95 now). Built by one pass over the lists' scalars: the 41,000 chat words
    /// through `split` and a `Dictionary` took 0.1 s of every start (now under 10 ms).
    static let latinWordSlots: WordSlots = {
        let lists = [(loanwordList, loanwordBit), (everyLanguageChat, loanwordBit)]
            + [(englishChatSpeak, UInt16(1) << LatinModel.classes.firstIndex(of: .en)! | speakBit)]
            + chatSpeak.map { ($0.1, UInt16(1) << LatinModel.classes.firstIndex(of: $0.0)! | speakBit) }
            + onlyOneLanguage.map { ($0.1, UInt16(1) << LatinModel.classes.firstIndex(of: $0.0)!) }
            + chatWords.map { ($0.1, UInt16(1) << LatinModel.classes.firstIndex(of: $0.0)!) }
            + [(spanishNotPortuguese, spanishBit), (portugueseNotSpanish, portugueseBit)]
            + [(spanishFrequent, spanishBit), (portugueseFrequent, portugueseBit)]
            + [(otherLatinWords, otherBit)]
        return wordSlots(lists) { old, bit in
            // A borrowed word (`link`, `call`) stays only that, even where wordfreq finds it
            // English (`loanwordList` comes first).
            if old & loanwordBit != 0 { return old }
            // Another language's word (`otherLatinWords`) says nothing where the seven's lists
            // already speak: English SMS writes `gud` and `nyt` as Swedish and Danish do.
            if bit == otherBit && old != 0 { return old }
            return old | bit
        }
    }()

    /// An open-addressing table of the words of `lists`, each list's words saying its 16 bits:
    /// a power of two at most 70% full, each slot the hash's top 48 bits and the 16 bits the
    /// word says (0: empty), so that a probe is one load (`probe`). `merge` gives a word's bits
    /// from the ones it had (0 the first time) and the next list's. Built by one pass over the
    /// lists' scalars.
    private static func wordSlots(_ lists: [(String, UInt16)], merge: (UInt16, UInt16) -> UInt16) -> WordSlots {
        var words = 0
        for (list, _) in lists {
            var inWord = false
            for byte in list.utf8 {
                if byte > 0x20 && !inWord { words += 1 }
                inWord = byte > 0x20
            }
        }
        var bits = 4
        while 7 << bits < 10 * words { bits += 1 }
        let slots = UnsafeMutablePointer<UInt64>.allocate(capacity: 1 << bits)
        slots.initialize(repeating: 0, count: 1 << bits)
        let shift = UInt64(64 - bits), mask = (1 << bits) - 1
        for (list, bit) in lists {
            forEachWordHash(in: list) { h in
                let key = h & ~0xFFFF
                var i = Int((h &* 0x9E37_79B9_7F4A_7C15) >> shift)
                while slots[i] != 0 && slots[i] & ~0xFFFF != key { i = (i + 1) & mask }
                slots[i] = key | UInt64(merge(UInt16(truncatingIfNeeded: slots[i]), bit))
            }
        }
        return (FrozenBuffer(start: slots, count: 1 << bits), shift)
    }

    /// A word of `otherLatinWords`: bit k of the last class, "another language".
    static let otherBit = UInt16(1) << (LatinModel.classes.count - 1)
    static let spanishBit: UInt16 = 1 << 8
    static let portugueseBit: UInt16 = 1 << 9
    /// A word of `loanwordList`.
    static let loanwordBit: UInt16 = 1 << 10
    /// A word of `englishChatSpeak` or `chatSpeak`.
    static let speakBit: UInt16 = 1 << 11

    /// One bit per value of a hash's top 18 bits (32 KiB), set for the words of
    /// `latinWordSlots`: most words are turned away by one load.
    static let latinWordFilter: FrozenBuffer<UInt64> = {
        let (slots, shift) = latinWordSlots
        return filter((0..<(1 << (64 - shift))).lazy.map { slots[$0] & ~0xFFFF }.filter { $0 != 0 }, bits: 18)
    }()

    /// What a Latin word's hash says (`latinWordSlots`), 0 for most words.
    @inline(__always)
    static func latinWord(_ h: UInt64) -> UInt16 {
        latinWord(h, filter: latinWordFilter, slots: latinWordSlots)
    }

    /// `latinWord(_:)` with `latinWordFilter` and `latinWordSlots` fetched once by the caller
    /// (each access to a `static let` is checked): a loop over many words.
    @inline(__always)
    static func latinWord(_ h: UInt64, filter: FrozenBuffer<UInt64>, slots: WordSlots) -> UInt16 {
        filter[Int(h >> 52)] & 1 << (h >> 46 & 63) != 0 ? probe(h, slots) : 0
    }

    /// The 16 bits a hash's word says in a table of `wordSlots`, 0 if it is none of its words.
    @inline(__always)
    static func probe(_ h: UInt64, _ table: WordSlots) -> UInt16 {
        let (slots, shift) = table
        let mask = Int(1 << (64 - shift)) - 1, key = h & ~0xFFFF
        var i = Int((h &* 0x9E37_79B9_7F4A_7C15) &>> shift)
        while true {
            let slot = slots[i]
            if slot == 0 { return 0 }
            if slot & ~0xFFFF == key { return UInt16(truncatingIfNeeded: slot) }
            i = (i + 1) & mask
        }
    }

    /// A filter of 2^`bits` bits, indexed by a hash's top `bits` bits.
    private static func filter(_ hashes: some Sequence<UInt64>, bits: Int = 12) -> FrozenBuffer<UInt64> {
        let words = 1 << (bits - 6)
        let table = UnsafeMutablePointer<UInt64>.allocate(capacity: words)
        table.initialize(repeating: 0, count: words)
        for h in hashes { table[Int(h >> UInt64(70 - bits))] |= 1 << (h >> UInt64(64 - bits) & 63) }
        return FrozenBuffer(start: table, count: words)
    }

    /// English words a Title Case text capitalizes (`Your Order Has Been Shipped To …`):
    /// written so they are still the message's own words, not a name's or a product's,
    /// and count against another script's words (rule 1 of LanguageDetector).
    static let titleCaseWords = """
        the a an to at in on of for and or is are was were be been has have had your you our we my
        me it its this that with from by as not no now only today tomorrow tonight dear happy new
        all get got up off out just will can here there please thank thanks hello hi hey welcome
        """

    /// English words the other languages' SMS borrow (`O show foi top`, `Hiciste el check-in
    /// online?`, `Il meeting è spostato`): the model learned them as English and weighs them
    /// so (`check` 55 nats), so they are not scored. English SMS keep their own words.
    static let loanwordList = """
        check online show top link call black friday cyber monday smartphone tablet feedback
        meeting weekend shopping shop store sale outlet cashback voucher delivery email mail app
        login password selfie live streaming chat ok okay hour fitness match
        """

    /// Frequent Yiddish words Hebrew does not write (`Evidence.yiddish`), from general knowledge
    /// of Yiddish: each is under Zipf 3 (once in a million words) in wordfreq's Hebrew. Left
    /// out: words Hebrew writes for its own (`איך` how, `אין`, `די`, `אז`, `צו`, `קום`, `פון`,
    /// `מוז` banana, `מוזן` fed, `האבן`), names and loans Hebrew has (`מיר`, `וואו`, `מארגן`), and Yiddish
    /// words Israeli Hebrew uses (`מאמע`, `טאטע`).
    static let yiddishWords = """
        נישט ניט וואס ווען דעם אויף אויך אבער שוין נאך זייער גוטן גוטע גייען וועל וועלן
        קען קענסט ביסט ביסטו זענען מאכסטו היינט דאנק דאנקע ביטע שפעטער אהיים אלעס זאג זאגן
        קינד מיך זיך זיי עס אונז נאכט ווילסט געווען געזאגט ארבעט ברויט וועג קויף ליבע הייסט
        וועט ווערן געהאט האסט קומסטו גייסט אדער ווייסט דארף דארפסט וועלכע אזוי גאנץ גאנצע
        אלע צוריק שפעט פריער ערשט נאכאמאל איינער עפעס וואלט זאל זאלסט זאלן צוויי קענען
        געוואלט קיינער וויפיל וויאזוי פארוואס
        """

    /// Hashes of `yiddishWords`.
    static let yiddish = hashes(yiddishWords)
    /// One bit per value of a hash's top 12 bits (512 bytes), set for `yiddish`: most Hebrew
    /// words are turned away by one load.
    static let yiddishFilter: FrozenBuffer<UInt64> = filter(yiddish)

    /// Whether a Hebrew-script word's hash is one of `yiddishWords`.
    @inline(__always)
    static func isYiddish(_ h: UInt64) -> Bool {
        yiddishFilter[Int(h >> 58)] & 1 << (h >> 52 & 63) != 0 && yiddish.contains(h)
    }

    /// Hashes of `titleCaseWords`.
    static let titleCase = hashes(titleCaseWords)
    /// One bit per value of a hash's top 12 bits (512 bytes), set for `titleCase`'s words: the
    /// capitalised words of a body, names and brands mostly, are turned away by one load.
    static let titleCaseFilter: FrozenBuffer<UInt64> = filter(titleCase)

    /// Whether a Latin word's hash is one of `titleCaseWords`.
    @inline(__always)
    static func isTitleCase(_ h: UInt64) -> Bool {
        titleCaseFilter[Int(h >> 58)] & 1 << (h >> 52 & 63) != 0 && titleCase.contains(h)
    }

    /// Hashes of `notRussianWords` and of `notRussianFrequentWords` (wordfreq's, bench/langid/cyrillicwords.py).
    static let notRussian = hashes(notRussianWords).union(hashes(notRussianFrequentWords))

    /// One bit per value of a hash's top 18 bits (32 KiB), set for the hashes of
    /// `notRussian` (about 34,500, an eighth of the bits): most Russian words are
    /// turned away by one load.
    static let notRussianFilter: FrozenBuffer<UInt64> = filter(notRussian, bits: 18)

    /// Whether a Cyrillic word's hash is one of `notRussian`.
    @inline(__always)
    static func isNotRussian(_ h: UInt64) -> Bool {
        notRussianFilter[Int(h >> 52)] & 1 << (h >> 46 & 63) != 0 && notRussian.contains(h)
    }

    /// Word hash → languages (`Slot` bits): the function words of `lists`, the words of
    /// `arabicScriptWords` and, as another language's (`Slot.unsupportedArabicBit`),
    /// `urduWords` (wordfreq's, bench/langid/arabicwords.py), in a table of
    /// `wordSlots`: one load a word, where a `Dictionary` hashed each word again (11% of a
    /// Persian sentence's instructions, bench/RESULTS.md).
    static let arabicScriptSlots: WordSlots = wordSlots(
        (lists + arabicScriptWords).map { ($0.1, Slot.bits($0.0)) } + [(urduWords, Slot.unsupportedArabicBit)],
        merge: { $0 | $1 })

    /// The languages (`Slot` bits) an Arabic-script word's hash is a listed word of, 0 for none.
    @inline(__always)
    static func arabicScriptWord(_ h: UInt64) -> UInt16 {
        probe(h, arabicScriptSlots)
    }

    /// The longest listed word, in scalars.
    static let maxLength: Int = {
        var longest = 0, length = 0
        for words in (lists + arabicScriptWords).map(\.1) + [urduWords] {
            for scalar in words.unicodeScalars {
                length = scalar.value <= 0x20 ? 0 : length + 1
                longest = max(longest, length)
            }
            length = 0
        }
        return longest
    }()
}
