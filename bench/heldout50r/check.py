"""python -m bench.heldout50r.check: the set held to its own truth; ends with `problems: N`.

The date reader below is written for this check alone (it does not import the generator's
date formatting): it reads the conventions of the region's post, German, Danish, Dutch,
Polish, Lithuanian, Swedish, Norwegian, Ukrainian and British English.
"""

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

from bench.heldout50r import letters, register

_MONTH_WORDS = {
    1: "januar januari january jan stycznia sausio січня",
    2: "februar februari february feb lutego vasario лютого",
    3: "märz marts maart mars march mar marca kovo березня",
    4: "april apr kwietnia balandžio квітня",
    5: "mai maj mei may kwietnia_ maja gegužės травня",
    6: "juni june jun czerwca birželio червня",
    7: "juli july jul lipca liepos липня",
    8: "august augustus augusti aug sierpnia rugpjūčio серпня",
    9: "september sep września rugsėjo вересня",
    10: "oktober october oct października spalio жовтня",
    11: "november nov listopada lapkričio листопада",
    12: "dezember december desember dec grudnia gruodžio грудня",
}
MONTH = {w: m for m, ws in _MONTH_WORDS.items() for w in ws.split() if not w.endswith("_")}
_MW = "|".join(sorted(MONTH, key=len, reverse=True))

PATTERNS = [
    ("dmy", re.compile(r"(?<![\d.])(\d{1,2})\.(\d{1,2})\.(\d{4}|\d{2})(?![\d])")),
    ("ymd", re.compile(r"(?<![\d-])(\d{4})-(\d{2})-(\d{2})(?![\d-])")),
    ("dmy", re.compile(r"(?<![\d-])(\d{2})-(\d{2})-(\d{4})(?![\d-])")),
    ("dmy", re.compile(r"(?<![\d/])(\d{2})/(\d{2})/(\d{4})(?![\d/])")),
    ("dMy", re.compile(r"(?<!\d)(\d{1,2})(?:\.|st|nd|rd|th)? (" + _MW + r")\.? (\d{4})", re.I)),
    ("yMd", re.compile(r"(\d{4}) m\. (" + _MW + r") (\d{1,2}) d\.", re.I)),
]


def read_dates(text: str) -> list[tuple[str, dt.date]]:
    """Every date printed in text, as (the printed string, the date)."""
    found: list[tuple[int, str, dt.date]] = []
    taken: list[tuple[int, int]] = []
    for kind, rx in PATTERNS:
        for m in rx.finditer(text):
            if any(a < m.end() and m.start() < b for a, b in taken):
                continue
            g = m.groups()
            if kind == "dmy":
                d, mo, y = int(g[0]), int(g[1]), int(g[2])
            elif kind == "ymd":
                y, mo, d = int(g[0]), int(g[1]), int(g[2])
            elif kind == "dMy":
                d, mo, y = int(g[0]), MONTH[g[1].lower()], int(g[2])
            else:
                y, mo, d = int(g[0]), MONTH[g[1].lower()], int(g[2])
            if y < 100:
                y += 2000 if y <= 30 else 1900
            try:
                when = dt.date(y, mo, d)
            except ValueError:
                found.append((m.start(), m.group(0), dt.date(1, 1, 1)))
                continue
            taken.append((m.start(), m.end()))
            found.append((m.start(), m.group(0), when))
    return [(s, w) for _, s, w in sorted(found, key=lambda t: t[0])]


class Problems:
    def __init__(self) -> None:
        self.items: list[str] = []

    def __call__(self, where: str, what: str) -> None:
        self.items.append(f"{where}: {what}")


def _pdf_lines_inside(data: bytes, where: str, bad: Problems) -> list[str]:
    doc = pymupdf.open(stream=data, filetype="pdf")
    texts = []
    for n, page in enumerate(doc, start=1):
        texts.append(page.get_text())
        for block in page.get_text("dict")["blocks"]:
            for line in block.get("lines", []):
                x0, y0, x1, y1 = line["bbox"]
                if x0 < 10 or y0 < 5 or x1 > page.rect.width - 10 or y1 > page.rect.height - 5:
                    bad(where, f"page {n}: a line outside the sheet {line['bbox']}")
    doc.close()
    return texts


