#!/usr/bin/env python3
"""Arabic and Persian words from `wordfreq`: writes Sources/SiftText/Tables/ArabicScriptWords.swift.

Persian is often typed without its own letters (پ چ ژ گ ک ی), and many Arabic
messages hold none of ة ي ك ى: then only the words tell the two apart
(`خوشحالم`, `خداحافظ` are Persian; `شلونك`, `الحمد` Arabic). wordfreq (PyPI,
Robyn Speer and contributors; data CC BY-SA 4.0) gives each word's frequency
in subtitles, Twitter, Reddit, Wikipedia and news. A word of Arabic or Persian
is kept when it is among that language's `TOP` most frequent, has Zipf
frequency at least `ZIPF` there, and is at least `GAP` Zipf units (a factor of
10^GAP) more frequent there than in the other and in Urdu (which writes many
Persian words and is not one of msgsift's languages). Words of Arabic-script
letters only, as the detector reads them (no ZWNJ, which ends a word there).
Persian typed on an Arabic keyboard writes ي ك ى for ی ک: an Arabic word
with them is compared as the Persian it may be too (`بانك ملي` is `بانک ملی`),
so the detector's ceiling on those letters is not undone by words.
GAP and ZIPF were chosen on the `tune` part of chat.py's Persian set and on
the training part of extract.py's Arabic and Persian sentences, never on an
`eval` part.

Also `urduWords`: Urdu writes ی and ک as Persian does, so a short Urdu message
without ٹ ڈ ڑ ں ھ ہ ے (`امی کو فون کر لینا`) reads as Persian by its letters. A
word among Urdu's `TOP` most frequent, Zipf at least `ZIPF` there and at least
`URDU_GAP` above Persian (as written and in Persian form; at least `PERSIAN_FLOOR`,
where wordfreq's list ends) and Arabic, under `PERSIAN_CEILING` in Persian, and with no
letter of Urdu's own (those already count: `نہیں`), is a sign of Urdu (`کو`, `کر`,
`آپ`); the detector weighs it as another language's. URDU_GAP was chosen on the dev
parts (bench.py `--part dev`, chat.py `--part tune`, sms/scripts2.txt and dev4.txt, and
extract.py's Persian training sentences); bench/RESULTS.md says how PERSIAN_CEILING was.
Usage: arabicwords.py [--print]   (--print: counts and samples)
"""
import os
import sys
import unicodedata

import wordfreq

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "..", "..", "Sources", "SiftText", "Tables", "ArabicScriptWords.swift")
LANGS = ["fa", "ar"]
RIVALS = {"fa": ["ar", "ur"], "ar": ["fa", "ur"]}
TOP = 25000
ZIPF = 3.0
GAP = 1.5
MIN_LENGTH = 2
# The spoken Arabic of chat (Egyptian, Gulf, Levantine, Iraqi, Maghrebi): short replies
# (`ابشر`, `واخا`, `هسه`) that wordfreq counts under ZIPF or beyond TOP, written from general
# knowledge of the dialects; kept when wordfreq finds them in Arabic at DIALECT_ZIPF or more and
# in neither Persian (as written or in Persian form) nor Urdu. Chosen on the dev parts
# (sms/dev4.txt, short replies written to measure them).
ARABIC_DIALECT = """
    ايوه ايوا ازيك ازيكم ازاي امتى دلوقتي دلوقت كده كدا اوي قوي خالص عايز عايزه عاوز عاوزه
    هنروح بتاع بتاعي بتاعك ليه فين مفيش معلش ماشي يلا خلاص بقولك اهو اهي ابقى هو احنا انتو
    انتي ياعم ياباشا حاجه حاجة بجد اشطا تمام شويه شوية ده دي دول مش
    شلونك شلونچ شخبارك شخبارچ وش وشو ابشر زين مب مدري السالفه عيل انزين صج ترا يبا الحين
    هالحين وايد عساك تدلل كفو يالغالي ياخوي حياك هلا مشكور ماقصرت ودي وياك منو شفيك شنهو
    شو هلق هلأ كتير منيح منيحة بدي بدك بدو عنجد يسلمو تقبرني هيك ليش وين لسا لسه مبارح شي
    كيفك كيفكن منشان مشان حبيبي خيي ياخو تكرم يعطيك
    هسه اكو ماكو شكو اغاتي شنو كلش هواية شكد اشلون جاي باجر عمي ولك
    واش بزاف مزيان دابا واخا علاش بصح برشا توا باهي كيفاش نتا نتي ديال راك راني صافي لاباس
    هلبا شن درت غادي بغيت كاين ماكاينش شحال نحبك يعطيك مليح برك ياسر ياخي
"""
DIALECT_ZIPF = 2.0
URDU_GAP = 1.5
# wordfreq's Persian list ends at Zipf 3.0 (31,000 words; Arabic's goes down to 1.0): a word it
# lacks may still be that frequent in Persian (`قیراط`, `مکاری`), so it is taken to be.
PERSIAN_FLOOR = 3.0
# A word Persian itself writes more than once in 100,000 words is Persian's as well, whatever
# Urdu does: `کی` (who, when) is both (Zipf 7.5 and 5.5).
PERSIAN_CEILING = 5.0
URDU_LETTERS = set("\u0679\u0688\u0691\u06BA\u06BE\u06C1\u06C3\u06D2")  # ٹ ڈ ڑ ں ھ ہ ۃ ے


