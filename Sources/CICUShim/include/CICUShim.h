// CICUShim: msgsift's only door to ICU.
//
// Swift cannot import ICU's headers next to Foundation (Foundation carries its
// own ICU and the C types clash), and ICU renames its symbols per version
// (uregex_open -> uregex_open_72). This header therefore exposes msgsift's own
// functions with plain C types only; shim.c is the one file that includes ICU.
#ifndef CICUSHIM_H
#define CICUSHIM_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Unicode default full case folding of UTF-8 text (the same for every locale).
/// Writes at most `capacity` bytes to `dest`; returns the folded length, which
/// is larger than `capacity` when the buffer was too small (nothing useful was
/// written then), or -1 when the input is not valid UTF-8.
int32_t sift_fold_utf8(const char *src, int32_t length, char *dest, int32_t capacity);

/// The ranges of code points whose NFC_Quick_Check is No or Maybe (those NFC may
/// change, drop or reorder): writes up to `capacity` ranges [starts[i], ends[i]]
/// and returns how many there are (-1 on failure).
int32_t sift_nfc_unstable_ranges(int32_t *starts, int32_t *ends, int32_t capacity);

/// The ranges of code points whose canonical combining class is not 0 (marks NFC
/// puts in order when two follow each other), as `sift_nfc_unstable_ranges` writes them.
int32_t sift_nonstarter_ranges(int32_t *starts, int32_t *ends, int32_t capacity);

/// The code points of the set `pattern` (UTF-16, a UnicodeSet pattern such as
/// `[\p{Cyrillic}]`, as ICU's regex `\p{Cyrillic}` reads it): up to `capacity` ranges
/// written; returns how many it has, or -1 when ICU refuses the pattern.
int32_t sift_set_ranges(const uint16_t *pattern, int32_t length, int32_t *starts, int32_t *ends, int32_t capacity);

/// Unicode Normalization Form C of valid UTF-8 text. Writes at most `capacity`
/// bytes to `dest`; returns the normalized length (larger than `capacity` when
/// the buffer was too small, nothing useful written then), or -1 on failure.
/// A run of more than 30 marks gets U+034F after every 30 first (UAX #15's
/// Stream-Safe Text Format), so that the time stays linear in the text.
int32_t sift_nfc_utf8(const char *src, int32_t length, char *dest, int32_t capacity);

/// Script classes reported by sift_char_table (msgsift's own numbering).
enum {
    SIFT_SCRIPT_OTHER = 0,
    SIFT_SCRIPT_COMMON = 1,   // punctuation, digits, symbols, inherited marks
    SIFT_SCRIPT_LATIN = 2,
    SIFT_SCRIPT_GREEK = 3,
    SIFT_SCRIPT_CYRILLIC = 4,
    SIFT_SCRIPT_HEBREW = 5,
    SIFT_SCRIPT_ARABIC = 6,
    SIFT_SCRIPT_HAN = 7,
    SIFT_SCRIPT_HIRAGANA = 8,
    SIFT_SCRIPT_KATAKANA = 9,
    SIFT_SCRIPT_HANGUL = 10,
    SIFT_SCRIPT_THAI = 11,
    SIFT_SCRIPT_DEVANAGARI = 12,
};

/// Bit set in a sift_char_table entry when the code point is a letter (L*).
#define SIFT_CHAR_LETTER 0x80
/// Bit set in a sift_char_table entry when the code point continues a grapheme
/// cluster (see sift_continues_cluster).
#define SIFT_CHAR_EXTENDS 0x40
/// Bit set in a sift_char_table entry when the code point's Grapheme_Cluster_Break
/// (sift_grapheme_break, Extended_Pictographic aside) is neither Other nor one that
/// continues a cluster.
#define SIFT_CHAR_BREAK_RULES 0x20
/// Mask of the script class in a sift_char_table entry.
#define SIFT_CHAR_SCRIPT_MASK 0x1F

/// The classes of UAX #29's grapheme cluster rules (Grapheme_Cluster_Break, and
/// Extended_Pictographic for rule GB11), in msgsift's own numbering.
enum {
    SIFT_GCB_OTHER = 0,
    SIFT_GCB_CR = 1,
    SIFT_GCB_LF = 2,
    SIFT_GCB_CONTROL = 3,
    SIFT_GCB_EXTEND = 4,
    SIFT_GCB_ZWJ = 5,
    SIFT_GCB_SPACING_MARK = 6,
    SIFT_GCB_PREPEND = 7,
    SIFT_GCB_REGIONAL_INDICATOR = 8,
    SIFT_GCB_L = 9,
    SIFT_GCB_V = 10,
    SIFT_GCB_T = 11,
    SIFT_GCB_LV = 12,
    SIFT_GCB_LVT = 13,
    SIFT_GCB_EXTENDED_PICTOGRAPHIC = 14,
};

/// The grapheme break class (SIFT_GCB_*) of one code point, from ICU's data.
int sift_grapheme_break(int32_t codepoint);

