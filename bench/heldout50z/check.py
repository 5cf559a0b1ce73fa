"""Checks the set against its own truth: python -m bench.heldout50z.check (ends 'problems: N')."""

# pymupdf has no type hints.
# mypy: disable-error-code="no-untyped-call"

from __future__ import annotations

import csv
import datetime as dt
import hashlib
import io
import json
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

import pymupdf
from PIL import Image

from . import layout, letters, register

# Month stems by language, written for reading (not taken from the generator's tables).
STEMS: dict[str, dict[str, int]] = {
    "de": {
        "jan": 1,
        "feb": 2,
        "mär": 3,
        "apr": 4,
        "mai": 5,
        "jun": 6,
        "jul": 7,
        "aug": 8,
        "sep": 9,
        "okt": 10,
        "nov": 11,
        "dez": 12,
    },
    "at": {
        "jän": 1,
        "jan": 1,
        "feb": 2,
        "mär": 3,
        "apr": 4,
        "mai": 5,
        "jun": 6,
        "jul": 7,
        "aug": 8,
        "sep": 9,
        "okt": 10,
        "nov": 11,
        "dez": 12,
    },
    "it": {
        "genn": 1,
        "febb": 2,
        "marz": 3,
        "apri": 4,
        "magg": 5,
        "giug": 6,
        "lugl": 7,
        "agos": 8,
        "sett": 9,
        "otto": 10,
        "nove": 11,
        "dice": 12,
    },
    "fr": {
        "janv": 1,
        "févr": 2,
        "mars": 3,
        "avri": 4,
        "mai": 5,
        "juin": 6,
        "juil": 7,
        "août": 8,
        "sept": 9,
        "octo": 10,
        "nove": 11,
        "déce": 12,
    },
    "hr": {
        "siječ": 1,
        "velj": 2,
        "ožuj": 3,
        "trav": 4,
        "svib": 5,
        "lipn": 6,
        "srpn": 7,
        "kolov": 8,
        "rujn": 9,
        "listop": 10,
        "studen": 11,
        "prosin": 12,
    },
    "bs": {
        "janu": 1,
        "febr": 2,
        "mart": 3,
        "apri": 4,
        "maj": 5,
        "jun": 6,
        "jul": 7,
        "augu": 8,
        "sept": 9,
        "okto": 10,
        "nove": 11,
        "dece": 12,
    },
    "sq": {
        "jana": 1,
        "shku": 2,
        "mars": 3,
        "pril": 4,
        "maj": 5,
        "qersh": 6,
        "korr": 7,
        "gush": 8,
        "shta": 9,
        "teto": 10,
        "nënt": 11,
        "dhje": 12,
    },
    "sl": {
        "janu": 1,
        "febr": 2,
        "marc": 3,
        "apri": 4,
        "maj": 5,
        "juni": 6,
        "juli": 7,
        "avgu": 8,
        "sept": 9,
        "okto": 10,
        "nove": 11,
        "dece": 12,
    },
    "ro": {
        "ianu": 1,
        "febr": 2,
        "mart": 3,
        "apri": 4,
        "mai": 5,
        "iuni": 6,
        "iuli": 7,
        "augu": 8,
        "sept": 9,
        "octo": 10,
        "noie": 11,
        "dece": 12,
    },
    "uk": {
        "січ": 1,
        "лют": 2,
        "берез": 3,
        "квіт": 4,
        "трав": 5,
        "черв": 6,
        "лип": 7,
        "серп": 8,
        "верес": 9,
        "жовт": 10,
        "листоп": 11,
        "груд": 12,
    },
    "es": {
        "ener": 1,
        "febr": 2,
        "marz": 3,
        "abri": 4,
        "mayo": 5,
        "juni": 6,
        "juli": 7,
        "agos": 8,
        "sept": 9,
        "octu": 10,
        "novi": 11,
        "dici": 12,
    },
    "en": {
        "jan": 1,
        "feb": 2,
        "mar": 3,
        "apr": 4,
        "may": 5,
        "jun": 6,
        "jul": 7,
        "aug": 8,
        "sep": 9,
        "oct": 10,
        "nov": 11,
        "dec": 12,
    },
}


