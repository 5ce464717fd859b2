// A JSON array of objects read as records: `[{"sender":…,"body":…}, …]`. Each
// element is one record, numbered by its position, that the workers parse as
// they parse an NDJSON line (an element that is not an object is an error
// record, as such a line is). The array is streamed: the reader keeps the
// element being read (up to --max-record-bytes, then only its first bytes),
// never the array, so a multi-GB array runs in the memory NDJSON does.
//
// The scan finds where each element ends (brackets and braces counted outside
// strings, a bare value ending at `,`, `]` or a blank) and checks only what is
// between elements: `,` after each, `]` at the end, nothing after that but
// blank space. What an element holds is the record parser's to judge.
#if canImport(Glibc)
import Glibc
#endif

extension RecordReader {
    /// Where the scan of a JSON array stands.
    struct JSONArrayScan {
        enum Phase {
            /// Before an element (after `[` or `,`).
            case value
            /// Inside an element.
            case element
            /// After an element: `,` or `]` comes next.
            case afterValue
            /// After the closing `]`.
            case end
        }
        var phase = Phase.value
        /// Right after `[`: a `]` closes an empty array.
        var afterOpen = true
        /// Brackets and braces open in the element, and whether the scan is inside a string there.
        var depth = 0
        var inString = false
        /// The element's first byte, as an offset in `work`.
        var start = 0
        /// How far `work` was scanned, and up to where its lines are counted.
        var scanned = 0
        var linesAt = 0
        /// The element is over --max-record-bytes, reported already: its bytes are let go.
        var skipping = false
        /// Elements read so far.
        var elements = 0
    }

    /// The `[` at `work[first]` opens a JSON array: records are its elements from here on.
    func startJSONArray(_ s: inout SourceState, at first: Int) {
        s.dropCountingLines(first + 1)
        s.format = .ndjson
        s.jsonArray = JSONArrayScan()
    }

    func processJSONArray(_ s: inout SourceState, final: Bool) {
        guard var a = s.jsonArray else { return }
        let limit = options.maxRecordBytes
        var broken: (byte: UInt8, JSONArrayBreak)?
        var dropped = 0
        s.work.withUnsafeBufferPointer { buf in
            guard let p = buf.baseAddress else { return }
            let n = buf.count
            var i = a.scanned
            func countLines(to k: Int) {
                s.line += countNewlines(buf, a.linesAt, k)
                a.linesAt = k
            }
            func finish(at end: Int) {
                if a.skipping {
                    a.skipping = false
                } else if end - a.start > limit {
                    addTooLong(&s, buf, a.start, end)
                } else {
                    addElement(&s, UnsafeBufferPointer(rebasing: buf[a.start..<end]))
                }
                a.elements += 1
                a.phase = .afterValue
            }
            scan: while i < n {
                let b = p[i]
                switch a.phase {
                case .value, .afterValue, .end:
                    if b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D { i += 1; continue }
                    if a.phase == .afterValue {
                        if b == UInt8(ascii: ",") { a.phase = .value; a.afterOpen = false; i += 1; continue }
                        if b == UInt8(ascii: "]") { a.phase = .end; i += 1; continue }
                        countLines(to: i)
                        broken = (b, .afterElement(a.elements))
                        break scan
                    }
                    if a.phase == .end {
                        countLines(to: i)
                        broken = (b, .afterClose)
                        break scan
                    }
                    if b == UInt8(ascii: "]") && a.afterOpen { a.phase = .end; i += 1; continue }
                    if b == UInt8(ascii: ",") || b == UInt8(ascii: "]") {
                        countLines(to: i)
                        broken = (b, .elementStart(a.elements + 1))
                        break scan
                    }
                    countLines(to: i)
                    a.start = i
                    a.phase = .element
                    a.depth = 0
                    a.inString = false
                case .element:
                    if a.inString {
                        // A string's end or escape, a word at a time.
                        let q = UTF8Scan.firstOf(0x22, 0x5C, p, from: i, to: n)
                        if q == n { i = n; break scan }
                        if p[q] == 0x5C {
                            if q + 1 == n { i = q; break scan }     // what it escapes is not read yet
                            i = q + 2
                            continue
                        }
                        a.inString = false
                        i = q + 1
                        if a.depth == 0 { finish(at: i) }
                        continue
                    }
                    switch b {
                    case UInt8(ascii: "\""): a.inString = true; i += 1
                    case UInt8(ascii: "{"), UInt8(ascii: "["): a.depth += 1; i += 1
                    case UInt8(ascii: "}"), UInt8(ascii: "]"):
                        if a.depth == 0 { finish(at: i); continue }       // a bare value, then the array's `]`
                        a.depth -= 1
                        i += 1
                        if a.depth == 0 { finish(at: i) }
                    case UInt8(ascii: ","), 0x20, 0x09, 0x0A, 0x0D:
                        if a.depth == 0 { finish(at: i) } else { i += 1 }
                    default: i += 1
                    }
                }
            }
            if broken != nil { return }
            // What is kept for the next read: the element being read, unless it is let go.
            var keep = i
            if a.phase == .element && !a.skipping {
                if final {
                    // Cut short inside an element: it is a record all the same (the parser says what it lacks).
                    finish(at: n)
                    keep = n
                } else if n - a.start > max(limit, Self.keptPrefix) {
                    // Past the limit and past what an error record keeps (as for an NDJSON line).
                    addTooLong(&s, buf, a.start, n)
                    a.skipping = true
                } else {
                    keep = a.start
                }
            }
            countLines(to: keep)
            dropped = keep
            a.scanned = i - keep
            a.start -= keep
            a.linesAt = 0
        }
        if let broken {
            s.problem = .jsonArrayBroken(source: s.name, line: s.line, byte: broken.byte, broken.1, elementsRead: a.elements)
            s.jsonArray = a
            return
        }
        s.drop(dropped)
        if final && a.phase != .end {
            s.lostLines.append(.jsonArrayCutShort(source: s.name, line: s.line, elementsRead: a.elements))
            a.phase = .end
        }
        s.jsonArray = a
    }

    /// One element as a record. An element over several lines (a pretty-printed array) has
    /// its line breaks outside strings made spaces, JSON's whitespace either way, so that
    /// an annotated record is one line; a line break inside a string is left for the parser.
    private func addElement(_ s: inout SourceState, _ element: UnsafeBufferPointer<UInt8>) {
        guard memchrIndex(element, 0x0A, from: 0) != nil || memchrIndex(element, 0x0D, from: 0) != nil else {
            add(&s, element, tooLong: false)
            return
        }
        var bytes = Array(element)
        var inString = false, escaped = false
        for k in bytes.indices {
            let b = bytes[k]
            if inString {
                if escaped { escaped = false } else if b == 0x5C { escaped = true } else if b == 0x22 { inString = false }
            } else if b == 0x22 {
                inString = true
            } else if b == 0x0A || b == 0x0D {
                bytes[k] = 0x20
            }
        }
        bytes.withUnsafeBufferPointer { add(&s, $0, tooLong: false) }
    }
}
