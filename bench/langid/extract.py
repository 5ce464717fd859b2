#!/usr/bin/env python3
"""Collect real translated text from Debian packages, clean it to sentences,
deduplicate, and split it deterministically into training and held-out parts.

Sources (all Debian bookworm binary packages, fetched with `apt-get download`,
unpacked with `dpkg-deb -x`, never installed):
  firefox-esr-l10n-*, thunderbird-l10n-*  Fluent/.properties/.dtd UI strings
  libreoffice-l10n-*                      gettext .mo catalogs (msgstr; msgid for en)
  libreoffice-help-*                      translated help pages (HTML; en-gb and en-us for en)
Languages msgsift does not support but that share the Latin script (nl, pl,
sv, ...) are collected as the class `xx`, so the model can tell "none of ours".

Cleaning: placeholders, markup, entities and access keys removed; text split at
sentence ends; a sentence is kept when most of its letters are in its
language's script and it has 3..400 characters. Deduplication: exact
duplicates within a language are kept once; a sentence found under two
languages (an untranslated string, a product name) is dropped from both.
Split: sha1 of the sentence; 2 in 10 go to the held-out part. Output under
bench/langid/data/ (git-ignored): train/<lang>.txt, eval/<lang>.txt,
manifest.json with counts. Raw text never enters the repository.

Usage: python3 bench/langid/extract.py [--data DIR]
"""
import argparse
import glob
import gettext
import hashlib
import html
import json
import os
import re
import subprocess
import sys
import unicodedata
import zipfile

LANGS = ["en", "he", "ar", "zh-Hans", "zh-Hant", "fr", "de", "it", "ja", "fa", "pt", "ru", "es", "tr"]
OTHER_LATIN = ["nl", "pl", "sv-se", "id", "ro", "cs", "ca", "hu", "da", "fi", "vi", "et", "sk", "hr", "nb-no", "gl", "eu", "lt", "sl", "ast"]

# language → Debian package suffixes, per source family.
MOZ = {
    "en": ["en-gb"], "he": ["he"], "ar": ["ar"], "zh-Hans": ["zh-cn"], "zh-Hant": ["zh-tw"],
    "fr": ["fr"], "de": ["de"], "it": ["it"], "ja": ["ja"], "fa": ["fa"], "pt": ["pt-pt", "pt-br"],
    "ru": ["ru"], "es": ["es-es"], "tr": ["tr"],
}
LO = {
    "en": ["en-gb"], "he": ["he"], "ar": ["ar"], "zh-Hans": ["zh-cn"], "zh-Hant": ["zh-tw"],
    "fr": ["fr"], "de": ["de"], "it": ["it"], "ja": ["ja"], "fa": ["fa"], "pt": ["pt", "pt-br"],
    "ru": ["ru"], "es": ["es"], "tr": ["tr"],
}
LO_HELP = {
    "en": ["en-gb", "en-us"], "zh-Hans": ["zh-cn"], "zh-Hant": ["zh-tw"], "fr": ["fr"], "de": ["de"],
    "it": ["it"], "ja": ["ja"], "pt": ["pt", "pt-br"], "ru": ["ru"], "es": ["es"], "tr": ["tr"],
}
SCRIPT = {
    "en": "latin", "fr": "latin", "de": "latin", "it": "latin", "pt": "latin", "es": "latin", "tr": "latin",
    "xx": "latin", "he": "hebrew", "ar": "arabic", "fa": "arabic", "ru": "cyrillic",
    "zh-Hans": "cjk", "zh-Hant": "cjk", "ja": "cjk",
}
MAX_TRAIN = 40000   # sentences per language kept for training (hash order)
MAX_EVAL = 3000     # held-out sentences per language (hash order)
MAX_OTHER = 3000    # training sentences per unsupported language in `xx`


def packages():
    """(package, language) pairs to fetch."""
    out = []
    for lang in LANGS:
        for s in MOZ[lang]:
            out.append((f"firefox-esr-l10n-{s}", lang))
            if s != "fa":
                out.append((f"thunderbird-l10n-{s}", lang))
        for s in LO[lang]:
            out.append((f"libreoffice-l10n-{s}", lang))
        for s in LO_HELP.get(lang, []):
            out.append((f"libreoffice-help-{s}", lang))
    for s in OTHER_LATIN:
        out.append((f"firefox-esr-l10n-{s}", "xx"))
    return out


