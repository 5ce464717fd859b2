// The regex filters of stages 1 and 5, for one worker: which may run on a
// message (their gates, opened by the phrase scan when a literal they need
// occurs; the bytes a match can start with), running them on UTF-16 made
// once per message and only if some regex runs, and the failures to report.

#if canImport(Glibc)
import Glibc
#endif
import CTextScan
import SiftRules
import SiftText

/// One worker's regex matchers and per-message regex state; not shared between threads.
final class RegexStage {
    /// What a message needs of each regex filter, per stage, in plain values kept in buffers
    /// of their own (walking the rule set's `RegexFilter`s, which hold references, retained
    /// and released each one).
    private struct Check {
        var filterIndex: Int32
        var slot: Int32
        var target: Target
        /// The gate's clauses as bits, all needed (0: not gated).
        var need: UInt8
        /// Offset in `leadingSets` of the bytes a match can start with (256 flags), or -1.
        var lead: Int32
        /// Index in `automata` of the regex's DFA, or -1.
        var automaton: Int32
        /// Offset in `leadingSets` of the bytes its target must start with (a pattern anchored
        /// at the start: `RegexAutomaton.firstBytesOfText`), or -1.
        var textStart: Int32
        /// Index in `runClasses` of the class of the run every match holds, or -1; and its length.
        var run: Int32
        var runCount: Int32
        /// When the regex is its target's whole text, one class repeated (`RegexRun.whole`):
        /// the lengths it takes, else -1.
        var wholeMin: Int32, wholeMax: Int32
        /// The anchor byte every match holds (`RegexAutomaton.anchor`), or 0: looked for
        /// first (`memchr`), where the regex has no gate.
        var anchor: UInt8 = 0
        /// How many of one scalar in a row every match holds (`RegexSyntax.sameScalars`), or
        /// 0; looked for in a body or a sender (not both: the space between them may join).
        var same: Int32 = 0
    }

    /// A class of the runs the regexes' matches hold (`RegexRun`), as `sift_longest_run`
    /// takes it: the regexes whose runs are of one class share one pass over a text.
    private struct RunClass {
        /// Offset in `runFlags` of its 128 ASCII flags, and in `runLeads` of the 256 words
        /// of the first two bytes of its non-ASCII members (`RegexRun.leads`).
        var flags: Int32, leads: Int32
        var kinds: UInt32
        var lo: Int32, hi: Int32
        /// The longest run any of its regexes of the body (`cap`) and of the sender
        /// (`senderCap`) needs (for one that is the whole text, one more than the longest it
        /// takes): a pass stops there. (`^\d{11,}$` on senders has a pass over bodies
        /// stop at the eight digits the body's regexes need at most.)
        var cap: Int32
        var senderCap: Int32 = 0
    }

    private let filters: [Filter]
    /// Indexed by slot: slots follow filter order, allow and deny regexes interleaved.
    private let matchers: [RegexMatcher]
    private let allowChecks: UnsafeMutableBufferPointer<Check>
    private let denyChecks: UnsafeMutableBufferPointer<Check>
    /// The regexes' DFAs (kept alive by the rule set), read with no reference counting.
    private let automata: [Unmanaged<RegexAutomaton>]
    /// Sets of leading bytes, 256 flags each.
    private let leadingSets: UnsafeMutableBufferPointer<Bool>
    private let runClasses: UnsafeMutableBufferPointer<RunClass>
    private let runFlags: UnsafeMutableBufferPointer<UInt8>
    private let runLeads: UnsafeMutableBufferPointer<UInt64>
    /// Per run class, the first bytes of `runLeads` as a set (`RegexRun.leadSet`).
    private let runLeadSets: UnsafeMutableBufferPointer<sift_byte_set>
    private let simd: Int32 = RegexRun.simd ? 1 : 0
    /// Per run class, the longest run in the body and in the sender of this message (capped
    /// at the class's `cap`), or -1 until a regex asks.
    private let bodyRuns: UnsafeMutableBufferPointer<Int32>, senderRuns: UnsafeMutableBufferPointer<Int32>
    private let categories = UnsafePointer(RegexClassTable.bytes.baseAddress.unsafelyUnwrapped)
    /// Per set, its bytes as one range `lo | hi << 8` when they are one (`[A-Z]`, `\d`),
    /// looked for sixteen bytes at a time; else -1.
    private let leadingRanges: UnsafeMutableBufferPointer<Int32>
    /// Per regex slot, a bit per clause of its gate a literal of which occurs in its target
    /// (`openGate`, called by the phrase scan).
    private let gateOpen: UnsafeMutableBufferPointer<UInt8>
    /// Per slot: the bits its gate needs (0: not gated), and where its check is: the stage
    /// (allow 0, deny 1) << 30 | its index in that stage's checks.
    private let slotNeed: UnsafeMutableBufferPointer<UInt8>
    private let slotCheck: UnsafeMutableBufferPointer<Int32>
    /// Per stage, a bit per check that may run on this message: the ungated ones, and those
    /// whose gates the scan opened; 64 checks a word. And the ungated ones alone.
    private let allowCandidates: UnsafeMutableBufferPointer<UInt64>, denyCandidates: UnsafeMutableBufferPointer<UInt64>
    private let allowUngated: UnsafeMutableBufferPointer<UInt64>, denyUngated: UnsafeMutableBufferPointer<UInt64>
    /// Per regex slot: the messages ICU ran on (what the prefilter let through).
    private(set) var icuRuns: [Int]

