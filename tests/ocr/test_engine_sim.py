"""The engine simulator answers like vLLM serving the OCR model, over real HTTP on loopback."""

from __future__ import annotations

import asyncio
import base64
import hashlib
import io
import json
import signal
import socket
import struct
import subprocess
import sys
import time
import zlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pymupdf
import pytest
from PIL import Image

from devtools.daemon import wait_for
from devtools.engine_sim import (
    DEFAULT_MODEL,
    DEGENERATE_UNITS,
    EngineSimulator,
    ServiceTimeModel,
    SimulatorConfig,
    tokenize,
)
from docvault.ocr.client import CONNECTION_RESET_ERRORS, OpenAIEngine
from docvault.ocr.profiles import OVISOCR2
from docvault.vocabulary import EngineReply, PageImage, SamplingMode

FIXTURES = Path(__file__).parents[1] / "fixtures"
INSTRUCTION = "Convert the page to Markdown."


@pytest.fixture(scope="module")
def page_png() -> bytes:
    """A real letter-size page rendered at 150 DPI the way docvault renders it."""
    with pymupdf.open(FIXTURES / "pymupdf__small-table.pdf") as document:
        pixmap = document[0].get_pixmap(dpi=150)
        return bytes(pixmap.tobytes("png"))


@pytest.fixture(scope="module")
def http() -> Iterator[httpx.Client]:
    with httpx.Client(timeout=10) as client:
        yield client


def small_png(colour: int = 255, size: tuple[int, int] = (320, 400)) -> bytes:
    buffer = io.BytesIO()
    Image.new("L", size, colour).save(buffer, format="PNG")
    return buffer.getvalue()


def chat_body(image: bytes, media_type: str = "image/png", **sampling: Any) -> dict[str, Any]:
    """A request shaped like docvault's OCR client sends it."""
    url = f"data:{media_type};base64,{base64.b64encode(image).decode()}"
    content = [
        {"type": "image_url", "image_url": {"url": url}},
        {"type": "text", "text": INSTRUCTION},
    ]
    body: dict[str, Any] = {
        "model": DEFAULT_MODEL,
        "messages": [{"role": "user", "content": content}],
        "temperature": 0,
        "max_tokens": 4096,
        "chat_template_kwargs": {"enable_thinking": False},
    }
    body.update(sampling)
    return body


def post_chat(
    http: httpx.Client, simulator: EngineSimulator, body: dict[str, Any]
) -> httpx.Response:
    return http.post(f"{simulator.base_url}/chat/completions", json=body)


def content_of(response: httpx.Response) -> str:
    text: str = response.json()["choices"][0]["message"]["content"]
    return text


def has_degenerate_tail(text: str) -> bool:
    return any(text.endswith(unit * 50) for unit in DEGENERATE_UNITS)


def test_real_page_is_answered_with_qwen_token_counts(start_simulator, page_png, http):
    simulator = start_simulator()
    response = post_chat(http, simulator, chat_body(page_png))

    assert response.status_code == 200
    reply = response.json()
    assert reply["object"] == "chat.completion"
    assert reply["model"] == DEFAULT_MODEL
    assert reply["choices"][0]["index"] == 0
    assert reply["choices"][0]["message"]["role"] == "assistant"
    assert reply["choices"][0]["finish_reason"] == "stop"
    # 1275x1650 pixels: ceil(1650/32) * ceil(1275/32) = 52 * 40 image tokens + 59.
    assert reply["usage"]["prompt_tokens"] == 2139
    completion_tokens = reply["usage"]["completion_tokens"]
    assert completion_tokens == len(tokenize(content_of(response)))
    assert 600 <= completion_tokens < 800
    assert reply["usage"]["total_tokens"] == 2139 + completion_tokens
    assert f"SIM-{hashlib.sha256(page_png).hexdigest()[:12]}" in content_of(response)


