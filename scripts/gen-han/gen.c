// gen-han: writes Sources/SiftText/Tables/HanTables.swift, the table that tells
// Simplified-only from Traditional-only Han characters for language detection.
//
// README: run from the repository root with
//   gcc -O2 -o /tmp/gen-han scripts/gen-han/gen.c $(pkg-config --cflags --libs icu-uc icu-i18n)
//   /tmp/gen-han > Sources/SiftText/Tables/HanTables.swift
//
// Method: every code point of the Han blocks below is passed alone through
// ICU's "Hant-Hans" and "Hans-Hant" transliterators. A character that
// Hant-Hans changes is Traditional-only; one that Hans-Hant changes is
// Simplified-only; one that both change (a handful of variant pairs) or
// neither changes is used by both writing systems. The result is emitted as two
// sorted arrays of code points; HanVariant.swift turns them, with the kanji
// lists, into a byte of flags per code point of U+3400-U+9FFF, where every
// character found lies (HanTablesTests checks it).
//
// One exception: a lone character gives the transliterator no context, so a
// many-to-one merge is reported as a change even where the character is itself
// standard in the other system (干 in Traditional 若干, 著 in Simplified 著名).
// kShared lists those common cases; they are treated as used by both.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unicode/uchar.h>
#include <unicode/uscript.h>
#include <unicode/utrans.h>
#include <unicode/ustring.h>
#include <unicode/uvernum.h>

static const struct { UChar32 first, last; } kBlocks[] = {
    {0x3400, 0x4DBF},   // CJK Unified Ideographs Extension A
    {0x4E00, 0x9FFF},   // CJK Unified Ideographs
    {0xF900, 0xFAFF},   // CJK Compatibility Ideographs
    {0x20000, 0x2A6DF}, // CJK Unified Ideographs Extension B
};

static const UChar32 kShared[] = {
    0x5E72, // 干: Traditional 若干, 干涉 (Hans-Hant maps it to 乾/幹)
    0x540E, // 后: Traditional 皇后 (Hans-Hant maps it to 後)
    0x8218, // 舍: Traditional 宿舍 (Hans-Hant maps it to 捨)
    0x5F81, // 征: Traditional 征服 (Hans-Hant maps it to 徵)
    0x5360, // 占: Traditional 占卜 (Hans-Hant maps it to 佔)
    0x8303, // 范: a common surname in Traditional (Hans-Hant maps it to 範)
    0x6734, // 朴: the surname Park in Traditional (Hans-Hant maps it to 樸)
    0x4E8E, // 于: a common surname in Traditional (Hans-Hant maps it to 於)
    0x91C7, // 采: Traditional 風采, 神采 (Hans-Hant maps it to 採)
    0x8457, // 著: Simplified 著名, 显著 (Hant-Hans maps it to 着)
    0x4E7E, // 乾: Simplified 乾坤, 乾隆 (Hant-Hans maps it to 干)
    // Written in Traditional text too, in Hong Kong and Taiwan (a probe's SMS read as
    // Simplified for one of them):
    0x6652, // 晒: Cantonese "all", 多謝晒 (Hans-Hant maps it to 曬)
    0x7740, // 着: Hong Kong's 着數, 瞓着 (Hans-Hant maps it to 著)
    0x5413, // 吓: the Cantonese particle, 試吓 (Hans-Hant maps it to 嚇)
    0x63FE, // 揾: Cantonese "look for", 揾工, 揾到 (Hans-Hant maps it to 搵)
    0x6D8C, // 涌: Hong Kong places 葵涌, 東涌 (Hans-Hant maps it to 湧)
    0x6597, // 斗: 北斗, Taiwan's 斗六 (Hans-Hant maps it to 鬥)
    0x4E11, // 丑: 子丑, Taiwan's 小丑 (Hans-Hant maps it to 醜)
    0x4E91, // 云: 人云亦云, names (Hans-Hant maps it to 雲)
    0x6770, // 杰: names, 周杰倫 (Hans-Hant maps it to 傑)
};

static int shared(UChar32 cp) {
    for (size_t i = 0; i < sizeof kShared / sizeof kShared[0]; i++)
        if (kShared[i] == cp) return 1;
    return 0;
}

static UTransliterator *open_trans(const char *id) {
    UChar uid[32];
    u_uastrcpy(uid, id);
    UParseError pe;
    UErrorCode status = U_ZERO_ERROR;
    UTransliterator *t = utrans_openU(uid, -1, UTRANS_FORWARD, NULL, 0, &pe, &status);
    if (U_FAILURE(status)) {
        fprintf(stderr, "gen-han: cannot open %s: %s\n", id, u_errorName(status));
        exit(1);
    }
    return t;
}

