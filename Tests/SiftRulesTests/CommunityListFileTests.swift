// Reading community list files (docs/judging.md "Community lists"): the shape published for the app,
// languages by code, entries exactly as published, unknown languages reported.
import Foundation
@testable import SiftRules
import SiftText
import Testing

@Suite("CommunityListFile.read")
struct CommunityListFileTests {
    static func lists() throws -> (lists: [Language: CommunityList], unknownLanguages: [String]) {
        try CommunityListFile.read(fixture("valid/rules-lists.json"))
    }

    @Test("the known languages of valid/rules-lists.json are read, the others reported")
    func languages() throws {
        let read = try Self.lists()
        #expect(Set(read.lists.keys) == [.he, .en, .ar])
        #expect(Set(read.unknownLanguages) == ["xx", "klingon"])
        #expect(read.unknownLanguages.count == 2)
    }

    @Test("each list of each language, entries as published", arguments: [
        (Language.he, CommunityListKind.allowSender, ["Leumi", "bit "]),
        (.he, .allowBody, ["קוד אימות"]),
        (.he, .denySender, [" Promo"]),
        (.he, .denyBody, ["הלוואה", "WIN "]),
        (.en, .allowSender, []),
        (.en, .allowBody, ["your code is"]),
        (.en, .denySender, ["PROMO"]),
        (.en, .denyBody, ["free gift", "Free Gift"]),
        (.ar, .allowSender, []),
        (.ar, .allowBody, []),
        (.ar, .denySender, []),
        (.ar, .denyBody, ["ربح"]),
    ])
    func entries(language: Language, kind: CommunityListKind, expected: [String]) throws {
        let list = try #require(try Self.lists().lists[language])
        let actual: [String]
        switch kind {
        case .allowSender: actual = list.allowSender
        case .allowBody: actual = list.allowBody
        case .denySender: actual = list.denySender
        case .denyBody: actual = list.denyBody
        }
        #expect(actual == expected)
    }

    @Test("entry counts per language", arguments: [(Language.he, 6), (.en, 4), (.ar, 1)])
    func counts(language: Language, count: Int) throws {
        #expect(try Self.lists().lists[language]?.count == count)
    }

    @Test("no trimming: \"bit \" stays \"bit \", not \"bit\"")
    func noTrimming() throws {
        let he = try #require(try Self.lists().lists[.he])
        #expect(he.allowSender.contains("bit "))
        #expect(!he.allowSender.contains("bit"))
        #expect(he.denySender == [" Promo"])
    }

    @Test("unknown language keys are reported, known ones are not", arguments: [
        ("xx", true),
        ("klingon", true),
        ("zh", true),
        ("iw", true),
        ("he", false),
        ("zh-Hans", false),
        ("zh-Hant", false),
        ("fa", false),
    ])
    func unknownKey(key: String, unknown: Bool) throws {
        let text = #"{"filter_lists":{"\#(key)":{"allow_sender":[],"allow_body":[],"deny_sender":["s"],"deny_body":[]}}}"#
        let read = try CommunityListFile.read(data(text))
        #expect(read.unknownLanguages == (unknown ? [key] : []))
        #expect(read.lists.count == (unknown ? 0 : 1))
    }

