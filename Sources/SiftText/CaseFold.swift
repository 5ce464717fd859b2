// Unicode default full case folding (docs/judging.md "Filters" "insensitive"): the same for
// every locale, so `STRASSE` and `Straße` fold alike and Turkic dotted and
// dotless i stay apart.
//
// The hot path reads a table: ASCII is folded inline, every other BMP code
// point through a 64 Ki-entry index into a pool of folded UTF-8, built once
// from ICU (`ucasemap_utf8FoldCase`, through CICUShim) the first time it is
// needed. Code points above the BMP, which rarely fold, ask ICU directly.
import CICUShim

/// Case folding of UTF-8 text.
public enum CaseFold {
    /// For each BMP code point: 0 when folding leaves it alone, else
    /// `offset << 4 | length` of its folded UTF-8 in `pool` (length 0: left
    /// alone), with `unstable` set when NFC might change it (`Normalization`)
    /// and `splits` when it folds to more than one scalar (ß → ss).
    ///
    /// Plain buffers, built once and kept for the life of the process: read per message by
    /// every worker, they are never retained (an array's storage shared by the workers would
    /// move its reference count's cache line between cores at every fold; bench/RESULTS.md).
    private struct Table: Sendable {
        let index: FrozenBuffer<UInt32>
        let pool: FrozenBuffer<UInt8>
        /// The most folded bytes per byte of text any BMP scalar gives (ΐ: 2 → 6).
        let maxGrowth: Int
        /// By lead byte: some BMP scalar starting with it folds to something else, or
        /// NFC might change it. Most scripts (Han, Thai, …) never do: their bytes are copied.
        let leadFolds: FrozenBuffer<Bool>

        init() {
            // Every BMP scalar above ASCII, each followed by a NUL, folded by ICU in one call:
            // case folding is context-free, so the output is each scalar's folding in turn,
            // NUL after NUL (nothing folds to or from NUL).
            var src: [UInt8] = []
            src.reserveCapacity(0x1_0000 * 4)
            var one = [UInt8](repeating: 0, count: 4)
            for cp in UInt32(0x80)..<0x1_0000 where !(0xD800...0xDFFF).contains(cp) {
                let n = encode(cp, into: &one)
                src.append(contentsOf: one[0..<n])
                src.append(0)
            }
            var dst = [CChar](repeating: 0, count: src.count * 4 + 64)
            let m = src.withUnsafeBufferPointer { s in
                s.baseAddress!.withMemoryRebound(to: CChar.self, capacity: s.count) { sift_fold_utf8($0, Int32(s.count), &dst, Int32(dst.count)) }
            }
            var index = [UInt32](repeating: 0, count: 0x1_0000)
            var pool: [UInt8] = [0]
            var growth = 1
            var leads = [Bool](repeating: false, count: 256)
            if m > 0 && Int(m) <= dst.count {
                dst.withUnsafeBufferPointer { d in
                    src.withUnsafeBufferPointer { t in
                        var i = 0, o = 0
                        for cp in UInt32(0x80)..<0x1_0000 where !(0xD800...0xDFFF).contains(cp) {
                            let n = cp < 0x800 ? 2 : 3
                            var end = o
                            while end < Int(m) && d[end] != 0 { end += 1 }
                            let length = end - o
                            var same = length == n
                            if same { for k in 0..<n where UInt8(bitPattern: d[o + k]) != t[i + k] { same = false } }
                            if length > 0 && length <= 15 && !same {
                                precondition(pool.count <= Int(CaseFold.offsetMask), "case-folding pool past its offset bits")
                                index[Int(cp)] = UInt32(pool.count) << 4 | UInt32(length)
                                if (o..<end).reduce(0, { $0 + (UInt8(bitPattern: d[$1]) & 0xC0 != 0x80 ? 1 : 0) }) > 1 {
                                    index[Int(cp)] |= CaseFold.splits
                                }
                                for k in o..<end { pool.append(UInt8(bitPattern: d[k])) }
                                leads[Int(t[i])] = true
                                growth = max(growth, (length + n - 1) / n)
                            }
                            if Normalization.mayChange(cp) {
                                index[Int(cp)] |= CaseFold.unstable
                                leads[Int(t[i])] = true
                            }
                            i += n + 1
                            o = end + 1
                        }
                    }
                }
            }
            self.index = FrozenBuffer(ownedBuffer(index))
            self.pool = FrozenBuffer(ownedBuffer(pool))
            maxGrowth = growth
            leadFolds = FrozenBuffer(ownedBuffer(leads))
        }
    }

