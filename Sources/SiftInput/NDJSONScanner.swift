// The byte-level scanner behind NDJSONRecord: validates one line as exactly
// one JSON object (RFC 8259: UTF-8, escapes, numbers, nesting bounded at
// NDJSONRecord.maxDepth) and remembers where the wanted keys' values are, so
// that only the sender, body and id are ever decoded.
import CTextScan
import SiftText

/// What a wanted key's value turned out to be, and where.
struct ValueSpan {
    enum Kind { case absent, string, escapedString, number, null, boolean, object, array }
    var kind: Kind = .absent
    /// Offsets of the whole value token (quotes included for strings).
    var start = 0
    var end = 0
}

struct JSONLineScanner {
    let p: UnsafePointer<UInt8>
    let n: Int
    var i = 0
    var sender = ValueSpan()
    var body = ValueSpan()
    var id = ValueSpan()
    var label = ValueSpan()
    /// When not nil, `scanTopLevel` appends every top-level member here (for `--annotate`).
    var members: [NDJSONRecord.Member]? = nil
    /// `scanTopLevel` notes whether some top-level key is `verdict` (for `--annotate`).
    var watchVerdict = false
    var sawVerdict = false

    /// The whole line is valid UTF-8 (checked once, sixteen bytes at a time): its strings
    /// need no check of their own, only a search for their ends. A line that is not is
    /// scanned string by string, sequence by sequence, to say where the first bad one is.
    let validUTF8: Bool

    init(p: UnsafePointer<UInt8>, n: Int) {
        self.p = p
        self.n = n
        validUTF8 = sift_utf8_valid(p, n) != 0
    }

    // MARK: Structure

    mutating func scanTopLevel(_ fields: FieldNames) throws(RecordError) {
        if NDJSONRecord.hasBOM(UnsafeBufferPointer(start: p, count: n)) { i = 3 }
        skipWhitespace()
        guard i < n, p[i] == 0x7B else { throw failure("expected '{'") }
        i += 1
        skipWhitespace()
        if i < n && p[i] == 0x7D {
            i += 1
        } else {
            while true {
                guard i < n, p[i] == 0x22 else { throw failure("expected '\"' to start a key") }
                let keyStart = i
                let keyHasEscapes = try scanString()
                let keyEnd = i
                skipWhitespace()
                guard i < n, p[i] == 0x3A else { throw failure("expected ':' after key") }
                i += 1
                skipWhitespace()
                let valueStart = i
                let kind = try scanValue(depth: 1)
                let span = ValueSpan(kind: kind, start: valueStart, end: i)
                let key = keyStart + 1 ..< keyEnd - 1
                if members != nil {
                    let name = keyHasEscapes ? Array(decodeString(key).utf8) : Array(UnsafeBufferPointer(rebasing: UnsafeBufferPointer(start: p, count: n)[key]))
                    members!.append(NDJSONRecord.Member(name: name, range: keyStart..<i))
                }
                if keyHasEscapes {
                    let decoded = Array(decodeString(key).utf8)
                    if decoded == fields.senderKey { sender = span }
                    if decoded == fields.bodyKey { body = span }
                    if decoded == fields.idKey { id = span }
                    if !fields.labelKey.isEmpty && decoded == fields.labelKey { label = span }
                    if watchVerdict && decoded == NDJSONRecord.verdictKey { sawVerdict = true }
                } else {
                    if keyEquals(key, fields.senderKey) { sender = span }
                    if keyEquals(key, fields.bodyKey) { body = span }
                    if keyEquals(key, fields.idKey) { id = span }
                    if !fields.labelKey.isEmpty && keyEquals(key, fields.labelKey) { label = span }
                    if watchVerdict && keyEquals(key, NDJSONRecord.verdictKey) { sawVerdict = true }
                }
                skipWhitespace()
                guard i < n else { throw failure("expected ',' or '}' after value") }
                if p[i] == 0x2C {
                    i += 1
                    skipWhitespace()
                    continue
                }
                guard p[i] == 0x7D else { throw failure("expected ',' or '}' after value") }
                i += 1
                break
            }
        }
        skipWhitespace()
        if i < n { throw failure("trailing characters after object") }
    }

