"""Verifies the set against its own truth: `python -m bench.heldout50ag.check`.

The date reader below is written on its own (its own month tables and patterns), not from the
generator's formatting code: every date printed on a page must read back to a truth date.
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

import pymupdf
from PIL import Image

from bench.heldout50ag import letters, register

MONTH_WORDS = {
    "januar": 1,
    "februar": 2,
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
    "ocak": 1,
    "şubat": 2,
    "mart": 3,
    "nisan": 4,
    "mayıs": 5,
    "haziran": 6,
    "temmuz": 7,
    "ağustos": 8,
    "eylül": 9,
    "ekim": 10,
    "kasım": 11,
    "aralık": 12,
    "siječnja": 1,
    "veljače": 2,
    "ožujka": 3,
    "travnja": 4,
    "svibnja": 5,
    "lipnja": 6,
    "srpnja": 7,
    "kolovoza": 8,
    "rujna": 9,
    "listopada": 10,
    "studenoga": 11,
    "prosinca": 12,
    "janeiro": 1,
    "fevereiro": 2,
    "março": 3,
    "abril": 4,
    "maio": 5,
    "junho": 6,
    "julho": 7,
    "agosto": 8,
    "setembro": 9,
    "outubro": 10,
    "novembro": 11,
    "dezembro": 12,
    "january": 1,
    "february": 2,
    "march": 3,
    "may": 5,
    "june": 6,
    "july": 7,
    "october": 10,
    "december": 12,
    "jan": 1,
    "feb": 2,
    "mar": 3,
    "apr": 4,
    "jun": 6,
    "jul": 7,
    "aug": 8,
    "sep": 9,
    "oct": 10,
    "nov": 11,
    "dec": 12,
}
_WORD = "|".join(sorted(MONTH_WORDS, key=len, reverse=True))
DOTTED = re.compile(r"(?<![\d.])(\d{1,2})\.(\d{1,2})\.(\d{4}|\d{2})(?!\d)")
SLASHED = re.compile(r"(?<![\d/])(\d{1,2})/(\d{1,2})/(\d{4})(?![\d/])")
ISO = re.compile(r"(?<!\d)(\d{4})-(\d{2})-(\d{2})(?!\d)")
DAY_MONTH_YEAR = re.compile(
    rf"(?<!\d)(\d{{1,2}})\.?\s+(?:de\s+)?({_WORD})\s+(?:de\s+)?(\d{{4}})", re.IGNORECASE
)
MONTH_DAY_YEAR = re.compile(rf"\b({_WORD})\s+(\d{{1,2}}),\s+(\d{{4}})", re.IGNORECASE)


def _year(text: str) -> int:
    y = int(text)
    if len(text) == 2:
        return 2000 + y if y <= 30 else 1900 + y
    return y


def _lower(text: str) -> str:
    return text.replace("İ", "i").lower()


def read_dates(text: str, region: str) -> list[dt.date]:
    """Every date printed in text, read with the convention of the letter's region."""
    found: list[tuple[int, dt.date]] = []

    def add(pos: int, y: int, m: int, d: int) -> None:
        found.append((pos, dt.date(y, m, d)))

    for m in DOTTED.finditer(text):
        add(m.start(), _year(m.group(3)), int(m.group(2)), int(m.group(1)))
    for m in SLASHED.finditer(text):
        a, b = int(m.group(1)), int(m.group(2))
        if region == "US":
            add(m.start(), int(m.group(3)), a, b)
        else:
            add(m.start(), int(m.group(3)), b, a)
    for m in ISO.finditer(text):
        add(m.start(), int(m.group(1)), int(m.group(2)), int(m.group(3)))
    for m in DAY_MONTH_YEAR.finditer(text):
        add(m.start(), int(m.group(3)), MONTH_WORDS[m.group(2).lower()], int(m.group(1)))
    for m in MONTH_DAY_YEAR.finditer(text):
        add(m.start(), int(m.group(3)), MONTH_WORDS[m.group(1).lower()], int(m.group(2)))
    return [d for _pos, d in sorted(found, key=lambda t: (t[0], t[1]))]