/// Indic_Conjunct_Break (Unicode 15.1, UAX #29 GB9c), which ICU 72 lacks, built from
/// its definition: Linker (the viramas of Devanagari, Bengali, Gujarati, Oriya,
/// Telugu, Malayalam), Consonant (Indic_Syllabic_Category Consonant in those
/// scripts), Extend (Grapheme_Cluster_Break Extend or ZWJ otherwise), None.
enum {
    SIFT_INCB_NONE = 0,
    SIFT_INCB_CONSONANT = 1,
    SIFT_INCB_LINKER = 2,
    SIFT_INCB_EXTEND = 3,
};
int sift_indic_conjunct_break(int32_t codepoint);

/// Fills out[c] for every code point c in [0, count) with its script class
/// and the SIFT_CHAR_LETTER bit. Meant to be called once to build a table.
void sift_char_table(uint8_t *out, int32_t count);

/// Fills out[c] for every code point c in [0, count) with what ICU's regex classes say of
/// it: SIFT_REGEX_DIGIT (\d, Nd), SIFT_REGEX_SPACE (\s: White_Space or Z*),
/// SIFT_REGEX_WORD (\w: Alphabetic, marks, Nd, Pc, ZWNJ, ZWJ).
#define SIFT_REGEX_DIGIT 1
#define SIFT_REGEX_SPACE 2
#define SIFT_REGEX_WORD 4
void sift_regex_class_table(uint8_t *out, int32_t count);

/// The word-break classes `sift_word_break_class` gives, the subset of UAX #29's
/// Word_Break values whose rules msgsift applies itself (WordBoundary.swift); every other
/// code point is SIFT_WB_UNKNOWN (extenders, format characters, Hebrew letters,
/// regional indicators, emoji modifiers, and the Hangul and South-East Asian letters ICU
/// keeps together or segments with a dictionary) or SIFT_WB_IDEOGRAPHIC.
#define SIFT_WB_OTHER 0
#define SIFT_WB_ALETTER 1
#define SIFT_WB_NUMERIC 2
#define SIFT_WB_MIDLETTER 3
#define SIFT_WB_MIDNUM 4
#define SIFT_WB_MIDNUMLET 5
#define SIFT_WB_SINGLE_QUOTE 6
#define SIFT_WB_EXTENDNUMLET 7
#define SIFT_WB_WSEGSPACE 8
#define SIFT_WB_CR 9
#define SIFT_WB_LF 10
#define SIFT_WB_NEWLINE 11
/// Han, kana and other ideographs: segmented by ICU's dictionary among themselves, apart
/// from everything else.
#define SIFT_WB_IDEOGRAPHIC 12
#define SIFT_WB_UNKNOWN 15
int sift_word_break_class(int32_t codepoint);

/// Every word boundary ICU's word break iterator (English, as ICU's regex `\b` uses it)
/// finds in UTF-16 `text`: out[i] is 1 when offset i (0...length) is a boundary.
/// Returns 0, or -1 when ICU failed. For tests.
/// The code points ICU's case-insensitive matching closes `codepoint` over
/// (uset_closeOver, USET_CASE_INSENSITIVE), strings left out: up to `capacity` written to
/// `out`; returns how many there are.
int32_t sift_case_closure(int32_t codepoint, int32_t *out, int32_t capacity);

int sift_word_boundaries(const uint16_t *text, int32_t length, uint8_t *out);

/// True when the code point's general category is a letter (Lu Ll Lt Lm Lo).
int sift_is_letter(int32_t codepoint);

/// True when the code point continues the grapheme cluster before it (UAX #29
/// Grapheme_Cluster_Break Extend, SpacingMark or ZWJ: marks, ZWNJ, variation
/// selectors, skin-tone modifiers, tags, U+FF9E, Thai SARA AM, …).
int sift_continues_cluster(int32_t codepoint);

/// Script class (SIFT_SCRIPT_*) of one code point.
int sift_script(int32_t codepoint);

/// An ICU regular expression (opaque). One handle must not be used by two
/// threads at once: clone it per worker.
typedef struct sift_regex sift_regex;

/// Compiles a UTF-16 pattern with no flags (as NSRegularExpression with no
/// options). On failure returns NULL and writes ICU's error name and the
/// offending offset (UTF-16 units, -1 when unknown) to `error`/`error_offset`.
sift_regex *sift_regex_open(const uint16_t *pattern, int32_t length,
                            char *error, int32_t error_capacity, int32_t *error_offset);

/// An independent copy of a compiled regex, for another thread.
sift_regex *sift_regex_clone(const sift_regex *regex);

void sift_regex_close(sift_regex *regex);

/// Bounds one match attempt, in ICU match-engine steps (0 = no bound).
void sift_regex_set_time_limit(sift_regex *regex, int32_t steps);

/// Searches UTF-16 text (not copied; must stay valid for the call).
/// Returns 1 when the pattern occurs, 0 when not, -1 when the time limit ran
/// out, -2 on any other ICU error.
int sift_regex_find(sift_regex *regex, const uint16_t *text, int32_t length);

/// The version of ICU behind the shim, e.g. "72.1".
const char *sift_icu_version(void);

#ifdef __cplusplus
}
#endif
#endif
