// Dominant-language detection for a message body (docs/judging.md "Languages").
//
// One pass over the body's UTF-8 feeds an `Evidence` tally: letters per
// script (CharTable), Simplified-only and Traditional-only Han characters
// (HanTables), Persian, Arabic and other-language letters of the Arabic script
// and a few frequent Arabic-script words, and, for every Latin word, the
// naive-Bayes penalties of its character n-grams and of the whole word
// (LatinModel, trained from real text by bench/langid/train.py; DESIGN.md
// "Language detection" has the details). `Evidence.decide()` then applies the
// rules:
//   1. The script group with the most words wins (runs of letters of one script; a Han
//      or kana character is a word of its own), then the one with the most letters; a
//      full tie is undetermined. By letters, `תשלח לי ב-WhatsApp` was English.
//      Latin words that start with a capital (`Apple AirPods Pro with MagSafe`) do not
//      count here, names and brands as often as not: an order notice in Hebrew around
//      a product's name is Hebrew. (Alone, Latin wins by its letters.) A sentence's
//      first word and the small words Title Case capitalizes (`To`, `Our`) still count.
//      Nor do a path's or a file name's words (`דוגמה: /about/contact/`,
//      `见附件：shared/q3_report.xlsx`), nor letters right after a digit (`2nd`, `256gb`).
//      Han, Hiragana and Katakana form one group; scripts of no supported
//      language (Greek, Hangul, Thai, Devanagari, …) form another, which
//      decides nothing.
//   2. Within the winner: Hebrew → he, unless Yiddish's letters (װ ױ ײ) or
//      frequent words Hebrew lacks (נישט, וואס, זייער, WordTable.yiddishWords) make up a
//      quarter of its words. Cyrillic → ru, unless letters Russian
//      lacks (Ukrainian і ї є ґ, Serbian ђ ј љ …), ъ before a consonant
//      (Bulgarian поръчка), Ukrainian's doubled consonant before its ending (питання,
//      життям) or its -ся after a vowel (боюся, сталося; Evidence.hasUkrainianEnding)
//      or their frequent words are there (дякую, пратка,
//      шта by hand; обаче, зошто, щось, увек among the 34,500 Bulgarian,
//      Macedonian, Ukrainian and Serbian words wordfreq lists that Russian's list
//      lacks or has a thousand times less often, Tables/CyrillicWords.swift). Han and kana →
//      ja when any kana, or any kanji only Japanese writes (駅 済 変 …,
//      HanTables.isJapaneseOnly), is present, or when two-character words only
//      Japanese writes often (多分 自分, HanTables.words from wordfreq) make up most
//      of a body of kanji Japanese writes, or when such a body mixes characters only
//      Simplified writes with ones only Traditional writes (会員: Chinese keeps to one
//      system); else zh-Hans or zh-Hant by distinguishing characters. Arabic → fa or ar by letters (پ چ ژ گ ک ی vs ة ي ك ى),
//      digits (۰-۹ vs ٠-٩), ZWNJ, words (WordTable.lists and, from wordfreq,
//      arabicScriptWords) and the article ال; undetermined when
//      nothing tells them apart (Persian is often typed without its letters) or
//      the best has under two letters' worth (ي and ك together count at most as two;
//      one Persian ی counts as two unless an Urdu, Pashto or Kurdish letter is there).
//      Letters of Urdu, Pashto, Kurdish or Uyghur, and frequent Urdu words in the letters
//      Urdu shares with Persian (کو کر میرا, WordTable.urduWords), count for another
//      language, which competes as a runner-up.
//      Latin → the model's most likely class among en fr de it pt es tr and
//      "another Latin-script language" (which answers undetermined), unless a quarter of
//      the words or more hold a letter none of the seven writes (ə ł å ș ő …,
//      `Evidence.othersWrite`; names inside a sentence aside): Azerbaijani is no
//      Turkish, whatever the model scores. When its two best
//      languages are Spanish and Portuguese, the body is read a second time with a table
//      trained for those two (SpanishPortugueseModel, bench/langid/espt.py: the
//      model's n-grams and every two words in a row, `o valor` against `el valor`), whose
//      lead decides between them: the eight-class table, its buckets shared by every
//      class and its penalties capped at 7.5 nats, left them to chance. The same table
//      has a class for each of their neighbours Galician, Asturian and Catalan, which the
//      eight-class table's one class for twenty other languages reads as Spanish or
//      Portuguese: when the best is one of the two (its runner-up either), and one of the
//      neighbours fits `neighbourMargin` nats better than both, the body is another language.
//   3. A choice between languages needs a margin over the runner-up: for the
//      Latin model `latinMargin` nats of log-likelihood (`shortLatinMargin`
//      under `shortLatinLetters` letters; `listedShortLatinMargin` when a word is
//      a listed word of the best class and none is another class's: `cool
//      merci`; when every word is one, any lead: `hello`); two or three short
//      capitalised words no list knows are a name and name no language
//      (`nameWords`); English that only its capitalised words inside a sentence
//      make best (an English product's name in another language's text) names
//      none (`capitalisedEnglish`); elsewhere the best score must reach `margin`
//      times the runner-up's (letters of unsupported languages, such as Urdu ے,
//      compete as a runner-up).
//   4. Fewer than `minimumLetters` letters in all → undetermined, unless the
//      script or its letters name the language among the supported ones
//      (Hebrew; Cyrillic; kana; Han characters only one Chinese script uses;
//      Arabic-script letters or words only Arabic or only Persian uses): then
//      `minimumScriptLetters`. A Latin-script language is named so only by a
//      frequent word no other language writes (`Danke`, `À demain !`), with
//      the margins of rule 3.
// The hot path allocates nothing: the tally is a struct of fixed-size
// counters, and each n-gram is an integer packed from a rolling window and
// looked up in a flat table.

