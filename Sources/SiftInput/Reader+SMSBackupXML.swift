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
// naming its line; the run goes on. XML that is not well-formed stops
// libxml2: in a regular file an error record names the broken element and
// reading starts again at the next line that starts an element
// (`resyncSteps`); from a pipe the error record ends the input, which counts
// as read in part.
import CXMLShim
import Foundation

extension RecordReader {
    /// Reads an SMS Backup & Restore export from `fd`, after the bytes already in `s.work`.
    func readSMSBackupXML(_ s: inout SourceState, fd: Int32) throws(StreamError) {
        if options.annotate && options.outputFormat != .ndjson {
            stopForFormat(.annotateNeedsCSV(source: s.name, output: options.outputFormat, input: .smsBackupXML))
            return
        }
        s.format = .ndjson
        s.started = true
        // A regular file can be read again from a line after XML that is not well-formed.
        var info = stat()
        let seekable = s.workOffset >= 0 && fstat(fd, &info) == 0 && info.st_mode & S_IFMT == S_IFREG
        var read = XMLRead(origin: (s.workOffset, s.line))
        read.countedThrough = max(0, s.workOffset) + s.work.count     // those bytes are counted already
        var steps: [XMLStep] = [.parse(XMLSegment(prefix: s.work, fd: fd, seek: nil, firstLine: s.line))]
        s.work = []
        while !steps.isEmpty && !stopped {
            switch steps.removeFirst() {
            case .error(let line, let counts, let text):
                if counts { read.position += 1 }
                s.line = line
                addElementError(&s, text(read.position))
            case .parse(let segment):
                guard let broken = try readSegment(&s, segment, &read) else { continue }
                if let end = segment.endLine {
                    // Whole elements read again up to a broken one: the cut end is expected.
                    if broken.line < end - 1 {
                        s.line = broken.line
                        addElementError(&s, "\(s.name):\(broken.line): not well-formed XML (\(broken.message)); lines \(broken.line)–\(end - 1) are skipped")
                    }
                    continue
                }
                guard seekable, let origin = read.origin else {
                    let last = read.position == 0 ? nil : XMLPosition(number: read.position, line: read.lastLine)
                    throw brokenXML(&s, line: broken.line, message: broken.message, lastRead: last)
                }
                steps = resyncSteps(fd, s.name, origin: origin, read: read, broken: broken) + steps
            }
        }
    }