def read_date(text: str, conv: str) -> dt.date:
    """Reads a printed date by the convention of the country that printed it."""
    nums = [int(n) for n in re.findall(r"\d+", text)]
    if conv in ("dmy", "dmy2"):
        d, m, y = nums[0], nums[1], nums[2]
        if conv == "dmy2":
            y += 2000
        return dt.date(y, m, d)
    if conv == "mdy":
        return dt.date(nums[2], nums[0], nums[1])
    if conv == "ymd":
        return dt.date(nums[0], nums[1], nums[2])
    month = 0
    for word in re.findall(r"[^\W\d_]+", text.lower()):
        best = ""
        for stem in STEMS[conv]:
            if word.startswith(stem) and len(stem) > len(best):
                best = stem
        if best:
            month = STEMS[conv][best]
            break
    if not month:
        raise ValueError(f"no month in {text!r}")
    year = next(n for n in nums if n > 999)
    day = next(n for n in nums if n < 32)
    return dt.date(year, month, day)


class Problems:
    def __init__(self) -> None:
        self.items: list[str] = []

    def add(self, where: str, what: str) -> None:
        self.items.append(f"{where}: {what}")


def _images_too(letter_id: str) -> bool:
    """Which letters the second interpreter renders to images (all of them: PDF and truth)."""
    return letter_id.startswith("examples") or int(letter_id[-3:]) % 8 == 1


def digests(names: list[str]) -> dict[str, str]:
    out: dict[str, str] = {}
    for name in names:
        for letter in letters.split(name):
            for cond in letter.conditions():
                if cond != "pdf" and not _images_too(letter.id):
                    continue
                for rel, data in letter.render(cond).items():
                    out[f"{letter.id}/{rel}"] = hashlib.sha256(data).hexdigest()
            out[f"{letter.id}/truth"] = hashlib.sha256(
                json.dumps(letter.truth(), ensure_ascii=False, sort_keys=True).encode()
            ).hexdigest()
    with tempfile.TemporaryDirectory() as tmp:
        register.write_all(register.build(), tmp)
        for path in sorted(Path(tmp).rglob("*")):
            if path.is_file():
                out[f"register/{path.relative_to(tmp)}"] = hashlib.sha256(
                    path.read_bytes()
                ).hexdigest()
    return out