    /// Scans one value starting at `i` (whitespace already skipped); `depth`
    /// is the depth of the container holding it.
    mutating func scanValue(depth: Int) throws(RecordError) -> ValueSpan.Kind {
        guard i < n else { throw failure("expected a value") }
        switch p[i] {
        case 0x22:
            return try scanString() ? .escapedString : .string
        case 0x2D, 0x30...0x39:
            try scanNumber()
            return .number
        case 0x7B:
            try scanContainer(depth: depth + 1, close: 0x7D, isObject: true)
            return .object
        case 0x5B:
            try scanContainer(depth: depth + 1, close: 0x5D, isObject: false)
            return .array
        case 0x74:
            try scanLiteral("true")
            return .boolean
        case 0x66:
            try scanLiteral("false")
            return .boolean
        case 0x6E:
            try scanLiteral("null")
            return .null
        default:
            throw failure("expected a value")
        }
    }

    /// Skips a nested object or array, validating it.
    mutating func scanContainer(depth: Int, close: UInt8, isObject: Bool) throws(RecordError) {
        if depth > NDJSONRecord.maxDepth { throw RecordError("bad JSON: nesting deeper than \(NDJSONRecord.maxDepth)", at: i) }
        i += 1
        skipWhitespace()
        if i < n && p[i] == close {
            i += 1
            return
        }
        while true {
            if isObject {
                guard i < n, p[i] == 0x22 else { throw failure("expected '\"' to start a key") }
                _ = try scanString()
                skipWhitespace()
                guard i < n, p[i] == 0x3A else { throw failure("expected ':' after key") }
                i += 1
                skipWhitespace()
            }
            _ = try scanValue(depth: depth)
            skipWhitespace()
            guard i < n else { throw failure(isObject ? "expected ',' or '}' after value" : "expected ',' or ']' after value") }
            if p[i] == 0x2C {
                i += 1
                skipWhitespace()
                continue
            }
            guard p[i] == close else { throw failure(isObject ? "expected ',' or '}' after value" : "expected ',' or ']' after value") }
            i += 1
            return
        }
    }

    // MARK: Tokens

    /// Scans a string starting at the opening quote at `i`, leaving `i` after
    /// the closing quote. Returns true when the string holds escapes.
    mutating func scanString() throws(RecordError) -> Bool {
        if validUTF8 {
            // The common case: the line's UTF-8 is checked already, so a quote, not a
            // backslash, ends the plain run (sixteen bytes at a time, in C).
            let end = sift_json_special(p, i + 1, n)
            if end < n && p[end] == 0x22 {
                i = end + 1
                return false
            }
        }
        return try scanStringSlowly()
    }

    /// `scanString` for a string with escapes or a control byte in it, or a line that is not
    /// valid UTF-8 (where the first bad sequence is in scan order).
    @inline(never)
    mutating func scanStringSlowly() throws(RecordError) -> Bool {
        let open = i
        i += 1
        var hasEscapes = false
        while true {
            i = validUTF8 ? sift_json_special(p, i, n) : UTF8Scan.firstJSONStringSpecial(p, from: i, to: n)
            guard i < n else { throw RecordError("bad JSON: unterminated string", at: open) }
            let b = p[i]
            if b == 0x22 {
                i += 1
                return hasEscapes
            }
            if b == 0x5C {
                hasEscapes = true
                guard i + 1 < n else { throw RecordError("bad JSON: unterminated string", at: open) }
                try scanEscape()
            } else if b < 0x20 {
                throw RecordError("bad JSON: unescaped control character in string", at: i)
            } else {
                // Non-ASCII text: validate sequence after sequence, stepping over the
                // plain ASCII between them (spaces, digits) byte by byte; after eight
                // ASCII bytes in a row the word-at-a-time search takes over again.
                var ascii = 0
                while i < n {
                    let c = p[i]
                    if c >= 0x80 {
                        let length = UTF8Scan.sequenceLength(p, i, n)
                        if length == 0 { throw RecordError(RecordError.invalidUTF8, at: i) }
                        i += length
                        ascii = 0
                    } else if c >= 0x20 && c != 0x22 && c != 0x5C && ascii < 8 {
                        i += 1
                        ascii += 1
                    } else {
                        break
                    }
                }
            }
        }
    }

    /// Validates the escape at `i` (a backslash, not the last byte) and moves past it.
    mutating func scanEscape() throws(RecordError) {
        let start = i
        switch p[i + 1] {
        case 0x22, 0x5C, 0x2F, 0x62, 0x66, 0x6E, 0x72, 0x74:
            i += 2
        case 0x75:
            guard let unit = hex4(at: i + 2) else { throw RecordError("bad JSON: invalid \\u escape", at: start) }
            i += 6
            if unit >= 0xDC00 && unit <= 0xDFFF { throw RecordError("bad JSON: lone surrogate in \\u escape", at: start) }
            if unit >= 0xD800 && unit <= 0xDBFF {
                guard i + 1 < n, p[i] == 0x5C, p[i + 1] == 0x75, let low = hex4(at: i + 2), low >= 0xDC00 && low <= 0xDFFF else {
                    throw RecordError("bad JSON: lone surrogate in \\u escape", at: start)
                }
                i += 6
            }
        default:
            throw RecordError("bad JSON: invalid escape", at: start)
        }
    }

