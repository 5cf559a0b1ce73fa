"""Marks that are ink but not text to transcribe, drawn onto a letter's page image.

A signature above the typed name (joined-up pen strokes, sometimes touching the name), a
paraph or initials in the margin, a rubber stamp (a ring or a frame, turned, in red or blue,
with its own lettering), a logo in the letterhead (a filled emblem beside big initials) and a
few hand-drawn rules and ticks. Used by bench/coverage_bench.py and the coverage tests: a
page carrying them and read in full must not be flagged.

The marks are drawn by this module from its own seeded random choices; it knows nothing of
docvault's coverage check (keep it that way: the bench measures the check against them).
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass

import cv2
import numpy as np
from PIL import Image

from bench.letters import CLOSINGS, Letter

Box = tuple[int, int, int, int]
KINDS = ("signature", "initials", "stamp", "logo", "strokes")


@dataclass(frozen=True)
class Mark:
    """One mark drawn on the page: what it is and the box of its ink, in the image's pixels."""

    kind: str
    box: Box


def marked(letter: Letter, image: Image.Image, scale: float, seed: str = "") -> tuple[
    Image.Image, list[Mark]]:  # fmt: skip
    """The page image with a signature, and some of initials, a stamp, a logo and strokes."""
    rng = random.Random(f"{letter.name}/marks/{seed}")
    pixels = np.array(image.convert("RGB"))
    line_height = _line_height(letter, scale)
    drawn = [_signature(pixels, letter, scale, line_height, rng)]
    if rng.random() < 0.5:
        drawn.append(_initials(pixels, line_height, rng))
    if rng.random() < 0.6:
        drawn.append(_stamp(pixels, line_height, rng))
    if rng.random() < 0.5 and (logo := _logo(pixels, letter, scale, line_height, rng)):
        drawn.append(logo)
    if rng.random() < 0.5:
        drawn.append(_strokes(pixels, line_height, rng))
    return Image.fromarray(pixels), drawn


