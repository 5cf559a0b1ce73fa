"""Verify the set against its own truth: python -m bench.heldout50u.check (ends 'problems: N').

The date reader here is written apart from the generator's formatter: its own month tables and
patterns per region, so that a date printed wrongly does not read back to the truth.
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

from . import layout, letters, register

_MONTH_WORDS = {
    "de": "januar februar märz april mai juni juli august september oktober november dezember",
    "pl": "stycznia lutego marca kwietnia maja czerwca lipca sierpnia września października "
    "listopada grudnia",
    "cs": "ledna února března dubna května června července srpna září října listopadu prosince",
    "uk": "січня лютого березня квітня травня червня липня серпня вересня жовтня листопада грудня",
    "ru": "января февраля марта апреля мая июня июля августа сентября октября ноября декабря",
    "tr": "ocak şubat mart nisan mayıs haziran temmuz ağustos eylül ekim kasım aralık",
    "en": "january february march april may june july august september october november december",
    "sv": "januari februari mars april maj juni juli augusti september oktober november december",
}
_REGION_LANG = {
    "DE": "de",
    "PL": "pl",
    "CZ": "cs",
    "UA": "uk",
    "RU": "ru",
    "TR": "tr",
    "GB": "en",
    "IL": "en",
    "US": "en",
    "SE": "sv",
    "VN": "vi",
}


def _months(lang: str) -> dict[str, int]:
    return {w: i + 1 for i, w in enumerate(_MONTH_WORDS.get(lang, "").split())}


def read_dates(text: str, region: str) -> list[dt.date]:
    """Every date printed in text, read by the region's convention."""
    found: list[tuple[int, dt.date]] = []
    lang = _REGION_LANG[region]
    low = text.lower()

    def add(pos: int, y: str, m: str | int, d: str) -> None:
        try:
            found.append((pos, dt.date(int(y), int(m), int(d))))
        except ValueError:
            found.append((pos, dt.date(1, 1, 1)))  # an impossible date: a problem

    if region == "US":
        for mt in re.finditer(r"(?<![\d/])(\d{1,2})/(\d{1,2})/(\d{4})(?![\d/])", low):
            add(mt.start(), mt[3], mt[1], mt[2])
    elif region in ("GB", "IL", "VN"):
        for mt in re.finditer(r"(?<![\d/])(\d{1,2})/(\d{1,2})/(\d{4})(?![\d/])", low):
            add(mt.start(), mt[3], mt[2], mt[1])
    elif region == "SE":
        for mt in re.finditer(r"(?<![\d-])(\d{4})-(\d{2})-(\d{2})(?![\d-])", low):
            add(mt.start(), mt[1], mt[2], mt[3])
    else:
        for mt in re.finditer(r"(?<![\d.])(\d{1,2})\.\s?(\d{1,2})\.\s?(\d{4})(?!\d)", low):
            add(mt.start(), mt[3], mt[2], mt[1])
    if region == "VN":
        for mt in re.finditer(r"ngày (\d{1,2}) tháng (\d{1,2}) năm (\d{4})", low):
            add(mt.start(), mt[3], mt[2], mt[1])
    names = _months(lang)
    if names:
        alt = "|".join(sorted(names, key=len, reverse=True))
        if region == "US":
            for mt in re.finditer(rf"\b({alt}) (\d{{1,2}}), (\d{{4}})\b", low):
                add(mt.start(), mt[3], names[mt[1]], mt[2])
        else:
            for mt in re.finditer(rf"(?<!\d)(\d{{1,2}})\.? ({alt}) (\d{{4}})(?!\d)", low):
                add(mt.start(), mt[3], names[mt[2]], mt[1])
    # The fax machine of a German line prints its own date the German way (dd.mm.yyyy).
    return [d for _, d in sorted(found, key=lambda t: t[0])]


def _norm(s: str) -> str:
    return re.sub(r"\s+", " ", unicodedata.normalize("NFC", s)).strip().casefold()


def _pdf_texts(data: bytes) -> list[str]:
    out = []
    with pymupdf.open(stream=data, filetype="pdf") as doc:
        for page in doc:
            spans = []
            for block in page.get_text("dict")["blocks"]:
                for line in block.get("lines", []):
                    for sp in line["spans"]:
                        x0, y0, x1, y1 = sp["bbox"]
                        if (
                            x0 < 10
                            or x1 > page.rect.width - 10
                            or y0 < 4
                            or y1 > page.rect.height - 6
                        ):
                            spans.append((-1.0, -1.0, "OUTSIDE THE SHEET: " + sp["text"]))
                        spans.append(
                            (round(sp["origin"][1], 2), round(sp["origin"][0], 2), sp["text"])
                        )
            spans.sort(key=lambda t: (t[0], t[1]))
            out.append("\n".join(t for _, _, t in spans))
    return out


