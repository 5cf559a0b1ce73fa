"""Checks the set against its own truth; ends with `problems: N`.

The dates are read back with a parser written here, apart from the generator: it knows how
each country of the region writes a date and has its own month names.
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
import time
from pathlib import Path
from typing import Any

import pymupdf
from PIL import Image

from . import register
from .letters import Letter, practice_names, split
from .render import A4_H, A4_W, font, width

_TABLES = {
    "de": [
        ("januar", 1),
        ("jan", 1),
        ("februar", 2),
        ("feb", 2),
        ("märz", 3),
        ("mrz", 3),
        ("april", 4),
        ("mai", 5),
        ("juni", 6),
        ("juli", 7),
        ("august", 8),
        ("september", 9),
        ("oktober", 10),
        ("okt", 10),
        ("november", 11),
        ("dezember", 12),
        ("dez", 12),
    ],
    "fr": [
        ("janvier", 1),
        ("février", 2),
        ("mars", 3),
        ("avril", 4),
        ("mai", 5),
        ("juin", 6),
        ("juillet", 7),
        ("août", 8),
        ("septembre", 9),
        ("octobre", 10),
        ("novembre", 11),
        ("décembre", 12),
    ],
    "it": [
        ("gennaio", 1),
        ("febbraio", 2),
        ("marzo", 3),
        ("aprile", 4),
        ("maggio", 5),
        ("giugno", 6),
        ("luglio", 7),
        ("agosto", 8),
        ("settembre", 9),
        ("ottobre", 10),
        ("novembre", 11),
        ("dicembre", 12),
    ],
    "es": [
        ("enero", 1),
        ("febrero", 2),
        ("marzo", 3),
        ("abril", 4),
        ("mayo", 5),
        ("junio", 6),
        ("julio", 7),
        ("agosto", 8),
        ("septiembre", 9),
        ("octubre", 10),
        ("noviembre", 11),
        ("diciembre", 12),
    ],
    "pt": [
        ("janeiro", 1),
        ("fevereiro", 2),
        ("março", 3),
        ("abril", 4),
        ("maio", 5),
        ("junho", 6),
        ("julho", 7),
        ("agosto", 8),
        ("setembro", 9),
        ("outubro", 10),
        ("novembro", 11),
        ("dezembro", 12),
    ],
    "tr": [
        ("ocak", 1),
        ("şubat", 2),
        ("mart", 3),
        ("nisan", 4),
        ("mayıs", 5),
        ("haziran", 6),
        ("temmuz", 7),
        ("ağustos", 8),
        ("eylül", 9),
        ("ekim", 10),
        ("kasım", 11),
        ("aralık", 12),
    ],
    "uk": [
        ("січня", 1),
        ("лютого", 2),
        ("березня", 3),
        ("квітня", 4),
        ("травня", 5),
        ("червня", 6),
        ("липня", 7),
        ("серпня", 8),
        ("вересня", 9),
        ("жовтня", 10),
        ("листопада", 11),
        ("грудня", 12),
    ],
    "en": [
        ("january", 1),
        ("february", 2),
        ("march", 3),
        ("april", 4),
        ("may", 5),
        ("june", 6),
        ("july", 7),
        ("august", 8),
        ("september", 9),
        ("october", 10),
        ("november", 11),
        ("december", 12),
        ("jan", 1),
        ("feb", 2),
        ("mar", 3),
        ("apr", 4),
        ("jun", 6),
        ("jul", 7),
        ("aug", 8),
        ("sep", 9),
        ("oct", 10),
        ("nov", 11),
        ("dec", 12),
    ],
}
MONTH_WORDS = {w: m for tab in _TABLES.values() for w, m in tab}
_MW = "|".join(sorted((re.escape(w) for w in MONTH_WORDS), key=len, reverse=True))
RE_NUM = re.compile(r"(?<![\d.,/-])(\d{1,2})([./-])(\d{1,2})\2(\d{4}|\d{2})(?![\d])")
RE_ISO = re.compile(r"(?<!\d)(\d{4})-(\d{2})-(\d{2})(?!\d)")
RE_DMY = re.compile(
    r"(?<![\w])(\d{1,2})(?:er)?\.?\s+(?:de\s+)?(" + _MW + r")\.?\s+(?:de\s+)?(\d{4})", re.I
)
RE_MDY = re.compile(r"(?<![\w])(" + _MW + r")\s+(\d{1,2}),\s+(\d{4})", re.I)


def read_dates(text: str, region: str) -> list[dt.date]:
    """Every date a reader of `region`'s convention finds in `text`."""
    out: list[dt.date] = []
    low = text.replace("İ", "i").lower()
    for m in RE_ISO.finditer(low):
        out.append(dt.date(int(m[1]), int(m[2]), int(m[3])))
    low_wo_iso = RE_ISO.sub(" ", low)
    for m in RE_NUM.finditer(low_wo_iso):
        a, b, y = int(m[1]), int(m[3]), int(m[4])
        if y < 100:
            y += 2000 if y < 40 else 1900
        day, month = (b, a) if region == "US" and m[2] == "/" else (a, b)
        out.append(dt.date(y, month, day))
    for m in RE_DMY.finditer(low):
        out.append(dt.date(int(m[3]), MONTH_WORDS[m[2].lower()], int(m[1])))
    for m in RE_MDY.finditer(low):
        out.append(dt.date(int(m[3]), MONTH_WORDS[m[1].lower()], int(m[2])))
    return out


