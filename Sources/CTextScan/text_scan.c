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


/// The length of the valid UTF-8 sequence at `p[i]` (a byte of 0x80 or more), or 0.
static inline size_t sequence_length(const uint8_t *p, size_t i, size_t n) {
    uint8_t b0 = p[i];
    if (b0 < 0xC2) return 0;
    if (b0 < 0xE0) return i + 1 < n && (p[i + 1] & 0xC0) == 0x80 ? 2 : 0;
    if (b0 < 0xF0) {
        if (i + 2 >= n) return 0;
        uint8_t b1 = p[i + 1];
        uint8_t low = b0 == 0xE0 ? 0xA0 : 0x80, high = b0 == 0xED ? 0x9F : 0xBF;
        return b1 >= low && b1 <= high && (p[i + 2] & 0xC0) == 0x80 ? 3 : 0;
    }
    if (b0 < 0xF5) {
        if (i + 3 >= n) return 0;
        uint8_t b1 = p[i + 1];
        uint8_t low = b0 == 0xF0 ? 0x90 : 0x80, high = b0 == 0xF4 ? 0x8F : 0xBF;
        return b1 >= low && b1 <= high && (p[i + 2] & 0xC0) == 0x80 && (p[i + 3] & 0xC0) == 0x80 ? 4 : 0;
    }
    return 0;
}

int sift_utf8_valid(const uint8_t *p, size_t n) {
    size_t i = 0;
#if defined(__SSE2__)
    const __m128i below_c0 = _mm_set1_epi8((char)0xC0), above_c1 = _mm_set1_epi8((char)0xC1);
    const __m128i e0 = _mm_set1_epi8((char)0xE0), f0 = _mm_set1_epi8((char)0xF0), ed = _mm_set1_epi8((char)0xED);
    // Continuations the last block's sequences still need at the start of the next (bit 0:
    // its first byte, bit 1: its second), and how far back the last lead is from the block.
    unsigned carry = 0, back = 0;
    while (i + 16 <= n) {
        __m128i v = _mm_loadu_si128((const __m128i *)(p + i));
        unsigned high = (unsigned)_mm_movemask_epi8(v);
        if (!(high | carry)) { i += 16; continue; }
        // Signed compares: 0x80–0xBF are below (signed) 0xC0, the leads above 0xC1.
        unsigned cont = (unsigned)_mm_movemask_epi8(_mm_cmplt_epi8(v, below_c0));
        unsigned lead2 = (unsigned)_mm_movemask_epi8(_mm_and_si128(_mm_cmpgt_epi8(v, above_c1), _mm_cmplt_epi8(v, e0)));
        unsigned lead3 = (unsigned)_mm_movemask_epi8(_mm_andnot_si128(_mm_cmpeq_epi8(v, ed),
                                                         _mm_and_si128(_mm_cmpgt_epi8(v, e0), _mm_cmplt_epi8(v, f0))));
        unsigned expected = (lead2 << 1) | (lead3 << 1) | (lead3 << 2) | carry;
        if ((high & ~(cont | lead2 | lead3)) == 0 && cont == (expected & 0xFFFF)) {
            carry = expected >> 16;
            back = (lead2 | lead3) & 0x8000 ? 1 : lead3 & 0x4000 ? 2 : 0;
            i += 16;
            continue;
        }
        // Something else (E0, ED, four bytes, or not UTF-8): this block sequence by sequence,
        // from the first byte of a sequence the block boundary cut.
        size_t j = carry ? i - back : i, end = i + 16;
        while (j < end) {
            if (p[j] < 0x80) { j += 1; continue; }
            size_t length = sequence_length(p, j, n);
            if (length == 0) return 0;
            j += length;
        }
        i = j;
        carry = 0;
    }
    if (carry) i -= back;
#endif
    while (i < n) {
        if (p[i] < 0x80) { i += 1; continue; }
        size_t length = sequence_length(p, i, n);
        if (length == 0) return 0;
        i += length;
    }
    return 1;
}

size_t sift_first_at_least(const uint8_t *p, size_t i, size_t n, uint8_t least) {
#if defined(__SSE2__)
    const __m128i floor = _mm_set1_epi8((char)least);
    while (i + 16 <= n) {
        __m128i v = _mm_loadu_si128((const __m128i *)(p + i));
        unsigned mask = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(_mm_max_epu8(v, floor), v));   // v >= least
        if (mask) return i + (size_t)__builtin_ctz(mask);
        i += 16;
    }
