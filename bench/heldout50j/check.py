"""Verify the set: python -m bench.heldout50j.check (ends with 'problems: 0').

Reads every date back with its own parser of each region's convention (independent of
dates.py), checks each truth value is on the pages, the PDF's text layer equals the truth's
page text, the images' formats, the register's three exports, and determinism (bytes equal
across two runs and in a second interpreter with another PYTHONHASHSEED).
"""

from __future__ import annotations

import csv
import hashlib
import io
import json
import os
import re
import subprocess
import sys
from datetime import date
from pathlib import Path

import pymupdf
from PIL import Image

from . import letters, register, world

MONTHS = {
    "de": "januar jänner februar märz april mai juni juli august september oktober november "
    "dezember",
    "da": "januar februar marts april maj juni juli august september oktober november december",
    "sv": "januari februari mars april maj juni juli augusti september oktober november december",
    "no": "januar februar mars april mai juni juli august september oktober november desember",
    "pl": "stycznia lutego marca kwietnia maja czerwca lipca sierpnia września października "
    "listopada grudnia",
    "nl": "januari februari maart april mei juni juli augustus september oktober november december",
    "en": "january february march april may june july august september october november december",
}


def _month_table() -> dict[str, dict[str, int]]:
    out: dict[str, dict[str, int]] = {}
    for lang, names in MONTHS.items():
        table: dict[str, int] = {}
        words = names.split()
        if lang == "de":
            table["jänner"] = 1
            words = [w for w in words if w != "jänner"]
        for i, w in enumerate(words):
            table[w] = i + 1
        out[lang] = table
    return out


MONTH = _month_table()
REGION_LANGS = {
    "DE": ["de"],
    "AT": ["de"],
    "CH": ["de"],
    "DK": ["da", "en"],
    "SE": ["sv"],
    "NO": ["no"],
    "PL": ["pl"],
    "NL": ["nl"],
    "UK": ["en"],
    "US": ["en"],
}


def _mk(y: int, m: int, d: int) -> date | None:
    if y < 100:
        y += 2000 if y <= 30 else 1900
    try:
        return date(y, m, d)
    except ValueError:
        return None


def parse_dates(text: str, region: str) -> set[date]:
    """Every date in the text, read by the region's conventions (German ones always too:
    the practice's own receipt stamp)."""
    found: set[date] = set()

    def add(v: date | None) -> None:
        if v is not None:
            found.add(v)

    low = text.lower()
    # numeric with dots: day first everywhere (optional Polish "r.")
    for m in re.finditer(r"(?<![\d.])(\d{1,2})\.(\d{1,2})\.(\d{4}|\d{2})(?![\d])", text):
        add(_mk(int(m[3]), int(m[2]), int(m[1])))
    # ISO
    for m in re.finditer(r"(?<!\d)(\d{4})-(\d{2})-(\d{2})(?!\d)", text):
        add(_mk(int(m[1]), int(m[2]), int(m[3])))
    # dashes day first (Danish, Dutch)
    for m in re.finditer(r"(?<![\d-])(\d{2})-(\d{2})-(\d{4})(?!\d)", text):
        add(_mk(int(m[3]), int(m[2]), int(m[1])))
    # slashes: month first only in the US
    for m in re.finditer(r"(?<!\d)(\d{2})/(\d{2})/(\d{4})(?!\d)", text):
        a, b, y = int(m[1]), int(m[2]), int(m[3])
        add(_mk(y, a, b) if region == "US" else _mk(y, b, a))
    langs = ["de", *REGION_LANGS.get(region, [])]
    for lang in langs:
        names = "|".join(sorted(MONTH[lang], key=len, reverse=True))
        for m in re.finditer(rf"(?<!\d)(\d{{1,2}})(?:\.|st|nd|rd|th)? ({names}) (\d{{4}})", low):
            add(_mk(int(m[3]), MONTH[lang][m[2]], int(m[1])))
        for m in re.finditer(rf"\b({names}) (\d{{1,2}}), (\d{{4}})", low):
            add(_mk(int(m[3]), MONTH[lang][m[1]], int(m[2])))
    if region == "DK":  # CPR: DDMMYY-NNNN
        for m in re.finditer(r"(?<!\d)(\d{2})(\d{2})(\d{2})-\d{4}(?!\d)", text):
            add(_mk(int(m[3]), int(m[2]), int(m[1])))
    if region == "SE":  # personnummer: YYYYMMDD-NNNN
        for m in re.finditer(r"(?<!\d)(\d{4})(\d{2})(\d{2})-\d{4}(?!\d)", text):
            add(_mk(int(m[1]), int(m[2]), int(m[3])))
    return found


def _digest(count_gen: int = 3) -> str:
    h = hashlib.sha256()
    for name in ("test", "examples"):
        for lt in letters.split(name):
            h.update(json.dumps(lt.truth(), ensure_ascii=False, sort_keys=True).encode())
            for cond in lt.conditions():
                for fname, data in sorted(lt.render(cond).items()):
                    h.update(fname.encode())
                    h.update(data)
    for lt in letters.generate(count_gen, 7):
        h.update(json.dumps(lt.truth(), ensure_ascii=False, sort_keys=True).encode())
    for fname, data in sorted(register.exports(register.build()).items()):
        h.update(fname.encode())
        h.update(data)
    return h.hexdigest()


