// The reader on CSV of another separator (`--delimiter`, Excel's `sep=` line) and
// on JSON arrays of records: what records come out, with which numbers and lines,
// and what is said of an input that is refused or cut short. Expected values are
// worked out by hand from the inputs.
import Foundation
import Testing
@testable import SiftInput
@testable import SiftOutput
@testable import SiftStream
import TestSupport

/// What the reader made of one input: each record's text (its bytes as a batch holds
/// them), number, line and whether it was over --max-record-bytes, and the error that
/// ended the input, if any.
private struct ReadResult {
    var records: [(text: String, number: Int, line: Int, tooLong: Bool)] = []
    var formats: [RecordFormat] = []
    var error: StreamError?
    /// The input's name (a temporary file's path).
    var source = ""
    var texts: [String] { records.map(\.text) }
}

private func read(_ input: String, _ configure: (inout StreamOptions) -> Void = { _ in }) throws -> ReadResult {
    try read(Array(input.utf8), configure)
}

private func read(_ input: [UInt8], _ configure: (inout StreamOptions) -> Void = { _ in }) throws -> ReadResult {
    var options = StreamOptions()
    options.batchRecords = 3        // records over several batches
    configure(&options)
    let url = Scratch.folder.appendingPathComponent("msgsift-reader-\(UUID().uuidString)")
    try Data(input).write(to: url)
    defer { try? FileManager.default.removeItem(at: url) }
    var result = ReadResult(source: url.path)
    let reader = RecordReader(options: options) { batch in
        for r in batch.records {
            result.records.append((String(decoding: batch.data[r.start..<r.end], as: UTF8.self), r.number, r.line, r.tooLong))
        }
        result.formats.append(batch.format)
        return true
    }
    do { try reader.read(.file(url.path)) } catch { result.error = error }
    return result
}

@Suite("Reader: CSV separators and JSON arrays")
struct ReaderFormatsTests {
    // MARK: CSV separators

    @Test("fields split on the separator given, quoting as for commas", arguments: [
        (UInt8(ascii: ";"), "a;\"b;c\";\"d\"\"e\";f,g", ["a", "b;c", "d\"e", "f,g"]),
        (UInt8(0x09), "a\t\"b\tc\"\t,", ["a", "b\tc", ","]),
        (UInt8(ascii: "|"), "|x|", ["", "x", ""]),
    ] as [(UInt8, String, [String])])
    func fieldsSplitOnTheDelimiter(_ delimiter: UInt8, _ record: String, _ fields: [String]) {
        let bytes = Array(record.utf8)
        #expect(bytes.withUnsafeBufferPointer { CSVRecord.parseFields($0, delimiter: delimiter) } == .success(fields))
    }

    @Test func aQuoteOpensAFieldOnlyAfterTheSeparator() {
        // `;"` opens a quoted field that holds a line break; `,"` does not under `;`.
        let bytes = Array("a;\"b\nc\"\nx,\"y\nz\n".utf8)
        var splitter = CSVSplitter(delimiter: UInt8(ascii: ";"))
        var records: [CSVSplitter.Record] = []
        _ = bytes.withUnsafeBufferPointer { splitter.split($0, isFinal: true, into: &records) }
        #expect(records.map { String(decoding: bytes[$0.range], as: UTF8.self) } == ["a;\"b\nc\"", "x,\"y", "z"])
    }

    @Test func delimiterGivenReadsTheRecords() throws {
        let r = try read("sender;body\n+1555;\"hi; there\nfriend\"\nBANK;win\n") { $0.delimiter = UInt8(ascii: ";") }
        #expect(r.error == nil)
        #expect(r.texts == ["+1555;\"hi; there\nfriend\"", "BANK;win"])
        #expect(r.records.map(\.line) == [2, 4])
        guard case .csv(let header)? = r.formats.first else { Issue.record("not CSV"); return }
        #expect(header.names == ["sender", "body"] && header.delimiter == UInt8(ascii: ";"))
    }

    @Test("an Excel sep= line names the separator and is no record", arguments: [
        ("sep=;\nsender;body\na;\"b;\nc\"\n", UInt8(ascii: ";"), ["a;\"b;\nc\""], [3]),
        ("sep=|\r\nsender|body\r\na|b\r\n", UInt8(ascii: "|"), ["a|b"], [3]),
        ("\u{FEFF}sep=\t\nsender\tbody\na\t\"x\ty\"\n", UInt8(0x09), ["a\t\"x\ty\""], [3]),
        ("sep=,\nsender,body\na,b\n", UInt8(ascii: ","), ["a,b"], [3]),
    ] as [(String, UInt8, [String], [Int])])
    func excelSeparatorLine(_ input: String, _ delimiter: UInt8, _ texts: [String], _ lines: [Int]) throws {
        let r = try read(input)
        #expect(r.error == nil)
        #expect(r.texts == texts)
        #expect(r.records.map(\.line) == lines)
        guard case .csv(let header)? = r.formats.first else { Issue.record("not CSV"); return }
        #expect(header.names == ["sender", "body"] && header.delimiter == delimiter)
    }

