"""The client reads streamed answers whatever vLLM's `--stream-interval` (1 or 16 tokens an
event): the engine simulator streams them over loopback HTTP as vLLM would."""

from __future__ import annotations

import asyncio
import base64
import hashlib
import io
import json
import logging
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import pymupdf
import pytest
from PIL import Image

from devtools.engine_sim import (
    DEFAULT_MODEL,
    DEGENERATE_UNITS,
    EngineSimulator,
    SimulatorConfig,
    argument_parser,
    share_of,
)
from docvault.ocr import guard
from docvault.ocr.client import LOOP_CHECK_CHARACTERS, OpenAIEngine
from docvault.ocr.profiles import OVISOCR2
from docvault.vocabulary import EngineReply, PageImage, SamplingMode

INTERVALS = (1, 16)
StartSimulator = Callable[..., EngineSimulator]


def png_of(colour: int, size: tuple[int, int] = (320, 400)) -> bytes:
    buffer = io.BytesIO()
    Image.new("L", size, colour).save(buffer, format="PNG")
    return buffer.getvalue()


def pages_by_loop_unit() -> dict[str, bytes]:
    """One small page for each degenerate unit the simulator's looping pages repeat.

    The simulator picks a looping page's unit from the image's sha256, so these are found by
    trying grey levels until every unit has a page.
    """
    found: dict[str, bytes] = {}
    for colour in range(256):
        page = png_of(colour)
        sha256 = hashlib.sha256(page).hexdigest()
        unit = DEGENERATE_UNITS[int(share_of(sha256, "unit") * len(DEGENERATE_UNITS))]
        found.setdefault(unit, page)
        if len(found) == len(DEGENERATE_UNITS):
            return found
    raise AssertionError("some loop unit has no page among 256 grey levels")


LOOPING_PAGES = pages_by_loop_unit()


@pytest.fixture(scope="module")
def letter_png() -> bytes:
    """A real letter-size page at 150 DPI, rendered the way docvault renders it."""
    fixture = Path(__file__).parents[1] / "fixtures" / "pymupdf__small-table.pdf"
    with pymupdf.open(fixture) as document:
        return bytes(document[0].get_pixmap(dpi=150).tobytes("png"))


def page_image(page: bytes) -> PageImage:
    width, height = Image.open(io.BytesIO(page)).size
    return PageImage(page, "image/png", width, height, "document 1 page 1")


def transcribe(simulator: EngineSimulator, page: bytes) -> EngineReply:
    image = page_image(page)

    async def once() -> EngineReply:
        engine = OpenAIEngine([simulator.base_url], OVISOCR2, timeout_seconds=30)
        try:
            return await engine.transcribe(image, OVISOCR2.request(SamplingMode.greedy))
        finally:
            await engine.aclose()

    return asyncio.run(once())


def whole_answer(simulator: EngineSimulator, page: bytes) -> dict[str, Any]:
    """The simulator's answer to the same request in one piece: its text and its usage."""
    body = OVISOCR2.request_body(page_image(page), OVISOCR2.request(SamplingMode.greedy))
    assert "stream" not in body
    response = httpx.post(f"{simulator.base_url}/chat/completions", json=body, timeout=30)
    response.raise_for_status()
    answer: dict[str, Any] = response.json()
    return answer


def shortest_plain_loop(prefix: str, unit: str) -> int:
    """The length of the shortest text, `prefix` then repeats of `unit`, the guard would cut."""
    repeats = 1
    while not guard.cut_early(prefix + unit * repeats):
        repeats += 1
        assert repeats < 4096, f"the guard never cuts a loop of {unit!r}"
    return len(prefix) + len(unit) * repeats


@pytest.mark.parametrize("unit", DEGENERATE_UNITS, ids=["digit", "letter-o", "emoji", "row"])
@pytest.mark.parametrize("interval", INTERVALS)
def test_looping_page_is_cut_soon_after_its_loop_is_plain(
    start_simulator: StartSimulator,
    interval: int,
    unit: str,
    caplog: pytest.LogCaptureFixture,
) -> None:
    simulator = start_simulator(loop_fraction=1.0, stream_interval=interval)
    page = LOOPING_PAGES[unit]
    looped = whole_answer(simulator, page)
    assert looped["usage"]["completion_tokens"] == 4096  # uncut, the loop runs to the cap
    with caplog.at_level(logging.INFO, logger="docvault.ocr.client"):
        reply = transcribe(simulator, page)
    assert reply.cut_early
    assert reply.finish_reason == "length"
    full_text = looped["choices"][0]["message"]["content"]
    assert full_text.startswith(reply.text)
    # The check comes every LOOP_CHECK_CHARACTERS characters of text, however many tokens an
    # event carries: the cut comes at most that far, plus the event that crosses it, after the
    # point where the loop became plain enough to cut.
    plain = shortest_plain_loop(full_text[: full_text.index(unit * 4)], unit)
    assert plain <= len(reply.text) < plain + LOOP_CHECK_CHARACTERS + interval * len(unit)
    assert len(reply.text) < len(full_text) / 2  # well before the cap
    # The attempt records the engine's running count of the tokens it sent, not the events.
    events, tokens = streamed_until(simulator, page, len(reply.text))
    assert reply.completion_tokens == tokens
    assert tokens == events if interval == 1 else tokens > events
    # getMessage(), not .message: the capture lists a record (another thread's too) before
    # its handler formats it, and only formatting sets .message (a CI run read it unset).
    messages = [
        text for text in map(logging.LogRecord.getMessage, caplog.records) if "loops" in text
    ]
    assert messages == [
        f"document 1 page 1: the answer loops after {len(reply.text)} characters "
        f"({events} streamed events); stopped it to retry"
    ]