class Problems:
    def __init__(self) -> None:
        self.items: list[str] = []

    def add(self, where: str, what: str) -> None:
        self.items.append(f"{where}: {what}")


def check_pdf(letter: Letter, data: bytes, truth: dict[str, Any], pr: Problems) -> None:
    where = f"{letter.id}/pdf"
    doc = pymupdf.open("pdf", data)
    tp = truth["conditions"]["pdf"]["pages"]
    if doc.page_count != len(tp):
        pr.add(where, f"{doc.page_count} pages, truth {len(tp)}")
        return
    for i, page in enumerate(doc):
        if abs(page.rect.width - A4_W) > 1 or abs(page.rect.height - A4_H) > 1:
            pr.add(where, "page is not A4")
        chars = []
        for b in page.get_text("rawdict")["blocks"]:
            for ln in b.get("lines", []):
                for sp in ln["spans"]:
                    for ch in sp["chars"]:
                        x0, y0, x1, y1 = ch["bbox"]
                        if ch["c"].strip() and (x0 < 8 or y0 < 8 or x1 > A4_W - 8 or y1 > A4_H - 8):
                            pr.add(where, f"p{i + 1}: {ch['c']!r} outside the sheet")
                        chars.append((ch["origin"][1], ch["origin"][0], ch["c"]))
        lines = letter.pages[i].ordered()
        text_model = "\n".join(ln.text for ln in lines)
        if text_model != tp[i]["text"]:
            pr.add(where, f"p{i + 1}: truth text is not the page's lines in reading order")
        got = [""] * len(lines)
        spans = [(ln.y, ln.x - 0.5, ln.right - 0.05) for ln in lines]
        for y, x, c in sorted(chars, key=lambda t: (t[0], t[1])):
            hit = [k for k, (ly, x0, x1) in enumerate(spans) if abs(ly - y) < 0.3 and x0 <= x < x1]
            if len(hit) == 1:
                got[hit[0]] += c
            elif c.strip():
                pr.add(
                    where, f"p{i + 1}: text layer character {c!r} at ({x:.1f}, {y:.1f}) on no line"
                )
        for ln, g in zip(lines, got, strict=True):
            # a reader adds a space at the gap after a line; the line itself has none at its ends
            if g.strip(" ") != ln.text:
                pr.add(where, f"p{i + 1}: text layer {g[:60]!r} != truth {ln.text[:60]!r}")


