"""Checks the set against its own truth; ends with `problems: N`.

The dates are read back with a parser written here, apart from the generator's spellings.
"""

from __future__ import annotations

import csv
import hashlib
import io
import json
import os
import re
import subprocess
import sys
import tempfile
from datetime import date, datetime
from pathlib import Path
from typing import Any

import pymupdf
from PIL import Image

from . import letters, register
from .layout import FONTS, H, W

# Month names, written out here independently of the generator.
_MONTHS_RAW = """
1 januar jänner janvier gennaio janeiro janar januari january
2 februar février fevrier febbraio fevereiro shkurt februari february
3 märz maerz mars marzo março maart march
4 april avril aprile abril prill
5 mai maj maggio maio mei may
6 juni juin giugno junho qershor june
7 juli juillet luglio julho korrik july
8 august août aout agosto gusht augustus
9 september septembre settembre setembro shtator
10 oktober octobre ottobre outubro tetor october
11 november novembre novembro nëntor nentor
12 dezember décembre decembre dicembre dezembro dhjetor december
"""
MONTHS: dict[str, int] = {}
for _row in _MONTHS_RAW.strip().splitlines():
    _num, *_names = _row.split()
    for _n in _names:
        MONTHS[_n] = int(_num)
_MN = "|".join(sorted(MONTHS, key=len, reverse=True))
RE_NAMED = re.compile(
    rf"(?<!\d)(\d{{1,2}})(?:er)?\.?\s+(?:de\s+)?({_MN})\s+(?:de\s+)?(\d{{4}})", re.IGNORECASE
)
RE_EN = re.compile(rf"\b({_MN})\s+(\d{{1,2}}),\s+(\d{{4}})", re.IGNORECASE)
RE_NUM = re.compile(r"(?<![\d.])(\d{1,2})([./-])(\d{1,2})\2(\d{4}|\d{2})(?![\d])")
RE_ISO = re.compile(r"(?<!\d)(\d{4})-(\d{2})-(\d{2})(?!\d)")
RE_HEADER = re.compile(
    r"^(\d{2})\.(\d{2})\.(\d{4}) (\d{2}):(\d{2}) FAX .+ S\. (\d+)/(\d+)$|"
    r"^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}) FAX .+ S\. (\d+)/(\d+)$"
)


def _year(y: str) -> int:
    v = int(y)
    if len(y) == 2:
        return 2000 + v if v < 50 else 1900 + v
    return v


def read_dates(text: str, region: str) -> list[date]:
    """Every date printed in `text`, read by the convention of `region`."""
    found: list[tuple[int, date]] = []
    taken: list[tuple[int, int]] = []

    def keep(m: re.Match[str], y: int, mo: int, d: int) -> None:
        if any(a < m.end() and m.start() < b for a, b in taken):
            return
        try:
            found.append((m.start(), date(y, mo, d)))
            taken.append((m.start(), m.end()))
        except ValueError:
            return

    for m in RE_ISO.finditer(text):
        keep(m, int(m[1]), int(m[2]), int(m[3]))
    for m in RE_NAMED.finditer(text):
        keep(m, int(m[3]), MONTHS[m[2].lower()], int(m[1]))
    for m in RE_EN.finditer(text):
        keep(m, int(m[3]), MONTHS[m[1].lower()], int(m[2]))
    for m in RE_NUM.finditer(text):
        a, b = int(m[1]), int(m[3])
        if region == "US" and m[2] == "/":
            keep(m, _year(m[4]), a, b)
        else:
            keep(m, _year(m[4]), b, a)
    return [d for _, d in sorted(found)]


def norm(s: str) -> str:
    return " ".join(s.split())


class Problems:
    def __init__(self) -> None:
        self.items: list[str] = []

    def add(self, where: str, what: str) -> None:
        self.items.append(f"{where}: {what}")


def _feed(h: Any, truth: dict[str, Any], rendered: dict[str, dict[str, bytes]]) -> None:
    h.update(json.dumps(truth, ensure_ascii=False, sort_keys=True).encode())
    for cond in rendered:
        for fn, data in sorted(rendered[cond].items()):
            h.update(fn.encode())
            h.update(hashlib.sha256(data).digest())


def _feed_register(h: Any) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        register.write_all(register.build(), tmp)
        for p in sorted(Path(tmp).rglob("*")):
            if p.is_file():
                h.update(p.relative_to(tmp).as_posix().encode())
                h.update(p.read_bytes())


def digest() -> str:
    """One hash over every file and truth of both splits, and the register's exports."""
    h = hashlib.sha256()
    for name in ("test", "examples"):
        for lt in letters.split(name):
            _feed(h, lt.truth(), {c: lt.render(c) for c in lt.conditions()})
    _feed_register(h)
    return h.hexdigest()


