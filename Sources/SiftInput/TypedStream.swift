// The text of a Messages `attributedBody`: an NSAttributedString archived in
// NeXT's typedstream format (NSArchiver). Only the part that holds the string
// is decoded, strictly; anything else is an error naming the byte.
//
//   04 0B "streamtyped"             version 4, signature
//   81 E8 03                        system version (an integer: 1000)
//   84 01 "@"                       the type of the root value: an object
//   84                              a new object, of class
//     84 84 19 "NSMutableAttributedString" 00   a new class: its name (a new
//     84 84 12 "NSAttributedString" 00          shared string) and version,
//     84 84 08 "NSObject" 00 85                 then its superclass; 85: none
//   92                              type "@" again (a reference: 92 + index)
//   84 84 84 0F "NSMutableString" 01 84 84 08 "NSString" 01 95
//                                   the string object; 95: a reference to an
//                                   earlier class (NSObject)
//   84 01 "+" 0A "Noter test"       type "+": a length, then UTF-8 bytes
//   86                              the end of the string object
//   …                               attribute runs, which are not read
//
// Integers: a byte below 0x80 is its value; 0x81 is followed by a 16-bit
// and 0x82 by a 32-bit little-endian value. 0x84 starts something new, 0x85
// is nil, 0x86 ends an object; a byte from 0x92 on refers to the earlier
// shared string (type strings, class names) or object/class of that number,
// counted from 0x92 in the order they first appeared.

/// Decodes the string of a typedstream-archived NSAttributedString.
enum TypedStream {
    struct DecodeError: Error, Equatable, CustomStringConvertible {
        var reason: String
        /// The offset in the blob of the byte where decoding stopped.
        var offset: Int
        var description: String { "\(reason) at byte \(offset)" }
    }

    /// The attributed string's text, or why the bytes hold none.
    static func attributedString(_ bytes: UnsafeRawBufferPointer) -> Result<String, DecodeError> {
        var d = Decoder(bytes: bytes)
        do { return .success(try d.attributedString()) } catch { return .failure(error) }
    }

    static func attributedString(_ bytes: [UInt8]) -> Result<String, DecodeError> {
        bytes.withUnsafeBytes { attributedString($0) }
    }

    private struct Decoder {
        let bytes: UnsafeRawBufferPointer
        var i = 0
        /// Shared strings in the order they appeared (type encodings, class names).
        var strings: [[UInt8]] = []
        /// Objects and classes in the order they appeared; for a class, its name and its
        /// superclasses' names (nil for an object).
        var entries: [[String]?] = []

