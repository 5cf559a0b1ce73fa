"""Verify the set against its own truth: python -m bench.heldout50al.check.

The date reader here is written for the check alone (it does not use the generator's
formatter): Swiss, German and Austrian day.month.year, French, Italian and English month
names, day/month/year with slashes, ISO dates.
"""

from __future__ import annotations

import contextlib
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
import time
from pathlib import Path

import pymupdf
from PIL import Image

from . import letters, register
from .layout import PAGE_H, PAGE_W, text_width

MONTHS = {
    # German / Swiss / Austrian
    "januar": 1,
    "jänner": 1,
    "februar": 2,
    "feber": 2,
    "märz": 3,
    "april": 4,
    "mai": 5,
    "juni": 6,
    "juli": 7,
    "august": 8,
    "september": 9,
    "oktober": 10,
    "november": 11,
    "dezember": 12,
    # French
    "janvier": 1,
    "février": 2,
    "mars": 3,
    "avril": 4,
    "juin": 6,
    "juillet": 7,
    "août": 8,
    "septembre": 9,
    "octobre": 10,
    "novembre": 11,
    "décembre": 12,
    # Italian
    "gennaio": 1,
    "febbraio": 2,
    "marzo": 3,
    "aprile": 4,
    "maggio": 5,
    "giugno": 6,
    "luglio": 7,
    "agosto": 8,
    "settembre": 9,
    "ottobre": 10,
    "dicembre": 12,
    # English
    "january": 1,
    "february": 2,
    "march": 3,
    "may": 5,
    "june": 6,
    "july": 7,
    "october": 10,
    "december": 12,
}
_NUM = re.compile(r"(?<![\d.])(\d{1,2})\.(\d{1,2})\.(\d{4}|\d{2})(?![\d])")
_SLASH = re.compile(r"(?<![\d/])(\d{1,2})/(\d{1,2})/(\d{4})(?![\d/])")
_ISO = re.compile(r"(?<![\d-])(\d{4})-(\d{2})-(\d{2})(?![\d-])")
_WORD = re.compile(r"(?<!\d)(\d{1,2})(?:er|\.)?\s+([A-Za-zÀ-ÿ]+)\s+(\d{4})(?!\d)")


def _year(text: str) -> int:
    y = int(text)
    if len(text) == 2:
        y += 2000 if y <= 30 else 1900
    return y


def read_dates(text: str) -> list[dt.date]:
    """Every date written on a page, in the conventions of the region's post."""
    found: list[tuple[int, dt.date]] = []

    def add(pos: int, y: int, m: int, d: int) -> None:
        with contextlib.suppress(ValueError):
            found.append((pos, dt.date(y, m, d)))

    for m in _NUM.finditer(text):
        add(m.start(), _year(m.group(3)), int(m.group(2)), int(m.group(1)))
    for m in _SLASH.finditer(text):
        add(m.start(), int(m.group(3)), int(m.group(2)), int(m.group(1)))
    for m in _ISO.finditer(text):
        add(m.start(), int(m.group(1)), int(m.group(2)), int(m.group(3)))
    for m in _WORD.finditer(text):
        mon = MONTHS.get(m.group(2).lower())
        if mon:
            add(m.start(), int(m.group(3)), mon, int(m.group(1)))
    return [d for _, d in sorted(found)]


class Problems:
    def __init__(self) -> None:
        self.items: list[str] = []

    def add(self, where: str, what: str) -> None:
        self.items.append(f"{where}: {what}")


def _pdf_pages(data: bytes) -> list[tuple[str, list[tuple[float, float, float, float]]]]:
    doc = pymupdf.open(stream=data, filetype="pdf")
    out = []
    for page in doc:
        rows: list[tuple[float, float, str]] = []
        boxes = []
        for block in page.get_text("dict")["blocks"]:
            for ln in block.get("lines", []):
                text = "".join(s["text"] for s in ln["spans"])
                oy = ln["spans"][0]["origin"][1]
                rows.append((round(oy, 1), ln["spans"][0]["origin"][0], text))
                boxes.append(tuple(ln["bbox"]))
        rows.sort()
        out.append(("\n".join(r[2] for r in rows), boxes))
    doc.close()
    return out


_HEADER = re.compile(r"^(\S+ \d{2}:\d{2}).*?(?:S\. |SEITE |P\.)(\d+)/(\d+)$")


