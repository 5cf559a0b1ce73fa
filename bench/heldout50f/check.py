# SPDX-License-Identifier: AGPL-3.0-or-later
# mypy: disable-error-code="no-untyped-call"
"""Self-check of the set: every truth value printed in every condition's transcription, the
PDF's text layer equal to the transcription, rendering deterministic, the register consistent.

    python -m bench.heldout50f.check             # all letters, every condition rendered twice
    python -m bench.heldout50f.check --sweep 6   # also 480 letters of seeds 1-6, not rendered
"""

from __future__ import annotations

import csv
import datetime
import io
import json
import re
import sys
import tempfile
from pathlib import Path
from typing import Any

import pymupdf
from PIL import Image

from bench.heldout50f import dates, letters, people, register
from bench.heldout50f.sheet import MM_PER_PT, Line, width_mm

Truth = dict[str, Any]
KEYS = ["patient", "birth_date", "letter_date", "sender", "sender_alternatives", "title"]
KEYS += ["title_alternatives", "patient_id", "other_dates", "other_people"]


def _fold(text: str) -> str:
    return " ".join(text.casefold().split())


def _has_date(text: str, iso: str) -> bool:
    day = datetime.date.fromisoformat(iso)
    folded = text.casefold()
    for spelling in dates.spellings(day):
        if re.search(rf"(?<![\d]){re.escape(spelling.casefold())}(?![\d])", folded):
            return True
    return False


def _words_present(phrase: str, text: str) -> bool:
    """Every word of the phrase printed, letter case and accents aside (KILIÇ for Kılıç)."""
    folded = _fold(people.plain_latin(text))
    words = _fold(people.plain_latin(phrase)).split()
    return all(word.strip(",.()") in folded for word in words)


def facts_problems(truth: Truth, condition: str, text: str) -> list[str]:
    """What the truth claims that this condition's transcription does not print."""
    facts = truth["facts"]
    patient = facts["patient"]
    out = []
    if patient["as_written"] not in text:
        out.append(f"patient as written {patient['as_written']!r}")
    if not _words_present(patient["full_name_as_letter"], text):
        out.append(f"patient name {patient['full_name_as_letter']!r}")
    for key in ("birth_date", "letter_date"):
        if facts[key] and not _has_date(text, facts[key]):
            out.append(f"{key} {facts[key]}")
    for other in facts["other_dates"]:
        if not _has_date(text, other["date"]):
            out.append(f"other date {other}")
    for key in ("sender", "title"):
        if facts[key] and _fold(facts[key]) not in _fold(text):
            out.append(f"{key} {facts[key]!r}")
    for key in ("sender_alternatives", "title_alternatives"):
        out += [f"{key} {v!r}" for v in facts[key] if not _words_present(v, text)]
    out += [f"person {p['name']!r}" for p in facts["other_people"] if p["name"] not in text]
    if facts["patient_id"] and facts["patient_id"] not in text:
        out.append(f"patient id {facts['patient_id']}")
    return [f"{truth['id']} {condition}: {problem} not printed" for problem in out]


def fax_problems(letter: letters.Letter, truth: Truth) -> list[str]:
    """Each fax page opens with the header: the sending time, date and number."""
    out = []
    sent = datetime.datetime.fromisoformat(truth["fax"]["sent"])
    pages = truth["conditions"]["fax"]["pages"]
    for page in pages:
        head = page["text"].split("\n", 1)[0]
        if sent.strftime("%H:%M") not in head or not _has_date(head, sent.date().isoformat()):
            out.append(f"{truth['id']} fax {page['page']}: header without the sending time")
        if letter.draft.fax_number not in head:
            out.append(f"{truth['id']} fax {page['page']}: header without the sending number")
    if truth["fax"]["cover_sheet"] != (pages[0]["page"] == "cover"):
        out.append(f"{truth['id']} fax: cover sheet flag and pages disagree")
    if pages[0]["page"] == "cover":
        cover = pages[0]["text"]
        practice, _ = letter.draft.addressee
        if practice not in cover or f"\n{len(pages)}" not in cover.replace(": ", ":\n"):
            out.append(f"{truth['id']} fax: the cover sheet lacks the recipient or page count")
    return out


def image_problems(name: str, condition: str, rendered: dict[str, bytes]) -> list[str]:
    """A scan is a 200 dpi greyscale JPEG; a fax page a 1728-pixel-wide 204 x 98 dpi G4 TIFF."""
    out = []
    for file, data in rendered.items():
        image = Image.open(io.BytesIO(data))
        if condition == "scan200":
            ok = image.format == "JPEG" and image.mode == "L"
            ok = ok and tuple(round(d) for d in image.info.get("dpi", (0, 0))) == (200, 200)
        else:
            ok = image.format == "TIFF" and image.mode == "1" and image.width == 1728
            ok = ok and image.info.get("compression") == "group4"
            ok = ok and tuple(round(d) for d in image.info.get("dpi", (0, 0))) == (204, 98)
        if not ok:
            out.append(f"{name} {file}: not the condition's image format")
    return out


