"""Damaged files flagged, handwritten pages doubtful and not turned, clean pages not flagged:
measured on an independent held-out set (issue 47).

    python -m bench.fidelity_pages --data DIR [--read-typed 6] [--read-only]

DIR is the output of `bench/heldout47/generate.py` (written by someone who had not read
docvault's code; a copy may lie outside the repository). Measured only: nothing in docvault
was tuned to it.

1. Damage: every page of every file of `damaged/damaged.jsonl` rendered as the worker renders
   it (`render_page`, orientation on): flagged (`RenderedPage.damage`), failed (a
   `RenderError`: not done either), or plainly drawn; against the file's `expect_flag`.
2. Clean pages: every page variant of `truth.jsonl` (scans at 300 and 150 dpi, faxes)
   rendered: any damage flag on them is a false alarm.
3. Orientation: on the same renders, the handwritten and mixed pages that lie upright turned
   (goal: none), and the turned typed pages' decisions (turned right, wrong, left as stored).
4. Read, but doubtful: the handwritten and mixed pages of the 150 dpi scans and faxes, and
   `--read-typed` typed letters of each, read by the real CPU engine: doubtful or not.
"""

from __future__ import annotations

import argparse
import collections
import json
import time
from pathlib import Path
from typing import Any

from docvault import legibility
from docvault.errors import RenderError
from docvault.ocr.rapid import RapidEngine
from docvault.render import RenderOptions, inspect_document, render_page
from docvault.vocabulary import PageOutcome, TextFormat

OPTIONS = RenderOptions()


def _rows(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def _render(path: Path, page: int) -> tuple[str, Any]:
    try:
        return "drawn", render_page(path, page, OPTIONS)
    except RenderError as error:
        return f"failed ({error.code})", None


def damage(data: Path) -> None:
    print("| file | page | expected | outcome | sentence |")
    print("| --- | --- | --- | --- | --- |")
    tally: collections.Counter[str] = collections.Counter()
    for row in _rows(data / "damaged" / "damaged.jsonl"):
        # The set's folder or its damaged/ folder: the held-out sets name the file either way.
        path = data / row["file"]
        path = path if path.exists() else data / "damaged" / row["file"]
        try:
            pages = inspect_document(path, OPTIONS).page_count
        except RenderError as error:
            pages = 0
            print(f"| {row['file']} | - | {row['expect_flag']} | refused ({error.code}) | |")
            tally[
                "flag expected: refused at intake" if row["expect_flag"] else "CONTROL REFUSED"
            ] += 1
        for page in range(1, pages + 1):
            expected = row["expect_flag"] and row.get("damaged_page", page) == page
            how, rendered = _render(path, page)
            flagged = rendered is not None and rendered.damage is not None
            outcome = "flagged" if flagged else how
            sentence = (rendered.damage or "")[:90] if rendered is not None else ""
            print(f"| {row['file']} | {page} | {expected} | {outcome} | {sentence} |")
            if expected:
                tally["damaged page: " + ("flagged" if flagged else f"NOT FLAGGED, {how}")] += 1
            else:
                tally["intact page: " + ("FALSELY FLAGGED" if flagged else how)] += 1
    print()
    print(", ".join(f"{key} {value}" for key, value in sorted(tally.items())))


def clean_and_turns(data: Path) -> list[tuple[dict[str, Any], Any]]:
    """Every page variant rendered; the renders of handwritten, mixed and a few typed pages
    are kept for the reading."""
    tally: collections.Counter[str] = collections.Counter()
    kept = []
    started = time.monotonic()
    for row in _rows(data / "truth.jsonl"):
        how, rendered = _render(data / row["file"], row["page"])
        if rendered is None:
            tally[f"clean page {how}"] += 1
            continue
        tally["clean page FALSELY FLAGGED" if rendered.damage else "clean page not flagged"] += 1
        right = (360 - row["turned_degrees"]) % 360  # the clockwise turn that makes it upright
        kind = "handwritten/mixed" if row["kind"] in ("handwritten", "mixed") else "typed"
        turn = rendered.rotation
        if kind != "typed" and right == 0:
            tally[f"{kind} upright: " + ("TURNED" if turn else "not turned")] += 1
        elif kind == "typed" and right != 0:
            outcome = "turned right" if turn == right else ("left" if not turn else "TURNED WRONG")
            tally[f"typed turned page: {outcome}"] += 1
        elif kind == "typed" and turn:
            tally["typed upright page: TURNED"] += 1
        kept.append((row, rendered))
    rendered = tally["clean page not flagged"] + tally["clean page FALSELY FLAGGED"]
    print(f"rendered {rendered} page variants in {time.monotonic() - started:.0f} s")
    for key, value in sorted(tally.items()):
        print(f"  {key}: {value}")
    return kept


def doubtful(kept: list[tuple[dict[str, Any], Any]], typed_count: int) -> None:
    engine = RapidEngine(threads=2)
    chosen, typed = [], collections.Counter[str]()
    for row, rendered in kept:
        if row["variant"] not in ("scan150", "fax") or row["turned_degrees"]:
            continue
        if row["kind"] != "letter":
            chosen.append((row, rendered))
        elif typed[row["variant"]] < typed_count and row["page"] == 1:
            typed[row["variant"]] += 1
            chosen.append((row, rendered))
    print()
    print("| page | kind | variant | words | doubtful |")
    print("| --- | --- | --- | --- | --- |")
    tally: collections.Counter[str] = collections.Counter()
    started = time.monotonic()
    for row, rendered in chosen:
        reply = engine.read(rendered.image)
        outcome = PageOutcome(reply.text, False, (), reply.lines, TextFormat.plain)
        doubt = legibility.doubt(outcome)
        words = len(legibility.words(reply.text))
        print(
            f"| {row['file']} p{row['page']} | {row['kind']} | {row['variant']} | {words} "
            f"| {'yes' if doubt else 'no'} |"
        )
        tally[f"{row['kind']} page: " + ("doubtful" if doubt else "not doubtful")] += 1
    print(f"read {len(chosen)} pages with the CPU engine in {time.monotonic() - started:.0f} s")
    for key, value in sorted(tally.items()):
        print(f"  {key}: {value}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--data", type=Path, required=True)
    parser.add_argument("--read-typed", type=int, default=6)
    parser.add_argument(
        "--read-only", action="store_true", help="only step 4: render and read those pages"
    )
    arguments = parser.parse_args()
    if arguments.read_only:
        doubtful(_to_read(arguments.data, arguments.read_typed), arguments.read_typed)
        return
    damage(arguments.data)
    kept = clean_and_turns(arguments.data)
    doubtful(kept, arguments.read_typed)


def _to_read(data: Path, typed_count: int) -> list[tuple[dict[str, Any], Any]]:
    """Step 4's pages alone, rendered: the handwritten and mixed pages, and the first
    `typed_count` typed letters' first pages, of the 150 dpi scans and the faxes."""
    kept, typed = [], collections.Counter[str]()
    for row in _rows(data / "truth.jsonl"):
        if row["variant"] not in ("scan150", "fax") or row["turned_degrees"]:
            continue
        if row["kind"] == "letter":
            if row["page"] != 1 or typed[row["variant"]] >= typed_count:
                continue
            typed[row["variant"]] += 1
        rendered = _render(data / row["file"], row["page"])[1]
        if rendered is not None:
            kept.append((row, rendered))
    return kept


if __name__ == "__main__":
    main()
