// The one file of msgsift that includes ICU headers (see CICUShim.h).
#include "CICUShim.h"

#include <stdlib.h>
#include <string.h>
#include <unicode/ucasemap.h>
#include <unicode/uchar.h>
#include <unicode/ubrk.h>
#include <unicode/unorm2.h>
#include <unicode/uset.h>
#include <unicode/uregex.h>
#include <unicode/uscript.h>
#include <unicode/uversion.h>
#include <unicode/ustring.h>

struct sift_regex {
    URegularExpression *re;
};

// A UCaseMap is immutable once opened and ucasemap_utf8FoldCase takes it as
// const, so one shared instance serves every thread.
static UCaseMap *shared_case_map(void) {
    static UCaseMap *map = NULL;
    UCaseMap *current = __atomic_load_n(&map, __ATOMIC_ACQUIRE);
    if (current) return current;
    UErrorCode status = U_ZERO_ERROR;
    UCaseMap *fresh = ucasemap_open("", U_FOLD_CASE_DEFAULT, &status);
    if (U_FAILURE(status)) return NULL;
    UCaseMap *expected = NULL;
    if (!__atomic_compare_exchange_n(&map, &expected, fresh, 0, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE)) {
        ucasemap_close(fresh);
        return expected;
    }
    return fresh;
}

int32_t sift_fold_utf8(const char *src, int32_t length, char *dest, int32_t capacity) {
    UCaseMap *map = shared_case_map();
    if (!map) return -1;
    UErrorCode status = U_ZERO_ERROR;
    int32_t n = ucasemap_utf8FoldCase(map, dest, capacity, src, length, &status);
    if (status == U_BUFFER_OVERFLOW_ERROR || status == U_STRING_NOT_TERMINATED_WARNING) return n;
    if (U_FAILURE(status)) return -1;
    return n;
}

static int script_class(UChar32 c) {
    UErrorCode status = U_ZERO_ERROR;
    UScriptCode s = uscript_getScript(c, &status);
    if (U_FAILURE(status)) return SIFT_SCRIPT_OTHER;
    switch (s) {
    case USCRIPT_COMMON: case USCRIPT_INHERITED: return SIFT_SCRIPT_COMMON;
    case USCRIPT_LATIN: return SIFT_SCRIPT_LATIN;
    case USCRIPT_GREEK: return SIFT_SCRIPT_GREEK;
    case USCRIPT_CYRILLIC: return SIFT_SCRIPT_CYRILLIC;
    case USCRIPT_HEBREW: return SIFT_SCRIPT_HEBREW;
    case USCRIPT_ARABIC: return SIFT_SCRIPT_ARABIC;
    case USCRIPT_HAN: return SIFT_SCRIPT_HAN;
    case USCRIPT_HIRAGANA: return SIFT_SCRIPT_HIRAGANA;
    case USCRIPT_KATAKANA: return SIFT_SCRIPT_KATAKANA;
    case USCRIPT_HANGUL: return SIFT_SCRIPT_HANGUL;
    case USCRIPT_THAI: return SIFT_SCRIPT_THAI;
    case USCRIPT_DEVANAGARI: return SIFT_SCRIPT_DEVANAGARI;
    default: return SIFT_SCRIPT_OTHER;
    }
}

int sift_script(int32_t codepoint) { return script_class(codepoint); }

int sift_is_letter(int32_t codepoint) {
    return (U_GET_GC_MASK(codepoint) & U_GC_L_MASK) != 0;
}

int sift_continues_cluster(int32_t codepoint) {
    int32_t gcb = u_getIntPropertyValue(codepoint, UCHAR_GRAPHEME_CLUSTER_BREAK);
    return gcb == U_GCB_EXTEND || gcb == U_GCB_SPACING_MARK || gcb == U_GCB_ZWJ;
}