/// One language's score in a `LanguageDetection`.
public struct LanguageScore: Sendable, Equatable, Hashable, CustomStringConvertible {
    /// The candidate language.
    public var language: Language
    /// Its evidence: letters of its script for a decision by script; for Latin
    /// script, how many nats of log-likelihood it is above the least likely
    /// class (the difference between the two listed scores is the margin);
    /// for Arabic script, the weight of letters and words pointing to it.
    public var score: Double

    /// Makes a score.
    public init(_ language: Language, _ score: Double) {
        self.language = language
        self.score = score
    }

    /// `fr:3.5`, for diagnostics.
    public var description: String { "\(language.rawValue):\(score)" }

    /// A score (or margin) for an explanation, to two decimals: `62.5`, `1.0`.
    public static func shown(_ x: Double) -> String { String((x * 100).rounded() / 100) }
}

/// The outcome of detection: the dominant language or nil (undetermined), and the evidence.
public struct LanguageDetection: Sendable, Equatable {
    /// The dominant language, or nil when the body is undetermined.
    public var language: Language?
    /// Up to two candidates with positive scores, best first (ties in docs/judging.md "Languages" order).
    /// Kept as two values, not an array: a detection allocates nothing (`scores` builds the array
    /// when an explanation asks for it).
    public var scores: [LanguageScore] {
        get { best.map { first in runnerUp.map { [first, $0] } ?? [first] } ?? [] }
        set { best = newValue.first; runnerUp = newValue.count > 1 ? newValue[1] : nil }
    }
    private var best: LanguageScore?
    private var runnerUp: LanguageScore?
    /// Letters (Unicode L*) in the body, in every script.
    public var letters: Int
    /// For Latin script: the score of "another Latin-script language" when it is
    /// the best class or the runner-up (then it decided: no language, or the
    /// margin over it); nil otherwise.
    public var otherLanguageScore: Double?
    /// For Cyrillic: letters, spellings or words Russian lacks made the body
    /// undetermined (Ukrainian, Bulgarian, Serbian…).
    public var notRussian: Bool { undetermined == .notRussian }
    /// Why the body is undetermined, for explanations; nil when a language was named.
    public var undetermined: Undetermined?
    /// When the body is undetermined only between two languages of its script, those two:
    /// Simplified or Traditional Chinese (`你有兄弟`, written alike in both), Arabic or
    /// Persian (`سلام سلام`), Portuguese or Spanish (`Pedido confirmado`, every other Latin
    /// class the margin behind both). Empty otherwise. A body whose two are both blocked is blocked
    /// (stage 6), as a phone naming either would block it.
    public var eitherOf: [Language] {
        get { either.map { [$0.0, $0.1] } ?? [] }
        set {
            precondition(newValue.isEmpty || newValue.count == 2, "eitherOf holds two languages or none")
            either = newValue.isEmpty ? nil : (newValue[0], newValue[1])
        }
    }
    private var either: (Language, Language)?

