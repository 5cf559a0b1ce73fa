"""`python -m bench.heldout50y.check`: the set against its own truth; ends with `problems: N`.

The date reader here is written apart from the generator's formats (its own month tables and
patterns, the region deciding day-first or month-first).
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
from typing import Any

import pymupdf
from PIL import Image

from . import register
from .layouts import LAYOUTS
from .letters import SPLITS, practice_names, split

_MONTH_WORDS = {
    1: "januar jänner january ledna січня január ianuarie януари enero gennaio jan",
    2: "februar feber february února лютого február februarie февруари febrero febbraio feb",
    3: "märz march března березня március martie март marzo mar",
    4: "april dubna квітня április aprilie април abril aprile apr",
    5: "mai may května травня május май mayo maggio",
    6: "juni june června червня június iunie юни junio giugno jun",
    7: "juli july července липня július iulie юли julio luglio jul",
    8: "august srpna серпня augusztus август agosto aug",
    9: "september září вересня szeptember septembrie септември septiembre settembre sep",
    10: "oktober october října жовтня október octombrie октомври octubre ottobre oct",
    11: "november listopadu листопада noiembrie ноември noviembre novembre nov",
    12: "dezember december prosince грудня decembrie декември diciembre dicembre dec",
}
MONTH = {w: m for m, ws in _MONTH_WORDS.items() for w in ws.split()}
_MW = "|".join(sorted(MONTH, key=len, reverse=True))
PATTERNS = [
    ("iso", re.compile(r"(?<![\d.])(\d{4})-(\d{2})-(\d{2})(?!\d)")),
    ("ymd", re.compile(r"(?<![\d.])(\d{4})\.\s?(\d{1,2})\.\s?(\d{1,2})\.")),
    ("yMd", re.compile(rf"(?<!\d)(\d{{4}})\.\s+({_MW})\s+(\d{{1,2}})\.", re.I)),
    (
        "dMy",
        re.compile(
            rf"(?<![\d.])(\d{{1,2}})(?:st|nd|rd|th)?\.?\s+(?:de\s+)?({_MW})\s+"
            rf"(?:de\s+)?(\d{{4}})",
            re.I,
        ),
    ),
    ("Mdy", re.compile(rf"\b({_MW})\s+(\d{{1,2}}),\s+(\d{{4}})", re.I)),
    ("d-M-y", re.compile(rf"(?<!\d)(\d{{1,2}})-({_MW})-(\d{{4}})", re.I)),
    ("dot", re.compile(r"(?<![\d.])(\d{1,2})\.\s?(\d{1,2})\.\s?(\d{4}|\d{2})(?![\d])")),
    ("slash", re.compile(r"(?<![\d/])(\d{1,2})/(\d{1,2})/(\d{4})(?![\d/])")),
]


def read_dates(text: str, region: str) -> list[dt.date]:
    found: list[tuple[int, dt.date]] = []
    taken: list[tuple[int, int]] = []
    for kind, rx in PATTERNS:
        for m in rx.finditer(text):
            if any(a < m.end() and m.start() < b for a, b in taken):
                continue
            g = m.groups()
            try:
                if kind in ("iso", "ymd"):
                    d = dt.date(int(g[0]), int(g[1]), int(g[2]))
                elif kind == "yMd":
                    d = dt.date(int(g[0]), MONTH[g[1].lower()], int(g[2]))
                elif kind in ("dMy", "d-M-y"):
                    d = dt.date(int(g[2]), MONTH[g[1].lower()], int(g[0]))
                elif kind == "Mdy":
                    d = dt.date(int(g[2]), MONTH[g[0].lower()], int(g[1]))
                elif kind == "dot":
                    y = int(g[2])
                    if len(g[2]) == 2:
                        y += 2000 if y <= 30 else 1900
                    d = dt.date(y, int(g[1]), int(g[0]))
                else:
                    a, b, y = int(g[0]), int(g[1]), int(g[2])
                    d = dt.date(y, a, b) if region == "US" else dt.date(y, b, a)
            except ValueError:
                continue
            taken.append((m.start(), m.end()))
            found.append((m.start(), d))
    return [d for _, d in sorted(found)]


def _digest_one(h: Any, name: str, letter: Any, files: dict[str, dict[str, bytes]]) -> None:
    """Every truth and every file of the examples; the test split's truths and PDFs."""
    h.update(json.dumps(letter.truth(), ensure_ascii=False, sort_keys=True).encode())
    for cond in letter.conditions():
        if name == "test" and cond != "pdf":
            continue
        for rel, data in sorted(files[cond].items()):
            h.update(rel.encode())
            h.update(hashlib.sha256(data).digest())


