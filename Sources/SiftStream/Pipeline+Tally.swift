// The workers' side of counting runs (`RunMode.evaluate`, `.compare`): each record
// is read and decided as `classify` decides it, and counted (Tally.swift) instead of
// formatted. Nothing is written; the writer merges the batches' counts in input order.
import SiftEngine
import SiftRules
import SiftInput
import SiftOutput

extension Worker {
    /// Reads, decides and counts one batch.
    func count(_ batch: Batch) -> BatchResult {
        var result = BatchResult(sequence: batch.sequence)
        result.recordEnds = Array(repeating: 0, count: batch.records.count)
        batch.data.withUnsafeBufferPointer { data in
            for (index, r) in batch.records.enumerated() {
                let bytes = UnsafeBufferPointer(rebasing: data[r.start..<r.end])
                switch read(r, index, of: batch, bytes) {
                case .failure(let e):
                    _ = countUnreadable(e, r, index, of: batch, into: &result)
                case .success(let m):
                    func place() -> RecordPlace { RecordPlace(number: r.number, source: batch.source, line: r.line) }
                    countAbsentFields(m, place, into: &result.stats)
                    fieldBytes.withUnsafeMutableBufferPointer { fields in
                        let f = UnsafeBufferPointer(fields)
                        let sender = m.sender(bytes, f), body = m.body(bytes, f)
                        if body.isEmpty && !m.bodyMissing && !m.bodyNull { result.stats.emptyBody.add(place()) }
                        let d = evaluator.decide(senderUTF8: sender, bodyUTF8: body)
                        result.stats.count(d, warned: evaluator.lastWarning != nil)
                        func example(_ rule: RuleRef, label: String?, content: Bool) -> TallyExample {
                            TallyExample(record: r.number, idJSON: m.idJSON(bytes, f).map { String(decoding: $0, as: UTF8.self) }, rule: rule,
                                         label: label, sender: content ? String(decoding: sender, as: UTF8.self) : nil,
                                         body: content ? String(decoding: body, as: UTF8.self) : nil)
                        }
                        switch mode {
                        case .classify:
                            break
                        case .evaluate(let spec):
                            guard let label = m.label(bytes, f) else { result.eval.unlabelled += 1; return }
                            let spam = spec.isSpam(label)
                            result.eval.count(d, spam: spam)
                            let filtered = d.action != .allow
                            if filtered && !spam && result.eval.falsePositiveExamples.count < spec.falsePositiveExamples
                                || !filtered && spam && result.eval.falseNegativeExamples.count < spec.falseNegativeExamples {
                                let e = example(RuleRef(stage: d.stage, key: d.ruleKey), label: String(decoding: label, as: UTF8.self), content: true)
                                if filtered { result.eval.falsePositiveExamples.append(e) } else { result.eval.falseNegativeExamples.append(e) }
                            }
                        case .compare(_, let limit, _):
                            // Matched by no filter of one set alone: the same verdict under both.
                            if let probe, probe.decide(senderUTF8: sender, bodyUTF8: body).stage == .noMatch { return }
                            let second = after!
                            let d2 = second.decide(senderUTF8: sender, bodyUTF8: body)
                            if Self.same(d, evaluator.rules, d2, second.rules) { return }
                            result.diff.changed += 1
                            let t = DiffTally.Transition(before: RuleRef(stage: d.stage, key: d.ruleKey), after: RuleRef(stage: d2.stage, key: d2.ruleKey))
                            var n = result.diff.transitions[t] ?? (0, [])
                            n.count += 1
                            if n.examples.count < limit { n.examples.append(example(t.before, label: nil, content: false)) }
                            result.diff.transitions[t] = n
                        }
                    }
                }
            }
        }
        result.eval.settle()
        return result
    }

    /// Whether two decisions, each of its own rule set, are the same verdict: action, stage and reason.
    static func same(_ a: Decision, _ ra: CompiledRuleSet, _ b: Decision, _ rb: CompiledRuleSet) -> Bool {
        guard a.action == b.action && a.stage == b.stage else { return false }
        switch a.stage {
        case .noMatch: return true
        case .allUnknown, .smartRule: return a.ruleKey == b.ruleKey
        case .allowFilter, .denyFilter, .denyLanguage: return ra.filterReasons[Int(a.ruleKey)] == rb.filterReasons[Int(b.ruleKey)]
        case .automaticAllow, .automaticDeny:
            let x = ra.communityEntries[Int(a.ruleKey)], y = rb.communityEntries[Int(b.ruleKey)]
            return x.language == y.language && x.text == y.text
        }
    }
}