    /// The value of four hex digits at `at`, or nil.
    @inline(__always)
    func hex4(at: Int) -> UInt32? { JSONHex.quad(p, at: at, end: n) }

    /// RFC 8259: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
    mutating func scanNumber() throws(RecordError) {
        let start = i
        if p[i] == 0x2D { i += 1 }
        guard i < n, isDigit(p[i]) else { throw RecordError("bad JSON: invalid number", at: start) }
        if p[i] == 0x30 {
            i += 1
            if i < n && isDigit(p[i]) { throw RecordError("bad JSON: leading zero in number", at: start) }
        } else {
            while i < n && isDigit(p[i]) { i += 1 }
        }
        if i < n && p[i] == 0x2E {
            i += 1
            guard i < n, isDigit(p[i]) else { throw RecordError("bad JSON: invalid number", at: start) }
            while i < n && isDigit(p[i]) { i += 1 }
        }
        if i < n && (p[i] == 0x65 || p[i] == 0x45) {
            i += 1
            if i < n && (p[i] == 0x2B || p[i] == 0x2D) { i += 1 }
            guard i < n, isDigit(p[i]) else { throw RecordError("bad JSON: invalid number", at: start) }
            while i < n && isDigit(p[i]) { i += 1 }
        }
    }

    mutating func scanLiteral(_ word: StaticString) throws(RecordError) {
        let count = word.utf8CodeUnitCount
        guard i + count <= n else { throw RecordError("bad JSON: invalid literal", at: i) }
        for k in 0..<count where p[i + k] != word.utf8Start[k] {
            throw RecordError("bad JSON: invalid literal", at: i)
        }
        i += count
    }

    @inline(__always)
    func isDigit(_ b: UInt8) -> Bool { b &- 0x30 < 10 }

    @inline(__always)
    mutating func skipWhitespace() {
        while i < n && NDJSONRecord.isWhitespace(p[i]) { i += 1 }
    }

    func keyEquals(_ key: Range<Int>, _ name: [UInt8]) -> Bool {
        guard key.count == name.count else { return false }
        return name.withUnsafeBufferPointer { n in
            var k = 0
            while k < n.count {
                if p[key.lowerBound &+ k] != n[k] { return false }
                k &+= 1
            }
            return true
        }
    }

    /// The error for an unexpected byte (or the end) at `i`.
    func failure(_ expected: String) -> RecordError {
        if i >= n { return RecordError("bad JSON: unexpected end of record", at: n) }
        if p[i] >= 0x80 && UTF8Scan.sequenceLength(p, i, n) == 0 { return RecordError(RecordError.invalidUTF8, at: i) }
        return RecordError("bad JSON: " + expected, at: i)
    }

    // MARK: Values

    func messageFields(_ fields: FieldNames) throws(RecordError) -> MessageFields {
        MessageFields(
            sender: try text(sender, name: fields.sender),
            body: try text(body, name: fields.body),
            idJSON: idToken(id))
    }

    func text(_ span: ValueSpan, name: String) throws(RecordError) -> String {
        switch span.kind {
        case .absent, .null:
            return ""
        case .string:
            return String(decoding: UnsafeBufferPointer(start: p + span.start + 1, count: span.end - span.start - 2), as: UTF8.self)
        case .escapedString:
            return decodeString(span.start + 1 ..< span.end - 1)
        case .number:
            return String(decoding: UnsafeBufferPointer(start: p + span.start, count: span.end - span.start), as: UTF8.self)
        case .boolean, .object, .array:
            throw RecordError("field \"\(name)\" is not a string", at: span.start)
        }
    }

    /// `text`, appended as UTF-8 to `out`; returns where it lies there.
    func appendText(_ span: ValueSpan, name: String, to out: inout [UInt8]) throws(RecordError) -> Range<Int> {
        let start = out.count
        switch span.kind {
        case .absent, .null:
            break
        case .string:
            out.append(contentsOf: UnsafeBufferPointer(start: p + span.start + 1, count: span.end - span.start - 2))
        case .escapedString:
            appendDecoded(span.start + 1 ..< span.end - 1, to: &out)
        case .number:
            out.append(contentsOf: UnsafeBufferPointer(start: p + span.start, count: span.end - span.start))
        case .boolean, .object, .array:
            throw RecordError("field \"\(name)\" is not a string", at: span.start)
        }
        return start..<out.count
    }

