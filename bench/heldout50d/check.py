"""Self-check of a materialised set: every truth value is printed on the pages, the PDF text
layer says what the truth's transcription says, scans and faxes have the promised format, and
the truth agrees with the register.

    python -m bench.heldout50d.check OUT      (prints "problems: 0" when all is well)
"""

from __future__ import annotations

import collections
import csv
import datetime as dt
import json
import re
import sys
from pathlib import Path

import pymupdf
from PIL import Image

from bench.heldout50d import letters, render
from bench.heldout50d.pages import fmt

STRESS_COUNT, STRESS_SEED = 90, 4_242
STYLES = [
    "dmy",
    "dmy_short",
    "dmy_nopad",
    "dmy_nopad_short",
    "iso",
    "gb_slash",
    "us_slash",
    "au_slash",
    "nl_dash",
    "us_long",
    "gb_long",
    "gb_abbr",
    "us_abbr",
    "ddmmyy",
    "long_de",
    "long_at",
    "long_en",
    "long_nl",
    "long_fr",
    "long_it",
    "long_da",
]


class Checker:
    def __init__(self, out: Path) -> None:
        self.out = out
        self.problems: list[str] = []
        with (out / "register" / "patients.csv").open(encoding="utf-8") as handle:
            self.register = {row["id"]: row for row in csv.DictReader(handle)}

    def fail(self, where: str, what: str) -> None:
        self.problems.append(f"{where}: {what}")

    def letter(self, letter: letters.Letter) -> None:
        folder = self.out / letter.split / letter.id
        truth = json.loads((folder / "truth.json").read_text(encoding="utf-8"))
        conditions = truth["conditions"]
        expected = {"scan200", "fax"} | (set() if letter.ctx.handwritten else {"pdf"})
        if set(conditions) != expected:
            self.fail(letter.id, f"conditions {sorted(conditions)}, expected {sorted(expected)}")
        texts = {
            name: "\n".join(page["text"] for page in entry["pages"])
            for name, entry in conditions.items()
        }
        self.facts(letter.id, truth, texts)
        self.register_entry(letter.id, truth)
        for printed in letter.printed():
            if printed not in texts["scan200"]:
                self.fail(letter.id, f"printed value {printed!r} not on the scan pages")
        for name, entry in conditions.items():
            getattr(self, f"files_{name}")(letter.id, folder, entry["pages"])
        first = letter.conditions[0]
        for relative, data in letter.render(first).items():
            if (folder / relative).read_bytes() != data:
                self.fail(
                    letter.id,
                    f"{relative} differs from a fresh render (not deterministic, "
                    "or written by another version of the generator)",
                )
        self.fax(letter.id, truth)
        for name in conditions:
            self.overlaps(letter.id, name, letter.condition_pages(name))

    def in_memory(self, letter: letters.Letter) -> None:
        """A generated letter outside the splits, checked without files: more patients and
        names through every layout (long names must not run into other text)."""
        truth = letter.truth()
        texts = {
            name: "\n".join(page["text"] for page in entry["pages"])
            for name, entry in truth["conditions"].items()
        }
        self.facts(letter.id, truth, texts)
        self.register_entry(letter.id, truth)
        for printed in letter.printed():
            if printed not in texts["scan200"]:
                self.fail(letter.id, f"printed value {printed!r} not on the scan pages")
        self.overlaps(letter.id, "fax", letter.condition_pages("fax"))

    def overlaps(self, where: str, condition: str, pages: list) -> None:
        """No two printed lines may overlap, and every line must stay on the sheet."""
        with pymupdf.open(stream=render.pdf(pages), filetype="pdf") as document:
            for sheet, page in zip(document, pages, strict=True):
                boxes = [
                    pymupdf.Rect(line["bbox"])
                    for block in sheet.get_text("dict")["blocks"]
                    for line in block.get("lines", [])
                ]
                for number, box in enumerate(boxes):
                    if not sheet.rect.contains(box):
                        self.fail(
                            where, f"{condition} {page.name}: a line runs off the sheet at {box}"
                        )
                    for other in boxes[number + 1 :]:
                        common = box & other
                        if not common.is_empty and common.width > 1.5 and common.height > 2.5:
                            self.fail(where, f"{condition} {page.name}: lines overlap at {common}")

    def facts(self, where: str, truth: dict, texts: dict[str, str]) -> None:
        facts = truth["facts"]
        patient = facts["patient"]
        for condition, text in texts.items():
            for label, value in [
                ("as_written", patient["as_written"]),
                ("sender", facts["sender"]),
                ("title", facts["title"]),
            ]:
                if value is not None and value not in text:
                    self.fail(where, f"{label} {value!r} not in the {condition} text")
            for label in ("birth_date", "letter_date"):
                if facts[label] and not _date_printed(facts[label], text):
                    self.fail(
                        where, f"{label} {facts[label]} not printed in any known form ({condition})"
                    )
            for word in patient["full_name_as_letter"].split():
                if word not in text and word.upper() not in text:
                    self.fail(where, f"name part {word!r} not in the {condition} text")
        for entry in facts["other_dates"]:
            if not _date_printed(entry["date"], texts["scan200"]):
                self.fail(where, f"other date {entry} not printed")
        for person in facts["other_people"]:
            if person["name"] not in texts["scan200"]:
                self.fail(where, f"other person {person['name']!r} not printed")
        for stray in _unlisted_dates(facts, texts["scan200"]):
            self.fail(where, f"the date {stray!r} is printed but not in the truth")
        if facts["sender"] is None or not patient["as_written"]:
            self.fail(where, "every letter of this set names its sender and patient")

    def register_entry(self, where: str, truth: dict) -> None:
        patient, entry = truth["facts"]["patient"], truth["register"]
        if entry is None:
            if patient["register_id"] is not None:
                self.fail(where, "register null but a register_id is given")
            return
        row = self.register.get(entry["id"])
        if row is None or patient["register_id"] != entry["id"]:
            self.fail(where, f"register id {entry['id']} missing or inconsistent")
            return
        if patient["full_name"] != f"{row['given_names']} {row['surname']}":
            self.fail(where, f"full_name {patient['full_name']!r} is not the register's")
        birth = truth["facts"]["birth_date"]
        if birth and birth != row["birth_date"]:
            self.fail(where, f"birth date {birth} differs from the register's {row['birth_date']}")
        if (row["collision"] or None) != entry["collision"]:
            self.fail(where, "collision kind differs from the register's")

    def files_pdf(self, where: str, folder: Path, pages: list[dict]) -> None:
        with pymupdf.open(folder / "pdf" / "letter.pdf") as document:
            if document.page_count != len(pages):
                self.fail(where, f"PDF has {document.page_count} pages, truth {len(pages)}")
                return
            for page in pages:
                layer = document[page["pdf_page"] - 1].get_text()
                if layer.split() != page["text"].split():
                    same = collections.Counter(layer.split()) == collections.Counter(
                        page["text"].split()
                    )
                    self.fail(
                        where,
                        f"PDF text layer of {page['page']} differs from the truth "
                        f"({'order only' if same else 'words'})",
                    )

    def files_scan200(self, where: str, folder: Path, pages: list[dict]) -> None:
        for page in pages:
            with Image.open(folder / page["file"]) as image:
                dpi = image.info.get("dpi", (0, 0))
                if image.format != "JPEG" or image.mode != "L" or round(dpi[0]) != 200:
                    self.fail(where, f"{page['file']} is {image.format} {image.mode} {dpi}")

    def files_fax(self, where: str, folder: Path, pages: list[dict]) -> None:
        for page in pages:
            with Image.open(folder / page["file"]) as image:
                dpi = tuple(round(float(v)) for v in image.info.get("dpi", (0, 0)))
                compression = image.info.get("compression")
                if (
                    compression != "group4"
                    or dpi != (204, 98)
                    or image.width != 1728
                    or image.mode != "1"
                ):
                    self.fail(
                        where, f"{page['file']}: {compression} {dpi} {image.width} px {image.mode}"
                    )

    def fax(self, where: str, truth: dict) -> None:
        pages = truth["conditions"]["fax"]["pages"]
        sent = dt.datetime.fromisoformat(truth["fax"]["sent"])
        if (pages[0]["page"] == "cover") != truth["fax"]["cover_sheet"]:
            self.fail(where, "cover sheet flag disagrees with the fax pages")
        for page in pages:
            header = page["text"].split("\n", 1)[0]
            if not _date_printed(sent.date().isoformat(), header) or f"{sent:%H:%M}" not in header:
                self.fail(where, f"fax header {header!r} lacks the sending time {sent}")


