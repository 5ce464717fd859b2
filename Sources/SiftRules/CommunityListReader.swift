// The fast path of `CommunityListFile.read`: a byte-level reader for the
// common shape of a community list file, where every list is an array of
// strings. Foundation's decoders spent ~14k instructions per entry on it
// (a third of the start-up of a 50,000-entry rule set, for every run that
// has lists, since the store keeps them as this JSON too).
//
// It reads RFC 8259 JSON strictly (UTF-8, no byte order mark, strings with
// escapes and surrogate pairs, numbers and literals checked, nesting bounded)
// and gives up — returns nil — on anything outside the common shape: a list
// that is not an array of strings, a duplicated key, anything invalid. The
// general path (`JSONSerialization`) then reads the file and says what is
// wrong, so both paths give the same lists whenever this one answers.
import CTextScan
import SiftText
#if canImport(Glibc)
import Glibc
#endif

struct CommunityListReader {
    private let p: UnsafePointer<UInt8>
    private let n: Int
    private var i = 0
    /// Deeper nesting than this gives up (the general path decides).
    private static let maxDepth = 64

    private init(_ p: UnsafePointer<UInt8>, _ n: Int) {
        self.p = p
        self.n = n
    }

    /// The lists by language key, in file order, or nil when the file is not
    /// of the common shape (see the file comment).
    static func read(_ bytes: UnsafeRawBufferPointer) -> [(key: String, lists: [String: [String]])]? {
        guard let base = bytes.baseAddress, bytes.count > 0 else { return nil }
        var reader = CommunityListReader(base.assumingMemoryBound(to: UInt8.self), bytes.count)
        return reader.file()
    }

    private mutating func file() -> [(key: String, lists: [String: [String]])]? {
        var result: [(key: String, lists: [String: [String]])]?
        var rootKeys: Set<String> = []
        skipSpace()
        let ok = object { reader, key in
            guard rootKeys.insert(key).inserted else { return false }
            if key != "filter_lists" { return reader.skipValue(depth: 1) }
            guard let languages = reader.languageLists() else { return false }
            result = languages
            return true
        }
        skipSpace()
        guard ok, i == n else { return nil }
        return result
    }

    /// `{"he": {"allow_sender": […], …}, …}`
    private mutating func languageLists() -> [(key: String, lists: [String: [String]])]? {
        var languages: [(key: String, lists: [String: [String]])] = []
        var seen: Set<String> = []
        let ok = object { reader, key in
            guard seen.insert(key).inserted else { return false }
            var lists: [String: [String]] = [:]
            let listsOK = reader.object { reader, name in
                guard lists[name] == nil else { return false }
                guard let strings = reader.stringArray() else { return false }
                lists[name] = strings
                return true
            }
            guard listsOK else { return false }
            languages.append((key, lists))
            return true
        }
        return ok ? languages : nil
    }

    /// An object at `i`: calls `member` with each key, `i` at its value; the
    /// member reads the value. False when the bytes are not an object or a
    /// member returns false.
    private mutating func object(_ member: (inout CommunityListReader, String) -> Bool) -> Bool {
        sequence(0x7B, 0x7D) { reader in
            guard let key = reader.string() else { return false }
            reader.skipSpace()
            guard reader.i < reader.n, reader.p[reader.i] == 0x3A else { return false }
            reader.i += 1
            reader.skipSpace()
            return member(&reader, key)
        }
    }

    private mutating func stringArray() -> [String]? {
        var strings: [String] = []
        let ok = sequence(0x5B, 0x5D) { reader in
            guard let s = reader.string() else { return false }
            strings.append(s)
            return true
        }
        return ok ? strings : nil
    }

    /// A `{…}` or `[…]` (`open`, `close`) at `i`: `element` reads each element
    /// (`i` at its start); false when the bytes are not one or an element fails.
    private mutating func sequence(_ open: UInt8, _ close: UInt8, _ element: (inout CommunityListReader) -> Bool) -> Bool {
        guard i < n, p[i] == open else { return false }
        i += 1
        skipSpace()
        if i < n && p[i] == close {
            i += 1
            return true
        }
        while true {
            guard element(&self) else { return false }
            skipSpace()
            guard i < n else { return false }
            if p[i] == 0x2C {
                i += 1
                skipSpace()
                continue
            }
            guard p[i] == close else { return false }
            i += 1
            return true
        }
    }

