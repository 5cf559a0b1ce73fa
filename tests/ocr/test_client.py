"""The OpenAI-compatible client against scripted HTTP replies (httpx.MockTransport)."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator, Callable, Coroutine
from typing import Any, TypeVar

import httpx
import pytest

from docvault.errors import (
    EngineConfigurationError,
    EngineRequestRejected,
    EngineTimeout,
    EngineUnavailable,
)
from docvault.ocr.client import DOWN_RECHECK_SECONDS, OpenAIEngine, encode_body
from docvault.ocr.profiles import OVISOCR2, OVISOCR2_PROMPT, ServerKind
from docvault.vocabulary import AttemptRequest, EngineReply, EngineState, PageImage, SamplingMode

Result = TypeVar("Result")
Handler = Callable[[httpx.Request], Coroutine[None, None, httpx.Response]]

FIRST = "http://gpu-a:8000/v1"
SECOND = "http://gpu-b:8000/v1"
IMAGE = PageImage(b"\x89PNG page", "image/png", 1240, 1754, "document 7 page 2")
GREEDY = OVISOCR2.request(SamplingMode.greedy)


def completion(text: str = "# Befund\n", finish_reason: str = "stop") -> httpx.Response:
    return httpx.Response(
        200,
        json={
            "id": "chatcmpl-1",
            "object": "chat.completion",
            "model": "ATH-MaaS/OvisOCR2",
            "choices": [
                {
                    "index": 0,
                    "message": {"role": "assistant", "content": text},
                    "finish_reason": finish_reason,
                }
            ],
            "usage": {"prompt_tokens": 2312, "completion_tokens": 644, "total_tokens": 2956},
        },
    )


def vllm_error(status: int, message: str, kind: str = "BadRequestError") -> httpx.Response:
    body = {"error": {"message": message, "type": kind, "param": None, "code": status}}
    return httpx.Response(status, json=body)


def engine_with(handler: Handler, *urls: str, timeout_seconds: float = 5.0) -> OpenAIEngine:
    return OpenAIEngine(
        urls or (FIRST,),
        OVISOCR2,
        timeout_seconds=timeout_seconds,
        transport=httpx.MockTransport(handler),
    )


def run(coroutine: Coroutine[Any, Any, Result]) -> Result:
    return asyncio.run(coroutine)


async def transcribe_once(engine: OpenAIEngine, request: AttemptRequest = GREEDY) -> EngineReply:
    try:
        return await engine.transcribe(IMAGE, request)
    finally:
        await engine.aclose()


def test_successful_reply_is_parsed() -> None:
    async def handler(request: httpx.Request) -> httpx.Response:
        assert request.method == "POST"
        assert str(request.url) == f"{FIRST}/chat/completions"
        return completion("# Befund\n\nText", "length")

    reply = run(transcribe_once(engine_with(handler)))
    assert (reply.text, reply.finish_reason) == ("# Befund\n\nText", "length")
    assert (reply.prompt_tokens, reply.completion_tokens) == (2312, 644)
    assert reply.endpoint == FIRST


@pytest.mark.parametrize(
    ("mode", "expected_extra"),
    [(SamplingMode.greedy, {}), (SamplingMode.penalty, {"frequency_penalty": 0.3})],
)
def test_request_body_sent_is_the_profiles(
    mode: SamplingMode, expected_extra: dict[str, float]
) -> None:
    bodies: list[dict[str, Any]] = []

    async def handler(request: httpx.Request) -> httpx.Response:
        bodies.append(json.loads(request.content))
        return completion()

    run(transcribe_once(engine_with(handler), OVISOCR2.request(mode)))
    assert bodies == [
        {
            "model": "ATH-MaaS/OvisOCR2",
            "messages": [
                {
                    "role": "user",
                    "content": [
                        {
                            "type": "image_url",
                            "image_url": {"url": "data:image/png;base64,iVBORyBwYWdl"},
                        },
                        {"type": "text", "text": OVISOCR2_PROMPT},
                    ],
                }
            ],
            "temperature": 0.0,
            "max_tokens": 4096,
            "chat_template_kwargs": {"enable_thinking": False},
            # ovisocr2 streams its answers so that a loop can be cut early (issue 4), with the
            # running token count in every event (a cut answer gets no last one).
            "stream": True,
            "stream_options": {"include_usage": True, "continuous_usage_stats": True},
            **expected_extra,
        }
    ]
    assert OVISOCR2_PROMPT.startswith("\nExtract all readable content from the image")


def test_connection_refused_is_unavailable() -> None:
    async def handler(request: httpx.Request) -> httpx.Response:
        raise httpx.ConnectError("[Errno 111] Connection refused", request=request)

    with pytest.raises(EngineUnavailable, match=r"http://gpu-a:8000/v1 cannot be reached"):
        run(transcribe_once(engine_with(handler)))


@pytest.mark.parametrize("status", [502, 503, 504])
def test_gateway_and_overload_statuses_are_unavailable(status: int) -> None:
    async def handler(request: httpx.Request) -> httpx.Response:
        return vllm_error(status, "Service Unavailable", "ServiceUnavailableError")

    with pytest.raises(EngineUnavailable, match=f"HTTP {status}"):
        run(transcribe_once(engine_with(handler)))


def test_starting_up_is_unavailable() -> None:
    async def handler(request: httpx.Request) -> httpx.Response:
        return httpx.Response(500, json={"detail": "The server is starting up"})

    with pytest.raises(EngineUnavailable, match="not ready"):
        run(transcribe_once(engine_with(handler)))


def test_read_timeout_is_a_timeout() -> None:
    async def handler(request: httpx.Request) -> httpx.Response:
        raise httpx.ReadTimeout("timed out", request=request)

    with pytest.raises(EngineTimeout, match="document 7 page 2 within 5 seconds"):
        run(transcribe_once(engine_with(handler)))


def test_no_answer_within_the_hard_timeout_is_a_timeout() -> None:
    async def handler(request: httpx.Request) -> httpx.Response:
        await asyncio.Event().wait()  # a server that never answers
        raise AssertionError("unreachable")

    with pytest.raises(EngineTimeout, match=r"within 0\.05 seconds"):
        run(transcribe_once(engine_with(handler, timeout_seconds=0.05)))


def test_bad_request_carries_the_engines_message() -> None:
    message = "Image size (20000, 20000) exceeds the maximum allowed (2880, 2880)."

    async def handler(request: httpx.Request) -> httpx.Response:
        return vllm_error(400, message)

    with pytest.raises(EngineRequestRejected) as raised:
        run(transcribe_once(engine_with(handler)))
    assert raised.value.status_code == 400
    assert raised.value.endpoint == FIRST
    assert message in raised.value.message
    assert "document 7 page 2" in raised.value.message


def test_unknown_model_is_a_configuration_error() -> None:
    async def handler(request: httpx.Request) -> httpx.Response:
        return vllm_error(404, "The model `ATH-MaaS/OvisOCR2` does not exist.", "NotFoundError")

    with pytest.raises(EngineConfigurationError) as raised:
        run(transcribe_once(engine_with(handler)))
    assert "ATH-MaaS/OvisOCR2" in raised.value.message
    assert FIRST in raised.value.message
    assert "`profile`" in raised.value.message


def test_wrong_url_is_a_configuration_error() -> None:
    async def handler(request: httpx.Request) -> httpx.Response:
        return httpx.Response(404, json={"detail": "Not Found"})

    with pytest.raises(EngineConfigurationError, match="should look like"):
        run(transcribe_once(engine_with(handler)))


def test_server_error_on_a_bomb_image_rejects_the_page() -> None:
    message = (
        "Image size (40000 x 40000 pixels) exceeds limit, could be decompression bomb DOS attack."
    )

    async def handler(request: httpx.Request) -> httpx.Response:
        return vllm_error(500, message, "InternalServerError")

    with pytest.raises(EngineRequestRejected) as raised:
        run(transcribe_once(engine_with(handler)))
    assert raised.value.status_code == 500
    assert message in raised.value.message


def test_connection_reset_is_sent_again_once() -> None:
    calls: list[str] = []

    async def handler(request: httpx.Request) -> httpx.Response:
        calls.append(str(request.url))
        if len(calls) == 1:
            raise httpx.RemoteProtocolError("Server disconnected without sending a response.")
        return completion("# Nächste Seite")

    reply = run(transcribe_once(engine_with(handler)))
    assert reply.text == "# Nächste Seite"
    assert calls == [f"{FIRST}/chat/completions"] * 2


def test_connection_reset_twice_is_unavailable() -> None:
    calls: list[str] = []

    async def handler(request: httpx.Request) -> httpx.Response:
        calls.append(str(request.url))
        raise httpx.ReadError("[Errno 104] Connection reset by peer", request=request)

    with pytest.raises(EngineUnavailable, match="Connection reset by peer"):
        run(transcribe_once(engine_with(handler)))
    assert len(calls) == 2


def test_each_call_goes_to_the_endpoint_with_fewest_in_flight() -> None:
    hosts: list[str] = []

    async def scenario() -> tuple[dict[str, int], str]:
        first_arrived = asyncio.Event()
        release_first = asyncio.Event()

        async def handler(request: httpx.Request) -> httpx.Response:
            hosts.append(request.url.host)
            if len(hosts) == 1:
                first_arrived.set()
                await release_first.wait()
            return completion(request.url.host)

        engine = engine_with(handler, FIRST, SECOND)
        first = asyncio.create_task(engine.transcribe(IMAGE, GREEDY))
        await asyncio.wait_for(first_arrived.wait(), timeout=5)
        second = await engine.transcribe(IMAGE, GREEDY)
        busy = engine.in_flight
        release_first.set()
        await first
        await engine.aclose()
        return busy, second.text

    busy, second_text = run(scenario())
    assert hosts == ["gpu-a", "gpu-b"]
    assert busy == {FIRST: 1, SECOND: 0}
    assert second_text == "gpu-b"


def test_endpoint_down_is_skipped_until_its_health_check_passes() -> None:
    hosts: list[str] = []
    first_healthy = False

    async def handler(request: httpx.Request) -> httpx.Response:
        if request.url.path == "/health":
            return httpx.Response(200 if first_healthy or request.url.host == "gpu-b" else 503)
        hosts.append(request.url.host)
        if request.url.host == "gpu-a" and not first_healthy:
            return vllm_error(503, "Service Unavailable", "ServiceUnavailableError")
        return completion()

    async def scenario() -> tuple[dict[str, bool], dict[str, bool]]:
        nonlocal first_healthy
        engine = engine_with(handler, FIRST, SECOND)
        with pytest.raises(EngineUnavailable):
            await engine.transcribe(IMAGE, GREEDY)
        assert [state.up for state in engine.endpoint_states()] == [False, True]
        await engine.transcribe(IMAGE, GREEDY)
        await engine.transcribe(IMAGE, GREEDY)
        still_down = await engine.check_health()
        first_healthy = True
        back = await engine.check_health()
        await engine.transcribe(IMAGE, GREEDY)
        await engine.aclose()
        return still_down, back

    still_down, back = run(scenario())
    assert hosts == ["gpu-a", "gpu-b", "gpu-b", "gpu-a"]
    assert still_down == {FIRST: False, SECOND: True}
    assert back == {FIRST: True, SECOND: True}


def test_all_endpoints_down_is_unavailable() -> None:
    async def handler(request: httpx.Request) -> httpx.Response:
        if request.url.path == "/health":
            raise httpx.ConnectError("[Errno 111] Connection refused", request=request)
        return vllm_error(503, "Service Unavailable", "ServiceUnavailableError")

    async def scenario() -> str:
        engine = engine_with(handler, FIRST, SECOND)
        for _ in range(2):
            with pytest.raises(EngineUnavailable):
                await engine.transcribe(IMAGE, GREEDY)
        with pytest.raises(EngineUnavailable) as raised:
            await engine.transcribe(IMAGE, GREEDY)
        await engine.aclose()
        return raised.value.message

    message = run(scenario())
    assert message.startswith("Every OCR engine endpoint is down")
    assert "http://gpu-b:8000/v1: health check failed" in message


def test_every_endpoint_down_sends_nothing_and_says_so() -> None:
    sent: list[httpx.Request] = []

    def handler(request: httpx.Request) -> httpx.Response:
        sent.append(request)
        return httpx.Response(503, json={"error": {"message": "starting"}})

    async def scenario() -> None:
        engine = OpenAIEngine(
            ["http://gpu:8000/v1"],
            OVISOCR2,
            timeout_seconds=5,
            transport=httpx.MockTransport(handler),
        )
        try:
            engine.endpoints[0].state = EngineState.down
            with pytest.raises(EngineUnavailable) as raised:
                await engine.transcribe(IMAGE, OVISOCR2.request(SamplingMode.greedy))
            assert raised.value.request_sent is False
        finally:
            await engine.aclose()

    asyncio.run(scenario())
    assert [request.url.path for request in sent] == ["/health"]


def event_stream(*tokens: str, finish_reason: str = "stop", usage: bool = True) -> bytes:
    """An answer in vLLM's OpenAI streaming format: one event per token, usage, [DONE]."""

    def event(payload: object) -> bytes:
        return f"data: {json.dumps(payload)}\n\n".encode()

    def chunk(delta: dict[str, str], finish: str | None) -> bytes:
        return event({"choices": [{"index": 0, "delta": delta, "finish_reason": finish}]})

    events = [chunk({"role": "assistant"}, None)]
    events += [chunk({"content": token}, None) for token in tokens]
    events.append(chunk({}, finish_reason))
    if usage:
        counts = {"prompt_tokens": 2312, "completion_tokens": len(tokens)}
        events.append(event({"choices": [], "usage": counts}))
    return b"".join(events) + b"data: [DONE]\n\n"


