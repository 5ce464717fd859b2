// CharTable's script lookup reads a `Script` straight from an entry's five script bits.
import Testing
@testable import SiftText

@Suite("Character table")
struct CharTableTests {
    @Test("every value of an entry's script bits reads as Script(rawValue:) does, .other when none")
    func scriptOfEntry() {
        for raw in UInt8(0)...0x1F {
            for high: UInt8 in [0, 0x40, 0x80, 0xC0] {   // the letter and cluster bits leave the script alone
                #expect(CharTable.script(ofEntry: raw | high) == (Script(rawValue: raw) ?? .other), "\(raw | high)")
            }
        }
        // And by hand: a few code points' scripts.
        #expect(CharTable.script(0x61) == .latin)
        #expect(CharTable.script(0x5D0) == .hebrew)
        #expect(CharTable.script(0x0928) == .devanagari)
        #expect(CharTable.script(0x3042) == .hiragana)
        #expect(CharTable.script(0x20) == .common)
    }
}
