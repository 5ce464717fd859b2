// Fuzz harness: the whole input reader on one input — format detection, NDJSON lines, CSV
// (stray quotes, rewinds), SMS Backup & Restore XML through libxml2, gzip through zlib. The
// input is a memory file the reader opens by its /proc path, as it opens a file argument.
// Never a crash or a hang; every record the reader hands on lies inside its batch's bytes,
// and records are numbered 1, 2, 3… in order.
import Foundation
@testable import SiftInput
@testable import SiftOutput
@testable import SiftStream

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzReader(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let fd = memfd_create("msgsift-fuzz", 0)
    guard fd >= 0 else { return 0 }
    defer { close(fd) }
    if count > 0, let start { _ = write(fd, start, count) }
    var options = StreamOptions()
    options.maxRecordBytes = 64       // small, so over-long records and rewinds happen often
    var next = 1
    let reader = RecordReader(options: options) { batch in
        for r in batch.records {
            precondition(r.number == next, "record \(r.number) after \(next - 1)")
            precondition(r.start <= r.end && r.end <= batch.data.count, "a record outside its batch")
            next += 1
        }
        return true
    }
    _ = try? reader.read(.file("/proc/self/fd/\(fd)"))
    return 0
}
