#!/usr/bin/env python3
"""Chat words from `wordfreq`: writes Sources/SiftText/Tables/ChatWords.swift.

wordfreq (PyPI, Robyn Speer and contributors; data CC BY-SA 4.0) gives each
word's frequency in subtitles, Twitter, Reddit, Wikipedia, news and books. A
word of one of the seven Latin-script classes is kept when it is among that
language's `TOP` most frequent, has Zipf frequency at least `ZIPF` there, and
is at least `GAP` Zipf units (a factor of 10^GAP) more frequent there than in
each other class and in each of the other Latin-script languages wordfreq
knows (the `xx` class: Dutch, Swedish, Polish, Romanian, Catalan, …; not Malay or
Filipino, whose tweets wordfreq counts are full of English). So
SMS-speak (`gonna`, `wanna`, `ur`) counts for English where no other language
writes it, and words other languages borrow (`ok`, `lol`, `weekend`) do not.
Words of letters only, as the detector reads them (folded to small letters).
GAP and ZIPF were chosen on the `tune` part of chat.py's sets, never its
`eval` part (ZIPF 3.5 -> 3.0 and TOP 10000 -> 25000 on 2026-12-06: more chat
sets' lines named, none more wrong; 2.5 and 50,000 named a few more but made
the table build at start-up take 13 ms more, 30,000 words a class). The package is installed in bench/langid/.venv by
`make bench-langid`; its data ships inside the wheel (nothing else fetched).
Also `otherLatinWords`, the other Latin-script languages' frequent words (`OTHER_*`), which
the detector counts for class `xx` as it counts a class's chat words for that class.
Also the words that tell Spanish from Portuguese alone (`ES_PT_*`): among one
of the two's `ES_PT_TOP` most frequent, Zipf at least `ES_PT_ZIPF` there and at
least `ES_PT_GAP` above the other (`dolor`, `rencor` against `dor`, `você`); the
detector weighs each against the other of the two only. Chosen on the dev parts
(bench.py `--part dev`, chat.py `--part tune`).
Usage: chatwords.py [--print]   (--print: counts and samples, nothing written)
"""
import os
import sys
import unicodedata

import wordfreq

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "..", "..", "Sources", "SiftText", "Tables", "ChatWords.swift")
CLASSES = ["en", "fr", "de", "it", "pt", "es", "tr"]
OTHERS = ["nl", "sv", "da", "nb", "pl", "ro", "ca", "cs", "hu", "fi", "id", "vi", "sk", "sl", "sh",
          "lt", "lv", "is"]