def _norm(s: str) -> str:
    return "\n".join(" ".join(ln.split()) for ln in s.strip().splitlines() if ln.strip())


def check_letter(lt: letters.Letter, reg: dict[str, register.Patient], problems: list[str]) -> None:
    def bad(msg: str) -> None:
        problems.append(f"{lt.id} ({lt.layout}): {msg}")

    t = lt.truth()
    f = t["facts"]
    json.dumps(t)
    conds = t["conditions"]
    alltext = "\n".join(p["text"] for c in conds.values() for p in c["pages"])
    main = conds.get("pdf", conds["scan200"])["pages"]
    p1 = main[0]["text"]
    maintext = "\n".join(p["text"] for p in main)
    dates_main = parse_dates(maintext, lt.region)
    # patient
    pat = f["patient"]
    if pat is not None:
        aw = pat["as_written"]
        if aw not in p1:
            bad(f"as_written {aw!r} not on page 1")
        else:
            surname_as_letter = pat["full_name_as_letter"].split()[-1]
            first = p1.lower().find(surname_as_letter.lower())
            if first < p1.find(aw):
                bad(f"the patient is mentioned before as_written {aw!r}")
        for tok in pat["full_name_as_letter"].split():
            if tok.lower() not in p1.lower():
                bad(f"name token {tok!r} not on page 1")
        rid = pat["register_id"]
        if rid is not None:
            r = reg.get(rid)
            if r is None:
                bad(f"register id {rid} not in the register")
            else:
                if pat["full_name"] != r.full_name or pat["surname"] != r.surname:
                    bad("patient name differs from the register's")
                if f["birth_date"] is not None and f["birth_date"] != r.birth_date.isoformat():
                    bad("birth date differs from the register's")
                if t["register"]["id"] != rid:
                    bad("register block disagrees")
        elif t["register"] is not None:
            bad("register block for an outside patient")
        else:
            for r in reg.values():
                if (r.surname, r.given_names) == (
                    pat["surname"],
                    pat["given_names"],
                ) and r.birth_date.isoformat() == f["birth_date"]:
                    bad("an 'outside' patient is in the register")
    elif lt.layout not in letters.NO_PATIENT:
        bad("no patient")
    # dates
    for key in ("birth_date", "letter_date"):
        if f[key] is None:
            continue
        w = lt.written.get(key)
        if not w or w not in maintext:
            bad(f"{key} as written {w!r} not on the pages")
        v = date.fromisoformat(f[key])
        if v not in dates_main:
            bad(f"{key} {v} not read back from the text ({lt.region})")
        if w and v not in parse_dates(w, lt.region):
            bad(f"{key} written {w!r} reads back otherwise")
    for od in f["other_dates"]:
        v = date.fromisoformat(od["date"])
        if v not in parse_dates(alltext, lt.region):
            bad(f"other date {od} not read back")
    if f["letter_date"]:
        ld = date.fromisoformat(f["letter_date"])
        sent = date.fromisoformat(t["fax"]["sent"][:10])
        if (sent - ld).days < 1:
            bad("fax not sent after the letter date")
        for od in f["other_dates"]:
            if od["role"] in ("fax_sent", "receipt_stamp") and od["date"] == f["letter_date"]:
                bad("a distractor date equals the letter date")
    # sender, title
    if f["sender"] is None or f["sender"] not in maintext:
        bad(f"sender {f['sender']!r} not on the pages")
    clinic = set(world.CLINIC_NAMES)
    for s in [f["sender"], *f["sender_alternatives"]]:
        if s in clinic or any(s and c in s for c in clinic):
            bad(f"the receiving practice is the sender: {s!r}")
    if f["title"] is not None and f["title"] not in maintext:
        bad(f"title {f['title']!r} not on the pages")
    if f["patient_id"] is not None and f["patient_id"] not in maintext:
        bad("printed patient id not on the pages")
    if not lt.handwritten and t["receiving_practice"] not in maintext:
        bad("receiving practice not on the pages")
    # pages and files
    fax = conds["fax"]["pages"]
    if t["fax"]["cover_sheet"] != (fax[0]["page"] == "cover"):
        bad("cover sheet flag")
    for i, p in enumerate(fax):
        head = p["text"].split("\n")[0]
        if (
            f"{i + 1}/{len(fax)}" not in head.replace("P.00", "P.").replace("/00", "/")
            and f"{i + 1:03d}/{len(fax):03d}" not in head
        ):
            bad(f"fax header page count: {head!r}")
        if t["fax"]["sender_fax"] not in head:
            bad("fax header lacks the sender's fax number")
    for cond in lt.conditions():
        files = lt.render(cond)
        want = {p["file"] for p in conds[cond]["pages"]}
        if set(files) != want:
            bad(f"{cond}: files {sorted(files)} != {sorted(want)}")
            continue
        if cond == "pdf":
            doc = pymupdf.open("pdf", files["pdf/letter.pdf"])
            if doc.page_count != len(conds["pdf"]["pages"]):
                bad("pdf page count")
            for pg, tp in zip(doc, conds["pdf"]["pages"], strict=False):
                if _norm(pg.get_text()) != _norm(tp["text"]):
                    bad(f"pdf text layer differs from truth on {tp['page']}")
        for name, data in files.items():
            if cond == "scan200":
                im = Image.open(io.BytesIO(data))
                if (
                    im.format != "JPEG"
                    or im.mode != "L"
                    or round(im.info.get("dpi", (0, 0))[0]) != 200
                ):
                    bad(f"{name}: not a 200 DPI greyscale JPEG")
            if cond == "fax":
                im = Image.open(io.BytesIO(data))
                dpi = tuple(round(x) for x in im.info.get("dpi", (0, 0)))
                if (
                    im.format != "TIFF"
                    or im.mode != "1"
                    or im.width != 1728
                    or dpi not in ((204, 196), (204, 98))
                    or im.info.get("compression") not in ("group4", "group3")
                ):
                    bad(f"{name}: not a 1728 px bilevel G3/G4 fax TIFF ({im.mode} {im.size} {dpi})")