    /// The body, a space and the sender, as automata of `all` read them: made when the first
    /// of them looks at the message (`bothMade`).
    private var both: [UInt8] = []
    private var bothMade = false

    // The message being evaluated, and its UTF-16 (made when the first regex runs).
    private var body = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
    private var sender = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
    private var utf16: [UInt16] = []
    private var utf16Ready = false
    private var bodyUTF16Count = 0

    private var reportedFailure = Set<Int32>()
    /// The most of one scalar in a row any regex needs, and this message's (-1: not read yet).
    private let sameCap: Int
    private var bodySame: Int32 = -1, senderSame: Int32 = -1
    /// Errors a regex raised other than a time-out, one line per filter.
    /// The filters (ids) ICU gave up on for some message, each once.
    private(set) var failures: [Int] = []

    init(_ rules: CompiledRuleSet) {
        filters = rules.filters
        matchers = (rules.allowRegexes + rules.denyRegexes).sorted(by: { $0.slot < $1.slot })
            .map { $0.regex.makeMatcher(timeLimit: rules.regexTimeLimit) }
        gateOpen = ownedBuffer([UInt8](repeating: 0, count: max(matchers.count, 1)))
        icuRuns = [Int](repeating: 0, count: matchers.count)
        var sets: [Bool] = []
        var dfas: [Unmanaged<RegexAutomaton>] = []
        var runList: [RunClass] = [], flags: [UInt8] = [], leadWords: [UInt64] = [], leadSets: [sift_byte_set] = []
        var runKeys: [[UInt8]: Int] = [:]
        var mostSame = 0
        func checks(_ regexes: [RegexFilter]) -> [Check] {
            regexes.map { r in
                var lead: Int32 = -1, run: Int32 = -1, runCount: Int32 = 0, wholeMin: Int32 = -1, wholeMax: Int32 = -1
                if let required = r.run {
                    // A run every match holds: looked for instead of first bytes (it holds one).
                    let classFlags = required.asciiFlags
                    let key = classFlags + withUnsafeBytes(of: required.members.nonASCII) { Array($0) }
                    let k = runKeys[key] ?? {
                        let (lo, hi) = required.asciiRange
                        runList.append(RunClass(flags: Int32(flags.count), leads: Int32(leadWords.count), kinds: UInt32(required.members.nonASCII),
                                                lo: lo, hi: hi, cap: 0))
                        flags += classFlags
                        leadWords += required.leads
                        leadSets.append(required.leadSet)
                        runKeys[key] = runList.count - 1
                        return runList.count - 1
                    }()
                    let onBody = r.target != .sender, onSender = r.target != .body
                    func need(_ n: Int32) {
                        if onBody { runList[k].cap = max(runList[k].cap, n) }
                        if onSender { runList[k].senderCap = max(runList[k].senderCap, n) }
                    }
                    need(Int32(required.count))
                    run = Int32(k)
                    runCount = Int32(required.count)
                    if let whole = required.whole, r.target != .all {
                        wholeMin = Int32(clamping: whole.min)
                        wholeMax = Int32(clamping: whole.max)
                        // The pass must see a run one longer than the longest taken, to tell it.
                        need(wholeMax == .max ? .max : wholeMax + 1)
                    }
                } else if let bytes = r.automaton?.leadingBytes ?? r.leadingBytes {
                    // The automaton's first bytes when it has them (they spare reading the text);
                    // else the pattern's.
                    lead = Int32(sets.count)
                    sets += bytes
                }
                var automaton: Int32 = -1, textStart: Int32 = -1
                if let bytes = r.automaton?.firstBytesOfText {
                    textStart = Int32(sets.count)
                    sets += bytes
                }
                var anchor: UInt8 = 0
                if let a = r.automaton {
                    automaton = Int32(dfas.count)
                    dfas.append(.passUnretained(a))
                    if let byte = a.anchor?.byte, r.gateClauses == 0 { anchor = byte }
                }
                var check = Check(filterIndex: r.filterIndex, slot: Int32(r.slot), target: r.target,
                             need: r.gateClauses == 0 ? 0 : UInt8(truncatingIfNeeded: (1 << Int(r.gateClauses)) - 1),
                             lead: lead, automaton: automaton, textStart: textStart, run: run, runCount: runCount, wholeMin: wholeMin, wholeMax: wholeMax)
                check.anchor = anchor
                if let n = r.sameScalars, r.target != .all {
                    check.same = Int32(clamping: n)
                    mostSame = max(mostSame, n)
                }
                return check
            }
        }
        let allow = checks(rules.allowRegexes), deny = checks(rules.denyRegexes)
        sameCap = mostSame
        allowChecks = ownedBuffer(allow)
        denyChecks = ownedBuffer(deny)
        var need = [UInt8](repeating: 0, count: max(matchers.count, 1)), at = [Int32](repeating: 0, count: max(matchers.count, 1))
        func ungated(_ checks: [Check], stage: Int32) -> [UInt64] {
            var words = [UInt64](repeating: 0, count: max((checks.count + 63) / 64, 1))
            for (k, c) in checks.enumerated() {
                need[Int(c.slot)] = c.need
                at[Int(c.slot)] = stage << 30 | Int32(k)
                if c.need == 0 { words[k >> 6] |= 1 << UInt64(k & 63) }
            }
            return words
        }
        let allowWords = ungated(allow, stage: 0), denyWords = ungated(deny, stage: 1)
        allowUngated = ownedBuffer(allowWords); allowCandidates = ownedBuffer(allowWords)
        denyUngated = ownedBuffer(denyWords); denyCandidates = ownedBuffer(denyWords)
        slotNeed = ownedBuffer(need)
        slotCheck = ownedBuffer(at)
        automata = dfas
        leadingSets = ownedBuffer(sets)
        runClasses = ownedBuffer(runList)
        runFlags = ownedBuffer(flags)
        runLeads = ownedBuffer(leadWords)
        runLeadSets = ownedBuffer(leadSets)
        bodyRuns = ownedBuffer([Int32](repeating: -1, count: max(runList.count, 1)))
        senderRuns = ownedBuffer([Int32](repeating: -1, count: max(runList.count, 1)))
        leadingRanges = ownedBuffer(stride(from: 0, to: sets.count, by: 256).map { start in
            let set = sets[start..<(start + 256)]
            guard let lo = set.firstIndex(of: true), let hi = set.lastIndex(of: true),
                  set[lo...hi].allSatisfy({ $0 }) else { return -1 }
            return Int32(lo - start) | Int32(hi - start) << 8
        })
    }

