// Occurrences of phrases, for the Evaluator (Evaluator.swift has the stages): the folded
// text scanned (in windows when long), case-sensitive phrases searched for, and each
// occurrence credited to the filters, list entries and gates it stands for, once it is
// held to whole characters (grapheme boundaries, not inside one character's folding)
// and, for `exact`, to letters around it judged on the text itself (DESIGN.md,
// "Boundaries, folding and detection details").
#if canImport(Glibc)
import Glibc
#endif
import SiftRules
import SiftText

extension Evaluator {
    /// Runs `table`'s matcher over `buf` and credits every occurrence.
    func scan(_ table: PhraseTable, _ buf: UnsafeBufferPointer<UInt8>, bodyCount: Int, tracedToText: Bool) {
        flagRun = Grapheme.FlagRun()
        // Every occurrence is listed before it is credited: a long text (up to --max-record-bytes)
        // goes by windows of `scanWindow` bytes, each with the bytes before it that an occurrence
        // ending in it may start in, so that the list stays small (1 MB of `a` against the
        // exact filters a, aa, … a×50 had listed 50 million occurrences, 555 MB).
        if buf.count <= Self.scanWindow + table.maxLength {
            found.count = 0
            table.matcher.matches(in: buf, into: found)
            let list = found.base, count = found.count
            var m = 0
            while m < count {
                credit(table, Int(list[m]), end: Int(list[m + 1]), buf, bodyCount: bodyCount, tracedToText: tracedToText)
                m += 2
            }
            return
        }
        var s = 0
        repeat {
            let e = buf.count - s <= Self.scanWindow + table.maxLength ? buf.count : s + Self.scanWindow
            let from = max(0, s - max(table.maxLength - 1, 0))
            found.count = 0
            table.matcher.matches(in: UnsafeBufferPointer(rebasing: buf[from..<e]), into: found)
            let list = found.base, count = found.count
            var m = 0
            while m < count {
                let end = from + Int(list[m + 1])
                if end > s {
                    credit(table, Int(list[m]), end: end, buf, bodyCount: bodyCount, tracedToText: tracedToText)
                }
                m += 2
            }
            s = e
        } while s < buf.count
    }

    /// The bytes of text one phrase scan covers at most (see `scan`).
    package static let scanWindow = 1 << 16

    /// Finds every occurrence of `table`'s pattern `pattern` in `text` and credits it.
    func search(_ table: PhraseTable, _ pattern: Int, _ text: UnsafeBufferPointer<UInt8>, bodyCount: Int) {
        let needle = table.pattern(pattern)
        guard let t = text.baseAddress, let p = needle.baseAddress, needle.count > 0 else { return }
        let m = needle.count, n = text.count
        flagRun = Grapheme.FlagRun()
        var i = 0
        while i + m <= n {
            guard let hit = memchr(t + i, Int32(p[0]), n - m + 1 - i) else { return }
            let start = t.distance(to: hit.assumingMemoryBound(to: UInt8.self))
            if memcmp(t + start, p, m) == 0 {
                credit(table, pattern, end: start + m, text, bodyCount: bodyCount, tracedToText: false)
            }
            i = start + 1
        }
    }

