"""An OpenAI-compatible server on loopback that behaves like vLLM serving the OCR model.

It is the only stand-in for the GPU model, used in process by tests (`EngineSimulator`) and
as a subprocess by benchmarks and daemon tests (`python -m devtools.engine_sim`).

What it reproduces of vLLM 0.22.1 serving `ATH-MaaS/OvisOCR2` (docs/gpu.md, "The engine's
tuned settings"):

- the page arrives as a base64 data URL; it is decoded with Pillow, so corrupt base64, bytes
  that are no image and truncated PNGs get vLLM's 400 body and the connection is closed; an
  image over Pillow's decompression-bomb limit (2 x 89.5 Mpx = 178.9 Mpx) gets a 500; an
  unknown model name gets vLLM's 404.
- prompt tokens are counted like Qwen's processor: 16-pixel patches merged 2x2, so one image
  token per 32x32 pixels, rounded up per side, plus 59 for the chat template and the fixed
  instruction (a 1275x1650 page at 150 DPI: 52 x 40 = 2,080 + 59 = 2,139).
- the answer is derived from the image bytes, deterministically: a text the caller mapped to
  the image (`SimulatorConfig.page_text`, a `text_source` folder of `<sha256>.md` files, or a
  PNG text chunk named `docvault-sim-text`), else a pseudo-letter seeded by the image's
  sha256 that carries the searchable reference `SIM-<first 12 hex digits>`.
- token convention: one token is one whitespace-separated word (with its trailing
  whitespace); in a degenerate loop tail one repeated unit (`1`, `O `, an emoji, a table row)
  is one token. `max_tokens` caps completion tokens; without it vLLM allows
  `max_model_len - prompt_tokens`; `ignore_eos` decodes exactly that many.
- a fraction of pages loop under greedy decoding until the token cap (finish_reason
  "length"), chosen by a hash of the image; `frequency_penalty >= 0.3` cures every one of
  them and `presence_penalty >= 1.0` four in five, as measured on real loops. A fraction of
  pages are "long": their clean text is longer than 4096 tokens.
- latency: prefill plus decode, where the time of one decode step stays flat up to the
  concurrency elbow (32 requests in flight) and grows beyond it, so pages per minute rise
  until 32 in flight and flatten (then fall slightly) beyond, like the measured curve.
- a streamed answer (`"stream": true`) as vLLM's server-sent events, with the usage chunk
  when `stream_options.include_usage` asks for it; `--stream-interval N` (`stream_interval`,
  default 1 like vLLM's) sends the first token alone, then one event per N tokens (their text
  joined), the rest at the finish, as vLLM started with `--stream-interval N` does.
- 503s on a fraction of requests, a slow start (health and chat 503 for `startup_seconds`)
  and a kill switch under `/sim/`.
- DeepSeek-OCR's no-repeat n-gram rule in either server's form (`server`): vLLM reads
  `vllm_xargs` {ngram_size, window_size, whitelist_token_ids} (NGramPerReqLogitsProcessor,
  only when started with `--logits-processors`: `repeat_processor`), SGLang reads
  `custom_logit_processor` (the class's `to_str()`) with `custom_params` and answers 400 when
  it was not started with `--enable-custom-logit-processor`; each ignores the other's fields.
  Bad parameters get the server's 400. An active rule breaks every loop whose unit plus the
  n-gram fits the window, as it does on the real model. `/v1/models` names the server as the
  models' owner.
"""

from __future__ import annotations

import argparse
import asyncio
import base64
import binascii
import hashlib
import io
import json
import math
import pickletools
import random
import re
import socket
import sys
import threading
import time
import uuid
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import httpx
import uvicorn
from PIL import Image, UnidentifiedImageError
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route
from starlette.types import ASGIApp, Receive, Scope, Send

DEFAULT_MODEL = "ATH-MaaS/OvisOCR2"
# Qwen3.5's vision encoder: 16-pixel patches merged 2x2 into one token.
PIXELS_PER_IMAGE_TOKEN_SIDE = 32
# The chat template around the image plus the model's fixed instruction, measured on vLLM:
# a 1275x1650 page is 2,080 image tokens and 2,139 prompt tokens.
TEMPLATE_TOKENS = 59
# The loop cures measured on real looping pages (docs/gpu.md, "The engine's tuned settings"):
# frequency_penalty 0.3 fixed 5/5, presence_penalty 1.0 fixed 4/5.
FREQUENCY_PENALTY_CURE = 0.3
PRESENCE_PENALTY_CURE = 1.0
PRESENCE_PENALTY_CURED_SHARE = 0.8
TEXT_CHUNK_KEY = "docvault-sim-text"
# A streamed answer is sent in writes of whole events that carry at least this many tokens
# together (sixteen one-token events, or one event of sixteen tokens at `--stream-interval 16`),
# each write after its share of the decode time: one write per token made the simulator itself
# the bottleneck of a 32-in-flight benchmark on a small machine, and vLLM also sends several
# events per write under load.
STREAM_BATCH_TOKENS = 16
DEGENERATE_UNITS = ("1", "O ", "\U0001f60a", "| 0 | 0 | 0 | 0 |\n")

# Words of the pseudo-letters: clinic vocabulary, so searches in tests look like real ones.
VOCABULARY_TEXT = """
    patient referral clinic history examination blood pressure medication dose daily
    review follow-up appointment symptoms diagnosis treatment report laboratory result
    normal elevated cardiology radiology imaging consultant doctor nurse ward discharge
    admission allergy tablet morning evening weeks months stable improved pain left right
    chest abdomen fracture wound infection therapy recommend further assessment kind
    regards thank you for the and with was is of to in on no signs
"""
VOCABULARY = tuple(VOCABULARY_TEXT.split())


