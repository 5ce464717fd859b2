// The typedstream decoder of `attributedBody` blobs, and the dates of archive
// records. Blobs are built here byte by byte as NSArchiver lays them out (see
// TypedStream.swift), plus one blob from a real Messages database; expected
// dates are worked out from the epochs (Unix 1970, Apple 2001 = 978307200 s).
import Testing
@testable import SiftInput
@testable import SiftOutput
@testable import SiftStream

/// An attributed string's blob: `outer` classes (then nil), `inner` classes ending in a
/// reference to NSObject (entry 3 when the outer chain is three classes long), the text.
func typedStreamBlob(_ text: [UInt8], mutable: Bool = true, lengthBytes: [UInt8]? = nil, tail: [UInt8] = [0x86]) -> [UInt8] {
    func newString(_ s: String) -> [UInt8] { [0x84, UInt8(s.utf8.count)] + Array(s.utf8) }
    var b: [UInt8] = [0x04, 0x0B] + Array("streamtyped".utf8) + [0x81, 0xE8, 0x03]
    b += newString("@")
    b += [0x84]                                                     // the root object
    if mutable { b += [0x84] + newString("NSMutableAttributedString") + [0x00] }
    b += [0x84] + newString("NSAttributedString") + [0x00]
    b += [0x84] + newString("NSObject") + [0x00] + [0x85]
    b += [0x92]                                                     // "@", shared string 0
    b += [0x84]                                                     // the string object
    if mutable { b += [0x84] + newString("NSMutableString") + [0x01] }
    b += [0x84] + newString("NSString") + [0x01]
    b += [mutable ? 0x95 : 0x94]                                    // NSObject: entry 3 (or 2)
    b += newString("+")
    if let lengthBytes { b += lengthBytes } else {
        let n = text.count
        if n < 0x80 { b += [UInt8(n)] }
        else if n < 0x8000 { b += [0x81, UInt8(n & 0xFF), UInt8(n >> 8)] }
        else { b += [0x82, UInt8(n & 0xFF), UInt8((n >> 8) & 0xFF), UInt8((n >> 16) & 0xFF), UInt8(n >> 24)] }
    }
    return b + text + tail
}

private func bytes(hex: String) -> [UInt8] {
    var out: [UInt8] = []
    var i = hex.startIndex
    while i < hex.endIndex {
        let j = hex.index(i, offsetBy: 2)
        out.append(UInt8(hex[i..<j], radix: 16)!)
        i = j
    }
    return out
}

@Suite("TypedStream: attributedBody")
struct TypedStreamTests {
    /// A blob as Messages on macOS wrote it: "Noter test", with its attribute runs after it.
    static let realBlob = bytes(hex: "040b73747265616d747970656481e803840140848484194e534d757461626c6541747472696275746564537472696e67008484124e5341747472696275746564537472696e67008484084e534f626a6563740085928484840f4e534d757461626c65537472696e67018484084e53537472696e67019584012b0a4e6f74657220746573748684026949010a928484840c4e5344696374696f6e617279009584016901928498981d5f5f6b494d4d657373616765506172744174747269627574654e616d658692848484084e534e756d626572008484074e5356616c7565009584012a849b9b00868686")

    @Test func aRealBlob() {
        #expect(TypedStream.attributedString(Self.realBlob) == .success("Noter test"))
    }

    @Test(arguments: [
        ("short", "hello"),
        ("empty", ""),
        ("emoji and astral letters", "ok 😀 𝖍𝖊𝖑𝖑𝖔"),
        ("object replacement characters", "\u{FFFC}test 1\u{FFFC}test 2"),
        ("two-byte length (0x81)", String(repeating: "long text ", count: 30)),
        ("four-byte length (0x82)", String(repeating: "x", count: 40_000)),
    ])
    func decodes(_ name: String, _ text: String) {
        #expect(TypedStream.attributedString(typedStreamBlob(Array(text.utf8))) == .success(text), "\(name)")
        #expect(TypedStream.attributedString(typedStreamBlob(Array(text.utf8), mutable: false)) == .success(text), "\(name), immutable")
    }