def pdf_page_texts(data: bytes) -> list[str]:
    doc = pymupdf.open("pdf", data)
    out = []
    for page in (doc[i] for i in range(doc.page_count)):
        spans: list[tuple[float, float, str]] = []
        for block in page.get_text("dict")["blocks"]:
            for line in block.get("lines", []):
                for span in line["spans"]:
                    spans.append((round(span["origin"][1], 1), span["origin"][0], span["text"]))
        spans.sort()
        rows: list[list[tuple[float, str]]] = []
        last = None
        for y, x, t in spans:
            if last is None or abs(y - last) > 0.5:
                rows.append([])
                last = y
            rows[-1].append((x, t))
        out.append("\n".join("".join(t for _x, t in sorted(r)) for r in rows))
        rect = page.rect
        for block in page.get_text("dict")["blocks"]:
            x0, y0, x1, y1 = block["bbox"]
            if x0 < 0 or y0 < 0 or x1 > rect.width or y1 > rect.height:
                out[-1] += "\n<<OUTSIDE>>"
    doc.close()
    return out


def _strip(text: str) -> str:
    """Letters without diacritics (the GDT export is Latin-1 and folds Turkish letters)."""
    text = text.replace("ı", "i").replace("đ", "d")
    return "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))


def _norm(text: str) -> str:
    return " ".join(_lower(text).split())


class Checker:
    def __init__(self) -> None:
        self.problems: list[str] = []
        self.counts: dict[str, int] = {}

    def bad(self, where: str, what: str) -> None:
        self.problems.append(f"{where}: {what}")

    def count(self, key: str) -> None:
        self.counts[key] = self.counts.get(key, 0) + 1


