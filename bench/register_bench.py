"""Letters matched to the held-out patient register: precision, recall, ambiguous cases.

    .venv/bin/python -m bench.register_bench [--extra N] [--conditions pdf,fax] [--set heldout50e]

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
``--set`` reads another held-out package's register and letters (``heldout50e``): each
blind set brings its own register with its own collisions.
"""

from __future__ import annotations

import argparse
import asyncio
import hashlib
import importlib
import tempfile
import time
from collections import defaultdict
from collections.abc import Collection, Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path
from typing import Any

from bench.heldout import register
from docvault.facts.patient_match import PatientMatch, match_patient
from docvault.facts.register_files import (
    PatientRecord,
    read_csv,
    read_fhir,
    read_gdt_folder,
)
from docvault.ocr.rapid import RapidEngine
from docvault.render import RenderOptions, render_page
from docvault.textutil import strip_markup
from docvault.vocabulary import AttemptRequest, SamplingMode

TODAY = date(2026, 12, 1)
CPU_CACHE = Path(__file__).resolve().parent / "results" / "heldout-fax-cpu-cache"


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


def read_register(folder: Path, source: Any = register) -> tuple[list[PatientRecord], str]:
    """The register (``source``'s, by default the held-out set's) exported three ways and
    read back; the three must agree."""
    patients = source.build()
    source.write_all(patients, folder)
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


def cpu_page_text(image_bytes: bytes) -> str:
    """One fax page (G4 TIFF) as docvault reads it: rendered and read by the CPU engine."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "page.tif"
        path.write_bytes(image_bytes)
        image = render_page(path, 1, RenderOptions()).image
    reply = asyncio.run(RapidEngine().transcribe(image, AttemptRequest(SamplingMode.greedy, 4096)))
    return strip_markup(reply.text)


def cpu_fax_texts(split: list[Any], workers: int) -> list[tuple[Any, list[str]]]:
    """Each letter's fax pages (cover sheet included) read by the CPU engine, cached."""
    CPU_CACHE.mkdir(parents=True, exist_ok=True)
    jobs: list[tuple[Path, bytes]] = []
    letters_pages: list[tuple[Any, list[Path]]] = []
    for letter in split:
        files = letter.render("fax")
        pages = sorted(name for name in files if "/page-" in name)
        paths = []
        for name in pages:
            cached = CPU_CACHE / f"{hashlib.sha256(files[name]).hexdigest()[:24]}.txt"
            paths.append(cached)
            if not cached.exists():
                jobs.append((cached, files[name]))
        letters_pages.append((letter.truth(), paths))
    with ProcessPoolExecutor(max_workers=workers) as pool:
        for (cached, _), text in zip(
            jobs, pool.map(cpu_page_text, [job[1] for job in jobs]), strict=False
        ):
            cached.write_text(text, encoding="utf-8")
    return [
        (truth, [path.read_text(encoding="utf-8") for path in paths])
        for truth, paths in letters_pages
    ]


def measure_cpu(split: list[Any], lookup: Any, workers: int) -> dict[str, Tally]:
    counts: dict[str, Tally] = defaultdict(Tally)
    for truth, texts in cpu_fax_texts(split, workers):
        expected = (truth.get("register") or {}).get("id")
        tally(
            match_patient(texts, lookup),
            expected,
            f"{truth['id']}/fax-cpu",
            counts["fax, CPU engine"],
        )
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
    parser.add_argument(
        "--cpu-fax", type=int, default=0, help="letters whose fax the CPU engine reads"
    )
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument(
        "--set", default="heldout", help="the package under bench whose register and letters"
    )
    arguments = parser.parse_args()
    conditions = arguments.conditions.split(",")
    letters = importlib.import_module(f"bench.{arguments.set}.letters")
    with tempfile.TemporaryDirectory() as folder:
        source = importlib.import_module(f"bench.{arguments.set}.register")
        records, said = read_register(Path(folder), source)
    print(f"{arguments.set}: {said}")
    lookup = lookup_of(records)
    started = time.perf_counter()
    report(
        "held-out test split",
        measure(letters.split("test"), conditions, lookup),
        time.perf_counter() - started,
    )
    if arguments.cpu_fax:
        sample = letters.split("test")[: arguments.cpu_fax]
        started = time.perf_counter()
        counts = measure_cpu(sample, lookup, arguments.workers)
        report(
            f"{len(sample)} test letters' faxes read by the CPU engine",
            counts,
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
