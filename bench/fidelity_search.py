"""Search as the CPU engine's readings let it find letters, before and after folding (issue 47).

    python -m bench.fidelity_search [--letters 16] [--archive 3000] [--engine tantivy]
                                    [--split test] [--degradation fax]

The letters: the first `--letters` of the independent corpus (bench/independent_letters.py,
`--split`), page 1 of each, rendered as `--degradation` (fax: 204 x 98 dpi, black and
white, noise, skew; bench/letters.page_image) at docvault's render size (1700 pixels) and
read by docvault's CPU reader (`RapidEngine.read`). `--heldout FOLDER` reads instead the
pages of another set (a folder of `<name>.png` images, each with `<name>.txt`, its truth).

Measured:

- word recall of the index as search sees it: of each page's true words (as the index
  makes words of the truth), the share the index holds as read (before: the text field)
  and the share the folded field holds (after: ``docvault.search.confusions``);
- searches for each letter's own words (three of its longer words, seeded) and its
  patient's surname (as a quoted phrase): found among the exact hits (before) or among all
  hits (after), in an index of the letters' readings mixed into `--archive` pages of a
  realistic archive (bench/corpus.py);
- the extra hits folding brings: pages found only through folding, for those searches and
  for 200 words of the archive's own vocabulary; on the archive's clean pages every such
  hit is a false friend (none ranks above an exact hit: the search ranks them after).
"""

from __future__ import annotations

import argparse
import random
import re
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

import pymupdf

from bench.confusions_bench import confusions, independent_page
from bench.corpus import generate_pages
from bench.fidelity_bench import png_of
from bench.independent_letters import split
from bench.letters import page_image
from docvault.config import IndexEngine
from docvault.ocr.rapid import RapidEngine
from docvault.search import IndexEntry, IndexWriter, SearchIndex
from docvault.search.confusions import EXACT_FIRST, fold, folded_words
from docvault.search.words import page_words
from docvault.vocabulary import PageImage

LONG_SIDE = 1700
OWN_WORDS = 3
ARCHIVE_WORDS = 200
FIRST_LETTER_PAGE = 10_000_000  # page ids of the read letters, clear of the archive's


@dataclass(frozen=True)
class ReadPage:
    name: str
    truth: str
    read: str
    surname: str


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


def read_heldout(folder: Path, engine: RapidEngine) -> list[ReadPage]:
    pages = []
    for image_path in sorted(folder.glob("*.png")):
        truth = image_path.with_suffix(".txt").read_text()
        data = image_path.read_bytes()
        with pymupdf.open("png", data) as opened:
            width, height = int(opened[0].rect.width), int(opened[0].rect.height)
        reply = engine.read(PageImage(data, "image/png", width, height, image_path.stem))
        pages.append(ReadPage(image_path.stem, truth, reply.text, ""))
    return pages


def word_recall(pages: Sequence[ReadPage]) -> tuple[float, float]:
    """(before, after): true index words held by the text field, by the folded field."""
    wanted = held_before = held_after = 0
    for page in pages:
        truth = Counter(page_words(page.truth))
        read = page_words(page.read)
        wanted += sum(truth.values())
        held_before += sum((truth & Counter(read)).values())
        folded_truth = Counter(fold(word) for word in truth.elements())
        held_after += sum((folded_truth & Counter(folded_words(read))).values())
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
    entries += [
        IndexEntry(FIRST_LETTER_PAGE + number, FIRST_LETTER_PAGE + number, 1, "fax", (),
                   f"{page.name}.pdf", received, None, "done", page.read, 1)
        for number, page in enumerate(pages)
    ]  # fmt: skip
    writer = IndexWriter(directory, engine=engine)
    for start in range(0, len(entries), 500):
        writer.apply(entries[start : start + 500], [])
    writer.close()


def hits(index: SearchIndex, text: str) -> tuple[set[int], set[int]]:
    """(pages found as typed, pages found only through folding) for a one-word search."""
    found = index.search(text, per_page=100_000, snippet_pages=0).hits
    exact = {hit.document_id for hit in found if hit.score >= EXACT_FIRST}
    return exact, {hit.document_id for hit in found} - exact


def searches(index: SearchIndex, pages: Sequence[ReadPage]) -> dict[str, Counter[str]]:
    counts: dict[str, Counter[str]] = {"own words": Counter(), "surnames": Counter()}
    for number, page in enumerate(pages):
        wanted = FIRST_LETTER_PAGE + number
        queries = [("own words", word) for word in own_words(page)]
        if page.surname:
            queries.append(("surnames", f'"{page.surname}"'))
        for kind, text in queries:
            exact, folded = hits(index, text)
            counts[kind]["searches"] += 1
            counts[kind]["found before"] += wanted in exact
            counts[kind]["found after"] += wanted in exact | folded
            counts[kind]["extra hits"] += len(folded)
            counts[kind]["extra hits on other pages"] += len(folded - {wanted})
            if wanted not in exact | folded:
                print(f"  not found: {text} on {page.name}")
    return counts


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
    options = parser.parse_args(arguments)
    started = time.monotonic()
    engine = RapidEngine()
    pages = (
        read_heldout(options.heldout, engine) if options.heldout else read_letters(options, engine)
    )
    print(f"{len(pages)} pages read in {time.monotonic() - started:.0f} s")
    before, after = word_recall(pages)
    print(f"word recall of the index: before {before:.4f}, after {after:.4f}")
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
            index.close()
    print(f"{time.monotonic() - started:.0f} s in all")
    return 0


if __name__ == "__main__":
    sys.exit(main())
