// Canonical equivalence for phrases (docs/judging.md "Filters" contains/exact): the app
// compares Swift Strings, which treat `café` (é precomposed) and `cafe` +
// U+0301 as equal. msgsift matches bytes, so phrases and the texts they are
// looked for in are both put in Normalization Form C first. Texts almost
// always are already: folding notes any code point NFC might change
// (NFC_Quick_Check No or Maybe: combining marks, Hangul jamo, a few
// singletons such as U+212B ANGSTROM SIGN), and only then is the text
// normalized, through ICU.
import CICUShim
import CTextScan

/// Normalization Form C for phrase matching.
public enum Normalization {
    /// A set of code points from ICU: one bit per BMP code point, ranges above it.
    private final class CodePointSet: Sendable {
        let bmp: [UInt64]
        /// Ranges above the BMP, sorted.
        let supplementary: [ClosedRange<UInt32>]

        /// `ranges` writes up to `capacity` ranges and returns how many there are.
        init(_ ranges: (UnsafeMutablePointer<Int32>, UnsafeMutablePointer<Int32>, Int32) -> Int32) {
            var starts = [Int32](repeating: 0, count: 2048), ends = [Int32](repeating: 0, count: 2048)
            let n = Int(ranges(&starts, &ends, Int32(starts.count)))
            var bmp = [UInt64](repeating: 0, count: 0x1_0000 / 64)
            var supplementary: [ClosedRange<UInt32>] = []
            for i in 0..<max(0, min(n, starts.count)) {
                let lo = UInt32(starts[i]), hi = UInt32(ends[i])
                if lo <= 0xFFFF { for cp in lo...min(hi, 0xFFFF) { bmp[Int(cp >> 6)] |= 1 << (cp & 63) } }
                if hi > 0xFFFF { supplementary.append(max(lo, 0x1_0000)...hi) }
            }
            self.bmp = bmp
            self.supplementary = supplementary
        }

        @inline(__always)
        func contains(_ cp: UInt32) -> Bool {
            if cp <= 0xFFFF { return bmp[Int(cp >> 6)] >> (cp & 63) & 1 != 0 }
            // The last range starting at or below `cp` (an emoji is above them all: ~8 steps).
            var lo = 0, hi = supplementary.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if supplementary[mid].lowerBound <= cp { lo = mid + 1 } else { hi = mid }
            }
            return lo > 0 && supplementary[lo - 1].contains(cp)
        }
    }

    /// Code points NFC might change.
    private static let tables = CodePointSet(sift_nfc_unstable_ranges)
    /// Marks of canonical combining class other than 0.
    private static let nonStarters = CodePointSet(sift_nonstarter_ranges)

    /// The UTF-8 lead bytes (0xC0–0xFF) some mark of `nonStarters` starts with: bit `b & 63`.
    private static let markLeads: UInt64 = {
        var starts = [Int32](repeating: 0, count: 2048), ends = [Int32](repeating: 0, count: 2048)
        let n = Int(sift_nonstarter_ranges(&starts, &ends, Int32(starts.count)))
        func lead(_ cp: UInt32) -> UInt8 {
            cp < 0x800 ? UInt8(0xC0 | cp >> 6) : cp < 0x1_0000 ? UInt8(0xE0 | cp >> 12) : UInt8(0xF0 | cp >> 18)
        }
        var high: UInt64 = 0
        for k in 0..<max(0, min(n, starts.count)) where starts[k] >= 0x80 && ends[k] >= starts[k] {
            // Leads grow with the code point: every lead from the range's first to its last.
            for b in lead(UInt32(starts[k]))...lead(UInt32(ends[k])) { high |= 1 << UInt64(b & 63) }
        }
        return high
    }()

    /// Whether the code point is a mark of canonical combining class other than 0.
    public static func isNonStarter(_ cp: UInt32) -> Bool {
        nonStarters.contains(cp)
    }

    /// Whether valid UTF-8 `text` has two marks of a combining class other than 0 in a
    /// row, which NFC puts in order: Hebrew points (dagesh U+05BC then qamats U+05B8
    /// become qamats, dagesh) are NFC_Quick_Check Yes, so `mayChange` does not see them.
    /// Only a text or phrase with such a run can differ from its NFC form by order alone.
    public static func hasMarkRun(utf8 text: UnsafeBufferPointer<UInt8>) -> Bool {
        var i = 0
        let n = text.count
        var previous = false
        let leads = markLeads
        guard let base = text.baseAddress else { return false }
        while true {
            // Nothing below U+0300 is a mark: its characters (bytes below 0xCC, with their
            // continuation bytes) are skipped sixteen bytes at a time.
            let next = sift_first_at_least(base, i, n, 0xCC)
            if next != i { previous = false; i = next }
            if i >= n { return false }
            let b0 = text[i]
            let width = b0 < 0xE0 ? 2 : b0 < 0xF0 ? 3 : 4
            if leads >> UInt64(b0 & 63) & 1 == 0 {
                // No mark starts with this byte (Cyrillic, Greek, CJK, Hangul): not decoded.
                i += width; previous = false; continue
            }
            guard i + width <= n else { return false }
            let mark = isNonStarter(UTF8Scalar.decode(text, i))
            if mark && previous { return true }
            previous = mark
            i += width
        }
    }

    /// Whether NFC might change, drop or reorder the code point (or its neighbours).
    public static func mayChange(_ cp: UInt32) -> Bool {
        tables.contains(cp)
    }

    /// Appends the NFC form of valid UTF-8 `text` to `out`.
    public static func appendNFC(_ text: UnsafeBufferPointer<UInt8>, to out: ByteScratch) {
        guard let src = text.baseAddress, text.count > 0 else { return }
        var room = text.count * 3 + 16
        while true {
            let dst = out.reserve(room)
            let n = src.withMemoryRebound(to: CChar.self, capacity: text.count) { s in
                dst.withMemoryRebound(to: CChar.self, capacity: room) { sift_nfc_utf8(s, Int32(text.count), $0, Int32(room)) }
            }
            if n < 0 { out.append(text); return }          // ICU refused: keep the text as it is
            if Int(n) <= room { out.count += Int(n); return }
            room = Int(n)
        }
    }

    /// Whether NFC might change valid UTF-8 `text` (nothing below U+0300 ever changes).
    public static func mayChange(utf8 text: UnsafeBufferPointer<UInt8>) -> Bool {
        var i = 0
        let n = text.count
        while i < n {
            let b0 = text[i]
            if b0 < 0xCC { i += b0 < 0x80 ? 1 : 2; continue }
            let width = b0 < 0xE0 ? 2 : b0 < 0xF0 ? 3 : 4
            guard i + width <= n else { return false }
            if mayChange(UTF8Scalar.decode(text, i)) { return true }
            i += width
        }
        return false
    }

    /// The NFC form of a string (rule texts, once, when a rule set is compiled).
    public static func nfc(_ s: String) -> String {
        var utf8 = s
        let normalized: String? = utf8.withUTF8 { text in
            guard mayChange(utf8: text) || hasMarkRun(utf8: text) else { return nil }
            let out = ByteScratch()
            appendNFC(text, to: out)
            return String(decoding: out.bytes, as: UTF8.self)
        }
        return normalized ?? s
    }
}
