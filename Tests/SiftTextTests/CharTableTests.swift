// CharTable's script lookup reads a `Script` straight from an entry's five script bits.
import Testing
@testable import SiftText

@Suite("Character table")
struct CharTableTests {
    @Test("every entry's script bits read as Script(rawValue:) does, .other when none, whatever its other bits")
    func scriptOfEntry() {
        for entry in UInt8(0)...0xFF {
            #expect(CharTable.script(ofEntry: entry) == (Script(rawValue: entry & 0x1F) ?? .other), "\(entry)")
        }
        // And by hand: a few code points' scripts.
        #expect(CharTable.script(0x61) == .latin)
        #expect(CharTable.script(0x5D0) == .hebrew)
        #expect(CharTable.script(0x0928) == .devanagari)
        #expect(CharTable.script(0x3042) == .hiragana)
        #expect(CharTable.script(0x20) == .common)
    }
}
