// Output escaping for the writers, plus the byte-level helpers the record
// parsers share.
//
// Who does what:
// - `JSONEscape` appends text as a JSON string literal (quotes included) to a
//   `[UInt8]` output buffer: `"`, `\` and control characters are escaped
//   (`\n` `\r` `\t` `\b` `\f`, others as `\u00xx`), every other byte is copied
//   as is. `appendQuotedRaw` does the same for arbitrary bytes that may not be
//   UTF-8 (the `raw` member of an error record): each byte that is not part of
//   a valid UTF-8 sequence becomes the four characters `\xNN` (written
//   `\\xNN` inside the literal, so the output stays valid JSON).
// - `FieldEscape` writes one TSV field (tab, newline, CR and backslash as
//   `\t` `\n` `\r` `\\`) or one CSV field (RFC 4180: quoted when it holds a
//   comma, quote, CR or LF, with quotes doubled).
// - `UTF8Scan` (internal) validates UTF-8 sequences (RFC 3629: no overlongs,
//   no surrogates, nothing above U+10FFFF) and finds bytes of interest eight
//   at a time; `NDJSONRecord` and `CSVRecord` use it.
//
// Every append walks the bytes once and copies runs that need no escaping in
// one `append(contentsOf:)`.

/// Appends text as JSON string literals to a byte buffer.
public enum JSONEscape {
    /// Appends `text` as a JSON string literal, quotes included.
    public static func appendQuoted(_ text: String, to out: inout [UInt8]) {
        var text = text
        text.withUTF8 { appendQuoted(utf8: $0, to: &out) }
    }

    /// Returns `text` as a JSON string literal, quotes included.
    public static func quoted(_ text: String) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count + 2)
        appendQuoted(text, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends valid UTF-8 bytes as a JSON string literal, quotes included.
    /// Bytes of 0x80 and above are copied unchanged, so the input must
    /// already be valid UTF-8 (use `appendQuotedRaw` when it may not be).
    public static func appendQuoted(utf8 bytes: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
        out.append(0x22)
        appendEscapedContent(bytes, to: &out, raw: false)
        out.append(0x22)
    }

    /// Appends arbitrary bytes as a JSON string literal, quotes included:
    /// valid UTF-8 is kept, each other byte becomes the text `\xNN` (lowercase
    /// hex), escaped in the literal as `\\xNN`.
    public static func appendQuotedRaw(_ bytes: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
        out.append(0x22)
        appendEscapedContent(bytes, to: &out, raw: true)
        out.append(0x22)
    }

    private static func appendEscapedContent(_ bytes: UnsafeBufferPointer<UInt8>, to out: inout [UInt8], raw: Bool) {
        guard let p = bytes.baseAddress else { return }
        let n = bytes.count
        var runStart = 0
        var i = 0
        while true {
            i = UTF8Scan.firstJSONStringSpecial(p, from: i, to: n, nonASCII: raw)
            if i >= n { break }
            let b = p[i]
            if b >= 0x80 {
                // Raw mode only: keep a valid sequence, escape a bad byte.
                let length = UTF8Scan.sequenceLength(p, i, n)
                if length > 0 {
                    i += length
                    continue
                }
            }
            if runStart < i { out.append(contentsOf: UnsafeBufferPointer(start: p + runStart, count: i - runStart)) }
            switch b {
            case 0x22: out.append(0x5C); out.append(0x22)
            case 0x5C: out.append(0x5C); out.append(0x5C)
            case 0x0A: out.append(0x5C); out.append(0x6E)
            case 0x0D: out.append(0x5C); out.append(0x72)
            case 0x09: out.append(0x5C); out.append(0x74)
            case 0x08: out.append(0x5C); out.append(0x62)
            case 0x0C: out.append(0x5C); out.append(0x66)
            default:
                if b < 0x20 {
                    // \u00xx
                    out.append(0x5C); out.append(0x75); out.append(0x30); out.append(0x30)
                    out.append(hexDigit(b >> 4)); out.append(hexDigit(b & 0xF))
                } else {
                    // An invalid UTF-8 byte in raw mode: the text \xNN, its backslash escaped.
                    out.append(0x5C); out.append(0x5C); out.append(0x78)
                    out.append(hexDigit(b >> 4)); out.append(hexDigit(b & 0xF))
                }
            }
            i += 1
            runStart = i
        }
        if runStart < n { out.append(contentsOf: UnsafeBufferPointer(start: p + runStart, count: n - runStart)) }
    }

    @inline(__always)
    static func hexDigit(_ v: UInt8) -> UInt8 { v < 10 ? 0x30 + v : 0x61 + v - 10 }
}

