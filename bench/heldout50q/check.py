# ruff: noqa: E501
"""python -m bench.heldout50q.check: the set against its own truth; ends with 'problems: N'."""

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

from . import letters, register
from .render import H, Sheet, W, to_pdf, width

# An independent reader of the region's dates (day first; US month first).
_DE = [
    "januar",
    "februar",
    "märz",
    "april",
    "mai",
    "juni",
    "juli",
    "august",
    "september",
    "oktober",
    "november",
    "dezember",
]
_EN = [
    "january",
    "february",
    "march",
    "april",
    "may",
    "june",
    "july",
    "august",
    "september",
    "october",
    "november",
    "december",
]
_IT = [
    "gennaio",
    "febbraio",
    "marzo",
    "aprile",
    "maggio",
    "giugno",
    "luglio",
    "agosto",
    "settembre",
    "ottobre",
    "novembre",
    "dicembre",
]
_RU = [
    "января",
    "февраля",
    "марта",
    "апреля",
    "мая",
    "июня",
    "июля",
    "августа",
    "сентября",
    "октября",
    "ноября",
    "декабря",
]
_NAMES = {m: i + 1 for lst in (_DE, _EN, _IT, _RU) for i, m in enumerate(lst)}
_RX = [
    ("num", re.compile(r"(?<![\d.])(\d{1,2})\.\s?(\d{1,2})\.\s?(\d{4})(?!\d)")),
    ("slash", re.compile(r"(?<![\d/])(\d{1,2})/(\d{1,2})/(\d{4})(?!\d)")),
    ("word", re.compile(r"(?<!\d)(\d{1,2})\.?»?\s+([^\W\d_]+)\s+(\d{4})(?!\d)")),
    ("vi", re.compile(r"ngày (\d{1,2}) tháng (\d{1,2}) năm (\d{4})")),
]


def read_dates(text: str, region: str) -> list[dt.date]:
    found: list[dt.date] = []
    for kind, rx in _RX:
        for m in rx.finditer(text):
            try:
                if kind == "word":
                    mon = _NAMES.get(m[2].lower())
                    if mon is None:
                        continue
                    found.append(dt.date(int(m[3]), mon, int(m[1])))
                elif kind == "slash" and region == "US":
                    found.append(dt.date(int(m[3]), int(m[1]), int(m[2])))
                else:
                    found.append(dt.date(int(m[3]), int(m[2]), int(m[1])))
            except ValueError:
                found.append(dt.date(1, 1, 1))
    return found


def _flat(s: str) -> str:
    return " ".join(unicodedata.normalize("NFC", s).split())


def pdf_lines(data: bytes) -> list[list[str]]:
    """Each page's lines: spans on one baseline, joined where they touch, in (y, x) order."""
    out: list[list[str]] = []
    doc = pymupdf.open("pdf", data)
    for page in doc:
        spans: list[tuple[float, float, float, float, str]] = []
        for b in page.get_text("dict")["blocks"]:
            for ln in b.get("lines", []):
                for sp in ln["spans"]:
                    if sp["text"]:
                        spans.append(
                            (
                                round(sp["origin"][1], 1),
                                sp["bbox"][0],
                                sp["bbox"][2],
                                sp["size"],
                                sp["text"],
                            )
                        )
        spans.sort()
        lines: list[str] = []
        last: tuple[float, float] | None = None
        for y, x0, x1, size, t in spans:
            if last and abs(last[0] - y) < 0.05 and x0 - last[1] < 0.3 * size:
                lines[-1] += t
            else:
                lines.append(t)
            last = (y, x1)
        out.append([unicodedata.normalize("NFC", s) for s in lines])
    doc.close()
    return out


def _digest(let: letters.Letter, renders: dict[str, dict[str, bytes]]) -> str:
    h = hashlib.sha256(json.dumps(let.truth(), ensure_ascii=False, sort_keys=True).encode())
    for c in let.conditions():
        for rel, data in sorted(renders[c].items()):
            h.update(rel.encode() + data)
    return h.hexdigest()


def _digest_all() -> dict[str, str]:
    out: dict[str, str] = {}
    for name in ("test", "examples"):
        for i, let in enumerate(letters.split(name)):
            if name == "test" and i % 4:
                continue
            out[let.id] = _digest(let, {c: let.render(c) for c in let.conditions()})
    return out


