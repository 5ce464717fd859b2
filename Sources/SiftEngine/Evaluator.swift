// The eight-stage evaluator (docs/judging.md "The pipeline") over a CompiledRuleSet.
//
// Per message: the text is laid out as `body + " " + sender` (the target
// `all` of the app), case-folded, and the folded table's matcher scans it once;
// every occurrence is credited to the filters, list entries and gates it
// stands for, keeping the oldest per stage. The smart rules read only sender
// and body, so they are checked first (for every message: a few hundred
// instructions, also for one stage 1 then allows); a message that a smart rule
// (stage 4) will junk unless an allow filter (stage 1) or a community allow
// list (stage 3) allows it, or that all-unknown (stage 2) will junk unless an
// allow filter allows it, is scanned by the table of the allow side alone. A case-sensitive phrase is looked
// for in the raw text only when its folded form occurred (its gate). Stages then run in
// order and the first that matches decides. Regexes run only when their
// answer can matter: when the message reaches their stage, no older phrase
// filter of that stage already matched, and a literal they need is present
// (RegexStage.swift; UTF-16 for ICU is made once, and only then).
//
// An Evaluator is one worker's state (buffers, regex clones); it is not
// shared between threads. Evaluation never throws. Evaluator+Phrases.swift
// finds and credits occurrences.
#if canImport(Glibc)
import Glibc
#endif
import SiftRules
import SiftText

/// Evaluates messages against a compiled rule set; one per worker thread. The state
/// without `private` is shared with Evaluator+Phrases.swift (occurrences and boundaries).
public final class Evaluator {
    public let rules: CompiledRuleSet
    private let raw = ByteScratch()
    private let folded = ByteScratch()
    /// The matcher's reports in the text being scanned: pattern, end, pattern, end, …
    let found = Scratch<Int32>()
    /// The texts phrases are looked for in: the message's, or their NFC form when
    /// folding saw a code point NFC might change (phrases are compiled in NFC).
    var phraseBody = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
    var phraseSender = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
    private let nfcBody = ByteScratch()
    private let nfcSender = ByteScratch()
    /// The phrase texts are NFC forms that differ from the message's own bytes.
    private var normalized = false

    // Oldest match per stage from the phrase scans (Int32.max: none).
    var allowRank = Int32.max
    var denyRank = Int32.max
    var communityAllowRank = Int32.max
    var communityDenyRank = Int32.max
    private var warning: String?
    /// Per byte of `folded`, the offset in `body + " " + sender` of the scalar it was folded from
    /// (made on demand by `ensureTrace`: for exact phrases in non-ASCII text, and for any phrase
    /// in a text where one scalar folded to several).
    var foldedSources: [Int32] = []
    var traceScratch: [UInt8] = []
    var traceReady = false
    /// The folded text being scanned has a scalar folded to several (ß → ss): an occurrence
    /// must not start or end inside one (`s` is not in `ß`).
    var foldSplits = false
    /// Case-sensitive phrases (indices in the raw table) whose folded form occurs in the folded text.
    var openedRaw: [Int32] = []
    /// The same as bits by index, so that opening one is not a search of `openedRaw`
    /// (tens of thousands of case-sensitive phrases in one text made that quadratic).
    var openedRawBits: [UInt64]
    /// What `Grapheme.isBoundary` counted of a run of flags in the text being scanned.
    var flagRun = Grapheme.FlagRun()
    /// At most this many case-sensitive phrases are searched for one by one; more, and the raw table's matcher runs.
    static let directSearchLimit = 8
    /// The regex filters of stages 1 and 5 (their gates are opened by the phrase scan).
    let regexes: RegexStage
    /// The ids of the regex filters ICU gave up on (other than a time-out), each once; the caller reports them.
    public var regexFailures: [Int] { regexes.failures }
    /// Per regex filter, by rank in `rules.filters`: the messages ICU ran it on so far.
    public var regexRuns: [(filterIndex: Int, runs: Int)] { regexes.runsByFilter }
    /// The smart rules that are on, read once here (a `Set` lookup hashes, per message).
    private let smart: SmartRuleFlags

