"""Checks set 50o against its own truth; ends with `problems: N`.

python -m bench.heldout50o.check
"""

from __future__ import annotations

import csv
import datetime as dt
import hashlib
import io
import json
import os
import subprocess
import sys
import tempfile
import unicodedata
from pathlib import Path

import pymupdf
from PIL import Image

from . import register
from .dateparse import find_dates
from .layout import PAGE_H, PAGE_W, width_mm
from .letters import Letter, practice_names, split

SPLIT_NAMES = ["test", "examples"]
TRUTH_KEYS = {
    "id",
    "split",
    "seed",
    "layout",
    "language",
    "region",
    "facts",
    "register",
    "notes",
    "handwritten",
    "fax",
    "conditions",
}
FACT_KEYS = {
    "patient",
    "birth_date",
    "letter_date",
    "sender",
    "sender_alternatives",
    "title",
    "title_alternatives",
    "patient_id",
    "other_dates",
    "other_people",
}


def _fold(s: str) -> str:
    d = unicodedata.normalize("NFD", s.casefold())
    return "".join(c for c in d if not unicodedata.combining(c)).replace("ı", "i")


def pdf_page_texts(data: bytes) -> list[str]:
    doc = pymupdf.open("pdf", data)
    out = []
    for i in range(doc.page_count):
        page = doc[i]
        rows = []
        for block in page.get_text("dict")["blocks"]:
            for line in block.get("lines", []):
                spans = line["spans"]
                if not spans:
                    continue
                ox, oy = spans[0]["origin"]
                rows.append((round(oy, 1), round(ox, 1), "".join(s["text"] for s in spans)))
        out.append("\n".join(t for _, _, t in sorted(rows)))
    doc.close()
    return out


def renders(letter: Letter) -> dict[str, dict[str, bytes]]:
    return {cond: letter.render(cond) for cond in letter.conditions()}


def digest_one(letter: Letter, files: dict[str, dict[str, bytes]]) -> dict[str, str]:
    blob = json.dumps(letter.truth(), ensure_ascii=False, sort_keys=True).encode()
    out = {f"{letter.id}/truth.json": hashlib.sha256(blob).hexdigest()}
    for by_name in files.values():
        for name, data in by_name.items():
            out[f"{letter.id}/{name}"] = hashlib.sha256(data).hexdigest()
    return out


def digests(letters: list[Letter]) -> dict[str, str]:
    out: dict[str, str] = {}
    for letter in letters:
        out.update(digest_one(letter, renders(letter)))
    return out


