// The one-pass tally of LanguageDetector (see LanguageDetector.swift for the
// rules it applies): letters per script, Han variants, Arabic-script and
// Cyrillic letter and word evidence, and the Latin model's penalties.
// `decide()`, which turns the tally into a `LanguageDetection`, is in
// LanguageEvidence+Decision.swift; the letter classes and the Arabic-script and Cyrillic
// letter evidence in LanguageEvidence+Letters.swift; the Latin words' out-of-line helpers
// (a URL part, capitalised words, the word before a colon) in LanguageEvidence+Words.swift.

/// The one-pass tally behind `LanguageDetector.detect`.
struct Evidence {
    /// Letters in every script.
    var letters = 0
    /// Letters per `Script.rawValue`.
    var scripts = SIMD16<Int32>()
    /// Words per `Script.rawValue`: runs of letters of one script (a Han or kana
    /// character is a word of its own). Which script group a body is in goes by
    /// words, not letters: `תשלח לי ב-WhatsApp` is Hebrew with a brand in it, though
    /// `WhatsApp` has more letters than the Hebrew words together.
    var scriptWords = SIMD16<Int32>()
    /// Latin words that start with a capital (`Apple`, `AirPods`, `MAX`): names and brands
    /// as often as not, they do not count against the words of another script (rule 1).
    var capitalLatinWords: Int32 = 0
    /// Latin words that are parts of a path, an address or a file name (`wordIsURLPart`) and
    /// did not start with a capital: no more the message's words than a brand is
    /// (`例如：“/about/contact/”。` is no English, nor with `flatpages/contact_page.html` in it).
    var urlPartLatinWords: Int32 = 0
    /// The Latin word just closed (not a capital's, not a URL part) had a `/` or `_` right after
    /// it: if a URL part follows, it was a path's first word (`flatpages/contact_page.html`).
    var pathHead = false
    /// The run of Latin letters being read was counted in `capitalLatinWords`; then so
    /// was the Latin word it starts (`wordIsCapital`).
    var capitalRun = false
    var wordIsCapital = false
    /// The open Latin word starts with a capital (at a sentence's start too).
    var wordStartsCapital = false
    /// The last Latin word started with a capital, or none came yet: a capitalised word
    /// after it is as likely the message's own (`To Create a …`, `Giancarlo and …`).
    var lastLatinWordCapital = true
    /// The last Latin word was read as a name inside a sentence (`name` in `endWord`).
    var lastLatinWordName = false
    /// The open Latin word has had a small letter, and a capital after one (`WhatsApp`).
    var wordHasSmall = false
    var wordIsCamel = false
    /// The open Latin word's letters, a bit per letter a-z (bit 31 for any other), for
    /// `isLaughter`.
    var wordLetterSet: UInt32 = 0
    /// The Latin model's sums when the open Latin word started, to take a brand's
    /// letters back out (`endWord`).
    var wordStartEven: UInt64 = 0
    var wordStartOdd: UInt64 = 0
    var wordStartFeatures = 0
    var wordStartPenalty = SIMD8<UInt32>()
    /// Letters of the Latin words taken back out so.
    var droppedLatinLetters = 0
    /// A colon came right after a Latin word: the sums and word counts from before that
    /// word, restored if a letter follows (`display:grid`).
    var colonPending = false
    var colonEven: UInt64 = 0
    var colonOdd: UInt64 = 0
    var colonFeatures = 0
    var colonPenalty = SIMD8<UInt32>()
    var colonOnlyWords = SIMD8<UInt32>()
    var colonCapitalised = SIMD8<UInt32>()
    var colonSpanishPortuguese = (0, 0)
    /// Latin words scored or taken back out (not URL parts), those written as a name is (a
    /// capital, then small letters only), those a word list names (a class's chat or SMS
    /// word, a Spanish or Portuguese word), and the longest's letters: two or three short
    /// name-shaped words none of which a list knows are a name (`Richard Nixon`,
    /// `George Herman Ruth.`), no evidence of a language (`LanguageDetector.nameWords`).
    var latinWordCount: Int32 = 0
    var nameShapedWords: Int32 = 0
    /// Latin words, names inside a sentence aside, with a letter none of the seven Latin-script
    /// languages writes (`ə`, `ł`, `ș`, `å`: `Evidence.othersWrite`), and whether the open word
    /// has one.
    var foreignLatinWords: Int32 = 0
    var wordHasForeign = false
    var knownLatinWords: Int32 = 0
    var longestLatinWord = 0
    /// No word since the start or since `.`, `!`, `?` (or their CJK and Arabic forms): a
    /// capital here starts a sentence (`Dinner with 王小明 tonight`), not a name.
    var sentenceStart = true
    /// The script of the run of letters the scalar before belonged to; `noRun` after
    /// anything else (a mark or a digit inside a word continues the run).
    var runScript: UInt8 = Evidence.noRun
    static let noRun: UInt8 = 0xFF
    /// Han letters HanTables marks Simplified-only / Traditional-only.
    var simplified = 0
    var traditional = 0
    /// Han letters only Japanese writes (`HanTables.isJapaneseOnly`): Japanese, as kana are.
    var japaneseOnly = 0
    /// Adjacent Han characters forming a word only Japanese / only Chinese writes often
    /// (`HanTables.pair`), and the Han character before (when the scalar before was one).
    var japanesePairs = 0
    /// Han characters Japanese does not write (`HanTables.isJapaneseKanji`).
    var notJapanese = 0
    var chinesePairs = 0
    var lastHan: UInt32 = 0
    /// Cyrillic letters that Russian does not use, and uses of ъ Russian does not have.
    var nonRussian = 0
    /// The open Cyrillic word's last four letters in lower case, 16 bits each, the last lowest
    /// (`Evidence.hasUkrainianEnding`).
    var cyrillicTail: UInt64 = 0
    /// Hebrew-script letters and words only Yiddish writes (װ ױ ײ; `WordTable.yiddishWords`).
    var yiddish: Int32 = 0
    /// The open Arabic-script word starts with alef (ا), which may begin the article ال.
    var articleStart = false
    /// The open Arabic-script word starts with the article ال.
    var wordHasArticle = false
    /// Latin words only Spanish / only Portuguese writes (against the other).
    var spanishWords = 0
    var portugueseWords = 0
    /// Per `LatinModel` class, its words no other class writes (`WordTable.onlyOneLanguage`).
    var onlyWords = SIMD8<UInt32>()
    /// The scalar before was ъ or Ъ: Russian writes it only before е ё ю я,
    /// Bulgarian inside words before any consonant (поръчка, България).
    var afterHardSign = false
    /// Arabic-script letter and word evidence per `Slot`.
    var weights = SIMD16<Double>()
    /// Persian ی was read: Arabic never writes it (its yeh is ي or final ى); see `decideByScript`.
    var persianYeh = false
    /// Arabic ي ك ى, which Persian typed on an Arabic keyboard (or in an old encoding)
    /// writes for ی and ک throughout: Arabic evidence, but only up to `yehKafCeiling`.
    var yehKaf = 0
    /// Latin letters (kept apart from `scripts` so the hot path adds to a plain integer).
    var latinLetters = 0
    /// Latin model: summed penalties per class (`LatinModel` order) and features seen.
    /// The running sums live in 16-bit lanes of two words (even classes, odd
    /// classes) and move to `latinPenalty` before a lane could overflow.
    var latinPenalty = SIMD8<UInt32>()
    var latinEven: UInt64 = 0
    var latinOdd: UInt64 = 0
    var latinFeatures = 0
    /// The part of `latinPenalty` and the running sums (lanes wrap: differences count) that
    /// capitalised words inside a sentence scored (`Disattiva Firefox Screenshots.`):
    /// a product's name or a title as often as the message's own words (`decideLatin`).
    var capitalisedPenalty = SIMD8<UInt32>()
    /// The table the Latin words are scored with, and the shift that takes a feature's
    /// hashed key to its bucket: the Latin model's, or the Spanish-Portuguese one's for the
    /// second reading of a body (`init(spanishPortuguese:)`).
    var latinRows = LatinModelTable.rows.base
    /// `CharTable`'s entries, `HanTables.flagTable` and `WordTable`'s Latin words, fetched
    /// once per body.
    let charTable = CharTable.table
    let hanTable = HanTables.flagTable
    let latinWordFilter = WordTable.latinWordFilter
    let latinWordSlots = WordTable.latinWordSlots
    var latinShift = UInt64(64 - LatinModel.bucketBits)
    /// Nats of evidence for Spanish over Portuguese (negative: for Portuguese) from that second
    /// reading, when the Latin model's two best languages were those two (`secondReading`); then it decides
    /// between them (`decideLatin`).
    var spanishOverPortuguese: Double?
    /// Nats by which, in that second reading, Galician, Asturian or Catalan reads better than
    /// the better of Spanish and Portuguese (negative: worse); `decideLatin` names neither of
    /// the two when it is `LanguageDetector.neighbourMargin` or more.
    var neighbourLead: Double?
    /// Which neighbour that is.
    var neighbour = LanguageDetection.Neighbour.galician

