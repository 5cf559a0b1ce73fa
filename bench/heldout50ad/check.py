"""python -m bench.heldout50ad.check: the set held to its own truth; ends with `problems: N`."""

from __future__ import annotations

import csv
import hashlib
import io
import json
import os
import subprocess
import sys
import tempfile
import unicodedata
from datetime import date
from pathlib import Path

import pymupdf
from PIL import Image

from . import letters as L
from . import register as R
from .dateparse import find_dates

MARGIN = 12.0


class Problems:
    def __init__(self) -> None:
        self.items: list[str] = []

    def add(self, where: str, what: str) -> None:
        self.items.append(f"{where}: {what}")


STEP = 3


def digest(letters: list[L.Letter] | None = None) -> str:
    """One hash over every STEP-th letter's rendered files and truth, and the register export."""
    h = hashlib.sha256()
    if letters is None:
        letters = L.split("test") + L.split("examples")
    for letter in letters[::STEP]:
        h.update(json.dumps(letter.truth(), ensure_ascii=False, sort_keys=True).encode())
        for cond in letter.conditions():
            for fname, data in sorted(letter.render(cond).items()):
                h.update(fname.encode())
                h.update(hashlib.sha256(data).digest())
    with tempfile.TemporaryDirectory() as tmp:
        R.write_all(R.build(), tmp)
        for path in sorted(Path(tmp).rglob("*")):
            if path.is_file():
                h.update(str(path.relative_to(tmp)).encode())
                h.update(path.read_bytes())
    return h.hexdigest()


def _pdf_lines(page: pymupdf.Page, where: str, probs: Problems) -> list[str]:
    out = []
    rect = page.rect
    for block in page.get_text("dict")["blocks"]:
        for line in block.get("lines", []):
            text = "".join(s["text"] for s in line["spans"]).replace("\u00a0", " ")
            out.append(text)
            x0, y0, x1, y1 = line["bbox"]
            if x0 < MARGIN or y0 < 4 or x1 > rect.width - MARGIN or y1 > rect.height - 4:
                probs.add(where, f"line outside the sheet: {text!r} {line['bbox']}")
    return out


def _dates_ok(where: str, text: str, region: str, allowed: set[date], probs: Problems) -> set[date]:
    found = set()
    for printed, d in find_dates(text, region):
        found.add(d)
        if d not in allowed:
            probs.add(where, f"printed date {printed!r} reads {d} which the truth does not hold")
    return found