def check_letter(
    letter: letters.Letter, reg_by_id: dict[str, register.Patient], own: list[str], pb: Problems
) -> dict[str, bytes]:
    t = letter.truth()
    lid = t["id"]
    f = t["facts"]
    files: dict[str, bytes] = {}
    conds = letter.conditions()
    if sorted(conds) != sorted(t["conditions"]):
        pb.add(lid, "conditions differ from truth")
    if t["handwritten"] == ("pdf" in conds):
        pb.add(lid, "a handwritten letter must have no pdf, a printed one must")
    for cond in conds:
        files.update(letter.render(cond))
    # -- pdf text layer
    if "pdf" in conds:
        pages = _pdf_pages(files["pdf/letter.pdf"])
        tp = t["conditions"]["pdf"]["pages"]
        if len(pages) != len(tp):
            pb.add(lid, "pdf page count")
        for (text, boxes), tpage in zip(pages, tp, strict=False):
            if text != tpage["text"]:
                pb.add(lid, f"pdf text layer differs on {tpage['page']}")
            for x0, y0, x1, y1 in boxes:
                if x0 < 10 or y0 < 5 or x1 > PAGE_W - 10 or y1 > PAGE_H - 10:
                    pb.add(lid, f"pdf line outside the sheet on {tpage['page']}")
    # -- every positioned line inside the sheet (scan and fax layouts included)
    for pg in [*letter._scan_pages(), *(p for _, p, _ in letter._fax_pages())]:
        for ln in pg.lines:
            w = text_width(ln.text, ln.font, ln.size)
            if ln.x < 12 or ln.x + w > PAGE_W - 12 or ln.y - ln.size < 4 or ln.y > PAGE_H - 12:
                pb.add(lid, f"line outside the sheet: {ln.text[:40]!r}")
    # -- images
    scans = t["conditions"]["scan200"]["pages"]
    for sp in scans:
        data = files.get(sp["file"])
        if data is None:
            pb.add(lid, f"missing {sp['file']}")
            continue
        im = Image.open(io.BytesIO(data))
        if (
            im.format != "JPEG"
            or im.mode != "L"
            or tuple(round(v) for v in im.info.get("dpi", (0, 0))) != (200, 200)
        ):
            pb.add(lid, f"scan format {sp['file']}")
    faxes = t["conditions"]["fax"]["pages"]
    fx = t["fax"]
    sent = dt.datetime.fromisoformat(fx["sent"])
    ydpi = 196 if fx["resolution"] == "204x196" else 98
    if fx["cover_sheet"] != (faxes[0]["page"] == "cover"):
        pb.add(lid, "cover sheet flag")
    for n, fp in enumerate(faxes, 1):
        data = files.get(fp["file"])
        if data is None:
            pb.add(lid, f"missing {fp['file']}")
            continue
        im = Image.open(io.BytesIO(data))
        comp = im.info.get("compression")
        if (
            im.format != "TIFF"
            or im.mode != "1"
            or im.width != 1728
            or tuple(round(v) for v in im.info.get("dpi", (0, 0))) != (204, ydpi)
            or comp not in ("group3", "group4")
            or comp != fx["compression"]
        ):
            pb.add(lid, f"fax format {fp['file']}: {im.mode} {im.width} {comp}")
        first = fp["text"].split("\n", 1)[0]
        m = _HEADER.match(first)
        if not m or int(m.group(2)) != n or int(m.group(3)) != len(faxes):
            pb.add(lid, f"fax header on page {n}: {first!r}")
            continue
        hd = read_dates(first)
        if hd != [sent.date()] or f"{sent:%H:%M}" not in first:
            pb.add(lid, f"fax header date on page {n}")
    if f["letter_date"] and sent.date() <= dt.date.fromisoformat(f["letter_date"]):
        pb.add(lid, "fax not sent after the letter's date")
    # -- truth values on the pages
    body = {c: [p["text"] for p in t["conditions"][c]["pages"]] for c in t["conditions"]}
    for c, texts in body.items():
        p1 = next(p["text"] for p in t["conditions"][c]["pages"] if p["page"] == "p1")
        allt = "\n".join(texts)
        pat = f["patient"]
        if not pat["as_written"] or pat["as_written"] not in p1:
            pb.add(lid, f"{c}: as_written not on p1")
        for part in pat["full_name_as_letter"].split(" "):
            if part.lower() not in allt.lower():
                pb.add(lid, f"{c}: name part {part!r} missing")
        if f["sender"] not in allt:
            pb.add(lid, f"{c}: sender missing")
        if f["title"] is not None and f["title"] not in allt:
            pb.add(lid, f"{c}: title missing")
        if f["patient_id"] is not None and f["patient_id"] not in allt:
            pb.add(lid, f"{c}: patient id missing")
        for op in f["other_people"]:
            if op["name"] not in allt:
                pb.add(lid, f"{c}: person {op['name']!r} missing")
    # -- dates: every printed date is a truth date, every truth date is printed
    truth_dates = {d["date"] for d in f["other_dates"]}
    for key in ("letter_date", "birth_date"):
        if f[key]:
            truth_dates.add(f[key])
    seen: set[str] = set()
    for c in t["conditions"]:
        for p in t["conditions"][c]["pages"]:
            lines = p["text"].split("\n")
            if c == "fax":
                lines = lines[1:]
            for d in read_dates("\n".join(lines)):
                iso = d.isoformat()
                seen.add(iso)
                if iso not in truth_dates:
                    pb.add(lid, f"{c} {p['page']}: printed date {iso} not in truth")
    for iso in sorted(truth_dates):
        if iso not in seen:
            pb.add(lid, f"truth date {iso} not printed")
    main = [
        p["text"]
        for c in ("pdf", "scan200")
        if c in t["conditions"]
        for p in t["conditions"][c]["pages"]
    ]
    for key in ("letter_date", "birth_date"):
        if f[key] and f[key] not in {d.isoformat() for x in main for d in read_dates(x)}:
            pb.add(lid, f"{key} not printed on the letter itself")
    # -- the receiving practice is never the sender
    low = {n.lower() for n in own}
    for s in [f["sender"], *f["sender_alternatives"]]:
        if s.lower() in low:
            pb.add(lid, f"sender {s!r} is a receiving practice")
    for pr in letters.practice_names():
        if pr["doctor"] in f["sender"]:
            pb.add(lid, "sender is a receiving doctor")
    # -- register
    rid = f["patient"]["register_id"]
    if rid is not None:
        rp = reg_by_id.get(rid)
        if rp is None:
            pb.add(lid, "register id unknown")
        else:
            if rp.full_name != f["patient"]["full_name"]:
                pb.add(lid, "register name differs")
            if f["birth_date"] and f["birth_date"] != rp.birth_date.isoformat():
                pb.add(lid, "register birth date differs")
    elif t["register"] is not None:
        pb.add(lid, "register block for a patient not in the register")
    if f["patient_id"] is not None and f["patient_id"] != rid:
        pb.add(lid, "patient id is not the register id")
    return files