class SimulatedError(Exception):
    """A request the simulated engine answers with an error status and vLLM's error body."""

    def __init__(self, status_code: int, error_type: str, message: str, param: str | None = None):
        super().__init__(message)
        self.status_code = status_code
        self.error_type = error_type
        self.message = message
        self.param = param

    def response(self, close_connection: bool = False) -> JSONResponse:
        body = {
            "error": {
                "message": self.message,
                "type": self.error_type,
                "param": self.param,
                "code": self.status_code,
            }
        }
        headers = {"connection": "close"} if close_connection else None
        return JSONResponse(body, status_code=self.status_code, headers=headers)


@dataclass(frozen=True)
class SimulatorConfig:
    """How the simulated engine behaves; every field has a default that mimics the real one."""

    models: tuple[str, ...] = (DEFAULT_MODEL,)
    # Simulated seconds per real second: 100 makes a 2 s page take 20 ms.
    speed: float = 1.0
    # No latency at all (service times are still modelled and reported): for CPU-cost runs.
    instant: bool = False
    elbow: int = 32
    # Calibrated so that 32 pages of 2,139 prompt and 700 completion tokens in flight give
    # about 895 pages per minute, the throughput measured on an RTX 5090.
    prefill_seconds_per_token: float = 0.00005
    decode_step_seconds: float = 0.0029
    # Beyond the elbow a step takes (in_flight / elbow) ** exponent longer: throughput falls
    # slightly with queue depth instead of staying flat, as measured.
    overload_exponent: float = 1.1
    # Measured: about 0.5% of real pages loop under greedy decoding.
    loop_fraction: float = 0.005
    long_fraction: float = 0.0
    long_page_tokens: int = 6000
    # A typical page answers 600-800 tokens (docs/gpu.md, "The engine's tuned settings"); the
    # hash picks within that range.
    letter_tokens: int = 600
    unavailable_fraction: float = 0.0
    seed: int = 0
    startup_seconds: float = 0.0
    max_model_len: int = 32768
    text_source: Path | None = None
    page_text: Callable[[bytes], str] | None = None
    verify_images: bool = True
    # "vllm" or "sglang": which server's request fields and errors the simulator speaks.
    server: str = "vllm"
    # Started with the n-gram processor (vLLM `--logits-processors ...NGramPerReqLogitsProcessor`,
    # SGLang `--enable-custom-logit-processor`).
    repeat_processor: bool = False
    # vLLM's `--stream-interval N` (SchedulerConfig.stream_interval, default 1): a streamed
    # answer's first token goes out alone, then one event per N tokens, the rest at the finish.
    stream_interval: int = 1

    def __post_init__(self) -> None:
        if self.stream_interval < 1:
            raise ValueError(f"stream_interval must be 1 or more, not {self.stream_interval}")


@dataclass(frozen=True)
class ServiceTimeModel:
    """Seconds one request takes on the simulated GPU, given how many are in flight."""

    elbow: int
    prefill_seconds_per_token: float
    decode_step_seconds: float
    overload_exponent: float

    @classmethod
    def from_config(cls, config: SimulatorConfig) -> ServiceTimeModel:
        return cls(
            elbow=config.elbow,
            prefill_seconds_per_token=config.prefill_seconds_per_token,
            decode_step_seconds=config.decode_step_seconds,
            overload_exponent=config.overload_exponent,
        )

    def step_seconds(self, in_flight: int) -> float:
        overload = max(1.0, in_flight / self.elbow)
        return self.decode_step_seconds * math.pow(overload, self.overload_exponent)

    def seconds(self, prompt_tokens: int, completion_tokens: int, in_flight: int) -> float:
        prefill = prompt_tokens * self.prefill_seconds_per_token
        return prefill + completion_tokens * self.step_seconds(in_flight)

    def pages_per_minute(self, prompt_tokens: int, completion_tokens: int, in_flight: int) -> float:
        """Steady-state throughput with `in_flight` identical pages always in flight."""
        return in_flight * 60.0 / self.seconds(prompt_tokens, completion_tokens, in_flight)


@dataclass(frozen=True)
class PageFacts:
    """What the simulator learned from one decoded page image."""

    sha256: str
    width: int
    height: int
    text: str | None  # the text mapped to this image, if any


@dataclass(frozen=True)
class Sampling:
    """The sampling parameters of one chat completion request that the simulator honours."""

    max_tokens: int | None
    frequency_penalty: float
    presence_penalty: float
    ignore_eos: bool
    repeat_rule: RepeatRule | None = None
    repeat_form: str = "none"  # how the request asked for repeat control (for the statistics)

    @classmethod
    def from_body(cls, body: dict[str, Any], config: SimulatorConfig | None = None) -> Sampling:
        max_tokens = body.get("max_tokens", body.get("max_completion_tokens"))
        rule, form = repeat_rule(body, config or SimulatorConfig())
        return cls(
            max_tokens=None if max_tokens is None else int(max_tokens),
            frequency_penalty=float(body.get("frequency_penalty") or 0.0),
            presence_penalty=float(body.get("presence_penalty") or 0.0),
            ignore_eos=bool(body.get("ignore_eos", False)),
            repeat_rule=rule,
            repeat_form=form,
        )

    @property
    def mode(self) -> str:
        """The docvault sampling mode this request looks like (for the statistics)."""
        if self.frequency_penalty >= FREQUENCY_PENALTY_CURE or self.presence_penalty > 0:
            return "penalty"
        return "uncapped" if self.max_tokens is None else "greedy"


