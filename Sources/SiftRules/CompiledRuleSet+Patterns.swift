// Compiling's helpers (CompiledRuleSet.swift has the compile itself): folding list
// entries on two threads, running two parts of the work at once, and collecting the
// distinct patterns of a table with the uses of each.
import Foundation
import SiftText

extension CompiledRuleSet {
    /// `CaseFold.foldedNFCBytes` of each text, in order, and what `other` makes: the texts
    /// in two halves on two threads when there are enough to pay for the second (5,000
    /// take ~1 ms), the second half and `other` on the second.
    package static func folded<T: Sendable>(_ texts: [String], alsoDoing other: @escaping @Sendable () -> T) -> ([[UInt8]], T) {
        guard texts.count >= 2_000 else {
            return (texts.map { CaseFold.foldedNFCBytes($0) }, other())
        }
        // Each half folded into an array of its own, joined after: no buffer shared by threads.
        let half = texts.count / 2
        let (first, (second, made)) = bothAtOnce(true, {
            texts[..<half].map { CaseFold.foldedNFCBytes($0) }
        }, {
            (texts[half...].map { CaseFold.foldedNFCBytes($0) }, other())
        })
        return (first + second, made)
    }
}

/// Runs `second` on a thread of its own while `first` runs on this one, and returns
/// both results once both are done; one after the other unless `parallel`. (Reading and
/// compiling a large rule set: the other core is idle once the text tables are built.)
public func bothAtOnce<A, B: Sendable>(_ parallel: Bool, _ first: () -> A, _ second: @escaping @Sendable () -> B) -> (A, B) {
    guard parallel else { return (first(), second()) }
    let result = SecondResult<B>(), done = DispatchSemaphore(value: 0)
    let thread = Thread {
        let b = second()
        result.value.withLock { $0 = b }
        done.signal()
    }
    thread.stackSize = 8 << 20
    thread.start()
    let a = first()
    done.wait()
    return (a, result.value.withLock { $0! })
}

/// What `bothAtOnce`'s second thread made, read after it signals.
private final class SecondResult<B: Sendable>: Sendable { let value = Locked<B?>(nil) }

/// Gathers distinct patterns and the uses of each while compiling.
struct PatternCollector {
    var patterns: [[UInt8]] = []
    /// Each pattern's first use, and the others of the few with more: no array per
    /// pattern (at 50,000 list entries their allocations and frees were a tenth of compiling).
    var firstUse: [PhraseUse] = []
    /// Per pattern, its index in `moreUses`, or -1.
    var moreIndex: [Int32] = []
    var moreUses: [[PhraseUse]] = []
    /// Open addressing from a hash of a pattern's bytes to its index + 1 (0: empty); the
    /// bytes compared in place. (A `[UInt8]`-keyed Dictionary hashed each key with SipHash
    /// and took ~800 instructions an entry.)
    private var slots: [Int32] = Array(repeating: 0, count: 16)

    /// Room for `count` patterns in all without growing the index.
    mutating func reserve(_ count: Int) {
        if count * 2 > slots.count { rehash(count * 2) }
    }

    /// Pattern `i`'s uses, in the order they were added.
    func uses(_ i: Int) -> [PhraseUse] { [firstUse[i]] + (moreIndex[i] < 0 ? [] : moreUses[Int(moreIndex[i])]) }

    /// Whether some use of some pattern satisfies `test`.
    func anyUse(_ test: (PhraseUse) -> Bool) -> Bool {
        firstUse.contains(where: test) || moreUses.contains { $0.contains(where: test) }
    }

    /// Appends a pattern with its uses (not indexed: for `keeping`).
    private mutating func append(_ pattern: [UInt8], _ uses: some Collection<PhraseUse>) {
        patterns.append(pattern)
        firstUse.append(uses.first!)
        if uses.count > 1 {
            moreIndex.append(Int32(moreUses.count))
            moreUses.append(Array(uses.dropFirst()))
        } else {
            moreIndex.append(-1)
        }
    }