def check_letter(letter: letters.Letter, pr: Problems, own: list[str]) -> dict[str, str]:
    t = letter.truth()
    w = t["id"]
    facts = t["facts"]
    rendered: dict[str, str] = {}
    json.dumps(t)
    conds = t["conditions"]
    if sorted(conds) != sorted(letter.conditions()):
        pr.add(w, "conditions differ")
    if letter.ctx.handwritten == ("pdf" in conds):
        pr.add(w, "handwritten letter with a pdf, or typed letter without")
    for cond in letter.conditions():
        files = letter.render(cond)
        for rel, data in files.items():
            rendered[rel] = hashlib.sha256(data).hexdigest()
        pages = conds[cond]["pages"]
        for name, spec in letter.page_specs(cond):
            boxes = [
                (
                    ln.x,
                    ln.y - 0.75 * ln.size,
                    ln.x + layout.width(ln.text, ln.font, ln.size),
                    ln.y + 0.2 * ln.size,
                    ln.text,
                )
                for ln in spec.lines
            ]
            for i, b1 in enumerate(boxes):
                for b2 in boxes[i + 1 :]:
                    if b1[0] < b2[2] and b2[0] < b1[2] and b1[1] < b2[3] and b2[1] < b1[3]:
                        pr.add(w, f"{cond} {name}: lines overlap: {b1[4]!r} / {b2[4]!r}")
            for ln in spec.lines:
                x0, y0, x1, y1 = ln.bbox()
                if x0 < 12 or y0 < 8 or x1 > layout.W - 12 or y1 > layout.H - 12:
                    pr.add(w, f"{cond} {name}: line outside the sheet: {ln.text!r}")
        if cond == "pdf":
            doc = pymupdf.open(stream=files["pdf/letter.pdf"])
            if doc.page_count != len(pages):
                pr.add(w, "pdf page count")
            for i, pg in enumerate(pages):
                got = doc[i].get_text().rstrip("\n")
                if got != pg["text"]:
                    pr.add(w, f"pdf text layer of page {i + 1} differs from the truth")
            doc.close()
            continue
        if len(files) != len(pages):
            pr.add(w, f"{cond}: {len(files)} files for {len(pages)} pages")
        for pg in pages:
            got_data = files.get(pg["file"])
            if got_data is None:
                pr.add(w, f"{cond}: missing {pg['file']}")
                continue
            im = Image.open(io.BytesIO(got_data))
            if cond == "scan200":
                if (
                    im.format != "JPEG"
                    or im.mode != "L"
                    or tuple(im.info.get("dpi", ())) != (200, 200)
                ):
                    pr.add(w, f"scan format {im.format} {im.mode} {im.info.get('dpi')}")
            else:
                dpi = tuple(round(v) for v in im.info.get("dpi", (0, 0)))
                if (
                    im.format != "TIFF"
                    or im.mode != "1"
                    or im.width != 1728
                    or dpi not in ((204, 196), (204, 98))
                    or im.info.get("compression") not in ("group3", "group4")
                ):
                    pr.add(w, f"fax format {im.format} {im.mode} {im.width} {dpi}")
    # Texts per condition: the scan and fax pages are the letter's pages plus their marks.
    scan = conds["scan200"]["pages"]
    stamp = t.get("receipt_stamp")
    base = [p["text"] for p in conds["pdf"]["pages"]] if "pdf" in conds else []
    if not base:  # a handwritten note: the scan's pages less the receipt stamp
        base = [p["text"] for p in scan]
        if stamp:
            base[0] = base[0].split("\n", 2)[2]
    for i, pg in enumerate(scan):
        lines = pg["text"].split("\n")
        if i == 0 and stamp:
            head = lines[:2]
            lines = lines[2:]
            if not head[0].startswith("EINGANG "):
                pr.add(w, "receipt stamp missing")
            elif read_date(head[0], "dmy").isoformat() != stamp:
                pr.add(w, "receipt stamp date")
            if facts["letter_date"] and stamp <= facts["letter_date"]:
                pr.add(w, "receipt stamp not after the letter")
        if "\n".join(lines) != base[i]:
            pr.add(w, f"scan page {i + 1} text is not the letter's")
    fax = conds["fax"]["pages"]
    fi = t["fax"]
    if fi["cover_sheet"] != (fax[0]["page"] == "cover"):
        pr.add(w, "cover sheet flag")
    sent = dt.datetime.fromisoformat(fi["sent"])
    if facts["letter_date"] and sent.date() <= dt.date.fromisoformat(facts["letter_date"]):
        pr.add(w, "fax sent before or on the letter's date")
    body = [p for p in fax if p["page"] != "cover"]
    for k, pg in enumerate(fax, 1):
        first, _, rest = pg["text"].partition("\n")
        if not first.endswith(f"S. {k}/{len(fax)}") or fi["number"] not in first:
            pr.add(w, f"fax header of page {k}: {first!r}")
        stamp_txt = " ".join(first.split()[:2])
        conv = letter.fax_info["header_conv"]
        try:
            day = read_date(stamp_txt.split()[0], conv)
            hh, mm = (int(v) for v in stamp_txt.split()[1].split(":"))
            if dt.datetime.combine(day, dt.time(hh, mm)) != sent:
                pr.add(w, f"fax header time {stamp_txt} != {fi['sent']}")
        except (ValueError, IndexError):
            pr.add(w, f"fax header unreadable: {first!r}")
        if pg["page"] == "cover":
            continue
        del rest
    for i, pg in enumerate(body):
        if pg["text"].partition("\n")[2] != base[i]:
            pr.add(w, f"fax page {i + 1} text is not the letter's")
    # Facts on the pages.
    p1 = base[0]
    alltext = "\n".join(base)
    pat = facts["patient"]
    if not pat["as_written"] or pat["as_written"] not in p1:
        pr.add(w, f"as_written not on page 1: {pat['as_written']!r}")
    for part in pat["full_name_as_letter"].split(" "):
        if part.lower() not in alltext.lower():
            pr.add(w, f"name part {part!r} not printed")
    if pat["register_id"] is not None:
        p = register.by_id(register.build())[pat["register_id"]]
        if p.full_name != pat["full_name"]:
            pr.add(w, "register name differs")
        if facts["birth_date"] and facts["birth_date"] != p.birth_date:
            pr.add(w, "birth date differs from the register")
    for key in ("sender", "title", "patient_id"):
        v = facts[key]
        if v is not None and v not in alltext:
            pr.add(w, f"{key} not printed: {v!r}")
    low = facts["sender"].lower()
    for n in own:
        if n.lower() in low or low in n.lower():
            pr.add(w, "the receiving practice is the sender")
    printed = letter.ctx.dates
    for d in printed:
        if d["text"] not in alltext:
            pr.add(w, f"date {d['text']!r} not printed")
        try:
            if read_date(d["text"], d["conv"]).isoformat() != d["iso"]:
                pr.add(w, f"date {d['text']!r} ({d['conv']}) reads as another day")
        except (ValueError, StopIteration, IndexError):
            pr.add(w, f"date {d['text']!r} unreadable")
    for role, key in (("letter", "letter_date"), ("birth", "birth_date")):
        isos = {d["iso"] for d in printed if d["role"] == role}
        if facts[key] is None:
            if isos:
                pr.add(w, f"{key} printed but null")
        elif isos != {facts[key]}:
            pr.add(w, f"{key} is not what the page prints")
    others = sorted((d["date"], d["role"]) for d in facts["other_dates"])
    want = sorted((d["iso"], d["role"]) for d in printed if d["role"] not in ("letter", "birth"))
    if others != want:
        pr.add(w, "other_dates")
    return rendered


