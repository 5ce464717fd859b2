// A file named on the command line whose name is not UTF-8 (`caf\xe9.ndjson`,
// from an old Latin-1 system). Swift hands the program its arguments as Strings,
// repaired: U+FFFD where the bytes were, which names no file. Opening such a
// path falls back to the argument's own bytes.
import Foundation

/// `open(path, O_RDONLY)`; when that finds no file and `path` holds U+FFFD, the
/// command-line argument that reads as `path` (or as `--flag=path`) is opened by its
/// bytes. Sets `errno` as `open` does.
public func openArgumentPath(_ path: String) -> Int32 {
    let fd = open(path, O_RDONLY)
    guard fd < 0, errno == ENOENT, path.unicodeScalars.contains("\u{FFFD}") else { return fd }
    for i in 1..<Int(CommandLine.argc) {
        guard let raw = CommandLine.unsafeArgv[i] else { continue }
        let count = strlen(raw)
        let bytes = UnsafeBufferPointer(start: UnsafeRawPointer(raw).assumingMemoryBound(to: UInt8.self), count: count)
        let decoded = String(decoding: bytes, as: UTF8.self)
        var start = 0
        if decoded != path {
            // `--filters=path`: the bytes after the first `=`.
            guard decoded.hasSuffix("=" + path), let eq = bytes.firstIndex(of: UInt8(ascii: "=")),
                  String(decoding: UnsafeBufferPointer(rebasing: bytes[(eq + 1)...]), as: UTF8.self) == path else { continue }
            start = eq + 1
        }
        let again = open(raw + start, O_RDONLY)
        if again >= 0 { return again }
    }
    errno = ENOENT
    return -1
}
