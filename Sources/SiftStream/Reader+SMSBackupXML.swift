// SMS Backup & Restore's XML export (Android), read as a stream through
// libxml2's xmlTextReader (CXMLShim; this is the one Swift file that calls it):
// memory stays bounded however large the file, and a pipe works as a file does.
//
//   <smses count="…">
//     <sms address="+1555…" body="…" date="1700000000000" type="1" … />
//     <mms date="…" msg_box="1" …>
//       <parts><part ct="text/plain" text="…" /><part ct="image/jpeg" data="…" /></parts>
//       <addrs><addr address="+1555…" type="137" /></addrs>
//     </mms>
//   </smses>
//
// `<sms>`: sender `address`, body `body`, received when `type` is 1. `<mms>`:
// received when `msg_box` is 1, sender the `<addr>` of type 137 (from), body
// the `text` of its text/plain parts in order, joined by a newline. The
// string `null` is absent. `id` is the element's place among the `<sms>` and
// `<mms>` elements (1-based); `date` (ms since 1970) becomes ISO 8601. Sent
// messages are skipped unless --include-sent. The shim joins the surrogate
// pairs the app writes for emoji before libxml2 sees them (CXMLShim.h).
//
// An element without a usable `date`, `type` or `msg_box` is an error record
// naming its line; the run goes on. XML that is not well-formed ends the
// file: an error record says where, and the input counts as read in part.
import CXMLShim
import Foundation

extension RecordReader {
    /// Reads an SMS Backup & Restore export from `fd`, after the bytes already in `s.work`.
    func readSMSBackupXML(_ s: inout SourceState, fd: Int32) throws(StreamError) {
        if options.annotate && options.outputFormat != .ndjson {
            stopForFormat("\(s.name): --annotate with --output \(options.outputFormat.rawValue) needs CSV input (its columns become the output's); this input is an SMS Backup & Restore export")
            return
        }
        s.format = .ndjson
        s.started = true
        let linesBefore = s.line - 1
        let prefix = s.work
        s.work = []
        guard let x = prefix.withUnsafeBufferPointer({ sift_xml_open(fd, $0.baseAddress, $0.count) }) else {
            throw StreamError("\(s.name): out of memory", input: true)
        }
        defer {
            countBytes(Int(sift_xml_bytes_read(x)))
            sift_xml_close(x)
        }
        var xml = XMLCursor(x, linesBefore: linesBefore)
        var position = 0, lastLine = 0
        var out: [UInt8] = []
        var rootSeen = false
        while !stopped {
            let r = sift_xml_next(x)
            if r == 0 { break }
            if r < 0 {
                let errno = sift_xml_read_errno(x)
                flush(&s)
                if errno != 0 { throw StreamError("cannot read \(s.name): \(String(cString: strerror(errno)))", input: true) }
                let (message, line) = xml.error()
                if !rootSeen {
                    throw StreamError("\(s.name): not XML (line \(line): \(message)); msgsift reads NDJSON, CSV, SMS Backup & Restore XML"
                                      + " or a Messages database", input: true)
                }
                let after = position == 0 ? "no message was read" : "the last message read is number \(position), line \(lastLine)"
                throw brokenXML(&s, line: line, message: message, after: after)
            }
            guard sift_xml_node_type(x) == 1 else { continue }
            if !rootSeen {
                let root = String(cString: sift_xml_name(x))
                guard root == "smses" else {
                    throw StreamError("\(s.name): XML whose first element is <\(root)>, not an SMS Backup & Restore export (<smses>)", input: true)
                }
                rootSeen = true
                continue
            }
            guard sift_xml_depth(x) == 1 else { continue }
            let isSMS = xml.nameIs("sms")
            guard isSMS || xml.nameIs("mms") else { continue }
            position += 1
            let line = xml.line
            lastLine = line
            let element = isSMS ? "<sms>" : "<mms>"
            // Attributes of the element itself, read before its children move the reader on.
            let date = xml.attribute("date")
            let box = xml.attribute(isSMS ? "type" : "msg_box")
            var sender = isSMS ? xml.attribute("address") : nil
            var body = isSMS ? xml.attribute("body") : nil
            if !isSMS {
                let mms = xml.readMMS()
                if let problem = mms.problem {
                    flush(&s)
                    throw brokenXML(&s, line: problem.1, message: problem.0, after: "inside message number \(position), line \(line)")
                }
                sender = mms.sender
                body = mms.body
            }
            s.line = line
            guard let boxValue = box.flatMap({ Int(String(decoding: $0, as: UTF8.self)) }) else {
                let attribute = isSMS ? "type" : "msg_box"
                let what = box.map { "a \(attribute) that is not a number (\(String(decoding: $0.prefix(40), as: UTF8.self)))" } ?? "no \(attribute)"
                addElementError(&s, "\(s.name):\(line): message number \(position) (\(element)) has \(what): received or sent cannot be told")
                continue
            }
            let received = boxValue == 1
            if !received && !options.includeSent { continue }
            guard let ms = date.flatMap({ Int64(String(decoding: $0, as: UTF8.self)) }) else {
                let what = date.map { "a date that is not a number of milliseconds (\(String(decoding: $0.prefix(40), as: UTF8.self)))" } ?? "no date"
                addElementError(&s, "\(s.name):\(line): message number \(position) (\(element)) has \(what)")
                continue
            }
            let record = ArchiveRecord(id: position, sender: sender, body: body, unixMilliseconds: ms, sent: !received)
            out.removeAll(keepingCapacity: true)
            record.append(to: &out, fields: options.fields)
            out.withUnsafeBufferPointer { add(&s, UnsafeBufferPointer(rebasing: $0.dropLast()), tooLong: false) }
        }
        if !rootSeen && !stopped {
            throw StreamError("\(s.name): XML without elements, not an SMS Backup & Restore export (<smses>)", input: true)
        }
    }

