#!/usr/bin/env python3
"""The SMS Backup & Restore XML reader beside NDJSON (`make bench-archives`).

Generates an export as the app writes it (every attribute of <sms>, emoji as
surrogate-pair references, one MMS in 20 with SMIL, text and a base64 picture
part, a third of the messages sent) of about --size-mb megabytes, and the same
received messages as NDJSON (id, sender, body, date: what the XML reader makes
of them). Then runs `msgsift classify` on each, rounds alternated, and prints
wall time, records/s, MB/s and peak RSS (/usr/bin/time), with the ratios XML
to NDJSON. The two outputs must be identical (checked).

Not part of `make test`; the figures go in bench/RESULTS.md by hand.
"""
import argparse
import hashlib
import json
import os
import random
import statistics
import subprocess
import sys
import time

WORDS = ("hello your code is 1234 win a prize now click bit.ly/x meet me at the cafe tomorrow ok thanks "
         "verify account bank transfer pending shalom מה נשמע 您好 привет offer today only").split()
EMOJI = [(0x1F600, "&#55357;&#56832;"), (0x1F44D, "&#55357;&#56397;"), (0x2764, "&#10084;")]


def iso(ms):
    s, m = divmod(ms, 1000)
    return time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(s)) + ".%03dZ" % m


def xml_attr(text):
    return text.replace("&", "&amp;").replace("\"", "&quot;").replace("<", "&lt;").replace("\n", "&#10;")


def generate(xml_path, ndjson_path, size_mb, seed):
    rng = random.Random(seed)
    picture = "/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAgGBgcGBQgHBwcJCQgKDBQNDAsLDBkSEw8UHRofHh0aHBwgJC4nICIsIxwcKDcpLDAxNDQ0" * 20
    target = size_mb * 1_000_000
    received = 0
    position = 0
    with open(xml_path, "w", encoding="utf-8") as x, open(ndjson_path, "w", encoding="utf-8") as n:
        x.write("<?xml version='1.0' encoding='UTF-8' standalone='yes' ?>\n"
                "<!--File Created By SMS Backup & Restore v10.20.002 on 05/12/2026 07:00:00-->\n"
                "<smses count=\"0\" backup_set=\"00000000-0000-4000-8000-000000000000\" backup_date=\"1764918000000\" type=\"full\">\n")
        while x.tell() < target:
            position += 1
            date = 1_600_000_000_000 + position * 7919
            sender = "+1555%07d" % rng.randrange(10_000_000) if rng.random() < 0.8 else rng.choice(["BANK", "Mom", "AMAZON", "12345"])
            words = [rng.choice(WORDS) for _ in range(rng.randint(3, 30))]
            body_xml = body = " ".join(words)
            if rng.random() < 0.15:
                code, ref = rng.choice(EMOJI)
                body += " " + chr(code)
                body_xml = xml_attr(body_xml) + " " + ref
            else:
                body_xml = xml_attr(body_xml)
            sent = rng.random() < 0.33
            if position % 20 == 0:
                box = 2 if sent else 1
                x.write(f'  <mms date="{date}" spam_report="0" ct_t="application/vnd.wap.multipart.related" msg_box="{box}" address="{sender}~+15550000000" '
                        f'sub_cs="null" re_type="null" retr_st="null" d_tm="null" exp="null" locked="0" m_id="null" st="null" date_sent="0" read="1" '
                        f'm_size="null" rr="129" sub="null" seen="1" text_only="0" sub_id="1" m_type="132" v="18" m_cls="personal" '
                        f'readable_date="x" contact_name="(Unknown)">\n'
                        f'    <parts>\n'
                        f'      <part seq="-1" ct="application/smil" name="null" chset="null" cl="smil.xml" text="&lt;smil&gt;&lt;body&gt;&lt;/body&gt;&lt;/smil&gt;" />\n'
                        f'      <part seq="0" ct="image/jpeg" name="a.jpg" chset="null" cl="a.jpg" data="{picture}" />\n'
                        f'      <part seq="0" ct="text/plain" name="null" chset="106" cl="text_0.txt" text="{body_xml}" />\n'
                        f'    </parts>\n'
                        f'    <addrs>\n'
                        f'      <addr address="{sender}" type="137" charset="106" />\n'
                        f'      <addr address="+15550000000" type="151" charset="106" />\n'
                        f'    </addrs>\n'
                        f'  </mms>\n')
            else:
                kind = 2 if sent else 1
                x.write(f'  <sms protocol="0" address="{sender}" date="{date}" type="{kind}" subject="null" body="{body_xml}" toa="null" '
                        f'sc_toa="null" service_center="null" read="1" status="-1" locked="0" date_sent="0" sub_id="1" '
                        f'readable_date="x" contact_name="(Unknown)" />\n')
            if not sent:
                received += 1
                n.write(json.dumps({"id": position, "sender": sender, "body": body, "date": iso(date)}, ensure_ascii=False) + "\n")
        x.write("</smses>\n")
    return received