def _digest() -> str:
    h = hashlib.sha256()
    for name in SPLITS:
        for letter in split(name):
            conds = [c for c in letter.conditions() if name != "test" or c == "pdf"]
            _digest_one(h, name, letter, {c: letter.render(c) for c in conds})
    return h.hexdigest()


class Checker:
    def __init__(self) -> None:
        self.problems: list[str] = []
        self.own = [n for pr in practice_names() for n in pr["names"]]

    def bad(self, msg: str) -> None:
        self.problems.append(msg)

    def letter(self, letter: Any, files: dict[str, dict[str, bytes]]) -> None:
        t = letter.truth()
        f = t["facts"]
        lid = t["id"]
        region = t["region"]
        conds = t["conditions"]
        if list(conds) != letter.conditions():
            self.bad(f"{lid}: conditions differ")
        main = conds["pdf"] if "pdf" in conds else conds["scan200"]
        texts = [pg["text"] for pg in main["pages"]]
        if "pdf" not in conds and texts[0].startswith("EINGEGANGEN\n"):
            texts[0] = texts[0].split("\n", 2)[2]  # the receipt stamp is not the letter's
        allt = "\n".join(texts)
        pat = f["patient"]
        if pat["as_written"] not in texts[0]:
            self.bad(f"{lid}: as_written not on page 1")
        for part in pat["full_name_as_letter"].split():
            if part not in allt:
                self.bad(f"{lid}: name part {part!r} not printed")
        printed = read_dates(allt, region)
        truth_dates = {d["date"] for d in f["other_dates"]}
        for key in ("birth_date", "letter_date"):
            if f[key]:
                truth_dates.add(f[key])
        for d in printed:
            if d.isoformat() not in truth_dates:
                self.bad(f"{lid}: printed date {d} is not in the truth")
        got = {d.isoformat() for d in printed}
        for d in sorted(truth_dates):
            if d not in got:
                self.bad(f"{lid}: truth date {d} not read back from the pages")
        if f["letter_date"] is None and t["layout"] != "handwritten-note":
            self.bad(f"{lid}: undated letter")
        if f["sender"] not in allt:
            self.bad(f"{lid}: sender not printed")
        if f["title"] is not None and f["title"] not in allt:
            self.bad(f"{lid}: title not printed")
        for person in f["other_people"]:
            if person["name"] not in allt:
                self.bad(f"{lid}: other person {person['name']!r} not printed")
        if f["patient_id"] is not None and (
            f["patient_id"] not in allt or f["patient_id"] != pat["register_id"]
        ):
            self.bad(f"{lid}: patient_id wrong")
        for s in [f["sender"], *f["sender_alternatives"]]:
            for own in self.own:
                if own in s or s in own:
                    self.bad(f"{lid}: the receiving practice appears as sender")
        if not any(own in allt for own in self.own):
            self.bad(f"{lid}: no receiving practice named")
        reg = t["register"]
        if (reg is None) != (pat["register_id"] is None):
            self.bad(f"{lid}: register truth inconsistent")
        if reg is not None:
            p = self.reg_by_id.get(reg["id"])
            if p is None or p.surname != pat["surname"] or p.given_names != pat["given_names"]:
                self.bad(f"{lid}: register patient mismatch")
            elif f["birth_date"] and f["birth_date"] != p.birth_date.isoformat():
                self.bad(f"{lid}: birth date differs from register")
        # pdf text layer
        if "pdf" in conds:
            doc = pymupdf.open("pdf", files["pdf"]["pdf/letter.pdf"])
            if doc.page_count != len(conds["pdf"]["pages"]):
                self.bad(f"{lid}: pdf page count")
            for pg, tp in zip(doc, conds["pdf"]["pages"], strict=False):
                chars = []
                for block in pg.get_text("rawdict")["blocks"]:
                    for ln in block.get("lines", []):
                        for sp in ln["spans"]:
                            for ch in sp["chars"]:
                                x0, y0, x1, y1 = ch["bbox"]
                                if x0 < 10 or x1 > 585 or y0 < 5 or y1 > 837:
                                    self.bad(f"{lid}: character outside the sheet")
                                if not ch["c"].isspace():
                                    chars.append((round(ch["origin"][1]), ch["origin"][0], ch["c"]))
                layer = "".join(c for _, _, c in sorted(chars))
                want = "".join(tp["text"].split())
                if layer != want:
                    self.bad(f"{lid}: pdf text layer differs on {tp['page']}")
            doc.close()
        # scans
        scans = files["scan200"]
        if len(scans) != len(conds["scan200"]["pages"]):
            self.bad(f"{lid}: scan page count")
        for data in scans.values():
            im = Image.open(io.BytesIO(data))
            if im.format != "JPEG" or im.mode != "L" or abs(im.width - 1654) > 2:
                self.bad(f"{lid}: scan format {im.format} {im.mode} {im.size}")
            if round(im.info.get("dpi", (0, 0))[0]) != 200:
                self.bad(f"{lid}: scan dpi")
        for tp in conds["scan200"]["pages"]:
            for d in read_dates(tp["text"], region):
                if d.isoformat() not in truth_dates and "EINGEGANGEN" not in tp["text"]:
                    self.bad(f"{lid}: unexplained date on scan")
        # fax
        fx = t["fax"]
        sent = dt.datetime.fromisoformat(fx["sent"])
        if f["letter_date"] and sent.date() <= dt.date.fromisoformat(f["letter_date"]):
            self.bad(f"{lid}: fax sent before the letter")
        faxes = files["fax"]
        fpages = conds["fax"]["pages"]
        if len(faxes) != len(fpages) or (fpages[0]["page"] == "cover") != fx["cover_sheet"]:
            self.bad(f"{lid}: fax pages")
        ydpi = 196 if fx["resolution"] == "204x196" else 98
        for i, (data, tp) in enumerate(zip(faxes.values(), fpages, strict=False), 1):
            im = Image.open(io.BytesIO(data))
            comp = im.info.get("compression")
            if (
                im.format != "TIFF"
                or im.mode != "1"
                or im.width != 1728
                or comp not in ("group3", "group4")
            ):
                self.bad(f"{lid}: fax format {im.format} {im.mode} {im.width} {comp}")
            dpi = im.info.get("dpi", (0, 0))
            if (round(dpi[0]), round(dpi[1])) != (204, ydpi):
                self.bad(f"{lid}: fax dpi {dpi}")
            head = tp["text"].split("\n")[0]
            if (
                not head.startswith(sent.strftime("%d.%m.%Y %H:%M"))
                or f"{i}/{len(fpages)}" not in head
                or fx["number"] not in head
            ):
                self.bad(f"{lid}: fax header on page {i}")
        for tp in fpages:
            for d in read_dates(tp["text"], region):
                if d.isoformat() not in truth_dates and d != sent.date():
                    self.bad(f"{lid}: unexplained date on fax {tp['page']}")

    def registers(self) -> None:
        pats = register.build()
        self.reg_by_id = {p.id: p for p in pats}
        if len(pats) < 300 or len(self.reg_by_id) != len(pats):
            self.bad("register: fewer than 300 patients or duplicate ids")
        groups = {p.collision_group for p in pats if p.collision_group}
        if len(groups) < 8:
            self.bad("register: too few collision groups")
        with tempfile.TemporaryDirectory() as tmp:
            register.write_all(pats, tmp)
            with (Path(tmp) / "patients.csv").open(encoding="utf-8") as fh:
                rows = list(csv.DictReader(fh))
            bundle = json.loads((Path(tmp) / "patients.bundle.json").read_text("utf-8"))
            nd = [
                json.loads(x)
                for x in (Path(tmp) / "patients.ndjson").read_text("utf-8").splitlines()
            ]
            if bundle["type"] != "collection" or [e["resource"] for e in bundle["entry"]] != nd:
                self.bad("register: bundle and ndjson differ")
            for p, row, res in zip(pats, rows, nd, strict=True):
                if (row["id"], row["surname"], row["given_names"], row["birth_date"]) != (
                    p.id,
                    p.surname,
                    p.given_names,
                    p.birth_date.isoformat(),
                ):
                    self.bad(f"register: csv row {p.id}")
                off = res["name"][0]
                if (
                    res["id"] != p.id
                    or res["identifier"][0]["value"] != p.id
                    or off["family"] != row["surname"]
                    or " ".join(off["given"]) != row["given_names"]
                    or res["birthDate"] != row["birth_date"]
                ):
                    self.bad(f"register: fhir {p.id}")
                raw = (Path(tmp) / "gdt" / f"{p.id}.gdt").read_bytes()
                fields = {}
                for line in raw.split(b"\r\n")[:-1]:
                    if int(line[:3]) != len(line) + 2:
                        self.bad(f"register: gdt line length {p.id}")
                    fields[line[3:7].decode()] = line[7:].decode("iso-8859-1")
                if fields.get("8000") != "6301" or int(fields["8100"]) != len(raw):
                    self.bad(f"register: gdt record {p.id}")
                b = dt.date.fromisoformat(row["birth_date"])
                if (fields["3000"], fields["3101"], fields["3102"], fields["3103"]) != (
                    row["id"],
                    register.latin1(row["surname"]),
                    register.latin1(row["given_names"]),
                    b.strftime("%d%m%Y"),
                ):
                    self.bad(f"register: gdt fields {p.id}")