/// Writes single fields of TSV and CSV output rows.
public enum FieldEscape {
    /// Appends `text` as one TSV field: tab, newline, CR and backslash become
    /// `\t`, `\n`, `\r` and `\\`; everything else is copied.
    public static func appendTSV(_ text: String, to out: inout [UInt8]) {
        var text = text
        text.withUTF8 { bytes in
            guard let p = bytes.baseAddress else { return }
            let n = bytes.count
            var runStart = 0
            for i in 0..<n {
                let escaped: UInt8
                switch p[i] {
                case 0x09: escaped = 0x74
                case 0x0A: escaped = 0x6E
                case 0x0D: escaped = 0x72
                case 0x5C: escaped = 0x5C
                default: continue
                }
                if runStart < i { out.append(contentsOf: UnsafeBufferPointer(start: p + runStart, count: i - runStart)) }
                out.append(0x5C)
                out.append(escaped)
                runStart = i + 1
            }
            if runStart < n { out.append(contentsOf: UnsafeBufferPointer(start: p + runStart, count: n - runStart)) }
        }
    }

    /// Appends `text` as one CSV field (RFC 4180): wrapped in quotes, with
    /// inner quotes doubled, when it holds a comma, quote, CR or LF;
    /// copied unchanged otherwise.
    public static func appendCSV(_ text: String, to out: inout [UInt8]) {
        var text = text
        text.withUTF8 { bytes in
            guard let p = bytes.baseAddress else { return }
            let n = bytes.count
            var needsQuotes = false
            for i in 0..<n {
                let b = p[i]
                if b == 0x2C || b == 0x22 || b == 0x0D || b == 0x0A {
                    needsQuotes = true
                    break
                }
            }
            if !needsQuotes {
                out.append(contentsOf: bytes)
                return
            }
            out.append(0x22)
            var runStart = 0
            for i in 0..<n where p[i] == 0x22 {
                // Copy through this quote, then add its double.
                out.append(contentsOf: UnsafeBufferPointer(start: p + runStart, count: i + 1 - runStart))
                out.append(0x22)
                runStart = i + 1
            }
            if runStart < n { out.append(contentsOf: UnsafeBufferPointer(start: p + runStart, count: n - runStart)) }
            out.append(0x22)
        }
    }
}

// MARK: - Shared byte helpers

/// UTF-8 validation and word-at-a-time byte search for the record parsers.
enum UTF8Scan {
    /// Length of the valid UTF-8 sequence starting at `p[i]` (a byte of
    /// 0x80 or more), or 0 when the bytes there are not valid UTF-8
    /// (RFC 3629 table 4: no overlong forms, no surrogates, at most U+10FFFF).
    @inline(__always)
    static func sequenceLength(_ p: UnsafePointer<UInt8>, _ i: Int, _ n: Int) -> Int {
        let b0 = p[i]
        if b0 < 0x80 { return 1 }
        if b0 < 0xC2 { return 0 }
        if b0 < 0xE0 {
            return i + 1 < n && p[i + 1] & 0xC0 == 0x80 ? 2 : 0
        }
        if b0 < 0xF0 {
            guard i + 2 < n else { return 0 }
            let b1 = p[i + 1]
            let low: UInt8 = b0 == 0xE0 ? 0xA0 : 0x80
            let high: UInt8 = b0 == 0xED ? 0x9F : 0xBF
            guard b1 >= low && b1 <= high, p[i + 2] & 0xC0 == 0x80 else { return 0 }
            return 3
        }
        if b0 < 0xF5 {
            guard i + 3 < n else { return 0 }
            let b1 = p[i + 1]
            let low: UInt8 = b0 == 0xF0 ? 0x90 : 0x80
            let high: UInt8 = b0 == 0xF4 ? 0x8F : 0xBF
            guard b1 >= low && b1 <= high, p[i + 2] & 0xC0 == 0x80, p[i + 3] & 0xC0 == 0x80 else { return 0 }
            return 4
        }
        return 0
    }

