"""python -m bench.heldout50x.check: verifies the set against its own truth."""

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

from . import letters, register
from .render import W, width

# An independent reader of day-first dates (the region's convention) and month names.
MONTHS: dict[str, int] = {}
for _i, _names in enumerate(
    [
        "januar january jan jän gennaio janeiro stycznia ocak января ιανουαρίου janar",
        "februar february feb febbraio fevereiro lutego şubat февраля φεβρουαρίου shkurt",
        "märz march mär mrz marzo março marca mart марта μαρτίου mars",
        "april apr aprile abril kwietnia nisan апреля απριλίου prill",
        "mai may maggio maio maja mayıs мая μαΐου maj",
        "juni june jun giugno junho czerwca haziran июня ιουνίου qershor",
        "juli july jul luglio julho lipca temmuz июля ιουλίου korrik",
        "august aug agosto sierpnia ağustos августа αυγούστου gusht",
        "september sep sept settembre setembro września eylül сентября σεπτεμβρίου shtator",
        "oktober october okt ottobre outubro października ekim октября οκτωβρίου tetor",
        "november nov novembre novembro listopada kasım ноября νοεμβρίου nëntor",
        "dezember december dez dicembre dezembro grudnia aralık декабря δεκεμβρίου dhjetor",
    ]
):
    for _n in _names.split():
        MONTHS[_n] = _i + 1

NUM = re.compile(r"(?<![\d.])(\d{1,2})([./])(\d{1,2})\2(\d{4}|\d{2})(?![\d/])")
ISO = re.compile(r"(?<!\d)(\d{4})-(\d{2})-(\d{2})(?!\d)")
TXT = re.compile(r"(?<!\d)(\d{1,2})\.?\s+([^\W\d_]+)\.?\s+(\d{4})(?!\d)")


def read_dates(text: str) -> list[dt.date]:
    found: list[dt.date] = []
    for m in NUM.finditer(text):
        y = int(m.group(4))
        if len(m.group(4)) == 2:
            y += 2000 if y < 40 else 1900
        try:
            found.append(dt.date(y, int(m.group(3)), int(m.group(1))))
        except ValueError:
            continue
    for m in ISO.finditer(text):
        found.append(dt.date(int(m.group(1)), int(m.group(2)), int(m.group(3))))
    for m in TXT.finditer(text):
        mon = MONTHS.get(m.group(2).lower())
        if mon:
            found.append(dt.date(int(m.group(3)), mon, int(m.group(1))))
    return found


def digest() -> str:
    h = hashlib.sha256()
    for name in ("test", "examples"):
        for lt in letters.split(name):
            h.update(json.dumps(lt.truth(), ensure_ascii=False, sort_keys=True).encode())
            for cond in lt.conditions():
                for rel, data in sorted(lt.render(cond).items()):
                    h.update(rel.encode())
                    h.update(hashlib.sha256(data).digest())
    with tempfile.TemporaryDirectory() as td:
        register.write_all(register.build(), td)
        for p in sorted(Path(td).rglob("*")):
            if p.is_file():
                h.update(str(p.relative_to(td)).encode())
                h.update(p.read_bytes())
    return h.hexdigest()


def norm(text: str) -> list[str]:
    return [ln.strip() for ln in text.replace("\xa0", " ").split("\n") if ln.strip()]


def check_letter(lt: letters.Letter, own: list[str], probs: list[str]) -> None:
    t = lt.truth()
    f = t["facts"]
    pid = t["id"]

    def bad(msg: str) -> None:
        probs.append(f"{pid}: {msg}")

    if f["sender"] in own or any(f["sender"] in o or o in f["sender"] for o in own):
        bad("sender is a receiving practice")
    if t["conditions"].keys() != set(lt.conditions()):
        bad("conditions differ")
    letter_d = f["letter_date"]
    allowed_base = {d["date"] for d in f["other_dates"]}
    if letter_d:
        allowed_base.add(letter_d)
    if f["birth_date"]:
        allowed_base.add(f["birth_date"])
    sent = dt.datetime.fromisoformat(t["fax"]["sent"])
    if letter_d and sent.date() <= dt.date.fromisoformat(letter_d):
        bad("fax not sent after the letter")
    for cond, cd in t["conditions"].items():
        files = lt.render(cond)
        pages = cd["pages"]
        letter_pages = [p for p in pages if p["page"] != "cover"]
        texts = "\n".join(p["text"] for p in letter_pages)
        p1 = letter_pages[0]["text"]
        if f["patient"]["as_written"] not in p1:
            bad(f"{cond}: as_written not on page 1")
        for part in f["patient"]["full_name_as_letter"].split(" "):
            if part not in texts:
                bad(f"{cond}: name part {part!r} missing")
        for key in ("sender", "title", "patient_id"):
            if f[key] is not None and f[key] not in texts:
                bad(f"{cond}: {key} {f[key]!r} not printed")
        for op in f["other_people"]:
            if op["name"] not in texts:
                bad(f"{cond}: person {op['name']!r} not printed")
        allowed = set(allowed_base)
        if cond == "scan200" and t["receipt_stamp"]:
            allowed.add(t["receipt_stamp"]["date"])
            if t["receipt_stamp"]["date"] <= (letter_d or ""):
                bad("stamp before letter")
        if cond == "fax":
            allowed.add(sent.date().isoformat())
        got = {d.isoformat() for p in pages for d in read_dates(p["text"])}
        if got - allowed:
            bad(f"{cond}: dates printed beyond the truth {sorted(got - allowed)}")
        lgot = {d.isoformat() for p in letter_pages for d in read_dates(p["text"])}
        for need in allowed_base:
            if need not in lgot:
                bad(f"{cond}: truth date {need} not read back")
        if f["birth_date"] is None and t["register"]:
            pass
        if cond == "pdf":
            doc = pymupdf.open(stream=files["pdf/letter.pdf"], filetype="pdf")
            if doc.page_count != len(pages):
                bad("pdf page count")
            for pg, pt in zip(doc, pages, strict=False):
                if norm(pg.get_text("text", sort=False)) != norm(pt["text"]):
                    bad(f"pdf text layer differs on {pt['page']}")
                for b in pg.get_text("dict")["blocks"]:
                    x0, y0, x1, y1 = b["bbox"]
                    if x0 < 0 or y0 < 0 or x1 > pg.rect.width or y1 > pg.rect.height:
                        bad("pdf text outside the sheet")
        for _, lines in lt._cond_pages(cond):
            for ln in lines:
                if ln.x < 10 or ln.x + width(ln.text, ln.font, ln.size) > W - 10 or ln.y > 836:
                    bad(f"{cond}: line outside the sheet: {ln.text[:30]!r}")
        if len(files) != (1 if cond == "pdf" else len(pages)):
            bad(f"{cond}: file count")
        for i, pt in enumerate(pages):
            if pt["file"] not in files:
                bad(f"{cond}: missing {pt['file']}")
                continue
            if cond == "scan200":
                im = Image.open(io.BytesIO(files[pt["file"]]))
                if im.format != "JPEG" or im.mode != "L" or round(im.info["dpi"][0]) != 200:
                    bad("scan format")
            if cond == "fax":
                im = Image.open(io.BytesIO(files[pt["file"]]))
                comp = im.info.get("compression")
                dpi = tuple(round(v) for v in im.info["dpi"])
                if (
                    im.format != "TIFF"
                    or im.mode != "1"
                    or im.width != 1728
                    or comp not in ("group3", "group4")
                    or dpi not in ((204, 196), (204, 98))
                ):
                    bad(f"fax format {im.mode} {im.width} {comp} {dpi}")
                head = pt["text"].split("\n")[0]
                want = f"{sent.strftime('%d.%m.%Y %H:%M')}   FAX {t['fax']['number']}"
                if not head.startswith(want) or not head.endswith(f"S. {i + 1}/{len(pages)}"):
                    bad("fax header")
        if cond == "fax" and t["fax"]["cover_sheet"] != (pages[0]["page"] == "cover"):
            bad("cover sheet")


