// The writers: one verdict, error record or annotated record, appended as
// bytes to a batch's output buffer. The verdict wire format is documented in
// README.md ("Output"); this file is its one implementation.
import SiftEngine
import SiftInput
import SiftRules
import SiftText

/// Formats records for one output format; one per worker (holds no shared state).
package struct RecordFormatter {
    let options: StreamOptions
    /// `,"action":"…","stage":"…"` for every action and stage, by `Self.headIndex`.
    private let verdictHeads: [[UInt8]]
    /// The members of the verdicts written so far (NDJSON, no warning, no trace).
    private let members = MemberCache()
    /// A decision's line, put together before it goes to the output in one append (each
    /// `Array.append` checks the array's uniqueness and room: ~95 instructions).
    private let line = ByteScratch(capacity: 256)

    package init(options: StreamOptions) {
        self.options = options
        var heads: [[UInt8]] = []
        for a in Action.allCases {
            for s in Stage.allCases {
                assert(heads.count == Self.headIndex(a, s))
                heads.append(Array(",\"action\":\"\(a.rawValue)\",\"stage\":\"\(s.rawValue)\"".utf8))
            }
        }
        verdictHeads = heads
    }

    @inline(__always)
    private static func headIndex(_ a: Action, _ s: Stage) -> Int { a.ordinal &* 8 &+ s.ordinal }     // 8 stages

    /// The input columns an annotated CSV record leaves out, from its header: those named
    /// like what the annotation adds (`verdict` to an object; `action`, `stage`, `reason`,
    /// `warning`, `trace` to a row), so annotating an annotated file again gives one
    /// verdict, not two. Writing objects, a header with all four verdict columns is an
    /// earlier annotation: they go too. The sender, body and id columns always stay.
    static func replacedColumns(_ names: [String], _ options: StreamOptions) -> Set<String> {
        options.columnsReplacedByAnnotation(names)
    }

    /// The first line of CSV/TSV output (nil for NDJSON). `inputColumns` are
    /// the input header's kept names when annotating CSV input.
    package static func header(_ options: StreamOptions, inputColumns: [String]?) -> [UInt8]? {
        var names: [String]
        switch options.outputFormat {
        case .ndjson: return nil
        case .csv, .tsv:
            names = options.annotate ? (inputColumns ?? []) : ["record", "id"]
            names += ["action", "stage", "reason", "warning"]
            if options.explain { names.append("trace") }
        }
        var out: [UInt8] = []
        appendRow(names, options.outputFormat, to: &out)
        return out
    }

    private static func appendRow(_ fields: [String], _ format: OutputFormat, to out: inout [UInt8]) {
        for (i, f) in fields.enumerated() {
            if i > 0 { out.append(format == .tsv ? 0x09 : 0x2C) }
            if format == .tsv { FieldEscape.appendTSV(f, to: &out) } else { FieldEscape.appendCSV(f, to: &out) }
        }
        out.append(0x0A)
    }

    // MARK: Verdicts

    /// A verdict line: `{"record":N,"id":…,"action":…,"stage":…,"reason":…}` or its CSV/TSV row.
    package func appendVerdict(record: Int, idJSON: UnsafeBufferPointer<UInt8>?, verdict v: Verdict, to out: inout [UInt8]) {
        switch options.outputFormat {
        case .ndjson:
            Self.appendHead(record: record, withID: idJSON != nil, to: &out)
            if let id = idJSON { out.append(contentsOf: id) }
            if v.warning == nil && !options.explain {
                appendCachedMembers(v, to: &out)            // with the closing `}` and newline
            } else {
                appendVerdictMembers(v, to: &out)
                out.append(0x7D); out.append(0x0A)
            }
        case .csv, .tsv:
            var row = [String(record), idJSON.map { JSONText.decodeToken(String(decoding: $0, as: UTF8.self)) } ?? ""]
            row += verdictColumns(v)
            Self.appendRow(row, options.outputFormat, to: &out)
        }
    }

    /// `appendVerdict` for a decision, NDJSON without a trace (the hot path): the members come
    /// from the bytes written for the same action, stage and rule before; they follow from
    /// those (a rule's reason is fixed for a run), so no reason is made or compared. A decision
    /// with a warning, or one whose bytes are not kept, is written from its verdict, with
    /// `reason` (asked only then) and `warning` the evaluator gave.
    package func appendDecision(record: Int, idJSON: UnsafeBufferPointer<UInt8>?, _ d: Decision, warning: String?,
                                reason: () -> String?, to out: inout [UInt8]) {
        func verdict() -> Verdict {
            Verdict(action: d.action, stage: d.stage, reason: reason(), warning: warning, ruleKey: d.ruleKey)
        }
        guard warning == nil else { return appendVerdict(record: record, idJSON: idJSON, verdict: verdict(), to: &out) }
        let head = Self.headIndex(d.action, d.stage), slot = Int(d.ruleKey) &+ 1
        if slot >= 0 && slot < members.entries[head].count {
            let range = members.entries[head][slot].range
            if !range.isEmpty {
                // The member bytes taken in place from the cache's array (mutating access: a
                // closure reading it retained and released the line scratch per record).
                line.count = 0
                Self.writeHead(record: record, withID: idJSON != nil, to: line)
                if let id = idJSON { line.append(id) }
                members.bytes.withUnsafeMutableBufferPointer { line.append(UnsafeBufferPointer(rebasing: $0[range])) }
                out.append(contentsOf: line.bytes)
                return
            }
        }
        Self.appendHead(record: record, withID: idJSON != nil, to: &out)
        if let id = idJSON { out.append(contentsOf: id) }
        appendCachedMembers(verdict(), to: &out)
    }

    /// `{"record":N` and `,"id":` when an id follows, written at the end of `line`.
    @inline(__always)
    static func writeHead(record: Int, withID: Bool, to line: ByteScratch) {
        line.count += headBytes(record: record, withID: withID, into: line.reserve(48))
    }

    /// `{"record":N` and `,"id":` when an id follows, put together on the stack and appended
    /// at once: a verdict line is five appends to the batch's output otherwise, each checking
    /// the array's uniqueness and room (~90 instructions).
    @inline(__always)
    static func appendHead(record: Int, withID: Bool, to out: inout [UInt8]) {
        var bytes: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0)
        withUnsafeMutableBytes(of: &bytes) { buf in
            let w = headBytes(record: record, withID: withID, into: buf.baseAddress!.assumingMemoryBound(to: UInt8.self))
            out.append(contentsOf: UnsafeRawBufferPointer(rebasing: buf[..<w]))
        }
    }

    /// Writes `{"record":N` (and `,"id":`) at `p`, which has room for 48 bytes; returns the count.
    @inline(__always)
    static func headBytes(record: Int, withID: Bool, into p: UnsafeMutablePointer<UInt8>) -> Int {
        var w = 0
        for b in "{\"record\":".utf8 { p[w] = b; w += 1 }
        w += writeDecimal(record, into: p + w)
        if withID { for b in ",\"id\":".utf8 { p[w] = b; w += 1 } }
        return w
    }

    /// `appendVerdictMembers` for a verdict with no warning and no trace, from the bytes
    /// written for the last verdict of the same action, stage and rule with the same reason
    /// (a reason follows from the stage and rule; it is compared all the same, and is most
    /// often the very same string): a reason is escaped once per worker, not per record.
    /// The bytes end the line (`}` and the newline), in the same append.
    private func appendCachedMembers(_ v: Verdict, to out: inout [UInt8]) {
        let head = Self.headIndex(v.action, v.stage), slot = Int(v.ruleKey) &+ 1     // rule keys start at -1
        guard slot >= 0 && slot < MemberCache.slotLimit else {
            appendVerdictMembers(v, to: &out)
            out.append(0x7D); out.append(0x0A)
            return
        }
        if slot < members.entries[head].count {
            let e = members.entries[head][slot]
            if !e.range.isEmpty && e.reason == v.reason {
                members.bytes.withUnsafeBufferPointer { out.append(contentsOf: UnsafeBufferPointer(rebasing: $0[e.range])) }
                return
            }
        }
        let mark = out.count
        appendVerdictMembers(v, to: &out)
        out.append(0x7D); out.append(0x0A)
        guard members.bytes.count + (out.count - mark) <= MemberCache.byteLimit else { return }
        let start = members.bytes.count
        members.bytes.append(contentsOf: out[mark...])
        if slot >= members.entries[head].count {
            members.entries[head] += repeatElement(MemberCache.Entry(reason: nil, range: 0..<0), count: slot + 1 - members.entries[head].count)
        }
        members.entries[head][slot] = MemberCache.Entry(reason: v.reason, range: start..<members.bytes.count)
    }

    /// `,"action":…,"stage":…[,"reason":…][,"warning":…][,"trace":[…]]`
    private func appendVerdictMembers(_ v: Verdict, to out: inout [UInt8]) {
        out.append(contentsOf: verdictHeads[Self.headIndex(v.action, v.stage)])
        if let reason = v.reason {
            appendASCII(",\"reason\":", &out)
            JSONEscape.appendQuoted(reason, to: &out)
        }
        if let w = v.warning {
            appendASCII(",\"warning\":", &out)
            JSONEscape.appendQuoted(w, to: &out)
        }
        if options.explain {
            appendASCII(",\"trace\":[", &out)
            for (i, step) in v.trace.enumerated() {
                if i > 0 { out.append(0x2C) }
                appendASCII("{\"stage\":\"", &out)
                out.append(contentsOf: step.stage.rawValue.utf8)
                appendASCII("\",\"checked\":", &out)
                JSONEscape.appendQuoted(step.checked, to: &out)
                appendASCII(",\"outcome\":", &out)
                JSONEscape.appendQuoted(step.outcome, to: &out)
                out.append(0x7D)
            }
            out.append(0x5D)
        }
    }

    private func verdictColumns(_ v: Verdict) -> [String] {
        var cols = [v.action.rawValue, v.stage.rawValue, v.reason ?? "", v.warning ?? ""]
        if options.explain {
            cols.append(v.trace.map { "\($0.stage.rawValue): \($0.checked.isEmpty ? "" : $0.checked + " → ")\($0.outcome)" }.joined(separator: "; "))
        }
        return cols
    }

    // MARK: Annotation

    /// The NDJSON input object with `"verdict":{…}` spliced in before its closing brace.
    /// A `verdict` member the object already has (an earlier run's annotation) is left out,
    /// with its separator, so the object has one.
    package func appendAnnotated(line: UnsafeBufferPointer<UInt8>, closingBrace: Int, isEmpty: Bool, hasVerdict: Bool, verdict v: Verdict, to out: inout [UInt8]) {
        var isEmpty = isEmpty
        // A BOM the reader accepted before the object (on any line) is not written back.
        let from = NDJSONRecord.hasBOM(line) ? 3 : 0
        if hasVerdict, let members = NDJSONRecord.members(line) {
            // Kept members with the separators before them (the first kept one without).
            out.append(contentsOf: UnsafeBufferPointer(rebasing: line[from..<members[0].range.lowerBound]))
            var wroteOne = false
            for (k, m) in members.enumerated() where m.name != NDJSONRecord.verdictKey {
                let from = wroteOne ? members[k - 1].range.upperBound : m.range.lowerBound
                out.append(contentsOf: UnsafeBufferPointer(rebasing: line[from..<m.range.upperBound]))
                wroteOne = true
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: line[members[members.count - 1].range.upperBound..<closingBrace]))
            isEmpty = !wroteOne
        } else {
            out.append(contentsOf: UnsafeBufferPointer(rebasing: line[from..<closingBrace]))
        }
        appendASCII(isEmpty ? "\"verdict\":{" : ",\"verdict\":{", &out)
        var members: [UInt8] = []
        appendVerdictMembers(v, to: &members)
        out.append(contentsOf: members.dropFirst())   // drop the leading comma
        appendASCII("}}\n", &out)
    }

    /// A CSV input row, annotated: as an object (NDJSON output) or the row plus verdict
    /// columns; columns the annotation replaces (`header.keptColumns`) are left out.
    package func appendAnnotated(header: CSVHeader, values: [String], verdict v: Verdict, to out: inout [UInt8]) {
        let kept = header.keptColumns
        switch options.outputFormat {
        case .ndjson:
            out.append(0x7B)
            for (k, i) in kept.enumerated() {
                if k > 0 { out.append(0x2C) }
                JSONEscape.appendQuoted(header.names[i], to: &out)
                out.append(0x3A)
                JSONEscape.appendQuoted(i < values.count ? values[i] : "", to: &out)
            }
            appendASCII(kept.isEmpty ? "\"verdict\":{" : ",\"verdict\":{", &out)
            var members: [UInt8] = []
            appendVerdictMembers(v, to: &members)
            out.append(contentsOf: members.dropFirst())
            appendASCII("}}\n", &out)
        case .csv, .tsv:
            let row = kept.count == values.count ? values : kept.map { $0 < values.count ? values[$0] : "" }
            Self.appendRow(row + verdictColumns(v), options.outputFormat, to: &out)
        }
    }

    // MARK: Errors

    /// `{"record":N,"error":"…","raw":"…"}`, or a row with stage `error` and the message as reason.
    package func appendError(record: Int, message: String, raw: UnsafeBufferPointer<UInt8>, annotateWidth: Int?, to out: inout [UInt8]) {
        switch options.outputFormat {
        case .ndjson:
            appendASCII("{\"record\":", &out)
            appendDecimal(record, &out)
            appendASCII(",\"error\":", &out)
            JSONEscape.appendQuoted(message, to: &out)
            appendASCII(",\"raw\":", &out)
            JSONEscape.appendQuotedRaw(raw, to: &out)
            appendASCII("}\n", &out)
        case .csv, .tsv:
            var row: [String]
            if let width = annotateWidth {
                row = Array(repeating: "", count: width)
            } else {
                row = [String(record), ""]
            }
            row += ["", "error", message, ""]
            if options.explain { row.append("") }
            Self.appendRow(row, options.outputFormat, to: &out)
        }
    }
}

