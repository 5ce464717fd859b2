// Fuzz harness: the Messages database reader (Reader+ChatDB.swift) over a small SQLite
// database built from each input: which optional columns the message table has, the
// handles, and rows whose values are fuzzed in type as well as content (text stored as
// TEXT, BLOB or INTEGER; dates as integers, reals or NULL; attributedBody blobs), plus,
// now and then, a few bytes of the finished file overwritten (damage the reader must
// report, not crash on). The reader opens the file by its path, as `classify chat.db`.
//
// Built rather than taken as raw bytes: mutated SQLite files are nearly all "not a
// database" or "damaged" at the first page, so raw bytes would fuzz SQLite's own checks
// (fuzzed upstream) and almost never reach the row decoding. With a file that opens, the
// check is exact. For an undamaged file, the records must be the rows a Messages reader
// keeps (received, no reactions or group events; --include-sent keeps sent ones), by
// ROWID, each an NDJSON object with its id, the handle's text as sender, the text (or the
// decoded attributedBody) as body, the date, the service and `sent`; an attributedBody
// that does not decode is an error record naming the ROWID. With damage, records are only
// numbered 1, 2, 3… and lie inside their batch; never a crash or a hang.
//
// Input: byte 0 the schema (bits 0–5: attributedBody, service, is_from_me,
// associated_message_type, associated_message_guid, item_type present; bit 6
// --include-sent; bit 7 the header says WAL), byte 1 damage (≥ 0xF8: 1–8 overwrites of
// 3 bytes each follow: offset, offset, value), then the handle count (0–3) and each
// handle's id (length byte, 0xFF for NULL), then rows to the end (see `Row.read`).
import CSQLite
import Foundation
@testable import SiftInput
@testable import SiftStream

/// The file each input is written to (on tmpfs where there is one; one per process).
let chatDBPath = (FileManager.default.fileExists(atPath: "/dev/shm") ? "/dev/shm" : NSTemporaryDirectory())
    + "/msgsift-fuzz-chatdb-\(getpid()).db"
/// A write to a pipe whose reader has gone fails (EPIPE) rather than ending the process, as
/// in msgsift (main.swift): a gzip input is inflated into a pipe by a thread that may still
/// be writing when the reader stops, and SIGPIPE ended fuzz runs with no report.
let ignoreBrokenPipes: Void = { _ = signal(SIGPIPE, SIG_IGN) }()
/// Removes the file when the run ends (a crash leaves it, for a look).
let removeAtExit: Void = { _ = atexit { _ = unlink(chatDBPath) } }()

/// Reads the input front to back; past its end every read is zeros.
struct Cursor {
    let bytes: UnsafeBufferPointer<UInt8>
    var at = 0
    var atEnd: Bool { at >= bytes.count }
    mutating func byte() -> UInt8 {
        defer { at += 1 }
        return at < bytes.count ? bytes[at] : 0
    }
    mutating func take(_ n: Int) -> [UInt8] {
        let end = min(bytes.count, at + n)
        defer { at = max(at, end) }
        return at < end ? Array(bytes[at..<end]) : []
    }
    mutating func int64() -> Int64 { take(8).reduce(0) { $0 << 8 | Int64($1) } }
}

enum Value {
    case null, integer(Int64), real(Double), text([UInt8]), blob([UInt8])
}

/// One message row as the input describes it.
struct Row {
    var rowid: Int64
    var handle: Int64
    var fromMe: Bool, reaction: Bool, guid: Bool, event: Bool
    var text: Value
    var attributedBody: [UInt8]?
    var date: Value