    /// A string at `i`, escapes decoded; nil when there is none or it is invalid.
    private mutating func string() -> String? {
        guard i < n, p[i] == 0x22 else { return nil }
        i += 1
        let start = i
        i = sift_json_special(p, i, n)      // sixteen bytes at a time to the first `"`, `\` or control
        guard i < n else { return nil }
        if p[i] == 0x22 {
            let s = Self.validString(UnsafeBufferPointer(start: p + start, count: i - start))
            i += 1
            return s
        }
        // Escapes: decode into a copy.
        var bytes = Array(UnsafeBufferPointer(start: p + start, count: i - start))
        while i < n {
            let b = p[i]
            if b == 0x22 {
                i += 1
                return bytes.withUnsafeBufferPointer { Self.validString($0) }
            }
            if b < 0x20 { return nil }
            if b != 0x5C {
                bytes.append(b)
                i += 1
                continue
            }
            guard i + 1 < n else { return nil }
            switch p[i + 1] {
            case 0x22: bytes.append(0x22)
            case 0x5C: bytes.append(0x5C)
            case 0x2F: bytes.append(0x2F)
            case 0x62: bytes.append(0x08)
            case 0x66: bytes.append(0x0C)
            case 0x6E: bytes.append(0x0A)
            case 0x72: bytes.append(0x0D)
            case 0x74: bytes.append(0x09)
            case 0x75:
                guard var unit = hex4(i + 2) else { return nil }
                i += 6
                if unit >= 0xDC00 && unit <= 0xDFFF { return nil }
                if unit >= 0xD800 && unit <= 0xDBFF {
                    guard i + 1 < n, p[i] == 0x5C, p[i + 1] == 0x75, let low = hex4(i + 2),
                          low >= 0xDC00 && low <= 0xDFFF else { return nil }
                    unit = 0x1_0000 + (unit - 0xD800) << 10 + (low - 0xDC00)
                    i += 6
                }
                bytes.append(contentsOf: String(Character(Unicode.Scalar(unit)!)).utf8)
                continue
            default:
                return nil
            }
            i += 2
        }
        return nil
    }

    private func hex4(_ at: Int) -> UInt32? { JSONHex.quad(p, at: at, end: n) }

    /// The string of `bytes` if they are valid UTF-8, else nil. Decoding repairs what is
    /// invalid (an ill-formed sequence becomes U+FFFD), so the bytes come back unchanged
    /// exactly when they were valid; `String(validating:as:)` took ~1,200 instructions
    /// for a 12-byte phrase, a fifth of the start-up of a 50,000-entry list.
    static func validString(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        var s = String(decoding: bytes, as: UTF8.self)
        let same = s.withUTF8 { u in
            u.count == bytes.count && (u.count == 0 || memcmp(u.baseAddress!, bytes.baseAddress!, u.count) == 0)
        }
        return same ? s : nil
    }

    /// Checks and steps over any value (`depth`: of the container holding it).
    private mutating func skipValue(depth: Int) -> Bool {
        guard i < n, depth <= Self.maxDepth else { return false }
        switch p[i] {
        case 0x22:
            return string() != nil
        case 0x7B:
            return object { reader, _ in reader.skipValue(depth: depth + 1) }
        case 0x5B:
            return sequence(0x5B, 0x5D) { reader in reader.skipValue(depth: depth + 1) }
        case 0x74: return literal("true")
        case 0x66: return literal("false")
        case 0x6E: return literal("null")
        default: return number()
        }
    }

    private mutating func literal(_ word: StaticString) -> Bool {
        let count = word.utf8CodeUnitCount
        guard i + count <= n else { return false }
        for k in 0..<count where p[i + k] != word.utf8Start[k] { return false }
        i += count
        return true
    }

    /// RFC 8259: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
    private mutating func number() -> Bool {
        func digits(_ r: inout CommunityListReader) -> Bool {
            let start = r.i
            while r.i < r.n && r.p[r.i] &- 0x30 < 10 { r.i += 1 }
            return r.i > start
        }
        if i < n && p[i] == 0x2D { i += 1 }
        guard i < n, p[i] &- 0x30 < 10 else { return false }
        if p[i] == 0x30 {
            i += 1
        } else {
            _ = digits(&self)
        }
        if i < n && p[i] == 0x2E {
            i += 1
            guard digits(&self) else { return false }
        }
        if i < n && (p[i] == 0x65 || p[i] == 0x45) {
            i += 1
            if i < n && (p[i] == 0x2B || p[i] == 0x2D) { i += 1 }
            guard digits(&self) else { return false }
        }
        return true
    }

    private mutating func skipSpace() {
        while i < n {
            switch p[i] {
            case 0x20, 0x09, 0x0A, 0x0D: i += 1
            default: return
            }
        }
    }
}
