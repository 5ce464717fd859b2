// Tests for CallingCodes (docs/judging.md "Smart rules" `country-allowlist`): a sender's calling
// code, and the one validator of user-given codes. Expected values follow the
// ITU assignments.
import SiftText
import Testing

@Suite("CallingCodes")
struct CallingCodesTests {
    @Test("the code of a sender starting with +, spaces, dashes, parentheses ignored", arguments: [
        ("+972 50-123-4567", "972"),
        ("+972501234567", "972"),
        ("+44 20 7946 0958", "44"),
        ("+7 495 123-45-67", "7"),
        ("+380 44 123 4567", "380"),
        ("+971-4-123-4567", "971"),
        ("+20 2 2345 6789", "20"),
        ("+33 (0)1 23 45 67 89", "33"),
        ("+(972) 50 123", "972"),
        ("+ 44 7700 900123", "44"),                     // space after +
        ("Tel: +44 7700", "44"),                         // letters are dropped, + leads
    ] as [(String, String?)])
    func international(sender: String, expected: String?) {
        #expect(CallingCodes.callingCode(ofSender: sender) == expected)
    }

    @Test("NANP: +1 for the US, Canada and the Caribbean", arguments: [
        ("+1 (212) 555-0100", "1"),
        ("+1-800-555-0199", "1"),
        ("+18765550100", "1"),                           // Jamaica, area code 876
        ("+1", "1"),
    ] as [(String, String?)])
    func nanp(sender: String, expected: String?) {
        #expect(CallingCodes.callingCode(ofSender: sender) == expected)
    }

    @Test("non-geographic codes are no country: unknown, as in the app", arguments: [
        ("+800 1234 5678", nil),
        ("+808 1234", nil),
        ("+870 7612 3456", nil),
        ("+881 6 1234", nil),
        ("+882 16 1234", nil),
        ("+883 5100 1234", nil),
        ("+888 1234", nil),
        ("+979 1234", nil),
        ("+211 912 345 678", "211"),                     // South Sudan: ITU code since 2011
    ] as [(String, String?)])
    func nonGeographic(sender: String, expected: String?) {
        #expect(CallingCodes.callingCode(ofSender: sender) == expected)
    }

    @Test("no leading + or no known prefix gives nil", arguments: [
        ("00972501234567", nil),                         // international prefix, not +
        ("972501234567", nil),
        ("0501234567", nil),
        ("5+44 7700", nil),                              // reduced form starts with 5
        ("Bank", nil),
        ("", nil),
        ("+", nil),
        ("+0123 456", nil),                              // no code starts with 0
        ("+999 123", nil),                               // 9, 99, 999 unassigned
        ("+28 123", nil),                                // 2, 28, 281 unassigned
    ] as [(String, String?)])
    func unknown(sender: String, expected: String?) {
        #expect(CallingCodes.callingCode(ofSender: sender) == expected)
    }

    // The app reduces the sender to its `+` signs and Unicode numbers, then compares
    // prefixes with its ASCII codes: anything else among them ends the code.
    @Test("a second + or a non-ASCII number ends the code, as in the app", arguments: [
        ("+\u{0669}\u{0667}\u{0662} 50", nil),           // +٩٧٢ Arabic-Indic digits
        ("\u{0669}\u{0667}\u{0662}", nil),
        ("+9\u{0667}2 50", nil),                          // 9 alone is no code
        ("+1\u{0662}12 555", "1"),                        // +1 then a non-ASCII digit: still +1
        ("+9一72501234567", nil),                          // a Han numeral is a number to the app, not a letter
        ("+4四4 7700 900123", nil),                       // 4 alone is no code
        ("++972501234567", nil),
        ("+1+212 555 0100", "1"),
        ("+\u{00B2}972", nil),                            // ² is a number to the app
        ("+972\u{00A0}50\u{2011}123", "972"),            // no-break space, non-breaking hyphen: dropped
        ("\u{FF0B}44", nil),                             // fullwidth plus is not +
        ("+5\u{20E3}972", nil),                          // 5⃣ is one character, a number but no digit
        ("+9\u{0301}72 50", nil),                        // so is 9́
        ("+97\u{0301}2 50", nil),                        // 97́: 9 alone is no code
        ("+1\u{FE0F}212", nil),                          // 1️ (a keycap without its mark)
        ("+\u{0301}972 50", nil),                        // +́ is no +
        ("+972\u{0301}50", nil),                         // 2́ is no 2, and +97 is no code
        ("+4\u{0301}4 20", nil),                         // +4́4: no code
        ("+44 2\u{0301}0", "44"),                        // after the code: as any other character
    ] as [(String, String?)])
    func unicodeDigits(sender: String, expected: String?) {
        #expect(CallingCodes.callingCode(ofSender: sender) == expected)
    }

    @Test("isKnown: 1–3 ASCII digits, optional +", arguments: [
        ("972", true),
        ("+972", true),
        ("1", true),
        ("44", true),
        ("800", false),
        ("979", false),
        ("999", false),
        ("0", false),
        ("0972", false),
        ("1234", false),
        ("", false),
        ("+", false),
        ("97 2", false),
        ("+ 972", false),
        (" 972", false),                                 // isKnown does not trim
        ("abc", false),
    ])
    func isKnown(code: String, expected: Bool) {
        #expect(CallingCodes.isKnown(code) == expected)
    }

    @Test("normalize: the canonical +CODE of a user-given code", arguments: [
        ("+972", "+972"),
        ("972", "+972"),
        (" +1 ", "+1"),
        ("44\n", "+44"),
        ("\t380", "+380"),
        ("+882", nil),                                   // non-geographic: no country to allow
        ("+999", nil),
        ("", nil),
        ("   ", nil),
        ("+", nil),
        ("00972", nil),
        ("0972", nil),
        ("+0", nil),
        ("+ 972", nil),
        ("++972", nil),
        ("972a", nil),
        ("+9721", nil),
    ] as [(String, String?)])
    func normalize(code: String, expected: String?) {
        #expect(CallingCodes.normalize(code) == expected)
    }

    @Test("normalize accepts exactly what isKnown accepts, in canonical form")
    func normalizeAgreesWithIsKnown() {
        for number in 0...999 {
            let code = String(number)
            #expect(CallingCodes.isKnown(code) == (CallingCodes.normalize(code) != nil))
            if let canonical = CallingCodes.normalize(code) {
                #expect(canonical == "+" + code)
                #expect(CallingCodes.isKnown(canonical))
            }
        }
    }

    @Test("the table holds every ITU code, geographic and not")
    func size() {
        #expect(CallingCodes.count > 200)
    }
}
