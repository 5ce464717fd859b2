// Letter-level helpers of `Evidence` (LanguageEvidence.swift): which Latin letters the
// seven Latin-script languages write and how they fold, the Arabic-script letters that
// point to one language, the weight they carry, and Cyrillic ъ's spelling.

extension Evidence {
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

    /// Whether a Cyrillic word's last letters (`cyrillicTail`; `length` letters in all) are one of
    /// Ukrainian's endings Russian does not write:
    /// - the doubled consonant before its ending: `-ння`, `-ття`, `-ччя` and their cases `-нню`,
    ///   `-нням`, `-ннях`, `-ттю`, `-ттям`, `-ччю`, `-ччям` (`питання`, `зарахування`, `життя`,
    ///   `обличчя`), where Russian writes `-ние`, `-тие`, `-чье`;
    /// - the reflexive `-ся` after a vowel, in a word of five letters or more: `-тися` (the
    ///   infinitive: `дивитися`), `-лося`, `-лася`, `-лися` (the past: `сталося`, `нахилися`) and
    ///   `-юся` but `-уюся` (`боюся`, `злюся`), where Russian writes `-ться`, `-лось`, `-юсь`.
    /// wordfreq's Russian holds few words so ending, quoted Ukrainian and a few poetic forms
    /// (`осталася`, `боюся`): under two in a million words together, where they make one
    /// Ukrainian word in sixty; none is in extract.py's 40,000 Russian training sentences.
    @inline(never)
    static func hasUkrainianEnding(_ tail: UInt64, length: Int) -> Bool {
        let last = tail & 0xFFFF, before = tail >> 16 & 0xFFFF
        // The doubled consonant before a one-letter ending, or before a two-letter one.
        func double(_ t: UInt64) -> Bool {
            let c = t & 0xFFFF
            return (c == 0x043D || c == 0x0442 || c == 0x0447) && t >> 16 & 0xFFFF == c   // н т ч
        }
        // -тися, -лися, -лося, -лася, and -юся but not -уюся.
        func reflexive() -> Bool {
            guard length >= 5 && before == 0x0441 else { return false }     // с
            let vowel = tail >> 32 & 0xFFFF, first = tail >> 48 & 0xFFFF
            switch vowel {
            case 0x0438: return first == 0x0442 || first == 0x043B      // и: т л
            case 0x043E, 0x0430: return first == 0x043B                 // о а: л
            case 0x044E: return first != 0x0443                         // ю: not у
            default: return false
            }
        }
        switch last {
        case 0x044F:            // я
            return double(tail >> 16) || reflexive()
        case 0x044E:            // ю
            return double(tail >> 16)
        case 0x043C, 0x0445:    // м х (-ям, -ях)
            return before == 0x044F && double(tail >> 32) && (last == 0x043C || tail >> 32 & 0xFFFF == 0x043D)
        default:
            return false
        }
    }

    /// Whether the word ends in я, ю, м or х, as `hasUkrainianEnding`'s endings do: the test most
    /// words stop at, inline.
    @inline(__always)
    static func mayBeUkrainianEnding(_ tail: UInt64) -> Bool {
        let last = UInt16(truncatingIfNeeded: tail)
        return last == 0x044F || last == 0x044E || last == 0x043C || last == 0x0445
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

    // MARK: Letter classes

    /// Whether the folded Latin letter (`foldLatin`) is one of Latin-1's or the Latin Extended
    /// blocks' that none of en fr de it pt es tr writes: `ə` (Azerbaijani), `å` `ø` (Nordic),
    /// `ł` `ą` (Polish), `ș` `ă` (Romanian), `ő`, `ř`, `đ`, `ơ`… The seven write a-z (`İ` folds
    /// to `i`), à á â ã ä æ ç è é ê ë ì í î ï ñ ò ó ô õ ö ù ú û ü ÿ ß ẞ ğ ı œ ş and ª º; modifier
    /// letters (`ᵉʳ`) and fullwidth ones (`ａ`) are no language's sign.
    @inline(__always)
    static func othersWrite(_ folded: UInt32) -> Bool {
        switch folded {
        case 0xAA, 0xBA, 0xDF, 0xE0...0xE4, 0xE6...0xEF, 0xF1...0xF6, 0xF9...0xFC, 0xFF, 0x11F, 0x131, 0x153, 0x15F, 0x1E9E: false
        case 0xC0...0x24F, 0x259, 0x1E00...0x1EFF: true
        default: false
        }
    }

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

    /// The most Arabic ي ك ى together weigh for Arabic: two letters' worth. Persian typed
    /// with them (`بانك ملي ايران … از حساب`, `خوبى؟ كجايى؟`) read as Arabic by their number.
    static let yehKafCeiling = 1.0
    /// The least evidence that names a language by `choose`: for Arabic or Persian two
    /// letters, a word, or ة (one letter decided: `شلونچ؟`, Iraqi Arabic with چ, was
    /// Persian); Han counts are whole characters, so there one character still decides.
    static let minimumEvidence = 1.0

    /// Languages that use an Arabic-script letter only they use (`Slot` bits), or the
    /// unsupported-Arabic bit for a letter of Urdu, Pashto, Kurdish or Uyghur. (ة ي ك ى,
    /// Arabic's, are weighed apart: `add`.)
    static func arabicLetterMask(_ c: UInt32) -> UInt16 {
        switch c {
        case 0x067E, 0x0686, 0x0698, 0x06AF, 0x06A9, 0x06CC:           // پ چ ژ گ ک ی
            return Slot.bits(.fa)
        case 0x0679, 0x0688, 0x0691, 0x06BA, 0x06BE, 0x06C1, 0x06C3, 0x06D2,  // Urdu ٹ ڈ ڑ ں ھ ہ ۃ ے
             0x067C, 0x0681, 0x0685, 0x0689, 0x0693, 0x0696, 0x069A, 0x06AB, 0x06BC, 0x06CD, 0x06D0,  // Pashto ځ څ …
             0x06AD, 0x06C7, 0x06C8, 0x06CB,                           // Uyghur ڭ ۇ ۈ ۋ
             0x0695, 0x06B5, 0x06C6, 0x06CE, 0x06D5:                   // Kurdish ڕ ڵ ۆ ێ ە
            return Slot.unsupportedArabicBit
        default:
            return 0
        }
    }
}