def test_same_page_gets_same_text_and_other_page_other_text(start_simulator, page_png, http):
    simulator = start_simulator()
    first = content_of(post_chat(http, simulator, chat_body(page_png)))
    again = content_of(post_chat(http, simulator, chat_body(page_png)))
    other = content_of(post_chat(http, simulator, chat_body(small_png())))

    assert first == again
    assert other != first
    stats = simulator.stats()
    assert stats["images_seen"] == 3
    assert stats["unique_images"] == 2


def test_text_mapped_to_an_image_is_the_answer(start_simulator, tmp_path, page_png, http):
    letter = "Dear Dr Okafor,\n\nthank you for referring Ms Brandt with atrial fibrillation."
    hooked = start_simulator(page_text=lambda image: letter if image == page_png else "other")
    assert content_of(post_chat(http, hooked, chat_body(page_png))) == letter

    (tmp_path / f"{hashlib.sha256(page_png).hexdigest()}.md").write_text(letter)
    from_folder = start_simulator(text_source=tmp_path)
    response = post_chat(http, from_folder, chat_body(page_png))
    assert content_of(response) == letter
    assert response.json()["usage"]["completion_tokens"] == len(letter.split())


def read_until_closed(port: int, request: bytes) -> bytes:
    """Send one raw HTTP request; return everything read until the server closes."""
    with socket.create_connection(("127.0.0.1", port), timeout=5) as connection:
        connection.sendall(request)
        received = b""
        while chunk := connection.recv(65536):  # a kept-alive connection times out here
            received += chunk
        return received


def test_bad_base64_gets_vllm_400_and_the_connection_is_closed(start_simulator, http):
    simulator = start_simulator()
    body = chat_body(b"")
    body["messages"][0]["content"][0]["image_url"]["url"] = "data:image/png;base64,not@base64!"
    payload = httpx.Request("POST", "http://x", json=body).content
    request = (
        b"POST /v1/chat/completions HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        b"Content-Type: application/json\r\nContent-Length: "
        + str(len(payload)).encode()
        + b"\r\n\r\n"
        + payload
    )

    received = read_until_closed(simulator.port, request)

    assert received.startswith(b"HTTP/1.1 400 ")
    response = post_chat(http, simulator, body)
    error = response.json()["error"]
    assert (error["type"], error["param"], error["code"]) == ("BadRequestError", None, 400)
    assert "base64" in error["message"]
    assert response.headers["connection"] == "close"


@pytest.mark.parametrize(
    ("image", "media_type"),
    [
        pytest.param(
            (FIXTURES / "pillow__truncated_image.png").read_bytes(), "image/png", id="png"
        ),
        pytest.param((FIXTURES / "pymupdf__small-table.pdf").read_bytes(), "image/png", id="pdf"),
    ],
)
def test_broken_or_foreign_image_bytes_get_400(start_simulator, image, media_type, http):
    simulator = start_simulator()
    response = post_chat(http, simulator, chat_body(image, media_type))

    assert response.status_code == 400
    assert response.json()["error"]["type"] == "BadRequestError"
    assert response.json()["error"]["message"].startswith("Failed to load image")