def check_register(pr: Problems) -> dict[str, register.Patient]:
    pats = register.build()
    if len(pats) < 300:
        pr.add("register", f"only {len(pats)} patients")
    ids = [p.id for p in pats]
    if len(set(ids)) != len(ids):
        pr.add("register", "duplicate ids")
    with tempfile.TemporaryDirectory() as tmp:
        register.write_all(pats, tmp)
        base = Path(tmp)
        with (base / "patients.csv").open(encoding="utf-8") as fh:
            rows = list(csv.DictReader(fh))
        need = [
            "id",
            "surname",
            "given_names",
            "birth_name",
            "former_names",
            "title",
            "birth_date",
            "sex",
            "street",
            "postcode",
            "city",
            "country",
        ]
        if rows and any(k not in rows[0] for k in need):
            pr.add("register", "csv columns missing")
        bundle = json.loads((base / "patients.bundle.json").read_text(encoding="utf-8"))
        nd = [
            json.loads(x)
            for x in (base / "patients.ndjson").read_text(encoding="utf-8").splitlines()
        ]
        if bundle.get("resourceType") != "Bundle" or bundle.get("type") != "collection":
            pr.add("register", "bundle type")
        res = [e["resource"] for e in bundle["entry"]]
        if res != nd:
            pr.add("register", "bundle and ndjson differ")
        if len(rows) != len(pats) or len(res) != len(pats):
            pr.add("register", "export sizes differ")
        for row, r in zip(rows, res, strict=False):
            rid = row["id"]
            gdt = (base / "gdt" / f"{rid}.gdt").read_bytes()
            fields: dict[str, str] = {}
            for raw in gdt.split(b"\r\n")[:-1]:
                ln = raw + b"\r\n"
                if int(ln[:3]) != len(ln):
                    pr.add("register", f"{rid}: GDT line length {ln!r}")
                fields[ln[3:7].decode()] = ln[7:-2].decode("iso-8859-1")
            if fields.get("8000") != "6301" or int(fields.get("8100", "0")) != len(gdt):
                pr.add("register", f"{rid}: GDT 8000/8100")
            bd = row["birth_date"]
            if fields.get("3103") != bd[8:10] + bd[5:7] + bd[0:4]:
                pr.add("register", f"{rid}: GDT birth date")
            if (fields.get("3000"), fields.get("3101"), fields.get("3102")) != (
                rid,
                row["surname"],
                row["given_names"],
            ):
                pr.add("register", f"{rid}: GDT names")
            if fields.get("3110") != ("1" if row["sex"] == "m" else "2"):
                pr.add("register", f"{rid}: GDT sex")
            if (
                fields.get("3106") != f"{row['postcode']} {row['city']}"
                or fields.get("3107") != row["street"]
            ):
                pr.add("register", f"{rid}: GDT address")
            off = next(n for n in r["name"] if n["use"] == "official")
            if (
                r["id"],
                r["identifier"][0]["value"],
                off["family"],
                " ".join(off["given"]),
                r["birthDate"],
            ) != (rid, rid, row["surname"], row["given_names"], bd):
                pr.add("register", f"{rid}: FHIR differs from CSV")
            if row["title"] and off.get("prefix") != [row["title"]]:
                pr.add("register", f"{rid}: FHIR title")
            maiden = [n["family"] for n in r["name"] if n["use"] == "maiden"]
            old = [n["family"] for n in r["name"] if n["use"] == "old"]
            if maiden != ([row["birth_name"]] if row["birth_name"] else []):
                pr.add("register", f"{rid}: FHIR maiden")
            if old != [x for x in row["former_names"].split(";") if x]:
                pr.add("register", f"{rid}: FHIR old names")
    kinds = " ".join(p.collision for p in pats)
    for k in ("same name and birth date", "twin", "name change", "umlaut", "namesake"):
        if k not in kinds:
            pr.add("register", f"no collision of kind {k}")
    return {p.id: p for p in pats}