    deinit {
        for b in [gateOpen, slotNeed] { b.deallocate() }
        slotCheck.deallocate()
        for b in [allowCandidates, denyCandidates, allowUngated, denyUngated] { b.deallocate() }
        UnsafeMutableBufferPointer(start: leadingSets.baseAddress, count: max(leadingSets.count, 1)).deallocate()
        UnsafeMutableBufferPointer(start: leadingRanges.baseAddress, count: max(leadingRanges.count, 1)).deallocate()
        UnsafeMutableBufferPointer(start: runClasses.baseAddress, count: max(runClasses.count, 1)).deallocate()
        UnsafeMutableBufferPointer(start: runFlags.baseAddress, count: max(runFlags.count, 1)).deallocate()
        UnsafeMutableBufferPointer(start: runLeads.baseAddress, count: max(runLeads.count, 1)).deallocate()
        UnsafeMutableBufferPointer(start: runLeadSets.baseAddress, count: max(runLeadSets.count, 1)).deallocate()
        bodyRuns.deallocate(); senderRuns.deallocate()
        UnsafeMutableBufferPointer(start: allowChecks.baseAddress, count: max(allowChecks.count, 1)).deallocate()
        UnsafeMutableBufferPointer(start: denyChecks.baseAddress, count: max(denyChecks.count, 1)).deallocate()
    }