#endif
    for (; i < n; i++) if (p[i] >= least) return i;
    return n;
}

size_t sift_first_in_range(const uint8_t *p, size_t i, size_t n, uint8_t lo, uint8_t hi) {
    const uint8_t span = (uint8_t)(hi - lo);
#if defined(__SSE2__)
    const __m128i low = _mm_set1_epi8((char)lo), width = _mm_set1_epi8((char)span);
    while (i + 16 <= n) {
        __m128i v = _mm_sub_epi8(_mm_loadu_si128((const __m128i *)(p + i)), low);    // wraps below lo
        unsigned mask = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(_mm_min_epu8(v, width), v));   // v - lo <= hi - lo
        if (mask) return i + (size_t)__builtin_ctz(mask);
        i += 16;
    }
#endif
    for (; i < n; i++) if ((uint8_t)(p[i] - lo) <= span) return i;
    return n;
}

void sift_byte_set_make(sift_byte_set *set, const uint8_t members[256]) {
    for (int k = 0; k < 16; k++) set->low[k] = set->high[k] = 0;
    for (int k = 0; k < 32; k++) set->bitmap[k] = 0;
    for (int b = 0; b < 256; b++) {
        if (!members[b]) continue;
        set->bitmap[b >> 3] |= (uint8_t)(1u << (b & 7));
        uint8_t bit = (uint8_t)(1u << ((b >> 4) & 7));
        if (b < 0x80) set->low[b & 15] |= bit; else set->high[b & 15] |= bit;
    }
}

#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
#include <cpuid.h>
#include <tmmintrin.h>
int sift_byte_set_simd(void) {
    unsigned a, b, c, d;
    if (!__get_cpuid(1, &a, &b, &c, &d)) return 0;
    return (c & bit_SSSE3) != 0;
}

// Per sixteen bytes: a byte's low nibble picks, from `low` (a byte below 0x80) or `high`
// (from 0x80; PSHUFB gives 0 for an index with its top bit set, so each table answers
// only for its half), the high nibbles that are members; its own high nibble picks the bit.
__attribute__((target("ssse3")))
static inline size_t first_in_set_ssse3(const uint8_t *p, size_t i, size_t n, const sift_byte_set *set, int padded) {
    const __m128i low = _mm_loadu_si128((const __m128i *)set->low), high = _mm_loadu_si128((const __m128i *)set->high);
    const __m128i bits = _mm_setr_epi8(1, 2, 4, 8, 16, 32, 64, (char)128, 1, 2, 4, 8, 16, 32, 64, (char)128);
    const __m128i top = _mm_set1_epi8((char)0x80), nibble = _mm_set1_epi8(0x0F), zero = _mm_setzero_si128();
    while (i + 16 <= n || (padded && i < n)) {
        __m128i v = _mm_loadu_si128((const __m128i *)(p + i));
        __m128i members = _mm_or_si128(_mm_shuffle_epi8(low, v), _mm_shuffle_epi8(high, _mm_xor_si128(v, top)));
        __m128i bit = _mm_shuffle_epi8(bits, _mm_and_si128(_mm_srli_epi16(v, 4), nibble));
        unsigned mask = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(_mm_and_si128(members, bit), zero)) ^ 0xFFFFu;
        if (n - i < 16) mask &= (1u << (n - i)) - 1;      // the bytes past the end
        if (mask) return i + (size_t)__builtin_ctz(mask);
        i += 16;
    }
    return padded ? n : i;
}

__attribute__((target("ssse3")))
size_t sift_first_in_set_padded(const uint8_t *p, size_t i, size_t n, const sift_byte_set *set) {
    return first_in_set_ssse3(p, i, n, set, 1);
}
#else
int sift_byte_set_simd(void) { return 0; }

size_t sift_first_in_set_padded(const uint8_t *p, size_t i, size_t n, const sift_byte_set *set) {
    return sift_first_in_set(p, i, n, set, 0);
}
#endif

/* Whether the byte at p[j] (in the set) may start what `sift_first_leading` looks for. */
static inline int leads_here(const uint8_t *p, size_t j, size_t n, const uint64_t *leads) {
    uint8_t b = p[j];
    return b < 0x80 || j + 1 >= n || ((leads[b] >> (p[j + 1] & 63)) & 1);
}

