// The decision half of `Evidence` (LanguageEvidence.swift has the tally one pass over
// a body fills): the rules of LanguageDetector.swift's overview applied to the counts,
// by script group first, then within the winning group (the Latin model, Arabic or
// Persian, Simplified or Traditional Chinese), with the margins a language must clear.

extension Evidence {
    /// Applies the rules in the overview to the tally.
    mutating func decide() -> LanguageDetection {
        flushLatin()
        scripts[Int(Script.latin.rawValue)] += Int32(truncatingIfNeeded: latinLetters)
        latinLetters = 0
        var (result, named) = decideByScript()
        let minimum = named ? LanguageDetector.minimumScriptLetters : LanguageDetector.minimumLetters
        if letters < minimum {
            // Too few letters is the reason, also where a margin was missed too: a bigger lead
            // would not have named a language.
            switch result.undetermined {
            case nil, .smallLead?, .underNext?, .underOtherLanguage?, .littleEvidence?, .otherLanguageBest?, .onlyNames?, .capitalisedWordsDecide?,
                 .foreignLatinLetters?, .neighbourLanguage?:
                result.language = nil
                result.undetermined = .fewLetters(minimum: minimum)
            default:
                break
            }
            result.eitherOf = []    // `好` alone: too little to say even which of two
        }
        result.letters = letters
        return result
    }

    private func count(_ script: Script) -> Int { Int(scripts[Int(script.rawValue)]) }
    private func words(_ script: Script) -> Int { Int(scriptWords[Int(script.rawValue)]) }

    private enum Group { case latin, cyrillic, hebrew, arabic, cjk, unsupported }
    /// The scripts of the `unsupported` group (a constant, not an array built per body).
    private static let unsupportedScripts: [Script] = [.greek, .hangul, .thai, .devanagari, .other]