def check_register(probs: list[str]) -> None:
    pats = register.build()
    if len(pats) < 300:
        probs.append("register too small")
    with tempfile.TemporaryDirectory() as td:
        register.write_all(pats, td)
        with (Path(td) / "patients.csv").open(encoding="utf-8") as fh:
            rows = list(csv.DictReader(fh))
        bundle = json.loads((Path(td) / "patients.bundle.json").read_text(encoding="utf-8"))
        nd = [json.loads(x) for x in (Path(td) / "patients.ndjson").read_text("utf-8").splitlines()]
        if bundle["type"] != "collection" or [e["resource"] for e in bundle["entry"]] != nd:
            probs.append("bundle and ndjson differ")
        if len(rows) != len(nd) or len(rows) != len(pats):
            probs.append("export sizes differ")
        for row, res in zip(rows, nd, strict=False):
            off = next(n for n in res["name"] if n["use"] == "official")
            if (
                res["id"] != row["id"]
                or off["family"] != row["surname"]
                or " ".join(off["given"]) != row["given_names"]
                or res["birthDate"] != row["birth_date"]
                or res["identifier"][0]["value"] != row["id"]
            ):
                probs.append(f"register {row['id']}: csv and fhir differ")
            raw = (Path(td) / "gdt" / f"{row['id']}.gdt").read_bytes()
            got: dict[str, str] = {}
            for line in raw.split(b"\r\n")[:-1]:
                if int(line[:3]) != len(line) + 2:
                    probs.append(f"gdt {row['id']}: bad line length")
                got[line[3:7].decode()] = line[7:].decode("latin-1")
            y, m, d = row["birth_date"].split("-")
            if (
                got.get("8000") != "6301"
                or int(got.get("8100", "0")) != len(raw)
                or got.get("3000") != row["id"]
                or got.get("3101") != row["surname"]
                or got.get("3102") != row["given_names"]
                or got.get("3103") != d + m + y
                or got.get("3110") != ("1" if row["sex"] == "m" else "2")
                or got.get("3106") != f"{row['postcode']} {row['city']}"
                or got.get("3107") != row["street"]
            ):
                probs.append(f"gdt {row['id']}: differs from csv")


def main() -> int:
    probs: list[str] = []
    env = dict(os.environ, PYTHONHASHSEED="4242")
    child = subprocess.Popen(
        [sys.executable, "-c", "from bench.heldout50x.check import digest; print(digest())"],
        stdout=subprocess.PIPE,
        text=True,
        env=env,
        cwd=str(Path(__file__).parents[2]),
    )
    own = [n for p in letters.practice_names() for n in p["names"]]
    if len(letters.split("test")) != 40 or len(letters.split("examples")) != 6:
        probs.append("split sizes")
    try:
        letters.split("nope")
        probs.append("unknown split accepted")
    except ValueError:
        pass
    for name in ("test", "examples"):
        for lt in letters.split(name):
            check_letter(lt, own, probs)
    check_register(probs)
    a = digest()
    b = child.communicate()[0].strip()
    if a != b:
        probs.append("not deterministic across interpreters")
    if a != digest():
        probs.append("not deterministic within an interpreter")
    for p in probs:
        print(p)
    print(f"letters: 46, problems: {len(probs)}".split(", ")[1])
    return 0 if not probs else 1


if __name__ == "__main__":
    sys.exit(main())