class EndlessLoop(httpx.AsyncByteStream):
    """A stream that loops for ever, as greedy decoding does, and notes when it is closed."""

    def __init__(self) -> None:
        self.sent = 0
        self.closed = False

    async def __aiter__(self) -> AsyncIterator[bytes]:
        yield b'data: {"choices":[{"index":0,"delta":{"content":"# Befund\\n\\n"}}]}\n\n'
        while True:
            self.sent += 1
            yield b'data: {"choices":[{"index":0,"delta":{"content":"1"}}]}\n\n'

    async def aclose(self) -> None:
        self.closed = True


def streamed(content: bytes | httpx.AsyncByteStream) -> httpx.Response:
    headers = {"content-type": "text/event-stream"}
    if isinstance(content, bytes):
        return httpx.Response(200, headers=headers, content=content)
    return httpx.Response(200, headers=headers, stream=content)


def test_streamed_answer_is_read_to_its_end() -> None:
    async def handler(request: httpx.Request) -> httpx.Response:
        return streamed(event_stream("# Befund", "\n\n", "Text", finish_reason="length"))

    reply = run(transcribe_once(engine_with(handler)))
    assert (reply.text, reply.finish_reason, reply.cut_early) == (
        "# Befund\n\nText",
        "length",
        False,
    )
    assert (reply.prompt_tokens, reply.completion_tokens) == (2312, 3)


