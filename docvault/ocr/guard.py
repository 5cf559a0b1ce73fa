"""The loop guard: is an engine's output clean, looped or cut off by the token cap?

Greedy decoding degenerates on about 0.5% of pages: the output starts as a normal page and then
repeats a short unit until the token cap (`1111…`, `O O O O`, one emoji, a table cell or row, a
line). The guard looks only at the *tail* of the output, because that is where a loop lives: it
runs to the end. Content that legitimately repeats (a column of equal values, a row of dashes, a
list of dates, a lab panel full of "mmol/L") is followed by other content, does not repeat
exactly, or is too short to count.

Four strategies look for a degenerate tail, cheapest and most precise first:

1. character period: the text ends in an exact repetition of a unit of up to 400 characters
   (a greedy loop is deterministic, so the repetition is exact, usually to the character);
2. line period: the text ends in a block of up to 8 whole lines repeated (units too long for 1);
3. token shapes: the last whitespace-separated tokens take at most two shapes once runs of one
   character are collapsed (`1111 11 111111` is one shape: a loop with wobbling lengths);
4. compression: the last kilobytes compress to almost nothing (a loop that alternates a few
   variants without separators, e.g. two emoji in an irregular order).

Pure functions, no I/O.
"""

from __future__ import annotations

import re
import zlib
from collections import Counter
from dataclasses import dataclass

from docvault.vocabulary import Verdict

# A repetition must reach this many characters and repeats to count as a loop. A loop that runs
# to the 4096-token cap spans thousands of characters; legitimate runs at the end of a page
# (a signature line of underscores, dot leaders, a row of dashes, a form's blank table rows)
# stay below 200 characters in tests/guard_corpus/, and "dozens of times" is what a loop does.
MINIMUM_TAIL_CHARACTERS = 200
MINIMUM_REPEATS = 10
# A loop that the model ended by itself (finish_reason "stop") is rare: greedy loops run to the
# cap. Content that really repeats ends with a stop, so a stopped output needs stronger evidence.
MINIMUM_STOPPED_TAIL_CHARACTERS = 400
MINIMUM_STOPPED_REPEATS = 25
# The longest unit the character-period strategy tries: a one-line HTML table row of a lab panel
# is 150–300 characters.
MAXIMUM_PERIOD = 400
# The line-period strategy tries blocks of up to this many lines.
MAXIMUM_LINE_PERIOD = 8
# Token-shape strategy: a run of at least this many tokens with at most two shapes.
MINIMUM_TOKEN_RUN = 40
MAXIMUM_TOKEN_SHAPES = 2
# Compression strategy: blocks of 256 characters whose zlib size is under a quarter of the raw
# size are degenerate (ordinary Markdown and HTML tables compress to 40–70% at this block size,
# an exact loop to under 15%); the degenerate region must cover at least 1024 characters.
COMPRESSION_BLOCK = 256
COMPRESSION_RATIO = 0.25
MINIMUM_COMPRESSED_REGION = 1024


@dataclass(frozen=True)
class GuardResult:
    """The guard's verdict on one attempt's output."""

    verdict: Verdict
    repeating_unit: str | None
    reason: str


@dataclass(frozen=True)
class DegenerateTail:
    """A repeating tail: where its first copy starts and what repeats."""

    unit: str
    start: int
    repeats: int
    strategy: str


@dataclass(frozen=True)
class Thresholds:
    """How much repetition counts as a loop."""

    characters: int
    repeats: int


CAPPED = Thresholds(MINIMUM_TAIL_CHARACTERS, MINIMUM_REPEATS)
STOPPED = Thresholds(MINIMUM_STOPPED_TAIL_CHARACTERS, MINIMUM_STOPPED_REPEATS)


def verdict(text: str, finish_reason: str) -> GuardResult:
    """Judge one output: looped (degenerate tail), truncated (cap hit, clean tail) or clean."""
    tail = degenerate_tail(text, finish_reason)
    if tail is not None:
        return GuardResult(
            Verdict.looped,
            tail.unit,
            f"the output ends in {tail.repeats} repeats of {tail.unit!r} "
            f"(found by {tail.strategy})",
        )
    if finish_reason == "length":
        return GuardResult(
            Verdict.truncated, None, "the output reached the token cap with a clean tail"
        )
    return GuardResult(Verdict.clean, None, f"finished ({finish_reason}) with a clean tail")


def deduplicated_prefix(text: str) -> str:
    """The text with its degenerate tail cut off, keeping one copy of the repeating unit."""
    tail = degenerate_tail(text, "length")
    if tail is None:
        return text
    return text[: tail.start] + tail.unit


def degenerate_tail(text: str, finish_reason: str = "length") -> DegenerateTail | None:
    """The repeating tail of the text, or None when the tail is clean."""
    thresholds = STOPPED if finish_reason == "stop" else CAPPED
    for strategy in (character_period_tail, line_period_tail, token_shape_tail):
        tail = strategy(text, thresholds)
        if tail is not None:
            return tail
    return compression_tail(text, thresholds)