    /// Makes a detection result.
    public init(language: Language?, scores: [LanguageScore], letters: Int, otherLanguageScore: Double? = nil) {
        self.init(language: language, best: scores.first, runnerUp: scores.count > 1 ? scores[1] : nil,
                  letters: letters, otherLanguageScore: otherLanguageScore)
    }

    /// Makes a detection result from its best candidate and the runner-up (both nil for none).
    public init(language: Language?, best: LanguageScore?, runnerUp: LanguageScore? = nil, letters: Int,
                otherLanguageScore: Double? = nil) {
        self.language = language
        self.best = best
        self.runnerUp = runnerUp
        self.letters = letters
        self.otherLanguageScore = otherLanguageScore
    }

    /// Whether the two are the same detection (`eitherOf` as a pair).
    public static func == (a: LanguageDetection, b: LanguageDetection) -> Bool {
        a.language == b.language && a.best == b.best && a.runnerUp == b.runnerUp && a.letters == b.letters
            && a.otherLanguageScore == b.otherLanguageScore && a.undetermined == b.undetermined
            && a.either?.0 == b.either?.0 && a.either?.1 == b.either?.1
    }
}

extension LanguageDetection {
/// Spanish's and Portuguese's neighbours, which the second reading weighs against the two
/// (`Undetermined.neighbourLanguage`): their lanes of `SpanishPortugueseModel`, in this order.
/// An enumeration, not a name: a detection holds no reference, and copies as plain bytes.
public enum Neighbour: Sendable, CaseIterable, CustomStringConvertible {
    case galician, asturian, catalan

    public var description: String {
        switch self {
        case .galician: return "Galician"
        case .asturian: return "Asturian"
        case .catalan: return "Catalan"
        }
    }
}

/// Why no language was named: facts kept as they are, put in words only for an explanation.
public enum Undetermined: Sendable, Equatable, CustomStringConvertible {
    case noLetters
    case scriptsTie
    case fewLetters(minimum: Int)
    case unsupportedScript
    case notRussian
    case notHebrew
    case arabicOrPersian
    case noModelWord
    case onlyNames
    case capitalisedWordsDecide
    case foreignLatinLetters
    case neighbourLanguage(Neighbour, lead: Double)
    case otherLanguageBest
    case smallLead(Double, needed: Double)
    case noDistinction(Language, Language)
    case onlyOtherLanguage
    case littleEvidence(minimum: Double)
    case underNext(ratio: Double)
    case underOtherLanguage(ratio: Double, other: Double)

    public var description: String {
        let shown = LanguageScore.shown
        switch self {
        case .noLetters: return "no letters"
        case .scriptsTie: return "two scripts as strong"
        case .fewLetters(let minimum): return "fewer than \(minimum) letters"
        case .unsupportedScript: return "mostly a script none of the \(Language.allCases.count) languages writes"
        case .notRussian: return "letters or words Russian lacks"
        case .notHebrew: return "letters or words Hebrew lacks (Yiddish)"
        case .arabicOrPersian: return "no letter or word that tells ar from fa"
        case .noModelWord: return "no word the model reads"
        case .onlyNames: return "only capitalised words no word list knows (names, titles)"
        case .capitalisedWordsDecide: return "English only by capitalised words inside a sentence (names, titles)"
        case .foreignLatinLetters: return "letters none of the Latin-script languages writes (ə, ł, å, ș…)"
        case .otherLanguageBest: return "another language scores best"
        case .neighbourLanguage(let name, let lead): return "\(name) reads \(shown(lead)) nats better than es and pt"
        case .smallLead(let lead, let needed): return "a lead of \(shown(lead)) where \(shown(needed)) is needed"
        case .noDistinction(let a, let b): return "no letter or word that tells \(a.rawValue) from \(b.rawValue)"
        case .onlyOtherLanguage: return "only letters or words of another language"
        case .littleEvidence(let minimum): return "evidence under \(shown(minimum))"
        case .underNext(let ratio): return "the best under \(shown(ratio)) times the next"
        case .underOtherLanguage(let ratio, let other): return "the best under \(shown(ratio)) times another language (\(shown(other)))"
        }
    }
}
}

