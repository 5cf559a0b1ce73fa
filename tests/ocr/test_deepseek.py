"""DeepSeek-OCR-2: the request each server needs, the server seen, and the grounding parser.

The exact bodies are the ones the real vLLM 0.22.1 accepted on the H200 (bench/gpu/RESULTS.md,
"DeepSeek-OCR-2"); the SGLang form is SGLang's own `custom_logit_processor` + `custom_params`.
"""

from __future__ import annotations

import asyncio
import base64
import collections
import json
import pickle
import pickletools
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import pytest

from devtools.engine_sim import EngineSimulator
from docvault.errors import EngineConfigurationError
from docvault.ocr.client import OpenAIEngine, server_from_owners
from docvault.ocr.profiles import (
    DEEPSEEK_BENCH,
    DEEPSEEK_OCR_2,
    SGLANG_NGRAM_PROCESSOR,
    ServerKind,
    deepseek_to_markdown,
    pickled_class_reference,
    sglang_logit_processor,
)
from docvault.vocabulary import PageImage, SamplingMode

FIXTURES = Path(__file__).parents[1] / "fixtures"
IMAGE = PageImage(b"\x89PNG\r\n\x1a\npage", "image/png", 1240, 1754, "document 4 page 2")
DATA_URL = "data:image/png;base64," + base64.b64encode(IMAGE.data).decode("ascii")
DEEPSEEK = "deepseek-ai/DeepSeek-OCR-2"
PROMPT = "<image>\n<|grounding|>Convert the document to markdown."
RULE = {"ngram_size": 30, "window_size": 90, "whitelist_token_ids": [128821, 128822]}
# SGLang's DeepseekOCRNoRepeatNGramLogitProcessor.to_str() on Python 3.12: the hex of
# dill.dumps(cls), a protocol-4 pickle of a reference to the class.
SGLANG_PROCESSOR = json.dumps(
    {
        "callable": (
            "80049559000000000000008c2a73676c616e672e7372742e73616d706c696e672e637573746f6d5f6c6f67"
            "69745f70726f636573736f72948c26446565707365656b4f43524e6f5265706561744e4772616d4c6f6769"
            "7450726f636573736f729493942e"
        )
    }
)


def common_body(max_tokens: int) -> dict[str, Any]:
    return {
        "model": DEEPSEEK,
        "messages": [
            {
                "role": "user",
                "content": [
                    {"type": "image_url", "image_url": {"url": DATA_URL}},
                    {"type": "text", "text": PROMPT},
                ],
            }
        ],
        "temperature": 0.0,
        "max_tokens": max_tokens,
    }


def test_vllm_body_is_exact() -> None:
    body = DEEPSEEK_OCR_2.request_body(IMAGE, DEEPSEEK_OCR_2.request(SamplingMode.greedy))
    assert body == {**common_body(4096), "vllm_xargs": RULE, "skip_special_tokens": False}
    assert json.loads(json.dumps(body)) == body  # plain JSON, nothing a server cannot read


def test_sglang_body_is_exact() -> None:
    request = DEEPSEEK_OCR_2.request(SamplingMode.greedy)
    body = DEEPSEEK_OCR_2.request_body(IMAGE, request, ServerKind.sglang)
    assert body == {
        **common_body(4096),
        "custom_logit_processor": SGLANG_PROCESSOR,
        "custom_params": RULE,
        "skip_special_tokens": False,
    }


def test_uncapped_retry_keeps_the_repeat_control_and_the_context_budget() -> None:
    request = DEEPSEEK_OCR_2.request(SamplingMode.uncapped)
    body = DEEPSEEK_OCR_2.request_body(IMAGE, request, ServerKind.vllm)
    assert body["max_tokens"] == 8192 - 1280
    assert body["vllm_xargs"] == RULE
    assert "frequency_penalty" not in body


def test_bench_profile_is_the_same_request_with_600_tokens_out() -> None:
    body = DEEPSEEK_BENCH.request_body(IMAGE, DEEPSEEK_BENCH.request(SamplingMode.greedy))
    assert body == {
        **common_body(600),
        "vllm_xargs": RULE,
        "skip_special_tokens": False,
        "ignore_eos": True,
    }


