"""Self-check of the ninth blind set: python -m bench.heldout50i.check

Every truth value is on the page where it should be (dates read back with an independent parser
of the regions' conventions), the fax conditions carry their header lines and cover sheets, the
examples render
byte-identically twice, and the register is consistent in all four formats. Ends with "problems: N".
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
import time
from collections import Counter
from pathlib import Path

import numpy as np
import pymupdf
from PIL import Image

from bench.heldout50i import letters, register, render
from bench.heldout50i.context import ASCII, transliterate
from bench.heldout50i.world import PRACTICES

MONTH_NAMES = {
    # German (also Austrian Jänner and the ae spelling of März), English, French, Dutch, Italian
    1: "januar jänner jaenner january janvier januari gennaio jan",
    2: "februar feber february février februari febbraio feb",
    3: "märz maerz march mars maart marzo mar",
    4: "april avril aprile apr",
    5: "mai may mei maggio",
    6: "juni june juin giugno jun",
    7: "juli july juillet luglio jul",
    8: "august août augustus agosto aug",
    9: "september septembre settembre sep",
    10: "oktober october octobre ottobre oct okt",
    11: "november novembre nov",
    12: "dezember december décembre dicembre dec dez",
}
MONTHS = {name: number for number, names in MONTH_NAMES.items() for name in names.split()}


def parse_date(text: str, region: str) -> dt.date | None:
    """Read one written date as a reader in the region would (US: month first; else day first)."""
    text = text.strip().lower()
    numeric = re.fullmatch(r"(\d{1,4})[./-](\d{1,2})[./-](\d{2,4})", text)
    if numeric:
        first, second, third = (int(part) for part in numeric.groups())
        if first > 999:
            return dt.date(first, second, third)
        year = third if third > 99 else (2000 + third if third <= 30 else 1900 + third)
        month, day = (first, second) if region == "US" else (second, first)
        return dt.date(year, month, day)
    words = re.fullmatch(r"(\d{1,2})(?:st|nd|rd|th|\.)?[ -]+([a-zäéûü]+)[ -]+(\d{4})", text)
    if words and words.group(2) in MONTHS:
        return dt.date(int(words.group(3)), MONTHS[words.group(2)], int(words.group(1)))
    american = re.fullmatch(r"([a-z]+) (\d{1,2})(?:st|nd|rd|th)?, (\d{4})", text)
    if american and american.group(1) in MONTHS:
        return dt.date(int(american.group(3)), MONTHS[american.group(1)], int(american.group(2)))
    return None


NUMERIC = re.compile(r"(?<![\d.])\d{1,2}[./-]\d{1,2}[./-](?:\d{4}|\d{2})(?![\d])")
WORDED = re.compile(
    r"\d{1,2}(?:st|nd|rd|th|\.)? ?[A-Za-zäéûü]+ \d{4}|[A-Z][a-z]+ \d{1,2}(?:st|nd|rd|th)?, \d{4}"
)


def dates_on(text: str, region: str) -> set[str]:
    """Every date written on the page, read in the region's convention (ISO strings)."""
    found = set()
    for match in [*NUMERIC.findall(text), *WORDED.findall(text)]:
        try:
            parsed = parse_date(match, region)
        except ValueError:
            continue
        if parsed:
            found.add(parsed.isoformat())
    return found


