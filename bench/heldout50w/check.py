"""Checks the held-out set w against its own truth: `python -m bench.heldout50w.check`.

The date reader here is written apart from the generator: it knows the day-month-year order of
the region (German, Belgian, Dutch, French, Luxembourgish, British, Greek, Moroccan papers), the
year-first order of Japanese papers and ISO dates, and month names of those languages.
"""

from __future__ import annotations

import csv
import datetime as dt
import hashlib
import io
import itertools
import json
import os
import re
import subprocess
import sys
import tempfile
import unicodedata
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import pymupdf
from PIL import Image

from . import letters, paper, register

# ---------------------------------------------------------------- an independent date reader
_MONTHS: dict[str, int] = {}
for _i, _names in enumerate(
    [
        "januar jan janvier januari january ιανουαριου ιαν jän",
        "februar feb fevrier février februari february φεβρουαριου φεβ",
        "märz marz mrz mär mars maart march mar μαρτιου μαρ",
        "april apr avril απριλιου απρ",
        "mai mei may μαιου",
        "juni jun juin june ιουνιου",
        "juli jul juillet july ιουλιου",
        "august aug août aout augustus αυγουστου",
        "september sep sept septembre σεπτεμβριου σεπ",
        "oktober okt oct octobre october οκτωβριου οκτ",
        "november nov novembre νοεμβριου νοε",
        "dezember dez dec décembre decembre december δεκεμβριου δεκ",
    ],
    start=1,
):
    for _n in _names.split():
        _MONTHS[_n] = _i


def _fold(s: str) -> str:
    s = unicodedata.normalize("NFD", s.lower())
    return "".join(ch for ch in s if unicodedata.category(ch) != "Mn")


_MONTHS = {_fold(k): v for k, v in _MONTHS.items()}


def _year(y: str) -> int:
    if len(y) == 4:
        return int(y)
    v = int(y)
    return 2000 + v if v <= 26 else 1900 + v


def _mk(y: int, m: int, d: int) -> dt.date | None:
    try:
        return dt.date(y, m, d)
    except ValueError:
        return None


NUM_PATTERNS = [
    (re.compile(r"(?<![\d.])(\d{1,2})\.(\d{1,2})\.(\d{4}|\d{2})(?![\d])"), "dmy"),
    (re.compile(r"(?<![\d/])(\d{1,2})/(\d{1,2})/(\d{4})(?![\d/])"), "dmy"),
    (re.compile(r"(?<![\d/])(\d{4})/(\d{1,2})/(\d{1,2})(?![\d/])"), "ymd"),
    (re.compile(r"(?<![\d-])(\d{1,2})-(\d{1,2})-(\d{4})(?![\d-])"), "dmy"),
    (re.compile(r"(?<![\d-])(\d{4})-(\d{2})-(\d{2})(?![\d-])"), "ymd"),
]
WORD_PATTERN = re.compile(r"(?<!\d)(\d{1,2})(?:er)?\.?\s+([^\W\d_]+)\.?\s+(\d{4}|\d{2})(?!\d)")


def read_dates(text: str) -> list[dt.date]:
    found: list[dt.date] = []
    for pat, order in NUM_PATTERNS:
        for m in pat.finditer(text):
            a, b, c = m.groups()
            d = _mk(int(a), int(b), int(c)) if order == "ymd" else _mk(_year(c), int(b), int(a))
            if d is not None:
                found.append(d)
    for m in WORD_PATTERN.finditer(text):
        day, month, year = m.groups()
        mon = _MONTHS.get(_fold(month))
        if mon is None:
            continue
        d = _mk(_year(year), mon, int(day))
        if d is not None:
            found.append(d)
    return found


# ---------------------------------------------------------------- rendering checks (in workers)
def _pdf_lines(data: bytes | pymupdf.Document) -> list[str]:
    doc = pymupdf.open("pdf", data) if isinstance(data, bytes) else data
    pages = []
    for pg in doc:
        rows = []
        for block in pg.get_text("dict")["blocks"]:
            for line in block.get("lines", []):
                text = "".join(span["text"] for span in line["spans"])
                rows.append((round(line["spans"][0]["origin"][1], 1), text))
        rows.sort(key=lambda r: r[0])
        pages.append("\n".join(t for _, t in rows))
    doc.close()
    return pages


_SPLITS: dict[str, list[letters.Letter]] = {}


def _split(name: str) -> list[letters.Letter]:
    if name not in _SPLITS:
        _SPLITS[name] = letters.split(name)
    return _SPLITS[name]


