// What the phone-archive readers (Reader+SMSBackupXML, Reader+ChatDB) make of a
// message: one NDJSON object, `{"id":…,"sender":…,"body":…,"date":…}` plus the
// fields a reader keeps (`service`, `sent`), which the workers then read like
// any NDJSON line (so `--annotate` writes it with its verdict). An absent
// sender or body is `null`; dates are ISO 8601 UTC to the millisecond.

/// One message of an archive, written as an NDJSON object.
struct ArchiveRecord {
    var id: Int
    /// UTF-8; nil when absent.
    var sender: [UInt8]?
    var body: [UInt8]?
    /// Milliseconds since 1970-01-01 UTC; nil when unknown.
    var unixMilliseconds: Int64?
    /// Other string members, in order (`service`).
    var kept: [(name: String, value: String?)] = []
    /// The message was sent, not received (only with --include-sent).
    var sent = false

    /// Appends the object and a newline to `out`; members named as `fields` says (`--field`).
    func append(to out: inout [UInt8], fields: FieldNames) {
        out.append(UInt8(ascii: "{"))
        JSONEscape.appendQuoted(fields.id, to: &out)
        out.append(UInt8(ascii: ":"))
        appendDecimal(id, &out)
        for (name, value) in [(fields.sender, sender), (fields.body, body)] {
            out.append(UInt8(ascii: ","))
            JSONEscape.appendQuoted(name, to: &out)
            out.append(UInt8(ascii: ":"))
            if let value {
                value.withUnsafeBufferPointer { JSONEscape.appendQuotedRaw($0, to: &out) }
            } else {
                appendASCII("null", &out)
            }
        }
        appendASCII(",\"date\":", &out)
        if let ms = unixMilliseconds {
            JSONEscape.appendQuoted(Self.iso8601(unixMilliseconds: ms), to: &out)
        } else {
            appendASCII("null", &out)
        }
        for (name, value) in kept {
            out.append(UInt8(ascii: ","))
            JSONEscape.appendQuoted(name, to: &out)
            out.append(UInt8(ascii: ":"))
            if let value { JSONEscape.appendQuoted(value, to: &out) } else { appendASCII("null", &out) }
        }
        if sent { appendASCII(",\"sent\":true", &out) }
        appendASCII("}\n", &out)
    }

    /// `2023-11-14T22:13:20.000Z` (proleptic Gregorian calendar, years 0000–9999; outside
    /// them the year is written as it comes, with a sign when negative).
    static func iso8601(unixMilliseconds ms: Int64) -> String {
        let (seconds, milli) = ms.quotientAndRemainder(dividingBy: 1000)
        let s = milli < 0 ? seconds - 1 : seconds
        let m = milli < 0 ? milli + 1000 : milli
        let (days0, secOfDay0) = s.quotientAndRemainder(dividingBy: 86_400)
        let days = secOfDay0 < 0 ? days0 - 1 : days0
        let secOfDay = secOfDay0 < 0 ? secOfDay0 + 86_400 : secOfDay0
        // Days since 1970-01-01 to a civil date (Hinnant's days_from_civil, inverted).
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        let year = yoe + era * 400 + (month <= 2 ? 1 : 0)
        func pad(_ v: Int64, _ width: Int) -> String {
            let digits = String(v.magnitude)
            return (v < 0 ? "-" : "") + String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T\(pad(secOfDay / 3600, 2)):\(pad(secOfDay / 60 % 60, 2)):\(pad(secOfDay % 60, 2)).\(pad(m, 3))Z"
    }
}