def test_sglang_processor_is_the_pickle_of_a_reference_to_its_class() -> None:
    # The encoder writes what pickle itself writes for a class found by module and name ...
    reference = pickled_class_reference("collections", "OrderedDict")
    assert reference == pickle.dumps(collections.OrderedDict, protocol=4)
    assert pickle.loads(reference) is collections.OrderedDict
    # ... and the request names SGLang's DeepSeek-OCR processor that way.
    pickled = bytes.fromhex(json.loads(sglang_logit_processor(*SGLANG_NGRAM_PROCESSOR))["callable"])
    strings = [value for _, value, _ in pickletools.genops(pickled) if isinstance(value, str)]
    assert strings == list(SGLANG_NGRAM_PROCESSOR)


# --- the parser ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        # cut off inside a label, inside a box list, after the opening tag
        ("Befund: unauffällig.\n<|ref|>tex", "Befund: unauffällig."),
        ("Befund.\n<|ref|>image<|/ref|><|det|>[[112, 240, 8", "Befund."),
        ("Befund.\n<|ref|>text<|/ref|><|det|>", "Befund."),
        # unmatched and stray tags, in any order
        ("<|/det|>Text<|/ref|> weiter", "Text weiter"),
        ("<|det|>[[1, 2, 3, 4]]<|/det|>Text", "Text"),
        ("<|ref|>title<|/ref|>\n# Titel", "# Titel"),
        ("a<|ref|>b<|ref|>text<|/ref|><|det|>[[1, 2, 3, 4]]<|/det|>c", "abc"),
        ("<|grounding|>Text", "Text"),
        # a picture whose boxes are garbled: no stub for what is no box
        ("<|ref|>image<|/ref|><|det|>[[5, 5, 5, 90], [1, 2]]<|/det|>Bild", "Bild"),
        # boxes beyond the scale or with corners swapped: clamped and ordered
        (
            "<|ref|>image<|/ref|><|det|>[[900, 700, 100, 1200]]<|/det|>",
            '<img src="images/bbox_100_700_900_999.jpg" />',
        ),
        # DeepSeek's special tokens (kept by skip_special_tokens false) are no content
        ("Text<｜▁pad▁｜><｜place▁holder▁no▁12｜> Ende<｜end▁of▁sentence｜>", "Text Ende"),
    ],
)
def test_malformed_and_truncated_tags_leave_the_text(raw: str, expected: str) -> None:
    assert DEEPSEEK_OCR_2.clean_output(raw) == expected


TAG_PARTS = (
    "<|ref|>", "<|/ref|>", "<|det|>", "<|/det|>", "<|grounding|>", "image", "text",
    "[[", "]]", "[", "]", ", ", "12", "999", "1000000", "\n", "<", "|", "<|", "Befund ",
    "<｜end▁of▁sentence｜>", "<td>", "</td>",
)  # fmt: skip


@pytest.mark.parametrize("seed", range(300))
def test_parser_never_fails_and_leaves_no_grounding_tag(seed: int) -> None:
    # Answers stitched from pieces of tags, as random weights and a token cap produce them.
    generator = random.Random(seed)
    raw = "".join(generator.choices(TAG_PARTS, k=generator.randint(0, 60)))
    text = deepseek_to_markdown(raw)
    for tag in ("<|ref|>", "<|/ref|>", "<|det|>", "<|/det|>", "<|grounding|>"):
        assert tag not in text, raw


def test_hostile_answer_is_parsed_in_bounded_time() -> None:
    # Unclosed tags by the thousand must not make the regexes backtrack for long.
    raw = "<|ref|>" + "a" * 100 + ("<|det|>[[1, 2, " * 20_000)
    assert deepseek_to_markdown(raw).startswith("a" * 100)


def recorded_answers() -> list[dict[str, Any]]:
    path = FIXTURES / "engine_output" / "deepseek_vllm_answers.json"
    answers: list[dict[str, Any]] = json.loads(path.read_text(encoding="utf-8"))
    return answers


