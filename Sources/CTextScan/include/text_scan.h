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

#endif