/// The lead bytes of the letters that can make `LanguageDetector` name one of some
/// languages: a language is named only from the script group that wins (rule 1: Hebrew
/// → he, Cyrillic → ru, Han and kana → ja, zh-Hans, zh-Hant, Arabic → ar, fa, Latin →
/// the Latin-script languages), and a group wins only with letters of its own. A text
/// holding none of these bytes is none of those languages, and need not be read (stage 6
/// skips the detection of most bodies when only some languages are blocked). Letters above
/// U+FFFF are taken as their four-byte leads F0–F4, all of them, without looking.
///
/// A plain 256-bit value (no array to retain), made once per rule set.
public struct LetterLeads: Sendable {
    private var bits = SIMD4<UInt64>()

    private mutating func set(_ b: Int) { bits[b >> 6] |= 1 << UInt64(b & 63) }

    /// The scripts whose letters can name `language`.
    static func scripts(_ language: Language) -> [Script] {
        switch language {
        case .he: [.hebrew]
        case .ru: [.cyrillic]
        case .ar, .fa: [.arabic]
        case .ja, .zhHans, .zhHant: [.han, .hiragana, .katakana]
        case .en, .fr, .de, .it, .pt, .es, .tr: [.latin]
        }
    }

    public init(naming languages: some Sequence<Language>) {
        let wanted = Set(languages.flatMap(Self.scripts))
        guard !wanted.isEmpty else { return }
        if wanted.contains(.latin) {
            for b in UInt8(ascii: "A")...UInt8(ascii: "Z") { set(Int(b)); set(Int(b | 0x20)) }
        }
        for cp in UInt32(0x80)..<0x1_0000 where !(0xD800...0xDFFF).contains(cp)
            && CharTable.isLetter(cp) && wanted.contains(CharTable.script(cp)) {
            set(Int(cp < 0x800 ? 0xC0 | cp >> 6 : 0xE0 | cp >> 12))
        }
        for b in 0xF0...0xF4 { set(b) }
    }

    /// Whether `text` holds a byte that may start such a letter.
    public func mayName(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        let bits = bits
        return text.contains { bits[Int($0 >> 6)] >> UInt64($0 & 63) & 1 != 0 }
    }
}