class Checker:
    def __init__(self) -> None:
        self.problems: list[str] = []

    def expect(self, condition: bool, message: str) -> None:
        if not condition:
            self.problems.append(message)

    def letter(self, truth: dict, patients: dict[str, register.Patient]) -> None:
        facts, ident = truth["facts"], truth["id"]
        conditions = truth["conditions"]
        handwritten = truth["handwritten"]
        self.expect(
            ("pdf" in conditions) != handwritten,
            f"{ident}: pdf condition must exist unless handwritten",
        )
        self.expect(
            {"scan200", "fax"} <= set(conditions), f"{ident}: scan200 and fax conditions required"
        )
        pages = {page["page"]: page["text"] for page in conditions["scan200"]["pages"]}
        for name in ("pdf",):
            for page in conditions.get(name, {}).get("pages", []):
                self.expect(
                    page["text"] == pages[page["page"]],
                    f"{ident}: pdf and scan text differ on {page['page']}",
                )
        everything = "\n".join(pages.values())
        self._patient(ident, facts, pages["p1"], patients, truth)
        for key in ("birth_date", "letter_date"):
            self._date(
                ident,
                key,
                facts[key],
                truth.get("evidence", {}).get(key),
                everything,
                truth["region"],
            )
        for key in ("sender", "title"):
            if facts[key] is not None:
                self.expect(
                    facts[key] in everything, f"{ident}: {key} {facts[key]!r} not on the page"
                )
        if facts["patient_id"]:
            self.expect(facts["patient_id"] in everything, f"{ident}: patient_id not printed")
        on_page = dates_on(everything, truth["region"])
        for other in facts["other_dates"]:
            self.expect(
                other["date"] in on_page,
                f"{ident}: {other['role']} date {other['date']} not on the page",
            )
            if other["role"] not in ("discharge",):
                self.expect(
                    other["date"] != facts["letter_date"],
                    f"{ident}: {other['role']} date equals the letter date",
                )
        if not handwritten:
            names = {p.name for p in PRACTICES} | {transliterate(p.name, ASCII) for p in PRACTICES}
            self.expect(
                any(name in pages["p1"] for name in names),
                f"{ident}: no receiving practice named on page 1",
            )
        self.expect(
            facts["sender"] not in {p.name for p in PRACTICES},
            f"{ident}: a receiving practice is the sender",
        )
        for number in range(2, len(pages) + 1):
            first = pages[f"p{number}"].split("\n")[0]
            self.expect(
                re.search(r"Seite|page|Blatt", first) is not None,
                f"{ident}: p{number} has no running header",
            )
        self._fax(ident, truth, pages)

    def _patient(
        self, ident: str, facts: dict, first_page: str, patients: dict, truth: dict
    ) -> None:
        patient = facts["patient"]
        self.expect(
            patient["as_written"] in first_page,
            f"{ident}: as_written {patient['as_written']!r} not on page 1",
        )
        words = set(re.findall(r"[\w-]+", first_page.casefold()))
        for word in patient["full_name_as_letter"].casefold().split():
            self.expect(word in words, f"{ident}: {word!r} of full_name_as_letter not on page 1")
        register_id = patient["register_id"]
        if register_id is None:
            self.expect(truth["register"] is None, f"{ident}: register entry without register id")
            return
        entry = patients.get(register_id)
        self.expect(entry is not None, f"{ident}: register id {register_id} not in the register")
        if entry is None:
            return
        self.expect(
            patient["full_name"] == entry.full_name, f"{ident}: full_name differs from the register"
        )
        if facts["birth_date"]:
            self.expect(
                facts["birth_date"] == entry.birth_date,
                f"{ident}: birth date differs from the register",
            )
        self.expect(
            (truth["register"]["collision"] or "") == entry.collision, f"{ident}: collision differs"
        )

    def _date(
        self, ident: str, key: str, value: str | None, evidence: dict | None, text: str, region: str
    ) -> None:
        if value is None:
            self.expect(evidence is None, f"{ident}: {key} is null but has evidence")
            return
        if evidence is None:
            self.problems.append(f"{ident}: {key} has no evidence")
            return
        self.expect(
            evidence["text"] in text, f"{ident}: {key} {evidence['text']!r} not on the page"
        )
        parsed = parse_date(evidence["text"], region)
        self.expect(
            parsed is not None and parsed.isoformat() == value,
            f"{ident}: {key} {evidence['text']!r} reads as {parsed} in {region}, truth {value}",
        )

    def _fax(self, ident: str, truth: dict, pages: dict[str, str]) -> None:
        fax = truth["fax"]
        fax_pages = truth["conditions"]["fax"]["pages"]
        total = len(fax_pages)
        self.expect(total == len(pages) + bool(fax["cover_sheet"]), f"{ident}: fax page count")
        self.expect(
            fax["sent"][:10] != truth["facts"]["letter_date"],
            f"{ident}: fax sent on the letter date",
        )
        for number, page in enumerate(fax_pages, 1):
            header = page["text"].split("\n")[0]
            self.expect(
                re.search(rf"(S\. |Seite |P\.0*){number}(/| von ){{1}}0*{total}\b", header)
                is not None,
                f"{ident}: fax header of page {number} lacks 'page {number}/{total}': {header!r}",
            )
            self.expect(
                fax["sender_fax"] in header, f"{ident}: fax header lacks the sender's number"
            )
            if page["page"] != "cover":
                self.expect(
                    page["text"].split("\n", 1)[1] == pages[page["page"]],
                    f"{ident}: fax text differs on {page['page']}",
                )
        if fax["cover_sheet"]:
            cover = fax_pages[0]["text"]
            self.expect(fax_pages[0]["page"] == "cover", f"{ident}: cover sheet is not first")
            self.expect(
                fax["recipient_fax"] in cover and fax["sender_fax"] in cover,
                f"{ident}: cover lacks fax numbers",
            )

    def register_formats(self, patients: list[register.Patient]) -> None:
        ids = [p.id for p in patients]
        self.expect(len(ids) == len(set(ids)), "register: ids are not unique")
        groups: dict[str, list[register.Patient]] = {}
        for patient in patients:
            if patient.collision_group:
                groups.setdefault(patient.collision_group, []).append(patient)
            if patient.birth_name:
                self.expect(
                    patient.birth_name in patient.former_names,
                    f"register: {patient.id} birth name not among former names",
                )
        for group, members in groups.items():
            self.expect(len(members) >= 2, f"register: collision group {group} has one member")
            if members[0].collision == "name_change":
                changed = [p for p in members if p.birth_name]
                # old name, first given name: "Sabine Schwörer" collides with Sabine Elke Rombach
                others = {
                    (p.given_names.split()[0], p.surname) for p in members if not p.birth_name
                }
                self.expect(
                    any((p.given_names.split()[0], p.birth_name) in others for p in changed),
                    f"register: {group} has no one under the old name",
                )
        with tempfile.TemporaryDirectory() as folder:
            register.write_all(patients, Path(folder))
            self._formats(patients, Path(folder))

    def _formats(self, patients: list[register.Patient], folder: Path) -> None:
        rows = list(
            csv.DictReader(io.StringIO((folder / "patients.csv").read_text(encoding="utf-8")))
        )
        self.expect(
            [row["id"] for row in rows] == [p.id for p in patients], "register: CSV ids differ"
        )
        self.expect(
            all(
                row["birth_date"] == p.birth_date and row["surname"] == p.surname
                for row, p in zip(rows, patients, strict=False)
            ),
            "register: CSV values differ",
        )
        bundle = json.loads((folder / "patients.bundle.json").read_text(encoding="utf-8"))
        lines = (folder / "patients.ndjson").read_text(encoding="utf-8").splitlines()
        self.expect(
            bundle["type"] == "collection" and len(bundle["entry"]) == len(patients),
            "register: bundle size",
        )
        self.expect(
            [json.loads(line) for line in lines]
            == [entry["resource"] for entry in bundle["entry"]],
            "register: NDJSON differs from bundle",
        )
        for patient, entry in zip(patients, bundle["entry"], strict=False):
            resource = entry["resource"]
            self.expect(
                resource["identifier"][0]["value"] == patient.id
                and resource["birthDate"] == patient.birth_date,
                f"register: FHIR {patient.id}",
            )
        for patient in patients:
            self._gdt(patient, (folder / "gdt" / f"{patient.id}.gdt").read_bytes())

    def _gdt(self, patient: register.Patient, data: bytes) -> None:
        fields = {}
        for line in data.split(b"\r\n")[:-1]:
            self.expect(
                int(line[:3]) == len(line) + 2, f"GDT {patient.id}: field length wrong in {line!r}"
            )
            fields[line[3:7].decode()] = line[7:].decode("iso-8859-1")
        self.expect(
            fields.get("8000") == "6301" and int(fields.get("8100", "0")) == len(data),
            f"GDT {patient.id}: header",
        )
        self.expect(
            fields.get("3000") == patient.id
            and fields.get("3101") == register.latin1(patient.surname),
            f"GDT {patient.id}: name/id",
        )
        self.expect(
            fields.get("3103") == "".join(reversed(patient.birth_date.split("-"))),
            f"GDT {patient.id}: birth date",
        )

    def widths(self) -> None:
        """Every drawn line ends inside the page (10 mm margin): nothing is cut off at the edge."""
        for letter in letters.split("examples") + letters.split("test"):
            for number, lines in enumerate(letter.pages, 1):
                for line in lines:
                    width = render.text_width(line)
                    left = (
                        render.PAGE_WIDTH - 20 * render.MM - width
                        if line.right
                        else line.x * render.MM
                    )
                    self.expect(
                        left + width <= render.PAGE_WIDTH - 10 * render.MM,
                        f"{letter.id}: p{number} line runs off the page: {line.text[:40]!r}",
                    )

    def text_layers(self) -> int:
        """The PDF's own text layer holds the truth text's words, page by page, in order."""
        pages = 0
        for letter in letters.split("examples") + letters.split("test"):
            if "pdf" not in letter.conditions():
                continue
            document = pymupdf.open(stream=letter.render("pdf")["pdf/letter.pdf"], filetype="pdf")
            truth = letter.truth()["conditions"]["pdf"]["pages"]
            for page, expected in zip(document, truth, strict=True):
                pages += 1
                self.expect(
                    page.get_text().split() == expected["text"].split(),
                    f"{letter.id}: PDF text layer differs from the truth on {expected['page']}",
                )
            document.close()
        return pages

    def other_process(self) -> None:
        """A second interpreter with another hash seed makes the same examples, byte for byte."""
        here = digest()
        code = "from bench.heldout50i.check import digest; print(digest())"
        environment = {**os.environ, "PYTHONHASHSEED": "4711"}
        there = subprocess.run(
            [sys.executable, "-c", code],
            capture_output=True,
            text=True,
            env=environment,
            check=False,
        )
        self.expect(
            there.stdout.strip() == here,
            f"examples differ in another process: {there.stderr[-300:]}",
        )

    def image(self, name: str, data: bytes) -> None:
        """A page image looks like a page: light paper, some ink, the right size and DPI."""
        image = Image.open(io.BytesIO(data))
        ink = float((np.asarray(image.convert("L")) < 128).mean())
        self.expect(0.002 < ink < 0.2, f"{name}: {ink:.1%} of the pixels are ink")
        if name.startswith("fax/") or "/fax/" in name:
            fax_ok = image.mode == "1" and image.width == 1728 and image.info["dpi"][0] == 204
            self.expect(fax_ok, f"{name}: not a 1728-pixel bilevel fax page at 204 DPI")
        else:
            dpi = image.info.get("dpi", (0, 0))
            scan_ok = image.mode == "L" and round(dpi[0]) == 200 and image.width > 1600
            self.expect(scan_ok, f"{name}: not a 200 DPI greyscale scan")

    def determinism(self) -> int:
        first, second = letters.split("examples"), letters.split("examples")
        files = 0
        for one, two in zip(first, second, strict=False):
            self.expect(one.truth() == two.truth(), f"{one.id}: truth differs between two builds")
            for condition in one.conditions():
                a, b = one.render(condition), two.render(condition)
                files += len(a)
                self.expect(a == b, f"{one.id}: {condition} renders differ between two runs")
                for name, data in a.items():
                    if not name.endswith(".pdf"):
                        self.image(f"{one.id}/{name}", data)
        return files