def check_images(
    letter: Letter, cond: str, files: dict[str, bytes], truth: dict[str, Any], pr: Problems
) -> None:
    where = f"{letter.id}/{cond}"
    tp = truth["conditions"][cond]["pages"]
    if sorted(files) != [p["file"] for p in tp]:
        pr.add(where, f"files {sorted(files)} differ from the truth's pages")
    for name, data in files.items():
        im = Image.open(io.BytesIO(data))
        if cond == "scan200":
            if im.format != "JPEG" or im.mode != "L":
                pr.add(where, f"{name}: {im.format} {im.mode}, expected greyscale JPEG")
            if tuple(round(v) for v in im.info.get("dpi", (0, 0))) != (200, 200):
                pr.add(where, f"{name}: dpi {im.info.get('dpi')}")
            if abs(im.size[0] - 1654) > 3 or abs(im.size[1] - 2339) > 3:
                pr.add(where, f"{name}: size {im.size}")
        else:
            comp = im.info.get("compression")
            dpi = tuple(round(v) for v in im.info.get("dpi", (0, 0)))
            if im.format != "TIFF" or im.mode != "1" or comp not in ("group3", "group4"):
                pr.add(where, f"{name}: {im.format} {im.mode} {comp}")
            if im.size[0] != 1728 or dpi not in ((204, 196), (204, 98)):
                pr.add(where, f"{name}: width {im.size[0]} dpi {dpi}")
            want = truth["fax"]["resolution"]
            if f"{dpi[0]}x{dpi[1]}" != want:
                pr.add(where, f"{name}: resolution {dpi} but truth {want}")


def check_letter(
    letter: Letter, own: list[str], pts: dict[str, register.Patient], pr: Problems
) -> str:
    t = letter.truth()
    f = t["facts"]
    where = letter.id
    digest = hashlib.sha256(json.dumps(t, sort_keys=True, ensure_ascii=False).encode())
    if json.loads(json.dumps(t)) != t:
        pr.add(where, "truth is not plain JSON")
    conds = letter.conditions()
    if letter.handwritten and "pdf" in conds:
        pr.add(where, "a handwritten letter with a pdf")
    rendered = {c: letter.render(c) for c in conds}
    for c in conds:
        for k in sorted(rendered[c]):
            digest.update(k.encode() + rendered[c][k])
    if "pdf" in conds:
        check_pdf(letter, rendered["pdf"]["pdf/letter.pdf"], t, pr)
    for c in ("scan200", "fax"):
        check_images(letter, c, rendered[c], t, pr)
    region = t["region"]
    pages = {c: [p["text"] for p in t["conditions"][c]["pages"]] for c in t["conditions"]}
    body = t["conditions"]["scan200"]["pages"]
    p1 = next(p["text"] for p in body if p["page"] == "p1")
    everything = "\n".join(x for c in pages for x in pages[c])
    pat = f["patient"]
    if pat["as_written"] not in p1:
        pr.add(where, f"as_written {pat['as_written']!r} not on page 1")
    if pat["register_id"]:
        p = pts.get(pat["register_id"])
        if p is None or p.full_name != pat["full_name"] or t["register"]["id"] != p.id:
            pr.add(where, "register id does not name this patient")
    elif t["register"] is not None:
        pr.add(where, "register block for a patient not in the register")
    sur_letter = pat["full_name_as_letter"].split(" ")[-1]
    fold = str.maketrans({"ı": "i", "İ": "i", "I": "i"})
    if sur_letter.translate(fold).lower() not in p1.translate(fold).lower():
        pr.add(where, f"surname as spelled {sur_letter!r} not on page 1")
    if f["sender"] not in "\n".join(x["text"] for x in body):
        pr.add(where, f"sender {f['sender']!r} not printed")
    for o in own:
        if o.lower() in f["sender"].lower() or f["sender"].lower() in o.lower():
            pr.add(where, f"the receiving practice ({o}) is the sender")
    if not any(
        pn["address"][0] in p1
        or pn["doctor"].split()[-1] in p1
        or any(n in p1 for n in pn["names"])
        for pn in practice_names()
    ):
        pr.add(where, "addressed to none of the receiving practices")
    if f["title"] is not None and f["title"] not in everything:
        pr.add(where, f"title {f['title']!r} not printed")
    for alt in f["sender_alternatives"]:
        if alt not in everything:
            pr.add(where, f"sender alternative {alt!r} not printed")
    if f["patient_id"] is not None:
        if not re.search(rf"(?<!\d){re.escape(f['patient_id'])}(?!\d)", p1):
            pr.add(where, "patient_id not on page 1")
        if f["patient_id"] != pat["register_id"]:
            pr.add(where, "patient_id is not the register's id")
    elif pat["register_id"] and re.search(rf"(?<!\d){pat['register_id']}(?!\d)", everything):
        pr.add(where, "the practice's patient id is printed but the truth says null")
    for role in ("sender", "as_written"):
        val = f[role] if role == "sender" else pat[role]
        if val != val.strip() or not val:
            pr.add(where, f"{role} empty or padded")
    # dates: read back with the region's convention
    allowed = {f["letter_date"], f["birth_date"]} | {d["date"] for d in f["other_dates"]}
    sent = dt.datetime.fromisoformat(t["fax"]["sent"])
    allowed.add(sent.date().isoformat())
    seen: set[str] = set()
    for c, texts in pages.items():
        for i, txt in enumerate(texts):
            for d in read_dates(txt, region):
                seen.add(d.isoformat())
                if d.isoformat() not in allowed:
                    pr.add(
                        where, f"{c} page {i + 1}: a printed date {d} that the truth does not know"
                    )
    letter_pages = "\n".join(p["text"] for p in t["conditions"]["scan200"]["pages"])
    lp_dates = {d.isoformat() for d in read_dates(letter_pages, region)}
    if f["letter_date"] and f["letter_date"] not in lp_dates:
        pr.add(where, f"letter_date {f['letter_date']} not read back from the letter")
    if f["birth_date"] and f["birth_date"] not in {d.isoformat() for d in read_dates(p1, region)}:
        pr.add(where, f"birth_date {f['birth_date']} not read back from page 1")
    if (
        pat["register_id"]
        and f["birth_date"]
        and pts[pat["register_id"]].birth_date.isoformat() != f["birth_date"]
    ):
        pr.add(where, "birth_date differs from the register's")
    for d in f["other_dates"]:
        if d["date"] not in seen:
            pr.add(where, f"other date {d} not printed")
    # the fax: a header line on every page, sent after the letter
    fp = t["conditions"]["fax"]["pages"]
    for i, p in enumerate(fp):
        first = p["text"].split("\n")[0]
        hd = read_dates(first, region)
        if (
            f"{i + 1}/{len(fp)}" not in first
            or sent.strftime("%H:%M") not in first
            or sent.date() not in hd
        ):
            pr.add(where, f"fax page {i + 1}: header line {first!r}")
    if f["letter_date"] and sent.date() <= dt.date.fromisoformat(f["letter_date"]):
        pr.add(where, "fax sent before the letter's date")
    if t["fax"]["cover_sheet"] != (fp[0]["page"] == "cover"):
        pr.add(where, "cover sheet flag disagrees with the pages")
    # every line inside the sheet, every glyph in its font
    for pg in letter.scan_pages() + letter.fax_pages():
        for ln in pg.lines:
            if (
                ln.x < 10
                or ln.y - ln.size < 5
                or ln.x + width(ln.text, ln.font, ln.size) > A4_W - 10
                or ln.y > A4_H - 5
            ):
                pr.add(where, f"line outside the sheet: {ln.text[:40]!r}")
            missing = [ch for ch in ln.text if ch != " " and not font(ln.font).has_glyph(ord(ch))]
            if missing:
                pr.add(where, f"glyphs missing in {ln.font}: {missing}")
    return digest.hexdigest()