/// Detects the dominant language of a message body from its scripts and words.
public enum LanguageDetector {
    /// Bodies with fewer letters than this are undetermined ...
    public static let minimumLetters = 8
    /// ... unless their script or letters name the language (rule 4 above): `שלום`, `谢谢`.
    public static let minimumScriptLetters = 2
    /// Outside Latin script, the best language's score must be at least this multiple of the runner-up's.
    public static let margin = 1.5
    /// In Latin script, the best class's log-likelihood must exceed the
    /// runner-up's by at least this many nats (a likelihood ratio of e^margin).
    /// 3 since the model learned chat words too: on the tune part of bench/langid/chat.py it
    /// answered wrong no more often than 2 did, for 0.1 point of named English SMS, and on
    /// the catalogs' training sentences 4% fewer wrong answers.
    public static let latinMargin = 3.0
    /// Latin-script bodies of fewer letters than this need `shortLatinMargin`: two
    /// words say little (`Win dollars` scored de 3.5 nats over en, `Salut ça va`
    /// tr), and a blocked language must not junk a message on a guess. 10 since the model
    /// learned chat words (at 8 `Bonus points` was French by 9.5 nats; on chat.py's tune part
    /// 10 kept as many English SMS named as 8, 12 left single SMS words such as `Yup` undetermined).
    public static let shortLatinLetters = 15
    public static let shortLatinMargin = 10.0
    /// The lead a short Latin-script body needs when a word is a listed word of its best class
    /// (`WordTable.onlyOneLanguage`, chat words, SMS spellings) and none another class's:
    /// `cool merci` (8.5 nats), `naber lan`. The word has counted `spanishPortugueseWord` nats
    /// against every other class already. Of bench/langid's 20,413 dev lines (chat.py's tune
    /// part, sms.py's dev sets) 7 named 24 more and no wrong one; 5 named 28 more and 3 would
    /// 36, each with a wrong one (`dc r`, Vietnamese, English by SMS `r`), and Swiss German
    /// `merci dir` (6 nats) and `Merci vielmal` (3) would be French.
    public static let listedShortLatinMargin = 7.0
    /// The lead a Latin-script body needs when every word is a listed word of its best class
    /// and of no other (`hello`, `Danke!`): any (scores move in half nats).
    public static let listedLatinMargin = 0.5
    /// Evidence, in nats, of one word only Spanish (or only Portuguese) writes against the
    /// other, and of one word only one language writes (`WordTable.onlyOneLanguage`) against
    /// every other class. At 6, `merci` and `bcp` together lost to
    /// the model's dislike of `bcp`, and `Tu pedido #ES-556123 ha sido enviado` was Portuguese.
    public static let spanishPortugueseWord = 10.0
    /// A Latin-script body of two to `nameWords` words, each written as a name is (a capital,
    /// then small letters), none longer than `nameLetters` letters and none a listed word of
    /// any class, is a person's name (`Richard Nixon`, `George Herman Ruth.`): undetermined,
    /// whatever the model scores (`Albert Einstein` was German). Longer words are Title Case
    /// and German nouns (`Importiertes Zertifikat`, `Conditional Formatting`), which the rule
    /// took out at any length (on bench/langid's dev sentences 43 named right became
    /// undetermined at any length, 8 with one word allowed, 3 at 9 letters and names only).
    /// English named only by capitalised words inside its sentences is no answer: when,
    /// without them, another supported language would lead English by this many nats, the
    /// body is undetermined. `Disattiva Firefox Screenshots.` was English, 12.5 nats ahead; Italian
    /// leads without `Firefox Screenshots`: an Italian, Spanish or Portuguese UI string names
    /// an English product in Title Case; a title begun by `The` after a word in small letters
    /// (`L'autore di The Canturbury Tales.`) counts with its capitalised words. Only English: German nouns and Turkish titles are
    /// capitalised in those languages' own text (on bench/langid's dev sentences the rule for
    /// every language made 11 right answers undetermined for 3 wrong ones; for English 2 for 2).
    public static let capitalisedEnglish = 10.0
    /// When the Latin model names Spanish or Portuguese, by how many nats Galician, Asturian or
    /// Catalan must read better than both, in the second reading (`SpanishPortugueseModel`), for
    /// the body to be another language: `Engadir novo rexistro` (Galician, 41 nats), `Nun ye
    /// posible importar` (Asturian). Chosen on bench/langid's dev parts (bench/RESULTS.md): at 16
    /// nats, 42 of bench.py's 57 other-language sentences named wrongly became undetermined for 4
    /// Spanish and Portuguese ones named right; under 14 short Spanish lines go too (`Que tal el
    /// examen?` is 6 nats more Catalan than Spanish).
    public static let neighbourMargin = 16.0
    public static let nameWords: Int32 = 3
    public static let nameLetters = 9

    /// The dominant language of `text`.
    public static func detect(_ text: String) -> LanguageDetection {
        var text = text
        return text.withUTF8 { detect(utf8: $0) }
    }

