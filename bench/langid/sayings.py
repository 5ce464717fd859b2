#!/usr/bin/env python3
"""Sayings, quotes, jokes and IRC lines no one here wrote: msgsift-langid beside lingua and langid.py.

A third shape of held-out text, beside bench.py's translated software and
chat.py's chat: Debian's fortune cookies (`apt-get download`, unpacked into
data/fortunes/, git-ignored), one cookie a text, its attribution lines
(`-- Author`) and terminal colour codes dropped. Written by people, for people,
with names, numbers and the odd line of another language in them, as real
messages have. Used for evaluation only: nothing is trained or chosen on them,
so there is no tune part. (espt.py trains on fortunes-es and fortunes-br, so
Spanish and Portuguese are not here.)

Sets (label: package):
- en: `fortunes` (not `ascii-art`, nor `translate-me`);
- de: `fortunes-de` (not `translations`, English and German side by side);
- it: `fortunes-it` (written in ASCII: `e'` for `è`, as people type it);
- ru: `fortunes-ru`;
- zh: `fortunes-zh` (Tang and Song poems, the Book of Songs, Debian's code
  of conduct), written in both simplified and traditional characters, so
  either variant is right; the split of msgsift's answers is printed;
- xx (must be undetermined): `fortunes-cs`, `fortunes-pl`, `fortunes-eo`,
  `fortunes-ga` in set xx-latin, `fortunes-bg` in set xx-cyrillic (Bulgarian,
  which must not be read as Russian).

Cookies of 10 to 640 characters; at most 4,000 a set, every n-th. Prints per
set right / undetermined / wrong for msgsift, lingua (never abstains),
langid.py and langid.py keeping answers with p >= 0.9, for all cookies and for
those of SMS length (up to 160 characters); then msgsift's confusions and up
to 10 of its wrong answers per set, so that a reader can tell a wrong answer
from a cookie in another language than its package's.

Usage: sayings.py BINARY
"""
import collections
import glob
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import extract  # noqa: E402
from chat import all_answers, detectors, fmt, msgsift, print_wrong, score  # noqa: E402

ROOT = os.path.join(HERE, "data", "fortunes")
GAMES = "usr/share/games/fortunes"
SETS = {  # set: (label, [(package, folder under GAMES, files left out)])
    "en": ("en", [("fortunes", "", {"ascii-art", "translate-me"})]),
    "de": ("de", [("fortunes-de", "de", {"translations"})]),
    "it": ("it", [("fortunes-it", "it", set())]),
    "ru": ("ru", [("fortunes-ru", "ru", set())]),
    "zh": ("zh", [("fortunes-zh", "", set())]),
    "xx-latin": ("xx", [("fortunes-cs", "cs", set()), ("fortunes-pl", "pl", set()),
                        ("fortunes-eo", "eo", set()), ("fortunes-ga", "ga", set())]),
    "xx-cyrillic": ("xx", [("fortunes-bg", "bg", set())]),
}
LIMIT = 4000
COLOUR = re.compile(r"\x1b\[[0-9;]*m")
ATTRIBUTION = re.compile(r"^\s*--\s*\S")


def fortunes(package):
    """The folder Debian's `package` is unpacked into under data/fortunes/ (fetched and
    unpacked as extract.py fetches its packages, the first time)."""
    return extract.fetch([(package, None)], ROOT)[package]


def cookies(package, sub, left_out):
    folder = os.path.join(fortunes(package), GAMES, sub)
    out = []
    for path in sorted(glob.glob(os.path.join(folder, "*"))):
        name = os.path.basename(path)
        if not os.path.isfile(path) or name.endswith((".dat", ".u8")) or name in left_out:
            continue
        with open(path, encoding="utf-8", errors="replace") as f:
            for cookie in f.read().split("\n%\n"):
                lines = [COLOUR.sub("", line) for line in cookie.splitlines()]
                text = " ".join(" ".join(line for line in lines if not ATTRIBUTION.match(line)).split())
                if 10 <= len(text) <= 640:
                    out.append(text)
    return out


def load_sets():
    sets = {}
    for name, (label, sources) in SETS.items():
        texts = list(dict.fromkeys(t for source in sources for t in cookies(*source)))
        step = max(1, -(-len(texts) // LIMIT))
        sets[name] = (label, texts[::step])
    return sets


def main():
    binary = sys.argv[1]
    sets = load_sets()
    lingua, langid = detectors()
    print("right / undetermined / wrong, % of texts (for xx, right = undetermined); "
          "first all cookies, then those of at most 160 characters")
    print(f"{'set':17} {'n':>5}  {'msgsift':>20}  {'lingua':>20}  {'langid.py':>20}  {'langid.py p>=0.9':>20}")
    details = []
    split = None
    for name, (label, texts) in sets.items():
        ours = msgsift(binary, texts)
        if label == "zh":
            split = f"{sum(g == 'zh-Hans' for g in ours)} zh-Hans, {sum(g == 'zh-Hant' for g in ours)} zh-Hant"
            ours = ["zh" if g in ("zh-Hans", "zh-Hant") else g for g in ours]
        answers = all_answers(ours, texts, lingua, langid)
        short = [i for i, t in enumerate(texts) if len(t) <= 160]
        for tag, idx in (("", range(len(texts))), (" <=160", short)):
            row = [fmt(score(label, [a[i] for i in idx])) for a in answers.values()]
            print(f"{name + tag:17} {len(idx):5}  " + "  ".join(f"{c:>20}" for c in row))
        ours = answers["msgsift"]
        wrong = [(g, t) for g, t in zip(ours, texts) if g is not None and score(label, [g])[2]]
        details.append((name, collections.Counter(g for g, _ in wrong), wrong[:10]))
    if split:
        print(f"\nzh: msgsift names {split}")
    print_wrong(details, 110)


if __name__ == "__main__":
    main()
