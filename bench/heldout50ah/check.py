"""Verify set 50ah against its own truth: python -m bench.heldout50ah.check.

The date reader here is written apart from the generator (layouts.py): it knows the
region's conventions (German, French, Luxembourgish, Italian, Polish, Romanian) and reads
every date printed on a page, which must then be one of the letter's truth dates (or the
fax's send date, the scan's receipt stamp).
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
import unicodedata
from pathlib import Path
from typing import Any

import pymupdf
from PIL import Image

from . import letters, materialise, register

_MONTHS: dict[str, int] = {}
for _n, _names in enumerate(
    [
        "januar jänner janvier gennaio stycznia ianuarie january jan",
        "februar février fevrier febbraio lutego februarie february feb",
        "märz maerz mäerz mars marzo marca martie march mrz",
        "april avril aprile kwietnia aprilie abrëll apr",
        "mai mee maggio maja may",
        "juni juin giugno czerwca iunie june jun",
        "juli juillet luglio lipca iulie july jul",
        "august août aout agosto sierpnia aug",
        "september septembre settembre września septembrie sep sept",
        "oktober octobre ottobre października octombrie october okt oct",
        "november novembre listopada noiembrie nov",
        "dezember décembre decembre dicembre grudnia decembrie december dez dec",
    ],
    start=1,
):
    for _w in _names.split():
        _MONTHS[_w] = _n

_NUM = re.compile(r"(?<![\d.,/])(\d{1,2})([./-])(\d{1,2})\2(\d{4}|\d{2})(?![\d])")
_ISO = re.compile(r"(?<!\d)(\d{4})-(\d{2})-(\d{2})(?!\d)")
_WORD = re.compile(
    r"(?<!\d)(\d{1,2})(?:\.|er)?\s+("
    + "|".join(sorted(_MONTHS, key=len, reverse=True))
    + r")\.?\s+(\d{4})(?!\d)",
    re.IGNORECASE,
)


def read_dates(text: str) -> tuple[set[str], list[str]]:
    """Every date printed in text (ISO strings) and the unreadable ones."""
    found: set[str] = set()
    bad: list[str] = []

    def add(y: int, m: int, d: int, raw: str) -> None:
        try:
            found.add(dt.date(y, m, d).isoformat())
        except ValueError:
            bad.append(raw)

    for m in _NUM.finditer(text):
        d, mo, y = int(m.group(1)), int(m.group(3)), m.group(4)
        yy = int(y) if len(y) == 4 else (2000 + int(y) if int(y) <= 40 else 1900 + int(y))
        add(yy, mo, d, m.group(0))
    for m in _ISO.finditer(text):
        add(int(m.group(1)), int(m.group(2)), int(m.group(3)), m.group(0))
    for m in _WORD.finditer(text):
        add(int(m.group(3)), _MONTHS[m.group(2).lower()], int(m.group(1)), m.group(0))
    return found, bad


def _fold(s: str) -> str:
    return unicodedata.normalize("NFC", s).casefold()


class Problems:
    def __init__(self) -> None:
        self.items: list[str] = []

    def add(self, where: str, what: str) -> None:
        self.items.append(f"{where}: {what}")


_FAX = re.compile(r"^(\d\d\.\d\d\.\d{4}) (\d\d:\d\d)  Fax (.+?)  .+  S\. (\d+)/(\d+)$")


def check_letter(
    folder: Path,
    truth: dict[str, Any],
    index: dict[str, Any],
    pr: Problems,
    reg: dict[str, register.Patient],
) -> None:
    lid = truth["id"]
    f = truth["facts"]
    own = [_fold(n) for n in index["own_names"]]
    conds = truth["conditions"]
    expected_conds = ["scan200", "fax"] if truth["handwritten"] else ["pdf", "scan200", "fax"]
    if list(conds) != expected_conds:
        pr.add(lid, f"conditions {list(conds)}")
    sender = _fold(f["sender"])
    if any(sender == o or o in sender or sender in o for o in own):
        pr.add(lid, "the receiving practice is the sender")
    if not any(
        _fold(n) in _fold(conds["scan200"]["pages"][0]["text"])
        or any(_fold(b) in _fold(p["text"]) for p in conds["scan200"]["pages"] for b in [n])
        for n in index["own_names"] + [x["doctor"] for x in index["practices"]]
    ):
        pr.add(lid, "no receiving practice named")
    truth_dates = set()
    if f["birth_date"]:
        truth_dates.add(f["birth_date"])
    if f["letter_date"]:
        truth_dates.add(f["letter_date"])
    truth_dates |= {d["date"] for d in f["other_dates"]}
    sent = dt.datetime.fromisoformat(truth["fax"]["sent"])
    if f["letter_date"] and sent.date() < dt.date.fromisoformat(f["letter_date"]):
        pr.add(lid, "fax sent before the letter date")
    for cond, body in conds.items():
        pages = body["pages"]
        content = [p for p in pages if p["page"] != "cover"]
        alltext = "\n".join(p["text"] for p in pages)
        ctext = "\n".join(p["text"] for p in content)
        if cond == "fax":
            ctext = "\n".join(p["text"].split("\n", 1)[1] for p in content)
        if cond == "scan200" and truth["scan_stamp"]:
            ctext = ctext.replace(
                dt.date.fromisoformat(truth["scan_stamp"]).strftime("%d.%m.%Y"), ""
            )
        p1 = content[0]["text"]
        low = _fold(ctext)
        pa = f["patient"]
        if pa["as_written"] not in p1:
            pr.add(lid, f"{cond}: as_written {pa['as_written']!r} not on page 1")
        sur, giv = pa["full_name_as_letter"].rsplit(" ", 1)[1], pa["full_name_as_letter"]
        if _fold(sur) not in low:
            pr.add(lid, f"{cond}: surname as letter not printed")
        for g in giv.rsplit(" ", 1)[0].split():
            if _fold(g) not in low:
                pr.add(lid, f"{cond}: given name {g!r} not printed")
        if f["sender"] not in ctext:
            pr.add(lid, f"{cond}: sender not printed")
        if f["title"] is not None and f["title"] not in ctext:
            pr.add(lid, f"{cond}: title not printed")
        if f["patient_id"] is not None and f["patient_id"] not in ctext:
            pr.add(lid, f"{cond}: patient id not printed")
        for op in f["other_people"]:
            if op["name"] not in ctext:
                pr.add(lid, f"{cond}: other person {op['name']!r} not printed")
        found, bad = read_dates(ctext)
        if bad:
            pr.add(lid, f"{cond}: unreadable dates {bad}")
        if found != truth_dates:
            pr.add(lid, f"{cond}: dates read {sorted(found)} != truth {sorted(truth_dates)}")
        if (
            f["letter_date"]
            and f["letter_date"] not in read_dates(p1 if cond != "fax" else ctext)[0]
            and f["letter_date"] not in found
        ):
            pr.add(lid, f"{cond}: letter date not read")
        allowed = set(truth_dates)
        if cond == "fax":
            allowed.add(sent.date().isoformat())
        if cond == "scan200" and truth["scan_stamp"]:
            allowed.add(truth["scan_stamp"])
        found_all, _ = read_dates(alltext)
        if not found_all <= allowed:
            pr.add(lid, f"{cond}: stray dates {sorted(found_all - allowed)}")
        # files
        if cond == "pdf":
            doc = pymupdf.open(folder / "pdf/letter.pdf")
            if doc.page_count != len(pages):
                pr.add(lid, "pdf page count")
            for i, p in enumerate(pages):
                page = doc[p["pdf_page"] - 1]
                got = page.get_text()
                if got != p["text"] + "\n" and got.split() != p["text"].split():
                    pr.add(lid, f"pdf p{i + 1}: text layer differs from truth")
                rect = page.rect
                for b in page.get_text("dict")["blocks"]:
                    x0, y0, x1, y1 = b["bbox"]
                    if x0 < 10 or y0 < 10 or x1 > rect.width - 10 or y1 > rect.height - 5:
                        pr.add(lid, f"pdf p{i + 1}: text outside the sheet {b['bbox']}")
            doc.close()
        for i, p in enumerate(pages):
            data = (folder / p["file"]).read_bytes()
            if cond == "scan200":
                im = Image.open(io.BytesIO(data))
                if im.format != "JPEG" or im.mode != "L" or round(im.info["dpi"][0]) != 200:
                    pr.add(lid, f"scan {p['file']}: {im.format} {im.mode} {im.info.get('dpi')}")
                if not 1600 < im.size[0] < 1700:
                    pr.add(lid, f"scan {p['file']}: width {im.size[0]}")
            if cond == "fax":
                im = Image.open(io.BytesIO(data))
                dpi = tuple(round(v) for v in im.info["dpi"])
                if (
                    im.format != "TIFF"
                    or im.mode != "1"
                    or im.size[0] != 1728
                    or dpi not in {(204, 196), (204, 98)}
                    or im.info.get("compression") not in {"group3", "group4"}
                    or f"204x{dpi[1]}" != truth["fax"]["resolution"]
                ):
                    pr.add(lid, f"fax {p['file']}: {im.format} {im.mode} {im.size} {dpi}")
                head = p["text"].split("\n", 1)[0]
                m = _FAX.match(head)
                if not m:
                    pr.add(lid, f"fax {p['file']}: no header line")
                    continue
                when = dt.datetime.strptime(f"{m.group(1)} {m.group(2)}", "%d.%m.%Y %H:%M")
                if (
                    when != sent
                    or m.group(3) != truth["fax"]["number"]
                    or int(m.group(4)) != i + 1
                    or int(m.group(5)) != len(pages)
                ):
                    pr.add(lid, f"fax {p['file']}: header {head!r}")
        if cond == "fax" and truth["fax"]["cover_sheet"] != (pages[0]["page"] == "cover"):
            pr.add(lid, "fax cover sheet flag")
    rid = f["patient"]["register_id"]
    if rid is not None:
        p = reg.get(rid)
        if p is None:
            pr.add(lid, "register id unknown")
        else:
            if f["patient"]["full_name"] != f"{p.given_names} {p.surname}":
                pr.add(lid, "full_name is not the register's")
            if f["birth_date"] and f["birth_date"] != p.birth_date.isoformat():
                pr.add(lid, "birth date differs from the register")
            if truth["register"]["id"] != rid:
                pr.add(lid, "register block id")
    elif truth["register"] is not None:
        pr.add(lid, "register block without id")


def check_register(folder: Path, pr: Problems) -> None:
    pats = register.build()
    if len(pats) < 300:
        pr.add("register", f"only {len(pats)} patients")
    rows = list(csv.DictReader((folder / "patients.csv").open(encoding="utf-8")))
    bundle = json.loads((folder / "patients.bundle.json").read_text("utf-8"))
    nd = [json.loads(x) for x in (folder / "patients.ndjson").read_text("utf-8").splitlines()]
    if bundle["type"] != "collection" or len(bundle["entry"]) != len(rows) or len(nd) != len(rows):
        pr.add("register", "export sizes differ")
    for row, ent, res in zip(rows, bundle["entry"], nd, strict=False):
        r2 = ent["resource"]
        if r2 != res:
            pr.add(row["id"], "bundle and ndjson differ")
        off = next(n for n in res["name"] if n["use"] == "official")
        ok = (
            res["identifier"][0]["value"] == row["id"]
            and off["family"] == row["surname"]
            and " ".join(off["given"]) == row["given_names"]
            and res["birthDate"] == row["birth_date"]
            and res["gender"] == {"f": "female", "m": "male"}[row["sex"]]
            and off.get("prefix", [""])[0] == row["title"]
            and [n["family"] for n in res["name"] if n["use"] == "maiden"]
            == ([row["birth_name"]] if row["birth_name"] else [])
            and [n["family"] for n in res["name"] if n["use"] == "old"]
            == (row["former_names"].split(";") if row["former_names"] else [])
            and res["address"][0]["city"] == row["city"]
            and res["address"][0]["postalCode"] == row["postcode"]
            and res["address"][0]["line"] == [row["street"]]
        )
        if not ok:
            pr.add(row["id"], "FHIR differs from CSV")
        raw = (folder / "gdt" / f"{row['id']}.gdt").read_bytes()
        fields: dict[str, str] = {}
        total = 0
        for line in raw.split(b"\r\n")[:-1]:
            if int(line[:3]) != len(line) + 2:
                pr.add(row["id"], f"GDT line length {line!r}")
            total += len(line) + 2
            fields[line[3:7].decode()] = line[7:].decode("latin-1")
        born = dt.date.fromisoformat(row["birth_date"])
        want = {
            "8000": "6301",
            "8100": f"{total:05d}",
            "9218": "02.10",
            "3000": row["id"],
            "3101": row["surname"],
            "3102": row["given_names"],
            "3103": born.strftime("%d%m%Y"),
            "3110": "2" if row["sex"] == "f" else "1",
            "3106": f"{row['postcode']} {row['city']}",
            "3107": row["street"],
        }
        if fields != want:
            pr.add(row["id"], f"GDT differs: {fields}")
    keys = [(p.surname, p.given_names, p.birth_date) for p in pats]
    groups = {p.collision_group for p in pats if p.collision_group}
    if len(groups) < 8 or len(set(keys)) == len(keys):
        pr.add("register", "too few collisions")


def _digest(folder: Path) -> dict[str, str]:
    out = {}
    for p in sorted(folder.rglob("*")):
        if p.is_file():
            out[str(p.relative_to(folder))] = hashlib.sha256(p.read_bytes()).hexdigest()
    return out


def main() -> int:
    t0 = time.monotonic()
    pr = Problems()
    root = Path(__file__).resolve().parents[2]
    with tempfile.TemporaryDirectory() as tmp:
        a, b = Path(tmp) / "a", Path(tmp) / "b"
        env = dict(os.environ, PYTHONHASHSEED="4242")
        other = subprocess.Popen(
            [sys.executable, "-m", "bench.heldout50ah.materialise", str(b)],
            cwd=root,
            env=env,
            stdout=subprocess.DEVNULL,
        )
        ids = materialise.write(a)
        index = json.loads((a / "index.json").read_text("utf-8"))
        if len(ids["test"]) != 40 or len(ids["examples"]) != 6:
            pr.add("splits", "sizes")
        try:
            letters.split("train")
            pr.add("splits", "unknown split accepted")
        except ValueError:
            pass
        reg = {p.id: p for p in register.build()}
        kinds: dict[str, int] = {}
        for split, lids in ids.items():
            for lid in lids:
                folder = a / split / lid
                truth = json.loads((folder / "truth.json").read_text("utf-8"))
                kinds[truth["layout"]] = kinds.get(truth["layout"], 0) + 1
                check_letter(folder, truth, index, pr, reg)
        check_register(a / "register", pr)
        # same bytes twice in this interpreter
        for letter in letters.split("examples")[:3]:
            for cond in letter.conditions():
                for rel, data in letter.render(cond).items():
                    if (a / "examples" / letter.id / rel).read_bytes() != data:
                        pr.add(letter.id, f"{rel} differs on a second render")
        if other.wait() != 0:
            pr.add("determinism", "second interpreter failed")
        elif _digest(a) != _digest(b):
            diff = [k for k, v in _digest(a).items() if _digest(b).get(k) != v]
            pr.add("determinism", f"second interpreter differs: {diff[:5]}")
    for item in pr.items:
        print(item)
    print(
        f"letters: {sum(len(v) for v in ids.values())}, kinds: {len(kinds)}, "
        f"seconds: {time.monotonic() - t0:.1f}"
    )
    print(f"problems: {len(pr.items)}")
    return 0 if not pr.items else 1


if __name__ == "__main__":
    raise SystemExit(main())
