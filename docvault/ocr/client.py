"""The OpenAI-compatible engine client (vLLM, SGLang): one attempt per call, hard timeout.

One `OpenAIEngine` serves one or more endpoints (one per GPU or host), each a base URL such as
`http://127.0.0.1:8000/v1`. Each call goes to the endpoint with the fewest requests in flight.
An endpoint that failed as unavailable is skipped until its health check
(`GET {root}/health`) passes again: while other endpoints serve, the down ones are probed in
the background at most every `DOWN_RECHECK_SECONDS`; when every endpoint is down, at once.

vLLM and SGLang spell a profile's repeat control differently (`Profile.repeat_control`). For
such a profile the engine asks each endpoint once which server it is: `GET {base}/models`
names the owner of each model, "vllm" or "sglang" (both servers' own model cards). It asks
again after the endpoint was down (a restart may bring another server). An endpoint that
names neither gets vLLM's form, with a warning.

Errors are translated once, here, into docvault's OCR errors:

- connection refused or reset, 502, 503, 504, 429, "starting up" → `EngineUnavailable`
- no answer within `timeout_seconds` → `EngineTimeout`
- 404 (unknown model or wrong URL), 401, 403, an answer that is not an OpenAI reply
  → `EngineConfigurationError`
- any other 4xx, and 500 (vLLM answers 500 to a decompression-bomb image)
  → `EngineRequestRejected` with the engine's own message
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import re
import secrets
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import httpx

from docvault.errors import (
    EngineConfigurationError,
    EngineRequestRejected,
    EngineTimeout,
    EngineUnavailable,
    OcrError,
)
from docvault.ocr import guard
from docvault.ocr.base import EndpointStatus
from docvault.ocr.profiles import ImageDataUrl, Profile, ServerKind
from docvault.vocabulary import AttemptRequest, EngineReply, EngineState, PageImage, TextFormat

logger = logging.getLogger(__name__)

# vLLM 0.22.1 closes the keep-alive connection after answering 400/500 about a bad image, so the
# next request on that pooled connection fails with one of these (measured). It is not the
# next page's fault: that request is sent once more before the endpoint counts as unavailable.
CONNECTION_RESET_ERRORS = (httpx.RemoteProtocolError, httpx.ReadError, httpx.WriteError)
UNAVAILABLE_STATUSES = frozenset({429, 502, 503, 504})
CONFIGURATION_STATUSES = frozenset({401, 403, 404})
# httpcore's connection pool looks at every connection it holds whenever a request is
# assigned or ends, and polls each idle one's socket: at 256 in flight in one pool that was a
# quarter of the daemon's own time on the H200 (py-spy, bench/gpu/RESULTS.md, "Issue 53").
# Requests are spread over pools of at most this many connections instead.
POOL_CONNECTIONS = 32
JSON_HEADERS = {"Content-Type": "application/json"}
STARTING_UP = re.compile(r"start(ing)?[ _-]?up|is loading|not (yet )?ready", re.IGNORECASE)
# SGLang's 400 for a custom logit processor it was not started to allow: no page can pass.
CUSTOM_PROCESSOR_OFF = re.compile(r"not configured to enable custom logit processor", re.IGNORECASE)
# Health checks and model lists answer in milliseconds on a live server; a server that needs
# longer is as good as down for the status page.
PROBE_TIMEOUT_SECONDS = 10.0
# While other endpoints serve, a down one is probed again at most this often, in the
# background: an engine replica restarted by its supervisor (20 s to 5 min) takes its share
# of the pages again within seconds, instead of only once every other endpoint has failed
# too; an endpoint that stays dead costs one /health request per interval.
DOWN_RECHECK_SECONDS = 5.0
# How much of a non-JSON error body goes into a message.
BODY_EXCERPT_CHARACTERS = 300
# A profile with `stream_loop_cut` asks for the answer as a stream, with the token counts at its
# end (vLLM 0.22.1 and SGLang both speak the OpenAI streaming format). The count comes in every
# event too (`continuous_usage_stats`, vLLM 0.22.1's StreamOptions): an answer the client cuts
# early never gets the last event, and without the running count its attempt would record the
# events it got as its tokens, a sixteenth of them with `--stream-interval 16`.
STREAM_FIELDS: dict[str, Any] = {
    "stream": True,
    "stream_options": {"include_usage": True, "continuous_usage_stats": True},
}
# A streamed answer is checked for a loop each time this many characters of text have come in
# since the last check. Characters, not events: vLLM sends one event per decoded token by
# default but one per `--stream-interval` tokens when started with it (docvault's default
# starts it with 16), so an event count says nothing about how far the answer has got. 256
# characters are about 64 tokens of Markdown (roughly four characters a token), the rate of the
# check every 64 tokens before: about eleven checks for a page of 700 tokens, each of the text's
# last 4096 characters at most (guard.EARLY_CUT_WINDOW), 0.1-0.4 ms apiece on clean pages of
# tests/guard_corpus (measured on the shared 2-core development machine). A loop plain enough
# to cut (guard.EARLY_CUT) spans at least 400 characters, so checking more often would cost
# more and not cut much sooner. The cut comes at most 256 characters, plus the event that
# crosses them, after the loop became plain: for a loop of one-character tokens ("1111") that
# is ~256 tokens, against the 4096 it would run to the cap (tests/ocr/test_stream_interval.py
# checks the bound).
LOOP_CHECK_CHARACTERS = 256


@dataclass
class Endpoint:
    """One server: where it is, whether it is up, how busy it is."""

    base_url: str
    in_flight: int = 0
    # Up until a request or a health check fails: a new endpoint is tried, not probed first.
    state: EngineState = EngineState.up
    last_error: str | None = None
    server: ServerKind | None = None  # which server answers here, once asked

    @property
    def up(self) -> bool:
        return self.state is EngineState.up

    @property
    def root(self) -> str:
        """The server's root URL, where /health lives (the base URL without /v1)."""
        return re.sub(r"/v1/?$", "", self.base_url)


