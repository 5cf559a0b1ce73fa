"""python -m bench.heldout50k.check: verifies the set and ends with 'problems: 0'."""

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
from pathlib import Path

import pymupdf
from PIL import Image

from . import register
from .common import parse
from .letters import COUNTS, split
from .register import _latin1
from .world import PRACTICE_NAMES, PRACTICES

problems: list[str] = []


def bad(msg: str) -> None:
    problems.append(msg)
    print("PROBLEM", msg)


def fingerprint() -> str:
    """A hash over every truth and every rendered byte of both splits."""
    h = hashlib.sha256()
    for name in COUNTS:
        for letter in split(name):
            h.update(json.dumps(letter.truth(), ensure_ascii=False, sort_keys=True).encode())
            for cond in letter.conditions():
                for file, data in sorted(letter.render(cond).items()):
                    h.update(file.encode())
                    h.update(hashlib.sha256(data).digest())
    with tempfile.TemporaryDirectory() as tmp:
        register.write_all(register.build(), tmp)
        for p in sorted(Path(tmp).rglob("*")):
            if p.is_file():
                h.update(str(p.relative_to(tmp)).encode())
                h.update(p.read_bytes())
    return h.hexdigest()


def check_letter(letter, stats: dict) -> None:
    t = letter.truth()
    f = t["facts"]
    lid = t["id"]
    conds = t["conditions"]
    first = "pdf" if "pdf" in conds else "scan200"
    texts = {c: [p["text"] for p in conds[c]["pages"]] for c in conds}
    body = "\n".join(texts[first])
    letter_pages = {
        c: [p["text"] for p in conds[c]["pages"] if p["page"].startswith("p")] for c in conds
    }
    # the patient
    pat = f["patient"]
    if pat is not None:
        for c in conds:
            if pat["as_written"] not in letter_pages[c][0]:
                bad(f"{lid} {c}: as_written {pat['as_written']!r} not on page 1")
        low = letter_pages[first][0].casefold()
        for tok in pat["full_name_as_letter"].split():
            if tok.casefold() not in low and tok.upper() not in letter_pages[first][0]:
                bad(f"{lid}: name token {tok!r} not on page 1")
        if pat["register_id"] is not None:
            reg = REG.get(pat["register_id"])
            if reg is None:
                bad(f"{lid}: register id {pat['register_id']} unknown")
            elif (reg.surname, reg.given_names) != (pat["surname"], pat["given_names"]):
                bad(f"{lid}: register name differs")
            elif f["birth_date"] and reg.birth_date.isoformat() != f["birth_date"]:
                bad(f"{lid}: birth date differs from the register")
    # every written date is on the pages and reads back by its region's convention
    for role, text, conv, iso in letter.written:
        if text not in body:
            bad(f"{lid}: date {text!r} ({role}) not on the pages")
        try:
            if parse(text, conv).isoformat() != iso:
                bad(f"{lid}: {text!r} reads as {parse(text, conv)} not {iso}")
        except ValueError as e:
            bad(f"{lid}: {e}")
    if f["letter_date"] is None and not letter.ctx.handwritten:
        bad(f"{lid}: typed letter without a letter date")
    if f["letter_date"]:
        sent = dt.datetime.fromisoformat(t["fax"]["sent"]).date()
        if sent <= dt.date.fromisoformat(f["letter_date"]):
            bad(f"{lid}: fax sent on or before the letter date")
    # sender and title
    s = f["sender"]
    for pn in PRACTICE_NAMES + [a for p in PRACTICES for a in p["alts"]]:
        if s and (pn in s or s in pn):
            bad(f"{lid}: the sender is a receiving practice")
    if t["receiving_practice"] not in PRACTICE_NAMES:
        bad(f"{lid}: unknown receiving practice")
    if s and not any(x.casefold() in body.casefold() for x in [s, *f["sender_alternatives"]]):
        bad(f"{lid}: sender {s!r} not on the pages")
    if f["title"] and f["title"].casefold() not in body.casefold():
        bad(f"{lid}: title {f['title']!r} not on the pages")
    if f["patient_id"] and f["patient_id"] not in body:
        bad(f"{lid}: patient_id not printed")
    # the pdf's text layer is the truth's text
    if "pdf" in conds:
        data = letter.render("pdf")["pdf/letter.pdf"]
        doc = pymupdf.open(stream=data, filetype="pdf")
        if doc.page_count != len(conds["pdf"]["pages"]):
            bad(f"{lid}: pdf page count")
        for i, page in enumerate(doc):
            got = [ln.strip() for ln in page.get_text().splitlines() if ln.strip()]
            want = [ln.strip() for ln in texts["pdf"][i].splitlines() if ln.strip()]
            if " ".join(got).split() != " ".join(want).split():
                bad(f"{lid}: pdf page {i + 1} text layer differs from truth")
        stats["pdf_pages"] += doc.page_count
    # the scan
    for file, data in letter.render("scan200").items():
        im = Image.open(io.BytesIO(data))
        if im.format != "JPEG" or im.mode != "L" or round(im.info.get("dpi", (0, 0))[0]) != 200:
            bad(f"{lid}: {file} not a 200 DPI greyscale JPEG")
    # the fax
    fax = letter.render("fax")
    pages = conds["fax"]["pages"]
    if len(fax) != len(pages):
        bad(f"{lid}: fax page count")
    for n, (file, data) in enumerate(sorted(fax.items()), start=1):
        im = Image.open(io.BytesIO(data))
        dpi = tuple(round(v) for v in im.info.get("dpi", (0, 0)))
        if im.width != 1728 or im.mode != "1" or dpi not in {(204, 196), (204, 98)}:
            bad(f"{lid}: {file} not a 1728 px bilevel fax ({im.width}, {im.mode}, {dpi})")
        if im.info.get("compression") not in {"group3", "group4"}:
            bad(f"{lid}: {file} compression {im.info.get('compression')}")
        head = pages[n - 1]["text"].splitlines()[0]
        if letter.ctx.fax_number not in head or f"{n}/{len(pages)}" not in head:
            bad(f"{lid}: fax header of page {n}: {head!r}")
    stats["letters"] += 1
    stats["pages"] += len(letter.pages)
    stats["covers"] += int(t["fax"]["cover_sheet"])