#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
__attribute__((target("ssse3")))
static size_t first_leading_ssse3(const uint8_t *p, size_t i, size_t n, const sift_byte_set *set, const uint64_t *leads) {
    const __m128i low = _mm_loadu_si128((const __m128i *)set->low), high = _mm_loadu_si128((const __m128i *)set->high);
    const __m128i bits = _mm_setr_epi8(1, 2, 4, 8, 16, 32, 64, (char)128, 1, 2, 4, 8, 16, 32, 64, (char)128);
    const __m128i top = _mm_set1_epi8((char)0x80), nibble = _mm_set1_epi8(0x0F), zero = _mm_setzero_si128();
    while (i + 16 <= n) {
        __m128i v = _mm_loadu_si128((const __m128i *)(p + i));
        __m128i members = _mm_or_si128(_mm_shuffle_epi8(low, v), _mm_shuffle_epi8(high, _mm_xor_si128(v, top)));
        __m128i bit = _mm_shuffle_epi8(bits, _mm_and_si128(_mm_srli_epi16(v, 4), nibble));
        unsigned mask = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(_mm_and_si128(members, bit), zero)) ^ 0xFFFFu;
        while (mask) {
            size_t j = i + (size_t)__builtin_ctz(mask);
            if (leads_here(p, j, n, leads)) return j;
            mask &= mask - 1;
        }
        i += 16;
    }
    if (i < n && n >= 16) {
        /* The last sixteen bytes, of which those before p[i] are dropped. */
        size_t at = n - 16;
        __m128i v = _mm_loadu_si128((const __m128i *)(p + at));
        __m128i members = _mm_or_si128(_mm_shuffle_epi8(low, v), _mm_shuffle_epi8(high, _mm_xor_si128(v, top)));
        __m128i bit = _mm_shuffle_epi8(bits, _mm_and_si128(_mm_srli_epi16(v, 4), nibble));
        unsigned mask = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(_mm_and_si128(members, bit), zero)) ^ 0xFFFFu;
        mask &= ~((1u << (i - at)) - 1);
        while (mask) {
            size_t j = at + (size_t)__builtin_ctz(mask);
            if (leads_here(p, j, n, leads)) return j;
            mask &= mask - 1;
        }
        return n;
    }
    return i;
}
#endif

size_t sift_first_leading(const uint8_t *p, size_t i, size_t n, const sift_byte_set *set, const uint64_t *leads, int simd) {
#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
    if (simd) {
        i = first_leading_ssse3(p, i, n, set, leads);
        if (i + 16 <= n || n >= 16) return i;
    }
#else
    (void)simd;
#endif
    for (; i < n; i++)
        if ((set->bitmap[p[i] >> 3] & (1u << (p[i] & 7))) && leads_here(p, i, n, leads)) return i;
    return n;
}

size_t sift_first_in_set(const uint8_t *p, size_t i, size_t n, const sift_byte_set *set, int simd) {
#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
    if (simd) {
        i = first_in_set_ssse3(p, i, n, set, 0);
        if (i + 16 <= n) return i;
    }
#else
    (void)simd;
#endif
    for (; i < n; i++) if (set->bitmap[p[i] >> 3] & (1u << (p[i] & 7))) return i;
    return n;
}

size_t sift_json_special(const uint8_t *p, size_t i, size_t n) {
#if defined(__SSE2__)
    const __m128i quote = _mm_set1_epi8(0x22), backslash = _mm_set1_epi8(0x5C), x1f = _mm_set1_epi8(0x1F);
    while (i + 16 <= n) {
        __m128i v = _mm_loadu_si128((const __m128i *)(p + i));
        __m128i m = _mm_or_si128(_mm_cmpeq_epi8(v, quote), _mm_cmpeq_epi8(v, backslash));
        m = _mm_or_si128(m, _mm_cmpeq_epi8(_mm_min_epu8(v, x1f), v));      // below 0x20
        unsigned mask = (unsigned)_mm_movemask_epi8(m);
        if (mask) return i + (size_t)__builtin_ctz(mask);
        i += 16;
    }
#endif
    for (; i < n; i++) if (p[i] < 0x20 || p[i] == 0x22 || p[i] == 0x5C) return i;
    return n;
}

size_t sift_first_of2(const uint8_t *p, size_t i, size_t n, uint8_t a, uint8_t b) {
#if defined(__SSE2__)
    const __m128i va = _mm_set1_epi8((char)a), vb = _mm_set1_epi8((char)b);
    while (i + 16 <= n) {
        __m128i v = _mm_loadu_si128((const __m128i *)(p + i));
        unsigned mask = (unsigned)_mm_movemask_epi8(_mm_or_si128(_mm_cmpeq_epi8(v, va), _mm_cmpeq_epi8(v, vb)));
        if (mask) return i + (size_t)__builtin_ctz(mask);
        i += 16;
    }
#endif
    for (; i < n; i++) if (p[i] == a || p[i] == b) return i;
    return n;
}

