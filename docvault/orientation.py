"""Which way up a page is: 0, 90, 180 or 270 degrees, decided on the CPU before any engine.

A stage leaf: a page image (a numpy array, grey or RGB) in, an `Orientation` out; no database,
no settings. The render stage calls `detect` on every page it renders (unless detection is
turned off) and turns the page upright before the engine sees it, because neither the CPU
engine nor the vision models read a page that lies on its side or upside down (a 180° page
came out as "bro n vo jumped over the lazy fox" and was found by no search).

How it decides (only models that rapidocr ships in its wheel: no download, ever)
    1. rapidocr's text detector finds the text lines in a part of the page: first the
       256x256 window richest in fine detail of the page scaled to 850 pixels (~75 dpi,
       half the render), then, if that does not decide, a 448x448 window, then the whole
       page scaled to 736 pixels. A line box much wider than high runs across the page;
       one much higher than wide runs down it. More lines running down than across: the
       page lies on its side.
    2. The longest lines (at most 24) are cut out of the page at full resolution (of the
       page turned a quarter clockwise when they run down), and rapidocr's text-direction
       classifier says of each whether it reads upright (0) or upside down (180). The lines
       vote, weighted by the classifier's confidence.
    Lines across -> 0 or 180; lines down -> 90 or 270 (the quarter turn plus the vote).

When it does not decide
    `examine` gathers the `Evidence` (boxes, straight lines across and down, the weights);
    `judge` says decided, uncertain or undecided; `conclude` turns only a decided page.
    Undecided: fewer than `MIN_LINES` straight lines (a blank page, a photo, three words).
    Uncertain: text, but no clear axis (`AXIS_RATIO`) or a lead (winning weight minus the
    other) below `MARGIN`. An upright handwritten letter was once read as 180° on weak votes
    and transcribed bottom-up as garbage: a wrong turn costs far more than none, so an
    uncertain page is read as stored and shown to staff as "orientation uncertain". A first
    window with no text, or a second one with fewer boxes than `MIN_LINES`, ends the search
    (a blank page costs one small window, not three steps).

The cost
    The detector's network is the cost: ~1 CPU-µs per pixel it sees (190 ms for the whole
    page at 480x352 on this 2-core machine), so it looks at a window first. At 352 pixels
    for the whole page it found no lines on a two-column magazine page (tesseract__8087);
    at 480 the same page's votes were unclear; windows at half the render's resolution read
    it at 0, 90, 180 and 270. bench/orientation_bench.py measures it beside the render.

`rotation` is always the clockwise turn that makes the page upright; `upright` applies it.
"""

from __future__ import annotations

import logging
import threading
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

import numpy as np

logger = logging.getLogger(__name__)

# The steps: (long side of the scaled page, side of the window; 0: the whole page).
STEPS = ((850, 256), (850, 448), (736, 0))
# The detector resizes nothing itself: each step hands it the pixels it should see.
_DETECTOR_LIMIT = 4096
# A box is a line when one side is at least twice the other (a word or more of text).
LINE_ASPECT = 2.0
# Lines sent to the direction classifier: the longest ones carry the clearest evidence, and
# 24 crops cost ~15 ms (the classifier's input is 48x192).
MAX_CLASSIFIED_LINES = 24
MIN_LINES = 3
# A page is taken to lie one way only when it has at least twice as many straight lines that
# way as the other (a table's column headings run down; a form mixes both).
AXIS_RATIO = 2.0
# A box slanted more than this from its axis is no line (handwriting: see `_lines`).
MAX_SLANT = 20.0
# The lead (winning weight minus the other, about a line's worth per confident vote) a page
# needs to be turned. Measured by `python -m bench.orientation_bench margin`: see README.
MARGIN = 4.0
# A classifier answer below this confidence is no vote (rapidocr's own threshold is 0.9 for
# turning a line; a vote only needs to lean).
MIN_VOTE_SCORE = 0.6
# The recogniser reads the longest lines (at most this many) both ways before a turn: a page
# is turned only when the turned reading is clearly more legible than the other, and never
# when even the better reading is barely legible (handwriting, a poor copy). An upright
# handwritten letter was turned 180° on a lead of votes and read as "rph to puo rt amk opo
# her" (issue 47). Measured with `python -m bench.orientation_bench`: see bench/README.md.
MAX_READ_LINES = 8
LEGIBLE_SCORE = 0.88  # mean recogniser confidence of the lines read the way the votes say
LEGIBILITY_LEAD = 0.1  # how much better the turned reading must read than the other


