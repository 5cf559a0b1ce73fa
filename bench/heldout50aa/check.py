"""`python -m bench.heldout50aa.check`: the set against its own truth; ends with `problems: N`.

The date reader here is written on its own (not the generator's formatting code): it finds every
date printed on a page by the conventions of the letter's country and reads it back.
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

from bench.heldout50aa import letters, register
from bench.heldout50aa.layout import FONTS, PAGE_H, PAGE_W, Line, text_width

# ---------------------------------------------------------------- the date reader

_MONTH_WORDS = """
de januar februar märz april mai juni juli august september oktober november dezember
fr janvier février mars avril mai juin juillet août septembre octobre novembre décembre
it gennaio febbraio marzo aprile maggio giugno luglio agosto settembre ottobre novembre dicembre
tr ocak şubat mart nisan mayıs haziran temmuz ağustos eylül ekim kasım aralık
hr siječnja veljače ožujka travnja svibnja lipnja srpnja kolovoza rujna listopada studenoga prosinca
uk січня лютого березня квітня травня червня липня серпня вересня жовтня листопада грудня
lt sausio vasario kovo balandžio gegužės birželio liepos rugpjūčio rugsėjo spalio lapkričio gruodžio
en january february march april may june july august september october november december
"""
_GREEK = (
    "ιανουαρίου φεβρουαρίου μαρτίου απριλίου μαΐου ιουνίου ιουλίου αυγούστου σεπτεμβρίου "
    "οκτωβρίου νοεμβρίου δεκεμβρίου"
)
MONTH_NO: dict[str, int] = {w: i + 1 for i, w in enumerate(_GREEK.split())}
for _row in _MONTH_WORDS.strip().splitlines():
    for _i, _w in enumerate(_row.split()[1:]):
        MONTH_NO[_w] = _i + 1
_MW = "|".join(sorted(MONTH_NO, key=len, reverse=True))

RX_ISO = re.compile(r"(?<!\d)(\d{4})-(\d{2})-(\d{2})(?!\d)")
RX_DOT = re.compile(r"(?<![\d.])(\d{1,2})\.(\d{1,2})\.(\d{4}|\d{2})(?!\d)")
RX_SLASH = re.compile(r"(?<![\d/])(\d{1,2})/(\d{1,2})/(\d{4})(?!\d)")
RX_DMY_WORD = re.compile(rf"(?<!\d)(\d{{1,2}})\.?\s+({_MW})\s+(\d{{4}})", re.IGNORECASE)
RX_MDY_WORD = re.compile(rf"\b({_MW})\s+(\d{{1,2}}),\s+(\d{{4}})", re.IGNORECASE)
RX_LT = re.compile(rf"(\d{{4}})\s+m\.\s+({_MW})\s+(\d{{1,2}})\s+d\.", re.IGNORECASE)


def read_dates(text: str, region: str) -> list[str]:
    found: list[str] = []

    def add(y: int, m: int, d: int) -> None:
        if y < 100:
            y += 2000 if y <= 30 else 1900
        try:
            found.append(dt.date(y, m, d).isoformat())
        except ValueError:
            found.append(f"INVALID {y}-{m}-{d}")

    for mo in RX_ISO.finditer(text):
        add(int(mo[1]), int(mo[2]), int(mo[3]))
    for mo in RX_DOT.finditer(text):
        add(int(mo[3]), int(mo[2]), int(mo[1]))
    for mo in RX_SLASH.finditer(text):
        a, b = int(mo[1]), int(mo[2])
        if region == "US":
            add(int(mo[3]), a, b)
        else:
            add(int(mo[3]), b, a)
    for mo in RX_DMY_WORD.finditer(text):
        add(int(mo[3]), MONTH_NO[mo[2].lower()], int(mo[1]))
    for mo in RX_MDY_WORD.finditer(text):
        add(int(mo[3]), MONTH_NO[mo[1].lower()], int(mo[2]))
    for mo in RX_LT.finditer(text):
        add(int(mo[1]), MONTH_NO[mo[2].lower()], int(mo[3]))
    return found


# ---------------------------------------------------------------- helpers


class Report:
    def __init__(self) -> None:
        self.problems: list[str] = []

    def bad(self, where: str, what: str) -> None:
        self.problems.append(f"{where}: {what}")


def _fold_latin1(s: str) -> str:
    keep = []
    for ch in s:
        if ord(ch) < 256:
            keep.append(ch)
        elif ch == "ı":
            keep.append("i")
        else:
            keep.append(unicodedata.normalize("NFD", ch)[0])
    return "".join(keep)


def _norm(s: str) -> str:
    # case-blind, and blind to Turkish dotless i (YILMAZ is Yılmaz in capitals)
    return " ".join(s.casefold().replace("ı", "i").split())


def _pdf_lines(data: bytes) -> list[list[tuple[float, float, str]]]:
    """Per page: every character (origin x, origin y, char) of the text layer."""
    out = []
    with pymupdf.open(stream=data, filetype="pdf") as doc:
        for page in doc:
            chars: list[tuple[float, float, str]] = []
            raw = page.get_text("rawdict")
            for block in raw["blocks"]:
                for line in block.get("lines", []):
                    for span in line["spans"]:
                        for ch in span["chars"]:
                            chars.append((ch["origin"][0], ch["origin"][1], ch["c"]))
            out.append(chars)
    return out


def _check_pdf(
    rep: Report, lid: str, letter: letters.Letter, data: bytes, truth_pages: list[dict[str, Any]]
) -> None:
    pages = _pdf_lines(data)
    if len(pages) != len(letter.pages):
        rep.bad(lid, f"pdf has {len(pages)} pages, truth {len(letter.pages)}")
        return
    for pg, chars, tp in zip(letter.pages, pages, truth_pages, strict=True):
        used = [False] * len(chars)
        rebuilt: list[tuple[float, float, str]] = []
        for ln in pg.lines:
            x1 = ln.x + text_width(ln.text, ln.font, ln.size)
            picked = sorted(
                (c[0], i)
                for i, c in enumerate(chars)
                if not used[i] and abs(c[1] - ln.y) < 0.6 and ln.x - 0.6 <= c[0] <= x1 + 0.1
            )
            got = "".join(chars[i][2] for _, i in picked)
            for _, i in picked:
                used[i] = True
            if got.replace(" ", "") != ln.text.replace(" ", ""):
                rep.bad(lid, f"pdf {tp['page']}: text layer {got!r} != {ln.text!r}")
            rebuilt.append((ln.y, ln.x, ln.text))
        left = [chars[i][2] for i in range(len(chars)) if not used[i] and chars[i][2].strip()]
        if left:
            rep.bad(lid, f"pdf {tp['page']}: text outside the truth lines: {''.join(left)[:60]!r}")
        text = "\n".join(
            t for _, _, t in sorted(rebuilt, key=lambda r: (round(r[0], 2), round(r[1], 2)))
        )
        if text != tp["text"]:
            rep.bad(lid, f"pdf {tp['page']}: page text differs from the truth")


def _inside(rep: Report, lid: str, where: str, lines: list[Line]) -> None:
    for ln in lines:
        w = text_width(ln.text, ln.font, ln.size)
        if (
            ln.x < 8
            or ln.x + w > PAGE_W - 8
            or ln.y - ln.size < 4
            or ln.y + ln.size * 0.3 > PAGE_H - 6
        ):
            rep.bad(
                lid,
                f"{where}: line outside the sheet: {ln.text[:40]!r} "
                f"x={ln.x:.0f}..{ln.x + w:.0f} y={ln.y:.0f}",
            )


def _digest_all() -> str:
    h = hashlib.sha256()
    for name in ("test", "examples"):
        for letter in letters.split(name):
            h.update(json.dumps(letter.truth(), ensure_ascii=False, sort_keys=True).encode())
            for cond in letter.conditions():
                for rel, data in sorted(letter.render(cond).items()):
                    h.update(rel.encode())
                    h.update(hashlib.sha256(data).digest())
    folder = tempfile.mkdtemp(prefix="heldout50aa-reg-")
    register.write_all(register.build(), folder)
    for p in sorted(Path(folder).rglob("*")):
        if p.is_file():
            h.update(p.relative_to(folder).as_posix().encode())
            h.update(p.read_bytes())
    return h.hexdigest()


# ---------------------------------------------------------------- the register


def _check_register(rep: Report) -> list[register.Patient]:
    pats = register.build()
    if len(pats) < 300:
        rep.bad("register", f"only {len(pats)} patients")
    ids = [p.id for p in pats]
    if len(set(ids)) != len(ids):
        rep.bad("register", "duplicate ids")
    kinds = {p.collision for p in pats if p.collision}
    for need in ("same_name_and_birth_date", "twin", "name_change", "umlaut_spelling", "namesake"):
        if need not in kinds:
            rep.bad("register", f"no collision of kind {need}")
    with tempfile.TemporaryDirectory() as tmp:
        register.write_all(pats, tmp)
        rows = list(csv.DictReader(io.StringIO(Path(tmp, "patients.csv").read_text("utf-8"))))
        bundle = json.loads(Path(tmp, "patients.bundle.json").read_text("utf-8"))
        nd = [json.loads(x) for x in Path(tmp, "patients.ndjson").read_text("utf-8").splitlines()]
        if bundle.get("resourceType") != "Bundle" or bundle.get("type") != "collection":
            rep.bad("register", "bundle is not a collection Bundle")
        res = [e["resource"] for e in bundle["entry"]]
        if res != nd:
            rep.bad("register", "bundle and ndjson differ")
        if len(rows) != len(pats) or len(res) != len(pats):
            rep.bad("register", "exports have different lengths")
        for p, row, r in zip(pats, rows, res, strict=False):
            if (
                row["id"] != p.id
                or row["surname"] != p.surname
                or row["given_names"] != p.given_names
                or row["birth_date"] != p.birth_date
                or row["former_names"] != ";".join(p.former_names)
            ):
                rep.bad("register", f"csv row differs for {p.id}")
            off = next(n for n in r["name"] if n["use"] == "official")
            if (
                r["identifier"][0]["value"] != p.id
                or off["family"] != p.surname
                or " ".join(off["given"]) != p.given_names
                or r["birthDate"] != p.birth_date
            ):
                rep.bad("register", f"FHIR resource differs for {p.id}")
            if p.title and off.get("prefix") != p.title.split(" "):
                rep.bad("register", f"FHIR prefix missing for {p.id}")
            raw = Path(tmp, "gdt", f"{p.id}.gdt").read_bytes()
            fields: dict[str, str] = {}
            pos = 0
            while pos < len(raw):
                n = int(raw[pos : pos + 3])
                line = raw[pos : pos + n]
                if not line.endswith(b"\r\n"):
                    rep.bad("register", f"gdt line length wrong in {p.id}")
                    break
                txt = line[3:-2].decode("iso-8859-1")
                fields[txt[:4]] = txt[4:]
                pos += n
            bd = p.birth_date
            want = {
                "8000": "6301",
                "3000": p.id,
                "3101": p.surname,
                "3102": p.given_names,
                "3103": bd[8:10] + bd[5:7] + bd[:4],
                "3110": "1" if p.sex == "m" else "2",
                "3106": f"{p.postcode} {p.city}",
                "3107": p.street,
                "8100": f"{len(raw):05d}",
            }
            for k, v in want.items():
                v = _fold_latin1(v)
                if fields.get(k) != v:
                    rep.bad("register", f"gdt field {k} of {p.id}: {fields.get(k)!r} != {v!r}")
    return pats


# ---------------------------------------------------------------- one letter


def _check_letter(
    rep: Report, letter: letters.Letter, reg: dict[str, register.Patient], own: list[str]
) -> None:
    lid = letter.id
    t = letter.truth()
    f = t["facts"]
    conds = letter.conditions()
    if letter.handwritten != ("pdf" not in conds):
        rep.bad(lid, "handwritten letters have no pdf, others do")
    if set(t["conditions"]) != set(conds):
        rep.bad(lid, "truth conditions differ")
    # the receiving practice is never the sender
    for n in own:
        if _norm(n) in _norm(f["sender"]) or _norm(f["sender"]) in _norm(n):
            rep.bad(lid, f"sender {f['sender']!r} is a receiving practice")
    allowed_base = {x for x in (f["letter_date"], f["birth_date"]) if x}
    allowed_base |= {d["date"] for d in f["other_dates"]}
    sent_day = t["fax"]["sent"][:10]
    if f["letter_date"] and not sent_day > f["letter_date"]:
        rep.bad(lid, f"fax sent {sent_day} not after the letter {f['letter_date']}")
    for cond in conds:
        files = letter.render(cond)
        pages = t["conditions"][cond]["pages"]
        if sorted(files) != sorted({p["file"] for p in pages}):
            rep.bad(lid, f"{cond}: files {sorted(files)} vs truth")
        texts = [p["text"] for p in pages]
        letter_texts = [p["text"] for p in pages if p["page"] != "cover"]
        p1 = next(p["text"] for p in pages if p["page"] == "p1")
        whole = "\n".join(letter_texts)
        pat = f["patient"]
        if pat["as_written"] not in p1:
            rep.bad(lid, f"{cond}: as_written {pat['as_written']!r} not on p1")
        for tok in pat["full_name_as_letter"].split():
            if _norm(tok) not in _norm(p1):
                rep.bad(lid, f"{cond}: name part {tok!r} not on p1")
        if _norm(f["sender"]) not in _norm(whole):
            rep.bad(lid, f"{cond}: sender {f['sender']!r} not printed")
        if f["title"] is not None and f["title"] not in whole:
            rep.bad(lid, f"{cond}: title {f['title']!r} not printed")
        if f["patient_id"] is not None and f["patient_id"] not in whole:
            rep.bad(lid, f"{cond}: patient id not printed")
        for person in f["other_people"]:
            if person["name"] not in whole:
                rep.bad(lid, f"{cond}: person {person['name']!r} not printed")
        letter_dates = [d for tx in letter_texts for d in read_dates(tx, t["region"])]
        if cond == "fax":
            header_day = sent_day
            letter_dates = [
                d for tx in letter_texts for d in read_dates(tx.split("\n", 1)[1], t["region"])
            ]
        for want in [f["letter_date"], f["birth_date"], *[d["date"] for d in f["other_dates"]]]:
            if want and want not in letter_dates:
                rep.bad(lid, f"{cond}: date {want} not printed (read {sorted(set(letter_dates))})")
        for i, tx in enumerate(texts):
            allowed = set(allowed_base)
            if cond == "scan200" and i == 0 and t["receipt_stamp"]:
                allowed.add(t["receipt_stamp"]["date"])
            if cond == "fax":
                allowed.add(header_day)
                first = tx.split("\n", 1)[0]
                if (
                    read_dates(first, t["region"]) != [header_day]
                    or f"S. {i + 1:02d}/{len(texts):02d}" not in first
                    or t["fax"]["number"] not in first
                ):
                    rep.bad(lid, f"fax page {i + 1}: header line wrong: {first!r}")
            for d in read_dates(tx, t["region"]):
                if d not in allowed:
                    rep.bad(lid, f"{cond} page {i + 1}: printed date {d} is not in the truth")
        if cond == "fax":
            if (pages[0]["page"] == "cover") != t["fax"]["cover_sheet"]:
                rep.bad(lid, "fax cover sheet flag differs")
            for rel, data in files.items():
                im = Image.open(io.BytesIO(data))
                comp = im.info.get("compression")
                res = t["fax"]["resolution"]
                h = 2292 if res == "204x196" else 1146
                if (
                    im.format != "TIFF"
                    or im.mode != "1"
                    or im.size != (1728, h)
                    or comp not in ("group3", "group4")
                    or tuple(round(float(v)) for v in im.info.get("dpi", (0, 0)))
                    != (204, int(res[4:]))
                ):
                    rep.bad(lid, f"{rel}: fax image {im.format} {im.mode} {im.size} {comp}")
        elif cond == "scan200":
            for rel, data in files.items():
                im = Image.open(io.BytesIO(data))
                if (
                    im.format != "JPEG"
                    or im.mode != "L"
                    or im.size != (1653, 2339)
                    or tuple(round(float(v)) for v in im.info.get("dpi", (0, 0))) != (200, 200)
                ):
                    rep.bad(lid, f"{rel}: scan image {im.format} {im.mode} {im.size}")
        else:
            _check_pdf(rep, lid, letter, files["pdf/letter.pdf"], pages)
    # lines inside the sheet, on every condition's pages
    for i, pg in enumerate(letter.pages):
        _inside(rep, lid, pg.name, pg.lines + (letter.stamp_lines() if i == 0 else []))
    fp = letter.fax_pages()
    for i, pg in enumerate(fp):
        _inside(rep, lid, f"fax {pg.name}", [*pg.lines, letter.fax_header(i + 1, len(fp))])
    # the register
    rid = f["patient"]["register_id"]
    if (rid is None) != (t["register"] is None):
        rep.bad(lid, "register_id and register disagree")
    if rid is not None:
        p = reg.get(rid)
        if p is None:
            rep.bad(lid, f"register id {rid} unknown")
        else:
            if f["patient"]["full_name"] != f"{p.given_names} {p.surname}":
                rep.bad(lid, "full_name is not the register's")
            if f["birth_date"] and f["birth_date"] != p.birth_date:
                rep.bad(lid, "birth date is not the register's")
            if f["patient_id"] and f["patient_id"] != p.id:
                rep.bad(lid, "patient_id is not the register's id")
    for k in (
        "id",
        "split",
        "seed",
        "layout",
        "language",
        "region",
        "facts",
        "notes",
        "handwritten",
        "fax",
        "conditions",
    ):
        if k not in t:
            rep.bad(lid, f"truth lacks {k}")


def main() -> int:
    rep = Report()
    env = dict(os.environ, PYTHONHASHSEED="4711")
    other = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "from bench.heldout50aa.check import _digest_all; print(_digest_all())",
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env,
        cwd=str(Path(__file__).resolve().parents[2]),
        text=True,
    )
    pats = _check_register(rep)
    reg = {p.id: p for p in pats}
    own = sorted({n for p in letters.practice_names() for n in [p["name"], *p["names"]]})
    n = 0
    counts: dict[str, int] = {}
    for name in ("test", "examples"):
        ls = letters.split(name)
        if len(ls) != {"test": 40, "examples": 6}[name]:
            rep.bad(name, f"{len(ls)} letters")
        for letter in ls:
            _check_letter(rep, letter, reg, own)
            counts[letter.layout] = counts.get(letter.layout, 0) + 1
            n += 1
    try:
        letters.split("nope")
        rep.bad("split", "unknown split accepted")
    except ValueError:
        pass
    # determinism: the same bytes twice here, and in a second interpreter
    mine = _digest_all()
    again = _digest_all()
    if mine != again:
        rep.bad("determinism", "two runs in one interpreter differ")
    out, err = other.communicate(timeout=300)
    if other.returncode != 0 or out.strip() != mine:
        rep.bad("determinism", f"second interpreter differs ({err.strip()[-200:]})")
    for p in rep.problems[:60]:
        print(p)
    print(f"letters: {n}, layouts: {len(counts)}, register: {len(pats)}, fonts: {len(FONTS)}")
    print(f"problems: {len(rep.problems)}")
    return 0 if not rep.problems else 1


if __name__ == "__main__":
    raise SystemExit(main())