DATE_LIKE = re.compile(
    r"\b\d{1,2}[./-]\d{1,2}[./-]\d{2,4}\b|\b\d{4}-\d{2}-\d{2}\b|\b\d{1,2}\.? [^\W\d]+ \d{4}\b"
)


def _unlisted_dates(facts: dict, text: str) -> list[str]:
    """Dates printed on the page that the truth does not list (birth, letter or other date)."""
    known = [facts["birth_date"], facts["letter_date"]] + [d["date"] for d in facts["other_dates"]]
    forms = {fmt(dt.date.fromisoformat(day), style) for day in known if day for style in STYLES}
    for form in sorted(forms, key=len, reverse=True):
        text = text.replace(form, "<date>")
    return DATE_LIKE.findall(text)


def _date_printed(iso: str, text: str) -> bool:
    day = dt.date.fromisoformat(iso)
    return any(fmt(day, style) in text for style in STYLES)


def main() -> None:
    if len(sys.argv) != 2:
        sys.exit("usage: python -m bench.heldout50d.check OUT")
    checker = Checker(Path(sys.argv[1]))
    count = 0
    for name in ("test", "examples"):
        for letter in letters.split(name):
            checker.letter(letter)
            count += 1
    for letter in letters.generate(STRESS_COUNT, STRESS_SEED):
        checker.in_memory(letter)
    try:
        letters.split("dev")
        checker.fail("split", "split('dev') did not raise")
    except ValueError:
        pass
    if len(letters.split("test")) != 40:
        checker.fail("split", "the test split must hold 40 letters")
    for problem in checker.problems:
        print(problem)
    print(
        f"letters: {count} on disk and {STRESS_COUNT} generated in memory, register: "
        f"{len(checker.register)} patients"
    )
    print(f"problems: {len(checker.problems)}")


if __name__ == "__main__":
    main()