    @Test func aSepLineAgainstDelimiterIsRefused() throws {
        let r = try read("sep=;\nsender;body\na;b\n") { $0.delimiter = UInt8(ascii: "|") }
        #expect(r.records.isEmpty)
        #expect(r.error == StreamError(.csvSeparatorConflict(source: r.source, line: 1, file: UInt8(ascii: ";"), given: UInt8(ascii: "|")), input: true))
        // The same separator both ways is fine.
        let same = try read("sep=;\nsender;body\na;b\n") { $0.delimiter = UInt8(ascii: ";") }
        #expect(same.error == nil && same.texts == ["a;b"])
    }

    @Test func aSemicolonHeaderWithoutDelimiterIsRefusedWithTheSeparatorItLooksSeparatedBy() throws {
        let r = try read("sender;body\na;b\n")
        #expect(r.records.isEmpty)
        #expect(r.error == StreamError(.csvOneColumn(source: r.source, line: 1, header: "sender;body", separator: UInt8(ascii: ";")), input: true))
        // Given the separator, the one-column header is not guessed at.
        let given = try read("sender;body\na;b\n") { $0.delimiter = UInt8(ascii: "|") }
        if case .csvOneColumn? = given.error?.problem { Issue.record("guessed at a separator given") }
    }

    // MARK: JSON arrays

    @Test func arrayElementsAreRecordsNumberedByPosition() throws {
        let input = "[\n  {\"sender\": \"a\", \"body\": \"x ] , \\\" y\"},\n  42,\n  {\"body\":\n    \"two lines\"}, \"s\" , [1,{\"b\":\"]\"}]\n]\n"
        let r = try read(input)
        #expect(r.error == nil)
        // The second object's line break (outside strings) is a space: one line for --annotate.
        #expect(r.texts == ["{\"sender\": \"a\", \"body\": \"x ] , \\\" y\"}", "42", "{\"body\":     \"two lines\"}", "\"s\"", "[1,{\"b\":\"]\"}]"])
        #expect(r.records.map(\.number) == [1, 2, 3, 4, 5])
        #expect(r.records.map(\.line) == [2, 3, 4, 5, 5])
        if case .ndjson? = r.formats.first {} else { Issue.record("elements are read as NDJSON records") }
    }

    @Test func anEmptyArrayHasNoRecords() throws {
        let r = try read("  [ \n ]\n")
        #expect(r.error == nil && r.records.isEmpty)
    }

    @Test("a cut-short or broken array is said so, its elements before read", arguments: [
        ("[{\"body\":\"a\"},{\"body\":\"b\"}", ["{\"body\":\"a\"}", "{\"body\":\"b\"}"], { @Sendable s in .jsonArrayCutShort(source: s, line: 1, elementsRead: 2) }, true),
        ("[{\"body\":\"a\"},{\"body\":\"b", ["{\"body\":\"a\"}", "{\"body\":\"b"], { @Sendable s in .jsonArrayCutShort(source: s, line: 1, elementsRead: 2) }, true),
        ("[{\"body\":\"a\"},\n", ["{\"body\":\"a\"}"], { @Sendable s in .jsonArrayCutShort(source: s, line: 2, elementsRead: 1) }, true),
        ("[{\"body\":\"a\"} {\"body\":\"b\"}]", ["{\"body\":\"a\"}"], { @Sendable s in .jsonArrayBroken(source: s, line: 1, byte: UInt8(ascii: "{"), .afterElement(1), elementsRead: 1) }, false),
        ("[{\"body\":\"a\"},,{}]", ["{\"body\":\"a\"}"], { @Sendable s in .jsonArrayBroken(source: s, line: 1, byte: UInt8(ascii: ","), .elementStart(2), elementsRead: 1) }, false),
        ("[{\"body\":\"a\"},]", ["{\"body\":\"a\"}"], { @Sendable s in .jsonArrayBroken(source: s, line: 1, byte: UInt8(ascii: "]"), .elementStart(2), elementsRead: 1) }, false),
        ("[{\"body\":\"a\"}]\n[]", ["{\"body\":\"a\"}"], { @Sendable s in .jsonArrayBroken(source: s, line: 2, byte: UInt8(ascii: "["), .afterClose, elementsRead: 1) }, false),
    ] as [(String, [String], @Sendable (String) -> StreamProblem, Bool)])
    func cutShortOrBroken(_ input: String, _ texts: [String], _ problem: @Sendable (String) -> StreamProblem, _ partial: Bool) throws {
        let r = try read(input)
        #expect(r.texts == texts)
        #expect(r.error?.problems == [problem(r.source)])
        #expect(r.error?.isInput == true && r.error?.isPartial == partial)
    }

    @Test func anElementOverTheLimitIsCutAndTheNextIsRead() throws {
        let long = "{\"body\":\"" + String(repeating: "x", count: 3000) + "\"}"
        let r = try read("[" + long + ",{\"body\":\"next\"}]") { $0.maxRecordBytes = 100 }
        #expect(r.error == nil)
        #expect(r.records.map(\.tooLong) == [true, false])
        #expect(r.records[0].text.utf8.count == RecordReader.keptPrefix)
        #expect(r.texts[1] == "{\"body\":\"next\"}")
        #expect(r.records.map(\.number) == [1, 2])
    }

    @Test func aBracketedCSVHeaderIsNoArray() throws {
        let r = try read("[Date],[Sender],[Body]\n1,2,3\n") { $0.fields.sender = "[Sender]"; $0.fields.body = "[Body]" }
        #expect(r.error == nil && r.texts == ["1,2,3"])
    }
}