# What SGLang's DeepSeek-OCR processor is called in a request (its module and class name).
SGLANG_NGRAM_CLASS = (
    "sglang.srt.sampling.custom_logit_processor",
    "DeepseekOCRNoRepeatNGramLogitProcessor",
)
SGLANG_PROCESSOR_OFF = (
    "The server is not configured to enable custom logit processor. Please set "
    "`--enable-custom-logit-processor` to enable this feature."
)


@dataclass(frozen=True)
class RepeatRule:
    """A no-repeat n-gram rule a request switched on, and in which server's form."""

    ngram_size: int
    window_size: int
    whitelist: frozenset[int]
    form: str  # "vllm_xargs" or "sglang_custom"

    @property
    def breaks_loops(self) -> bool:
        """A one-token unit repeats an n-gram within the window after n + 1 tokens."""
        return self.ngram_size + 1 <= self.window_size


def repeat_rule(body: dict[str, Any], config: SimulatorConfig) -> tuple[RepeatRule | None, str]:
    """The rule the request switches on for this server, and how the request asked for it."""
    if config.server == "sglang":
        return sglang_rule(body, config)
    xargs = body.get("vllm_xargs")
    if xargs is None:
        return None, "none"
    if not isinstance(xargs, dict):
        raise SimulatedError(400, "BadRequestError", "vllm_xargs must be an object.", "vllm_xargs")
    if not config.repeat_processor or xargs.get("ngram_size") is None:
        return None, "ignored"  # no processor, or one that skips requests without ngram_size
    return ngram_rule(xargs, "vllm_xargs", default_window=100), "vllm_xargs"


def sglang_rule(body: dict[str, Any], config: SimulatorConfig) -> tuple[RepeatRule | None, str]:
    processor = body.get("custom_logit_processor")
    if processor is None:
        return None, "none"
    if not config.repeat_processor:
        raise SimulatedError(400, "BadRequestError", SGLANG_PROCESSOR_OFF)
    if pickled_class(processor) != SGLANG_NGRAM_CLASS:
        raise SimulatedError(400, "BadRequestError", "Unknown custom logit processor.")
    params = body.get("custom_params") or {}
    if not isinstance(params, dict):
        raise SimulatedError(400, "BadRequestError", "custom_params must be an object.")
    if int(params.get("ngram_size") or 0) <= 0 or int(params.get("window_size") or 0) <= 0:
        return None, "ignored"  # SGLang's processor skips a request without both
    return ngram_rule(params, "sglang_custom", default_window=0), "sglang_custom"


def pickled_class(processor: object) -> tuple[str, str] | None:
    """The (module, name) a `to_str()` JSON names, read from its pickle without loading it."""
    try:
        pickled = bytes.fromhex(json.loads(str(processor))["callable"])
        strings = [value for op, value, _ in pickletools.genops(pickled) if isinstance(value, str)]
        opcodes = [op.name for op, _, _ in pickletools.genops(pickled)]
    except (ValueError, KeyError, TypeError):
        raise SimulatedError(
            400, "BadRequestError", "custom_logit_processor is not valid."
        ) from None
    if opcodes.count("STACK_GLOBAL") != 1 or len(strings) != 2:
        return None
    return strings[0], strings[1]


def ngram_rule(params: dict[str, Any], form: str, default_window: int) -> RepeatRule:
    """The rule, checked the way vLLM's NGramPerReqLogitsProcessor.validate_params checks it."""
    ngram_size, window_size = params.get("ngram_size"), params.get("window_size", default_window)
    whitelist = params.get("whitelist_token_ids") or []
    for name, value in (("ngram_size", ngram_size), ("window_size", window_size)):
        if isinstance(value, bool) or not isinstance(value, int) or value <= 0:
            message = f"`{name}` has to be a strictly positive integer, got {value}."
            raise SimulatedError(400, "BadRequestError", message)
    if not isinstance(whitelist, list) or not all(isinstance(i, int) for i in whitelist):
        message = f"`whitelist_token_ids` has to be a sequence of integers, got {whitelist}."
        raise SimulatedError(400, "BadRequestError", message)
    return RepeatRule(int(ngram_size), int(window_size), frozenset(whitelist), form)  # type: ignore[arg-type]


@dataclass(frozen=True)
class Completion:
    """The simulated model's answer to one request."""

    text: str
    finish_reason: str
    completion_tokens: int
    outcome: str  # "clean", "looped" or "long"
    # The answer token by token, as a stream sends it (a loop of "1" is one token per "1").
    tokens: tuple[str, ...] = ()


def image_tokens(width: int, height: int) -> int:
    """Image tokens of a page as Qwen's processor counts them."""
    side = PIXELS_PER_IMAGE_TOKEN_SIDE
    return math.ceil(width / side) * math.ceil(height / side)


def prompt_tokens(width: int, height: int) -> int:
    return image_tokens(width, height) + TEMPLATE_TOKENS


def share_of(sha256: str, purpose: str) -> float:
    """A number in [0, 1) fixed by the image and the purpose: decides loops, long pages."""
    digest = hashlib.sha256(f"{purpose}:{sha256}".encode()).hexdigest()
    return int(digest[:13], 16) / 16**13


def tokenize(text: str) -> list[str]:
    """Split text into tokens under the simulator's convention: one word and its spacing."""
    return re.findall(r"\S+\s*", text)


