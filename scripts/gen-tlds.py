#!/usr/bin/env python3
"""Generate Sources/SiftText/Tables/TLDTable.swift from the Public Suffix List.

The `links` smart rule (docs/judging.md "Smart rules") treats `label(.label)+` as a URL only when
its last label is a real top-level domain. This script collects the set of
TLDs: the last label of every rule in the list (ICANN and private sections),
lowercased, with `!` exception and `*.` wildcard markers ignored. An IDN TLD
is emitted twice, in its Unicode form and in its `xn--` punycode form, so both
spellings found in messages are recognised.

Usage (from the repository root, with Debian's `publicsuffix` package
installed):

    python3 scripts/gen-tlds.py [path/to/public_suffix_list.dat] > Sources/SiftText/Tables/TLDTable.swift

The default input is /usr/share/publicsuffix/public_suffix_list.dat. The
output is deterministic: the same list always gives the same file.
"""

import subprocess
import sys

DEFAULT_LIST = "/usr/share/publicsuffix/public_suffix_list.dat"


def list_version(path):
    """The Debian package version of the list, or 'unknown' off Debian."""
    if path != DEFAULT_LIST:
        return "unknown (%s)" % path
    try:
        out = subprocess.run(
            ["dpkg-query", "-W", "-f=${Version}", "publicsuffix"],
            capture_output=True, text=True, check=True,
        )
        return out.stdout.strip() or "unknown"
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def read_tlds(path):
    """The set of TLDs (Unicode and punycode spellings) named by the list."""
    tlds = set()
    with open(path, encoding="utf-8") as f:
        for line in f:
            # A rule is the first whitespace-delimited token of a non-comment line.
            fields = line.split()
            if not fields or fields[0].startswith("//"):
                continue
            rule = fields[0].lstrip("!")
            label = rule.split(".")[-1].lower()
            if not label or label == "*":
                continue
            tlds.add(label)
            if label.startswith("xn--"):
                tlds.add(label[4:].encode("ascii").decode("punycode").lower())
            elif not label.isascii():
                # Raw punycode of the label as listed: the list already holds the
                # IDNA-normalised form, so no further mapping is wanted here.
                tlds.add("xn--" + label.encode("punycode").decode("ascii"))
    return tlds