def fetch(pkgs, data):
    debs = os.path.join(data, "debs")
    os.makedirs(debs, exist_ok=True)
    have = {f.split("_")[0] for f in os.listdir(debs) if f.endswith(".deb")}
    missing = sorted({p for p, _ in pkgs} - have)
    if missing:
        print(f"apt-get download {len(missing)} packages", file=sys.stderr)
        subprocess.run(["apt-get", "download", "-q", *missing], cwd=debs, check=True,
                       stdout=subprocess.DEVNULL)
    roots = {}
    for f in sorted(os.listdir(debs)):
        name = f.split("_")[0]
        root = os.path.join(data, "pkgs", name)
        if not os.path.isdir(root):
            os.makedirs(root)
            subprocess.run(["dpkg-deb", "-x", os.path.join(debs, f), root], check=True)
        roots[name] = root
    return roots


# --- reading the formats -------------------------------------------------------

def ftl_values(text):
    """Message and attribute values of a Fluent file (multi-line values joined)."""
    values, cur = [], None
    for line in text.splitlines():
        if not line.strip() or line.startswith("#"):
            if cur is not None:
                values.append(cur)
                cur = None
            continue
        m = re.match(r"^[A-Za-z-][\w-]*\s*=\s?(.*)$", line) or re.match(r"^\s+\.[\w-]+\s*=\s?(.*)$", line)
        if m:
            if cur is not None:
                values.append(cur)
            cur = m.group(1)
        elif line.startswith((" ", "\t")) and cur is not None:
            s = line.strip()
            if s.startswith(("[", "*[", "}")):   # select variants: keep the variant text
                s = re.sub(r"^\*?\[[^\]]*\]\s*", "", s)
                s = "" if s == "}" else s
            cur += " " + s
    if cur is not None:
        values.append(cur)
    return values


def properties_values(text):
    out = []
    for line in text.splitlines():
        line = line.strip()
        if not line or line[0] in "#!" or "=" not in line:
            continue
        v = line.split("=", 1)[1].strip()
        v = re.sub(r"\\u([0-9a-fA-F]{4})", lambda m: chr(int(m.group(1), 16)), v)
        out.extend(v.split(";"))   # plural forms are ;-separated
    return out


def dtd_values(text):
    return re.findall(r'<!ENTITY\s+\S+\s+"([^"]*)"', text)


def xpi_strings(path):
    out = []
    with zipfile.ZipFile(path) as z:
        for n in z.namelist():
            if "locales-preview" in n:
                continue
            try:
                t = z.read(n).decode("utf-8")
            except UnicodeDecodeError:
                continue
            if n.endswith(".ftl"):
                out.extend(ftl_values(t))
            elif n.endswith(".properties"):
                out.extend(properties_values(t))
            elif n.endswith(".dtd"):
                out.extend(dtd_values(t))
    return out


def mo_strings(path, want_ids=False):
    with open(path, "rb") as f:
        cat = gettext.GNUTranslations(f)._catalog
    out = []
    for k, v in cat.items():
        key = k[0] if isinstance(k, tuple) else k
        if not key:
            continue
        if want_ids:
            out.append(key.split("\x04")[-1])   # drop msgctxt
        else:
            out.append(v)
    return out


BLOCK = re.compile(r"<(p|h[1-6]|li|td|th|div|br)\b[^>]*>", re.I)


def help_strings(path):
    t = open(path, encoding="utf-8", errors="replace").read()
    i = t.find('id="DisplayArea"')
    if i < 0:
        return []
    t = t[i:]
    t = re.sub(r"<(pre|code|script|style)\b.*?</\1>", " ", t, flags=re.S | re.I)
    t = re.sub(r'<[^>]*class="(bascode|code|input|literal|emph)"[^>]*>.*?</span>', " X ", t, flags=re.S)
    t = re.sub(r"Title is:", " ", t)     # a heading the help build adds in English
    t = BLOCK.sub("\n", t)
    t = re.sub(r"<[^>]+>", "", t)
    return html.unescape(t).split("\n")


# --- cleaning ----------------------------------------------------------------------

PLACEHOLDER = re.compile(
    r"\{[^{}]*\}|\{\s*\$?[\w-]+\s*->|\*?\[\w+\]|[{}]|%[A-Z]+%?|%(\d+\$)?[-+ #0]*\d*(\.\d+)?[sSdDfFuxXc@]|%\d+|\$[A-Z_]+\$?|\$\(\w+\)|&\w+;|<[^>]+>|"
    r"https?://\S+|www\.\S+|\S+@\S+\.\S+|\\n|\\t|[_~]{2,}")
SENTENCE_END = re.compile(r"(?<=[.!?؟।])\s+|(?<=[。！？])")


def script_of(ch):
    cp = ord(ch)
    if cp < 0x250 or 0x1E00 <= cp <= 0x1EFF:
        return "latin"
    if 0x590 <= cp <= 0x5FF or 0xFB1D <= cp <= 0xFB4F:
        return "hebrew"
    if 0x600 <= cp <= 0x6FF or 0x750 <= cp <= 0x77F or 0xFB50 <= cp <= 0xFEFF:
        return "arabic"
    if 0x400 <= cp <= 0x52F:
        return "cyrillic"
    if 0x3040 <= cp <= 0x30FF or 0x3400 <= cp <= 0x9FFF or 0xF900 <= cp <= 0xFAFF or cp >= 0x20000:
        return "cjk"
    return "other"