    /// Adds a use of `pattern`; returns the pattern's index and whether it is new (-1 for the empty pattern).
    @discardableResult
    mutating func add(_ pattern: [UInt8], _ use: PhraseUse) -> (index: Int, isNew: Bool) {
        guard !pattern.isEmpty else { return (-1, false) }
        let mask = slots.count - 1
        var s = Self.hash(pattern) & mask
        while slots[s] != 0 {
            let i = Int(slots[s]) - 1
            if patterns[i] == pattern {
                // A use like one there already, with an older rank, can never decide (the oldest
                // does): 5,000 copies of one community phrase were each credited per occurrence.
                let ranked = use.kind != .regexGate && use.kind != .rawGate
                let like = { (u: PhraseUse) in u.kind == use.kind && u.target == use.target && u.exact == use.exact && u.rank <= use.rank }
                let k = Int(moreIndex[i])
                if !(ranked && (like(firstUse[i]) || k >= 0 && moreUses[k].contains(where: like))) {
                    if k >= 0 {
                        moreUses[k].append(use)
                    } else {
                        moreIndex[i] = Int32(moreUses.count)
                        moreUses.append([use])
                    }
                }
                return (i, false)
            }
            s = (s + 1) & mask
        }
        patterns.append(pattern)
        firstUse.append(use)
        moreIndex.append(-1)
        slots[s] = Int32(patterns.count)
        if patterns.count * 2 > slots.count { rehash(slots.count * 2) }
        return (patterns.count - 1, true)
    }

    private mutating func rehash(_ atLeast: Int) {
        var size = slots.count
        while size < atLeast { size *= 2 }
        slots = Array(repeating: 0, count: size)
        let mask = size - 1
        for (i, p) in patterns.enumerated() {
            var s = Self.hash(p) & mask
            while slots[s] != 0 { s = (s + 1) & mask }
            slots[s] = Int32(i + 1)
        }
    }

    /// FNV-1a over the bytes, mixed: the index is built once per run, its keys are not
    /// chosen by an attacker who sees the hash (a collision costs only probe steps).
    private static func hash(_ bytes: [UInt8]) -> Int {
        var h: UInt64 = 0xCBF2_9CE4_8422_2325
        for b in bytes { h = (h ^ UInt64(b)) &* 0x100_0000_01B3 }
        return Int(truncatingIfNeeded: ((h ^ (h >> 29)) &* 0xBF58_476D_1CE4_E5B9) >> 32)
    }

    /// The patterns with the uses `keep` keeps, in the same order; a pattern left with none is
    /// left out. (Its patterns are distinct already: the result is not added to.)
    func keeping(_ keep: (PhraseUse) -> Bool) -> PatternCollector {
        var kept = PatternCollector()
        for (i, pattern) in patterns.enumerated() {
            if moreIndex[i] < 0 {
                if keep(firstUse[i]) { kept.append(pattern, CollectionOfOne(firstUse[i])) }
            } else {
                let left = uses(i).filter(keep)
                if !left.isEmpty { kept.append(pattern, left) }
            }
        }
        return kept
    }

    func table(keepingPatterns: Bool = false) -> PhraseTable? {
        guard !patterns.isEmpty else { return nil }
        var start: [Int32] = [], flat: [PhraseUse] = []
        start.reserveCapacity(patterns.count + 1)
        flat.reserveCapacity(firstUse.count + moreUses.reduce(0) { $0 + $1.count })
        for i in patterns.indices {
            start.append(Int32(flat.count))
            flat.append(firstUse[i])
            if moreIndex[i] >= 0 { flat.append(contentsOf: moreUses[Int(moreIndex[i])]) }
        }
        start.append(Int32(flat.count))
        return PhraseTable(patterns: patterns, useStart: start, uses: flat, keepingPatterns: keepingPatterns)
    }
}
