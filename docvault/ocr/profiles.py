"""Model profiles as data: prompt, sampling, retry schedule and output clean-up per model.

A profile turns a sampling mode into the settings of one attempt (`Profile.request`), the
settings and a page image into the exact OpenAI `/v1/chat/completions` body
(`Profile.request_body`), and the model's raw answer into docvault's page text: Markdown with
HTML tables, LaTeX formulas and figure stubs `<img src="images/bbox_{l}_{t}_{r}_{b}.jpg" />`
whose coordinates are scaled to [0, 1000) (`Profile.clean_output`).
"""

from __future__ import annotations

import base64
import json
import re
import struct
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from types import MappingProxyType
from typing import Any, Literal

from docvault.errors import UnknownProfile
from docvault.setting_types import ProfileName
from docvault.vocabulary import AttemptRequest, PageImage, SamplingMode

PromptPosition = Literal["after_image", "before_image"]

# The instruction OvisOCR2 was trained on, verbatim from the model card of ATH-MaaS/OvisOCR2
# (the `OvisOCR2Parser` example, including its leading newline), sent after the image. Found
# identical in several independent copies of the card's example; the model is trained on this
# one fixed text, so do not edit it.
OVISOCR2_PROMPT = (
    "\nExtract all readable content from the image in natural human reading order and output "
    "the result as a single Markdown document. For charts or images, represent them using an "
    'HTML image tag: <img src="images/bbox_{left}_{top}_{right}_{bottom}.jpg" />, where left, '
    "top, right, bottom are bounding box coordinates scaled to [0, 1000). Format formulas as "
    "LaTeX. Format tables as HTML: <table>...</table>. Transcribe all other text as standard "
    "Markdown. Preserve the original text without translation or paraphrasing."
)

# DeepSeek-OCR-2's document prompt (its repository's config.py). The literal `<image>` marks
# where the image goes: vLLM counts placeholders already present in the text and adds none.
DEEPSEEK_OCR2_PROMPT = "<image>\n<|grounding|>Convert the document to markdown."

# The first pass and the penalty retry are capped at 4096 tokens: a typical page is ~600–800
# tokens out, and a looping page that decodes 16k tokens alone at the end of a batch added
# ~30 s of straggler tail (measured on 827 letters, RTX 5090).
FIRST_PASS_MAX_TOKENS = 4096
# frequency_penalty 0.3 fixed 5 of 5 measured loops (presence_penalty 1.0: 4/5,
# repetition_penalty 1.05–1.1: 2/5, temperature 0.2: none).
PENALTY_FREQUENCY = 0.3
# The uncapped retry (a really long page with a clean tail) sends an explicit budget rather than
# leaving max_tokens out: vLLM 0.22.1 silently clamps max_tokens beyond the context, but other
# servers (older vLLM, SGLang) answer 400 when prompt + max_tokens exceed it. The served context
# is 32768 (`--max-model-len 32768`); the prompt is at most ~8.1k image tokens (the processor's
# largest image, 2880 × 2880 pixels, in 32-pixel merged patches) plus ~100 text tokens, so
# 32768 − 8192 = 24576 never exceeds the context. A 150 DPI page is ~2.3k tokens in.
OVISOCR2_UNCAPPED_MAX_TOKENS = 32768 - 8192
# DeepSeek-OCR-2's recipe serves an 8192-token context; its prompt is at most ~1.1k image
# tokens (one 1024 global view and six 768 crops), so 8192 − 1280 = 6912.
DEEPSEEK_UNCAPPED_MAX_TOKENS = 8192 - 1280
# Benchmarks with random weights: every page decodes exactly 600 tokens (ignore_eos), close to
# a real page's 600–800.
BENCH_MAX_TOKENS = 600


class ImageDataUrl(str):
    """A page image as a base64 data URL (`data:image/png;base64,...`): made here of the
    media type and base64's own alphabet, it needs no escaping in JSON, so the engine client
    splices it into the request body as it is (`docvault.ocr.client.encode_body`)."""

    __slots__ = ()

    @classmethod
    def of(cls, media_type: str, data: bytes) -> ImageDataUrl:
        if not re.fullmatch(r"[a-z]+/[a-z0-9.+-]+", media_type):
            raise ValueError(f"not a media type: {media_type!r}")
        return cls(f"data:{media_type};base64,{base64.b64encode(data).decode('ascii')}")


