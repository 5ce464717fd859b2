// Dominant-language detection for a message body (SPEC §1.3).
//
// One pass over the body's scalars feeds an `Evidence` tally: letters per
// script (CharTable), Simplified-only and Traditional-only Han characters
// (HanTables), Persian, Arabic and other-language letters of the Arabic script,
// accented Latin letters, and whole words looked up in a small table of
// frequent function words (Latin and Arabic script). `Evidence.decide()` then
// applies the rules:
//   1. The script group with the most letters wins; a tie is undetermined.
//      Han, Hiragana and Katakana form one group; scripts of no supported
//      language (Greek, Hangul, Thai, Devanagari, …) form another, which
//      decides nothing.
//   2. Within the winner: Hebrew → he. Cyrillic → ru, unless letters Russian
//      lacks (Ukrainian і ї є ґ, Serbian ђ ј љ …) are frequent. Han and kana →
//      ja when any kana is present, else zh-Hans or zh-Hant by distinguishing
//      characters. Arabic → fa or ar by letters (پ چ ژ گ ک ی vs ة ي ك ى),
//      digits (۰-۹ vs ٠-٩), ZWNJ and words; ar when nothing tells them apart.
//      Latin → en fr de it pt es tr by function words and accented letters,
//      with at least `minimumLatinHits` words carrying evidence.
//   3. A choice between languages needs the best score to reach `margin` times
//      the runner-up's (letters of unsupported languages, such as Polish ł or
//      Urdu ے, compete as a runner-up).
//   4. Fewer than `minimumLetters` letters in all → undetermined.
// Scores are evidence weights: a word counts 1 and a distinguishing letter 0.5,
// each split evenly among the languages that use it; a letter of no supported
// language counts 2 against them all. A later statistical model
// replaces the scoring; the API stays.

/// One language's score in a `LanguageDetection`.
public struct LanguageScore: Sendable, Equatable, Hashable, CustomStringConvertible {
    /// The candidate language.
    public var language: Language
    /// Its evidence: letters of its script for a decision by script, else the
    /// weight of words and letters pointing to it.
    public var score: Double

    /// Makes a score.
    public init(_ language: Language, _ score: Double) {
        self.language = language
        self.score = score
    }

    /// `fr:3.5`, for diagnostics.
    public var description: String { "\(language.rawValue):\(score)" }
}

/// The outcome of detection: the dominant language or nil (undetermined), and the evidence.
public struct LanguageDetection: Sendable, Equatable {
    /// The dominant language, or nil when the body is undetermined.
    public var language: Language?
    /// Up to two candidates with positive scores, best first (ties in SPEC §1.3 order).
    public var scores: [LanguageScore]
    /// Letters (Unicode L*) in the body, in every script.
    public var letters: Int

    /// Makes a detection result.
    public init(language: Language?, scores: [LanguageScore], letters: Int) {
        self.language = language
        self.scores = scores
        self.letters = letters
    }
}

/// Detects the dominant language of a message body from its scripts and words.
public enum LanguageDetector {
    /// Bodies with fewer letters than this are undetermined.
    public static let minimumLetters = 8
    /// Latin-script bodies need at least this many words carrying evidence.
    public static let minimumLatinHits = 2
    /// The best language's score must be at least this multiple of the runner-up's.
    public static let margin = 1.5

    /// The dominant language of `text`.
    public static func detect(_ text: String) -> LanguageDetection {
        var text = text
        return text.withUTF8 { detect(utf8: $0) }
    }