def png_header_only(width: int, height: int) -> bytes:
    """A PNG that declares its size and stops: enough for Pillow's pixel-limit check."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        checksum = zlib.crc32(kind + data)
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", checksum)

    header = struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(b""))


def test_image_over_the_pixel_limit_gets_500(start_simulator, http):
    simulator = start_simulator()
    # 13,400 x 13,400 = 179.6 Mpx, just over Pillow's 178.9 Mpx decompression-bomb limit.
    response = post_chat(http, simulator, chat_body(png_header_only(13_400, 13_400)))

    assert response.status_code == 500
    assert "decompression bomb" in response.json()["error"]["message"]


def test_unknown_model_gets_vllm_404(start_simulator, http):
    simulator = start_simulator()
    response = post_chat(http, simulator, chat_body(small_png(), model="Qwen/Wrong-Model"))

    assert response.status_code == 404
    assert response.json() == {
        "error": {
            "message": "The model `Qwen/Wrong-Model` does not exist.",
            "type": "NotFoundError",
            "param": "model",
            "code": 404,
        }
    }
    models = http.get(f"{simulator.base_url}/models").json()
    assert [model["id"] for model in models["data"]] == [DEFAULT_MODEL]


def test_looping_page_loops_greedy_and_is_cured_by_frequency_penalty(
    start_simulator, page_png, http
):
    simulator = start_simulator(loop_fraction=1.0)

    greedy = post_chat(http, simulator, chat_body(page_png))
    cured = post_chat(http, simulator, chat_body(page_png, frequency_penalty=0.3))

    assert greedy.json()["choices"][0]["finish_reason"] == "length"
    assert greedy.json()["usage"]["completion_tokens"] == 4096
    assert has_degenerate_tail(content_of(greedy))
    assert cured.json()["choices"][0]["finish_reason"] == "stop"
    assert 600 <= cured.json()["usage"]["completion_tokens"] < 800
    assert not has_degenerate_tail(content_of(cured))
    assert simulator.stats()["modes"] == {"greedy": 1, "penalty": 1}
    assert simulator.stats()["outcomes"] == {"looped": 1, "clean": 1}


def test_looping_is_decided_by_the_page(start_simulator, http):
    simulator = start_simulator(loop_fraction=0.5)
    pages = [small_png(colour) for colour in range(0, 250, 20)]

    first = [post_chat(http, simulator, chat_body(page)).json()["usage"] for page in pages]
    again = [post_chat(http, simulator, chat_body(page)).json()["usage"] for page in pages]

    assert first == again
    looped = [usage["completion_tokens"] == 4096 for usage in first]
    assert any(looped)
    assert not all(looped)


def test_long_page_is_cut_with_a_clean_tail_and_completes_uncapped(start_simulator, page_png, http):
    simulator = start_simulator(long_fraction=1.0)

    capped = post_chat(http, simulator, chat_body(page_png))
    uncapped = post_chat(http, simulator, chat_body(page_png, max_tokens=None))

    assert capped.json()["choices"][0]["finish_reason"] == "length"
    assert capped.json()["usage"]["completion_tokens"] == 4096
    assert not has_degenerate_tail(content_of(capped))
    assert uncapped.json()["choices"][0]["finish_reason"] == "stop"
    assert uncapped.json()["usage"]["completion_tokens"] == 6000
    assert content_of(uncapped).startswith(content_of(capped).rstrip())


def test_ignore_eos_decodes_exactly_max_tokens(start_simulator, page_png, http):
    simulator = start_simulator()
    response = post_chat(http, simulator, chat_body(page_png, max_tokens=1500, ignore_eos=True))

    assert response.json()["usage"]["completion_tokens"] == 1500
    assert len(tokenize(content_of(response))) == 1500
    assert response.json()["choices"][0]["finish_reason"] == "length"


def test_request_over_the_context_length_gets_400(start_simulator, page_png, http):
    simulator = start_simulator(max_model_len=4096)
    response = post_chat(http, simulator, chat_body(page_png, max_tokens=4096))

    assert response.status_code == 400
    assert "maximum context length is 4096 tokens" in response.json()["error"]["message"]


def test_engine_answers_503_while_starting_then_200(start_simulator, page_png, http):
    simulator = start_simulator(startup_seconds=3600)
    assert http.get(f"{simulator.root_url}/health").status_code == 503
    refused = post_chat(http, simulator, chat_body(page_png))
    assert refused.status_code == 503
    assert refused.json()["error"]["type"] == "ServiceUnavailableError"

    simulator.control("up")

    assert http.get(f"{simulator.root_url}/health").status_code == 200
    assert post_chat(http, simulator, chat_body(page_png)).status_code == 200


def test_slow_start_ends_by_itself_after_startup_seconds(start_simulator, http):
    began = time.monotonic()
    simulator = start_simulator(startup_seconds=0.5)
    statuses = [http.get(f"{simulator.root_url}/health").status_code]

    def healthy() -> bool:
        statuses.append(http.get(f"{simulator.root_url}/health").status_code)
        return statuses[-1] == 200

    wait_for(healthy, 5.0, "the simulator to answer /health", interval=0.01)
    assert statuses[0] == 503
    assert time.monotonic() - began >= 0.5


def test_kill_switch_answers_503_or_drops_connections_until_up(start_simulator, page_png, http):
    simulator = start_simulator()
    simulator.control("down")
    assert http.get(f"{simulator.root_url}/health").status_code == 503
    assert post_chat(http, simulator, chat_body(page_png)).status_code == 503

    simulator.control("down", mode="disconnect")
    # The dropped connection reaches the client as a close without answer, or as a reset
    # when the simulator drops it before reading the whole page body (seen once in CI):
    # both are what the OCR client treats as an engine that went away.
    with pytest.raises(CONNECTION_RESET_ERRORS):
        post_chat(http, simulator, chat_body(page_png))
    with pytest.raises(CONNECTION_RESET_ERRORS):
        http.get(f"{simulator.root_url}/health")

    simulator.control("up")
    assert http.get(f"{simulator.root_url}/health").status_code == 200
    assert post_chat(http, simulator, chat_body(page_png)).status_code == 200


def test_random_503s_follow_the_seed(start_simulator, http):
    page = small_png()
    runs = []
    for _ in range(2):
        simulator = start_simulator(unavailable_fraction=0.5, seed=7)
        runs.append([post_chat(http, simulator, chat_body(page)).status_code for _ in range(20)])

    assert runs[0] == runs[1]
    assert set(runs[0]) == {200, 503}


async def service_seconds_with(simulator: EngineSimulator, in_flight: int) -> float:
    """Line up `in_flight` requests at the simulator's gate, release them, time one."""
    limits = httpx.Limits(max_connections=in_flight + 4)
    async with httpx.AsyncClient(limits=limits, timeout=30) as client:
        await client.post(f"{simulator.root_url}/sim/hold")
        body = chat_body(small_png())
        url = f"{simulator.base_url}/chat/completions"
        requests = [asyncio.create_task(client.post(url, json=body)) for _ in range(in_flight)]
        deadline = time.monotonic() + 10
        while (await client.get(f"{simulator.root_url}/sim/stats")).json()["held"] < in_flight:
            assert time.monotonic() < deadline, "requests did not reach the gate"
            await asyncio.sleep(0.01)
        await client.post(f"{simulator.root_url}/sim/release")
        responses = await asyncio.gather(*requests)
    seen = {response.headers["x-sim-service-seconds"] for response in responses}
    assert [response.headers["x-sim-in-flight"] for response in responses] == [
        str(in_flight)
    ] * in_flight
    assert len(seen) == 1
    return float(seen.pop())