def check_register() -> None:
    pats = register.build()
    if not 280 <= len(pats) <= 320:
        bad(f"register has {len(pats)} patients")
    if len({p.id for p in pats}) != len(pats):
        bad("register ids not unique")
    with tempfile.TemporaryDirectory() as tmp:
        register.write_all(pats, tmp)
        root = Path(tmp)
        raw = (root / "patients.csv").read_text(encoding="utf-8")
        if raw.splitlines()[0] != register.HEADER:
            bad("patients.csv header")
        rows = {r["id"]: r for r in csv.DictReader(io.StringIO(raw))}
        ndjson = {}
        for line in (root / "patients.ndjson").read_text(encoding="utf-8").splitlines():
            r = json.loads(line)
            ndjson[r["identifier"][0]["value"]] = r
        bundle = json.loads((root / "patients.bundle.json").read_text(encoding="utf-8"))
        if bundle["resourceType"] != "Bundle" or bundle["type"] != "collection":
            bad("bundle type")
        fhir = {e["resource"]["identifier"][0]["value"]: e["resource"] for e in bundle["entry"]}
        for p in pats:
            r, n, b = rows.get(p.id), ndjson.get(p.id), fhir.get(p.id)
            if r is None or n is None or b is None or n != b:
                bad(f"register {p.id}: missing or differing export")
                continue
            off = next(x for x in b["name"] if x["use"] == "official")
            if (r["surname"], r["given_names"], r["birth_date"]) != (
                off["family"],
                " ".join(off["given"]),
                b["birthDate"],
            ):
                bad(f"register {p.id}: csv and fhir differ")
            gdt = (root / "gdt" / f"{p.id}.gdt").read_bytes()
            fields = {}
            for line in gdt.split(b"\r\n")[:-1]:
                if int(line[:3]) != len(line) + 2:
                    bad(f"gdt {p.id}: line length field")
                fields[line[3:7].decode()] = line[7:].decode("latin-1")
            if int(fields.get("8100", "0")) != len(gdt) or fields.get("8000") != "6301":
                bad(f"gdt {p.id}: record length/type")
            want = (
                p.id,
                _latin1(r["surname"]),
                _latin1(r["given_names"]),
                dt.date.fromisoformat(r["birth_date"]).strftime("%d%m%Y"),
            )
            if (
                fields.get("3000"),
                fields.get("3101"),
                fields.get("3102"),
                fields.get("3103"),
            ) != want or fields.get("9218") != "02.10":
                bad(f"gdt {p.id}: differs from csv")
    groups: dict[str, list] = {}
    for p in pats:
        if p.collision_group:
            groups.setdefault(p.collision_group, []).append(p)
    for g, members in groups.items():
        if len(members) < 2:
            bad(f"collision group {g} has one member")


REG = {p.id: p for p in register.build()}


def main() -> int:
    stats = {"letters": 0, "pages": 0, "pdf_pages": 0, "covers": 0}
    for name, count in COUNTS.items():
        letters = split(name)
        if len(letters) != count or len({x.id for x in letters}) != count:
            bad(f"split {name}: {len(letters)} letters")
        for letter in letters:
            check_letter(letter, stats)
    try:
        split("nope")
        bad("split('nope') did not raise")
    except ValueError:
        pass
    if len(__import__("bench.heldout50k.letters", fromlist=["generate"]).generate(12, 7)) != 12:
        bad("generate(12, 7)")
    check_register()
    print(
        f"letters: {stats['letters']}  letter pages: {stats['pages']}  "
        f"fax cover sheets: {stats['covers']}"
    )
    # determinism: this process and another with another hash seed give the same bytes
    here = fingerprint()
    env = dict(os.environ, PYTHONHASHSEED="12345")
    other = subprocess.run(
        [
            sys.executable,
            "-c",
            "from bench.heldout50k.check import fingerprint; print(fingerprint())",
        ],
        env=env,
        capture_output=True,
        text=True,
        check=False,
        cwd=Path(__file__).resolve().parents[2],
    )
    if other.stdout.strip() != here:
        bad(f"not deterministic: {here[:12]} vs {other.stdout.strip()[:12]} {other.stderr[-300:]}")
    print(f"fingerprint: {here[:16]}")
    print(f"problems: {len(problems)}")
    return 1 if problems else 0


if __name__ == "__main__":
    raise SystemExit(main())