    /// Reads one stretch of the XML to its end or to the first error, which it returns.
    private func readSegment(_ s: inout SourceState, _ segment: XMLSegment, _ read: inout XMLRead) throws(StreamError) -> XMLBroken? {
        if let offset = segment.seek { lseek(segment.fd, off_t(offset), SEEK_SET) }
        guard let x = segment.prefix.withUnsafeBufferPointer({ sift_xml_open(segment.fd, $0.baseAddress, $0.count) }) else {
            throw StreamError(.outOfMemory(source: s.name), input: true)
        }
        defer {
            // Bytes read again after a broken element are counted once (--stats).
            let end = (segment.seek ?? read.countedThrough) + Int(sift_xml_bytes_read(x))
            if segment.fd >= 0 && end > read.countedThrough {
                countBytes(end - read.countedThrough)
                read.countedThrough = end
            }
            if sift_xml_read_to_end(x) != 0 { s.readToEnd = true }
            sift_xml_close(x)
        }
        let synthetic = segment.seek != nil || segment.endLine != nil
        if synthetic { read.origin = segment.seek.map { ($0, segment.firstLine) } ?? read.origin }
        var xml = XMLCursor(x, linesBefore: segment.firstLine - (synthetic ? 2 : 1))
        var rootSeen = false
        var out: [UInt8] = []
        while !stopped {
            let r = sift_xml_next(x)
            if r == 0 { break }
            if r < 0 {
                let errno = sift_xml_read_errno(x)
                flush(&s)
                if errno != 0 { throw StreamError(.readFailed(source: s.name, errno: errno), input: true) }
                let (message, line) = xml.error()
                if !rootSeen && !synthetic {
                    throw StreamError(.notXML(source: s.name, line: line, message: message), input: true)
                }
                return XMLBroken(line: line, message: message, insideMMS: false)
            }
            guard sift_xml_node_type(x) == 1 else { continue }
            if !rootSeen {
                let root = String(cString: sift_xml_name(x))
                guard root == "smses" else {
                    throw StreamError(.xmlOtherRoot(source: s.name, root: root), input: true)
                }
                rootSeen = true
                continue
            }
            guard sift_xml_depth(x) == 1 else { continue }
            let isSMS = xml.nameIs("sms")
            guard isSMS || xml.nameIs("mms") else { continue }
            read.position += 1
            let position = read.position
            let line = xml.line
            read.lastLine = line
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
                    return XMLBroken(line: problem.1, message: problem.0, insideMMS: true)
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
        if !rootSeen && !stopped && !synthetic {
            throw StreamError(.xmlNoElements(source: s.name), input: true)
        }
        return nil
    }

    /// What follows XML that is not well-formed in a regular file: the whole elements before the
    /// broken one that libxml2 had not handed on yet (it parses 512 bytes at a time, and an error
    /// drops what it parsed with it), read again; an error record for the broken element (the
    /// last that starts a line at or before the error's line); reading again from the next line
    /// that starts an `<sms>` or `<mms>`. Elements are told by their lines' first bytes, as the
    /// app writes them (one start tag first on its line).
    private func resyncSteps(_ fd: Int32, _ name: String, origin: (offset: Int, line: Int), read: XMLRead, broken: XMLBroken) -> [XMLStep] {
        let (starts, resume) = XMLLines.elementStarts(fd, origin: origin, after: read.lastLine, through: broken.line)
        var steps: [XMLStep] = []
        let goesOn = resume.map { "reading goes on at line \($0.line)" } ?? "no message follows it"
        let detail = "not well-formed XML (\(broken.message) at line \(broken.line))"
        if broken.insideMMS {
            let position = read.position, line = read.lastLine
            // Its number was counted when it started.
            steps.append(.error(line: broken.line, counts: false, text: { _ in "\(name):\(line): message number \(position) is \(detail); \(goesOn)" }))
        }
        if let last = starts.last {
            if let first = starts.first, first.line < last.line {
                var region = Array("<smses>\n".utf8)
                var bytes = [UInt8](repeating: 0, count: last.offset - first.offset)
                let n = bytes.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, off_t(first.offset)) }
                region += bytes.prefix(max(0, n))
                steps.append(.parse(XMLSegment(prefix: region, fd: -1, seek: nil, firstLine: first.line, endLine: last.line)))
            }
            steps.append(.error(line: last.line, counts: true, text: { "\(name):\(last.line): message number \($0) is \(detail); \(goesOn)" }))
        } else if !broken.insideMMS {
            steps.append(.error(line: broken.line, counts: false, text: { _ in "\(name):\(broken.line): \(detail); \(goesOn)" }))
        }
        if let resume {
            steps.append(.parse(XMLSegment(prefix: Array("<smses>\n".utf8), fd: fd, seek: resume.offset, firstLine: resume.line)))
        }
        return steps
    }

    /// XML that is not well-formed at `line`, in an input that cannot be read again: an error
    /// record saying so (with libxml2's message), and the error that ends the reading of this
    /// input (whose words quote libxml2's message only with -v: it may quote the text).
    private func brokenXML(_ s: inout SourceState, line: Int, message: String, lastRead: XMLPosition?) -> StreamError {
        let after = lastRead.map { "the last message read is number \($0.number), line \($0.line)" } ?? "no message was read"
        s.line = line
        add(&s, UnsafeBufferPointer(start: nil, count: 0), tooLong: false,
            message: "\(s.name):\(line): not well-formed XML (\(message)); the rest of the input is not read (\(after)); give msgsift the file itself to read on past it")
        flush(&s)
        return StreamError(.xmlBroken(source: s.name, line: line, message: message, lastRead: lastRead), input: true, partial: true)
    }

    private func addElementError(_ s: inout SourceState, _ message: String) {
        add(&s, UnsafeBufferPointer(start: nil, count: 0), tooLong: false, message: message)
    }
}