def check_register(problems: list[str]) -> None:
    pats = register.build()
    if len(pats) < 300 or len({p.id for p in pats}) != len(pats):
        problems.append("register: fewer than 300 patients or duplicate ids")
    if [p.id for p in register.build()] != [p.id for p in pats]:
        problems.append("register: not deterministic")
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
            problems.append("register: bundle and ndjson differ")
        for row, res in zip(rows, nd, strict=True):
            off = res["name"][0]
            if (row["id"], row["surname"], row["given_names"], row["birth_date"]) != (
                res["id"],
                off["family"],
                " ".join(off["given"]),
                res["birthDate"],
            ):
                problems.append(f"register: csv and fhir differ for {row['id']}")
            if res["identifier"][0]["value"] != row["id"]:
                problems.append(f"register: identifier {row['id']}")
            raw = (root / "gdt" / f"{row['id']}.gdt").read_bytes()
            fields: dict[str, str] = {}
            for line in raw.split(b"\r\n")[:-1]:
                if int(line[:3]) != len(line) + 2:
                    problems.append(f"register: gdt line length {row['id']}")
                fields[line[3:7].decode()] = line[7:].decode("latin-1")
            if int(fields["8100"]) != len(raw) or fields["8000"] != "6301":
                problems.append(f"register: gdt record length {row['id']}")
            bd = dt.date.fromisoformat(row["birth_date"]).strftime("%d%m%Y")
            want = {
                "3000": row["id"],
                "3101": row["surname"],
                "3102": row["given_names"],
                "3103": bd,
                "3110": "1" if row["sex"] == "M" else "2",
                "3106": f"{row['postcode']} {row['city']}",
                "3107": row["street"],
            }
            if any(fields.get(k) != v for k, v in want.items()):
                problems.append(f"register: gdt and csv differ for {row['id']}")


def check_letter(let: letters.Letter, problems: list[str], own: list[str]) -> str:
    t = let.truth()
    f = t["facts"]
    lid = t["id"]
    err = problems.append
    ld = dt.date.fromisoformat(f["letter_date"]) if f["letter_date"] else None
    allowed = {d for d in (f["birth_date"], f["letter_date"]) if d} | {
        o["date"] for o in f["other_dates"]
    }
    sent = dt.datetime.fromisoformat(t["fax"]["sent"])
    if ld and sent.date() <= ld:
        err(f"{lid}: fax sent before/at the letter date")
    for name in own:
        if name in f["sender"] or f["sender"] in name:
            err(f"{lid}: sender is the receiving practice")
    renders: dict[str, dict[str, bytes]] = {}
    for cond in let.conditions():
        pages = t["conditions"][cond]["pages"]
        files = let.render(cond)
        renders[cond] = files
        texts = [p["text"] for p in pages]
        sheets: list[Sheet] = [sh for _, sh in let._pages(cond)]
        # text layer of what is printed equals the truth (the PDF itself, or the page images' source)
        data = files["pdf/letter.pdf"] if cond == "pdf" else to_pdf(sheets)
        got = pdf_lines(data)
        if ["\n".join(g) for g in got] != texts:
            err(f"{lid}/{cond}: text layer differs from the truth")
        for sh in sheets:
            for it in sh.items:
                x1 = it.x + width(it.font, it.text, it.size)
                if it.x < 14 or x1 > W - 14 or it.y - it.size < 4 or it.y > H - 6:
                    err(f"{lid}/{cond}: line outside the sheet: {it.text[:40]!r}")
        allc = set(allowed)
        if cond == "fax":
            allc.add(sent.date().isoformat())
        if cond == "scan200" and t["receipt_stamp"]:
            d, m, y = t["receipt_stamp"].split(".")
            allc.add(f"{y}-{m}-{d}")
        seen: set[str] = set()
        for i, tx in enumerate(texts):
            for d in read_dates(tx, t["region"]):
                seen.add(d.isoformat())
                if d.isoformat() not in allc:
                    err(f"{lid}/{cond}: page {i + 1} prints a date not in the truth: {d}")
        for key in ("letter_date", "birth_date"):
            if f[key] and f[key] not in seen:
                err(f"{lid}/{cond}: {key} {f[key]} not read back from the pages")
        flat = _flat(" ".join(texts))
        body_pages = [p for p in pages if p["page"] != "cover"]
        if _flat(f["patient"]["as_written"]) not in _flat(body_pages[0]["text"]):
            err(f"{lid}/{cond}: as_written not on page 1")
        for key in ("sender", "title", "patient_id"):
            if f[key] and _flat(f[key]) not in flat:
                err(f"{lid}/{cond}: {key} {f[key]!r} not on the pages")
        for person in f["other_people"]:
            if _flat(person["name"]) not in flat:
                err(f"{lid}/{cond}: other person {person['name']!r} not on the pages")
        if (
            f["patient_id"] is None
            and t["register"]
            and re.search(rf"\b{t['register']['id']}\b", flat)
        ):
            err(f"{lid}/{cond}: practice id printed but truth says null")
        # images
        if cond == "scan200":
            for k in sorted(files):
                im = Image.open(io.BytesIO(files[k]))
                if (
                    im.format != "JPEG"
                    or im.mode != "L"
                    or round(im.info.get("dpi", (0, 0))[0]) != 200
                ):
                    err(f"{lid}: {k} is not a 200 dpi grey JPEG")
        if cond == "fax":
            res = 196 if t["fax"]["resolution"] == "204x196" else 98
            for i, k in enumerate(sorted(files)):
                im = Image.open(io.BytesIO(files[k]))
                comp = im.info.get("compression")
                if (
                    im.format != "TIFF"
                    or im.mode != "1"
                    or im.width != 1728
                    or comp not in ("group3", "group4")
                    or tuple(round(v) for v in im.info.get("dpi", (0, 0))) != (204, res)
                ):
                    err(f"{lid}: {k} is not a G3/G4 fax TIFF 1728 px at 204x{res}")
                head = texts[i].split("\n")[0]
                if (
                    t["fax"]["number"] not in texts[i]
                    or f"S. {i + 1}/{len(files)}" not in texts[i]
                    or sent.strftime("%d.%m.%Y %H:%M") not in head
                ):
                    err(f"{lid}: fax page {i + 1} has no transmission header")
            if (pages[0]["page"] == "cover") != t["fax"]["cover_sheet"]:
                err(f"{lid}: cover sheet flag")
        if len(files) != (1 if cond == "pdf" else len(pages)):
            err(f"{lid}/{cond}: page count")
    if t["handwritten"] == ("pdf" in let.conditions()):
        err(f"{lid}: handwritten letters have no pdf")
    if t["register"] is None and f["patient"]["register_id"] is not None:
        err(f"{lid}: register truth")
    return _digest(let, renders)