def check_register(patients: list[register.Patient], pb: Problems) -> None:
    if len(patients) < 300:
        pb.add("register", "fewer than 300 patients")
    ids = [p.id for p in patients]
    if len(set(ids)) != len(ids):
        pb.add("register", "duplicate ids")
    with tempfile.TemporaryDirectory() as tmp:
        register.write_all(patients, tmp)
        folder = Path(tmp)
        with (folder / "patients.csv").open(encoding="utf-8", newline="") as fh:
            rows = list(csv.DictReader(fh))
        bundle = json.loads((folder / "patients.bundle.json").read_text(encoding="utf-8"))
        nd = [
            json.loads(x)
            for x in (folder / "patients.ndjson").read_text(encoding="utf-8").splitlines()
        ]
        if bundle.get("resourceType") != "Bundle" or bundle.get("type") != "collection":
            pb.add("register", "bundle type")
        res = [e["resource"] for e in bundle["entry"]]
        if res != nd:
            pb.add("register", "bundle and ndjson differ")
        if len(rows) != len(patients) or len(res) != len(patients):
            pb.add("register", "export sizes differ")
        for row, r in zip(rows, res, strict=False):
            off = next(n for n in r["name"] if n["use"] == "official")
            ok = (
                row["id"] == r["id"] == r["identifier"][0]["value"]
                and row["surname"] == off["family"]
                and row["given_names"] == " ".join(off["given"])
                and row["birth_date"] == r["birthDate"]
                and (row["sex"] == "F") == (r["gender"] == "female")
                and row["title"] == " ".join(off.get("prefix", []))
                and row["postcode"] == r["address"][0]["postalCode"]
                and row["street"] == r["address"][0]["line"][0]
            )
            maiden = [n["family"] for n in r["name"] if n["use"] == "maiden"]
            old = sorted(n["family"] for n in r["name"] if n["use"] == "old")
            ok = ok and maiden == ([row["birth_name"]] if row["birth_name"] else [])
            ok = ok and old == sorted(x for x in row["former_names"].split(";") if x)
            if not ok:
                pb.add("register", f"csv and FHIR differ for {row['id']}")
            gdt = (folder / "gdt" / f"{row['id']}.gdt").read_bytes()
            fields: dict[str, str] = {}
            for raw in gdt.split(b"\r\n")[:-1]:
                line = raw + b"\r\n"
                if int(line[:3]) != len(line):
                    pb.add("register", f"gdt line length {row['id']}")
                fields[line[3:7].decode()] = line[7:-2].decode("latin-1")
            if int(fields.get("8100", "0")) != len(gdt) or fields.get("8000") != "6301":
                pb.add("register", f"gdt record length {row['id']}")
            b = dt.date.fromisoformat(row["birth_date"])
            exp = {
                "3000": row["id"],
                "3101": register.latin1(row["surname"]),
                "3102": register.latin1(row["given_names"]),
                "3103": f"{b:%d%m%Y}",
                "3110": "2" if row["sex"] == "F" else "1",
                "3106": register.latin1(f"{row['postcode']} {row['city']}"),
                "3107": register.latin1(row["street"]),
                "9218": "02.10",
            }
            for k, v in exp.items():
                if fields.get(k) != v:
                    pb.add("register", f"gdt field {k} for {row['id']}")