def test_streamed_answer_without_usage_counts_its_content_events() -> None:
    # No usage chunk: the events are the only count (one token each here, as vLLM sends
    # them by default; with --stream-interval the count is a lower bound).
    async def handler(request: httpx.Request) -> httpx.Response:
        return streamed(event_stream("Befund ", "ohne ", "Befund", usage=False))

    reply = run(transcribe_once(engine_with(handler)))
    assert (reply.text, reply.finish_reason, reply.completion_tokens) == (
        "Befund ohne Befund",
        "stop",
        3,
    )


def test_looping_stream_is_cut_early_and_closed() -> None:
    loop = EndlessLoop()

    async def handler(request: httpx.Request) -> httpx.Response:
        return streamed(loop)

    reply = run(transcribe_once(engine_with(handler)))
    assert reply.cut_early
    assert reply.finish_reason == "length"
    assert reply.text.startswith("# Befund\n\n1111")
    assert reply.completion_tokens == loop.sent + 1 < 1024
    assert loop.closed


def test_error_status_to_a_streamed_request_is_classified_as_before() -> None:
    message = "Image size (20000, 20000) exceeds the maximum allowed (2880, 2880)."

    async def handler(request: httpx.Request) -> httpx.Response:
        assert json.loads(request.content)["stream"] is True
        return vllm_error(400, message)

    with pytest.raises(EngineRequestRejected) as raised:
        run(transcribe_once(engine_with(handler)))
    assert raised.value.status_code == 400
    assert message in raised.value.message