def check_letter(letter: letters.Letter, own: list[str], bad: Problems) -> str:
    t = letter.truth()
    w = t["id"]
    f = t["facts"]
    digest = hashlib.sha256(json.dumps(t, ensure_ascii=False, sort_keys=True).encode())
    json.dumps(t)  # serialisable
    conds = t["conditions"]
    if t["handwritten"] == ("pdf" in conds):
        bad(w, "a handwritten letter has no pdf; every other one has")
    if list(conds) != letter.conditions():
        bad(w, "conditions differ from conditions()")
    # the receiving practice never sends
    for s in [f["sender"], *f["sender_alternatives"]]:
        for o in own:
            if s.lower() == o.lower() or o.lower() in s.lower():
                bad(w, f"the sender {s!r} is a receiving practice")
    main = conds["pdf" if "pdf" in conds else "scan200"]["pages"]
    body = "\n".join(p["text"] for p in main)
    p1 = main[0]["text"]
    pat = f["patient"]
    for c, cp in conds.items():
        first = next(p for p in cp["pages"] if p["page"] == "p1")
        if pat["as_written"] not in first["text"]:
            bad(w, f"{c}: as_written {pat['as_written']!r} not on page 1")
    if pat["as_written"] not in p1:
        bad(w, "as_written not on page 1")
    for tok in pat["full_name_as_letter"].split():
        if tok.lower() not in body.lower():
            bad(w, f"name part {tok!r} not on the pages")
    if f["sender"] not in body:
        bad(w, f"sender {f['sender']!r} not on the pages")
    if f["title"] is not None and f["title"] not in body:
        bad(w, f"title {f['title']!r} not on the pages")
    if f["patient_id"] is not None and f["patient_id"] not in body:
        bad(w, "patient_id not on the pages")
    if pat["register_id"] is None and t["register"] is not None:
        bad(w, "register without register_id")
    # dates
    allowed: dict[str, str] = {}
    if f["birth_date"]:
        allowed[f["birth_date"]] = "birth"
    if f["letter_date"]:
        allowed[f["letter_date"]] = "letter"
    for od in f["other_dates"]:
        allowed.setdefault(od["date"], od["role"])
    body_dates = {d.isoformat() for _, d in read_dates(body)}
    for iso, role in allowed.items():
        if iso not in body_dates:
            bad(w, f"the {role} date {iso} is not printed")
    sent = dt.datetime.fromisoformat(t["fax"]["sent"])
    stamp = t["receipt_stamp"]
    extra = {sent.date().isoformat()}
    if stamp:
        extra.add(stamp["date"])
    for c, cp in conds.items():
        for p in cp["pages"]:
            for s, d in read_dates(p["text"]):
                if d.isoformat() not in allowed and d.isoformat() not in extra:
                    bad(w, f"{c} {p['page']}: the printed date {s!r} is no truth date")
    if f["letter_date"]:
        ld = dt.date.fromisoformat(f["letter_date"])
        if sent.date() < ld:
            bad(w, "fax sent before the letter's date")
        if stamp and dt.date.fromisoformat(stamp["date"]) <= ld:
            bad(w, "receipt stamp not after the letter")
        if f["birth_date"] and f["birth_date"] >= f["letter_date"]:
            bad(w, "birth after the letter")
    elif not t["handwritten"]:
        bad(w, "undated but not a note")
    # the fax
    fpages = conds["fax"]["pages"]
    if (fpages[0]["page"] == "cover") != t["fax"]["cover_sheet"]:
        bad(w, "cover sheet flag and fax pages disagree")
    total = len(fpages)
    for n, p in enumerate(fpages, start=1):
        head = p["text"].split("\n")[0]
        ok = f"S. {n}/{total}" in head or f"P.{n:02d}/{total:02d}" in head
        if not ok or t["fax"]["number"] not in head or sent.strftime("%H:%M") not in head:
            bad(w, f"fax page {n}: header {head!r}")
        hd = [d for _, d in read_dates(head)]
        if hd != [sent.date()]:
            bad(w, f"fax page {n}: header date {hd}")
    # renderings
    hashes = [digest.hexdigest()]
    for c, cp in conds.items():
        files = letter.render(c)
        hashes += [hashlib.sha256(files[k]).hexdigest() for k in sorted(files)]
        if c == "pdf":
            texts = _pdf_lines_inside(files["pdf/letter.pdf"], w, bad)
            want = [p["text"] + "\n" for p in cp["pages"]]
            if texts != want:
                bad(w, "pdf text layer differs from the truth")
            continue
        if sorted(files) != sorted(p["file"] for p in cp["pages"]):
            bad(w, f"{c}: files and truth pages differ")
        for name, data in files.items():
            img = Image.open(io.BytesIO(data))
            if c == "scan200":
                if img.format != "JPEG" or img.mode != "L":
                    bad(w, f"{name}: not a greyscale JPEG")
                dpi = img.info.get("dpi", (0, 0))
                if round(dpi[0]) != 200 or abs(img.size[0] - 1654) > 2:
                    bad(w, f"{name}: not 200 dpi A4 ({dpi}, {img.size})")
            else:
                comp = img.info.get("compression")
                ydpi = 196 if t["fax"]["resolution"] == "204x196" else 98
                if img.format != "TIFF" or img.mode != "1" or img.size[0] != 1728:
                    bad(w, f"{name}: not a bilevel 1728 px TIFF")
                if comp not in ("group3", "group4"):
                    bad(w, f"{name}: compression {comp}")
                dpi = img.info.get("dpi", (0, 0))
                if (round(dpi[0]), round(dpi[1])) != (204, ydpi):
                    bad(w, f"{name}: dpi {dpi}")
    # every line of every condition inside the sheet (the fonts' own widths)
    for c in letter.conditions():
        for name, lines in letter._cond_pages(c):
            for ln in lines:
                fnt = pymupdf.Font(fontfile=letters.cv.FONTS[ln.font])
                wd = fnt.text_length(ln.text, fontsize=ln.size)
                if ln.x < 12 or ln.x + wd > 583 or ln.y < 12 or ln.y > 834 or not ln.text.strip():
                    bad(w, f"{c} {name}: line {ln.text[:30]!r} outside the sheet or empty")
    return hashlib.sha256("".join(hashes).encode()).hexdigest()