def main() -> None:
    problems: list[str] = []
    env = dict(os.environ, PYTHONHASHSEED="4242")
    code = "import json; from bench.heldout50q.check import _digest_all; print(json.dumps(_digest_all()))"
    root = Path(__file__).resolve().parents[2]
    proc = subprocess.Popen(
        [sys.executable, "-c", code], cwd=root, env=env, stdout=subprocess.PIPE, text=True
    )
    own = [n for p in letters.practice_names() for n in p["names"]]
    check_register(problems)
    lets = letters.split("test") + letters.split("examples")
    if len(lets) != 46 or len({x.id for x in lets}) != 46:
        problems.append("splits: wrong sizes")
    try:
        letters.split("nope")
        problems.append("split: unknown name accepted")
    except ValueError:
        pass
    layouts: dict[str, int] = {}
    mine: dict[str, str] = {}
    for let in lets:
        mine[let.id] = check_letter(let, problems, own)
        layouts[let.layout] = layouts.get(let.layout, 0) + 1
    # same bytes twice in this interpreter (a sample), and in another interpreter (a quarter of test, all examples)
    again = letters.split("examples")
    for a, b in zip(letters.split("examples"), again, strict=True):
        for c in a.conditions():
            if a.render(c) != b.render(c):
                problems.append(f"{a.id}/{c}: not deterministic in one interpreter")
    out, _ = proc.communicate(timeout=300)
    theirs = json.loads(out)
    if not theirs or any(mine.get(k) != v for k, v in theirs.items()):
        problems.append(
            "determinism: another interpreter (PYTHONHASHSEED=4242) renders other bytes"
        )
    gen = letters.generate(3, 77)
    if [g.truth()["facts"] for g in gen] != [g.truth()["facts"] for g in letters.generate(3, 77)]:
        problems.append("generate: not deterministic")
    for p in problems:
        print(p)
    print(f"letters: {len(lets)}, layouts: {len(layouts)}")
    print(f"problems: {len(problems)}")
    sys.exit(0 if not problems else 1)


if __name__ == "__main__":
    main()