def digest() -> str:
    """SHA-256 over the examples' truth and rendered files and the test split's truth."""
    hasher = hashlib.sha256()
    for letter in letters.split("examples"):
        hasher.update(json.dumps(letter.truth(), sort_keys=True).encode())
        for condition in letter.conditions():
            for name, data in sorted(letter.render(condition).items()):
                hasher.update(name.encode() + data)
    for letter in letters.split("test"):
        hasher.update(json.dumps(letter.truth(), sort_keys=True).encode())
    return hasher.hexdigest()


def collision(truth: dict) -> str:
    return (truth["register"]["collision"] or "none") if truth["register"] else "not in register"


def practice(truth: dict) -> str:
    addressee = truth["facts"]["other_people"][0]["name"]
    return next(p.name for p in PRACTICES if p.doctor == addressee)


def summary(truths: list[dict]) -> None:
    def count(key) -> str:
        return ", ".join(
            f"{name} {number}"
            for name, number in sorted(Counter(map(key, truths)).items(), key=str)
        )

    print(f"letters: {len(truths)}")
    print(f"  by split: {count(lambda t: t['split'])}")
    print(f"  by layout: {count(lambda t: t['layout'])}")
    print(f"  by region: {count(lambda t: t['region'])}")
    print(f"  by language: {count(lambda t: t['language'])}")
    print(f"  pages: {count(lambda t: len(t['conditions']['scan200']['pages']))}")
    print(f"  conditions: {count(lambda t: '+'.join(t['conditions']))}")
    print(
        f"  fax cover sheet: {count(lambda t: t['fax']['cover_sheet'])}; fax resolution: "
        f"{count(lambda t: t['fax']['resolution'])}"
    )
    print(f"  register collision: {count(collision)}")
    print(
        f"  null birth date: {sum(t['facts']['birth_date'] is None for t in truths)}, null "
        "letter date: "
        f"{sum(t['facts']['letter_date'] is None for t in truths)}, null sender: "
        f"{sum(t['facts']['sender'] is None for t in truths)}, "
        f"null title: {sum(t['facts']['title'] is None for t in truths)}, patient_id printed: "
        f"{sum(bool(t['facts']['patient_id']) for t in truths)}"
    )
    print(f"  receiving practices: {count(practice)}")


def main() -> int:
    started = time.perf_counter()
    checker = Checker()
    patients = register.build()
    by_id = {p.id: p for p in patients}
    truths = [letter.truth() for name in letters.SPLITS for letter in letters.split(name)]
    for truth in truths:
        checker.letter(truth, by_id)
    checker.register_formats(patients)
    try:
        letters.split("dev")
        checker.problems.append('split("dev") did not raise')
    except ValueError:
        pass
    files = checker.determinism()
    checker.other_process()
    layer_pages = checker.text_layers()
    checker.widths()
    summary(truths)
    print(
        f"register: {len(patients)} patients, {sum(bool(p.collision) for p in patients)} in "
        "collision groups"
    )
    same = not any("differ" in problem for problem in checker.problems)
    print(f"determinism: examples rendered twice ({files} files) and in another process: {same}")
    print(f"pdf text layers: {layer_pages} pages compared word by word with the truth text")
    for problem in checker.problems:
        print(f"PROBLEM {problem}")
    print(f"checked in {time.perf_counter() - started:.1f} s")
    print(f"problems: {len(checker.problems)}")
    return 1 if checker.problems else 0


if __name__ == "__main__":
    sys.exit(main())