    /// The decision by script, and whether the script or its letters named the language (rule 4).
    private func decideByScript() -> (LanguageDetection, named: Bool) {
        let kana = count(.hiragana) + count(.katakana)
        // The group with the most words, then the most letters (a full tie: undetermined);
        // its letters are its score.
        func rank(_ words: Int, _ letters: Int) -> Int { words << 24 | min(letters, 1 << 24 - 1) }
        var best: (Group, Int) = (.latin, rank(words(.latin) - Int(capitalLatinWords) - Int(urlPartLatinWords), count(.latin))), runnerUp = 0
        var bestLetters = count(.latin)
        func consider(_ group: Group, _ words: Int, letters: Int) {
            let n = rank(words, letters)
            if n > best.1 { runnerUp = best.1; best = (group, n); bestLetters = letters } else if n > runnerUp { runnerUp = n }
        }
        consider(.cyrillic, words(.cyrillic), letters: count(.cyrillic))
        consider(.hebrew, words(.hebrew), letters: count(.hebrew))
        consider(.arabic, words(.arabic), letters: count(.arabic))
        consider(.cjk, words(.han) + words(.hiragana) + words(.katakana), letters: count(.han) + kana)
        // Thai and other scripts written without spaces: a word per four letters at least.
        let unsupportedLetters = Evidence.unsupportedScripts.reduce(0) { $0 + count($1) }
        consider(.unsupported, max(Evidence.unsupportedScripts.reduce(0) { $0 + words($1) }, unsupportedLetters / 4), letters: unsupportedLetters)
        if best.1 == 0 || best.1 == runnerUp {
            var none = LanguageDetection(language: nil, best: nil, letters: letters)
            none.undetermined = best.1 == 0 ? .noLetters : .scriptsTie
            return (none, false)
        }
        let letterScore = Double(bestLetters)
        switch best.0 {
        case .hebrew:
            // Yiddish's letters and frequent words Hebrew lacks, a quarter of the words or more:
            // Yiddish (`מיר זענען שוין דא`), which a blocked Hebrew must not junk.
            let foreign = yiddish > 0 && 4 * Int(yiddish) >= words(.hebrew)
            var detection = LanguageDetection(language: foreign ? nil : .he, best: LanguageScore(.he, letterScore), letters: letters)
            if foreign { detection.undetermined = .notHebrew }
            return (detection, true)
        case .cyrillic:
            let foreign = nonRussian > 0 && nonRussian * 50 >= bestLetters
            var detection = LanguageDetection(language: foreign ? nil : .ru, best: LanguageScore(.ru, letterScore), letters: letters)
            if foreign { detection.undetermined = .notRussian }
            return (detection, true)
        case .cjk:
            if kana > 0 || japaneseOnly > 0 {
                return (LanguageDetection(language: .ja, best: LanguageScore(.ja, letterScore), letters: letters), true)
            }
            // Han alone, with characters only Simplified writes and characters only Traditional
            // writes, every one a kanji Japanese writes: Japanese, which writes `会` and `区` as
            // Simplified Chinese does and `員` and `議` as Traditional does (`会員登録完了`,
            // `会議室予約完了`). Chinese keeps to one system: of extract.py's 78,000 Chinese
            // training sentences, 4 mix the two so; of its 1,253 Japanese ones of Han alone
            // (no kana, no kanji only Japanese writes), 134.
            if simplified > 0 && traditional > 0 && notJapanese == 0 {
                return (LanguageDetection(language: .ja, best: LanguageScore(.ja, letterScore), letters: letters), true)
            }
            // Han alone: two-character words only Japanese writes often (`多分`, `取引`) making up
            // more than half the characters, no Han character Japanese does not write (`點`, `们`),
            // and `margin` times the words only Chinese writes. (Kanji are often Traditional-only
            // by ICU's tables, `時`, `関`; Taiwan's `連絡人` and `未知的錯誤` hold such words too.)
            if japanesePairs > 0 && notJapanese == 0 && 4 * japanesePairs > count(.han)
                && Double(japanesePairs) >= LanguageDetector.margin * Double(chinesePairs) {
                return (LanguageDetection(language: .ja, best: LanguageScore(.ja, Double(japanesePairs)), letters: letters), true)
            }
            var byVariant = SIMD16<Double>()
            byVariant[Slot.zhHans] = Double(simplified)
            byVariant[Slot.zhHant] = Double(traditional)
            return (choose(among: [.zhHans, .zhHant], byVariant, unsupported: 0).undecided(between: .zhHans, .zhHant), true)
        case .arabic:
            var weights = weights
            weights[Slot.ar] += min(Double(yehKaf) * 0.5, Evidence.yehKafCeiling)
            // Persian ی, which Arabic never writes, weighs a whole letter's evidence once more
            // when no letter of Urdu, Pashto or Kurdish is there (they write ی too): `آبی`,
            // `شادی` name Persian alone.
            if persianYeh && weights[Slot.unsupportedArabic] == 0 { weights[Slot.fa] += 0.5 }
            if weights[Slot.ar] == 0 && weights[Slot.fa] == 0 && weights[Slot.unsupportedArabic] == 0 {
                // No letter or word tells Arabic from Persian (`دوستت دارم` is Persian, `خوابم برد`
                // too): undetermined, so a blocked Arabic never junks Persian on a guess.
                var none = LanguageDetection(language: nil, best: nil, letters: letters)
                none.undetermined = .arabicOrPersian
                none.eitherOf = [.ar, .fa]
                return (none, false)
            }
            let detection = choose(among: [.ar, .fa], weights, unsupported: weights[Slot.unsupportedArabic])
            // Letters of Urdu, Pashto or Kurdish make it maybe neither.
            return (weights[Slot.unsupportedArabic] == 0 ? detection.undecided(between: .ar, .fa) : detection, true)
        case .latin:
            // A word only the chosen language writes names it, as a script's letters do
            // (`Danke`, `À demain !`); it still had to clear the short-body margin.
            let detection = decideLatin()
            let named = detection.language.flatMap { LatinModel.classes.firstIndex(of: $0) }.map { onlyWords[$0] > 0 } ?? false
            return (detection, named)
        case .unsupported:
            var none = LanguageDetection(language: nil, best: nil, letters: letters)
            none.undetermined = .unsupportedScript
            return (none, false)
        }
    }

    /// How the body is read again with `SpanishPortugueseTable` (`LanguageDetector.detect`),
    /// after the last `add`: for the choice between Spanish and Portuguese and for their
    /// neighbours when the Latin model's two best languages (leaving "another language" aside)
    /// are those two; for the neighbours alone when one of the two is the best and another
    /// language second (Catalan often has French or Italian second: `Copia el valor de la
    /// propietat`); else not at all.
    mutating func secondReading() -> SecondReading {
        guard latinFeatures > 0 else { return .none }
        flushLatin()
        let es = 5, pt = 4
        let better = min(latinPenalty[es], latinPenalty[pt]), pair = max(latinPenalty[es], latinPenalty[pt])
        var twoBest = true
        for c in 0..<(LatinModel.classes.count - 1) where c != es && c != pt {
            if latinPenalty[c] < better { return .none }
            if latinPenalty[c] <= pair { twoBest = false }
        }
        return twoBest ? .spanishPortuguese : .neighbours
    }