    /// A control byte (bit 0 is_from_me, 1 a reaction type, 2 a reaction guid, 3 a group
    /// event, 4–5 the text's kind: NULL, TEXT, BLOB, INTEGER; 6–7 the date's kind: NULL, a
    /// 64-bit integer, a 32-bit one, a real), the ROWID step − 1, the handle (mod 5: 1–3
    /// may exist, 0 and 4 never do), the text (length byte then bytes, or 8 bytes), the
    /// attributedBody (2-byte length, 0xFFFF for NULL), the date.
    static func read(_ c: inout Cursor, after rowid: Int64) -> Row {
        let control = c.byte()
        let step = Int64(c.byte()) + 1
        let handle = Int64(c.byte() % 5)
        let text: Value
        switch (control >> 4) & 3 {
        case 0: text = .null
        case 1: text = .text(c.take(Int(c.byte())))
        case 2: text = .blob(c.take(Int(c.byte())))
        default: text = .integer(c.int64())
        }
        let length = Int(c.byte()) << 8 | Int(c.byte())
        let body: [UInt8]? = length == 0xFFFF ? nil : c.take(length)
        let date: Value
        switch control >> 6 {
        case 0: date = .null
        case 1: date = .integer(c.int64())
        case 2: date = .integer(Int64(Int32(truncatingIfNeeded: c.int64() >> 32)))
        default: date = .real(Double(bitPattern: UInt64(bitPattern: c.int64())))
        }
        return Row(rowid: rowid + step, handle: handle, fromMe: control & 1 != 0, reaction: control & 2 != 0,
                   guid: control & 4 != 0, event: control & 8 != 0, text: text, attributedBody: body, date: date)
    }
}

/// The optional columns of the message table, by bit of the schema byte.
let optionalColumns = ["attributedBody BLOB", "service TEXT", "is_from_me INTEGER", "associated_message_type INTEGER",
                       "associated_message_guid TEXT", "item_type INTEGER"]

/// One connection per schema (the low 6 bits of the schema byte), kept for the whole run:
/// an in-memory database holding the two empty tables, with its INSERTs prepared. Each
/// input's rows go in inside a transaction; the file's bytes are read from the connection
/// (the transaction's pages, as they would be once committed) and the transaction is
/// rolled back, leaving the tables empty for the next input. The bytes are those a new
/// connection made for each input gave (checked over 604 grown-corpus inputs when this
/// was written); making one per input, its tables and their INSERTs (parsing the DDL,
/// writing and re-reading sqlite_master) was two thirds of building a database.
final class Builder {
    let db: OpaquePointer
    let begin: OpaquePointer, rollback: OpaquePointer, handleInsert: OpaquePointer, messageInsert: OpaquePointer

    init?(schema: UInt8) {
        var db: OpaquePointer?
        guard sqlite3_open(":memory:", &db) == SQLITE_OK, let db else { return nil }
        var columns = ["ROWID INTEGER PRIMARY KEY", "text TEXT", "handle_id INTEGER", "date INTEGER"]
        for (bit, column) in optionalColumns.enumerated() where schema & (1 << bit) != 0 { columns.append(column) }
        let names = columns.map { String($0.prefix { $0 != " " }) }
        let ddl = "PRAGMA page_size = 512; CREATE TABLE handle (ROWID INTEGER PRIMARY KEY, id TEXT);"
            + " CREATE TABLE message (\(columns.joined(separator: ", ")));"
        func prepare(_ sql: String) -> OpaquePointer? {
            var statement: OpaquePointer?
            return sqlite3_prepare_v2(db, sql, -1, &statement, nil) == SQLITE_OK ? statement : nil
        }
        guard sqlite3_exec(db, ddl, nil, nil, nil) == SQLITE_OK,
              let begin = prepare("BEGIN"), let rollback = prepare("ROLLBACK"),
              let handleInsert = prepare("INSERT INTO handle VALUES (?, ?)"),
              let messageInsert = prepare("INSERT INTO message (\(names.joined(separator: ", "))) VALUES (\(names.map { _ in "?" }.joined(separator: ", ")))")
        else { sqlite3_close(db); return nil }
        (self.db, self.begin, self.rollback, self.handleInsert, self.messageInsert) = (db, begin, rollback, handleInsert, messageInsert)
    }

