"""The CPU engine's letter confusions, counted on its own misreads (issue 47).

    python -m bench.confusions_bench [--letters 6] [--long-side 1700] [--out FILE]
                                     [--corpus letters|independent]

The pages: the first `--letters` letters of the "dev" family (bench/letters.py) as faxes
and as scans, and the real born-digital fixture pages (`real_pages("tests/fixtures")`,
their text layer the truth); with `--corpus independent`, page 1 of the first `--letters`
letters of the independent corpus's dev split (bench/independent_letters.py) as faxes.
Each is read once by docvault's reader (`RapidEngine.read`) at
`--long-side` pixels. The truth's words and the words read are aligned (difflib, word by
word); each pair of a true word and the word read in its place that differ but are alike
(similarity at least 0.6) is aligned letter by letter, and each replaced run of letters
(``i`` -> ``l``, ``rn`` -> ``m``) is counted, after the index's own lower-casing and
accent folding (so ``ä`` read as ``a`` is no confusion: the index folds it already).

The table lists every confusion seen, most frequent first: the folding
classes of ``docvault.search.confusions`` are the ones measured here.
"""

from __future__ import annotations

import argparse
import difflib
import json
import sys
import time
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

import pymupdf

from bench.fidelity_bench import FIXTURES, png_of
from bench.independent_letters import PAGE_HEIGHT, PAGE_WIDTH, LabelledLetter, split
from bench.letters import Letter, TruthLine, letters, page_image, real_pages
from docvault.ocr.rapid import RapidEngine
from docvault.search.schema import FOLDING
from docvault.vocabulary import PageImage

ALIKE = 0.6


def index_form(word: str) -> str:
    """A word as the index keeps it before confusion folding: lower case, accents folded."""
    return word.lower().translate(FOLDING)


def plain_words(text: str) -> list[str]:
    """Whitespace-separated words with their outer punctuation stripped (inner kept)."""
    found = (word.strip(".,;:()[]\"'!?«»„“”") for word in text.split())
    return [index_form(word) for word in found if word]


def confusions(truth: str, read: str) -> Counter[tuple[str, str]]:
    """(true letters, letters read) for each replaced run inside alike word pairs."""
    counted: Counter[tuple[str, str]] = Counter()
    true_words, read_words = plain_words(truth), plain_words(read)
    matcher = difflib.SequenceMatcher(None, true_words, read_words, autojunk=False)
    for tag, true_start, true_end, read_start, read_end in matcher.get_opcodes():
        if tag != "replace" or true_end - true_start != read_end - read_start:
            continue
        for written, seen in zip(
            true_words[true_start:true_end], read_words[read_start:read_end], strict=True
        ):
            counted.update(_letter_confusions(written, seen))
    return counted


def _letter_confusions(written: str, seen: str) -> Counter[tuple[str, str]]:
    counted: Counter[tuple[str, str]] = Counter()
    letters_matcher = difflib.SequenceMatcher(None, written, seen, autojunk=False)
    if written == seen or letters_matcher.ratio() < ALIKE:
        return counted
    for tag, start, end, seen_start, seen_end in letters_matcher.get_opcodes():
        if tag == "replace" and end - start <= 2 and seen_end - seen_start <= 2:
            counted[(written[start:end], seen[seen_start:seen_end])] += 1
    return counted


def independent_page(letter: LabelledLetter) -> Letter:
    """Page 1 of a letter of the independent corpus, with its lines as the truth."""
    count = sum(1 for line in letter.placed if line.page == 0)
    lines = tuple(TruthLine(text, (0, 0, 0, 0), "text") for text in letter.lines[:count])
    with pymupdf.open("pdf", letter.pdf()) as document:
        single = pymupdf.open()
        single.insert_pdf(document, from_page=0, to_page=0)
        pdf: bytes = single.tobytes(garbage=3, deflate=True)
        single.close()
    return Letter(letter.key, "independent", pdf, lines, PAGE_WIDTH, PAGE_HEIGHT)


def samples(count: int, corpus: str) -> list[tuple[Letter, str]]:
    """The "dev" pages of bench/letters.py (faxes and scans) with the real fixtures, or of
    the independent corpus (faxes)."""
    if corpus == "independent":
        return [(independent_page(letter), "fax") for letter in split("dev")[:count]]
    chosen = [(letter, kind) for letter in letters("dev", count) for kind in ("fax", "scan")]
    return chosen + [(letter, "clean") for letter in real_pages(FIXTURES, min_words=5)]


def main(arguments: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--letters", type=int, default=6)
    parser.add_argument("--long-side", type=int, default=1700)
    parser.add_argument("--corpus", choices=["letters", "independent"], default="letters")
    parser.add_argument("--out", type=Path)
    options = parser.parse_args(arguments)
    engine = RapidEngine()
    total: Counter[tuple[str, str]] = Counter()
    pages = 0
    started = time.monotonic()
    for letter, degradation in samples(options.letters, options.corpus):
        image, _ = page_image(letter, options.long_side, degradation)
        reply = engine.read(PageImage(png_of(image), "image/png", *image.size, letter.name))
        total.update(confusions(letter.text, reply.text))
        pages += 1
    rows = [(written, seen, count) for (written, seen), count in total.most_common()]
    print(f"{pages} pages read at long side {options.long_side} in "
          f"{time.monotonic() - started:.0f} s\n")  # fmt: skip
    print("| written | read | count |\n|---|---|---|")
    for written, seen, count in rows:
        print(f"| `{written}` | `{seen}` | {count} |")
    if options.out is not None:
        options.out.write_text(
            json.dumps({"pages": pages, "confusions": rows}, ensure_ascii=False, indent=1) + "\n"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
