"""Letters matched to the held-out patient register: precision, recall, ambiguous cases.

    .venv/bin/python -m bench.register_bench [--extra N] [--conditions pdf,fax]

The register is `bench/heldout`'s 5,400 patients with planted collisions (same name and
birth date, twins, name changes, umlaut spellings), exported as its CSV, GDT folder and
FHIR Bundle and read back through docvault's own readers (`facts.register_files`); the
three must give the same register. Each letter's pages are the truth's transcription per
condition (`text`, the born-digital layout and the fax with its header and cover sheet) and
each lost-line variant of a page (the transcription with whole lines missing). The held-out
`test` split is measured, and with ``--extra N`` also N letters more of the set's generator
(other seeds: not held out, but nobody tuned to them either).

A proposal is right when it names the truth's register id. Precision is over proposals,
recall over letters whose truth names a register patient. Ambiguous cases are listed.
"""

from __future__ import annotations

import argparse
import tempfile
import time
from collections import defaultdict
from collections.abc import Collection, Iterator
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path
from typing import Any

from bench.heldout import letters, register
from docvault.facts.patient_match import PatientMatch, match_patient
from docvault.facts.register_files import (
    PatientRecord,
    read_csv,
    read_fhir,
    read_gdt_folder,
)

TODAY = date(2026, 12, 1)


@dataclass
class Tally:
    """Counts of one condition."""

    cases: int = 0
    proposed: int = 0
    right: int = 0
    ambiguous: list[str] = field(default_factory=list)
    wrong: list[str] = field(default_factory=list)
    missed: list[str] = field(default_factory=list)

    def line(self, name: str) -> str:
        precision = self.right / self.proposed if self.proposed else 1.0
        recall = self.right / self.cases if self.cases else 0.0
        return (
            f"| {name} | {self.cases} | {self.proposed} | {self.right} | {precision:.4f} | "
            f"{recall:.4f} | {len(self.ambiguous)} |"
        )


def read_register(folder: Path) -> tuple[list[PatientRecord], str]:
    """The register exported three ways and read back; the three must agree."""
    patients = register.build()
    register.write_all(patients, folder)
    started = time.perf_counter()
    from_csv = read_csv(folder / "patients.csv", [], TODAY)
    csv_seconds = time.perf_counter() - started
    from_gdt = read_gdt_folder(folder / "gdt", TODAY)
    from_fhir = read_fhir(folder / "patients.bundle.json", "", TODAY)
    ids = {
        frozenset(r.patient_id for r in read.records) for read in (from_csv, from_gdt, from_fhir)
    }
    assert len(ids) == 1, "the three exports gave different registers"
    said = (
        f"{len(patients)} patients exported; read back: CSV {len(from_csv.records)} "
        f"({len(from_csv.refused)} refused, {csv_seconds:.2f} s), GDT {len(from_gdt.records)} "
        f"({len(from_gdt.refused)} refused), FHIR {len(from_fhir.records)} "
        f"({len(from_fhir.refused)} refused)"
    )
    return from_csv.records, said


def lookup_of(records: list[PatientRecord]) -> Any:
    by_birth: dict[date, list[PatientRecord]] = defaultdict(list)
    for record in records:
        by_birth[record.birth_date].append(record)

    def born_on(days: Collection[date]) -> list[PatientRecord]:
        return [record for day in days for record in by_birth.get(day, [])]

    return born_on


def cases(truth: dict[str, Any], condition: str) -> Iterator[tuple[str, list[str]]]:
    """(name, page texts) of the letter in one condition: whole, and each lost variant."""
    pages = truth["conditions"].get(condition, {}).get("pages") or []
    if not pages:
        return
    texts = [page["text"] for page in pages]
    yield f"{truth['id']}/{condition}", texts
    for index, page in enumerate(pages):
        for lost in page.get("lost") or []:
            variant = [*texts[:index], lost["text"], *texts[index + 1 :]]
            yield f"{truth['id']}/{condition}/{lost['variant']}", variant


def tally(match: PatientMatch, expected: str | None, name: str, count: Tally) -> None:
    count.cases += expected is not None
    if match.ambiguous:
        count.ambiguous.append(f"{name}: {match.evidence}")
    if match.record is None:
        if expected is not None and not match.ambiguous:
            count.missed.append(name)
        return
    count.proposed += 1
    if match.record.patient_id == expected:
        count.right += 1
    else:
        count.wrong.append(f"{name}: proposed {match.record.patient_id}, truth {expected}")


def measure(split: list[Any], conditions: list[str], lookup: Any) -> dict[str, Tally]:
    counts: dict[str, Tally] = defaultdict(Tally)
    for letter in split:
        truth = letter.truth()
        expected = (truth.get("register") or {}).get("id")
        for condition in conditions:
            for name, texts in cases(truth, condition):
                kind = "lost lines" if name.count("/") > 1 else "whole"
                match = match_patient(texts, lookup)
                tally(match, expected, name, counts[f"{condition}, {kind}"])
    return counts


def report(title: str, counts: dict[str, Tally], seconds: float) -> None:
    print(f"\n### {title} ({seconds:.1f} s)\n")
    print(
        "| condition | letters with a register patient | proposed | right | precision | recall "
        "| ambiguous |"
    )
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: |")
    total = Tally()
    for name, count in sorted(counts.items()):
        print(count.line(name))
        total.cases += count.cases
        total.proposed += count.proposed
        total.right += count.right
        total.ambiguous += count.ambiguous
        total.wrong += count.wrong
        total.missed += count.missed
    print(total.line("all"))
    for heading, items in (
        ("wrong", total.wrong),
        ("ambiguous", total.ambiguous),
        ("missed", total.missed),
    ):
        print(f"\n{heading} ({len(items)}):")
        for item in items[:40]:
            print(f"- {item}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--extra", type=int, default=0)
    parser.add_argument("--conditions", default="pdf,scan200,fax")
    arguments = parser.parse_args()
    conditions = arguments.conditions.split(",")
    with tempfile.TemporaryDirectory() as folder:
        records, said = read_register(Path(folder))
    print(said)
    lookup = lookup_of(records)
    started = time.perf_counter()
    report(
        "held-out test split",
        measure(letters.split("test"), conditions, lookup),
        time.perf_counter() - started,
    )
    if arguments.extra:
        extra = letters.generate(arguments.extra, 91_700)
        started = time.perf_counter()
        report(
            f"{arguments.extra} more letters (seed 91700)",
            measure(extra, conditions, lookup),
            time.perf_counter() - started,
        )


if __name__ == "__main__":
    main()
