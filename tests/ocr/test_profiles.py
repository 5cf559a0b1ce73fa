"""Model profiles: the attempt settings, the exact request body and the output clean-up."""

from __future__ import annotations

import base64
from dataclasses import replace
from pathlib import Path
from typing import get_args

import pytest

from docvault.config import load_settings
from docvault.errors import ConfigError, DocvaultError, UnknownProfile
from docvault.ocr.profiles import (
    BENCH,
    BENCH_PROFILE_NAMES,
    CPU,
    DEEPSEEK_OCR_2,
    OVISOCR2,
    PROFILE_NAMES,
    PROFILES,
    get_profile,
)
from docvault.service import BENCH_PROFILE_VARIABLE, for_benchmark
from docvault.setting_types import ProfileChoice, ProfileName
from docvault.vocabulary import PageImage, SamplingMode

IMAGE = PageImage(b"\x89PNG\r\n\x1a\npage", "image/png", 1240, 1754, "document 3 page 1")
DATA_URL = "data:image/png;base64," + base64.b64encode(IMAGE.data).decode("ascii")
# The model card's instruction, written out again so that an edit to the profile shows here.
OVISOCR2_CARD_PROMPT = (
    "\nExtract all readable content from the image in natural human reading order and output the "
    "result as a single Markdown document. For charts or images, represent them using an HTML "
    'image tag: <img src="images/bbox_{left}_{top}_{right}_{bottom}.jpg" />, where left, top, '
    "right, bottom are bounding box coordinates scaled to [0, 1000). Format formulas as LaTeX. "
    "Format tables as HTML: <table>...</table>. Transcribe all other text as standard Markdown. "
    "Preserve the original text without translation or paraphrasing."
)


def test_ovisocr2_greedy_body_is_exact() -> None:
    body = OVISOCR2.request_body(IMAGE, OVISOCR2.request(SamplingMode.greedy))
    assert body == {
        "model": "ATH-MaaS/OvisOCR2",
        "messages": [
            {
                "role": "user",
                "content": [
                    {"type": "image_url", "image_url": {"url": DATA_URL}},
                    {"type": "text", "text": OVISOCR2_CARD_PROMPT},
                ],
            }
        ],
        "temperature": 0.0,
        "max_tokens": 4096,
        "chat_template_kwargs": {"enable_thinking": False},
    }


def test_penalty_request_adds_only_the_frequency_penalty() -> None:
    greedy = OVISOCR2.request_body(IMAGE, OVISOCR2.request(SamplingMode.greedy))
    penalty = OVISOCR2.request_body(IMAGE, OVISOCR2.request(SamplingMode.penalty))
    assert penalty == {**greedy, "frequency_penalty": 0.3}


def test_uncapped_request_sends_an_explicit_budget_within_the_context() -> None:
    request = OVISOCR2.request(SamplingMode.uncapped)
    assert request.max_tokens == 24576
    assert request.frequency_penalty == 0.0
    body = OVISOCR2.request_body(IMAGE, OVISOCR2.request(SamplingMode.uncapped, penalty=True))
    assert body["max_tokens"] == 24576
    assert body["frequency_penalty"] == 0.3


def test_request_settings_are_recorded_for_the_attempt_row() -> None:
    assert OVISOCR2.request(SamplingMode.penalty).as_settings() == {
        "mode": "penalty",
        "max_tokens": 4096,
        "temperature": 0.0,
        "frequency_penalty": 0.3,
    }


def test_prompt_before_the_image_when_the_profile_says_so() -> None:
    profile = replace(OVISOCR2, prompt_position="before_image")
    content = profile.request_body(IMAGE, profile.request(SamplingMode.greedy))["messages"][0][
        "content"
    ]
    assert [part["type"] for part in content] == ["text", "image_url"]


def test_bench_body_decodes_exactly_six_hundred_tokens() -> None:
    body = BENCH.request_body(IMAGE, BENCH.request(SamplingMode.greedy))
    assert body["max_tokens"] == 600
    assert body["ignore_eos"] is True
    assert body["messages"][0]["content"][1]["text"] == OVISOCR2_CARD_PROMPT


def test_deepseek_body_keeps_grounding_tags_and_sends_its_prompt() -> None:
    body = DEEPSEEK_OCR_2.request_body(IMAGE, DEEPSEEK_OCR_2.request(SamplingMode.greedy))
    assert body["model"] == "deepseek-ai/DeepSeek-OCR-2"
    assert body["messages"][0]["content"][1] == {
        "type": "text",
        "text": "<image>\n<|grounding|>Convert the document to markdown.",
    }
    assert body["skip_special_tokens"] is False
    assert "chat_template_kwargs" not in body
    assert "frequency_penalty" not in body
    assert not DEEPSEEK_OCR_2.retry_on_loop


def test_ovisocr2_output_loses_a_fence_around_the_whole_output() -> None:
    assert OVISOCR2.clean_output("```markdown\n# Befund\n\nText\n```\n") == "# Befund\n\nText"
    inner = "# Befund\n\n```\ncode\n```\n\nText"
    assert OVISOCR2.clean_output(inner) == inner


