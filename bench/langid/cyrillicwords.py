#!/usr/bin/env python3
"""Words Bulgarian, Macedonian, Ukrainian and Serbian write and Russian does not, from `wordfreq`:
writes Sources/SiftText/Tables/CyrillicWords.swift.

The detector names a Cyrillic body Russian unless it holds a letter Russian
lacks (і ї є ґ ђ ј ѝ …), ъ before a consonant (Bulgarian `път`) or one of a
short hand-written list of other languages' frequent words
(`WordTable.notRussianWords`). Bulgarian and Macedonian write with Russian's
letters most of the time (`Змията ражда само змии.`), so without more words
a quarter of Bulgarian sayings were named Russian (bench/RESULTS.md).

wordfreq (PyPI, Robyn Speer and contributors; data CC BY-SA 4.0) lists each
language's words with their frequency in subtitles, Twitter, Reddit,
Wikipedia and news; its Russian list goes down to Zipf 1.0 (one word in 100
million), and holds some Ukrainian and Bulgarian (`щось`, `това`). Serbian's words come
from its Serbo-Croatian list (`sh`, Latin letters), written in Serbian's Cyrillic. A word of
bg, mk, uk or sr is kept when its Zipf frequency there is at least ZIPF and
Russian's list does not have it, or has it at least GAP Zipf units (a factor
of 10^GAP) less often; written only in Russian's letters (the others count
already), of at least 2 letters, and not one of the words
`WordTable.notRussianWords` leaves out because Russian writes them too or
Russian SMS spell Russian words so (`LEFT_OUT`: `може`, `хто`, `сега`…).

ZIPF and GAP (3.5 and 3.0: 26,372 words, 34,533 with Serbian's) were chosen with `--tune`,
on text nothing reports: Debian's Firefox and LibreOffice catalogs in Bulgarian,
Macedonian, Ukrainian and Serbian (fetched with `apt-get download` into data/cyrillic/,
git-ignored) against the training part of extract.py's Russian sentences and
chat.py's `tune` part of Russian chat. It prints, per candidate, the share of
each language's sentences of 20 letters or more with none of the letters
Russian lacks that hold a kept word (caught), the share of Russian ones that
do (which the detector would leave undetermined), and the share of chat.py's
`tune` lines of other languages (cb-xx) written in Cyrillic without a letter
Russian lacks or ъ (Ukrainian, which only words tell from Russian) that hold
one: bench/RESULTS.md has the table. sayings.py's Bulgarian
cookies and chat.py's `eval` part are evaluation only.

Usage: cyrillicwords.py [--tune]
"""
import os
import re
import sys

import wordfreq

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import extract  # noqa: E402  (fetch, xpi_strings, mo_strings, sentences, script_of)
OUT = os.path.join(HERE, "..", "..", "Sources", "SiftText", "Tables", "CyrillicWords.swift")
LANGS = ["bg", "mk", "uk", "sr"]
# wordfreq lists Serbian with Croatian and Bosnian, in Latin letters (`sh`): its words are
# written in Serbian's Cyrillic (one letter for one, ђ ј љ њ ћ џ for đ j lj nj ć dž).
SOURCE = {"sr": "sh"}
SERBIAN_CYRILLIC = [("dž", "џ"), ("lj", "љ"), ("nj", "њ"), ("a", "а"), ("b", "б"), ("c", "ц"), ("č", "ч"),
                    ("ć", "ћ"), ("d", "д"), ("đ", "ђ"), ("e", "е"), ("f", "ф"), ("g", "г"), ("h", "х"), ("i", "и"),
                    ("j", "ј"), ("k", "к"), ("l", "л"), ("m", "м"), ("n", "н"), ("o", "о"), ("p", "п"), ("r", "р"),
                    ("s", "с"), ("š", "ш"), ("t", "т"), ("u", "у"), ("v", "в"), ("z", "з"), ("ž", "ж")]


def in_cyrillic(word):
    """A Serbian word of wordfreq's Latin list in Serbian's Cyrillic, or None if it has a letter
    Serbian's Latin does not write."""
    out, i = [], 0
    while i < len(word):
        for latin, cyrillic in SERBIAN_CYRILLIC:
            if word.startswith(latin, i):
                out.append(cyrillic)
                i += len(latin)
                break
        else:
            return None
    return "".join(out)
ZIPF = 3.5
GAP = 3.0
MIN_LENGTH = 2
# Words left out of both WordTable.notRussianWords and the list written here, because
# Russian writes them too or Russian SMS use them: будь, зараз, грн, тук, хвала, сутра,
# што, здраво, вона, коли, благодаря, може, можеш (ь dropped), поки, хто (jokes), ден
# (Dan), ранку, грошей, вони, моля, искам (forms of Russian words), сега (Sega),
# внимателно, щастие, чекай (misspellings and slang).
LEFT_OUT = set("""
    будь зараз грн тук хвала сутра што здраво вона коли благодаря може можеш поки хто ден
    ранку грошей вони моля искам сега внимателно щастие чекай
    """.split())
