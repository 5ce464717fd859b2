// The `links` smart rule (docs/judging.md "Smart rules"): does a body contain a URL?
//
// One pass over the UTF-8 bytes that stops only at `.` and `:`, no regex, no
// Foundation. A body links when it holds
//   - a scheme URL: `scheme://` and a non-space (`htTp://x`, `ftp://…`); the
//     scheme is the ASCII run [A-Za-z0-9+.-] before `:` and holds a letter;
//   - a host that starts with `www.` followed by a host character;
//   - a bare host `label(.label)+` whose last label is a real TLD (TLDTable),
//     unless that label is a capitalized word and no path or query (`?id=`)
//     follows it (`Hi.How`, `it.Amazon`: a sentence run on without its space), but
//     for `.Com`, `.Net`, `.Org`, `.Info`, `.Biz` (no sentence starts so; spam
//     writes them).
// Hosts are found as maximal runs of host characters (Unicode letters, marks,
// decimal digits, `-`) and dots, which end where letters of a script written
// without spaces (Han, kana, Thai; Hangul with its particles) meet others. Inside a run, `..` or longer is an ellipsis
// and separates candidates; a single trailing dot is sentence punctuation.
// A lone leading dot is punctuation before a candidate (`.bit.ly/x`). A
// candidate is refused when preceded by `@` after a local-part character (the
// domain of an e-mail address), and when the characters after it run on,
// through e-mail local-part characters, into `@` (a dotted local part such as
// `first.last@`). Numbers (`1.800.555.0199`, `3.50`) fail on their last label:
// no TLD is all digits.
import CTextScan

/// Detects URLs in message bodies.
public enum LinkDetector {
    /// True when `body` contains a URL as docs/judging.md "Smart rules" defines it.
    public static func containsLink(_ body: String) -> Bool {
        var body = body
        return body.withUTF8 { containsLink(utf8: $0) }
    }

    /// True when the UTF-8 text contains a URL (docs/judging.md "Smart rules"). Bytes that are not
    /// valid UTF-8 count as punctuation.
    public static func containsLink(utf8 text: UnsafeBufferPointer<UInt8>) -> Bool {
        var scanner = LinkScanner(text: text)
        return scanner.run()
    }
}

private extension UInt8 {
    static let dot = UInt8(ascii: ".")
    static let colon = UInt8(ascii: ":")
    static let slash = UInt8(ascii: "/")
    static let at = UInt8(ascii: "@")
    static let hyphen = UInt8(ascii: "-")
}

/// One pass over one body. Holds the e-mail look-ahead memo, so that pass stays O(n).
private struct LinkScanner {
    let text: UnsafeBufferPointer<UInt8>
    /// The last e-mail look-ahead: from any offset in `emailFrom...emailStop`
    /// the local-part characters run to `emailStop`, which is `@` when `emailIsAt`.
    var emailFrom = -1
    var emailStop = -1
    var emailIsAt = false

    init(text: UnsafeBufferPointer<UInt8>) {
        self.text = text
    }

    /// Visits only the `.` and `:` bytes: every link holds one. A dot's run of
    /// host characters is found by scanning back to its start and on to its
    /// end; the scan then resumes past the run, so each byte is read O(1) times.
    mutating func run() -> Bool {
        let count = text.count
        var i = 0
        var floor = 0  // the previous run ended here; never scan back past it
        while i < count {
            i = nextDotOrColon(from: i)
            if i >= count { break }
            let byte = text[i]
            if byte == .dot {
                let start = runStart(before: i, floor: floor)
                let end = runEnd(from: i + 1)
                if hostRun(start, end) { return true }
                i = end
                floor = end
            } else {   // a colon
                if schemeURL(colon: i) { return true }
                i += 1
            }
        }
        return false
    }

    /// The offset of the next `.` or `:` at or after `start`, or the count (sixteen bytes
    /// at a time, in C).
    @inline(__always)
    func nextDotOrColon(from start: Int) -> Int {
        guard let p = text.baseAddress else { return text.count }
        return sift_first_of2(p, start, text.count, .dot, .colon)
    }

    // MARK: Scheme URLs

