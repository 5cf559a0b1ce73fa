"""Model profiles as data: prompt, sampling, retry schedule and output clean-up per model.

A profile turns a sampling mode into the settings of one attempt (`Profile.request`), the
settings and a page image into the exact OpenAI `/v1/chat/completions` body
(`Profile.request_body`), and the model's raw answer into docvault's page text: Markdown with
HTML tables, LaTeX formulas and figure stubs `<img src="images/bbox_{l}_{t}_{r}_{b}.jpg" />`
whose coordinates are scaled to [0, 1000) (`Profile.clean_output`).
"""

from __future__ import annotations

import base64
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from types import MappingProxyType
from typing import Any, Literal

from docvault.ocr.base import AttemptRequest, PageImage, SamplingMode

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

    name: str
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

    def request_body(self, image: PageImage, request: AttemptRequest) -> dict[str, Any]:
        """The exact JSON body of POST /v1/chat/completions for one attempt."""
        encoded = base64.b64encode(image.data).decode("ascii")
        image_part = {
            "type": "image_url",
            "image_url": {"url": f"data:{image.media_type};base64,{encoded}"},
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
GROUNDING = re.compile(r"<\|ref\|>(.*?)<\|/ref\|><\|det\|>(.*?)<\|/det\|>", re.DOTALL)
BOX = re.compile(r"\[\s*(\d+)\s*,\s*(\d+)\s*,\s*(\d+)\s*,\s*(\d+)\s*\]")
# DeepSeek-OCR's labels for picture regions; every other label (text, title, table, …) is
# dropped and the content that follows it kept.
DEEPSEEK_FIGURE_LABELS = frozenset({"image", "figure"})
# The end-of-sentence marker shows in the text because DeepSeek-OCR needs
# skip_special_tokens false to keep its grounding tags.
DEEPSEEK_END_MARKERS = ("<｜end▁of▁sentence｜>", "<|end▁of▁sentence|>")


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
    """
    for marker in DEEPSEEK_END_MARKERS:
        text = text.replace(marker, "")

    def replace(match: re.Match[str]) -> str:
        label = match.group(1).strip().lower()
        if label not in DEEPSEEK_FIGURE_LABELS:
            return ""
        boxes = BOX.findall(match.group(2))
        return "".join(figure_stub(*(int(value) for value in box)) + "\n" for box in boxes)

    converted = GROUNDING.sub(replace, text)
    # The same substitutions as DeepSeek-OCR's own post-processing.
    converted = converted.replace("\\coloneqq", ":=").replace("\\eqqcolon", "=:")
    # A removed tag leaves its line break behind; Markdown reads more than one blank line as one.
    return re.sub(r"\n{3,}", "\n\n", converted).strip()


OVISOCR2 = Profile(
    name="ovisocr2",
    model="ATH-MaaS/OvisOCR2",
    prompt=OVISOCR2_PROMPT,
    chat_template_kwargs=frozen_mapping(enable_thinking=False),
    stream_loop_cut=True,
)

DEEPSEEK_OCR_2 = Profile(
    name="deepseek-ocr-2",
    model="deepseek-ai/DeepSeek-OCR-2",
    prompt=DEEPSEEK_OCR2_PROMPT,
    uncapped_max_tokens=DEEPSEEK_UNCAPPED_MAX_TOKENS,
    # The model's vLLM recipe prevents loops while decoding with an n-gram no-repeat logits
    # processor (n-gram 30 in a window of 90 tokens, <td> and </td> allowed to repeat) instead
    # of a penalty retry; the server must be started with that processor for these arguments to
    # take effect. skip_special_tokens false keeps the grounding tags in the answer.
    extra_body=frozen_mapping(
        skip_special_tokens=False,
        vllm_xargs={"ngram_size": 30, "window_size": 90, "whitelist_token_ids": [128821, 128822]},
    ),
    retry_on_loop=False,
    output_format=OutputFormat.deepseek_grounding,
)

BENCH = Profile(
    name="bench",
    model="ATH-MaaS/OvisOCR2",
    prompt=OVISOCR2_PROMPT,
    chat_template_kwargs=frozen_mapping(enable_thinking=False),
    max_tokens=BENCH_MAX_TOKENS,
    extra_body=frozen_mapping(ignore_eos=True),
    # Every page hits the cap by design: a retry would measure the schedule, not the engine.
    retry_on_loop=False,
    retry_when_truncated=False,
)

# The CPU engine (rapidocr): plain text lines in one greedy pass, no retries. It sends no HTTP
# request, so request_body is never used for it.
CPU = Profile(
    name="cpu",
    model="rapidocr",
    prompt="",
    max_tokens=None,
    uncapped_max_tokens=None,
    retry_on_loop=False,
    retry_when_truncated=False,
    output_format=OutputFormat.plain_text,
)

PROFILES: Mapping[str, Profile] = MappingProxyType(
    {profile.name: profile for profile in (OVISOCR2, DEEPSEEK_OCR_2, BENCH, CPU)}
)
PROFILE_NAMES: tuple[str, ...] = tuple(PROFILES)
DEFAULT_OPENAI_PROFILE = OVISOCR2.name


def get_profile(name: str) -> Profile:
    """The profile of this name; KeyError naming the known profiles otherwise."""
    try:
        return PROFILES[name]
    except KeyError:
        known = ", ".join(PROFILE_NAMES)
        raise KeyError(f"There is no OCR profile named '{name}'. Choose one of: {known}.") from None