@dataclass(frozen=True)
class Orientation:
    """What `detect` found."""

    rotation: int  # clockwise degrees that make the page upright (0 unless decided)
    verdict: Verdict  # decided, uncertain (left as it is, for staff) or undecided
    lines: int  # text boxes the detector found
    reason: str  # one sentence for the page's notes and the viewer
    evidence: Evidence | None = None

    @property
    def decided(self) -> bool:
        return self.verdict is Verdict.decided


class _Models:
    """rapidocr's detector and direction classifier, loaded once per process on first use."""

    def __init__(self) -> None:
        from rapidocr import RapidOCR  # imported late: loading it costs a second
        from rapidocr.ch_ppocr_cls import TextClassifier
        from rapidocr.ch_ppocr_det import TextDetector
        from rapidocr.ch_ppocr_rec import TextRecInput, TextRecognizer

        self.recognition_input = TextRecInput

        logging.getLogger("RapidOCR").setLevel(logging.WARNING)
        # One thread each: the render pool already runs one process per core.
        config = RapidOCR(
            params={
                "Global.log_level": "warning",
                "Det.limit_side_len": _DETECTOR_LIMIT,
                "Det.limit_type": "max",
                "EngineConfig.onnxruntime.intra_op_num_threads": 1,
                "EngineConfig.onnxruntime.inter_op_num_threads": 1,
            }
        ).cfg
        for part in (config.Det, config.Cls):
            part.engine_cfg = config.EngineConfig[part.engine_type.value]
            part.model_root_dir = config.Global.model_root_dir
        config.Rec.engine_cfg = config.EngineConfig[config.Rec.engine_type.value]
        config.Rec.model_root_dir = config.Global.model_root_dir
        config.Rec.font_path = config.Global.font_path
        self.detector: Any = TextDetector(config.Det)
        self.classifier: Any = TextClassifier(config.Cls)
        self.recognizer: Any = TextRecognizer(config.Rec)


_models: _Models | None = None
_models_lock = threading.Lock()


def _loaded() -> _Models:
    global _models  # one pair of models per process, shared by its calls
    with _models_lock:
        if _models is None:
            _models = _Models()
        return _models


def _bgr(pixels: np.ndarray) -> np.ndarray:
    import cv2

    if pixels.ndim == 2:
        return np.asarray(cv2.cvtColor(pixels, cv2.COLOR_GRAY2BGR))
    return np.ascontiguousarray(pixels[:, :, ::-1])