/* One scalar from p[i] on, a lead byte from 0xC0 (valid UTF-8): whether it is of the class,
   and its length. */
static inline int run_member(const uint8_t *p, size_t i, size_t n, const uint8_t *categories,
                             uint32_t kinds, size_t *length) {
    uint8_t b = p[i];
    if (b < 0xE0) {
        *length = 2;
        if (kinds == 0 || i + 1 >= n) return 0;
        return (kinds >> categories[(uint32_t)(b & 0x1F) << 6 | (p[i + 1] & 0x3F)]) & 1;
    }
    if (b < 0xF0) {
        *length = 3;
        if (kinds == 0 || i + 2 >= n) return 0;
        return (kinds >> categories[(uint32_t)(b & 0x0F) << 12 | (uint32_t)(p[i + 1] & 0x3F) << 6 | (p[i + 2] & 0x3F)]) & 1;
    }
    *length = 4;
    return (kinds >> 8) & 1;
}

/* The longest run of members from p[*i] to `end` (past it if a scalar crosses it), a scalar
   at a time, with *run the members in a row before p[*i] and *best the longest so far; both
   brought up to date, *i left where it stopped. Stops once *best reaches `cap`. Out of
   line: few blocks need it, and the sixteen-byte pass stays small. */
__attribute__((noinline))
static void run_scalars(const uint8_t *p, size_t *i, size_t end, size_t n, const uint8_t *ascii,
                        const uint8_t *categories, uint32_t kinds, size_t cap, size_t *run, size_t *best) {
    size_t k = *i, r = *run, b = *best;
    while (k < end && b < cap) {
        uint8_t c = p[k];
        if (c < 0x80) { r = ascii[c] ? r + 1 : 0; k++; }
        else if (c < 0xC0) { k++; continue; }
        else { size_t len; r = run_member(p, k, n, categories, kinds, &len) ? r + 1 : 0; k += len; }
        if (r > b) b = r;
    }
    *i = k; *run = r; *best = b;
}

#if defined(__SSE2__)
/* A block's members as the bits of `m` (`bits` of them, the rest zero; not all of them):
   *best brought up to date with the runs in it (the first continuing *run), and *run set
   to the run it ends with. */
static inline void run_block(unsigned m, unsigned bits, size_t *run, size_t *best) {
    unsigned first = (unsigned)__builtin_ctz(~m);
    if (*run + first > *best) *best = *run + first;
    unsigned rest = m >> first;
    while (rest) {
        rest >>= __builtin_ctz(rest);
        unsigned len = (unsigned)__builtin_ctz(~rest);
        if (len > *best) *best = len;
        rest >>= len;
    }
    /* The run at the top: the ones below bit `bits`, counted down from it. */
    *run = (size_t)__builtin_clz(~(m << (32 - bits)));
}

/* Whether a non-ASCII scalar that starts among the bytes of `block` flagged in `first` may
   be a member, by its first two bytes (`leads`). In valid UTF-8 a scalar's second byte is
   there, if need be past the block; `avail` bytes may be read from `block` (a first byte
   at the very end counts as a possible member). */
static inline int may_start_member(const uint8_t *block, size_t avail, unsigned first, const uint64_t *leads) {
    while (first) {
        unsigned j = (unsigned)__builtin_ctz(first);
        if (j + 1 >= avail || (leads[block[j]] >> (block[j + 1] & 63)) & 1) return 1;
        first &= first - 1;
    }
    return 0;
}

/* The pass sixteen bytes at a time. `CANDIDATES(raw)` gives, as bits, the bytes of a block
   that may start a member scalar (any byte from 0xC0 will do: `may_start_member` decides). */