def sentences(raw):
    s = unicodedata.normalize("NFC", raw)
    s = PLACEHOLDER.sub(" ", s)
    s = re.sub(r"&(?=\w)", "", s)          # access keys: &File
    s = re.sub(r"\s+", " ", s).strip()
    for part in SENTENCE_END.split(s):
        part = part.strip(" -–—:;,|*•\"'()[]")
        if 3 <= len(part) <= 400:
            yield part


def fits_script(text, lang):
    letters = [c for c in text if c.isalpha()]
    if len(letters) < 3:
        return False
    want = SCRIPT[lang]
    return sum(script_of(c) == want for c in letters) * 2 > len(letters)


def key(s):
    return hashlib.sha1(s.encode("utf-8")).hexdigest()


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--data", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), "data"))
    args = ap.parse_args()
    pkgs = packages()
    roots = fetch(pkgs, args.data)

    by_lang = {}          # lang → {sentence: source}
    by_other = {}         # unsupported language → set
    for pkg, lang in pkgs:
        root = roots[pkg]
        raws = []
        for xpi in glob.glob(os.path.join(root, "usr/lib/**/*.xpi"), recursive=True):
            raws += xpi_strings(xpi)
        for mo in glob.glob(os.path.join(root, "usr/lib/libreoffice/program/resource/*/LC_MESSAGES/*.mo")):
            raws += mo_strings(mo)
            if lang == "en":
                raws += mo_strings(mo, want_ids=True)
        for h in glob.glob(os.path.join(root, "usr/share/libreoffice/help/*/text/**/*.html"), recursive=True):
            raws += help_strings(h)
        family = pkg.rsplit("-", 1)[0] if lang != "xx" else pkg
        kept = 0
        target = by_other.setdefault(pkg, set()) if lang == "xx" else by_lang.setdefault(lang, {})
        for raw in raws:
            for s in sentences(raw):
                if fits_script(s, lang):
                    if lang == "xx":
                        target.add(s)
                    else:
                        target.setdefault(s, pkg)
                    kept += 1
        print(f"{pkg:32} {lang:8} {kept:7} sentences", file=sys.stderr)

    # A sentence under two labels is an untranslated string or a name: drop it everywhere.
    seen = {}
    for lang, d in by_lang.items():
        for s in d:
            seen.setdefault(s.casefold(), set()).add(lang)
    for o, d in by_other.items():
        for s in d:
            seen.setdefault(s.casefold(), set()).add(o)
    shared = {k for k, v in seen.items() if len(v) > 1}

    manifest = {"sources": sorted({p for p, _ in pkgs}), "languages": {}}
    os.makedirs(os.path.join(args.data, "train"), exist_ok=True)
    os.makedirs(os.path.join(args.data, "eval"), exist_ok=True)
    groups = {lang: list(d) for lang, d in by_lang.items()}
    groups["xx"] = []
    xx_eval = []
    for o, d in sorted(by_other.items()):
        ss = sorted((s for s in d if s.casefold() not in shared), key=key)
        ev = [s for s in ss if int(key(s)[:8], 16) % 10 < 2]
        tr = [s for s in ss if int(key(s)[:8], 16) % 10 >= 2]
        groups["xx"] += tr[:MAX_OTHER]
        xx_eval += ev[:MAX_EVAL // len(by_other) + 1]
    for lang, ss in groups.items():
        ss = sorted({s for s in ss if s.casefold() not in shared}, key=key)
        ev = [s for s in ss if int(key(s)[:8], 16) % 10 < 2] if lang != "xx" else xx_eval
        tr = [s for s in ss if int(key(s)[:8], 16) % 10 >= 2]
        ev, tr = ev[:MAX_EVAL], tr[:MAX_TRAIN if lang != "xx" else len(tr)]
        for part, rows in (("train", tr), ("eval", ev)):
            with open(os.path.join(args.data, part, f"{lang}.txt"), "w", encoding="utf-8") as f:
                for s in rows:
                    f.write(s + "\n")
        manifest["languages"][lang] = {
            "unique": len(ss), "train": len(tr), "eval": len(ev),
            "eval_ge20": sum(len(s) >= 20 for s in ev),
        }
        print(f"{lang:8} unique {len(ss):7}  train {len(tr):6}  eval {len(ev):5}", file=sys.stderr)
    with open(os.path.join(args.data, "manifest.json"), "w") as f:
        json.dump(manifest, f, indent=1)


if __name__ == "__main__":
    main()