    /// True when the `:` at `colon` starts `://` + a non-space and follows a scheme.
    func schemeURL(colon: Int) -> Bool {
        let count = text.count
        guard colon + 3 < count, text[colon + 1] == .slash, text[colon + 2] == .slash else { return false }
        guard !isSpace(at: colon + 3) else { return false }
        // Scan back over scheme characters; `:` is none, so these scans never overlap.
        var j = colon - 1
        var hasLetter = false
        while j >= 0 {
            let byte = text[j]
            if isASCIILetter(byte) {
                hasLetter = true
            } else if !(isASCIIDigit(byte) || byte == UInt8(ascii: "+") || byte == .dot || byte == .hyphen) {
                break
            }
            j -= 1
        }
        return hasLetter
    }

    // MARK: Hosts

    /// The start of the maximal run of host characters and dots ending at `end`,
    /// not before `floor`.
    func runStart(before end: Int, floor: Int) -> Int {
        var i = end
        var kind = HostKind.either
        while i > floor {
            let byte = text[i - 1]
            if byte < 0x80 {
                guard byte == .dot || isHostASCII(byte) else { return i }
                guard kind.admits(byte == .dot || byte == .hyphen ? .either : .spaced, into: &kind) else { return i }
                i -= 1
            } else {
                // Step back to the lead byte of the scalar that ends at i.
                var lead = i - 1
                while lead > floor && i - lead < 4 && text[lead] & 0xC0 == 0x80 { lead -= 1 }
                let (scalar, length) = decode(at: lead)
                guard lead + length == i, let next = hostKind(scalar), kind.admits(next, into: &kind) else { return i }
                i = lead
            }
        }
        return i
    }

    /// The end of the maximal run of host characters and dots starting at `start`.
    func runEnd(from start: Int) -> Int {
        let count = text.count
        var i = start
        var kind = HostKind.either
        while i < count {
            let byte = text[i]
            if byte < 0x80 {
                guard byte == .dot || isHostASCII(byte) else { return i }
                guard kind.admits(byte == .dot || byte == .hyphen ? .either : .spaced, into: &kind) else { return i }
                i += 1
            } else {
                let (scalar, length) = decode(at: i)
                guard let next = hostKind(scalar), kind.admits(next, into: &kind) else { return i }
                i += length
            }
        }
        return i
    }

    /// Scripts written without spaces between words (Han, kana, Thai) or that glue
    /// particles to them (Hangul `naver.com에서`) run straight into a Latin host:
    /// `请登录www.icbc.com.cn进行验证`. A run of host characters ends where it passes
    /// from one kind to the other; a host all in one of them (`例子.中国`) stays whole.
    enum HostKind {
        case either, spaced, unspaced

        /// Whether a character of kind `next` continues a run of this kind; the run's kind
        /// becomes `next`'s when it had none.
        @inline(__always)
        func admits(_ next: HostKind, into run: inout HostKind) -> Bool {
            switch (self, next) {
            case (_, .either): return true
            case (.either, _): run = next; return true
            default: return self == next
            }
        }
    }



    /// True when the run text[start..<end] holds a link candidate (see the file overview).
    mutating func hostRun(_ start: Int, _ end: Int) -> Bool {
        var segmentStart = start
        // Only `@` after an e-mail local part can precede a run and forbid it: `.` and `-`
        // belong to the run. A bare `@` (`prize:@www.x.com`, `@bit.ly/x`) is no address.
        var precededWell = start == 0 || text[start - 1] != .at || !localPartEnds(at: start - 1)
        while segmentStart < end {
            // The segment runs to the next ellipsis or to the end of the run.
            var segmentEnd = end
            var nextStart = end
            var lastDot = -1
            var priorDot = -1
            var k = segmentStart
            while k < end {
                if text[k] == .dot {
                    if k + 1 < end && text[k + 1] == .dot {
                        segmentEnd = k
                        nextStart = k + 2
                        while nextStart < end && text[nextStart] == .dot { nextStart += 1 }
                        break
                    }
                    priorDot = lastDot
                    lastDot = k
                }
                k += 1
            }
            // A single leading dot is punctuation before the host, as an ellipsis is
            // (`Click .bit.ly/x`); `.com` alone is left with no dot, so no host.
            let hostStart = segmentStart < segmentEnd && text[segmentStart] == .dot ? segmentStart + 1 : segmentStart
            if precededWell && segmentEnd > hostStart {
                var hostEnd = segmentEnd
                if text[hostEnd - 1] == .dot {  // a single trailing dot ends a sentence
                    hostEnd -= 1
                    lastDot = priorDot
                }
                if isHost(hostStart, hostEnd, lastDot: lastDot) && !emailFollows(hostEnd) {
                    return true
                }
            }
            // After an ellipsis a new candidate may start, as after any punctuation.
            precededWell = true
            segmentStart = nextStart
        }
        return false
    }