    /// XML that is not well-formed at `line`: an error record saying so (with libxml2's
    /// message), and the error that ends the reading of this input. On stderr libxml2's message
    /// only with -v: it may quote the text (an entity name in a body).
    private func brokenXML(_ s: inout SourceState, line: Int, message: String, after: String) -> StreamError {
        func text(_ detail: String) -> String {
            "\(s.name):\(line): not well-formed XML\(detail); the rest of the file is not read (\(after))"
        }
        s.line = line
        add(&s, UnsafeBufferPointer(start: nil, count: 0), tooLong: false, message: text(" (\(message))"))
        flush(&s)
        return StreamError(text(options.verbose ? " (\(message))" : ""), input: true, partial: true)
    }

    private func addElementError(_ s: inout SourceState, _ message: String) {
        add(&s, UnsafeBufferPointer(start: nil, count: 0), tooLong: false, message: message)
    }
}

/// The reader's current node, through the shim: names, attributes, lines, errors.
struct XMLCursor {
    let x: OpaquePointer
    /// Lines dropped before the XML started (blank lines), added to libxml2's numbers.
    let linesBefore: Int

    init(_ x: OpaquePointer, linesBefore: Int) { self.x = x; self.linesBefore = linesBefore }

    func nameIs(_ name: StaticString) -> Bool {
        strcmp(sift_xml_name(x), UnsafeRawPointer(name.utf8Start).assumingMemoryBound(to: CChar.self)) == 0
    }

    var line: Int { Int(sift_xml_line(x)) + linesBefore }

    /// The attribute's decoded value; nil when absent or the string `null`.
    func attribute(_ name: String) -> [UInt8]? {
        var length = 0
        guard let p = sift_xml_attribute(x, name, &length) else { return nil }
        let bytes = UnsafeRawBufferPointer(start: p, count: length)
        if bytes.elementsEqual("null".utf8) { return nil }
        return Array(bytes)
    }

    /// The first error libxml2 reported, and its line.
    func error() -> (String, Int) {
        var line = 0
        let message = sift_xml_error(x, &line).map { String(cString: $0) } ?? "not well-formed"
        return (message, line + linesBefore)
    }

    /// Reads the children of the `<mms>` element the reader is on, to its end: the sender
    /// (the `<addr>` of type 137) and the text of its text/plain parts joined by newlines.
    mutating func readMMS() -> (sender: [UInt8]?, body: [UInt8]?, problem: (String, Int)?) {
        var sender: [UInt8]?
        var texts: [[UInt8]] = []
        if sift_xml_is_empty_element(x) != 0 { return (nil, nil, nil) }
        while true {
            let r = sift_xml_next(x)
            if r < 0 || r == 0 {
                return (sender, nil, r < 0 ? error() : ("the file ends inside an <mms> element", line))
            }
            let type = sift_xml_node_type(x)
            if type == 15 && sift_xml_depth(x) <= 1 { break }
            guard type == 1 else { continue }
            if nameIs("part") {
                if let ct = attribute("ct"), ct.elementsEqual("text/plain".utf8), let text = attribute("text") { texts.append(text) }
            } else if nameIs("addr"), sender == nil {
                if let t = attribute("type"), t.elementsEqual("137".utf8) { sender = attribute("address") }
            }
        }
        guard !texts.isEmpty else { return (sender, nil, nil) }
        return (sender, Array(texts.joined(separator: [0x0A])), nil)
    }
}