    /// The dominant language of UTF-8 bytes; invalid sequences count as non-letters.
    public static func detect(utf8 bytes: UnsafeBufferPointer<UInt8>) -> LanguageDetection {
        var evidence = Evidence()
        let n = bytes.count
        var i = 0
        while i < n {
            let b0 = UInt32(bytes[i])
            var cp: UInt32 = 0xFFFD
            var width = 1
            if b0 < 0x80 {
                cp = b0
            } else if b0 >= 0xC2 && b0 < 0xE0 {
                if i + 1 < n, bytes[i + 1] & 0xC0 == 0x80 {
                    cp = (b0 & 0x1F) << 6 | UInt32(bytes[i + 1] & 0x3F)
                    width = 2
                }
            } else if b0 >= 0xE0 && b0 < 0xF0 {
                if i + 2 < n, bytes[i + 1] & 0xC0 == 0x80, bytes[i + 2] & 0xC0 == 0x80 {
                    let v = (b0 & 0x0F) << 12 | UInt32(bytes[i + 1] & 0x3F) << 6 | UInt32(bytes[i + 2] & 0x3F)
                    if v >= 0x800 && !(0xD800...0xDFFF).contains(v) { cp = v; width = 3 }
                }
            } else if b0 >= 0xF0 && b0 < 0xF5 {
                if i + 3 < n, bytes[i + 1] & 0xC0 == 0x80, bytes[i + 2] & 0xC0 == 0x80, bytes[i + 3] & 0xC0 == 0x80 {
                    let v = (b0 & 0x07) << 18 | UInt32(bytes[i + 1] & 0x3F) << 12
                        | UInt32(bytes[i + 2] & 0x3F) << 6 | UInt32(bytes[i + 3] & 0x3F)
                    if v >= 0x1_0000 && v <= 0x10_FFFF { cp = v; width = 4 }
                }
            }
            evidence.add(cp)
            i += width
        }
        evidence.endWord()
        return evidence.decide()
    }
}

// MARK: - Evidence

/// The one-pass tally behind `LanguageDetector.detect`.
struct Evidence {
    /// Letters in every script.
    var letters = 0
    /// Letters per `Script.rawValue`.
    var scripts = SIMD16<Int32>()
    /// Han letters HanTables marks Simplified-only / Traditional-only.
    var simplified = 0
    var traditional = 0
    /// Cyrillic letters that Russian does not use.
    var nonRussian = 0
    /// Word and letter evidence per `Slot`.
    var weights = SIMD16<Double>()
    /// Latin words that matched the table or held an accented letter.
    var latinHits = 0

    // The word being read (`wordScript` is .latin or .arabic while one is open).
    var wordScript: Script = .other
    var wordHash: UInt64 = WordTable.hashBasis
    var wordLength = 0
    var wordHasLetterEvidence = false
    var wordIsURLPart = false
    // URL and e-mail parts ("example.com", "user@mail") are not looked up: a
    // domain's "com" or "de" says nothing about the body's language.
    var lastWasAlnum = false
    var afterJoiner = false

    @inline(__always)
    mutating func add(_ cp: UInt32) {
        if cp < 0x80 {
            let lower = cp | 0x20
            if lower >= 0x61 && lower <= 0x7A {
                letters += 1
                scripts[Int(Script.latin.rawValue)] += 1
                latinLetter(lower, raw: cp)
                return
            }
            switch cp {
            case 0x27: apostrophe()
            case 0x30...0x39: endWord(); lastWasAlnum = true; afterJoiner = false
            case 0x2E, 0x2F, 0x40, 0x5F, 0x3D, 0x3A, 0x3F, 0x26, 0x23, 0x25:  // . / @ _ = : ? & # %
                endWord(); afterJoiner = afterJoiner || lastWasAlnum; lastWasAlnum = false
            default: separator()
            }
            return
        }
        switch cp {
        case 0x0300...0x036F, 0x0610...0x061A, 0x064B...0x065F, 0x0670, 0x0640:
            return  // combining marks and tatweel sit inside a word
        case 0x2019:
            apostrophe(); return
        case 0x200C:  // ZWNJ: Persian writes it inside words (می‌خواهم)
            if wordScript == .arabic { weights[Slot.fa] += 0.5 }
            separator(); return
        case 0x06F0...0x06F9:
            weights[Slot.fa] += 0.5; endWord(); lastWasAlnum = true; afterJoiner = false; return
        case 0x0660...0x0669:
            weights[Slot.ar] += 0.5; endWord(); lastWasAlnum = true; afterJoiner = false; return
        default:
            break
        }
        guard CharTable.isLetter(cp) else { separator(); return }
        letters += 1
        let script = CharTable.script(cp)
        scripts[Int(script.rawValue)] += 1
        switch script {
        case .latin:
            latinLetter(Evidence.foldLatin(cp), raw: cp)
        case .arabic:
            if wordScript != .arabic { startWord(.arabic) }
            wordHash = WordTable.mix(wordHash, cp)
            wordLength += 1
            let mask = Evidence.arabicLetterMask(cp)
            if mask != 0 { addLetterEvidence(mask) }
        case .han:
            endWord()
            switch HanTables.variant(cp) {
            case .simplified: simplified += 1
            case .traditional: traditional += 1
            case .both: break
            }
        case .cyrillic:
            endWord()
            if (0x0400...0x040F).contains(cp) || (0x0450...0x045F).contains(cp) || cp >= 0x0490 {
                if cp != 0x0401 && cp != 0x0451 { nonRussian += 1 }  // Ё ё are Russian
            }
        case .other, .common, .greek, .hebrew, .hiragana, .katakana, .hangul, .thai, .devanagari:
            endWord()
        }
        lastWasAlnum = true
    }

