// The NDJSON half of the reader (Reader.swift has the input loop and batching,
// Reader+CSV.swift the CSV half): how an input's first bytes say what it is (NDJSON,
// a JSON array, lines ended by CR alone), and lines cut into records.
#if canImport(Glibc)
import Glibc
#endif

extension RecordReader {
    // MARK: Input shapes

    /// How much of an input its shape checks read before they decide on what they have.
    static let shapeWindow = 64 << 10

    /// Whether the `[` at `at` opens a JSON array: what follows it (after blanks) can
    /// start a JSON value or close the array (`[Date],[Sender]` is a CSV header); nil
    /// when that is not read yet.
    static func startsJSONArray(_ w: [UInt8], at: Int, final: Bool) -> Bool? {
        var i = at + 1
        while i < w.count && (w[i] == 0x20 || w[i] == 0x09 || w[i] == 0x0A || w[i] == 0x0D) { i += 1 }
        if i + 5 > w.count && !final && w.count < shapeWindow { return nil }     // "false" needs five bytes
        guard i < w.count else { return true }
        switch w[i] {
        case UInt8(ascii: "{"), UInt8(ascii: "["), UInt8(ascii: "\""), UInt8(ascii: "]"), UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        default:
            return ["true", "false", "null"].contains { w[i...].starts(with: $0.utf8) }
        }
    }

    /// The first bytes of every SQLite 3 database file.
    static let sqliteHeader = Array("SQLite format 3\0".utf8)