    init() {}

    /// A tally that scores Latin words with `SpanishPortugueseTable`: its `spanishPortugueseLead`
    /// is the table's verdict between the two.
    init(spanishPortuguese: Void) {
        latinRows = SpanishPortugueseTable.rows.base
        latinShift = UInt64(64 - SpanishPortugueseModel.bucketBits)
        wordPairs = true
    }

    /// The Spanish-Portuguese table also scores each two Latin words in a row, which the two
    /// write differently where every word alone is both's (`o número` against `el número`,
    /// `o sea`): `previousWordHash` is the last Latin word scored, 0 before the first.
    var wordPairs = false
    var previousWordHash: UInt64 = 0

    /// The feature key of two Latin words in a row, from their hashes (bench/langid/espt.py
    /// `pair_keys`): bit 48 set, where the model's other keys have bits 44–47.
    @inline(__always)
    static func pairKey(_ previous: UInt64, _ word: UInt64) -> UInt64 {
        ((previous &* 0x9E37_79B9_7F4A_7C15) ^ word) & (1 << 47 - 1) | 1 << 48
    }

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
                letters &+= 1
                latinLetters &+= 1
                if runScript != Script.latin.rawValue {
                    runScript = Script.latin.rawValue
                    // Right after a digit, a run of Latin letters is the number's unit or ending
                    // (`5pm`, `256GB`, `2nd`), no word of the message's: it does not count in the
                    // words that choose the script (nor right after a letter of another script: `我用iphone`).
                    if !lastWasAlnum {
                        scriptWords[Int(Script.latin.rawValue)] &+= 1
                        if cp < 0x61 && !sentenceStart { capitalLatinWords &+= 1; capitalRun = true }
                    }
                    sentenceStart = false
                }
                latinLetter(lower, capital: cp < 0x61)
                return
            }
            // A digit continues a run of letters (`A1B2C3` is one word, not three).
            if cp &- 0x30 >= 10 { runScript = Evidence.noRun }
            if cp == 0x3A && wordScript == .latin && wordLength > 0 && !wordIsURLPart {
                // `display:grid`, `about:logging`: if a letter follows the colon, the word before
                // it is a property's or a scheme's name, no more the message's than the word
                // after it (a URL part): kept to be taken back out (`latinLetter`).
                colonPending = true
                colonEven = wordStartEven
                colonOdd = wordStartOdd
                colonFeatures = wordStartFeatures
                colonPenalty = wordStartPenalty
                colonCapitalised = capitalisedPenalty
                colonOnlyWords = onlyWords
                colonSpanishPortuguese = (spanishWords, portugueseWords)
            } else {
                colonPending = false
            }
            switch cp {
            case 0x30...0x39: endWord(); lastWasAlnum = true; afterJoiner = false
            case 0x2F, 0x5F:  // / _
                pathJoiner(cp)
            case 0x2E where wordIsURLPart && lastWasAlnum:  // a path's word's extension: `contact_page.html`
                pathJoiner(cp)
            case 0x2E, 0x40, 0x3D, 0x3A, 0x3F, 0x26, 0x23, 0x25:  // . @ = : ? & # %
                if cp == 0x2E || cp == 0x3F { sentenceStart = true }
                // Letters right after `&` are an HTML entity (`&lt;`, `&amp;`) or a brand's
                // (`AT&T`, `M&S`): not scored. After `.` and `?` they are the next sentence's
                // (SMS leave out the space: `Sleep well..take care`); links and addresses
                // were taken out before (`LanguageDetector.detect`).
                endWord(); afterJoiner = cp != 0x2E && cp != 0x3F && (afterJoiner || lastWasAlnum) || cp == 0x26; lastWasAlnum = false
            default:
                if cp == 0x21 { sentenceStart = true }
                separator()
            }
            return
        }
        colonPending = false
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
        let entry = CharTable.entry(cp, in: charTable)
        guard entry & CharTable.letterBit != 0 else {
            // Other marks (Hebrew points, Devanagari vowel signs) sit inside a word too.
            if entry & CharTable.clusterBit == 0 {
                if cp == 0x3002 || cp == 0xFF01 || cp == 0xFF1F || cp == 0x061F { sentenceStart = true }  // 。！？؟
                separator()
            }
            return
        }
        letters &+= 1
        let script = CharTable.script(ofEntry: entry)
        scripts[Int(script.rawValue)] &+= 1
        let previousRun = runScript
        if runScript != script.rawValue || script == .han || script == .hiragana || script == .katakana {
            runScript = script.rawValue
            if script != .latin || !lastWasAlnum {
                scriptWords[Int(script.rawValue)] &+= 1
                if script == .latin && !sentenceStart && Evidence.foldLatin(cp) != cp { capitalLatinWords &+= 1; capitalRun = true }
            }
            sentenceStart = false
        }
        switch script {
        case .latin:
            let folded = Evidence.foldLatin(cp)
            latinLetter(folded, capital: folded != cp)
            if Evidence.othersWrite(folded) { wordHasForeign = true }
        case .arabic:
            if wordScript != .arabic { startWord(.arabic) }
            wordHash = WordTable.mix(wordHash, cp)
            // The article al- (ال) opens a word: Arabic's most frequent sign (weighed when the
            // word ends, unless Persian borrowed it whole).
            if wordLength == 1 { wordHasArticle = cp == 0x0644 && articleStart }
            articleStart = wordLength == 0 && cp == 0x0627
            wordLength += 1
            if cp == 0x064A || cp == 0x0643 || cp == 0x0649 {
                yehKaf &+= 1    // ي ك ى: weighed at the end, with a ceiling
            } else if cp == 0x0629 {
                weights[Slot.ar] += 1.0     // ة: Persian writes it only in a few Arabic phrases
            } else {
                let mask = Evidence.arabicLetterMask(cp)
                if mask != 0 { addLetterEvidence(mask) }
                if cp == 0x06CC { persianYeh = true }
            }
        case .han:
            endWord()
            let flags = HanTables.flags(cp, in: hanTable)
            if flags & HanTables.japaneseOnlyFlag != 0 {
                japaneseOnly += 1
            } else {
                switch HanTables.variant(flags: flags) {
                case .simplified: simplified += 1
                case .traditional: traditional += 1
                case .both: break
                }
            }
            if flags & HanTables.kanjiFlag == 0 { notJapanese += 1 }
            if previousRun == Script.han.rawValue {
                let pair = HanTables.pair(lastHan, cp)
                if pair == HanTables.japanesePair { japanesePairs += 1 } else if pair == HanTables.chinesePair { chinesePairs += 1 }
            }
            lastHan = cp
        case .cyrillic:
            if wordScript != .cyrillic { startWord(.cyrillic); cyrillicTail = 0 }
            // Words compare in lower case: А–Я and Ѐ–Џ have their small letters 0x20 and 0x50 up.
            let lower = (0x0410...0x042F).contains(cp) ? cp + 0x20 : (0x0400...0x040F).contains(cp) ? cp + 0x50 : cp
            wordHash = WordTable.mix(wordHash, lower)
            cyrillicTail = cyrillicTail << 16 | UInt64(lower & 0xFFFF)
            wordLength += 1
            if (0x0400...0x040F).contains(cp) || (0x0450...0x045F).contains(cp) || cp >= 0x0490 {
                if cp != 0x0401 && cp != 0x0451 { nonRussian += 1 }  // Ё ё are Russian
            }
            afterHardSign = cp == 0x044A || cp == 0x042A
        case .hebrew:
            if wordScript != .hebrew { startWord(.hebrew) }
            wordHash = WordTable.mix(wordHash, cp)
            wordLength += 1
            if (0x05F0...0x05F2).contains(cp) || cp == 0xFB1F { yiddish &+= 1 }    // װ ױ ײ ײַ
        case .other, .common, .greek, .hiragana, .katakana, .hangul, .thai, .devanagari:
            endWord()
        }
        lastWasAlnum = true
    }

    /// `/`, `_`, or `.` right after a URL part: the word after it, if it follows right away, is a
    /// URL part; a `/` starts a path even before a word (`/about/contact/`, `~/Downloads`). A
    /// Latin word right before a `/` or `_` may be a path's first (`pathHead`). Out of line:
    /// `add`'s common cases stay small (inside it, this cost 2% more instructions per text).
    @inline(never)
    mutating func pathJoiner(_ cp: UInt32) {
        let head = wordScript == .latin && wordLength > 0 && !wordIsURLPart && !wordIsCapital
        endWord()
        if head { pathHead = true }
        afterJoiner = afterJoiner || lastWasAlnum || cp == 0x2F
        if cp == 0x2E { sentenceStart = true }
        lastWasAlnum = false
    }

    /// The n-gram key of the window's last `n` scalars: 11 bits each, `n` in bits 44-46.
    @inline(__always)
    func gram(_ n: UInt64) -> UInt64 {
        window & ((1 << (11 &* n)) &- 1) | n << 44
    }

    /// The model's penalties for one feature key: class k's in byte k, at most 15 each, so
    /// the rows of up to 17 features add up without one byte carrying into the next.
    @inline(__always)
    func row(_ key: UInt64) -> UInt64 {
        latinRows[Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) &>> latinShift)]
    }

    /// Adds the sum of a few features' rows (`row`; at most 5 here) to the running sums;
    /// `counted` then counts the features a letter or a word scored.
    @inline(__always)
    mutating func score(rows: UInt64) {
        latinEven &+= rows & 0x00FF_00FF_00FF_00FF
        latinOdd &+= rows >> 8 & 0x00FF_00FF_00FF_00FF
    }

    /// Counts `n` (at most 5) features just scored, and moves the running sums to
    /// `latinPenalty` when the count passes a multiple of 4,096: the lanes then hold at most
    /// 4,096 + 4 features' penalties of at most 15, which 16 bits hold. (The count and the
    /// sums are taken back together, `takeBackWordsGrams`, so the multiples stay where the
    /// sums were last moved.)
    @inline(__always)
    mutating func counted(_ n: Int) {
        let before = latinFeatures
        latinFeatures &+= n
        if (before ^ latinFeatures) >> 12 != 0 { flushLatin() }
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
    mutating func latinLetter(_ folded: UInt32, capital: Bool) {
        if wordScript != .latin {
            openLatinWord(capital: capital)
        } else if capital && wordHasSmall {
            wordIsCamel = true
        }
        wordHasSmall = wordHasSmall || !capital
        lastWasAlnum = true
        // A letter typed a third time and more (`sooo`, `Squeeeeeze`, `FFFFUUUU`) is emphasis,
        // no language's spelling: read as two (bench/langid/train.py reads words so too).
        let letter = UInt64(min(folded, 0x7FF))
        if window & 0x3F_FFFF == letter << 11 | letter { return }
        wordHash = WordTable.mix(wordHash, folded)
        wordLetterSet |= folded &- 0x61 < 26 ? 1 << (folded &- 0x61) : 1 << 31
        wordLength &+= 1
        window = (window << 11 | letter) & (1 << 44 - 1)
        guard !wordIsURLPart else { return }
        var rows = row(gram(1)) &+ row(gram(2))
        if wordLength >= 2 { rows &+= row(gram(3)) }
        if wordLength >= 3 { rows &+= row(gram(4)) }
        score(rows: rows)
        counted(min(wordLength, 3) + 1)
    }

    /// Closes the open word and opens a Latin one, whose first letter `latinLetter` reads: out
    /// of line, so that the letters inside a word, most of them, run without a call.
    @inline(never)
    mutating func openLatinWord(capital: Bool) {
        if colonPending { takeBackWordBeforeColon() }
        startWord(.latin)
        window = 0x20
        wordIsCapital = capitalRun
        wordStartsCapital = capital
        wordHasForeign = false
        capitalRun = false
        wordStartEven = latinEven
        wordStartOdd = latinOdd
        wordStartFeatures = latinFeatures
        wordStartPenalty = latinPenalty
    }

    @inline(__always)
    mutating func startWord(_ script: Script) {
        endWord()
        wordScript = script
        wordIsURLPart = afterJoiner
        pathHead = pathHead && afterJoiner
        afterJoiner = false
    }

    @inline(__always)
    mutating func separator() {
        runScript = Evidence.noRun
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
        if wordIsURLPart {
            countURLPart()
        } else {
            if wordScript == .latin {
                // `To`, `Our`, `Has` in Title Case are the message's words, not a brand's.
                let titleCase = wordIsCapital && WordTable.isTitleCase(wordHash)
                if titleCase { capitalLatinWords &-= 1 }
                let says = WordTable.latinWord(wordHash, filter: latinWordFilter, slots: latinWordSlots)
                latinWordCount &+= 1
                if wordStartsCapital && wordHasSmall && !wordIsCamel { nameShapedWords &+= 1 }
                if says & ~WordTable.loanwordBit != 0 { knownLatinWords &+= 1 }
                longestLatinWord = max(longestLatinWord, wordLength)
                // A brand written in camel case (`WhatsApp`, `PlayStation`, `iPhone`) or an
                // English word every language borrows (`online`, `meeting`) is no evidence of
                // the message's language: its n-grams come back out, and its letters do not
                // count towards `shortLatinLetters` (`WhatsApp` alone is undetermined).
                // A name inside a sentence (`Theo`, `Zürich`) is no evidence either: a capital
                // with small letters after it, after a word in small letters. Unless a class
                // writes it often (`WordTable.chatWords`), its n-grams come back out (its
                // letters still count: the message is that long); a chat word it is does not
                // count as one, after any word (`Istanbul`, `France`, `Zürich`).
                let capitalised = !titleCase && wordIsCapital && wordHasSmall
                // A name's next capitalised word is the name's too (`Juscelino Kubitschek`,
                // `o Sonic Unleashed`).
                let name = capitalised && (!lastLatinWordCapital || lastLatinWordName)
                if wordHasForeign && !name { foreignLatinWords &+= 1 }
                // A small word in Title Case right after a word in small letters starts a title
                // (`di The Canterbury Tales`): it counts with the capitalised words.
                let titleStart = titleCase && !lastLatinWordCapital
                lastLatinWordCapital = wordStartsCapital
                lastLatinWordName = name
                // A name no class writes often, or a camel-case brand or borrowed word: taken out of
                // the model's sums (a name keeps its letters for the short-body count).
                let unknownName = name && says == 0
                if unknownName || !titleCase && (says == 0 && (wordIsCamel || isLaughter) || says == WordTable.loanwordBit) {
                    if !unknownName { droppedLatinLetters &+= wordLength }
                    takeBackWordsGrams()
                    return
                }
                if says != 0 && !capitalised {
                    if says & WordTable.spanishBit != 0 { spanishWords += 1 }
                    if says & WordTable.portugueseBit != 0 { portugueseWords += 1 }
                    for k in 0..<LatinModel.classes.count where says & 1 << k != 0 { onlyWords[k] &+= 1 }
                }
                // SMS spelling (`u`, `ur`, `yup`, `thx`) does not follow the language's letters:
                // the word counts as its language's, its n-grams come back out.
                if says & WordTable.speakBit != 0 {
                    takeBackWordsGrams()
                    return
                }
                window = (window << 11 | 0x20) & (1 << 44 - 1)
                // The closing boundary ends grams of up to four scalars, the opening boundary
                // included: ` o `, ` el ` (bench/langid/train.py counts them so).
                var rows = row(gram(2)) &+ row(gram(3))
                if wordLength >= 2 { rows &+= row(gram(4)) }
                if wordLength >= 3 { rows &+= row(wordHash & (1 << 47 - 1) | 1 << 47) }
                var scored = min(wordLength, 3) + 1
                if wordPairs {
                    if previousWordHash != 0 { rows &+= row(Evidence.pairKey(previousWordHash, wordHash)); scored += 1 }
                    previousWordHash = wordHash
                }
                score(rows: rows)
                counted(scored)
                if wordIsCapital && (!titleCase || titleStart) { addCapitalisedWord() }
            } else if wordScript == .cyrillic {
                // A frequent word of Ukrainian, Bulgarian, Serbian or Macedonian that Russian
                // does not have (дякую, пратка, шта, обаче), or a Ukrainian ending (питання): a
                // sign as strong as 25 of their own letters. The ending's last letter is tested
                // inline, the rest out of line for the few words that end so.
                if WordTable.isNotRussian(wordHash) || Evidence.mayBeUkrainianEnding(cyrillicTail)
                    && Evidence.hasUkrainianEnding(cyrillicTail, length: wordLength) { nonRussian += 25 }
            } else if wordScript == .hebrew {
                if WordTable.isYiddish(wordHash) { yiddish &+= 1 }
            } else {
                if wordLength <= WordTable.maxLength {
                    let mask = WordTable.arabicScriptWord(wordHash)
                    if mask != 0 { spread(1.0, over: mask) }
                }
                if wordHasArticle && wordLength >= 4 && !WordTable.persianArticleWords.contains(wordHash) {
                    weights[Slot.ar] += 0.5
                }
            }
        }
        closeWord()
    }

    /// Laughter spelt any way, as every language's chat writes it: four letters or more of
    /// h and vowels a, e, i (`hahah`, `Hahahha`, `hihihi`), of j and a, e (`jajaj`, `jejeje`),
    /// or of r and s (`rsrsrs`). `WordTable.everyLanguageChat` lists the usual spellings;
    /// words of the languages the model knows are rarely made so (French `haie`, a hedge).
    var isLaughter: Bool {
        let h: UInt32 = 1 << 7, j: UInt32 = 1 << 9, vowels: UInt32 = 1 << 0 | 1 << 4 | 1 << 8
        let set = wordLetterSet
        guard wordLength >= 4 else { return false }
        return set & ~(h | vowels) == 0 && set & h != 0 && set & vowels != 0
            || set & ~(j | 1 << 0 | 1 << 4) == 0 && set & j != 0 && set & (1 << 0 | 1 << 4) != 0
            || set == 1 << 17 | 1 << 18
    }

    /// Takes the word's n-grams back out of the Latin model's sums, then closes it.
    @inline(__always)
    mutating func takeBackWordsGrams() {
        latinEven = wordStartEven
        latinOdd = wordStartOdd
        latinFeatures = wordStartFeatures
        latinPenalty = wordStartPenalty
        closeWord()
    }

    @inline(__always)
    mutating func closeWord() {
        wordScript = .other
        wordIsCapital = false
        wordStartsCapital = false
        wordHasSmall = false
        wordIsCamel = false
        wordLetterSet = 0
        wordHash = WordTable.hashBasis
        wordHasArticle = false
        wordLength = 0
        wordIsURLPart = false
    }
}