    /// Runs `statement` once (reset, new bindings); true when it is done.
    func run(_ statement: OpaquePointer, _ values: [Value] = []) -> Bool {
        sqlite3_reset(statement)
        sqlite3_clear_bindings(statement)
        for (i, value) in values.enumerated() {
            let index = Int32(i + 1)
            switch value {
            case .null: sqlite3_bind_null(statement, index)
            case .integer(let n): sqlite3_bind_int64(statement, index, n)
            case .real(let d): sqlite3_bind_double(statement, index, d)
            case .text(let b):
                let terminated = b + [0]      // never empty, so never without an address
                terminated.withUnsafeBufferPointer { p in
                    p.withMemoryRebound(to: CChar.self) { _ = csqlite_bind_text(statement, index, $0.baseAddress!, Int32(b.count)) }
                }
            case .blob(let b): b.withUnsafeBytes { _ = csqlite_bind_blob(statement, index, $0.baseAddress ?? UnsafeRawPointer(bitPattern: 1)!, Int32($0.count)) }
            }
        }
        let done = sqlite3_step(statement) == SQLITE_DONE
        sqlite3_reset(statement)
        return done
    }
}

nonisolated(unsafe) var builders: [UInt8: Builder] = [:]

/// The database the input describes, as the bytes of its file (nil if SQLite refused it).
func build(schema: UInt8, handles: [[UInt8]?], rows: [Row]) -> [UInt8]? {
    let key = schema & 0x3F
    if builders[key] == nil { builders[key] = Builder(schema: key) }
    guard let b = builders[key], b.run(b.begin) else { return nil }
    defer { precondition(b.run(b.rollback), "the rows of an input not rolled back") }
    for (i, id) in handles.enumerated() {
        guard b.run(b.handleInsert, [.integer(Int64(i + 1)), id.map { .text($0) } ?? .null]) else { return nil }
    }
    for r in rows {
        var values: [Value] = [.integer(r.rowid), r.text, .integer(r.handle), r.date]
        let optional: [Value] = [r.attributedBody.map { .blob($0) } ?? .null, .text(Array("iMessage".utf8)), .integer(r.fromMe ? 1 : 0),
                                 .integer(r.reaction ? 2000 : 0), r.guid ? .text(Array("p:0/guid".utf8)) : .null, .integer(r.event ? 1 : 0)]
        for bit in 0..<optionalColumns.count where schema & (1 << bit) != 0 { values.append(optional[bit]) }
        guard b.run(b.messageInsert, values) else { return nil }
    }
    var size: sqlite3_int64 = 0
    guard let image = sqlite3_serialize(b.db, "main", &size, 0) else { return nil }
    defer { sqlite3_free(image) }
    return Array(UnsafeBufferPointer(start: image, count: Int(size)))
}

/// What the reader must make of `r` (nil: the row is left out), as a JSON object, or a
/// String for an error record (the text its message must hold).
func expected(_ r: Row, schema: UInt8, includeSent: Bool, handles: [[UInt8]?]) -> Any? {
    let has = { (bit: Int) in schema & (1 << bit) != 0 }
    if has(2) && r.fromMe && !includeSent { return nil }
    if (has(3) && r.reaction) || (has(4) && r.guid) || (has(5) && r.event) { return nil }
    func string(_ b: [UInt8]) -> String { String(decoding: b, as: UTF8.self) }
    var object: [String: Any] = ["id": Int(r.rowid)]
    object["sender"] = r.handle >= 1 && Int(r.handle) <= handles.count ? handles[Int(r.handle) - 1].map(string) ?? NSNull() : NSNull()
    switch r.text {
    case .text(let b), .blob(let b): object["body"] = string(b)
    case .integer(let n): object["body"] = String(n)
    case .real, .null:
        if has(0), let blob = r.attributedBody {
            switch blob.withUnsafeBytes({ TypedStream.attributedString($0) }) {
            case .success(let s): object["body"] = s
            case .failure: return "message ROWID \(r.rowid): its attributedBody cannot be decoded"
            }
        } else {
            object["body"] = NSNull()
        }
    }
    // SQLite's conversion of a real to an integer: truncated, clamped to the 64-bit range.
    let apple: Int64
    switch r.date {
    case .integer(let n): apple = n
    case .real(let d): apple = d <= Double(Int64.min) ? .min : d >= Double(Int64.max) ? .max : d.isNaN ? 0 : Int64(d)
    default: apple = 0
    }
    object["date"] = apple == 0 ? NSNull() : ArchiveRecord.iso8601(unixMilliseconds: RecordReader.unixMilliseconds(appleTime: apple))
    object["service"] = has(1) ? "iMessage" : NSNull()
    if has(2) && r.fromMe { object["sent"] = true }
    return object
}