def _render_one(args: tuple[str, int]) -> tuple[str, list[str], dict[str, str]]:
    split_name, index = args
    letter = _split(split_name)[index]
    truth = letter.truth()
    problems: list[str] = []
    hashes: dict[str, str] = {}
    lid = letter.id
    for cond in letter.conditions():
        files = letter.render(cond)
        # the same bytes twice in one interpreter (a second interpreter renders all again below)
        if letter.render(cond) != files:
            problems.append(f"{lid} {cond}: two renders differ")
        for name, data in sorted(files.items()):
            hashes[f"{cond}/{name}"] = hashlib.sha256(data).hexdigest()
        tpages = truth["conditions"][cond]["pages"]
        # what is printed on the condition's page is its transcription
        pages = [p for _, p in letter.condition_pages(cond)]
        printed = _pdf_lines(paper.build_doc(pages))
        for tp, pt in zip(tpages, printed, strict=True):
            if tp["text"] != pt:
                problems.append(f"{lid} {cond} {tp['page']}: printed text differs from truth")
        for pname, lines in letter.condition_pages(cond):
            ordered = sorted(lines, key=lambda ln: ln.y)
            for a, b in itertools.pairwise(ordered):
                if b.y - a.y < 0.75 * b.size:
                    problems.append(f"{lid} {cond} {pname}: lines overlap: {b.text[:30]!r}")
            for ln in lines:
                x0, y0, x1, y1 = ln.box()
                if x0 < 8 or y0 < 4 or x1 > paper.PAGE_W - 8 or y1 > paper.PAGE_H - 8:
                    problems.append(f"{lid} {cond}: line outside the sheet: {ln.text[:40]!r}")
        if cond == "pdf":
            data = files["pdf/letter.pdf"]
            got = _pdf_lines(data)
            if len(got) != len(tpages):
                problems.append(f"{lid} pdf: {len(got)} pages, truth {len(tpages)}")
            for tp, gt in zip(tpages, got, strict=False):
                if tp["text"] != gt:
                    problems.append(f"{lid} pdf {tp['page']}: text layer differs from truth")
        else:
            if len(files) != len(tpages):
                problems.append(f"{lid} {cond}: {len(files)} images, truth {len(tpages)}")
            for tp in tpages:
                data = files.get(tp["file"])
                if data is None:
                    problems.append(f"{lid} {cond}: missing {tp['file']}")
                    continue
                img = Image.open(io.BytesIO(data))
                if cond == "scan200":
                    dpi = img.info.get("dpi", (0, 0))
                    if img.format != "JPEG" or img.mode != "L" or round(dpi[0]) != 200:
                        problems.append(
                            f"{lid} scan200 {tp['page']}: {img.format} {img.mode} {dpi}"
                        )
                else:
                    dpi = img.info.get("dpi", (0, 0))
                    comp = img.info.get("compression")
                    want = truth["fax"]["resolution"].split("x")
                    if (
                        img.format != "TIFF"
                        or img.mode != "1"
                        or img.size[0] != 1728
                        or round(dpi[0]) != int(want[0])
                        or round(dpi[1]) != int(want[1])
                        or comp not in ("group3", "group4")
                        or comp != truth["fax"]["compression"]
                    ):
                        problems.append(
                            f"{lid} fax {tp['page']}: {img.format} "
                            f"{img.mode} {img.size} {dpi} {comp}"
                        )
    return lid, problems, hashes


def digest(split_names: tuple[str, ...] = ("test", "examples")) -> str:
    """One hash over every rendered file and truth of the given splits."""
    h = hashlib.sha256()
    for s in split_names:
        for letter in letters.split(s):
            h.update(json.dumps(letter.truth(), sort_keys=True, ensure_ascii=False).encode())
            for cond in letter.conditions():
                for name, data in sorted(letter.render(cond).items()):
                    h.update(name.encode())
                    h.update(hashlib.sha256(data).digest())
    return h.hexdigest()


# ---------------------------------------------------------------- truth checks
def _texts(truth: dict[str, Any]) -> list[str]:
    cond = "pdf" if "pdf" in truth["conditions"] else "scan200"
    return [p["text"] for p in truth["conditions"][cond]["pages"]]


