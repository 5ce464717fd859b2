// NDJSONRecord: one line → MessageFields or a RecordError. Expected values
// come from RFC 8259 (JSON) and RFC 3629 (UTF-8), worked out by hand.
import Foundation
import Testing
@testable import SiftInput
@testable import SiftOutput
@testable import SiftStream

private func parse(_ line: String, _ fields: FieldNames = FieldNames()) -> Result<MessageFields, RecordError> {
    parse(Array(line.utf8), fields)
}

private func parse(_ bytes: [UInt8], _ fields: FieldNames = FieldNames()) -> Result<MessageFields, RecordError> {
    bytes.withUnsafeBufferPointer { NDJSONRecord.parse($0, fields: fields) }
}

private func fields(_ sender: String, _ body: String, _ idJSON: String?) -> MessageFields {
    MessageFields(sender: sender, body: body, idJSON: idJSON)
}

private func failure(_ message: String, _ offset: Int) -> Result<MessageFields, RecordError> {
    .failure(RecordError(message, at: offset))
}

@Suite("NDJSON records")
struct NDJSONRecordTests {
    // MARK: Valid lines

    @Test("field values", arguments: [
        (#"{"sender":"Bank","body":"Hi","id":"m-1"}"#, fields("Bank", "Hi", #""m-1""#)),
        (#"{"id":42,"sender":"x","body":"y"}"#, fields("x", "y", "42")),
        (#"{"id":-0.5e10}"#, fields("", "", "-0.5e10")),
        (#"{"id":0}"#, fields("", "", "0")),
        (#"{"id":-0}"#, fields("", "", "-0")),
        (#"{"id":1e-7}"#, fields("", "", "1e-7")),
        (#"{"id":"ü"}"#, fields("", "", #""ü""#)),
        (#"{"sender":"a"}"#, fields("a", "", nil)),
        (#"{"sender":null,"body":"b","id":null}"#, fields("", "b", nil)),
        (#"{"sender":12345,"body":"b"}"#, fields("12345", "b", nil)),
        (#"{"sender":1.5E+3}"#, fields("1.5E+3", "", nil)),
        (#"{"body":""}"#, fields("", "", nil)),
        (#"{}"#, fields("", "", nil)),
        (#"{"other":1}"#, fields("", "", nil)),
        (" { \"sender\" : \"a\" ,\t\"body\" : \"b\" } \t\r", fields("a", "b", nil)),
        ("{\"sender\":\"a\"}\r\n", fields("a", "", nil)),
        ("\u{FEFF}{\"sender\":\"a\"}", fields("a", "", nil)),
        (#"{"meta":{"a":[1,2,{"b":null}],"c":true,"d":false,"e":"x\"y"},"sender":"s","body":"b","tags":[]}"#, fields("s", "b", nil)),
        (#"{"a":[[],{},[{}],-1.0E-2,"",null]}"#, fields("", "", nil)),
        (#"{"senders":"x","send":"y","Sender":"z"}"#, fields("", "", nil)),
    ] as [(String, MessageFields)])
    func values(line: String, expected: MessageFields) {
        #expect(parse(line) == .success(expected))
    }

    @Test("duplicate keys: the last one wins", arguments: [
        (#"{"sender":"a","sender":"b"}"#, fields("b", "", nil)),
        (#"{"sender":true,"sender":"b"}"#, fields("b", "", nil)),
        (#"{"id":1,"id":null}"#, fields("", "", nil)),
        (#"{"id":"x","id":2}"#, fields("", "", "2")),
    ] as [(String, MessageFields)])
    func duplicateKeys(line: String, expected: MessageFields) {
        #expect(parse(line) == .success(expected))
    }

    @Test("escapes are decoded", arguments: [
        (#"{"body":"a\nb\t\"q\" \\ \/ \u00e9\u20AC"}"#, "a\nb\t\"q\" \\ / é€"),
        (#"{"body":"\b\f\r"}"#, "\u{8}\u{C}\r"),
        (#"{"body":"\u0000"}"#, "\u{0}"),
        (#"{"body":"\ud83d\ude00"}"#, "😀"),
        (#"{"body":"\uD83D\uDE00!"}"#, "😀!"),
        (#"{"body":"x\uDBFF\uDFFFy"}"#, "x\u{10FFFF}y"),
        (#"{"body":"\u0041\u00410123456789abcdef\"0123456789"}"#, "AA0123456789abcdef\"0123456789"),
        (#"{"body":"0123456789abcdef\\"}"#, "0123456789abcdef\\"),
        (#"{"body":"привет 😀 مرحبا"}"#, "привет 😀 مرحبا"),
        (#"{"s\u0065nder":"a","body":"\u0062"}"#, "b"),
    ] as [(String, String)])
    func escapes(line: String, body: String) {
        #expect((try? parse(line).get())?.body == body)
        // The readers' path decodes into bytes, with text already in the scratch before it.
        var bytes: [UInt8] = Array("before".utf8)
        let raw = Array(line.utf8)
        let decoded = raw.withUnsafeBufferPointer { r -> [UInt8]? in
            guard case .success(let m) = NDJSONRecord.parse(r, fields: FieldNames(), into: &bytes) else { return nil }
            return bytes.withUnsafeBufferPointer { Array(m.body(r, $0)) }
        }
        #expect(decoded == Array(body.utf8))
    }

    @Test("an escaped key matches its decoded name")
    func escapedKey() {
        #expect(parse(#"{"s\u0065nder":"a","b\/dy":"x"}"#, FieldNames(body: "b/dy")) == .success(fields("a", "x", nil)))
    }

    @Test("a string id is re-encoded as a JSON string", arguments: [
        (#"{"id":"m-1"}"#, #""m-1""#),
        (#"{"id":"a\u0041\"b\/c"}"#, #""aA\"b/c""#),
        (#"{"id":"a\u001fb\u000A"}"#, #""a\u001fb\n""#),
        (#"{"id":"\ud83d\ude00"}"#, #""😀""#),
        (#"{"id":""}"#, #""""#),
    ])
    func stringID(line: String, idJSON: String) {
        #expect((try? parse(line).get())?.idJSON == idJSON)
    }

    @Test("renamed fields")
    func renamedFields() {
        let renamed = FieldNames(sender: "from", body: "text", id: "msg_id")
        let line = #"{"from":"a","text":"b","msg_id":7,"sender":"x","body":"y","id":"z"}"#
        #expect(parse(line, renamed) == .success(fields("a", "b", "7")))

        var assigned = FieldNames()
        assigned.sender = "from"
        assigned.body = "text"
        assigned.id = "msg_id"
        #expect(assigned == renamed)
        #expect(parse(line, assigned) == .success(fields("a", "b", "7")))
        #expect(parse(#"{"from":false}"#, assigned) == failure("field \"from\" is not a string", 8))
    }

    @Test("one key may feed two fields")
    func sharedKey() {
        #expect(parse(#"{"x":"v"}"#, FieldNames(sender: "x", body: "x")) == .success(fields("v", "v", nil)))
    }

    // MARK: Invalid lines

    @Test("bad JSON is reported with its offset", arguments: [
        (#"{"sender":"a"} x"#, "bad JSON: trailing characters after object", 15),
        (#"{"a":1}{"b":2}"#, "bad JSON: trailing characters after object", 7),
        (#"{"a":1}}"#, "bad JSON: trailing characters after object", 7),
        ("{\"a\":1}\u{0}", "bad JSON: trailing characters after object", 7),
        (#"{"sender" "a"}"#, "bad JSON: expected ':' after key", 10),
        (#"{"a":{"b" 1}}"#, "bad JSON: expected ':' after key", 10),
        (#"{"a":1 "b":2}"#, "bad JSON: expected ',' or '}' after value", 7),
        (#"{"a":nulll}"#, "bad JSON: expected ',' or '}' after value", 9),
        (#"{"a":[1 2]}"#, "bad JSON: expected ',' or ']' after value", 8),
        (#"{"a":[1,]}"#, "bad JSON: expected a value", 8),
        (#"{"x":1,}"#, "bad JSON: expected '\"' to start a key", 7),
        (#"{"a":1,,"b":2}"#, "bad JSON: expected '\"' to start a key", 7),
        (#"{'a':1}"#, "bad JSON: expected '\"' to start a key", 1),
        (#"{a:1}"#, "bad JSON: expected '\"' to start a key", 1),
        (#"[1]"#, "bad JSON: expected '{'", 0),
        (#""x""#, "bad JSON: expected '{'", 0),
        (" \u{FEFF}{}", "bad JSON: expected '{'", 1),
        (#"{"x":.5}"#, "bad JSON: expected a value", 5),
        (#"{"x":+1}"#, "bad JSON: expected a value", 5),
        (#"{"x":True}"#, "bad JSON: expected a value", 5),
        (#"{"x":}"#, "bad JSON: expected a value", 5),
        (#"{"x":tru}"#, "bad JSON: invalid literal", 5),
        (#"{"x":nul"#, "bad JSON: invalid literal", 5),
        (#"{"x":01}"#, "bad JSON: leading zero in number", 5),
        (#"{"x":-01}"#, "bad JSON: leading zero in number", 5),
        (#"{"x":00}"#, "bad JSON: leading zero in number", 5),
        (#"{"x":-}"#, "bad JSON: invalid number", 5),
        (#"{"x":1.}"#, "bad JSON: invalid number", 5),
        (#"{"x":1.e5}"#, "bad JSON: invalid number", 5),
        (#"{"x":1e}"#, "bad JSON: invalid number", 5),
        (#"{"x":1.5e+}"#, "bad JSON: invalid number", 5),
        (#"{"x":-a}"#, "bad JSON: invalid number", 5),
        (#"{"x":1"#, "bad JSON: unexpected end of record", 6),
        (#"{"x":"#, "bad JSON: unexpected end of record", 5),
        (#"{"#, "bad JSON: unexpected end of record", 1),
        ("", "bad JSON: unexpected end of record", 0),
        (" \r", "bad JSON: unexpected end of record", 2),
        (#"{"x":"abc"#, "bad JSON: unterminated string", 5),
        (#"{"a":"x\"}"#, "bad JSON: unterminated string", 5),
        (#"{"a":"b\"#, "bad JSON: unterminated string", 5),
        (#"{"body":"\q"}"#, "bad JSON: invalid escape", 9),
        (#"{"body":"\x41"}"#, "bad JSON: invalid escape", 9),
        (#"{"body":"\U00e9"}"#, "bad JSON: invalid escape", 9),
        (#"{"body":"\u12G4"}"#, "bad JSON: invalid \\u escape", 9),
        (#"{"body":"\u12"}"#, "bad JSON: invalid \\u escape", 9),
        (#"{"body":"\ud83d"}"#, "bad JSON: lone surrogate in \\u escape", 9),
        (#"{"body":"\ude00"}"#, "bad JSON: lone surrogate in \\u escape", 9),
        (#"{"body":"\ude00\ud83d"}"#, "bad JSON: lone surrogate in \\u escape", 9),
        (#"{"body":"\ud83d\u0041"}"#, "bad JSON: lone surrogate in \\u escape", 9),
        (#"{"body":"\ud83d\ud83d"}"#, "bad JSON: lone surrogate in \\u escape", 9),
        (#"{"body":"\ud83dx"}"#, "bad JSON: lone surrogate in \\u escape", 9),
        (#"{"k":["\udfff"]}"#, "bad JSON: lone surrogate in \\u escape", 7),
        ("{\"body\":\"a\tb\"}", "bad JSON: unescaped control character in string", 10),
        ("{\"body\":\"0123456789abcdef\nb\"}", "bad JSON: unescaped control character in string", 25),
        ("{\"bo\u{1}dy\":1}", "bad JSON: unescaped control character in string", 4),
    ] as [(String, String, Int)])
    func badJSON(line: String, message: String, offset: Int) {
        #expect(parse(line) == failure(message, offset))
    }

    @Test("wrong field types", arguments: [
        (#"{"sender":true}"#, "field \"sender\" is not a string", 10),
        (#"{"sender":false}"#, "field \"sender\" is not a string", 10),
        (#"{"body":{"a":1}}"#, "field \"body\" is not a string", 8),
        (#"{"body":[]}"#, "field \"body\" is not a string", 8),
    ] as [(String, String, Int)])
    func wrongTypes(line: String, message: String, offset: Int) {
        #expect(parse(line) == failure(message, offset))
    }

    // An id only labels the verdict: a message is not lost over its shape (mongoexport
    // writes {"$oid":"…"}). It is copied as written, as docs/formats.md "Output" says of ids.
    @Test("an id of any JSON type is copied as written", arguments: [
        (#"{"id":true,"body":"x"}"#, "true"),
        (#"{"id":[1, 2],"body":"x"}"#, "[1, 2]"),
        (#"{"id":{},"body":"x"}"#, "{}"),
        (#"{"_id":{"$oid":"65a1"},"body":"x"}"#, #"{"$oid":"65a1"}"#),
    ])
    func anyIDType(line: String, idJSON: String) {
        var f = FieldNames()
        f.id = line.hasPrefix(#"{"_id""#) ? "_id" : "id"
        #expect(parse(line, f) == .success(fields("", "x", idJSON)))
        var bytes: [UInt8] = []
        let raw = Array(line.utf8)
        let m = raw.withUnsafeBufferPointer { NDJSONRecord.parse($0, fields: f, into: &bytes) }
        let id = try? m.get().idJSON.map { String(decoding: raw[$0], as: UTF8.self) }
        #expect(id == idJSON)
    }

    @Test("a bad value is reported before a wrong field type")
    func syntaxBeforeType() {
        #expect(parse(#"{"sender":true,"x":01}"#) == failure("bad JSON: leading zero in number", 19))
    }

    @Test("invalid UTF-8 is reported where it starts", arguments: [
        (Array(#"{"body":""#.utf8) + [0xC3, 0x28] + Array(#""}"#.utf8), 9),      // lead byte, no continuation
        (Array(#"{"body":""#.utf8) + [0xC0, 0xAF] + Array(#""}"#.utf8), 9),      // overlong "/"
        (Array(#"{"body":""#.utf8) + [0xE0, 0x80, 0xAF] + Array(#""}"#.utf8), 9), // overlong 3-byte
        (Array(#"{"body":""#.utf8) + [0xED, 0xA0, 0x80] + Array(#""}"#.utf8), 9), // encoded surrogate U+D800
        (Array(#"{"body":""#.utf8) + [0xF4, 0x90, 0x80, 0x80] + Array(#""}"#.utf8), 9), // above U+10FFFF
        (Array(#"{"body":""#.utf8) + [0xF5, 0x80, 0x80, 0x80] + Array(#""}"#.utf8), 9),
        (Array(#"{"body":""#.utf8) + [0xFF] + Array(#""}"#.utf8), 9),
        (Array(#"{"body":""#.utf8) + [0x80] + Array(#""}"#.utf8), 9),            // lone continuation
        (Array(#"{"body":""#.utf8) + [0xE2, 0x82] + Array(#""}"#.utf8), 9),      // truncated "€"
        (Array(#"{"body":"ab"#.utf8) + [0xE2, 0x82, 0xAC, 0xFE] + Array(#""}"#.utf8), 14),
        (Array(#"{"body":"0123456789abcdef"#.utf8) + [0xFF] + Array(#""}"#.utf8), 25),
        (Array(#"{"body":""#.utf8) + [0xF0, 0x9F, 0x98], 9),                      // truncated at the end
        (Array(#"{"body":"é é "#.utf8) + [0xFF] + Array(#""}"#.utf8), 15),        // inside a run of non-ASCII text
        (Array(#"{"body":"é 123456789"#.utf8) + [0xC3] + Array(#""}"#.utf8), 21), // after the run gave way to the word search
        (Array(#"{""#.utf8) + [0xFF] + Array(#"":1}"#.utf8), 2),                  // in a key
        (Array(#"{"m":[""#.utf8) + [0xC3] + Array(#""]}"#.utf8), 7),              // in a skipped value
        (Array(#"{"a":1}"#.utf8) + [0xFF], 7),                                    // after the object
        ([0x7B, 0x80], 1),                                                        // where a key should be
        ([0xEF, 0xBB], 0),                                                        // half a BOM
    ] as [([UInt8], Int)])
    func invalidUTF8(bytes: [UInt8], offset: Int) {
        #expect(parse(bytes) == failure("invalid UTF-8", offset))
    }

    @Test("non-ASCII text then a quote, an escape or a control character", arguments: [
        (#"{"body":"שלום לך","sender":"ב"}"#, "שלום לך", nil as Int?),
        (#"{"body":"é\nü\"x","sender":""}"#, "é\nü\"x", nil),
        ("{\"body\":\"é \u{01}\"}", "", 12),
    ] as [(String, String, Int?)])
    func nonASCIIRuns(line: String, body: String, controlAt: Int?) {
        if let offset = controlAt {
            #expect(parse(line) == failure("bad JSON: unescaped control character in string", offset))
        } else if case .success(let m) = parse(line) {
            #expect(m.body == body)
        } else {
            Issue.record("\(line) did not parse")
        }
    }

    @Test("RecordError describes itself with the offset")
    func errorDescription() {
        #expect(RecordError("invalid UTF-8", at: 12).description == "invalid UTF-8 at byte 12")
    }

    // MARK: Nesting

    @Test("nesting up to 128 levels is accepted", arguments: [false, true])
    func deepestAccepted(objects: Bool) {
        // The top-level object is level 1, so 127 more containers reach 128.
        #expect(parse(nested(127, objects: objects)) == .success(fields("", "", nil)))
    }

    @Test("nesting past 128 levels is an error, not a crash", arguments: [128, 100_000])
    func tooDeep(containers: Int) {
        // `{"a":` is 5 bytes; the 128th container opens the 129th level.
        #expect(parse(nested(containers, objects: false)) == failure("bad JSON: nesting deeper than 128", 5 + 127))
    }

    private func nested(_ count: Int, objects: Bool) -> String {
        let open = objects ? #"{"a":"# : "["
        let close = objects ? "}" : "]"
        return #"{"a":"# + String(repeating: open, count: count) + (objects ? "1" : "") + String(repeating: close, count: count) + "}"
    }

    // MARK: Blank lines and annotation

    @Test("blank lines", arguments: [
        ("", true), (" ", true), ("\t \r", true), ("\r\n", true), ("\u{FEFF}", true), ("\u{FEFF} \r", true),
        ("{}", false), (" x", false), ("\u{FEFF}{}", false), ("\u{A0}", false), ("\u{0}", false),
    ])
    func blank(line: String, isBlank: Bool) {
        #expect(Array(line.utf8).withUnsafeBufferPointer { NDJSONRecord.isBlank($0) } == isBlank)
    }

    @Test("where --annotate splices", arguments: [
        (#"{"a":1}"#, NDJSONRecord.ObjectEnd(closingBrace: 6, isEmpty: false)),
        (#"{}"#, NDJSONRecord.ObjectEnd(closingBrace: 1, isEmpty: true)),
        ("{ }\r", NDJSONRecord.ObjectEnd(closingBrace: 2, isEmpty: true)),
        (#"{"a":"{"}  "#, NDJSONRecord.ObjectEnd(closingBrace: 8, isEmpty: false)),
        (#"{"a":{}}"#, NDJSONRecord.ObjectEnd(closingBrace: 7, isEmpty: false)),
        ("\u{FEFF}{}", NDJSONRecord.ObjectEnd(closingBrace: 4, isEmpty: true)),
        ("[1]", nil),
        ("", nil),
    ] as [(String, NDJSONRecord.ObjectEnd?)])
    func objectEnd(line: String, expected: NDJSONRecord.ObjectEnd?) {
        #expect(Array(line.utf8).withUnsafeBufferPointer { NDJSONRecord.objectEnd($0) } == expected)
    }

    // MARK: Fixtures

    private static let fixtures = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures")

    /// Non-blank lines of a fixture, split on LF as the reader does.
    private func lines(_ name: String) throws -> [[UInt8]] {
        let data = try Data(contentsOf: Self.fixtures.appendingPathComponent(name))
        return data.split(separator: 0x0A, omittingEmptySubsequences: false).map { Array($0) }
            .filter { !$0.withUnsafeBufferPointer { NDJSONRecord.isBlank($0) } }
    }

    @Test("valid fixture")
    func validFixture() throws {
        let results = try lines("valid/stream-messages.ndjson").map { parse($0) }
        #expect(results == [
            .success(fields("VM-HDFCBK", "Your a/c is credited with Rs 500.", #""m-1""#)),
            .success(fields("+15551234567", "Lunch at 1?\nCall me 😀", "2")),
            .success(fields("Shop", "50% off \"today\"", nil)),
            .success(fields("", "no sender", #""m\"4""#)),
        ])
    }

    @Test("invalid fixture: one bad line each")
    func invalidFixture() throws {
        let results = try lines("invalid/stream-bad-lines.ndjson").map { parse($0) }
        #expect(results == [
            failure("bad JSON: expected ':' after key", 10),
            failure("bad JSON: trailing characters after object", 26),
            failure("bad JSON: leading zero in number", 6),
            failure("bad JSON: lone surrogate in \\u escape", 9),
            failure("field \"body\" is not a string", 8),
            failure("bad JSON: unexpected end of record", 13),
        ])
    }
}
