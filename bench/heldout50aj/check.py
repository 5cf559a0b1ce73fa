# ruff: noqa: E501  (tables of senders and letter text kept one entry per line)
"""python -m bench.heldout50aj.check: the set against its own truth; ends with `problems: N`."""

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

# An independent reader of dates as each region writes them (day before month everywhere here).
_MONTHS = {
    **{m: i + 1 for i, m in enumerate(
        ["januar", "februar", "märz", "april", "mai", "juni", "juli", "august", "september", "oktober", "november", "dezember"])},
    **{m: i + 1 for i, m in enumerate(["jan", "feb", "mrz", "apr", "mai", "jun", "jul", "aug", "sep", "okt", "nov", "dez"])},
    "mär": 3, "sept": 9, "maerz": 3,
    **{m: i + 1 for i, m in enumerate(
        ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december"])},
    **{m: i + 1 for i, m in enumerate(["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"])},
    **{m: i + 1 for i, m in enumerate(
        ["januari", "februari", "maart", "april", "mei", "juni", "juli", "augustus", "september", "oktober", "november", "december"])},
    **{m: i + 1 for i, m in enumerate(
        ["stycznia", "lutego", "marca", "kwietnia", "maja", "czerwca", "lipca", "sierpnia", "września", "października", "listopada", "grudnia"])},
    **{m: i + 1 for i, m in enumerate(
        ["ledna", "února", "března", "dubna", "května", "června", "července", "srpna", "září", "října", "listopadu", "prosince"])},
}  # fmt: skip
_MON = "|".join(sorted(_MONTHS, key=len, reverse=True))
_PATTERNS = [
    ("dmy", re.compile(r"(?<![\d.])(\d{1,2})\.\s?(\d{1,2})\.\s?(\d{4}|\d{2})(?![\d])")),
    ("iso", re.compile(r"(?<!\d)(\d{4})-(\d{2})-(\d{2})(?!\d)")),
    ("dmy", re.compile(r"(?<!\d)(\d{1,2})[/-](\d{1,2})[/-](\d{4})(?!\d)")),
    ("dnamey", re.compile(rf"(?<!\d)(\d{{1,2}})\.?[\s-]+({_MON})\.?[\s-]+(\d{{4}})(?!\d)", re.I)),
    ("named_y", re.compile(rf"\b({_MON})-(\d{{1,2}})-(\d{{4}})(?!\d)", re.I)),
]


def dates_in(text: str) -> list[dt.date]:
    found: list[tuple[int, dt.date]] = []
    taken: list[tuple[int, int]] = []
    for kind, rx in _PATTERNS:
        for m in rx.finditer(text):
            if any(a < m.end() and m.start() < b for a, b in taken):
                continue
            g = m.groups()
            try:
                if kind == "iso":
                    y, mo, d = int(g[0]), int(g[1]), int(g[2])
                elif kind == "dmy":
                    d, mo, y = int(g[0]), int(g[1]), int(g[2])
                elif kind == "dnamey":
                    d, mo, y = int(g[0]), _MONTHS[g[1].lower()], int(g[2])
                else:
                    mo, d, y = _MONTHS[g[0].lower()], int(g[1]), int(g[2])
                if y < 100:
                    y += 2000 if y <= 30 else 1900
                found.append((m.start(), dt.date(y, mo, d)))
                taken.append((m.start(), m.end()))
            except (ValueError, KeyError):
                continue
    return [d for _, d in sorted(found)]


def _sha(files: dict[str, bytes]) -> str:
    h = hashlib.sha256()
    for k in sorted(files):
        h.update(k.encode() + b"\0" + hashlib.sha256(files[k]).digest())
    return h.hexdigest()


def digest() -> str:
    h = hashlib.sha256()
    for name in ("test", "examples"):
        for letter in letters.split(name):
            files: dict[str, bytes] = {}
            for c in letter.conditions():
                files.update(letter.render(c))
            h.update(_sha(files).encode())
            h.update(json.dumps(letter.truth(), sort_keys=True, ensure_ascii=False).encode())
    return h.hexdigest()


def check_letter(letter: letters.Letter, own: list[str], problems: list[str]) -> str:
    t = letter.truth()
    f = t["facts"]
    lid = letter.id

    def bad(msg: str) -> None:
        problems.append(f"{lid}: {msg}")

    files: dict[str, bytes] = {}
    for cond in letter.conditions():
        files.update(letter.render(cond))
    if set(t["conditions"]) != set(letter.conditions()):
        bad("conditions differ from truth")
    main = t["conditions"]["scan200"]["pages"]
    page_texts = [sh.text() for sh in letter.draft.sheets]
    for n, pg in enumerate(main):
        if not pg["text"].endswith(page_texts[n]):
            bad(f"scan page {n + 1} text is not the sheet's")
    alltext = "\n".join(page_texts)
    # truth values on the pages
    pat = f["patient"]
    if pat["as_written"] not in page_texts[0]:
        bad(f"as_written {pat['as_written']!r} not on page 1")
    for tok in pat["full_name_as_letter"].split(" "):
        if tok.lower() not in alltext.lower():
            bad(f"name token {tok!r} not printed")
    if f["sender"] not in alltext:
        bad("sender not printed")
    if f["title"] is not None and f["title"] not in alltext:
        bad("title not printed")
    if f["patient_id"] is not None and f["patient_id"] not in alltext:
        bad("patient id not printed")
    for person in f["other_people"]:
        if person["name"] not in alltext:
            bad(f"other person {person['name']!r} not printed")
    if f["sender"] in own or any(n in f["sender"] for n in own):
        bad("receiving practice is the sender")
    reg = t["register"]
    if pat["register_id"] is not None:
        pt = {p.id: p for p in letters._register()}.get(pat["register_id"])
        if pt is None or pt.given_names + " " + pt.surname != pat["full_name"]:
            bad("register patient mismatch")
        elif f["birth_date"] and f["birth_date"] != pt.birth_date.isoformat():
            bad("birth date differs from register")
        if reg is None or reg["id"] != pat["register_id"]:
            bad("register block mismatch")
    # dates: all printed dates read back to truth, all truth dates printed
    truth_dates = {d["date"] for d in f["other_dates"]}
    for key in ("birth_date", "letter_date"):
        if f[key]:
            truth_dates.add(f[key])
    printed = {d.isoformat() for tx in page_texts for d in dates_in(tx)}
    if printed - truth_dates:
        bad(f"printed dates outside truth: {sorted(printed - truth_dates)}")
    if truth_dates - printed:
        bad(f"truth dates not printed: {sorted(truth_dates - printed)}")
    sent = dt.datetime.strptime(t["fax"]["sent"], "%Y-%m-%dT%H:%M")
    if f["letter_date"] and sent.date() <= dt.date.fromisoformat(f["letter_date"]):
        bad("fax sent before the letter's date")
    # scan
    stamp = t.get("receipt_stamp")
    for pg in t["conditions"]["scan200"]["pages"]:
        img = Image.open(io.BytesIO(files[pg["file"]]))
        if img.format != "JPEG" or img.mode != "L" or round(img.info.get("dpi", (0, 0))[0]) != 200:
            bad(f"{pg['file']} not a 200 dpi greyscale JPEG")
        extra = {d.isoformat() for d in dates_in(pg["text"])} - truth_dates
        if extra and extra != ({stamp} if stamp else set()):
            bad(f"{pg['file']} dates {extra}")
    if stamp and stamp == f["letter_date"]:
        bad("stamp date equals letter date")
    # fax
    fpages = t["conditions"]["fax"]["pages"]
    if len(fpages) != len(main) + (1 if t["fax"]["cover_sheet"] else 0):
        bad("fax page count")
    for n, pg in enumerate(fpages, 1):
        img = Image.open(io.BytesIO(files[pg["file"]]))
        want_dpi = (204, 196) if t["fax"]["resolution"] == "204x196" else (204, 98)
        dpi = tuple(round(v) for v in img.info.get("dpi", (0, 0)))
        if img.format != "TIFF" or img.mode != "1" or img.size[0] != 1728 or dpi != want_dpi:
            bad(f"{pg['file']} format {img.format} {img.mode} {img.size} {dpi}")
        if img.info.get("compression") not in ("group3", "group4"):
            bad(f"{pg['file']} compression")
        head = pg["text"].split("\n", 1)[0]
        hd = dates_in(head)
        if hd != [sent.date()]:
            bad(f"fax header date {hd} on page {n}")
        if t["fax"]["number"] not in head or not re.search(
            rf"\b0*{n}\s*(/|von)\s*0*{len(fpages)}\b", head
        ):
            bad(f"fax header {head!r}")
        body = pg["text"].split("\n", 1)[1]
        others = {d.isoformat() for d in dates_in(body)} - truth_dates
        if others and not (pg["page"] == "cover" and others == {sent.date().isoformat()}):
            bad(f"fax page {n} dates {others}")
    # pdf text layer and lines inside the sheet
    if "pdf" in t["conditions"]:
        doc = pymupdf.open("pdf", files["pdf/letter.pdf"])
        if doc.page_count != len(main):
            bad("pdf page count")
        for pg in t["conditions"]["pdf"]["pages"]:
            page = doc[pg["pdf_page"] - 1]
            got = page.get_text().rstrip("\n")
            if got != pg["text"]:
                bad(f"pdf text layer differs on {pg['page']}")
            for b in page.get_text("dict")["blocks"]:
                x0, y0, x1, y1 = b["bbox"]
                if x0 < 18 or y0 < 18 or x1 > page.rect.width - 18 or y1 > page.rect.height - 18:
                    bad(f"line outside the sheet on {pg['page']}")
    for sh in letter.draft.sheets:
        for ln in sh.lines:
            from .render import H, W, width

            if ln.x < 18 or ln.x + width(ln.text, ln.font, ln.size) > W - 18 or ln.y > H - 18:
                bad(f"line outside the sheet: {ln.text!r}")
    fax_head_w = max(len(pg["text"].split("\n", 1)[0]) for pg in fpages)
    if fax_head_w > 120:
        bad("fax header too long")
    return _sha(files)


def check_register(problems: list[str]) -> None:
    pts = register.build()
    if len(pts) < 300:
        problems.append("register smaller than 300")
    if [p.id for p in register.build()] != [p.id for p in pts]:
        problems.append("register not deterministic")
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        register.write_all(pts, folder)
        rows = list(csv.DictReader((folder / "patients.csv").open(encoding="utf-8")))
        bundle = json.loads((folder / "patients.bundle.json").read_text(encoding="utf-8"))
        nd = [
            json.loads(x)
            for x in (folder / "patients.ndjson").read_text(encoding="utf-8").splitlines()
        ]
        if bundle["type"] != "collection" or [e["resource"] for e in bundle["entry"]] != nd:
            problems.append("bundle and ndjson differ")
        if len(rows) != len(pts) or len(nd) != len(pts):
            problems.append("export sizes differ")
        for row, res in zip(rows, nd, strict=False):
            off = next(n for n in res["name"] if n["use"] == "official")
            if (
                res["identifier"][0]["value"] != row["id"]
                or off["family"] != row["surname"]
                or " ".join(off["given"]) != row["given_names"]
                or res["birthDate"] != row["birth_date"]
                or ";".join(n["family"] for n in res["name"] if n["use"] == "old")
                != row["former_names"]
            ):
                problems.append(f"csv/fhir differ for {row['id']}")
            raw = (folder / "gdt" / f"{row['id']}.gdt").read_bytes()
            fields: dict[str, str] = {}
            for line in raw.split(b"\r\n")[:-1]:
                if int(line[:3]) != len(line) + 2:
                    problems.append(f"gdt line length {row['id']}")
                fields[line[3:7].decode()] = line[7:].decode("latin-1")
            if fields.get("8000") != "6301" or int(fields.get("8100", "0")) != len(raw):
                problems.append(f"gdt header {row['id']}")
            bd = dt.date.fromisoformat(row["birth_date"]).strftime("%d%m%Y")
            if (
                fields.get("3000") != row["id"]
                or fields.get("3101") != register.latin1(row["surname"])
                or fields.get("3102") != register.latin1(row["given_names"])
                or fields.get("3103") != bd
                or fields.get("3110") != ("1" if row["sex"] == "m" else "2")
            ):
                problems.append(f"gdt/csv differ for {row['id']}")
    groups: dict[str, int] = {}
    for p in pts:
        if p.collision_group and p.collision != "name-change":
            groups[p.collision_group] = groups.get(p.collision_group, 0) + 1
    if any(n < 2 for n in groups.values()):
        problems.append("a collision group with one member")


def main() -> int:
    problems: list[str] = []
    env = dict(os.environ, PYTHONHASHSEED="4711")
    root = Path(__file__).resolve().parents[2]
    other_run = subprocess.Popen(
        [sys.executable, "-c", "from bench.heldout50aj.check import digest; print(digest())"],
        cwd=root, env=env, stdout=subprocess.PIPE, text=True,
    )  # fmt: skip
    own = [n for p in letters.practice_names() for n in p["names"]]
    h = hashlib.sha256()
    for name, count in (("test", 40), ("examples", 6)):
        ls = letters.split(name)
        if len(ls) != count:
            problems.append(f"{name}: {len(ls)} letters")
        for letter in ls:
            h.update(check_letter(letter, own, problems).encode())
            h.update(json.dumps(letter.truth(), sort_keys=True, ensure_ascii=False).encode())
    first = h.hexdigest()
    try:
        letters.split("nope")
        problems.append("unknown split accepted")
    except ValueError:
        pass
    check_register(problems)
    here = digest()  # a second rendering in this interpreter
    if here != first:
        problems.append("not deterministic in one interpreter")
    other = (other_run.communicate()[0] or "").strip()
    if other != here:
        problems.append("another interpreter (PYTHONHASHSEED=4711) gives other bytes")
    for p in problems:
        print(p)
    print(f"problems: {len(problems)}")
    return 0 if not problems else 1


if __name__ == "__main__":
    sys.exit(main())