def pseudo_letter(seed: str, token_count: int) -> str:
    """A deterministic letter of exactly `token_count` tokens that names its seed."""
    generator = random.Random(seed)
    tokens = ["# ", "Referral ", "letter\n\n", "Reference: ", f"SIM-{seed[:12]}\n\n"]
    sentence_left, paragraph_left, capitalise = generator.randint(6, 16), 5, True
    while len(tokens) < token_count:
        word = generator.choice(VOCABULARY)
        word = word.capitalize() if capitalise else word
        sentence_left -= 1
        capitalise = sentence_left == 0
        separator = " "
        if capitalise:
            word += "."
            sentence_left = generator.randint(6, 16)
            paragraph_left -= 1
            if paragraph_left == 0:
                separator, paragraph_left = "\n\n", generator.randint(3, 6)
        tokens.append(word + separator)
    return "".join(tokens[:token_count]).rstrip()


def page_text(facts: PageFacts, config: SimulatorConfig) -> str:
    """The clean transcription of a page: the mapped text, else a pseudo-letter."""
    if facts.text is not None:
        return facts.text
    if share_of(facts.sha256, "long") < config.long_fraction:
        return pseudo_letter(facts.sha256, config.long_page_tokens)
    spread = int(share_of(facts.sha256, "length") * 200)
    return pseudo_letter(facts.sha256, config.letter_tokens + spread)


def is_cured(sha256: str, sampling: Sampling) -> bool:
    if sampling.frequency_penalty >= FREQUENCY_PENALTY_CURE:
        return True
    if sampling.repeat_rule is not None and sampling.repeat_rule.breaks_loops:
        return True
    presence_cures = share_of(sha256, "presence") < PRESENCE_PENALTY_CURED_SHARE
    return sampling.presence_penalty >= PRESENCE_PENALTY_CURE and presence_cures


def followed_by(tokens: list[str], more: list[str]) -> list[str]:
    """`tokens` then `more`, with a space kept between so no two tokens merge into one."""
    if not tokens or tokens[-1] != tokens[-1].rstrip():
        return tokens + more
    return [*tokens[:-1], tokens[-1] + " ", *more]


def looped_completion(sha256: str, clean: list[str], limit: int) -> Completion:
    """Greedy decoding falling into a degenerate unit that repeats until the token cap."""
    unit = DEGENERATE_UNITS[int(share_of(sha256, "unit") * len(DEGENERATE_UNITS))]
    prefix_length = min(len(clean), limit, 40 + int(share_of(sha256, "prefix") * 200))
    tokens = followed_by(clean[:prefix_length], [unit] * (limit - prefix_length))
    return Completion("".join(tokens), "length", len(tokens), "looped", tuple(tokens))


def complete(
    facts: PageFacts, config: SimulatorConfig, sampling: Sampling, limit: int
) -> Completion:
    """What the model answers for this page with these sampling settings."""
    clean = tokenize(page_text(facts, config))
    loops = share_of(facts.sha256, "loop") < config.loop_fraction
    if loops and not is_cured(facts.sha256, sampling):
        return looped_completion(facts.sha256, clean, limit)
    if sampling.ignore_eos and len(clean) < limit:
        filler = tokenize(pseudo_letter(f"{facts.sha256}-eos", limit - len(clean)))
        tokens = followed_by(clean, filler)
        return Completion("".join(tokens), "length", len(tokens), "clean", tuple(tokens))
    if len(clean) > limit:
        return Completion("".join(clean[:limit]), "length", limit, "long", tuple(clean[:limit]))
    ending = (*clean[:-1], clean[-1].rstrip()) if clean else ()
    return Completion("".join(ending), "stop", len(clean), "clean", ending)


def decode_data_url(url: str) -> bytes:
    """The bytes of a `data:image/...;base64,` URL, or vLLM's 400."""
    header, separator, payload = url.partition(",")
    if not header.startswith("data:") or not header.endswith(";base64") or not separator:
        raise SimulatedError(400, "BadRequestError", "The image must be a base64 data URL.")
    try:
        return base64.b64decode(payload, validate=True)
    except (binascii.Error, ValueError) as error:
        message = f"Failed to load image: invalid base64 data ({error})."
        raise SimulatedError(400, "BadRequestError", message) from error


def mapped_text(
    image: Image.Image, data: bytes, sha256: str, config: SimulatorConfig
) -> str | None:
    if config.page_text is not None:
        return config.page_text(data)
    if config.text_source is not None:
        for suffix in (".md", ".txt"):
            candidate = config.text_source / f"{sha256}{suffix}"
            if candidate.is_file():
                return candidate.read_text(encoding="utf-8")
    chunk = image.info.get(TEXT_CHUNK_KEY)
    return chunk if isinstance(chunk, str) else None


def read_page(url: str, config: SimulatorConfig) -> PageFacts:
    """Decode the page image as vLLM does, raising vLLM's errors for broken images."""
    data = decode_data_url(url)
    sha256 = hashlib.sha256(data).hexdigest()
    try:
        with Image.open(io.BytesIO(data)) as image:
            if config.verify_images:
                image.load()
            text = mapped_text(image, data, sha256, config)
            return PageFacts(sha256, image.width, image.height, text)
    except Image.DecompressionBombError as error:
        raise SimulatedError(500, "InternalServerError", str(error)) from error
    except (UnidentifiedImageError, OSError, SyntaxError, ValueError) as error:
        message = f"Failed to load image: {error}"
        raise SimulatedError(400, "BadRequestError", message) from error