    // What the stages read of the rule set per message, held so that reading it moves no
    // reference count of an object the workers share: a retain and release per message of
    // a table or string that every worker holds moves its cache line between the cores
    // each time, which cost `--jobs 2` ~8% more CPU than two runs apart (bench/RESULTS.md,
    // "Instructions per record and `--jobs 2`"). The tables are kept alive by `rules`; the reasons are this
    // worker's own copies (a verdict's reason is retained and released per record).
    private let foldedTable: Unmanaged<PhraseTable>?
    private let allowFoldedTable: Unmanaged<PhraseTable>?
    private let rawTable: Unmanaged<PhraseTable>?
    private let filterReasons: [String]
    private let filterFolders: [Folder]
    /// The bytes a body needs for detection to name a blocked language: without any, stage 6
    /// does not detect (the answer could not block it), unless the trace shows the detection.
    private let blockedLeads: LetterLeads
    /// `rules.blockedLanguages` in storage of this worker's own (a lookup retains it).
    private let blockedLanguages: [Language: Int32]

    public init(_ rules: CompiledRuleSet) {
        self.rules = rules
        foldedTable = rules.folded.map { .passUnretained($0) }
        allowFoldedTable = rules.allowFolded.map { .passUnretained($0) }
        rawTable = rules.raw.map { .passUnretained($0) }
        filterReasons = rules.filterReasons.map { String(decoding: Array($0.utf8), as: UTF8.self) }
        filterFolders = rules.filters.map(\.folder)
        blockedLeads = rules.blockedLetterLeads
        blockedLanguages = Dictionary(uniqueKeysWithValues: rules.blockedLanguages.map { ($0.key, $0.value) })
        openedRawBits = [UInt64](repeating: 0, count: ((rules.raw?.lengths.count ?? 0) + 63) / 64)
        regexes = RegexStage(rules)
        smart = SmartRuleFlags(rules)
        let on = rules.communityLanguagesOn.map(\.rawValue)
        communityOn = on.isEmpty ? " (no language on)" : " (\(on.joined(separator: ", ")))"
    }

    /// ` (he, en)`: the languages whose lists the community stages consult, for `--explain`.
    private let communityOn: String

    /// Decides one message. With `explain`, the verdict carries the trace of every stage visited.
    public func evaluate(sender: String, body: String, explain: Bool = false) -> Verdict {
        var senderUTF8 = sender, bodyUTF8 = body
        return senderUTF8.withUTF8 { s in bodyUTF8.withUTF8 { b in evaluate(senderUTF8: s, bodyUTF8: b, explain: explain) } }
    }

    /// Decides one message given as valid UTF-8 (no Strings in).
    public func evaluate(senderUTF8 sender: UnsafeBufferPointer<UInt8>, bodyUTF8 body: UnsafeBufferPointer<UInt8>, explain: Bool = false) -> Verdict {
        let d = run(sender, body, explain: explain)
        return Verdict(action: d.action, stage: d.stage, reason: reason(of: d), warning: warning, ruleKey: d.ruleKey,
                       trace: explain ? trace : [])
    }

    /// Decides one message without making its verdict (the readers' hot path): a Decision holds
    /// nothing reference-counted, where a Verdict's reason and warning Strings are retained and
    /// released as it is copied and dropped. The warning, if any, is `lastWarning`; the reason
    /// is `reason(of:)`.
    public func decide(senderUTF8 sender: UnsafeBufferPointer<UInt8>, bodyUTF8 body: UnsafeBufferPointer<UInt8>) -> Decision {
        run(sender, body, explain: false)
    }

    /// The warning of the message decided last (a regex that timed out), or nil.
    public var lastWarning: String? { warning }

    /// What a verdict reports as the reason of `d` (see `Verdict.reason`).
    public func reason(of d: Decision) -> String? {
        switch d.source {
        case .none: return nil
        case .filter: return filterReasons[Int(d.ruleKey)]
        case .community: return rules.communityEntries[Int(d.ruleKey)].reason
        case .smartRule(let rule): return rule.rawValue
        case .language(let l): return l.rawValue
        }
    }

    /// The trace of the message decided last, when it was explained.
    private var trace: [TraceStep] = []

