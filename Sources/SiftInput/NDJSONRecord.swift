// One NDJSON line → the fields a message needs.
//
// Who does what:
// - The reader splits input on LF and hands each line (LF stripped; a
//   trailing CR may stay, it is JSON whitespace) to `NDJSONRecord.parse`,
//   after skipping lines for which `NDJSONRecord.isBlank` is true.
// - `parse` validates the whole line as exactly one JSON object (RFC 8259)
//   followed only by whitespace, validates UTF-8 everywhere, and yields the
//   sender, body and id named by `FieldNames` as `MessageFields`. Any
//   problem is a `RecordError` with a message and the 0-based byte offset in
//   the line; `parse` never throws or traps on input.
// - `objectEnd` tells the `--annotate` writer where to splice
//   `,"verdict":{…}` into a line that `parse` accepted.
//
// Public API:
//   struct FieldNames      { var sender, body, id: String; init(); init(sender:body:id:) }
//   struct MessageFields   { var sender: String; var body: String; var idJSON: String? }
//   struct MessageBytes    { var sender, body: Range<Int>; var idJSON: Range<Int>?; …InRecord flags }  // into the record or a scratch buffer
//   struct RecordError     { var message: String; var byteOffset: Int }  // description "message at byte N"
//   enum NDJSONRecord {
//     static func parse(_ line: UnsafeBufferPointer<UInt8>, fields: FieldNames) -> Result<MessageFields, RecordError>
//     static func parse(_ line:, fields:, into bytes: inout [UInt8]) -> Result<MessageBytes, RecordError>  // the hot path
//     static func isBlank(_ line: UnsafeBufferPointer<UInt8>) -> Bool
//     static func objectEnd(_ line: UnsafeBufferPointer<UInt8>) -> NDJSONRecord.ObjectEnd?
//   }
//
// Field values: a string gives its decoded text; a number gives its literal
// text; null or a missing key gives "" (sender, body) or nil (id); a sender or
// body of another type is an error. `idJSON` is the id ready to write as a
// JSON value: a string as a JSON string literal, any other value verbatim
// (the bytes variant copies every value exactly as written). When a key repeats,
// the last one wins (and only its type is checked).
//
// The scanner itself is in NDJSONScanner.swift.
//
// Speed: one pass over the bytes with no allocation; the wanted values are
// remembered as byte spans and turned into Strings only once the whole line
// is known to be valid. String contents are scanned eight bytes at a time;
// a string without escapes becomes one `String(decoding:as:)` of its bytes,
// one with escapes is decoded straight into the new String's storage.
// Containers nest at most `maxDepth` deep (the top-level object counts as 1).

/// Which keys hold the sender, body and id (after `--field` renames).
public struct FieldNames: Sendable, Equatable {
    /// The key (NDJSON) or column (CSV) holding the sender.
    public var sender: String { didSet { senderKey = Array(sender.utf8) } }
    /// The key or column holding the message body.
    public var body: String { didSet { bodyKey = Array(body.utf8) } }
    /// The key or column holding the optional message id.
    public var id: String { didSet { idKey = Array(id.utf8) } }
    /// The key or column holding a label (`eval --label`); empty: none is read.
    public var label: String = "" { didSet { labelKey = Array(label.utf8) } }

    // UTF-8 of the names, kept in step by the observers so parsing compares bytes.
    private(set) var senderKey: [UInt8]
    private(set) var bodyKey: [UInt8]
    private(set) var idKey: [UInt8]
    private(set) var labelKey: [UInt8] = []

    /// The default names: `sender`, `body`, `id`.
    public init() {
        self.init(sender: "sender", body: "body", id: "id")
    }

    /// Names given explicitly; unnamed ones keep their default.
    public init(sender: String = "sender", body: String = "body", id: String = "id") {
        self.sender = sender
        self.body = body
        self.id = id
        senderKey = Array(sender.utf8)
        bodyKey = Array(body.utf8)
        idKey = Array(id.utf8)
    }

    /// Two sets of names are equal when they name the same keys.
    public static func == (a: FieldNames, b: FieldNames) -> Bool {
        a.sender == b.sender && a.body == b.body && a.id == b.id && a.label == b.label
    }
}

/// The fields of one input record that evaluation and output need.
public struct MessageFields: Sendable, Equatable {
    /// The sender as text ("" when absent or null).
    public var sender: String
    /// The message body as text ("" when absent or null).
    public var body: String
    /// The id as a JSON token ready to write (a JSON string literal, or a
    /// number copied verbatim); nil when absent or null.
    public var idJSON: String?