def check_letter(ck: Checker, letter: letters.Letter, hashes: dict[str, str]) -> None:
    t = letter.truth()
    where = t["id"]
    f = t["facts"]
    region = t["region"]
    ck.count(f"layout:{t['layout']}")
    json.dumps(t, ensure_ascii=False)
    conds = letter.conditions()
    if t["handwritten"] == ("pdf" in conds):
        ck.bad(where, "a handwritten letter must have no pdf, others must")
    if list(t["conditions"]) != conds:
        ck.bad(where, "conditions differ from the truth's")
    # the receiving practice never sends
    own = {_norm(n) for p in letters.practice_names() for n in p["names"]}
    for name in [f["sender"], *f["sender_alternatives"]]:
        if _norm(name) in own or any(o in _norm(name) for o in own):
            ck.bad(where, f"sender {name!r} is the receiving practice")
    if not f["sender"]:
        ck.bad(where, "no sender")
    letter_date = dt.date.fromisoformat(f["letter_date"]) if f["letter_date"] else None
    sent = dt.datetime.fromisoformat(t["fax"]["sent"])
    if letter_date and sent.date() <= letter_date:
        ck.bad(where, "fax sent before or on the letter date")
    truth_dates = {dt.date.fromisoformat(o["date"]) for o in f["other_dates"]}
    if f["birth_date"]:
        truth_dates.add(dt.date.fromisoformat(f["birth_date"]))
    if letter_date:
        truth_dates.add(letter_date)
    stamp = t["conditions"].get("scan200", {}).get("stamp")
    if stamp and letter_date and stamp["date"] == f["letter_date"]:
        ck.bad(where, "stamp date equals the letter date")
    # register truth
    reg = register.by_id(_patients())
    pid = f["patient"]["register_id"]
    if pid is not None:
        p = reg.get(pid)
        if p is None:
            ck.bad(where, f"register id {pid} unknown")
        else:
            if f["patient"]["full_name"] != f"{p.given_names} {p.surname}":
                ck.bad(where, "full_name differs from the register")
            if t["register"]["collision"] != p.collision:
                ck.bad(where, "collision differs from the register")
            if f["birth_date"] and f["birth_date"] != p.birth_date.isoformat():
                ck.bad(where, "birth date differs from the register")
        ck.count("in_register")
    else:
        ck.count("not_in_register")
        if t["register"] is not None:
            ck.bad(where, "register block for a patient not in the register")
    if f["patient_id"] is not None and f["patient_id"] != pid:
        ck.bad(where, "printed patient id is not the register id")
    for cond in conds:
        files = letter.render(cond)
        for name, data in sorted(files.items()):
            hashes[f"{where}/{cond}/{name}"] = hashlib.sha256(data).hexdigest()
        pages = t["conditions"][cond]["pages"]
        texts = [p["text"] for p in pages]
        cw = f"{where}/{cond}"
        # geometry: every line inside the sheet
        for n, lines in enumerate(letter.condition_pages(cond), start=1):
            if (
                "\n".join(ln.text for ln in sorted(lines, key=lambda ln: (ln.y, ln.x)))
                != texts[n - 1]
            ):
                ck.bad(cw, f"page {n} lines differ from the truth text")
            for ln in lines:
                if ln.x < 5 or ln.right > 205 or ln.y - ln.size * 0.36 < 2 or ln.y > 292:
                    ck.bad(cw, f"line outside the sheet: {ln.text[:40]!r}")
        if cond == "pdf":
            got = pdf_page_texts(files["pdf/letter.pdf"])
            if got != texts:
                ck.bad(cw, "pdf text layer differs from the truth")
        elif cond == "scan200":
            for p in pages:
                img = Image.open(io.BytesIO(files[p["file"]]))
                if img.format != "JPEG" or img.mode != "L":
                    ck.bad(cw, f"{p['file']} is not a greyscale JPEG")
                dpi = img.info.get("dpi", (0, 0))
                if round(dpi[0]) != 200 or round(dpi[1]) != 200:
                    ck.bad(cw, f"{p['file']} is not 200 dpi")
                if abs(img.size[0] - 1654) > 2 or abs(img.size[1] - 2339) > 2:
                    ck.bad(cw, f"{p['file']} has size {img.size}")
            if stamp:
                if "EINGEGANGEN" not in texts[0]:
                    ck.bad(cw, "stamp not in the transcription")
                truth_dates_c = truth_dates | {dt.date.fromisoformat(stamp["date"])}
            else:
                truth_dates_c = truth_dates
        else:
            total = len(pages)
            if t["fax"]["cover_sheet"] != (pages[0]["page"] == "cover"):
                ck.bad(cw, "cover sheet flag disagrees with the pages")
            for n, p in enumerate(pages, start=1):
                img = Image.open(io.BytesIO(files[p["file"]]))
                if img.format != "TIFF" or img.mode != "1" or img.size[0] != 1728:
                    ck.bad(cw, f"{p['file']}: not a 1728 px bilevel TIFF")
                if img.info.get("compression") not in ("group3", "group4"):
                    ck.bad(cw, f"{p['file']}: compression {img.info.get('compression')}")
                dpi = tuple(round(v) for v in img.info.get("dpi", (0, 0)))
                if dpi not in ((204, 196), (204, 98)):
                    ck.bad(cw, f"{p['file']}: dpi {dpi}")
                head = p["text"].split("\n")[0]
                stamp_txt = [sent.strftime("%Y-%m-%d %H:%M"), sent.strftime("%d.%m.%Y %H:%M")]
                if (
                    not any(head.startswith(s) for s in stamp_txt)
                    or t["fax"]["number"] not in head
                    or not head.endswith(f"S. {n}/{total}")
                ):
                    ck.bad(cw, f"page {n}: fax header wrong: {head!r}")
                strip = img.crop((0, 0, 1728, int(img.size[1] * 0.03))).convert("L")
                if strip.getextrema()[0] != 0:
                    ck.bad(cw, f"page {n}: no ink in the header strip")
            truth_dates_c = truth_dates | {sent.date()}
        if cond == "pdf":
            truth_dates_c = truth_dates
        # every printed date reads back to a truth date
        seen: set[dt.date] = set()
        for n, text in enumerate(texts, start=1):
            for d in read_dates(text, region):
                seen.add(d)
                if d not in truth_dates_c:
                    ck.bad(cw, f"page {n}: printed date {d} is no truth date")
        for d in truth_dates:
            if d not in seen:
                ck.bad(cw, f"truth date {d} not printed")
        # the truth values are on the pages
        body = [p for p in pages if p["page"] != "cover"]
        p1 = body[0]["text"]
        allt = "\n".join(p["text"] for p in body)
        if f["patient"]["as_written"] not in p1:
            ck.bad(cw, "as_written not on page 1")
        low = _norm(allt)
        for token in f["patient"]["full_name_as_letter"].split(" "):
            if _norm(token) not in low:
                ck.bad(cw, f"name part {token!r} not printed")
        if f["sender"] not in allt:
            ck.bad(cw, "sender not printed")
        if f["title"] is not None and f["title"] not in allt:
            ck.bad(cw, "title not printed")
        if f["patient_id"] is not None and f["patient_id"] not in allt:
            ck.bad(cw, "patient id not printed")
        for person in f["other_people"]:
            if person["name"] not in allt:
                ck.bad(cw, f"person {person['name']!r} not printed")