def _window(
    page: np.ndarray, long_side: int, side: int
) -> tuple[np.ndarray, float, tuple[int, int]]:
    """The page scaled to `long_side`, cut to the `side` square richest in fine detail
    (`side` 0: all of it): (window, scale, (left, top) of the window in scaled pixels)."""
    import cv2

    scale = min(1.0, long_side / max(page.shape[:2]))
    small = np.asarray(
        page
        if scale == 1.0
        else cv2.resize(page, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
    )
    height, width = small.shape[:2]
    if side == 0 or (height <= side and width <= side):
        return small, scale, (0, 0)
    # Text is where the page has most fine detail: the difference from a blurred copy, on a
    # grid of 8 pixels, summed over each window position (a box filter).
    grey = cv2.cvtColor(small, cv2.COLOR_BGR2GRAY)
    coarse = cv2.resize(grey, None, fx=1 / 8, fy=1 / 8, interpolation=cv2.INTER_AREA)
    detail = cv2.absdiff(coarse, cv2.blur(coarse, (3, 3))).astype(np.float32)
    rows, columns = detail.shape
    window_rows, window_columns = min(side // 8, rows), min(side // 8, columns)
    summed = cv2.boxFilter(
        detail,
        -1,
        (window_columns, window_rows),
        normalize=False,
        anchor=(0, 0),
        borderType=cv2.BORDER_CONSTANT,
    )[: rows - window_rows + 1, : columns - window_columns + 1]
    top, left = (int(value) * 8 for value in np.unravel_index(int(np.argmax(summed)), summed.shape))
    window = np.ascontiguousarray(small[top : top + side, left : left + side])
    return window, scale, (left, top)


def _sides(box: np.ndarray) -> tuple[float, float]:
    """Length along the box's first edge (left to right) and across it."""
    along = float(np.linalg.norm(box[0] - box[1]))
    across = float(np.linalg.norm(box[0] - box[3]))
    return along, across


def _corners(box: np.ndarray) -> np.ndarray:
    """The four points as top-left, top-right, bottom-right, bottom-left (a line box is
    skewed by a few degrees at most, so sums and differences of x and y tell them apart)."""
    sums, differences = box.sum(axis=1), box[:, 1] - box[:, 0]
    return np.array(
        [
            box[np.argmin(sums)],
            box[np.argmin(differences)],
            box[np.argmax(sums)],
            box[np.argmax(differences)],
        ],
        dtype=np.float32,
    )


def _crops(page: np.ndarray, boxes: list[np.ndarray], sideways: bool) -> list[np.ndarray]:
    """Each line cut out straight (rapidocr's own perspective crop, so a skewed scan's line
    does not take in its neighbours) and running across: from the page turned a quarter
    clockwise when the lines run down (the turned page is then upright or upside down)."""
    from rapidocr.utils.process_img import get_rotate_crop_image

    if sideways:
        height = page.shape[0]
        page = np.ascontiguousarray(np.rot90(page, -1))
        # A point (x, y) of the page is at (height - 1 - y, x) once turned clockwise.
        boxes = [np.stack([height - 1 - box[:, 1], box[:, 0]], axis=1) for box in boxes]
    crops = []
    for box in boxes:
        corners = _corners(box)
        width = np.linalg.norm(corners[1] - corners[0])
        if width < 2 or np.linalg.norm(corners[3] - corners[0]) < 2:
            continue
        crops.append(np.ascontiguousarray(get_rotate_crop_image(page, corners)))
    return crops


def _direction_votes(models: _Models, crops: list[np.ndarray]) -> tuple[float, float]:
    """The classifier's weight for 'upright' and for 'upside down' over these line crops."""
    upright = upside_down = 0.0
    for label, score in models.classifier(crops).cls_res if crops else ():
        if score < MIN_VOTE_SCORE:
            continue
        if label == "180":
            upside_down += float(score)
        else:
            upright += float(score)
    return upright, upside_down


def _legibility(models: _Models, crops: list[np.ndarray]) -> float:
    """The recogniser's mean confidence over these line crops read as they stand (0: none)."""
    if not crops:
        return 0.0
    scores = models.recognizer(models.recognition_input(img=crops)).scores
    return float(np.mean(scores)) if len(scores) else 0.0


def _readings(
    models: _Models, crops: list[np.ndarray], flipped: bool, compare: bool
) -> tuple[float, float]:
    """How legible the lines read the way the votes say (half a turn from the crops when
    `flipped`), and, to `compare` (a page to be turned), the other way: a page the votes
    leave as it is needs no comparison."""
    read = crops[:MAX_READ_LINES]
    turned = [np.ascontiguousarray(np.rot90(crop, 2)) for crop in read]
    as_voted, other = (turned, read) if flipped else (read, turned)
    return _legibility(models, as_voted), _legibility(models, other) if compare else 0.0


def _slant(box: np.ndarray, sideways: bool) -> float:
    """Degrees between the box's long edge and the axis it runs along (0: straight)."""
    start, end = (box[0], box[1]) if not sideways else (box[0], box[3])
    dx, dy = float(end[0] - start[0]), float(end[1] - start[1])
    if sideways:
        dx, dy = dy, dx
    return abs(float(np.degrees(np.arctan2(abs(dy), abs(dx)))))


def _lines(
    models: _Models, page: np.ndarray, long_side: int, side: int
) -> tuple[int, list[tuple[float, np.ndarray]], list[tuple[float, np.ndarray]]]:
    """Boxes found in one step's window, and its straight lines across and down, in page
    pixels. A box slanted more than `MAX_SLANT` is no line: handwriting's words rise and
    fall, and their slanted boxes, long in both directions, voted for a page on its side."""
    window, scale, (left, top) = _window(page, long_side, side)
    found = models.detector(window).boxes
    offset = np.array([left, top], dtype=np.float32)
    boxes = [] if found is None else [(np.asarray(box) + offset) / scale for box in found]
    across, down = [], []
    for box in boxes:
        along, height = _sides(box)
        if along >= LINE_ASPECT * height and _slant(box, False) <= MAX_SLANT:
            across.append((along, box))
        elif height >= LINE_ASPECT * along and _slant(box, True) <= MAX_SLANT:
            down.append((height, box))
    return len(boxes), across, down


@dataclass(frozen=True)
class Evidence:
    """What one look at the page found: its lines each way and the classifier's weights.

    `upright` and `upside_down` are the weights of the lines of the chosen axis (across, or
    down when the page lies on its side): read as they stand, or turned half a turn."""

    boxes: int  # text boxes the detector found
    across: int  # straight lines running across the page
    down: int  # straight lines running down it
    upright: float = 0.0
    upside_down: float = 0.0
    # The recogniser's mean confidence on the longest lines read the way the votes say, and
    # turned half a turn from it (1 and 0 where they were not read: the votes decide).
    reading: float = 1.0
    reading_other: float = 0.0

    @property
    def sideways(self) -> bool:
        return self.down > self.across

    @property
    def lead(self) -> float:
        """How far the winning direction's weight is ahead of the other's."""
        return abs(self.upright - self.upside_down)

    @property
    def rotation(self) -> int:
        """The turn the evidence points to, however weak."""
        turned = self.upside_down > self.upright
        if self.sideways:
            return 270 if turned else 90
        return 180 if turned else 0


class Verdict(StrEnum):
    decided = "decided"  # clear evidence: the page is turned as it says
    uncertain = "uncertain"  # text, but weak or mixed evidence: left as it is, for staff
    undecided = "undecided"  # too little text to look at (blank page, photo, three words)


def judge(evidence: Evidence, margin: float = MARGIN) -> tuple[Verdict, str]:
    """Whether the evidence is strong enough to turn the page, and one sentence why."""
    lines = max(evidence.across, evidence.down)
    if lines < MIN_LINES:
        return Verdict.undecided, f"too little text to tell which way up ({lines} lines)"
    if lines < AXIS_RATIO * min(evidence.across, evidence.down):
        return Verdict.uncertain, (
            f"text runs both ways ({evidence.across} lines across, {evidence.down} down)"
        )
    if evidence.lead < margin:
        return Verdict.uncertain, (
            f"the lines' direction is unclear (weights {evidence.upright:.1f} upright "
            f"against {evidence.upside_down:.1f} turned; a turn needs a lead of {margin:.1f})"
        )
    if evidence.reading < LEGIBLE_SCORE:
        return Verdict.uncertain, (
            f"its lines are barely legible either way (confidence {evidence.reading:.2f}; "
            "handwriting or a poor copy), so it is not turned on a guess"
        )
    if evidence.rotation and evidence.reading < evidence.reading_other + LEGIBILITY_LEAD:
        return Verdict.uncertain, (
            f"turned {evidence.rotation}°, its lines read no more clearly than as they stand "
            f"(confidence {evidence.reading:.2f} against {evidence.reading_other:.2f})"
        )
    return Verdict.decided, f"{evidence.rotation}° from {lines} lines of text"


def _evidence(
    models: _Models,
    page: np.ndarray,
    boxes: int,
    across: list[tuple[float, np.ndarray]],
    down: list[tuple[float, np.ndarray]],
) -> Evidence:
    """The step's lines, and the classifier's weights when there are enough of one axis."""
    found = Evidence(boxes, len(across), len(down))
    lines = max(found.across, found.down)
    if lines < MIN_LINES or lines < AXIS_RATIO * min(found.across, found.down):
        return found  # judge() says why without the classifier's cost
    chosen = sorted(down if found.sideways else across, key=lambda item: -item[0])
    crops = _crops(page, [box for _, box in chosen[:MAX_CLASSIFIED_LINES]], found.sideways)
    upright, upside_down = _direction_votes(models, crops)
    flipped = upside_down > upright
    reading, other = _readings(models, crops, flipped, compare=flipped or found.sideways)
    return Evidence(boxes, found.across, found.down, upright, upside_down, reading, other)


def conclude(evidence: Evidence, margin: float = MARGIN) -> Orientation:
    """The page's orientation from its evidence: turned only when the verdict is decided."""
    verdict, reason = judge(evidence, margin)
    rotation = evidence.rotation if verdict is Verdict.decided else 0
    return Orientation(rotation, verdict, evidence.boxes, reason, evidence)


def examine(pixels: np.ndarray, margin: float = MARGIN) -> Evidence:
    """The evidence `detect` judges: the first step whose evidence decides, else the last
    step looked at (the search stops early on a page with little or no text)."""
    models = _loaded()
    page = _bgr(pixels)
    evidence = Evidence(0, 0, 0)
    for step, (long_side, side) in enumerate(STEPS):
        boxes, across, down = _lines(models, page, long_side, side)
        evidence = _evidence(models, page, boxes, across, down)
        # Nothing in the window richest in detail, or too little in the larger one: the page
        # has too little text, and the whole page would cost ~6 small windows for nothing.
        if judge(evidence, margin)[0] is Verdict.decided or boxes == 0:
            break
        if step > 0 and boxes < MIN_LINES:
            break
    return evidence


def detect(pixels: np.ndarray, margin: float = MARGIN) -> Orientation:
    """The clockwise turn that makes this page upright (uint8 grey HxW or RGB HxWx3)."""
    return conclude(examine(pixels, margin), margin)


def upright(pixels: np.ndarray, rotation: int) -> np.ndarray:
    """The page turned `rotation` degrees clockwise (a multiple of 90)."""
    if rotation % 90:
        raise ValueError(f"rotation must be a multiple of 90 degrees, not {rotation}")
    return np.ascontiguousarray(np.rot90(pixels, -(rotation // 90) % 4))
