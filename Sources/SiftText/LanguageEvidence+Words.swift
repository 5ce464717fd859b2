// The Latin-word helpers of `Evidence` that `endWord` and `latinLetter` call out of line (or
// seldom): a URL part's count, a capitalised word's penalties kept apart, and the word
// before a colon taken back out. LanguageEvidence.swift has the tally and its hot path.

extension Evidence {
    /// Counts the URL part being closed, and the path's first word before it, in
    /// `urlPartLatinWords` (a capital one was counted with `capitalLatinWords` already).
    @inline(never)
    mutating func countURLPart() {
        if wordScript == .latin && !wordIsCapital { urlPartLatinWords &+= 1 }
        if pathHead { urlPartLatinWords &+= 1; pathHead = false }
    }

    /// Adds the penalties the word just scored (its n-grams and closing grams) to
    /// `capitalisedPenalty`: a capitalised word inside a sentence (`Firefox`, `JS`).
    @inline(never)
    mutating func addCapitalisedWord() {
        capitalisedPenalty &+= latinPenalty &- wordStartPenalty
        for k in 0..<4 {
            let shift = UInt64(16 * k)
            capitalisedPenalty[2 * k] &+= UInt32(truncatingIfNeeded: latinEven >> shift & 0xFFFF)
                &- UInt32(truncatingIfNeeded: wordStartEven >> shift & 0xFFFF)
            capitalisedPenalty[2 * k + 1] &+= UInt32(truncatingIfNeeded: latinOdd >> shift & 0xFFFF)
                &- UInt32(truncatingIfNeeded: wordStartOdd >> shift & 0xFFFF)
        }
    }

    /// Takes the Latin word before a colon back out of the sums (`colonPending`).
    @inline(never)
    mutating func takeBackWordBeforeColon() {
        colonPending = false
        latinEven = colonEven
        latinOdd = colonOdd
        latinFeatures = colonFeatures
        latinPenalty = colonPenalty
        capitalisedPenalty = colonCapitalised
        onlyWords = colonOnlyWords
        (spanishWords, portugueseWords) = colonSpanishPortuguese
    }
}