/* The Grapheme_Cluster_Break class alone (Extended_Pictographic is SIFT_GCB_OTHER). */
static int break_class(UChar32 codepoint) {
    switch (u_getIntPropertyValue(codepoint, UCHAR_GRAPHEME_CLUSTER_BREAK)) {
    case U_GCB_CR: return SIFT_GCB_CR;
    case U_GCB_LF: return SIFT_GCB_LF;
    case U_GCB_CONTROL: return SIFT_GCB_CONTROL;
    case U_GCB_EXTEND: return SIFT_GCB_EXTEND;
    case U_GCB_ZWJ: return SIFT_GCB_ZWJ;
    case U_GCB_SPACING_MARK: return SIFT_GCB_SPACING_MARK;
    case U_GCB_PREPEND: return SIFT_GCB_PREPEND;
    case U_GCB_REGIONAL_INDICATOR: return SIFT_GCB_REGIONAL_INDICATOR;
    case U_GCB_L: return SIFT_GCB_L;
    case U_GCB_V: return SIFT_GCB_V;
    case U_GCB_T: return SIFT_GCB_T;
    case U_GCB_LV: return SIFT_GCB_LV;
    case U_GCB_LVT: return SIFT_GCB_LVT;
    default: return SIFT_GCB_OTHER;
    }
}

int sift_grapheme_break(int32_t codepoint) {
    int gcb = break_class(codepoint);
    if (gcb == SIFT_GCB_OTHER && u_hasBinaryProperty(codepoint, UCHAR_EXTENDED_PICTOGRAPHIC)) return SIFT_GCB_EXTENDED_PICTOGRAPHIC;
    return gcb;
}

int sift_indic_conjunct_break(int32_t codepoint) {
    switch (codepoint) {
    case 0x094D: case 0x09CD: case 0x0ACD: case 0x0B4D: case 0x0C4D: case 0x0D4D:
        return SIFT_INCB_LINKER;
    default: break;
    }
    if (u_getIntPropertyValue(codepoint, UCHAR_INDIC_SYLLABIC_CATEGORY) == U_INSC_CONSONANT) {
        UErrorCode status = U_ZERO_ERROR;
        UScriptCode script = uscript_getScript(codepoint, &status);
        if (U_SUCCESS(status) && (script == USCRIPT_DEVANAGARI || script == USCRIPT_BENGALI || script == USCRIPT_GUJARATI
                                  || script == USCRIPT_ORIYA || script == USCRIPT_TELUGU || script == USCRIPT_MALAYALAM)) {
            return SIFT_INCB_CONSONANT;
        }
    }
    int gcb = break_class(codepoint);
    return gcb == SIFT_GCB_EXTEND || gcb == SIFT_GCB_ZWJ ? SIFT_INCB_EXTEND : SIFT_INCB_NONE;
}

void sift_char_table(uint8_t *out, int32_t count) {
    for (int32_t c = 0; c < count; c++) {
        uint8_t v = (uint8_t)script_class(c);
        if (sift_is_letter(c)) v |= SIFT_CHAR_LETTER;
        int gcb = break_class(c);
        if (gcb == SIFT_GCB_EXTEND || gcb == SIFT_GCB_ZWJ || gcb == SIFT_GCB_SPACING_MARK) v |= SIFT_CHAR_EXTENDS;
        else if (gcb != SIFT_GCB_OTHER) v |= SIFT_CHAR_BREAK_RULES;
        out[c] = v;
    }
}

void sift_regex_class_table(uint8_t *out, int32_t count) {
    for (int32_t c = 0; c < count; c++) {
        uint8_t v = 0;
        uint32_t gc = U_GET_GC_MASK(c);
        if (u_charType(c) == U_DECIMAL_DIGIT_NUMBER) v |= SIFT_REGEX_DIGIT;
        if (u_hasBinaryProperty(c, UCHAR_WHITE_SPACE) || (gc & U_GC_Z_MASK)) v |= SIFT_REGEX_SPACE;
        if (u_hasBinaryProperty(c, UCHAR_ALPHABETIC) || (gc & (U_GC_M_MASK | U_GC_ND_MASK | U_GC_PC_MASK)) || c == 0x200C || c == 0x200D)
            v |= SIFT_REGEX_WORD;
        out[c] = v;
    }
}

