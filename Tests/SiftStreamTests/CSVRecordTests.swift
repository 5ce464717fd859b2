// CSVSplitter, CSVRecord and CSVHeader. Expected values come from RFC 4180
// (and RFC 3629 for UTF-8), worked out by hand.
import Foundation
import Testing
@testable import SiftInput
@testable import SiftOutput
@testable import SiftStream

private func parseFields(_ record: String) -> Result<[String], RecordError> {
    parseFields(Array(record.utf8))
}

private func parseFields(_ bytes: [UInt8]) -> Result<[String], RecordError> {
    bytes.withUnsafeBufferPointer { CSVRecord.parseFields($0) }
}

/// Feeds `input` to a splitter `chunk` bytes at a time, carrying the unused
/// tail to the front of the next buffer as a reader does; returns the text
/// of every record ("" for a blank one).
private func splitAll(_ input: [UInt8], chunk: Int) -> [String] {
    var splitter = CSVSplitter()
    var buffer: [UInt8] = []
    var records: [CSVSplitter.Record] = []
    var texts: [String] = []
    var position = 0
    repeat {
        let next = min(position + chunk, input.count)
        buffer += input[position..<next]
        position = next
        records.removeAll()
        let used = buffer.withUnsafeBufferPointer { splitter.split($0, isFinal: position == input.count, into: &records) }
        for record in records {
            #expect(record.isBlank == record.range.isEmpty)
            texts.append(String(decoding: buffer[record.range], as: UTF8.self))
        }
        buffer.removeFirst(used)
    } while position < input.count
    #expect(buffer.isEmpty)
    return texts
}

@Suite("CSV records")
struct CSVRecordTests {
    // MARK: Splitting

    @Test("records split at LF or CRLF outside quotes, in any chunking", arguments: [
        ("a,b\nc,d\n", ["a,b", "c,d"]),
        ("a,b\r\nc,d\r\n", ["a,b", "c,d"]),
        ("a,b\nc,d", ["a,b", "c,d"]),
        ("a,b\r\nc,d\r", ["a,b", "c,d"]),
        ("a\rb\n", ["a\rb"]),
        ("h\n\nx\n", ["h", "", "x"]),
        ("h\r\n\r\nx", ["h", "", "x"]),
        ("\"a\nb\",c\nd\n", ["\"a\nb\",c", "d"]),
        ("\"a\r\nb\",c\r\nd\r\n", ["\"a\r\nb\",c", "d"]),
        ("\"a\"\"\n\",c\nd", ["\"a\"\"\n\",c", "d"]),
        ("\"\"\"\"\nx", ["\"\"\"\"", "x"]),
        ("x,\"\"\ny", ["x,\"\"", "y"]),
        ("x,\"\"\"\n\"\"\"\ny", ["x,\"\"\"\n\"\"\"", "y"]),
        ("\"a\"\n", ["\"a\""]),
        ("\u{FEFF}h,b\n1,2\n", ["h,b", "1,2"]),
        ("\u{FEFF}\"h\nx\",b\r\n1,2", ["\"h\nx\",b", "1,2"]),
        ("\u{FEFF}", []),
        ("\u{FEFF}\u{FEFF}a", ["\u{FEFF}a"]),
        ("\u{FEFF}\n", [""]),
        ("", []),
        ("\n", [""]),
        ("a\"b\nc,d\n", ["a\"b", "c,d"]),
        ("\"a\"b\"\nc\n", ["\"a\"b\"", "c"]),
        ("a,b\n\"c,d\ne", ["a,b", "\"c,d\ne"]),
        ("a,\"b\r", ["a,\"b\r"]),
        ("0123456789,\"0123456789\n0123456789\"\"x\",y\nlast", ["0123456789,\"0123456789\n0123456789\"\"x\",y", "last"]),
    ] as [(String, [String])])
    func split(input: String, expected: [String]) {
        let bytes = Array(input.utf8)
        for chunk in 1...max(bytes.count, 1) {
            #expect(splitAll(bytes, chunk: chunk) == expected, "chunk \(chunk)")
        }
    }

    @Test("split reports the bytes used and leaves the tail")
    func consumed() {
        var splitter = CSVSplitter()
        var records: [CSVSplitter.Record] = []
        let used = Array("a\r\n\nb,\"c\nd".utf8).withUnsafeBufferPointer { splitter.split($0, isFinal: false, into: &records) }
        #expect(records == [CSVSplitter.Record(range: 0..<1), CSVSplitter.Record(range: 3..<3)])
        #expect(records.map(\.isBlank) == [false, true])
        #expect(used == 4)
        // The tail `b,"c\nd` comes back with more bytes; the quote is still open.
        records.removeAll()
        let rest = Array("b,\"c\nd\"\ne".utf8).withUnsafeBufferPointer { splitter.split($0, isFinal: false, into: &records) }
        #expect(records == [CSVSplitter.Record(range: 0..<7)])
        #expect(rest == 8)
    }

