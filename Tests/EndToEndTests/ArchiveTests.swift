// Phone archives through the binary, with no --format: SMS Backup & Restore XML
// (written here as the app writes it) and the Messages database (built here
// with the columns Messages has). Expected records are worked out from the
// inputs: ids are element positions or ROWIDs, dates the epochs converted by hand.
import Foundation
import SiftStore
import Testing
import TestSupport

@Suite("Phone archives, end to end")
struct ArchiveTests {
    let rules = ["--no-db", "--rule", "links"]

    // MARK: SMS Backup & Restore XML

    /// Every attribute the app writes on `<sms>` and `<mms>`; escapes; emoji as surrogate pairs;
    /// an MMS with SMIL, text and image parts and a group's `addrs`; sent and received.
    static let backup = """
        <?xml version='1.0' encoding='UTF-8' standalone='yes' ?>
        <!--File Created By SMS Backup & Restore v10.20.002 on 05/12/2026 07:00:00-->
        <?xml-stylesheet type="text/xsl" href="sms.xsl"?>
        <smses count="5" backup_set="5b1c7d2e-0000-4000-8000-000000000000" backup_date="1764918000000" type="full">
          <sms protocol="0" address="+15551234567" date="1700000000000" type="1" subject="null" body="Win &amp; claim at bit.ly/x" toa="null" sc_toa="null" service_center="+15550001111" read="1" status="-1" locked="0" date_sent="1699999999000" sub_id="1" readable_date="Nov 14, 2023 10:13:20 PM" contact_name="(Unknown)" />
          <sms protocol="0" address="Mom" date="1700000060000" type="1" subject="null" body="Dinner? &#55357;&#56832;&#10;say &quot;yes&quot;" toa="null" sc_toa="null" service_center="null" read="1" status="-1" locked="0" date_sent="0" sub_id="1" readable_date="Nov 14, 2023 10:14:20 PM" contact_name="Mom" />
          <sms protocol="0" address="Mom" date="1700000120000" type="2" subject="null" body="sent by me: bit.ly/z" toa="null" sc_toa="null" service_center="null" read="1" status="-1" locked="0" date_sent="0" sub_id="1" readable_date="Nov 14, 2023 10:15:20 PM" contact_name="Mom" />
          <mms date="1700000180000" spam_report="0" ct_t="application/vnd.wap.multipart.related" msg_box="1" address="+15557654321~+15550000000" sub_cs="null" re_type="null" retr_st="null" d_tm="null" exp="null" locked="0" m_id="null" st="null" retr_txt_cs="null" retr_txt="null" creator="null" date_sent="1700000179000" read="1" m_size="null" rr="129" sub="null" read_status="null" seen="1" ct_l="null" resp_st="null" text_only="0" sub_id="1" resp_txt="null" ct_cls="null" m_type="132" v="18" d_rpt="129" tr_id="null" pri="null" rr_st="null" m_cls="personal" readable_date="Nov 14, 2023 10:16:20 PM" contact_name="Ann, Bob">
            <parts>
              <part seq="-1" ct="application/smil" name="null" chset="null" cd="null" fn="null" cid="&lt;smil&gt;" cl="smil.xml" ctt_s="null" ctt_t="null" text="&lt;smil&gt;&lt;body&gt;&lt;par&gt;&lt;img src=&quot;a.jpg&quot;/&gt;&lt;/par&gt;&lt;/body&gt;&lt;/smil&gt;" />
              <part seq="0" ct="text/plain" name="null" chset="106" cd="null" fn="null" cid="&lt;text_0&gt;" cl="text_0.txt" ctt_s="null" ctt_t="null" text="Group: see" />
              <part seq="0" ct="image/jpeg" name="a.jpg" chset="null" cd="null" fn="null" cid="&lt;a&gt;" cl="a.jpg" ctt_s="null" ctt_t="null" data="/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAgGBgcGBQgHBwcJCQgKDBQNDAsLDBkSEw8UHRofHh0aHBwgJC4nICIsIxwcKDcpLDAxNDQ0Hyc5PTgyPC4zNDL/" />
              <part seq="0" ct="text/plain" name="null" chset="106" cd="null" fn="null" cid="&lt;text_1&gt;" cl="text_1.txt" ctt_s="null" ctt_t="null" text="bit.ly/y &#55357;&#56397;" />
            </parts>
            <addrs>
              <addr address="+15557654321" type="137" charset="106" />
              <addr address="+15550000000" type="151" charset="106" />
              <addr address="+15559999999" type="130" charset="106" />
            </addrs>
          </mms>
          <mms date="1700000240000" msg_box="2" address="+15557654321" m_type="128" ct_t="application/vnd.wap.multipart.related" readable_date="x" contact_name="Ann">
            <parts><part seq="0" ct="text/plain" name="null" chset="106" text="sent mms" /></parts>
            <addrs><addr address="insert-address-token" type="137" charset="106" /><addr address="+15557654321" type="151" charset="106" /></addrs>
          </mms>
          <sms protocol="0" address="null" date="1700000300000" type="1" subject="null" body="null" toa="null" sc_toa="null" service_center="null" read="0" status="-1" locked="0" date_sent="0" sub_id="-1" readable_date="Nov 14, 2023 10:18:20 PM" contact_name="(Unknown)" />
        </smses>

        """