_PATIENTS: list[register.Patient] | None = None


def _patients() -> list[register.Patient]:
    global _PATIENTS
    if _PATIENTS is None:
        _PATIENTS = register.build()
    return _PATIENTS


def check_register(ck: Checker) -> dict[str, str]:
    pats = _patients()
    if len(pats) < 300:
        ck.bad("register", f"only {len(pats)} patients")
    ids = [p.id for p in pats]
    if len(set(ids)) != len(ids):
        ck.bad("register", "duplicate ids")
    kinds = {p.collision for p in pats}
    for need in ("same_name_birth_date", "twin", "name_change", "umlaut_spelling", "namesake"):
        if need not in kinds:
            ck.bad("register", f"no {need} collision")
    groups: dict[str, int] = {}
    for p in pats:
        if p.collision_group:
            groups[p.collision_group] = groups.get(p.collision_group, 0) + 1
    for g, n in groups.items():
        if n < 2 and not g.startswith("G-kraus") and not g.startswith("G-dogan"):
            ck.bad("register", f"collision group {g} has one member")
    hashes: dict[str, str] = {}
    with tempfile.TemporaryDirectory() as tmp:
        register.write_all(pats, tmp)
        folder = Path(tmp)
        rows = list(csv.DictReader((folder / "patients.csv").open(encoding="utf-8")))
        bundle = json.loads((folder / "patients.bundle.json").read_text(encoding="utf-8"))
        nd = [
            json.loads(x)
            for x in (folder / "patients.ndjson").read_text(encoding="utf-8").splitlines()
        ]
        if bundle.get("type") != "collection" or bundle.get("resourceType") != "Bundle":
            ck.bad("register", "bundle type")
        res = [e["resource"] for e in bundle["entry"]]
        if res != nd:
            ck.bad("register", "bundle and ndjson differ")
        for p, row, r in zip(pats, rows, res, strict=True):
            if (row["id"], row["surname"], row["given_names"], row["birth_date"]) != (
                p.id,
                p.surname,
                p.given_names,
                p.birth_date.isoformat(),
            ):
                ck.bad("register", f"csv row {p.id} differs")
            if row["former_names"] != ";".join(p.former_names):
                ck.bad("register", f"csv former names {p.id}")
            official = r["name"][0]
            if (
                r["identifier"][0]["value"],
                official["family"],
                " ".join(official["given"]),
                r["birthDate"],
            ) != (p.id, p.surname, p.given_names, p.birth_date.isoformat()):
                ck.bad("register", f"fhir {p.id} differs")
            gdt = (folder / "gdt" / f"{p.id}.gdt").read_bytes()
            fields: dict[str, str] = {}
            pos = 0
            while pos < len(gdt):
                n = int(gdt[pos : pos + 3])
                chunk = gdt[pos : pos + n]
                if not chunk.endswith(b"\r\n"):
                    ck.bad("register", f"gdt {p.id} line length")
                    break
                fields[chunk[3:7].decode()] = chunk[7:-2].decode("latin-1")
                pos += n
            if int(fields.get("8100", "0")) != len(gdt) or fields.get("8000") != "6301":
                ck.bad("register", f"gdt {p.id} record length / type")
            want = {
                "3000": p.id,
                "3101": _strip(p.surname),
                "3102": _strip(p.given_names),
                "3103": p.birth_date.strftime("%d%m%Y"),
                "3110": "1" if p.sex == "m" else "2",
            }
            for k, v in want.items():
                if _strip(fields.get(k, "")) != v:
                    ck.bad("register", f"gdt {p.id} field {k}")
        for path in sorted(folder.rglob("*")):
            if path.is_file():
                hashes[f"register/{path.relative_to(folder)}"] = hashlib.sha256(
                    path.read_bytes()
                ).hexdigest()
    return hashes