def pdf_problems(truth: Truth, data: bytes) -> list[str]:
    """The PDF's text layer holds every transcribed line."""
    out = []
    document = pymupdf.open(stream=data, filetype="pdf")
    for row in truth["conditions"]["pdf"]["pages"]:
        layer = _fold(document[row["pdf_page"] - 1].get_text())
        for line in row["text"].split("\n"):
            if _fold(line) not in layer:
                out.append(f"{truth['id']} pdf {row['page']}: text layer lacks {line!r}")
    return out


def _box(line: Line) -> tuple[float, float, float, float]:
    height = line.size * MM_PER_PT
    right = line.x + width_mm(line.text, line.font, line.size) * (1.1 if line.hand else 1.0)
    return line.x, line.y - 0.75 * height, right, line.y + 0.2 * height


def layout_problems(letter: letters.Letter) -> list[str]:
    """Every line inside its page, no two lines printed over each other."""
    out = []
    for number, page in enumerate(letter.draft.sheet.pages, 1):
        boxes = [(_box(line), line.text) for line in page.lines]
        for (x0, y0, x1, y1), text in boxes:
            if x0 < 5 or y0 < 10 or x1 > page.width - 5 or y1 > page.height - 5:
                out.append(f"{letter.id} p{number}: {text!r} leaves the page")
        for i, (a, text_a) in enumerate(boxes):
            for b, text_b in boxes[i + 1 :]:
                if (
                    a[0] < b[2] - 0.5
                    and b[0] < a[2] - 0.5
                    and a[1] < b[3] - 0.3
                    and b[1] < a[3] - 0.3
                ):
                    out.append(f"{letter.id} p{number}: {text_a!r} overlaps {text_b!r}")
    return out


def letter_problems(letter: letters.Letter) -> list[str]:
    truth = letter.truth()
    out = [f"{truth['id']}: facts lack {k}" for k in KEYS if k not in truth["facts"]]
    out += layout_problems(letter)
    json.dumps(truth)
    for condition, body in truth["conditions"].items():
        text = "\n".join(page["text"] for page in body["pages"])
        out += facts_problems(truth, condition, text)
        if truth["facts"]["birth_date"] is None and _has_date(text, letter.birth.isoformat()):
            out.append(f"{truth['id']} {condition}: birth date printed, truth says none")
        rendered = letter.render(condition)
        if rendered != letter.render(condition):
            out.append(f"{truth['id']} {condition}: two renderings differ")
        files = {page["file"] for page in body["pages"]}
        if files != set(rendered):
            out.append(
                f"{truth['id']} {condition}: files {sorted(rendered)} vs truth {sorted(files)}"
            )
        if condition == "pdf":
            out += pdf_problems(truth, rendered["pdf/letter.pdf"])
        else:
            out += image_problems(truth["id"], condition, rendered)
    out += fax_problems(letter, truth)
    if not letter.draft.handwritten and "pdf" not in truth["conditions"]:
        out.append(f"{truth['id']}: no pdf condition")
    return out


def register_problems(patients: list[register.Patient]) -> list[str]:
    out = []
    if len(patients) < 5000:
        out.append(f"register: only {len(patients)} patients")
    if len({p.id for p in patients}) != len(patients):
        out.append("register: ids are not unique")
    groups: dict[str, list[register.Patient]] = {}
    for p in patients:
        if p.collision_group:
            groups.setdefault(p.collision_group, []).append(p)
    for name, members in sorted(groups.items()):
        out += [f"register {name}: {problem}" for problem in _group_problems(members)]
    return out


def _group_problems(members: list[register.Patient]) -> list[str]:
    kinds = {m.collision for m in members}
    if len(members) < 2 or len(kinds) != 1:
        return ["fewer than two members or mixed kinds"]
    a, b = members[0], members[1]
    kind = kinds.pop()
    same_birth = a.birth_date == b.birth_date
    if kind == "same_name_same_birth":
        ok = all((m.surname, m.given_names) == (a.surname, a.given_names) for m in members)
        ok = ok and all(m.birth_date == a.birth_date for m in members)
    elif kind == "twin":
        ok = a.surname == b.surname and same_birth and a.given_names != b.given_names
    elif kind == "name_change":
        earlier = {n for m in members for n in [m.birth_name, *m.former_names] if n}
        ok = bool(earlier & {a.surname, b.surname}) and a.given_names == b.given_names
    else:
        ok = people.transliterate(a.surname) == people.transliterate(b.surname) != a.surname
        ok = (ok or a.surname != b.surname) and a.given_names == b.given_names
    return [] if ok else [f"{kind} group does not hold its kind"]