int sift_word_break_class(int32_t c) {
    int32_t lb = u_getIntPropertyValue(c, UCHAR_LINE_BREAK);
    UScriptCode script;
    UErrorCode status = U_ZERO_ERROR;
    script = uscript_getScript(c, &status);
    /* What ICU segments with a dictionary or keeps together by script. Han, kana and other
       ideographs, whose runs ICU's dictionary divides, are a class of their own: no rule
       joins one to a letter, digit or mark between words (Hangul syllables are letters,
       and the South-East Asian scripts letters of ICU's own: those stay unknown). */
    if (lb == U_LB_COMPLEX_CONTEXT || (c >= 0xAC00 && c <= 0xD7A3)) return SIFT_WB_UNKNOWN;
    if (script == USCRIPT_HAN || script == USCRIPT_HIRAGANA || script == USCRIPT_KATAKANA || u_hasBinaryProperty(c, UCHAR_IDEOGRAPHIC)) {
        int32_t wb = u_getIntPropertyValue(c, UCHAR_WORD_BREAK);
        /* Marks and format characters of these scripts (the kana voicing marks) attach. */
        return wb == U_WB_EXTEND || wb == U_WB_FORMAT || wb == U_WB_ZWJ ? SIFT_WB_UNKNOWN : SIFT_WB_IDEOGRAPHIC;
    }
    switch (u_getIntPropertyValue(c, UCHAR_WORD_BREAK)) {
    case U_WB_OTHER: return SIFT_WB_OTHER;
    case U_WB_ALETTER: return SIFT_WB_ALETTER;
    case U_WB_NUMERIC: return SIFT_WB_NUMERIC;
    case U_WB_MIDLETTER:
        /* ICU's rules take the colons out of MidLetter: `a:b` is two words. */
        return c == 0x3A || c == 0xFE55 || c == 0xFF1A ? SIFT_WB_OTHER : SIFT_WB_MIDLETTER;
    case U_WB_MIDNUM: return SIFT_WB_MIDNUM;
    case U_WB_MIDNUMLET: return SIFT_WB_MIDNUMLET;
    case U_WB_SINGLE_QUOTE: return SIFT_WB_SINGLE_QUOTE;
    case U_WB_EXTENDNUMLET: return SIFT_WB_EXTENDNUMLET;
    case U_WB_WSEGSPACE: return SIFT_WB_WSEGSPACE;
    case U_WB_CR: return SIFT_WB_CR;
    case U_WB_LF: return SIFT_WB_LF;
    case U_WB_NEWLINE: return SIFT_WB_NEWLINE;
    default: return SIFT_WB_UNKNOWN;
    }
}

int32_t sift_case_closure(int32_t c, int32_t *out, int32_t capacity) {
    USet *set = uset_open(c, c);
    uset_closeOver(set, USET_CASE_INSENSITIVE);
    int32_t n = 0;
    int32_t ranges = uset_getRangeCount(set);
    for (int32_t i = 0; i < ranges; i++) {
        UChar32 start = 0, end = 0;
        UErrorCode status = U_ZERO_ERROR;
        int32_t len = uset_getItem(set, i, &start, &end, NULL, 0, &status);
        if (len != 0) continue;     /* a string */
        for (UChar32 v = start; v <= end; v++) {
            if (n < capacity) out[n] = v;
            n++;
        }
    }
    uset_close(set);
    return n;
}

int sift_word_boundaries(const uint16_t *text, int32_t length, uint8_t *out) {
    UErrorCode status = U_ZERO_ERROR;
    UBreakIterator *bi = ubrk_open(UBRK_WORD, "en", (const UChar *)text, length, &status);
    if (U_FAILURE(status)) return -1;
    for (int32_t i = 0; i <= length; i++) out[i] = ubrk_isBoundary(bi, i) ? 1 : 0;
    ubrk_close(bi);
    return 0;
}

sift_regex *sift_regex_open(const uint16_t *pattern, int32_t length,
                            char *error, int32_t error_capacity, int32_t *error_offset) {
    UParseError pe;
    memset(&pe, 0, sizeof pe);
    UErrorCode status = U_ZERO_ERROR;
    /* \b by Unicode word boundaries (UAX #29), as the app's Swift Regex has it: a boundary
       between a Han character and a digit (验证码是882910), none inside amazon.com or can't. */
    URegularExpression *re = uregex_open((const UChar *)pattern, length, UREGEX_UWORD, &pe, &status);
    if (U_FAILURE(status)) {
        if (error && error_capacity > 0) {
            strncpy(error, u_errorName(status), (size_t)error_capacity - 1);
            error[error_capacity - 1] = 0;
        }
        if (error_offset) *error_offset = pe.offset >= 0 ? pe.offset : -1;
        if (re) uregex_close(re);
        return NULL;
    }
    sift_regex *r = malloc(sizeof *r);
    if (!r) { uregex_close(re); return NULL; }
    r->re = re;
    return r;
}

