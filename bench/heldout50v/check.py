"""python -m bench.heldout50v.check: verifies the set against its own truth; prints problems: N.

The date parser here is written apart from the generator's formatter (world.fmt): it reads
printed dates by the conventions of each language with its own month tables.
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

import pymupdf
from PIL import Image

from . import register, render
from .letters import Letter, practice_names, split

# month words by their leading letters, per language ---------------------------------------
MONTH_STEMS: dict[str, list[tuple[str, int]]] = {
    "de": [
        ("jan", 1),
        ("feb", 2),
        ("mär", 3),
        ("mrz", 3),
        ("apr", 4),
        ("mai", 5),
        ("jun", 6),
        ("jul", 7),
        ("aug", 8),
        ("sep", 9),
        ("okt", 10),
        ("nov", 11),
        ("dez", 12),
    ],
    "pl": [
        ("stycz", 1),
        ("lut", 2),
        ("marc", 3),
        ("kwiet", 4),
        ("maj", 5),
        ("czerw", 6),
        ("lip", 7),
        ("sierp", 8),
        ("wrze", 9),
        ("paźdz", 10),
        ("listop", 11),
        ("grud", 12),
    ],
    "sv": [
        ("jan", 1),
        ("feb", 2),
        ("mar", 3),
        ("apr", 4),
        ("maj", 5),
        ("jun", 6),
        ("jul", 7),
        ("aug", 8),
        ("sep", 9),
        ("okt", 10),
        ("nov", 11),
        ("dec", 12),
    ],
    "da": [
        ("jan", 1),
        ("feb", 2),
        ("mar", 3),
        ("apr", 4),
        ("maj", 5),
        ("jun", 6),
        ("jul", 7),
        ("aug", 8),
        ("sep", 9),
        ("okt", 10),
        ("nov", 11),
        ("dec", 12),
    ],
    "et": [
        ("jaan", 1),
        ("veebr", 2),
        ("märts", 3),
        ("apr", 4),
        ("mai", 5),
        ("juun", 6),
        ("juul", 7),
        ("aug", 8),
        ("sept", 9),
        ("okt", 10),
        ("nov", 11),
        ("dets", 12),
    ],
    "lv": [
        ("janv", 1),
        ("febr", 2),
        ("mart", 3),
        ("apr", 4),
        ("maij", 5),
        ("jūn", 6),
        ("jūl", 7),
        ("aug", 8),
        ("sept", 9),
        ("okt", 10),
        ("nov", 11),
        ("dec", 12),
    ],
    "ru": [
        ("январ", 1),
        ("феврал", 2),
        ("март", 3),
        ("апрел", 4),
        ("ма", 5),
        ("июн", 6),
        ("июл", 7),
        ("август", 8),
        ("сентябр", 9),
        ("октябр", 10),
        ("ноябр", 11),
        ("декабр", 12),
    ],
    "en": [
        ("jan", 1),
        ("feb", 2),
        ("mar", 3),
        ("apr", 4),
        ("may", 5),
        ("jun", 6),
        ("jul", 7),
        ("aug", 8),
        ("sep", 9),
        ("oct", 10),
        ("nov", 11),
        ("dec", 12),
    ],
}


def _month(word: str, conv: str) -> int:
    w = word.lower().rstrip(".")
    for stem, n in MONTH_STEMS.get(conv, MONTH_STEMS["de"]):
        if w.startswith(stem):
            return n
    raise ValueError(f"no month {word!r} ({conv})")


def _year(y: str) -> int:
    n = int(y)
    if len(y) == 2:
        return 1900 + n if n > 30 else 2000 + n
    return n


def parse_date(s: str, conv: str) -> dt.date:
    """Read one printed date by the convention of its language (day before month)."""
    s = s.strip()
    m = re.fullmatch(r"(\d{4})-(\d{1,2})-(\d{1,2})", s)
    if m:
        return dt.date(int(m[1]), int(m[2]), int(m[3]))
    m = re.fullmatch(r"(\d{1,2})[./](\d{1,2})[./](\d{4}|\d{2})", s)
    if m:
        return dt.date(_year(m[3]), int(m[2]), int(m[1]))
    m = re.fullmatch(r"ngày (\d{1,2}) tháng (\d{1,2}) năm (\d{4})", s)
    if m and conv == "vi":
        return dt.date(int(m[3]), int(m[2]), int(m[1]))
    m = re.fullmatch(r"(\d{4})\. gada (\d{1,2})\. (\S+)", s)
    if m and conv == "lv":
        return dt.date(int(m[1]), _month(m[3], conv), int(m[2]))
    m = re.fullmatch(r"(\d{1,2})\.? (\S+) (\d{4})", s)
    if m:
        return dt.date(int(m[3]), _month(m[2], conv), int(m[1]))
    m = re.fullmatch(r"(\d{1,2})-([A-Z]{3})-(\d{4})", s)
    if m:
        return dt.date(int(m[3]), _month(m[2], "en"), int(m[1]))
    raise ValueError(f"unreadable date {s!r} ({conv})")


NUMERIC = [
    (re.compile(r"(?<![\d.])(\d{1,2})\.(\d{1,2})\.(\d{4})(?!\d)"), "dmy"),
    (re.compile(r"(?<![\d-])(\d{4})-(\d{2})-(\d{2})(?![\d-])"), "ymd"),
    (re.compile(r"(?<![\d/])(\d{2})/(\d{2})/(\d{4})(?!\d)"), "dmy"),
]


def numeric_dates(text: str) -> list[dt.date]:
    out = []
    for rx, order in NUMERIC:
        for m in rx.finditer(text):
            a, b, c = int(m[1]), int(m[2]), int(m[3])
            out.append(dt.date(c, b, a) if order == "dmy" else dt.date(a, b, c))
    return out


FAX_HEADERS = [
    re.compile(r"^(\d{2}\.\d{2}\.\d{4}) (\d{2}):(\d{2}) Fax (.+?) S\. (\d+)/(\d+)$"),
    re.compile(r"^(\d{2}-[A-Z]{3}-\d{4}) (\d{2}):(\d{2}) FROM (.+?) P\.(\d{3})/(\d{3})$"),
    re.compile(r"^(\d{4}-\d{2}-\d{2}) (\d{2}):(\d{2}) (.+?) -> .+ p (\d+)/(\d+)$"),
]


def pdf_rows(page: pymupdf.Page) -> tuple[list[str], list[tuple[float, float, float, float]]]:
    """The page's text layer as rows: spans grouped by baseline, left to right."""
    spans: list[tuple[float, float, str]] = []
    boxes = []
    for block in page.get_text("dict")["blocks"]:
        for line in block.get("lines", []):
            for sp in line["spans"]:
                if sp["text"].strip():
                    spans.append((round(sp["origin"][1], 1), sp["origin"][0], sp["text"]))
                    boxes.append(tuple(sp["bbox"]))
    rows: dict[float, list[tuple[float, str]]] = {}
    for y, x, t in spans:
        key = next((k for k in rows if abs(k - y) < 0.6), y)
        rows.setdefault(key, []).append((x, t))
    out = [" ".join(" ".join(t for _, t in sorted(rows[k])).split()) for k in sorted(rows)]
    return out, boxes


