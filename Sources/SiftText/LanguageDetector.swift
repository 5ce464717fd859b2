// Dominant-language detection for a message body (SPEC §1.3).
//
// One pass over the body's UTF-8 feeds an `Evidence` tally: letters per
// script (CharTable), Simplified-only and Traditional-only Han characters
// (HanTables), Persian, Arabic and other-language letters of the Arabic script
// and a few frequent Arabic-script words, and, for every Latin word, the
// naive-Bayes penalties of its character n-grams and of the whole word
// (LatinModel, trained from real text by bench/langid/train.py; DESIGN.md
// "Language detection" has the details). `Evidence.decide()` then applies the
// rules:
//   1. The script group with the most letters wins; a tie is undetermined.
//      Han, Hiragana and Katakana form one group; scripts of no supported
//      language (Greek, Hangul, Thai, Devanagari, …) form another, which
//      decides nothing.
//   2. Within the winner: Hebrew → he. Cyrillic → ru, unless letters Russian
//      lacks (Ukrainian і ї є ґ, Serbian ђ ј љ …), ъ before a consonant
//      (Bulgarian поръчка) or their frequent words (дякую, пратка, хвала) are
//      there. Han and kana →
//      ja when any kana is present, else zh-Hans or zh-Hant by distinguishing
//      characters. Arabic → fa or ar by letters (پ چ ژ گ ک ی vs ة ي ك ى),
//      digits (۰-۹ vs ٠-٩), ZWNJ, words and the article ال; undetermined when
//      nothing tells them apart (Persian is often typed without its letters).
//      Latin → the model's most likely class among en fr de it pt es tr and
//      "another Latin-script language" (which answers undetermined).
//   3. A choice between languages needs a margin over the runner-up: for the
//      Latin model `latinMargin` nats of log-likelihood (`shortLatinMargin`
//      under `shortLatinLetters` letters), elsewhere the best
//      score must reach `margin` times the runner-up's (letters of unsupported
//      languages, such as Urdu ے, compete as a runner-up).
//   4. Fewer than `minimumLetters` letters in all → undetermined, unless the
//      script or its letters name the language among the supported ones
//      (Hebrew; Cyrillic; kana; Han characters only one Chinese script uses;
//      Arabic-script letters or words only Arabic or only Persian uses): then
//      `minimumScriptLetters`. Latin-script languages keep the higher bar.
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
}

/// The outcome of detection: the dominant language or nil (undetermined), and the evidence.
public struct LanguageDetection: Sendable, Equatable {
    /// The dominant language, or nil when the body is undetermined.
    public var language: Language?
    /// Up to two candidates with positive scores, best first (ties in SPEC §1.3 order).
    public var scores: [LanguageScore]
    /// Letters (Unicode L*) in the body, in every script.
    public var letters: Int
    /// For Latin script: the score of "another Latin-script language" when it is
    /// the best class or the runner-up (then it decided: no language, or the
    /// margin over it); nil otherwise.
    public var otherLanguageScore: Double?
    /// For Cyrillic: letters, spellings or words Russian lacks made the body
    /// undetermined (Ukrainian, Bulgarian, Serbian…).
    public var notRussian = false

