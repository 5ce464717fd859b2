// See text_scan.h. Each scan is the same test byte by byte past the last full block,
// and where SSE2 is missing (the tests compare the two on every byte value).
#include "text_scan.h"
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

static inline int emoji_stop(uint8_t b) {
    return b == 0xC2 || b == 0xE2 || b == 0xE3 || b >= 0xEF || b < 0x20 || b == 0x7F
        || b == 0x23 || b == 0x2A || (uint8_t)(b - 0x30) < 10;
}

size_t sift_emoji_candidate(const uint8_t *p, size_t i, size_t n) {
#if defined(__SSE2__)
    const __m128i c2 = _mm_set1_epi8((char)0xC2), e2 = _mm_set1_epi8((char)0xE2), e3 = _mm_set1_epi8((char)0xE3);
    const __m128i ef = _mm_set1_epi8((char)0xEF), x1f = _mm_set1_epi8(0x1F), x7f = _mm_set1_epi8(0x7F);
    const __m128i hash = _mm_set1_epi8(0x23), star = _mm_set1_epi8(0x2A), zero = _mm_set1_epi8(0x30), nine = _mm_set1_epi8(9);
    while (i + 16 <= n) {
        __m128i v = _mm_loadu_si128((const __m128i *)(p + i));
        __m128i m = _mm_or_si128(_mm_cmpeq_epi8(v, c2), _mm_cmpeq_epi8(v, e2));
        m = _mm_or_si128(m, _mm_cmpeq_epi8(v, e3));
        m = _mm_or_si128(m, _mm_cmpeq_epi8(_mm_max_epu8(v, ef), v));        // v >= 0xEF
        m = _mm_or_si128(m, _mm_cmpeq_epi8(_mm_min_epu8(v, x1f), v));       // v <= 0x1F
        m = _mm_or_si128(m, _mm_cmpeq_epi8(v, x7f));
        m = _mm_or_si128(m, _mm_or_si128(_mm_cmpeq_epi8(v, hash), _mm_cmpeq_epi8(v, star)));
        __m128i d = _mm_sub_epi8(v, zero);
        m = _mm_or_si128(m, _mm_cmpeq_epi8(_mm_min_epu8(d, nine), d));      // v - 0x30 <= 9
        int mask = _mm_movemask_epi8(m);
        if (mask) return i + (size_t)__builtin_ctz((unsigned)mask);
        i += 16;
    }
#endif
    for (; i < n; i++) if (emoji_stop(p[i])) return i;
    return n;
}