    static let annotated = [
        #"{"id":1,"sender":"+15551234567","body":"Win & claim at bit.ly/x","date":"2023-11-14T22:13:20.000Z","verdict":{"action":"junk","stage":"smartRule","reason":"links"}}"#,
        #"{"id":2,"sender":"Mom","body":"Dinner? \#u{1F600}\nsay \"yes\"","date":"2023-11-14T22:14:20.000Z","verdict":{"action":"allow","stage":"noMatch"}}"#,
        #"{"id":4,"sender":"+15557654321","body":"Group: see\nbit.ly/y \#u{1F44D}","date":"2023-11-14T22:16:20.000Z","verdict":{"action":"junk","stage":"smartRule","reason":"links"}}"#,
        #"{"id":6,"sender":null,"body":null,"date":"2023-11-14T22:18:20.000Z","verdict":{"action":"allow","stage":"noMatch"}}"#,
    ]

    @Test func aBackupIsReadWithNoFlag() throws {
        let file = try Harness.temp(Data(Self.backup.utf8), suffix: ".xml")
        let r = try Harness.run(["classify", "--annotate"] + rules + [file])
        #expect(r.status == 0, "\(r.err)")
        #expect(sameJSONLines(r.lines, Self.annotated), "\(r.out)")
        // Verdicts carry the element positions as ids.
        let v = try Harness.run(["classify"] + rules + [file])
        #expect(v.lines == [
            #"{"record":1,"id":1,"action":"junk","stage":"smartRule","reason":"links"}"#,
            #"{"record":2,"id":2,"action":"allow","stage":"noMatch"}"#,
            #"{"record":3,"id":4,"action":"junk","stage":"smartRule","reason":"links"}"#,
            #"{"record":4,"id":6,"action":"allow","stage":"noMatch"}"#,
        ])
        // Named, and from stdin, alike.
        let named = try Harness.run(["classify", "--annotate", "--format", "sms-backup-xml"] + rules + [file])
        #expect(named.out == r.out)
        let piped = try Harness.run(["classify", "--annotate"] + rules, stdin: Self.backup)
        #expect(piped.out == r.out, "\(piped.err)")
    }

    @Test func sentMessagesAreKeptWhenAsked() throws {
        let file = try Harness.temp(Data(Self.backup.utf8), suffix: ".xml")
        let r = try Harness.run(["classify", "--annotate", "--include-sent"] + rules + [file])
        #expect(r.status == 0, "\(r.err)")
        let objects = r.objects
        #expect(objects.map { $0["id"] as? Int } == [1, 2, 3, 4, 5, 6])
        #expect(objects.map { $0["sent"] as? Bool } == [nil, nil, true, nil, true, nil])
        #expect(objects[4]["body"] as? String == "sent mms")
        #expect(objects[4]["sender"] as? String == "insert-address-token")
    }

    @Test func onlyStatsExplainAndOutputFormatsWorkAsForNDJSON() throws {
        let file = try Harness.temp(Data(Self.backup.utf8), suffix: ".xml")
        let only = try Harness.run(["classify", "--only", "junk", "--stats"] + rules + [file])
        #expect(only.lines.count == 2)
        #expect(only.err.contains("records"), "\(only.err)")
        let explain = try Harness.run(["classify", "--explain"] + rules + [file])
        #expect(explain.objects.allSatisfy { $0["trace"] is [Any] })
        let csv = try Harness.run(["classify", "--output", "csv"] + rules + [file])
        #expect(csv.status == 0 && csv.lines.count == 5, "\(csv.out)")     // a header and four rows
        let tsv = try Harness.run(["classify", "--output", "tsv"] + rules + [file])
        #expect(tsv.lines.dropFirst().first?.hasPrefix("1\t1\tjunk\tsmartRule\tlinks") == true, "\(tsv.out)")
        // As for NDJSON input, --annotate writes NDJSON only.
        let refused = try Harness.run(["classify", "--annotate", "--output", "csv"] + rules + [file])
        #expect(refused.status == 2 && refused.out.isEmpty, "\(refused.err)")
    }

    /// An element the app would never write (no date, a type that is no number) is an
    /// error record naming its line; the records after it still come.
    @Test func aMalformedElementIsAnErrorRecordAndTheRunGoesOn() throws {
        let xml = """
            <?xml version='1.0' encoding='UTF-8' standalone='yes' ?>
            <smses count="3">
              <sms address="A" type="1" body="no date" />
              <sms address="B" date="5" type="x" body="bad type" />
              <sms address="C" date="5" type="1" body="fine" />
            </smses>

            """
        let r = try Harness.run(["classify", "--annotate"] + rules, stdin: xml)
        #expect(r.status == 1, "\(r.err)")   // an error record among them
        #expect(r.objects.count == 3)
        #expect(r.objects[0]["error"] as? String == "<stdin>:3: message number 1 (<sms>) has no date")
        #expect(r.objects[1]["error"] as? String == "<stdin>:4: message number 2 (<sms>) has a type that is not a number (x): received or sent cannot be told")
        #expect(r.objects[2]["body"] as? String == "fine" && r.objects[2]["date"] as? String == "1970-01-01T00:00:00.005Z")
        let strict = try Harness.run(["classify", "--strict"] + rules, stdin: xml)
        #expect(strict.status == 1 && strict.lines.isEmpty, "\(strict.out)")
        #expect(strict.err.contains("--strict: stopped at an unreadable record: <stdin>:3: message number 1 (<sms>) has no date"), "\(strict.err)")
    }

    /// Bytes the declared encoding cannot convert: msgsift says what it says of broken XML,
    /// and stderr has its own lines only (libxml2 printed "encoding error : input conversion
    /// failed …" and "I/O error : encoder error" there, twice each).
    @Test func bytesTheDeclaredEncodingCannotConvertLeaveNoLibxml2LinesOnStderr() throws {
        var xml = Data("<?xml version=\"1.0\" encoding=\"ISO-2022-JP\"?>\n<smses>\n<sms address=\"1\" date=\"1\" type=\"1\" body=\"".utf8)
        xml += Data([0x1B, 0x24, 0x42, 0xFF, 0xFF])
        xml += Data("\" />\n</smses>\n".utf8)
        let file = try Harness.temp(xml, suffix: ".xml")
        let r = try Harness.run(["classify"] + rules + [file])
        #expect(r.status == 1)
        #expect(r.objects.count == 1 && (r.objects.first?["error"] as? String)?.contains("not well-formed XML") == true, "\(r.out)")
        let lines = r.err.split(separator: "\n")
        #expect(!lines.isEmpty && lines.allSatisfy { $0.hasPrefix("msgsift: ") }, "\(r.err)")
    }

    /// A file cut short: every whole message comes out, then an error record for the one cut,
    /// at its line; the run goes on (exit status 0, as for an unreadable NDJSON line). From a
    /// pipe the same, but the input counts as read in part (it cannot be read again past an
    /// error, see below): exit status 1, and stderr says so.
    @Test func aTruncatedBackupEndsInAnErrorRecord() throws {
        var xml = "<?xml version='1.0' encoding='UTF-8' standalone='yes' ?>\n<smses count=\"200\">\n"
        for k in 1...200 {
            xml += "  <sms protocol=\"0\" address=\"+1555000\(1000 + k)\" date=\"\(1_700_000_000_000 + k)\" type=\"1\" body=\"message \(k)\" read=\"1\" />\n"
        }
        let cut = String(xml.utf8.prefix(xml.utf8.count - 30))!     // inside the last element, line 202
        let file = try Harness.temp(Data(cut.utf8), suffix: ".xml")
        let r = try Harness.run(["classify", "--annotate"] + rules + [file])
        #expect(r.status == 1, "\(r.err)")   // an error record among them
        #expect(!r.err.contains("not well-formed"), "\(r.err)")
        let objects = r.objects
        #expect(objects.dropLast().map { $0["id"] as? Int } == (1...199).map { $0 })
        let error = try #require(objects.last?["error"] as? String)
        #expect(error.hasPrefix("\(file):202: message number 200 is not well-formed XML ("), "\(error)")
        #expect(error.hasSuffix(" at line 202); no message follows it"), "\(error)")

        let piped = try Harness.run(["classify", "--annotate"] + rules, stdin: Data(cut.utf8))
        #expect(piped.status == 1)
        #expect(piped.objects.dropLast().map { $0["id"] as? Int } == (1...199).map { $0 })
        #expect(piped.err.contains("<stdin>:202: not well-formed XML; the rest of the input is not read (the last message read is number 199,"
                                   + " line 201); give msgsift the file itself to read on past it"), "\(piped.err)")
    }

    /// XML broken in the middle of a file (a raw `<` in an attribute, an unclosed quote inside
    /// an MMS): an error record names the element and its line, the messages around it all come
    /// out with their own numbers, and the run goes on to the end (exit status 0).
    @Test func brokenXMLInTheMiddleIsAnErrorRecordAndReadingGoesOn() throws {
        var xml = "<?xml version='1.0' encoding='UTF-8' standalone='yes' ?>\n<smses count=\"60\">\n"
        var expected: [Int] = []
        for k in 1...60 {
            switch k {
            case 20:    // line 22 (message k is on line k + 2)
                xml += "  <sms address=\"A\" date=\"\(k)\" type=\"1\" body=\"a < b\" read=\"1\" />\n"
            case 40:    // lines 42-46; its quote runs on to line 47, libxml2 stops at line 45
                xml += "  <mms date=\"\(k)\" msg_box=\"1\">\n    <parts>\n      <part ct=\"text/plain\" text=\"unclosed />\n"
                xml += "    </parts>\n  </mms>\n"
            default:
                xml += "  <sms address=\"+1555\(k)\" date=\"\(k)\" type=\"1\" body=\"message \(k)\" read=\"1\" />\n"
                expected.append(k)
            }
        }
        xml += "</smses>\n"
        let file = try Harness.temp(Data(xml.utf8), suffix: ".xml")
        let r = try Harness.run(["classify", "--annotate"] + rules + [file])
        #expect(r.status == 1, "\(r.err)")   // an error record among them
        let objects = r.objects
        #expect(objects.compactMap { $0["id"] as? Int } == expected)
        #expect(objects.compactMap { $0["body"] as? String } == expected.map { "message \($0)" })
        let errors = objects.compactMap { $0["error"] as? String }
        #expect(errors.count == 2, "\(errors)")
        #expect(errors.first?.hasPrefix("\(file):22: message number 20 is not well-formed XML (") == true, "\(errors)")
        #expect(errors.first?.hasSuffix(" at line 22); reading goes on at line 23") == true, "\(errors)")
        #expect(errors.last?.hasPrefix("\(file):42: message number 40 is not well-formed XML (") == true, "\(errors)")
        #expect(errors.last?.hasSuffix(" at line 45); reading goes on at line 47") == true, "\(errors)")
        // In order: the error records where their messages were.
        #expect(objects[19]["error"] != nil && objects[39]["error"] != nil)
    }

    /// Character references the app writes, and those XML forbids: a pair in decimal or hex
    /// is one character; a lone surrogate, a high one before another high one, and `&#1;` read
    /// as U+FFFD. In a file of 3 MB, so that references fall across every read of it.
    @Test func surrogatePairsAndForbiddenReferences() throws {
        var xml = "<?xml version='1.0' encoding='UTF-8' standalone='yes' ?>\n<smses count=\"1\">\n"
        xml += "<sms address=\"A\" date=\"1\" type=\"1\" body=\"a&#xD83D;&#xde00;b&#1;c&#56832;d&#55357;&#55357;&#56832;e&#233;\" />\n"
        let pairs = String(repeating: "&#55357;&#56832;", count: 12)
        for k in 0..<12_000 {
            xml += "<sms address=\"B\" date=\"\(k)\" type=\"1\" body=\"\(String(repeating: "x", count: k % 7))\(pairs)\" read=\"1\" />\n"
        }
        xml += "</smses>\n"
        let file = try Harness.temp(Data(xml.utf8), suffix: ".xml")
        let r = try Harness.run(["classify", "--annotate"] + rules + [file])
        #expect(r.status == 0, "\(r.err)")
        let bodies = r.objects.map { $0["body"] as? String }
        #expect(bodies.first == "a\u{1F600}b\u{FFFD}c\u{FFFD}d\u{FFFD}\u{1F600}e\u{E9}")
        #expect(bodies.count == 12_001)
        let emoji = String(repeating: "\u{1F600}", count: 12)
        #expect(bodies.dropFirst().enumerated().allSatisfy { k, body in body == String(repeating: "x", count: k % 7) + emoji })
    }

    /// A video's base64 `data` (here 12 MB, past libxml2's 10 MB limit on an attribute value,
    /// with line breaks in it) is skipped unread: the MMS's text still comes, and the lines
    /// after it keep their numbers.
    @Test func mediaDataIsSkippedAndLinesKeepTheirNumbers() throws {
        let video = String(repeating: String(repeating: "QUJD", count: 19) + "\n", count: 160_000)
        var xml = "<?xml version='1.0' encoding='UTF-8' standalone='yes' ?>\n<smses count=\"2\">\n"
        xml += "<mms date=\"7\" msg_box=\"1\"><parts><part ct=\"video/mp4\" data=\"\(video)\" />"
        xml += "<part ct=\"text/plain\" text=\"look\" /></parts><addrs><addr address=\"Ann\" type=\"137\" /></addrs></mms>\n"
        xml += "<sms address=\"B\" type=\"1\" body=\"no date\" />\n</smses>\n"
        let file = try Harness.temp(Data(xml.utf8), suffix: ".xml")
        let r = try Harness.run(["classify", "--annotate"] + rules + [file])
        #expect(r.status == 1, "\(r.err)")   // an error record among them
        #expect(r.objects.first?["body"] as? String == "look")
        #expect(r.objects.first?["sender"] as? String == "Ann")
        // Lines: 1 declaration, 2 <smses>, 3 the <mms> start, 160,000 line breaks in the data.
        #expect(r.objects.last?["error"] as? String == "\(file):160004: message number 2 (<sms>) has no date")
    }

    @Test func whatIsNotABackupIsRefusedByName() throws {
        let ndjson = try Harness.temp(Data(#"{"sender":"a","body":"b"}"#.utf8 + [0x0A]), suffix: ".ndjson")
        let named = try Harness.run(["classify", "--format", "sms-backup-xml"] + rules + [ndjson])
        #expect(named.status == 1 && named.out.isEmpty)
        #expect(named.err.contains("\(ndjson): not XML"), "\(named.err)")
        let html = try Harness.run(["classify"] + rules, stdin: "<!DOCTYPE html>\n<html><body>Hi</body></html>\n")
        #expect(html.status == 1 && html.err.contains("<stdin>: XML whose first element is <html>, not an SMS Backup & Restore export"), "\(html.err)")
        let broken = try Harness.run(["classify"] + rules, stdin: "<not xml at all & never\n")
        #expect(broken.status == 1 && broken.err.contains("<stdin>: not XML (line 1:"), "\(broken.err)")
        #expect(!broken.err.contains("python3"))
    }

    // MARK: The Messages database

    /// A database shaped as macOS 14's chat.db (the columns msgsift reads, and a few it does
    /// not), in WAL mode as Messages keeps it.
    static func makeChatDB(_ dir: URL) throws -> String {
        let path = dir.appendingPathComponent("chat.db").path
        let db = try Database(path: path, access: .readWrite, busyTimeout: 1)
        try db.execute("""
            PRAGMA journal_mode = WAL;
            CREATE TABLE handle (ROWID INTEGER PRIMARY KEY AUTOINCREMENT UNIQUE, id TEXT NOT NULL, country TEXT, service TEXT NOT NULL,
                                 uncanonicalized_id TEXT, person_centric_id TEXT);
            CREATE TABLE message (ROWID INTEGER PRIMARY KEY AUTOINCREMENT, guid TEXT UNIQUE NOT NULL, text TEXT, replace INTEGER DEFAULT 0,
                                  service_center TEXT, handle_id INTEGER DEFAULT 0, subject TEXT, attributedBody BLOB, version INTEGER DEFAULT 0,
                                  type INTEGER DEFAULT 0, service TEXT, date INTEGER, date_read INTEGER, is_from_me INTEGER DEFAULT 0,
                                  item_type INTEGER DEFAULT 0, associated_message_guid TEXT DEFAULT NULL, associated_message_type INTEGER DEFAULT 0,
                                  thread_originator_guid TEXT);
            CREATE TABLE chat (ROWID INTEGER PRIMARY KEY AUTOINCREMENT, guid TEXT UNIQUE NOT NULL);
            INSERT INTO handle (ROWID, id, service) VALUES (1, '+15551234567', 'SMS'), (2, 'ann@example.com', 'iMessage');
            """)
        let blob = typedStreamBytes("Win at bit.ly/q 😀")
        let rows: [[SQLValue]] = [
            // ROWID, guid, text, handle_id, attributedBody, service, date (ns since 2001), is_from_me, assoc guid, assoc type, item_type
            [.integer(1), .text("g1"), .text("see you at 8"), .integer(1), .null, .text("SMS"), .integer(700_000_000_000_000_000), .integer(0), .null, .integer(0), .integer(0)],
            [.integer(2), .text("g2"), .null, .integer(2), .blob(blob), .text("iMessage"), .integer(700_000_060_500_000_000), .integer(0), .null, .integer(0), .integer(0)],
            [.integer(3), .text("g3"), .text("sent by me: bit.ly/s"), .integer(2), .null, .text("iMessage"), .integer(700_000_120_000_000_000), .integer(1), .null, .integer(0), .integer(0)],
            [.integer(4), .text("g4"), .text("Loved “see you at 8”"), .integer(1), .null, .text("SMS"), .integer(700_000_180_000_000_000), .integer(0), .text("p:0/g1"), .integer(2000), .integer(0)],
            [.integer(5), .text("g5"), .text("who is this? bit.ly/w"), .integer(9), .null, .text("SMS"), .integer(700_000_240_000_000_000), .integer(0), .null, .integer(0), .integer(0)],
            [.integer(6), .text("g6"), .null, .integer(1), .blob(Array("not a typedstream at all".utf8)), .text("SMS"), .integer(700_000_300_000_000_000), .integer(0), .null, .integer(0), .integer(0)],
            [.integer(7), .text("g7"), .null, .integer(1), .null, .text("iMessage"), .integer(700_000_360_000_000_000), .integer(0), .null, .integer(0), .integer(0)],
            [.integer(8), .text("g8"), .null, .integer(2), .null, .text("iMessage"), .integer(700_000_420_000_000_000), .integer(0), .null, .integer(0), .integer(1)],
            [.integer(9), .text("g9"), .null, .integer(1), .blob(TypedStreamFixture.realBlob), .text("iMessage"), .integer(700_000_480_000_000_000), .integer(0), .null, .integer(0), .integer(0)],
        ]
        for row in rows {
            try db.run("""
                INSERT INTO message (ROWID, guid, text, handle_id, attributedBody, service, date, is_from_me, associated_message_guid,
                                     associated_message_type, item_type) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """, row)
        }
        return path
    }

    @Test func aMessagesDatabaseIsReadWithNoFlagAndNothingIsWrittenBesideIt() throws {
        let dir = Scratch.folder.appendingPathComponent("msgsift-chatdb-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = try Self.makeChatDB(dir)
        let before = try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
        #expect(before == ["chat.db"])
        let r = try Harness.run(["classify", "--annotate"] + rules + [path])
        #expect(r.status == 1, "\(r.err)")   // an error record among them
        // 700000000 s after 2001-01-01 is 2023-03-08T20:26:40Z (978307200 + 700000000 = 1678307200).
        #expect(sameJSONLines(r.lines, [
            #"{"id":1,"sender":"+15551234567","body":"see you at 8","date":"2023-03-08T20:26:40.000Z","service":"SMS","verdict":{"action":"allow","stage":"noMatch"}}"#,
            #"{"id":2,"sender":"ann@example.com","body":"Win at bit.ly/q \#u{1F600}","date":"2023-03-08T20:27:40.500Z","service":"iMessage","verdict":{"action":"junk","stage":"smartRule","reason":"links"}}"#,
            #"{"id":5,"sender":null,"body":"who is this? bit.ly/w","date":"2023-03-08T20:30:40.000Z","service":"SMS","verdict":{"action":"junk","stage":"smartRule","reason":"links"}}"#,
            #"{"record":4,"error":"\#(path): message ROWID 6: its attributedBody cannot be decoded (not a typedstream (no version 4 \"streamtyped\" header) at byte 0)","raw":"not a typedstream at all"}"#,
            #"{"id":7,"sender":"+15551234567","body":null,"date":"2023-03-08T20:32:40.000Z","service":"iMessage","verdict":{"action":"allow","stage":"noMatch"}}"#,
            #"{"id":9,"sender":"+15551234567","body":"Noter test","date":"2023-03-08T20:34:40.000Z","service":"iMessage","verdict":{"action":"allow","stage":"noMatch"}}"#,
        ]), "\(r.out)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == before)
        // Places in a database are ROWIDs: the undecodable message is ROWID 6.
        #expect(r.err.contains("1 of 6 records could not be read (error record in the output); it is record 4, \(path):6"), "\(r.err)")
        let named = try Harness.run(["classify", "--annotate", "--format", "chat-db"] + rules + [path])
        #expect(named.out == r.out)
        let sent = try Harness.run(["classify", "--annotate", "--include-sent"] + rules + [path])
        #expect(sent.objects.compactMap { $0["id"] as? Int } == [1, 2, 3, 5, 7, 9])
        #expect(sent.objects.first { $0["id"] as? Int == 3 }?["sent"] as? Bool == true)
    }

    /// A database Messages is writing: committed rows still in its -wal file are read, and
    /// the -wal file is the writer's to keep.
    @Test func aDatabaseBeingWrittenIsRead() throws {
        let dir = Scratch.folder.appendingPathComponent("msgsift-chatdb-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = try Self.makeChatDB(dir)
        let writer = try Database(path: path, access: .readWrite, busyTimeout: 1)
        try writer.execute("PRAGMA wal_autocheckpoint = 0")
        try writer.run("INSERT INTO message (ROWID, guid, text, handle_id, service, date) VALUES (10, 'g10', 'new one', 1, 'SMS', 700000600000000000)")
        #expect(FileManager.default.fileExists(atPath: path + "-wal"))
        let r = try Harness.run(["classify", "--annotate"] + rules + [path])
        #expect(r.status == 1, "\(r.err)")   // an error record among them
        #expect(r.objects.last?["body"] as? String == "new one")
        _ = writer
    }

    /// Before iOS 11 / macOS 10.13: no attributedBody, no reaction columns, dates in seconds.
    @Test func anOldSchemaDatabase() throws {
        let dir = Scratch.folder.appendingPathComponent("msgsift-chatdb-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("sms.db").path
        let db = try Database(path: path, access: .readWrite, busyTimeout: 1)
        try db.execute("""
            CREATE TABLE handle (ROWID INTEGER PRIMARY KEY AUTOINCREMENT UNIQUE, id TEXT NOT NULL, service TEXT NOT NULL);
            CREATE TABLE message (ROWID INTEGER PRIMARY KEY AUTOINCREMENT, guid TEXT UNIQUE NOT NULL, text TEXT, handle_id INTEGER DEFAULT 0,
                                  service TEXT, date INTEGER, is_from_me INTEGER DEFAULT 0);
            INSERT INTO handle VALUES (1, '+447700900123', 'SMS');
            INSERT INTO message VALUES (1, 'a', 'old times at bit.ly/o', 1, 'SMS', 400000000, 0);
            INSERT INTO message VALUES (2, 'b', 'mine', 1, 'SMS', 400000060, 1);
            INSERT INTO message VALUES (3, 'c', 'hello', 1, 'SMS', 400000120, 0);
            """)
        let r = try Harness.run(["classify", "--annotate"] + rules + [path])
        #expect(r.status == 0, "\(r.err)")
        // 978307200 + 400000000 = 1378307200 s: 2013-09-04T15:06:40Z.
        #expect(sameJSONLines(r.lines, [
            #"{"id":1,"sender":"+447700900123","body":"old times at bit.ly/o","date":"2013-09-04T15:06:40.000Z","service":"SMS","verdict":{"action":"junk","stage":"smartRule","reason":"links"}}"#,
            #"{"id":3,"sender":"+447700900123","body":"hello","date":"2013-09-04T15:08:40.000Z","service":"SMS","verdict":{"action":"allow","stage":"noMatch"}}"#,
        ]), "\(r.out)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["sms.db"])
    }

    @Test func whatIsNotAMessagesDatabaseIsRefusedByName() throws {
        let dir = Scratch.folder.appendingPathComponent("msgsift-chatdb-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = try Self.makeChatDB(dir)
        let piped = try Harness.run(["classify"] + rules, stdin: try Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(piped.status == 1 && piped.out.isEmpty)
        #expect(piped.err.contains("<stdin>: an SQLite database cannot be read from stdin: give its path"), "\(piped.err)")
        let other = dir.appendingPathComponent("other.db").path
        try Database(path: other, access: .readWrite, busyTimeout: 1).execute("CREATE TABLE message (x); CREATE TABLE notes (y)")
        let r = try Harness.run(["classify"] + rules + [other])
        #expect(r.status == 1 && r.err.contains("\(other): an SQLite database without the message and handle tables"), "\(r.err)")
        let ndjson = try Harness.temp(Data(#"{"sender":"a","body":"b"}"#.utf8 + [0x0A]), suffix: ".ndjson")
        let named = try Harness.run(["classify", "--format", "chat-db"] + rules + [ndjson])
        #expect(named.status == 1 && named.err.contains("\(ndjson): not an SQLite database"), "\(named.err)")
    }
}

/// An attributedBody as Messages writes it (NSMutableAttributedString → NSMutableString).
func typedStreamBytes(_ text: String) -> [UInt8] {
    func newString(_ s: String) -> [UInt8] { [0x84, UInt8(s.utf8.count)] + Array(s.utf8) }
    let utf8 = Array(text.utf8)
    var b: [UInt8] = [0x04, 0x0B] + Array("streamtyped".utf8) + [0x81, 0xE8, 0x03] + newString("@")
    b += [0x84, 0x84] + newString("NSMutableAttributedString") + [0x00, 0x84] + newString("NSAttributedString") + [0x00, 0x84] + newString("NSObject") + [0x00, 0x85]
    b += [0x92, 0x84, 0x84] + newString("NSMutableString") + [0x01, 0x84] + newString("NSString") + [0x01, 0x95]
    b += newString("+") + (utf8.count < 0x80 ? [UInt8(utf8.count)] : [0x81, UInt8(utf8.count & 0xFF), UInt8(utf8.count >> 8)]) + utf8
    return b + [0x86, 0x84, 0x02, 0x69, 0x49, 0x01, UInt8(utf8.count & 0x7F), 0x86]
}

enum TypedStreamFixture {
    /// A blob from a real Messages database: "Noter test".
    static let realBlob: [UInt8] = {
        let hex = "040b73747265616d747970656481e803840140848484194e534d757461626c6541747472696275746564537472696e67008484124e5341747472696275746564537472696e67008484084e534f626a6563740085928484840f4e534d757461626c65537472696e67018484084e53537472696e67019584012b0a4e6f74657220746573748684026949010a928484840c4e5344696374696f6e617279009584016901928498981d5f5f6b494d4d657373616765506172744174747269627574654e616d658692848484084e534e756d626572008484074e5356616c7565009584012a849b9b00868686"
        var out: [UInt8] = []
        var i = hex.startIndex
        while i < hex.endIndex {
            let j = hex.index(i, offsetBy: 2)
            out.append(UInt8(hex[i..<j], radix: 16)!)
            i = j
        }
        return out
    }()
}
