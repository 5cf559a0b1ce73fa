# SPDX-License-Identifier: AGPL-3.0-or-later
"""python -m bench.heldout50g.check: the set's self-check, ending with "problems: N"."""

from __future__ import annotations

import csv
import io
import json
import sys
import tempfile
from collections import defaultdict
from pathlib import Path

from fhir.resources.R4B.patient import Patient as FhirPatient
from PIL import Image

from bench.heldout50g import letters, register, render

TOP_KEYS = {
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
PATIENT_KEYS = {
    "full_name",
    "surname",
    "given_names",
    "as_written",
    "full_name_as_letter",
    "register_id",
}


def check_keys(letter_id: str, truth: dict, hand: bool, problems: list[str]) -> None:
    """The interface's keys are all there (the set adds only `printed`)."""
    missing = (TOP_KEYS - set(truth)) | (FACT_KEYS - set(truth["facts"]))
    missing |= PATIENT_KEYS - set(truth["facts"]["patient"])
    if missing:
        problems.append(f"{letter_id}: truth.json lacks {sorted(missing)}")
    wanted = {"scan200", "fax"} if hand else {"pdf", "scan200", "fax"}
    if set(truth["conditions"]) != wanted:
        problems.append(f"{letter_id}: conditions {sorted(truth['conditions'])}")


def check_letter(letter: letters.Letter, problems: list[str]) -> None:
    truth = letter.truth()
    json.dumps(truth)
    check_keys(letter.id, truth, letter.ctx.handwritten, problems)
    facts, printed = truth["facts"], truth["printed"]
    for condition, pages in truth["conditions"].items():
        joined = "\n".join(page["text"] for page in pages["pages"])
        wanted = [
            *printed["all"],
            facts["sender"],
            facts["title"],
            facts["patient"]["as_written"],
            printed["letter_date"],
            printed["birth_date"],
        ]
        for value in filter(None, wanted):
            if value not in joined:
                problems.append(f"{letter.id} {condition}: {value!r} is not printed")
        files = letter.render(condition)
        if files != letter.render(condition):
            problems.append(f"{letter.id} {condition}: rendering twice gives other bytes")
        if set(files) != {page["file"] for page in pages["pages"]}:
            problems.append(f"{letter.id} {condition}: files differ from the truth's pages")
        if condition == "pdf":
            layer = render.pdf_texts(files["pdf/letter.pdf"])
            if layer != [page["text"] for page in pages["pages"]]:
                problems.append(f"{letter.id}: the PDF text layer differs from the transcription")
        for name, data in files.items():
            check_image(letter.id, name, data, problems)
    if facts["letter_date"] and printed["letter_date"] is None:
        problems.append(f"{letter.id}: a letter date without its printed form")
    if facts["sender"] and facts["sender"] in facts["sender_alternatives"]:
        problems.append(f"{letter.id}: the sender repeats among its alternatives")


def check_image(letter_id: str, name: str, data: bytes, problems: list[str]) -> None:
    if name.endswith(".pdf"):
        return
    image = Image.open(io.BytesIO(data))
    if name.endswith(".tif"):
        good = (
            image.mode == "1"
            and image.width == 1728
            and image.info.get("compression") == "group4"
            and tuple(round(v) for v in image.info["dpi"]) == (204, 98)
        )
    else:
        good = image.mode == "L" and round(image.info["dpi"][0]) == 200
    if not good:
        problems.append(f"{letter_id} {name}: wrong image format")


def check_register(patients: list[register.Patient], problems: list[str]) -> None:
    by_id = {p.id: p for p in patients}
    if len(by_id) != len(patients) or len(patients) < 5000:
        problems.append("register: ids are not unique or fewer than 5000 patients")
    groups: dict[str, list[register.Patient]] = defaultdict(list)
    for patient in patients:
        if patient.collision_group:
            groups[patient.collision_group].append(patient)
    for group, members in groups.items():
        first, second = members[0], members[-1]
        kind = first.collision
        fine = len(members) >= 2 and all(m.collision == kind for m in members)
        if kind == "same_name_same_birth":
            fine &= (first.full_name, first.birth_date) == (second.full_name, second.birth_date)
        elif kind == "twin":
            fine &= (first.surname, first.birth_date) == (second.surname, second.birth_date)
        elif kind == "name_change":
            fine &= first.birth_name == second.surname and first.surname != second.surname
        elif kind == "umlaut_spelling":
            fine &= register.transliterate(first.surname) == second.surname != first.surname
        if not fine:
            problems.append(f"register: group {group} ({kind}) is not what it says")
    with tempfile.TemporaryDirectory() as folder:
        register.write_all(patients, Path(folder))
        rows = list(csv.DictReader((Path(folder) / "patients.csv").open(encoding="utf-8")))
        bundle = json.loads((Path(folder) / "patients.bundle.json").read_text(encoding="utf-8"))
        gdt_files = list((Path(folder) / "gdt").iterdir())
        ndjson = (Path(folder) / "patients.ndjson").read_text(encoding="utf-8").splitlines()
        sample = (Path(folder) / "gdt" / f"{patients[0].id}.gdt").read_bytes()
    for resource in bundle["entry"][:: len(patients) // 50]:
        try:
            FhirPatient.model_validate(resource["resource"])
        except ValueError as error:
            problems.append(f"register: a FHIR Patient does not validate: {error}")
    if not len(rows) == len(bundle["entry"]) == len(gdt_files) == len(ndjson) == len(patients):
        problems.append("register: the four files do not hold every patient")
    lines = sample.split(b"\r\n")[:-1]
    if any(int(line[:3]) != len(line) + 2 for line in lines):
        problems.append("register: a GDT line's length field is wrong")
    if int(lines[1][7:]) != len(sample):
        problems.append("register: the GDT record length (8100) is wrong")


def check_truth_against_register(split: list[letters.Letter], problems: list[str]) -> None:
    patients = register.build()
    by_id = {p.id: p for p in patients}
    known = {(p.full_name, p.birth_date) for p in patients}
    for letter in split:
        truth = letter.truth()
        facts = truth["facts"]
        name = facts["patient"]["full_name"]
        if truth["register"] is None:
            if (name, letter.ctx.patient.birth.isoformat()) in known:
                problems.append(f"{letter.id}: says not in the register, but is")
            continue
        patient = by_id.get(truth["register"]["id"])
        if patient is None or patient.full_name != name:
            problems.append(f"{letter.id}: the register id does not match the patient")
        elif facts["birth_date"] not in (None, patient.birth_date):
            problems.append(f"{letter.id}: the birth date differs from the register")


def main() -> int:
    problems: list[str] = []
    check_register(register.build(), problems)
    test = letters.split("test")
    layouts = {letter.layout for letter in test}
    if len(test) != 40 or len(letters.split("examples")) != 6 or len(layouts) < 30:
        problems.append(
            f"split sizes or layouts wrong ({len(test)} letters, {len(layouts)} layouts)"
        )
    try:
        letters.split("dev")
        problems.append("split('dev') does not raise")
    except ValueError:
        pass
    for split in (test, letters.split("examples")):
        check_truth_against_register(split, problems)
        for letter in split:
            check_letter(letter, problems)
    for problem in problems:
        print(problem)
    print(f"letters: {len(test)} test + 6 examples, {len(layouts)} layouts in test")
    print(f"problems: {len(problems)}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
