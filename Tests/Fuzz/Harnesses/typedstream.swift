// Fuzz harness: the decoder of a Messages attributedBody (a typedstream-archived
// NSAttributedString). Any bytes give a string or a decode error, never a crash, a hang
// or a read past the blob (AddressSanitizer watches the reads).
@testable import SiftInput
@testable import SiftOutput
@testable import SiftStream

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTypedStream(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    // A copy of exactly `count` bytes, so that a read one past the end is caught.
    let blob = UnsafeMutableRawBufferPointer.allocate(byteCount: count, alignment: 1)
    defer { blob.deallocate() }
    if count > 0, let start { blob.copyMemory(from: UnsafeRawBufferPointer(start: start, count: count)) }
    _ = TypedStream.attributedString(UnsafeRawBufferPointer(blob))
    return 0
}
