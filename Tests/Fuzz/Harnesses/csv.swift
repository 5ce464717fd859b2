// Fuzz harness: CSV. The first line is a header, the rest one record. The record read
// through the header as Strings and as byte ranges must agree; the field splitter and the
// runaway-quote checks must never crash.
import SiftInput
import SiftStream

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCSV(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let input = UnsafeBufferPointer(start: start, count: count)
    let cut = input.firstIndex(of: 0x0A) ?? input.count
    let headerLine = UnsafeBufferPointer(rebasing: input[0..<cut])
    let record = UnsafeBufferPointer(rebasing: input[min(cut + 1, input.count)...])
    _ = CSVRecord.runawayLineBreak(record)
    _ = CSVRecord.runaway(unfinished: record)
    guard case .success(let names) = CSVRecord.parseFields(headerLine) else { return 0 }
    let header = CSVHeader(names: names, fields: FieldNames())
    var scratch = CSVScratch()
    let asStrings = header.message(record, scratch: &scratch)
    var bytes: [UInt8] = []
    let asBytes = header.message(record, scratch: &scratch, into: &bytes)
    switch (asStrings, asBytes) {
    case (.success(let s), .success(let m)):
        bytes.withUnsafeBufferPointer { f in
            precondition(String(decoding: m.sender(record, f), as: UTF8.self) == s.sender, "sender differs")
            precondition(String(decoding: m.body(record, f), as: UTF8.self) == s.body, "body differs")
        }
    case (.failure(let a), .failure(let b)):
        precondition(a == b, "errors differ: \(a) / \(b)")
    default:
        preconditionFailure("one reading took the record, the other refused it")
    }
    return 0
}