def image_url_of(body: dict[str, Any]) -> str:
    """The first image URL in the chat messages, or vLLM's 400."""
    for message in body.get("messages") or []:
        content = message.get("content") if isinstance(message, dict) else None
        for part in content if isinstance(content, list) else []:
            if isinstance(part, dict) and part.get("type") == "image_url":
                image_url = part.get("image_url")
                url = image_url.get("url") if isinstance(image_url, dict) else image_url
                if isinstance(url, str):
                    return url
    raise SimulatedError(400, "BadRequestError", "The simulator expects one page image.")


def token_limit(prompt: int, sampling: Sampling, max_model_len: int) -> int:
    """The completion token cap vLLM applies, or its 400 when the context is too long."""
    requested = sampling.max_tokens if sampling.max_tokens is not None else 1
    if prompt + requested > max_model_len:
        message = (
            f"This model's maximum context length is {max_model_len} tokens. However, you "
            f"requested {requested} output tokens and your prompt contains at least {prompt} "
            f"input tokens, for a total of at least {prompt + requested} tokens. Please reduce "
            "the length of the input prompt or the number of requested output tokens."
        )
        raise SimulatedError(400, "BadRequestError", message, param="input_tokens")
    return sampling.max_tokens if sampling.max_tokens is not None else max_model_len - prompt


class SimulatorRuntime:
    """The mutable state of one running simulator; lives on the server's event loop."""

    def __init__(self, config: SimulatorConfig) -> None:
        self.config = config
        self.timing = ServiceTimeModel.from_config(config)
        self.ready_at = time.monotonic() + config.startup_seconds
        self.phase = "starting" if config.startup_seconds > 0 else "up"
        self.down_mode = "503"
        self.random = random.Random(config.seed)
        self.gate = asyncio.Event()
        self.gate.set()
        self.in_flight = 0
        self.in_flight_max = 0
        self.held = 0
        self.requests = 0
        self.counts: dict[str, Counter[str]] = {
            "modes": Counter(),
            "outcomes": Counter(),
            "status_codes": Counter(),
            "streams": Counter(),
            "repeat_control": Counter(),
        }
        self.images: set[str] = set()
        self.images_seen = 0
        self.tokens: Counter[str] = Counter()
        self.service_seconds = {"total": 0.0, "max": 0.0, "last": 0.0}

    @property
    def state(self) -> str:
        if self.phase == "starting" and time.monotonic() >= self.ready_at:
            self.phase = "up"
        return self.phase

    def enter(self) -> None:
        self.requests += 1
        self.in_flight += 1
        self.in_flight_max = max(self.in_flight_max, self.in_flight)

    def leave(self) -> None:
        self.in_flight -= 1

    def record_disconnect(self) -> None:
        """A streamed answer whose client left before its end: the work stopped there."""
        self.counts["streams"]["disconnected"] += 1

    async def pass_gate(self) -> None:
        """Wait while a test holds requests (`/sim/hold`), so it can line them up."""
        self.held += 1
        try:
            await self.gate.wait()
        finally:
            self.held -= 1

    def refusal(self) -> SimulatedError | None:
        """The 503 a request gets before any work: starting, down, or an unlucky draw."""
        state = self.state
        if state != "up":
            return SimulatedError(503, "ServiceUnavailableError", f"The engine is {state}.")
        if self.random.random() < self.config.unavailable_fraction:
            return SimulatedError(503, "ServiceUnavailableError", "The engine is overloaded.")
        return None

    def record(self, facts: PageFacts, sampling: Sampling, prompt: int, answer: Completion) -> None:
        self.images_seen += 1
        self.images.add(facts.sha256)
        self.counts["modes"][sampling.mode] += 1
        self.counts["repeat_control"][sampling.repeat_form] += 1
        self.counts["outcomes"][answer.outcome] += 1
        self.tokens["prompt"] += prompt
        self.tokens["completion"] += answer.completion_tokens

    def record_service(self, seconds: float) -> None:
        self.service_seconds["total"] += seconds
        self.service_seconds["max"] = max(self.service_seconds["max"], seconds)
        self.service_seconds["last"] = seconds

    def stats(self) -> dict[str, Any]:
        return {
            "state": self.state,
            "down_mode": self.down_mode,
            "requests": self.requests,
            "in_flight": self.in_flight,
            "in_flight_max": self.in_flight_max,
            "held": self.held,
            **{name: dict(counter) for name, counter in self.counts.items()},
            "images_seen": self.images_seen,
            "unique_images": len(self.images),
            "prompt_tokens": self.tokens["prompt"],
            "completion_tokens": self.tokens["completion"],
            "service_seconds": dict(self.service_seconds),
        }


def completion_body(model: str, prompt: int, answer: Completion) -> dict[str, Any]:
    message = {"role": "assistant", "content": answer.text}
    return {
        "id": f"chatcmpl-{uuid.uuid4().hex}",
        "object": "chat.completion",
        "created": int(time.time()),
        "model": model,
        "choices": [{"index": 0, "message": message, "finish_reason": answer.finish_reason}],
        "usage": {
            "prompt_tokens": prompt,
            "completion_tokens": answer.completion_tokens,
            "total_tokens": prompt + answer.completion_tokens,
        },
    }


async def request_json(request: Request) -> dict[str, Any]:
    try:
        body = await request.json()
    except ValueError as error:
        raise SimulatedError(400, "BadRequestError", f"The body is not JSON: {error}") from error
    if not isinstance(body, dict):
        raise SimulatedError(400, "BadRequestError", "The body must be a JSON object.")
    return body