def test_error_event_in_the_stream_is_classified_like_its_status() -> None:
    async def handler(request: httpx.Request) -> httpx.Response:
        error = {"error": {"message": "Service Unavailable", "code": 503}}
        return streamed(f"data: {json.dumps(error)}\n\n".encode())

    with pytest.raises(EngineUnavailable, match="HTTP 503"):
        run(transcribe_once(engine_with(handler)))


def test_stream_that_is_not_openai_is_a_configuration_error() -> None:
    async def handler(request: httpx.Request) -> httpx.Response:
        return streamed(b"data: <html>proxy login</html>\n\n")

    with pytest.raises(EngineConfigurationError, match="not an OpenAI chat completion"):
        run(transcribe_once(engine_with(handler)))


def test_a_down_endpoint_rejoins_while_the_others_still_serve() -> None:
    """A replica that restarts gets pages again without every other endpoint failing first."""
    now = [0.0]
    health: dict[str, int] = {"gpu-a": 0, "gpu-b": 0}
    hosts: list[str] = []
    first_back = False

    async def handler(request: httpx.Request) -> httpx.Response:
        host = request.url.host
        if request.url.path == "/health":
            health[host] += 1
            return httpx.Response(200 if first_back or host == "gpu-b" else 503)
        hosts.append(host)
        if host == "gpu-a" and not first_back:
            return vllm_error(503, "Service Unavailable", "ServiceUnavailableError")
        return completion()

    async def settle(engine: OpenAIEngine) -> None:
        if engine.recheck is not None:
            await engine.recheck

    async def scenario() -> None:
        nonlocal first_back
        engine = OpenAIEngine(
            (FIRST, SECOND),
            OVISOCR2,
            timeout_seconds=5.0,
            transport=httpx.MockTransport(handler),
            clock=lambda: now[0],
        )
        with pytest.raises(EngineUnavailable):
            await engine.transcribe(IMAGE, GREEDY)  # gpu-a answers 503: down
        await engine.transcribe(IMAGE, GREEDY)  # to gpu-b; gpu-a probed behind it: still 503
        await settle(engine)
        first_back = True  # its supervisor restarted it
        now[0] += DOWN_RECHECK_SECONDS / 2
        await engine.transcribe(IMAGE, GREEDY)  # too soon to probe again: gpu-b
        await settle(engine)
        probes_too_soon = health["gpu-a"]
        now[0] += DOWN_RECHECK_SECONDS
        await engine.transcribe(IMAGE, GREEDY)  # gpu-b, and gpu-a probed: up
        await settle(engine)
        await engine.transcribe(IMAGE, GREEDY)  # both idle: the first, gpu-a, again
        await engine.aclose()
        assert probes_too_soon == 1
        assert health == {"gpu-a": 2, "gpu-b": 0}  # only the down endpoint is probed

    run(scenario())
    assert hosts == ["gpu-a", "gpu-b", "gpu-b", "gpu-b", "gpu-a"]


