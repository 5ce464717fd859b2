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

#endif