    enum SecondReading { case none, neighbours, spanishPortuguese }

    /// The Spanish-Portuguese tally's verdict, in nats for Spanish (`init(spanishPortuguese:)`).
    mutating func spanishPortugueseLead() -> Double {
        flushLatin()
        return (Double(latinPenalty[4]) - Double(latinPenalty[5])) / SpanishPortugueseModel.unitsPerNat
    }

    /// The same tally's lead, in nats, of the best of Spanish's and Portuguese's neighbours
    /// (Galician, Asturian, Catalan) over the better of the two, negative when one of the two
    /// reads better, and which neighbour. After `spanishPortugueseLead`.
    func neighboursOverPair() -> (Double, LanguageDetection.Neighbour) {
        let pair = min(latinPenalty[4], latinPenalty[5]) + latinPenalty[SpanishPortugueseTable.offsetLane]
        var best = SpanishPortugueseTable.neighbourLanes.lowerBound
        for lane in SpanishPortugueseTable.neighbourLanes where latinPenalty[lane] < latinPenalty[best] { best = lane }
        let lead = (Double(pair) - Double(latinPenalty[best])) / SpanishPortugueseModel.unitsPerNat
        return (lead, LanguageDetection.Neighbour.allCases[best - SpanishPortugueseTable.neighbourLanes.lowerBound])
    }

    /// The Latin model's verdict: the class with the smallest penalty, if it is
    /// a supported language and leads the runner-up (which may be "another
    /// language") by `latinMargin` nats.
    private func decideLatin() -> LanguageDetection {
        guard latinFeatures > 0 || onlyWords != SIMD8() else {
            var none = LanguageDetection(language: nil, best: nil, letters: letters)
            none.undetermined = .noModelWord
            return none
        }
        let classes = LatinModel.classes.count
        let penalty = adjusted(latinPenalty)
        // The best and runner-up classes, and the best two supported languages
        // (the last class is "another language"); ties go to the earlier class.
        let other = classes - 1
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
        // Listed words (`WordTable.onlyOneLanguage`, chat words, SMS spellings) of the best class
        // and of no other: the lists speak, each word already `spanishPortugueseWord` nats
        // against every other class. A short body needs `listedShortLatinMargin` then
        // (`cool merci`, `naber lan`), and one whose every word is such a word only to lead at
        // all (`hello`, which the letters alone read as Italian).
        let listed = best < other && onlyWords[best] > 0 && onlyWords.wrappedSum() == onlyWords[best]
        let allListed = listed && onlyWords[best] == UInt32(latinWordCount)
        let short = count(.latin) - droppedLatinLetters < LanguageDetector.shortLatinLetters
        let margin = allListed ? LanguageDetector.listedLatinMargin
            : !short ? LanguageDetector.latinMargin
            : listed ? LanguageDetector.listedShortLatinMargin : LanguageDetector.shortLatinMargin
        // A person's name alone (`LanguageDetector.nameWords`).
        let onlyNames = nameShapedWords == latinWordCount && knownLatinWords == 0 && latinWordCount >= 2
            && latinWordCount <= LanguageDetector.nameWords && longestLatinWord <= LanguageDetector.nameLetters
        // English only by its capitalised words inside a sentence (`LanguageDetector.capitalisedEnglish`).
        let capitalisedDecide = best == 0 && lead >= margin && capitalisedPenalty != SIMD8() && capitalisedWordsDecide()
        // A quarter of the words or more with a letter none of the seven writes (`Təsdiq kodunuz`,
        // Azerbaijani; `Dziękuję bardzo`): another language, whatever the model scores.
        let foreignLetters = foreignLatinWords > 0 && 4 * foreignLatinWords >= latinWordCount
        // Spanish or Portuguese, but Galician, Asturian or Catalan reads better still (the second
        // reading's `neighbourLead`): another language, which the Latin model's `xx` reads as one of
        // the two (`Engadir novo rexistro`, `Nun ye posible importar`).
        let neighbourFits = (best == 4 || best == 5) && (neighbourLead ?? -.infinity) >= LanguageDetector.neighbourMargin
        let language = lead >= margin && !onlyNames && !capitalisedDecide && !foreignLetters && !neighbourFits
            ? LatinModel.classes[best] : nil
        let otherScore = best == other || second == other ? (worst - Double(penalty[other])) / LatinModel.unitsPerNat : nil
        var detection = LanguageDetection(language: language, best: score(first), runnerUp: score(next), letters: letters, otherLanguageScore: otherScore)
        if language == nil {
            detection.undetermined = best == other ? .otherLanguageBest
                : foreignLetters ? .foreignLatinLetters
                : neighbourFits ? .neighbourLanguage(neighbour, lead: neighbourLead ?? 0)
                : onlyNames && lead >= margin ? LanguageDetection.Undetermined.onlyNames
                : capitalisedDecide ? .capitalisedWordsDecide : .smallLead(lead, needed: margin)
            // Spanish and Portuguese the two best, too close to call between them, and every
            // other class (another language too) `margin` behind both: one of the two either
            // way (`Pedido confirmado`).
            let es = 5, pt = 4
            if case .smallLead? = detection.undetermined, !onlyNames, best + second == es + pt, best == es || best == pt {
                let pair = max(penalty[es], penalty[pt]), needed = UInt32(margin * LatinModel.unitsPerNat)
                if (0..<classes).allSatisfy({ $0 == es || $0 == pt || penalty[$0] >= pair + needed }) {
                    detection.eitherOf = [.pt, .es]
                }
            }
        }
        return detection
    }

