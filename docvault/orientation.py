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
    A page with fewer than `MIN_LINES` text lines, or whose votes are not clear (the winner
    needs `CLEAR_MARGIN` times the loser's weight), is left as it is (`decided` False): a
    blank page, a photo, a page of three words. Turning a page wrongly costs more than
    leaving it. A first window with no text, or a second one with fewer boxes than
    `MIN_LINES`, ends the search (a blank page costs one small window, not three steps).

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
import time
from dataclasses import dataclass
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
# The winning direction needs twice the weight of the other: on the real fixtures the upright
# side won by 2.5x (receipt photo) to 33x (magazine page).
CLEAR_MARGIN = 2.0
# A classifier answer below this confidence is no vote (rapidocr's own threshold is 0.9 for
# turning a line; a vote only needs to lean).
MIN_VOTE_SCORE = 0.6


@dataclass(frozen=True)
class Orientation:
    """What `detect` found."""

    rotation: int  # clockwise degrees that make the page upright (0 when undecided)
    decided: bool  # False: too little text or unclear votes; the page is left as it is
    lines: int  # text lines the detector found
    reason: str  # one sentence for the page's notes and the viewer
    milliseconds: float


class _Models:
    """rapidocr's detector and direction classifier, loaded once per process on first use."""

    def __init__(self) -> None:
        from rapidocr import RapidOCR  # imported late: loading it costs a second
        from rapidocr.ch_ppocr_cls import TextClassifier
        from rapidocr.ch_ppocr_det import TextDetector

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
        self.detector: Any = TextDetector(config.Det)
        self.classifier: Any = TextClassifier(config.Cls)


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


def _lines(
    models: _Models, page: np.ndarray, long_side: int, side: int
) -> tuple[int, list[tuple[float, np.ndarray]], list[tuple[float, np.ndarray]]]:
    """Boxes found in one step's window, and its lines across and down, in page pixels."""
    window, scale, (left, top) = _window(page, long_side, side)
    found = models.detector(window).boxes
    offset = np.array([left, top], dtype=np.float32)
    boxes = [] if found is None else [(np.asarray(box) + offset) / scale for box in found]
    across, down = [], []
    for box in boxes:
        along, height = _sides(box)
        if along >= LINE_ASPECT * height:
            across.append((along, box))
        elif height >= LINE_ASPECT * along:
            down.append((height, box))
    return len(boxes), across, down


def _decide(
    models: _Models,
    page: np.ndarray,
    across: list[tuple[float, np.ndarray]],
    down: list[tuple[float, np.ndarray]],
) -> tuple[int, bool, str]:
    """(rotation, decided, reason) from one step's lines."""
    lines = max(len(across), len(down))
    if lines < MIN_LINES:
        return 0, False, f"too little text to tell which way up ({lines} lines)"
    if lines < CLEAR_MARGIN * min(len(across), len(down)):
        return 0, False, f"text runs both ways ({len(across)} lines across, {len(down)} down)"
    sideways = len(down) > len(across)
    chosen = sorted(down if sideways else across, key=lambda item: -item[0])
    boxes = [box for _, box in chosen[:MAX_CLASSIFIED_LINES]]
    upright, upside_down = _direction_votes(models, _crops(page, boxes, sideways))
    weaker, stronger = sorted((upright, upside_down))
    if stronger == 0 or stronger < CLEAR_MARGIN * weaker:
        return (
            0,
            False,
            f"the lines' direction is unclear ({upright:.1f} against {upside_down:.1f})",
        )
    turned = upside_down > upright
    rotation = (270 if turned else 90) if sideways else (180 if turned else 0)
    return rotation, True, f"turned {rotation}° from {len(chosen)} lines of text"


def detect(pixels: np.ndarray) -> Orientation:
    """The clockwise turn that makes this page upright (uint8 grey HxW or RGB HxWx3)."""
    started = time.perf_counter()
    models = _loaded()
    page = _bgr(pixels)
    boxes, rotation, decided, reason = 0, 0, False, ""
    for step, (long_side, side) in enumerate(STEPS):
        boxes, across, down = _lines(models, page, long_side, side)
        rotation, decided, reason = _decide(models, page, across, down)
        # Nothing in the window richest in detail, or too little in the larger one: the page
        # has too little text, and the whole page would cost ~6 small windows for nothing.
        if decided or boxes == 0 or (step > 0 and boxes < MIN_LINES):
            break
    elapsed = (time.perf_counter() - started) * 1000
    return Orientation(rotation, decided, boxes, reason, elapsed)


def upright(pixels: np.ndarray, rotation: int) -> np.ndarray:
    """The page turned `rotation` degrees clockwise (a multiple of 90)."""
    if rotation % 90:
        raise ValueError(f"rotation must be a multiple of 90 degrees, not {rotation}")
    return np.ascontiguousarray(np.rot90(pixels, -(rotation // 90) % 4))
