// gzip input, decompressed as it is read. An input whose first bytes are gzip's magic
// (1F 8B) is inflated by zlib on a thread of its own into a pipe, and the reader reads
// the pipe as it reads any input that cannot seek: NDJSON, CSV and SMS Backup & Restore
// XML alike, in bounded memory. Concatenated gzip members (`cat a.gz b.gz`) are read one
// after the other, as gzip itself does. Corrupt or truncated data ends the input with an
// error after the records read before it.
import CZlib
import Foundation
import SiftText

final class Gunzip: Sendable {
    /// The pipe the reader reads the decompressed bytes from.
    let output: Int32
    /// Why decompression stopped early, if it did.
    private let failure = Locked<GzipFailure?>(nil)
    private let finished = DispatchSemaphore(value: 0)

    /// Starts inflating `prefix` (what was read of `source` already), then the rest of
    /// `source`. Nil when no pipe can be made.
    init?(source: Int32, prefix: [UInt8]) {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { return nil }
        output = ends[0]
        let input = ends[1]
        let thread = Thread { [self] in
            let why = Self.inflate(source: source, prefix: prefix, into: input)
            close(input)
            failure.withLock { $0 = why }
            finished.signal()
        }
        thread.stackSize = 1 << 20
        thread.start()
    }

    /// Ends reading (early or not: the thread stops at its next write) and waits for the
    /// thread. Returns why the data could not be decompressed, if it could not.
    func finish() -> GzipFailure? {
        close(output)
        finished.wait()
        return failure.withLock { $0 }
    }

    private static let chunk = 256 << 10

    /// Inflates until the input ends; nil when it ended where a gzip member ends (or the
    /// reader stopped reading), else why not.
    private static func inflate(source: Int32, prefix: [UInt8], into out: Int32) -> GzipFailure? {
        var stream = z_stream()
        guard csift_inflate_init_gzip(&stream) == Z_OK else { return .cannotStart }
        defer { inflateEnd(&stream) }
        var input = prefix, used = 0
        var output = [UInt8](repeating: 0, count: chunk)
        var inMember = true          // inside a member (its magic was seen)
        var outputFull = false       // zlib may hold more output for the input it has
        while true {
            if used == input.count && !outputFull && !more(source, &input, &used) { break }
            let status: Int32 = input.withUnsafeMutableBufferPointer { inBuf in
                output.withUnsafeMutableBufferPointer { outBuf in
                    stream.next_in = inBuf.baseAddress.map { $0 + used }
                    stream.avail_in = UInt32(inBuf.count - used)
                    stream.next_out = outBuf.baseAddress
                    stream.avail_out = UInt32(outBuf.count)
                    let status = CZlib.inflate(&stream, Z_NO_FLUSH)
                    used = inBuf.count - Int(stream.avail_in)
                    return status
                }
            }
            outputFull = stream.avail_out == 0
            let produced = chunk - Int(stream.avail_out)
            if produced > 0 && !writeAll(out, output, produced) { return nil }     // the reader stopped
            switch status {
            case Z_OK, Z_BUF_ERROR:
                break
            case Z_STREAM_END:
                // Another member may follow (`cat a.gz b.gz`); anything else after the last one
                // is left, as gzip leaves trailing zeros.
                inMember = false
                outputFull = false
                while input.count - used < 2 && more(source, &input, &used, keeping: true) {}
                guard input.count - used >= 2, input[used] == 0x1F, input[used + 1] == 0x8B else { return nil }
                inflateReset(&stream)
                inMember = true
            case Z_DATA_ERROR:
                return .invalid(zlibMessage: stream.msg.map { String(cString: $0) })
            case Z_MEM_ERROR:
                return .outOfMemory
            default:
                return .status(status)
            }
        }
        return inMember ? .endsEarly : nil
    }

    /// Reads the next chunk of `source` into `input` (after its unused bytes, with `keeping`);
    /// false at the end of `source`.
    private static func more(_ source: Int32, _ input: inout [UInt8], _ used: inout Int, keeping: Bool = false) -> Bool {
        let kept = keeping ? Array(input[used...]) : []
        var n = 0
        let next = [UInt8](unsafeUninitializedCapacity: chunk) { buf, count in
            repeat { n = read(source, buf.baseAddress, chunk) } while n < 0 && errno == EINTR
            count = max(n, 0)
        }
        guard !next.isEmpty else { return false }
        input = kept + next
        used = 0
        return true
    }

    /// Writes `count` bytes of `bytes`; false when the reader closed its end.
    private static func writeAll(_ fd: Int32, _ bytes: [UInt8], _ count: Int) -> Bool {
        var offset = 0
        while offset < count {
            let n = bytes.withUnsafeBufferPointer { write(fd, $0.baseAddress! + offset, count - offset) }
            if n < 0 {
                if errno == EINTR { continue }
                return false
            }
            offset += n
        }
        return true
    }
}