def main() -> int:
    env = dict(os.environ, PYTHONHASHSEED="4711")
    other = subprocess.Popen(
        [sys.executable, "-c", "from bench.heldout50y.check import _digest;print(_digest())"],
        env=env,
        stdout=subprocess.PIPE,
        text=True,
        cwd=str(Path(__file__).resolve().parents[2]),
    )
    ck = Checker()
    ck.registers()
    h = hashlib.sha256()
    counts: dict[str, int] = {}
    for name in SPLITS:
        letters = split(name)
        for letter in letters:
            files = {c: letter.render(c) for c in letter.conditions()}
            ck.letter(letter, files)
            _digest_one(h, name, letter, files)
        counts[name] = len(letters)
        again = split(name)[0]
        for cond in again.conditions():
            if again.render(cond) != letters[0].render(cond):
                ck.bad(f"{name}: render not deterministic")
    for n in ("test", "examples"):
        used = {lt.layout for lt in split(n)}
        if n == "test" and len(used) < len(LAYOUTS):
            ck.bad("test split does not cover every layout")
    try:
        split("nope")
        ck.bad("split accepted an unknown name")
    except ValueError:
        pass
    out, _ = other.communicate(timeout=300)
    if out.strip() != h.hexdigest():
        ck.bad("a second interpreter (PYTHONHASHSEED=4711) produced different bytes")
    for p in ck.problems:
        print(p)
    print(f"letters: {counts}, layouts: {len(LAYOUTS)}, register: {len(ck.reg_by_id)}")
    print(f"problems: {len(ck.problems)}")
    return 0 if not ck.problems else 1


if __name__ == "__main__":
    sys.exit(main())