def test_ovisocr2_figure_stubs_are_normalised() -> None:
    raw = (
        "Abb. 1\n\n<img src='images/bbox_12_40_880_702.jpg'>\n"
        '<IMG  src="images/bbox_1_2_3_4.jpg"/>'
    )
    assert OVISOCR2.clean_output(raw) == (
        'Abb. 1\n\n<img src="images/bbox_12_40_880_702.jpg" />\n'
        '<img src="images/bbox_1_2_3_4.jpg" />'
    )


def test_deepseek_output_becomes_markdown_with_figure_stubs() -> None:
    raw = (
        "<|ref|>title<|/ref|><|det|>[[62, 41, 512, 80]]<|/det|>\n# Röntgen Thorax\n\n"
        "<|ref|>text<|/ref|><|det|>[[62, 100, 930, 180]]<|/det|>\nKein Pleuraerguss.\n\n"
        "<|ref|>image<|/ref|><|det|>[[112, 240, 884, 702]]<|/det|>\n\n"
        "<|ref|>table<|/ref|><|det|>[[60, 720, 940, 900]]<|/det|>\n"
        "<table><tr><td>CRP</td><td>42</td></tr></table>\n"
        "<｜end▁of▁sentence｜>"
    )
    assert DEEPSEEK_OCR_2.clean_output(raw) == (
        "# Röntgen Thorax\n\nKein Pleuraerguss.\n\n"
        '<img src="images/bbox_112_240_884_702.jpg" />\n\n'
        "<table><tr><td>CRP</td><td>42</td></tr></table>"
    )


def test_deepseek_figure_with_two_boxes_gives_two_stubs() -> None:
    raw = "<|ref|>image<|/ref|><|det|>[[1, 2, 3, 4], [5, 6, 7, 8]]<|/det|>"
    assert DEEPSEEK_OCR_2.clean_output(raw) == (
        '<img src="images/bbox_1_2_3_4.jpg" />\n<img src="images/bbox_5_6_7_8.jpg" />'
    )


def test_cpu_profile_is_plain_text_without_retries() -> None:
    assert CPU.clean_output("  Zeile 1\nZeile 2\n") == "Zeile 1\nZeile 2"
    assert not CPU.retry_on_loop
    assert not CPU.retry_when_truncated


def test_profiles_are_found_by_name() -> None:
    assert PROFILE_NAMES == ("ovisocr2", "deepseek-ocr-2", "bench", "deepseek-ocr-2-bench", "cpu")
    assert get_profile("deepseek-ocr-2") is DEEPSEEK_OCR_2


def test_unknown_profile_names_the_known_ones() -> None:
    with pytest.raises(
        KeyError, match="ovisocr2, deepseek-ocr-2, bench, deepseek-ocr-2-bench, cpu"
    ):
        get_profile("ovis")


def test_an_unknown_profile_is_a_docvault_error_naming_it_and_the_valid_ones() -> None:
    with pytest.raises(UnknownProfile) as caught:
        get_profile("deepseek")
    assert isinstance(caught.value, DocvaultError)
    assert caught.value.profile == "deepseek"
    assert (
        str(caught.value)
        == caught.value.message
        == (
            "There is no OCR profile named 'deepseek'. Choose one of: "
            "ovisocr2, deepseek-ocr-2, bench, deepseek-ocr-2-bench, cpu."
        )
    )


def test_the_profile_setting_offers_exactly_the_defined_profiles(tmp_path: Path) -> None:
    assert set(PROFILES) == set(ProfileName)
    assert all(name == profile.name for name, profile in PROFILES.items())
    offered = [name for name in PROFILE_NAMES if name not in BENCH_PROFILE_NAMES]
    assert ("auto", *offered) == get_args(ProfileChoice)
    for name in offered:
        # A model's profile runs on an OpenAI-compatible engine (the cpu engine refuses it).
        engine = {"DOCVAULT_ENGINE": "openai", "DOCVAULT_ENGINE_URL": "http://127.0.0.1:8000/v1"}
        environment = {"DOCVAULT_PROFILE": name, **(engine if name != "cpu" else {})}
        chosen = load_settings(environ=environment, cwd=tmp_path)
        assert get_profile(chosen.effective_profile()).name == name
    with pytest.raises(ConfigError, match="allowed: auto, ovisocr2, deepseek-ocr-2, cpu"):
        load_settings(environ={"DOCVAULT_PROFILE": "ovis"}, cwd=tmp_path)


@pytest.mark.parametrize("name", BENCH_PROFILE_NAMES)
def test_a_benchmarks_profile_is_no_setting_but_the_benchmarks_variable_reaches_it(
    tmp_path: Path, name: str
) -> None:
    engine = {"DOCVAULT_ENGINE": "openai", "DOCVAULT_ENGINE_URL": "http://127.0.0.1:8000/v1"}
    with pytest.raises(ConfigError, match="allowed: auto, ovisocr2, deepseek-ocr-2, cpu"):
        load_settings(environ={**engine, "DOCVAULT_PROFILE": name}, cwd=tmp_path)
    settings = load_settings(environ=engine, cwd=tmp_path)
    chosen = for_benchmark(settings, {BENCH_PROFILE_VARIABLE: name})
    assert get_profile(chosen.effective_profile()).name == name
    assert for_benchmark(settings, {}) is settings
    with pytest.raises(UnknownProfile, match="Choose one of: bench, deepseek-ocr-2-bench"):
        for_benchmark(settings, {BENCH_PROFILE_VARIABLE: "ovisocr2"})