    /// Makes a detection result.
    public init(language: Language?, scores: [LanguageScore], letters: Int, otherLanguageScore: Double? = nil) {
        self.language = language
        self.scores = scores
        self.letters = letters
        self.otherLanguageScore = otherLanguageScore
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
    public static let latinMargin = 2.0
    /// Latin-script bodies of fewer letters than this need `shortLatinMargin`: two
    /// words say little (`Win dollars` scored de 3.5 nats over en, `Salut ça va`
    /// tr), and a blocked language must not junk a message on a guess.
    public static let shortLatinLetters = 15
    public static let shortLatinMargin = 8.0
    /// Evidence, in nats, of one word only Spanish (or only Portuguese) writes against the other.
    public static let spanishPortugueseWord = 6.0

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
        let n = bytes.count
        var fed = 0, i = 0
        while i < n {
            guard bytes[i] &- 0x21 < 0x5E else { i += 1; continue }
            let start = i
            var marked = false      // holds `.`, `:` or `@`: maybe a link
            while i < n && bytes[i] &- 0x21 < 0x5E {
                let b = bytes[i]
                marked = marked || b == 0x2E || b == 0x3A || b == 0x40
                i += 1
            }
            if marked && isLinkOrAddress(UnsafeBufferPointer(rebasing: bytes[start..<i])) {
                feed(UnsafeBufferPointer(rebasing: bytes[fed..<start]), to: &evidence)
                evidence.add(0x20)
                fed = i
            }
        }
        feed(UnsafeBufferPointer(rebasing: bytes[fed..<n]), to: &evidence)
        evidence.endWord()
        return evidence.decide()
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

/// The one-pass tally behind `LanguageDetector.detect`.
struct Evidence {
    /// Letters in every script.
    var letters = 0
    /// Letters per `Script.rawValue`.
    var scripts = SIMD16<Int32>()
    /// Han letters HanTables marks Simplified-only / Traditional-only.
    var simplified = 0
    var traditional = 0
    /// Cyrillic letters that Russian does not use, and uses of ъ Russian does not have.
    var nonRussian = 0
    /// The open Arabic-script word starts with alef (ا), which may begin the article ال.
    var articleStart = false
    /// The open Arabic-script word starts with the article ال.
    var wordHasArticle = false
    /// Latin words only Spanish / only Portuguese writes.
    var spanishWords = 0
    var portugueseWords = 0
    /// The scalar before was ъ or Ъ: Russian writes it only before е ё ю я,
    /// Bulgarian inside words before any consonant (поръчка, България).
    var afterHardSign = false
    /// Arabic-script letter and word evidence per `Slot`.
    var weights = SIMD16<Double>()
    /// Latin letters (kept apart from `scripts` so the hot path adds to a plain integer).
    var latinLetters = 0
    /// Latin model: summed penalties per class (`LatinModel` order) and features seen.
    /// The running sums live in 16-bit lanes of two words (even classes, odd
    /// classes) and move to `latinPenalty` before a lane could overflow.
    var latinPenalty = SIMD8<UInt32>()
    var latinEven: UInt64 = 0
    var latinOdd: UInt64 = 0
    var latinFeatures = 0
    let latinRows = LatinModelTable.rows.base

    // The word being read (`wordScript` is .latin or .arabic while one is open).
    var wordScript: Script = .other
    var wordHash: UInt64 = WordTable.hashBasis
    var wordLength = 0
    /// The last four scalars of the open Latin word, 11 bits each, boundary included.
    var window: UInt64 = 0
    var wordIsURLPart = false
    // URL and e-mail parts ("example.com", "user@mail") are not scored: a
    // domain's "com" or "de" says nothing about the body's language.
    var lastWasAlnum = false
    var afterJoiner = false

    @inline(__always)
    mutating func add(_ cp: UInt32) {
        if afterHardSign { hardSignFollowedBy(cp) }
        if cp < 0x80 {
            let lower = cp | 0x20
            if lower >= 0x61 && lower <= 0x7A {
                letters += 1
                latinLetters += 1
                latinLetter(lower)
                return
            }
            switch cp {
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
            latinLetter(Evidence.foldLatin(cp))
        case .arabic:
            if wordScript != .arabic { startWord(.arabic) }
            wordHash = WordTable.mix(wordHash, cp)
            // The article al- (ال) opens a word: Arabic's most frequent sign (weighed when the
            // word ends, unless Persian borrowed it whole).
            if wordLength == 1 { wordHasArticle = cp == 0x0644 && articleStart }
            articleStart = wordLength == 0 && cp == 0x0627
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
            if wordScript != .cyrillic { startWord(.cyrillic) }
            // Words compare in lower case: А–Я and Ѐ–Џ have their small letters 0x20 and 0x50 up.
            let lower = (0x0410...0x042F).contains(cp) ? cp + 0x20 : (0x0400...0x040F).contains(cp) ? cp + 0x50 : cp
            wordHash = WordTable.mix(wordHash, lower)
            wordLength += 1
            if (0x0400...0x040F).contains(cp) || (0x0450...0x045F).contains(cp) || cp >= 0x0490 {
                if cp != 0x0401 && cp != 0x0451 { nonRussian += 1 }  // Ё ё are Russian
            }
            afterHardSign = cp == 0x044A || cp == 0x042A
        case .other, .common, .greek, .hebrew, .hiragana, .katakana, .hangul, .thai, .devanagari:
            endWord()
        }
        lastWasAlnum = true
    }

    /// After ъ: a Cyrillic letter other than е ё ю я is a use Russian does not have.
    @inline(never)
    mutating func hardSignFollowedBy(_ cp: UInt32) {
        afterHardSign = false
        switch cp {
        case 0x0435, 0x0451, 0x044E, 0x044F, 0x0415, 0x0401, 0x042E, 0x042F: break
        case 0x0400...0x04FF: nonRussian += 1
        default: break
        }
    }

    /// The n-gram key of the window's last `n` scalars: 11 bits each, `n` in bits 44-46.
    @inline(__always)
    func gram(_ n: UInt64) -> UInt64 {
        window & ((1 << (11 &* n)) &- 1) | n << 44
    }

    /// Adds the model's penalties for one feature key.
    @inline(__always)
    mutating func score(_ key: UInt64) {
        let bucket = Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> UInt64(64 - LatinModel.bucketBits))
        let row = UInt64(latinRows[bucket])
        latinEven &+= Evidence.spread(row & 0x0F0F_0F0F)
        latinOdd &+= Evidence.spread(row >> 4 & 0x0F0F_0F0F)
        latinFeatures &+= 1
        if latinFeatures & 0xFFF == 0 { flushLatin() }  // 4096 × 15 fits 16 bits
    }

    /// Bytes 0-3 of `x` into the 16-bit lanes 0-3.
    @inline(__always)
    static func spread(_ x: UInt64) -> UInt64 {
        let y = (x | x << 16) & 0x0000_FFFF_0000_FFFF
        return (y | y << 8) & 0x00FF_00FF_00FF_00FF
    }

    /// Moves the 16-bit running sums into `latinPenalty`.
    mutating func flushLatin() {
        for k in 0..<4 {
            latinPenalty[2 * k] &+= UInt32(truncatingIfNeeded: latinEven >> UInt64(16 * k) & 0xFFFF)
            latinPenalty[2 * k + 1] &+= UInt32(truncatingIfNeeded: latinOdd >> UInt64(16 * k) & 0xFFFF)
        }
        latinEven = 0
        latinOdd = 0
    }

    /// A folded Latin letter: extends the open word and scores the n-grams ending here.
    @inline(__always)
    mutating func latinLetter(_ folded: UInt32) {
        if wordScript != .latin {
            startWord(.latin)
            window = 0x20
        }
        wordHash = WordTable.mix(wordHash, folded)
        wordLength &+= 1
        lastWasAlnum = true
        window = (window << 11 | UInt64(min(folded, 0x7FF))) & (1 << 44 - 1)
        guard !wordIsURLPart else { return }
        score(gram(1))
        score(gram(2))
        if wordLength >= 2 { score(gram(3)) }
        if wordLength >= 3 { score(gram(4)) }
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

    /// Closes the open word, if any, and scores it: for Latin, the n-grams
    /// ending with the closing boundary and the whole word; for Arabic script,
    /// the frequent-word table.
    @inline(__always)
    mutating func endWord() {
        guard wordLength > 0 else { return }
        if !wordIsURLPart {
            if wordScript == .latin {
                if WordTable.spanishOnly.contains(wordHash) { spanishWords += 1 }
                if WordTable.portugueseOnly.contains(wordHash) { portugueseWords += 1 }
                window = (window << 11 | 0x20) & (1 << 44 - 1)
                score(gram(2))
                if wordLength >= 2 { score(gram(3)) }
                if wordLength >= 3 {
                    score(gram(4))
                    score(wordHash & (1 << 47 - 1) | 1 << 47)
                }
            } else if wordScript == .cyrillic {
                // A frequent word of Ukrainian, Bulgarian, Serbian or Macedonian that Russian
                // does not have (дякую, пратка, хвала): a sign as strong as their own letters.
                if WordTable.isNotRussian(wordHash) { nonRussian += 25 }
            } else {
                if wordLength <= WordTable.maxLength, let mask = WordTable.masks[wordHash] {
                    spread(1.0, over: mask)
                }
                if wordHasArticle && wordLength >= 4 && !WordTable.persianArticleWords.contains(wordHash) {
                    weights[Slot.ar] += 0.5
                }
            }
        }
        wordScript = .other
        wordHash = WordTable.hashBasis
        wordHasArticle = false
        wordLength = 0
        wordIsURLPart = false
    }

    @inline(__always)
    mutating func addLetterEvidence(_ mask: UInt16) {
        // A letter no supported language uses is an unambiguous sign of another
        // language (Urdu ہ ے): it weighs four times a shared one.
        spread(mask == Slot.unsupportedArabicBit ? 2.0 : 0.5, over: mask)
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
    mutating func decide() -> LanguageDetection {
        flushLatin()
        scripts[Int(Script.latin.rawValue)] += Int32(truncatingIfNeeded: latinLetters)
        latinLetters = 0
        var (result, named) = decideByScript()
        if letters < (named ? LanguageDetector.minimumScriptLetters : LanguageDetector.minimumLetters) { result.language = nil }
        result.letters = letters
        return result
    }

    private func count(_ script: Script) -> Int { Int(scripts[Int(script.rawValue)]) }

    private enum Group { case latin, cyrillic, hebrew, arabic, cjk, unsupported }

    /// The decision by script, and whether the script or its letters named the language (rule 4).
    private func decideByScript() -> (LanguageDetection, named: Bool) {
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
        if best.1 == 0 || best.1 == runnerUp { return (LanguageDetection(language: nil, scores: [], letters: letters), false) }
        let letterScore = Double(best.1)
        switch best.0 {
        case .hebrew:
            return (LanguageDetection(language: .he, scores: [LanguageScore(.he, letterScore)], letters: letters), true)
        case .cyrillic:
            let foreign = nonRussian > 0 && nonRussian * 50 >= best.1
            var detection = LanguageDetection(language: foreign ? nil : .ru, scores: [LanguageScore(.ru, letterScore)], letters: letters)
            detection.notRussian = foreign
            return (detection, true)
        case .cjk:
            if kana > 0 {
                return (LanguageDetection(language: .ja, scores: [LanguageScore(.ja, letterScore)], letters: letters), true)
            }
            var byVariant = SIMD16<Double>()
            byVariant[Slot.zhHans] = Double(simplified)
            byVariant[Slot.zhHant] = Double(traditional)
            return (choose(among: [.zhHans, .zhHant], byVariant, unsupported: 0), true)
        case .arabic:
            if weights[Slot.ar] == 0 && weights[Slot.fa] == 0 && weights[Slot.unsupportedArabic] == 0 {
                // No letter or word tells Arabic from Persian (`دوستت دارم` is Persian, `خوابم برد`
                // too): undetermined, so a blocked Arabic never junks Persian on a guess.
                return (LanguageDetection(language: nil, scores: [], letters: letters), false)
            }
            return (choose(among: [.ar, .fa], weights, unsupported: weights[Slot.unsupportedArabic]), true)
        case .latin:
            return (decideLatin(), false)
        case .unsupported:
            return (LanguageDetection(language: nil, scores: [], letters: letters), false)
        }
    }

    /// The Latin model's verdict: the class with the smallest penalty, if it is
    /// a supported language and leads the runner-up (which may be "another
    /// language") by `latinMargin` nats.
    private func decideLatin() -> LanguageDetection {
        guard latinFeatures > 0 else { return LanguageDetection(language: nil, scores: [], letters: letters) }
        let classes = LatinModel.classes.count
        var penalty = latinPenalty
        penalty[classes - 1] += LatinModel.otherPrior
        // Words only one of Spanish and Portuguese writes: `spanishPortugueseWord` nats each.
        let es = 5, pt = 4, bonus = UInt32(LanguageDetector.spanishPortugueseWord * LatinModel.unitsPerNat)
        penalty[pt] &+= UInt32(spanishWords) &* bonus
        penalty[es] &+= UInt32(portugueseWords) &* bonus
        // The best and runner-up classes, and the best two supported languages
        // (the last class is "another language"); ties go to the earlier class.
        var best = 0, second = 1
        if penalty[1] < penalty[0] { best = 1; second = 0 }
        for c in 2..<classes {
            if penalty[c] < penalty[best] { second = best; best = c } else if penalty[c] < penalty[second] { second = c }
        }
        var first = 0, next = 1
        if penalty[1] < penalty[0] { first = 1; next = 0 }
        for c in 2..<(classes - 1) {
            if penalty[c] < penalty[first] { next = first; first = c } else if penalty[c] < penalty[next] { next = c }
        }
        let worst = Double(penalty.max())
        func score(_ c: Int) -> LanguageScore {
            LanguageScore(LatinModel.classes[c]!, (worst - Double(penalty[c])) / LatinModel.unitsPerNat)
        }
        let lead = Double(penalty[second] - penalty[best]) / LatinModel.unitsPerNat
        let margin = count(.latin) < LanguageDetector.shortLatinLetters ? LanguageDetector.shortLatinMargin : LanguageDetector.latinMargin
        let language = lead >= margin ? LatinModel.classes[best] : nil
        let other = classes - 1
        let otherScore = best == other || second == other ? (worst - Double(penalty[other])) / LatinModel.unitsPerNat : nil
        return LanguageDetection(language: language, scores: [score(first), score(next)], letters: letters, otherLanguageScore: otherScore)
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
