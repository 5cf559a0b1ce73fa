"""Checks the set against its own truth; `python -m bench.heldout50n.check` ends: problems: N."""

from __future__ import annotations

import csv
import hashlib
import io
import json
import os
import subprocess
import sys
import tempfile
from datetime import date, datetime
from pathlib import Path

import pymupdf
from PIL import Image

from . import letters as L
from . import register
from .readback import find_dates
from .render import H, W, width

ROOT = Path(__file__).resolve().parents[2]


def file_hashes(names: tuple[str, ...] = ("test", "examples")) -> dict[str, str]:
    """Every rendered file's SHA-256 and every truth's (for the determinism check)."""
    out: dict[str, str] = {}
    for name in names:
        for letter in L.split(name):
            blob = json.dumps(letter.truth(), sort_keys=True, ensure_ascii=False).encode()
            out[f"{letter.id}/truth.json"] = hashlib.sha256(blob).hexdigest()
            for cond in letter.conditions():
                for fname, data in letter.render(cond).items():
                    out[f"{letter.id}/{fname}"] = hashlib.sha256(data).hexdigest()
    return out


def digest(hashes: dict[str, str]) -> str:
    return hashlib.sha256(json.dumps(hashes, sort_keys=True).encode()).hexdigest()


_REG = register.by_id(register.build())


def _fold(text: str) -> str:
    return text.casefold().replace("ı", "i")


def _pdf_lines(data: bytes) -> tuple[list[str], list[str]]:
    doc = pymupdf.open("pdf", data)
    texts: list[str] = []
    outside: list[str] = []
    for page in doc:
        rows: list[tuple[float, float, str]] = []
        for block in page.get_text("dict", sort=False)["blocks"]:
            for line in block.get("lines", []):
                text = "".join(span["text"] for span in line["spans"])
                x0, y0, x1, y1 = line["bbox"]
                if x0 < 20 or y0 < 5 or x1 > W - 20 or y1 > H - 10:
                    outside.append(text)
                rows.append((round(line["spans"][0]["origin"][1], 1), x0, text))
        rows.sort(key=lambda r: (r[0], r[1]))
        texts.append("\n".join(r[2] for r in rows))
    return texts, outside