def _line_height(letter: Letter, scale: float) -> int:
    heights = sorted(line.box[3] - line.box[1] for line in letter.lines)
    return max(6, int(heights[len(heights) // 2] * scale))


def _pen(rng: random.Random) -> tuple[int, int, int]:
    return rng.choice(((20, 30, 110), (15, 15, 20), (30, 40, 90)))


def _signature(pixels: np.ndarray, letter: Letter, scale: float, line_height: int,
               rng: random.Random) -> Mark:  # fmt: skip
    """A joined-up signature above the typed name under the closing (or near the foot)."""
    closing = next((n for n, line in enumerate(letter.lines) if line.text in CLOSINGS), None)
    height, width = pixels.shape[:2]
    span_height = int(line_height * rng.uniform(1.8, 3.5))
    span_width = int(line_height * rng.uniform(7, 14))
    if closing is not None and closing + 1 < len(letter.lines):
        name = letter.lines[closing + 1].box
        left = int(name[0] * scale) + rng.randint(-line_height, 3 * line_height)
        # from well clear of the name to touching it (a signature often runs into the name)
        bottom = int(name[1] * scale) + int(line_height * rng.uniform(-0.4, 0.5))
    else:
        left = rng.randint(width // 10, width // 2)
        bottom = int(height * rng.uniform(0.8, 0.92))
    top = max(0, bottom - span_height)
    left = max(5, min(left, width - span_width - 5))
    _pen_path(pixels, (left, top, left + span_width, bottom), rng, _pen(rng), loops=True)
    return Mark("signature", (left, top, left + span_width, bottom))


def _initials(pixels: np.ndarray, line_height: int, rng: random.Random) -> Mark:
    """A paraph in the right margin or beside a line: a short scribble, a line or two high."""
    height, width = pixels.shape[:2]
    box_width, box_height = (
        int(line_height * rng.uniform(2, 4)),
        int(line_height * rng.uniform(1.2, 2.2)),
    )
    left = rng.randint(int(width * 0.75), width - box_width - 10)
    top = rng.randint(int(height * 0.1), int(height * 0.85))
    box = (left, top, left + box_width, top + box_height)
    _pen_path(pixels, box, rng, _pen(rng), loops=rng.random() < 0.5)
    return Mark("initials", box)


def _pen_path(pixels: np.ndarray, box: Box, rng: random.Random, colour: tuple[int, int, int],
              loops: bool) -> None:  # fmt: skip
    """A pen moving left to right over `box`: waves, loops and a flourish, lifted once or twice."""
    left, top, right, bottom = box
    middle, amplitude = (top + bottom) / 2, (bottom - top) / 2
    steps = max(40, (right - left) * 2)
    xs = np.linspace(left, right, steps)
    phase = np.linspace(0, rng.uniform(10, 18) * math.pi, steps)
    wobble = np.sin(phase) * np.cos(phase / rng.uniform(2.5, 5)) * amplitude * 0.9
    if loops:  # the pen doubles back: x runs a little backwards in each loop
        xs = xs - np.sin(phase * 1.0) * (right - left) * 0.035
    ys = middle + wobble
    points = np.stack([xs, ys], axis=1)
    thickness = rng.choice((2, 2, 3, 4))
    cuts = sorted(rng.sample(range(steps // 5, steps - steps // 5), rng.randint(0, 2)))
    for piece in np.split(points, cuts):
        cv2.polylines(pixels, [piece.astype(np.int32)], False, colour, thickness, cv2.LINE_AA)
    flourish = np.array(
        [[left + (right - left) * 0.1, bottom - 2], [right, bottom - amplitude * 0.4]]
    )
    if rng.random() < 0.6:
        cv2.polylines(pixels, [flourish.astype(np.int32)], False, colour, thickness, cv2.LINE_AA)


def _stamp(pixels: np.ndarray, line_height: int, rng: random.Random) -> Mark:
    """A rubber stamp: a ring or a frame with lettering and a date, turned, in red or blue."""
    height, width = pixels.shape[:2]
    size = int(line_height * rng.uniform(6, 10))
    tile = np.full((size, int(size * 1.6), 3), 255, np.uint8)
    colour = rng.choice(((200, 30, 40), (30, 50, 170), (120, 30, 140)))
    tile_height, tile_width = tile.shape[:2]
    font, scale_text = cv2.FONT_HERSHEY_DUPLEX, line_height / 22
    if rng.random() < 0.5:
        centre = (tile_width // 2, tile_height // 2)
        for inset, stroke in ((4, max(2, line_height // 5)), (14, max(1, line_height // 8))):
            axes = (tile_width // 2 - inset, tile_height // 2 - inset)
            cv2.ellipse(tile, centre, axes, 0, 0, 360, colour, stroke)
    else:
        cv2.rectangle(
            tile, (4, 4), (tile_width - 5, tile_height - 5), colour, max(2, line_height // 5)
        )
    words = rng.choice(("RECEIVED", "EINGANG", "ENTERED", "GEPRUEFT", "COPY"))
    day = f"{rng.randint(1, 28):02}.{rng.randint(1, 12):02}.2025"
    for row, text in enumerate((words, day)):
        (text_width, _), _ = cv2.getTextSize(text, font, scale_text * 1.3, 2)
        origin = (max(2, (tile_width - text_width) // 2), int(tile_height * (0.45 + 0.25 * row)))
        cv2.putText(tile, text, origin, font, scale_text * 1.3, colour, 2, cv2.LINE_AA)
    angle = rng.uniform(-25, 25)
    turn = cv2.getRotationMatrix2D((tile_width / 2, tile_height / 2), angle, 1.0)
    tile = cv2.warpAffine(tile, turn, (tile_width, tile_height), borderValue=(255, 255, 255))
    left = rng.randint(width // 2, width - tile_width - 10)
    top = rng.randint(height // 8, height - tile_height - height // 10)
    region = pixels[top : top + tile_height, left : left + tile_width]
    np.minimum(region, _faded(tile, rng), out=region)  # ink over print: the darker wins
    return Mark("stamp", (left, top, left + tile_width, top + tile_height))


def _faded(tile: np.ndarray, rng: random.Random) -> np.ndarray:
    """A stamp's ink is uneven: some of it lighter."""
    noise = np.random.default_rng(rng.randrange(1 << 30)).uniform(0, 90, tile.shape[:2])
    lighter = tile.astype(np.float32) + noise[:, :, None] * (tile < 250)
    return np.asarray(lighter.clip(0, 255), dtype=np.uint8)


def _logo(pixels: np.ndarray, letter: Letter, scale: float, line_height: int,
          rng: random.Random) -> Mark | None:  # fmt: skip
    """A letterhead logo at the top right, above the first line: an emblem and big initials."""
    width = pixels.shape[1]
    room = int(min(line.box[1] for line in letter.lines) * scale) - 16
    size = min(int(line_height * rng.uniform(3, 5)), room)
    if size < 2 * line_height:
        return None  # no room above the letterhead
    top = 8
    left = width - int(width * 0.08) - size * 3
    colour = rng.choice(((0, 90, 160), (20, 20, 20), (0, 120, 80)))
    centre = (left + size // 2, top + size // 2)
    if rng.random() < 0.5:
        cv2.circle(pixels, centre, size // 2, colour, -1, cv2.LINE_AA)
        cv2.circle(pixels, centre, size // 4, (255, 255, 255), -1, cv2.LINE_AA)
    else:
        triangle = np.array(
            [[left, top + size], [left + size // 2, top], [left + size, top + size]]
        )
        cv2.fillPoly(pixels, [triangle], colour, cv2.LINE_AA)
    initials = "".join(rng.choice("ABCDEFGHKLMPRSTW") for _ in range(rng.randint(2, 3)))
    origin = (left + size + size // 5, top + int(size * 0.9))
    font, thickness = cv2.FONT_HERSHEY_TRIPLEX, max(2, size // 12)
    cv2.putText(pixels, initials, origin, font, size / 28, colour, thickness, cv2.LINE_AA)
    return Mark("logo", (left, top, left + size * 3, top + size))


def _strokes(pixels: np.ndarray, line_height: int, rng: random.Random) -> Mark:
    """A hand-drawn line under something, a tick and a cross-out stroke in the margin."""
    height, width = pixels.shape[:2]
    top = rng.randint(height // 5, height * 4 // 5)
    left = rng.randint(width // 12, width // 3)
    length = int(width * rng.uniform(0.2, 0.5))
    colour = _pen(rng)
    xs = np.linspace(left, left + length, 60)
    ys = top + np.cumsum(np.random.default_rng(rng.randrange(1 << 30)).normal(0, 0.6, 60))
    cv2.polylines(pixels, [np.stack([xs, ys], 1).astype(np.int32)], False, colour, 2, cv2.LINE_AA)
    tick_left = rng.randint(10, max(11, width // 14))
    tick = np.array([[tick_left, top - line_height], [tick_left + line_height // 2, top],
                     [tick_left + line_height * 2, top - line_height * 2]])  # fmt: skip
    cv2.polylines(pixels, [tick], False, colour, 3, cv2.LINE_AA)
    return Mark("strokes", (tick_left, top - line_height * 2, left + length, top + line_height))


def overlapping(box: Box, marks: Sequence[Mark]) -> bool:
    """Whether `box` lies over any of the marks."""
    return any(
        box[0] < mark.box[2]
        and mark.box[0] < box[2]
        and box[1] < mark.box[3]
        and mark.box[1] < box[3]
        for mark in marks
    )
