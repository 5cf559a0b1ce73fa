"""The CPU engine (rapidocr on onnxruntime): the embedded default, no GPU needed.

rapidocr ships its detection and recognition models inside its wheel, so it works offline.
It reads a page in seconds on a laptop core; text comes back as plain lines in reading
order (top to bottom, then left to right), without Markdown structure, and each line as a
`ReadLine` with its box in the given image's pixels and the recogniser's confidence.

Why lines were lost at some scales and not others (issue 26), and what this engine does
    rapidocr 3.10 runs three models: the detector finds line boxes, the direction
    classifier (Cls, PP-OCRv4, input 48x192) says of each cut-out line whether it is upside
    down, and the recogniser reads it. The classifier squeezes a whole line into its 4:1
    input: a body line of 25-34:1 is shrunk about seven times across with a plain linear
    resize (no anti-aliasing), so what it sees depends on the exact pixel width, and it
    called such lines "180" with confidence 0.90-0.999 at some widths. rapidocr then turned
    the crop upside down and the recogniser read it as garbage ("Gra  n a tt bt   o  o"
    for "Grace Khan, born September 4, 1934, ..."; the score still 0.61, above the 0.5 cut).
    Measured on the dev letters (bench/letters.py, clean renders): dev-00000 at long side
    1800 had four lines flipped (recall 0.822; 0.96 at 1500-2000), dev-00001 at 2000 one
    (recall 0.787; 1.000 at 1500-1800); the same crops read without the classifier were
    word for word right at every width tried (0.5x to 1.5x). The detector's boxes were right
    in every case: the loss came after them.

    So this engine runs without the direction classifier (`Global.use_cls` false). A page
    is turned upright before any engine sees it (docvault.orientation), so every line is
    upright here; the per-line 180-degree guess can only do harm. With it off, the dev
    letters read the same at every long side from 1400 to 2400 (bench/fidelity_bench.py).
    The other settings (detector limit 736 on the short side, boxes above 0.5, unclip 1.6,
    the recogniser's 48-pixel line height and its width grown to the widest line of a
    batch: no cut of long lines) were measured and left as rapidocr ships them.

Reading order
    rapidocr sorts boxes by their top edge with a fixed 10-pixel tolerance, which at large
    scales splits a row of table cells whose tops differ by a few points. Here boxes that
    share most of their height are one row, and a row reads left to right.
"""

from __future__ import annotations

import asyncio
import logging
import queue as thread_queue
import time
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from docvault.errors import EngineRequestRejected
from docvault.ocr.base import EndpointStatus
from docvault.vocabulary import AttemptRequest, EngineReply, PageImage, ReadLine, TextFormat

logger = logging.getLogger(__name__)

# What decides what is read: see the module docstring. Any change here is measured with
# bench/fidelity_bench.py (word recall at long sides 1400-2400) before it is made.
READER_SETTINGS: dict[str, Any] = {
    "Global.log_level": "warning",
    "Global.use_cls": False,  # pages arrive upright; the line classifier flipped long lines
}
# Two boxes are in one row when they share this share of the lower one's height.
ROW_OVERLAP = 0.5

Box = tuple[int, int, int, int]


def _quiet_rapidocr_logging() -> None:
    """rapidocr logs every model path at INFO, through a handler of its own that writes
    colorlog's ANSI colour codes (issue 48: journald showed escape garbage). Its warnings go
    through docvault's own logging instead, plain, and only those an admin needs."""
    rapid_logger = logging.getLogger("RapidOCR")
    for handler in list(rapid_logger.handlers):
        rapid_logger.removeHandler(handler)
    rapid_logger.propagate = True
    rapid_logger.setLevel(logging.WARNING)


def new_reader() -> Any:
    """A rapidocr reader with docvault's settings (its models load on its first page)."""
    from rapidocr import RapidOCR  # imported late: loading it costs a second

    _quiet_rapidocr_logging()
    return RapidOCR(params=READER_SETTINGS)


def located_lines(result: Any, size: tuple[int, int]) -> list[ReadLine]:
    """rapidocr's result as ReadLines in reading order, boxes clipped to the image."""
    boxes = getattr(result, "boxes", None)
    texts = getattr(result, "txts", None) or ()
    scores = getattr(result, "scores", None) or ()
    if boxes is None or len(texts) == 0:
        return []
    width, height = size
    lines = []
    for quad, text, score in zip(boxes, texts, scores, strict=True):
        xs = [float(point[0]) for point in quad]
        ys = [float(point[1]) for point in quad]
        box = (
            max(0, int(min(xs))),
            max(0, int(min(ys))),
            min(width, round(max(xs))),
            min(height, round(max(ys))),
        )
        lines.append(ReadLine(box=box, text=str(text).strip(), score=float(score)))
    return reading_order([line for line in lines if line.text])


def reading_order(lines: Sequence[ReadLine]) -> list[ReadLine]:
    """Rows top to bottom (boxes sharing most of their height), each row left to right."""
    rows: list[list[ReadLine]] = []
    for line in sorted(lines, key=lambda item: (item.box[1], item.box[0])):
        row = next((row for row in rows if _same_row(row, line.box)), None)
        if row is None:
            rows.append([line])
        else:
            row.append(line)
    rows.sort(key=lambda row: min(item.box[1] for item in row))
    return [item for row in rows for item in sorted(row, key=lambda item: item.box[0])]


def _same_row(row: Sequence[ReadLine], box: Box) -> bool:
    top = min(item.box[1] for item in row)
    bottom = max(item.box[3] for item in row)
    shared = min(bottom, box[3]) - max(top, box[1])
    return shared >= ROW_OVERLAP * min(bottom - top, box[3] - box[1])


class RapidEngine:
    """rapidocr in a small thread pool: onnxruntime releases the GIL while it computes."""

    name = "cpu"
    text_format = TextFormat.plain  # lines as recognised, no Markdown structure

    def __init__(self, threads: int = 1) -> None:
        self.threads = threads
        self._executor = ThreadPoolExecutor(max_workers=threads, thread_name_prefix="rapidocr")
        self._readers: thread_queue.Queue[Any] = thread_queue.Queue()

    def _reader(self) -> Any:
        try:
            return self._readers.get_nowait()
        except thread_queue.Empty:
            return new_reader()

    def read(self, image: PageImage) -> EngineReply:
        """Read one page image here, in the calling thread (the bench and transcribe use it)."""
        started = time.perf_counter()
        reader = self._reader()
        try:
            result = reader(image.data)
        except Exception as error:
            raise EngineRequestRejected(
                f"The CPU engine could not read {image.label or 'the page'}: {error}",
                0,
                endpoint="cpu",
            ) from error
        finally:
            self._readers.put(reader)
        lines = tuple(located_lines(result, (image.width, image.height)))
        text = "\n".join(line.text for line in lines)
        return EngineReply(
            text=text,
            finish_reason="stop",
            prompt_tokens=0,
            completion_tokens=len(text.split()),
            seconds=time.perf_counter() - started,
            endpoint="cpu",
            lines=lines,
        )

    async def transcribe(self, image: PageImage, request: AttemptRequest) -> EngineReply:
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._executor, self.read, image)

    def endpoint_states(self) -> list[EndpointStatus]:
        """None: the CPU engine reads in docvault's own process, sending to no endpoint."""
        return []

    async def aclose(self) -> None:
        # The pages being read finish first (seconds): waited for off the event loop.
        await asyncio.to_thread(self._executor.shutdown, wait=True, cancel_futures=True)
