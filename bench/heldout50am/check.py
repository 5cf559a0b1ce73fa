"""python -m bench.heldout50am.check: the set against its own truth; ends with `problems: N`.

The date reader here is written apart from the generator's formatter: it knows the printed
conventions of the region's post (German, Dutch, Polish, Russian, Turkish, British) and reads
every date it finds on a page; each must be one of the truth's dates.
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
import unicodedata
from pathlib import Path
from typing import Any

import pymupdf
from PIL import Image

from . import letters, register, render

MONTH_WORDS: dict[str, int] = {}
for _names in (
    "januar februar märz april mai juni juli august september oktober november dezember",
    "januari februari maart april mei juni juli augustus september oktober november december",
    "stycznia lutego marca kwietnia maja czerwca lipca sierpnia września października "
    "listopada grudnia",
    "января февраля марта апреля мая июня июля августа сентября октября ноября декабря",
    "ocak şubat mart nisan mayıs haziran temmuz ağustos eylül ekim kasım aralık",
    "january february march april may june july august september october november december",
):
    for _i, _w in enumerate(_names.split()):
        MONTH_WORDS[_w] = _i + 1

_NUM = re.compile(r"(?<![\d.])(\d{1,2})([./-])(\d{1,2})\2(\d{4}|\d{2})(?![\d])")
_ISO = re.compile(r"(?<!\d)(\d{4})-(\d{2})-(\d{2})(?!\d)")
_WORD = re.compile(r"(?<!\d)(\d{1,2})(?:\.|st|nd|rd|th)?\s+([^\W\d_]+)\s+(\d{4})(?!\d)")


def read_dates(text: str) -> tuple[list[str], list[str]]:
    """(ISO dates found, strings that look like dates but are none)."""
    found: list[str] = []
    bad: list[str] = []
    taken: list[tuple[int, int]] = []

    def add(y: int, m: int, d: int, span: tuple[int, int], raw: str) -> None:
        taken.append(span)
        try:
            found.append(dt.date(y, m, d).isoformat())
        except ValueError:
            bad.append(raw)

    for m in _ISO.finditer(text):
        add(int(m[1]), int(m[2]), int(m[3]), m.span(), m[0])
    for m in _NUM.finditer(text):
        if any(a <= m.start() < b for a, b in taken):
            continue
        sep, year = m[2], m[4]
        if len(year) == 2:
            if sep != ".":
                continue
            yy = int(year)
            y = 2000 + yy if yy <= 30 else 1900 + yy
        else:
            y = int(year)
        add(y, int(m[3]), int(m[1]), m.span(), m[0])
    for m in _WORD.finditer(text):
        month = MONTH_WORDS.get(m[2].lower())
        if month:
            add(int(m[3]), month, int(m[1]), m.span(), m[0])
    return found, bad


def pdf_lines(data: bytes) -> list[tuple[str, list[tuple[float, float, float, float]]]]:
    out = []
    doc = pymupdf.open("pdf", data)
    for page in doc:
        rows = []
        boxes = []
        for block in page.get_text("dict")["blocks"]:
            for line in block.get("lines", []):
                spans = line["spans"]
                if not spans:
                    continue
                text = "".join(s["text"] for s in spans).strip()
                if not text:
                    continue
                rows.append((round(spans[0]["origin"][1], 1), spans[0]["origin"][0], text))
                boxes.append(tuple(line["bbox"]))
        rows.sort()
        out.append(("\n".join(r[2] for r in rows), boxes))
        if page.rect.width != render.W or page.rect.height != render.H:
            out.append(("<bad page size>", []))
    doc.close()
    return out


def _fold(text: str) -> str:
    """Base letters where ISO-8859-1 has no such letter (checked apart from the writer)."""
    out = ""
    for ch in text:
        if ord(ch) < 256:
            out += ch
        elif ch in "łŁ":
            out += "l" if ch == "ł" else "L"
        elif ch == "ı":
            out += "i"
        else:
            out += unicodedata.normalize("NFD", ch)[0]
    return out


def _feed(h: Any, letter: letters.Letter, rendered: dict[str, dict[str, bytes]]) -> None:
    h.update(json.dumps(letter.truth(), ensure_ascii=False, sort_keys=True).encode())
    for cond in letter.conditions():
        for rel, data in sorted(rendered[cond].items()):
            h.update(rel.encode())
            h.update(hashlib.sha256(data).digest())


def digest_all() -> str:
    h = hashlib.sha256()
    for name in ("test", "examples"):
        for letter in letters.split(name):
            _feed(h, letter, {c: letter.render(c) for c in letter.conditions()})
    return h.hexdigest()


class Checker:
    def __init__(self) -> None:
        self.problems: list[str] = []

    def bad(self, where: str, what: str) -> None:
        self.problems.append(f"{where}: {what}")

    def letter(self, letter: letters.Letter, own: list[str], reg: dict[str, Any], h: Any) -> None:
        t = letter.truth()
        rendered = {c: letter.render(c) for c in letter.conditions()}
        _feed(h, letter, rendered)
        json.dumps(t)
        f = t["facts"]
        lid = t["id"]
        sender = f["sender"]
        if any(sender.casefold() == o.casefold() or o.casefold() in sender.casefold() for o in own):
            self.bad(lid, "the receiving practice is the sender")
        if not letter.handwritten and "pdf" not in letter.conditions():
            self.bad(lid, "no pdf condition")
        letter_texts: list[str] = []
        for cond in letter.conditions():
            files = rendered[cond]
            pages = t["conditions"][cond]["pages"]
            if sorted(files) != sorted({p["file"] for p in pages}):
                self.bad(lid, f"{cond}: files {sorted(files)} differ from the truth's")
                continue
            for pg in letter.pages_for(cond):
                for txt in render.fits(pg):
                    self.bad(lid, f"{cond}: line outside the sheet: {txt!r}")
            allowed = {d for d in (f["letter_date"], f["birth_date"]) if d}
            allowed |= {o["date"] for o in f["other_dates"]}
            if cond == "fax":
                allowed.add(t["fax"]["sent"][:10])
            if cond == "scan200" and t["conditions"]["scan200"]["receipt_stamp"]:
                allowed.add(t["conditions"]["scan200"]["receipt_stamp"]["date"])
            for p in pages:
                found, nodate = read_dates(p["text"])
                for b in nodate:
                    self.bad(lid, f"{cond} {p['page']}: not a date: {b!r}")
                for d in found:
                    if d not in allowed:
                        self.bad(lid, f"{cond} {p['page']}: printed date {d} not in the truth")
            if cond == "pdf":
                got = pdf_lines(files["pdf/letter.pdf"])
                if len(got) != len(pages):
                    self.bad(lid, "pdf page count")
                for p, (text, boxes) in zip(pages, got, strict=False):
                    if text != p["text"]:
                        self.bad(lid, f"pdf {p['page']}: text layer differs from the truth")
                    for x0, y0, x1, y1 in boxes:
                        if x0 < 0 or y0 < 0 or x1 > render.W or y1 > render.H:
                            self.bad(lid, "pdf: a text line outside the page")
            if cond == "scan200":
                for p in pages:
                    im = Image.open(io.BytesIO(files[p["file"]]))
                    if im.format != "JPEG" or im.mode != "L":
                        self.bad(lid, f"scan {p['page']}: {im.format} {im.mode}")
                    dpi = im.info.get("dpi", (0, 0))
                    if round(dpi[0]) != 200 or abs(im.size[0] - 1654) > 2:
                        self.bad(lid, f"scan {p['page']}: dpi {dpi} size {im.size}")
            if cond == "fax":
                sent = dt.datetime.fromisoformat(t["fax"]["sent"])
                ld = f["letter_date"]
                if ld and sent.date() < dt.date.fromisoformat(ld):
                    self.bad(lid, "fax sent before the letter's date")
                if t["fax"]["cover_sheet"] != (pages[0]["page"] == "cover"):
                    self.bad(lid, "fax cover sheet flag")
                total = len(pages)
                for i, p in enumerate(pages):
                    im = Image.open(io.BytesIO(files[p["file"]]))
                    comp = im.info.get("compression", "")
                    dpi = tuple(round(v) for v in im.info.get("dpi", (0, 0)))
                    if im.format != "TIFF" or im.mode != "1" or im.size[0] != 1728:
                        self.bad(lid, f"fax {p['page']}: {im.format} {im.mode} {im.size}")
                    if comp not in ("group3", "group4") or dpi not in ((204, 196), (204, 98)):
                        self.bad(lid, f"fax {p['page']}: {comp} {dpi}")
                    head = p["text"].split("\n", 1)[0]
                    if sent.strftime("%H:%M") not in head or t["fax"]["number"] not in head:
                        self.bad(lid, f"fax {p['page']}: header {head!r}")
                    if not re.search(rf"(?<!\d)0*{i + 1}(?:/| von )0*{total}(?!\d)", head):
                        self.bad(lid, f"fax {p['page']}: header page count {head!r}")
                    if sent.date().isoformat() not in read_dates(head)[0]:
                        self.bad(lid, f"fax {p['page']}: header date {head!r}")
                    band = im.crop((0, 0, 1728, int(dpi[1] * 0.3))).convert("L")
                    if band.getextrema()[0] != 0:
                        self.bad(lid, f"fax {p['page']}: no header ink")
            letter_texts = [p["text"] for p in pages if p["page"] != "cover"]
            # values on the pages
            p1 = pages[[p["page"] for p in pages].index("p1")]["text"]
            pat = f["patient"]
            pos = p1.find(pat["as_written"])
            if pos < 0:
                self.bad(lid, f"{cond}: as_written {pat['as_written']!r} not on page 1")
            toks = pat["full_name_as_letter"].split(" ")
            for ln in p1.split("\n"):
                if all(x.upper() in ln.upper() for x in (toks[0], toks[-1])):
                    if pat["as_written"] not in ln:
                        self.bad(lid, f"{cond}: as_written is not the first mention")
                    break
            alltext = "\n".join(letter_texts)
            for tok in toks:
                if tok.upper() not in alltext.upper():
                    self.bad(lid, f"{cond}: name part {tok!r} not printed")
            dates_on = set()
            for txt in letter_texts:
                dates_on |= set(read_dates(txt)[0])
            for key in ("letter_date", "birth_date"):
                if f[key] and f[key] not in dates_on:
                    self.bad(lid, f"{cond}: {key} {f[key]} not printed")
            for o in f["other_dates"]:
                if o["date"] not in dates_on:
                    self.bad(lid, f"{cond}: {o['role']} {o['date']} not printed")
            for key in ("sender", "title", "patient_id"):
                if f[key] and f[key] not in alltext:
                    self.bad(lid, f"{cond}: {key} {f[key]!r} not printed")
            for o in f["other_people"]:
                if o["name"] not in alltext:
                    self.bad(lid, f"{cond}: person {o['name']!r} not printed")
        rid = f["patient"]["register_id"]
        if rid is not None:
            p = reg.get(rid)
            if p is None:
                self.bad(lid, f"register id {rid} unknown")
            elif (f["patient"]["surname"], f["patient"]["given_names"]) != (
                p.surname,
                p.given_names,
            ):
                self.bad(lid, "patient name differs from the register")
            elif f["birth_date"] and f["birth_date"] != p.birth_date:
                self.bad(lid, "birth date differs from the register")

    def register(self) -> None:
        pats = register.build()
        if len(pats) < 300:
            self.bad("register", f"only {len(pats)} patients")
        if len({p.id for p in pats}) != len(pats):
            self.bad("register", "duplicate ids")
        with tempfile.TemporaryDirectory() as tmp:
            folder = Path(tmp)
            register.write_all(pats, folder)
            with (folder / "patients.csv").open(encoding="utf-8") as fh:
                rows = list(csv.DictReader(fh))
            nd = [
                json.loads(x)
                for x in (folder / "patients.ndjson").read_text(encoding="utf-8").splitlines()
            ]
            bundle = json.loads((folder / "patients.bundle.json").read_text(encoding="utf-8"))
            if bundle.get("type") != "collection" or bundle.get("resourceType") != "Bundle":
                self.bad("register", "bundle type")
            bres = [e["resource"] for e in bundle["entry"]]
            if bres != nd:
                self.bad("register", "bundle and ndjson differ")
            for p, row, res in zip(pats, rows, nd, strict=True):
                if (row["id"], row["surname"], row["given_names"], row["birth_date"]) != (
                    p.id,
                    p.surname,
                    p.given_names,
                    p.birth_date,
                ):
                    self.bad("register", f"csv row {p.id}")
                off = res["name"][0]
                if (res["id"], off["family"], " ".join(off["given"]), res["birthDate"]) != (
                    p.id,
                    p.surname,
                    p.given_names,
                    p.birth_date,
                ):
                    self.bad("register", f"fhir {p.id}")
                if res["identifier"][0]["value"] != p.id:
                    self.bad("register", f"fhir identifier {p.id}")
                raw = (folder / "gdt" / f"{p.id}.gdt").read_bytes()
                fields: dict[str, str] = {}
                for ln in raw.split(b"\r\n")[:-1]:
                    if int(ln[:3]) != len(ln) + 2:
                        self.bad("register", f"gdt line length {p.id}")
                    fields[ln[3:7].decode()] = ln[7:].decode("latin-1")
                if int(fields.get("8100", "0")) != len(raw) or fields.get("8000") != "6301":
                    self.bad("register", f"gdt record length {p.id}")
                bd = dt.date.fromisoformat(p.birth_date).strftime("%d%m%Y")
                if (
                    fields.get("3000"),
                    fields.get("3101"),
                    fields.get("3102"),
                    fields.get("3103"),
                ) != (p.id, _fold(p.surname), _fold(p.given_names), bd):
                    self.bad("register", f"gdt fields {p.id}")
        kinds = {p.collision for p in pats if p.collision}
        for k in (
            "same_name_same_birth_date",
            "twin",
            "name_change",
            "umlaut_spelling",
            "namesake",
        ):
            if k not in kinds:
                self.bad("register", f"no collision of kind {k}")


def main() -> int:
    env = dict(os.environ, PYTHONHASHSEED="4242")
    code = "from bench.heldout50am.check import digest_all; print(digest_all())"
    other = subprocess.Popen(
        [sys.executable, "-c", code],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=str(Path(__file__).resolve().parents[2]),
    )
    c = Checker()
    h = hashlib.sha256()
    own = [n for p in letters.practice_names() for n in p["names"]]
    reg = register.by_id(register.build())
    c.register()
    counts = {}
    for name, n in (("test", 40), ("examples", 6)):
        ls = letters.split(name)
        counts[name] = len(ls)
        if len(ls) != n:
            c.bad(name, f"{len(ls)} letters")
        for letter in ls:
            c.letter(letter, own, reg, h)
    try:
        letters.split("other")
        c.bad("split", "unknown split accepted")
    except ValueError:
        pass
    first = h.hexdigest()
    if digest_all() != first:
        c.bad("determinism", "two runs differ")
    out, err = other.communicate(timeout=300)
    if out.strip() != first:
        c.bad("determinism", f"another interpreter differs: {err[-300:]}")
    for p in c.problems:
        print(p)
    print(f"letters: {counts}")
    print(f"problems: {len(c.problems)}")
    return 0 if not c.problems else 1


if __name__ == "__main__":
    raise SystemExit(main())