def test_closing_the_engine_stops_a_health_check_in_progress() -> None:
    probe_started = asyncio.Event()

    async def handler(request: httpx.Request) -> httpx.Response:
        if request.url.path == "/health":
            probe_started.set()
            await asyncio.Event().wait()  # a host that never answers
        if request.url.host == "gpu-a":
            return vllm_error(503, "Service Unavailable", "ServiceUnavailableError")
        return completion()

    async def scenario() -> bool:
        engine = engine_with(handler, FIRST, SECOND)
        with pytest.raises(EngineUnavailable):
            await engine.transcribe(IMAGE, GREEDY)
        await engine.transcribe(IMAGE, GREEDY)  # answered by gpu-b while gpu-a's probe hangs
        await asyncio.wait_for(probe_started.wait(), timeout=5)
        await engine.aclose()
        return engine.recheck is not None and engine.recheck.cancelled()

    assert run(scenario())


def test_the_body_sent_is_the_json_of_the_profiles_body_with_the_image_as_it_is() -> None:
    page = PageImage(bytes(range(256)) * 400, "image/png", 1240, 1754, "document 7 page 2")
    body = OVISOCR2.request_body(page, GREEDY)
    body["messages"].append({"role": "user", "content": 'Grüße "quoted" \\ \n \x00 done'})
    # httpx's own `json=`: what the engine received before the image was spliced in as bytes
    expected = json.dumps(body, ensure_ascii=False, separators=(",", ":"), allow_nan=False)
    assert encode_body(body) == expected.encode("utf-8")