    @inline(__always)
    mutating func latinLetter(_ folded: UInt32, raw: UInt32) {
        if wordScript != .latin { startWord(.latin) }
        wordHash = WordTable.mix(wordHash, folded)
        wordLength += 1
        lastWasAlnum = true
        if raw >= 0x80 {
            let mask = Evidence.latinLetterMask(raw == 0x130 ? 0x131 : folded)  // İ counts as Turkish
            if mask != 0 {
                addLetterEvidence(mask)
                wordHasLetterEvidence = true
            }
        }
    }

    @inline(__always)
    mutating func startWord(_ script: Script) {
        endWord()
        wordScript = script
        wordIsURLPart = afterJoiner
        afterJoiner = false
    }

    @inline(__always)
    mutating func separator() {
        endWord()
        lastWasAlnum = false
        afterJoiner = false
    }

    /// An apostrophe ends the word; an elided form ("l'", "dell'", "don'") is
    /// looked up with the apostrophe first.
    mutating func apostrophe() {
        if wordScript == .latin && wordLength > 0 && !wordIsURLPart {
            if let mask = WordTable.masks[WordTable.mix(wordHash, 0x27)] {
                addWordEvidence(mask)
                latinHits += 1
                resetWord()
                lastWasAlnum = false
                afterJoiner = false
                return
            }
        }
        separator()
    }

    /// Closes the open word, if any, and scores it.
    mutating func endWord() {
        guard wordLength > 0 else { return }
        var hit = wordHasLetterEvidence
        if !wordIsURLPart && wordLength <= WordTable.maxLength, let mask = WordTable.masks[wordHash] {
            addWordEvidence(mask)
            hit = true
        }
        if hit && wordScript == .latin { latinHits += 1 }
        resetWord()
    }

    @inline(__always)
    mutating func resetWord() {
        wordScript = .other
        wordHash = WordTable.hashBasis
        wordLength = 0
        wordHasLetterEvidence = false
        wordIsURLPart = false
    }

    @inline(__always)
    mutating func addWordEvidence(_ mask: UInt16) {
        spread(1.0, over: mask)
    }

    @inline(__always)
    mutating func addLetterEvidence(_ mask: UInt16) {
        // A letter no supported language uses is an unambiguous sign of another
        // language (Urdu ہ ے, Polish ł): it weighs four times a shared one.
        let foreign = mask == Slot.unsupportedLatinBit || mask == Slot.unsupportedArabicBit
        spread(foreign ? 2.0 : 0.5, over: mask)
    }

    @inline(__always)
    mutating func spread(_ weight: Double, over mask: UInt16) {
        let share = weight / Double(mask.nonzeroBitCount)
        var m = mask
        while m != 0 {
            weights[m.trailingZeroBitCount] += share
            m &= m - 1
        }
    }

    /// Applies the rules in the overview to the tally.
    func decide() -> LanguageDetection {
        var result = decideByScript()
        if letters < LanguageDetector.minimumLetters { result.language = nil }
        result.letters = letters
        return result
    }

    private func count(_ script: Script) -> Int { Int(scripts[Int(script.rawValue)]) }

    private enum Group { case latin, cyrillic, hebrew, arabic, cjk, unsupported }