RENDERED: dict[str, dict[str, dict[str, bytes]]] = {}


def digest(letters: list[Letter], cache: bool = False) -> str:
    h = hashlib.sha256()
    for lt in letters:
        h.update(json.dumps(lt.truth(), ensure_ascii=False, sort_keys=True).encode())
        for cond in lt.conditions():
            got = RENDERED[lt.id][cond] if cache else lt.render(cond)
            for rel, data in sorted(got.items()):
                h.update(rel.encode())
                h.update(hashlib.sha256(data).digest())
    return h.hexdigest()


def _all() -> list[Letter]:
    return split("test") + split("examples")


def check_register(problems: list[str]) -> dict[str, register.Patient]:
    pats = register.build()
    if len(pats) < 300:
        problems.append(f"register has {len(pats)} patients")
    ids = [p.id for p in pats]
    if len(set(ids)) != len(ids):
        problems.append("register ids not unique")
    groups: dict[str, list[register.Patient]] = {}
    for p in pats:
        if p.collision_group:
            groups.setdefault(p.collision_group, []).append(p)
    kinds = {p.collision for p in pats if p.collision}
    for k in ("same_name_same_birth", "twins", "name_change", "umlaut_spelling", "namesake"):
        if k not in kinds:
            problems.append(f"register lacks collision kind {k}")
    for g, members in groups.items():
        if len(members) < 2:
            problems.append(f"collision group {g} has one member")
    with tempfile.TemporaryDirectory() as tmp:
        register.write_all(pats, tmp)
        folder = Path(tmp)
        with open(folder / "patients.csv", encoding="utf-8", newline="") as fh:
            rows = list(csv.DictReader(fh))
        bundle = json.loads((folder / "patients.bundle.json").read_text(encoding="utf-8"))
        nd = [
            json.loads(x)
            for x in (folder / "patients.ndjson").read_text(encoding="utf-8").splitlines()
        ]
        if bundle.get("resourceType") != "Bundle" or bundle.get("type") != "collection":
            problems.append("bundle type")
        res = [e["resource"] for e in bundle["entry"]]
        if res != nd:
            problems.append("bundle and ndjson differ")
        if len(rows) != len(pats) or len(res) != len(pats):
            problems.append("export sizes differ")
        for p, row, r in zip(pats, rows, res, strict=False):
            want = {
                "id": p.id,
                "surname": p.surname,
                "given_names": p.given_names,
                "birth_date": p.birth_date,
                "birth_name": p.birth_name,
                "former_names": ";".join(p.former_names),
                "title": p.title,
            }
            for k, v in want.items():
                if row[k] != v:
                    problems.append(f"csv {p.id} {k}")
            off = next(n for n in r["name"] if n["use"] == "official")
            if (
                r["identifier"][0]["value"],
                off["family"],
                " ".join(off["given"]),
                r["birthDate"],
            ) != (row["id"], row["surname"], row["given_names"], row["birth_date"]):
                problems.append(f"fhir {p.id} differs from csv")
            if row["birth_name"] and not any(
                n["use"] == "maiden" and n["family"] == row["birth_name"] for n in r["name"]
            ):
                problems.append(f"fhir {p.id} maiden name")
            if row["title"] and off.get("prefix") != row["title"].split(" "):
                problems.append(f"fhir {p.id} prefix")
            raw = (folder / "gdt" / f"{p.id}.gdt").read_bytes()
            fields: dict[str, str] = {}
            pos = 0
            while pos < len(raw):
                ln = int(raw[pos : pos + 3])
                line = raw[pos : pos + ln]
                if not line.endswith(b"\r\n") or len(line) != ln:
                    problems.append(f"gdt {p.id} line length")
                    break
                fields[line[3:7].decode()] = line[7:-2].decode("latin-1")
                pos += ln
            if fields.get("8000") != "6301" or int(fields.get("8100", "0")) != len(raw):
                problems.append(f"gdt {p.id} header/length")
            bd = row["birth_date"]
            latin = row["surname"].encode("latin-1", errors="replace").decode("latin-1")
            if (fields.get("3000"), fields.get("3101"), fields.get("3103")) != (
                row["id"],
                latin,
                bd[8:] + bd[5:7] + bd[:4],
            ):
                problems.append(f"gdt {p.id} differs from csv")
            if fields.get("3110") != ("1" if row["sex"] == "M" else "2"):
                problems.append(f"gdt {p.id} sex")
    return {p.id: p for p in pats}


