// gzip input read as it is: decompressed on the fly (zlib), whatever the format inside.
import Foundation
import Testing

@Suite("gzip input")
struct GzipTests {
    let rules = ["classify", "--no-db", "--rule", "links"]

    /// `data` gzip-compressed by the system's gzip (an independent writer of the format).
    static func gzip(_ data: Data) throws -> Data {
        let plain = try Harness.temp(data, suffix: ".txt")
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/gzip")
        p.arguments = ["-c", "-n", plain]
        let out = Pipe()
        p.standardOutput = out
        try p.run()
        let compressed = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return compressed
    }

    @Test(arguments: ["samples/messages.ndjson", "samples/messages.csv"])
    func aCompressedFileGivesWhatTheFileGives(_ sample: String) throws {
        let plain = try Data(contentsOf: URL(fileURLWithPath: Harness.path(sample)))
        let expected = try Harness.run(rules, stdin: plain)
        #expect(expected.status == 0 && expected.objects.count == 257)
        let compressed = try Self.gzip(plain)
        #expect(compressed.prefix(2) == Data([0x1F, 0x8B]))
        let file = try Harness.temp(compressed, suffix: ".gz")
        let fromFile = try Harness.run(rules + [file])
        #expect(fromFile.status == 0 && fromFile.out == expected.out, "\(fromFile.err)")
        let fromStdin = try Harness.run(rules, stdin: compressed)
        #expect(fromStdin.out == expected.out)
        // The magic split across reads of a pipe: one byte first.
        let piped = try Harness.piped(rules) { h in
            h.write(compressed.prefix(1)); usleep(50_000); h.write(compressed.dropFirst(1))
        }
        #expect(piped.status == 0 && piped.out == expected.out)
    }

    /// `cat a.gz b.gz` is one gzip stream of two members, as gzip reads it.
    @Test func concatenatedMembersAreReadOneAfterTheOther() throws {
        let a = try Self.gzip(Data("{\"body\":\"see www.x.com\"}\n".utf8))
        let b = try Self.gzip(Data("{\"body\":\"hello\"}\n{\"body\":\"bit.ly/q\"}\n".utf8))
        let r = try Harness.run(rules + [try Harness.temp(a + b, suffix: ".gz")])
        #expect(r.status == 0)
        #expect(r.objects.map { $0["action"] as? String } == ["junk", "allow", "junk"])
    }

    /// A cut or damaged file: the records before the damage come out, the input is said to be
    /// broken, and the status is 1.
    @Test func aTruncatedOrCorruptFileKeepsWhatCameBeforeAndSaysSo() throws {
        var text = ""
        for i in 0..<20_000 { text += "{\"id\":\(i),\"body\":\"message \(i) with some words www.x\(i % 7).com\"}\n" }
        let compressed = try Self.gzip(Data(text.utf8))
        let cut = try Harness.temp(compressed.prefix(compressed.count / 2), suffix: ".gz")
        let r = try Harness.run(rules + [cut])
        #expect(r.status == 1)
        #expect(r.err.contains("\(cut): the gzip data ends early (a truncated file); the records before it were read"), "\(r.err)")
        let verdicts = r.objects.filter { $0["error"] == nil }
        #expect(verdicts.count > 1_000 && verdicts.count < 20_000)
        #expect(verdicts.enumerated().allSatisfy { $0.element["id"] as? Int == $0.offset })
        var damaged = compressed
        damaged[damaged.count / 2] ^= 0xFF
        let bad = try Harness.temp(damaged, suffix: ".gz")
        let d = try Harness.run(rules + [bad])
        #expect(d.status == 1 && d.err.contains("\(bad): not valid gzip data"), "\(d.err)")
    }

    /// A CSV file whose header is not UTF-8, compressed, with damaged data after its rows:
    /// msgsift names the header, the first and real reason the file gives nothing, and
    /// not the damage it never read as far as. (Whether it also named the damage depended
    /// on the decompressing thread's timing.) The gzip data is written by hand: one stored
    /// block of the text, then a block of the reserved type 3 (RFC 1951), which zlib refuses.
    @Test func aRefusedFileNamesItsRefusalAloneEveryTime() throws {
        let text = Data("id,b".utf8) + Data([0xFF]) + Data("dy\n1,see www.x.com\n".utf8)
        let length = UInt16(text.count)
        var damaged = Data([0x1F, 0x8B, 8, 0, 0, 0, 0, 0, 0, 3, 0x00,
                            UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8(~length >> 8)])
        damaged += text
        damaged.append(0x07)
        let file = try Harness.temp(damaged, suffix: ".csv.gz")
        for round in 0..<12 {
            let r = try Harness.run(rules + [file])
            #expect(r.status == 1 && r.out.isEmpty)
            #expect(r.err.contains("\(file):1: unreadable CSV header: invalid UTF-8 (byte 4)"), "round \(round): \(r.err)")
            #expect(!r.err.contains("gzip"), "round \(round): \(r.err)")
            if r.err.contains("gzip") { return }
        }
    }

    /// Any format inside: an SMS Backup & Restore export.
    @Test func aCompressedPhoneArchiveIsRead() throws {
        let xml = """
            <?xml version='1.0' encoding='UTF-8' standalone='yes' ?>
            <smses count="2">
            <sms protocol="0" address="+15551234567" date="1700000000000" type="1" subject="null" body="see www.x.com" read="1" status="-1" />
            <sms protocol="0" address="Mom" date="1700000001000" type="1" subject="null" body="hi" read="1" status="-1" />
            </smses>

            """
        let r = try Harness.run(rules + ["--annotate", try Harness.temp(try Self.gzip(Data(xml.utf8)), suffix: ".xml.gz")])
        #expect(r.status == 0, "\(r.err)")
        #expect(r.objects.map { $0["sender"] as? String } == ["+15551234567", "Mom"])
        #expect(r.objects.map { ($0["verdict"] as? [String: Any])?["action"] as? String } == ["junk", "allow"])
    }

    /// A run that stops early (--strict, a closed stdout) does not wait on the decompressing
    /// thread, which stops at its next write.
    @Test func aRunThatStopsEarlyEndsAtOnce() throws {
        var text = "{\"body\":\"a\"}\n{oops\n"
        text += String(repeating: "{\"body\":\"www.x.com and more words to make the input long\"}\n", count: 300_000)
        let file = try Harness.temp(try Self.gzip(Data(text.utf8)), suffix: ".gz")
        let started = Date()
        let r = try Harness.run(rules + ["--strict", file])
        #expect(r.status == 1 && r.objects.count == 1 && r.err.contains("\(file):2"), "\(r.err)")
        let head = try Harness.bash("'\(Harness.binary.path)' classify --no-db --rule links '\(file)' | head -1; echo \"status ${PIPESTATUS[0]}\"")
        #expect(head.out.hasSuffix("status 0\n"), "\(head.out) \(head.err)")
        #expect(Date().timeIntervalSince(started) < 60)
    }
}
