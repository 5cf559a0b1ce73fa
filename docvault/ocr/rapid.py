"""The CPU engine (rapidocr on onnxruntime): the embedded default, no GPU needed.

rapidocr ships its detection and recognition models inside its wheel, so it works offline.
It reads a page in seconds on a laptop core; text comes back as plain lines in reading
order (top to bottom, then left to right), without Markdown structure.
"""

from __future__ import annotations

import asyncio
import logging
import queue as thread_queue
import time
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from docvault.errors import EngineRequestRejected
from docvault.vocabulary import AttemptRequest, EngineReply, PageImage, TextFormat

logger = logging.getLogger(__name__)


def _quiet_rapidocr_logging() -> None:
    # rapidocr logs every model path at INFO with its own handler and colours; docvault's
    # log should carry only what an admin needs.
    logging.getLogger("RapidOCR").setLevel(logging.WARNING)


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
            from rapidocr import RapidOCR  # imported late: loading it costs a second

            _quiet_rapidocr_logging()
            return RapidOCR(params={"Global.log_level": "warning"})

    def _read(self, image: PageImage) -> tuple[str, float]:
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
        lines = [str(line) for line in (getattr(result, "txts", None) or ())]
        return "\n".join(lines), time.perf_counter() - started

    async def transcribe(self, image: PageImage, request: AttemptRequest) -> EngineReply:
        loop = asyncio.get_running_loop()
        text, seconds = await loop.run_in_executor(self._executor, self._read, image)
        return EngineReply(
            text=text,
            finish_reason="stop",
            prompt_tokens=0,
            completion_tokens=len(text.split()),
            seconds=seconds,
            endpoint="cpu",
        )

    async def aclose(self) -> None:
        self._executor.shutdown(wait=True, cancel_futures=True)
