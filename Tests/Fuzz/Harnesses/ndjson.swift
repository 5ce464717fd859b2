// Fuzz harness: one NDJSON line. Both parsers (to Strings, and to byte ranges with a
// scratch for escaped fields) must agree on every line: the same outcome, the same
// sender and body, and ids that JSON reads as the same value (the byte parser keeps the
// id as written, escapes and all; the other writes a string id afresh). Never a crash.
import Foundation
import SiftInput
import SiftStream

/// `json` with each U+FEFF written as `\ufeff`: JSONSerialization on Linux drops a U+FEFF
/// that follows an escape (`"\u00e9<U+FEFF>"` reads as "é"), and the two parsers write
/// the same id with and without escapes. (The first run of this harness stopped on it.)
func bomEscaped(_ json: Data) -> Data {
    var out = Data(), i = json.startIndex
    while i < json.endIndex {
        if json[i...].starts(with: [0xEF, 0xBB, 0xBF]) { out.append(contentsOf: Array("\\ufeff".utf8)); i += 3 } else { out.append(json[i]); i += 1 }
    }
    return out
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzNDJSON(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let line = UnsafeBufferPointer(start: start, count: count)
    let fields = FieldNames()
    let asStrings = NDJSONRecord.parse(line, fields: fields)
    var scratch: [UInt8] = []
    let asBytes = NDJSONRecord.parse(line, fields: fields, into: &scratch, watchVerdict: true)
    switch (asStrings, asBytes) {
    case (.success(let s), .success(let m)):
        scratch.withUnsafeBufferPointer { f in
            precondition(String(decoding: m.sender(line, f), as: UTF8.self) == s.sender, "sender differs")
            precondition(String(decoding: m.body(line, f), as: UTF8.self) == s.body, "body differs")
            let written = m.idJSON(line, f).map { Data($0) }, made = s.idJSON.map { Data($0.utf8) }
            precondition((written == nil) == (made == nil), "an id in one reading only")
            if let written, let made {
                let a = try? JSONSerialization.jsonObject(with: bomEscaped(written), options: .fragmentsAllowed) as? NSObject
                let b = try? JSONSerialization.jsonObject(with: bomEscaped(made), options: .fragmentsAllowed) as? NSObject
                precondition(a == b, "ids differ")
            }
        }
    case (.failure(let a), .failure(let b)):
        precondition(a == b, "errors differ: \(a) / \(b)")
    default:
        preconditionFailure("one parser read the line, the other refused it")
    }
    _ = NDJSONRecord.members(line)
    _ = NDJSONRecord.objectEnd(line)
    _ = NDJSONRecord.isBlank(line)
    return 0
}