    /// Both readers (the fast one for all-string files, the general one otherwise) say what
    /// they leave out inside a known language: a misspelt list name, entries that are no strings.
    @Test("what a known language holds besides its four lists is reported, not silently dropped", arguments: [
        (#"{"filter_lists":{"en":{"deny_senders":["SpamCo"],"deny_body":["win"]}}}"#,
         [.notAList(language: "en", name: "deny_senders")], ["win"]),
        (#"{"filter_lists":{"en":{"deny_senders":["SpamCo"],"deny_body":["win",7,null]}}}"#,
         [.notAList(language: "en", name: "deny_senders"), .entriesNotStrings(language: "en", list: "deny_body", count: 2)], ["win"]),
        (#"{"filter_lists":{"en":{"deny_body":["win",{"x":1}]},"xx":{"oops":[]}}}"#,
         [.entriesNotStrings(language: "en", list: "deny_body", count: 1)], ["win"]),
        (#"{"filter_lists":{"en":{"allow_sender":[],"allow_body":[],"deny_sender":[],"deny_body":["win"]}}}"#, [], ["win"]),
        // A raw U+FEFF starting an entry is kept by the general reader (Foundation's dropped
        // it there), as by the fast one: one odd entry must not change what another matches.
        (#"{"filter_lists":{"en":{"deny_sender":[1],"deny_body":["\#u{FEFF}WIN"]}}}"#,
         [.entriesNotStrings(language: "en", list: "deny_sender", count: 1)], ["\u{FEFF}WIN"]),
        (#"{"filter_lists":{"en":{"deny_sender":[],"deny_body":["\#u{FEFF}WIN"]}}}"#, [], ["\u{FEFF}WIN"]),
    ] as [(String, [RuleNote], [String])])
    func ignoredContent(text: String, ignored: [RuleNote], denyBody: [String]) throws {
        let read = try CommunityListFile.readReporting(data(text))
        #expect(read.ignored == ignored)
        #expect(read.lists[.en]?.denyBody == denyBody)
    }

    @Test("every language of docs/judging.md \"Languages\" is known by its code", arguments: Language.allCases)
    func everyLanguageCode(language: Language) throws {
        let text = #"{"filter_lists":{"\#(language.rawValue)":{"allow_sender":[],"allow_body":[],"deny_sender":[],"deny_body":["x"]}}}"#
        let read = try CommunityListFile.read(data(text))
        #expect(read.lists[language]?.denyBody == ["x"])
        #expect(read.unknownLanguages.isEmpty)
    }

    @Test("an empty filter_lists object gives no lists")
    func emptyLists() throws {
        let read = try CommunityListFile.read(data(#"{"filter_lists":{}}"#))
        #expect(read.lists.isEmpty)
        #expect(read.unknownLanguages.isEmpty)
    }

    @Test("a file whose top level is not an object is refused")
    func topLevelArrayFixture() throws {
        #expect(throws: RuleError.self) { try CommunityListFile.read(fixture("invalid/rules-lists-not-object.json")) }
    }

    @Test("not a community list file: refused", arguments: [
        #"[]"#,
        #""filter_lists""#,
        #"42"#,
        #"{}"#,                                                        // no filter_lists
        #"{"filter_lists":[]}"#,                                       // filter_lists not an object
        #"{"filter_lists":"he"}"#,
        #"{"filter_lists":{"he":["bit"]}}"#,                           // a language's lists not an object
        #"{"filter_lists":{"he":{"deny_body":"bit"}}}"#,               // a list not an array
        "he,bit\n",                                                    // not JSON
        "",
    ])
    func refused(text: String) {
        #expect(throws: RuleError.self) { try CommunityListFile.read(data(text)) }
    }

    // The byte-level reader (the common shape) and JSONSerialization (anything
    // else) must read the same file the same way; these files go one way or the
    // other, and each expected value is worked out from RFC 8259 by hand.
    @Test("strings with escapes: \\uXXXX, surrogate pairs, quotes, controls, slashes", arguments: [
        (#""\u05e9\u05DC""#, "של"),
        (#""\ud83d\ude00 x""#, "😀 x"),
        (#""a\"b\\c\/d""#, "a\"b\\c/d"),
        (#""tab\there\nline\r\b\f""#, "tab\there\nline\r\u{8}\u{C}"),
        (#""plain שלום""#, "plain שלום"),
        (#""""#, ""),
    ])
    func escapes(json: String, expected: String) throws {
        let text = #"{"filter_lists":{"he":{"deny_body":[\#(json)]}}}"#
        #expect(try CommunityListFile.read(data(text)).lists[.he]?.denyBody == [expected])
    }

    @Test("other members anywhere are stepped over, whatever their values", arguments: [
        #"{"version":1,"meta":{"a":[1,-2.5e+3,true,false,null,{"b":[]}]},"filter_lists":{"he":{"deny_body":["x"]}},"z":"\u0041"}"#,
        " \n{ \"filter_lists\" :\t{ \"he\" : { \"deny_body\" : [ \"x\" ] , \"allow_body\" : [ ] } } }\r\n",
        #"{"filter_lists":{"he":{"deny_body":["x"],"comment":"not a list"}}}"#,     // general path: other keys ignored
        #"{"filter_lists":{"he":{"deny_body":["x",1,null]}}}"#,                      // general path: non-strings dropped
        #"{"filter_lists":{"he":{"deny_body":["y"],"deny_body":["x"]}}}"#,           // general path: the last one wins
        #"{"filter_lists":{"klingon":7,"he":{"deny_body":["x"]}}}"#,                 // general path: unknown language, any value
    ])
    func steppedOver(text: String) throws {
        let read = try CommunityListFile.read(data(text))
        #expect(read.lists[.he]?.denyBody == ["x"])
        #expect(read.lists[.he]?.count == 1)
    }

    @Test("invalid JSON is refused by either path", arguments: [
        #"{"filter_lists":{"he":{"deny_body":["x"]}}"#,          // unclosed
        #"{"filter_lists":{"he":{"deny_body":["\ud83d"]}}}"#,   // lone surrogate
        #"{"filter_lists":{"he":{"deny_body":["\q"]}}}"#,       // bad escape
        #"{"n":01,"filter_lists":{}}"#,                          // leading zero
        #"{"filter_lists":{}} x"#,                               // trailing text
    ])
    func invalidJSON(text: String) {
        #expect(throws: RuleError.self) { try CommunityListFile.read(data(text)) }
    }

    @Test("invalid UTF-8 in an entry is refused")
    func invalidUTF8() {
        let bytes = Array(#"{"filter_lists":{"he":{"deny_body":[""#.utf8) + [0xC3, 0x28] + Array(#""]}}}"#.utf8)
        #expect(throws: RuleError.self) { try CommunityListFile.read(Data(bytes)) }
    }

    /// The reader decodes and compares: a truncated four-byte sequence is repaired to
    /// U+FFFD, three bytes for three, and must still be told from valid text.
    @Test("the byte-level reader's UTF-8 check", arguments: [
        ([0x61, 0xF0, 0x9F, 0x98, 0x62], false), ([0xED, 0xA0, 0x80], false), ([0xC0, 0xAF], false),
        ([0xEF, 0xBF, 0xBD], true), ([0xF0, 0x9F, 0x98, 0x80], true), ([], true), ([0x00, 0x7F], true),
    ] as [([UInt8], Bool)])
    func validUTF8(bytes: [UInt8], valid: Bool) {
        let s = bytes.withUnsafeBufferPointer { CommunityListReader.validString($0) }
        #expect((s != nil) == valid)
        if let s { #expect(Array(s.utf8) == bytes) }
    }

    @Test("the byte-level reader takes the common shape and leaves the rest to the general path", arguments: [
        (#"{"filter_lists":{"he":{"deny_body":["\u05e9","\ud83d\ude00"]}},"v":[1,{"a":null}]}"#, true),
        (#"{"filter_lists":{"he":{"deny_body":["x"],"allow_sender":[]},"xx":{}}}"#, true),
        (#"{"filter_lists":{"he":{"deny_body":["x",1]}}}"#, false),
        (#"{"filter_lists":{"he":{"deny_body":["x"],"comment":"c"}}}"#, false),
        (#"{"filter_lists":{"he":{"deny_body":[]},"he":{"deny_body":[]}}}"#, false),
        (#"{"filter_lists":{}, "filter_lists":{}}"#, false),
        (#"{"other":1}"#, false),
        ("\u{FEFF}{\"filter_lists\":{}}", false),
    ])
    func fastPath(text: String, fast: Bool) {
        let read = Data(text.utf8).withUnsafeBytes { CommunityListReader.read($0) }
        #expect((read != nil) == fast)
    }
}
