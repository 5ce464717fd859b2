#!/usr/bin/env python3
"""A straightforward Python implementation of msgsift's rules: what a user
would write with json and re. It is the speed baseline of `make bench`, not a
reference: it has no language detection (blocked languages never match) and
its link rule is a plain regex.

usage: baseline.py RULES.sfsfilters LISTS.json LANGS ARGS.txt < corpus.ndjson > verdicts.ndjson
"""
import json
import re
import sys

LANG_ORDER = ["en", "he", "ar", "zh-Hans", "zh-Hant", "fr", "de", "it", "ja", "fa", "pt", "ru", "es", "tr"]
LINK = re.compile(r"(?i)\b[a-z][a-z0-9+.-]*://\S|\bwww\.\w|\b[\w-]+(?:\.[\w-]+)*\.(?:com|net|org|ly|co|io|il|uk|de|fr|info|me)\b(?!@)")
EMOJI = re.compile("[\U0001F000-\U0001FAFF\u2600-\u27BF\u2B50\u2B55\u231A\u231B\u23E9-\u23FA\uFE0F\u20E3]")


def load(rules_path, lists_path, langs, args):
    filters = json.load(open(rules_path, encoding="utf-8"))["filters"]
    compiled = []
    for f in filters:
        if f["type"] == "denyLanguage":
            continue
        if f["matching"] == "regex":
            test = re.compile(f["text"]).search
        elif f["matching"] == "exact":
            flags = re.IGNORECASE if f["case"] == "insensitive" else 0
            test = re.compile(r"(?<![^\W\d_])" + re.escape(f["text"]) + r"(?![^\W\d_])", flags).search
        elif f["case"] == "insensitive":
            needle = f["text"].casefold()
            test = lambda s, n=needle: n in s.casefold()
        else:
            test = lambda s, n=f["text"]: n in s
        compiled.append((f["type"], f.get("folder", "junk"), f["target"], test, f["text"]))
    lists = json.load(open(lists_path, encoding="utf-8"))["filter_lists"]
    on = [l for l in LANG_ORDER if l in langs and l in lists]
    rules = {}
    i = 0
    while i < len(args):
        if args[i] == "--rule":
            name, _, value = args[i + 1].partition("=")
            rules[name] = value
        i += 1
    return compiled, lists, on, rules


def verdict(msg, compiled, lists, on, rules):
    sender = str(msg.get("sender") or "")
    body = str(msg.get("body") or "")
    texts = {"all": body + " " + sender, "sender": sender, "body": body}
    for t, folder, target, test, text in compiled:
        if t == "allow" and test(texts[target]):
            return "allow", "allowFilter", text
    s, b = sender.casefold(), body.casefold()
    for l in on:
        if any(s == e.casefold() for e in lists[l]["allow_sender"]) or any(e.casefold() in b for e in lists[l]["allow_body"]):
            return "allow", "automaticAllow", l
    if "links" in rules and LINK.search(body):
        return "junk", "smartRule", "links"
    if "short-sender" in rules and len(sender) <= int(rules["short-sender"] or 5):
        return "junk", "smartRule", "short-sender"
    if "email" in rules and "@" in sender and "." in sender:
        return "junk", "smartRule", "email"
    if "emojis" in rules and EMOJI.search(body):
        return "junk", "smartRule", "emojis"
    if "country-allowlist" in rules:
        digits = "".join(c for c in sender if c.isdigit() or c == "+")
        allowed = [c.strip("+") for c in rules["country-allowlist"].split(",")]
        if digits.startswith("+") and not any(digits[1:].startswith(c) for c in allowed):
            return "junk", "smartRule", "country-allowlist"
    for t, folder, target, test, text in compiled:
        if t == "deny" and test(texts[target]):
            return folder, "denyFilter", text
    for l in on:
        if any(s == e.casefold() for e in lists[l]["deny_sender"]) or any(e.casefold() in b for e in lists[l]["deny_body"]):
            return "junk", "automaticDeny", l
    return "allow", "noMatch", None


def main():
    compiled, lists, on, rules = load(sys.argv[1], sys.argv[2], sys.argv[3].split(","), open(sys.argv[4]).read().split())
    out = sys.stdout
    for n, line in enumerate(sys.stdin, 1):
        if not line.strip():
            continue
        try:
            msg = json.loads(line)
        except ValueError as e:
            out.write(json.dumps({"record": n, "error": str(e)}) + "\n")
            continue
        action, stage, reason = verdict(msg, compiled, lists, on, rules)
        out.write(json.dumps({"record": n, "id": msg.get("id"), "action": action, "stage": stage, "reason": reason}, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    main()
