"""Precision and recall of the proposed facts on letters the rules were not written against.

The letters come from ``bench/independent_letters.py``, written by someone who was given
only the field definitions, never docvault's rules. Each letter is laid out as a PDF and
read two ways, as docvault reads a page: its text layer (``docvault.textlayer``), and the
CPU engine's transcription of the page rendered as an image (rapidocr, as a scan would be
read). A proposal is right when it equals the truth (names and titles folded as the search
index folds them, dates as ISO); precision = right / proposed, recall = right / stated.

The rules are tuned on the ``dev`` split only; the ``test`` split is what is reported. The
CPU engine's transcriptions are kept in ``--cache`` (keyed by the letter's PDF), so that
scoring again after a change of the rules reads no page twice.

    .venv/bin/python -m bench.facts_independent_bench --split test [--count 320] [--no-cpu]
"""

from __future__ import annotations

import argparse
import asyncio
import hashlib
import json
import sys
import tempfile
import time
from collections.abc import Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor
from datetime import date, timedelta
from pathlib import Path

import pymupdf

from bench.facts_bench import Truth, _same, score, table
from bench.independent_letters import LabelledLetter, split
from docvault import facts
from docvault.facts.extract import TEXT_FIELDS
from docvault.ocr.rapid import RapidEngine
from docvault.render import RenderOptions, render_page
from docvault.textlayer import read_layer
from docvault.vocabulary import AttemptRequest, SamplingMode

DEFAULT_CACHE = Path(__file__).resolve().parent / "results" / "independent-cpu-cache"
Rows = list[tuple[Truth, dict[str, facts.Proposal]]]


def layer_text(pdf: bytes) -> str:
    """The letter's text as docvault takes it from a born-digital PDF: its text layer."""
    with pymupdf.open(stream=pdf, filetype="pdf") as document:
        return facts.document_text([read_layer(page).text for page in document])


def cpu_text(pdf: bytes) -> str:
    """The letter's text as the CPU engine reads its pages rendered as images."""
    engine = RapidEngine()
    texts = []
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "letter.pdf"
        path.write_bytes(pdf)
        with pymupdf.open(path) as document:
            count = document.page_count
        for number in range(1, count + 1):
            image = render_page(path, number, RenderOptions(text_layer=False)).image
            request = AttemptRequest(SamplingMode.greedy, 4096)
            texts.append(asyncio.run(engine.transcribe(image, request)).text)
    return facts.document_text(texts)


def _cached_cpu_texts(letters: Sequence[LabelledLetter], cache: Path, workers: int) -> list[str]:
    cache.mkdir(parents=True, exist_ok=True)
    pdfs = [letter.pdf() for letter in letters]
    paths = [cache / f"{hashlib.sha256(pdf).hexdigest()[:24]}.txt" for pdf in pdfs]
    missing = [index for index, path in enumerate(paths) if not path.exists()]
    with ProcessPoolExecutor(max_workers=workers) as pool:
        texts = pool.map(cpu_text, [pdfs[index] for index in missing])
        for index, text in zip(missing, texts, strict=True):
            paths[index].write_text(text, encoding="utf-8")
    return [path.read_text(encoding="utf-8") for path in paths]


def received_day(letters: Iterable[LabelledLetter]) -> date:
    """The day the letters are read as received: the day after the latest letter date of
    the set (docvault judges a letter date by the day its letter arrived)."""
    dates = [date.fromisoformat(day) for letter in letters if (day := letter.truth["letter_date"])]
    return max(dates, default=date(2026, 12, 1)) + timedelta(days=1)


def rows_of(
    letters: Sequence[LabelledLetter], texts: Iterable[str], show_wrong: bool, how: str
) -> Rows:
    rows: Rows = []
    today = received_day(letters)
    for letter, text in zip(letters, texts, strict=True):
        proposals = facts.propose(text, today=today)
        rows.append((letter.truth, proposals))
        if show_wrong:
            _print_mistakes(letter, proposals, how)
    return rows


def _print_mistakes(letter: LabelledLetter, proposals: dict[str, facts.Proposal], how: str) -> None:
    for field in TEXT_FIELDS:
        expected, proposal = letter.truth.get(field), proposals.get(field)
        if proposal is not None and not (expected and _same(field, proposal.value, expected)):
            print(f"WRONG {how} {letter.key} {letter.layout} {field}: {proposal.value!r} "
                  f"(truth {expected!r}) from {proposal.evidence!r}", file=sys.stderr)  # fmt: skip
        elif proposal is None and expected:
            print(f"MISSED {how} {letter.key} {letter.layout} {field}: truth {expected!r}",
                  file=sys.stderr)  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--split", choices=("dev", "test"), default="test")
    parser.add_argument("--count", type=int, default=320)
    parser.add_argument("--no-cpu", action="store_true", help="only the text layer")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--cache", type=Path, default=DEFAULT_CACHE)
    parser.add_argument("--show-wrong", action="store_true")
    parser.add_argument("--json", type=Path, help="also write the counts here")
    arguments = parser.parse_args()
    letters = split(arguments.split, arguments.count)
    layouts = len({letter.layout for letter in letters})
    started = time.perf_counter()
    texts = [layer_text(letter.pdf()) for letter in letters]
    layer_seconds = time.perf_counter() - started
    started = time.perf_counter()
    from_layer = score(rows_of(letters, texts, arguments.show_wrong, "layer"))
    extraction_ms = (time.perf_counter() - started) * 1000 / len(letters)
    heading = f"{len(letters)} letters, {layouts} layouts, split {arguments.split}"
    print(table(f"From the text layer: {heading}", from_layer))
    layer_ms = layer_seconds * 1000 / len(letters)
    print(f"\n{extraction_ms:.2f} ms a letter to propose its facts; "
          f"{layer_ms:.1f} ms to lay out and read its text layer")  # fmt: skip
    results = {"layer": from_layer}
    if not arguments.no_cpu:
        started = time.perf_counter()
        cpu_texts = _cached_cpu_texts(letters, arguments.cache, arguments.workers)
        cpu_seconds = time.perf_counter() - started
        from_cpu = score(rows_of(letters, cpu_texts, arguments.show_wrong, "cpu"))
        print()
        print(table(f"From the CPU engine's transcription: {heading}", from_cpu))
        print(f"\n{cpu_seconds:.0f} s to read the pages not in the cache "
              f"({arguments.workers} processes)")  # fmt: skip
        results["cpu"] = from_cpu
    if arguments.json:
        arguments.json.write_text(json.dumps(results, indent=2), encoding="utf-8")


if __name__ == "__main__":
    main()