def test_recorded_engine_answers_are_cleaned_without_tags() -> None:
    # Answers of the real vLLM 0.22.1 serving random DeepSeek-OCR-2 weights (H200, issue 16):
    # gibberish with the tokenizer's special tokens in it, since skip_special_tokens is false.
    answers = recorded_answers()
    assert len(answers) >= 3
    specials = 0
    for answer in answers:
        raw = answer["content"]
        specials += raw.count("<｜") + raw.count("<|")
        text = DEEPSEEK_OCR_2.clean_output(raw)
        assert "<｜" not in text
        for tag in ("<|ref|>", "<|/ref|>", "<|det|>", "<|/det|>"):
            assert tag not in text
        assert answer["usage"]["prompt_tokens"] > 1000  # the page's image tokens arrived
    assert specials > 0  # the special tokens did arrive: skip_special_tokens false worked


def test_recorded_sglang_answers_name_their_server_and_are_cleaned() -> None:
    # The real SGLang 0.5.17 serving random DeepSeek-OCR-2 weights (H200, issue 16) answered the
    # profile's SGLang form: its model list names sglang, so docvault sends that form.
    path = FIXTURES / "engine_output" / "deepseek_sglang_answers.json"
    recorded: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    owners = {str(model["owned_by"]) for model in recorded["models"]["data"]}
    assert server_from_owners(owners) is ServerKind.sglang
    sglang_body = DEEPSEEK_OCR_2.request_body(
        IMAGE, DEEPSEEK_OCR_2.request(SamplingMode.greedy), ServerKind.sglang
    )
    assert len(recorded["answers"]) >= 3
    for answer in recorded["answers"]:
        assert set(answer["body_fields"]) <= set(sglang_body)
        assert answer["custom_params"] == RULE
        assert answer["finish_reason"] == "length"
        text = DEEPSEEK_OCR_2.clean_output(answer["content"])
        assert text.strip(), "the answer's words were kept"
        for tag in ("<|ref|>", "<|/ref|>", "<|det|>", "<|/det|>", "<｜"):
            assert tag not in text


# --- the server seen by the client, against the simulator ----------------------------------


@pytest.fixture
def simulator(
    start_simulator: Callable[..., EngineSimulator],
) -> Callable[..., EngineSimulator]:
    """A simulated engine serving DeepSeek-OCR-2, configured per test."""
    return lambda **options: start_simulator(models=(DEEPSEEK,), **options)


def transcribe(engine_url: str, page: PageImage, mode: SamplingMode = SamplingMode.greedy) -> Any:
    async def once() -> Any:
        engine = OpenAIEngine([engine_url], DEEPSEEK_OCR_2, timeout_seconds=10)
        try:
            return await engine.transcribe(page, DEEPSEEK_OCR_2.request(mode))
        finally:
            await engine.aclose()

    return asyncio.run(once())


@pytest.fixture(scope="module")
def page() -> PageImage:
    import pymupdf

    with pymupdf.open(FIXTURES / "pymupdf__small-table.pdf") as document:
        pixmap = document[0].get_pixmap(dpi=150)
        return PageImage(pixmap.tobytes("png"), "image/png", pixmap.width, pixmap.height, "p1")


@pytest.mark.parametrize(("server", "form"), [("vllm", "vllm_xargs"), ("sglang", "sglang_custom")])
def test_client_sends_the_form_of_the_server_it_finds(simulator, page, server, form) -> None:
    engine = simulator(server=server, repeat_processor=True, loop_fraction=1.0)
    reply = transcribe(engine.base_url, page)
    # Every page loops in this simulator unless the n-gram rule is on: it was, in its form.
    assert reply.finish_reason == "stop"
    assert engine.stats()["repeat_control"] == {form: 1}
    assert engine.stats()["outcomes"] == {"clean": 1}