def check_register(pr: Problems) -> None:
    pats = register.build()
    if len(pats) < 300 or len({p.id for p in pats}) != len(pats):
        pr.add("register", "fewer than 300 patients or duplicate ids")
    with tempfile.TemporaryDirectory() as tmp:
        register.write_all(pats, tmp)
        root = Path(tmp)
        rows = list(csv.DictReader(io.StringIO((root / "patients.csv").read_text("utf-8"))))
        bundle = json.loads((root / "patients.bundle.json").read_text("utf-8"))
        nd = [json.loads(x) for x in (root / "patients.ndjson").read_text("utf-8").splitlines()]
        if bundle["resourceType"] != "Bundle" or bundle["type"] != "collection":
            pr.add("register", "bundle type")
        res = [e["resource"] for e in bundle["entry"]]
        if res != nd:
            pr.add("register", "bundle and ndjson differ")
        for row, r in zip(rows, res, strict=True):
            pid = row["id"]
            gdt = (root / "gdt" / f"{pid}.gdt").read_bytes()
            fields: dict[str, str] = {}
            total = 0
            for raw in gdt.split(b"\r\n")[:-1]:
                ln = raw + b"\r\n"
                if int(ln[:3]) != len(ln):
                    pr.add("register", f"{pid}: GDT line length")
                fields[ln[3:7].decode()] = ln[7:-2].decode("latin-1")
                total += len(ln)
            if int(fields["8100"]) != total or fields["8000"] != "6301":
                pr.add("register", f"{pid}: GDT record length")
            off = r["name"][0]
            b = row["birth_date"]
            checks = [
                (fields["3000"], pid, r["id"], r["identifier"][0]["value"]),
                (fields["3101"], row["surname"], off["family"]),
                (fields["3102"], row["given_names"], " ".join(off["given"])),
                (fields["3103"], b[8:10] + b[5:7] + b[:4]),
                (b, r["birthDate"]),
                (
                    fields["3110"],
                    {"M": "1", "F": "2"}[row["sex"]],
                    {"male": "1", "female": "2"}[r["gender"]],
                ),
                (
                    fields["3106"],
                    f"{row['postcode']} {row['city']}",
                    f"{r['address'][0]['postalCode']} {r['address'][0]['city']}",
                ),
                (fields["3107"], row["street"], r["address"][0]["line"][0]),
                (row["title"], " ".join(off.get("prefix", []))),
                (
                    row["birth_name"],
                    next((n["family"] for n in r["name"] if n["use"] == "maiden"), ""),
                ),
                (
                    row["former_names"],
                    ";".join(n["family"] for n in r["name"] if n["use"] == "old"),
                ),
            ]
            for c in checks:
                if len(set(c)) != 1:
                    pr.add("register", f"{pid}: exports disagree {c}")