def check_letter(
    letter: L.Letter, own: list[str], reg: dict[str, R.Patient], probs: Problems
) -> None:
    t = letter.truth()
    f = t["facts"]
    lid = str(t["id"])
    region = str(t["region"])
    conds = letter.conditions()
    if t["handwritten"] != ("pdf" not in conds):
        probs.add(lid, "handwritten letters (and only they) have no pdf")
    # -- the receiving practice never sends
    sender = str(f["sender"])
    for name in own:
        for s in [sender, *f["sender_alternatives"]]:
            if name.lower() in s.lower() or s.lower() in name.lower():
                probs.add(lid, f"the sender {s!r} is a receiving practice ({name!r})")
    # -- the register
    pat = f["patient"]
    rid = pat["register_id"]
    if rid is not None:
        p = reg.get(rid)
        if p is None:
            probs.add(lid, f"register id {rid} not in the register")
        else:
            if pat["surname"] != p.surname or pat["given_names"] != p.given_names:
                probs.add(lid, "patient's names differ from the register")
            if pat["full_name"] != f"{p.given_names} {p.surname}":
                probs.add(lid, "full_name is not given names + surname")
            if f["birth_date"] is not None and f["birth_date"] != p.birth_date.isoformat():
                probs.add(lid, "birth date differs from the register")
            r = t["register"]
            if not r or r["id"] != rid or (r["collision"] or "") != p.collision:
                probs.add(lid, "register block disagrees with the register")
        if f["patient_id"] not in (None, rid):
            probs.add(lid, "patient_id is not the register id")
    elif f["patient_id"] is not None or t["register"] is not None:
        probs.add(lid, "patient outside the register with an id")
    # -- allowed dates
    base: set[date] = set()
    wanted: list[tuple[str, date]] = []
    if f["letter_date"]:
        wanted.append(("letter_date", date.fromisoformat(f["letter_date"])))
    if f["birth_date"]:
        wanted.append(("birth_date", date.fromisoformat(f["birth_date"])))
    for od in f["other_dates"]:
        wanted.append((od["role"], date.fromisoformat(od["date"])))
    base = {d for _, d in wanted}
    stamp = date.fromisoformat(t["receipt_stamp"]) if t["receipt_stamp"] else None
    sent = t["fax"]["sent"]
    sent_day = date.fromisoformat(sent[:10])
    if f["letter_date"] and sent_day <= date.fromisoformat(f["letter_date"]):
        probs.add(lid, "fax not sent after the letter's date")
    if stamp and f["letter_date"] and stamp <= date.fromisoformat(f["letter_date"]):
        probs.add(lid, "receipt stamp not after the letter")
    # -- conditions
    primary = "pdf" if "pdf" in conds else "scan200"
    for cond in conds:
        files = letter.render(cond)
        pages = t["conditions"][cond]["pages"]
        if sorted(files) != sorted({p["file"] for p in pages}):
            probs.add(lid, f"{cond}: files differ from the truth's pages")
            continue
        all_text = "\n".join(p["text"] for p in pages)
        allowed = set(base)
        if cond == "scan200" and stamp:
            allowed.add(stamp)
        if cond == "fax":
            allowed.add(sent_day)
        found = _dates_ok(f"{lid}/{cond}", all_text, region, allowed, probs)
        if cond == primary:
            for role, d in wanted:
                if d not in found:
                    probs.add(lid, f"{role} {d} not printed (or not read back)")
            if (
                f["birth_date"] is None
                and rid is not None
                and reg[rid].birth_date in found
                and reg[rid].birth_date not in base
            ):
                probs.add(lid, "a birth date is printed but the truth says none")
            p1 = next(p["text"] for p in pages if p["page"] == "p1")
            if pat["as_written"] not in p1:
                probs.add(lid, f"as_written {pat['as_written']!r} not on page 1")
            if sender not in all_text:
                probs.add(lid, f"sender {sender!r} not on the pages")
            if f["title"] is not None and f["title"] not in all_text:
                probs.add(lid, f"title {f['title']!r} not on the pages")
            if f["patient_id"] is not None and f["patient_id"] not in all_text:
                probs.add(lid, "patient_id not on the pages")
            if f["patient_id"] is None and rid is not None and rid in all_text:
                probs.add(lid, "the register id is printed but patient_id is null")
            for person in f["other_people"]:
                if person["name"] not in all_text:
                    probs.add(lid, f"person {person['name']!r} not on the pages")
            surname_as = pat["full_name_as_letter"].split(" ")[-1]
            if surname_as not in all_text and surname_as.upper() not in all_text:
                probs.add(lid, "the letter's spelling of the surname is not on the pages")
            if not f["letter_date"] and not t["handwritten"]:
                probs.add(lid, "only a handwritten note may be undated")
        if cond == "pdf":
            doc = pymupdf.open(stream=files["pdf/letter.pdf"], filetype="pdf")
            if doc.page_count != len(pages):
                probs.add(lid, "pdf page count differs")
            for page, tp in zip(doc, pages, strict=False):
                got = _pdf_lines(page, f"{lid}/pdf/{tp['page']}", probs)
                if got != tp["text"].split("\n"):
                    probs.add(lid, f"pdf text layer of {tp['page']} differs from the truth")
            if doc.metadata.get("creationDate") != "D:20260101000000Z":
                probs.add(lid, "pdf metadata not fixed")
            doc.close()
        elif cond == "scan200":
            for tp in pages:
                img = Image.open(io.BytesIO(files[tp["file"]]))
                if (
                    img.format != "JPEG"
                    or img.mode != "L"
                    or tuple(round(v) for v in img.info.get("dpi", (0, 0))) != (200, 200)
                ):
                    probs.add(lid, f"scan {tp['file']} is not a 200 dpi greyscale JPEG")
                if abs(img.size[0] - 1654) > 2:
                    probs.add(lid, f"scan {tp['file']} has width {img.size[0]}")
            if stamp and "EINGEGANGEN" not in pages[0]["text"]:
                probs.add(lid, "receipt stamp missing from the scan")
        else:
            fax = t["fax"]
            yres = int(fax["resolution"].split("x")[1].split()[0])
            comp = "group4" if fax["resolution"].endswith("G4") else "group3"
            if fax["cover_sheet"] != (pages[0]["page"] == "cover"):
                probs.add(lid, "cover sheet truth disagrees with the pages")
            total = len(pages)
            for n, tp in enumerate(pages, 1):
                img = Image.open(io.BytesIO(files[tp["file"]]))
                if img.format != "TIFF" or img.mode != "1" or img.size[0] != 1728:
                    probs.add(lid, f"fax {tp['file']} not bilevel 1728 px: {img.mode} {img.size}")
                if img.info.get("compression") != comp:
                    probs.add(lid, f"fax {tp['file']} compression {img.info.get('compression')}")
                dpi = tuple(round(v) for v in img.info.get("dpi", (0, 0)))
                if dpi != (204, yres):
                    probs.add(lid, f"fax {tp['file']} dpi {dpi}")
                head = tp["text"].split("\n")[0]
                head_dates = [d for _, d in find_dates(head, "DE")]
                if head_dates != [sent_day]:
                    probs.add(lid, f"fax header {head!r} lacks the send date")
                if sent[11:] not in head or fax["number"] not in head:
                    probs.add(lid, f"fax header {head!r} lacks time or number")
                if not any(x in head for x in (f"{n}/{total}", f"{n:02d}/{total:02d}")):
                    probs.add(lid, f"fax header {head!r} lacks page {n}/{total}")