    /// Credits the occurrence of `pattern` ending at `end` to the filters, list entries and gates
    /// it stands for, keeping the oldest per stage.
    @inline(__always)
    func credit(_ table: PhraseTable, _ pattern: Int, end: Int, _ buf: UnsafeBufferPointer<UInt8>, bodyCount: Int, tracedToText: Bool) {
        let start = end - Int(table.lengths[pattern])
        // A phrase occurs where whole characters do, as in the app's String comparison:
        // not `hello` in `hello` + U+0331, not `bedeli` in `BEDELİ` (folded `bedeli̇`), not
        // `👍` in `👍🏽`, not `🇮` in `🇮🇱`, nor inside the folding of one character (`s` in `ß`,
        // folded `ss`). Gates are not held to it (a regex matches code points).
        // Checked once a phrase in the right target needs it: bit 1 a character starts at `start`,
        // bit 2 one ends at `end`, bit 4 checked. The body and the sender end and start at the
        // space that joins them for a body or sender phrase (not for `all`, whose text has it).
        var wholeCharacters = 0
        for k in Int(table.useStart[pattern])..<Int(table.useStart[pattern + 1]) {
            let use = table.uses[k]
            // A use that cannot lower what is credited already (a phrase met again: `a` at
            // every a of a text) is passed over before its characters are looked at.
            switch use.kind {
            case .allowFilter: if allowRank <= use.rank { continue }
            case .denyFilter: if denyRank <= use.rank { continue }
            case .communityAllow: if communityAllowRank <= use.rank { continue }
            case .communityDeny: if communityDenyRank <= use.rank { continue }
            case .regexGate, .rawGate: break
            }
            switch use.target {
            case .all: break
            case .body: if end > bodyCount { continue }
            case .sender: if start <= bodyCount { continue }
            }
            if use.kind.isPhrase {
                if wholeCharacters == 0 {
                    wholeCharacters = 4 | (characterBoundary(buf, start) ? 1 : 0) | (characterBoundary(buf, end) ? 2 : 0)
                    if foldSplits {
                        if wholeCharacters & 1 != 0 && insideFolding(start) { wholeCharacters &= ~1 }
                        if wholeCharacters & 2 != 0 && insideFolding(end) { wholeCharacters &= ~2 }
                    }
                }
                if wholeCharacters != 7
                    && !((wholeCharacters & 1 != 0 || use.target == .sender && start == bodyCount + 1)
                         && (wholeCharacters & 2 != 0 || use.target == .body && end == bodyCount)) {
                    continue
                }
            }
            if use.exact && !exactBoundaries(buf, start, end, tracedToText) { continue }
            switch use.kind {
            case .allowFilter: allowRank = min(allowRank, use.rank)
            case .denyFilter: denyRank = min(denyRank, use.rank)
            case .communityAllow: communityAllowRank = min(communityAllowRank, use.rank)
            case .communityDeny: communityDenyRank = min(communityDenyRank, use.rank)
            case .regexGate: regexes.openGate(use.rank)
            case .rawGate:
                let bit: UInt64 = 1 << UInt64(use.rank & 63)
                if openedRawBits[Int(use.rank) >> 6] & bit == 0 {
                    openedRawBits[Int(use.rank) >> 6] |= bit
                    openedRaw.append(use.rank)
                }
            }
        }
    }

    static func same(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        a.count == b.count && (a.count == 0 || memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0)
    }

    @inline(__always)
    func characterBoundary(_ text: UnsafeBufferPointer<UInt8>, _ p: Int) -> Bool {
        Self.characterBoundary(text, p, flags: &flagRun)
    }

    /// Whether a character starts at `p` (`Grapheme.isBoundary`). Before a scalar below U+0300
    /// (no mark, jamo, flag half, Indic consonant or pictograph but © ®), only CR LF, a
    /// prepended mark (U+0600…, leads D8 DB DC E0 F0) and a ZWJ (E2 80 8D) keep two scalars
    /// together: the rest costs no call across modules.
    @inline(__always)
    static func characterBoundary(_ text: UnsafeBufferPointer<UInt8>, _ p: Int, flags: inout Grapheme.FlagRun) -> Bool {
        if p <= 0 || p >= text.count { return true }
        let next = text[p], last = text[p - 1]
        if next < 0xCC {
            if last < 0x80 { return last != 0x0D || next != 0x0A }
            var q = p - 1
            while q > 0 && text[q] & 0xC0 == 0x80 { q -= 1 }
            switch text[q] {
            case 0xD8, 0xDB, 0xDC, 0xE0, 0xF0: break
            case 0xE2 where p - q == 3 && text[q + 1] == 0x80 && text[q + 2] == 0x8D: break
            default: return true
            }
        }
        return Grapheme.isBoundary(text, at: p, flags: &flags)
    }

    /// Whether `p` of the folded text falls inside the folding of one scalar (between the two
    /// s of ß → ss): the app compares whole characters, and `s` is not in `ß`.
    func insideFolding(_ p: Int) -> Bool {
        ensureTrace()
        return p > 0 && p < foldedSources.count && foldedSources[p - 1] == foldedSources[p]
    }

