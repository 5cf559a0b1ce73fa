"""Verify the set against its own truth; ``python -m bench.heldout50ak.check`` ends ``problems: N``.

The date reader below is written for this check alone (it shares nothing with the generator's
``dates`` module): it reads the day-month-year conventions of Austria and Germany (with Jänner
and Feber), Hungary (year first), Czechia and Slovakia (spaced numbers, genitive months), and
British/Irish English (day/month/year, slashes).
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

from bench.heldout50ak import layout, letters, register

MONTH_WORDS = {
    1: "jänner jaenner januar january január ledna januára jan. jän.",
    2: "feber februar february február února februára feb.",
    3: "märz maerz march március března marca mär.",
    4: "april április dubna apríla apr.",
    5: "mai may május května mája",
    6: "juni june június června júna jun.",
    7: "juli july július července júla jul.",
    8: "august augusztus srpna augusta aug.",
    9: "september szeptember září septembra sep. sept.",
    10: "oktober october október října októbra okt. oct.",
    11: "november listopadu novembra nov.",
    12: "dezember december prosince decembra dez. dec.",
}
MONTH = {w: m for m, ws in MONTH_WORDS.items() for w in ws.split()}
_MW = "|".join(sorted((re.escape(w) for w in MONTH), key=len, reverse=True))
PATTERNS = [
    ("ymd_iso", re.compile(r"(?<!\d)(\d{4})-(\d{2})-(\d{2})(?!\d)")),
    ("hu_num", re.compile(r"(?<!\d)(\d{4})\.(\d{2})\.(\d{2})\.")),
    ("hu_word", re.compile(rf"(?<!\d)(\d{{4}})\.\s+({_MW})\s+(\d{{1,2}})\.", re.IGNORECASE)),
    (
        "dmy_word",
        re.compile(rf"(?<![\d.])(\d{{1,2}})\.?\s+({_MW})\s+(\d{{4}})(?!\d)", re.IGNORECASE),
    ),
    ("dmy_dots", re.compile(r"(?<![\d.])(\d{1,2})\.\s?(\d{1,2})\.\s?(\d{4})(?!\d)")),
    ("dmy_slash", re.compile(r"(?<![\d/])(\d{1,2})/(\d{1,2})/(\d{4})(?![\d/])")),
]


def read_dates(text: str) -> list[tuple[str, dt.date | None]]:
    """Every date printed in text, as (what was printed, the date or None if impossible)."""
    found: list[tuple[int, str, dt.date | None]] = []
    taken = [False] * len(text)
    for kind, rx in PATTERNS:
        for m in rx.finditer(text):
            if any(taken[m.start() : m.end()]):
                continue
            a, b, c = m.group(1), m.group(2), m.group(3)
            try:
                if kind in ("ymd_iso", "hu_num"):
                    d = dt.date(int(a), int(b), int(c))
                elif kind == "hu_word":
                    d = dt.date(int(a), MONTH[b.lower()], int(c))
                elif kind == "dmy_word":
                    d = dt.date(int(c), MONTH[b.lower()], int(a))
                else:
                    d = dt.date(int(c), int(b), int(a))
            except ValueError:
                d = None
            found.append((m.start(), m.group(0), d))
            for i in range(m.start(), m.end()):
                taken[i] = True
    return [(s, d) for _, s, d in sorted(found, key=lambda t: t[0])]


def pdf_lines(doc: pymupdf.Document) -> list[list[tuple[float, float, str, tuple[float, ...]]]]:
    pages = []
    for page in doc:
        spans = []
        for block in page.get_text("dict")["blocks"]:
            for line in block.get("lines", []):
                for sp in line["spans"]:
                    if sp["text"].strip():
                        spans.append(
                            (
                                round(sp["origin"][1], 1),
                                sp["origin"][0],
                                sp["text"],
                                tuple(sp["bbox"]),
                            )
                        )
        spans.sort(key=lambda t: (t[0], t[1]))
        pages.append(spans)
    return pages


def digest(letter_list: list[letters.Letter]) -> str:
    h = hashlib.sha256()
    for lt in letter_list:
        h.update(json.dumps(lt.truth(), ensure_ascii=False, sort_keys=True).encode())
        for cond in lt.conditions():
            for name, data in sorted(lt.render(cond).items()):
                h.update(name.encode())
                h.update(data)
    with tempfile.TemporaryDirectory() as tmp:
        register.write_all(register.build(), tmp)
        for p in sorted(Path(tmp).rglob("*")):
            if p.is_file():
                h.update(p.relative_to(tmp).as_posix().encode())
                h.update(p.read_bytes())
    return h.hexdigest()


def _subset() -> list[letters.Letter]:
    return [lt for i, lt in enumerate(letters.split("test")) if i % 5 == 0] + letters.split(
        "examples"
    )[:2]


class Check:
    def __init__(self) -> None:
        self.problems: list[str] = []

    def fail(self, where: str, what: str) -> None:
        self.problems.append(f"{where}: {what}")

    # --- one letter -----------------------------------------------------------------
    def letter(self, lt: letters.Letter, rendered: dict[str, dict[str, bytes]]) -> None:
        tr = lt.truth()
        w = lt.id
        if json.loads(json.dumps(tr)) != tr:
            self.fail(w, "truth is not plain JSON")
        conds = tr["conditions"]
        if lt.handwritten == ("pdf" in conds) or sorted(conds) != sorted(lt.conditions()):
            self.fail(w, "conditions do not match handwritten flag")
        # The page texts against what is drawn: each condition's pages drawn as a PDF and read back.
        drawn = {"scan200": lt.scan_pages(), "fax": lt.fax_pages()[0]}
        if "pdf" in conds:
            drawn["pdf"] = lt.pages
        for cond, pages in drawn.items():
            doc = (
                pymupdf.open(stream=rendered[cond]["pdf/letter.pdf"])
                if cond == "pdf"
                else layout.document(pages, "check")
            )
            read = pdf_lines(doc)
            tpages = conds[cond]["pages"]
            if len(read) != len(tpages):
                self.fail(w, f"{cond}: {len(read)} pages drawn, truth has {len(tpages)}")
                continue
            for tp, spans in zip(tpages, read, strict=True):
                text = "\n".join(s[2] for s in spans)
                if text != tp["text"]:
                    self.fail(w, f"{cond} {tp['page']}: text layer differs from truth")
                for _, _, txt, bb in spans:
                    if (
                        bb[0] < 8
                        or bb[1] < 8
                        or bb[2] > layout.PAGE_W - 8
                        or bb[3] > layout.PAGE_H - 8
                    ):
                        self.fail(w, f"{cond} {tp['page']}: line outside the sheet: {txt[:40]!r}")
            doc.close()
        self.images(lt, tr, rendered)
        self.facts(lt, tr)
        self.fax(lt, tr)

    def images(
        self, lt: letters.Letter, tr: dict[str, Any], rendered: dict[str, dict[str, bytes]]
    ) -> None:
        w = lt.id
        for tp in tr["conditions"]["scan200"]["pages"]:
            data = rendered["scan200"].get(tp["file"])
            if data is None:
                self.fail(w, f"missing {tp['file']}")
                continue
            im = Image.open(io.BytesIO(data))
            dpi = im.info.get("dpi", (0, 0))
            if (
                im.format != "JPEG"
                or im.mode != "L"
                or round(dpi[0]) != 200
                or abs(im.width - 1654) > 2
            ):
                self.fail(
                    w,
                    f"{tp['file']}: not 200 dpi grey JPEG ({im.format} {im.mode} {dpi} {im.size})",
                )
        if len(rendered["scan200"]) != len(tr["conditions"]["scan200"]["pages"]):
            self.fail(w, "scan200: file count")
        fine = tr["fax"]["resolution"] == "fine"
        for tp in tr["conditions"]["fax"]["pages"]:
            data = rendered["fax"].get(tp["file"])
            if data is None:
                self.fail(w, f"missing {tp['file']}")
                continue
            im = Image.open(io.BytesIO(data))
            comp = im.info.get("compression")
            dpi = tuple(round(v) for v in im.info.get("dpi", (0, 0)))
            if (
                im.format != "TIFF"
                or im.mode != "1"
                or im.width != 1728
                or comp not in ("group3", "group4")
                or dpi != (204, 196 if fine else 98)
            ):
                self.fail(w, f"{tp['file']}: not a fax TIFF ({im.mode} {im.size} {comp} {dpi})")
        if len(rendered["fax"]) != len(tr["conditions"]["fax"]["pages"]):
            self.fail(w, "fax: file count")
        if "pdf" in rendered:
            doc = pymupdf.open(stream=rendered["pdf"]["pdf/letter.pdf"])
            if doc.page_count != len(tr["conditions"]["pdf"]["pages"]):
                self.fail(w, "pdf: page count")
            doc.close()

    def facts(self, lt: letters.Letter, tr: dict[str, Any]) -> None:
        w, f = lt.id, tr["facts"]
        main = tr["conditions"].get("pdf") or tr["conditions"]["scan200"]
        pages = [p["text"] for p in main["pages"]]
        alltext = "\n".join(pages)
        pat = f["patient"]
        if not pat["as_written"] or pat["as_written"] not in pages[0]:
            self.fail(w, f"patient as written not on page 1: {pat['as_written']!r}")
        low = alltext.lower()
        for tok in pat["full_name_as_letter"].split():
            if tok.lower() not in low:
                self.fail(w, f"name part {tok!r} not printed")
        if pat["full_name"] != f"{pat['given_names']} {pat['surname']}":
            self.fail(w, "full_name is not given names + surname")
        if f["sender"] not in alltext:
            self.fail(w, f"sender not printed: {f['sender']!r}")
        if f["title"] is not None and f["title"] not in alltext:
            self.fail(w, f"title not printed: {f['title']!r}")
        if f["patient_id"] is not None and f["patient_id"] not in alltext:
            self.fail(w, "patient id not printed")
        if f["patient_id"] is not None and f["patient_id"] != pat["register_id"]:
            self.fail(w, "printed patient id is not the register id")
        for op in f["other_people"]:
            if op["name"] not in alltext:
                self.fail(w, f"other person not printed: {op['name']!r}")
        # The receiving practice never sends.
        for pr in letters.practice_names():
            own = [*pr["names"], pr["doctor"]]
            for s in [f["sender"], *f["sender_alternatives"]]:
                if any(s == o or s in o or o in s for o in own):
                    self.fail(w, f"sender {s!r} is a receiving practice")
        if lt.practice["name"] not in [p["name"] for p in letters.practice_names()]:
            self.fail(w, "addressed to an unknown practice")
        # Dates: everything printed reads back to a truth date, and every truth date is printed.
        stamp = tr.get("receipt_stamp")
        letter_dates = {
            d["date"] for d in f["other_dates"] if not d["role"].startswith("receipt stamp")
        }
        for key in ("letter_date", "birth_date"):
            if f[key]:
                letter_dates.add(f[key])
        sent = tr["fax"]["sent"][:10]
        for cond, extra in (
            ("pdf", set()),
            ("scan200", {stamp} if stamp else set()),
            ("fax", {sent}),
        ):
            if cond not in tr["conditions"]:
                continue
            printed = {}
            for p in tr["conditions"][cond]["pages"]:
                for s, d in read_dates(p["text"]):
                    if d is None:
                        self.fail(w, f"{cond}: unreadable date {s!r}")
                    else:
                        printed[d.isoformat()] = s
            allowed = letter_dates | extra
            for iso, s in printed.items():
                if iso not in allowed:
                    self.fail(w, f"{cond}: printed date {s!r} = {iso} is in no truth field")
            for iso in allowed:
                if iso not in printed:
                    self.fail(w, f"{cond}: truth date {iso} is not printed")
        if f["letter_date"] is None and not lt.handwritten:
            self.fail(w, "only a handwritten note may be undated")

    def fax(self, lt: letters.Letter, tr: dict[str, Any]) -> None:
        w = lt.id
        fx = tr["fax"]
        sent = dt.datetime.strptime(fx["sent"], "%Y-%m-%dT%H:%M")
        if tr["facts"]["letter_date"] and sent.date() <= dt.date.fromisoformat(
            tr["facts"]["letter_date"]
        ):
            self.fail(w, "fax sent before or on the letter's date")
        pages = tr["conditions"]["fax"]["pages"]
        if (pages[0]["page"] == "cover") != fx["cover_sheet"]:
            self.fail(w, "cover sheet flag and fax pages disagree")
        rx = re.compile(r"^(\d\d)\.(\d\d)\.(\d{4}) (\d\d):(\d\d)  FAX (.+?)  S\. (\d+)/(\d+)$")
        for n, p in enumerate(pages, 1):
            m = rx.match(p["text"].split("\n")[0])
            if not m:
                self.fail(w, f"fax page {n}: no transmission header on top")
                continue
            when = dt.datetime(int(m[3]), int(m[2]), int(m[1]), int(m[4]), int(m[5]))
            if when != sent or m[6] != fx["number"] or (int(m[7]), int(m[8])) != (n, len(pages)):
                self.fail(w, f"fax page {n}: header disagrees with truth")
        if fx["cover_sheet"] and tr["facts"]["sender"] not in pages[0]["text"]:
            self.fail(w, "cover sheet does not name the sender")

    # --- the register -----------------------------------------------------------------
    def register(self, all_letters: list[letters.Letter]) -> None:
        pats = register.build()
        by_id = {p.id: p for p in pats}
        if len(pats) < 300 or len(by_id) != len(pats):
            self.fail("register", "fewer than 300 patients or duplicate ids")
        kinds = {p.collision for p in pats if p.collision}
        if len(kinds) < 5:
            self.fail("register", f"collision kinds: {sorted(kinds)}")
        with tempfile.TemporaryDirectory() as tmp:
            register.write_all(pats, tmp)
            root = Path(tmp)
            with (root / "patients.csv").open(encoding="utf-8") as fh:
                rows = list(csv.DictReader(fh))
            bundle = json.loads((root / "patients.bundle.json").read_text(encoding="utf-8"))
            nd = [
                json.loads(x)
                for x in (root / "patients.ndjson").read_text(encoding="utf-8").splitlines()
            ]
            if bundle.get("type") != "collection" or [e["resource"] for e in bundle["entry"]] != nd:
                self.fail("register", "bundle and ndjson differ")
            if len(rows) != len(pats) or len(nd) != len(pats):
                self.fail("register", "export sizes differ")
            for row, res, p in zip(rows, nd, pats, strict=False):
                off = next(n for n in res["name"] if n["use"] == "official")
                same = (
                    row["id"] == res["id"] == p.id == res["identifier"][0]["value"]
                    and row["surname"] == off["family"] == p.surname
                    and row["given_names"] == " ".join(off["given"]) == p.given_names
                    and row["birth_date"] == res["birthDate"] == p.birth_date.isoformat()
                    and row["former_names"].split(";")
                    == ([n["family"] for n in res["name"] if n["use"] == "old"] or [""])
                    and (row["birth_name"] or None)
                    == next((n["family"] for n in res["name"] if n["use"] == "maiden"), None)
                    and row["title"] == " ".join(off.get("prefix", []))
                    and res["gender"] == ("male" if row["sex"] == "M" else "female")
                )
                if not same:
                    self.fail("register", f"exports disagree on {p.id}")
                raw = (root / "gdt" / f"{p.id}.gdt").read_bytes()
                lines = raw.split(b"\r\n")[:-1]
                got = {}
                for ln in lines:
                    if int(ln[:3]) != len(ln) + 2:
                        self.fail("register", f"gdt {p.id}: bad line length")
                    got[ln[3:7].decode()] = ln[7:].decode("latin-1")
                if (
                    got.get("8000") != "6301"
                    or int(got.get("8100", "0")) != len(raw)
                    or got.get("3000") != p.id
                    or got.get("3101") != p.surname.encode("latin-1", "replace").decode("latin-1")
                    or got.get("3103") != p.birth_date.strftime("%d%m%Y")
                    or got.get("3110") != ("1" if p.sex == "M" else "2")
                    or got.get("3106") != f"{p.postcode} {p.city}"
                    or got.get("9218") != "02.10"
                ):
                    self.fail("register", f"gdt {p.id} disagrees")
        for lt in all_letters:
            tr = lt.truth()
            pat, f = tr["facts"]["patient"], tr["facts"]
            rid = pat["register_id"]
            if rid is None:
                if tr["register"] is not None:
                    self.fail(lt.id, "register block for an unregistered patient")
                if any(
                    p.surname == pat["surname"] and p.given_names == pat["given_names"]
                    for p in pats
                ):
                    self.fail(lt.id, "unregistered patient is in the register")
                continue
            p = by_id.get(rid)
            if p is None or tr["register"] is None or tr["register"]["id"] != rid:
                self.fail(lt.id, "register id unknown")
                continue
            if p.surname != pat["surname"] or p.given_names != pat["given_names"]:
                self.fail(lt.id, "patient name differs from register")
            if f["birth_date"] and f["birth_date"] != p.birth_date.isoformat():
                self.fail(lt.id, "birth date differs from register")
            used = pat["full_name_as_letter"].removeprefix(p.given_names + " ")
            if used not in (p.surname, *p.former_names):
                self.fail(lt.id, "letter's surname is neither the register's nor a former one")

    def run(self) -> int:
        all_letters = letters.split("test") + letters.split("examples")
        if [len(letters.split(s)) for s in ("test", "examples")] != [40, 6]:
            self.fail("splits", "sizes")
        try:
            letters.split("train")
            self.fail("splits", "unknown split accepted")
        except ValueError:
            pass
        ids = [lt.id for lt in all_letters]
        if len(set(ids)) != len(ids):
            self.fail("splits", "duplicate ids")
        practices = letters.practice_names()
        if len(practices) != 3 or max(len(p["name"]) for p in practices) < 60:
            self.fail("practices", "three practices, one with a long name")
        for lt in all_letters:
            rendered = {c: lt.render(c) for c in lt.conditions()}
            self.letter(lt, rendered)
        self.register(all_letters)
        # Determinism: twice here, once in another interpreter with another hash seed.
        sub = _subset()
        first = digest(sub)
        if digest(_subset()) != first:
            self.fail("determinism", "two runs differ")
        env = dict(os.environ, PYTHONHASHSEED="4711")
        out = subprocess.run(
            [sys.executable, "-m", "bench.heldout50ak.check", "--digest"],
            capture_output=True,
            text=True,
            env=env,
            check=False,
        )
        if out.stdout.strip() != first:
            self.fail(
                "determinism",
                f"another interpreter differs: {out.stdout.strip()[:20]} {out.stderr[-300:]}",
            )
        for p in self.problems:
            print(p)
        print(f"letters: {len(all_letters)}  problems: {len(self.problems)}")
        return len(self.problems)


def main() -> int:
    if sys.argv[1:] == ["--digest"]:
        print(digest(_subset()))
        return 0
    return 0 if Check().run() == 0 else 1


if __name__ == "__main__":
    raise SystemExit(main())