    private func run(_ sender: UnsafeBufferPointer<UInt8>, _ body: UnsafeBufferPointer<UInt8>, explain: Bool) -> Decision {
        allowRank = .max; denyRank = .max; communityAllowRank = .max; communityDenyRank = .max
        warning = nil
        regexes.start(body: body, sender: sender)
        regexes.explaining = explain
        phraseBody = body
        phraseSender = sender
        normalized = false
        if explain { trace = [] }

        if !openedRaw.isEmpty {
            openedRaw.withUnsafeBufferPointer { opened in
                openedRawBits.withUnsafeMutableBufferPointer { bits in for p in opened { bits[Int(p) >> 6] = 0 } }
            }
        }
        openedRaw.removeAll(keepingCapacity: true)
        // Decided by stage 4 at the latest, unless allowed: only the allow side is looked for.
        // Under all-unknown, stage 2 decides every message stage 1 does not allow: the smart
        // rules and the community allow senders (stage 3) are never reached.
        let smartRule = smart.allUnknown ? nil : smart.firstMatch(sender: sender, body: body)
        let allowSideOnly = smart.allUnknown || smartRule != nil
        let phrases = allowSideOnly ? allowFoldedTable : foldedTable
        var foldedBodyCount = 0
        // Whether folding looked at NFC (then `normalized` says whether NFC changes the text).
        var nfcKnown = false
        if phrases != nil || (!smart.allUnknown && rules.allowSenders.count > 0) || (!allowSideOnly && rules.denySenders.count > 0) {
            nfcKnown = true
            folded.count = 0
            // Exact phrases check letter boundaries on the text itself (folding can turn a letter
            // into a mark — İ → i̇ — or a mark into a letter), so non-ASCII text keeps, per folded
            // byte, the offset of the scalar it came from. ASCII folds byte for byte.
            // The trace is made only when such a phrase occurs, or a phrase where one scalar
            // folded to several (`ensureTrace`).
            traceReady = false
            var bodyFold = CaseFold.append(body, to: folded)
            foldedBodyCount = folded.count
            folded.append(0x20)
            var senderFold = CaseFold.append(sender, to: folded)
            if bodyFold.mayChangeUnderNFC || senderFold.mayChangeUnderNFC
                || rules.needsMarkOrder && !(bodyFold.ascii && senderFold.ascii)
                    && (Normalization.hasMarkRun(utf8: body) || Normalization.hasMarkRun(utf8: sender)) {
                // `cafe` + U+0301 is `café` to the app (Swift Strings compare canonically):
                // look for the phrases, compiled in NFC, in the NFC form of the text.
                nfcBody.count = 0
                nfcSender.count = 0
                Normalization.appendNFC(body, to: nfcBody)
                Normalization.appendNFC(sender, to: nfcSender)
                // Most such texts are in NFC already (a Hebrew point, a Bengali vowel sign):
                // then nothing changes, and the regex gates keep their literals.
                if !(Self.same(nfcBody.bytes, body) && Self.same(nfcSender.bytes, sender)) {
                    phraseBody = nfcBody.bytes
                    phraseSender = nfcSender.bytes
                    normalized = true
                    folded.count = 0
                    bodyFold = CaseFold.append(phraseBody, to: folded)
                    foldedBodyCount = folded.count
                    folded.append(0x20)
                    senderFold = CaseFold.append(phraseSender, to: folded)
                }
            }
            let traced = rules.foldedHasExact && !(bodyFold.ascii && senderFold.ascii)
            if let table = phrases {
                foldSplits = bodyFold.splits || senderFold.splits
                table._withUnsafeGuaranteedRef { scan($0, folded.bytes, bodyCount: foldedBodyCount, tracedToText: traced) }
                foldSplits = false
            }
        }
        // Case-sensitive phrases: only those the folded scan saw folded, each searched for
        // directly when they are few, else all at once by the raw table's matcher.
        if let unmanaged = rawTable, !openedRaw.isEmpty {
            raw.count = 0
            raw.append(phraseBody); raw.append(0x20); raw.append(phraseSender)
            unmanaged._withUnsafeGuaranteedRef { table in
                if openedRaw.count > Self.directSearchLimit {
                    scan(table, raw.bytes, bodyCount: phraseBody.count, tracedToText: false)
                } else {
                    for p in openedRaw { search(table, Int(p), raw.bytes, bodyCount: phraseBody.count) }
                }
            }
        }

        func done(_ action: Action, _ stage: Stage, _ source: Decision.Source, _ key: Int32) -> Decision {
            Decision(action: action, stage: stage, ruleKey: key, source: source)
        }

        // What a stage's regexes ran into (time-outs), for its trace step: the warning's new part.
        /// ` (regex filter 3 ruled out by its literals; regex filter 5 matched by ICU)`: which layer
        /// decided each regex the stage looked at.
        func regexLayers() -> String {
            regexes.layers.isEmpty ? "" : " (" + regexes.layers.joined(separator: "; ") + ")"
        }
        func problems(since before: String?) -> String {
            guard let w = warning, w != before else { return "" }
            return " (" + (before.map { String(w.dropFirst($0.count + 2)) } ?? w) + ", counted as no match)"
        }

        // 1. Allow filters.
        let allowCount = rules.allowFilterCount
        let beforeAllow = warning
        if let rank = regexes.oldestMatch(phraseRank: allowRank, allow: true, allGatesOpen: normalized, warning: &warning) {
            if explain { trace.append(TraceStep(stage: .allowFilter, checked: plural(allowCount, "filter") + regexLayers(), outcome: "match: filter \(rules.filters[Int(rank)].id) \(quoted(filterReasons[Int(rank)]))" + problems(since: beforeAllow))) }
            return done(.allow, .allowFilter, .filter, rank)
        }
        if explain { trace.append(TraceStep(stage: .allowFilter, checked: plural(allowCount, "filter") + regexLayers(), outcome: (allowCount == 0 ? "skipped" : "no match") + problems(since: beforeAllow))) }

        // 2. All unknown.
        if smart.allUnknown {
            if explain { trace.append(TraceStep(stage: .allUnknown, checked: "all-unknown is on", outcome: "match")) }
            return done(.junk, .allUnknown, .smartRule(.allUnknown), 0)
        }
        if explain { trace.append(TraceStep(stage: .allUnknown, checked: "all-unknown is off", outcome: "skipped")) }

        // 3. Community allow lists.
        if rules.allowSenders.count > 0, let r = foldedSender(foldedBodyCount, rules.allowSenders) {
            communityAllowRank = min(communityAllowRank, r)
        }
        if communityAllowRank != .max {
            // Fields read in place: the entry is not copied (nor its strings retained) per message.
            let at = Int(communityAllowRank)
            if explain { trace.append(TraceStep(stage: .automaticAllow, checked: "community allow lists" + communityOn, outcome: "match: \(rules.communityEntries[at].list.rawValue) \(quoted(rules.communityEntries[at].reason))")) }
            return done(.allow, .automaticAllow, .community, communityAllowRank)
        }
        if explain { trace.append(TraceStep(stage: .automaticAllow, checked: "community allow lists" + communityOn, outcome: rules.communityAllowCount == 0 ? "skipped" : "no match")) }

        // 4. Smart rules, in the order of docs/judging.md "Smart rules".
        if let rule = smartRule {
            if explain { trace.append(TraceStep(stage: .smartRule, checked: smart.listing, outcome: smart.outcome(rule, sender: sender))) }
            return done(.junk, .smartRule, .smartRule(rule), Int32(rule.ordinal))
        }
        if explain { trace.append(TraceStep(stage: .smartRule, checked: smart.listing, outcome: smart.outcome(nil, sender: sender))) }

        // 5. Deny filters.
        let denyCount = rules.denyFilterCount
        let beforeDeny = warning
        if let rank = regexes.oldestMatch(phraseRank: denyRank, allow: false, allGatesOpen: normalized, warning: &warning) {
            let folder = filterFolders[Int(rank)]
            if explain { trace.append(TraceStep(stage: .denyFilter, checked: plural(denyCount, "filter") + regexLayers(), outcome: "match: filter \(rules.filters[Int(rank)].id) \(quoted(filterReasons[Int(rank)])) → \(folder.rawValue)" + problems(since: beforeDeny))) }
            return done(folder.action, .denyFilter, .filter, rank)
        }
        if explain { trace.append(TraceStep(stage: .denyFilter, checked: plural(denyCount, "filter") + regexLayers(), outcome: (denyCount == 0 ? "skipped" : "no match") + problems(since: beforeDeny))) }

        // 6. Blocked languages.
        if rules.detectsLanguage {
            // Letters are read in NFC, as phrases are: `a` + U+0300 is `à` to the word model.
            var text = normalized ? phraseBody : body
            if !nfcKnown && Normalization.mayChange(utf8: body) {
                nfcBody.count = 0
                Normalization.appendNFC(body, to: nfcBody)
                text = nfcBody.bytes
            }
            let detection = explain || blockedLeads.mayName(text) ? LanguageDetector.detect(utf8: text)
                : LanguageDetection(language: nil, scores: [], letters: 0)
            if let l = detection.language, let rank = blockedLanguages[l] {
                let folder = filterFolders[Int(rank)]
                if explain { trace.append(TraceStep(stage: .denyLanguage, checked: describe(detection), outcome: "match: \(l.rawValue) → \(folder.rawValue)")) }
                return done(folder.action, .denyLanguage, .language(l), rank)
            }
            // Undetermined between two languages both blocked (`你有兄弟`, Simplified or
            // Traditional): blocked by the older of the two filters.
            if detection.language == nil, let (l, rank) = everyBlocked(detection.eitherOf) {
                let folder = filterFolders[Int(rank)]
                if explain {
                    let both = detection.eitherOf.map(\.rawValue).joined(separator: " or ")
                    trace.append(TraceStep(stage: .denyLanguage, checked: describe(detection), outcome: "match: \(both), both blocked; \(l.rawValue)'s filter is the older → \(folder.rawValue)"))
                }
                return done(folder.action, .denyLanguage, .language(l), rank)
            }
            if explain {
                let blocked = Language.allCases.filter { rules.blockedLanguages[$0] != nil }.map(\.rawValue).joined(separator: ", ")
                trace.append(TraceStep(stage: .denyLanguage, checked: describe(detection), outcome: "no match (blocked: \(blocked))"))
            }
        } else if explain {
            trace.append(TraceStep(stage: .denyLanguage, checked: "no language blocked", outcome: "skipped"))
        }

        // 7. Community deny lists.
        if rules.denySenders.count > 0, let r = foldedSender(foldedBodyCount, rules.denySenders) {
            communityDenyRank = min(communityDenyRank, r)
        }
        if communityDenyRank != .max {
            let at = Int(communityDenyRank)
            if explain { trace.append(TraceStep(stage: .automaticDeny, checked: "community deny lists" + communityOn, outcome: "match: \(rules.communityEntries[at].list.rawValue) \(quoted(rules.communityEntries[at].reason))")) }
            return done(.junk, .automaticDeny, .community, communityDenyRank)
        }
        if explain { trace.append(TraceStep(stage: .automaticDeny, checked: "community deny lists" + communityOn, outcome: rules.communityDenyCount == 0 ? "skipped" : "no match")) }

        // 8. Nothing matched.
        if explain { trace.append(TraceStep(stage: .noMatch, checked: "", outcome: "allow")) }
        return done(.allow, .noMatch, .none, -1)
    }