    /// docs/judging.md "Filters" exact: no letter right before or after the occurrence `start..<end` of `text`.
    func exactBoundaries(_ text: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, _ tracedToText: Bool) -> Bool {
        // Where both neighbours in the folded text are ASCII (or the text's ends), the folded
        // text answers like the text itself: an ASCII byte of a folding is a letter exactly when
        // the scalar it came from is one (k from K, s from ß or ſ), and an ASCII letter inside
        // the folding of one scalar is rightly "no boundary". Only non-ASCII neighbours need
        // the trace (İ → i + U+0307, U+0345 → ι).
        let asciiNeighbours = (start == 0 || text[start - 1] < 0x80) && (end == text.count || text[end] < 0x80)
        if tracedToText && !asciiNeighbours {
            ensureTrace()
            return textBoundaryBefore(start) && textBoundaryAfter(end, foldedCount: text.count)
        }
        return Self.boundaryBefore(text, start) && Self.boundaryAfter(text, end)
    }

    /// Folds the message again, this time noting for each folded byte the scalar it came from
    /// (`foldedSources`); the folded bytes are the same as in `folded`.
    func ensureTrace() {
        if traceReady { return }
        traceScratch.removeAll(keepingCapacity: true)
        foldedSources.removeAll(keepingCapacity: true)
        CaseFold.append(phraseBody, to: &traceScratch, sources: &foldedSources, base: 0)
        traceScratch.append(0x20)
        foldedSources.append(Int32(phraseBody.count))
        CaseFold.append(phraseSender, to: &traceScratch, sources: &foldedSources, base: phraseBody.count + 1)
        traceReady = true
    }

    /// No letter right before the folded occurrence starting at `start`, judged on the text itself
    /// (the character before, by its first scalar). An occurrence that starts inside the folding
    /// of one scalar (the second s of ß → ss) has none.
    func textBoundaryBefore(_ start: Int) -> Bool {
        if start == 0 { return true }
        var source = Int(foldedSources[start])
        if Int(foldedSources[start - 1]) == source { return false }
        while source > 0 {
            let (cp, at) = textScalar(before: source)
            if !Grapheme.continuesCluster(cp) { return !CharTable.isLetter(cp) }
            source = at
        }
        return true
    }

    /// No letter right after the folded occurrence ending at `end`, judged on the text itself.
    func textBoundaryAfter(_ end: Int, foldedCount: Int) -> Bool {
        if end >= foldedCount { return true }
        let next = Int(foldedSources[end])
        if Int(foldedSources[end - 1]) == next { return false }
        return !CharTable.isLetter(textScalar(at: next))
    }

    /// The scalar at an offset of `body + " " + sender` (the phrase texts).
    func textScalar(at offset: Int) -> UInt32 {
        let b = phraseBody.count
        if offset < b { return Self.decodeScalar(phraseBody, offset) }
        if offset == b { return 0x20 }
        return Self.decodeScalar(phraseSender, offset - b - 1)
    }

    /// The scalar ending right before an offset of `body + " " + sender` (the phrase texts),
    /// and the offset it starts at.
    func textScalar(before offset: Int) -> (UInt32, Int) {
        let b = phraseBody.count
        if offset == b + 1 { return (0x20, b) }
        let (buf, local, base) = offset <= b ? (phraseBody, offset, 0) : (phraseSender, offset - b - 1, b + 1)
        var i = local - 1
        while i > 0 && buf[i] & 0xC0 == 0x80 { i -= 1 }
        return (Self.decodeScalar(buf, i), base + i)
    }

    /// No letter right before `start` (docs/judging.md "Filters" exact): the character before, judged by
    /// its first scalar (`x` + U+0301 is a letter, as the app's `Character.isLetter` says).
    @inline(__always)
    static func boundaryBefore(_ text: UnsafeBufferPointer<UInt8>, _ start: Int) -> Bool {
        var i = start
        while i > 0 {
            i -= 1
            while i > 0 && text[i] & 0xC0 == 0x80 { i -= 1 }
            let cp = decodeScalar(text, i)
            if !Grapheme.continuesCluster(cp) { return !CharTable.isLetter(cp) }
        }
        return true
    }

    /// No letter right after `end`.
    @inline(__always)
    static func boundaryAfter(_ text: UnsafeBufferPointer<UInt8>, _ end: Int) -> Bool {
        if end >= text.count { return true }
        return !CharTable.isLetter(decodeScalar(text, end))
    }

    @inline(__always)
    static func decodeScalar(_ t: UnsafeBufferPointer<UInt8>, _ i: Int) -> UInt32 { UTF8Scalar.decode(t, i) }
}
