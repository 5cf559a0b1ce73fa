"""Self-check of the eighth blind facts set: python -m bench.heldout50h.check

Renders every letter of both splits in every condition and checks the files against the truth
(the PDF's text layer, image sizes and resolutions, fax headers), the truth against the register,
the register's CSV, GDT and FHIR forms, and that the same seed gives the same bytes. Ends with
"problems: N"."""

from __future__ import annotations

import collections
import csv
import hashlib
import io
import json
import re
import tempfile
from pathlib import Path
from typing import Any

import pymupdf
from PIL import Image

from bench.heldout50h import letters, register
from bench.heldout50h.context import RECEIVING_PRACTICES
from bench.heldout50h.page import PAGE_W, Page, width_mm

Truth = dict[str, Any]
People = dict[str, register.Patient]
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
    "fax",
}
TRUTH_KEYS |= {"conditions"}
FACT_KEYS = {"patient", "birth_date", "letter_date", "sender", "sender_alternatives", "title"}
FACT_KEYS |= {"title_alternatives", "patient_id", "other_dates", "other_people"}
PATIENT_KEYS = {"full_name", "surname", "given_names", "as_written", "full_name_as_letter"}
PATIENT_KEYS |= {"register_id"}


def _flat(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def _ink(text: str) -> list[str]:
    return sorted(re.sub(r"\s+", "", text))


def check_pdf(letter: letters.Letter, truth: Truth, data: bytes, problems: list[str]) -> None:
    pages = truth["conditions"]["pdf"]["pages"]
    with pymupdf.open(stream=data, filetype="pdf") as document:
        if document.page_count != len(pages):
            problems.append(f"{letter.id}: PDF has {document.page_count} pages, truth {len(pages)}")
            return
        for entry in pages:
            extracted = document[entry["pdf_page"] - 1].get_text()
            if _ink(extracted) != _ink(entry["text"]):
                problems.append(f"{letter.id}: PDF page {entry['pdf_page']} text layer differs")


def check_images(
    letter: letters.Letter, truth: Truth, files: dict[str, bytes], problems: list[str]
) -> None:
    for entry in truth["conditions"]["scan200"]["pages"]:
        image = Image.open(io.BytesIO(files[entry["file"]]))
        dpi = tuple(round(v) for v in image.info.get("dpi", (0, 0)))
        if image.mode != "L" or dpi != (200, 200) or abs(image.width - 1654) > 2:
            problems.append(f"{letter.id}: {entry['file']} is {image.mode} {image.size} {dpi}")
    headers = set()
    for entry in truth["conditions"]["fax"]["pages"]:
        image = Image.open(io.BytesIO(files[entry["file"]]))
        dpi = tuple(round(v) for v in image.info.get("dpi", (0, 0)))
        compression = image.info.get("compression")
        if image.mode != "1" or image.width != 1728 or dpi != (204, 98) or compression != "group4":
            problems.append(
                f"{letter.id}: {entry['file']} is {image.mode} {image.size} {dpi} {compression}"
            )
        headers.add(entry["text"].split("\n", 1)[0])
    if len(headers) != len(truth["conditions"]["fax"]["pages"]):
        problems.append(f"{letter.id}: fax pages do not each have their own header line")


def check_facts(letter: letters.Letter, truth: Truth, people: People, problems: list[str]) -> None:
    facts = truth["facts"]
    any_pages = truth["conditions"].get("pdf", truth["conditions"]["scan200"])["pages"]
    text = "\n".join(entry["text"] for entry in any_pages)
    flat = _flat(text)
    patient = facts["patient"]
    if patient["as_written"] not in text:
        problems.append(f"{letter.id}: as_written {patient['as_written']!r} is not printed")
    own_names = {practice["name"] for practice in RECEIVING_PRACTICES}
    if facts["sender"] in own_names:
        problems.append(f"{letter.id}: the sender is a receiving practice")
    if facts["sender"] and facts["sender"] not in text:
        problems.append(f"{letter.id}: sender {facts['sender']!r} is not printed")
    if facts["title"] and _flat(facts["title"]) not in flat:
        problems.append(f"{letter.id}: title {facts['title']!r} is not printed")
    swiss = text.replace("ss", "ß")
    named = any(p["name"] in text or p["name"] in swiss for p in RECEIVING_PRACTICES)
    if not named and not letter.handwritten:
        problems.append(f"{letter.id}: no receiving practice is named")
    entry = truth["register"]
    if entry is None:
        same = [p for p in people.values() if p.full_name == patient["full_name"]]
        born = facts["birth_date"]
        if any(p.birth_date.isoformat() == born for p in same):
            problems.append(f"{letter.id}: the unregistered patient is in the register")
        return
    person = people.get(entry["id"])
    if person is None or patient["register_id"] != person.id:
        problems.append(f"{letter.id}: register id {entry['id']} is not in the register")
        return
    if patient["full_name"] != person.full_name or (entry["collision"] or "") != person.collision:
        problems.append(f"{letter.id}: patient facts differ from the register")
    if facts["birth_date"] not in (None, person.birth_date.isoformat()):
        problems.append(f"{letter.id}: birth date differs from the register")
    if facts["patient_id"] not in (None, person.id) or (
        facts["patient_id"] and person.id not in text
    ):
        problems.append(f"{letter.id}: patient_id is wrong")


def check_layout(letter: letters.Letter, problems: list[str]) -> None:
    covers = [page for label, page in letter.fax_pages() if label == "cover"]
    for number, page in enumerate([*letter.scan_pages, *covers], start=1):
        clashes = _overlaps(page)
        if clashes:
            problems.append(f"{letter.id}: page {number} has overlapping lines at {clashes[:3]}")
        for line in page.lines:
            left = line.left()
            right = left + width_mm(line.text, line.font, line.size)
            if left < 3 or right > PAGE_W - 3 or line.y > 292 or line.y < 8:
                problems.append(
                    f"{letter.id}: page {number} line {line.text[:30]!r} is off the page"
                )


def _overlaps(page: Page) -> list[str]:
    boxes = []
    for line in page.lines:
        left = line.left()
        right = left + width_mm(line.text, line.font, line.size)
        boxes.append((left, line.y - line.size * 0.3, right, line.y))
    clashes = []
    for index, (x0, y0, x1, y1) in enumerate(boxes):
        for a0, b0, a1, b1 in boxes[index + 1 :]:
            if x0 < a1 + 1.5 and a0 < x1 + 1.5 and y0 < b1 - 0.3 and b0 < y1 - 0.3:
                clashes.append(f"({x0:.0f},{y1:.0f})")
    return clashes


def check_letter(letter: letters.Letter, people: People, problems: list[str]) -> dict[str, int]:
    truth = letter.truth()
    json.dumps(truth)
    if set(truth) != TRUTH_KEYS or set(truth["facts"]) != FACT_KEYS:
        problems.append(f"{letter.id}: truth keys differ from the interface")
    if set(truth["facts"]["patient"]) != PATIENT_KEYS:
        problems.append(f"{letter.id}: patient keys differ from the interface")
    files: dict[str, bytes] = {}
    for condition in letter.conditions_available():
        files |= letter.render(condition)
    listed = {e["file"] for c in truth["conditions"].values() for e in c["pages"]}
    if listed != set(files):
        problems.append(f"{letter.id}: files {sorted(set(files) ^ listed)} differ from the truth")
        return {}
    if "pdf" in truth["conditions"]:
        check_pdf(letter, truth, files["pdf/letter.pdf"], problems)
    elif not letter.handwritten:
        problems.append(f"{letter.id}: a typed letter without a PDF")
    check_images(letter, truth, files, problems)
    check_facts(letter, truth, people, problems)
    check_layout(letter, problems)
    fax_pages = truth["conditions"]["fax"]["pages"]
    return {
        "pages": len(letter.pages),
        "cover": int(truth["fax"]["cover_sheet"]),
        "fax_pages": len(fax_pages),
        "handwritten": int(letter.handwritten),
        "in_register": int(truth["register"] is not None),
        "birth_null": int(truth["facts"]["birth_date"] is None),
        "date_null": int(truth["facts"]["letter_date"] is None),
        "sender_null": int(truth["facts"]["sender"] is None),
        "title_null": int(truth["facts"]["title"] is None),
    }


def check_register(people: list[register.Patient], problems: list[str]) -> None:
    ids = [p.id for p in people]
    if len(people) != 5000 or len(set(ids)) != len(ids):
        problems.append(f"register: {len(people)} patients, {len(set(ids))} ids")
    groups = collections.Counter(p.collision_group for p in people if p.collision_group)
    kinds = {p.collision_group: p.collision for p in people if p.collision_group}
    lonely = [g for g, n in groups.items() if n < 2 and kinds[g] != "name_change"]
    if lonely:
        problems.append(f"register: groups of one {lonely[:5]}")
    with tempfile.TemporaryDirectory() as folder:
        register.write_all(people, Path(folder))
        with open(Path(folder) / "patients.csv", encoding="utf-8") as stream:
            rows = list(csv.DictReader(stream))
        if len(rows) != len(people) or list(rows[0]) != register.CSV_COLUMNS:
            problems.append("register: CSV rows or columns wrong")
        for gdt in list((Path(folder) / "gdt").iterdir())[:400]:
            data = gdt.read_bytes()
            lines = data.split(b"\r\n")[:-1]
            if any(int(line[:3]) != len(line) + 2 for line in lines):
                problems.append(f"register: {gdt.name} has a wrong line length")
            total = next(int(line[7:]) for line in lines if line[3:7] == b"8100")
            if total != len(data) or not lines[0].endswith(b"80006301"):
                problems.append(f"register: {gdt.name} record length {total} != {len(data)}")
        bundle = json.loads((Path(folder) / "patients.bundle.json").read_text(encoding="utf-8"))
        ndjson = (Path(folder) / "patients.ndjson").read_text(encoding="utf-8").splitlines()
        if bundle["type"] != "collection" or len(bundle["entry"]) != 5000 or len(ndjson) != 5000:
            problems.append("register: FHIR bundle or NDJSON wrong")
    print(
        f"register: {len(people)} patients; collisions "
        f"{dict(collections.Counter(p.collision for p in people))}"
    )


def check_determinism(problems: list[str]) -> None:
    once, again = letters.split("test"), letters.split("test")
    for one, two in zip(once, again, strict=True):
        if json.dumps(one.truth()) != json.dumps(two.truth()):
            problems.append(f"{one.id}: truth differs between two runs")
    first, second = letters.split("examples"), letters.split("examples")
    for one, two in zip(first, second, strict=True):
        if json.dumps(one.truth()) != json.dumps(two.truth()):
            problems.append(f"{one.id}: truth differs between two runs")
        for condition in one.conditions_available():
            a = {k: hashlib.sha256(v).hexdigest() for k, v in one.render(condition).items()}
            b = {k: hashlib.sha256(v).hexdigest() for k, v in two.render(condition).items()}
            if a != b:
                problems.append(f"{one.id}: {condition} bytes differ between two runs")


def main() -> int:
    problems: list[str] = []
    people = register.build()
    check_register(people, problems)
    by_id = {p.id: p for p in people}
    try:
        letters.split("dev")
        problems.append("split('dev') does not raise")
    except ValueError:
        pass
    for name, expected in letters.COUNTS.items():
        chosen = letters.split(name)
        if len(chosen) != expected:
            problems.append(f"{name}: {len(chosen)} letters, expected {expected}")
        totals: collections.Counter[str] = collections.Counter()
        for letter in chosen:
            totals.update(check_letter(letter, by_id, problems))
        languages = collections.Counter(letter.truth()["language"] for letter in chosen)
        print(f"{name}: {len(chosen)} letters, seed {letters.SEEDS[name]}, {dict(totals)}")
        print(f"{name}: languages {dict(languages)}")
    check_determinism(problems)
    for problem in problems:
        print("PROBLEM", problem)
    print(f"problems: {len(problems)}")
    return 1 if problems else 0


if __name__ == "__main__":
    raise SystemExit(main())