def check_letter(letter: L.Letter, problems: list[str], hashes: dict[str, str]) -> None:
    t = letter.truth()
    lid = t["id"]

    def bad(msg: str) -> None:
        problems.append(f"{lid}: {msg}")

    f = t["facts"]
    own = [n for p in L.practice_names() for n in p["names"]]
    if t["practice"] not in own:
        bad("addressed to an unknown practice")
    if any(n.lower() in f["sender"].lower() or f["sender"].lower() in n.lower() for n in own):
        bad(f"the receiving practice is the sender: {f['sender']}")
    for alt in f["sender_alternatives"]:
        if alt in own:
            bad("a sender alternative is a receiving practice")
    conds = t["conditions"]
    if list(conds) != letter.conditions():
        bad("conditions differ")
    if t["handwritten"] == ("pdf" in conds):
        bad("handwritten letters have no pdf, others have one")
    base = conds.get("pdf", conds["scan200"])["pages"]
    base_texts = [p["text"] for p in base]
    if "pdf" not in conds and letter.stamp is not None:
        base_texts = [
            letter.draft.pages[0] and "\n".join(x.text for x in p) for p in letter.draft.pages
        ]
    alltext = "\n".join(base_texts)
    page1 = base_texts[0]
    pt = f["patient"]
    if pt["as_written"] not in page1:
        bad(f"as_written not on page 1: {pt['as_written']!r}")
    low = _fold(alltext)
    for part in pt["full_name_as_letter"].split(" "):
        if _fold(part) not in low:
            bad(f"name part {part!r} not printed")
    first = _fold(page1).find(_fold(pt["as_written"]))
    sur_first = _fold(page1).find(_fold(pt["full_name_as_letter"].split(" ")[-1]))
    if sur_first < first:
        bad("the surname appears before the first mention")
    if f["sender"] not in alltext:
        bad(f"sender not printed: {f['sender']!r}")
    if f["title"] is not None and f["title"] not in alltext.replace("\n", " "):
        bad(f"title not printed: {f['title']!r}")
    if f["patient_id"] is not None and f["patient_id"] not in alltext:
        bad("patient id not printed")
    if f["patient_id"] is not None and f["patient_id"] != pt["register_id"]:
        bad("patient id is not the register id")
    for person in f["other_people"]:
        if person["name"] not in alltext:
            bad(f"person not printed: {person['name']!r}")
    reg = _REG
    if pt["register_id"] is not None:
        p = reg[pt["register_id"]]
        if f"{p.given_names} {p.surname}" != pt["full_name"]:
            bad("full_name is not the register's")
        if f["birth_date"] is not None and f["birth_date"] != p.birth_date.isoformat():
            bad("birth date differs from the register")
        if t["register"]["id"] != p.id:
            bad("register block id differs")
    elif t["register"] is not None:
        bad("register block for a patient not in the register")
    # Dates, read back by the region's convention.
    region = t["region"]
    required = {d["date"] for d in f["other_dates"]}
    for key in ("letter_date", "birth_date"):
        if f[key] is not None:
            required.add(f[key])
    sent = datetime.fromisoformat(t["fax"]["sent"])
    for cond, block in conds.items():
        allowed = set(required)
        if cond == "fax":
            allowed.add(sent.date().isoformat())
        if cond == "scan200" and "receipt_stamp" in block:
            allowed.add(block["receipt_stamp"])
        seen: set[str] = set()
        for page in block["pages"]:
            try:
                found = find_dates(page["text"], region)
            except ValueError as exc:
                bad(f"{cond} {page['page']}: {exc}")
                continue
            for text, value in found:
                if value.isoformat() not in allowed:
                    bad(f"{cond} {page['page']}: date {text!r} reads {value} (not in truth)")
                seen.add(value.isoformat())
        missing = required - seen
        if missing:
            bad(f"{cond}: truth dates not printed: {sorted(missing)}")
    if f["birth_date"] is None and pt["register_id"] is not None:
        bd = reg[pt["register_id"]].birth_date
        for text, value in find_dates(alltext, region):
            if value == bd:
                bad(f"birth date printed ({text}) but truth says none")
    if f["letter_date"] is not None:
        if sent.date() <= date.fromisoformat(f["letter_date"]):
            bad("fax sent before or on the letter date")
        stamp = conds["scan200"].get("receipt_stamp")
        if stamp is not None and stamp == f["letter_date"]:
            bad("receipt stamp date equals the letter date")
    # Every line inside the sheet, one baseline each.
    for cond in letter.conditions():
        for name, lines in letter._pages(cond):
            ys = [ln.y for ln in lines]
            if len(set(ys)) != len(ys) or ys != sorted(ys):
                bad(f"{cond} {name}: lines share a baseline or are out of reading order")
            for ln in lines:
                if (
                    ln.x < 25
                    or ln.x + width(ln.text, ln.font, ln.size) > W - 25
                    or ln.y < 10
                    or ln.y > H - 20
                ):
                    bad(f"{cond} {name}: line outside the sheet: {ln.text!r}")
    # Rendered files.
    for cond, block in conds.items():
        files = letter.render(cond)
        for fname, data in files.items():
            hashes[f"{lid}/{fname}"] = hashlib.sha256(data).hexdigest()
        if cond == "pdf":
            texts, outside = _pdf_lines(files["pdf/letter.pdf"])
            if texts != [p["text"] for p in block["pages"]]:
                bad("pdf text layer differs from the truth")
            if outside:
                bad(f"pdf lines outside the sheet: {outside[:2]}")
            if any(p["pdf_page"] != i + 1 for i, p in enumerate(block["pages"])):
                bad("pdf page numbers")
            continue
        if sorted(files) != sorted(p["file"] for p in block["pages"]):
            bad(f"{cond}: files differ from the truth's pages")
            continue
        for i, page in enumerate(block["pages"]):
            img = Image.open(io.BytesIO(files[page["file"]]))
            if cond == "scan200":
                dpi = tuple(round(v) for v in img.info.get("dpi", (0, 0)))
                if (
                    img.format != "JPEG"
                    or img.mode != "L"
                    or dpi != (200, 200)
                    or abs(img.size[0] - 1654) > 4
                    or abs(img.size[1] - 2339) > 4
                ):
                    bad(f"scan {page['file']}: {img.format} {img.mode} {img.size} {dpi}")
            else:
                ydpi = 196 if t["fax"]["resolution"] == "204x196" else 98
                dpi = tuple(round(v) for v in img.info.get("dpi", (0, 0)))
                if (
                    img.format != "TIFF"
                    or img.mode != "1"
                    or img.size[0] != 1728
                    or dpi != (204, ydpi)
                    or img.info.get("compression") != t["fax"]["compression"]
                ):
                    bad(
                        f"fax {page['file']}: {img.format} {img.mode} {img.size} {dpi} "
                        f"{img.info.get('compression')}"
                    )
                head = page["text"].split("\n")[0]
                n = len(block["pages"])
                if not head.endswith(f"S. {i + 1}/{n}") or t["fax"]["number"] not in head:
                    bad(f"fax header on page {i + 1}: {head!r}")
                try:
                    hd = find_dates(head, region)
                except ValueError:
                    hd = []
                if not hd or hd[0][1] != sent.date() or sent.strftime("%H:%M") not in head:
                    bad(f"fax header date on page {i + 1}: {head!r}")
        if cond == "fax":
            names = [p["page"] for p in block["pages"]]
            if t["fax"]["cover_sheet"] != (names[0] == "cover"):
                bad("cover sheet flag")
            body = [p["text"].split("\n", 1)[1] for p in block["pages"] if p["page"] != "cover"]
            if (
                body != [p["text"] for p in conds.get("pdf", {"pages": []})["pages"]]
                and "pdf" in conds
            ):
                bad("fax pages are not the letter's pages")
        if cond == "scan200" and "pdf" in conds:
            texts = [p["text"] for p in block["pages"]]
            want = [p["text"] for p in conds["pdf"]["pages"]]
            if "receipt_stamp" in block:
                texts[0] = texts[0].split("\n", 2)[2]
            if texts != want:
                bad("scan pages are not the letter's pages")


