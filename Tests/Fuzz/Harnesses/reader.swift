// Fuzz harness: the whole input reader on one input — format detection, NDJSON lines, CSV
// (stray quotes, rewinds), SMS Backup & Restore XML through libxml2, gzip through zlib. The
// input is written to a file (on tmpfs where there is one) that the reader opens by its
// path, as it opens a file argument.
// Never a crash or a hang; every record the reader hands on lies inside its batch's bytes,
// and records are numbered 1, 2, 3… in order. Differential: the input is read twice, in one
// read and in small reads (1 to 256 bytes, by the input's hash), and both give the same
// records, error records and failure: the reader's records never depend on where reads cut
// the input (a slow pipe cuts it anywhere). Small reads also put records, CRLFs, BOMs and
// the bytes that tell formats apart across read boundaries far more often than the
// reader's 1 MiB reads would (and cost less: under ASan, a read into a 1 MiB buffer cost
// about twice one into a small buffer, most of it mapping and unmapping the buffer).
import CZlib
import Foundation
@testable import SiftInput
@testable import SiftOutput
@testable import SiftStream

/// The file each input is written to, one per process. (Glibc's memfd_create is not
/// visible to Swift.)
let inputPath = (FileManager.default.fileExists(atPath: "/dev/shm") ? "/dev/shm" : NSTemporaryDirectory())
    + "/msgsift-fuzz-reader-\(getpid())"
/// A write to a pipe whose reader has gone fails (EPIPE) rather than ending the process, as
/// in msgsift (main.swift): a gzip input is inflated into a pipe by a thread that may still
/// be writing when the reader stops, and SIGPIPE ended fuzz runs with no report.
let ignoreBrokenPipes: Void = { _ = signal(SIGPIPE, SIG_IGN) }()
/// Removes the file when the run ends (a crash leaves it, for a look).
let removeAtExit: Void = { _ = atexit { _ = unlink(inputPath) } }()

/// One record as the reader handed it on: its place, flags, message and bytes.
struct SeenRecord: Equatable, CustomStringConvertible {
    var number: Int, line: Int, tooLong: Bool, rawCut: Bool
    var message: String?
    var bytes: [UInt8]
    var description: String {
        "\(number) line \(line) \(tooLong) \(rawCut) \(message ?? "-") " + String(decoding: bytes, as: UTF8.self).debugDescription
    }
}

/// One read of the input file: its records, notes and failure. Kept as values and compared
/// as values: the first version kept each as a String, and `"\(error)"` (reflection, on
/// nearly every input, as most mutated inputs are refused) took a fifth of the harness's
/// time; strings are made only to report a difference.
struct ReadResult: Equatable {
    var records: [SeenRecord] = []
    var failure: StreamError?
    var notes: [Note] = []
    struct Note: Equatable { var from: Int, note: InputNote }
}

func readInput(chunkSize: Int) -> ReadResult {
    var options = StreamOptions()
    options.maxRecordBytes = 64       // small, so over-long records and rewinds happen often
    var next = 1
    var result = ReadResult()
    let reader = RecordReader(options: options, chunkSize: chunkSize) { batch in
        for (i, r) in batch.records.enumerated() {
            precondition(r.number == next, "record \(r.number) after \(next - 1)")
            precondition(r.start <= r.end && r.end <= batch.data.count, "a record outside its batch")
            precondition(r.described == (batch.messages[i] != nil), "an error record without its message")
            result.records.append(SeenRecord(number: r.number, line: r.line, tooLong: r.tooLong, rawCut: r.rawCut,
                                             message: batch.messages[i], bytes: Array(batch.data[r.start..<r.end])))
            next += 1
        }
        return true
    }
    do throws(StreamError) { try reader.read(.file(inputPath)) } catch { result.failure = error }
    result.notes = reader.notes.map { ReadResult.Note(from: $0.from, note: $0.note) }
    return result
}

/// How many bytes a gzip input inflates to (its members one after the other, up to damaged
/// data or 64 MiB), as the reader's Gunzip inflates it; nil for an input that is not gzip.
func inflatedCount(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
    guard bytes.count >= 2, bytes[0] == 0x1F, bytes[1] == 0x8B, let base = bytes.baseAddress else { return nil }
    var stream = z_stream()
    guard csift_inflate_init_gzip(&stream) == Z_OK else { return nil }
    defer { inflateEnd(&stream) }
    var out = [UInt8](repeating: 0, count: 64 << 10)
    var total = 0, used = 0
    while used < bytes.count && total < 64 << 20 {
        stream.next_in = UnsafeMutablePointer(mutating: base + used)
        stream.avail_in = UInt32(bytes.count - used)
        let status: Int32 = out.withUnsafeMutableBufferPointer { o in
            stream.next_out = o.baseAddress
            stream.avail_out = UInt32(o.count)
            return inflate(&stream, Z_NO_FLUSH)
        }
        total += out.count - Int(stream.avail_out)
        used = bytes.count - Int(stream.avail_in)
        if status == Z_STREAM_END {
            guard bytes.count - used >= 2, bytes[used] == 0x1F, bytes[used + 1] == 0x8B else { break }
            inflateReset(&stream)
        } else if status != Z_OK {
            break
        }
    }
    return total
}

/// FNV-1a of the input: picks the small read size.
func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
    bytes.reduce(0xcbf2_9ce4_8422_2325) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzReader(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    _ = removeAtExit
    _ = ignoreBrokenPipes
    let fd = open(inputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    guard fd >= 0 else { preconditionFailure("cannot write \(inputPath)") }
    if count > 0, let start { precondition(write(fd, start, count) == count) }
    close(fd)
    let whole = readInput(chunkSize: max(8192, count + 1))
    // 1–256 bytes, but no more than about 64 reads (a line longer than a read is copied
    // again at each read: tiny reads of a long line would cost its length squared). For a
    // gzip input the reads are of the inflated bytes, so they count: 164 bytes that inflate
    // to 110 KB of spaces, read a byte at a time, took 2 GB of memory under ASan (every read
    // a new buffer of the line so far), and fuzz runs stopped out of memory.
    let bytes = UnsafeBufferPointer(start: start, count: count)
    let small = [1, 2, 3, 4, 5, 7, 8, 13, 16, 17, 31, 64, 100, 129, 255, 256]
    let size = max(small[Int(hash(bytes) % UInt64(small.count))], max(count, inflatedCount(bytes) ?? 0) / 64)
    let cut = readInput(chunkSize: size)
    if cut != whole {
        let first = zip(cut.records, whole.records).enumerated().first { $0.element.0 != $0.element.1 }?.offset
            ?? min(cut.records.count, whole.records.count)
        // Written out first: -O code stops without a precondition's message.
        func failure(_ r: ReadResult) -> String { r.failure.map { "\($0)" } ?? "none" }
        fputs("""
            reads of \(size) bytes: \(cut.records.count) records, failure \(failure(cut)), notes \(cut.notes); \
            one read: \(whole.records.count) records, failure \(failure(whole)), notes \(whole.notes); \
            first difference at record \(first + 1): \(first < cut.records.count ? "\(cut.records[first])" : "none") \
            vs \(first < whole.records.count ? "\(whole.records[first])" : "none")\n
            """, stderr)
        preconditionFailure("reads of \(size) bytes read otherwise than one read")
    }
    return 0
}