def check_register(pr: Problems) -> None:
    pts = register.build()
    if len(pts) < 300:
        pr.add("register", f"only {len(pts)} patients")
    kinds = {p.collision for p in pts if p.collision}
    for k in ("same_name_and_birth_date", "twins", "name_change", "umlaut_spelling", "namesakes"):
        if k not in kinds:
            pr.add("register", f"no {k} collision")
    with tempfile.TemporaryDirectory() as tmp:
        register.write_all(pts, tmp)
        folder = Path(tmp)
        with open(folder / "patients.csv", encoding="utf-8", newline="") as fh:
            rows = list(csv.DictReader(fh))
        bundle = json.loads((folder / "patients.bundle.json").read_text(encoding="utf-8"))
        nd = [
            json.loads(x)
            for x in (folder / "patients.ndjson").read_text(encoding="utf-8").splitlines()
        ]
        if bundle["resourceType"] != "Bundle" or bundle["type"] != "collection":
            pr.add("register", "bundle is not a collection Bundle")
        res = [e["resource"] for e in bundle["entry"]]
        if res != nd:
            pr.add("register", "bundle and ndjson differ")
        if len(rows) != len(pts) or len(res) != len(pts):
            pr.add("register", "exports have different patient counts")
        for row, r in zip(rows, res, strict=False):
            off = next(n for n in r["name"] if n["use"] == "official")
            if (
                row["id"] != r["id"]
                or r["identifier"][0]["value"] != row["id"]
                or off["family"] != row["surname"]
                or " ".join(off["given"]) != row["given_names"]
                or r["birthDate"] != row["birth_date"]
            ):
                pr.add("register", f"csv and FHIR differ for {row['id']}")
            maiden = [n["family"] for n in r["name"] if n["use"] == "maiden"]
            old = [n["family"] for n in r["name"] if n["use"] == "old"]
            if (
                maiden != ([row["birth_name"]] if row["birth_name"] else [])
                or ";".join(old) != row["former_names"]
            ):
                pr.add("register", f"birth or former names differ for {row['id']}")
            if r["gender"] != {"M": "male", "F": "female"}[row["sex"]]:
                pr.add("register", f"sex differs for {row['id']}")
            raw = (folder / "gdt" / f"{row['id']}.gdt").read_bytes()
            fields: dict[str, str] = {}
            for line in raw.split(b"\r\n")[:-1]:
                if int(line[:3]) != len(line) + 2:
                    pr.add("register", f"GDT line length wrong in {row['id']}")
                fields[line[3:7].decode()] = line[7:].decode("latin-1")
            if fields.get("8100") != f"{len(raw):05d}":
                pr.add("register", f"GDT record length wrong in {row['id']}")
            bd = dt.date.fromisoformat(row["birth_date"])
            want = {
                "8000": "6301",
                "3000": row["id"],
                "3101": row["surname"],
                "3102": row["given_names"],
                "3103": bd.strftime("%d%m%Y"),
                "3110": "1" if row["sex"] == "M" else "2",
                "3106": f"{row['postcode']} {row['city']}",
                "3107": row["street"],
            }
            fold = str.maketrans("ıİşŞğĞ", "iIsSgG")
            for k, v in want.items():
                if fields.get(k) != v.translate(fold):
                    pr.add("register", f"GDT field {k} of {row['id']}: {fields.get(k)!r} != {v!r}")