    /// Where the id's value is, as written, in the record; nil when absent or null. Any JSON
    /// value is an id (mongoexport writes `{"$oid":"…"}`): it only labels the verdict.
    func idTokenRange(_ span: ValueSpan) -> Range<Int>? {
        switch span.kind {
        case .absent, .null:
            return nil
        default:
            return span.start..<span.end
        }
    }

    /// Where a field's text is: in the record when it needs no decoding (a string
    /// without escapes, a number), else decoded into `scratch`.
    func textRange(_ span: ValueSpan, name: String, scratch: inout [UInt8]) throws(RecordError) -> (range: Range<Int>, inRecord: Bool) {
        switch span.kind {
        case .string:
            return (span.start + 1 ..< span.end - 1, true)
        case .number:
            return (span.start ..< span.end, true)
        default:
            return (try appendText(span, name: name, to: &scratch), false)
        }
    }

    func idToken(_ span: ValueSpan) -> String? {
        switch span.kind {
        case .absent, .null:
            return nil
        case .escapedString:
            return JSONEscape.quoted(decodeString(span.start + 1 ..< span.end - 1))
        case .string, .number, .boolean, .object, .array:
            // Any other value as written: a string without escapes holds no byte JSON
            // requires escaping, so its token is already a JSON string literal.
            return String(decoding: UnsafeBufferPointer(start: p + span.start, count: span.end - span.start), as: UTF8.self)
        }
    }

    /// Decodes the contents of a string already validated by `scanString`.
    /// The decoded UTF-8 is never longer than the escaped text.
    func decodeString(_ range: Range<Int>) -> String {
        String(unsafeUninitializedCapacity: range.count) { out in decode(range, into: out.baseAddress!) }
    }

    /// `decodeString`'s bytes, appended to `out` (no String made: the hot path's escaped fields).
    func appendDecoded(_ range: Range<Int>, to out: inout [UInt8]) {
        let at = out.count
        // Decoding never lengthens a string: each escape is at least as long as what it stands for.
        out.append(contentsOf: repeatElement(0, count: range.count))
        let written = out.withUnsafeMutableBufferPointer { decode(range, into: $0.baseAddress! + at) }
        out.removeLast(range.count - written)
    }

    /// Writes the decoded text of the string whose contents are `range` (validated) at `out`,
    /// which has room for `range.count` bytes; returns the bytes written.
    private func decode(_ range: Range<Int>, into out: UnsafeMutablePointer<UInt8>) -> Int {
        var o = 0
        var j = range.lowerBound
        let end = range.upperBound
        while j < end {
            let run = UTF8Scan.first(0x5C, p, from: j, to: end)
            if run > j {
                let count = run - j
                UnsafeMutableRawPointer(out + o).copyMemory(from: p + j, byteCount: count)
                o += count
                j = run
                if j == end { break }
            }
            let e = p[j + 1]
            j += 2
            var scalar: UInt32
            switch e {
            case 0x62: scalar = 0x08
            case 0x66: scalar = 0x0C
            case 0x6E: scalar = 0x0A
            case 0x72: scalar = 0x0D
            case 0x74: scalar = 0x09
            case 0x75:
                scalar = hex4(at: j)!
                j += 4
                if scalar >= 0xD800 && scalar <= 0xDBFF {
                    let low = hex4(at: j + 2)!
                    j += 6
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                }
            default: scalar = UInt32(e)  // " \ /
            }
            o += encodeUTF8(scalar, into: out + o)
        }
        return o
    }

    @inline(__always)
    func encodeUTF8(_ s: UInt32, into q: UnsafeMutablePointer<UInt8>) -> Int {
        if s < 0x80 {
            q[0] = UInt8(s)
            return 1
        }
        if s < 0x800 {
            q[0] = UInt8(0xC0 | s >> 6)
            q[1] = UInt8(0x80 | s & 0x3F)
            return 2
        }
        if s < 0x10000 {
            q[0] = UInt8(0xE0 | s >> 12)
            q[1] = UInt8(0x80 | s >> 6 & 0x3F)
            q[2] = UInt8(0x80 | s & 0x3F)
            return 3
        }
        q[0] = UInt8(0xF0 | s >> 18)
        q[1] = UInt8(0x80 | s >> 12 & 0x3F)
        q[2] = UInt8(0x80 | s >> 6 & 0x3F)
        q[3] = UInt8(0x80 | s & 0x3F)
        return 4
    }
}