def check_register(problems: list[str]) -> None:
    pats = register.build()
    if len(pats) < 300:
        problems.append("register has fewer than 300 patients")
    if len({p.id for p in pats}) != len(pats):
        problems.append("register ids not unique")
    kinds = {p.collision for p in pats if p.collision}
    for want in (
        "twins",
        "same name and birth date, told apart by address",
        "namesakes with different birth dates",
    ):
        if want not in kinds:
            problems.append(f"register lacks collision kind {want}")
    with tempfile.TemporaryDirectory() as tmp:
        register.write_all(pats, tmp)
        root = Path(tmp)
        with open(root / "patients.csv", encoding="utf-8", newline="") as fh:
            rows = list(csv.DictReader(fh))
        bundle = json.loads((root / "patients.bundle.json").read_text(encoding="utf-8"))
        nd = [
            json.loads(x)
            for x in (root / "patients.ndjson").read_text(encoding="utf-8").splitlines()
        ]
        if bundle["resourceType"] != "Bundle" or bundle["type"] != "collection":
            problems.append("bundle type")
        res = [e["resource"] for e in bundle["entry"]]
        if res != nd:
            problems.append("ndjson differs from the bundle")
        if len(rows) != len(pats) or len(res) != len(pats):
            problems.append("export sizes differ")
        for p, row, r in zip(pats, rows, res, strict=False):
            want = {
                "id": p.id,
                "surname": p.surname,
                "given_names": p.given_names,
                "birth_name": p.birth_name,
                "former_names": ";".join(p.former_names),
                "title": p.title,
                "birth_date": p.birth_date.isoformat(),
                "sex": p.sex,
                "street": p.street,
                "postcode": p.postcode,
                "city": p.city,
                "country": p.country,
            }
            if row != want:
                problems.append(f"csv row {p.id} differs")
            off = next(n for n in r["name"] if n["use"] == "official")
            if (
                r["id"] != p.id
                or r["identifier"][0]["value"] != p.id
                or off["family"] != p.surname
                or " ".join(off["given"]) != p.given_names
                or r["birthDate"] != p.birth_date.isoformat()
                or r["gender"] != ("male" if p.sex == "M" else "female")
            ):
                problems.append(f"fhir {p.id} differs")
            if p.birth_name and not any(
                n["use"] == "maiden" and n["family"] == p.birth_name for n in r["name"]
            ):
                problems.append(f"fhir {p.id} lacks the maiden name")
            for former in p.former_names:
                if not any(n["use"] == "old" and n["family"] == former for n in r["name"]):
                    problems.append(f"fhir {p.id} lacks the old name")
            raw = (root / "gdt" / f"{p.id}.gdt").read_bytes()
            fields: dict[str, str] = {}
            for line in raw.split(b"\r\n")[:-1]:
                if int(line[:3]) != len(line) + 2:
                    problems.append(f"gdt {p.id}: line length {line[:7]!r}")
                fields[line[3:7].decode("ascii")] = line[7:].decode("latin-1")
            if int(fields["8100"]) != len(raw) or fields["8000"] != "6301":
                problems.append(f"gdt {p.id}: record length or type")
            if (
                fields["3000"],
                fields["3101"],
                fields["3102"],
                fields["3103"],
                fields["3110"],
                fields["3106"],
                fields["3107"],
            ) != (
                p.id,
                p.surname,
                p.given_names,
                p.birth_date.strftime("%d%m%Y"),
                "1" if p.sex == "M" else "2",
                f"{p.postcode} {p.city}",
                p.street,
            ):
                problems.append(f"gdt {p.id} differs")