def truth_register_problems(
    truth: Truth, birth: datetime.date, index: dict[str, register.Patient]
) -> list[str]:
    patient, reg = truth["facts"]["patient"], truth["register"]
    name = truth["id"]
    if reg is None:
        clash = [
            p
            for p in index.values()
            if p.clerk_name == patient["full_name"] and p.birth_date == birth
        ]
        return [f"{name}: absent patient is in the register"] if clash else []
    p = index.get(reg["id"])
    if p is None:
        return [f"{name}: register id {reg['id']} unknown"]
    out = []
    if (p.clerk_name, p.surname, p.given_names) != (
        patient["full_name"],
        patient["surname"],
        patient["given_names"],
    ):
        out.append(f"{name}: patient name differs from the register's")
    if truth["facts"]["birth_date"] not in (None, p.birth_date.isoformat()):
        out.append(f"{name}: birth date differs from the register's")
    if (reg["collision"] or "", reg["collision_group"] or "") != (p.collision, p.collision_group):
        out.append(f"{name}: collision fields differ from the register's")
    return out


def written_problems(patients: list[register.Patient]) -> list[str]:
    """write_all's files read back: CSV rows, GDT record lengths, FHIR entries."""
    out = []
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        register.write_all(patients, root)
        rows = list(csv.DictReader(io.StringIO((root / "patients.csv").read_text("utf-8"))))
        if len(rows) != len(patients) or list(rows[0]) != register.CSV_FIELDS:
            out.append("register csv: rows or header wrong")
        for patient in patients[:400]:
            out += _gdt_problems(patient, (root / "gdt" / f"{patient.id}.gdt").read_bytes())
        bundle = json.loads((root / "patients.bundle.json").read_text("utf-8"))
        ndjson = (root / "patients.ndjson").read_text("utf-8").splitlines()
        if len(bundle["entry"]) != len(patients) or len(ndjson) != len(patients):
            out.append("register fhir: entry count wrong")
    return out


def _gdt_problems(patient: register.Patient, record: bytes) -> list[str]:
    lines = record.split(b"\r\n")[:-1]
    problems = [f"gdt {patient.id}: line length" for ln in lines if int(ln[:3]) != len(ln) + 2]
    fields = {ln[3:7].decode(): ln[7:].decode("latin-1") for ln in lines}
    if int(fields.get("8100", "0")) != len(record) or fields.get("8000") != "6301":
        problems.append(f"gdt {patient.id}: record length or type")
    if fields.get("3000") != patient.id or fields.get("9218") != "02.10":
        problems.append(f"gdt {patient.id}: id or version")
    return problems


def sweep_problems(seeds: int, index: dict[str, register.Patient]) -> list[str]:
    """Truth against transcription, layout and register for 80 letters of each other seed
    (1..seeds), without rendering: the generator holds beyond the two published splits."""
    out = []
    for seed in range(1, seeds + 1):
        for letter in letters.generate(80, seed, f"sweep{seed}"):
            truth = letter.truth()
            for condition, body in truth["conditions"].items():
                text = "\n".join(page["text"] for page in body["pages"])
                out += facts_problems(truth, condition, text)
            out += layout_problems(letter) + fax_problems(letter, truth)
            out += truth_register_problems(truth, letter.birth, index)
    return out


def main(argv: list[str]) -> int:
    problems: list[str] = []
    try:
        letters.split("dev")
        problems.append("split('dev') did not raise")
    except ValueError:
        pass
    patients = register.build()
    index = {p.id: p for p in patients}
    problems += register_problems(patients) + written_problems(patients)
    counts = {}
    for name in ("test", "examples"):
        chosen = letters.split(name)
        counts[name] = len(chosen)
        for letter in chosen:
            problems += letter_problems(letter)
            problems += truth_register_problems(letter.truth(), letter.birth, index)
    seeds = int(argv[argv.index("--sweep") + 1]) if "--sweep" in argv else 0
    problems += sweep_problems(seeds, index)
    for problem in problems:
        print(problem)
    swept = f"; swept {seeds * 80} letters of seeds 1-{seeds}" if seeds else ""
    print(f"letters: {counts}; register: {len(patients)} patients{swept}")
    print(f"problems: {len(problems)}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
