// The label `eval` reads: which values count, how they compare, in NDJSON and CSV.
import Testing
@testable import SiftInput
@testable import SiftOutput
@testable import SiftStream

@Suite struct LabelTests {
    /// The label text read from one NDJSON line, nil when the record has none.
    func label(_ line: String) -> String? {
        var f = FieldNames()
        f.label = "label"
        var scratch: [UInt8] = []
        let bytes = Array(line.utf8)
        return bytes.withUnsafeBufferPointer { b -> String? in
            guard case .success(let m) = NDJSONRecord.parse(b, fields: f, into: &scratch) else { return "error" }
            return scratch.withUnsafeBufferPointer { s in m.label(b, s).map { String(decoding: $0, as: UTF8.self) } }
        }
    }

    @Test(arguments: [
        (#"{"body":"x","label":"spam"}"#, "spam"),
        (#"{"body":"x","label":"sp\u0061m"}"#, "spam"),
        (#"{"body":"x","label":1}"#, "1"),
        (#"{"body":"x","label":true}"#, "true"),
        (#"{"body":"x","label":false}"#, "false"),
        (#"{"body":"x","label":null}"#, nil),
        (#"{"body":"x","label":""}"#, nil),
        (#"{"body":"x","label":["spam"]}"#, nil),
        (#"{"body":"x"}"#, nil),
    ] as [(String, String?)])
    func ndjsonLabels(_ line: String, _ expected: String?) {
        #expect(label(line) == expected)
    }

    @Test func noLabelAskedReadsNone() {
        var scratch: [UInt8] = []
        let bytes = Array(#"{"body":"x","label":"spam"}"#.utf8)
        let m = bytes.withUnsafeBufferPointer { NDJSONRecord.parse($0, fields: FieldNames(), into: &scratch) }
        guard case .success(let m) = m else { Issue.record("not parsed"); return }
        #expect(m.label == nil)
    }

    @Test func csvLabelColumn() throws {
        var f = FieldNames()
        f.label = "tag"
        let header = CSVHeader(names: ["sender", "body", "tag"], fields: f)
        var scratch = CSVScratch(), bytes: [UInt8] = []
        for (row, expected) in [("a,b,Spam", "Spam"), ("a,b,", nil), ("a,b,\"h,am\"", "h,am")] as [(String, String?)] {
            bytes.removeAll()
            let raw = Array(row.utf8)
            let got = raw.withUnsafeBufferPointer { r -> String? in
                guard case .success(let m) = header.message(r, scratch: &scratch, into: &bytes) else { return "error" }
                return bytes.withUnsafeBufferPointer { s in m.label(r, s).map { String(decoding: $0, as: UTF8.self) } }
            }
            #expect(got == expected, "\(row)")
        }
    }

    @Test(arguments: [("spam", true), (" SPAM\t", true), ("Junk", true), ("1", true), ("true", true), ("ham", false), ("spammy", false), ("", false)])
    func spamValues(_ label: String, _ spam: Bool) {
        let options = LabelOptions(spamValues: ["spam", "junk", "1", "true"])
        #expect(Array(label.utf8).withUnsafeBufferPointer { options.isSpam($0) } == spam)
    }
}