    private func decideByScript() -> LanguageDetection {
        let kana = count(.hiragana) + count(.katakana)
        var best: (Group, Int) = (.latin, count(.latin)), runnerUp = 0
        func consider(_ group: Group, _ n: Int) {
            if n > best.1 { runnerUp = best.1; best = (group, n) } else if n > runnerUp { runnerUp = n }
        }
        consider(.cyrillic, count(.cyrillic))
        consider(.hebrew, count(.hebrew))
        consider(.arabic, count(.arabic))
        consider(.cjk, count(.han) + kana)
        consider(.unsupported, count(.greek) + count(.hangul) + count(.thai) + count(.devanagari) + count(.other))
        if best.1 == 0 || best.1 == runnerUp { return LanguageDetection(language: nil, scores: [], letters: letters) }
        let letterScore = Double(best.1)
        switch best.0 {
        case .hebrew:
            return LanguageDetection(language: .he, scores: [LanguageScore(.he, letterScore)], letters: letters)
        case .cyrillic:
            let foreign = nonRussian > 0 && nonRussian * 50 >= best.1
            return LanguageDetection(
                language: foreign ? nil : .ru, scores: [LanguageScore(.ru, letterScore)], letters: letters)
        case .cjk:
            if kana > 0 {
                return LanguageDetection(language: .ja, scores: [LanguageScore(.ja, letterScore)], letters: letters)
            }
            var byVariant = SIMD16<Double>()
            byVariant[Slot.zhHans] = Double(simplified)
            byVariant[Slot.zhHant] = Double(traditional)
            return choose(among: [.zhHans, .zhHant], byVariant, unsupported: 0)
        case .arabic:
            let arabicScript: [Language] = [.ar, .fa]
            if weights[Slot.ar] == 0 && weights[Slot.fa] == 0 && weights[Slot.unsupportedArabic] == 0 {
                return LanguageDetection(language: .ar, scores: [], letters: letters)
            }
            return choose(among: arabicScript, weights, unsupported: weights[Slot.unsupportedArabic])
        case .latin:
            var result = choose(among: WordTable.latinLanguages, weights, unsupported: weights[Slot.unsupportedLatin])
            if latinHits < LanguageDetector.minimumLatinHits { result.language = nil }
            return result
        case .unsupported:
            return LanguageDetection(language: nil, scores: [], letters: letters)
        }
    }

    /// The best of `candidates` (listed in SPEC order, which breaks ties) if it
    /// clears the margin over the runner-up and over unsupported-language evidence.
    private func choose(
        among candidates: [Language], _ scores: SIMD16<Double>, unsupported: Double
    ) -> LanguageDetection {
        var first: LanguageScore?
        var second: LanguageScore?
        for language in candidates {
            let s = scores[Slot.of(language)]
            guard s > 0 else { continue }
            let candidate = LanguageScore(language, s)
            if first == nil || s > first!.score {
                second = first
                first = candidate
            } else if second == nil || s > second!.score {
                second = candidate
            }
        }
        guard let best = first else { return LanguageDetection(language: nil, scores: [], letters: letters) }
        let rival = max(second?.score ?? 0, unsupported)
        let language: Language? = best.score >= LanguageDetector.margin * rival ? best.language : nil
        return LanguageDetection(language: language, scores: second.map { [best, $0] } ?? [best], letters: letters)
    }

    // MARK: Letter classes

    /// Lowercase of the Latin letters the supported languages use (Latin-1 and
    /// Latin Extended-A); İ folds to i. Other letters are returned unchanged.
    @inline(__always)
    static func foldLatin(_ c: UInt32) -> UInt32 {
        switch c {
        case 0x130: return 0x69
        case 0xC0...0xDE where c != 0xD7: return c + 0x20
        case 0x100...0x137, 0x14A...0x177: return c | 1
        case 0x139...0x148, 0x179...0x17E: return c & 1 == 1 ? c + 1 : c
        case 0x178: return 0xFF
        default: return c
        }
    }