async def answer_chat(runtime: SimulatorRuntime, body: dict[str, Any]) -> Response:
    """Decode the page, decide the answer, take the modelled time, answer like vLLM."""
    config = runtime.config
    model = body.get("model")
    if model not in config.models:
        message = f"The model `{model}` does not exist."
        raise SimulatedError(404, "NotFoundError", message, param="model")
    sampling = Sampling.from_body(body, config)
    facts = await asyncio.to_thread(read_page, image_url_of(body), config)
    prompt = prompt_tokens(facts.width, facts.height)
    answer = complete(facts, config, sampling, token_limit(prompt, sampling, config.max_model_len))
    runtime.record(facts, sampling, prompt, answer)
    await runtime.pass_gate()
    in_flight = runtime.in_flight
    seconds = runtime.timing.seconds(prompt, answer.completion_tokens, in_flight)
    headers = {"x-sim-service-seconds": f"{seconds:.6f}", "x-sim-in-flight": str(in_flight)}
    if body.get("stream"):
        options = body.get("stream_options") or {}
        usage = bool(options.get("include_usage"))
        # vLLM sends the running usage in every event only with include_usage as well.
        continuous = usage and bool(options.get("continuous_usage_stats"))
        return StreamedCompletion(
            runtime, str(model), prompt, answer, seconds, usage, headers, continuous
        )
    if not config.instant:
        await asyncio.sleep(seconds / config.speed)
    runtime.record_service(seconds)
    return JSONResponse(completion_body(str(model), prompt, answer), headers=headers)


def chunk_body(model: str, delta: dict[str, str], finish_reason: str | None) -> dict[str, Any]:
    """One chunk of vLLM's OpenAI streaming format."""
    choice = {"index": 0, "delta": delta, "finish_reason": finish_reason}
    return {"object": "chat.completion.chunk", "model": model, "choices": [choice]}


def server_sent_event(payload: dict[str, Any] | str) -> bytes:
    data = payload if isinstance(payload, str) else json.dumps(payload)
    return f"data: {data}\n\n".encode()


def running_usage(prompt: int, completion: int) -> dict[str, int]:
    """The usage vLLM puts in every event with `continuous_usage_stats`: the tokens so far."""
    return {
        "prompt_tokens": prompt,
        "completion_tokens": completion,
        "total_tokens": prompt + completion,
    }


def event_tokens(tokens: list[str], interval: int) -> Iterator[list[str]]:
    """The tokens of each event vLLM sends with `--stream-interval interval`.

    vLLM 0.22.1 (v1/engine/output_processor.py) sends a streamed request's output when it is
    the first token, when `interval` tokens have piled up since the last send, or when the
    request finished; in DELTA mode an event carries every token since the last one.
    """
    yield tokens[:1]
    for first in range(1, len(tokens), interval):
        yield tokens[first : first + interval]


class StreamedCompletion(Response):
    """The answer as server-sent events, one per `stream_interval` tokens, paced by the
    service-time model.

    The prefill time passes before the first token, the decode time is spread over the tokens
    (the same total as an answer in one piece). A client that disconnects stops the work at
    once and leaves the in-flight count, as vLLM aborts a request whose stream was closed.
    """

    def __init__(
        self,
        runtime: SimulatorRuntime,
        model: str,
        prompt: int,
        answer: Completion,
        seconds: float,
        usage: bool,
        headers: dict[str, str],
        continuous_usage: bool = False,
    ) -> None:
        super().__init__(media_type="text/event-stream", headers=headers)
        # The length is not known in advance: the body goes out chunked.
        self.raw_headers = [
            (key, value) for key, value in self.raw_headers if key != b"content-length"
        ]
        self.runtime, self.model, self.prompt, self.answer = runtime, model, prompt, answer
        self.seconds, self.usage, self.continuous_usage = seconds, usage, continuous_usage

    def batches(self) -> Iterator[tuple[float, bytes]]:
        """(simulated seconds to wait, the events to send then) for the whole answer."""
        tokens = list(self.answer.tokens) or [""]
        prefill = self.prompt * self.runtime.timing.prefill_seconds_per_token
        step = (self.seconds - prefill) / len(tokens)
        wait, write, written, sent = prefill, [], 0, 0
        for event in event_tokens(tokens, self.runtime.config.stream_interval):
            content = {"content": "".join(event)}
            chunk = chunk_body(self.model, content, None)
            sent += len(event)
            if self.continuous_usage:  # stream_options.continuous_usage_stats: the count so far
                chunk["usage"] = running_usage(self.prompt, sent)
            write.append(server_sent_event(chunk))
            wait, written = wait + step * len(event), written + len(event)
            if written >= STREAM_BATCH_TOKENS:
                yield wait, b"".join(write)
                wait, write, written = 0.0, [], 0
        if write:
            yield wait, b"".join(write)
        ending = [server_sent_event(chunk_body(self.model, {}, self.answer.finish_reason))]
        if self.usage:
            usage = completion_body(self.model, self.prompt, self.answer)["usage"]
            ending.append(server_sent_event({"choices": [], "model": self.model, "usage": usage}))
        ending.append(server_sent_event("[DONE]"))
        yield 0.0, b"".join(ending)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        disconnected = asyncio.Event()

        async def watch() -> None:
            while (await receive())["type"] != "http.disconnect":
                pass
            disconnected.set()

        watcher = asyncio.create_task(watch())
        spent = 0.0
        try:
            await send({"type": "http.response.start", "status": 200, "headers": self.raw_headers})
            for simulated, events in self.batches():
                if await self.waited_out(simulated, disconnected):
                    self.runtime.record_disconnect()
                    return
                spent += simulated
                await send({"type": "http.response.body", "body": events, "more_body": True})
            await send({"type": "http.response.body", "body": b"", "more_body": False})
        finally:
            watcher.cancel()
            self.runtime.record_service(spent)
            self.runtime.leave()

    async def waited_out(self, simulated: float, disconnected: asyncio.Event) -> bool:
        """Wait this many simulated seconds; True if the client left meanwhile."""
        if self.runtime.config.instant or simulated <= 0:
            return disconnected.is_set()
        try:
            await asyncio.wait_for(disconnected.wait(), simulated / self.runtime.config.speed)
        except TimeoutError:
            return False
        return True