def letter_digest(letter: Letter) -> str:
    h = hashlib.sha256(json.dumps(letter.truth(), sort_keys=True, ensure_ascii=False).encode())
    for c in letter.conditions():
        files = letter.render(c)
        for k in sorted(files):
            h.update(k.encode() + files[k])
    return h.hexdigest()


def digest_all() -> str:
    h = hashlib.sha256()
    for name in ("test", "examples"):
        for letter in split(name):
            h.update(bytes.fromhex(letter_digest(letter)))
    return h.hexdigest()


def main() -> int:
    if sys.argv[1:] == ["--digest"]:
        print(digest_all())
        return 0
    start = time.monotonic()
    env = dict(os.environ, PYTHONHASHSEED="12345")
    other = subprocess.Popen(
        [sys.executable, "-m", "bench.heldout50s.check", "--digest"],
        env=env,
        stdout=subprocess.PIPE,
        text=True,
        cwd=Path(__file__).resolve().parents[2],
    )
    pr = Problems()
    own = [n for p in practice_names() for n in p["names"]]
    pts = {p.id: p for p in register.build()}
    check_register(pr)
    try:
        split("nope")
        pr.add("splits", "an unknown split did not raise")
    except ValueError:
        pass
    h = hashlib.sha256()
    counts: dict[str, int] = {}
    for name, n in (("test", 40), ("examples", 6)):
        letters = split(name)
        if len(letters) != n:
            pr.add(name, f"{len(letters)} letters, expected {n}")
        for letter in letters:
            d = check_letter(letter, own, pts, pr)
            h.update(bytes.fromhex(d))
            counts[letter.layout] = counts.get(letter.layout, 0) + 1
    # same bytes twice in this interpreter
    for first, again in zip(split("examples"), split("examples"), strict=True):
        if letter_digest(first) != letter_digest(again):
            pr.add("determinism", f"{first.id} differs between two renders")
    out, _ = other.communicate(timeout=300)
    if other.returncode != 0:
        pr.add("determinism", "the second interpreter failed")
    elif out.strip() != h.hexdigest():
        pr.add("determinism", "a second interpreter (PYTHONHASHSEED=12345) made other bytes")
    for p in pr.items:
        print(p)
    print(f"layouts: {json.dumps(counts, sort_keys=True)}")
    print(f"checked in {time.monotonic() - start:.1f} s")
    print(f"problems: {len(pr.items)}")
    return 0 if not pr.items else 1


if __name__ == "__main__":
    sys.exit(main())