    /// Languages that use a lowercase non-ASCII Latin letter (`Slot` bits), or
    /// the unsupported-Latin bit for a letter none of them uses.
    static func latinLetterMask(_ c: UInt32) -> UInt16 {
        switch c {
        case 0xDF, 0xE4: return Slot.bits(.de)                        // ß ä
        case 0xF6, 0xFC: return Slot.bits(.de, .tr)                   // ö ü
        case 0xF1: return Slot.bits(.es)                              // ñ
        case 0xE3, 0xF5: return Slot.bits(.pt)                        // ã õ
        case 0xE7: return Slot.bits(.fr, .pt, .tr)                    // ç
        case 0x11F, 0x15F, 0x131: return Slot.bits(.tr)               // ğ ş ı (and İ)
        case 0xE8, 0xF9: return Slot.bits(.fr, .it)                   // è ù
        case 0xE0: return Slot.bits(.fr, .it, .pt)                    // à
        case 0xEA, 0xF4: return Slot.bits(.fr, .pt)                   // ê ô
        case 0xE2: return Slot.bits(.fr, .pt, .tr)                    // â
        case 0xEE, 0xFB: return Slot.bits(.fr, .tr)                   // î û
        case 0x153, 0xE6, 0xEB, 0xEF, 0xFF: return Slot.bits(.fr)     // œ æ ë ï ÿ
        case 0xEC, 0xF2: return Slot.bits(.it)                        // ì ò
        case 0xE1, 0xED, 0xF3, 0xFA: return Slot.bits(.es, .pt)       // á í ó ú
        case 0xE9: return Slot.bits(.fr, .es, .pt, .it)               // é
        case 0xAA, 0xBA: return 0                                     // ª º
        case 0xC0...0x24F, 0x1E00...0x1EFF: return Slot.unsupportedLatinBit // ł ą ř å ø ő ạ …
        default: return 0
        }
    }

    /// Languages that use an Arabic-script letter only they use (`Slot` bits),
    /// or the unsupported-Arabic bit for a letter of Urdu, Pashto or Kurdish.
    static func arabicLetterMask(_ c: UInt32) -> UInt16 {
        switch c {
        case 0x067E, 0x0686, 0x0698, 0x06AF, 0x06A9, 0x06CC:           // پ چ ژ گ ک ی
            return Slot.bits(.fa)
        case 0x0629, 0x064A, 0x0643, 0x0649:                           // ة ي ك ى
            return Slot.bits(.ar)
        case 0x0679, 0x0688, 0x0691, 0x06BA, 0x06BE, 0x06C1, 0x06C3, 0x06D2,  // Urdu ٹ ڈ ڑ ں ھ ہ ۃ ے
             0x067C, 0x0689, 0x0693, 0x0696, 0x069A, 0x06AB, 0x06BC, 0x06CD, 0x06D0,  // Pashto
             0x0695, 0x06B5, 0x06C6, 0x06CE, 0x06D5:                   // Kurdish ڕ ڵ ۆ ێ ە
            return Slot.unsupportedArabicBit
        default:
            return 0
        }
    }
}

// MARK: - Slots

/// Index of a language in `Evidence.weights` and bit in a word mask; two
/// extra slots collect letters of languages msgsift does not support.
enum Slot {
    /// Letters of Latin-script languages msgsift does not support (Polish ł, Czech ř …).
    static let unsupportedLatin = 14
    static let unsupportedLatinBit: UInt16 = 1 << 14
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

// MARK: - Word table

/// Frequent short words per language, looked up by a hash of the folded word.
enum WordTable {
    static let hashBasis: UInt64 = 0xCBF2_9CE4_8422_2325

    /// FNV-1a over scalar values.
    @inline(__always)
    static func mix(_ h: UInt64, _ scalar: UInt32) -> UInt64 {
        (h ^ UInt64(scalar)) &* 0x0000_0100_0000_01B3
    }

    /// The Latin-script languages, in SPEC §1.3 order.
    static let latinLanguages: [Language] = [.en, .fr, .de, .it, .pt, .es, .tr]