def check_letter(
    letter: Letter,
    own: list[str],
    reg: dict[str, register.Patient],
    rendered: dict[str, dict[str, bytes]],
) -> list[str]:
    probs: list[str] = []
    t = letter.truth()
    lid = letter.id

    def bad(msg: str) -> None:
        probs.append(f"{lid}: {msg}")

    if set(t) != TRUTH_KEYS:
        bad(f"truth keys {sorted(set(t) ^ TRUTH_KEYS)}")
    f = t["facts"]
    if set(f) != FACT_KEYS:
        bad(f"fact keys {sorted(set(f) ^ FACT_KEYS)}")
    conds = letter.conditions()
    if t["handwritten"] and "pdf" in conds:
        bad("a handwritten letter has a pdf")
    if list(t["conditions"]) != conds:
        bad("conditions differ")
    region = t["region"]
    fax_sent = dt.datetime.strptime(t["fax"]["sent"], "%Y-%m-%dT%H:%M")
    letter_date = dt.date.fromisoformat(f["letter_date"]) if f["letter_date"] else None
    birth = dt.date.fromisoformat(f["birth_date"]) if f["birth_date"] else None
    others = [dt.date.fromisoformat(o["date"]) for o in f["other_dates"]]
    content_dates = {d for d in [letter_date, birth, *others] if d}
    if letter_date and fax_sent.date() <= letter_date:
        bad("fax sent not after the letter's date")

    # the sender is never a receiving practice
    s_f = _fold(f["sender"])
    for n in own:
        if _fold(n) in s_f or s_f in _fold(n):
            bad(f"sender {f['sender']!r} is a receiving practice")
    for alt in f["sender_alternatives"]:
        if any(_fold(n) == _fold(alt) for n in own):
            bad(f"sender alternative {alt!r} is a receiving practice")

    # the register
    pat = f["patient"]
    rid = pat["register_id"]
    if rid is not None:
        p = reg.get(rid)
        if p is None:
            bad(f"register id {rid} unknown")
        else:
            if pat["full_name"] != f"{p.given_names} {p.surname}":
                bad("full_name is not the register's")
            if birth and birth != p.birth_date:
                bad("birth date differs from the register's")
            if t["register"]["id"] != rid:
                bad("register block id")
    elif t["register"] is not None:
        bad("register block without a register id")
    if f["patient_id"] is not None and f["patient_id"] != rid:
        bad("patient_id is not the register id")

    for cond in conds:
        pages = t["conditions"][cond]["pages"]
        all_text = "\n".join(pg["text"] for pg in pages)
        letter_pages = [pg for pg in pages if pg["page"] != "cover"]
        p1 = letter_pages[0]["text"]
        if pat["as_written"] not in p1:
            bad(f"{cond}: as_written {pat['as_written']!r} not on page 1")
        ft = _fold(all_text)
        for tok in pat["full_name_as_letter"].split():
            if _fold(tok) not in ft:
                bad(f"{cond}: name token {tok!r} not printed")
        if f["sender"] not in all_text:
            bad(f"{cond}: sender not printed")
        if f["title"] is not None and f["title"] not in all_text:
            bad(f"{cond}: title not printed")
        if f["patient_id"] is not None and f["patient_id"] not in all_text:
            bad(f"{cond}: patient id not printed")
        for o in f["other_people"]:
            if o["name"] not in all_text:
                bad(f"{cond}: other person {o['name']!r} not printed")
        # dates: every printed date reads back to a truth date
        stamp = t["conditions"][cond].get("receipt_stamp")
        allowed = set(content_dates)
        if cond == "fax":
            allowed.add(fax_sent.date())
        if stamp:
            allowed.add(dt.date.fromisoformat(stamp))
        seen_content: set[dt.date] = set()
        for pg in pages:
            lines = pg["text"].split("\n")
            body = lines[1:] if cond == "fax" else lines
            if cond == "fax":
                head = lines[0]
                hd = find_dates(head, "DE")
                if [d for _, d in hd] != [fax_sent.date()]:
                    bad(f"fax header date {head!r}")
                if fax_sent.strftime("%H:%M") not in head:
                    bad("fax header time")
                n = pages.index(pg) + 1
                if f"{n}/{len(pages)}" not in head and f"{n:02d}/{len(pages):02d}" not in head:
                    bad(f"fax header page number {head!r}")
                if t["fax"]["number"] and t["fax"]["number"].replace(" ", "") not in head:
                    bad("fax header sender number")
            for raw, d in find_dates("\n".join(body), region):
                if d is None:
                    bad(f"{cond}: {raw!r} reads as no date")
                elif d not in allowed:
                    bad(f"{cond}: printed date {raw!r} = {d} is no truth date")
                elif pg["page"] != "cover":
                    seen_content.add(d)
        for d in content_dates:
            if d not in seen_content:
                bad(f"{cond}: truth date {d} not printed")
        if stamp and dt.date.fromisoformat(stamp) not in seen_content:
            bad("receipt stamp date not printed")
        # lines inside the sheet, and no two lines on top of each other
        for label, _name, page in letter.pages(cond):
            boxes = []
            for it in page.items:
                w = width_mm(it.text, it.font, it.size)
                if it.x < 5 or it.x + w > PAGE_W - 5 or it.y < 5 or it.y > PAGE_H - 4:
                    bad(f"{cond} {label}: line outside the sheet {it.text[:30]!r}")
                boxes.append((it.x, it.x + w, it.y - it.size * 0.3528 * 0.75, it.y, it.text))
            for i, a in enumerate(boxes):
                for b in boxes[i + 1 :]:
                    if a[0] < b[1] and b[0] < a[1] and a[2] < b[3] and b[2] < a[3]:
                        bad(f"{cond} {label}: lines overlap {a[4][:25]!r} / {b[4][:25]!r}")
        # renderings
        files = rendered[cond]
        if cond == "pdf":
            texts = pdf_page_texts(files["pdf/letter.pdf"])
            want = [pg["text"] for pg in pages]
            if texts != want:
                bad("pdf text layer differs from the truth")
        else:
            names = [pg["file"] for pg in pages]
            if sorted(files) != sorted(names):
                bad(f"{cond}: files {sorted(files)}")
            for name in names:
                im = Image.open(io.BytesIO(files[name]))
                if cond == "scan200":
                    if im.format != "JPEG" or im.mode != "L":
                        bad(f"{name}: {im.format} {im.mode}")
                    if round(im.info.get("dpi", (0, 0))[0]) != 200 or abs(im.size[0] - 1654) > 2:
                        bad(f"{name}: resolution {im.info.get('dpi')} {im.size}")
                else:
                    ydpi = 196 if t["fax"]["resolution"] == "204x196" else 98
                    comp = im.info.get("compression")
                    if im.format != "TIFF" or im.mode != "1" or im.size[0] != 1728:
                        bad(f"{name}: {im.format} {im.mode} {im.size}")
                    if comp not in ("group3", "group4"):
                        bad(f"{name}: compression {comp}")
                    dpi = im.info.get("dpi", (0, 0))
                    if (round(dpi[0]), round(dpi[1])) != (204, ydpi):
                        bad(f"{name}: dpi {dpi}")
    cover = [pg for pg in t["conditions"]["fax"]["pages"] if pg["page"] == "cover"]
    if bool(cover) != t["fax"]["cover_sheet"] or (
        cover and t["conditions"]["fax"]["pages"][0]["page"] != "cover"
    ):
        bad("cover sheet not the fax's first page")
    return probs


