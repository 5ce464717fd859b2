// The words of an input the readers refused (`StreamError`, `StreamProblem`), with
// the command that would read it: the readers say what is wrong and where, the
// command line says it. Message content (a header row that may be a message,
// libxml2's message, which may quote the text) is shown only with -v.
import Foundation
import SiftInput
import SiftRules
import SiftStore

extension StreamError {
    /// Its lines for stderr (without the first `msgsift: `), by `options` (`-v`).
    func words(_ options: StreamOptions, arguments: [String] = Array(CommandLine.arguments.dropFirst())) -> String {
        let rerun = Rerun(arguments: arguments)
        return problems.map { $0.words(verbose: options.verbose, rerun) }.joined(separator: "\nmsgsift: ")
    }
}

extension StreamProblem {
    /// One line for stderr (without `msgsift: `); `rerun` makes the commands it suggests.
    func words(verbose: Bool, _ rerun: Rerun) -> String {
        switch self {
        case .cannotOpen(let path, let why):
            return "cannot read \(path): \(why.words)"
        case .readFailed(let source, let code):
            return "cannot read \(source): \(String(cString: strerror(code)))"
        case .noDecompressPipe(let source, let code):
            return "cannot read \(source): no pipe for decompressing it (\(String(cString: strerror(code))))"
        case .gzipFailed(let source, let why):
            return "\(source): \(why.words); the records before it were read"
        case .outOfMemory(let source):
            return "\(source): out of memory"
        case .cannotWrite(let code):
            return "cannot write output: \(String(cString: strerror(code)))"

        case .wideText(let source, let bits, let encoding):
            return "\(source): UTF-\(bits) text; msgsift reads UTF-8 (\(rerun.after("iconv -f \(encoding) -t UTF-8", input: source)))"
        case .prettyPrintedJSON(let source):
            return "\(source): JSON spread over several lines (pretty-printed), not NDJSON: one object per line (\(rerun.after("jq -c .", input: source)))"
        case .carriageReturns(let source):
            return "\(source): lines that end in CR alone are not read; NDJSON is one object per line (\(rerun.after("tr '\\r' '\\n'", input: source, redirecting: true)))"
        case .jsonArrayBroken(let source, let line, let byte, let broken, let elements):
            let place: String
            switch broken {
            case .afterElement(let n): place = "where a comma or ] should follow element \(n)"
            case .afterClose: place = "after its closing ]"
            case .elementStart(let n): place = "where element \(n) should start"
            }
            return "\(source):\(line): a broken JSON array: \(shownByte(byte)) \(place) (\(readBefore(elements)))"
        case .jsonArrayCutShort(let source, let line, let elements):
            return "\(source):\(line): the JSON array is cut short: no closing ] after element \(elements) (\(readBefore(elements)))"

        case .csvHeaderTooLong(let source, let line, let limit):
            return "\(source):\(line): the CSV header is longer than \(limit) bytes (--max-record-bytes); give a larger --max-record-bytes"
        case .csvHeaderCarriageReturn(let source, let line):
            return "\(source):\(line): the CSV header runs on past a carriage return; lines that end in CR alone are not read"
                + " (\(rerun.after("tr '\\r' '\\n'", input: source, redirecting: true)))"
        case .csvHeaderUnreadable(let source, let line, let reason, let byte, let invalidUTF8):
            let latin = invalidUTF8 ? "; if the file is Latin-1 or Windows-1252: " + rerun.after("iconv -f CP1252 -t UTF-8", input: source) : ""
            return "\(source):\(line): unreadable CSV header: \(reason) (byte \(byte))\(latin)"
        case .csvSeparatorConflict(let source, let line, let file, let given):
            return "\(source):\(line): the file says its fields are separated by \(separatorName(file)) (sep=),"
                + " --delimiter by \(separatorName(given)); leave out --delimiter to read it as it says"
        case .csvOneColumn(let source, let line, let header, let separator):
            // The header names columns; without one it is a message, quoted only with -v.
            let shownHeader = verbose ? " " + quoted(header) : ""
            let flag = ["--delimiter", separator == 0x09 ? "tab" : String(UnicodeScalar(separator))]
            let command = source == InputSource.stdin.name
                ? "give the same input to: " + rerun.adding(flag)
                : "read it with: " + rerun.adding(flag)
            return "\(source):\(line): the CSV header is one column\(shownHeader); msgsift reads comma-separated values"
                + " unless told otherwise, and these look separated by \(separatorName(separator)) (\(command))"
        case .csvColumnsDiffer(let source, let names, let first, let output):
            // A file without a header has a message for one: named only with -v.
            let how = names.count == first.count ? (Set(names) == Set(first) ? "another order" : "other names") : "\(names.count) against \(first.count)"
            let columns = verbose
                ? "its columns (\(shown(names))) differ from the first input's (\(shown(first)))"
                : "its columns differ from the first input's (\(how); -v names them)"
            return "\(source): \(columns); --annotate --output \(output.rawValue) writes one header"
        case .csvNeitherField(let source, let line, let names, let headerLike, let f, let guesses):
            return neitherField(source: source, line: line, names: names, headerLike: headerLike, fields: f, guesses: guesses, verbose: verbose)
        case .unclosedQuote(let source, let line):
            return "\(source):\(line): a quoted field opened in this record is never closed;"
                + " the rest of the input ran into it (past --max-record-bytes) and has no verdicts"
        case .strayQuoteLost(let source, let line):
            return "\(source):\(line): a stray quote in this record opened a field that ran on past"
                + " --max-record-bytes; the lines it swallowed cannot be read again from this input"
                + " (give msgsift the file itself) and have no verdicts"
        case .annotateNeedsCSV(let source, let output, let input):
            return "\(source): --annotate with --output \(output.rawValue) needs CSV input (its columns become the output's);"
                + " this input is \(input == .chatDB ? "a Messages database" : input == .smsBackupXML ? "an SMS Backup & Restore export" : "NDJSON")"

        case .notSMSBackupXML(let source, let empty):
            return "\(source): \(empty ? "empty, not XML" : "not XML (it does not start with <)"); --format sms-backup-xml reads SMS Backup & Restore exports"
        case .notXML(let source, let line, let message):
            return "\(source): not XML (line \(line): \(message)); msgsift reads NDJSON, CSV, SMS Backup & Restore XML or a Messages database"
        case .xmlOtherRoot(let source, let root):
            return "\(source): XML whose first element is <\(root)>, not an SMS Backup & Restore export (<smses>)"
        case .xmlNoElements(let source):
            return "\(source): XML without elements, not an SMS Backup & Restore export (<smses>)"
        case .xmlBroken(let source, let line, let message, let last):
            // libxml2's message may quote the text (an entity name): only with -v.
            let detail = verbose ? " (\(message))" : ""
            let after = last.map { "the last message read is number \($0.number), line \($0.line)" } ?? "no message was read"
            return "\(source):\(line): not well-formed XML\(detail); the rest of the input is not read (\(after)); give msgsift the file itself to read on past it"

        case .notChatDB(let source):
            return "\(source): not an SQLite database; --format chat-db reads the Messages database (chat.db, sms.db)"
        case .chatDBFromStdin(let source):
            return "\(source): an SQLite database cannot be read from stdin: give its path (msgsift classify ~/Library/Messages/chat.db)"
        case .chatDBCompressed(let source):
            let fix = rerun.gunzipping(source) ?? "gunzip -k" + (source == InputSource.stdin.name ? "" : " " + source)
            return "\(source): a compressed Messages database; SQLite reads it decompressed (\(fix))"
        case .chatDBNotMessages(let source):
            return "\(source): an SQLite database without the message and handle tables of a Messages database (chat.db, sms.db)"
        case .chatDBMissingColumn(let source, let column):
            return "\(source): its message table has no \(column) column; not a Messages database msgsift knows"
        case .chatDBStore(let source, let error):
            switch error.kind {
            case .locked: return "\(source): the Messages database is locked by another process; try again"
            case .notAStore: return "\(source): not an SQLite database after all"
            case .corrupt: return "\(source): the Messages database is damaged"
            case .cannotOpen: return "\(source): cannot open the Messages database read-only (\(sqliteDetail(error.problem)))"
            default: return "\(source): cannot read the Messages database (\(sqliteDetail(error.problem)))"
            }
        case .chatDBFailed(let source, let detail):
            return "\(source): \(detail)"
        }
    }
}