#define LONGEST_RUN_BLOCKS(CANDIDATES) \
    const __m128i low = _mm_set1_epi8((char)lo), width = _mm_set1_epi8((char)(hi - lo)); \
    while (i < n) { \
        /* Sixteen bytes; at the end, the last sixteen, of which those before p[i] are dropped. */ \
        size_t at = i; \
        unsigned drop = 0; \
        if (i + 16 > n) { at = n - 16; drop = (unsigned)(i - at); } \
        __m128i raw = _mm_loadu_si128((const __m128i *)(p + at)); \
        /* A block of ASCII alone (most of a Latin-script text) has no candidate to look for. */ \
        if (kinds && _mm_movemask_epi8(raw)) { \
            unsigned first = ((unsigned)(CANDIDATES) >> drop) << drop; \
            if (first && may_start_member(p + at, n - at, first, leads)) { \
                /* A non-ASCII scalar that may be a member: the block a scalar at a time (the \
                   last may end past it). */ \
                run_scalars(p, &i, at + 16, n, ascii, categories, kinds, cap, &run, &best); \
                if (best >= cap) return cap; \
                continue; \
            } \
        } \
        /* Otherwise every non-ASCII byte is outside lo...hi and ends the run, as its scalar does. */ \
        __m128i v = _mm_sub_epi8(raw, low); \
        unsigned m = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(_mm_min_epu8(v, width), v)) >> drop; \
        i = at + 16; \
        if (m == 0) { run = 0; continue; } \
        unsigned bits = 16 - drop; \
        if (m == (1u << bits) - 1) run += bits; else run_block(m, bits, &run, &best); \
        if (run > best) best = run; \
        if (best >= cap) return cap; \
    } \
    return best;

/* The first bytes of non-ASCII scalars (0xC0 and up) in `raw`. */
#define FIRST_BYTES(raw) (_mm_movemask_epi8(_mm_cmpgt_epi8(raw, _mm_set1_epi8((char)0xBF))) & _mm_movemask_epi8(raw))

static size_t longest_run_sse2(const uint8_t *p, size_t n, const uint8_t *ascii, const uint8_t *categories, uint32_t kinds,
                               const uint64_t *leads, size_t cap, int32_t lo, int32_t hi) {
    size_t run = 0, best = 0, i = 0;
    LONGEST_RUN_BLOCKS(FIRST_BYTES(raw))
}

#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
/* As longest_run_sse2, with only the first bytes in `set` (those that may start a member)
   taken as candidates, found by SSSE3's byte shuffle as in first_in_set_ssse3: most blocks
   of Cyrillic, Hebrew, Han or accented Latin hold none, and are read as ASCII. */
__attribute__((target("ssse3")))
static size_t longest_run_ssse3(const uint8_t *p, size_t n, const uint8_t *ascii, const uint8_t *categories, uint32_t kinds,
                                const uint64_t *leads, const sift_byte_set *set, size_t cap, int32_t lo, int32_t hi) {
    size_t run = 0, best = 0, i = 0;
    const __m128i table = _mm_loadu_si128((const __m128i *)set->high), nibble = _mm_set1_epi8(0x0F), zero = _mm_setzero_si128();
    const __m128i bitOf = _mm_setr_epi8(1, 2, 4, 8, 16, 32, 64, (char)128, 1, 2, 4, 8, 16, 32, 64, (char)128);
#define LEAD_BYTES(raw) (_mm_movemask_epi8(_mm_cmpeq_epi8(_mm_and_si128( \
        _mm_shuffle_epi8(table, _mm_xor_si128(raw, _mm_set1_epi8((char)0x80))), \
        _mm_shuffle_epi8(bitOf, _mm_and_si128(_mm_srli_epi16(raw, 4), nibble))), zero)) ^ 0xFFFF)
    LONGEST_RUN_BLOCKS(LEAD_BYTES(raw))
#undef LEAD_BYTES
}
#endif
#endif

size_t sift_longest_run(const uint8_t *p, size_t n, const uint8_t *ascii, const uint8_t *categories,
                        uint32_t kinds, const uint64_t *leads, const sift_byte_set *leadSet, int simd,
                        size_t cap, int32_t lo, int32_t hi) {
    size_t run = 0, best = 0, i = 0;
#if defined(__SSE2__)
    if (lo >= 0 && n >= 16) {
#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
        if (simd) return longest_run_ssse3(p, n, ascii, categories, kinds, leads, leadSet, cap, lo, hi);
#endif
        return longest_run_sse2(p, n, ascii, categories, kinds, leads, cap, lo, hi);
    }
#endif
    (void)lo; (void)hi; (void)leads; (void)leadSet; (void)simd;
    /* A short text (a sender) a byte at a time while it is ASCII. */
    for (; i < n && p[i] < 0x80; i++) {
        run = ascii[p[i]] ? run + 1 : 0;
        if (run > best) best = run;
    }
    if (i < n) run_scalars(p, &i, n, n, ascii, categories, kinds, cap, &run, &best);
    return best < cap ? best : cap;
}