class ServerKind(StrEnum):
    """Which OpenAI-compatible server answers: the two spell per-request extensions apart."""

    vllm = "vllm"
    sglang = "sglang"


# SGLang runs a custom logit processor named in the request as its `to_str()` form: JSON with
# the hex of a dill pickle of the class. For a class of an importable module that pickle is a
# plain reference (module and name), so docvault writes it without importing SGLang or dill.
SGLANG_NGRAM_PROCESSOR = (
    "sglang.srt.sampling.custom_logit_processor",
    "DeepseekOCRNoRepeatNGramLogitProcessor",
)


def pickled_class_reference(module: str, name: str) -> bytes:
    """The bytes `pickle.dumps(cls, protocol=4)` writes for a class found by module and name.

    Protocol 4 is dill's and pickle's default on Python 3.8-3.13: PROTO 4, one FRAME holding
    two short strings (each memoised), STACK_GLOBAL, MEMOIZE, STOP.
    """
    body = b""
    for text in (module, name):
        encoded = text.encode("utf-8")
        if len(encoded) > 255:
            raise ValueError(f"'{text}' is too long for a short pickle string.")
        body += b"\x8c" + bytes([len(encoded)]) + encoded + b"\x94"
    body += b"\x93\x94."
    return b"\x80\x04\x95" + struct.pack("<Q", len(body)) + body


def sglang_logit_processor(module: str, name: str) -> str:
    """The `custom_logit_processor` value SGLang's `CustomLogitProcessor.to_str()` gives."""
    return json.dumps({"callable": pickled_class_reference(module, name).hex()})


@dataclass(frozen=True)
class RepeatControl:
    """DeepSeek-OCR's no-repeat n-gram rule: a token that would repeat an n-gram of the last
    `window_size` tokens is banned while decoding, except the whitelisted ones (table cells
    repeat by nature). vLLM and SGLang each ship it, and each wants it asked for its own way."""

    ngram_size: int
    window_size: int
    whitelist_token_ids: tuple[int, ...] = ()

    def params(self) -> dict[str, Any]:
        return {
            "ngram_size": self.ngram_size,
            "window_size": self.window_size,
            "whitelist_token_ids": list(self.whitelist_token_ids),
        }

    def request_fields(self, server: ServerKind) -> dict[str, Any]:
        """The body fields that switch the rule on for one request on this server."""
        if server is ServerKind.sglang:
            # Needs `--enable-custom-logit-processor` on the server (else HTTP 400).
            return {
                "custom_logit_processor": sglang_logit_processor(*SGLANG_NGRAM_PROCESSOR),
                "custom_params": self.params(),
            }
        # vLLM's NGramPerReqLogitsProcessor reads these from SamplingParams.extra_args; it is
        # loaded only with `--logits-processors vllm.model_executor.models.deepseek_ocr:
        # NGramPerReqLogitsProcessor`, and does nothing for a request without ngram_size.
        return {"vllm_xargs": self.params()}


class OutputFormat(StrEnum):
    """What the model's raw answer looks like, which decides its clean-up."""

    markdown = "markdown"  # OvisOCR2: Markdown with figure stubs
    deepseek_grounding = "deepseek_grounding"  # DeepSeek-OCR: <|ref|>…<|det|> tags
    plain_text = "plain_text"  # the CPU engine: lines of text


def frozen_mapping(**values: Any) -> Mapping[str, Any]:
    """A read-only mapping, so that a frozen profile cannot be changed through its fields."""
    return MappingProxyType(dict(values))