/// Why a header naming neither the sender nor the body field is refused, with the `--field`
/// flags that would read the columns most likely meant. Its cells are named only with -v:
/// a row that is no header is a file's first message. Without -v a guessed column is offered
/// only when it is a field's or a usual column's name itself (`From`, `Message`), no text.
private func neitherField(source: String, line: Int, names: [String], headerLike: Bool, fields f: FieldNames,
                          guesses: CSVGuesses, verbose: Bool) -> String {
    let start = "\(source):\(line): the CSV header names neither \"\(f.sender)\" nor \"\(f.body)\""
    guard headerLike || verbose else {
        return start + ", and its first row does not look like a header (-v shows it): a file without a header row"
            + " needs one naming its columns, \(f.sender) and \(f.body) among them"
    }
    let offered = [guesses.sender.map { ("sender", $0) }, guesses.body.map { ("body", $0) }]
        .compactMap { $0 }.filter { verbose || $0.1.exact }
    let flags = offered.map { fieldFlag($0.0, $0.1.column) }
    let columns = verbose ? "its columns: \(shown(names))" : "\(names.count) column\(names.count == 1 ? "" : "s"); -v names them"
    return start + " (\(columns)); "
        + (flags.isEmpty ? "name the columns to read with --field sender=COLUMN --field body=COLUMN"
                         : "to read them: \(flags.joined(separator: " "))")
        + ", or, if the file has no header row, add one"
}