/// Decoding of a JSON token to plain text (for ids written into CSV/TSV).
enum JSONText {
    /// A JSON string token decoded, or any other token (a number) as written.
    static func decodeToken(_ token: String) -> String {
        guard token.hasPrefix("\"") && token.hasSuffix("\"") && token.count >= 2 else { return token }
        let inner = Array(token.utf8.dropFirst().dropLast())
        if !inner.contains(0x5C) { return String(decoding: inner, as: UTF8.self) }
        var scalars = String.UnicodeScalarView()
        var bytes: [UInt8] = []
        var i = 0
        func flush() {
            if !bytes.isEmpty { scalars.append(contentsOf: String(decoding: bytes, as: UTF8.self).unicodeScalars); bytes.removeAll() }
        }
        func hex4(_ at: Int) -> UInt32? { inner.withUnsafeBufferPointer { JSONHex.quad($0.baseAddress!, at: at, end: $0.count) } }
        while i < inner.count {
            let b = inner[i]
            if b != 0x5C || i + 1 >= inner.count { bytes.append(b); i += 1; continue }
            flush()
            let e = inner[i + 1]
            i += 2
            switch e {
            case 0x6E: scalars.append("\n")
            case 0x74: scalars.append("\t")
            case 0x72: scalars.append("\r")
            case 0x62: scalars.append("\u{8}")
            case 0x66: scalars.append("\u{C}")
            case 0x75:
                guard var v = hex4(i) else { continue }
                i += 4
                if v >= 0xD800 && v < 0xDC00, i + 6 <= inner.count, inner[i] == 0x5C, inner[i + 1] == 0x75, let lo = hex4(i + 2), lo >= 0xDC00 && lo < 0xE000 {
                    v = 0x10000 + ((v - 0xD800) << 10) + (lo - 0xDC00)
                    i += 6
                }
                scalars.append(Unicode.Scalar(v) ?? "\u{FFFD}")
            default: scalars.append(Unicode.Scalar(e))
            }
        }
        flush()
        return String(scalars)
    }
}

/// A worker's `appendCachedMembers` memory: by action and stage (`headIndex`), then by rule
/// key + 1, the reason and the bytes written for it (an empty range: none yet). Bounded:
/// rule keys past `slotLimit` (community entries of long lists: arrays that long took
/// 1.6 MB per worker at 50,000 entries), and verdicts past `byteLimit` bytes in all, are
/// not kept but written each time.
private final class MemberCache {
    struct Entry {
        var reason: String?
        var range: Range<Int>
    }
    static let slotLimit = 1 << 12
    static let byteLimit = 4 << 20
    var entries = [[Entry]](repeating: [], count: 32)     // 4 actions × 8 stages
    var bytes: [UInt8] = []
}