def _fold(text: str) -> str:
    """What an ISO-8859-1 GDT file can hold of a name: other letters lose their accents."""
    keep = set(range(256))
    out = ""
    for ch in text:
        if ord(ch) in keep:
            out += ch
        elif ch == "ı":
            out += "i"
        else:
            out += "".join(
                c for c in unicodedata.normalize("NFD", ch) if not unicodedata.combining(c)
            )
    return out


def check_register(probs: Problems) -> dict[str, R.Patient]:
    pats = R.build()
    if len(pats) < 300:
        probs.add("register", "fewer than 300 patients")
    ids = [p.id for p in pats]
    if len(set(ids)) != len(ids):
        probs.add("register", "duplicate ids")
    groups: dict[str, list[R.Patient]] = {}
    for p in pats:
        if p.collision_group:
            groups.setdefault(p.collision_group, []).append(p)
    kinds = {p.collision for p in pats if p.collision}
    for need in (
        "same name and birth date",
        "twins",
        "name change",
        "umlaut spelling",
        "namesakes",
    ):
        if need not in kinds:
            probs.add("register", f"no collision of kind {need}")
    for g, members in groups.items():
        if len(members) < 2 and members[0].collision != "name change":
            probs.add("register", f"collision group {g} has one member")
    with tempfile.TemporaryDirectory() as tmp:
        R.write_all(pats, tmp)
        root = Path(tmp)
        with (root / "patients.csv").open(encoding="utf-8") as fh:
            rows = list(csv.DictReader(fh))
        bundle = json.loads((root / "patients.bundle.json").read_text(encoding="utf-8"))
        nd = [
            json.loads(x)
            for x in (root / "patients.ndjson").read_text(encoding="utf-8").splitlines()
        ]
        if bundle.get("resourceType") != "Bundle" or bundle.get("type") != "collection":
            probs.add("register", "bundle is not a collection Bundle")
        res = [e["resource"] for e in bundle["entry"]]
        if res != nd:
            probs.add("register", "bundle and ndjson differ")
        if len(rows) != len(pats) or len(res) != len(pats):
            probs.add("register", "export sizes differ")
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
                probs.add("register", f"csv row {p.id} differs")
            off = next(n for n in r["name"] if n["use"] == "official")
            if (
                r["identifier"][0]["value"] != p.id
                or off["family"] != p.surname
                or " ".join(off["given"]) != p.given_names
                or r["birthDate"] != p.birth_date.isoformat()
                or r["gender"] != ("male" if p.sex == "M" else "female")
                or (p.title and off.get("prefix") != [p.title])
            ):
                probs.add("register", f"FHIR patient {p.id} differs")
            if p.birth_name and {"use": "maiden", "family": p.birth_name} not in r["name"]:
                probs.add("register", f"FHIR maiden name of {p.id} missing")
            for old in p.former_names:
                if {"use": "old", "family": old} not in r["name"]:
                    probs.add("register", f"FHIR old name of {p.id} missing")
            raw = (root / "gdt" / f"{p.id}.gdt").read_bytes()
            fold = _fold
            fields: dict[str, str] = {}
            for ln in raw.split(b"\r\n")[:-1]:
                if int(ln[:3]) != len(ln) + 2:
                    probs.add("register", f"GDT line length wrong in {p.id}")
                fields[ln[3:7].decode()] = ln[7:].decode("latin-1")
            if (
                fields.get("8000") != "6301"
                or int(fields.get("8100", "0")) != len(raw)
                or fields.get("9218") != "02.10"
                or fields.get("3000") != p.id
                or fields.get("3101") != fold(p.surname)
                or fields.get("3102") != fold(p.given_names)
                or fields.get("3103") != p.birth_date.strftime("%d%m%Y")
                or fields.get("3110") != ("1" if p.sex == "M" else "2")
                or fields.get("3106") != fold(f"{p.postcode} {p.city}")
                or fields.get("3107") != fold(p.street)
            ):
                probs.add("register", f"GDT record {p.id} differs")
    return {p.id: p for p in pats}