def timed(cmd, out_path):
    with open(out_path, "wb") as out:
        p = subprocess.run(["/usr/bin/time", "-f", "%e %M %U %S"] + cmd, stdout=out, stderr=subprocess.PIPE)
    if p.returncode != 0:
        sys.exit("failed: %s\n%s" % (" ".join(cmd), p.stderr.decode(errors="replace")))
    wall, rss, user, system = p.stderr.decode().strip().splitlines()[-1].split()
    return float(wall), int(rss) / 1024, float(user) + float(system)


def md5(path):
    h = hashlib.md5()
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--size-mb", type=int, default=1000)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--dir", default="/tmp/msgsift-bench-archives")
    ap.add_argument("--binary", default=".build/release/msgsift")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    os.makedirs(args.dir, exist_ok=True)
    xml = os.path.join(args.dir, "backup-%d.xml" % args.size_mb)
    ndjson = os.path.join(args.dir, "backup-%d.ndjson" % args.size_mb)
    count_path = xml + ".count"
    if not (os.path.exists(xml) and os.path.exists(ndjson) and os.path.exists(count_path)):
        started = time.time()
        received = generate(xml, ndjson, args.size_mb, args.seed)
        with open(count_path, "w") as f:
            f.write(str(received))
        print("generated %s (%.0f MB) and %s (%.0f MB) in %.0f s" % (xml, os.path.getsize(xml) / 1e6, ndjson, os.path.getsize(ndjson) / 1e6, time.time() - started))
    received = int(open(count_path).read())
    rules = ["--no-db", "--filters", "samples/rules.sfsfilters", "--lists", "samples/lists.json", "--lists-languages", "he,en",
             "--rule", "links", "--rule", "short-sender=5", "--rule", "email", "--rule", "emojis", "--rule", "country-allowlist=+972,+1,+44"]
    runs = {"xml": [], "ndjson": []}
    outs = {}
    for _ in range(args.rounds):
        for name, path in (("xml", xml), ("ndjson", ndjson)):
            out = os.path.join(args.dir, "verdicts-%s.ndjson" % name)
            runs[name].append(timed([args.binary, "classify", "--jobs", "2"] + rules + [path], out))
            outs[name] = out
    same = md5(outs["xml"]) == md5(outs["ndjson"])
    print("received messages: %d (of the export's <sms>/<mms>; the NDJSON holds these)" % received)
    print("verdicts identical: %s" % same)
    rows = {}
    for name, path in (("xml", xml), ("ndjson", ndjson)):
        wall = statistics.median(r[0] for r in runs[name])
        rss = max(r[1] for r in runs[name])
        cpu = statistics.median(r[2] for r in runs[name])
        size = os.path.getsize(path) / 1e6
        rows[name] = (wall, rss, cpu)
        print("%-7s %7.0f MB  %6.2f s (median of %d)  %9.0f records/s  %6.0f MB/s  CPU %6.2f s  peak RSS %5.1f MiB  (walls: %s)" % (
            name, size, wall, args.rounds, received / wall, size / wall, cpu, rss, ", ".join("%.2f" % r[0] for r in runs[name])))
    print("XML vs NDJSON: %.2fx the time, %.2fx the CPU time, %.2fx the peak RSS" % (
        rows["xml"][0] / rows["ndjson"][0], rows["xml"][2] / rows["ndjson"][2], rows["xml"][1] / rows["ndjson"][1]))
    if not same:
        sys.exit(1)


if __name__ == "__main__":
    main()
