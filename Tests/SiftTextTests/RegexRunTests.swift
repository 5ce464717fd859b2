// The run every match of a regex holds (RegexRun), and the pass that looks for it
// (`sift_longest_run`): a regex runs only on a text holding its run, so the run may be
// shorter or of a larger class than the truth, never longer or narrower.
import CTextScan
import Testing
@testable import SiftText

@Suite("Regex runs")
struct RegexRunTests {
    /// The run of `pattern` as "count:members", its ASCII members listed and `+digits` when it
    /// takes non-ASCII digits; nil when it has none.
    static func run(_ pattern: String) throws -> String? {
        guard let r = RegexRun.required(try ICURegex(pattern).spelled) else { return nil }
        let ascii = (0..<128).filter { r.members.holdsASCII(UInt8($0)) }.map { String(UnicodeScalar(UInt8($0))) }.joined()
        return "\(r.count):\(ascii)" + (r.members.nonASCII != 0 ? "+digits" : "")
    }

    @Test(arguments: [
        (#"\b\d{6}\b"#, "6:0123456789+digits" as String?),
        (#"[A-Z]{5,}"#, "5:ABCDEFGHIJKLMNOPQRSTUVWXYZ"),
        (#"\b\d{3}[-.\s]?\d{3}[-.\s]?\d{4}\b"#, "4:0123456789+digits"),   // the separators may be there
        (#"\+(234|92|233)\d{6,}"#, "8:0123456789+digits"),               // 92 and six digits
        (#"^\d{4,6}$"#, "4:0123456789+digits"),
        (#"(?i)\border\s?#?\d{5,}"#, "5:0123456789+digits"),
        (#"\b\d{1,2}/\d{1,2}/\d{2,4}\b"#, "2:0123456789+digits"),
        (#"\d{2}\d*\d{2}"#, "4:0123456789+digits"),                     // \d* takes digits or nothing
        (#"\d{2}\b\d{2}"#, "4:0123456789+digits"),                      // zero-width parts consume nothing
        (#"(\d{2}){3}"#, "6:0123456789+digits"),
        (#"\d{3}(-\d{3})?"#, "3:0123456789+digits"),
        (#"\d{3}|\d{5}"#, "3:0123456789+digits"),
        (#"\d{3}|[A-Z]{4}"#, "3:0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ+digits"),
        (#"x?\d{3}"#, "3:0123456789+digits"),
        (#"(?i)\d{6}"#, "6:0123456789+digits"),                         // digits have no case
        (#"[0-9]{4}"#, "4:0123456789"),                                 // ASCII digits only
        (#"\d{3}(?<!x)\d{3}"#, "6:0123456789+digits"),
        (#"[٠-٩]{4}"#, "4:+digits"),                                    // Arabic-Indic digits, by their kind
        (#"STOP\d"#, "4:OPST"),                                         // capitals in a row
        (#"\d{2}x\d{2}"#, "2:0123456789+digits"),
        (#"\d\d"#, "2:0123456789+digits"),
        (#"\d"#, nil),                                                  // one is what first bytes are for
        (#"(?i)[A-Z]{5,}"#, nil),                                       // any five letters: no narrower than words
        (#"\w{6}"#, nil),
        (#"[a-z]{5}"#, nil),
        (#"\s{3}"#, nil),
        (#"\d{3}|abc"#, nil),                                           // one branch holds no run
        (#"\d{3}?"#, "3:0123456789+digits"),                            // lazy, still three
        (#"(\d{3})?x"#, nil),
        (#"\d*"#, nil),
        (#"\X{3}"#, nil),
        (#"(?i)https?://\S+"#, nil),                                   // `//`: a run, in every link
        (#"[-+]{3}\d"#, nil),
        (#"(?i)\x{212A}{3}"#, nil),                                     // the Kelvin sign: a letter, and k under (?i)
    ] as [(String, String?)])
    func runs(_ pattern: String, _ expected: String?) throws {
        #expect(try Self.run(pattern) == expected, "\(pattern)")
    }

    /// A pattern that is the whole text, one class repeated: its lengths.
    @Test(arguments: [
        (#"^\d{4,6}$"#, "4...6" as String?),
        (#"^\d{11,}$"#, "11...max"),
        (#"^[A-Z]{2,11}$"#, "2...11"),
        (#"^\d{3}$"#, "3...3"),
        (#"\d{4,6}"#, nil),                 // anywhere in the text
        (#"^\d{4,6}"#, nil),
        (#"\A\d{4,6}$"#, "4...6"),          // \A is the start too
        (#"^\d{4,6}\b$"#, nil),             // more than the class repeated
        (#"^\d{2}\d{2}$"#, nil),
        (#"(?i)^\d{4,6}$"#, nil),
        (#"(?m)^\d{4,6}$"#, nil),           // a line, not the text
        (#"^[٠-٩]{4}$"#, nil),               // no ASCII member
    ] as [(String, String?)])
    func whole(_ pattern: String, _ expected: String?) throws {
        let run = RegexRun.required(try ICURegex(pattern).spelled)
        let got = run?.whole.map { "\($0.min)...\($0.max == .max ? "max" : String($0.max))" }
        #expect(got == expected, "\(pattern)")
    }

    static func held(_ pattern: String, _ text: String) throws -> Bool {
        let r = try #require(RegexRun.required(try ICURegex(pattern).spelled))
        var t = text
        return t.withUTF8 { r.isHeld(by: $0) }
    }

    @Test(arguments: [
        (#"\b\d{6}\b"#, "your code is 123456", true),
        (#"\b\d{6}\b"#, "at 12:30, 45 € or 67890", false),
        (#"\b\d{6}\b"#, "رمز التحقق ١٢٣٤٥٦", true),                       // Arabic-Indic digits
        (#"\b\d{6}\b"#, "کد ۱۲۳۴۵۶ است", true),                            // Extended Arabic-Indic
        (#"\b\d{6}\b"#, "验证码：１２３４５６", true),                        // fullwidth
        (#"\b\d{6}\b"#, "𝟏𝟐𝟑𝟒𝟓𝟔", true),                                 // mathematical digits, above the BMP
        (#"\b\d{6}\b"#, "١٢٣456", true),                                    // three of each kind
        (#"\b\d{6}\b"#, "مرحبا بك في خدمة العملاء الخاصة بنا اليوم ١٢٣٤٥", false),
        (#"\b\d{6}\b"#, "Привет! Ваш заказ 12345 готов к выдаче, спасибо", false),
        (#"\b\d{6}\b"#, "Привет! Ваш заказ 123456 готов к выдаче, спасибо", true),
        (#"\b\d{6}\b"#, "1234567890abcdef12345", true),                    // a run across the first sixteen bytes
        (#"\b\d{6}\b"#, "abcdefghijklmno12345x6", false),
        (#"\b\d{6}\b"#, "abcdefghijklmnopqrstu123456", true),              // at the very end, after the last block
        (#"\b\d{6}\b"#, "abcdefghijklmnopqr123456", true),
        (#"\b\d{6}\b"#, "abcdefghijklmnopqr12345", false),
        (#"\b\d{6}\b"#, "12345", false),
        (#"\b\d{6}\b"#, "", false),
        (#"[A-Z]{5,}"#, "CALL NOW for a FREE gift", false),
        (#"[A-Z]{5,}"#, "Éte SALE today: 50% off everything", false),
        (#"[A-Z]{5,}"#, "ÉteÉteÉte a GREAT day", true),
        (#"[A-Z]{5,}"#, "ABCDÉFGHI", false),                               // É is no capital of [A-Z]
    ] as [(String, String, Bool)])
    func held(_ pattern: String, _ text: String, _ expected: Bool) throws {
        #expect(try Self.held(pattern, text) == expected, "\(pattern) in \(text)")
    }

    /// The pass sixteen bytes at a time (`lo`, `hi`; with SSSE3 and without) finds the longest
    /// run as a scalar at a time does, on texts of every mix and length, the run anywhere.
    @Test func theBlocksFindWhatTheScalarsFind() {
        var random = TestRandom(seed: 7)
        let pieces = ["1", "22", "333", "4444", "a", "é", "Ж", "中", "😀", "١", "۲", "３", "𝟒", " ", "A", "ABC", "ل", "ـ"]
        let digit = RegexRun.required(#"\d{2}"#)!
        let ascii = digit.asciiFlags, leads = digit.leads
        var set = digit.leadSet
        let categories = RegexClassTable.bytes.baseAddress!
        var compared = 0
        for _ in 0..<20000 {
            var text = ""
            for _ in 0..<random.below(30) { text += random.pick(pieces) }
            let bytes = Array(text.utf8)
            for kinds in [UInt32(digit.members.nonASCII), 0] {
                for cap in [2, 5, 16, 40] {
                    let found = bytes.withUnsafeBufferPointer { b in
                        ascii.withUnsafeBufferPointer { a in
                            leads.withUnsafeBufferPointer { l in
                                [(1, 0x30, 0x39), (0, 0x30, 0x39), (0, -1, -1)].map { (simd: Int32, lo: Int32, hi: Int32) in
                                    sift_longest_run(b.baseAddress, b.count, a.baseAddress, categories, kinds, l.baseAddress, &set,
                                                     RegexRun.simd ? simd : 0, cap, lo, hi)
                                }
                            }
                        }
                    }
                    #expect(Set(found).count == 1, "\(text) kinds \(kinds) cap \(cap): \(found)")
                    compared += 1
                }
            }
        }
        #expect(compared == 160000)
    }

    /// Bytes that end in the middle of a scalar (not valid UTF-8, which msgsift never hands
    /// the pass, but no byte past the end is read: `make sanitize` checks it).
    @Test func aTextEndingInAFirstByteIsReadToItsEndOnly() {
        let digit = RegexRun.required(#"\d{2}"#)!
        var set = digit.leadSet
        for n in [1, 2, 15, 16, 17, 31, 32, 33] {
            let bytes = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: n)
            defer { bytes.deallocate() }
            for k in 0..<(n - 1) { bytes[k] = 0x31 }
            bytes[n - 1] = 0xD9                                   // the first byte of an Arabic-Indic digit, alone
            let longest = digit.asciiFlags.withUnsafeBufferPointer { a in
                digit.leads.withUnsafeBufferPointer { l in
                    sift_longest_run(bytes.baseAddress, n, a.baseAddress, RegexClassTable.bytes.baseAddress, UInt32(digit.members.nonASCII),
                                     l.baseAddress, &set, RegexRun.simd ? 1 : 0, 100, 0x30, 0x39)
                }
            }
            #expect(longest == n - 1, "\(n) bytes")
        }
    }

    /// Random patterns of runs, separators and groups × random texts of digits of every
    /// script, capitals and letters: wherever ICU finds a match, the text holds the run.
    @Test func aMatchAlwaysHoldsTheRun() throws {
        var random = TestRandom(seed: 91)
        let atoms = [#"\d"#, "[0-9]", "[A-Z]", "[A-Z0-9]", "[٠-٩]", "7", "Q", #"[-.\s]"#, "x", #"\b"#, "(?=1)", #"\w"#, "."]
        let quantifiers = ["", "", "?", "*", "+", "{2}", "{3,}", "{1,3}", "{2,4}?", "{0,2}"]
        let pieces = ["1", "23", "456", "7890", "١٢", "٣", "۴۵", "６７", "𝟖", "A", "BC", "DEFG", "Q", "x", "é", " ", "-", ".", "K", "ſ", "中文", "😀", "مرحبا"]
        var withRun = 0, excluded = 0
        for _ in 0..<1500 {
            var pattern = random.chance(25) ? "(?i)" : ""
            for _ in 0..<(1 + random.below(4)) {
                if random.chance(20) {
                    pattern += "(" + (0..<(1 + random.below(2))).map { _ in random.pick(atoms) + random.pick(quantifiers) }.joined(separator: "|") + ")" + random.pick(quantifiers)
                } else {
                    pattern += random.pick(atoms) + random.pick(quantifiers)
                }
            }
            guard let icu = try? ICURegex(pattern), let run = RegexRun.required(icu.spelled) else { continue }
            withRun += 1
            let matcher = icu.makeMatcher(timeLimit: 5)
            for _ in 0..<40 {
                var text = ""
                for _ in 0..<random.below(12) { text += random.pick(pieces) }
                if !text.withUTF8({ run.isHeld(by: $0) }) {
                    excluded += 1
                    #expect(matcher.find(text) != .match, "\(pattern) (run of \(run.count)) matches \(text)")
                }
            }
        }
        // The test means something only if runs were found and ruled texts out.
        #expect(withRun > 300 && excluded > 3000, "\(withRun) patterns with a run, \(excluded) texts ruled out")
    }
}
