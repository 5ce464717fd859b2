// The iPhone/Mac Messages database (`chat.db`, `sms.db` from an unencrypted
// backup), read through SiftStore's SQLite layer (Database.swift) without
// writing anything: opened read-only, or, when the file is in WAL mode and no
// `-wal` file lies beside it (nothing is writing it), as immutable, so that no
// `-wal`/`-shm` file is left behind. Every row is read in one read
// transaction, so a database that Messages is writing meanwhile is read as
// one consistent snapshot.
//
// Rows: received messages (`is_from_me = 0`; --include-sent keeps the rest),
// without tapbacks/reactions (`associated_message_type` not 0, or an
// `associated_message_guid`) and without group events (`item_type` not 0),
// by ROWID. `id` = ROWID, sender = `handle.id` (null when the handle is
// missing), body = `text`, or where that is NULL the string decoded from
// `attributedBody` (TypedStream.swift; an undecodable blob is an error record
// naming the ROWID), `date` from Apple's epoch (2001-01-01; nanoseconds, or
// seconds in old databases: told apart by magnitude), `service` kept. The
// columns that exist decide the query (PRAGMA table_info), so old schemas
// without `attributedBody` or the reaction columns read too.
import Foundation
import SiftStore

extension RecordReader {
    /// Reads the Messages database the input `s` is (its first bytes are in `s.work`).
    func readChatDB(_ s: inout SourceState, source: InputSource) throws(StreamError) {
        guard case .file(let path) = source else {
            throw StreamError(.chatDBFromStdin(source: s.name), input: true)
        }
        if options.annotate && options.outputFormat != .ndjson {
            stopForFormat(.annotateNeedsCSV(source: s.name, output: options.outputFormat, input: .chatDB))
            return
        }
        s.format = .ndjson
        s.started = true
        // Byte 18 of the header is 2 in WAL mode. With no -wal file beside it, every commit is
        // in the file and a read-only open would create (and leave) -wal and -shm files.
        let wal = s.work.count > 18 && s.work[18] == 2
        let walFile = FileManager.default.fileExists(atPath: path + "-wal")
        let access: Database.Access = wal && !walFile ? .immutable : .readOnly
        var info = stat()
        if stat(path, &info) == 0 { countBytes(max(0, Int(info.st_size) - s.work.count)) }
        s.work = []
        let db: Database
        do { db = try Database(path: path, access: access, busyTimeout: 5) } catch { throw StreamError(.chatDBStore(source: s.name, error), input: true) }
        do {
            try db.readTransaction {
                try self.readMessages(db, &s)
            }
        } catch let error as StreamError {
            flush(&s)
            throw error
        } catch let error as StoreError {
            flush(&s)
            throw StreamError(.chatDBStore(source: s.name, error), input: true)
        } catch {
            flush(&s)
            throw StreamError(.chatDBFailed(source: s.name, detail: "\(error)"), input: true)
        }
    }

    private func readMessages(_ db: Database, _ s: inout SourceState) throws {
        let tables = Set(try db.query("SELECT name FROM sqlite_master WHERE type = 'table'") { $0.text(0) ?? "" })
        guard tables.contains("message"), tables.contains("handle") else {
            throw StreamError(.chatDBNotMessages(source: s.name), input: true)
        }
        let columns = Set(try db.query("PRAGMA table_info(message)") { $0.text(1)?.lowercased() ?? "" })
        for required in ["text", "date", "handle_id"] where !columns.contains(required) {
            throw StreamError(.chatDBMissingColumn(source: s.name, column: required), input: true)
        }
        func column(_ name: String, else fallback: String) -> String { columns.contains(name) ? "m.\(name)" : fallback }
        var conditions: [String] = []
        if !options.includeSent && columns.contains("is_from_me") { conditions.append("COALESCE(m.is_from_me, 0) = 0") }
        if columns.contains("associated_message_type") { conditions.append("COALESCE(m.associated_message_type, 0) = 0") }
        if columns.contains("associated_message_guid") { conditions.append("m.associated_message_guid IS NULL") }
        if columns.contains("item_type") { conditions.append("COALESCE(m.item_type, 0) = 0") }
        let sql = """
            SELECT m.ROWID, h.id, m.text, \(column("attributedbody", else: "NULL")), m.date, \(column("service", else: "NULL")),
                   \(column("is_from_me", else: "0"))
            FROM message m LEFT JOIN handle h ON h.ROWID = m.handle_id
            \(conditions.isEmpty ? "" : "WHERE " + conditions.joined(separator: " AND "))
            ORDER BY m.ROWID
            """
        var out: [UInt8] = []
        try db.forEachRow(sql) { row in
            let rowid = row.int(0)
            var record = ArchiveRecord(id: rowid, sender: row.text(1).map { Array($0.utf8) }, body: nil, unixMilliseconds: nil)
            if let text = row.text(2) {
                record.body = Array(text.utf8)
            } else if !row.isNull(3) {
                let decoded = row.withBlob(3) { TypedStream.attributedString($0) }
                switch decoded {
                case .success(let text): record.body = Array(text.utf8)
                case .failure(let e):
                    let message = "\(s.name): message ROWID \(rowid): its attributedBody cannot be decoded (\(e))"
                    s.line = rowid      // where the run's notes say the record is
                    row.withBlob(3) { blob in
                        let kept = UnsafeBufferPointer(start: blob.baseAddress?.assumingMemoryBound(to: UInt8.self), count: min(blob.count, Self.keptPrefix))
                        add(&s, kept, tooLong: false, message: message)
                    }
                    return !stopped
                }
            }
            record.unixMilliseconds = row.isNull(4) || row.int(4) == 0 ? nil : Self.unixMilliseconds(appleTime: Int64(row.int(4)))
            record.kept = [("service", row.text(5))]
            record.sent = row.int(6) != 0
            out.removeAll(keepingCapacity: true)
            record.append(to: &out, fields: options.fields)
            s.line = rowid
            out.withUnsafeBufferPointer { add(&s, UnsafeBufferPointer(rebasing: $0.dropLast()), tooLong: false) }
            return !stopped
        }
    }

    /// Apple's epoch is 2001-01-01 UTC: nanoseconds since then in databases since macOS 10.13 /
    /// iOS 11, seconds before. A value of 10^11 or more is nanoseconds (as seconds it would be
    /// past the year 5000; as nanoseconds, seconds would be under 100).
    static func unixMilliseconds(appleTime t: Int64) -> Int64 {
        let epoch: Int64 = 978_307_200_000
        if t.magnitude >= 100_000_000_000 {
            let (q, r) = t.quotientAndRemainder(dividingBy: 1_000_000)
            return epoch + (r < 0 ? q - 1 : q)
        }
        return epoch + t * 1000
    }
}