def main() -> int:
    problems: list[str] = []
    env = dict(os.environ, PYTHONHASHSEED="4242")
    other = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "from bench.heldout50n.check import file_hashes, digest; print(digest(file_hashes()))",
        ],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        text=True,
    )
    check_register(problems)
    sizes = {"test": 40, "examples": 6}
    hashes: dict[str, str] = {}
    for name, size in sizes.items():
        letters = L.split(name)
        if len(letters) != size:
            problems.append(f"{name}: {len(letters)} letters, want {size}")
        for letter in letters:
            check_letter(letter, problems, hashes)
            blob = json.dumps(letter.truth(), sort_keys=True, ensure_ascii=False).encode()
            hashes[f"{letter.id}/truth.json"] = hashlib.sha256(blob).hexdigest()
    try:
        L.split("nope")
        problems.append("an unknown split does not raise")
    except ValueError:
        pass
    gen = L.generate(3, 7)
    if [g.id for g in gen] != ["gen-001", "gen-002", "gen-003"]:
        problems.append("generate ids")
    again = file_hashes(("examples",))
    if any(hashes[k] != v for k, v in again.items()):
        problems.append("two renders in one interpreter differ")
    theirs = other.communicate()[0].strip()
    if digest(hashes) != theirs:
        problems.append("a second interpreter (PYTHONHASHSEED=4242) renders other bytes")
    for p in problems:
        print(p)
    print(
        f"letters: {sum(sizes.values())}, files: {len(hashes)}, "
        f"register: {len(register.build())}, digest: {digest(hashes)[:16]}"
    )
    print(f"problems: {len(problems)}")
    return 0 if not problems else 1


if __name__ == "__main__":
    raise SystemExit(main())