    private static let table = Table()
    /// The flag of an index entry whose code point NFC might change.
    fileprivate static let unstable: UInt32 = 1 << 31
    /// The flag of an index entry whose code point folds to several scalars.
    fileprivate static let splits: UInt32 = 1 << 30
    /// An index entry's offset into the pool, once shifted: the bits below the flags.
    fileprivate static let offsetMask: UInt32 = 0x3FF_FFFF

    /// What folding found out about a text on the way.
    public struct FoldInfo: Sendable {
        /// Every byte was ASCII.
        public var ascii: Bool
        /// Some code point might change under NFC (`Normalization.mayChange`).
        public var mayChangeUnderNFC: Bool
        /// Some scalar folded to several (ß → ss, ﬁ → fi, İ → i + U+0307): a place
        /// inside the folded text may fall inside the folding of one character.
        public var splits: Bool = false
    }

    @inline(__always)
    private static func encode(_ cp: UInt32, into b: inout [UInt8]) -> Int {
        if cp < 0x800 {
            b[0] = UInt8(0xC0 | (cp >> 6)); b[1] = UInt8(0x80 | (cp & 0x3F)); return 2
        }
        if cp < 0x1_0000 {
            b[0] = UInt8(0xE0 | (cp >> 12)); b[1] = UInt8(0x80 | ((cp >> 6) & 0x3F)); b[2] = UInt8(0x80 | (cp & 0x3F)); return 3
        }
        b[0] = UInt8(0xF0 | (cp >> 18)); b[1] = UInt8(0x80 | ((cp >> 12) & 0x3F))
        b[2] = UInt8(0x80 | ((cp >> 6) & 0x3F)); b[3] = UInt8(0x80 | (cp & 0x3F)); return 4
    }

    /// An upper bound of the folded size of `count` bytes of text.
    @inline(__always)
    public static func maxFoldedCount(_ count: Int) -> Int { count * table.maxGrowth + 8 }

    /// Appends the case-folded form of `bytes` (valid UTF-8) to `out`; returns
    /// whether `bytes` were all ASCII, whether NFC might change them and whether
    /// some scalar folded to several (found on the way).
    @inline(__always) @discardableResult
    public static func append(_ bytes: UnsafeBufferPointer<UInt8>, to out: ByteScratch) -> FoldInfo {
        let dst = out.reserve(maxFoldedCount(bytes.count))
        let (count, info) = fold(bytes, into: dst)
        out.count += count
        return info
    }

    /// Writes the case-folded form of `bytes` at `dst`, which has room for
    /// `maxFoldedCount(bytes.count)` bytes; returns how many it wrote and
    /// what it found out.
    @inline(__always)
    static func fold(_ bytes: UnsafeBufferPointer<UInt8>, into dst: UnsafeMutablePointer<UInt8>) -> (count: Int, info: FoldInfo) {
        var i = 0
        let n = bytes.count
        guard let src = bytes.baseAddress else { return (0, FoldInfo(ascii: true, mayChangeUnderNFC: false)) }
        i = foldASCIIWords(src, 0, n, dst, 0)
        while i < n {
            let b = bytes[i]
            if b >= 0x80 { break }
            dst[i] = b &- 0x41 < 26 ? b | 0x20 : b
            i += 1
        }
        if i == n { return (n, FoldInfo(ascii: true, mayChangeUnderNFC: false)) }
        let (count, unstable, splits) = foldRest(bytes, from: i, into: dst)
        return (count, FoldInfo(ascii: false, mayChangeUnderNFC: unstable, splits: splits))
    }

    /// Folds ASCII eight bytes at a time from `src[i...]` to `dst[w...]` while
    /// whole words are ASCII; returns where it stopped in `src`.
    @inline(__always)
    static func foldASCIIWords(_ src: UnsafePointer<UInt8>, _ start: Int, _ n: Int, _ dst: UnsafeMutablePointer<UInt8>, _ out: Int) -> Int {
        var i = start, w = out
        let high: UInt64 = 0x8080_8080_8080_8080
        while i + 8 <= n {
            let x = UnsafeRawPointer(src + i).loadUnaligned(as: UInt64.self)
            if x & high != 0 { break }
            // Per byte (all below 0x80, so no carries cross bytes): A…Z get 0x20.
            let geA = x &+ 0x3F3F_3F3F_3F3F_3F3F          // high bit set when byte ≥ 0x41
            let gtZ = x &+ 0x2525_2525_2525_2525          // high bit set when byte > 0x5A
            let upper = geA & ~gtZ & high
            UnsafeMutableRawPointer(dst + w).storeBytes(of: x | (upper >> 2), as: UInt64.self)
            i += 8; w += 8
        }
        return i
    }