def main() -> None:
    pr = Problems()
    env = dict(os.environ, PYTHONHASHSEED="4711")
    second = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "import json,sys; from bench.heldout50z import check; "
            "json.dump(check.digests(['test', 'examples']), sys.stdout)",
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
        cwd=str(Path(__file__).resolve().parents[2]),
    )
    own = [n for p in letters.practice_names() for n in p["names"]]
    check_register(pr)
    first: dict[str, str] = {}
    counts = {}
    for name in ("test", "examples"):
        ls = letters.split(name)
        counts[name] = len(ls)
        if len({x.id for x in ls}) != len(ls):
            pr.add(name, "duplicate ids")
        for letter in ls:
            for rel, h in check_letter(letter, pr, own).items():
                first[f"{letter.id}/{rel}"] = h
            first[f"{letter.id}/truth"] = hashlib.sha256(
                json.dumps(letter.truth(), ensure_ascii=False, sort_keys=True).encode()
            ).hexdigest()
    if counts != {"test": 40, "examples": 6}:
        pr.add("splits", f"sizes {counts}")
    try:
        letters.split("nope")
        pr.add("splits", "unknown split accepted")
    except ValueError:
        pass
    # Determinism: twice here (two letters, every condition), and in a second interpreter
    # with another hash seed (every truth, PDF and register file; images of a fixed subset).
    for letter in letters.split("examples")[:2]:
        for cond in letter.conditions():
            for rel, data in letter.render(cond).items():
                if first[f"{letter.id}/{rel}"] != hashlib.sha256(data).hexdigest():
                    pr.add("determinism", f"{letter.id}/{rel} differs on a second run")
    out, err = second.communicate()
    if second.returncode:
        pr.add("determinism", "second interpreter failed: " + err[-300:])
    else:
        other = json.loads(out)
        compared = 0
        for k, v in other.items():
            if k.startswith("register/"):
                continue
            compared += 1
            if first.get(k) != v:
                pr.add("determinism", f"{k} differs in a second interpreter")
        if compared < 46 * 2:
            pr.add("determinism", "too little compared")
        with tempfile.TemporaryDirectory() as tmp:
            register.write_all(register.build(), tmp)
            for path in sorted(Path(tmp).rglob("*")):
                if path.is_file():
                    key = f"register/{path.relative_to(tmp)}"
                    if other.get(key) != hashlib.sha256(path.read_bytes()).hexdigest():
                        pr.add("determinism", f"{key} differs in a second interpreter")
    for item in pr.items:
        print(item)
    print(f"letters: {sum(counts.values())} patients: {len(register.build())}")
    print(f"problems: {len(pr.items)}")
    raise SystemExit(0 if not pr.items else 1)


if __name__ == "__main__":
    main()
