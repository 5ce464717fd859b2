#!/usr/bin/env python3
"""GNOME's desktop help, a fifth held-out shape: msgsift-langid beside lingua and langid.py.

Whole sentences of instructional prose ("If your computer has a wireless network
connection, you can connect to a wireless network within range to get access to the
internet."), written for people and translated by GNOME's translators: closer to running
text than bench.py's interface strings, and from another project than extract.py's
LibreOffice help pages. Source: Debian's `gnome-user-docs` (GNOME Help, CC BY-SA 3.0;
fetched with `apt-get download` into data/gnome/, git-ignored), its Mallard pages
(usr/share/help/<locale>/*/*.page), the text of each paragraph (`<p>`) with code, commands,
file names, keys and typed input left out (as spaces), split into sentences as extract.py
splits catalog strings, kept from 20 characters (bench.py's floor) and once per set.
Used for evaluation only: nothing is trained or chosen on it, so there is no tune part.

A translation leaves the paragraphs it has not translated in English: a sentence that the
English pages (`C`) hold is left out of every other set. A sentence that extract.py's
sentences (training or held out) or espt.py's neighbours' training sentences hold is left
out too.

Sets (label: GNOME's locale folders): one per supported language the package translates
(`pt`: pt and pt_BR; `zh-Hans`: zh_CN; `en`: C; no Arabic and no Traditional Chinese, and
Hebrew's and Turkish's pages are English: `MIN_SET`);
xx-latin (must be undetermined): Catalan, Czech, Danish, Finnish, Galician, Croatian,
Hungarian, Indonesian, Lithuanian, Latvian, Dutch, Polish, Romanian, Slovenian, Serbian
in Latin letters, Swedish, Vietnamese; xx-cyrillic (must be undetermined): Ukrainian,
Serbian; xx-other (must be undetermined, scripts none of the 14 writes): Assamese, Greek,
Gujarati, Hindi, Kannada, Korean, Marathi, Punjabi, Tamil, Telugu. At most `LIMIT` texts
a set, every n-th.

Prints per set right / undetermined / wrong for msgsift, lingua (never abstains),
langid.py and langid.py keeping answers with p >= 0.9, then msgsift's confusions and up to
10 of its wrong answers per set, and whether bench.py's news-like targets hold here.

Usage: gnome.py BINARY
"""
import collections
import functools
import glob
import os
import sys
import xml.etree.ElementTree as ET

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import bench  # noqa: E402
import extract  # noqa: E402
from chat import report_held_out  # noqa: E402
from django import seen  # noqa: E402

PACKAGE = "gnome-user-docs"
ROOT = os.path.join(HERE, "data", "gnome")
LABELS = {
    "C": "en", "de": "de", "es": "es", "fa": "fa", "fr": "fr", "he": "he", "it": "it", "ja": "ja",
    "pt": "pt", "pt_BR": "pt", "ru": "ru", "tr": "tr", "zh_CN": "zh-Hans",
}
XX = {
    "xx-latin": ["ca", "cs", "da", "fi", "gl", "hr", "hu", "id", "lt", "lv", "nl", "pl", "ro", "sl", "sr@latin",
                 "sv", "vi"],
    "xx-cyrillic": ["uk", "sr"],
    "xx-other": ["as", "el", "gu", "hi", "kn", "ko", "mr", "pa", "ta", "te"],
}
MIN_LENGTH = 20
LIMIT = 3000
# A set with fewer translated sentences is left out (said so): GNOME 43's Hebrew help is
# English throughout, its Turkish translates four sentences.
MIN_SET = 200
MALLARD = "{http://projectmallard.org/1.0/}"
# Elements whose text is no sentence of the page's language: code, commands, file names,
# keys, what the user types or the system prints, and pictures.
LEFT_OUT = {MALLARD + name for name in ("code", "cmd", "file", "input", "output", "sys", "var", "key", "keyseq",
                                        "media", "screen")}


@functools.cache
def help_folder():
    """usr/share/help of the package, fetched and unpacked the first time."""
    return os.path.join(extract.fetch([(PACKAGE, None)], ROOT)[PACKAGE], "usr", "share", "help")


def text_of(element):
    """The paragraph's text, the elements of `LEFT_OUT` as spaces."""
    parts = [element.text or ""]
    for child in element:
        parts.append(" " if child.tag in LEFT_OUT else text_of(child))
        parts.append(child.tail or "")
    return "".join(parts)


def strings(locale):
    out = []
    for path in sorted(glob.glob(os.path.join(help_folder(), locale, "*", "*.page"))):
        try:
            root = ET.parse(path).getroot()
        except ET.ParseError:
            continue
        for p in root.iter(MALLARD + "p"):
            for s in extract.sentences(text_of(p)):
                if len(s) >= MIN_LENGTH:
                    out.append(s)
    return out


def load_sets():
    known = seen()
    english = set(strings("C"))
    by_label = collections.defaultdict(list)
    for locale, label in LABELS.items():
        texts = strings(locale)
        by_label[label] += texts if locale == "C" else [t for t in texts if t not in english]
    for name, locales in XX.items():
        by_label[name] += [t for locale in locales for t in strings(locale) if t not in english]
    sets, few = {}, {}
    for name in [l for l in extract.LANGS if l in by_label] + list(XX):
        texts = list(dict.fromkeys(t for t in by_label[name] if t not in known))
        if len(texts) < MIN_SET:
            few[name] = len(texts)
            continue
        step = max(1, -(-len(texts) // LIMIT))
        sets[name] = texts[::step]
    return sets, few


def main():
    binary = sys.argv[1]
    sets, few = load_sets()
    print(f"GNOME Help ({PACKAGE}), sentences of at least {MIN_LENGTH} characters, at most {LIMIT} a set; "
          "right / undetermined / wrong, % of texts (for xx, right = undetermined)")
    if few:
        print(f"left out, under {MIN_SET} translated sentences: " + ", ".join(f"{name} ({n})" for name, n in few.items()))
    right, und, wrong = report_held_out(binary, sets)
    n = right + und + wrong
    print("\nbench.py's news-like targets, on these whole sentences:")
    bench.accuracy_targets(100 * right / n, wrong, n)


if __name__ == "__main__":
    main()