def character_period_tail(text: str, thresholds: Thresholds) -> DegenerateTail | None:
    """The text ends in an exact repetition of a unit of up to MAXIMUM_PERIOD characters."""
    reversed_text = text[::-1]
    length = len(text)
    for period in range(1, min(MAXIMUM_PERIOD, length // 2) + 1):
        region = period + matching_length(reversed_text, period)
        repeats = region // period
        if region >= thresholds.characters and repeats >= thresholds.repeats:
            start = natural_start(text, length - region, period)
            return DegenerateTail(text[start : start + period], start, repeats, "character period")
    return None


def matching_length(reversed_text: str, period: int) -> int:
    """How many characters from the end equal the character `period` places before them."""
    low, high = 0, len(reversed_text) - period
    if reversed_text[:1] != reversed_text[period : period + 1]:
        return 0
    while low < high:  # binary search: equality of prefixes is monotone in their length
        middle = (low + high + 1) // 2
        if reversed_text[:middle] == reversed_text[period : period + middle]:
            low = middle
        else:
            high = middle - 1
    return low


def natural_start(text: str, region_start: int, period: int) -> int:
    """Rotate the unit to start where a reader would: a line, a tag, or a word."""
    unit = text[region_start : region_start + period]
    best_offset, best_score = 0, -1
    for offset in range(period):
        score = boundary_score(unit[offset - 1], unit[offset], unit[offset + 1 : offset + 2])
        if score > best_score:
            best_offset, best_score = offset, score
    return region_start + best_offset


def boundary_score(previous: str, character: str, following: str) -> int:
    """How natural a place a character is for a repeating unit to begin (higher is better).

    `previous` is the character before it in the repeating unit read as a cycle.
    """
    if previous == "\n" and character != "\n":
        return 3
    if character == "<" and following != "/":
        return 2
    if previous.isspace() and not character.isspace():
        return 1
    return 0


def line_period_tail(text: str, thresholds: Thresholds) -> DegenerateTail | None:
    """The text ends in a block of up to MAXIMUM_LINE_PERIOD whole lines repeated."""
    lines = text.rstrip("\n").split("\n")
    for period in range(1, min(MAXIMUM_LINE_PERIOD, len(lines) // 2) + 1):
        matched = 0
        while matched + period < len(lines) and lines[-1 - matched] == lines[-1 - matched - period]:
            matched += 1
        region_lines = matched + period
        repeats = region_lines // period
        first_line = len(lines) - region_lines
        unit_lines = lines[first_line : first_line + period]
        if not any(line.strip() for line in unit_lines):
            continue
        start = sum(len(line) + 1 for line in lines[:first_line])
        if len(text) - start >= thresholds.characters and repeats >= thresholds.repeats:
            return DegenerateTail("\n".join(unit_lines) + "\n", start, repeats, "line period")
    return None


def token_shape(token: str) -> str:
    """The token with runs of one character collapsed: "1111" and "11" are both "1"."""
    return re.sub(r"(.)\1+", r"\1", token)


def token_shape_tail(text: str, thresholds: Thresholds) -> DegenerateTail | None:
    """The last tokens take at most MAXIMUM_TOKEN_SHAPES shapes for a long run."""
    tokens = list(re.finditer(r"\S+", text))
    shapes: set[str] = set()
    run_start = len(tokens)
    while run_start > 0:
        shape = token_shape(tokens[run_start - 1].group())
        if shape not in shapes and len(shapes) == MAXIMUM_TOKEN_SHAPES:
            break
        shapes.add(shape)
        run_start -= 1
    run = tokens[run_start:]
    if len(run) < max(MINIMUM_TOKEN_RUN, thresholds.repeats):
        return None
    start = run[0].start()
    if len(text) - start < thresholds.characters:
        return None
    unit, repeats = Counter(token.group() for token in run).most_common(1)[0]
    return DegenerateTail(unit, start, repeats, "token shapes")


def compression_tail(text: str, thresholds: Thresholds) -> DegenerateTail | None:
    """The last blocks of the text compress to almost nothing."""
    start = len(text)
    while start - COMPRESSION_BLOCK >= 0:
        block = text[start - COMPRESSION_BLOCK : start]
        if compression_ratio(block) >= COMPRESSION_RATIO:
            break
        start -= COMPRESSION_BLOCK
    minimum = max(MINIMUM_COMPRESSED_REGION, thresholds.characters * 2)
    if len(text) - start < minimum:
        return None
    items = re.findall(r"<[^>]*>|[^\s<]", text[start:])
    if not items:
        return None
    unit, repeats = Counter(items).most_common(1)[0]
    if repeats < thresholds.repeats:
        return None
    first = text.index(unit, start)
    return DegenerateTail(unit, first, repeats, "compression")


def compression_ratio(block: str) -> float:
    """zlib size over raw size of the block's UTF-8 bytes."""
    raw = block.encode("utf-8")
    return len(zlib.compress(raw, 9)) / len(raw)


# While an answer streams, the guard sees it up to where it has got, so content that repeats
# for a while and then goes on (a blank form's empty table rows, a column of equal values) looks
# like a loop until it ends. A cut mid-answer therefore needs far stronger evidence than the
# verdict on a finished answer: at least 50 repeats spanning 400 characters, more than any
# clean output of tests/guard_corpus/ shows at any point of its text (tests/ocr/test_guard.py
# checks every prefix). A real loop reaches it a few hundred tokens in, long before the cap.
EARLY_CUT = Thresholds(characters=400, repeats=50)
# Only the end of the text is searched, so that a check costs the same at the 4000th token as at
# the 64th; a loop of units up to 80 characters fits 50 repeats in it, and a loop of longer
# units (whole table rows) is left to run to the cap and to the verdict, as before.
EARLY_CUT_WINDOW = 4096


def cut_early(text: str) -> bool:
    """Whether a partial answer already ends in a loop so plain that decoding on is waste."""
    window = text[-EARLY_CUT_WINDOW:]
    # Not the compression strategy: it counts every tag, so 40 blank table rows of two cells
    # already count 80 repeats of "<td>". A loop only it sees runs to the cap, as before.
    strategies = (character_period_tail, line_period_tail, token_shape_tail)
    return any(strategy(window, EARLY_CUT) is not None for strategy in strategies)