def check_letter(
    lt: Letter, reg: dict[str, register.Patient], own: list[str], problems: list[str]
) -> None:
    t = lt.truth()
    f = t["facts"]
    pid = lt.id
    conds = t["conditions"]
    if lt.conditions() != list(conds):
        problems.append(f"{pid}: conditions")
    first = conds["pdf" if "pdf" in conds else "scan200"]["pages"]
    p1 = first[0]["text"]
    everything = "\n".join(pg["text"] for c in conds.values() for pg in c["pages"])
    letter_text = "\n".join(pg["text"] for pg in first)
    pat = f["patient"]
    if not pat["as_written"] or pat["as_written"] not in p1:
        problems.append(f"{pid}: as_written not on page 1: {pat['as_written']!r}")
    rid = pat["register_id"]
    if rid is not None:
        rp = reg.get(rid)
        if rp is None or (rp.surname, rp.given_names) != (pat["surname"], pat["given_names"]):
            problems.append(f"{pid}: register id {rid} does not match")
        elif pat["full_name"] != f"{rp.given_names} {rp.surname}":
            problems.append(f"{pid}: full_name")
        if f["birth_date"] is not None and rp is not None and f["birth_date"] != rp.birth_date:
            problems.append(f"{pid}: birth date differs from register")
    else:
        if any(
            (p.surname, p.given_names, p.birth_date)
            == (pat["surname"], pat["given_names"], lt.ctx.patient.birth_date)
            for p in reg.values()
        ):
            problems.append(f"{pid}: outsider is in the register")
        if t["register"] is not None:
            problems.append(f"{pid}: register block for an outsider")
    if f["patient_id"] is not None and f["patient_id"] not in letter_text:
        problems.append(f"{pid}: patient_id not printed")
    if f["sender"] not in letter_text:
        problems.append(f"{pid}: sender not printed: {f['sender']!r}")
    for alt in f["sender_alternatives"] + [f["sender"]]:
        for name in own:
            if name in alt or alt in name:
                problems.append(f"{pid}: receiving practice as sender ({alt!r})")
    if f["title"] is not None and f["title"] not in letter_text:
        problems.append(f"{pid}: title not printed: {f['title']!r}")
    # dates -----------------------------------------------------------------------------
    readback: set[str] = set()
    for iso, printed, conv in lt.date_prints():
        try:
            got = parse_date(printed, conv).isoformat()
        except ValueError as e:
            problems.append(f"{pid}: {e}")
            continue
        if got != iso:
            problems.append(f"{pid}: {printed!r} reads {got}, truth {iso}")
        if printed not in letter_text:
            problems.append(f"{pid}: printed date {printed!r} not on the pages")
        readback.add(got)
    truth_dates = {d["date"] for d in f["other_dates"]}
    if f["birth_date"]:
        truth_dates.add(f["birth_date"])
        if f["birth_date"] not in readback:
            problems.append(f"{pid}: birth date not printed")
    if f["letter_date"]:
        truth_dates.add(f["letter_date"])
        if f["letter_date"] not in readback:
            problems.append(f"{pid}: letter date not printed")
    elif not t["handwritten"]:
        problems.append(f"{pid}: undated but not a note")
    for d in f["other_dates"]:
        if d["date"] not in readback and not d["role"].startswith("receipt stamp"):
            problems.append(f"{pid}: other date {d} not printed")
    sent = dt.datetime.fromisoformat(t["fax"]["sent"])
    allowed = truth_dates | {sent.date().isoformat()}
    for d in numeric_dates(everything):
        if d.isoformat() not in allowed:
            problems.append(f"{pid}: a printed date {d} is not in the truth")
    if f["letter_date"] and sent.date() <= dt.date.fromisoformat(f["letter_date"]):
        problems.append(f"{pid}: fax sent before the letter")
    # pages of every condition --------------------------------------------------------------
    for cond, block in conds.items():
        pages = lt._pages(cond)
        model, rendered = lt.render_with_model(cond)
        RENDERED.setdefault(lt.id, {})[cond] = rendered
        if [pg.text() for pg in pages] != [x["text"] for x in block["pages"]]:
            problems.append(f"{pid}/{cond}: truth text differs from the page model")
        drawn = pymupdf.open(stream=model, filetype="pdf")
        for i, page in enumerate(drawn):
            rows, boxes = pdf_rows(page)
            if rows != block["pages"][i]["text"].split("\n"):
                problems.append(f"{pid}/{cond} page {i + 1}: drawn text differs from the truth")
            for x0, y0, x1, y1 in boxes:
                if x0 < 10 or y0 < 8 or x1 > render.W - 10 or y1 > render.H - 8:
                    problems.append(f"{pid}/{cond} page {i + 1}: a line leaves the sheet")
            ordered = sorted(boxes)
            for a in range(len(ordered)):
                for b in range(a + 1, len(ordered)):
                    A, B = ordered[a], ordered[b]
                    if B[0] >= A[2]:
                        break
                    if (
                        min(A[3], B[3]) - max(A[1], B[1]) > 2.5
                        and min(A[2], B[2]) - max(A[0], B[0]) > 1
                    ):
                        problems.append(f"{pid}/{cond} page {i + 1}: overlapping text")
        if cond == "pdf":
            doc = pymupdf.open(stream=rendered["pdf/letter.pdf"], filetype="pdf")
            if doc.page_count != len(block["pages"]):
                problems.append(f"{pid}: pdf page count")
            for i, page in enumerate(doc):
                rows, _ = pdf_rows(page)
                if "\n".join(rows) != block["pages"][i]["text"]:
                    problems.append(f"{pid}: pdf text layer differs on page {i + 1}")
            continue
        files = sorted(rendered)
        if files != [x["file"] for x in block["pages"]]:
            problems.append(f"{pid}/{cond}: files {files}")
        for i, name in enumerate(files):
            im = Image.open(io.BytesIO(rendered[name]))
            if cond == "scan200":
                if (
                    im.format != "JPEG"
                    or im.mode != "L"
                    or tuple(round(v) for v in im.info.get("dpi", (0, 0))) != (200, 200)
                ):
                    problems.append(f"{pid}: {name} not a 200 dpi grey JPEG")
                if abs(im.size[0] - 1654) > 3 or abs(im.size[1] - 2339) > 3:
                    problems.append(f"{pid}: {name} size {im.size}")
            else:
                dpi = tuple(round(v) for v in im.info.get("dpi", (0, 0)))
                want = t["fax"]["resolution"]
                if (
                    im.format != "TIFF"
                    or im.mode != "1"
                    or im.size[0] != 1728
                    or f"{dpi[0]}x{dpi[1]}" != want
                ):
                    problems.append(f"{pid}: {name} not a fax TIFF ({im.mode} {im.size} {dpi})")
                if im.info.get("compression") not in ("group3", "group4"):
                    problems.append(f"{pid}: {name} compression {im.info.get('compression')}")
                head = block["pages"][i]["text"].split("\n")[0]
                for rx in FAX_HEADERS:
                    m = rx.match(head)
                    if m:
                        break
                if not m:
                    problems.append(f"{pid}: fax page {i + 1} has no header: {head!r}")
                    continue
                when = parse_date(m[1], "en" if "-" in m[1] and m[1][2] == "-" else "de")
                if when != sent.date() or (int(m[2]), int(m[3])) != (sent.hour, sent.minute):
                    problems.append(f"{pid}: fax header date {m[1]}")
                if (int(m[5]), int(m[6])) != (i + 1, len(files)):
                    problems.append(f"{pid}: fax header page count {head!r}")
                if m[4].strip() != t["fax"]["number"] and not m[4].startswith(
                    t["fax"]["number"] + " "
                ):
                    problems.append(f"{pid}: fax header number {head!r}")
        if cond == "fax":
            labels = [x["page"] for x in block["pages"]]
            if t["fax"]["cover_sheet"] != (labels[0] == "cover"):
                problems.append(f"{pid}: cover sheet flag")
            if t["fax"]["cover_sheet"] and "TELEFAX" not in block["pages"][0]["text"]:
                problems.append(f"{pid}: cover sheet without TELEFAX")