    /// The general loop, once a non-ASCII byte was seen (the table is fetched once per call).
    private static func foldRest(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, into dst: UnsafeMutablePointer<UInt8>) -> (Int, Bool, Bool) {
        let table = self.table
        let supplementaryRoom = 4 * table.maxGrowth
        let index = table.index.buffer, pool = table.pool.buffer, leadFolds = table.leadFolds.buffer
        var i = start, w = start
        var unstable = false
        // The flags of every entry used, or-ed together.
        var flags: UInt32 = 0
        let n = bytes.count
        let src = bytes.baseAddress!
        while i < n {
            let b0 = bytes[i]
            if b0 < 0x80 {
                dst[w] = b0 &- 0x41 < 26 ? b0 | 0x20 : b0
                i += 1; w += 1
                // A run of ASCII (a space, a word of Latin text) goes eight bytes at a time.
                let j = foldASCIIWords(src, i, n, dst, w)
                w += j - i; i = j
                continue
            }
            // Two and three bytes (every BMP script) each by a path of its own: a lead that no
            // scalar folds from (Hebrew, Arabic, Han) is copied with its bytes, others looked up.
            if b0 < 0xE0 {
                if i + 2 > n { break }
                let b1 = bytes[i + 1]
                if leadFolds[Int(b0)] {
                    let entry = index[Int(UInt32(b0 & 0x1F) << 6 | UInt32(b1 & 0x3F))]
                    flags |= entry
                    if entry & 0xF != 0 {
                        w += copyFolding(entry, pool, dst + w)
                        i += 2
                        continue
                    }
                }
                dst[w] = b0; dst[w + 1] = b1
                i += 2; w += 2
                continue
            }
            if b0 < 0xF0 {
                if i + 3 > n { break }
                let b1 = bytes[i + 1], b2 = bytes[i + 2]
                if leadFolds[Int(b0)] {
                    let entry = index[Int(UInt32(b0 & 0x0F) << 12 | UInt32(b1 & 0x3F) << 6 | UInt32(b2 & 0x3F))]
                    flags |= entry
                    if entry & 0xF != 0 {
                        w += copyFolding(entry, pool, dst + w)
                        i += 3
                        continue
                    }
                }
                dst[w] = b0; dst[w + 1] = b1; dst[w + 2] = b2
                i += 3; w += 3
                continue
            }
            if i + 4 > n { break }
            let above = UInt32(b0 & 0x07) << 18 | UInt32(bytes[i + 1] & 0x3F) << 12
                | UInt32(bytes[i + 2] & 0x3F) << 6 | UInt32(bytes[i + 3] & 0x3F)
            if Normalization.mayChange(above) { unstable = true }
            w += foldAboveBMP(bytes, i, into: dst + w, room: supplementaryRoom)
            i += 4
        }
        // A truncated sequence at the end (readers never let one through): its bytes are kept.
        while i < n { dst[w] = bytes[i]; i += 1; w += 1 }
        return (w, unstable || flags & CaseFold.unstable != 0, flags & CaseFold.splits != 0)
    }

    /// Writes the folding an index entry points to at `dst`; returns its length.
    @inline(__always)
    private static func copyFolding(_ entry: UInt32, _ pool: UnsafeBufferPointer<UInt8>, _ dst: UnsafeMutablePointer<UInt8>) -> Int {
        let offset = Int(entry >> 4 & CaseFold.offsetMask), length = Int(entry & 0xF)
        for k in 0..<length { dst[k] = pool[offset + k] }
        return length
    }