@dataclass(frozen=True)
class Profile:
    """Everything docvault must know about one model to transcribe a page with it."""

    name: ProfileName
    model: str
    prompt: str
    prompt_position: PromptPosition = "after_image"
    chat_template_kwargs: Mapping[str, Any] = field(default_factory=frozen_mapping)
    temperature: float = 0.0
    max_tokens: int | None = FIRST_PASS_MAX_TOKENS
    penalty_frequency: float = PENALTY_FREQUENCY
    # None leaves max_tokens out of the request: the server decodes to its context limit.
    uncapped_max_tokens: int | None = OVISOCR2_UNCAPPED_MAX_TOKENS
    extra_body: Mapping[str, Any] = field(default_factory=frozen_mapping)
    retry_on_loop: bool = True  # a degenerate tail earns one retry with the penalty
    retry_when_truncated: bool = True  # a clean tail at the cap earns one uncapped retry
    output_format: OutputFormat = OutputFormat.markdown
    # Stream the answer and stop it as soon as it plainly loops (`guard.cut_early`), instead of
    # decoding a loop to the cap: ~12 s of GPU time per looping page at 4096 tokens, which
    # stretched the tail of a batch (issue 4, straggler benchmark: 0.85 of the clean rate).
    stream_loop_cut: bool = False
    # Repeat control while decoding, sent in the form of the server that answers.
    repeat_control: RepeatControl | None = None
    # The model's patch grid in pixels (patch size x merge), 0 for none. Pages rendered with
    # both sides on it need no resize in the engine's image processor, which otherwise
    # resamples every page in the API server's process: +12 % pages/min for the bare load
    # generator, two replicas on one H200 (bench/gpu/RESULTS.md, issue 17, g64 against b64).
    image_grid: int = 0

    def request(self, mode: SamplingMode, *, penalty: bool | None = None) -> AttemptRequest:
        """The settings of one attempt in this sampling mode.

        `penalty` adds the frequency penalty to another mode (an uncapped retry of a page that
        looped before); by default only the penalty mode has it. The profile's extra body
        fields travel in `extra`, so that the attempt row records them.
        """
        with_penalty = mode is SamplingMode.penalty if penalty is None else penalty
        max_tokens = self.uncapped_max_tokens if mode is SamplingMode.uncapped else self.max_tokens
        return AttemptRequest(
            mode=mode,
            max_tokens=max_tokens,
            temperature=self.temperature,
            frequency_penalty=self.penalty_frequency if with_penalty else 0.0,
            extra=dict(self.extra_body),
        )

    def request_body(
        self, image: PageImage, request: AttemptRequest, server: ServerKind = ServerKind.vllm
    ) -> dict[str, Any]:
        """The exact JSON body of POST /v1/chat/completions for one attempt on this server."""
        image_part = {
            "type": "image_url",
            "image_url": {"url": ImageDataUrl.of(image.media_type, image.data)},
        }
        text_part = {"type": "text", "text": self.prompt}
        if self.prompt_position == "after_image":
            content = [image_part, text_part]
        else:
            content = [text_part, image_part]
        body: dict[str, Any] = {
            "model": self.model,
            "messages": [{"role": "user", "content": content}],
            "temperature": request.temperature,
        }
        if request.max_tokens is not None:
            body["max_tokens"] = request.max_tokens
        if request.frequency_penalty > 0:
            body["frequency_penalty"] = request.frequency_penalty
        if self.chat_template_kwargs:
            body["chat_template_kwargs"] = dict(self.chat_template_kwargs)
        if self.repeat_control is not None:
            body.update(self.repeat_control.request_fields(server))
        body.update(request.extra)
        return body

    def clean_output(self, text: str) -> str:
        """The model's raw answer as docvault's page text."""
        if self.output_format is OutputFormat.deepseek_grounding:
            return normalise_figure_stubs(deepseek_to_markdown(strip_code_fence(text)))
        if self.output_format is OutputFormat.markdown:
            return normalise_figure_stubs(strip_code_fence(text))
        return text.strip()