def arabic_letters_only(word):
    return all("\u0600" <= c <= "\u06FF" and unicodedata.category(c).startswith("L") for c in word)


PERSIAN_FORM = str.maketrans({"\u064A": "\u06CC", "\u0643": "\u06A9", "\u0649": "\u06CC"})


def words_of(lang):
    kept = []
    for word in wordfreq.top_n_list(lang, TOP):
        if len(word) < MIN_LENGTH or not arabic_letters_only(word):
            continue
        z = wordfreq.zipf_frequency(word, lang)
        if z < ZIPF:
            break
        rivals = [wordfreq.zipf_frequency(word, r) for r in RIVALS[lang]]
        if lang == "ar":
            rivals.append(wordfreq.zipf_frequency(word.translate(PERSIAN_FORM), "fa"))
        if all(z - r >= GAP for r in rivals):
            kept.append(word)
    return kept


def dialect_words(listed):
    kept = []
    for word in dict.fromkeys(ARABIC_DIALECT.split()):
        if word in listed:
            continue
        if wordfreq.zipf_frequency(word, "ar") >= DIALECT_ZIPF and wordfreq.zipf_frequency(word, "ur") == 0 \
                and wordfreq.zipf_frequency(word, "fa") == 0 == wordfreq.zipf_frequency(word.translate(PERSIAN_FORM), "fa"):
            kept.append(word)
    return kept


def urdu_words():
    kept = []
    for word in wordfreq.top_n_list("ur", TOP):
        if len(word) < MIN_LENGTH or not arabic_letters_only(word) or set(word) & URDU_LETTERS:
            continue
        z = wordfreq.zipf_frequency(word, "ur")
        if z < ZIPF:
            break
        rivals = [max(wordfreq.zipf_frequency(word, "fa"), wordfreq.zipf_frequency(word.translate(PERSIAN_FORM), "fa"),
                      PERSIAN_FLOOR),
                  wordfreq.zipf_frequency(word, "ar")]
        if all(z - r >= URDU_GAP for r in rivals) and rivals[0] < PERSIAN_CEILING:
            kept.append(word)
    return kept


def main():
    kept = {lang: words_of(lang) for lang in LANGS}
    kept["ar"] += dialect_words(set(kept["ar"]))
    urdu = urdu_words()
    if "--print" in sys.argv:
        for lang, words in list(kept.items()) + [("ur", urdu)]:
            print(lang, len(words), " ".join(words[:100]))
        return
    lines = ["// Generated by bench/langid/arabicwords.py from wordfreq (CC BY-SA 4.0): do not edit.",
             f"// Words among a language's {TOP} most frequent (Zipf >= {ZIPF}) and >= {GAP} Zipf units",
             "// more frequent there than in the other language and in Urdu.",
             "",
             "extension WordTable {",
             "    /// Words only Persian or only Arabic writes often, by language (see bench/langid/arabicwords.py).",
             "    static let arabicScriptWords: [(Language, String)] = ["]
    for lang, words in kept.items():
        lines.append(f"        (.{lang}, \"\"\"")
        for i in range(0, len(words), 12):
            lines.append("            " + " ".join(words[i:i + 12]))
        lines.append("            \"\"\"),")
    lines += ["    ]", "",
              f"    /// Words among Urdu's {TOP} most frequent (Zipf >= {ZIPF}), >= {URDU_GAP} Zipf units more frequent",
              "    /// there than in Persian and in Arabic, with no letter only Urdu writes (see bench/langid/arabicwords.py).",
              "    static let urduWords = \"\"\""]
    for i in range(0, len(urdu), 12):
        lines.append("        " + " ".join(urdu[i:i + 12]))
    lines += ["        \"\"\"", "}", ""]
    with open(OUT, "w", encoding="utf-8") as f:
        f.write("\n".join(lines))
    print(f"wrote {os.path.relpath(OUT)}: " + ", ".join(f"{k} {len(v)}" for k, v in kept.items()) + f", ur {len(urdu)}")


if __name__ == "__main__":
    main()
