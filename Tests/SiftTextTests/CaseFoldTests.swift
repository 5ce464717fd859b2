// CaseFold's table and its fast paths (ASCII, scripts whose lead bytes never
// fold, the growth bound of the output buffer) must give exactly what ICU's
// full case folding gives, scalar by scalar and over long mixed texts.
import Testing
import CICUShim
import SiftText

@Suite("Case folding")
struct CaseFoldTests {
    /// ICU's folding of valid UTF-8, the reference.
    static func icuFold(_ s: String) -> [UInt8] {
        let src = Array(s.utf8)
        var dst = [CChar](repeating: 0, count: src.count * 4 + 16)
        let m = src.withUnsafeBufferPointer { b in
            b.baseAddress!.withMemoryRebound(to: CChar.self, capacity: src.count) { sift_fold_utf8($0, Int32(src.count), &dst, Int32(dst.count)) }
        }
        return dst[0..<Int(m)].map { UInt8(bitPattern: $0) }
    }

    static func fold(_ s: String) -> [UInt8] { Array(CaseFold.fold(s).utf8) }

    @Test("every BMP scalar, between ASCII letters, folds as ICU folds it")
    func everyBMPScalar() {
        var wrong: [String] = []
        for cp in UInt32(0x80)..<0x1_0000 {
            guard let scalar = Unicode.Scalar(cp) else { continue }
            let s = "A" + String(scalar) + "z"
            if Self.fold(s) != Self.icuFold(s) { wrong.append(String(cp, radix: 16)) }
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(20))")
    }

    @Test("long texts mixing scripts, expanding foldings and scalars above the BMP", arguments: [
        String(repeating: "ΐß İ ﬃ ŉ ǰ ", count: 200),                   // every one grows: the buffer bound holds
        String(repeating: "שלום 明天 Привет ÀÉÎ 𐐀𐐨 😀 ", count: 100),      // Deseret capital folds above the BMP
        "ASCII only, Mixed CASE 123",
        "",
    ])
    func longTexts(_ s: String) {
        #expect(Self.fold(s) == Self.icuFold(s))
    }

    @Test("every ASCII byte, eight at a time and one by one, at every alignment")
    func everyASCIIByte() {
        let all = String(decoding: (0..<128).map { UInt8($0) }, as: UTF8.self)
        for shift in 0..<8 {
            let s = String(repeating: "é", count: shift % 2) + String(repeating: "x", count: shift) + all + all
            #expect(Self.fold(s) == Self.icuFold(s), "shift \(shift)")
        }
    }

    /// `splits` tells the matcher to look for occurrences inside one character's folding;
    /// checked against the number of scalars ICU folds each BMP scalar to.
    @Test("a text says it splits exactly when some scalar folds to several")
    func splitsIsSaidForEveryScalarThatFoldsToSeveral() {
        var wrong: [String] = []
        for cp in UInt32(0x80)..<0x1_0000 {
            guard let scalar = Unicode.Scalar(cp) else { continue }
            let several = String(decoding: Self.icuFold(String(scalar)), as: UTF8.self).unicodeScalars.count > 1
            let info = Array(("é" + String(scalar)).utf8).withUnsafeBufferPointer { CaseFold.append($0, to: ByteScratch()) }
            if info.splits != several { wrong.append(String(cp, radix: 16)) }
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(20))")
        let plain = Array("Ünïcödé ΣΟΦΌΣ Привет 明天".utf8).withUnsafeBufferPointer { CaseFold.append($0, to: ByteScratch()) }
        #expect(!plain.splits && !plain.ascii)
    }

    /// Readers never pass a sequence cut short, but folding keeps its bytes as they are
    /// after folding what comes before (every width, after folding and non-folding leads).
    @Test("a sequence cut short at the end is kept as it is", arguments: [
        [0xD0], [0xE4, 0xB8], [0xE4], [0xF0, 0x9F, 0x98], [0xF0], [0xC3],
    ] as [[UInt8]])
    func truncatedSequenceAtTheEnd(_ tail: [UInt8]) {
        for prefix in ["Привет", "שלום", "明天", "ÀÉ", "x", "ß"] {
            let scratch = ByteScratch()
            (Array(prefix.utf8) + tail).withUnsafeBufferPointer { _ = CaseFold.append($0, to: scratch) }
            #expect(Array(scratch.bytes) == Self.icuFold(prefix) + tail, "\(prefix) \(tail)")
        }
    }

    @Test("folding Straße, ΣΟΦΌΣ and İ")
    func knownFoldings() {
        #expect(CaseFold.fold("Straße") == "strasse")
        #expect(CaseFold.fold("ΣΟΦΌΣ") == "σοφόσ")
        #expect(CaseFold.fold("İ") == "i\u{307}")
    }
}