def build_app(config: SimulatorConfig) -> Starlette:
    """The simulator's ASGI app; its runtime state is created with it."""
    runtime = SimulatorRuntime(config)

    async def chat_completions(request: Request) -> Response:
        runtime.enter()
        streaming = False
        try:
            response = await chat_response(runtime, request)
            # A streamed answer stays in flight until its last event is sent or its client left.
            streaming = isinstance(response, StreamedCompletion)
        finally:
            if not streaming:
                runtime.leave()
        runtime.counts["status_codes"][str(response.status_code)] += 1
        return response

    async def models(request: Request) -> Response:
        data = [
            {
                "id": name,
                "object": "model",
                "created": int(time.time()),
                "owned_by": config.server,
                "root": name,
                "parent": None,
                "max_model_len": config.max_model_len,
            }
            for name in config.models
        ]
        return JSONResponse({"object": "list", "data": data})

    async def health(request: Request) -> Response:
        return Response(status_code=200 if runtime.state == "up" else 503)

    routes = [
        Route("/v1/chat/completions", chat_completions, methods=["POST"]),
        Route("/v1/models", models, methods=["GET"]),
        Route("/health", health, methods=["GET"]),
        *control_routes(runtime),
    ]
    app = Starlette(routes=routes)
    app.state.runtime = runtime
    return app


async def chat_response(runtime: SimulatorRuntime, request: Request) -> Response:
    refusal = runtime.refusal()
    if refusal is not None:
        return refusal.response()
    try:
        return await answer_chat(runtime, await request_json(request))
    except SimulatedError as error:
        # vLLM 0.22.1 closes the connection after rejecting a request's image or body.
        return error.response(close_connection=error.status_code == 400)


def control_routes(runtime: SimulatorRuntime) -> list[Route]:
    """`/sim/...`: the kill switch, the request gate and the statistics."""

    async def down(request: Request) -> Response:
        mode = request.query_params.get("mode", "503")
        if mode not in ("503", "disconnect"):
            return JSONResponse({"error": "mode must be 503 or disconnect"}, status_code=400)
        runtime.phase, runtime.down_mode = "down", mode
        return JSONResponse(runtime.stats())

    async def up(request: Request) -> Response:
        runtime.phase = "up"
        return JSONResponse(runtime.stats())

    async def hold(request: Request) -> Response:
        runtime.gate.clear()
        return JSONResponse(runtime.stats())

    async def release(request: Request) -> Response:
        runtime.gate.set()
        return JSONResponse(runtime.stats())

    async def stats(request: Request) -> Response:
        return JSONResponse(runtime.stats())

    return [
        Route("/sim/down", down, methods=["POST"]),
        Route("/sim/up", up, methods=["POST"]),
        Route("/sim/hold", hold, methods=["POST"]),
        Route("/sim/release", release, methods=["POST"]),
        Route("/sim/stats", stats, methods=["GET"]),
    ]


class DisconnectWhenDown:
    """When the kill switch is in "disconnect" mode, drop engine connections without answer.

    That is what a client sees when the engine dies mid-request. uvicorn gives the app no
    handle on the connection, so this reaches the transport through uvicorn's bound `send`.
    """

    def __init__(self, app: Starlette) -> None:
        self.app: ASGIApp = app
        self.runtime: SimulatorRuntime = app.state.runtime

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        transport = getattr(getattr(send, "__self__", None), "transport", None)
        dropping = self.runtime.state == "down" and self.runtime.down_mode == "disconnect"
        engine_path = scope["type"] == "http" and not scope["path"].startswith("/sim/")
        if dropping and engine_path and transport is not None:
            transport.abort()
            # Wait until uvicorn has noticed the loss, so it does not try to answer a 500.
            while (await receive())["type"] != "http.disconnect":
                pass
            return
        await self.app(scope, receive, send)


def server_config(config: SimulatorConfig) -> uvicorn.Config:
    app = DisconnectWhenDown(build_app(config))
    return uvicorn.Config(
        app,
        log_config=None,
        access_log=False,
        lifespan="off",
        ws="none",
        http="h11",
        proxy_headers=False,
        server_header=False,
        # Requests held at the gate must not keep stop() waiting for ever.
        timeout_graceful_shutdown=1,
    )


def bound_socket(host: str, port: int) -> socket.socket:
    # asyncio only turns Nagle's algorithm off on accepted sockets whose protocol is TCP by
    # number; with protocol 0 every small answer waited for a delayed ACK (measured: 45 ms
    # per request on loopback instead of 1 ms). Accepted sockets inherit TCP_NODELAY.
    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    listener.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    listener.bind((host, port))
    # Listening at once lets clients queue in the backlog before uvicorn accepts them.
    listener.listen(2048)
    return listener


