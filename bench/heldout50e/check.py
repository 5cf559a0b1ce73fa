"""Self-check of the set: python -m bench.heldout50e.check (prints "problems: N")."""

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
import time
from pathlib import Path

import pymupdf
from fhir.resources.R4B.bundle import Bundle
from PIL import Image

from . import letters, register
from .letters import Letter
from .render import Item, width_mm
from .sheet import spellings


def _present(text: str, iso: str) -> bool:
    import datetime as dt

    return any(form in text for form in spellings(dt.date.fromisoformat(iso)))


def _facts(truth: dict, condition: str, text: str) -> list[str]:
    facts, problems = truth["facts"], []
    text = " ".join(text.split())  # a date or name wrapped onto the next line is still printed
    patient = facts["patient"]
    if patient["as_written"] not in text:
        problems.append(f"patient as written {patient['as_written']!r} not printed")
    else:
        surname = patient["full_name_as_letter"].split()[-1]
        first = re.search(rf"\b{re.escape(surname)}\b", text, re.IGNORECASE)
        if first and first.start() < text.index(patient["as_written"]):
            problems.append(f"the surname {surname!r} appears before the first mention")
    for key in ("birth_date", "letter_date"):
        if facts[key] and not _present(text, facts[key]):
            problems.append(f"{key} {facts[key]} not printed")
    for item in facts["other_dates"]:
        elsewhere = "only)" in item["role"] and f"{condition} only" not in item["role"]
        if not elsewhere and not _present(text, item["date"]):
            problems.append(f"other date {item} not printed")
    for key in ("sender", "title", "patient_id"):
        if facts[key] and facts[key].casefold() not in text.casefold():
            problems.append(f"{key} {facts[key]!r} not printed")
    for item in facts["other_people"]:
        if item["name"] not in text:
            problems.append(f"other person {item['name']!r} not printed")
    return [f"{truth['id']} {condition}: {p}" for p in problems]


def _pdf(truth: dict, data: bytes) -> list[str]:
    pages = truth["conditions"]["pdf"]["pages"]
    document = pymupdf.open("pdf", data)
    problems = []
    if len(document) != len(pages):
        problems.append(f"{truth['id']}: PDF has {len(document)} pages, truth {len(pages)}")
    for page, spec in zip(document, pages, strict=False):
        layer = sorted(word[4] for word in page.get_text("words"))
        if layer != sorted(spec["text"].split()):
            problems.append(f"{truth['id']} {spec['page']}: text layer differs from transcription")
        for word in page.get_text("words"):
            if word[0] < 0 or word[2] > page.rect.width + 0.5 or word[3] > page.rect.height:
                problems.append(f"{truth['id']} {spec['page']}: {word[4]!r} off the page")
    return problems


def _images(truth: dict, files: dict[str, bytes], condition: str) -> list[str]:
    problems = []
    for name, data in files.items():
        image = Image.open(io.BytesIO(data))
        dpi = tuple(round(float(v)) for v in image.info.get("dpi", (0, 0)))
        if condition == "fax":
            compression = image.info.get("compression")
            if (image.width, image.mode, dpi, compression) != (1728, "1", (204, 98), "group4"):
                problems.append(
                    f"{truth['id']} {name}: {image.width} px {image.mode} {dpi} "
                    f"{compression}, not a 1728 px G4 fax at 204x98 dpi"
                )
        elif dpi != (200, 200) or image.format != "JPEG":
            problems.append(f"{truth['id']} {name}: {image.format} {dpi}, not a 200 dpi JPEG")
    return problems


def _span(item: Item) -> tuple[float, float]:
    width = width_mm(item.text, item.size, item.font)
    left = {"right": item.x - width, "centre": item.x - width / 2}.get(item.align, item.x)
    return left, left + width


def check_overlaps(letter: Letter) -> list[str]:
    """No two texts on one baseline run into each other, and none leaves the paper."""
    problems = []
    for number, page in enumerate(letter.pages("scan200"), 1):
        rows: dict[int, list[tuple[float, float, str]]] = {}
        for item in page.items:
            left, right = _span(item)
            if left < 3 or right > 207:
                problems.append(f"{letter.id} p{number}: {item.text[:30]!r} leaves the paper")
            rows.setdefault(round(item.y * 2), []).append((left, right, item.text))
        for row in rows.values():
            row.sort()
            for (_, end, text), (start, _, following) in itertools.pairwise(row):
                if start < end + 1:
                    problems.append(
                        f"{letter.id} p{number}: {text[:20]!r} runs into {following[:20]!r}"
                    )
    return problems