    /// The dominant language of UTF-8 bytes; invalid sequences count as non-letters.
    ///
    /// Links and e-mail addresses are left out: the letters of
    /// `https://www.sf-express.com/cn/sc/waybill` are no evidence of a Chinese
    /// body's language. A run of printable ASCII (no space) that the `links`
    /// rule calls a link, or that holds `@` and then `.`, counts as a space.
    public static func detect(utf8 bytes: UnsafeBufferPointer<UInt8>) -> LanguageDetection {
        var evidence = Evidence()
        read(bytes, into: &evidence)
        let second = evidence.secondReading()
        if second != .none {
            var pair = Evidence(spanishPortuguese: ())
            read(bytes, into: &pair)
            let lead = pair.spanishPortugueseLead()
            if second == .spanishPortuguese { evidence.spanishOverPortuguese = lead }
            (evidence.neighbourLead, evidence.neighbour) = pair.neighboursOverPair()
        }
        return evidence.decide()
    }

    /// Feeds the body to `evidence`, links and addresses as spaces, and closes the last word.
    /// A link or an address holds `.`, `:` or `@`: only the run of printable ASCII around
    /// one of those is tested, and the body is searched for them eight bytes at a time.
    private static func read(_ bytes: UnsafeBufferPointer<UInt8>, into evidence: inout Evidence) {
        let n = bytes.count
        var fed = 0, i = 0
        while let mark = firstMark(bytes, from: i) {
            var start = mark, end = mark + 1
            while start > i && bytes[start - 1] &- 0x21 < 0x5E { start -= 1 }
            while end < n && bytes[end] &- 0x21 < 0x5E { end += 1 }
            // A run whose one mark is its last byte (`home.`, `Note:`, `me@`: a sentence's end,
            // mostly) is no link nor address: each needs a byte after its mark.
            if end > mark + 1, isLinkOrAddress(UnsafeBufferPointer(rebasing: bytes[start..<end])) {
                feed(UnsafeBufferPointer(rebasing: bytes[fed..<start]), to: &evidence)
                evidence.add(0x20)
                fed = end
            }
            i = end
        }
        feed(UnsafeBufferPointer(rebasing: bytes[fed..<n]), to: &evidence)
        evidence.endWord()
    }

    /// The index of the first `.`, `:` or `@` at or after `from`, if any.
    @inline(__always)
    static func firstMark(_ bytes: UnsafeBufferPointer<UInt8>, from: Int) -> Int? {
        guard let base = bytes.baseAddress else { return nil }
        let n = bytes.count
        var i = from
        // Eight bytes at a time: a byte equal to one of the three is a zero byte of the word
        // XORed with it repeated; `x - 0x01…01 & ~x & 0x80…80` flags the lowest zero byte
        // exactly (a flag above it may be a borrow's, never one below).
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        while i + 8 <= n {
            let word = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)
            let dot = word ^ 0x2E2E_2E2E_2E2E_2E2E, colon = word ^ 0x3A3A_3A3A_3A3A_3A3A, at = word ^ 0x4040_4040_4040_4040
            let found = ((dot &- ones) & ~dot | (colon &- ones) & ~colon | (at &- ones) & ~at) & highs
            if found != 0 { return i + UInt64(littleEndian: found).trailingZeroBitCount >> 3 }
            i += 8
        }
        while i < n {
            let b = bytes[i]
            if b == 0x2E || b == 0x3A || b == 0x40 { return i }
            i += 1
        }
        return nil
    }

    /// A link by the `links` rule, or an e-mail address (`@`, then a `.` after a character).
    static func isLinkOrAddress(_ run: UnsafeBufferPointer<UInt8>) -> Bool {
        if let at = run.firstIndex(of: 0x40), at > run.startIndex,
           run[(at + 1)...].dropFirst().contains(0x2E) {
            return true
        }
        return LinkDetector.containsLink(utf8: run)
    }

    /// Adds every scalar of `bytes` to the tally.
    private static func feed(_ bytes: UnsafeBufferPointer<UInt8>, to evidence: inout Evidence) {
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
    }
}

// MARK: - Evidence