sift_regex *sift_regex_clone(const sift_regex *regex) {
    UErrorCode status = U_ZERO_ERROR;
    URegularExpression *re = uregex_clone(regex->re, &status);
    if (U_FAILURE(status)) return NULL;
    sift_regex *r = malloc(sizeof *r);
    if (!r) { uregex_close(re); return NULL; }
    r->re = re;
    return r;
}

void sift_regex_close(sift_regex *regex) {
    if (!regex) return;
    uregex_close(regex->re);
    free(regex);
}

void sift_regex_set_time_limit(sift_regex *regex, int32_t steps) {
    UErrorCode status = U_ZERO_ERROR;
    uregex_setTimeLimit(regex->re, steps, &status);
}

int sift_regex_find(sift_regex *regex, const uint16_t *text, int32_t length) {
    UErrorCode status = U_ZERO_ERROR;
    uregex_setText(regex->re, (const UChar *)text, length, &status);
    if (U_FAILURE(status)) return -2;
    UBool found = uregex_find(regex->re, 0, &status);
    if (status == U_REGEX_TIME_OUT) return -1;
    if (U_FAILURE(status)) return -2;
    return found ? 1 : 0;
}

const char *sift_icu_version(void) {
    static char buffer[U_MAX_VERSION_STRING_LENGTH];
    UVersionInfo v;
    u_getVersion(v);
    u_versionToString(v, buffer);
    return buffer;
}

/// Writes up to `capacity` of `set`'s ranges and returns how many it has (-1 when
/// `status` failed); closes `set`.
static int32_t write_ranges(USet *set, UErrorCode status, int32_t *starts, int32_t *ends, int32_t capacity) {
    int32_t count = -1;
    if (U_SUCCESS(status)) {
        count = uset_getRangeCount(set);
        for (int32_t i = 0; i < count && i < capacity; i++) {
            UChar32 start = 0, end = 0;
            UErrorCode itemStatus = U_ZERO_ERROR;
            uset_getItem(set, i, &start, &end, NULL, 0, &itemStatus);
            starts[i] = start;
            ends[i] = end;
        }
    }
    uset_close(set);
    return count;
}

int32_t sift_nfc_unstable_ranges(int32_t *starts, int32_t *ends, int32_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    USet *set = uset_openEmpty();
    USet *maybe = uset_openEmpty();
    uset_applyIntPropertyValue(set, UCHAR_NFC_QUICK_CHECK, UNORM_NO, &status);
    uset_applyIntPropertyValue(maybe, UCHAR_NFC_QUICK_CHECK, UNORM_MAYBE, &status);
    uset_addAll(set, maybe);
    uset_close(maybe);
    return write_ranges(set, status, starts, ends, capacity);
}

int32_t sift_set_ranges(const uint16_t *pattern, int32_t length, int32_t *starts, int32_t *ends, int32_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    USet *set = uset_openPattern((const UChar *)pattern, length, &status);
    if (U_FAILURE(status)) { if (set) uset_close(set); return -1; }
    return write_ranges(set, status, starts, ends, capacity);
}

int32_t sift_nonstarter_ranges(int32_t *starts, int32_t *ends, int32_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    USet *set = uset_openEmpty();
    uset_applyIntPropertyValue(set, UCHAR_CANONICAL_COMBINING_CLASS, 0, &status);
    uset_complement(set);
    return write_ranges(set, status, starts, ends, capacity);
}