    /// Offset of the first byte in `p[i..<n]` that is not valid UTF-8, or nil.
    static func firstInvalid(_ p: UnsafePointer<UInt8>, from start: Int, to n: Int) -> Int? {
        var i = start
        while i < n {
            i = firstNonASCII(p, from: i, to: n)
            if i == n { return nil }
            let length = sequenceLength(p, i, n)
            if length == 0 { return i }
            i += length
        }
        return nil
    }

    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let highs: UInt64 = 0x8080_8080_8080_8080

    /// Nonzero when some byte of `word` equals `byte`; the lowest flagged
    /// byte is the first match.
    @inline(__always)
    private static func matches(_ word: UInt64, _ byte: UInt8) -> UInt64 {
        let x = word ^ (ones &* UInt64(byte))
        return (x &- ones) & ~x & highs
    }

    /// Offset of the first byte of 0x80 or more in `p[i..<n]`, or `n`.
    @inline(__always)
    static func firstNonASCII(_ p: UnsafePointer<UInt8>, from start: Int, to n: Int) -> Int {
        var i = start
        #if _endian(little)
        while i + 8 <= n {
            let hits = UnsafeRawPointer(p + i).loadUnaligned(as: UInt64.self) & highs
            if hits != 0 { return i + hits.trailingZeroBitCount >> 3 }
            i += 8
        }
        #endif
        while i < n && p[i] < 0x80 { i += 1 }
        return i
    }

    /// Offset of the first byte in `p[i..<n]` that a JSON string scanner must
    /// look at (`"`, `\`, below 0x20, and with `nonASCII` 0x80 and above),
    /// or `n`.
    @inline(__always)
    static func firstJSONStringSpecial(_ p: UnsafePointer<UInt8>, from start: Int, to n: Int, nonASCII: Bool = true) -> Int {
        let highMask = nonASCII ? highs : 0
        var i = start
        #if _endian(little)
        while i + 8 <= n {
            let w = UnsafeRawPointer(p + i).loadUnaligned(as: UInt64.self)
            // Bytes below 0x20: the classic "has less than" test; exact for
            // the lowest flagged byte, which is all we read.
            let control = (w &- ones &* 0x20) & ~w & highs
            let hits = control | (w & highMask) | matches(w, 0x22) | matches(w, 0x5C)
            if hits != 0 { return i + hits.trailingZeroBitCount >> 3 }
            i += 8
        }
        #endif
        while i < n {
            let b = p[i]
            if b < 0x20 || (b >= 0x80 && nonASCII) || b == 0x22 || b == 0x5C { return i }
            i += 1
        }
        return n
    }

    /// Offset of the first `a` or `b` byte in `p[i..<n]`, or `n`.
    @inline(__always)
    static func firstOf(_ a: UInt8, _ b: UInt8, _ p: UnsafePointer<UInt8>, from start: Int, to n: Int) -> Int {
        var i = start
        #if _endian(little)
        while i + 8 <= n {
            let w = UnsafeRawPointer(p + i).loadUnaligned(as: UInt64.self)
            let hits = matches(w, a) | matches(w, b)
            if hits != 0 { return i + hits.trailingZeroBitCount >> 3 }
            i += 8
        }
        #endif
        while i < n {
            let c = p[i]
            if c == a || c == b { return i }
            i += 1
        }
        return n
    }

    /// Offset of the first `a` byte in `p[i..<n]`, or `n`.
    @inline(__always)
    static func first(_ a: UInt8, _ p: UnsafePointer<UInt8>, from start: Int, to n: Int) -> Int {
        firstOf(a, a, p, from: start, to: n)
    }
}
