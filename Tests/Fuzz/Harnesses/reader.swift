// Fuzz harness: the whole input reader on one input — format detection, NDJSON lines, CSV
// (stray quotes, rewinds), SMS Backup & Restore XML through libxml2, gzip through zlib. The
// input is written to a file (on tmpfs where there is one) that the reader opens by its
// path, as it opens a file argument.
// Never a crash or a hang; every record the reader hands on lies inside its batch's bytes,
// and records are numbered 1, 2, 3… in order.
import Foundation
@testable import SiftInput
@testable import SiftOutput
@testable import SiftStream

/// The file each input is written to, one per process. (Glibc's memfd_create is not
/// visible to Swift.)
let inputPath = (FileManager.default.fileExists(atPath: "/dev/shm") ? "/dev/shm" : NSTemporaryDirectory())
    + "/msgsift-fuzz-reader-\(getpid())"
/// Removes the file when the run ends (a crash leaves it, for a look).
let removeAtExit: Void = { _ = atexit { _ = unlink(inputPath) } }()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzReader(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    _ = removeAtExit
    let fd = open(inputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    guard fd >= 0 else { preconditionFailure("cannot write \(inputPath)") }
    if count > 0, let start { precondition(write(fd, start, count) == count) }
    close(fd)
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
    _ = try? reader.read(.file(inputPath))
    return 0
}