def test_latency_is_flat_up_to_the_elbow_and_grows_beyond(start_simulator):
    simulator = start_simulator(instant=False, speed=1000.0)

    seconds = {n: asyncio.run(service_seconds_with(simulator, n)) for n in (1, 16, 32, 64)}

    assert seconds[1] == seconds[16] == seconds[32]
    assert seconds[64] > 2 * seconds[32]
    pages_per_minute = {n: n * 60 / seconds[n] for n in seconds}
    assert pages_per_minute[32] == pytest.approx(32 * pages_per_minute[1])
    assert 0.85 * pages_per_minute[32] < pages_per_minute[64] <= pages_per_minute[32]
    assert simulator.stats()["in_flight_max"] == 64


def test_service_time_model_matches_the_measured_throughput():
    timing = ServiceTimeModel.from_config(SimulatorConfig())
    # Measured on an RTX 5090: about 895 pages per minute at the elbow of 32 in flight,
    # for pages of about 2.1k prompt tokens and 600-800 completion tokens.
    at_elbow = timing.pages_per_minute(2139, 700, 32)

    assert at_elbow == pytest.approx(895, rel=0.05)
    assert timing.pages_per_minute(2139, 700, 8) < at_elbow / 3
    assert timing.pages_per_minute(2139, 700, 128) < at_elbow