    /// Fields given explicitly.
    public init(sender: String, body: String, idJSON: String?) {
        self.sender = sender
        self.body = body
        self.idJSON = idJSON
    }
}

/// Why one input record could not be read, and where in the record.
/// A record's fields as bytes, for the hot path (no Strings): each range is
/// into the worker's scratch buffer the parser appended to, or, when its
/// `…InRecord` flag says so, into the record's own bytes (a field that needed
/// no decoding is not copied).
public struct MessageBytes: Sendable, Equatable {
    /// The sender's UTF-8.
    public var sender: Range<Int>
    /// The body's UTF-8.
    public var body: Range<Int>
    /// The id as a JSON token ready to write, nil when absent.
    public var idJSON: Range<Int>?
    public var senderInRecord = false, bodyInRecord = false, idInRecord = false
    /// The record has no sender / body field at all (not even null): read as empty.
    public var senderMissing = false, bodyMissing = false
    /// The record's sender / body is JSON null: read as empty.
    public var senderNull = false, bodyNull = false
    /// The object has a top-level `verdict` member (noted only when asked: `--annotate`).
    public var hasVerdictMember = false
    /// The label's text (`FieldNames.label`), nil when it is absent, null or empty.
    public var label: Range<Int>? = nil
    public var labelInRecord = false

    /// Ranges into the scratch buffer.
    public init(sender: Range<Int>, body: Range<Int>, idJSON: Range<Int>?) {
        self.sender = sender; self.body = body; self.idJSON = idJSON
    }

    @inline(__always)
    static func pick(_ range: Range<Int>, inRecord: Bool, _ record: UnsafeBufferPointer<UInt8>, _ scratch: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: (inRecord ? record : scratch)[range])
    }

    /// The sender's bytes, given the record and the scratch buffer.
    public func sender(_ record: UnsafeBufferPointer<UInt8>, _ scratch: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        Self.pick(sender, inRecord: senderInRecord, record, scratch)
    }

    /// The body's bytes, given the record and the scratch buffer.
    public func body(_ record: UnsafeBufferPointer<UInt8>, _ scratch: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        Self.pick(body, inRecord: bodyInRecord, record, scratch)
    }

    /// The label's bytes, given the record and the scratch buffer; nil when there is none.
    public func label(_ record: UnsafeBufferPointer<UInt8>, _ scratch: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8>? {
        label.map { Self.pick($0, inRecord: labelInRecord, record, scratch) }
    }

    /// The id token's bytes, given the record and the scratch buffer; nil when absent.
    public func idJSON(_ record: UnsafeBufferPointer<UInt8>, _ scratch: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8>? {
        idJSON.map { Self.pick($0, inRecord: idInRecord, record, scratch) }
    }
}

public struct RecordError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong, e.g. `bad JSON: expected ':' after key` or `invalid UTF-8`.
    public var message: String
    /// 0-based offset of the offending byte within the record's bytes.
    public var byteOffset: Int

    /// An error at `byteOffset` in the record.
    public init(_ message: String, at byteOffset: Int) {
        self.message = message
        self.byteOffset = byteOffset
    }

    /// `message at byte N`, e.g. `invalid UTF-8 at byte 12`.
    public var description: String { "\(message) at byte \(byteOffset)" }

    /// The message of a record whose bytes are not UTF-8 (counted apart: a whole file of
    /// them is most likely Latin-1 or Windows-1252).
    public static let invalidUTF8 = "invalid UTF-8"
}

/// Parses one NDJSON line (one JSON object) into `MessageFields`.
public enum NDJSONRecord {
    /// Deepest nesting accepted; the top-level object counts as depth 1.
    public static let maxDepth = 128

    /// Where `--annotate` splices a member into a line `parse` accepted.
    public struct ObjectEnd: Sendable, Equatable {
        /// Offset of the object's closing `}`.
        public var closingBrace: Int
        /// True for `{}` (no comma needed before the new member).
        public var isEmpty: Bool

        /// A splice point given explicitly.
        public init(closingBrace: Int, isEmpty: Bool) {
            self.closingBrace = closingBrace
            self.isEmpty = isEmpty
        }
    }

    /// Validates `line` as one JSON object and extracts the named fields.
    /// A leading UTF-8 BOM and surrounding whitespace (space, tab, CR, LF)
    /// are accepted.
    public static func parse(_ line: UnsafeBufferPointer<UInt8>, fields: FieldNames) -> Result<MessageFields, RecordError> {
        guard let base = line.baseAddress else { return .failure(RecordError("bad JSON: unexpected end of record", at: 0)) }
        var scanner = JSONLineScanner(p: base, n: line.count)
        do {
            try scanner.scanTopLevel(fields)
            return .success(try scanner.messageFields(fields))
        } catch {
            return .failure(error)
        }
    }