def main() -> int:
    probs = Problems()
    env = dict(os.environ, PYTHONHASHSEED="4711")
    other = subprocess.Popen(
        [sys.executable, "-c", "from bench.heldout50ad.check import digest; print(digest())"],
        stdout=subprocess.PIPE,
        text=True,
        env=env,
    )
    reg = check_register(probs)
    own = [str(n) for p in L.practice_names() for n in p["names"]]  # type: ignore[attr-defined]
    own += [str(p["name"]) for p in L.practice_names()]
    try:
        L.split("nope")
        probs.add("split", "an unknown split name did not raise")
    except ValueError:
        pass
    counts = {"test": 40, "examples": 6}
    every: list[L.Letter] = []
    for name, n in counts.items():
        letters = L.split(name)
        every += letters
        if len(letters) != n:
            probs.add(name, f"{len(letters)} letters, not {n}")
        for i, letter in enumerate(letters, 1):
            if letter.id != f"{name}-{i:03d}":
                probs.add(letter.id, "id out of sequence")
            check_letter(letter, own, reg, probs)
    gen = L.generate(4, 99)
    for letter in gen:
        check_letter(letter, own, reg, probs)
    # the same bytes twice in this interpreter
    again = L.split("examples")[:3]
    for a, b in zip(every[40:43], again, strict=True):
        for cond in a.conditions():
            if a.render(cond) != b.render(cond):
                probs.add(a.id, f"{cond} not the same bytes twice")
    mine = digest(every)
    theirs = other.communicate()[0].strip()
    if other.returncode != 0 or mine != theirs:
        probs.add("determinism", "another interpreter (PYTHONHASHSEED=4711) made other bytes")
    for item in probs.items:
        print(item)
    tests = L.split("test")
    print(
        f"letters: test {len(tests)}, examples {len(L.split('examples'))}; register "
        f"{len(reg)} patients; digest {mine[:16]}"
    )
    print(f"problems: {len(probs.items)}")
    return 0 if not probs.items else 1


if __name__ == "__main__":
    sys.exit(main())