class OpenAIEngine:
    """An `Engine` that sends each attempt to an OpenAI-compatible chat completions API."""

    text_format = TextFormat.markdown  # the document-parsing models answer in Markdown

    def __init__(
        self,
        endpoints: Sequence[str],
        profile: Profile,
        *,
        timeout_seconds: float,
        concurrency: int = 32,
        transport: httpx.AsyncBaseTransport | None = None,
        name: str = "openai",
        server: ServerKind | None = None,
        clock: Callable[[], float] = time.monotonic,
        pool_connections: int = POOL_CONNECTIONS,
    ) -> None:
        if not endpoints:
            raise ValueError("OpenAIEngine needs at least one endpoint URL.")
        self.name = name
        self.profile = profile
        self.timeout_seconds = timeout_seconds
        # A given server kind holds for every endpoint; None asks each endpoint.
        self.fixed_server = server is not None
        self.endpoints = [Endpoint(url.rstrip("/"), server=server) for url in endpoints]
        self.clock = clock
        self.last_recheck = -DOWN_RECHECK_SECONDS
        # The background probe of the down endpoints, while one runs (see recheck_down).
        self.recheck: asyncio.Task[None] | None = None
        # One pooled connection per request in flight, over pools of POOL_CONNECTIONS: the
        # worker never sends more than `concurrency` at once and each request goes to the
        # least busy pool, so no request waits for a connection (pool timeout off). A given
        # transport (tests) is one pool.
        pools = 1 if transport is not None else -(-concurrency // pool_connections)
        size = -(-concurrency // pools)
        self.clients = [
            httpx.AsyncClient(
                transport=transport,
                timeout=httpx.Timeout(timeout_seconds, pool=None),
                limits=httpx.Limits(max_connections=size, max_keepalive_connections=size),
            )
            for _ in range(pools)
        ]
        self.pool_load = [0] * pools
        self.client = self.clients[0]  # health checks and the server probe

    @property
    def in_flight(self) -> dict[str, int]:
        """Requests in flight per endpoint base URL."""
        return {endpoint.base_url: endpoint.in_flight for endpoint in self.endpoints}

    def endpoint_states(self) -> list[EndpointStatus]:
        """Every endpoint's state, for the status page."""
        return [
            EndpointStatus(
                endpoint.base_url, endpoint.state, endpoint.in_flight, endpoint.last_error
            )
            for endpoint in self.endpoints
        ]

    async def transcribe(self, image: PageImage, request: AttemptRequest) -> EngineReply:
        """Make exactly one attempt at transcribing the page on the least busy endpoint."""
        endpoint = await self.choose_endpoint()
        body = self.profile.request_body(image, request, await self.server_of(endpoint))
        if self.profile.stream_loop_cut:
            body = {**body, **STREAM_FIELDS}
        endpoint.in_flight += 1
        try:
            reply = await self.post(endpoint, body, image)
        except EngineUnavailable as error:
            self.mark_down(endpoint, error.message)
            raise
        finally:
            endpoint.in_flight -= 1
        return reply

    async def choose_endpoint(self) -> Endpoint:
        """The up endpoint with the fewest requests in flight; health-check when all are down."""
        if not any(endpoint.up for endpoint in self.endpoints):
            await self.check_health()
        else:
            self.recheck_down()
        candidates = [endpoint for endpoint in self.endpoints if endpoint.up]
        if not candidates:
            reasons = "; ".join(
                f"{endpoint.base_url}: {endpoint.last_error}" for endpoint in self.endpoints
            )
            unavailable = EngineUnavailable(
                f"Every OCR engine endpoint is down ({reasons}). Pages wait in the queue and "
                "continue when an endpoint's health check passes; check that the engine is "
                "running."
            )
            # Nothing was sent: this is no engine call, so the schedule records no attempt.
            unavailable.request_sent = False
            raise unavailable
        return min(candidates, key=lambda endpoint: endpoint.in_flight)

    async def post(self, endpoint: Endpoint, body: dict[str, Any], image: PageImage) -> EngineReply:
        """POST the attempt, within the hard timeout, resending once after a connection reset."""
        started = time.monotonic()
        try:
            async with asyncio.timeout(self.timeout_seconds):
                try:
                    return await self.exchange(endpoint, body, image, started)
                except CONNECTION_RESET_ERRORS as error:
                    logger.info(
                        "%s: connection to %s was reset (%s); sending the request again",
                        image.label,
                        endpoint.base_url,
                        error,
                    )
                    return await self.exchange(endpoint, body, image, started)
        except (TimeoutError, httpx.TimeoutException) as error:
            if isinstance(error, httpx.ConnectTimeout):
                raise unreachable(endpoint, error) from error
            raise EngineTimeout(
                f"The OCR engine at {endpoint.base_url} gave no answer for {page_name(image)} "
                f"within {self.timeout_seconds:g} seconds. The page goes back to the queue; if "
                "this repeats, the engine may be overloaded or the timeout too short.",
                endpoint.base_url,
            ) from error
        except httpx.TransportError as error:
            raise unreachable(endpoint, error) from error

    async def exchange(
        self, endpoint: Endpoint, body: dict[str, Any], image: PageImage, started: float
    ) -> EngineReply:
        """Send the request once and read its answer, streamed or whole."""
        pool = self.pool_load.index(min(self.pool_load))
        self.pool_load[pool] += 1
        try:
            return await self.exchange_in(self.clients[pool], endpoint, body, image, started)
        finally:
            self.pool_load[pool] -= 1

    async def exchange_in(
        self,
        client: httpx.AsyncClient,
        endpoint: Endpoint,
        body: dict[str, Any],
        image: PageImage,
        started: float,
    ) -> EngineReply:
        url = f"{endpoint.base_url}/chat/completions"
        content = encode_body(body)
        if not body.get("stream"):
            response = await client.post(url, content=content, headers=JSON_HEADERS)
            return parse_reply(response, endpoint.base_url, image, time.monotonic() - started)
        async with client.stream("POST", url, content=content, headers=JSON_HEADERS) as response:
            # An error status arrives before any stream, with vLLM's JSON error body; a server
            # that ignores "stream" answers one JSON completion. Both read as before.
            if response.status_code != httpx.codes.OK or not is_event_stream(response):
                await response.aread()
                return parse_reply(response, endpoint.base_url, image, time.monotonic() - started)
            return await read_stream(response, endpoint.base_url, image, started)
        # Leaving the block early closes the connection: vLLM aborts the request and frees its
        # slot in the batch.

    async def server_of(self, endpoint: Endpoint) -> ServerKind:
        """Which server answers at this endpoint, asked once when the profile needs to know."""
        if endpoint.server is not None:
            return endpoint.server
        if self.profile.repeat_control is None:
            return ServerKind.vllm  # every field such a profile sends is spelled alike
        try:
            response = await self.client.get(
                f"{endpoint.base_url}/models", timeout=PROBE_TIMEOUT_SECONDS
            )
        except httpx.HTTPError:
            # Not known this time: the request itself meets whatever is wrong and says so.
            return ServerKind.vllm
        owners = model_owners(response)
        endpoint.server = server_from_owners(owners)
        if endpoint.server is None:
            logger.warning(
                "The OCR engine at %s names its models' owner %s, neither vLLM nor SGLang; "
                "docvault sends the %s profile's repeat control in vLLM's form there.",
                endpoint.base_url,
                ", ".join(sorted(owners)) or "nobody",
                self.profile.name,
            )
            endpoint.server = ServerKind.vllm
        logger.info("OCR engine endpoint %s is %s", endpoint.base_url, endpoint.server.value)
        return endpoint.server

    def recheck_down(self) -> None:
        """Probe the down endpoints in the background, at most every DOWN_RECHECK_SECONDS.

        Not awaited: the call that notices is sent to an up endpoint meanwhile, so a host that
        hangs its health check delays no page.
        """
        down = [endpoint for endpoint in self.endpoints if not endpoint.up]
        running = self.recheck is not None and not self.recheck.done()
        if not down or running or self.clock() - self.last_recheck < DOWN_RECHECK_SECONDS:
            return
        self.last_recheck = self.clock()
        self.recheck = asyncio.create_task(self.probe_each(down))

    async def probe_each(self, endpoints: Sequence[Endpoint]) -> None:
        results = await asyncio.gather(
            *(self.probe(endpoint) for endpoint in endpoints), return_exceptions=True
        )
        for endpoint, result in zip(endpoints, results, strict=True):
            if isinstance(result, Exception):  # probe() turns HTTP failures into False
                logger.warning("Health check of %s failed: %r", endpoint.base_url, result)

    def mark_down(self, endpoint: Endpoint, reason: str) -> None:
        """Skip this endpoint until its health check passes."""
        if endpoint.up:
            logger.warning("OCR engine endpoint %s is down: %s", endpoint.base_url, reason)
        endpoint.state = EngineState.down
        endpoint.last_error = reason
        if self.profile.repeat_control is not None and not self.fixed_server:
            endpoint.server = None  # the server that comes back may be another one

    async def check_health(self) -> dict[str, bool]:
        """Probe every endpoint's /health, mark each up or down, and return the results."""
        results = await asyncio.gather(*(self.probe(endpoint) for endpoint in self.endpoints))
        return dict(zip((endpoint.base_url for endpoint in self.endpoints), results, strict=True))

    async def probe(self, endpoint: Endpoint) -> bool:
        """One endpoint's health check: GET {root}/health answers 200."""
        try:
            response = await self.client.get(
                f"{endpoint.root}/health", timeout=PROBE_TIMEOUT_SECONDS
            )
        except httpx.HTTPError as error:
            self.mark_down(endpoint, f"health check failed: {describe(error)}")
            return False
        if response.status_code != httpx.codes.OK:
            self.mark_down(endpoint, f"health check answered HTTP {response.status_code}")
            return False
        if not endpoint.up:
            logger.info("OCR engine endpoint %s is up again", endpoint.base_url)
        endpoint.state = EngineState.up
        endpoint.last_error = None
        return True

    async def aclose(self) -> None:
        """Stop a background health check and close the pooled connections."""
        if self.recheck is not None and not self.recheck.done():
            self.recheck.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self.recheck
        for client in self.clients:
            await client.aclose()


def encode_body(body: dict[str, Any]) -> bytes:
    """The request body as JSON bytes, as httpx's `json=` writes it, with each page image
    (an `ImageDataUrl`, which needs no escaping) spliced in after the small rest is encoded."""
    images: list[bytes] = []
    marker = secrets.token_hex(8)  # no text of the body can name an image by chance

    def without_images(value: Any) -> Any:
        if isinstance(value, dict):
            return {key: without_images(item) for key, item in value.items()}
        if isinstance(value, list):
            return [without_images(item) for item in value]
        if isinstance(value, ImageDataUrl):
            images.append(value.encode("ascii"))
            return f"{marker}{len(images) - 1}{marker}"
        return value

    skeleton = json.dumps(
        without_images(body), ensure_ascii=False, separators=(",", ":"), allow_nan=False
    ).encode("utf-8")
    for number, data in enumerate(images):
        token = f"{marker}{number}{marker}".encode("ascii")
        start = skeleton.index(token)
        skeleton = b"".join((skeleton[:start], data, skeleton[start + len(token) :]))
    return skeleton


def model_owners(response: httpx.Response) -> set[str]:
    """The `owned_by` of each model a model list names; none for an answer that is no list."""
    try:
        return {str(model.get("owned_by", "")) for model in response.json()["data"]}
    except (ValueError, KeyError, TypeError, AttributeError):
        return set()


def server_from_owners(owners: set[str]) -> ServerKind | None:
    """The server kind the model list's owners name, when they name exactly one."""
    kinds = {kind for kind in ServerKind if kind.value in {owner.lower() for owner in owners}}
    return kinds.pop() if len(kinds) == 1 else None


def page_name(image: PageImage) -> str:
    """How a message names the page."""
    return image.label or "the page"


def describe(error: BaseException) -> str:
    """An exception as a short phrase, even when its message is empty."""
    return str(error) or type(error).__name__


def unreachable(endpoint: Endpoint, error: BaseException) -> EngineUnavailable:
    """The error for an endpoint that refused or dropped the connection."""
    return EngineUnavailable(
        f"The OCR engine at {endpoint.base_url} cannot be reached ({describe(error)}). "
        "The page goes back to the queue; check that the engine is running.",
        endpoint.base_url,
    )


def is_event_stream(response: httpx.Response) -> bool:
    """Whether the answer is a server-sent event stream."""
    content_type: str = response.headers.get("content-type", "")
    return content_type.startswith("text/event-stream")


@dataclass
class StreamedAnswer:
    """The part of a streamed answer read so far."""

    parts: list[str]
    finish_reason: str | None = None
    # Events that carried content. Not tokens: an event carries every token decoded since the
    # last one, one with vLLM's default, up to `--stream-interval` with that flag.
    content_events: int = 0
    characters_since_check: int = 0
    prompt_tokens: int = 0
    completion_tokens: int | None = None  # from the latest usage (every event, or the last)

    @property
    def text(self) -> str:
        return "".join(self.parts)

    def add(self, payload: dict[str, Any]) -> None:
        """Take in one `data:` chunk of the OpenAI streaming format."""
        for choice in payload.get("choices") or []:
            content = choice["delta"].get("content")
            if content:
                self.parts.append(content)
                self.content_events += 1
                self.characters_since_check += len(content)
            if choice.get("finish_reason"):
                self.finish_reason = str(choice["finish_reason"])
        usage = payload.get("usage")
        if usage:
            self.prompt_tokens = int(usage.get("prompt_tokens") or 0)
            self.completion_tokens = int(usage.get("completion_tokens") or 0)

    def loops(self) -> bool:
        """Every LOOP_CHECK_CHARACTERS characters: whether the answer so far plainly loops."""
        if self.characters_since_check < LOOP_CHECK_CHARACTERS:
            return False
        self.characters_since_check = 0
        return guard.cut_early(self.text)

    @property
    def counted_completion_tokens(self) -> int:
        """The engine's own count from the latest usage; without any, the content events.

        vLLM sends the running count in every event (`continuous_usage_stats`), so an answer
        cut early still has the engine's count of what it sent. A server that sends usage only
        in the last chunk, or none, leaves a cut answer without it: the events are then the
        only count there is, exact with one token per event, a lower bound with
        `--stream-interval`.
        """
        if self.completion_tokens is not None:
            return self.completion_tokens
        return self.content_events

    def reply(self, endpoint: str, seconds: float, *, cut_early: bool = False) -> EngineReply:
        return EngineReply(
            text=self.text,
            # A cut answer reads as one that ran into the cap: the schedule retries it as a loop.
            finish_reason="length" if cut_early else (self.finish_reason or "stop"),
            prompt_tokens=self.prompt_tokens,
            completion_tokens=self.counted_completion_tokens,
            seconds=seconds,
            endpoint=endpoint,
            cut_early=cut_early,
        )


async def read_stream(
    response: httpx.Response, endpoint: str, image: PageImage, started: float
) -> EngineReply:
    """Read a streamed answer to its end, or until it plainly loops."""
    answer = StreamedAnswer(parts=[])
    async for line in response.aiter_lines():
        data = line.removeprefix("data:").strip()
        if not line.startswith("data:") or not data:
            continue  # blank separators, comments and event names carry nothing
        if data == "[DONE]":
            break
        take_chunk(answer, data, response, endpoint, image)
        if answer.loops():
            logger.info(
                "%s: the answer loops after %d characters (%d streamed events); stopped it "
                "to retry",
                image.label,
                len(answer.text),
                answer.content_events,
            )
            return answer.reply(endpoint, time.monotonic() - started, cut_early=True)
    return answer.reply(endpoint, time.monotonic() - started)


def take_chunk(
    answer: StreamedAnswer, data: str, response: httpx.Response, endpoint: str, image: PageImage
) -> None:
    """Add one chunk to the answer; an error event is classified like an error status."""
    try:
        payload = json.loads(data)
        if isinstance(payload, dict) and isinstance(payload.get("error"), dict):
            status = int(payload["error"].get("code") or httpx.codes.INTERNAL_SERVER_ERROR)
        else:
            answer.add(payload)
            return
    except (ValueError, KeyError, IndexError, TypeError, AttributeError) as error:
        raise not_openai(endpoint, image) from error
    raise classify_error(httpx.Response(status, json=payload), endpoint, image)


def not_openai(endpoint: str, image: PageImage) -> EngineConfigurationError:
    """The error for an answer that is not an OpenAI chat completion."""
    return EngineConfigurationError(
        f"The server at {endpoint} answered {page_name(image)} with something that is not an "
        "OpenAI chat completion; check that the endpoint URL points at a vLLM or SGLang "
        "server and ends in /v1.",
        endpoint,
    )


def parse_reply(
    response: httpx.Response, endpoint: str, image: PageImage, seconds: float
) -> EngineReply:
    """The reply of a successful call, or the OCR error its status stands for."""
    if response.status_code != httpx.codes.OK:
        raise classify_error(response, endpoint, image)
    try:
        payload = response.json()
        choice = payload["choices"][0]
        usage = payload.get("usage") or {}
        return EngineReply(
            text=choice["message"].get("content") or "",
            finish_reason=str(choice.get("finish_reason") or "stop"),
            prompt_tokens=int(usage.get("prompt_tokens") or 0),
            completion_tokens=int(usage.get("completion_tokens") or 0),
            seconds=seconds,
            endpoint=endpoint,
        )
    except (ValueError, KeyError, IndexError, TypeError, AttributeError) as error:
        raise not_openai(endpoint, image) from error


def engine_message(response: httpx.Response) -> str:
    """The server's own error message: vLLM's {"error": {"message"}} or FastAPI's detail."""
    try:
        payload = response.json()
    except ValueError:
        return response.text[:BODY_EXCERPT_CHARACTERS].strip() or response.reason_phrase
    if isinstance(payload, dict):
        error = payload.get("error")
        if isinstance(error, dict) and error.get("message"):
            return str(error["message"])
        for key in ("message", "detail", "error"):
            if payload.get(key):
                return str(payload[key])
    return response.text[:BODY_EXCERPT_CHARACTERS].strip()


def classify_error(response: httpx.Response, endpoint: str, image: PageImage) -> OcrError:
    """The OCR error an HTTP error status stands for."""
    status = response.status_code
    message = engine_message(response)
    page = page_name(image)
    if status in UNAVAILABLE_STATUSES or STARTING_UP.search(message):
        return EngineUnavailable(
            f"The OCR engine at {endpoint} is not ready (HTTP {status}: {message}). The page "
            "goes back to the queue and is retried when the engine answers again.",
            endpoint,
        )
    if status in CONFIGURATION_STATUSES:
        return configuration_error(status, message, endpoint)
    if CUSTOM_PROCESSOR_OFF.search(message):
        return EngineConfigurationError(
            f"The SGLang engine at {endpoint} refuses DeepSeek-OCR's repeat control ({message}). "
            "Start SGLang with --enable-custom-logit-processor: without it no page can be read "
            "with this profile.",
            endpoint,
        )
    if status == httpx.codes.INTERNAL_SERVER_ERROR:
        return EngineRequestRejected(
            f"The OCR engine at {endpoint} failed on {page} (HTTP 500). The engine says: "
            f"{message}. The page image may be damaged or too large; re-render or re-scan it.",
            status,
            endpoint,
        )
    if status > httpx.codes.INTERNAL_SERVER_ERROR:
        return EngineUnavailable(
            f"The OCR engine at {endpoint} failed (HTTP {status}: {message}). The page goes "
            "back to the queue.",
            endpoint,
        )
    return EngineRequestRejected(
        f"The OCR engine at {endpoint} refused {page} (HTTP {status}). The engine says: {message}.",
        status,
        endpoint,
    )


def configuration_error(status: int, message: str, endpoint: str) -> EngineConfigurationError:
    """404 names an unknown model or a wrong URL; 401/403 a missing permission."""
    if status == httpx.codes.NOT_FOUND and "model" in message.lower():
        return EngineConfigurationError(
            f"The OCR engine at {endpoint} does not serve the model docvault asked for "
            f"({message}). Check the `profile` setting and the engine settings: the model the "
            "server was started with must be the profile's model.",
            endpoint,
        )
    if status == httpx.codes.NOT_FOUND:
        return EngineConfigurationError(
            f"The OCR engine URL {endpoint} has no chat completions API (HTTP 404: {message}). "
            "Check the engine endpoint setting: it should look like http://127.0.0.1:8000/v1.",
            endpoint,
        )
    return EngineConfigurationError(
        f"The OCR engine at {endpoint} refused docvault's access (HTTP {status}: {message}). "
        "Check the engine's access settings.",
        endpoint,
    )
