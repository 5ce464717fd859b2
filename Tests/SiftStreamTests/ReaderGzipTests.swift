// A gzip input is inflated by a thread of its own into a pipe the reader reads. Whether
// that thread has reached damaged data further on when the reader stops must not change
// what the reader reports: these inputs are read many times, and every read must report
// the same problems.
import Foundation
import Testing
@testable import SiftInput
import TestSupport

/// A gzip member holding `data` in one stored (uncompressed) deflate block that is not the
/// last, followed by a block of the reserved type 3, which zlib refuses ("invalid block
/// type"): data that inflates to `data` and is then damaged. Built by hand from RFC 1951 and
/// 1952 so that where the damage lies is known to the byte.
private func damagedGzip(_ data: [UInt8]) -> [UInt8] {
    precondition(data.count <= 0xFFFF)
    let header: [UInt8] = [0x1F, 0x8B, 8, 0, 0, 0, 0, 0, 0, 3]     // deflate, no flags, no time, Unix
    let length = UInt16(data.count)
    let stored: [UInt8] = [0x00,     // BFINAL 0, BTYPE 00 (stored); the rest of the byte is padding
                           UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8(~length >> 8)]
    return header + stored + data + [0x07]     // BFINAL 1, BTYPE 11: reserved, an error
}

/// Reads `input` from a file in reads of `chunkSize` bytes: the problems of its failure (the
/// file's name said as FILE) and the number of records handed on.
private func problems(_ input: [UInt8], chunkSize: Int) throws -> (problems: [StreamProblem], records: Int) {
    let url = Scratch.folder.appendingPathComponent("msgsift-gzip-\(UUID().uuidString)")
    try Data(input).write(to: url)
    defer { try? FileManager.default.removeItem(at: url) }
    var records = 0
    let reader = RecordReader(options: StreamOptions(), chunkSize: chunkSize) { batch in
        records += batch.records.count
        return true
    }
    do throws(StreamError) { try reader.read(.file(url.path)) } catch {
        return (error.problems.map { named($0, url.path) }, records)
    }
    return ([], records)
}

/// `problem` with `path` said as FILE.
private func named(_ problem: StreamProblem, _ path: String) -> StreamProblem {
    switch problem {
    case .csvHeaderUnreadable(let source, let line, let reason, let byte, let invalid):
        return .csvHeaderUnreadable(source: source == path ? "FILE" : source, line: line, reason: reason, byte: byte, invalidUTF8: invalid)
    case .gzipFailed(let source, let why):
        return .gzipFailed(source: source == path ? "FILE" : source, why)
    default:
        return problem
    }
}

@Suite("Reader: gzip input with damaged data")
struct ReaderGzipTests {
    /// The input's refusal is the reason it has no records: the reader stopped at its first
    /// line and never read as far as the damage. Before, the gzip failure was added when the
    /// inflating thread had reached the damage by the time the reader stopped (most reads
    /// of this input, which is inflated whole at once; a fuzz input in 2 reads of 6).
    @Test func aRefusedInputReportsItsRefusalAloneEveryTime() throws {
        // A CSV header that is not UTF-8 (FF), then rows; the damage comes after them.
        let text = Array("id,b\u{0}dy\n".utf8).map { $0 == 0 ? 0xFF : $0 } + Array("1,hello\n2,world\n".utf8)
        let input = damagedGzip(text)
        let expected: [StreamProblem] = [.csvHeaderUnreadable(source: "FILE", line: 1, reason: RecordError.invalidUTF8, byte: 4, invalidUTF8: true)]
        for round in 0..<100 {
            for chunkSize in [3, 1 << 20] {
                let r = try problems(input, chunkSize: chunkSize)
                #expect(r.problems == expected, "round \(round), reads of \(chunkSize): \(r.problems)")
                #expect(r.records == 0)
                if r.problems != expected { return }
            }
        }
    }

    /// An input read to the end of what could be inflated reports the damage, after the
    /// records before it: the data broke off there.
    @Test func anInputReadToTheDamageReportsItEveryTime() throws {
        let input = damagedGzip(Array("{\"body\":\"a\"}\n{\"body\":\"b\"}\n".utf8))
        for round in 0..<100 {
            for chunkSize in [3, 1 << 20] {
                let r = try problems(input, chunkSize: chunkSize)
                #expect(r.problems == [.gzipFailed(source: "FILE", .invalid(zlibMessage: "invalid block type"))],
                        "round \(round), reads of \(chunkSize): \(r.problems)")
                #expect(r.records == 2)
                if r.records != 2 || r.problems.count != 1 { return }
            }
        }
    }

    /// The same for an SMS Backup & Restore export, which libxml2 reads from the pipe: the
    /// document is whole, the damage comes after it, and libxml2 reads on to the end.
    @Test func anExportReadToTheDamageReportsItEveryTime() throws {
        let xml = """
            <smses count="1">
            <sms address="+15551234567" date="1700000000000" type="1" body="hi" />
            </smses>

            """
        let input = damagedGzip(Array(xml.utf8))
        for round in 0..<50 {
            let r = try problems(input, chunkSize: 1 << 20)
            #expect(r.problems == [.gzipFailed(source: "FILE", .invalid(zlibMessage: "invalid block type"))],
                    "round \(round): \(r.problems)")
            #expect(r.records == 1)
            if r.records != 1 || r.problems.count != 1 { return }
        }
    }
}
