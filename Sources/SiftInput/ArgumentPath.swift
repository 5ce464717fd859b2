// A file named on the command line whose name is not UTF-8 (`caf\xe9.ndjson`,
// from an old Latin-1 system). Swift hands the program its arguments as Strings,
// repaired: U+FFFD where the bytes were, which names no file. Opening such a
// path falls back to the argument's own bytes.
import Foundation

/// Why a file named on the command line could not be opened.
public enum OpenFailure: Error, Sendable, Equatable {
    /// open(2) failed with this errno.
    case system(Int32)
    /// Its name is not UTF-8 and another argument's reads the same.
    case ambiguousName
}

/// `open(path, O_RDONLY)`: the descriptor, or why not. When no file has the name and
/// `path` holds U+FFFD, the command-line argument that reads as `path` (or as
/// `--flag=path`) is opened by its bytes; two arguments of different bytes that read
/// alike (`caf\xe9` and `caf\xe8`) cannot be told apart: refused, not guessed.
public func openArgumentPath(_ path: String) -> Result<Int32, OpenFailure> {
    let fd = open(path, O_RDONLY)
    if fd >= 0 { return .success(fd) }
    let code = errno
    guard code == ENOENT, path.unicodeScalars.contains("\u{FFFD}") else { return .failure(.system(code)) }
    let readings = Set(argumentBytes(readingAs: path))
    if readings.count > 1 { return .failure(.ambiguousName) }
    guard let name = readings.first else { return .failure(.system(code)) }
    let again = (name + [0]).withUnsafeBufferPointer { open(UnsafeRawPointer($0.baseAddress!).assumingMemoryBound(to: CChar.self), O_RDONLY) }
    return again >= 0 ? .success(again) : .failure(.system(errno))
}

/// Whether `value` is a command-line argument (or the part after `--flag=`) whose bytes
/// are not UTF-8, which Swift handed over repaired (U+FFFD where they were): for what
/// msgsift writes under the name (a store, an export) or keeps (a filter's text), where
/// the repaired string would quietly be another name or another text. A text holding
/// U+FFFD itself is no repair, unless another argument reads the same from other bytes:
/// which one was meant cannot be told (as `openArgumentPath` refuses it).
public func isRepairedArgument(_ value: String) -> Bool {
    guard value.unicodeScalars.contains("\u{FFFD}") else { return false }
    let utf8 = Array(value.utf8)
    return argumentBytes(readingAs: value).contains { $0 != utf8 }
}

/// The bytes of every command-line argument, or part after a first `=`, that reads as `value`.
func argumentBytes(readingAs value: String) -> [[UInt8]] {
    var found: [[UInt8]] = []
    for i in 1..<Int(CommandLine.argc) {
        guard let raw = CommandLine.unsafeArgv[i] else { continue }
        let bytes = Array(UnsafeBufferPointer(start: UnsafeRawPointer(raw).assumingMemoryBound(to: UInt8.self), count: strlen(raw)))
        if String(decoding: bytes, as: UTF8.self) == value {
            found.append(bytes)
        } else if let eq = bytes.firstIndex(of: UInt8(ascii: "=")), String(decoding: bytes[(eq + 1)...], as: UTF8.self) == value {
            found.append(Array(bytes[(eq + 1)...]))
        }
    }
    return found
}