    /// True when text[start..<end] (no empty label) starts with `www.` + a host
    /// character, or has a dot and its last label is a TLD.
    func isHost(_ start: Int, _ end: Int, lastDot: Int) -> Bool {
        if end - start > 4 && text[start + 3] == .dot
            && text[start] | 0x20 == UInt8(ascii: "w") && text[start + 1] | 0x20 == UInt8(ascii: "w")
            && text[start + 2] | 0x20 == UInt8(ascii: "w")
        {
            return true
        }
        guard lastDot >= start && lastDot + 1 < end else { return false }
        let label = UnsafeBufferPointer(rebasing: text[(lastDot + 1)..<end])
        guard TLDTable.contains(utf8: label) else { return false }
        // `Hi.How are you`, `share it.Amazon`: two sentences whose space went missing, the
        // second starting with a capital, not a host; unless a path follows (`Bit.Ly/x`).
        // `.Com`, `.Net`, `.Org` are no sentence's first word, and spam writes them so (`WinBig.Com`).
        if isCapitalizedWord(label) && !isGenericLabel(label) && !pathFollows(end) { return false }
        return true
    }

    /// A path (`/`) or a query (`?` and a name, then `=`) follows the host ending at `end`:
    /// `Bit.Ly/x`, `Prize.Club?id=5`. A port or a fragment alone does not make a capitalized
    /// label a host: a run-on sentence goes on with them as often (`Co.,Ltd.Tel:03-1234-5678`,
    /// `Booking confirmed.Room:305`, `ok.Now#1 winner`, `done.Now?Call me`).
    func pathFollows(_ end: Int) -> Bool {
        let count = text.count
        guard end < count else { return false }
        if text[end] == .slash { return true }
        guard text[end] == UInt8(ascii: "?") else { return false }
        var k = end + 1
        while k < count && (isHostASCII(text[k]) || text[k] == UInt8(ascii: "_") || text[k] == UInt8(ascii: "%") || text[k] == .dot) { k += 1 }
        return k > end + 1 && k < count && text[k] == UInt8(ascii: "=")
    }

    /// `com`, `net`, `org`, `info`, `biz` in any case.
    func isGenericLabel(_ label: UnsafeBufferPointer<UInt8>) -> Bool {
        for name: StaticString in ["com", "net", "org", "info", "biz"] where name.utf8CodeUnitCount == label.count {
            var k = 0
            while k < label.count && label[k] | 0x20 == name.utf8Start[k] { k += 1 }
            if k == label.count { return true }
        }
        return false
    }

    /// An ASCII capital followed only by small letters (`How`, `Amazon`), as a
    /// sentence's first word is written and a host's last label hardly ever is.
    func isCapitalizedWord(_ label: UnsafeBufferPointer<UInt8>) -> Bool {
        guard label.count >= 2, label[0] &- UInt8(ascii: "A") < 26 else { return false }
        for byte in label.dropFirst() where byte &- UInt8(ascii: "a") >= 26 { return false }
        return true
    }

    /// True when an e-mail local-part character ends at `end` (exclusive): one of those
    /// `emailFollows` runs through.
    func localPartEnds(at end: Int) -> Bool {
        guard end > 0 else { return false }
        let byte = text[end - 1]
        if byte < 0x80 {
            switch byte {
            case .dot, .hyphen, UInt8(ascii: "_"), UInt8(ascii: "%"), UInt8(ascii: "+"): return true
            default: return isHostASCII(byte)
            }
        }
        var lead = end - 1
        while lead > 0 && lead > end - 4 && text[lead] & 0xC0 == 0x80 { lead -= 1 }
        let (scalar, length) = decode(at: lead)
        return lead + length == end && isHostScalar(scalar)
    }