def swift_file(tlds, source, version):
    ordered = sorted(tlds, key=lambda s: s.encode("utf-8"))
    for t in ordered:
        assert "\n" not in t and '"' not in t and "\\" not in t, t
    idn = sum(1 for t in ordered if not t.isascii())
    puny = sum(1 for t in ordered if t.startswith("xn--"))
    longest = max(len(t.encode("utf-8")) for t in ordered)
    # Wrap the packed list at ~100 columns; a multi-line string literal keeps
    # the file reviewable and compiles instantly (no array-literal type checking).
    lines, cur = [], ""
    for t in ordered:
        if cur and len(cur) + 1 + len(t) > 96:
            lines.append(cur)
            cur = t
        else:
            cur = cur + " " + t if cur else t
    lines.append(cur)
    packed = "\n".join("        " + l for l in lines)

    return f'''// Top-level domains for the `links` smart rule (docs/judging.md "Smart rules"): a bare host is a
// link only when its last label is one of these.
//
// GENERATED FILE — do not edit. Regenerate with:
//     python3 scripts/gen-tlds.py > Sources/SiftText/Tables/TLDTable.swift
// Source: {source}
// (Debian package `publicsuffix` {version}): the last label of every rule,
// lowercased, wildcard and exception markers ignored. IDN TLDs appear in both
// their Unicode and their `xn--` punycode form.
// {len(ordered)} TLDs: {len(ordered) - idn - puny} ASCII, {idn} Unicode IDN, {puny} punycode.

/// The set of real top-level domains, looked up by byte comparison without allocating.
public enum TLDTable {{
    /// Number of entries (Unicode and punycode spellings of an IDN TLD count twice).
    public static let count = {len(ordered)}

    /// Length in UTF-8 bytes of the longest entry; longer labels are never TLDs.
    static let maxLength = {longest}

    /// True when `label` (one DNS label, no dots) is a top-level domain.
    /// ASCII letters compare case-insensitively; other letters are lowercased first.
    public static func contains(_ label: some StringProtocol) -> Bool {{
        if let found = label.utf8.withContiguousStorageIfAvailable({{ contains(utf8: $0) }}) {{
            return found
        }}
        return Array(label.utf8).withUnsafeBufferPointer {{ contains(utf8: $0) }}
    }}

    /// True when the UTF-8 bytes of one label are a top-level domain
    /// (ASCII case-insensitive; a non-ASCII label is also tried lowercased).
    public static func contains(utf8 label: UnsafeBufferPointer<UInt8>) -> Bool {{
        guard !label.isEmpty, label.count <= maxLength * 2 else {{ return false }}
        if label.count <= maxLength, lookup(label) {{ return true }}
        // Rare path: a non-ASCII label with upper-case letters (`РФ`) is lowercased.
        guard label.contains(where: {{ $0 >= 0x80 }}), hasNonASCIIUppercase(label) else {{ return false }}
        var lowered = String(decoding: label, as: UTF8.self).lowercased()
        return lowered.withUTF8 {{ $0.count <= maxLength && lookup($0) }}
    }}

    /// True when some non-ASCII scalar of the label changes when lowercased.
    private static func hasNonASCIIUppercase(_ label: UnsafeBufferPointer<UInt8>) -> Bool {{
        var bytes = label.makeIterator()
        var decoder = UTF8()
        while case .scalarValue(let scalar) = decoder.decode(&bytes) {{
            if !scalar.isASCII && scalar.properties.changesWhenLowercased {{ return true }}
        }}
        return false
    }}

    /// Binary search of the entries sharing the label's first (lowercased) byte.
    private static func lookup(_ label: UnsafeBufferPointer<UInt8>) -> Bool {{
        let index = self.index
        let first = Int(lower(label[0]))
        var low = Int(index.firstByte[first])
        var high = Int(index.firstByte[first + 1])
        return packed.withUTF8Buffer {{ bytes in
            while low < high {{
                let mid = (low + high) / 2
                let start = Int(index.starts[mid])
                let end = Int(index.starts[mid + 1]) - 1  // one separator byte
                let order = compare(label, bytes, start, end)
                if order == 0 {{ return true }}
                if order < 0 {{ high = mid }} else {{ low = mid + 1 }}
            }}
            return false
        }}
    }}

    /// Compares the ASCII-lowercased label with entry bytes[start..<end] (-1, 0, 1).
    @inline(__always)
    private static func compare(
        _ label: UnsafeBufferPointer<UInt8>, _ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int
    ) -> Int {{
        var i = 0
        var j = start
        while i < label.count && j < end {{
            let a = lower(label[i])
            let b = bytes[j]
            if a != b {{ return a < b ? -1 : 1 }}
            i += 1
            j += 1
        }}
        if i == label.count {{ return j == end ? 0 : -1 }}
        return 1
    }}

    @inline(__always)
    private static func lower(_ byte: UInt8) -> UInt8 {{
        byte &- 0x41 < 26 ? byte | 0x20 : byte
    }}

    /// Entry boundaries in `packed`, and the range of entries for each first byte.
    private struct Index: Sendable {{
        /// Start offset of each entry, plus one past the end of the last one.
        var starts: [Int32] = []
        /// Entries starting with byte b are starts[firstByte[b]..<firstByte[b + 1]].
        var firstByte = [Int32](repeating: 0, count: 257)
    }}

    private static let index: Index = packed.withUTF8Buffer {{ bytes in
        var index = Index()
        var firstCounts = [Int32](repeating: 0, count: 256)
        var start = 0
        var previous: UnsafeBufferPointer<UInt8>.SubSequence? = nil
        for i in 0...bytes.count where i == bytes.count || bytes[i] == 0x20 || bytes[i] == 0x0A {{
            if i > start {{
                let entry = bytes[start..<i]
                if let previous {{
                    precondition(previous.lexicographicallyPrecedes(entry), "TLDTable: entries out of order")
                }}
                previous = entry
                index.starts.append(Int32(start))
                firstCounts[Int(bytes[start])] += 1
            }}
            start = i + 1
        }}
        index.starts.append(Int32(bytes.count + 1))
        precondition(index.starts.count == count + 1, "TLDTable: entry count mismatch")
        for b in 0..<256 {{ index.firstByte[b + 1] = index.firstByte[b] + firstCounts[b] }}
        return index
    }}

    /// Every TLD, sorted by UTF-8 bytes, separated by spaces and newlines.
    private static let packed: StaticString = """
{packed}
        """
}}
'''


def main():
    path = sys.argv[1] if len(sys.argv) > 1 else DEFAULT_LIST
    tlds = read_tlds(path)
    sys.stdout.write(swift_file(tlds, path, list_version(path)))


if __name__ == "__main__":
    main()