        init(bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

        static let new: UInt8 = 0x84, none: UInt8 = 0x85, end: UInt8 = 0x86, firstReference: UInt8 = 0x92

        mutating func attributedString() throws(DecodeError) -> String {
            guard bytes.count >= 13, bytes[0] == 4, bytes[1] == 11, bytes[2..<13].elementsEqual("streamtyped".utf8) else {
                throw DecodeError(reason: "not a typedstream (no version 4 \"streamtyped\" header)", offset: 0)
            }
            i = 13
            _ = try integer("the system version")
            try expectType("@", "the root value's type")
            let outer = try newObject("the root object")
            guard outer.contains("NSAttributedString") else {
                throw DecodeError(reason: "the root object is an \(outer.first ?? "?"), not an NSAttributedString", offset: i)
            }
            try expectType("@", "the type of the attributed string's text")
            let inner = try newObject("the attributed string's text")
            guard inner.contains("NSString") else {
                throw DecodeError(reason: "the attributed string's text is an \(inner.first ?? "?"), not an NSString", offset: i)
            }
            try expectType("+", "the type of the string's bytes")
            let start = i
            let length = try integer("the string's length")
            guard length >= 0, length <= bytes.count - i else {
                throw DecodeError(reason: "a string of \(length) bytes runs past the end of the blob (\(bytes.count) bytes)", offset: start)
            }
            let text = UnsafeRawBufferPointer(rebasing: bytes[i..<(i + length)])
            guard let string = String(validating: text, as: UTF8.self) else {
                throw DecodeError(reason: "the string's bytes are not UTF-8", offset: i)
            }
            i += length
            guard try byte("the end of the string object") == Self.end else {
                throw DecodeError(reason: "no end of object after the string", offset: i - 1)
            }
            return string
        }

        mutating func byte(_ what: String) throws(DecodeError) -> UInt8 {
            guard i < bytes.count else { throw DecodeError(reason: "the blob ends before \(what)", offset: i) }
            defer { i += 1 }
            return bytes[i]
        }

        /// An integer: a literal byte, or 0x81/0x82 and 2/4 bytes little-endian (signed).
        mutating func integer(_ what: String) throws(DecodeError) -> Int {
            let at = i
            let b = try byte(what)
            switch b {
            case 0x81, 0x82:
                let width = b == 0x81 ? 2 : 4
                guard bytes.count - i >= width else { throw DecodeError(reason: "the blob ends inside \(what)", offset: i) }
                var v: UInt32 = 0
                for k in 0..<width { v |= UInt32(bytes[i + k]) << (8 * k) }
                i += width
                return width == 2 ? Int(Int16(truncatingIfNeeded: v)) : Int(Int32(bitPattern: v))
            case 0x80..<Self.firstReference:
                throw DecodeError(reason: "tag 0x\(String(b, radix: 16)) where \(what) should be", offset: at)
            default:
                return Int(Int8(bitPattern: b))
            }
        }

        /// A shared string: new (0x84, a length, bytes) or a reference to an earlier one.
        mutating func sharedString(_ what: String) throws(DecodeError) -> [UInt8] {
            let at = i
            let b = try byte(what)
            if b == Self.new {
                let length = try integer("the length of \(what)")
                guard length >= 0, length <= bytes.count - i else {
                    throw DecodeError(reason: "\(what) of \(length) bytes runs past the end of the blob", offset: at)
                }
                let s = Array(bytes[i..<(i + length)])
                i += length
                strings.append(s)
                return s
            }
            guard b >= Self.firstReference, Int(b - Self.firstReference) < strings.count else {
                throw DecodeError(reason: "byte 0x\(String(b, radix: 16)) where \(what) should be", offset: at)
            }
            return strings[Int(b - Self.firstReference)]
        }

        mutating func expectType(_ type: String, _ what: String) throws(DecodeError) {
            let at = i
            let s = try sharedString(what)
            guard s.elementsEqual(type.utf8) else {
                throw DecodeError(reason: "type \"\(String(decoding: s, as: UTF8.self))\" where \(what) should be \"\(type)\"", offset: at)
            }
        }

        /// A new object (0x84) and its class chain: the names of its class and superclasses.
        mutating func newObject(_ what: String) throws(DecodeError) -> [String] {
            let at = i
            guard try byte(what) == Self.new else { throw DecodeError(reason: "no new object where \(what) should start", offset: at) }
            entries.append(nil)
            var added: [(entry: Int, name: String)] = []
            var inherited: [String] = []
            while true {
                let tagAt = i
                let b = try byte("the class of \(what)")
                if b == Self.none { break }
                if b == Self.new {
                    let name = String(decoding: try sharedString("a class name"), as: UTF8.self)
                    _ = try integer("the version of class \(name)")
                    entries.append([])
                    added.append((entries.count - 1, name))
                    continue
                }
                let index = Int(b) - Int(Self.firstReference)
                guard b >= Self.firstReference, index < entries.count, let chain = entries[index] else {
                    throw DecodeError(reason: "byte 0x\(String(b, radix: 16)) where a class of \(what) should be", offset: tagAt)
                }
                inherited = chain
                break
            }
            let names = added.map(\.name) + inherited
            guard !names.isEmpty else { throw DecodeError(reason: "\(what) has no class", offset: at) }
            for (k, a) in added.enumerated() { entries[a.entry] = Array(names[k...]) }
            return names
        }
    }
}