def check_truth(
    truth: dict[str, Any], reg: dict[str, register.Patient], own: list[str]
) -> list[str]:
    pr: list[str] = []
    lid = truth["id"]
    f = truth["facts"]
    texts = _texts(truth)
    allt = "\n".join(texts)
    pat = f["patient"]
    if pat["as_written"] not in texts[0]:
        pr.append(f"{lid}: as_written {pat['as_written']!r} not on page 1")
    for tok in pat["full_name_as_letter"].split():
        if tok.casefold() not in allt.casefold():  # capitals write ß as SS
            pr.append(f"{lid}: name part {tok!r} not on the pages")
    rid = pat["register_id"]
    if rid is not None:
        p = reg.get(rid)
        if p is None or p.given_names != pat["given_names"] or p.surname != pat["surname"]:
            pr.append(f"{lid}: register id {rid} does not match the patient")
        if truth["register"] is None or truth["register"]["id"] != rid:
            pr.append(f"{lid}: register block disagrees")
    if f["sender"] not in allt:
        pr.append(f"{lid}: sender {f['sender']!r} not printed")
    if f["title"] is not None and f["title"] not in allt:
        pr.append(f"{lid}: title {f['title']!r} not printed")
    if f["patient_id"] is not None and (f["patient_id"] not in allt or f["patient_id"] != rid):
        pr.append(f"{lid}: patient_id wrong or not printed")
    for o in own:
        for s in [f["sender"], *f["sender_alternatives"]]:
            if o == s or o in s or s in o:
                pr.append(f"{lid}: sender {s!r} is a receiving practice's name")
    # dates: each truth date is printed and each printed date is in the truth
    printed = read_dates(allt)
    want: dict[str, str] = {}
    if f["letter_date"]:
        want[f["letter_date"]] = "letter_date"
    elif not truth["handwritten"]:
        pr.append(f"{lid}: letter_date null for a typed letter")
    if f["birth_date"]:
        want[f["birth_date"]] = "birth_date"
    for od in f["other_dates"]:
        want[od["date"]] = od["role"]
    got = {d.isoformat() for d in printed}
    for iso, role in want.items():
        if iso not in got:
            pr.append(f"{lid}: {role} {iso} not read back from the pages")
    if "pdf" not in truth["conditions"] and truth["receipt_stamp"]:
        got.discard(truth["receipt_stamp"])  # a scan-only letter: its stamp is checked below
    for iso in sorted(got - set(want)):
        pr.append(f"{lid}: printed date {iso} is in no truth field")
    if rid is not None and f["birth_date"] is None and reg[rid].birth_date in got:
        pr.append(f"{lid}: birth date printed but truth says null")
    # scan: only the receipt stamp adds a date
    for cond, extra in (("scan200", truth["receipt_stamp"]), ("fax", truth["fax"]["sent"][:10])):
        if cond not in truth["conditions"]:
            continue
        ctext = "\n".join(p["text"] for p in truth["conditions"][cond]["pages"])
        cgot = {d.isoformat() for d in read_dates(ctext)}
        allowed = set(want) | ({extra} if extra else set())
        for iso in sorted(cgot - allowed):
            pr.append(f"{lid} {cond}: printed date {iso} unexplained")
        if extra and extra not in cgot:
            pr.append(f"{lid} {cond}: {extra} not read back")
    if truth["receipt_stamp"] and f["letter_date"] and truth["receipt_stamp"] <= f["letter_date"]:
        pr.append(f"{lid}: receipt stamp not after the letter")
    # fax
    fx = truth["fax"]
    sent = dt.datetime.fromisoformat(fx["sent"])
    if f["letter_date"] and sent.date() <= dt.date.fromisoformat(f["letter_date"]):
        pr.append(f"{lid}: fax not sent after the letter date")
    fpages = truth["conditions"]["fax"]["pages"]
    if fx["cover_sheet"] != (fpages[0]["page"] == "cover"):
        pr.append(f"{lid}: cover sheet flag disagrees with the fax pages")
    for i, p in enumerate(fpages):
        first = p["text"].split("\n")[0]
        if not (
            first.startswith(sent.strftime("%d.%m.%Y %H:%M"))
            and fx["number"] in first
            and first.endswith(f"S. {i + 1}/{len(fpages)}")
        ):
            pr.append(f"{lid} fax {p['page']}: header line missing or wrong")
    if truth["handwritten"] == ("pdf" in truth["conditions"]):
        pr.append(f"{lid}: handwritten letters have no pdf, typed ones do")
    return pr


