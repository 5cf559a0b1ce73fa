"""Search as the CPU engine's readings let it find letters, before and after folding (issue 47).

    python -m bench.fidelity_search [--letters 16] [--archive 3000] [--engine tantivy]
                                    [--split test] [--degradation fax]

The letters: the first `--letters` of the independent corpus (bench/independent_letters.py,
`--split`), page 1 of each, rendered as `--degradation` (fax: 204 x 98 dpi, black and
white, noise, skew; bench/letters.page_image) at docvault's render size (1700 pixels) and
read by docvault's CPU reader (`RapidEngine.read`). `--heldout FOLDER` reads instead the
letter pages of the first `--letters` documents of the held-out set of issue 47
(bench/heldout47, generated into FOLDER; `--degradation fax|scan150|scan300` picks its
variant), rendered by docvault's render, and searches each for the set's own search terms.
`--readings FILE` keeps the readings, so a rerun only scores (no engine time). `--fixtures`
reads the real fixtures instead (tests/fixtures: the born-digital pages with their text layer
as the truth, rendered as `--degradation`, and the scanned and faxed pages, without truth).
`--correct` puts the dictionary check's corrections (docvault.corrections) on every page
first: each scored against the truth (bench/word_corrections.py), word recall of the text
staff read as read and corrected, and the index and searches then hold the corrected text
and the words as read, as docvault indexes them with `correct_words` on.

Measured:

- word recall of the index as search sees it: of each page's true words (as the index
  makes words of the truth), the share the index holds as read (before: the text field)
  and the share the folded field and the parts field hold (after:
  ``docvault.search.confusions``, ``docvault.search.glue``);
- searches for each letter's own words (three of its longer words, seeded) and its
  patient's surname (as a quoted phrase): found among the exact hits (before) or among all
  hits (after), in an index of the letters' readings mixed into `--archive` pages of a
  realistic archive (bench/corpus.py);
- the extra hits folding brings: pages found only through folding (or a glued word's
  parts), for those searches and for 200 words of the archive's own vocabulary; on the
  archive's clean pages every such hit is a false friend. Each search's ranking is checked:
  a page found only so ranked above a page found as typed is counted ("above exact").
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import json
import random
import re
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from bench import word_corrections
from bench.confusions_bench import confusions, independent_page
from bench.corpus import generate_pages
from bench.fidelity_bench import png_of
from bench.independent_letters import split
from bench.letters import page_image, real_pages
from docvault import coverage
from docvault.corrections import Corrector
from docvault.misreadings import fold
from docvault.ocr import reread_suspects
from docvault.ocr.rapid import RapidEngine
from docvault.render import RenderOptions, render_page
from docvault.search import FolderWriter, IndexEntry, SearchIndex
from docvault.search.confusions import EXACT_FIRST, folded_words
from docvault.search.words import page_words, part_words
from docvault.setting_types import IndexEngine
from docvault.vocabulary import (
    AttemptRecord,
    AttemptRequest,
    PageImage,
    PageOutcome,
    SamplingMode,
    TextFormat,
    Verdict,
)

Box = tuple[int, int, int, int]

LONG_SIDE = 1700
OWN_WORDS = 3
ARCHIVE_WORDS = 200
FIRST_LETTER_PAGE = 10_000_000  # page ids of the read letters, clear of the archive's
MANY_EXTRA = 5  # a search bringing more extra hits than this is named
HELDOUT_RENDER = RenderOptions(orientation=False)
FIXTURES = Path(__file__).resolve().parent.parent / "tests" / "fixtures"
# The fixture pages that are scans or faxes of print (read page 1 of each).
SCANNED_FIXTURES = (
    "ocrmypdf__ccitt.pdf", "libtiff__testfax4.tiff", "pillow__g4-multi.tiff",
    "ocrmypdf__typewriter.png", "tesseract__phototest-rotated-L.png", "ocrmypdf__skew.pdf",
    "ocrmypdf__c02-22.pdf", "paperlessgpt__ocr-example1.jpg", "ocrmypdf__jbig2.pdf",
)  # fmt: skip


@dataclass(frozen=True)
class ReadPage:
    name: str
    truth: str
    read: str
    surname: str
    document: str = ""  # the document the page belongs to (a held-out letter of 2 pages)
    terms: tuple[str, ...] = ()  # the set's own search terms for its document


def _surname(patient: str | None, truth: str) -> str:
    """The patient's surname as the page writes it (its last name word found there)."""
    names = [word for word in re.split(r"[\s,]+", patient or "") if len(word) > 2]
    if "," in (patient or "") and names:
        names = names[:1]  # "Name, Vorname"
    found = [name for name in reversed(names) if name in truth]
    return found[0] if found else ""