/// How many marks (non-starters) the canonical decomposition of `c` begins and ends
/// with, and whether it is marks only (then `lead` and `trail` are all of them):
/// U+0F73 is of combining class 0, yet decomposes into two marks.
static void nonstarters(const UNormalizer2 *nfd, UChar32 c, int32_t *lead, int32_t *trail, UBool *all) {
    *lead = 0; *trail = 0; *all = 0;
    if (u_getIntPropertyValue(c, UCHAR_LEAD_CANONICAL_COMBINING_CLASS) == 0
        && u_getIntPropertyValue(c, UCHAR_TRAIL_CANONICAL_COMBINING_CLASS) == 0) return;
    UChar buffer[32];
    UErrorCode status = U_ZERO_ERROR;
    int32_t n = unorm2_getDecomposition(nfd, c, buffer, 32, &status);
    if (n < 0 || U_FAILURE(status)) {       // no decomposition: the mark itself
        if (u_getCombiningClass(c) != 0) { *lead = 1; *trail = 1; *all = 1; }
        return;
    }
    int32_t count = 0, firstStarter = -1, lastStarter = -1;
    for (int32_t i = 0; i < n;) {
        UChar32 d;
        U16_NEXT(buffer, i, n, d);
        if (u_getCombiningClass(d) == 0) {
            if (firstStarter < 0) firstStarter = count;
            lastStarter = count;
        }
        count += 1;
    }
    if (firstStarter < 0) { *lead = count; *trail = count; *all = 1; return; }
    *lead = firstStarter;
    *trail = count - 1 - lastStarter;
}

int32_t sift_nfc_utf8(const char *src, int32_t length, char *dest, int32_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    const UNormalizer2 *nfc = unorm2_getNFCInstance(&status);
    if (U_FAILURE(status)) return -1;
    int32_t units = 0;
    u_strFromUTF8(NULL, 0, &units, src, length, &status);
    if (status != U_BUFFER_OVERFLOW_ERROR && U_FAILURE(status)) return -1;
    status = U_ZERO_ERROR;
    UChar *in = (UChar *)malloc(sizeof(UChar) * (size_t)(units + 1));
    UChar *out = NULL;
    int32_t result = -1;
    if (!in) return -1;
    u_strFromUTF8(in, units + 1, NULL, src, length, &status);
    if (U_SUCCESS(status)) {
        // Stream-Safe Text Format (UAX #15): ICU puts a run of marks in order by insertion,
        // in time that grows with the square of the run's length (a 128 KB run took 5 s).
        // A COMBINING GRAPHEME JOINER (U+034F, a starter) goes before a character whose
        // decomposition would make the run longer than 30 marks.
        const UNormalizer2 *nfd = unorm2_getNFDInstance(&status);
        int32_t run = 0, inserts = 0;
        for (int32_t i = 0; i < units && U_SUCCESS(status);) {
            UChar32 c;
            U16_NEXT(in, i, units, c);
            int32_t lead, trail;
            UBool all;
            nonstarters(nfd, c, &lead, &trail, &all);
            if (lead > 0 && run + lead > 30) { inserts += 1; run = 0; }
            run = all ? run + lead : trail;
        }
        if (inserts > 0) {
            UChar *safe = (UChar *)malloc(sizeof(UChar) * (size_t)(units + inserts + 1));
            if (!safe) { free(in); return -1; }
            int32_t w = 0;
            run = 0;
            for (int32_t i = 0; i < units;) {
                int32_t from = i;
                UChar32 c;
                U16_NEXT(in, i, units, c);
                int32_t lead, trail;
                UBool all;
                nonstarters(nfd, c, &lead, &trail, &all);
                if (lead > 0 && run + lead > 30) { safe[w++] = 0x034F; run = 0; }
                run = all ? run + lead : trail;
                while (from < i) safe[w++] = in[from++];
            }
            free(in);
            in = safe;
            units = w;
        }
        int32_t room = units * 3 + 16;
        out = (UChar *)malloc(sizeof(UChar) * (size_t)room);
        if (out) {
            int32_t n = unorm2_normalize(nfc, in, units, out, room, &status);
            if (U_SUCCESS(status)) {
                int32_t bytes = 0;
                u_strToUTF8(dest, capacity, &bytes, out, n, &status);
                if (U_SUCCESS(status) || status == U_BUFFER_OVERFLOW_ERROR || status == U_STRING_NOT_TERMINATED_WARNING) result = bytes;
            }
        }
    }
    free(in);
    free(out);
    return result;
}