CODE_FENCE = re.compile(r"\A\s*```[A-Za-z]*[ \t]*\n(?P<body>.*?)\n?```\s*\Z", re.DOTALL)
FIGURE_STUB = re.compile(
    r"<img\s+src\s*=\s*[\"']images/bbox_(\d+)_(\d+)_(\d+)_(\d+)\.jpg[\"']\s*/?\s*>",
    re.IGNORECASE,
)
# One grounded block: a label without tags in it, then boxes (digits, brackets, commas).
GROUNDING = re.compile(
    r"<\|ref\|>((?:(?!<\|).){0,200}?)<\|/ref\|>\s*<\|det\|>([^<]{0,2000}?)<\|/det\|>"
)
BOX = re.compile(r"\[\s*(\d{1,6})\s*,\s*(\d{1,6})\s*,\s*(\d{1,6})\s*,\s*(\d{1,6})\s*\]")
# What is left of blocks the model broke off or garbled (random weights, a cap mid-tag): a
# label or box list that runs to the end of the answer, an unmatched pair, a lone tag.
TRUNCATED_REF = re.compile(r"<\|ref\|>(?:(?!<\|)[^\n]){0,200}\Z")
TRUNCATED_DET = re.compile(r"<\|det\|>[\[\]\d,.\s]*\Z")
STRAY_REF = re.compile(r"<\|ref\|>(?:(?!<\|).){0,200}?<\|/ref\|>")
STRAY_DET = re.compile(r"<\|det\|>[^<]{0,2000}?<\|/det\|>")
LONE_TAG = re.compile(r"<\|/?(?:ref|det|grounding)\|>")
# DeepSeek's own special tokens (full-width bars: end of sentence, padding, placeholders) are
# never page content; they show because skip_special_tokens is false.
DEEPSEEK_SPECIAL_TOKEN = re.compile(r"<｜[^｜<>\n]{1,60}｜>|<\|end▁of▁sentence\|>")
# The largest coordinate of DeepSeek-OCR's 0–999 box scale.
BOX_SCALE_MAX = 999
# DeepSeek-OCR's labels for picture regions; every other label (text, title, table, …) is
# dropped and the content that follows it kept.
DEEPSEEK_FIGURE_LABELS = frozenset({"image", "figure"})


def figure_stub(left: int, top: int, right: int, bottom: int) -> str:
    """docvault's one form of a figure reference."""
    return f'<img src="images/bbox_{left}_{top}_{right}_{bottom}.jpg" />'


def strip_code_fence(text: str) -> str:
    """The text without a code fence wrapped around the whole of it."""
    match = CODE_FENCE.match(text)
    return match.group("body") if match else text


def normalise_figure_stubs(text: str) -> str:
    """Every figure stub in the one form, whatever quotes and spacing the model used."""
    return FIGURE_STUB.sub(
        lambda match: figure_stub(*(int(value) for value in match.groups())), text
    )


def deepseek_to_markdown(text: str) -> str:
    """DeepSeek-OCR's grounded output as Markdown with figure stubs.

    The model writes `<|ref|>label<|/ref|><|det|>[[x1, y1, x2, y2]]<|/det|>` before each block,
    with coordinates normalised to 0–999 (DeepSeek-OCR-2's run_dpsk_ocr2_image.py divides by 999),
    which is the [0, 1000) scale of the figure stubs, so they are kept as they are. A picture
    block becomes one stub per box; for every other block the tag goes and its content stays.
    Broken blocks never fail the page: their tags go, the text around them stays.
    """
    # A block cut off at the end of the answer first, before any tag around it is removed.
    text = DEEPSEEK_SPECIAL_TOKEN.sub("", text).rstrip()
    text = TRUNCATED_DET.sub("", TRUNCATED_REF.sub("", text))

    def replace(match: re.Match[str]) -> str:
        label = match.group(1).strip().lower()
        if label not in DEEPSEEK_FIGURE_LABELS:
            return ""
        boxes = (
            box_in_scale(*(int(value) for value in box)) for box in BOX.findall(match.group(2))
        )
        return "".join(figure_stub(*box) + "\n" for box in boxes if box is not None)

    converted = GROUNDING.sub(replace, text)
    for leftover in (STRAY_REF, STRAY_DET, LONE_TAG):
        converted = leftover.sub("", converted)
    # The same substitutions as DeepSeek-OCR's own post-processing.
    converted = converted.replace("\\coloneqq", ":=").replace("\\eqqcolon", "=:")
    # A removed tag leaves its line break behind; Markdown reads more than one blank line as one.
    return re.sub(r"\n{3,}", "\n\n", converted).strip()


def box_in_scale(left: int, top: int, right: int, bottom: int) -> tuple[int, int, int, int] | None:
    """A box on the 0–999 scale with its corners in order, or None for one that is no box."""
    left, right = sorted((min(left, BOX_SCALE_MAX), min(right, BOX_SCALE_MAX)))
    top, bottom = sorted((min(top, BOX_SCALE_MAX), min(bottom, BOX_SCALE_MAX)))
    if left == right or top == bottom:
        return None
    return left, top, right, bottom


# OvisOCR2's processor cuts a page into 16-px patches merged 2 x 2, and resizes any other size
# to the nearest multiple of 32 (the random-weight Qwen3.5 shapes the benchmarks serve do the
# same). DeepSeek-OCR-2 scales every view to a fixed 1024 or 768 px whatever the page's size,
# so a grid buys it nothing (its profiles keep 0), nor the CPU engine.
OVISOCR2_IMAGE_GRID = 32