def check_letter(letter: Letter) -> list[str]:
    truth = json.loads(json.dumps(letter.truth()))
    problems = check_overlaps(letter)
    if set(truth["conditions"]) != set(letter.conditions()):
        problems.append(f"{truth['id']}: conditions {sorted(truth['conditions'])}")
    for condition, spec in truth["conditions"].items():
        files = letter.render(condition)
        if sorted(files) != sorted({page["file"] for page in spec["pages"]}):
            problems.append(f"{truth['id']} {condition}: files {sorted(files)} differ")
        text = "\n".join(page["text"] for page in spec["pages"])
        problems += _facts(truth, condition, text)
        if condition == "pdf":
            problems += _pdf(truth, files["pdf/letter.pdf"])
        else:
            problems += _images(truth, files, condition)
    pages = truth["conditions"]["fax"]["pages"]
    for number, page in enumerate(pages, 1):
        header = page["text"].split("\n")[0]
        if not re.search(rf"\b0*{number}\D+0*{len(pages)}$", header):
            problems.append(f"{truth['id']} fax page {number}: no header line {header!r}")
        sent = dt.datetime.fromisoformat(truth["fax"]["sent"])
        forms = [*spellings(sent.date()), sent.strftime("%b-%d-%Y").upper()]
        if sent.strftime("%H:%M") not in header or not any(f in header for f in forms):
            problems.append(f"{truth['id']} fax page {number}: transmission time not in header")
    if truth["fax"]["cover_sheet"] != (truth["conditions"]["fax"]["pages"][0]["page"] == "cover"):
        problems.append(f"{truth['id']}: cover sheet flag differs from the fax pages")
    return problems


def _gdt(data: bytes, person: register.Patient) -> list[str]:
    lines = data.split(b"\r\n")[:-1]
    problems = [f"GDT {person.id}: line length" for line in lines if int(line[:3]) != len(line) + 2]
    fields = {line[3:7].decode(): line[7:].decode("iso-8859-1") for line in lines}
    if int(fields["8100"]) != len(data) or fields["3101"] != register.latin1(person.surname):
        problems.append(f"GDT {person.id}: record length or surname wrong")
    return problems


def check_register() -> list[str]:
    patients = register.build()
    problems = []
    if len(patients) < 5000 or len({p.id for p in patients}) != len(patients):
        problems.append("register: fewer than 5,000 patients or duplicate ids")
    with tempfile.TemporaryDirectory() as folder:
        register.write_all(patients, Path(folder))
        with (Path(folder) / "patients.csv").open(encoding="utf-8") as stream:
            rows = list(csv.DictReader(stream))
        bundle = json.loads((Path(folder) / "patients.bundle.json").read_text("utf-8"))
        ndjson = (Path(folder) / "patients.ndjson").read_text("utf-8").splitlines()
        try:  # the FHIR definitions (a dev dependency of the repository)
            Bundle.model_validate(bundle)
        except ValueError as error:
            problems.append(f"register: the Bundle is not valid FHIR: {str(error)[:200]}")
        if not len(rows) == len(bundle["entry"]) == len(ndjson) == len(patients):
            problems.append("register: CSV, Bundle and NDJSON counts differ")
        for person in patients[::97]:
            problems += _gdt((Path(folder) / "gdt" / f"{person.id}.gdt").read_bytes(), person)
    return problems


def check_the_check(letter: Letter) -> list[str]:
    """The check must notice a wrong letter date, a wrong sender and a wrong patient."""
    truth = json.loads(json.dumps(letter.truth()))
    text = "\n".join(page["text"] for page in truth["conditions"]["scan200"]["pages"])
    problems = []
    for key, wrong in (("letter_date", "1901-01-02"), ("sender", "Nobody's Hospital")):
        broken = json.loads(json.dumps(truth))
        broken["facts"][key] = wrong
        if not _facts(broken, "scan200", text):
            problems.append(f"the check did not notice a wrong {key}")
    broken = json.loads(json.dumps(truth))
    broken["facts"]["patient"]["as_written"] = "Zzyzx, Quentin"
    if not _facts(broken, "scan200", text):
        problems.append("the check did not notice a wrong patient")
    return problems


def digest(name: str) -> str:
    """One hash over every file and truth of a split."""
    total = hashlib.sha256()
    for letter in letters.split(name):
        for condition in letter.conditions():
            for _, data in sorted(letter.render(condition).items()):
                total.update(data)
        total.update(json.dumps(letter.truth(), sort_keys=True).encode())
    return total.hexdigest()


def check_other_process() -> list[str]:
    """The examples come out byte for byte the same in a process with another hash seed."""
    code = "from bench.heldout50e.check import digest; print(digest('examples'))"
    environment = {**os.environ, "PYTHONHASHSEED": "12345"}
    other = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, env=environment
    ).stdout.strip()
    return [] if other == digest("examples") else ["examples differ in another process"]


def main() -> None:
    started = time.process_time()
    problems = check_register()
    problems += check_the_check(letters.split("examples")[0])
    problems += check_other_process()
    try:
        letters.split("dev")
        problems.append("split('dev') did not raise")
    except ValueError:
        pass
    layouts: set[str] = set()
    for name in ("test", "examples"):
        chosen = letters.split(name)
        if name == "test" and len(chosen) != 40:
            problems.append(f"test has {len(chosen)} letters")
        for letter in chosen:
            problems += check_letter(letter)
            layouts.add(letter.draft.layout)
    again = letters.split("test")[0]
    if again.render("fax") != letters.split("test")[0].render("fax"):
        problems.append("rendering is not deterministic")
    for problem in problems:
        print(problem)
    print(f"register: {register.collision_counts(register.build())}")
    print(f"layouts: {len(layouts)}; CPU {time.process_time() - started:.1f} s")
    print(f"problems: {len(problems)}")


if __name__ == "__main__":
    main()