def check_letter(
    lt: letters.Letter, reg: dict[str, register.Patient], pr: Problems, own: list[str], h: Any
) -> None:
    t = lt.truth()
    rendered = {c: lt.render(c) for c in lt.conditions()}
    _feed(h, t, rendered)
    w = t["id"]
    f = t["facts"]
    region = t["region"]
    conds = t["conditions"]
    if list(conds) != lt.conditions():
        pr.add(w, "conditions differ")
    if t["handwritten"] == ("pdf" in conds):
        pr.add(w, "handwritten letters have no pdf, others do")
    base_cond = "pdf" if "pdf" in conds else "scan200"
    stamp = [o for o in f["other_dates"] if "Eingangsstempel" in o["role"]]
    base_pages = []
    for pg in conds[base_cond]["pages"]:
        lines = pg["text"].split("\n")
        if base_cond == "scan200" and stamp and pg["page"] == "p1":
            lines = lines[3:]
        base_pages.append("\n".join(lines))
    # pages of the scan and the fax are the base pages plus the stamp / header
    for i, pg in enumerate(conds["scan200"]["pages"]):
        lines = pg["text"].split("\n")
        if stamp and i == 0:
            st = read_dates("\n".join(lines[:3]), "DE")
            if lines[0] != "EINGEGANGEN" or st != [date.fromisoformat(stamp[0]["date"])]:
                pr.add(w, "receipt stamp does not read back")
            if f["letter_date"] and st and st[0] <= date.fromisoformat(f["letter_date"]):
                pr.add(w, "stamp not after the letter")
            lines = lines[3:]
        if "\n".join(lines) != base_pages[i]:
            pr.add(w, f"scan page {i + 1} text differs from the letter")
    fax_pages = conds["fax"]["pages"]
    sent = datetime.fromisoformat(t["fax"]["sent"])
    cover = t["fax"]["cover_sheet"]
    if len(fax_pages) != len(base_pages) + (1 if cover else 0):
        pr.add(w, "fax page count")
    for n, pg in enumerate(fax_pages, 1):
        first, *rest = pg["text"].split("\n")
        m = RE_HEADER.match(first)
        if not m:
            pr.add(w, f"fax page {n}: no header line ({first!r})")
            continue
        g = [x for x in m.groups() if x is not None]
        if len(g[0]) == 4:
            y, mo, d = g[0], g[1], g[2]
        else:
            d, mo, y = g[0], g[1], g[2]
        when = datetime(int(y), int(mo), int(d), int(g[3]), int(g[4]))
        if when != sent or (int(g[5]), int(g[6])) != (n, len(fax_pages)):
            pr.add(w, f"fax page {n}: header {first!r} disagrees with truth")
        body = "\n".join(rest)
        if pg["page"] == "cover":
            if n != 1:
                pr.add(w, "cover is not the first fax page")
            if read_dates(body, region) != [sent.date()]:
                pr.add(w, "cover date is not the send date")
        else:
            idx = int(pg["page"][1:]) - 1
            if body != base_pages[idx]:
                pr.add(w, f"fax page {n} text differs from the letter")
    if f["letter_date"] and sent.date() <= date.fromisoformat(f["letter_date"]):
        pr.add(w, "fax sent before/at the letter's date")
    # dates read back
    expect = {o["date"] for o in f["other_dates"] if o not in stamp}
    for k in ("birth_date", "letter_date"):
        if f[k]:
            expect.add(f[k])
    got = {d.isoformat() for p in base_pages for d in read_dates(p, region)}
    if got != expect:
        pr.add(w, f"dates read {sorted(got)} != truth {sorted(expect)}")
    # values on the pages
    alltext = norm(" ".join(base_pages))
    p1 = norm(base_pages[0])
    pat = f["patient"]
    if not pat["as_written"] or norm(pat["as_written"]) not in p1:
        pr.add(w, f"as_written {pat['as_written']!r} not on page 1")
    for key in ("sender", "title", "patient_id"):
        if f[key] is not None and norm(f[key]) not in alltext:
            pr.add(w, f"{key} {f[key]!r} not printed")
    if not f["sender"]:
        pr.add(w, "no sender")
    for person in f["other_people"]:
        if norm(person["name"]) not in alltext:
            pr.add(w, f"other person {person['name']!r} not printed")
    surname = pat["full_name_as_letter"].split(" ")[-1]
    if surname.lower() not in alltext.lower():
        pr.add(w, "the letter's surname is not printed")
    # the receiving practice
    s_low = f["sender"].lower()
    for nm in own:
        if nm.lower() == s_low or nm.lower() in s_low or s_low in nm.lower():
            pr.add(w, f"sender {f['sender']!r} is a receiving practice")
    prac = next(p for p in letters.practice_names() if p["name"] == t["practice"])
    if not any(norm(n) in p1 for n in [*prac["names"], prac["doctor"]]):
        pr.add(w, "page 1 does not name the receiving practice")
    # register
    rid = pat["register_id"]
    if rid is not None:
        p = reg.get(rid)
        if p is None:
            pr.add(w, "register id not in the register")
        else:
            if (pat["full_name"], pat["surname"], pat["given_names"]) != (
                p.full_name,
                p.surname,
                p.given_names,
            ):
                pr.add(w, "patient names differ from the register")
            if f["birth_date"] and f["birth_date"] != p.birth_date:
                pr.add(w, "birth date differs from the register")
            if (t["register"] or {}).get("id") != rid:
                pr.add(w, "register block")
            if f["patient_id"] not in (None, rid):
                pr.add(w, "patient id is not the register id")
    elif f["patient_id"] is not None:
        pr.add(w, "patient id for a patient outside the register")
    # every line inside the sheet
    for cond in lt.conditions():
        for name, page in lt.layout_pages(cond):
            for ln in page.lines:
                x0, y0, x1, y1 = ln.bbox()
                if x0 < 10 or y0 < 4 or x1 > W - 10 or y1 > H - 8:
                    pr.add(w, f"{cond} {name}: line outside the sheet: {ln.text[:40]!r}")
    # files
    for cond in lt.conditions():
        files = rendered[cond]
        pages = conds[cond]["pages"]
        if cond == "pdf":
            doc = pymupdf.open(stream=files["pdf/letter.pdf"])
            if doc.page_count != len(pages):
                pr.add(w, "pdf page count")
            for pg, tp in zip(doc, pages, strict=False):
                words = pg.get_text("words")
                if [x[4] for x in words] != tp["text"].split():
                    pr.add(w, f"pdf text layer of {tp['page']} differs from truth")
                for x in words:
                    if x[0] < 0 or x[1] < 0 or x[2] > W or x[3] > H:
                        pr.add(w, "pdf word outside the page")
            continue
        if sorted(files) != sorted(p["file"] for p in pages):
            pr.add(w, f"{cond}: files differ from truth")
        for fn, data in files.items():
            im = Image.open(io.BytesIO(data))
            if cond == "scan200":
                dpi = im.info.get("dpi", (0, 0))
                if (
                    im.format != "JPEG"
                    or im.mode != "L"
                    or round(dpi[0]) != 200
                    or abs(im.width - 1654) > 2
                    or abs(im.height - 2339) > 2
                ):
                    pr.add(w, f"{fn}: not a 200 dpi greyscale A4 JPEG")
            else:
                dpi = tuple(round(v) for v in im.info.get("dpi", (0, 0)))
                comp = im.info.get("compression")
                ok = (204, 196) if t["fax"]["resolution"] == "fine" else (204, 98)
                if (
                    im.format != "TIFF"
                    or im.mode != "1"
                    or im.width != 1728
                    or dpi != ok
                    or comp not in ("group3", "group4")
                ):
                    pr.add(w, f"{fn}: not a fax TIFF ({im.mode} {im.size} {dpi} {comp})")