def main() -> None:
    problems: list[str] = []
    env = dict(os.environ, PYTHONHASHSEED="4711")
    code = "from bench.heldout50v.check import digest, _all; print(digest(_all()))"
    root = Path(__file__).resolve().parents[2]
    proc = subprocess.Popen(
        [sys.executable, "-c", code], cwd=root, env=env, stdout=subprocess.PIPE, text=True
    )
    try:
        split("train")
        problems.append("split('train') did not raise")
    except ValueError:
        pass
    letters = _all()
    if [len(split("test")), len(split("examples"))] != [40, 6]:
        problems.append("split sizes")
    reg = check_register(problems)
    prs = practice_names()
    if len(prs) != 3:
        problems.append("three practices expected")
    own = [str(n) for p in prs for n in p["names"]]  # type: ignore[attr-defined]
    for lt in letters:
        check_letter(lt, reg, own, problems)
    if not any(lt.truth()["facts"]["patient"]["register_id"] is None for lt in letters):
        problems.append("no letter about a person outside the register")
    if not any(lt.ctx.handwritten for lt in letters):
        problems.append("no handwritten letter")
    mine = digest(letters, cache=True)
    again = digest(split("examples")[:3])
    if again != digest(letters[40:43], cache=True):
        problems.append("not the same bytes twice")
    other = proc.communicate()[0].strip()
    if other != mine:
        problems.append(
            f"another interpreter (PYTHONHASHSEED=4711) gave other bytes: {other[:12]} vs "
            f"{mine[:12]}"
        )
    for p in problems:
        print(p)
    print(f"letters: {len(letters)} digest: {mine[:16]}")
    print(f"problems: {len(problems)}")
    raise SystemExit(0 if not problems else 1)


if __name__ == "__main__":
    main()
