#!/usr/bin/env python3
"""Django's translations, a fourth held-out shape: msgsift-langid beside lingua and langid.py.

Short interface strings of a web framework ("Enter a valid email address.",
"Select a valid choice. That choice is not one of the available choices."),
translated by Django's translators: software text like bench.py's catalogs, but from
another project, other translators and other wording. Source: the Django wheel
(PyPI, BSD-3-Clause), downloaded with pip into data/django/ (git-ignored); its
`django.mo` catalogs (django/conf/locale and every contrib app's locale folder) are
read with gettext. Used for evaluation only: nothing is trained or chosen on them,
so there is no tune part, and a string that also appears among extract.py's
sentences (training or held out) or espt.py's neighbours' training sentences is left out.

Sets (label: Django's locale folders):
- one per supported language (`es`: es, es_AR, es_CO, es_MX, es_VE; `pt`: pt, pt_BR;
  `ar`: ar, ar_DZ), and `en` from the catalogs' English source strings;
- xx-latin (must be undetermined): Dutch, Polish, Swedish, Romanian, Czech, Danish,
  Finnish, Hungarian, Indonesian, Catalan, Galician, Basque, Croatian, Slovak,
  Slovenian, Lithuanian, Latvian, Estonian, Norwegian Bokmål, Serbian in Latin letters;
- xx-cyrillic (must be undetermined): Ukrainian, Bulgarian, Macedonian, Serbian,
  Belarusian, Kazakh.

Each translated string is cleaned as extract.py cleans catalog strings (placeholders,
Python's named ones too, and tags out; split into sentences), kept from 20 characters (bench.py's floor) and
once per set. Prints per set right / undetermined / wrong for msgsift, lingua (never
abstains), langid.py and langid.py keeping answers with p >= 0.9, then msgsift's
confusions and up to 10 of its wrong answers per set.

Usage: django.py BINARY
"""
import collections
import glob
import os
import re
import subprocess
import sys
import zipfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import extract  # noqa: E402
from chat import report_held_out  # noqa: E402

PACKAGE = "django==5.1.4"
ROOT = os.path.join(HERE, "data", "django")
LABELS = {
    "fr": "fr", "de": "de", "it": "it", "tr": "tr", "ru": "ru", "he": "he", "fa": "fa", "ja": "ja",
    "es": "es", "es_AR": "es", "es_CO": "es", "es_MX": "es", "es_VE": "es", "pt": "pt", "pt_BR": "pt",
    "ar": "ar", "ar_DZ": "ar", "zh_Hans": "zh-Hans", "zh_Hant": "zh-Hant",
}
XX_LATIN = ["nl", "pl", "sv", "ro", "cs", "da", "fi", "hu", "id", "ca", "gl", "eu", "hr", "sk", "sl", "lt", "lv",
            "et", "nb", "sr_Latn"]
XX_CYRILLIC = ["uk", "bg", "mk", "sr", "be", "kk"]
MIN_LENGTH = 20
# Python's named placeholders (`%(field_label)s`, `%(value)r`), which extract.py's cleaning
# (made for Mozilla's and LibreOffice's) leaves: their names are English identifiers.
NAMED = re.compile(r"%\([^)]*\)[-+ #0]*\d*(\.\d+)?[a-zA-Z]")


def unpacked():
    """The wheel's folder under data/django/ (downloaded and unpacked the first time)."""
    folder = os.path.join(ROOT, "wheel")
    if not os.path.isdir(folder):
        os.makedirs(ROOT, exist_ok=True)
        subprocess.run([sys.executable, "-m", "pip", "download", "-q", "--no-deps", PACKAGE, "-d", ROOT], check=True)
        wheel = glob.glob(os.path.join(ROOT, "Django-*.whl"))[0]
        with zipfile.ZipFile(wheel) as z:
            z.extractall(folder, [n for n in z.namelist() if n.endswith("/django.mo")])
    return folder


def catalogs(locale):
    return sorted(glob.glob(os.path.join(unpacked(), "django", "**", "locale", locale, "LC_MESSAGES", "django.mo"),
                            recursive=True))


def strings(locales, ids=False):
    out = []
    for locale in locales:
        for path in catalogs(locale):
            for raw in extract.mo_strings(path, want_ids=ids):
                for s in extract.sentences(NAMED.sub(" ", raw)):
                    if len(s) >= MIN_LENGTH:
                        out.append(s)
    return out


def seen():
    """extract.py's sentences, training and held out, and espt.py's Galician, Asturian and Catalan
    training sentences (made and cached in data/train/espt-*.txt the first time, so that the
    sets are the same whether espt.py has run or not): left out here."""
    import espt  # (numpy, in the venv make bench-langid makes)
    out = set()
    for lang in espt.NEIGHBOURS:
        out.update(espt.neighbour_sentences(lang))
    for part in ("train", "eval"):
        for path in glob.glob(os.path.join(HERE, "data", part, "*.txt")):
            with open(path, encoding="utf-8") as f:
                out.update(line.rstrip("\n") for line in f)
    return out


def load_sets():
    known = seen()
    by_label = collections.defaultdict(list)
    for locale, label in LABELS.items():
        by_label[label] += strings([locale])
    by_label["en"] = strings(["de"], ids=True)
    by_label["xx-latin"] = strings(XX_LATIN)
    by_label["xx-cyrillic"] = strings(XX_CYRILLIC)
    order = extract.LANGS + ["xx-latin", "xx-cyrillic"]
    return {name: list(dict.fromkeys(t for t in by_label[name] if t not in known)) for name in order}


def main():
    binary = sys.argv[1]
    sets = load_sets()
    print(f"Django {PACKAGE.split('==')[1]}'s translations, strings of at least {MIN_LENGTH} characters; "
          "right / undetermined / wrong, % of texts (for xx, right = undetermined)")
    report_held_out(binary, sets)


if __name__ == "__main__":
    main()