    /// Function words, pronouns, auxiliaries and a few staples of SMS. A word
    /// in several lists counts for each of them (its weight is shared). An
    /// entry ending in an apostrophe is an elided form (l'école → "l'").
    static let lists: [(Language, String)] = [
        (.en, """
            the a an and or but of to in on at by for from with about into over after as if than then \
            is are was were be been am has have had do does did will would can could should may must \
            i you he she it we they me him her us them my your his its our their this that these those \
            what which who when where how there here not no yes all any some more only just now today \
            please thanks thank hello hi dear get call text reply stop free order \
            don' can' won' isn' didn' i' it' you' we' let'
            """),
        (.fr, """
            le la les un une des du de au aux et ou où est sont été être avoir a à en dans pour par sur \
            avec sans sous chez entre que qui quoi ne pas plus mais donc car ce cet cette ces il elle ils elles \
            on nous vous je tu me te se sa son ses mon ma mes ton ta tes votre vos notre nos leur leurs \
            y très bien aussi comme tout tous fait peut ici merci bonjour déjà ça si non \
            l' d' qu' c' j' n' s' m' jusqu'
            """),
        (.de, """
            der die das den dem des ein eine einen einem einer und oder aber ist sind war wird werden \
            wurde hat haben kann können nicht kein keine mit von zu zum zur im in an am auf aus bei \
            nach für über unter um bis durch vom ich du er sie es wir ihr ihre ihren ihnen sich uns \
            mein dein sein unser euer dass wenn als wie auch noch nur schon so da hier jetzt bitte \
            heute morgen uhr sehr mehr hallo liebe lieber guten danke
            """),
        (.it, """
            il lo la i gli le un una uno a di da in con su per tra fra del della dei delle degli al alla \
            ai alle dal dalla nel nella sul sulla che non è e ed o ma se come anche più molto questo \
            questa quello quella sono sei siamo ha hanno ho mi ti ci si vi ne suo sua tuo tua nostro \
            vostro grazie ciao buongiorno buonasera qui oggi domani ora già ancora solo \
            l' dell' all' nell' dall' sull' un' c' quest' po'
            """),
        (.pt, """
            o a os as um uma uns umas de do da dos das em no na nos nas ao à aos pelo pela pelos pelas \
            por para que se não é e ou mas mais muito seu sua seus suas você vocês ele ela eles nós \
            meu minha este esta isso isto esse essa está estão são foi ser ter tem há já também como \
            quando até entre obrigado obrigada hoje amanhã aqui agora sim \
            eu te lhe me olá oi
            """),
        (.es, """
            el la los las un una unos unas de del al a en y o que es son está están fue ser ha han hay \
            por para con sin sobre entre su sus se lo le les me te nos mi tu tú él ella ellos usted \
            ustedes este esta esto ese esa como pero más muy ya no sí hoy mañana aquí gracias hola \
            cuando donde porque también todo todos nuestro nuestra
            """),
        (.tr, """
            bir ve bu şu o da de ile için çok ne mi mı mu mü ben sen biz siz onlar var yok gibi daha \
            en ama ki her olarak olan kadar sonra önce değil ise veya hem sizin bizim lütfen \
            teşekkürler merhaba tarafından ya
            """),
        (.fa, """
            است این را که می از به با در برای آن ها های یک شما شده کنید کرد هم تا اگر ولی چه خود نیست \
            بود باید شود من اين كه براي
            """),
        (.ar, """
            في من على الذي التي إلى الى عن مع هذا هذه أن إن ان كان لا ما هو هي قد تم كل عند بعد لم لن \
            ذلك يا أو او ثم حتى بين يرجى شكرا
            """),
    ]

    /// Word hash → languages (`Slot` bits).
    static let masks: [UInt64: UInt16] = {
        var table: [UInt64: UInt16] = [:]
        for (language, words) in lists {
            for word in words.split(whereSeparator: { $0 == " " || $0 == "\n" }) {
                var h = hashBasis
                for scalar in word.unicodeScalars {
                    let v = scalar.value
                    h = mix(h, v == 0x2019 ? 0x27 : v < 0x80 ? v : Evidence.foldLatin(v))
                }
                table[h, default: 0] |= Slot.bits(language)
            }
        }
        return table
    }()

    /// The longest listed word, in scalars (an apostrophe included).
    static let maxLength: Int = lists.reduce(0) { longest, list in
        list.1.split(separator: " ").reduce(longest) { max($0, $1.unicodeScalars.count) }
    }
}