/// Whether a record as JSONSerialization reads it is `want` (from `expected`): the same
/// keys, each with the same value (null, a string, an integer or true), compared field by
/// field: bridging both to NSDictionary for `==` cost a tenth of the harness's time.
func same(_ got: [String: Any], _ want: [String: Any]) -> Bool {
    guard got.count == want.count else { return false }
    for (key, w) in want {
        guard let g = got[key] else { return false }
        switch w {
        case is NSNull: guard g is NSNull else { return false }
        case let w as String: guard g as? String == w else { return false }
        case let w as Bool: guard g as? Bool == w, g as? String == nil else { return false }
        case let w as Int: guard g as? Int == w, !(g is NSNull) else { return false }
        default: preconditionFailure("no such value in an expected record: \(w)")
        }
    }
    return true
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzChatDB(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    _ = removeAtExit
    _ = ignoreBrokenPipes
    var c = Cursor(bytes: UnsafeBufferPointer(start: start, count: count))
    let schema = c.byte()
    let damageByte = c.byte()
    var damage: [(offset: Int, value: UInt8)] = []
    if damageByte >= 0xF8 {
        for _ in 0...(damageByte & 7) { damage.append((Int(c.byte()) << 8 | Int(c.byte()), c.byte())) }
    }
    var handles: [[UInt8]?] = []
    for _ in 0..<(c.byte() & 3) {
        let n = c.byte()
        handles.append(n == 0xFF ? nil : c.take(Int(n)))
    }
    var rows: [Row] = []
    while !c.atEnd && rows.count < 64 { rows.append(Row.read(&c, after: rows.last?.rowid ?? 0)) }
    guard var image = build(schema: schema, handles: handles, rows: rows) else { return 0 }
    if schema & 0x80 != 0 { image[18] = 2; image[19] = 2 }    // the header of a file in WAL mode
    for d in damage { image[d.offset % image.count] = d.value }
    let fd = open(chatDBPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    guard fd >= 0 else { preconditionFailure("cannot write \(chatDBPath)") }
    precondition(image.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) } == image.count)
    close(fd)

    var options = StreamOptions()
    options.includeSent = schema & 0x40 != 0
    options.batchRecords = 3      // small, so that batches are cut between rows
    var records: [(data: [UInt8], message: String?)] = []
    var next = 1
    // Reads of 4 KiB, not 1 MiB: the reader only looks at the header before SQLite opens the
    // file, and under ASan a 1 MiB buffer per input cost a sixth of the harness's time.
    let reader = RecordReader(options: options, chunkSize: 4096) { batch in
        for (i, r) in batch.records.enumerated() {
            precondition(r.number == next, "record \(r.number) after \(next - 1)")
            precondition(r.start <= r.end && r.end <= batch.data.count, "a record outside its batch")
            precondition(r.described == (batch.messages[i] != nil), "an error record without its message")
            records.append((Array(batch.data[r.start..<r.end]), batch.messages[i]))
            next += 1
        }
        return true
    }
    let outcome = Result { () throws(StreamError) in try reader.read(.file(chatDBPath)) }
    guard damage.isEmpty else { return 0 }
    if case .failure(let e) = outcome { preconditionFailure("an intact database refused: \(e)") }

    let wanted = rows.compactMap { expected($0, schema: schema, includeSent: options.includeSent, handles: handles) }
    precondition(records.count == wanted.count, "\(records.count) records for \(wanted.count) rows kept")
    for (record, want) in zip(records, wanted) {
        if let message = want as? String {
            precondition(record.message?.contains(message) == true, "not the error record for \(message)")
            continue
        }
        precondition(record.message == nil, "an error record for a readable row: \(record.message!)")
        let got = try? JSONSerialization.jsonObject(with: Data(record.data)) as? [String: Any]
        precondition(got.map { same($0, want as! [String: Any]) } == true, "the record \(String(decoding: record.data, as: UTF8.self)) is not \(want)")
    }
    return 0
}