// True when the transliterator turns the lone code point into something else.
static int changes(const UTransliterator *t, UChar32 cp) {
    UChar buf[64];
    int32_t len = 0;
    UErrorCode status = U_ZERO_ERROR;
    U16_APPEND_UNSAFE(buf, len, cp);
    UChar orig[2];
    memcpy(orig, buf, sizeof(UChar) * (size_t)len);
    int32_t origLen = len, limit = len;
    utrans_transUChars(t, buf, &len, 64, 0, &limit, &status);
    if (U_FAILURE(status)) {
        fprintf(stderr, "gen-han: transliteration failed at U+%04X: %s\n", (unsigned)cp, u_errorName(status));
        exit(1);
    }
    return len != origLen || memcmp(buf, orig, sizeof(UChar) * (size_t)len) != 0;
}

typedef struct { UChar32 *v; size_t n, cap; } List;

static void push(List *l, UChar32 cp) {
    if (l->n == l->cap) {
        l->cap = l->cap ? l->cap * 2 : 1024;
        l->v = realloc(l->v, l->cap * sizeof(UChar32));
        if (!l->v) { perror("gen-han"); exit(1); }
    }
    l->v[l->n++] = cp;
}

static void emit(const char *name, const char *doc, const List *l) {
    printf("    /// %s (%zu code points, ascending).\n", doc, l->n);
    printf("    static let %s: [UInt32] = [\n", name);
    for (size_t i = 0; i < l->n; i++) {
        if (i % 10 == 0) printf("        ");
        printf("0x%04X,", (unsigned)l->v[i]);
        printf((i % 10 == 9 || i + 1 == l->n) ? "\n" : " ");
    }
    printf("    ]\n");
}

int main(void) {
    UTransliterator *toHans = open_trans("Hant-Hans");
    UTransliterator *toHant = open_trans("Hans-Hant");
    List trad = {0}, simp = {0};
    size_t bothChange = 0;
    for (size_t b = 0; b < sizeof kBlocks / sizeof kBlocks[0]; b++) {
        for (UChar32 cp = kBlocks[b].first; cp <= kBlocks[b].last; cp++) {
            if (!u_isdefined(cp)) continue;
            int t = changes(toHans, cp), s = changes(toHant, cp);
            if (shared(cp)) continue;
            if (t && s) { bothChange++; continue; }
            if (t) push(&trad, cp);
            if (s) push(&simp, cp);
        }
    }
    utrans_close(toHans);
    utrans_close(toHant);

    printf("// GENERATED by scripts/gen-han/gen.c from ICU %s; do not edit by hand.\n", U_ICU_VERSION);
    printf("// Regenerate from the repository root:\n");
    printf("//   gcc -O2 -o /tmp/gen-han scripts/gen-han/gen.c $(pkg-config --cflags --libs icu-uc icu-i18n)\n");
    printf("//   /tmp/gen-han > Sources/SiftText/Tables/HanTables.swift\n");
    printf("//\n");
    printf("// Each Han code point in U+3400-U+9FFF, U+F900-U+FAFF and U+20000-U+2A6DF\n");
    printf("// was passed alone through ICU's Hant-Hans and Hans-Hant transliterators:\n");
    printf("// changed by Hant-Hans = Traditional-only, changed by Hans-Hant =\n");
    printf("// Simplified-only, changed by both (%zu) or neither = used by both. %zu common\n", bothChange, sizeof kShared / sizeof kShared[0]);
    printf("// characters standard in both systems or written in Hong Kong and Taiwan's Traditional\n");
    printf("// text (干 后 著 晒 …, listed in gen.c) count as both.\n\n");
    printf("// The lookup (HanTables.variant) and HanVariant are in HanVariant.swift.\n\n");
    printf("/// Simplified-only and Traditional-only Han characters, from ICU's transliterators.\n");
    printf("public enum HanTables {\n");
    emit("simplifiedOnly", "Characters Hans-Hant changes", &simp);
    printf("\n");
    emit("traditionalOnly", "Characters Hant-Hans changes", &trad);
    printf("}\n");
    fprintf(stderr, "gen-han: %zu simplified-only, %zu traditional-only, %zu changed by both (shared)\n",
            simp.n, trad.n, bothChange);
    free(trad.v);
    free(simp.v);
    return 0;
}
