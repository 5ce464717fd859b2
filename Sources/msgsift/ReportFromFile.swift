// `msgsift report --from FILE`: the messages of NDJSON records, checked whole
// before anything is sent (a record that cannot be reported stops the command
// with nothing sent), then sent grouped by sender and type, up to five bodies
// per request. Memory stays bounded: the file is read twice, a line at a time
// (stdin is kept in a temporary file), and at most `pendingSenders` groups wait.
import Foundation
import SiftInput
import SiftStream

extension ReportCommand {
    struct Message {
        var sender: String
        var kind: Kind
        var body: String
    }

    /// What reading the records found besides messages.
    struct Tally {
        var messages = 0
        var errorRecords = 0
        var emptyBodies = 0
        var otherVerdicts = 0
        var cut = 0
    }

    static func reportFile(_ path: String, _ c: Config, url: String) throws -> Int32 {
        let file = try openRecords(path)
        defer { fclose(file) }
        let name = path == "-" ? "stdin" : path
        let tally = try scan(file, name: name, c) { _ in }
        if tally.errorRecords > 0 { warn("\(name): \(tally.errorRecords) error record\(tally.errorRecords == 1 ? "" : "s") of classify left out") }
        if tally.emptyBodies > 0 { warn("\(name): \(tally.emptyBodies) record\(tally.emptyBodies == 1 ? "" : "s") with an empty body left out") }
        if tally.otherVerdicts > 0 {
            warn("\(name): \(tally.otherVerdicts) record\(tally.otherVerdicts == 1 ? "" : "s") with a transaction or promotion verdict left out (neither junk nor not junk; --type sends them as one)")
        }
        if tally.cut > 0 { warn("\(name): \(tally.cut) bod\(tally.cut == 1 ? "y" : "ies") cut to \(maxBodyCharacters) characters, the most the service accepts") }
        guard tally.messages > 0 else {
            warn("\(name): no message to report; nothing sent")
            return 0
        }
        rewind(file)
        var sender = Sender(url: url, timeout: c.timeout, dryRun: c.dryRun)
        var pending: [(sender: String, kind: Kind, bodies: [String])] = []
        _ = try scan(file, name: name, c) { m in
            if let i = pending.firstIndex(where: { $0.sender == m.sender && $0.kind == m.kind }) {
                pending[i].bodies.append(m.body)
                if pending[i].bodies.count == bodiesPerRequest {
                    let full = pending.remove(at: i)
                    try sender.send(sender: full.sender, kind: full.kind, bodies: full.bodies, total: tally.messages)
                }
                return
            }
            if pending.count == pendingSenders {
                let oldest = pending.removeFirst()
                try sender.send(sender: oldest.sender, kind: oldest.kind, bodies: oldest.bodies, total: tally.messages)
            }
            pending.append((m.sender, m.kind, [m.body]))
        }
        for group in pending {
            try sender.send(sender: group.sender, kind: group.kind, bodies: group.bodies, total: tally.messages)
        }
        sender.finish(total: tally.messages)
        return 0
    }

    /// The records' file, or stdin copied to a temporary file (it is read twice).
    private static func openRecords(_ path: String) throws -> UnsafeMutablePointer<FILE> {
        guard !path.isEmpty else { throw UsageError("--from: an empty file name: name a file, or - for stdin", command: "report") }
        if path == "-" {
            guard let copy = tmpfile() else { throw RuntimeError("stdin cannot be kept in a temporary file (\(String(cString: strerror(errno))))") }
            var buffer = [UInt8](repeating: 0, count: 1 << 16)
            while true {
                let n = buffer.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
                if n == 0 { break }
                if n < 0 {
                    if errno == EINTR { continue }
                    fclose(copy)
                    throw RuntimeError("stdin cannot be read (\(String(cString: strerror(errno))))")
                }
                guard fwrite(buffer, 1, n, copy) == n else {
                    fclose(copy)
                    throw RuntimeError("stdin cannot be kept in a temporary file (\(String(cString: strerror(errno))))")
                }
            }
            rewind(copy)
            return copy
        }
        let fd: Int32
        switch openArgumentPath(path) {
        case .success(let opened): fd = opened
        case .failure(let why): throw RuntimeError("\(path): " + (why == .system(ENOENT) ? "no such file" : "cannot be read (\(why.words))"))
        }
        var info = stat()
        if fstat(fd, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR {
            close(fd)
            throw RuntimeError("\(path): is a directory")
        }
        guard let file = fdopen(fd, "r") else {
            close(fd)
            throw RuntimeError("\(path): cannot be read (\(String(cString: strerror(errno))))")
        }
        return file
    }

    /// Reads every record, handing each message to `each`; throws, naming the line, at a
    /// record that cannot be reported. Senders and bodies never appear in its messages.
    private static func scan(_ file: UnsafeMutablePointer<FILE>, name: String, _ c: Config, _ each: (Message) throws -> Void) throws -> Tally {
        var tally = Tally()
        var line: UnsafeMutablePointer<CChar>? = nil
        var capacity = 0
        defer { free(line) }
        var number = 0
        while true {
            errno = 0
            let n = getline(&line, &capacity, file)
            if n < 0 {
                if ferror(file) != 0 { throw RuntimeError("\(name): cannot be read (\(String(cString: strerror(errno))))") }
                break
            }
            number += 1
            let bytes = UnsafeRawBufferPointer(start: line, count: n)
            let text = Data(bytes)
            if text.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) { continue }
            let at = "\(name):\(number)"
            guard let record = (try? JSONSerialization.jsonObject(with: text)) as? [String: Any] else {
                throw RuntimeError("\(at): not a JSON object; --from reads NDJSON records (classify --annotate output); nothing sent")
            }
            func field(_ key: String) -> String? {
                switch record[key] {
                case let s as String: return s
                case let n as NSNumber where String(cString: n.objCType) != "c": return n.stringValue   // not true or false
                default: return nil
                }
            }
            let sender = field(c.senderField), body = field(c.bodyField)
            if record["error"] != nil && (sender == nil || body == nil) { tally.errorRecords += 1; continue }
            guard let sender, let body else {
                if record["action"] != nil && record["verdict"] == nil {
                    throw RuntimeError("\(at): a verdict without its message (no \"\(c.senderField)\" and \"\(c.bodyField)\"): a report needs the message itself;"
                                       + " msgsift classify --annotate writes each message with its verdict; nothing sent")
                }
                let missing = [(c.senderField, sender), (c.bodyField, body)].filter { $0.1 == nil }.map { "\"\($0.0)\"" }.joined(separator: " and ")
                throw RuntimeError("\(at): no \(missing) (a string) in the record\(c.renamed.isEmpty ? " (--field sender=NAME reads another field)" : ""); nothing sent")
            }
            let kind: Kind
            if let given = c.kind {
                kind = given
            } else {
                let verdict = record["verdict"] as? [String: Any]
                switch (verdict?["action"] ?? record["action"]) as? String {
                case "junk": kind = .junk
                case "allow": kind = .notJunk
                case "transaction", "promotion": tally.otherVerdicts += 1; continue
                default:
                    throw RuntimeError("\(at): no verdict to say junk or not junk; give --type junk or --type not-junk; nothing sent")
                }
            }
            if body.isEmpty { tally.emptyBodies += 1; continue }
            if body.count > maxBodyCharacters { tally.cut += 1 }
            tally.messages += 1
            try each(Message(sender: sender, kind: kind, body: String(body.prefix(maxBodyCharacters))))
        }
        return tally
    }
}