    /// True when the characters from `offset` on run, through e-mail local-part
    /// characters (letters, digits, `.` `_` `%` `+` `-`), into an `@`.
    mutating func emailFollows(_ offset: Int) -> Bool {
        if offset >= emailFrom && offset <= emailStop { return emailIsAt }
        let count = text.count
        var i = offset
        scan: while i < count {
            let byte = text[i]
            if byte < 0x80 {
                switch byte {
                case .dot, .hyphen, UInt8(ascii: "_"), UInt8(ascii: "%"), UInt8(ascii: "+"):
                    i += 1
                default:
                    guard isHostASCII(byte) else { break scan }
                    i += 1
                }
            } else {
                let (scalar, length) = decode(at: i)
                guard isHostScalar(scalar) else { break scan }
                i += length
            }
        }
        emailFrom = offset
        emailStop = i
        emailIsAt = i < count && text[i] == .at
        return emailIsAt
    }

    // MARK: Characters

    /// ASCII letters, digits and `-`.
    @inline(__always)
    func isHostASCII(_ byte: UInt8) -> Bool {
        isASCIILetter(byte) || isASCIIDigit(byte) || byte == .hyphen
    }

    @inline(__always)
    func isASCIILetter(_ byte: UInt8) -> Bool { (byte | 0x20) &- UInt8(ascii: "a") < 26 }

    @inline(__always)
    func isASCIIDigit(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "0") < 10 }

    /// A non-ASCII host character: a letter (from CharTable), a combining mark
    /// (Devanagari, Thai and Arabic labels need them) or a decimal digit.
    func isHostScalar(_ scalar: UInt32) -> Bool {
        hostKind(scalar) != nil
    }

    /// Nil for a scalar that is no host character; else `.unspaced` for Han, kana, Hangul
    /// and Thai letters, `.either` for marks (a Thai vowel sign goes with its letter),
    /// `.spaced` for other letters and decimal digits.
    func hostKind(_ scalar: UInt32) -> HostKind? {
        if CharTable.isLetter(scalar) {
            switch CharTable.script(scalar) {
            case .han, .hiragana, .katakana, .hangul, .thai: return .unspaced
            default: return .spaced
            }
        }
        guard let value = Unicode.Scalar(scalar) else { return nil }
        switch value.properties.generalCategory {
        case .nonspacingMark, .spacingMark: return .either
        case .decimalNumber: return .spaced
        default: return nil
        }
    }

    /// True when the character at `offset` is white space (ASCII or Unicode).
    func isSpace(at offset: Int) -> Bool {
        let byte = text[offset]
        if byte < 0x80 { return byte == 0x20 || (0x09...0x0D).contains(byte) }
        let (scalar, _) = decode(at: offset)
        return Unicode.Scalar(scalar)?.properties.isWhitespace ?? false
    }

    /// The scalar starting at `offset` (a lead byte ≥ 0x80) and its length in
    /// bytes; a malformed sequence decodes as U+FFFD of length 1.
    @inline(__always)
    func decode(at offset: Int) -> (UInt32, Int) {
        let lead = UInt32(text[offset])
        let length: Int
        var scalar: UInt32
        switch lead {
        case 0xC2...0xDF: length = 2; scalar = lead & 0x1F
        case 0xE0...0xEF: length = 3; scalar = lead & 0x0F
        case 0xF0...0xF4: length = 4; scalar = lead & 0x07
        default: return (0xFFFD, 1)
        }
        guard offset + length <= text.count else { return (0xFFFD, 1) }
        for k in 1..<length {
            let byte = UInt32(text[offset + k])
            guard byte & 0xC0 == 0x80 else { return (0xFFFD, 1) }
            scalar = scalar << 6 | byte & 0x3F
        }
        // Overlong forms, surrogates and values past U+10FFFF are malformed.
        let minimum: UInt32 = length == 2 ? 0x80 : length == 3 ? 0x800 : 0x1_0000
        guard scalar >= minimum, scalar <= 0x10_FFFF, !(0xD800...0xDFFF).contains(scalar) else { return (0xFFFD, 1) }
        return (scalar, length)
    }
}