    /// Per regex filter (rank in the rule set's filters), the messages ICU ran it on.
    var runsByFilter: [(filterIndex: Int, runs: Int)] {
        (Array(allowChecks) + Array(denyChecks)).map { (Int($0.filterIndex), icuRuns[Int($0.slot)]) }.sorted { $0.filterIndex < $1.filterIndex }
    }

    /// A new message: every gate closed, no UTF-16 yet.
    @inline(__always)
    func start(body: UnsafeBufferPointer<UInt8>, sender: UnsafeBufferPointer<UInt8>) {
        self.body = body
        self.sender = sender
        utf16Ready = false
        bothMade = false
        if !allowChecks.isEmpty || !denyChecks.isEmpty {
            gateOpen.update(repeating: 0)
            _ = allowCandidates.update(fromContentsOf: allowUngated)
            _ = denyCandidates.update(fromContentsOf: denyUngated)
            if !runClasses.isEmpty {
                bodyRuns.update(repeating: -1)
                senderRuns.update(repeating: -1)
            }
            bodySame = -1; senderSame = -1
        }
    }

    /// The phrase scan found a literal of clause `rank & 7` of the gate of slot `rank >> 3`.
    @inline(__always)
    func openGate(_ rank: Int32) {
        let slot = Int(rank >> 3)
        let bits = gateOpen[slot] | 1 << UInt8(rank & 7)
        gateOpen[slot] = bits
        if bits == slotNeed[slot] {
            let at = slotCheck[slot], k = Int(at & 0x3FFF_FFFF)
            (at >> 30 == 0 ? allowCandidates : denyCandidates)[k >> 6] |= 1 << UInt64(k & 63)
        }
    }

    /// The oldest filter of a stage that matches: the oldest phrase match (`phraseRank`),
    /// unless an older regex of the stage matches. `allGatesOpen` when the phrases were
    /// looked for in an NFC form of the message: a regex runs on the message as written,
    /// and the gates may have missed a literal written decomposed.
    func oldestMatch(phraseRank: Int32, allow: Bool, allGatesOpen: Bool, warning: inout String?) -> Int32? {
        let checks = allow ? allowChecks : denyChecks
        if explaining || allGatesOpen {
            if explaining { layers.removeAll(keepingCapacity: true) }
            for r in checks {
                if r.filterIndex >= phraseRank { break }
                if r.need != 0 && gateOpen[Int(r.slot)] != r.need && !allGatesOpen { note(r, .literals); continue }
                if matches(r, &warning) { return r.filterIndex }
            }
            return phraseRank == .max ? nil : phraseRank
        }
        // The checks that may run, oldest first: the ungated ones and those whose gates opened.
        let words = allow ? allowCandidates : denyCandidates
        for w in words.indices {
            var m = words[w]
            while m != 0 {
                let r = checks[w &<< 6 | m.trailingZeroBitCount]
                m &= m &- 1
                if r.filterIndex >= phraseRank { return phraseRank == .max ? nil : phraseRank }
                if matches(r, &warning) { return r.filterIndex }
            }
        }
        return phraseRank == .max ? nil : phraseRank
    }

    /// Whether the regex of `r`, its gate open, matches the message: its run or first bytes,
    /// its automaton, then ICU. What is seldom needed (ICU, `--explain`'s notes) is called
    /// out of line: this loop is read for every message, and the smaller it is the less
    /// of the rest of a message's work it pushes out of the instruction cache.
    @inline(__always)
    private func matches(_ r: Check, _ warning: inout String?) -> Bool {
        if r.anchor != 0 && !holdsAnchor(r.anchor, r.target) { note(r, .anchor); return false }
        if r.textStart >= 0 && !startsRight(Int(r.textStart), r.target) { note(r, .firstBytes); return false }
        if r.run >= 0 {
            switch runAnswer(r) {
            case .noMatch: note(r, .run); return false
            case .match: note(r, .runMatch); return true
            case .maybe: break
            }
        }
        if r.lead >= 0 && !targetHolds(Int(r.lead), r.target) { note(r, .firstBytes); return false }
        if r.same > 0 && sameScalars(r.target) < Int(r.same) { note(r, .same); return false }
        if r.automaton >= 0 {
            switch decide(Int(r.automaton), r.target) {
            case .noMatch: note(r, .automaton); return false
            case .match: note(r, .automatonMatch); return true
            case .maybe: break
            }
        }
        return confirm(r, &warning)
    }

