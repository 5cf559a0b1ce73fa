"""Seconds the facts take on hostile page texts: a page is anybody's input (a fax, a mail's
attachment), and a rule whose pattern backtracks costs seconds on a line built for it.

    .venv/bin/python -m bench.facts_hostile_bench

The rules read at most `MAX_CHARACTERS` (20,000 characters) of each text: a line of
fax machine times before a page count (one pattern spanning both once took 8.4 s on it), a
word of 5,000 letters, a head of 3,000 hyphenated parts, 6,000 label and date lines, 3,000 of
the clinic's own name, a receipt stamp's word before a word of 5,000 letters, a reference row
of 1,500 labels over 1,500 dates, a heading and a first sentence run on by 19,000 no-break
spaces. A letter of the held-out sets takes some 5 ms.
"""

from __future__ import annotations

import time
from dataclasses import replace
from datetime import date

from docvault.facts import propose
from docvault.facts.extract.known import Directory, fold, with_directory

CLINIC = "Hausarztpraxis Dr. med. Jens Brandauer & Dr. med. Maren Köhlitz"
HOSTILE = {
    "fax times": "12:34 S. 1/2 " + "1:11 " * 4000 + "x\nKlinik Nord\nTel. 0123 4567\n",
    "one long word": "a" * 5000 + "\nKlinik Nord\nTel. 0123 4567\n",
    "long head": "Klinik " + "Nord-" * 3000 + "\nTel. 0123 4567\n",
    "labels and dates": "\n".join(["Datum", "12.12.2025"] * 3000),
    "the clinic's name": "\n".join(["Praxis Dr. Brandauer Nürnberg"] * 3000),
    # A receipt stamp's word before a long word (a pattern of the eleventh round that read
    # a name's words with optional spaces took 10 s on a word of 80 letters).
    "stamp and a long word": "EINGANG " + "a" * 5000 + "1:\n12.12.2025\nKlinik Nord\n",
    "reference row": "Ihr Zeichen " * 1500 + "Datum\n" + "12.12.2025 " * 1500 + "\n",
    # Runs of no-break spaces (plain spaces become a cell's mark) in a heading and in a first
    # sentence: two patterns of the fourteenth round, each with a leading or a doubled
    # optional space, took seconds on them.
    "spaced heading": "Klinik Nord\nBEFUNDBERICHT" + "\u00a0" * 19000 + "x\nSehr geehrte Damen,\n",
    "spaced sentence": "Klinik Nord\nSehr geehrte Damen,\nfür Anna Weber"
    + "\u00a0" * 19000
    + "x\n",
}


def main() -> None:
    clinic = replace(Directory(), own_names=frozenset({fold(CLINIC)}))
    print("| text | characters | seconds |\n| --- | ---: | ---: |")
    for name, text in HOSTILE.items():
        started = time.perf_counter()
        with_directory(propose(text, date(2026, 12, 1)), text, clinic)
        print(f"| {name} | {len(text):,} | {time.perf_counter() - started:.2f} |")


if __name__ == "__main__":
    main()