    @Test("reset starts a new stream")
    func reset() {
        var splitter = CSVSplitter()
        var records: [CSVSplitter.Record] = []
        _ = Array("\"open".utf8).withUnsafeBufferPointer { splitter.split($0, isFinal: false, into: &records) }
        splitter.reset()
        let used = Array("\u{FEFF}a\nb".utf8).withUnsafeBufferPointer { splitter.split($0, isFinal: false, into: &records) }
        #expect(records == [CSVSplitter.Record(range: 3..<4)])
        #expect(used == 5)
    }

    // MARK: Fields

    @Test("fields", arguments: [
        ("a,b,c", ["a", "b", "c"]),
        ("", [""]),
        (",", ["", ""]),
        ("a,", ["a", ""]),
        (",a", ["", "a"]),
        ("\"a,b\",c", ["a,b", "c"]),
        ("\"say \"\"hi\"\"\",x", ["say \"hi\"", "x"]),
        ("\"\"", [""]),
        ("\"\",\"\"", ["", ""]),
        ("\"\"\"\"", ["\""]),
        ("\"a\r\nb\",c", ["a\r\nb", "c"]),
        ("\"a\nb\"", ["a\nb"]),
        (" a , b ", [" a ", " b "]),
        ("a\rb", ["a\rb"]),
        ("a\tb", ["a\tb"]),
        ("é,😀,\"привет, мир\"", ["é", "😀", "привет, мир"]),
        ("\"0123456789,abcdef\"\"x\",0123456789abcdef", ["0123456789,abcdef\"x", "0123456789abcdef"]),
        // A quote inside an unquoted field is text (RFC 4180 asks writers to quote such a
        // field; spreadsheets and Python's csv read it as it stands).
        ("a\"b,c", ["a\"b", "c"]),
        ("a, \"b\"", ["a", " \"b\""]),
        ("abc\"", ["abc\""]),
        ("1,+1,say \"hi\" ok", ["1", "+1", "say \"hi\" ok"]),
    ] as [(String, [String])])
    func fields(record: String, expected: [String]) {
        #expect(parseFields(record) == .success(expected))
    }

    @Test("bad CSV is reported with its offset", arguments: [
        ("\"a\"b,c", "bad CSV: unexpected character after closing quote", 3),
        ("\"a\" ,b", "bad CSV: unexpected character after closing quote", 3),
        ("x,\"a\"\"b\"c", "bad CSV: unexpected character after closing quote", 8),
        ("\"abc", "bad CSV: unterminated quoted field", 0),
        ("x,\"abc", "bad CSV: unterminated quoted field", 2),
        ("\"a\"\"", "bad CSV: unterminated quoted field", 0),
        ("\"", "bad CSV: unterminated quoted field", 0),
        ("\"a\nb\nc", "bad CSV: unterminated quoted field", 0),
    ] as [(String, String, Int)])
    func badCSV(record: String, message: String, offset: Int) {
        #expect(parseFields(record) == .failure(RecordError(message, at: offset)))
    }

    @Test("invalid UTF-8", arguments: [
        ([0x61, 0x2C, 0xFF], 2),
        ([0x22, 0xC3, 0x22], 1),
        ([0x61, 0xED, 0xA0, 0x80], 1),
        ([0x30, 0x31, 0x32, 0x33, 0x34, 0x35, 0x36, 0x37, 0x38, 0x39, 0xC0, 0x80], 10),
    ] as [([UInt8], Int)])
    func invalidUTF8(bytes: [UInt8], offset: Int) {
        #expect(parseFields(bytes) == .failure(RecordError("invalid UTF-8", at: offset)))
    }

    // MARK: Header and rows

    @Test("header columns", arguments: [
        (["sender", "body", "id"], FieldNames(), 0, 1, 2),
        (["id", "text", "from", "extra"], FieldNames(sender: "from", body: "text"), 2, 1, 0),
        (["sender", "x"], FieldNames(), 0, nil, nil),
        (["sender", "body", "sender"], FieldNames(), 2, 1, nil),
        (["Sender", " body", "id "], FieldNames(), nil, nil, nil),
    ] as [([String], FieldNames, Int?, Int?, Int?)])
    func header(names: [String], fields: FieldNames, sender: Int?, body: Int?, id: Int?) {
        let header = CSVHeader(names: names, fields: fields)
        #expect(header.senderColumn == sender)
        #expect(header.bodyColumn == body)
        #expect(header.idColumn == id)
    }

