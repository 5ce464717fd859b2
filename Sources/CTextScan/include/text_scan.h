// Byte scans that SSE2 does sixteen bytes at a time, for SiftText's hot path
// (Swift's SIMD types compile to a loop per byte here). Plain C types only.
#ifndef SIFT_TEXT_SCAN_H
#define SIFT_TEXT_SCAN_H

#include <stddef.h>
#include <stdint.h>

/// The offset of the first byte at or after `from` (before `n`) where the emoji scan must
/// look scalar by scalar, or `n`: a lead byte that encodes an Emoji scalar or a grapheme
/// Control (C2, E2, E3, EF–FF), `#`, `*`, a digit, an ASCII Control (below 0x20, 0x7F).
/// Such a byte always starts a scalar.
size_t sift_emoji_candidate(const uint8_t *p, size_t from, size_t n);

/// Whether `p[0..<n]` is valid UTF-8 (RFC 3629: no overlong forms, no surrogates, at most
/// U+10FFFF, no sequence cut short by `n`). Sixteen bytes at a time while they are ASCII
/// or two- and three-byte sequences led by C2–DF, E1–EC, EE, EF (what SSE2 checks whole);
/// a block with anything else goes sequence by sequence.
int sift_utf8_valid(const uint8_t *p, size_t n);

/// The offset of the first quote, backslash or byte below 0x20 at or after `from` (before
/// `n`), or `n`: the end of a JSON string's plain run in text known to be valid UTF-8.
size_t sift_json_special(const uint8_t *p, size_t from, size_t n);

/// The offset of the first byte at or above `least` at or after `from` (before `n`), or `n`.
size_t sift_first_at_least(const uint8_t *p, size_t from, size_t n, uint8_t least);

/// The offset of the first byte in `lo...hi` at or after `from` (before `n`), or `n`.
size_t sift_first_in_range(const uint8_t *p, size_t from, size_t n, uint8_t lo, uint8_t hi);

/// The offset of the first byte `a` or `b` at or after `from` (before `n`), or `n`.
size_t sift_first_of2(const uint8_t *p, size_t from, size_t n, uint8_t a, uint8_t b);

/// A set of byte values, as `sift_first_in_set` looks for it: `bitmap` (bit `b & 7` of
/// byte `b >> 3`), and per low nibble, the high nibbles (mod 8) of the members below 0x80
/// (`low`) and from 0x80 (`high`).
typedef struct {
    uint8_t low[16], high[16], bitmap[32];
} sift_byte_set;

/// Makes the set of the byte values `b` with `members[b]` nonzero.
void sift_byte_set_make(sift_byte_set *set, const uint8_t members[256]);

/// Whether `sift_first_in_set` may look sixteen bytes at a time here (x86-64 with SSSE3).
int sift_byte_set_simd(void);

/// The offset of the first byte in `set` at or after `from` (before `n`), or `n`; sixteen
/// bytes at a time when `simd` (which only `sift_byte_set_simd()` may allow).
size_t sift_first_in_set(const uint8_t *p, size_t from, size_t n, const sift_byte_set *set, int simd);

/// The offset of the first byte in `set` at or after `from` (before `n`) that is ASCII, or
/// the first byte of a scalar whose second byte's low six bits are set in `leads[first]`
/// (or which ends the text), else `n`; sixteen bytes at a time when `simd` (as
/// `sift_first_in_set`). The set's non-ASCII members must be first bytes (0xC0 and up).
size_t sift_first_leading(const uint8_t *p, size_t from, size_t n, const sift_byte_set *set, const uint64_t *leads, int simd);

/// `sift_first_in_set` sixteen bytes at a time to the end: the 15 bytes after `p[n - 1]`
/// must be readable (what they hold does not matter). Only where `sift_byte_set_simd()`.
size_t sift_first_in_set_padded(const uint8_t *p, size_t from, size_t n, const sift_byte_set *set);

/// The most scalars in a row of a class in `p[0..<n]` (valid UTF-8), or `cap` if that many
/// or more. A member: an ASCII scalar `b` with `ascii[b]` nonzero (128 flags); a non-ASCII
/// BMP scalar `v` when bit `categories[v]` of `kinds` is set (`categories`: 0x10000
/// entries); one above the BMP when bit 8 is. `leads` has, per first byte of a non-ASCII
/// scalar, a bit per low six bits of its second byte where such a scalar may be a member,
/// and `leadSet` those first bytes: sixteen bytes where none starts are read as if their
/// non-ASCII scalars were not members (found with SSSE3 when `simd`, which only
/// `sift_byte_set_simd()` may allow). `lo` and `hi` (0 < lo <= hi < 0x80) are the ASCII
/// members when they form one range, read sixteen bytes at a time; else both -1.
size_t sift_longest_run(const uint8_t *p, size_t n, const uint8_t *ascii, const uint8_t *categories,
                        uint32_t kinds, const uint64_t *leads, const sift_byte_set *leadSet, int simd,
                        size_t cap, int32_t lo, int32_t hi);

#endif