def digest() -> dict[str, str]:
    """Hashes of every file and truth of both splits (for the second interpreter)."""
    out: dict[str, str] = {}
    for name in letters.SPLITS:
        for letter in letters.split(name):
            for cond in letter.conditions():
                for fname, data in sorted(letter.render(cond).items()):
                    out[f"{letter.id}/{cond}/{fname}"] = hashlib.sha256(data).hexdigest()
            out[f"{letter.id}/truth"] = hashlib.sha256(
                json.dumps(letter.truth(), ensure_ascii=False, sort_keys=True).encode()
            ).hexdigest()
    return out


def main() -> int:
    ck = Checker()
    env = dict(os.environ, PYTHONHASHSEED="2718")
    child = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "import json; from bench.heldout50ag.check import digest; print(json.dumps(digest()))",
        ],
        stdout=subprocess.PIPE,
        env=env,
        cwd=str(Path(__file__).resolve().parents[2]),
    )
    check_register(ck)
    hashes: dict[str, str] = {}
    for name, want in (("test", 40), ("examples", 6)):
        ls = letters.split(name)
        if len(ls) != want:
            ck.bad(name, f"{len(ls)} letters, not {want}")
        for letter in ls:
            check_letter(ck, letter, hashes)
            hashes[f"{letter.id}/truth"] = hashlib.sha256(
                json.dumps(letter.truth(), ensure_ascii=False, sort_keys=True).encode()
            ).hexdigest()
            ck.count(f"split:{name}")
            tr = letter.truth()
            ck.count(f"region:{tr['region']}")
            if tr["facts"]["birth_date"] is None:
                ck.count("null:birth_date")
            if tr["facts"]["letter_date"] is None:
                ck.count("null:letter_date")
            if tr["facts"]["title"] is None:
                ck.count("null:title")
            if tr["facts"]["patient_id"] is None:
                ck.count("null:patient_id")
    try:
        letters.split("other")
        ck.bad("split", "an unknown split name did not raise")
    except ValueError:
        pass
    # same bytes twice in this interpreter (fresh objects, every fourth letter)
    for name in letters.SPLITS:
        for letter in letters.split(name)[::4]:
            for cond in letter.conditions():
                for fname, data in sorted(letter.render(cond).items()):
                    if hashlib.sha256(data).hexdigest() != hashes[f"{letter.id}/{cond}/{fname}"]:
                        ck.bad(letter.id, f"{cond}/{fname} differs on a second render")
    out, _ = child.communicate(timeout=300)
    other = json.loads(out)
    if other != hashes:
        diff = sorted(k for k in set(other) | set(hashes) if other.get(k) != hashes.get(k))
        ck.bad("determinism", f"second interpreter differs in {len(diff)} files: {diff[:3]}")
    for key in sorted(ck.counts):
        print(f"{key}: {ck.counts[key]}")
    for p in ck.problems[:60]:
        print("PROBLEM", p)
    print(f"problems: {len(ck.problems)}")
    return 0 if not ck.problems else 1


if __name__ == "__main__":
    sys.exit(main())
