// Country calling codes for the `country-allowlist` smart rule (docs/judging.md "Smart rules").
//
// `callingCode(ofSender:)` finds the ITU code of an international sender
// (`+972 50-123-4567` → "972"); `normalize(_:)` is the one validator of a
// user-given code, shared by the CLI and the rule store, so the two cannot
// disagree. The code set itself is generated into Tables/CallingCodeTable.swift.

/// ITU country calling codes: validation and lookup of a sender's code.
public enum CallingCodes {
    /// `known[n]` is true when `n` (0...999) is a calling code.
    /// Only country codes count: the non-geographic ones (+800 freephone,
    /// +881 satellite, …) belong to no country, so a *country* allowlist cannot
    /// name them and a sender carrying one is not judged by it — as in the app,
    /// whose table has none of them.
    private static let known: [Bool] = {
        var known = [Bool](repeating: false, count: 1000)
        for code in CallingCodeTable.codes { known[Int(code)] = true }
        for code in CallingCodeTable.nonGeographic { known[Int(code)] = false }
        return known
    }()

    /// Number of known (country) calling codes.
    public static var count: Int { CallingCodeTable.codes.count - CallingCodeTable.nonGeographic.count }

    /// True when `code` is a known calling code written as 1–3 ASCII digits,
    /// optionally after one `+` (`"972"`, `"+44"`); no spaces, no leading zero.
    public static func isKnown(_ code: String) -> Bool {
        var digits = Substring(code).unicodeScalars
        if digits.first == "+" { digits = digits.dropFirst() }
        return value(ofDigits: digits).map { known[$0] } ?? false
    }

    /// The canonical form (`"+972"`) of a calling code a user typed as `+972`,
    /// `972` or ` +1 ` (surrounding whitespace ignored), or nil when it is not
    /// a known code. Both the CLI and the rule store validate through this.
    public static func normalize(_ userCode: String) -> String? {
        var digits = Substring(userCode).unicodeScalars
        while let first = digits.first, first.properties.isWhitespace { digits = digits.dropFirst() }
        while let last = digits.last, last.properties.isWhitespace { digits = digits.dropLast() }
        if digits.first == "+" { digits = digits.dropFirst() }
        guard let number = value(ofDigits: digits), known[number] else { return nil }
        return "+" + String(number)
    }

    /// The ITU calling code of an international sender, or nil.
    ///
    /// The sender is reduced to its digits and `+` signs; when that starts
    /// with `+`, the answer is the longest prefix (up to 3 digits) of the
    /// digits after it that is a known code: `+1 (212) 555…` → `"1"`,
    /// `+972 50-123-4567` → `"972"`. Nil when there is no leading `+`
    /// (`00972…` included) or no known prefix. As in the app, which keeps every
    /// `+` and every Unicode number and compares prefixes with its ASCII codes,
    /// a second `+` or a non-ASCII number ends the code where it stands
    /// (`++972…` and `+٩٧٢…` have none; `+1+…` is still `1`), and so does a
    /// digit that a mark or keycap joins into one character (`+5⃣972` has none).
    public static func callingCode(ofSender sender: String) -> String? {
        var sender = sender
        return sender.withUTF8 { callingCodeValue(ofSenderUTF8: $0) }.map { String($0) }
    }

    /// `callingCode(ofSender:)` on valid UTF-8, as a number (the engine's hot path: no Strings).
    @inline(__always)
    public static func callingCodeValue(ofSenderUTF8 sender: UnsafeBufferPointer<UInt8>) -> Int? {
        reduce(sender).code
    }

    /// The sender reduced as the app reduces it: its calling code (as `callingCodeValue`), and
    /// whether it starts with `+` at all (`--explain` says which of the two skipped the rule).
    public static func reduce(_ sender: UnsafeBufferPointer<UInt8>) -> (code: Int?, startsWithPlus: Bool) {
        var sawPlus = false
        var value = 0
        var length = 0
        var best: Int? = nil
        let known = self.known
        var i = 0
        let n = sender.count
        while i < n {
            let b = sender[i]
            let digit: Int
            if b < 0x80 {
                i += 1
                // The app reduces Characters: `5⃣` (a digit and a keycap) is a number but no
                // ASCII digit, and `+́` is no `+`.
                let joined = i < n && sender[i] >= 0xCC && Grapheme.continuesCluster(UTF8Scalar.decode(sender, i))
                if b == 0x2B {
                    if joined { continue }
                    if !sawPlus { sawPlus = true; continue }
                    break           // a second `+` inside the code
                }
                guard b &- 0x30 < 10 else { continue }
                if joined { break }     // a number the app keeps, but no ASCII code holds it
                digit = Int(b &- 0x30)
            } else {
                let cp = UTF8Scalar.decode(sender, i)
                i += b < 0xE0 ? 2 : b < 0xF0 ? 3 : 4
                guard isNumber(cp) else { continue }
                break               // kept by the app's reduction, but no ASCII code holds it
            }
            // The reduced sender starts with a digit, not `+`.
            guard sawPlus else { return (nil, false) }
            value = value * 10 + digit
            length += 1
            if value == 0 { return (nil, true) }  // a code never starts with 0
            if known[value] { best = value }
            if length == 3 { break }
        }
        return (best, sawPlus)
    }

    /// The value of 1–3 ASCII digits with no leading zero, or nil.
    private static func value(ofDigits scalars: Substring.UnicodeScalarView) -> Int? {
        guard scalars.count <= 3, scalars.first != "0" else { return nil }
        var value = 0
        for scalar in scalars {
            guard scalar.isASCII, scalar.value &- 0x30 < 10 else { return nil }
            value = value * 10 + Int(scalar.value - 0x30)
        }
        return value == 0 ? nil : value
    }

    /// Whether a non-ASCII scalar is a number (`Character.isNumber`: any numeric type).
    @inline(__always)
    private static func isNumber(_ cp: UInt32) -> Bool {
        // Letters (most non-ASCII sender text) are answered from the table, but for the Han
        // ideographs that are numerals (一 二 十 万: Character.isNumber, as the app reads them).
        if CharTable.isLetter(cp) && CharTable.script(cp) != .han { return false }
        return Unicode.Scalar(cp)?.properties.numericType != nil
    }
}