    /// Finds a phone archive by its first bytes: the SQLite header (a Messages database),
    /// or, under `--format sms-backup-xml`, the `<` XML starts with (auto mode finds XML
    /// where it finds NDJSON's `{`). Sets `s.archive`, or `s.problem` when the input is not
    /// what `--format` names. True when the input is to be read as lines; false while more
    /// bytes are needed to tell, or once it is decided here.
    func findArchive(_ s: inout SourceState, final: Bool) -> Bool {
        let header = Self.sqliteHeader
        switch options.inputFormat {
        case .ndjson, .csv:
            return true
        case .auto:
            if s.work.count < header.count && !final && header.starts(with: s.work) { return false }
            if s.work.starts(with: header) { s.archive = .chatDB; return false }
            return true
        case .chatDB:
            if s.work.count < header.count && !final { return false }
            if s.work.starts(with: header) {
                s.archive = .chatDB
            } else {
                s.problem = .notChatDB(source: s.name)
            }
            return false
        case .smsBackupXML:
            // Blank space before the XML is dropped, its lines counted (libxml2 numbers lines from where it starts).
            guard let first = s.work.firstIndex(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }) else {
                if final { s.problem = .notSMSBackupXML(source: s.name, empty: true) }
                s.dropCountingLines(s.work.count)
                return false
            }
            if s.work[first] == UInt8(ascii: "<") {
                s.dropCountingLines(first)
                s.archive = .smsBackupXML
            } else {
                s.problem = .notSMSBackupXML(source: s.name, empty: false)
            }
            return false
        }
    }

    enum NDJSONShape { case lines, prettyPrinted, carriageReturns, unknownYet }

    /// What the start of an NDJSON input looks like, from its first two lines (or the
    /// first `shapeWindow` bytes): a first line that ends where a JSON value cannot
    /// (after `{`, `[`, `,` or `:`: what `jq .` and `json.dump(indent=)` write) followed
    /// by a line that is no object of its own; or objects on one line that CRs alone
    /// separate (classic Mac line ends). Neither has a record per line. A first line cut
    /// short (a log whose start is lost) followed by whole objects is read as records.
    static func ndjsonShape(_ w: [UInt8], final: Bool) -> NDJSONShape {
        func blank(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0D }
        guard let open = w.firstIndex(where: { !blank($0) && $0 != 0x0A }), w[open] == UInt8(ascii: "{") else { return .lines }
        let enough = final || w.count >= shapeWindow
        guard let lineEnd = w[open...].firstIndex(of: 0x0A) else {
            if !enough { return .unknownYet }
            return Self.crSeparated(w[open...]) ? .carriageReturns : .lines
        }
        if Self.crSeparated(w[open..<lineEnd]) { return .carriageReturns }
        var last = lineEnd
        while last > open && blank(w[last - 1]) { last -= 1 }
        guard last > open, [UInt8(ascii: "{"), UInt8(ascii: "["), UInt8(ascii: ","), UInt8(ascii: ":")].contains(w[last - 1]) else { return .lines }
        // The value goes on: on the next line that is not blank, unless that line is an object of its own.
        var i = lineEnd + 1
        while i < w.count && (blank(w[i]) || w[i] == 0x0A) { i += 1 }
        if i == w.count { return enough ? .prettyPrinted : .unknownYet }
        return w[i] == UInt8(ascii: "{") ? .lines : .prettyPrinted
    }

    /// `}`, then blanks around one or more CRs, then `{`: objects that CRs alone separate.
    static func crSeparated(_ line: ArraySlice<UInt8>) -> Bool {
        var k = line.startIndex
        while let close = line[k...].firstIndex(of: UInt8(ascii: "}")) {
            var j = close + 1, sawCR = false
            while j < line.endIndex && (line[j] == 0x20 || line[j] == 0x09 || line[j] == 0x0D) {
                if line[j] == 0x0D { sawCR = true }
                j += 1
            }
            if sawCR && j < line.endIndex && line[j] == UInt8(ascii: "{") { return true }
            k = close + 1
        }
        return false
    }

    // MARK: NDJSON

    func processNDJSON(_ s: inout SourceState, final: Bool) {
        var consumed = 0
        let limit = options.maxRecordBytes
        s.work.withUnsafeBufferPointer { buf in
            let n = buf.count
            var i = 0
            if s.skippingLongRecord {
                guard let nl = memchrIndex(buf, 0x0A, from: 0) else { consumed = n; return }
                s.skippingLongRecord = false
                s.line += 1
                i = nl + 1
            }
            while i < n {
                guard let nl = memchrIndex(buf, 0x0A, from: max(i, s.newlineFree)) else { break }
                var end = nl
                if end > i && buf[end - 1] == 0x0D { end -= 1 }
                addLine(&s, buf, i, end, limit: limit)
                s.line += 1
                i = nl + 1
            }
            consumed = i
            let rest = n - i
            if rest > 0 && final {
                var end = n
                if buf[end - 1] == 0x0D { end -= 1 }
                addLine(&s, buf, i, end, limit: limit)
                consumed = n
            } else if rest - (rest > 0 && buf[n - 1] == 0x0D ? 1 : 0) > max(limit, Self.keptPrefix) {
                // Past the limit and past what an error record keeps: report it now. (Under
                // keptPrefix, wait for its end, so raw never depends on how reads split it.)
                // A CR at the very end is not counted: it may be half of a CRLF whose LF is
                // not read yet, the line end's (a line exactly as long as the limit is not
                // over it, wherever reads end).
                addTooLong(&s, buf, i, n)
                s.skippingLongRecord = true
                consumed = n
            }
        }
        flushSharedWork(&s)
        if consumed > 0 {
            // The batches share the old storage: what is left (the start of a line) goes to a
            // new one (dropping the lines read from the shared storage would copy it all); the
            // next read makes its own buffer after it (`read`).
            s.work = Array(s.work[consumed...])
            if s.workOffset >= 0 { s.workOffset += consumed }
        }
        // What is left is the end of a line with no newline yet, searched to its end.
        s.newlineFree = s.work.count
    }

    func addLine(_ s: inout SourceState, _ buf: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, limit: Int) {
        let line = UnsafeBufferPointer(rebasing: buf[start..<end])
        if NDJSONRecord.isBlank(line) { return }
        if end - start > limit { addTooLong(&s, buf, start, end); return }
        addInPlace(&s, start, end)
    }
}