class EngineSimulator:
    """The simulator in a background thread of this process, on an ephemeral loopback port.

    Use as a context manager, or call `start()` and `stop()`. `base_url` is the OpenAI base
    URL (`http://127.0.0.1:PORT/v1`); `root_url` serves `/health` and `/sim/...`.
    """

    def __init__(self, config: SimulatorConfig | None = None, host: str = "127.0.0.1") -> None:
        self.config = config or SimulatorConfig()
        self.host = host
        self._listener = bound_socket(host, 0)
        self.port: int = self._listener.getsockname()[1]
        self._server = uvicorn.Server(server_config(self.config))
        self._thread: threading.Thread | None = None

    @property
    def root_url(self) -> str:
        return f"http://{self.host}:{self.port}"

    @property
    def base_url(self) -> str:
        return f"{self.root_url}/v1"

    def start(self, timeout: float = 10.0) -> None:
        """Start serving and return once the port accepts requests."""
        self._thread = threading.Thread(
            target=self._server.run,
            kwargs={"sockets": [self._listener]},
            name=f"engine-simulator-{self.port}",
            daemon=True,
        )
        self._thread.start()
        deadline = time.monotonic() + timeout
        while not self._server.started:
            if not self._thread.is_alive() or time.monotonic() > deadline:
                raise RuntimeError(f"The engine simulator did not start on {self.root_url}.")
            time.sleep(0.005)

    def stop(self) -> None:
        self._server.should_exit = True
        if self._thread is not None:
            self._thread.join(timeout=10)
        self._listener.close()

    def __enter__(self) -> EngineSimulator:
        self.start()
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.stop()

    def control(self, action: str, **params: str) -> dict[str, Any]:
        """POST `/sim/<action>` (down, up, hold, release) and return the statistics."""
        response = httpx.post(f"{self.root_url}/sim/{action}", params=params, timeout=5)
        response.raise_for_status()
        result: dict[str, Any] = response.json()
        return result

    def stats(self) -> dict[str, Any]:
        response = httpx.get(f"{self.root_url}/sim/stats", timeout=5)
        response.raise_for_status()
        result: dict[str, Any] = response.json()
        return result


def argument_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m devtools.engine_sim",
        description="A simulated vLLM OCR engine on loopback, for tests and benchmarks.",
    )
    defaults = SimulatorConfig()
    add = parser.add_argument
    add("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    add("--port", type=int, required=True, help="port to listen on; 0 picks a free one")
    add("--port-file", type=Path, help="write the port actually used to this file")
    add("--model", action="append", dest="models", help="served model name (repeatable)")
    add("--speed", type=float, default=defaults.speed, help="simulated seconds per second")
    add("--instant", action="store_true", help="answer with no latency at all")
    add("--elbow", type=int, default=defaults.elbow, help="concurrency elbow (default 32)")
    add("--loop-fraction", type=float, default=defaults.loop_fraction)
    add("--long-fraction", type=float, default=defaults.long_fraction)
    add("--unavailable-fraction", type=float, default=defaults.unavailable_fraction)
    add("--startup-seconds", type=float, default=defaults.startup_seconds)
    add("--max-model-len", type=int, default=defaults.max_model_len)
    add("--seed", type=int, default=defaults.seed)
    add("--text-source", type=Path, help="folder of <sha256 of page image>.md answers")
    add("--no-verify-images", action="store_true", help="read image headers only")
    add(
        "--server",
        choices=("vllm", "sglang"),
        default=defaults.server,
        help="which server's request fields, errors and model owner to speak",
    )
    add(
        "--stream-interval",
        type=positive_integer,
        default=defaults.stream_interval,
        help="like vLLM's --stream-interval: a streamed answer's first token alone, then one "
        "event per N tokens (default 1: one event per token)",
    )
    add(
        "--repeat-processor",
        action="store_true",
        help="started with the n-gram processor (vLLM --logits-processors, SGLang "
        "--enable-custom-logit-processor)",
    )
    return parser


def config_from_arguments(arguments: argparse.Namespace) -> SimulatorConfig:
    return replace(
        SimulatorConfig(),
        models=tuple(arguments.models or (DEFAULT_MODEL,)),
        speed=arguments.speed,
        instant=arguments.instant,
        elbow=arguments.elbow,
        loop_fraction=arguments.loop_fraction,
        long_fraction=arguments.long_fraction,
        unavailable_fraction=arguments.unavailable_fraction,
        startup_seconds=arguments.startup_seconds,
        max_model_len=arguments.max_model_len,
        seed=arguments.seed,
        text_source=arguments.text_source,
        verify_images=not arguments.no_verify_images,
        server=arguments.server,
        repeat_processor=arguments.repeat_processor,
        stream_interval=arguments.stream_interval,
    )


def positive_integer(text: str) -> int:
    """An argument that must be 1 or more, as vLLM's `--stream-interval` (ge=1) must."""
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be 1 or more, not {value}")
    return value


def main(argv: list[str] | None = None) -> None:
    arguments = argument_parser().parse_args(argv)
    listener = bound_socket(arguments.host, arguments.port)
    port = listener.getsockname()[1]
    if arguments.port_file is not None:
        arguments.port_file.write_text(f"{port}\n", encoding="utf-8")
    sys.stdout.write(f"engine simulator listening on http://{arguments.host}:{port}/v1\n")
    sys.stdout.flush()
    uvicorn.Server(server_config(config_from_arguments(arguments))).run(sockets=[listener])


if __name__ == "__main__":
    main()
