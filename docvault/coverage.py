"""Does the transcription account for the page's ink? A check that knows where the ink is.

A stage leaf like orientation.py: a page image (numpy, grey or RGB) in, values out; no
database, no settings. The render stage finds the page's text lines in its ink (`ink_lines`,
from exactly the pixels the engine is given); the worker checks the engine's reply against
them (`check`) and marks the lines nothing legible was read for.

Why: rapidocr's detector sometimes misses a whole line or garbles it ("Echo i i i  o o o m es
ario"), and the page ended `done` with nobody the wiser (issue 26).

Ink lines (`ink_lines`): the page's printed lines, nothing else
    The page is binarised (ink darker than the paper by a clear margin, so a blank grey page
    has none); clearly coloured ink (a stamp's red or blue, a blue pen, a logo) is not print
    and goes; lone specks (fax pepper, scanner dust) are removed, ruled lines and borders are
    taken out with long thin openings. Then the marks go (issue 47: the check flagged
    signature strokes and missed lost lines): a piece of ink far taller than a letter, or
    tall and long at once, that is not mostly ruled lines (a signature's loops, a stamp's
    ring, a logo, big initials), with the bits of ink touching it. What is left is smeared
    along the line (a closing about one letter wide) so a line's letters and words become one
    component. A component is a printed line when it is about as high as the page's typical
    line, wider than high, neither nearly solid nor nearly empty, clear of the page's edges,
    made of letter-sized marks, and printed: most of its letters end on one nearly level
    straight baseline (a fax's skew, not a stamp turned by hand) and are one of two heights
    (x-height and ascender height), its stems stand upright (handwriting leans right) and
    little of its ink is in long thin strokes (a drawing's hatching, an engraving's twigs).
    Handwriting (a note, a paraph, a signature's pieces) ends anywhere, rises to any height
    and leans: it is ink, but not a line the engine is expected to read, so it never makes
    a page incomplete (a handwritten page is the doubtful-reading check's business). A big
    heading's letters are as tall as a signature's loops and are left out with them.

The check (`check`)
    With located lines (the CPU engine's `ReadLine`s): an ink line is accounted for when
    read lines cover most of its width and what they read is legible: the recogniser's
    score is fair, most tokens look like words (not "i i i o o o"), and there are about as
    many characters as the ink's width holds at its height. Otherwise it is a suspect:
    "no text was read here" or "the text read here is not legible".
    Without located lines (a vision model's Markdown): the text is compared with the ink's
    capacity in characters (each ink line holds about width / (CHAR_WIDTH_PER_HEIGHT x
    height) characters); only text plainly too short for the ink is flagged, because a
    vision model may reflow lines and a table's ink holds far fewer characters than its
    width suggests. Losing one line of forty is below what this can see: said in the bench.
    Ink and no text at all: one suspect over all the ink.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

import cv2
import numpy as np

from docvault.vocabulary import CoverageReport, ReadLine, SuspectRegion, TextFormat

Box = tuple[int, int, int, int]

# The working resolution: lines of 7-point text stay ~9 px high at 1200 px for the long
# side, and the cost stays a few ms per page. Boxes are scaled back to the given pixels.
WORKING_LONG_SIDE = 1200
# Ink is this much darker than the paper (its median level): grey paper and noise are not.
INK_CONTRAST = 70
# Ink whose channels differ by more than this is coloured: not print (see _coloured).
COLOURED_CHROMA = 60
# Ruled lines: a run of ink this share of the page's width (height) is a rule, not text.
RULE_SHARE = 0.03
# A text line is at most this many times the page's median line height; more is a photo,
# a logo, a stamp, or a big heading of a few words (rare; it is left out, not flagged).
TALL_LINE_FACTOR = 2.4
SHORT_LINE_FACTOR = 0.45
SOLID_SHARE = 0.6  # ink share of a box: above it, a bar or a photo
SPARSE_SHARE = 0.04  # below it, a dotted leader or noise
EDGE_SHARE = 0.008
# Ink components this small (at the working resolution) are specks: fax pepper, dust.
SPECK_PIXELS = 3  # a box this close to the page edge is the edge, a border or a shadow
# Marks that are not print (issue 47): one connected piece of ink this many letter heights
# high (a signature's loop, a stamp's ring, a logo, a big initial), or this high and this
# wide at once (a pen stroke running along a line), is taken out before lines are sought.
MARK_HEIGHT_FACTOR = 2.6
STROKE_HEIGHT_FACTOR = 2.0
STROKE_WIDTH_FACTOR = 3.0
RULED_SHARE = 0.5  # of such a piece, at least this share is not ruled lines
SOLID_MARK_SHARE = 0.25  # or ink covers this share of its box (a grid of rules is sparse)
# Print's letters (the marks within ASPECT_TOLERANCE of the letter height) are at most
# PRINT_ASPECT as wide as high, by their median (0.45-0.9 on the held-out scans and faxes;
# the faxes drawn at their 204 x 98 dpi pixels' aspect 1.0-1.6): a page whose letters are
# wider is stretched to it. ASPECT_LETTERS such marks are needed to tell.
PRINT_ASPECT = 0.9
ASPECT_TOLERANCE = 0.2
ASPECT_LETTERS = 50
# A printed line: of its letter-sized marks (at least LETTER_SHARE of the letter height), at
# least BASELINE_SHARE end on one straight baseline (within BASELINE_TOLERANCE letter
# heights; its slope at most BASELINE_SLOPE: a fax's skew, not a stamp turned by hand) and
# at least REGULAR_SHARE are about a letter high. Handwriting's strokes and a signature's
# pieces end anywhere: they are ink, but not a line the engine is expected to read.
LETTER_SHARE = 0.4
BASELINE_SHARE = 0.5
BASELINE_TOLERANCE = 0.25
BASELINE_SLOPE = 0.05
REGULAR_SHARE = 0.6
# ... and at least TWO_HEIGHTS_SHARE of them are one of two heights (within HEIGHT_TOLERANCE).
TWO_HEIGHTS_SHARE = 0.6
HEIGHT_TOLERANCE = 0.15
# ... and under HATCHING_SHARE of their ink is in thin strokes: marks more than
# STROKE_ASPECT times as wide as high whose ink fills under STROKE_FILL of their box. A
# drawing's hatching and twigs break into such strokes (an engraving in a scanned book: 0.44
# of a twig's letter-sized ink); print's marks are letters, or letters run together, which
# fill their box by half (the dev set's 2004 printed lines: at most 0.38, all but 6 under 0.1).
HATCHING_SHARE = 0.4
STROKE_ASPECT = 2.0
STROKE_FILL = 0.35
# ... and its stems stand upright: a line at least SLANT_WIDTH letter heights wide whose
# strokes lean right by HANDWRITING_SLANT degrees or more is handwriting (a note in a pen
# on a typed page: 13-35 degrees on the dev set's mixed page), or italics, rare in a
# letter. The dev set's printed lines 5+ letter heights wide (3035): -16 to +10 degrees;
# 2.5-5 wide (485, a word or two, where a few marks decide): 1 at 12 or more.
SLANT_WIDTH = 2.5
HANDWRITING_SLANT = 12
# Italic print leans as much (the dev letters' italic lines: 11-12 degrees; a serif italic
# more) but its letters stand apart; a hand joins them: a leaning line is handwriting only
# when half its ink is in marks at least JOINED_WIDTH letter heights wide (the mixed page's
# note: 1.2-2.8; italic print's letters: 0.6-0.8).
JOINED_WIDTH = 1.1
SLANT_RANGE = (-20, 40)  # the slants tried, in degrees (print leans left only by skew)
# The page's median letter height (at the working resolution) below which its ink shows
# no text lines: 7-point print is about 9 px; a pale receipt's dot-matrix dots are 3.
MIN_LETTER_HEIGHT = 5
# Of a text line's ink, the marks holding half of it are at least this share of the page's
# letter height (see _letter_made).
LETTER_MARK_SHARE = 0.5
# An average character is this share of an ink line's height wide (base-14 and common
# fonts at 9-14 pt measured on the dev letters: 0.40-0.55).
CHAR_WIDTH_PER_HEIGHT = 0.45

# The located check. Read lines must cover this share of an ink line's width, unless what
# is left uncovered is narrower than UNCOVERED_HEIGHTS line heights (about five letters:
# a fax's skewed table rule stuck to a cell, a stray mark beside a word).
COVERED_SHARE = 0.6
UNCOVERED_HEIGHTS = 2.5
MIN_SCORE = 0.5  # rapidocr's confidence below this: a guess
MIN_WORD_SHARE = 0.5  # of a line's tokens, those that look like words
MIN_CHAR_SHARE = 0.3  # characters read against the characters the ink's width holds
# The Markdown check: the text holds at least this share of the ink's capacity.
MIN_TEXT_SHARE = 0.3

NO_TEXT = "no text was read here"
ILLEGIBLE = "the text read here is not legible"
TOO_SHORT = "the text read is much shorter than the ink on this page"

_WORD = re.compile(r"[^\W\d_]{2,}|\d|[&@%§€$+=/-]", re.UNICODE)
_SHORT_WORDS = frozenset({"a", "A", "I", "à", "&"})  # one letter and a word (case counts)
_MARKUP = re.compile(r"[|#*_`>\[\]()~-]{1,}|<[^>]+>")


@dataclass(frozen=True)
class _Component:
    box: Box
    ink: int  # ink pixels inside (before smearing)


def ink_lines(pixels: np.ndarray) -> tuple[Box, ...]:
    """The text lines in the page's ink, top to bottom, in the given pixels' coordinates."""
    grey = _grey(pixels)
    factor = min(1.0, WORKING_LONG_SIDE / max(grey.shape))
    scale = (factor, factor)
    page = _binarised(pixels, grey, scale)
    if page.letter_height < MIN_LETTER_HEIGHT and factor < 1.0:
        # Print smaller than the working resolution keeps (6-point print; a fax drawn at
        # its pixels' aspect, below): the letters are sought in the given pixels.
        scale = (1.0, 1.0)
        page = _binarised(pixels, grey, scale)
    stretch = _squash(page.ink, page.letter_height)
    if stretch > 1.0:
        # Letters far wider than print's are print squashed flat (a fax's 204 x 98 dpi
        # image drawn at its pixels' aspect: half its height): every rule below measures
        # in letter heights, so the page is stretched back to print's proportions.
        scale = (scale[0], scale[1] * stretch)
        page = _binarised(pixels, grey, scale)
    if page.letter_height < MIN_LETTER_HEIGHT:
        # No letters the binarisation can see (a pale dot-matrix receipt leaves only its
        # dots): what is left is specks, and a check against specks flags noise.
        return ()
    letter_height = page.letter_height
    ink = _without_marks(page.ink, _marks(page.with_rules, page.ink, letter_height))
    ink = _without_marks(ink, _marks(ink, ink, letter_height))
    candidates = _smeared_components(ink, letter_height)
    lines = _text_lines(candidates, ink, letter_height)
    return tuple(_scaled(box, scale, grey.shape) for box in lines)


@dataclass(frozen=True)
class _Binarised:
    """The page's ink at a working scale: with its rules, without them, its letters' height."""

    with_rules: np.ndarray
    ink: np.ndarray
    letter_height: int  # 0: no letters


def _binarised(pixels: np.ndarray, grey: np.ndarray, scale: tuple[float, float]) -> _Binarised:
    small = grey if scale == (1.0, 1.0) else _resized(grey, scale)
    ink = _ink(small) & ~_coloured(pixels, small.shape)
    if not ink.any():
        return _Binarised(ink, ink, 0)
    unruled = _without_rules(ink)
    return _Binarised(ink, unruled, _letter_height(unruled))


def _squash(ink: np.ndarray, letter_height: int) -> float:
    """How much taller the page must be for its letters to have print's proportions: the
    median width of its letter-high marks against their height, over PRINT_ASPECT; 1.0
    when they are no wider than that (or too few to tell)."""
    if letter_height < MIN_LETTER_HEIGHT:
        return 1.0
    count, _, stats, _ = cv2.connectedComponentsWithStats(ink, connectivity=8)
    heights = stats[1:count, cv2.CC_STAT_HEIGHT]
    widths = stats[1:count, cv2.CC_STAT_WIDTH]
    letters = np.abs(heights - letter_height) <= ASPECT_TOLERANCE * letter_height
    if letters.sum() < ASPECT_LETTERS:
        return 1.0
    aspect = float(np.median(widths[letters] / heights[letters]))
    return max(1.0, aspect / PRINT_ASPECT)


def _grey(pixels: np.ndarray) -> np.ndarray:
    if pixels.ndim == 2:
        return pixels
    if pixels.shape[2] == 4:
        return cv2.cvtColor(pixels, cv2.COLOR_RGBA2GRAY)
    return cv2.cvtColor(np.ascontiguousarray(pixels[:, :, :3]), cv2.COLOR_RGB2GRAY)


def _coloured(pixels: np.ndarray, shape: tuple[int, ...]) -> np.ndarray:
    """Where the ink is clearly coloured (a stamp's red or blue, a pen's blue, a logo): print
    is black or grey. All false for a grey image (a fax: its stamps are left to the shape)."""
    if pixels.ndim == 2 or pixels.shape[2] < 3:
        return np.zeros(shape[:2], dtype=np.uint8)
    colour = np.ascontiguousarray(pixels[:, :, :3])
    if colour.shape[:2] != shape[:2]:
        colour = cv2.resize(colour, (shape[1], shape[0]), interpolation=cv2.INTER_AREA)
    chroma = colour.max(axis=2).astype(np.int16) - colour.min(axis=2)
    return np.asarray(chroma > COLOURED_CHROMA, dtype=np.uint8)


def _resized(grey: np.ndarray, scale: tuple[float, float]) -> np.ndarray:
    size = (max(1, round(grey.shape[1] * scale[0])), max(1, round(grey.shape[0] * scale[1])))
    # Shrinking averages pixels; stretching (a squashed fax's height) interpolates them.
    method = cv2.INTER_AREA if max(scale) <= 1.0 else cv2.INTER_LINEAR
    return cv2.resize(grey, size, interpolation=method)


def _ink(grey: np.ndarray) -> np.ndarray:
    """Ink as 1, paper as 0: darker than Otsu's split and clearly darker than the paper."""
    paper = float(np.median(grey))
    otsu, _ = cv2.threshold(grey, 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
    level = min(otsu, paper - INK_CONTRAST)
    ink = (grey < level).astype(np.uint8)
    # Lone specks (fax pepper, dust) go; a median filter would break thin strokes apart.
    _, labels, stats, _ = cv2.connectedComponentsWithStats(ink, connectivity=8)
    kept = (stats[:, cv2.CC_STAT_AREA] > SPECK_PIXELS).astype(np.uint8)
    kept[0] = 0  # the paper
    return np.asarray(kept[labels], dtype=np.uint8)


def _without_rules(ink: np.ndarray) -> np.ndarray:
    """Ink less its long horizontal and vertical runs (table rules, borders, underlines)."""
    height, width = ink.shape
    across = cv2.getStructuringElement(cv2.MORPH_RECT, (max(8, int(width * RULE_SHARE)), 1))
    down = cv2.getStructuringElement(cv2.MORPH_RECT, (1, max(8, int(height * RULE_SHARE))))
    # A fax's skew turns a rule into a staircase of short runs: thickened by a pixel or two
    # first, the steps join into one run the opening keeps (letters never grow that long).
    thick_across = cv2.dilate(ink, np.ones((3, 1), np.uint8))
    thick_down = cv2.dilate(ink, np.ones((1, 3), np.uint8))
    rules = np.maximum(
        cv2.morphologyEx(thick_across, cv2.MORPH_OPEN, across),
        cv2.morphologyEx(thick_down, cv2.MORPH_OPEN, down),
    )
    return np.asarray((ink > 0) & (rules == 0), dtype=np.uint8)


def _marks(ink: np.ndarray, unruled: np.ndarray, letter_height: int) -> np.ndarray:
    """Pieces of ink far taller than a letter, or tall and long (pen strokes, rings, logos),
    that are not mostly ruled lines (a table's grid is one piece, its cells' text apart)."""
    count, labels, stats, _ = cv2.connectedComponentsWithStats(ink, connectivity=8)
    heights = stats[:, cv2.CC_STAT_HEIGHT]
    widths = stats[:, cv2.CC_STAT_WIDTH]
    big = (heights > MARK_HEIGHT_FACTOR * letter_height) | (
        (heights > STROKE_HEIGHT_FACTOR * letter_height)
        & (widths > STROKE_WIDTH_FACTOR * letter_height)
    )
    big[0] = False  # the paper
    if not big.any():
        return np.zeros(ink.shape, dtype=bool)
    areas = stats[:, cv2.CC_STAT_AREA]
    kept = np.bincount(labels.ravel(), weights=unruled.ravel(), minlength=count)
    # A logo's thick letters are solid, and the rule opening takes their stems for rules.
    solid = areas >= SOLID_MARK_SHARE * heights * widths
    marks = big & ((kept >= RULED_SHARE * areas) | solid)
    return np.asarray(marks[labels], dtype=bool)


def _without_marks(ink: np.ndarray, marks: np.ndarray) -> np.ndarray:
    """Ink less the marks and the bits of ink touching them (a stroke's broken-off ends, a
    logo letter's serifs cut off by the rule opening)."""
    if not marks.any():
        return ink
    count, labels, _, _ = cv2.connectedComponentsWithStats(ink, connectivity=8)
    near = cv2.dilate(marks.astype(np.uint8), np.ones((5, 5), np.uint8)) > 0
    touching = np.zeros(count, dtype=bool)
    touching[np.unique(labels[near])] = True
    touching[0] = True  # the paper stays paper
    return np.asarray(~touching[labels] & ~marks, dtype=np.uint8)


def _printed(box: Box, ink: np.ndarray, letter_height: int) -> bool:
    """Whether the box's ink is a printed line: letters about a letter high on one baseline."""
    left, top, right, bottom = box
    count, _, stats, _ = cv2.connectedComponentsWithStats(
        np.ascontiguousarray(ink[top:bottom, left:right]), connectivity=8
    )
    heights = stats[1:count, cv2.CC_STAT_HEIGHT].astype(float)
    letters = heights >= LETTER_SHARE * letter_height
    if letters.sum() < 2:
        return False
    middles = (stats[1:count, cv2.CC_STAT_LEFT] + stats[1:count, cv2.CC_STAT_WIDTH] / 2)[letters]
    bottoms = (stats[1:count, cv2.CC_STAT_TOP] + heights)[letters]
    regular = (heights[letters] <= 1.8 * letter_height).mean()
    if regular < REGULAR_SHARE or not _on_baseline(middles, bottoms, letter_height):
        return False
    if _hatched(stats[1:count][letters]) or _handwritten(box, ink, letter_height):
        return False
    return _two_heights(heights[letters], letter_height)


def _hatched(marks: np.ndarray) -> bool:
    """Whether much of these letter-sized marks' ink (rows of connected-component stats) is
    in long thin strokes: a drawing's hatching or twigs, not letters (see HATCHING_SHARE)."""
    widths = marks[:, cv2.CC_STAT_WIDTH].astype(float)
    heights = marks[:, cv2.CC_STAT_HEIGHT].astype(float)
    areas = marks[:, cv2.CC_STAT_AREA].astype(float)
    thin = (widths > STROKE_ASPECT * heights) & (areas < STROKE_FILL * widths * heights)
    return bool(areas[thin].sum() >= HATCHING_SHARE * areas.sum())


def _handwritten(box: Box, ink: np.ndarray, letter_height: int) -> bool:
    """Whether a line wide enough to tell leans right and joins its letters like handwriting
    (HANDWRITING_SLANT, JOINED_WIDTH)."""
    if _width(box) < SLANT_WIDTH * letter_height:
        return False
    left, top, right, bottom = box
    piece = np.ascontiguousarray(ink[top:bottom, left:right])
    if _slant(piece) < HANDWRITING_SLANT:
        return False
    count, _, stats, _ = cv2.connectedComponentsWithStats(piece, connectivity=8)
    widths = stats[1:count, cv2.CC_STAT_WIDTH]
    order = np.argsort(widths)
    weights = np.cumsum(stats[1:count, cv2.CC_STAT_AREA][order])
    median_width = widths[order][int(np.searchsorted(weights, weights[-1] / 2))]
    return bool(median_width >= JOINED_WIDTH * letter_height)


def _slant(ink: np.ndarray) -> int:
    """The lean of a line's stems, in degrees right of upright: the shear that stands them
    up best, i.e. that makes the ink's column sums the most peaked (sum of their squares)."""
    height, width = ink.shape
    piece = ink.astype(np.float32)
    best, best_score = 0, -1.0
    for degrees in range(SLANT_RANGE[0], SLANT_RANGE[1] + 1):
        shear = float(np.tan(np.radians(degrees)))
        # Sheared about the middle row, shifted so that no column falls off either side.
        shift = abs(shear) * height / 2 - shear * height / 2
        matrix = np.array([[1.0, shear, shift], [0.0, 1.0, 0.0]], dtype=np.float32)
        size = (width + int(np.ceil(abs(shear) * height)) + 1, height)
        sheared = cv2.warpAffine(piece, matrix, size, flags=cv2.INTER_NEAREST)
        score = float(np.square(sheared.sum(axis=0)).sum())
        if score > best_score:
            best, best_score = degrees, score
    return best


def _two_heights(heights: np.ndarray, letter_height: int) -> bool:
    """Whether most letters are one of two heights (print's x-height and ascender height,
    or capitals and digits); a pen's strokes rise to any height."""
    if heights.size < 4:
        return True  # too few to judge
    tolerance = max(1.0, HEIGHT_TOLERANCE * letter_height)
    left = heights
    for _ in range(2):
        if left.size == 0:
            break
        level = max(left, key=lambda value: int(np.sum(np.abs(left - value) <= tolerance)))
        left = left[np.abs(left - level) > tolerance]
    return bool(1 - left.size / heights.size >= TWO_HEIGHTS_SHARE)


def _on_baseline(middles: np.ndarray, bottoms: np.ndarray, letter_height: int) -> bool:
    """Whether most marks end on one nearly level straight line (descenders are the rest)."""
    tolerance = max(1.5, BASELINE_TOLERANCE * letter_height)
    baseline = np.full_like(bottoms, np.median(bottoms))
    slope = 0.0
    for _ in range(2):  # fit, then refit on the marks that sit on the first fit
        near = np.abs(bottoms - baseline) <= 2 * tolerance
        if near.sum() < 2 or np.ptp(middles[near]) == 0:
            break
        slope, offset = np.polyfit(middles[near], bottoms[near], 1)
        baseline = slope * middles + offset
    on_line = np.abs(bottoms - baseline) <= tolerance
    return bool(abs(slope) <= BASELINE_SLOPE and on_line.mean() >= BASELINE_SHARE)


def _letter_height(ink: np.ndarray) -> int:
    """The median height of the ink's letter-sized components (0: none)."""
    count, _, stats, _ = cv2.connectedComponentsWithStats(ink, connectivity=8)
    heights = stats[1:count, cv2.CC_STAT_HEIGHT]
    areas = stats[1:count, cv2.CC_STAT_AREA]
    letters = heights[(areas >= 4) & (heights >= 3) & (heights <= ink.shape[0] // 20)]
    return int(np.median(letters)) if letters.size else 0


def _smeared_components(ink: np.ndarray, letter_height: int) -> list[_Component]:
    # About one letter's height wide: joins letters and words, not a table's columns.
    width = max(3, int(letter_height * 1.6))
    kernel = cv2.getStructuringElement(cv2.MORPH_RECT, (width, 1))
    smeared = cv2.morphologyEx(ink, cv2.MORPH_CLOSE, kernel)
    count, _, stats, _ = cv2.connectedComponentsWithStats(smeared, connectivity=8)
    found = []
    for index in range(1, count):
        left, top, box_width, box_height, _ = (int(value) for value in stats[index])
        box = (left, top, left + box_width, top + box_height)
        found.append(_Component(box, int(ink[top : box[3], left : box[2]].sum())))
    return found


def _text_lines(candidates: Sequence[_Component], ink: np.ndarray, letter_height: int) -> list[Box]:
    plausible = [
        item for item in _joined(candidates) if _line_shaped(item, ink.shape, letter_height)
    ]
    if not plausible:
        return []
    typical = float(np.median([_height(item.box) for item in plausible]))
    lines = [
        item.box
        for item in plausible
        if SHORT_LINE_FACTOR * typical <= _height(item.box) <= TALL_LINE_FACTOR * typical
    ]
    return sorted(
        (
            box
            for box in lines
            if _letter_made(box, ink, letter_height) and _printed(box, ink, letter_height)
        ),
        key=lambda box: box[1],
    )


def _letter_made(box: Box, ink: np.ndarray, letter_height: int) -> bool:
    """Most of the box's ink is in marks about a letter high, as print and handwriting are.

    A drawing's hatching breaks into line-sized pieces made of thin strokes (an engraving
    in a scanned book: measured 3-4 px against letters of 9; every text line of that page
    and of the dev letters 6 or more): the median height of the ink's marks, weighted by
    their ink, tells them apart.
    """
    left, top, right, bottom = box
    count, _, stats, _ = cv2.connectedComponentsWithStats(
        np.ascontiguousarray(ink[top:bottom, left:right]), connectivity=8
    )
    if count <= 1:
        return False
    heights = stats[1:count, cv2.CC_STAT_HEIGHT]
    order = np.argsort(heights)
    weights = np.cumsum(stats[1:count, cv2.CC_STAT_AREA][order])
    median_height = heights[order][int(np.searchsorted(weights, weights[-1] / 2))]
    return bool(median_height >= LETTER_MARK_SHARE * letter_height)


def _joined(candidates: Sequence[_Component]) -> list[_Component]:
    """Components lying mostly over one another made one (a pen stroke broken in pieces).

    Lines never lie over one another by half: the smear runs along the line only.
    """
    joined: list[_Component] = []
    for item in sorted(candidates, key=lambda component: -_area(component.box)):
        for index, bigger in enumerate(joined):
            if _intersection(bigger.box, item.box) >= 0.5 * _area(item.box):
                joined[index] = _Component(
                    _union((bigger.box, item.box), None), bigger.ink + item.ink
                )
                break
        else:
            joined.append(item)
    return joined


def _area(box: Box) -> int:
    return _width(box) * _height(box)


def _intersection(first: Box, second: Box) -> int:
    return _overlap(first[0], first[2], second[0], second[2]) * _overlap(
        first[1], first[3], second[1], second[3]
    )


def _line_shaped(item: _Component, shape: tuple[int, ...], letter_height: int) -> bool:
    left, top, right, bottom = item.box
    height, width = bottom - top, right - left
    if height < 0.6 * letter_height or width < height:
        return False
    margin_x, margin_y = shape[1] * EDGE_SHARE, shape[0] * EDGE_SHARE
    if left <= margin_x or top <= margin_y or right >= shape[1] - margin_x:
        return False
    if bottom >= shape[0] - margin_y:
        return False
    share = item.ink / (height * width)
    return SPARSE_SHARE <= share <= SOLID_SHARE


def _scaled(box: Box, scale: tuple[float, float], shape: tuple[int, ...]) -> Box:
    """A box at the working scale in the given pixels."""
    if scale == (1.0, 1.0):
        return box
    height, width = shape[0], shape[1]
    left, top, right, bottom = box
    return (
        max(0, int(left / scale[0])),
        max(0, int(top / scale[1])),
        min(width, int(np.ceil(right / scale[0]))),
        min(height, int(np.ceil(bottom / scale[1]))),
    )


def _height(box: Box) -> int:
    return box[3] - box[1]


def _width(box: Box) -> int:
    return box[2] - box[0]


def _overlap(start: int, end: int, other_start: int, other_end: int) -> int:
    return max(0, min(end, other_end) - max(start, other_start))


# --- the check ----------------------------------------------------------------------------


def check(
    ink: Sequence[Box],
    reply_text: str,
    lines: Sequence[ReadLine],
    text_format: TextFormat,
    image_size: tuple[int, int],
) -> CoverageReport:
    """How much of the page's ink the transcription accounts for, and where it does not."""
    if not ink:
        return CoverageReport(ink_lines=0, accounted_lines=0)
    if not reply_text.strip():
        return _nothing_read(ink, image_size)
    if lines:
        return _located(ink, lines)
    return _by_capacity(ink, reply_text)


def _nothing_read(ink: Sequence[Box], image_size: tuple[int, int]) -> CoverageReport:
    region = _union(ink, image_size)
    noun = "line" if len(ink) == 1 else "lines"
    return CoverageReport(
        ink_lines=len(ink),
        accounted_lines=0,
        suspects=(SuspectRegion(region, NO_TEXT),),
        summary=f"This page has {len(ink)} {noun} of ink but no text was read from it.",
    )


def _located(ink: Sequence[Box], lines: Sequence[ReadLine]) -> CoverageReport:
    suspects = [
        SuspectRegion(box, reason)
        for box in ink
        if (reason := _line_problem(box, lines)) is not None
    ]
    accounted = len(ink) - len(suspects)
    return CoverageReport(
        ink_lines=len(ink),
        accounted_lines=accounted,
        suspects=tuple(suspects),
        summary=_summary(len(suspects), len(ink)),
    )


def _line_problem(box: Box, lines: Sequence[ReadLine]) -> str | None:
    """None when legible read lines account for this ink line, else the reason."""
    over = [line for line in lines if _same_row(box, line.box)]
    if not over and _width(box) < UNCOVERED_HEIGHTS * _height(box):
        return None  # a mark too short to hold a word: a tick, a bullet, a rule's remains
    covered = covered_width(box, [line.box for line in over])
    uncovered = _width(box) - covered
    if covered < COVERED_SHARE * _width(box) and uncovered >= UNCOVERED_HEIGHTS * _height(box):
        return NO_TEXT
    return None if legible(over, box) else ILLEGIBLE


def _same_row(box: Box, other: Box) -> bool:
    shared = _overlap(box[1], box[3], other[1], other[3])
    return shared >= 0.5 * min(_height(box), _height(other)) and (
        _overlap(box[0], box[2], other[0], other[2]) > 0
    )


def covered_width(box: Box, others: Sequence[Box]) -> int:
    spans = sorted((max(box[0], other[0]), min(box[2], other[2])) for other in others)
    covered, reached = 0, box[0]
    for start, end in spans:
        start = max(start, reached)
        if end > start:
            covered += end - start
            reached = end
    return covered


def legible(read: Sequence[ReadLine], box: Box) -> bool:
    """Whether what was read over an ink line looks like its text, not a garble."""
    text = " ".join(line.text for line in read)
    characters = len(text.strip())
    if characters == 0:
        return False
    weights = [max(1, len(line.text)) for line in read]
    score = sum(line.score * weight for line, weight in zip(read, weights, strict=True))
    if score / sum(weights) < MIN_SCORE:
        return False
    if word_share(text) < MIN_WORD_SHARE:
        return False
    return characters >= MIN_CHAR_SHARE * capacity(box)


def word_share(text: str) -> float:
    """The share of a text's tokens that look like words or numbers (1.0 for one token).

    Tokens of punctuation alone ("[ ]", "-") are neither: a garble is letters strewn apart.
    """
    tokens = [token for token in text.split() if any(char.isalnum() for char in token)]
    if len(tokens) < 3:
        return 1.0  # too few to judge: "Dear Sir," or "Ref: 12"
    wordlike = sum(1 for token in tokens if _wordlike(token))
    return wordlike / len(tokens)


def _wordlike(token: str) -> bool:
    if token.strip(".,;:!?()") in _SHORT_WORDS:
        return True
    return bool(_WORD.search(token))


def capacity(box: Box) -> float:
    """About how many characters (spaces included) an ink line of this size holds."""
    return _width(box) / (CHAR_WIDTH_PER_HEIGHT * max(1, _height(box)))


def _by_capacity(ink: Sequence[Box], text: str) -> CoverageReport:
    """A vision model's text against the ink's capacity: flag only text plainly too short."""
    expected = sum(capacity(box) for box in ink)
    written = len(" ".join(_MARKUP.sub(" ", text).split()))
    share = written / expected if expected else 1.0
    if share >= MIN_TEXT_SHARE:
        return CoverageReport(ink_lines=len(ink), accounted_lines=len(ink))
    accounted = min(len(ink) - 1, int(len(ink) * share / MIN_TEXT_SHARE))
    region = _union(ink, None)
    return CoverageReport(
        ink_lines=len(ink),
        accounted_lines=accounted,
        suspects=(SuspectRegion(region, TOO_SHORT),),
        summary=(
            f"The text read is much shorter than the ink on this page: it accounts for "
            f"about {accounted} of {len(ink)} lines."
        ),
    )


def _union(boxes: Sequence[Box], image_size: tuple[int, int] | None) -> Box:
    left = min(box[0] for box in boxes)
    top = min(box[1] for box in boxes)
    right = max(box[2] for box in boxes)
    bottom = max(box[3] for box in boxes)
    if image_size is not None:
        right, bottom = min(right, image_size[0]), min(bottom, image_size[1])
    return (left, top, right, bottom)


def _summary(suspects: int, total: int) -> str:
    if suspects == 0:
        return ""
    verb = "has" if suspects == 1 else "have"
    return f"{suspects} of {total} lines on this page {verb} no legible text."


def reading_order(lines: Sequence[ReadLine]) -> list[ReadLine]:
    """Lines top to bottom, and left to right within a row (boxes sharing most of a height)."""
    ordered: list[ReadLine] = []
    rows: list[list[ReadLine]] = []
    for line in sorted(lines, key=lambda item: (item.box[1] + item.box[3]) / 2):
        if rows and _same_band(rows[-1][0].box, line.box):
            rows[-1].append(line)
        else:
            rows.append([line])
    for row in rows:
        ordered.extend(sorted(row, key=lambda item: item.box[0]))
    return ordered


def _same_band(first: Box, second: Box) -> bool:
    shared = _overlap(first[1], first[3], second[1], second[3])
    return shared >= 0.5 * min(_height(first), _height(second))


# --- the re-read's crops --------------------------------------------------------------------

# A suspect is cut out with this many line heights of paper around it, and scaled so its
# line is about REREAD_LINE_HEIGHT pixels high (rapidocr's recogniser reads 48-pixel lines;
# its detector missed lines of 14-20 pixels at long side 1700), at most REREAD_MAX_SCALE.
REREAD_PADDING = 0.6
REREAD_LINE_HEIGHT = 40
REREAD_MAX_SCALE = 3.0


@dataclass(frozen=True)
class Crop:
    """One suspect region cut out of the page for a re-read, and how to map back."""

    box: Box  # the suspect region, in the page image's pixels
    png: bytes
    width: int
    height: int
    origin: tuple[int, int]  # the crop's top left corner in the page image
    scale: float  # crop pixels per page pixel

    def to_page(self, box: Box) -> Box:
        """A box in the crop's pixels, in the page image's pixels."""
        left, top = self.origin
        return (
            left + int(box[0] / self.scale),
            top + int(box[1] / self.scale),
            left + int(np.ceil(box[2] / self.scale)),
            top + int(np.ceil(box[3] / self.scale)),
        )


def crops(image: bytes, boxes: Sequence[Box]) -> list[Crop]:
    """The regions cut out of an encoded page image (PNG or JPEG), padded and scaled up."""
    decoded = cv2.imdecode(np.frombuffer(image, dtype=np.uint8), cv2.IMREAD_UNCHANGED)
    if decoded is None:
        return []
    return [_crop(decoded, box) for box in boxes]


def _crop(pixels: np.ndarray, box: Box) -> Crop:
    height = max(1, _height(box))
    pad = int(REREAD_PADDING * height) + 2
    left, top = max(0, box[0] - 2 * pad), max(0, box[1] - pad)
    right = min(pixels.shape[1], box[2] + 2 * pad)
    bottom = min(pixels.shape[0], box[3] + pad)
    piece = pixels[top:bottom, left:right]
    scale = min(REREAD_MAX_SCALE, max(1.0, REREAD_LINE_HEIGHT / height))
    if scale > 1.0:
        size = (round(piece.shape[1] * scale), round(piece.shape[0] * scale))
        piece = cv2.resize(piece, size, interpolation=cv2.INTER_CUBIC)
    ok, encoded = cv2.imencode(".png", piece)
    if not ok:  # cannot happen for a decoded image; say so rather than return junk
        raise ValueError("the crop could not be encoded as PNG")
    return Crop(box, encoded.tobytes(), piece.shape[1], piece.shape[0], (left, top), scale)


def merged(lines: Sequence[ReadLine], box: Box, recovered: Sequence[ReadLine]) -> list[ReadLine]:
    """The page's lines with what a re-read of `box` recovered in place of what lay there.

    Only recovered lines whose middle lies inside the suspect region count (the padding
    shows parts of the lines above and below, already read); they replace the lines read
    over the region (a garble) only when they are legible themselves.
    """
    inside = [line for line in recovered if _middle_inside(line.box, box)]
    if not inside or not legible(inside, box):
        return list(lines)
    kept = [line for line in lines if not _same_row(box, line.box)]
    return reading_order([*kept, *inside])


def _middle_inside(inner: Box, outer: Box) -> bool:
    middle = (inner[1] + inner[3]) / 2
    return outer[1] <= middle <= outer[3] and _overlap(inner[0], inner[2], outer[0], outer[2]) > 0