    @Test("rows become message fields", arguments: [
        ("Bank,\"Hi, there\",m-1", MessageFields(sender: "Bank", body: "Hi, there", idJSON: "\"m-1\"")),
        ("Bank,\"say \"\"hi\"\"\",42", MessageFields(sender: "Bank", body: "say \"hi\"", idJSON: "\"42\"")),
        ("Bank,\"line1\r\nline2\",", MessageFields(sender: "Bank", body: "line1\r\nline2", idJSON: nil)),
        ("Bank,b,\"\"", MessageFields(sender: "Bank", body: "b", idJSON: nil)),
        ("Bank,b,\"x\"\"y\"", MessageFields(sender: "Bank", body: "b", idJSON: "\"x\\\"y\"")),
        ("Bank,b,x\ty\\", MessageFields(sender: "Bank", body: "b", idJSON: "\"x\\ty\\\\\"")),
        (",,", MessageFields(sender: "", body: "", idJSON: nil)),
    ] as [(String, MessageFields)])
    func rows(record: String, expected: MessageFields) throws {
        let header = CSVHeader(names: ["sender", "body", "id"], fields: FieldNames())
        var scratch = CSVScratch()
        let fromBytes = Array(record.utf8).withUnsafeBufferPointer { header.message($0, scratch: &scratch) }
        #expect(fromBytes == .success(expected))
        #expect(header.message(fromFields: try parseFields(record).get()) == .success(expected))
    }

    @Test("a missing column gives an empty field")
    func missingColumn() {
        let header = CSVHeader(names: ["body"], fields: FieldNames())
        var scratch = CSVScratch()
        let message = Array("hello".utf8).withUnsafeBufferPointer { header.message($0, scratch: &scratch) }
        #expect(message == .success(MessageFields(sender: "", body: "hello", idJSON: nil)))
    }

    @Test("rows with a different field count, or bad CSV, are errors", arguments: [
        ("a,b", "record has 2 fields, header has 3", 3),
        ("a", "record has 1 field, header has 3", 1),
        ("a,b,c,d", "record has 4 fields, header has 3", 6),
        ("a,b,c,\"d\"", "record has 4 fields, header has 3", 6),
        ("a,b,c,", "record has 4 fields, header has 3", 6),
        ("a,b\"c,d,e", "record has 4 fields, header has 3", 8),
    ] as [(String, String, Int)])
    func rowErrors(record: String, message: String, offset: Int) {
        let header = CSVHeader(names: ["sender", "body", "id"], fields: FieldNames())
        var scratch = CSVScratch()
        let result = Array(record.utf8).withUnsafeBufferPointer { header.message($0, scratch: &scratch) }
        #expect(result == .failure(RecordError(message, at: offset)))
    }

    @Test("a parsed row with a different field count is an error at byte 0")
    func parsedRowCount() {
        let header = CSVHeader(names: ["sender", "body", "id", "x"], fields: FieldNames())
        #expect(header.message(fromFields: ["a", "b", "c"]) == .failure(RecordError("record has 3 fields, header has 4", at: 0)))
    }

    // MARK: Fixtures

    private static let fixtures = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures")

    /// Reads a fixture through the splitter in small chunks; the first
    /// record is the header.
    private func read(_ name: String) throws -> [Result<MessageFields, RecordError>] {
        let bytes = [UInt8](try Data(contentsOf: Self.fixtures.appendingPathComponent(name)))
        let records = splitAll(bytes, chunk: 7).filter { !$0.isEmpty }.map { Array($0.utf8) }
        let names = try records[0].withUnsafeBufferPointer { CSVRecord.parseFields($0) }.get()
        let header = CSVHeader(names: names, fields: FieldNames())
        var scratch = CSVScratch()
        return records.dropFirst().map { record in record.withUnsafeBufferPointer { header.message($0, scratch: &scratch) } }
    }

    @Test("valid fixture: BOM, CRLF, quoted commas, newlines and quotes, a blank line")
    func validFixture() throws {
        #expect(try read("valid/stream-messages.csv") == [
            .success(MessageFields(sender: "VM-HDFCBK", body: "Your a/c is credited, Rs 500.", idJSON: "\"m-1\"")),
            .success(MessageFields(sender: "+15551234567", body: "Lunch at 1?\r\nCall me 😀", idJSON: "\"2\"")),
            .success(MessageFields(sender: "Shop", body: "50% off \"today\"", idJSON: "\"3\"")),
            .success(MessageFields(sender: "", body: "", idJSON: nil)),
        ])
    }

    @Test("invalid fixture: a quote left open at the end of input")
    func unterminatedFixture() throws {
        #expect(try read("invalid/stream-unterminated.csv") == [
            .failure(RecordError("bad CSV: unterminated quoted field", at: 5)),
        ])
    }
}