TOP = 25000
ZIPF = 3.0
GAP = 1.0
MIN_LENGTH = 2
# Words languages wordfreq lacks (Galician, Asturian) or Latin-script Arabic, Persian
# and Bosnian also write: the ones WordTable.onlyOneLanguage leaves out, for the same reasons
# (left out of the Spanish-Portuguese words too: Galician writes `días`, `bos`).
ES_PT_TOP = 50000
ES_PT_ZIPF = 2.5
ES_PT_GAP = 1.0
# Words of the other Latin-script languages (class `xx`): among one's OTHER_TOP most frequent,
# Zipf at least OTHER_ZIPF there and at least OTHER_GAP above each class, the class's words
# typed without their marks too (`ca` for `ça`, `nao`, `cok`), so that none of the seven's
# SMS loses a word to it. Chosen on the dev parts. Each is kept as written and without its own
# marks, as Vietnamese SMS type it (`biet` for `biết`): with those forms, of 3,600 bodies of
# one to four words of six languages typed without marks (wordfreq's 400 most frequent of
# Vietnamese, Polish, Romanian, Czech, Slovak, Hungarian) 56 were named one of the seven,
# not 77; the dev parts did not move.
OTHER_TOP = 1000
OTHER_ZIPF = 3.5
OTHER_GAP = 2.0
# Galician's and Asturian's frequent words, which wordfreq lacks (Spanish and Portuguese read
# them): written from general knowledge of the two, and kept, as the others are, only when
# each class writes them (marks typed or not) at most Zipf OTHER_ZIPF - OTHER_GAP + 1.
OTHER_HAND = """dunha nunha coas polas moito moitos moitas tamén aínda grazas mañá onte hoxe cando
máis teño vémonos súa túa miña xente facer calquera despois mentres porén dalgún tamién ensin
muncho agardar chegues velaquí axiña lles imos pódese ningunha ninguén ningures alguén xamais""".split()
BARE_TOP = 100000
# SMS spellings of the classes, as `WordTable.englishChatSpeak` is English's: written
# from general knowledge of each language's SMS (abbreviations, spellings that do not follow
# the language's letters). A spelling is kept when wordfreq finds it in its language at least
# SPEAK_GAP Zipf units more often than in each other class and other Latin-script language,
# and under SPEAK_CEILING in each; or, when wordfreq knows it in no language at all, when it
# has SPEAK_MIN_LENGTH letters or more. A class's chat word (`chatWords`) is left to that list,
# whose n-grams count. Letters only: the detector's words end at a digit (`salu2` is `salu`).
# Chosen on the dev parts (sms/dev3.txt, written to measure them).
SPEAK = {
    # English's beyond englishChatSpeak (LanguageTables.swift), which is not filtered so; not
    # `cya`, which Filipino SMS write for `siya` (wordfreq's Filipino, left out of OTHERS, has it).
    "en": """ikr wya hbu ofc smh jk srsly tysm ilysm ily hmu tbf omw np rn idc ngl imo imho afaik
        btw fyi tmi irl iirc stfu bff bcuz bffs convo prolly defo obvi totes whatevs bruh sorta lotta
        ttys ttfn hbd gratz omfg yea yeh naw wassup wazzup whatcha betcha imma finna tryna""",
    "fr": """slt cv mdr ptdr jsp jpp tkt tqt dsl bjr bsr bsx pk qd qq qqn qqch ajd auj dac dacc oqp jtm
        rdv tjr tjrs wsh wesh ptn jsuis jsais chui chuis jpense jvais jte koi kwa mtn mnt dmn vrmt mrc
        osef nrv jamé""",
    "es": """xq tqm tkm ntp bss porfa xfa xfavor tmb dnd kiero grax grx vms qtal msj hla""",
    "pt": """vc vcs blz vlw tmj obg obgd tbm bj bjo bjos kd cmg ctg msm mto ngm qnd qdo fds mds pfv pfvr
        sdds tlgd dps agr naum vdd cmgo""",
    "it": """xke xké xk xché xchè tvb tvtb grz qlc qlcs qualke kmq nnt anke qndo sxo""",
    "de": """hdl hdgdl lg vllt vlt kp mfg bzw usw jz kommste biste weißte gehste isses gibts
        bissl habs gehts glg ggf evtl""",
    "tr": """slm nbr tmm tşk tsk tşkler tskler gnydn kib mrb mrhb nslsn napıyosun napıyon naptın nptn
        eyw eyv knk aslnda bisi bişi tmmdr nerdsn gelcem gelicem gidicem yapcam""",
}
SPEAK_GAP = 0.5
SPEAK_CEILING = 3.0
SPEAK_MIN_LENGTH = 3
EXCLUDE = set("""hola estás está porque nos vale feliz tu llamo días bos
estou agora noite vamos sim dia tamam mais je non bien pour est salut vos""".split())


def letters_only(word):
    return all(c.isalpha() for c in word) and word == word.lower()


def frequent(lang, top, floor, min_length=MIN_LENGTH, exclude=EXCLUDE):
    """(word, Zipf) for the words of letters only among `lang`'s `top` most frequent, down to Zipf `floor`."""
    for word in wordfreq.top_n_list(lang, top):
        if len(word) < min_length or not letters_only(word) or word in exclude:
            continue
        z = wordfreq.zipf_frequency(word, lang)
        if z < floor:
            break
        yield word, z


def chat_words():
    kept = {}
    for lang in CLASSES:
        rivals = [x for x in CLASSES + OTHERS if x != lang]
        kept[lang] = [word for word, z in frequent(lang, TOP, ZIPF)
                      if all(z - wordfreq.zipf_frequency(word, r) >= GAP for r in rivals)]
    return kept


def bare(word):
    """The word without its marks, as SMS typed without them write it (`não` -> `nao`, `ı` -> `i`)."""
    return "".join(c for c in unicodedata.normalize("NFD", word) if not unicodedata.combining(c)).replace("ı", "i")


def other_words():
    """Words only the other Latin-script languages write (see OTHER_TOP), most frequent first."""
    unmarked = {}
    for lang in CLASSES:
        table = unmarked[lang] = {}
        for word in wordfreq.top_n_list(lang, BARE_TOP):
            b = bare(word)
            if b != word:
                table[b] = max(table.get(b, 0.0), wordfreq.zipf_frequency(word, lang))
    kept = {}
    for other in OTHERS:
        for word, z in frequent(other, OTHER_TOP, OTHER_ZIPF, exclude=()):
            for form in (word, bare(word)):
                if form not in kept and all(z - max(wordfreq.zipf_frequency(form, c), unmarked[c].get(form, 0.0)) >= OTHER_GAP
                                            for c in CLASSES):
                    kept[form] = z
    ceiling = OTHER_ZIPF - OTHER_GAP + 1
    hand = [w for w in OTHER_HAND if w not in kept
            and all(max(wordfreq.zipf_frequency(w, c), unmarked[c].get(w, 0.0)) < ceiling for c in CLASSES)]
    return sorted(kept, key=lambda w: -kept[w]) + hand