OVISOCR2 = Profile(
    name=ProfileName.ovisocr2,
    model="ATH-MaaS/OvisOCR2",
    prompt=OVISOCR2_PROMPT,
    chat_template_kwargs=frozen_mapping(enable_thinking=False),
    stream_loop_cut=True,
    image_grid=OVISOCR2_IMAGE_GRID,
)

# DeepSeek-OCR-2's published vLLM recipe: no-repeat n-gram 30 in a window of 90 tokens, with
# <td> and </td> (ids 128821 and 128822 of its tokenizer) free to repeat. (DeepSeek's own image
# script uses 20/90; the serving recipe's 30/90 bans less and is what servers are run with.)
DEEPSEEK_REPEAT_CONTROL = RepeatControl(
    ngram_size=30, window_size=90, whitelist_token_ids=(128821, 128822)
)

DEEPSEEK_OCR_2 = Profile(
    name=ProfileName.deepseek_ocr_2,
    model="deepseek-ai/DeepSeek-OCR-2",
    prompt=DEEPSEEK_OCR2_PROMPT,
    uncapped_max_tokens=DEEPSEEK_UNCAPPED_MAX_TOKENS,
    # The model prevents loops while decoding (the server's n-gram processor) instead of a
    # penalty retry. skip_special_tokens false keeps the grounding tags in the answer.
    extra_body=frozen_mapping(skip_special_tokens=False),
    repeat_control=DEEPSEEK_REPEAT_CONTROL,
    retry_on_loop=False,
    output_format=OutputFormat.deepseek_grounding,
)

# Benchmarks of DeepSeek-OCR-2 with random weights: the deepseek-ocr-2 request (prompt,
# repeat control, special tokens kept) with exactly 600 tokens out per page, like `bench`.
DEEPSEEK_BENCH = Profile(
    name=ProfileName.deepseek_ocr_2_bench,
    model="deepseek-ai/DeepSeek-OCR-2",
    prompt=DEEPSEEK_OCR2_PROMPT,
    max_tokens=BENCH_MAX_TOKENS,
    extra_body=frozen_mapping(skip_special_tokens=False, ignore_eos=True),
    repeat_control=DEEPSEEK_REPEAT_CONTROL,
    retry_on_loop=False,
    retry_when_truncated=False,
    output_format=OutputFormat.deepseek_grounding,
)

BENCH = Profile(
    name=ProfileName.bench,
    model="ATH-MaaS/OvisOCR2",
    prompt=OVISOCR2_PROMPT,
    chat_template_kwargs=frozen_mapping(enable_thinking=False),
    max_tokens=BENCH_MAX_TOKENS,
    extra_body=frozen_mapping(ignore_eos=True),
    # Every page hits the cap by design: a retry would measure the schedule, not the engine.
    retry_on_loop=False,
    retry_when_truncated=False,
    image_grid=OVISOCR2_IMAGE_GRID,
)

# The CPU engine (rapidocr): plain text lines in one greedy pass, no retries. It sends no HTTP
# request, so request_body is never used for it.
CPU = Profile(
    name=ProfileName.cpu,
    model="rapidocr",
    prompt="",
    max_tokens=None,
    uncapped_max_tokens=None,
    retry_on_loop=False,
    retry_when_truncated=False,
    output_format=OutputFormat.plain_text,
)

PROFILES: Mapping[str, Profile] = MappingProxyType(
    {profile.name: profile for profile in (OVISOCR2, DEEPSEEK_OCR_2, BENCH, DEEPSEEK_BENCH, CPU)}
)
PROFILE_NAMES: tuple[str, ...] = tuple(PROFILES)
# Benchmarks' profiles: no clinic's `profile` setting offers them (docvault.service reads
# DOCVAULT_BENCH_PROFILE for a benchmark's daemon).
BENCH_PROFILE_NAMES: tuple[str, ...] = (ProfileName.bench, ProfileName.deepseek_ocr_2_bench)


def get_profile(name: str) -> Profile:
    """The profile of this name; UnknownProfile naming the known profiles otherwise."""
    try:
        return PROFILES[name]
    except KeyError:
        raise UnknownProfile(name, PROFILE_NAMES) from None