/// A stretch of the XML to read: bytes already read (or made: `<smses>` before a stretch read
/// again), then `fd` from `seek` (nil: where it is; -1: none). `firstLine` is the line of the
/// stretch's first byte in the file (after the made `<smses>` line when there is one); a
/// stretch read again up to a broken element ends at `endLine`.
struct XMLSegment {
    var prefix: [UInt8]
    var fd: Int32
    var seek: Int?
    var firstLine: Int
    var endLine: Int? = nil
}

/// What is left to do with an export: read a stretch, or write an error record (`counts`: the
/// broken element takes the next number; the text is made with the number it has).
enum XMLStep {
    case parse(XMLSegment)
    case error(line: Int, counts: Bool, text: (Int) -> String)
}

/// What a reading of an export has got to.
struct XMLRead {
    /// Where the stretch being read starts in the file (offset, line); nil when unknown.
    var origin: (offset: Int, line: Int)?
    /// `<sms>`/`<mms>` elements met so far (the last one's id).
    var position = 0
    /// The line the last of them starts on.
    var lastLine = 0
    /// Bytes of the file counted for --stats up to this offset.
    var countedThrough: Int

    init(origin: (offset: Int, line: Int)) {
        self.origin = origin.offset >= 0 ? origin : nil
        countedThrough = max(0, origin.offset)
    }
}

/// Where and why libxml2 stopped.
struct XMLBroken {
    var line: Int
    var message: String
    /// Inside an `<mms>` element already counted.
    var insideMMS: Bool
}

/// The lines of a regular file, read with pread (never moving its offset).
enum XMLLines {
    /// From `origin` on: the lines after `after` through `through` that start (past blanks)
    /// with `<sms` or `<mms`, and the first such line after `through` (nil when `</smses>`
    /// or the end of the file comes first).
    static func elementStarts(_ fd: Int32, origin: (offset: Int, line: Int), after: Int, through: Int)
        -> (starts: [(line: Int, offset: Int)], resume: (line: Int, offset: Int)?) {
        var starts: [(line: Int, offset: Int)] = []
        var head = [UInt8](repeating: 0, count: 16)
        /// 1: an element starts the line at `at`; 2: `</smses>` does; 0: anything else.
        func kind(_ at: Int) -> Int {
            let n = head.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, off_t(at)) }
            guard n > 0 else { return 2 }
            var i = 0
            while i < n && (head[i] == 0x20 || head[i] == 0x09 || head[i] == 0x0D) { i += 1 }
            let rest = head[i..<n]
            if rest.starts(with: "</smses".utf8) { return 2 }
            guard rest.starts(with: "<sms".utf8) || rest.starts(with: "<mms".utf8), i + 4 < n else { return 0 }
            return [0x20, 0x09, 0x0A, 0x0D, 0x2F, 0x3E].contains(head[i + 4]) ? 1 : 0
        }
        var line = origin.line
        var lineStart = origin.offset
        var resume: (line: Int, offset: Int)?
        /// False once the search is over.
        func visit() -> Bool {
            guard line > after else { return true }
            switch kind(lineStart) {
            case 1:
                if line <= through { starts.append((line, lineStart)); return true }
                resume = (line, lineStart)
                return false
            case 2:
                return line <= through
            default:
                return true
            }
        }
        if !visit() { return (starts, resume) }
        // Reads of 1 MiB, or of the rest of a shorter file (zeroing 1 MiB for a file of a few
        // KiB cost more than the search).
        var info = stat()
        let rest = fstat(fd, &info) == 0 ? Int(info.st_size) - origin.offset : 1 << 20
        var chunk = [UInt8](repeating: 0, count: min(1 << 20, max(rest, 4096)))
        var chunkOffset = origin.offset
        while true {
            let n = chunk.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, off_t(chunkOffset)) }
            if n <= 0 { return (starts, nil) }
            var done = false
            chunk.withUnsafeBufferPointer { buf in
                var i = 0
                while !done, let j = memchrIndex(UnsafeBufferPointer(rebasing: buf[0..<n]), 0x0A, from: i) {
                    line += 1
                    lineStart = chunkOffset + j + 1
                    if !visit() { done = true }
                    i = j + 1
                }
            }
            if done { return (starts, resume) }
            chunkOffset += n
        }
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