def test_command_line_serves_on_the_port_it_reports(tmp_path, page_png, http):
    port_file = tmp_path / "port"
    command = [sys.executable, "-m", "devtools.engine_sim", "--port", "0"]
    command += ["--port-file", str(port_file), "--instant", "--model", "sim-model"]
    repository = Path(__file__).resolve().parents[2]
    process = subprocess.Popen(
        command, cwd=repository, stdout=subprocess.PIPE, stderr=subprocess.PIPE
    )
    try:
        wait_for(
            lambda: port_file.exists() and port_file.read_text().endswith("\n"),
            20,
            "the simulator's port file",
            interval=0.01,
        )
        root = f"http://127.0.0.1:{int(port_file.read_text())}"
        wait_for(
            lambda: http.get(f"{root}/health").status_code == 200, 20, "/health", interval=0.01
        )
        response = http.post(
            f"{root}/v1/chat/completions", json=chat_body(page_png, model="sim-model")
        )
        assert response.json()["usage"]["prompt_tokens"] == 2139
    finally:
        process.terminate()
        errors = process.communicate(timeout=10)[1]
    # uvicorn shuts down on SIGTERM, then re-raises the signal as its exit status.
    assert process.returncode == -signal.SIGTERM
    assert b"Traceback" not in errors


def test_streamed_answer_has_the_same_text_and_usage_as_a_whole_one(
    start_simulator, page_png, http
):
    simulator = start_simulator()
    whole = post_chat(http, simulator, chat_body(page_png))
    body = chat_body(page_png, stream=True, stream_options={"include_usage": True})
    with http.stream("POST", f"{simulator.base_url}/chat/completions", json=body) as response:
        assert response.headers["content-type"].startswith("text/event-stream")
        events = [line.removeprefix("data: ") for line in response.iter_lines() if line]
    assert events[-1] == "[DONE]"
    chunks = [json.loads(event) for event in events[:-1]]
    text = "".join(chunk["choices"][0]["delta"].get("content", "") for chunk in chunks[:-1])
    assert text == content_of(whole)
    assert chunks[-2]["choices"][0]["finish_reason"] == "stop"
    assert chunks[-1]["usage"] == whole.json()["usage"]


@pytest.mark.parametrize("interval", [1, 16])
def test_looping_page_streamed_is_cut_by_the_client_and_the_engine_stops(
    start_simulator, page_png, interval
):
    # Real pacing at 20x: the whole loop would take 4096 x 2.9 ms / 20 = 0.6 s to stream.
    simulator = start_simulator(
        loop_fraction=1.0, instant=False, speed=20.0, stream_interval=interval
    )
    image = PageImage(page_png, "image/png", 1275, 1650, "document 1 page 1")

    async def transcribe() -> EngineReply:
        engine = OpenAIEngine([simulator.base_url], OVISOCR2, timeout_seconds=10)
        try:
            return await engine.transcribe(image, OVISOCR2.request(SamplingMode.greedy))
        finally:
            await engine.aclose()

    reply = asyncio.run(transcribe())
    assert reply.cut_early
    assert reply.finish_reason == "length"
    assert reply.completion_tokens < 1024
    wait_for(
        lambda: simulator.stats()["in_flight"] == 0, 5.0, "no request in flight", interval=0.01
    )
    assert simulator.stats()["streams"] == {"disconnected": 1}