async def answer_when_all_arrived(
    arrived: list[int], everyone: asyncio.Event, wanted: int, reader: asyncio.StreamReader,
    writer: asyncio.StreamWriter,
) -> None:  # fmt: skip
    """A loopback engine that holds each request until `wanted` are at it at once."""
    head = await reader.readuntil(b"\r\n\r\n")
    length = int(next(line.split(b":")[1] for line in head.split(b"\r\n")
                      if line.lower().startswith(b"content-length")))  # fmt: skip
    await reader.readexactly(length)
    arrived.append(1)
    if len(arrived) >= wanted:
        everyone.set()
    await everyone.wait()
    body = completion().content
    writer.write(b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: "
                 + str(len(body)).encode() + b"\r\nConnection: close\r\n\r\n" + body)  # fmt: skip
    await writer.drain()
    writer.close()


@pytest.mark.parametrize("concurrency", [1, 33, 70])
def test_every_request_of_the_concurrency_is_at_the_engine_at_once(concurrency: int) -> None:
    # Requests go over several connection pools (a pool of hundreds cost the daemon a quarter
    # of its time on the H200); none may wait for a connection while the others are out.
    async def scenario() -> int:
        arrived: list[int] = []
        everyone = asyncio.Event()
        server = await asyncio.start_server(
            lambda r, w: answer_when_all_arrived(arrived, everyone, concurrency, r, w),
            "127.0.0.1", 0,
        )  # fmt: skip
        port = server.sockets[0].getsockname()[1]
        engine = OpenAIEngine(
            [f"http://127.0.0.1:{port}/v1"], OVISOCR2, timeout_seconds=20,
            concurrency=concurrency, server=ServerKind.vllm,
        )  # fmt: skip
        try:
            async with asyncio.timeout(15):
                replies = await asyncio.gather(
                    *(engine.transcribe(IMAGE, GREEDY) for _ in range(concurrency))
                )
        finally:
            await engine.aclose()
            server.close()
            await server.wait_closed()
        assert all(reply.text == "# Befund\n" for reply in replies)
        return len(arrived)

    assert run(scenario()) == concurrency
