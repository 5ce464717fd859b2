// Compilation: a RuleSet becomes immutable tables shared by every worker.
//
//   every contains/exact phrase, case-insensitive  ─┐
//   every community body phrase (always folded)     ├─► one Aho–Corasick over folded UTF-8
//   every contains/exact phrase, case-sensitive  ───► one Aho–Corasick over raw UTF-8
//   the allow side of the folded one alone        ───► a small Aho–Corasick for messages
//                                                      a smart rule junks unless allowed
//   every community sender                       ───► folded sender → entry (hash)
//   every regex                                  ───► one ICU regex each, cloned per worker
//   blocked languages                            ───► language → filter
//
// A pattern occurs once per table however many filters use it; its
// "uses" say which filter or list entry it stands for, for which target,
// and whether the match must sit on letter boundaries (exact).
import SiftText

/// What a phrase occurrence can decide.
package enum PhraseKind: UInt8, Sendable {
    case allowFilter, denyFilter, communityAllow, communityDeny
    /// A literal some regex requires: the regex may run (rank = the regex's slot << 3 | the
    /// clause of its gate the literal belongs to).
    case regexGate
    /// The folded form of a case-sensitive phrase: the raw text may hold the phrase
    /// (folding a text keeps what it contains), so it is searched for (rank = the
    /// phrase's pattern index in the raw table).
    case rawGate

    /// A filter's or list entry's phrase (not a gate, which only says where to look further).
    @inline(__always)
    package var isPhrase: Bool { self.rawValue < PhraseKind.regexGate.rawValue }
}

/// One filter or list entry behind a pattern.
package struct PhraseUse: Sendable {
    package var kind: PhraseKind
    package var target: Target
    package var exact: Bool
    /// The filter's index in `CompiledRuleSet.filters`, or the entry's in `communityEntries`:
    /// the lower, the older (filters) or the earlier consulted (entries).
    package var rank: Int32
}

/// A matcher of patterns with the uses of each. Immutable once built;
/// the per-match tables are plain buffers, read with no reference counting.
package final class PhraseTable: Sendable {
    package let matcher: PhraseMatcher
    /// Per pattern, into `uses`; patternCount+1 entries.
    package let useStart: FrozenBuffer<Int32>
    package let uses: FrozenBuffer<PhraseUse>
    /// Length in bytes of each pattern.
    package let lengths: FrozenBuffer<Int32>
    /// Every pattern's bytes, one after another, when kept (the raw table's: its phrases
    /// are searched for one by one when few are gated); pattern `i` from `patternStart[i]`.
    private let patternBytes: FrozenBuffer<UInt8>
    private let patternStart: FrozenBuffer<Int32>
    /// Some pattern has two marks of a combining class in a row (`Normalization.hasMarkRun`):
    /// a text with its marks in another order matches it only once in NFC.
    package let hasMarkRun: Bool
    /// The longest pattern's length in bytes.
    package let maxLength: Int

    /// `uses[useStart[i]..<useStart[i + 1]]` are pattern `i`'s.
    init(patterns: [[UInt8]], useStart start: [Int32], uses flat: [PhraseUse], keepingPatterns: Bool = false) {
        // A closure, not `\.count`: a key path is read through the runtime, ~700 instructions
        // a pattern (30M at 50,000 phrases).
        maxLength = patterns.reduce(0) { max($0, $1.count) }
        hasMarkRun = patterns.contains { p in p.withUnsafeBufferPointer { Normalization.hasMarkRun(utf8: $0) } }
        matcher = PhraseMatcher(patterns: patterns)
        useStart = FrozenBuffer(ownedBuffer(start))
        self.uses = FrozenBuffer(ownedBuffer(flat))
        lengths = FrozenBuffer(ownedBuffer(matcher.patternLengths))
        var bytes: [UInt8] = [], byteStart: [Int32] = []
        if keepingPatterns {
            for p in patterns { byteStart.append(Int32(bytes.count)); bytes.append(contentsOf: p) }
        }
        patternBytes = FrozenBuffer(ownedBuffer(bytes))
        patternStart = FrozenBuffer(ownedBuffer(byteStart))
    }

    /// Pattern `i`'s bytes (a table built `keepingPatterns`), read in place.
    package func pattern(_ i: Int) -> UnsafeBufferPointer<UInt8> {
        let start = Int(patternStart[i])
        return UnsafeBufferPointer(rebasing: patternBytes.buffer[start..<(start + Int(lengths[i]))])
    }

    deinit {
        for p in [useStart, lengths, patternStart] { p.deallocate() }
        uses.deallocate()
        patternBytes.deallocate()
    }
}