def check_register(problems: list[str]) -> dict[str, register.Patient]:
    pats = register.build()
    ex = register.exports(pats)
    rows = list(csv.DictReader(io.StringIO(ex["patients.csv"].decode("utf-8"))))
    if ",".join(rows[0].keys()) != ",".join(register.FIELDS):
        problems.append("register: csv header")
    csvd = {r["id"]: (r["surname"], r["given_names"], r["birth_date"]) for r in rows}
    bundle = json.loads(ex["patients.bundle.json"])
    if bundle["type"] != "collection":
        problems.append("register: bundle type")
    fh = {}
    for e in bundle["entry"]:
        r = e["resource"]
        off = next(n for n in r["name"] if n["use"] == "official")
        fh[r["identifier"][0]["value"]] = (off["family"], " ".join(off["given"]), r["birthDate"])
    nd = {}
    for line in ex["patients.ndjson"].decode().splitlines():
        r = json.loads(line)
        off = next(n for n in r["name"] if n["use"] == "official")
        nd[r["identifier"][0]["value"]] = (off["family"], " ".join(off["given"]), r["birthDate"])
    gd = {}
    for p in pats:
        raw = ex[f"gdt/{p.id}.gdt"]
        fields = {}
        total = 0
        for line in raw.split(b"\r\n")[:-1]:
            if int(line[:3]) != len(line) + 2:
                problems.append(f"register: gdt line length {p.id} {line!r}")
            total += len(line) + 2
            fields[line[3:7].decode()] = line[7:].decode("iso-8859-1")
        if int(fields["8100"]) != total or fields["8000"] != "6301" or fields["9218"] != "02.10":
            problems.append(f"register: gdt record {p.id}")
        b = fields["3103"]
        gd[fields["3000"]] = (fields["3101"], fields["3102"], f"{b[4:]}-{b[2:4]}-{b[:2]}")
    if not (csvd == fh == nd == gd):
        problems.append("register: the exports disagree")
    if not 280 <= len(pats) <= 320:
        problems.append("register: size")
    return {p.id: p for p in pats}


def main() -> None:
    problems: list[str] = []
    reg = check_register(problems)
    print(f"register: {len(reg)} patients, exports agree: {not problems}")
    for name in ("test", "examples"):
        ls = letters.split(name)
        if len(ls) != letters.COUNTS[name]:
            problems.append(f"{name}: {len(ls)} letters")
        for lt in ls:
            check_letter(lt, reg, problems)
        pages = sum(len(lt.pages) for lt in ls)
        print(
            f"{name}: {len(ls)} letters, {pages} pages, "
            f"{sum(lt.fax['cover_sheet'] for lt in ls)} faxes with a cover sheet"
        )
    try:
        letters.split("nope")
        problems.append("split('nope') did not raise")
    except ValueError:
        pass
    if len(letters.generate(12, 7)) != 12:
        problems.append("generate(12, 7)")
    for lt in letters.generate(40, 7):
        check_letter(lt, reg, problems) if lt.layout in ("lab", "us_consult") else None
    d1 = _digest()
    d2 = _digest()
    env = dict(os.environ, PYTHONHASHSEED="4242")
    out = subprocess.run(
        [sys.executable, "-c", "from bench.heldout50j.check import _digest; print(_digest())"],
        capture_output=True,
        text=True,
        env=env,
        cwd=Path(__file__).resolve().parents[2],
        check=False,
    )
    d3 = out.stdout.strip()
    if not (d1 == d2 == d3):
        problems.append(f"not deterministic: {d1[:12]} {d2[:12]} {d3[:12]} {out.stderr[-300:]}")
    print(
        f"determinism: {d1[:16]} (two runs and PYTHONHASHSEED=4242: "
        f"{'same' if d1 == d2 == d3 else 'DIFFERENT'})"
    )
    for p in problems:
        print("PROBLEM:", p)
    print(f"problems: {len(problems)}")
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