    /// When every one of `languages` (none, or a detection's `eitherOf`) is blocked, the one
    /// whose filter is the older, and that filter's rank.
    private func everyBlocked(_ languages: [Language]) -> (Language, Int32)? {
        var oldest: (Language, Int32)?
        for l in languages {
            guard let rank = blockedLanguages[l] else { return nil }
            if oldest == nil || rank < oldest!.1 { oldest = (l, rank) }
        }
        return oldest
    }

    /// Looks the folded sender (the part of `folded` after the body and the separator) up in `table`.
    private func foldedSender(_ foldedBodyCount: Int, _ table: ByteKeyTable) -> Int32? {
        table.value(UnsafeBufferPointer(rebasing: folded.bytes[(foldedBodyCount + 1)...]))
    }

    private func describe(_ d: LanguageDetection) -> String {
        var ranked = d.scores.prefix(2).map { ($0.language.rawValue, $0.score) }
        if let other = d.otherLanguageScore {
            // "Another Latin-script language" took part in the decision: show where it stands.
            ranked.append(("another language", other))
            ranked.sort { $0.1 > $1.1 }
        }
        let evidence = ranked.map { "\($0.0) \(LanguageScore.shown($0.1))" }.joined(separator: ", ")
        let name = d.language?.rawValue ?? "undetermined"
        // Why no language was named, when none was: the scores alone may seem to name one.
        let why = d.language == nil ? d.undetermined?.description : nil
        let inside = [evidence.isEmpty ? nil : evidence, why].compactMap { $0 }.joined(separator: "; ")
        return inside.isEmpty ? "language \(name)" : "language \(name) (\(inside))"
    }
}

func plural(_ n: Int, _ word: String) -> String { n == 1 ? "1 \(word)" : "\(n) \(word)s" }