    /// Like `append`, and also records, for every byte appended, the offset
    /// (plus `base`) of the scalar of `bytes` it was folded from, so positions
    /// in the folded text can be traced back to the text itself.
    public static func append(_ bytes: UnsafeBufferPointer<UInt8>, to out: inout [UInt8], sources: inout [Int32], base: Int) {
        let n = bytes.count
        out.reserveCapacity(out.count + n + 8)
        sources.reserveCapacity(sources.count + n + 8)
        let table = self.table
        let index = table.index.buffer, pool = table.pool.buffer
        var i = 0
        while i < n {
            let b0 = bytes[i]
            let source = Int32(base + i)
            if b0 < 0x80 {
                out.append(b0 &- 0x41 < 26 ? b0 | 0x20 : b0)
                sources.append(source)
                i += 1
                continue
            }
            let width = b0 < 0xE0 ? 2 : b0 < 0xF0 ? 3 : 4
            let before = out.count
            if i + width > n {
                while i < n { out.append(bytes[i]); i += 1 }
            } else if width == 4 {
                var four: (UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32) = (0, 0, 0, 0, 0, 0, 0, 0)
                withUnsafeMutableBytes(of: &four) { room in
                    let m = foldAboveBMP(bytes, i, into: room.baseAddress!.assumingMemoryBound(to: UInt8.self), room: 4 * table.maxGrowth)
                    for k in 0..<m { out.append(room[k]) }
                }
                i += 4
            } else {
                let cp = width == 2
                    ? UInt32(b0 & 0x1F) << 6 | UInt32(bytes[i + 1] & 0x3F)
                    : UInt32(b0 & 0x0F) << 12 | UInt32(bytes[i + 1] & 0x3F) << 6 | UInt32(bytes[i + 2] & 0x3F)
                let entry = index[Int(cp)]
                if entry & 0xF == 0 {
                    for k in i..<(i + width) { out.append(bytes[k]) }
                } else {
                    let offset = Int(entry >> 4 & CaseFold.offsetMask), length = Int(entry & 0xF)
                    for k in offset..<(offset + length) { out.append(pool[k]) }
                }
                i += width
            }
            for _ in before..<out.count { sources.append(source) }
        }
    }

    /// One scalar above the BMP, folded by ICU into `dst` (room for `room` ≤ 32 bytes);
    /// returns the bytes written. Supplementary scalars fold to one scalar
    /// (Unicode's CaseFolding.txt), so the room is never short; if it were, the scalar stays.
    private static func foldAboveBMP(_ bytes: UnsafeBufferPointer<UInt8>, _ i: Int, into dst: UnsafeMutablePointer<UInt8>, room: Int) -> Int {
        var out: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
        return withUnsafeMutableBytes(of: &out) { buf in
            let chars = buf.baseAddress!.assumingMemoryBound(to: CChar.self)
            let m = bytes.baseAddress!.advanced(by: i).withMemoryRebound(to: CChar.self, capacity: 4) {
                sift_fold_utf8($0, 4, chars, 32)
            }
            if m > 0 && Int(m) <= min(room, 32) {
                for k in 0..<Int(m) { dst[k] = UInt8(bitPattern: chars[k]) }
                return Int(m)
            }
            for k in 0..<4 { dst[k] = bytes[i + k] }
            return 4
        }
    }

    /// The case-folded UTF-8 of a string.
    public static func foldedBytes(_ s: String) -> [UInt8] {
        var s = s
        return s.withUTF8 { src in
            [UInt8](unsafeUninitializedCapacity: maxFoldedCount(src.count)) { buf, n in n = fold(src, into: buf.baseAddress!).count }
        }
    }

    /// The case-folded UTF-8 of the NFC form of a string: how phrases are compiled
    /// (`Normalization`). The folding itself says whether NFC might change anything,
    /// but for marks only out of order (`Normalization.hasMarkRun`).
    public static func foldedNFCBytes(_ s: String) -> [UInt8] {
        var s = s
        return s.withUTF8 { src in
            // Folded on the stack, then copied into an array of its size: a quarter fewer
            // instructions than an array of the largest size made for each (50,000 list entries).
            let folded: [UInt8]? = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: maxFoldedCount(src.count)) { buf in
                let r = fold(src, into: buf.baseAddress!)
                if r.info.mayChangeUnderNFC || Normalization.hasMarkRun(utf8: src) { return nil }
                return Array(UnsafeBufferPointer(rebasing: buf[..<r.count]))
            }
            if let folded { return folded }
            let nfc = ByteScratch()
            Normalization.appendNFC(src, to: nfc)
            return [UInt8](unsafeUninitializedCapacity: maxFoldedCount(nfc.count)) { buf, n in n = fold(nfc.bytes, into: buf.baseAddress!).count }
        }
    }

    /// The case-folded form of a string.
    public static func fold(_ s: String) -> String {
        String(decoding: foldedBytes(s), as: UTF8.self)
    }
}
