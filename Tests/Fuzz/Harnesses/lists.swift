// Fuzz harness: a community-list file. The byte-level reader of the common shape and the
// general JSON reading behind it never crash, whatever the bytes.
import Foundation
import SiftRules

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLists(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    _ = try? CommunityListFile.readReporting(Data(UnsafeBufferPointer(start: start, count: count)))
    return 0
}