def digest(names: tuple[str, ...] = ("test", "examples")) -> str:
    h = hashlib.sha256()
    for name in names:
        for letter in letters.split(name):
            h.update(json.dumps(letter.truth(), sort_keys=True, ensure_ascii=False).encode())
            files: dict[str, bytes] = {}
            for cond in letter.conditions():
                files.update(letter.render(cond))
            for rel, data in sorted(files.items()):
                h.update(rel.encode())
                h.update(hashlib.sha256(data).digest())
    return h.hexdigest()


def main() -> int:
    if len(sys.argv) > 1 and sys.argv[1] == "--digest":
        print(digest(tuple(sys.argv[2:]) or ("test", "examples")))
        return 0
    t0 = time.monotonic()
    pb = Problems()
    patients = register.build()
    reg_by_id = register.by_id(patients)
    own = [n for p in letters.practice_names() for n in p["names"]]
    check_register(patients, pb)
    if [p.id for p in register.build()] != [p.id for p in patients]:
        pb.add("register", "not deterministic")
    counts = {}
    first = hashlib.sha256()
    for name, size in (("test", 40), ("examples", 6)):
        ls = letters.split(name)
        counts[name] = len(ls)
        if len(ls) != size:
            pb.add(name, f"{len(ls)} letters, expected {size}")
        for letter in ls:
            files = check_letter(letter, reg_by_id, own, pb)
            if name == "examples":
                first.update(
                    json.dumps(letter.truth(), sort_keys=True, ensure_ascii=False).encode()
                )
                for rel, data in sorted(files.items()):
                    first.update(rel.encode())
                    first.update(hashlib.sha256(data).digest())
    try:
        letters.split("train")
        pb.add("split", "an unknown split name did not raise")
    except ValueError:
        pass
    # -- determinism: the same bytes a second time here, and in another interpreter
    if digest(("examples",)) != first.hexdigest():
        pb.add("determinism", "second rendering in this interpreter differs")
    env = dict(os.environ, PYTHONHASHSEED="4242")
    root = Path(__file__).resolve().parents[2]
    out = subprocess.run(
        [sys.executable, "-m", "bench.heldout50al.check", "--digest", "examples"],
        cwd=root,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    if out.stdout.strip() != first.hexdigest():
        pb.add("determinism", "another interpreter (PYTHONHASHSEED=4242) differs")
    for item in pb.items:
        print(item)
    print(f"letters: {counts}, register: {len(patients)} patients, {time.monotonic() - t0:.1f} s")
    print(f"problems: {len(pb.items)}")
    return 0 if not pb.items else 1


if __name__ == "__main__":
    raise SystemExit(main())