    /// Whether, without the capitalised words inside its sentences, another supported language
    /// would lead English by `LanguageDetector.capitalisedEnglish` nats.
    private func capitalisedWordsDecide() -> Bool {
        let without = adjusted(latinPenalty &- capitalisedPenalty)
        let needed = UInt32(LanguageDetector.capitalisedEnglish * LatinModel.unitsPerNat)
        for c in 1..<(LatinModel.classes.count - 1) where without[c] &+ needed <= without[0] { return true }
        return false
    }

    /// The Latin model's summed penalties `raw` with the other-language prior, the
    /// Spanish-Portuguese table's verdict and the listed words' evidence.
    private func adjusted(_ raw: SIMD8<UInt32>) -> SIMD8<UInt32> {
        let classes = LatinModel.classes.count
        var penalty = raw
        penalty[classes - 1] += LatinModel.otherPrior
        // Between Spanish and Portuguese, the table trained for the two decides: the better of
        // them keeps its penalty, the other is `spanishOverPortuguese` behind.
        if let lead = spanishOverPortuguese {
            let better = min(penalty[4], penalty[5])
            let behind = UInt32((abs(lead) * LatinModel.unitsPerNat).rounded())
            penalty[5] = better + (lead < 0 ? behind : 0)
            penalty[4] = better + (lead > 0 ? behind : 0)
        }
        // Words only one of Spanish and Portuguese writes: `spanishPortugueseWord` nats each.
        let es = 5, pt = 4, bonus = UInt32(LanguageDetector.spanishPortugueseWord * LatinModel.unitsPerNat)
        penalty[pt] &+= UInt32(spanishWords) &* bonus
        penalty[es] &+= UInt32(portugueseWords) &* bonus
        // Frequent SMS words only one language writes, as much against every other class.
        if onlyWords != SIMD8() {
            let total = onlyWords.wrappedSum()
            for c in 0..<classes { penalty[c] &+= (total &- onlyWords[c]) &* bonus }
        }
        return penalty
    }

    /// The best of `candidates` (listed in the order of docs/judging.md "Languages", which breaks ties) if it
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
        guard let best = first else {
            var none = LanguageDetection(language: nil, best: nil, letters: letters)
            none.undetermined = unsupported > 0 ? .onlyOtherLanguage : .noDistinction(candidates[0], candidates[1])
            return none
        }
        let rival = max(second?.score ?? 0, unsupported)
        let language: Language? = best.score >= LanguageDetector.margin * rival && best.score >= Evidence.minimumEvidence ? best.language : nil
        var detection = LanguageDetection(language: language, best: best, runnerUp: second, letters: letters)
        if language == nil {
            detection.undetermined = best.score < Evidence.minimumEvidence ? .littleEvidence(minimum: Evidence.minimumEvidence)
                : unsupported > (second?.score ?? 0) ? .underOtherLanguage(ratio: LanguageDetector.margin, other: unsupported)
                : .underNext(ratio: LanguageDetector.margin)
        }
        return detection
    }
}

extension LanguageDetection {
    /// The detection, with `a` and `b` as `eitherOf` when `choose` could not tell them apart
    /// (no distinguishing letter, the best under the margin times the next, too little
    /// evidence for either).
    fileprivate func undecided(between a: Language, _ b: Language) -> LanguageDetection {
        var d = self
        switch undetermined {
        case .noDistinction?, .underNext?, .littleEvidence?: d.eitherOf = [a, b]
        default: break
        }
        return d
    }
}
