// Why an input could not be read (or the output written): values with their data
// (the input's name, a line, columns, a byte), never sentences. The command line
// words each case, with its hints and the commands that would read the input
// (Sources/msgsift/InputWords.swift).
import SiftStore

/// What stopped the reading of an input, or the run.
public enum StreamProblem: Sendable, Equatable {
    // Opening, reading, decompressing.
    /// A file named on the command line could not be opened.
    case cannotOpen(path: String, OpenFailure)
    /// read(2) failed (`errno`) partway.
    case readFailed(source: String, errno: Int32)
    /// No pipe or thread for decompressing a gzip input (`errno`).
    case noDecompressPipe(source: String, errno: Int32)
    /// A gzip input's data broke off or is damaged; the records before were read.
    case gzipFailed(source: String, GzipFailure)
    /// An archive reader could not allocate its parser.
    case outOfMemory(source: String)
    /// The output could not be written (`errno`; a closed pipe is no problem).
    case cannotWrite(errno: Int32)

    // Text that is not UTF-8 lines.
    /// UTF-16 or UTF-32 text; `encoding` is the name iconv converts it from (`UTF-16`, `UTF-32LE`, …).
    case wideText(source: String, bits: Int, encoding: String)
    /// JSON spread over several lines (pretty-printed), not NDJSON.
    case prettyPrintedJSON(source: String)
    /// NDJSON whose lines end in CR alone.
    case carriageReturns(source: String)
    /// A JSON array broken at `line`: `byte` where something else should be.
    case jsonArrayBroken(source: String, line: Int, byte: UInt8, JSONArrayBreak, elementsRead: Int)
    /// A JSON array with no closing `]` (its elements before were read).
    case jsonArrayCutShort(source: String, line: Int, elementsRead: Int)

    // CSV.
    /// The CSV header runs on past a carriage return (lines end in CR alone).
    case csvHeaderCarriageReturn(source: String, line: Int)
    /// The CSV header is longer than `limit` bytes (`--max-record-bytes`).
    case csvHeaderTooLong(source: String, line: Int, limit: Int)
    /// The CSV header cannot be parsed: `reason` is the record parser's (as error records say
    /// it), `byte` the 0-based offset in the header; `invalidUTF8` when that is why.
    case csvHeaderUnreadable(source: String, line: Int, reason: String, byte: Int, invalidUTF8: Bool)
    /// An Excel `sep=` line names one separator, `--delimiter` another.
    case csvSeparatorConflict(source: String, line: Int, file: UInt8, given: UInt8)
    /// The header is one column, `header` (a message when the file has no header), and looks
    /// separated by `separator` (no `--delimiter` given).
    case csvOneColumn(source: String, line: Int, header: String, separator: UInt8)
    /// Under `--annotate` with CSV or TSV output, this input's columns differ from the first's.
    case csvColumnsDiffer(source: String, columns: [String], first: [String], output: OutputFormat)
    /// The header names neither the sender nor the body field (`fields`). `looksLikeHeader`:
    /// every cell looks like a column name (else the row is likely a message); `guesses`: the
    /// columns most likely meant (the field's name but for case or spaces, or a usual name).
    case csvNeitherField(source: String, line: Int, columns: [String], looksLikeHeader: Bool, fields: FieldNames, guesses: CSVGuesses)
    /// An over-long CSV record opened a quoted field that never closes: the rest of the input ran into it.
    case unclosedQuote(source: String, line: Int)
    /// A stray quote's field ran past --max-record-bytes in an input that cannot be read
    /// again: the lines it swallowed are lost.
    case strayQuoteLost(source: String, line: Int)
    /// `--annotate` with CSV or TSV output on an input that is not CSV (NDJSON, or a phone archive).
    case annotateNeedsCSV(source: String, output: OutputFormat, input: InputFormat)

    // SMS Backup & Restore XML.
    /// `--format sms-backup-xml` on an input that is empty, or does not start with `<`.
    case notSMSBackupXML(source: String, empty: Bool)
    /// Not XML at all (libxml2's `message` at `line`).
    case notXML(source: String, line: Int, message: String)
    /// XML whose first element is `root`, not `smses`.
    case xmlOtherRoot(source: String, root: String)
    /// XML without elements.
    case xmlNoElements(source: String)
    /// XML not well-formed at `line` (libxml2's `message`, which may quote the text) in an
    /// input that cannot be read again; `lastRead`: the number and line of the last message read.
    case xmlBroken(source: String, line: Int, message: String, lastRead: XMLPosition?)

    // The Messages database.
    /// `--format chat-db` on an input that is not an SQLite database.
    case notChatDB(source: String)
    /// A Messages database given on stdin.
    case chatDBFromStdin(source: String)
    /// A gzip-compressed Messages database.
    case chatDBCompressed(source: String)
    /// An SQLite database without the message and handle tables.
    case chatDBNotMessages(source: String)
    /// Its message table lacks a column msgsift needs.
    case chatDBMissingColumn(source: String, column: String)
    /// SQLite could not open or read it.
    case chatDBStore(source: String, StoreError)
    /// Reading it failed otherwise (`detail`: what the failure says of itself).
    case chatDBFailed(source: String, detail: String)
}

/// Why a gzip input could not be decompressed (zlib's own message, where it gave one).
public enum GzipFailure: Sendable, Equatable {
    case cannotStart
    case invalid(zlibMessage: String?)
    case outOfMemory
    case status(Int32)
    /// The data ends inside a member (a truncated file).
    case endsEarly
}

/// What a broken JSON array has where something else should be.
public enum JSONArrayBreak: Sendable, Equatable {
    /// Where a comma or `]` should follow element `after`.
    case afterElement(Int)
    /// After its closing `]`.
    case afterClose
    /// Where element `n` should start.
    case elementStart(Int)
}

/// A message of an XML export: its number there, and its line.
public struct XMLPosition: Sendable, Equatable {
    public var number: Int
    public var line: Int
}

/// The columns of a CSV header most likely meant for the sender and the body. `exact`: the
/// column is the field's name but for case or spaces, or a usual name itself (`From`,
/// `Message`), not a cell that merely contains one.
public struct CSVGuesses: Sendable, Equatable {
    public var sender: (column: String, exact: Bool)?
    public var body: (column: String, exact: Bool)?

    public static func == (a: CSVGuesses, b: CSVGuesses) -> Bool {
        a.sender?.column == b.sender?.column && a.sender?.exact == b.sender?.exact
            && a.body?.column == b.body?.column && a.body?.exact == b.body?.exact
    }
}

/// A failure that ends the reading of an input, or the run: its problems (several when
/// lines were lost in more than one place), and how the run goes on.
public struct StreamError: Error, Sendable, Equatable {
    public var problems: [StreamProblem]
    /// The options given cannot read this input (exit status 2, not 1).
    public var isUsage: Bool
    /// Only this input failed (cannot be opened or read, or is not NDJSON or CSV):
    /// the run goes on with the next one, as `cat` does, and ends with status 1.
    public var isInput: Bool
    /// With `isInput`: the input was read, but for lines it says were lost.
    public var isPartial: Bool
    public init(_ problems: [StreamProblem], usage: Bool = false, input: Bool = false, partial: Bool = false) {
        self.problems = problems; isUsage = usage; isInput = input; isPartial = partial
    }
    public init(_ problem: StreamProblem, usage: Bool = false, input: Bool = false, partial: Bool = false) {
        self.init([problem], usage: usage, input: input, partial: partial)
    }
    /// The first problem (the one, but when lines were lost in several places).
    public var problem: StreamProblem { problems[0] }
}