def read_letters(options: argparse.Namespace, engine: RapidEngine) -> list[ReadPage]:
    pages = []
    for letter in split(options.split)[: options.letters]:
        page = independent_page(letter)
        truth = page.text
        image, _ = page_image(page, LONG_SIDE, options.degradation)
        reply = engine.read(PageImage(png_of(image), "image/png", *image.size, letter.key))
        pages.append(
            ReadPage(letter.key, truth, reply.text, _surname(letter.truth["patient"], truth))
        )
    return pages


def read_heldout(
    folder: Path, variant: str, count: int, engine: RapidEngine, reread: bool = True
) -> list[ReadPage]:
    """The letter pages of the held-out set's `variant`, of its first `count` documents,
    rendered as docvault renders them (upright: the set's faxes are not turned)."""
    documents = {item["doc"]: item for item in _lines(folder / "documents.jsonl")}
    chosen = [name for name, item in documents.items() if item["kind"] == "letter"][:count]
    pages = []
    for item in _lines(folder / "truth.jsonl"):
        if item["variant"] != variant or item["doc"] not in chosen:
            continue
        rendered = render_page(folder / item["file"], item["page"], HELDOUT_RENDER)
        text = as_the_worker_reads(engine, rendered.image, rendered.ink_lines, reread)
        truth = "\n".join(line["text"] for line in item["lines"])
        document = documents[item["doc"]]
        surname = _surname(document["patient"], truth)
        name = f"{item['doc']}-p{item['page']}-{variant}"
        terms = tuple(document["search_terms"])
        pages.append(ReadPage(name, truth, text, surname, item["doc"], terms))
    return pages


def as_the_worker_reads(
    engine: RapidEngine, image: PageImage, ink: Sequence[Box], reread: bool
) -> str:
    """The page's text as docvault's worker stores it: the engine's reading, and with
    `reread` the coverage check's suspect regions read again through the worker's own
    `docvault.ocr.reread_suspects` (when `docvault.worker` `_checked` would: a page neither
    complete nor without one legible line)."""
    request = AttemptRequest(SamplingMode.greedy, None)
    reply = asyncio.run(engine.transcribe(image, request))
    size = (image.width, image.height)
    report = coverage.check(ink, reply.text, reply.lines, TextFormat.plain, size)
    if not reread or report.complete or report.nothing_legible:
        return reply.text
    record = AttemptRecord(engine.name, request, reply, Verdict.clean, reply.seconds)
    first = PageOutcome(reply.text, False, (record,), reply.lines, TextFormat.plain)
    return asyncio.run(reread_suspects(engine, image, first, report.suspects)).text


def read_fixtures(degradation: str, engine: RapidEngine) -> list[ReadPage]:
    """The real fixtures' born-digital pages (their text layer the truth) rendered as
    `degradation`, and the scanned and faxed fixture pages (no truth: their corrections are
    listed to be judged by eye), page 1 each, rendered by docvault's render."""
    pages = []
    for letter in real_pages(FIXTURES, min_words=5):
        image, _ = page_image(letter, LONG_SIDE, degradation)
        reply = engine.read(PageImage(png_of(image), "image/png", *image.size, letter.name))
        pages.append(ReadPage(letter.name, letter.text, reply.text, ""))
    for name in SCANNED_FIXTURES:
        reply = engine.read(render_page(FIXTURES / name, 1, RenderOptions()).image)
        pages.append(ReadPage(name, "", reply.text, ""))
    return pages


def corrected(pages: list[ReadPage]) -> list[ReadPage]:
    """The word corrections (docvault.corrections) scored, their word recall, and the pages
    as the index holds them with the corrections (for the searches after)."""
    loading = time.monotonic()
    corrector = Corrector()
    tally, notes, found = word_corrections.score(pages, corrector)
    print(f"word lists loaded and {len(pages)} pages checked in {time.monotonic() - loading:.1f} s")
    print("corrections: " + ", ".join(f"{key} {value}" for key, value in tally.items()))
    print("\n".join(notes))
    scored = [page for page in pages if page.truth]
    staff, _ = word_recall(word_corrections.as_read_by_staff(scored, found))
    before, _ = word_recall(scored)
    indexed = word_corrections.as_indexed(pages, found)
    index_before, index_after = word_recall([page for page in indexed if page.truth])
    print(f"word recall of the text staff read: as read {before:.4f}, corrected {staff:.4f}")
    print(f"word recall of the index with the corrections: {index_before:.4f}, {index_after:.4f}")
    return indexed