def check_register(bad: Problems) -> None:
    pats = register.build()
    if len(pats) < 300:
        bad("register", "fewer than 300 patients")
    ids = [p.id for p in pats]
    if len(set(ids)) != len(ids):
        bad("register", "duplicate ids")
    groups = {p.collision_group for p in pats if p.collision_group}
    if len(groups) < 6:
        bad("register", "too few collision groups")
    with tempfile.TemporaryDirectory() as tmp:
        register.write_all(pats, tmp)
        with open(Path(tmp) / "patients.csv", encoding="utf-8") as fh:
            rows = list(csv.DictReader(fh))
        bundle = json.loads((Path(tmp) / "patients.bundle.json").read_text(encoding="utf-8"))
        nd = [
            json.loads(x)
            for x in (Path(tmp) / "patients.ndjson").read_text(encoding="utf-8").splitlines()
        ]
        if bundle["type"] != "collection" or [e["resource"] for e in bundle["entry"]] != nd:
            bad("register", "bundle and ndjson differ")
        for p, row, res in zip(pats, rows, nd, strict=True):
            if (row["id"], row["surname"], row["given_names"], row["birth_date"]) != (
                p.id,
                p.surname,
                p.given_names,
                p.birth_date,
            ):
                bad("register", f"{p.id}: csv differs")
            off = next(n for n in res["name"] if n["use"] == "official")
            if (res["id"], off["family"], " ".join(off["given"]), res["birthDate"]) != (
                p.id,
                p.surname,
                p.given_names,
                p.birth_date,
            ):
                bad("register", f"{p.id}: FHIR differs")
            if res["identifier"][0]["value"] != p.id:
                bad("register", f"{p.id}: identifier")
            raw = (Path(tmp) / "gdt" / f"{p.id}.gdt").read_bytes()
            fields: dict[str, str] = {}
            for line in raw.split(b"\r\n")[:-1]:
                if int(line[:3]) != len(line) + 2:
                    bad("register", f"{p.id}: GDT line length")
                fields[line[3:7].decode()] = line[7:].decode("latin-1")
            if fields.get("8000") != "6301" or int(fields.get("8100", "0")) != len(raw):
                bad("register", f"{p.id}: GDT record head")
            y, m, d = p.birth_date.split("-")
            if fields.get("3000") != p.id or fields.get("3103") != d + m + y:
                bad("register", f"{p.id}: GDT fields")
            if fields.get("3101") != register.latin1(p.surname):
                bad("register", f"{p.id}: GDT surname")


def fingerprint() -> str:
    own = [n for p in letters.practice_names() for n in p["names"]]
    sink = Problems()
    parts = [check_letter(x, own, sink) for s in ("test", "examples") for x in letters.split(s)]
    return hashlib.sha256("".join(parts).encode()).hexdigest()


def main() -> int:
    if os.environ.get("HELDOUT50R_FINGERPRINT"):
        print(fingerprint())
        return 0
    bad = Problems()
    own = [n for p in letters.practice_names() for n in p["names"]]
    counts = {}
    parts = []
    for s in ("test", "examples"):
        ls = letters.split(s)
        counts[s] = len(ls)
        if [x.id for x in ls] != [f"{s}-{i:03d}" for i in range(1, len(ls) + 1)]:
            bad(s, "ids")
        for x in ls:
            parts.append(check_letter(x, own, bad))
    if counts != {"test": 40, "examples": 6}:
        bad("splits", f"counts {counts}")
    try:
        letters.split("other")
        bad("splits", "an unknown split did not raise")
    except ValueError:
        pass
    check_register(bad)
    first = hashlib.sha256("".join(parts).encode()).hexdigest()
    if fingerprint() != first:
        bad("determinism", "a second run in this interpreter differs")
    env = dict(os.environ, PYTHONHASHSEED="4711", HELDOUT50R_FINGERPRINT="1")
    out = subprocess.run(
        [sys.executable, "-m", "bench.heldout50r.check"],
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    if out.stdout.strip() != first:
        bad("determinism", f"another interpreter differs: {out.stdout[-200:]} {out.stderr[-300:]}")
    for item in bad.items:
        print(item)
    print(f"letters: {counts}  fingerprint: {first[:16]}")
    print(f"problems: {len(bad.items)}")
    return 0 if not bad.items else 1


if __name__ == "__main__":
    raise SystemExit(main())
