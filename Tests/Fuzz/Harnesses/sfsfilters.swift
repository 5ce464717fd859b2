// Fuzz harness: a .sfsfilters file. Reading never crashes; what it reads, written back
// and read again, gives the same rows (export → import keeps every field).
import Foundation
import SiftRules

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSFSFilters(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let data = Data(UnsafeBufferPointer(start: start, count: count))
    guard let rows = try? SFSFilters.read(data) else { return 0 }
    let filters = rows.compactMap { try? $0.result.get() }
    let written = SFSFilters.write(filters, exportedAt: Date(timeIntervalSince1970: 0), appVersion: "fuzz")
    guard let again = try? SFSFilters.read(written) else { preconditionFailure("an export could not be read back") }
    let back = again.compactMap { try? $0.result.get() }
    precondition(back == filters, "a row changed through export and import")
    return 0
}