def check_register(patients: list[register.Patient]) -> list[str]:
    pr: list[str] = []
    if len(patients) < 300:
        pr.append(f"register: only {len(patients)} patients")
    ids = [p.id for p in patients]
    if len(set(ids)) != len(ids):
        pr.append("register: duplicate ids")
    kinds = {p.collision for p in patients}
    for k in ("same_name_birth_date", "twin", "name_change", "umlaut_variant", "namesake"):
        if k not in kinds:
            pr.append(f"register: no {k} collision")
    if [p.id for p in register.build()] != ids:
        pr.append("register: build is not deterministic")
    with tempfile.TemporaryDirectory() as tmp:
        register.write_all(patients, tmp)
        root = Path(tmp)
        rows = list(csv.DictReader(io.StringIO((root / "patients.csv").read_text("utf-8"))))
        bundle = json.loads((root / "patients.bundle.json").read_text("utf-8"))
        nd = [json.loads(x) for x in (root / "patients.ndjson").read_text("utf-8").splitlines()]
        if bundle["type"] != "collection" or [e["resource"] for e in bundle["entry"]] != nd:
            pr.append("register: bundle and ndjson differ")
        for p, row, res in zip(patients, rows, nd, strict=True):
            if (
                (row["id"], row["surname"], row["given_names"], row["birth_date"])
                != (p.id, p.surname, p.given_names, p.birth_date)
                or row["former_names"] != ";".join(p.former_names)
                or row["birth_name"] != p.birth_name
            ):
                pr.append(f"register: csv row {p.id} disagrees")
            off = res["name"][0]
            if (
                res["id"] != p.id
                or res["identifier"][0]["value"] != p.id
                or off["family"] != p.surname
                or " ".join(off["given"]) != p.given_names
                or res["birthDate"] != p.birth_date
                or (
                    p.birth_name
                    and not any(
                        n["use"] == "maiden" and n["family"] == p.birth_name for n in res["name"]
                    )
                )
                or (p.title and " ".join(off.get("prefix", [])) != p.title)
            ):
                pr.append(f"register: FHIR {p.id} disagrees")
            raw = (root / "gdt" / f"{p.id}.gdt").read_bytes()
            fields: dict[str, str] = {}
            pos = 0
            while pos < len(raw):
                n = int(raw[pos : pos + 3])
                chunk = raw[pos : pos + n]
                if not chunk.endswith(b"\r\n"):
                    pr.append(f"register: GDT {p.id} bad line length")
                    break
                fields[chunk[3:7].decode()] = chunk[7:-2].decode("latin-1")
                pos += n
            b = dt.date.fromisoformat(p.birth_date)
            if (
                fields.get("8000") != "6301"
                or fields.get("8100") != f"{len(raw):05d}"
                or fields.get("3000") != p.id
                or fields.get("3101") != p.surname.encode("latin-1", "replace").decode("latin-1")
                or fields.get("3103") != b.strftime("%d%m%Y")
                or fields.get("3110") != ("2" if p.sex == "F" else "1")
                or fields.get("3107") != p.street
            ):
                pr.append(f"register: GDT {p.id} disagrees")
    return pr


def main() -> int:
    env = dict(os.environ, PYTHONHASHSEED="4242")
    root = Path(__file__).resolve().parents[2]
    other = subprocess.Popen(
        [sys.executable, "-c", "from bench.heldout50w.check import digest; print(digest())"],
        cwd=root,
        env=env,
        stdout=subprocess.PIPE,
        text=True,
    )
    problems: list[str] = []
    patients = register.build()
    reg = {p.id: p for p in patients}
    problems += check_register(patients)
    own = [n for p in letters.practice_names() for n in p["names"]]
    splits = {"test": letters.split("test"), "examples": letters.split("examples")}
    if len(splits["test"]) != 40 or len(splits["examples"]) != 6:
        problems.append("split sizes are not 40 and 6")
    try:
        letters.split("nope")
        problems.append("unknown split did not raise")
    except ValueError:
        pass
    for ls in splits.values():
        for letter in ls:
            problems += check_truth(letter.truth(), reg, own)
    jobs = [(s, i) for s, ls in splits.items() for i in range(len(ls))]
    h = hashlib.sha256()
    with ProcessPoolExecutor(max_workers=min(16, os.cpu_count() or 2)) as pool:
        results = list(pool.map(_render_one, jobs))
    for _lid, pr, _hs in results:
        problems += pr
    # the same digest as digest(), from the worker hashes
    for (s, i), (_lid, _pr, hs) in zip(jobs, results, strict=True):
        letter = splits[s][i]
        h.update(json.dumps(letter.truth(), sort_keys=True, ensure_ascii=False).encode())
        for cond in letter.conditions():
            for key in sorted(k for k in hs if k.startswith(cond + "/")):
                h.update(key[len(cond) + 1 :].encode())
                h.update(bytes.fromhex(hs[key]))
    out, _ = other.communicate(timeout=300)
    if out.strip() != h.hexdigest():
        problems.append("a second interpreter (PYTHONHASHSEED=4242) renders other bytes")
    n_letters = sum(len(v) for v in splits.values())
    for p in problems:
        print(p)
    print(f"letters: {n_letters}, register: {len(patients)} patients")
    print(f"problems: {len(problems)}")
    return 0 if not problems else 1


if __name__ == "__main__":
    raise SystemExit(main())