class Checker:
    def __init__(self) -> None:
        self.problems: list[str] = []
        self.counts: dict[str, int] = {}

    def fail(self, where: str, what: str) -> None:
        self.problems.append(f"{where}: {what}")

    # the register -------------------------------------------------------------------------
    def register(self) -> dict[str, register.Patient]:
        pats = register.build()
        if len(pats) < 300:
            self.fail("register", f"only {len(pats)} patients")
        ids = [p.id for p in pats]
        if len(set(ids)) != len(ids):
            self.fail("register", "duplicate ids")
        kinds = {p.collision.split(" ")[0] for p in pats if p.collision}
        for need in ("same", "twins", "name", "umlaut", "namesakes", "title"):
            if need not in kinds:
                self.fail("register", f"no collision of kind {need}")
        with tempfile.TemporaryDirectory() as tmp:
            register.write_all(pats, tmp)
            folder = Path(tmp)
            rows = list(
                csv.DictReader(io.StringIO((folder / "patients.csv").read_text(encoding="utf-8")))
            )
            bundle = json.loads((folder / "patients.bundle.json").read_text(encoding="utf-8"))
            nd = [
                json.loads(x)
                for x in (folder / "patients.ndjson").read_text(encoding="utf-8").splitlines()
            ]
            if bundle.get("type") != "collection" or bundle.get("resourceType") != "Bundle":
                self.fail("register", "the bundle is no collection")
            res = [e["resource"] for e in bundle["entry"]]
            if res != nd:
                self.fail("register", "bundle and ndjson differ")
            for p, row, r in zip(pats, rows, res, strict=True):
                where = f"register {p.id}"
                want = {
                    "id": p.id,
                    "surname": p.surname,
                    "given_names": p.given_names,
                    "birth_date": p.birth_date.isoformat(),
                    "birth_name": p.birth_name,
                    "former_names": ";".join(p.former_names),
                    "title": p.title,
                }
                for k, v in want.items():
                    if row[k] != v:
                        self.fail(where, f"csv {k} {row[k]!r} != {v!r}")
                off = next(n for n in r["name"] if n["use"] == "official")
                if (
                    off["family"] != row["surname"]
                    or " ".join(off["given"]) != row["given_names"]
                    or r["birthDate"] != row["birth_date"]
                ):
                    self.fail(where, "fhir name or birth date differs from csv")
                if r["identifier"][0]["value"] != row["id"] or r["id"] != row["id"]:
                    self.fail(where, "fhir identifier differs")
                if row["birth_name"] and not any(
                    n["use"] == "maiden" and n["family"] == row["birth_name"] for n in r["name"]
                ):
                    self.fail(where, "no maiden name in fhir")
                if row["title"] and off.get("prefix") != [row["title"]]:
                    self.fail(where, "no prefix in fhir")
                self._gdt((folder / "gdt" / f"{p.id}.gdt").read_bytes(), row, where)
        return {p.id: p for p in pats}

    def _gdt(self, data: bytes, row: dict[str, str], where: str) -> None:
        lines = data.split(b"\r\n")
        if lines[-1] != b"":
            self.fail(where, "gdt does not end in CRLF")
        fields: dict[str, str] = {}
        for ln in lines[:-1]:
            if int(ln[:3]) != len(ln) + 2:
                self.fail(where, f"gdt line length {ln[:7]!r}")
            fields[ln[3:7].decode()] = ln[7:].decode("latin-1")
        if fields.get("8000") != "6301" or int(fields.get("8100", "0")) != len(data):
            self.fail(where, "gdt 8000/8100")
        b = row["birth_date"]
        want = {
            "3000": row["id"],
            "3101": row["surname"],
            "3102": row["given_names"],
            "3103": b[8:10] + b[5:7] + b[0:4],
            "3110": "1" if row["sex"] == "M" else "2",
            "3106": f"{row['postcode']} {row['city']}",
            "3107": row["street"],
            "9218": "02.10",
        }
        for k, v in want.items():
            if fields.get(k) != v.encode("latin-1", "replace").decode("latin-1"):
                self.fail(where, f"gdt {k} {fields.get(k)!r} != {v!r}")

    # a letter -----------------------------------------------------------------------------
    def letter(
        self, letter: letters.Letter, reg: dict[str, register.Patient], own: list[str]
    ) -> None:
        t = letter.truth()
        w = t["id"]
        f = t["facts"]
        json.dumps(t)
        conds = letter.conditions()
        if list(t["conditions"]) != conds:
            self.fail(w, "conditions differ")
        if t["handwritten"] == ("pdf" in conds):
            self.fail(w, "a handwritten letter has no pdf; every other has one")
        for key in (
            "patient",
            "birth_date",
            "letter_date",
            "sender",
            "sender_alternatives",
            "title",
            "title_alternatives",
            "patient_id",
            "other_dates",
            "other_people",
        ):
            if key not in f:
                self.fail(w, f"no facts.{key}")
        # the sender is never a receiving practice
        ns = _norm(f["sender"])
        for name in own:
            if _norm(name) == ns or _norm(name) in ns or ns in _norm(name):
                self.fail(w, f"the sender {f['sender']!r} is a receiving practice")
        # the register
        pat = f["patient"]
        rid = pat["register_id"]
        if rid is not None:
            p = reg.get(rid)
            if p is None:
                self.fail(w, f"register id {rid} unknown")
            elif (p.surname, p.given_names) != (pat["surname"], pat["given_names"]) or pat[
                "full_name"
            ] != f"{p.given_names} {p.surname}":
                self.fail(w, "the patient's names differ from the register")
            elif f["birth_date"] and f["birth_date"] != p.birth_date.isoformat():
                self.fail(w, "birth date differs from the register")
            if t["register"] is None or t["register"]["id"] != rid:
                self.fail(w, "register block differs")
        elif t["register"] is not None or f["patient_id"] is not None:
            self.fail(w, "an outsider with a register block or patient id")
        # page texts per condition
        texts: dict[str, list[dict[str, Any]]] = {c: t["conditions"][c]["pages"] for c in conds}
        body = [pg["text"] for pg in texts["scan200"]]
        p1 = body[0]
        full = "\n".join(body)
        if pat["as_written"] not in p1:
            self.fail(w, f"as_written {pat['as_written']!r} not on page 1")
        for part in pat["full_name_as_letter"].split(" "):
            if _norm(part) not in _norm(pat["as_written"]):
                self.fail(w, f"{part!r} of the name as the letter spells it not in as_written")
        if _norm(f["sender"]) not in _norm(full):
            self.fail(w, f"sender {f['sender']!r} not printed")
        if f["title"] is not None and _norm(f["title"]) not in _norm(full):
            self.fail(w, f"title {f['title']!r} not printed")
        for alt in f["title_alternatives"] + f["sender_alternatives"]:
            if not alt:
                self.fail(w, "an empty alternative")
        if f["patient_id"] is not None and not re.search(
            rf"(?<!\d){re.escape(f['patient_id'])}(?!\d)", full
        ):
            self.fail(w, "patient id not printed")
        for person in f["other_people"]:
            if _norm(person["name"]) not in _norm(full):
                self.fail(w, f"other person {person['name']!r} not printed")
        # dates
        stamp = t["scan_stamp"]
        stamp_lines = stamp["lines"] if stamp else []
        region = t["region"]
        allowed = {d["date"] for d in f["other_dates"]}
        for key in ("letter_date", "birth_date"):
            if f[key]:
                allowed.add(f[key])
        printed: set[str] = set()
        for pg in texts["scan200"]:
            for ln in pg["text"].split("\n"):
                reg_ = "DE" if ln in stamp_lines else region
                for d in read_dates(ln, reg_):
                    iso = d.isoformat()
                    if ln in stamp_lines:
                        if iso != stamp["date"]:
                            self.fail(w, f"stamp date {iso} != {stamp['date']}")
                        continue
                    printed.add(iso)
                    if iso not in allowed:
                        self.fail(w, f"printed date {iso} ({ln!r}) is no truth date")
        for iso in allowed:
            if iso not in printed:
                self.fail(w, f"truth date {iso} not printed")
        if stamp:
            if stamp["date"] == f["letter_date"]:
                self.fail(w, "the stamp's date is the letter's")
            if not any(ln in p1.split("\n") for ln in stamp_lines):
                self.fail(w, "the stamp is not on the scan")
        if f["letter_date"] is None and "undated" not in " ".join(t["notes"]):
            self.fail(w, "no letter date without a note")
        # the fax
        fax = t["fax"]
        sent = dt.datetime.strptime(fax["sent"], "%Y-%m-%dT%H:%M")
        if f["letter_date"] and sent.date() <= dt.date.fromisoformat(f["letter_date"]):
            self.fail(w, "the fax was sent before or on the letter's date")
        fpages = texts["fax"]
        total = len(fpages)
        if fax["cover_sheet"] != (fpages[0]["page"] == "cover"):
            self.fail(w, "cover sheet flag and pages differ")
        if fax["cover_sheet"] and "FAX" not in fpages[0]["text"]:
            self.fail(w, "the cover sheet says no TELEFAX")
        for n, pg in enumerate(fpages, 1):
            first = pg["text"].split("\n")[0]
            if not first.endswith(f" {n}/{total}") or fax["number"] not in first:
                self.fail(w, f"fax header of page {n}: {first!r}")
            ds = read_dates(first, region)
            if [d.isoformat() for d in ds] != [sent.date().isoformat()] or sent.strftime(
                "%H:%M"
            ) not in first:
                self.fail(w, f"fax header date of page {n}: {first!r}")
            rest = pg["text"].split("\n")[1:]
            if pg["page"] == "cover":
                for ln in rest:
                    for d in read_dates(ln, region):
                        if d != sent.date():
                            self.fail(w, "a cover sheet date is not the send date")
            elif "\n".join(rest) != layout.page_text(letter.pages[int(pg["page"][1:]) - 1].lines):
                self.fail(w, f"fax page {n} text is not the letter's page")
        # lines inside the sheet (points), every page and condition
        pages_all = [pg.lines for pg in letter.pages] + [letter.stamp]
        for lines in pages_all:
            for ln in lines:
                x1 = ln.x + layout.width(ln.text, ln.font, ln.size)
                if ln.x < 12 or x1 > layout.W - 12 or ln.y - ln.size < 8 or ln.y > layout.H - 12:
                    self.fail(w, f"line outside the sheet: {ln.text!r}")
                if ln.y < 30 and ln.x > 0:
                    self.fail(w, f"a line under the fax header: {ln.text!r}")
        # no line over another
        for n, lines in enumerate(pages_all, 1):
            boxes = []
            for ln in lines if n <= len(letter.pages) else []:
                boxes.append(
                    (
                        ln.x,
                        ln.x + layout.width(ln.text, ln.font, ln.size),
                        ln.y - ln.size * 0.75,
                        ln.y + ln.size * 0.2,
                        ln.text,
                    )
                )
            if n == 1:
                for ln in letter.stamp:
                    boxes.append(
                        (
                            ln.x,
                            ln.x + layout.width(ln.text, ln.font, ln.size),
                            ln.y - ln.size * 0.75,
                            ln.y + ln.size * 0.2,
                            ln.text,
                        )
                    )
            for i, a in enumerate(boxes):
                for bx in boxes[i + 1 :]:
                    if a[0] < bx[1] and bx[0] < a[1] and a[2] < bx[3] and bx[2] < a[3]:
                        self.fail(w, f"lines overlap on page {n}: {a[4]!r} / {bx[4]!r}")
        # the renders
        self._renders(letter, t, texts)
        self.counts[t["layout"]] = self.counts.get(t["layout"], 0) + 1

    def _renders(
        self, letter: letters.Letter, t: dict[str, Any], texts: dict[str, list[dict[str, Any]]]
    ) -> None:
        w = t["id"]
        for cond in letter.conditions():
            files = letter.render(cond)
            pages = texts[cond]
            if sorted(files) != sorted({pg["file"] for pg in pages}):
                self.fail(w, f"{cond}: files differ from the truth's")
            if cond == "pdf":
                got = _pdf_texts(files["pdf/letter.pdf"])
                want = [pg["text"] for pg in pages]
                if got != want:
                    self.fail(w, "the pdf's text layer differs from the truth")
            elif cond == "scan200":
                for name, data in files.items():
                    im = Image.open(io.BytesIO(data))
                    if (
                        im.format != "JPEG"
                        or im.mode != "L"
                        or tuple(round(v) for v in im.info.get("dpi", (0, 0))) != (200, 200)
                        or abs(im.width - 1654) > 2
                        or abs(im.height - 2339) > 2
                    ):
                        self.fail(w, f"{name}: not a 200 dpi greyscale A4 JPEG")
            else:
                vres = int(t["fax"]["resolution"].split("x")[1])
                for name, data in files.items():
                    im = Image.open(io.BytesIO(data))
                    dpi = tuple(round(v) for v in im.info.get("dpi", (0, 0)))
                    if (
                        im.format != "TIFF"
                        or im.mode != "1"
                        or im.width != 1728
                        or dpi != (204, vres)
                        or vres not in (98, 196)
                        or im.info.get("compression") != t["fax"]["compression"]
                        or im.info.get("compression") not in ("group3", "group4")
                    ):
                        self.fail(w, f"{name}: not a 1728 px bilevel G3/G4 fax at 204x{vres}")
                    top = im.crop((0, 0, 1728, round(16 * vres / 72))).convert("L")
                    if top.getextrema()[0] != 0:
                        self.fail(w, f"{name}: no ink in the fax header")


