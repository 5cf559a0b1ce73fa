"""Issue 44: a page that cannot be drawn within the render limit is drawn once. Its failure is
remembered; the arrivals list's thumbnail and the document page's image are the placeholder
at once, never another render; and the web view draws in render workers of its own, so a
look never holds up reading."""

from __future__ import annotations

import asyncio
import re
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from devtools.daemon import wait_for
from devtools.engine_sim import EngineSimulator
from docvault.config import load_settings
from docvault.errors import RenderTimedOut
from docvault.pipeline import Pipeline
from docvault.service import open_pipeline
from tests.runtime.test_supervision_daemon import documents, make_daemon
from tests.support.documents import letter_pdf
from tests.support.hostile import endless_pdf

RENDER_TIMEOUT_SECONDS = 4.0
TIMED_OUT = "could not be rendered within"


@pytest.mark.slow
def test_a_page_that_times_out_is_drawn_once_and_then_is_the_placeholder_at_once(
    tmp_path: Path, simulator: EngineSimulator
) -> None:
    daemon = make_daemon(tmp_path, simulator, DOCVAULT_RENDER_WORKERS="1")
    daemon.start()
    endless_pdf(tmp_path / "inbox" / "endless.pdf")
    try:
        wait_for(
            lambda: [row["status"] for row in documents(daemon)] == ["attention"],
            RENDER_TIMEOUT_SECONDS + 60,
            "the endless page failed by the worker",
        )
        web = daemon.logged_in_client()
        try:
            arrivals = web.get("/").text
            (page_id,) = re.findall(r"/pages/(\d+)/thumbnail\.jpg", arrivals)
            document_id = re.findall(r'href="/documents/(\d+)"', arrivals)[0]
            document_page = web.get(f"/documents/{document_id}").text
            assert f"/pages/{page_id}/image.png" in document_page
            answers = []
            for path in [f"/pages/{page_id}/thumbnail.jpg", f"/pages/{page_id}/image.png"] * 3:
                started = time.monotonic()
                answer = web.get(path)
                answers.append((path, answer, time.monotonic() - started))
        finally:
            web.close()
    finally:
        assert daemon.stop() == 0, daemon.log.read_text()
    for path, answer, seconds in answers:
        assert answer.status_code == 200, path
        assert answer.headers["content-type"] == "image/svg+xml", path
        assert b"cannot be drawn" in answer.content, path
        # Not drawn again: answered before a render could even have reached its limit.
        assert seconds < RENDER_TIMEOUT_SECONDS, (path, seconds)
    log = daemon.log.read_text()
    assert log.count(TIMED_OUT) == 1, log  # the worker's one render, no other


@pytest.fixture
def pipeline(tmp_path: Path, simulator: EngineSimulator) -> Iterator[Pipeline]:
    """The daemon's pipeline, built from the settings, with one render worker for reading
    and the web view's own one, on an event loop of its own thread."""
    settings = load_settings(
        environ={
            "DOCVAULT_DATA_DIR": str(tmp_path / "data"),
            "DOCVAULT_ENGINE": "openai",
            "DOCVAULT_ENGINE_URL": simulator.base_url,
            "DOCVAULT_PROFILE": "ovisocr2",
            "DOCVAULT_RENDER_WORKERS": "1",
            "DOCVAULT_WEB_RENDER_WORKERS": "1",
            "DOCVAULT_RENDER_TIMEOUT_SECONDS": str(RENDER_TIMEOUT_SECONDS),
        },
        cwd=tmp_path,
    )
    loop = asyncio.new_event_loop()
    thread = threading.Thread(target=loop.run_forever, daemon=True)
    thread.start()
    opened = open_pipeline(settings, loop, {})  # entered and left on the pipeline's loop
    built = asyncio.run_coroutine_threadsafe(opened.__aenter__(), loop).result(60)
    try:
        yield built
    finally:
        asyncio.run_coroutine_threadsafe(opened.__aexit__(None, None, None), loop).result(60)
        loop.call_soon_threadsafe(loop.stop)
        thread.join(10)
        loop.close()


def test_a_look_at_a_page_that_cannot_be_drawn_never_holds_up_reading(
    tmp_path: Path, pipeline: Pipeline
) -> None:
    endless = endless_pdf(tmp_path / "endless.pdf")
    letter = letter_pdf(tmp_path / "letter.pdf", 1, 7)
    looked: list[BaseException] = []

    def look() -> None:  # the web view's thread, drawing the endless page for a look
        try:
            pipeline.render_png(endless, 1, 0)
        except RenderTimedOut as error:
            looked.append(error)

    web = threading.Thread(target=look)
    web.start()
    try:
        wait_for(lambda: _tasks(pipeline) >= 2, 30, "the web view's render under way")
        read = asyncio.run_coroutine_threadsafe(pipeline.renderer.render(letter, 1), pipeline.loop)
        page = read.result(RENDER_TIMEOUT_SECONDS * 3)
        # Read while the look was still drawing: it never waited for the web view's render.
        still_drawing = web.is_alive()
    finally:
        web.join(RENDER_TIMEOUT_SECONDS * 3 + 10)
    assert page.image.width > 0
    assert still_drawing
    assert len(looked) == 1
    assert TIMED_OUT in looked[0].message


def _tasks(pipeline: Pipeline) -> int:
    """Tasks on the pipeline's loop, this count's own included: 2 once the look's render has
    been handed to the loop (so it is scheduled in a render pool before the reading is)."""

    async def count() -> int:
        return len(asyncio.all_tasks())

    return asyncio.run_coroutine_threadsafe(count(), pipeline.loop).result(10)