/// A regex filter, with the slot of its clone in each worker's scratch.
package struct RegexFilter: Sendable {
    package let filterIndex: Int32
    package let target: Target
    package let regex: ICURegex
    package let slot: Int
    /// How many clauses of literals gate the regex (`RegexPrefilter`): it runs only if the
    /// folded scan found, in its target, a literal of each (0: not gated).
    package let gateClauses: UInt8
    package var gated: Bool { gateClauses > 0 }
    /// When it requires no literal but its matches can only start with some bytes
    /// (`[A-Z]{5,}`): those bytes; it runs only if its target holds one.
    package let leadingBytes: [Bool]?
    /// A DFA that says whether a text may hold a match (`RegexAutomaton`), when the regex has one.
    package let automaton: RegexAutomaton?
    /// A run of scalars every match holds (`\d{6}`: six digits in a row), when it has one
    /// that narrows: it runs only if its target holds such a run.
    package let run: RegexRun?
    /// How many of one scalar in a row every match holds, when it says more than the
    /// automaton can (`(.)\1{4,}`: `RegexSyntax.sameScalars`).
    package let sameScalars: Int?
}

/// Which list of a community language an entry comes from.
public enum CommunityListKind: String, Sendable {
    case allowSender = "allow_sender", allowBody = "allow_body", denySender = "deny_sender", denyBody = "deny_body"
}

/// One community-list entry that takes part in a run.
public struct CommunityEntry: Sendable {
    public let language: Language
    public let list: CommunityListKind
    /// The entry as published.
    public let text: String
    /// `LANG: entry`, as verdicts report it (made when asked: a list of 50,000
    /// entries would otherwise hold every text twice).
    public var reason: String { "\(language.rawValue): \(text)" }
}

/// How the compiler treats a filter that fails validation.
public enum InvalidFilterPolicy: Sendable {
    /// Compilation fails with the filter's id and the reason (rule files and flags).
    case refuse
    /// The filter never matches; the reason is kept in `warnings` (rows of a store written by others).
    case skip
}

/// A rule set compiled for evaluation: immutable, shared by every worker thread.
public final class CompiledRuleSet: Sendable {
    /// Filters by age (ascending id); an index here is a filter's rank.
    public let filters: [Filter]
    /// What verdicts report for each filter: its text, or the language code for denyLanguage.
    public let filterReasons: [String]
    public let smartRules: SmartRuleSettings
    /// Community entries that take part, in the order they are consulted.
    public let communityEntries: [CommunityEntry]
    /// How many of them allow (allow_sender, allow_body) and deny (deny_sender, deny_body).
    public let communityAllowCount: Int, communityDenyCount: Int
    /// The languages whose community lists take part, in docs/judging.md "Languages" order (with entries or not).
    public let communityLanguagesOn: [Language]
    /// Filters skipped under `InvalidFilterPolicy.skip`, one line each.
    public let warnings: [RuleNote]
    /// ICU match-engine steps one regex search may take before it counts as no match.
    public let regexTimeLimit: Int32