def _lines(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def cached(path: Path | None, read: Callable[[], list[ReadPage]]) -> list[ReadPage]:
    """The readings from `path` when it exists (rescoring costs no reading), else read and
    written there."""
    if path is not None and path.exists():
        return [ReadPage(**{**item, "terms": tuple(item["terms"])})
                for item in json.loads(path.read_text())]  # fmt: skip
    pages = read()
    if path is not None:
        path.write_text(json.dumps([asdict(page) for page in pages], ensure_ascii=False))
    return pages


def word_recall(pages: Sequence[ReadPage]) -> tuple[float, float]:
    """(before, after): true index words held by the text field, by the folded field or
    the parts field."""
    wanted = held_before = held_after = 0
    for page in pages:
        truth = Counter(page_words(page.truth))
        read = page_words(page.read)
        wanted += sum(truth.values())
        held_before += sum((truth & Counter(read)).values())
        folded_truth = Counter(fold(word) for word in truth.elements())
        held = Counter(folded_words(read)) | Counter(part_words(page.read))
        held_after += sum((folded_truth & held).values())
    return held_before / wanted, held_after / wanted


def own_words(page: ReadPage) -> list[str]:
    candidates = sorted({w for w in re.findall(r"[^\W\d_]{7,}", page.truth)})
    return random.Random(page.name).sample(candidates, min(OWN_WORDS, len(candidates)))


def build_index(
    directory: Path, pages: Sequence[ReadPage], archive: int, engine: IndexEngine
) -> None:
    received = datetime(2025, 10, 1, 9, 0)
    entries = [
        IndexEntry(p.page_id, p.document_id, p.page_number, p.inbox, p.tags, p.file_name,
                   p.received, p.letter_date, p.status, p.markdown, p.page_id)
        for p in generate_pages(archive)
    ]  # fmt: skip
    ids = document_ids(pages)
    entries += [
        IndexEntry(FIRST_LETTER_PAGE + number, ids[page.document or page.name], 1, "fax", (),
                   f"{page.name}.pdf", received, None, "done", page.read, 1)
        for number, page in enumerate(pages)
    ]  # fmt: skip
    writer = FolderWriter(directory, engine=engine)
    for start in range(0, len(entries), 500):
        writer.apply(entries[start : start + 500], [])
    writer.close()


def hits(index: SearchIndex, text: str) -> tuple[set[int], set[int]]:
    """(pages found as typed, pages found only through folding) for a one-word search."""
    found = index.search(text, per_page=100_000, snippet_pages=0).hits
    exact = {hit.document_id for hit in found if hit.score >= EXACT_FIRST}
    # A document is listed once, at its best page's place, its other pages under it: a page
    # found only folded under an exact page of its own document is not a false friend.
    best = {hit.document_id: hit.score for hit in reversed(found)}
    ranks = [
        best[document] >= EXACT_FIRST for document in dict.fromkeys(h.document_id for h in found)
    ]
    if any(not first and second for first, second in itertools.pairwise(ranks)):
        ABOVE_EXACT.append(text)
    return exact, {hit.document_id for hit in found} - exact


# The searches whose ranking put a page found only folded above one found as typed.
ABOVE_EXACT: list[str] = []


def searches(index: SearchIndex, pages: Sequence[ReadPage]) -> dict[str, Counter[str]]:
    """Each letter's own words (the set's search terms, else three of its longer words)
    and its patient's surname, each as one quoted search, found on its document?"""
    counts: dict[str, Counter[str]] = {"own words": Counter(), "surnames": Counter()}
    ids = document_ids(pages)
    asked: set[tuple[str, str]] = set()
    for page in pages:
        wanted = ids[page.document or page.name]
        words = page.terms or tuple(own_words(page))
        queries = [("own words", word) for word in words]
        if page.surname:
            queries.append(("surnames", page.surname))
        for kind, text in queries:
            if (page.document or page.name, text) in asked:
                continue  # a term of a two-page letter is searched once
            asked.add((page.document or page.name, text))
            exact, folded = hits(index, f'"{text}"')
            counts[kind]["searches"] += 1
            counts[kind]["found before"] += wanted in exact
            counts[kind]["found after"] += wanted in exact | folded
            counts[kind]["extra hits"] += len(folded)
            counts[kind]["extra hits on other pages"] += len(folded - {wanted})
            if wanted not in exact | folded:
                print(f"  not found: {text} in {page.document or page.name}")
            elif wanted not in exact:
                print(f"  found through folding only: {text} in {page.document or page.name}")
            if len(folded - {wanted}) > MANY_EXTRA:
                print(f"  {len(folded - {wanted})} extra hits for {text!r}")
    return counts


def document_ids(pages: Sequence[ReadPage]) -> dict[str, int]:
    names = dict.fromkeys(page.document or page.name for page in pages)
    return {name: FIRST_LETTER_PAGE + number for number, name in enumerate(names)}


def archive_extra_hits(index: SearchIndex, archive: int) -> Counter[str]:
    vocabulary = Counter(
        word for page in generate_pages(min(archive, 500)) for word in page_words(page.markdown)
    )
    chosen = random.Random(7).sample(
        sorted(word for word in vocabulary if word.isalpha() and len(word) > 3), ARCHIVE_WORDS
    )
    counts: Counter[str] = Counter()
    for word in chosen:
        exact, folded = hits(index, word)
        counts["searches"] += 1
        counts["exact hits"] += len(exact)
        counts["extra hits"] += len(folded)
        counts["searches with extra hits"] += bool(folded)
    return counts


def main(arguments: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--letters", type=int, default=16)
    parser.add_argument("--archive", type=int, default=3000)
    parser.add_argument("--engine", choices=["tantivy", "whoosh"], action="append")
    parser.add_argument("--split", default="test")
    parser.add_argument("--degradation", default="fax")
    parser.add_argument("--heldout", type=Path)
    parser.add_argument("--readings", type=Path, help="keep the readings here, reuse them")
    parser.add_argument("--fixtures", action="store_true", help="read tests/fixtures' pages")
    parser.add_argument("--correct", action="store_true", help="with the word corrections")
    parser.add_argument(
        "--no-reread", action="store_true", help="heldout: the engine's reading alone"
    )
    options = parser.parse_args(arguments)
    started = time.monotonic()
    engine = RapidEngine()
    if options.fixtures:
        pages = cached(options.readings, lambda: read_fixtures(options.degradation, engine))
    elif options.heldout:
        pages = cached(options.readings, lambda: read_heldout(
            options.heldout, options.degradation, options.letters, engine, not options.no_reread
        ))  # fmt: skip
    else:
        pages = cached(options.readings, lambda: read_letters(options, engine))
    print(f"{len(pages)} pages read in {time.monotonic() - started:.0f} s")
    before, after = word_recall(pages)
    print(f"word recall of the index: before {before:.4f}, after {after:.4f}")
    if options.correct:
        pages = corrected(pages)
    seen = sum((confusions(page.truth, page.read) for page in pages), Counter())
    print("confusions read: " + ", ".join(f"{a}->{b} {n}" for (a, b), n in seen.most_common(12)))
    for engine_name in options.engine or ["tantivy", "whoosh"]:
        print(f"-- {engine_name}, {len(pages)} letters among {options.archive} archive pages")
        with tempfile.TemporaryDirectory() as folder:
            build_index(Path(folder) / "index", pages, options.archive, engine_name)
            index = SearchIndex(Path(folder) / "index")
            for kind, counts in searches(index, pages).items():
                print(f"{kind}: " + ", ".join(f"{key} {value}" for key, value in counts.items()))
            counts = archive_extra_hits(index, options.archive)
            print("archive words: " + ", ".join(f"{key} {value}" for key, value in counts.items()))
            print(
                f"searches ranking a folded hit above an exact one: {len(ABOVE_EXACT)}"
                + "".join(f"\n  {text!r}" for text in ABOVE_EXACT)
            )
            ABOVE_EXACT.clear()
            index.close()
    print(f"{time.monotonic() - started:.0f} s in all")
    return 0


if __name__ == "__main__":
    sys.exit(main())
