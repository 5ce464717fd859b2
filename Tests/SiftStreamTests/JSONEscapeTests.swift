// JSONEscape and FieldEscape. Expected values come from RFC 8259 §7 (JSON
// strings), RFC 4180 (CSV fields) and the TSV rules in docs/formats.md "Output".
import Testing
@testable import SiftInput
@testable import SiftOutput
@testable import SiftStream

private func appended(_ body: (inout [UInt8]) -> Void) -> String {
    var out: [UInt8] = []
    body(&out)
    return String(decoding: out, as: UTF8.self)
}

@Suite("Output escaping")
struct JSONEscapeTests {
    @Test("text as a JSON string", arguments: [
        ("", #""""#),
        ("abc", #""abc""#),
        ("a\"b", #""a\"b""#),
        ("a\\b", #""a\\b""#),
        ("\n\r\t\u{8}\u{C}", #""\n\r\t\b\f""#),
        ("\u{0}\u{1F}\u{1}\u{1B}", #""\u0000\u001f\u0001\u001b""#),
        ("\u{7F}", "\"\u{7F}\""),
        ("é😀/ <>&'", #""é😀/ <>&'""#),
        ("0123456789abcdef\"0123456789abcdef", #""0123456789abcdef\"0123456789abcdef""#),
    ])
    func quoted(text: String, json: String) {
        #expect(appended { JSONEscape.appendQuoted(text, to: &$0) } == json)
        #expect(JSONEscape.quoted(text) == json)
        var copy = text
        #expect(copy.withUTF8 { bytes in appended { JSONEscape.appendQuoted(utf8: bytes, to: &$0) } } == json)
    }

    @Test("appending keeps what the buffer held")
    func appends() {
        var out = Array("[".utf8)
        JSONEscape.appendQuoted("a", to: &out)
        #expect(String(decoding: out, as: UTF8.self) == #"["a""#)
    }

    @Test("raw bytes as a JSON string: invalid UTF-8 as \\xNN", arguments: [
        ([], #""""#),
        ([0x61, 0xFF, 0x62], #""a\\xffb""#),
        ([0xC3, 0xA9], #""é""#),
        ([0xC3], #""\\xc3""#),
        ([0xC3, 0x28], #""\\xc3(""#),
        ([0xED, 0xA0, 0x80], #""\\xed\\xa0\\x80""#),
        ([0xC0, 0xAF], #""\\xc0\\xaf""#),
        ([0xF0, 0x9F, 0x98, 0x80], #""😀""#),
        ([0xF0, 0x9F, 0x98], #""\\xf0\\x9f\\x98""#),
        ([0x22, 0x5C, 0x0A, 0x01], #""\"\\\n\u0001""#),
        ([0x7B, 0x22, 0x61, 0x22, 0x3A, 0x80, 0x7D], #""{\"a\":\\x80}""#),
    ] as [([UInt8], String)])
    func raw(bytes: [UInt8], json: String) {
        #expect(bytes.withUnsafeBufferPointer { bytes in appended { JSONEscape.appendQuotedRaw(bytes, to: &$0) } } == json)
    }

    @Test("raw output is valid JSON whose text shows the bad bytes", arguments: [
        ([0x61, 0xFF, 0x62], "a\\xffb"),
        ([0x22, 0x5C, 0xC3, 0xA9, 0x09, 0xE2, 0x82], "\"\\é\t\\xe2\\x82"),
    ] as [([UInt8], String)])
    func rawRoundTrip(bytes: [UInt8], text: String) {
        var line = Array(#"{"body":"#.utf8)
        bytes.withUnsafeBufferPointer { JSONEscape.appendQuotedRaw($0, to: &line) }
        line.append(0x7D)
        let parsed = line.withUnsafeBufferPointer { NDJSONRecord.parse($0, fields: FieldNames()) }
        #expect((try? parsed.get())?.body == text)
    }

    @Test("TSV fields", arguments: [
        ("", ""),
        ("plain text", "plain text"),
        ("a\tb", #"a\tb"#),
        ("a\nb\r", #"a\nb\r"#),
        ("a\\b", #"a\\b"#),
        ("\\t", #"\\t"#),
        ("é,\"x\"", "é,\"x\""),
    ])
    func tsv(text: String, field: String) {
        #expect(appended { FieldEscape.appendTSV(text, to: &$0) } == field)
    }

    @Test("CSV fields", arguments: [
        ("", ""),
        ("plain", "plain"),
        (" a ", " a "),
        ("a,b", "\"a,b\""),
        ("say \"hi\"", "\"say \"\"hi\"\"\""),
        ("\"", "\"\"\"\""),
        ("a\nb", "\"a\nb\""),
        ("a\rb", "\"a\rb\""),
        ("tab\there", "tab\there"),
    ])
    func csv(text: String, field: String) {
        #expect(appended { FieldEscape.appendCSV(text, to: &$0) } == field)
    }

    @Test("a written CSV row reads back", arguments: [
        ["a", "b,c", "say \"hi\"", "", "line1\r\nline2", "\"", "é😀"],
    ])
    func csvRoundTrip(fields: [String]) {
        var row: [UInt8] = []
        for (k, field) in fields.enumerated() {
            if k > 0 { row.append(0x2C) }
            FieldEscape.appendCSV(field, to: &row)
        }
        #expect(row.withUnsafeBufferPointer { CSVRecord.parseFields($0) } == .success(fields))
    }
}

/// Record numbers in verdict lines: two digits per division from a table of pairs.
@Suite struct DecimalTests {
    @Test(arguments: [0, 5, 9, 10, 11, 42, 99, 100, 101, 999, 1000, 1001, 65536, 1_000_000, 9_999_999_999, Int.max, -1, -10, -100, Int.min])
    func writesAsSwiftPrintsIt(_ n: Int) {
        var out: [UInt8] = Array("x".utf8)
        appendDecimal(n, &out)
        #expect(String(decoding: out, as: UTF8.self) == "x\(n)")
        var head = [UInt8](repeating: 0, count: 48)
        let count = head.withUnsafeMutableBufferPointer { RecordFormatter.headBytes(record: n, withID: true, into: $0.baseAddress!) }
        #expect(String(decoding: head[..<count], as: UTF8.self) == "{\"record\":\(n),\"id\":")
    }
}