    /// Each malformed blob fails with the reason and the byte where decoding stopped.
    @Test func malformedBlobs() {
        func reason(_ b: [UInt8]) -> String? {
            if case .failure(let e) = TypedStream.attributedString(b) { return e.description }
            return nil
        }
        let good = typedStreamBlob(Array("hello".utf8))
        #expect(reason([]) == "not a typedstream (no version 4 \"streamtyped\" header) at byte 0")
        #expect(reason(Array("garbage that is long enough".utf8))?.hasPrefix("not a typedstream") == true)
        #expect(reason([0x05, 0x0B] + Array("streamtyped".utf8) + [0x81, 0xE8, 0x03])?.hasPrefix("not a typedstream") == true)
        // Cut anywhere before the end of the string object: never decoded, never a crash.
        for cut in 13..<(good.count - 1) {
            #expect(reason(Array(good[..<cut])) != nil, "cut at \(cut)")
        }
        #expect(reason(Array(good[..<(good.count - 1)])) == "the blob ends before the end of the string object at byte \(good.count - 1)")
        // A length past the end: 0x7F bytes declared, 5 there.
        let long = typedStreamBlob(Array("hello".utf8), lengthBytes: [0x7F])
        #expect(reason(long)?.hasPrefix("a string of 127 bytes runs past the end of the blob") == true)
        // A negative length (0x81 0xFF 0xFF = -1).
        #expect(reason(typedStreamBlob(Array("hello".utf8), lengthBytes: [0x81, 0xFF, 0xFF]))?.hasPrefix("a string of -1 bytes") == true)
        // Not UTF-8.
        #expect(reason(typedStreamBlob([0x68, 0xFF, 0x69]))?.hasPrefix("the string's bytes are not UTF-8") == true)
        // No end of object after the string.
        #expect(reason(typedStreamBlob(Array("hi".utf8), tail: [0x84]))?.hasPrefix("no end of object after the string") == true)
        // A reference to a shared string that does not exist (0x99 where "@" is referred to).
        var badReference = good
        let at = badReference.firstIndex(of: 0x92)!
        badReference[at] = 0x99
        #expect(reason(badReference) == "byte 0x99 where the type of the attributed string's text should be at byte \(at)")
        // Another root class.
        let dictionary: [UInt8] = [0x04, 0x0B] + Array("streamtyped".utf8) + [0x81, 0xE8, 0x03, 0x84, 0x01, 0x40, 0x84, 0x84, 0x84, 0x0C]
            + Array("NSDictionary".utf8) + [0x00, 0x85, 0x86]
        #expect(reason(dictionary) == "the root object is an NSDictionary, not an NSAttributedString at byte 37")
        // The type of the string's bytes is not "+".
        var notPlus = good
        let plus = notPlus.lastIndex(of: UInt8(ascii: "+"))!
        notPlus[plus] = UInt8(ascii: "*")
        #expect(reason(notPlus) == "type \"*\" where the type of the string's bytes should be \"+\" at byte \(plus - 2)")
    }

    @Test(arguments: [
        (Int64(0), "2001-01-01T00:00:00.000Z"),                          // Apple epoch
        (Int64(700_000_000), "2023-03-08T20:26:40.000Z"),                // seconds (old databases)
        (Int64(700_000_000_123_456_789), "2023-03-08T20:26:40.123Z"),    // nanoseconds
        (Int64(-978_307_200), "1970-01-01T00:00:00.000Z"),               // seconds before 2001
    ])
    func appleDates(_ t: Int64, _ iso: String) {
        #expect(ArchiveRecord.iso8601(unixMilliseconds: RecordReader.unixMilliseconds(appleTime: t)) == iso)
    }

    @Test(arguments: [
        (Int64(0), "1970-01-01T00:00:00.000Z"),
        (Int64(1), "1970-01-01T00:00:00.001Z"),
        (Int64(-1), "1969-12-31T23:59:59.999Z"),
        (Int64(951_782_400_000), "2000-02-29T00:00:00.000Z"),            // leap day of a 400-year
        (Int64(1_700_000_000_000), "2023-11-14T22:13:20.000Z"),
        (Int64(253_402_300_799_999), "9999-12-31T23:59:59.999Z"),
    ])
    func unixDates(_ ms: Int64, _ iso: String) {
        #expect(ArchiveRecord.iso8601(unixMilliseconds: ms) == iso)
    }
}