def _digest(split_name: str, step: int) -> str:
    h = hashlib.sha256()
    for letter in letters.split(split_name)[::step]:
        h.update(json.dumps(letter.truth(), sort_keys=True, ensure_ascii=False).encode())
        for cond in letter.conditions():
            for name, data in sorted(letter.render(cond).items()):
                h.update(name.encode())
                h.update(data)
    return h.hexdigest()


def main() -> int:
    if len(sys.argv) > 1 and sys.argv[1] == "--digest":
        print(_digest(sys.argv[2], int(sys.argv[3])))
        return 0
    ch = Checker()
    reg = ch.register()
    practices = letters.practice_names()
    own = [n for p in practices for n in p["names"]]
    if len(practices) != 3 or max(len(p["name"]) for p in practices) < 60:
        ch.fail("practices", "three practices, one with a long name")
    for p in practices:
        for key in ("name", "names", "doctor", "address", "fax", "kind"):
            if key not in p:
                ch.fail("practices", f"no {key}")
    try:
        letters.split("nonsense")
        ch.fail("split", "an unknown split name raised nothing")
    except ValueError:
        pass
    totals: dict[str, Any] = {
        "letters": 0,
        "outsiders": 0,
        "no_birth_date": 0,
        "no_title": 0,
        "no_letter_date": 0,
        "patient_id": 0,
        "cover": 0,
        "faxes": 0,
        "two_pages": 0,
        "stamps": 0,
        "regions": {},
    }
    for name, size in (("test", 40), ("examples", 6)):
        got = letters.split(name)
        if len(got) != size:
            ch.fail(name, f"{len(got)} letters, not {size}")
        ids = [x.id for x in got]
        if ids != [f"{name}-{i:03d}" for i in range(1, size + 1)]:
            ch.fail(name, "ids are not numbered")
        for letter in got:
            ch.letter(letter, reg, own)
            t = letter.truth()
            f = t["facts"]
            totals["letters"] += 1
            totals["outsiders"] += f["patient"]["register_id"] is None
            totals["no_birth_date"] += f["birth_date"] is None
            totals["no_title"] += f["title"] is None
            totals["no_letter_date"] += f["letter_date"] is None
            totals["patient_id"] += f["patient_id"] is not None
            totals["cover"] += t["fax"]["cover_sheet"]
            totals["faxes"] += 1
            totals["two_pages"] += len(letter.pages) > 1
            totals["stamps"] += t["scan_stamp"] is not None
            totals["regions"][t["region"]] = totals["regions"].get(t["region"], 0) + 1
    if not 0.2 <= totals["cover"] / totals["faxes"] <= 0.45:
        ch.fail("faxes", f"{totals['cover']} of {totals['faxes']} with a cover sheet")
    # determinism: the same bytes twice here, and in another interpreter and hash seed
    first = _digest("examples", 1)
    if _digest("examples", 1) != first:
        ch.fail("determinism", "two renders in one interpreter differ")
    for seed in ("0", "4711"):
        env = dict(os.environ, PYTHONHASHSEED=seed)
        out = subprocess.run(
            [sys.executable, "-m", "bench.heldout50u.check", "--digest", "examples", "1"],
            env=env,
            capture_output=True,
            text=True,
            check=False,
        )
        if out.stdout.strip() != first:
            ch.fail("determinism", f"PYTHONHASHSEED={seed} gives other bytes {out.stderr[-300:]}")
    out = subprocess.run(
        [sys.executable, "-m", "bench.heldout50u.check", "--digest", "test", "5"],
        env=dict(os.environ, PYTHONHASHSEED="99"),
        capture_output=True,
        text=True,
        check=False,
    )
    if out.stdout.strip() != _digest("test", 5):
        ch.fail("determinism", "a sample of the test split differs across interpreters")
    print("layouts:", json.dumps(ch.counts, ensure_ascii=False))
    print("totals:", json.dumps(totals, ensure_ascii=False))
    for prob in ch.problems:
        print(prob)
    print(f"problems: {len(ch.problems)}")
    return 0 if not ch.problems else 1


if __name__ == "__main__":
    raise SystemExit(main())
