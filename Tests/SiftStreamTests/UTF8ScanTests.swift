// The C scans under the NDJSON reader (CTextScan): the whole-line UTF-8 check, sixteen
// bytes at a time where it can, and the search for a string's end, against Swift's own
// UTF-8 validation and a byte-by-byte reading of what the scans are to find.
import CTextScan
import Testing
@testable import SiftInput
@testable import SiftOutput
@testable import SiftStream

@Suite("UTF-8 and string-end scans")
struct UTF8ScanTests {
    /// Pieces whose mixes cross every block edge: ASCII, valid sequences of every width and
    /// lead the whole-block check handles or not (E0, ED, F0–F4), and invalid ones.
    static let pieces: [[UInt8]] = [
        [0x61], [0x20], [0x22], [0x5C], [0x0A],
        [0xC2, 0x80], [0xDF, 0xBF], [0xD0, 0x9F], [0xD7, 0xA9],
        [0xE1, 0x80, 0x80], [0xE4, 0xB8, 0xAD], [0xEF, 0xBF, 0xBF], [0xEE, 0x80, 0x80], [0xE2, 0x80, 0x99],
        [0xE0, 0xA0, 0x80], [0xED, 0x9F, 0xBF], [0xF0, 0x9F, 0x98, 0x80], [0xF4, 0x8F, 0xBF, 0xBF],
        // Not UTF-8: overlong, surrogate, above U+10FFFF, lone continuation, bad lead, cut short.
        [0xC0, 0x80], [0xC1, 0xBF], [0xE0, 0x9F, 0xBF], [0xED, 0xA0, 0x80], [0xF0, 0x8F, 0xBF, 0xBF],
        [0xF4, 0x90, 0x80, 0x80], [0xF5, 0x80, 0x80, 0x80], [0x80], [0xBF], [0xFF], [0xC3], [0xE4, 0xB8], [0xF0, 0x9F, 0x98],
    ]
    static let validPieces = 18

    static func random(_ state: inout UInt64) -> Int {
        state = state &* 6364136223846793005 &+ 1442695040888963407
        return Int(state >> 33)
    }

    @Test func wholeLineCheckAgreesWithSwift() {
        var state: UInt64 = 2026
        var wrong: [[UInt8]] = []
        for round in 0..<60_000 {
            var bytes = [UInt8](repeating: 0x61, count: round % 17)       // every alignment
            for _ in 0..<(Self.random(&state) % 30) {
                // Mostly valid pieces, so that most texts are long and valid and an invalid
                // piece lands at every place in a block.
                let k = Self.random(&state) % 50 == 0 ? Self.random(&state) % Self.pieces.count : Self.random(&state) % Self.validPieces
                bytes += Self.pieces[k]
            }
            let swift = String(validating: bytes, as: UTF8.self) != nil
            let c = bytes.withUnsafeBufferPointer { sift_utf8_valid($0.baseAddress ?? UnsafePointer(bitPattern: 1)!, $0.count) != 0 }
            if swift != c { wrong.append(bytes) }
        }
        #expect(wrong.isEmpty, "\(wrong.count) wrong, the first: \(wrong.first.map { $0.map { String($0, radix: 16) }.joined(separator: " ") } ?? "")")
    }

    @Test("a sequence the block check cannot take whole, cut by every block edge")
    func sequencesAcrossBlockEdges() {
        for piece in Self.pieces {
            for before in 0..<40 {
                let bytes = [UInt8](repeating: 0x61, count: before) + piece + [UInt8](repeating: 0x62, count: 20)
                let swift = String(validating: bytes, as: UTF8.self) != nil
                #expect(bytes.withUnsafeBufferPointer { sift_utf8_valid($0.baseAddress!, $0.count) != 0 } == swift, "\(piece) after \(before)")
                // Cut short by the end of the text.
                let cut = [UInt8](repeating: 0x61, count: before) + piece.dropLast()
                let cutValid = String(validating: cut, as: UTF8.self) != nil
                #expect(cut.withUnsafeBufferPointer { sift_utf8_valid($0.baseAddress!, $0.count) != 0 } == cutValid, "\(piece) cut after \(before)")
            }
        }
    }

    @Test("a string's end: the first quote, backslash or control byte, in a block and past the last one")
    func stringEnd() {
        var wrong: [String] = []
        for value in 0...255 {
            let b = UInt8(value)
            for at in [0, 5, 15, 16, 30, 33] {
                var bytes = [UInt8](repeating: 0xD7, count: 36)              // any other byte is plain
                bytes[at] = b
                for from in [0, 3, 17] {
                    let got = bytes.withUnsafeBufferPointer { sift_json_special($0.baseAddress!, from, 36) }
                    let expected = (b < 0x20 || b == 0x22 || b == 0x5C) && at >= from ? at : 36
                    if got != expected { wrong.append("\(String(b, radix: 16)) at \(at) from \(from): \(got)") }
                }
            }
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(10))")
    }

    /// Through the parser: a long body with a bad sequence at every place is refused where
    /// the sequence starts; without it, the body comes out as written.
    @Test func longBodiesThroughTheParser() {
        let text: [UInt8] = Array("Привет, 明天见 — שלום ok 😀 é".utf8)
        for at in stride(from: 0, through: text.count, by: 1) where at == text.count || text[at] & 0xC0 != 0x80 {
            for bad in [[0xFF], [0xC3], [0xED, 0xA0, 0x80], [0xE4, 0xB8]] as [[UInt8]] {
                let body = Array(text[..<at]) + bad + Array(text[at...])
                let line = Array(#"{"id":1,"body":""#.utf8) + body + Array(#"","sender":"x"}"#.utf8)
                let result = line.withUnsafeBufferPointer { NDJSONRecord.parse($0, fields: FieldNames()) }
                guard case .failure(let e) = result else { Issue.record("accepted \(bad) at \(at)"); continue }
                #expect(e.message == RecordError.invalidUTF8 && e.byteOffset == 16 + at, "\(bad) at \(at): \(e)")
            }
            let line = Array(#"{"id":1,"body":""#.utf8) + text + Array(#"","sender":"x"}"#.utf8)
            if case .success(let m) = line.withUnsafeBufferPointer({ NDJSONRecord.parse($0, fields: FieldNames()) }) {
                #expect(m.body == String(decoding: text, as: UTF8.self))
            } else {
                Issue.record("refused the valid line")
            }
        }
    }
}