RUSSIAN_WORD = re.compile(r"^[а-яё]+$")
WORD = re.compile(r"[^\W\d_]+")
NOT_RUSSIAN_LETTER = re.compile(r"[\u0400-\u04FF]")


def kept(zipf, gap=GAP):
    words = {}
    for lang in LANGS:
        source = SOURCE.get(lang, lang)
        for listed in wordfreq.top_n_list(source, 60000):
            frequency = wordfreq.zipf_frequency(listed, source)
            if frequency < zipf:
                break
            word = in_cyrillic(listed) if lang == "sr" else listed
            if not word or len(word) < MIN_LENGTH or not RUSSIAN_WORD.match(word) or word in LEFT_OUT:
                continue
            russian = wordfreq.zipf_frequency(word, "ru")
            if russian == 0 or frequency - russian >= gap:
                words.setdefault(word, lang)
    return words


def russian_letters_only(text):
    return not any(NOT_RUSSIAN_LETTER.match(c) and not RUSSIAN_WORD.match(c.lower()) for c in text)


def cyrillic_in_russian_letters(text):
    """Cyrillic letters only, none Russian lacks, no ъ: what only words can tell from Russian."""
    letters = [c for c in text if c.isalpha()]
    return (len(letters) > 0 and all(extract.script_of(c) == "cyrillic" for c in letters)
            and russian_letters_only(text) and "ъ" not in text.lower())


def tune():
    import chat
    data = os.path.join(HERE, "data", "cyrillic")
    packages = [(f"{family}-l10n-{lang}", lang) for lang in LANGS for family in ("firefox-esr", "libreoffice")]
    roots = extract.fetch(packages, data)
    sets = {lang: set() for lang in LANGS}
    for package, lang in packages:
        root = roots[package]
        raw = []
        for folder, _, files in os.walk(root):
            for name in files:
                path = os.path.join(folder, name)
                if name.endswith(".xpi"):
                    raw.extend(extract.xpi_strings(path))
                elif name.endswith(".mo"):
                    raw.extend(extract.mo_strings(path))
        for text in raw:
            for s in extract.sentences(text):
                letters = [c for c in s if c.isalpha()]
                if (len(letters) >= 20 and all(extract.script_of(c) == "cyrillic" for c in letters)
                        and russian_letters_only(s) and "ъ" not in s.lower()):
                    sets[lang].add(s)
    with open(os.path.join(HERE, "data", "train", "ru.txt"), encoding="utf-8") as f:
        sets["ru (catalogs, training part)"] = {line.strip() for line in f if line.strip()}
    sets["ru (chat, tune part)"] = {t for t in chat.load_sets()["cb-ru"] if chat.part_of(t) == "tune"}
    sets["uk (chat, tune part)"] = {
        t for t in chat.load_sets()["cb-xx"] if chat.part_of(t) == "tune" and cyrillic_in_russian_letters(t)}
    for zipf, gap in ((3.0, 99), (3.5, 99), (4.0, 99), (4.5, 99), (3.5, 3.0), (3.5, 2.5), (3.5, 2.0)):
        words = kept(zipf, gap)
        row = []
        for name, texts in sets.items():
            hit = sum(any(w.lower() in words for w in WORD.findall(t)) for t in texts)
            row.append(f"{name} {100 * hit / max(1, len(texts)):.2f}% of {len(texts)}")
        print(f"Zipf >= {zipf}, gap {gap}: {len(words)} words; " + "; ".join(row))
    words = kept(ZIPF)
    for name in ("ru (catalogs, training part)", "ru (chat, tune part)"):
        hits = [t for t in sets[name] if any(w.lower() in words for w in WORD.findall(t))]
        for t in hits[:15]:
            print(f"  {name}: {t[:100]}  [{', '.join(w for w in WORD.findall(t) if w.lower() in words)}]")


def main():
    if "--tune" in sys.argv:
        tune()
        return
    words = kept(ZIPF)
    lines = ["// Generated by bench/langid/cyrillicwords.py from wordfreq (CC BY-SA 4.0): do not edit.",
             f"// Words of Bulgarian, Macedonian, Ukrainian and Serbian of Zipf frequency >= {ZIPF} there that",
             f"// Russian's list does not have or has >= {GAP} Zipf units less often, in Russian's letters.",
             "",
             "extension WordTable {",
             "    /// Frequent words of Bulgarian, Macedonian, Ukrainian and Serbian Russian does not write",
             "    /// (see bench/langid/cyrillicwords.py), in order of frequency, language by language.",
             "    static let notRussianFrequentWords = \"\"\""]
    ordered = [w for lang in LANGS for w, l in words.items() if l == lang]
    for i in range(0, len(ordered), 12):
        lines.append("        " + " ".join(ordered[i:i + 12]))
    lines += ["        \"\"\"", "}", ""]
    with open(OUT, "w", encoding="utf-8") as f:
        f.write("\n".join(lines))
    print(f"{len(ordered)} words -> {os.path.relpath(OUT)}")


if __name__ == "__main__":
    main()