    /// What ICU says of the regex of `r` on the message, noted under `--explain`; a time-out
    /// or failure named in the verdict's warning.
    @inline(never)
    private func confirm(_ r: Check, _ warning: inout String?) -> Bool {
        let outcome = run(slot: Int(r.slot), target: r.target)
        note(r, outcome == .match ? .icuMatch : outcome == .noMatch ? .icuNoMatch : .icuUnfinished)
        switch outcome {
        case .match: return true
        case .noMatch: return false
        case .timedOut:
            Self.add("regex filter \(filters[Int(r.filterIndex)].id) timed out", to: &warning)
        case .failed:
            // ICU gave up on this text (its backtracking stack is full, say): as a time-out,
            // no match, said in the verdict; and once per run on stderr.
            let id = filters[Int(r.filterIndex)].id
            Self.add("regex filter \(id) could not finish matching", to: &warning)
            if reportedFailure.insert(r.filterIndex).inserted {
                failures.append(id)
            }
        }
        return false
    }

    /// Under `--explain`: what decided each regex of the last stage looked at.
    var explaining = false
    private(set) var layers: [String] = []

    /// The layer that decided a regex, as `--explain` says it.
    private enum Layer: String {
        case literals = "ruled out by its literals", run = "ruled out by its run", runMatch = "matched by its run"
        case firstBytes = "ruled out by its first bytes", anchor = "ruled out by its anchor", same = "ruled out by its repeated scalar"
        case automaton = "ruled out by its automaton", automatonMatch = "matched by its automaton"
        case icuMatch = "matched by ICU", icuNoMatch = "no match by ICU", icuUnfinished = "ICU did not finish"
    }

    @inline(__always)
    private func note(_ r: Check, _ layer: Layer) {
        if explaining { addNote(r, layer) }
    }

    @inline(never)
    private func addNote(_ r: Check, _ layer: Layer) {
        layers.append("regex filter \(filters[Int(r.filterIndex)].id) \(layer.rawValue)")
    }

    /// Every regex that timed out or failed on a message is named in its warning.
    private static func add(_ problem: String, to warning: inout String?) {
        warning = warning.map { $0 + "; " + problem } ?? problem
    }

    /// Whether the regex's target holds its anchor byte.
    @inline(__always)
    private func holdsAnchor(_ byte: UInt8, _ target: Target) -> Bool {
        func holds(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
            guard let p = text.baseAddress else { return false }
            return memchr(p, Int32(byte), text.count) != nil
        }
        switch target {
        case .body: return holds(body)
        case .sender: return holds(sender)
        case .all: return byte == 0x20 || holds(body) || holds(sender)
        }
    }

    /// Whether the regex's target holds one of the bytes a match can start with
    /// (the set at `lead` in `leadingSets`).
    private func targetHolds(_ lead: Int, _ target: Target) -> Bool {
        let set = leadingSets.baseAddress.unsafelyUnwrapped + lead
        let range = leadingRanges[lead >> 8]
        func holds(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
            if range >= 0 {
                guard let p = text.baseAddress else { return false }
                return sift_first_in_range(p, 0, text.count, UInt8(truncatingIfNeeded: range), UInt8(truncatingIfNeeded: range >> 8)) < text.count
            }
            for b in text where set[Int(b)] { return true }
            return false
        }
        switch target {
        case .body: return holds(body)
        case .sender: return holds(sender)
        case .all: return set[0x20] || holds(body) || holds(sender)
        }
    }

    /// Whether the regex's target starts with a byte of the set at `k` in `leadingSets` (for
    /// `all`, the body, or the space that joins it to the sender when it is empty).
    @inline(__always)
    private func startsRight(_ k: Int, _ target: Target) -> Bool {
        let text = target == .sender ? sender : body
        let first = text.isEmpty ? (target == .all ? 0x20 : nil) : text[0]
        guard let first else { return false }
        return leadingSets[k + Int(first)]
    }