    /// Every case-folded phrase and gate (under all-unknown, which decides every message
    /// stage 1 does not allow, only `allowFolded`'s).
    package let folded: PhraseTable?
    /// What of `folded` stages 1–3 use (allow filters and their gates, community
    /// allow_body phrases; under all-unknown stage 1's alone), for a message that stage 2
    /// or 4 decides unless stage 1 (or, before stage 4, stage 3) allows it: it skips the
    /// deny phrases and community deny lists, in a large list most of the states, whose
    /// cache misses it would otherwise pay for (bench/RESULTS.md). `folded` itself when
    /// that holds nothing else.
    package let allowFolded: PhraseTable?
    /// Some folded phrase is `exact`: its letter boundaries are checked on the
    /// text itself, which needs the folded text traced back to it.
    package let foldedHasExact: Bool
    package let raw: PhraseTable?
    /// Some phrase or community sender has two marks of a combining class in a row: a
    /// text must then be put in NFC when its marks are out of order (`Normalization.hasMarkRun`).
    package let needsMarkOrder: Bool
    package let allowRegexes: [RegexFilter]
    package let denyRegexes: [RegexFilter]
    /// The symbols the regex automata read texts in (the non-ASCII characters the regexes name).
    package let regexAlphabet: RegexAlphabet
    /// Folded community senders → entry rank.
    package let allowSenders: ByteKeyTable
    package let denySenders: ByteKeyTable
    /// Blocked language → index of the oldest denyLanguage filter for it.
    package let blockedLanguages: [Language: Int32]
    /// The bytes a body needs for detection to name a blocked language (stage 6 skips the rest).
    package let blockedLetterLeads: LetterLeads
    package let allowedCallingCodes: Set<String>

    /// Counts of each kind, for `--stats` and explanations.
    package let allowFilterCount: Int
    package let denyFilterCount: Int

    /// Number of regex clones each worker needs.
    public var regexCount: Int { allowRegexes.count + denyRegexes.count }
    /// Whether any denyLanguage filter exists (language detection runs only then).
    public var detectsLanguage: Bool { !blockedLanguages.isEmpty }