def check_register(patients: list[register.Patient]) -> list[str]:
    probs: list[str] = []
    if len(patients) < 300:
        probs.append(f"register has {len(patients)} patients")
    ids = [p.id for p in patients]
    if len(set(ids)) != len(ids):
        probs.append("register ids not unique")
    with tempfile.TemporaryDirectory() as tmp:
        register.write_all(patients, tmp)
        root = Path(tmp)
        with (root / "patients.csv").open(encoding="utf-8", newline="") as fh:
            rows = list(csv.DictReader(fh))
        bundle = json.loads((root / "patients.bundle.json").read_text(encoding="utf-8"))
        nd = [json.loads(x) for x in (root / "patients.ndjson").read_text("utf-8").splitlines()]
        if bundle.get("resourceType") != "Bundle" or bundle.get("type") != "collection":
            probs.append("bundle type")
        res = [e["resource"] for e in bundle["entry"]]
        if res != nd:
            probs.append("bundle and ndjson differ")
        if len(rows) != len(patients) or len(res) != len(patients):
            probs.append("export lengths differ")
        for p, row, r in zip(patients, rows, res, strict=False):
            if (
                row["id"] != p.id
                or row["surname"] != p.surname
                or row["given_names"] != p.given_names
            ):
                probs.append(f"csv row {p.id}")
            if row["birth_date"] != p.birth_date.isoformat() or row["former_names"] != ";".join(
                p.former_names
            ):
                probs.append(f"csv dates/former {p.id}")
            if r["identifier"][0]["value"] != p.id or r["birthDate"] != row["birth_date"]:
                probs.append(f"fhir {p.id}")
            off = r["name"][0]
            if off["family"] != row["surname"] or " ".join(off["given"]) != row["given_names"]:
                probs.append(f"fhir name {p.id}")
            uses = [n["use"] for n in r["name"]]
            if bool(row["birth_name"]) != ("maiden" in uses) or bool(row["title"]) != (
                "prefix" in off
            ):
                probs.append(f"fhir name uses {p.id}")
            raw = (root / "gdt" / f"{p.id}.gdt").read_bytes()
            fields: dict[str, str] = {}
            for ln in raw.split(b"\r\n")[:-1]:
                if int(ln[:3]) != len(ln) + 2:
                    probs.append(f"gdt line length {p.id}")
                fields[ln[3:7].decode()] = ln[7:].decode("iso-8859-1")
            if fields.get("8000") != "6301" or int(fields.get("8100", "0")) != len(raw):
                probs.append(f"gdt record {p.id}")
            want = {
                "3000": p.id,
                "3101": row["surname"],
                "3102": row["given_names"],
                "3103": dt.date.fromisoformat(row["birth_date"]).strftime("%d%m%Y"),
                "3110": "1" if row["sex"] == "M" else "2",
                "3106": f"{row['postcode']} {row['city']}",
                "3107": row["street"],
            }
            for k, v in want.items():
                if fields.get(k) != v:
                    probs.append(f"gdt {p.id} field {k}")
    return probs


def main() -> int:
    env = dict(os.environ, PYTHONHASHSEED="4711")
    code = (
        "import json;from bench.heldout50o.check import digests;"
        "from bench.heldout50o.letters import split;"
        "print(json.dumps(digests(split('test')+split('examples'))))"
    )
    root = Path(__file__).resolve().parents[2]
    other = subprocess.Popen(
        [sys.executable, "-c", code], cwd=root, env=env, stdout=subprocess.PIPE, text=True
    )
    probs: list[str] = []
    patients = register.build()
    probs += check_register(patients)
    if [p.id for p in register.build()] != [p.id for p in patients]:
        probs.append("register not deterministic")
    reg = {p.id: p for p in patients}
    own = [n for p in practice_names() for n in p["names"]]
    letters = []
    for name in SPLIT_NAMES:
        ls = split(name)
        letters += ls
        want = 40 if name == "test" else 6
        if len(ls) != want:
            probs.append(f"split {name} has {len(ls)} letters")
    try:
        split("nope")
        probs.append("unknown split accepted")
    except ValueError:
        pass
    first: dict[str, str] = {}
    for letter in letters:
        files = renders(letter)
        probs += check_letter(letter, own, reg, files)
        first.update(digest_one(letter, files))
    again = digests(split("examples")[:3] + split("test")[:3])
    for k, v in again.items():
        if first.get(k) != v:
            probs.append(f"not deterministic in one interpreter: {k}")
    out, _ = other.communicate()
    theirs = json.loads(out) if other.returncode == 0 else {}
    if theirs != first:
        diff = sorted(k for k in set(first) | set(theirs) if first.get(k) != theirs.get(k))
        probs.append(f"second interpreter differs: {diff[:5]}")
    for p in probs:
        print(p)
    n_pages = sum(len(t_["pages"]) for lt in letters for t_ in lt.truth()["conditions"].values())
    print(
        f"letters: {len(letters)}, pages over all conditions: {n_pages}, register: {len(patients)}"
    )
    print(f"problems: {len(probs)}")
    return 0 if not probs else 1


if __name__ == "__main__":
    sys.exit(main())