    /// Like `parse`, without making Strings: the sender and body are appended
    /// (decoded) to `bytes`, and the id as the JSON token it was written as.
    /// The hot path of the reader; `bytes` is a worker's scratch, emptied by the caller.
    /// With `watchVerdict`, notes whether the object has a top-level `verdict` member.
    public static func parse(_ line: UnsafeBufferPointer<UInt8>, fields: FieldNames, into bytes: inout [UInt8],
                             watchVerdict: Bool = false) -> Result<MessageBytes, RecordError> {
        guard let base = line.baseAddress else { return .failure(RecordError("bad JSON: unexpected end of record", at: 0)) }
        var scanner = JSONLineScanner(p: base, n: line.count)
        scanner.watchVerdict = watchVerdict
        do {
            try scanner.scanTopLevel(fields)
            let sender = try scanner.textRange(scanner.sender, name: fields.sender, scratch: &bytes)
            let body = try scanner.textRange(scanner.body, name: fields.body, scratch: &bytes)
            let id = scanner.idTokenRange(scanner.id)
            var m = MessageBytes(sender: sender.range, body: body.range, idJSON: id)
            m.senderInRecord = sender.inRecord
            m.bodyInRecord = body.inRecord
            m.idInRecord = true
            m.senderMissing = scanner.sender.kind == .absent
            m.bodyMissing = scanner.body.kind == .absent
            m.senderNull = scanner.sender.kind == .null
            m.bodyNull = scanner.body.kind == .null
            m.hasVerdictMember = scanner.sawVerdict
            if !fields.labelKey.isEmpty {
                switch scanner.label.kind {
                case .absent, .null, .object, .array: break
                case .boolean, .number, .string, .escapedString:
                    // A boolean reads as written (`true`), as a number does.
                    let r = scanner.label.kind == .boolean
                        ? (range: scanner.label.start..<scanner.label.end, inRecord: true)
                        : try scanner.textRange(scanner.label, name: fields.label, scratch: &bytes)
                    if !r.range.isEmpty { m.label = r.range; m.labelInRecord = r.inRecord }
                }
            }
            return .success(m)
        } catch {
            return .failure(error)
        }
    }

    /// The key `--annotate` adds (and replaces).
    package static let verdictKey = Array("verdict".utf8)

    /// A top-level member of an object: its key (decoded) and where it is, key to end of value.
    public struct Member: Sendable, Equatable {
        public var name: [UInt8]
        public var range: Range<Int>
    }

    /// The top-level members of a line `parse` accepted, in order (nil if it is not an object).
    public static func members(_ line: UnsafeBufferPointer<UInt8>) -> [Member]? {
        guard let base = line.baseAddress else { return nil }
        var scanner = JSONLineScanner(p: base, n: line.count)
        scanner.members = []
        do { try scanner.scanTopLevel(FieldNames()) } catch { return nil }
        return scanner.members
    }

    /// True when `line` holds only whitespace (space, tab, CR, LF), possibly
    /// after a UTF-8 BOM: the reader skips it, it is not a record.
    public static func isBlank(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
        var i = hasBOM(line) ? 3 : 0
        while i < line.count {
            if !isWhitespace(line[i]) { return false }
            i += 1
        }
        return true
    }

    /// The offset of the closing `}` of a line that `parse` accepted, and
    /// whether the object is empty. The writer keeps `line[..<closingBrace]`,
    /// appends `,"verdict":{…}` (no comma when empty) and a `}`. Nil when the
    /// line does not end in an object (only possible if `parse` rejected it).
    public static func objectEnd(_ line: UnsafeBufferPointer<UInt8>) -> ObjectEnd? {
        var i = line.count - 1
        while i >= 0 && isWhitespace(line[i]) { i -= 1 }
        guard i >= 0, line[i] == 0x7D else { return nil }
        var j = i - 1
        while j >= 0 && isWhitespace(line[j]) { j -= 1 }
        // A non-empty object's last member ends in `"`, `}`, `]`, a digit
        // or a letter, never in `{`.
        return ObjectEnd(closingBrace: i, isEmpty: j >= 0 && line[j] == 0x7B)
    }

    @inline(__always)
    static func isWhitespace(_ b: UInt8) -> Bool {
        b == 0x20 || b == 0x0A || b == 0x0D || b == 0x09
    }

    @inline(__always)
    package static func hasBOM(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
        line.count >= 3 && line[0] == 0xEF && line[1] == 0xBB && line[2] == 0xBF
    }
}