def main() -> int:
    pr = Problems()
    env = dict(os.environ, PYTHONHASHSEED="4711")
    root = Path(__file__).resolve().parents[2]
    other = subprocess.Popen(
        [sys.executable, "-c", "from bench.heldout50p.check import digest; print(digest())"],
        cwd=root,
        env=env,
        stdout=subprocess.PIPE,
        text=True,
    )
    for path in FONTS.values():
        if not Path(path).is_file():
            pr.add("fonts", f"missing {path}")
    try:
        listed = subprocess.run(
            ["fc-list", ":", "file"], capture_output=True, text=True, check=False
        ).stdout
        for path in FONTS.values():
            if path not in listed:
                pr.add("fonts", f"not installed (fc-list): {path}")
    except OSError:
        pr.add("fonts", "fc-list not available")
    reg = check_register(pr)
    own = [n for p in letters.practice_names() for n in p["names"]]
    own += [p["doctor"] for p in letters.practice_names()]
    counts = {}
    h = hashlib.sha256()
    for name, n in (("test", 40), ("examples", 6)):
        ls = letters.split(name)
        counts[name] = len(ls)
        if len(ls) != n:
            pr.add(name, f"{len(ls)} letters, expected {n}")
        ids = [x.id for x in ls]
        if len(set(ids)) != len(ids):
            pr.add(name, "duplicate ids")
        for lt in ls:
            check_letter(lt, reg, pr, own, h)
    try:
        letters.split("other")
        pr.add("split", "unknown split accepted")
    except ValueError:
        pass
    if len(letters.generate(3, 99)) != 3:
        pr.add("generate", "wrong count")
    # determinism: twice here, once in another interpreter
    a = [lt.render(c) for lt in letters.split("examples") for c in lt.conditions()]
    b = [lt.render(c) for lt in letters.split("examples") for c in lt.conditions()]
    if a != b:
        pr.add("determinism", "two renderings differ")
    _feed_register(h)
    mine = h.hexdigest()
    theirs, _ = other.communicate(timeout=300)
    if theirs.strip() != mine:
        pr.add("determinism", "another interpreter (PYTHONHASHSEED=4711) made other bytes")
    for p in pr.items:
        print(p)
    print(f"letters: {counts}, patients: {len(reg)}")
    print(f"problems: {len(pr.items)}")
    return 0 if not pr.items else 1


if __name__ == "__main__":
    sys.exit(main())