    /// What the run of `r` says: no match when its target lacks the run (the body and sender
    /// apart: a run's class holds no space, so none spans the two); for a regex that is the
    /// whole text (`^\d{4,6}$`), when the text is one run of ASCII members (its longest run
    /// is as long as its bytes), whether its length is one the regex takes; else maybe.
    private func runAnswer(_ r: Check) -> RegexDecision {
        let k = Int(r.run), count = Int(r.runCount)
        let text: UnsafeBufferPointer<UInt8>, longest: Int
        switch r.target {
        case .body: text = body; longest = longestRun(k, body, bodyRuns, sender: false)
        case .sender: text = sender; longest = longestRun(k, sender, senderRuns, sender: true)
        case .all:
            return longestRun(k, body, bodyRuns, sender: false) >= count || longestRun(k, sender, senderRuns, sender: true) >= count ? .maybe : .noMatch
        }
        if longest < count { return .noMatch }
        if r.wholeMin >= 0 && longest == text.count {
            return longest >= Int(r.wholeMin) && longest <= Int(r.wholeMax) ? .match : .noMatch
        }
        return .maybe
    }

    /// The longest run of class `k` in `text` (up to the class's cap for the body or the
    /// sender), read once per message.
    @inline(__always)
    private func longestRun(_ k: Int, _ text: UnsafeBufferPointer<UInt8>, _ known: UnsafeMutableBufferPointer<Int32>, sender: Bool) -> Int {
        if known[k] >= 0 { return Int(known[k]) }
        let c = runClasses[k]
        var longest = 0
        if let p = text.baseAddress {
            let flags = UnsafePointer(runFlags.baseAddress.unsafelyUnwrapped + Int(c.flags))
            let leads = UnsafePointer(runLeads.baseAddress.unsafelyUnwrapped + Int(c.leads))
            longest = sift_longest_run(p, text.count, flags, categories, c.kinds, leads, runLeadSets.baseAddress.unsafelyUnwrapped + k, simd,
                                       Int(sender ? c.senderCap : c.cap), c.lo, c.hi)
        }
        known[k] = Int32(truncatingIfNeeded: longest)
        return longest
    }

    /// The most of one scalar in a row in the body or the sender (up to what a regex needs),
    /// read once per message.
    private func sameScalars(_ target: Target) -> Int {
        if target == .sender {
            if senderSame < 0 { senderSame = Int32(RegexRun.longestSameScalars(sender, cap: sameCap)) }
            return Int(senderSame)
        }
        if bodySame < 0 { bodySame = Int32(RegexRun.longestSameScalars(body, cap: sameCap)) }
        return Int(bodySame)
    }

    /// What the regex's DFA says of its target: no match, a match, or ICU to decide.
    private func decide(_ k: Int, _ target: Target) -> RegexDecision {
        switch target {
        case .body: return automata[k]._withUnsafeGuaranteedRef { $0.decide(utf8: body) }
        case .sender: return automata[k]._withUnsafeGuaranteedRef { $0.decide(utf8: sender) }
        case .all:
            if !bothMade {
                both.removeAll(keepingCapacity: true)
                both.append(contentsOf: body)
                both.append(0x20)
                both.append(contentsOf: sender)
                bothMade = true
            }
            return automata[k]._withUnsafeGuaranteedRef { a in both.withUnsafeBufferPointer { a.decide(utf8: $0) } }
        }
    }

    /// Transcodes valid UTF-8 to UTF-16 (ASCII a byte at a time, the rest by hand).
    static func appendUTF16(_ b: UnsafeBufferPointer<UInt8>, to out: inout [UInt16]) {
        out.reserveCapacity(out.count + b.count)
        var i = 0
        let n = b.count
        while i < n {
            let c = b[i]
            if c < 0x80 { out.append(UInt16(c)); i += 1; continue }
            let cp = UTF8Scalar.decode(b, i)
            i += c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4
            if cp >= 0x10000 {
                let v = cp - 0x10000
                out.append(UInt16(0xD800 + (v >> 10)))
                out.append(UInt16(0xDC00 + (v & 0x3FF)))
            } else {
                out.append(UInt16(cp))
            }
        }
    }

    private func run(slot: Int, target: Target) -> RegexOutcome {
        if !utf16Ready {
            utf16.removeAll(keepingCapacity: true)
            Self.appendUTF16(body, to: &utf16)
            bodyUTF16Count = utf16.count
            utf16.append(0x20)
            Self.appendUTF16(sender, to: &utf16)
            utf16Ready = true
        }
        let bodyEnd = bodyUTF16Count
        let matcher = matchers[slot]
        icuRuns[slot] &+= 1
        return utf16.withUnsafeBufferPointer { all in
            switch target {
            case .all: return matcher.find(all)
            case .body: return matcher.find(UnsafeBufferPointer(rebasing: all[0..<bodyEnd]))
            case .sender: return matcher.find(UnsafeBufferPointer(rebasing: all[(bodyEnd + 1)...]))
            }
        }
    }
}