/// `--field KEY=NAME` as a shell reads it back (quoted when the name is not plain).
func fieldFlag(_ key: String, _ name: String) -> String {
    let plain = name.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || "_.-".unicodeScalars.contains($0) }
    return plain ? "--field \(key)=\(name)" : "--field '\(key)=\(name.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''"))'"
}

/// Header cells for a message, joined by commas, control characters escaped (`-v` shows
/// a file's own cells, which must not drive the terminal).
private func shown(_ names: [String]) -> String {
    names.map { String(quoted($0).dropFirst().dropLast()) }.joined(separator: ",")
}

/// A separator as messages name it.
private func separatorName(_ separator: UInt8) -> String {
    separator == 0x09 ? "tab" : "'" + String(Character(Unicode.Scalar(separator))) + "'"
}

/// What of a broken JSON array was read.
private func readBefore(_ elements: Int) -> String {
    elements == 0 ? "no element was read" : elements == 1 ? "its first element was read" : "its first \(elements) elements were read"
}

/// A byte as a message shows it: the character when it is printable ASCII, else its value.
private func shownByte(_ b: UInt8) -> String {
    (0x21...0x7E).contains(b) ? "'" + String(Character(Unicode.Scalar(b))) + "'" : "byte 0x" + (b < 0x10 ? "0" : "") + String(b, radix: 16, uppercase: true)
}

/// What SQLite or the system said.
private func sqliteDetail(_ problem: StoreError.Problem) -> String {
    switch problem {
    case .cannotOpen(let m), .readOnly(let m), .damaged(let m), .sqlite(_, let m), .ioFailed(_, .other(let m)): return m
    case .ioFailed(_, .diskFull), .diskFull: return "the disk is full"
    case .ioFailed(_, .removed): return "it was removed while in use"
    default: return "\(problem)"
    }
}

extension GzipFailure {
    var words: String {
        switch self {
        case .cannotStart: return "zlib could not start"
        case .invalid(let message): return "not valid gzip data (\(message ?? "corrupt"))"
        case .outOfMemory: return "out of memory while decompressing"
        case .status(let status): return "gzip data zlib cannot read (status \(status))"
        case .endsEarly: return "the gzip data ends early (a truncated file)"
        }
    }
}

extension OpenFailure {
    /// Why a file named on the command line could not be opened.
    var words: String {
        switch self {
        case .system(let code): return String(cString: strerror(code))
        case .ambiguousName: return "its name is not UTF-8 and another argument's reads the same; rename one of them"
        }
    }
}