def test_the_other_servers_form_is_ignored_and_the_page_loops(simulator, page) -> None:
    engine = simulator(server="sglang", repeat_processor=True, loop_fraction=1.0)
    body = DEEPSEEK_OCR_2.request_body(page, DEEPSEEK_OCR_2.request(SamplingMode.greedy))
    response = httpx.post(f"{engine.base_url}/chat/completions", json=body, timeout=10)
    assert response.json()["choices"][0]["finish_reason"] == "length"
    assert engine.stats()["repeat_control"] == {"none": 1}


def test_vllm_without_the_processor_ignores_the_rule(simulator, page) -> None:
    engine = simulator(server="vllm", repeat_processor=False, loop_fraction=1.0)
    reply = transcribe(engine.base_url, page)
    assert (reply.finish_reason, reply.completion_tokens) == ("length", 4096)
    assert engine.stats()["repeat_control"] == {"ignored": 1}


def test_sglang_without_the_processor_flag_is_a_configuration_error(simulator, page) -> None:
    engine = simulator(server="sglang", repeat_processor=False)
    with pytest.raises(EngineConfigurationError, match="--enable-custom-logit-processor"):
        transcribe(engine.base_url, page)


@pytest.mark.parametrize(
    "rule",
    [{"ngram_size": 0, "window_size": 90}, {"ngram_size": 30, "window_size": "90"},
     {"ngram_size": 30, "whitelist_token_ids": 128821}],
)  # fmt: skip
def test_bad_rule_gets_the_servers_400(simulator, page, rule) -> None:
    engine = simulator(server="vllm", repeat_processor=True)
    body = DEEPSEEK_OCR_2.request_body(page, DEEPSEEK_OCR_2.request(SamplingMode.greedy))
    response = httpx.post(
        f"{engine.base_url}/chat/completions", json={**body, "vllm_xargs": rule}, timeout=10
    )
    assert response.status_code == 400
    assert "has to be" in response.json()["error"]["message"]


def test_server_is_asked_again_after_it_was_down(simulator, page) -> None:
    first = simulator(server="vllm", repeat_processor=True)

    async def scenario() -> list[ServerKind | None]:
        engine = OpenAIEngine([first.base_url], DEEPSEEK_OCR_2, timeout_seconds=10)
        try:
            await engine.transcribe(page, DEEPSEEK_OCR_2.request(SamplingMode.greedy))
            seen = [engine.endpoints[0].server]
            engine.mark_down(engine.endpoints[0], "restarted")
            seen.append(engine.endpoints[0].server)
            return seen
        finally:
            await engine.aclose()

    assert asyncio.run(scenario()) == [ServerKind.vllm, None]


def behind_a_stand_in(models: httpx.Response, page: PageImage, pages: int = 1) -> list[Any]:
    """The requests docvault sends to a server whose model list answers `models`."""
    requests: list[Any] = []

    async def handler(request: httpx.Request) -> httpx.Response:
        if request.url.path.endswith("/models"):
            requests.append("models")
            return models
        requests.append(json.loads(request.content))
        choice = {"message": {"content": "Text"}, "finish_reason": "stop"}
        return httpx.Response(200, json={"choices": [choice], "usage": {}})

    async def send() -> None:
        engine = OpenAIEngine(
            ["http://gpu:8000/v1"], DEEPSEEK_OCR_2, timeout_seconds=5,
            transport=httpx.MockTransport(handler),
        )  # fmt: skip
        try:
            for _ in range(pages):
                await engine.transcribe(page, DEEPSEEK_OCR_2.request(SamplingMode.greedy))
        finally:
            await engine.aclose()

    asyncio.run(send())
    return requests


def test_unknown_server_gets_vllms_form(page) -> None:
    listing = httpx.Response(200, json={"data": [{"id": DEEPSEEK, "owned_by": "proxy"}]})
    probe, body = behind_a_stand_in(listing, page)
    assert probe == "models"
    assert body["vllm_xargs"] == RULE
    assert "custom_logit_processor" not in body


def test_server_without_a_model_list_is_asked_once(page) -> None:
    requests = behind_a_stand_in(httpx.Response(404, text="Not Found"), page, pages=2)
    assert requests[0] == "models"
    assert [request["vllm_xargs"] for request in requests[1:]] == [RULE, RULE]