def one_not_other(lang, other):
    return [word for word, z in frequent(lang, ES_PT_TOP, ES_PT_ZIPF, min_length=1)
            if z - wordfreq.zipf_frequency(word, other) >= ES_PT_GAP]


def chat_speak(kept):
    """SPEAK's spellings that pass the test above, by class."""
    out = {}
    for lang, words in SPEAK.items():
        rivals = [x for x in CLASSES + OTHERS if x != lang]
        chat = set(kept[lang])
        out[lang] = []
        for word in words.split():
            if word in chat:
                continue
            z = wordfreq.zipf_frequency(word, lang)
            r = max(wordfreq.zipf_frequency(word, x) for x in rivals)
            if z > 0 and z - r >= SPEAK_GAP and r < SPEAK_CEILING or z == 0 and r == 0 and len(word) >= SPEAK_MIN_LENGTH:
                out[lang].append(word)
    return out


def main():
    kept = chat_words()
    speak = chat_speak(kept)
    es_pt = {"spanish": one_not_other("es", "pt"), "portuguese": one_not_other("pt", "es")}
    others = other_words()
    if "--print" in sys.argv:
        for lang, words in list(kept.items()) + [("xx", others)]:
            print(lang, len(words), " ".join(words[:80]))
        for lang, words in speak.items():
            print(lang, "speak", len(words), " ".join(words))
        return
    lines = ["// Generated by bench/langid/chatwords.py from wordfreq (CC BY-SA 4.0): do not edit.",
             f"// Words among a language's {TOP} most frequent (Zipf >= {ZIPF}) and >= {GAP} Zipf units",
             "// more frequent there than in any other class or other Latin-script language.",
             "",
             "extension WordTable {",
             "    /// Chat words only one Latin-script class writes, by class (see bench/langid/chatwords.py).",
             "    static let chatWords: [(Language, String)] = ["]
    for lang, words in kept.items():
        lines.append(f"        (.{lang}, \"\"\"")
        for i in range(0, len(words), 12):
            lines.append("            " + " ".join(words[i:i + 12]))
        lines.append("            \"\"\"),")
    lines += ["    ]", "",
              f"    /// Words among Spanish's (Portuguese's) {ES_PT_TOP} most frequent (Zipf >= {ES_PT_ZIPF}) and >= {ES_PT_GAP}",
              "    /// Zipf units more frequent there than in the other of the two (see bench/langid/chatwords.py)."]
    for name, words in es_pt.items():
        lines.append(f"    static let {name}Frequent = \"\"\"")
        for i in range(0, len(words), 12):
            lines.append("        " + " ".join(words[i:i + 12]))
        lines.append("        \"\"\"")
    lines += ["",
              f"    /// Words among another Latin-script language's {OTHER_TOP} most frequent (Zipf >= {OTHER_ZIPF}) and >= {OTHER_GAP}",
              "    /// Zipf units more frequent there than in each class, marks left out or not, on either side",
              "    /// (see bench/langid/chatwords.py).",
              "    static let otherLatinWords = \"\"\""]
    for i in range(0, len(others), 12):
        lines.append("        " + " ".join(others[i:i + 12]))
    lines += ["        \"\"\"", "",
              "    /// SMS spellings of each class beyond `englishChatSpeak` (filtered by wordfreq), by class",
              "    /// (see bench/langid/chatwords.py).",
              "    static let chatSpeak: [(Language, String)] = ["]
    for lang, words in speak.items():
        lines.append(f"        (.{lang}, \"{' '.join(words)}\"),")
    lines += ["    ]", "}", ""]
    with open(OUT, "w", encoding="utf-8") as f:
        f.write("\n".join(lines))
    print(f"wrote {os.path.relpath(OUT)}: " + ", ".join(f"{k} {len(v)}" for k, v in kept.items())
          + ", " + ", ".join(f"{k} {len(v)}" for k, v in es_pt.items()) + f", other {len(others)}"
          + ", speak " + ", ".join(f"{k} {len(v)}" for k, v in speak.items()))


if __name__ == "__main__":
    main()