def streamed_until(simulator: EngineSimulator, page: bytes, characters: int) -> tuple[int, int]:
    """Stream the request docvault sends and stop at `characters` of text, as its cut does:
    the content events read by then, and the completion tokens of the last event's usage."""
    body = {
        **OVISOCR2.request_body(page_image(page), OVISOCR2.request(SamplingMode.greedy)),
        "stream": True,
        "stream_options": {"include_usage": True, "continuous_usage_stats": True},
    }
    events = received = tokens = 0
    with httpx.stream(
        "POST", f"{simulator.base_url}/chat/completions", json=body, timeout=30
    ) as response:
        for line in response.iter_lines():
            if not line.startswith("data: {"):
                continue
            chunk = json.loads(line.removeprefix("data: "))
            content = chunk["choices"][0]["delta"].get("content") if chunk["choices"] else None
            if content:
                events, received = events + 1, received + len(content)
                tokens = chunk["usage"]["completion_tokens"]
            if received >= characters:
                break
    assert received == characters
    return events, tokens


@pytest.mark.parametrize("long_page", [False, True], ids=["letter", "long-page"])
def test_clean_page_arrives_whole_and_alike_at_every_interval(
    start_simulator: StartSimulator, letter_png: bytes, long_page: bool
) -> None:
    replies = {}
    for interval in INTERVALS:
        # A long page runs past the 4096-token cap with a clean tail (finish_reason "length").
        options = {"long_fraction": 1.0} if long_page else {}
        simulator = start_simulator(loop_fraction=0.0, stream_interval=interval, **options)
        whole = whole_answer(simulator, letter_png)
        reply = transcribe(simulator, letter_png)
        assert reply.text == whole["choices"][0]["message"]["content"]
        assert reply.finish_reason == whole["choices"][0]["finish_reason"]
        assert not reply.cut_early
        # The engine's own count from the usage chunk, never the number of events.
        assert reply.completion_tokens == whole["usage"]["completion_tokens"]
        assert reply.prompt_tokens == whole["usage"]["prompt_tokens"]
        replies[interval] = reply
    assert replies[1].text == replies[16].text
    assert replies[1].completion_tokens == replies[16].completion_tokens
    assert replies[16].completion_tokens == (4096 if long_page else len(replies[16].text.split()))


def test_simulator_streams_the_first_token_alone_then_one_event_per_interval(
    start_simulator: StartSimulator, letter_png: bytes
) -> None:
    simulator = start_simulator(loop_fraction=0.0, stream_interval=16)
    whole = whole_answer(simulator, letter_png)
    url = f"data:image/png;base64,{base64.b64encode(letter_png).decode()}"
    body = {
        "model": DEFAULT_MODEL,
        "messages": [
            {"role": "user", "content": [{"type": "image_url", "image_url": {"url": url}}]}
        ],
        "max_tokens": 4096,
        "stream": True,
        "stream_options": {"include_usage": True},
    }
    with httpx.stream(
        "POST", f"{simulator.base_url}/chat/completions", json=body, timeout=30
    ) as response:
        events = [line.removeprefix("data: ") for line in response.iter_lines() if line]
    assert events[-1] == "[DONE]"
    chunks = [json.loads(event) for event in events[:-1]]
    contents = [
        chunk["choices"][0]["delta"]["content"]
        for chunk in chunks
        if chunk["choices"] and chunk["choices"][0]["delta"].get("content")
    ]
    tokens = whole["usage"]["completion_tokens"]
    sizes = [len(content.split()) for content in contents]
    assert sizes == [1] + [16] * ((tokens - 1) // 16) + (
        [(tokens - 1) % 16] if (tokens - 1) % 16 else []
    )
    assert "".join(contents) == whole["choices"][0]["message"]["content"]
    assert chunks[-1]["usage"] == whole["usage"]


@pytest.mark.parametrize("interval", ["0", "-16"])
def test_simulator_refuses_a_stream_interval_below_one_as_vllm_does(
    interval: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit):
        argument_parser().parse_args(["--port", "0", "--stream-interval", interval])
    assert f"must be 1 or more, not {int(interval)}" in capsys.readouterr().err
    with pytest.raises(ValueError, match="stream_interval must be 1 or more"):
        SimulatorConfig(stream_interval=int(interval))