    /// Compiles `rules`. Throws only under `.refuse`, naming the filter and what is wrong.
    /// `regexPrefilter: false` runs ICU on every regex whose stage is reached (no gate, no
    /// leading bytes): the reference the prefilter's differential tests compare it with.
    public init(_ rules: RuleSet, invalidFilters: InvalidFilterPolicy = .refuse, regexTimeLimit: Int32 = 100,
                regexPrefilter: Bool = true) throws(RuleError) {
        var warnings: [RuleNote] = []
        var filters: [Filter] = []
        var regexes: [Int: ICURegex] = [:]
        for f in rules.filters.sorted(by: { $0.id < $1.id }) {
            do {
                let valid = try FilterValidator.validate(f)
                if valid.matching == .regex && valid.type != .denyLanguage {
                    regexes[filters.count] = try? ICURegex.compiled(valid.text)
                }
                filters.append(valid)
            } catch {
                switch invalidFilters {
                case .refuse: throw .filter(id: f.id, error)
                case .skip: warnings.append(.filterNeverMatches(id: f.id, error))
                }
            }
        }
        self.filters = filters
        filterReasons = filters.map { $0.language?.rawValue ?? $0.text }
        self.warnings = warnings
        self.regexTimeLimit = regexTimeLimit
        smartRules = rules.smartRules
        allowedCallingCodes = Set(rules.smartRules.allowedCallingCodes.map { String($0.drop(while: { $0 == "+" })) })

        let alphabet = regexPrefilter ? RegexAlphabet(patterns: filters.indices.compactMap { regexes[$0]?.spelled }) : .standard
        regexAlphabet = alphabet
        // The regexes' automata, on two threads when there are a few (the largest take
        // milliseconds each to build): every other regex on the second.
        var automata: [Int: RegexAutomaton] = [:]
        if regexPrefilter {
            let work = filters.indices.compactMap { i in
                filters[i].matching == .regex && filters[i].type != .denyLanguage ? regexes[i].map { (i, $0.spelled) } : nil
            }
            @Sendable func build(_ part: [(Int, String)]) -> [(Int, RegexAutomaton)] {
                part.compactMap { i, spelled in RegexAutomaton(spelled, alphabet: alphabet).map { (i, $0) } }
            }
            let evens = work.indices.filter { $0 % 2 == 0 }.map { work[$0] }, odds = work.indices.filter { $0 % 2 == 1 }.map { work[$0] }
            let (first, second) = bothAtOnce(work.count >= 4, { build(evens) }, { build(odds) })
            for (i, a) in first + second { automata[i] = a }
        }
        var foldedPatterns = PatternCollector(), rawPatterns = PatternCollector()
        var allowSlots = Set<Int32>()       // the regex slots of allow filters
        var allowRegexes: [RegexFilter] = [], denyRegexes: [RegexFilter] = []
        var blocked: [Language: Int32] = [:]
        var allowCount = 0, denyCount = 0
        for (index, f) in filters.enumerated() {
            let kind: PhraseKind
            switch f.type {
            case .allow: kind = .allowFilter; allowCount += 1
            case .deny: kind = .denyFilter; denyCount += 1
            case .denyLanguage:
                if let l = f.language, blocked[l] == nil { blocked[l] = Int32(index) }
                continue
            }
            switch f.matching {
            case .regex:
                guard let re = regexes[index] else { continue }
                let slot = allowRegexes.count + denyRegexes.count
                // What ICU was given (`a{ ,3}` is `a{0,3}`: its atom optional), not what was written.
                let spelled = re.spelled
                // Its gate: clauses of literals (RegexPrefilter), each a bit of the gate, all needed.
                var clauses = regexPrefilter ? RegexPrefilter.clauses(spelled) : []
                // A gate of `/` alone, where `/` is the byte every match holds (the automaton's
                // anchor, RegexAnchor: `\d{1,2}/\d{1,2}`), is left to the regex stage, which
                // looks for the byte itself (`memchr`): in the phrase scan it would be met at
                // every `/` of every link, a third of all the literals met in a message.
                if automata[index]?.anchor?.byte == UInt8(ascii: "/") {
                    clauses.removeAll { $0 == ["/"] }
                }
                for (k, clause) in clauses.enumerated() {
                    let gate = PhraseUse(kind: .regexGate, target: f.target, exact: false, rank: Int32(slot << 3 | k))
                    for literal in clause { foldedPatterns.add(Array(literal.utf8), gate) }
                }
                if kind == .allowFilter { allowSlots.insert(Int32(slot)) }
                let rf = RegexFilter(filterIndex: Int32(index), target: f.target, regex: re, slot: slot,
                                     gateClauses: UInt8(clauses.count),
                                     leadingBytes: clauses.isEmpty && regexPrefilter ? RegexLiterals.leadingBytes(spelled) : nil,
                                     automaton: automata[index], run: regexPrefilter ? RegexRun.required(spelled) : nil,
                                     sameScalars: regexPrefilter ? RegexSyntax.sameScalars(spelled) : nil)
                if kind == .allowFilter { allowRegexes.append(rf) } else { denyRegexes.append(rf) }
            case .contains, .exact:
                let use = PhraseUse(kind: kind, target: f.target, exact: f.matching == .exact, rank: Int32(index))
                // Phrases in NFC, as the texts they are looked for in (Normalization).
                switch f.caseSensitivity {
                case .insensitive:
                    let folded = CaseFold.foldedNFCBytes(f.text)
                    foldedPatterns.add(folded, use)
                case .sensitive:
                    let (rawIndex, isNew) = rawPatterns.add(Array(Normalization.nfc(f.text).utf8), use)
                    let gate = PhraseUse(kind: .rawGate, target: .all, exact: false, rank: Int32(rawIndex))
                    if isNew { foldedPatterns.add(CaseFold.foldedNFCBytes(f.text), gate) }
                }
            }
        }
        self.allowRegexes = allowRegexes
        self.denyRegexes = denyRegexes
        blockedLanguages = blocked
        allowFilterCount = allowCount
        denyFilterCount = denyCount

        // Community lists: languages in docs/judging.md "Languages" order; within one, senders before body phrases.
        var entries: [CommunityEntry] = []
        entries.reserveCapacity(rules.communityLanguages.reduce(0) { $0 + (rules.communityLists[$1]?.count ?? 0) })
        foldedPatterns.reserve(foldedPatterns.patterns.count + rules.communityLanguages.reduce(0) {
            $0 + (rules.communityLists[$1].map { $0.allowBody.count + $0.denyBody.count } ?? 0)
        })
        var allowSenders: [([UInt8], Int32)] = [], denySenders: [([UInt8], Int32)] = []
        let takingPart = Language.allCases.compactMap { language -> (Language, [(CommunityListKind, [String])])? in
            guard rules.communityLanguages.contains(language), let list = rules.communityLists[language] else { return nil }
            return (language, [(.allowSender, list.allowSender), (.allowBody, list.allowBody),
                               (.denySender, list.denySender), (.denyBody, list.denyBody)])
        }
        // Every entry folded first, on both cores (the text tables are built by then, and the
        // other core idle): at 50,000 entries a third of compiling.
        // The blocked languages' letter leads (64k code points looked up) meanwhile.
        let (keys, leads) = Self.folded(takingPart.flatMap { $0.1.flatMap { $0.1 } }, alsoDoing: { [blocked] in LetterLeads(naming: blocked.keys) })
        blockedLetterLeads = leads
        for (language, parts) in takingPart {
            for (kind, texts) in parts {
                for text in texts {
                    let rank = Int32(entries.count)
                    entries.append(CommunityEntry(language: language, list: kind, text: text))
                    let key = keys[Int(rank)]
                    switch kind {
                    case .allowSender: allowSenders.append((key, rank))     // the first of equal keys is kept
                    case .denySender: denySenders.append((key, rank))
                    case .allowBody:
                        let use = PhraseUse(kind: .communityAllow, target: .body, exact: false, rank: rank)
                        foldedPatterns.add(key, use)
                    case .denyBody:
                        foldedPatterns.add(key, PhraseUse(kind: .communityDeny, target: .body, exact: false, rank: rank))
                    }
                }
            }
        }
        communityEntries = entries
        communityAllowCount = entries.count { $0.list == .allowSender || $0.list == .allowBody }
        communityDenyCount = entries.count - communityAllowCount
        communityLanguagesOn = Language.allCases.filter { rules.communityLanguages.contains($0) }
        let sendersHaveMarkRun = (allowSenders + denySenders).contains { k in k.0.withUnsafeBufferPointer { Normalization.hasMarkRun(utf8: $0) } }
        self.allowSenders = ByteKeyTable(allowSenders)
        self.denySenders = ByteKeyTable(denySenders)
        // The allow side: what stage 1 (allow filters, and the gates of their regexes and
        // case-sensitive phrases) and stage 3 (community allow_body) look for. Under
        // all-unknown, stage 2 decides every message stage 1 does not allow: stage 3 is
        // never reached.
        let allUnknown = rules.smartRules.enabled.contains(.allUnknown)
        let allowPatterns = foldedPatterns.keeping { use in
            switch use.kind {
            case .allowFilter: true
            case .communityAllow: !allUnknown
            case .regexGate: allowSlots.contains(use.rank >> 3)
            case .rawGate: rawPatterns.uses(Int(use.rank)).contains { $0.kind == .allowFilter }
            case .denyFilter, .communityDeny: false
            }
        }
        // The tables are built at once on two threads, the largest here, the others on the
        // second, when there are enough patterns to pay for the thread.
        let large = foldedPatterns.patterns.count >= 2_000
        if allUnknown {
            // Only the allow side is ever scanned: one table.
            (folded, raw) = bothAtOnce(large, { allowPatterns.table() }, { [rawPatterns] in rawPatterns.table(keepingPatterns: true) })
            allowFolded = folded
        } else if allowPatterns.patterns.count == foldedPatterns.patterns.count {
            // With as many patterns, they are `folded`'s: it serves, its other uses never
            // consulted when only the allow side can decide.
            (folded, raw) = bothAtOnce(large, { foldedPatterns.table() }, { [rawPatterns] in rawPatterns.table(keepingPatterns: true) })
            allowFolded = folded
        } else {
            let others: (PhraseTable?, PhraseTable?)
            (folded, others) = bothAtOnce(large, { foldedPatterns.table() }, { [allowPatterns, rawPatterns] in
                (allowPatterns.table(), rawPatterns.table(keepingPatterns: true))
            })
            (allowFolded, raw) = others
        }
        foldedHasExact = foldedPatterns.anyUse { $0.exact }
        needsMarkOrder = sendersHaveMarkRun || folded?.hasMarkRun == true || allowFolded?.hasMarkRun == true || raw?.hasMarkRun == true
    }
}
