"""The retry schedule against a scripted engine: which attempts a page gets, and its text."""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine
from typing import Any, TypeVar

import pytest

from docvault.errors import (
    EngineConfigurationError,
    EngineRequestRejected,
    EngineTimeout,
    EngineUnavailable,
    OcrError,
)
from docvault.ocr.profiles import BENCH, DEEPSEEK_OCR_2, OVISOCR2, Profile
from docvault.ocr.schedule import attempts_of, transcribe_page
from docvault.vocabulary import (
    AttemptRequest,
    EngineReply,
    PageImage,
    PageOutcome,
    SamplingMode,
    TextFormat,
    Verdict,
)

Result = TypeVar("Result")

IMAGE = PageImage(b"\x89PNG fake", "image/png", 1240, 1754, "document 12 page 3")
PAGE = "# Entlassungsbericht\n\nSehr geehrter Herr Kollege,\n\nwir berichten über Herrn K.\n"
LOOP = PAGE + "1" * 4000
LONG_PAGE = PAGE + "".join(f"- Termin {day:02d}.03.2024\n" for day in range(1, 29))


class ScriptedEngine:
    """An engine that answers each call with the next scripted reply or error."""

    name = "scripted"
    text_format = TextFormat.markdown

    def __init__(self, *script: tuple[str, str] | OcrError) -> None:
        self.script = list(script)
        self.requests: list[AttemptRequest] = []

    async def transcribe(self, image: PageImage, request: AttemptRequest) -> EngineReply:
        self.requests.append(request)
        step = self.script.pop(0)
        if isinstance(step, OcrError):
            raise step
        text, finish_reason = step
        return EngineReply(text, finish_reason, 2300, len(text) // 4, 1.5, "http://gpu:8000/v1")

    async def aclose(self) -> None:
        return None


def run(coroutine: Coroutine[Any, Any, Result]) -> Result:
    return asyncio.run(coroutine)


def schedule(
    engine: ScriptedEngine,
    profile: Profile = OVISOCR2,
    first_mode: SamplingMode = SamplingMode.greedy,
) -> PageOutcome:
    return run(transcribe_page(engine, profile, IMAGE, first_mode))


def sent(engine: ScriptedEngine) -> list[tuple[SamplingMode, int | None, float]]:
    return [(r.mode, r.max_tokens, r.frequency_penalty) for r in engine.requests]


GREEDY = (SamplingMode.greedy, 4096, 0.0)
PENALTY = (SamplingMode.penalty, 4096, 0.3)
UNCAPPED = (SamplingMode.uncapped, 24576, 0.0)
UNCAPPED_WITH_PENALTY = (SamplingMode.uncapped, 24576, 0.3)


def test_clean_page_takes_one_greedy_attempt() -> None:
    engine = ScriptedEngine((PAGE, "stop"))
    outcome = schedule(engine)
    assert sent(engine) == [GREEDY]
    assert outcome.text == PAGE
    assert not outcome.looped
    [record] = outcome.attempts
    assert record.verdict is Verdict.clean
    assert record.engine == "scripted"
    assert record.reply is not None
    assert record.reply.finish_reason == "stop"
    assert record.seconds == 1.5


def test_loop_cured_by_the_penalty_retry() -> None:
    engine = ScriptedEngine((LOOP, "length"), (PAGE, "stop"))
    outcome = schedule(engine)
    assert sent(engine) == [GREEDY, PENALTY]
    assert outcome.text == PAGE
    assert not outcome.looped
    assert [record.verdict for record in outcome.attempts] == [Verdict.looped, Verdict.clean]
    assert outcome.attempts[0].repeating_unit == "1"


def test_degenerate_tail_that_stopped_also_gets_the_penalty_retry() -> None:
    engine = ScriptedEngine((PAGE + "O " * 400, "stop"), (PAGE, "stop"))
    assert schedule(engine).text == PAGE
    assert sent(engine) == [GREEDY, PENALTY]


def test_loop_not_cured_leaves_the_deduplicated_prefix() -> None:
    engine = ScriptedEngine((LOOP, "length"), (PAGE + "O " * 2000, "length"))
    outcome = schedule(engine)
    assert sent(engine) == [GREEDY, PENALTY]
    assert outcome.looped
    assert outcome.text == PAGE + "O "
    assert [record.repeating_unit for record in outcome.attempts] == ["1", "O "]


def test_long_page_at_the_cap_is_retried_without_the_cap() -> None:
    engine = ScriptedEngine((LONG_PAGE[:300], "length"), (LONG_PAGE, "stop"))
    outcome = schedule(engine)
    assert sent(engine) == [GREEDY, UNCAPPED]
    assert outcome.text == LONG_PAGE
    assert [record.verdict for record in outcome.attempts] == [Verdict.truncated, Verdict.clean]


def test_cured_loop_that_is_long_keeps_the_penalty_without_the_cap() -> None:
    engine = ScriptedEngine((LOOP, "length"), (LONG_PAGE[:300], "length"), (LONG_PAGE, "stop"))
    outcome = schedule(engine)
    assert sent(engine) == [GREEDY, PENALTY, UNCAPPED_WITH_PENALTY]
    assert outcome.text == LONG_PAGE
    assert not outcome.looped


def test_rerun_with_penalty_starts_with_the_penalty() -> None:
    engine = ScriptedEngine((PAGE, "stop"))
    outcome = schedule(engine, first_mode=SamplingMode.penalty)
    assert sent(engine) == [PENALTY]
    assert outcome.text == PAGE


def test_rerun_with_penalty_that_still_loops_is_looped_without_more_attempts() -> None:
    engine = ScriptedEngine((LOOP, "length"))
    outcome = schedule(engine, first_mode=SamplingMode.penalty)
    assert sent(engine) == [PENALTY]
    assert outcome.looped
    assert outcome.text == PAGE + "1"


def test_rerun_uncapped_starts_without_the_cap() -> None:
    engine = ScriptedEngine((LONG_PAGE, "stop"))
    schedule(engine, first_mode=SamplingMode.uncapped)
    assert sent(engine) == [UNCAPPED]


def test_profile_without_loop_retry_keeps_the_first_answer() -> None:
    engine = ScriptedEngine((LOOP, "length"))
    outcome = schedule(engine, profile=DEEPSEEK_OCR_2)
    assert len(engine.requests) == 1
    assert outcome.looped
    assert outcome.text == PAGE + "1"


def test_bench_profile_makes_one_attempt_at_its_cap() -> None:
    engine = ScriptedEngine((LONG_PAGE[:300], "length"))
    outcome = schedule(engine, profile=BENCH)
    assert sent(engine) == [(SamplingMode.greedy, 600, 0.0)]
    assert engine.requests[0].extra == {"ignore_eos": True}
    assert outcome.attempts[0].verdict is Verdict.truncated


@pytest.mark.parametrize(
    "error",
    [
        EngineUnavailable("The OCR engine at http://gpu:8000/v1 cannot be reached."),
        EngineTimeout("The OCR engine gave no answer within 120 seconds."),
        EngineConfigurationError("The OCR engine does not serve the model."),
    ],
    ids=["unavailable", "timeout", "configuration"],
)
def test_engine_error_propagates_with_the_attempts_made(error: OcrError) -> None:
    engine = ScriptedEngine((LOOP, "length"), error)
    with pytest.raises(type(error)) as raised:
        schedule(engine)
    attempts = attempts_of(raised.value)
    assert [record.verdict for record in attempts] == [Verdict.looped, Verdict.error]
    assert attempts[1].request.mode is SamplingMode.penalty
    assert attempts[1].reply is None
    assert attempts[1].error == error.message


def test_rejected_page_ends_the_schedule_as_a_failure() -> None:
    rejected = EngineRequestRejected("The OCR engine refused document 12 page 3.", 400)
    engine = ScriptedEngine(rejected, (PAGE, "stop"))
    with pytest.raises(EngineRequestRejected) as raised:
        schedule(engine)
    assert len(engine.requests) == 1
    [record] = attempts_of(raised.value)
    assert record.verdict is Verdict.error
    assert record.error == "The OCR engine refused document 12 page 3."


def test_error_without_attempts_reads_as_none() -> None:
    assert attempts_of(EngineUnavailable("down")) == ()


def test_a_call_refused_before_sending_is_not_recorded_as_an_attempt() -> None:
    # Every endpoint marked down: the client raises without sending anything, so the
    # attempt rows must not count an engine call that never happened.
    unsent = EngineUnavailable("Every OCR engine endpoint is down.")
    unsent.request_sent = False
    engine = ScriptedEngine((LOOP, "length"), unsent)
    with pytest.raises(EngineUnavailable) as raised:
        schedule(engine)
    assert [record.verdict for record in attempts_of(raised.value)] == [Verdict.looped]


class CuttingEngine(ScriptedEngine):
    """A scripted engine whose first answer was a loop that the client stopped early."""

    async def transcribe(self, image: PageImage, request: AttemptRequest) -> EngineReply:
        reply = await super().transcribe(image, request)
        if len(self.requests) == 1:
            return EngineReply(reply.text, "length", 0, 512, 0.4, reply.endpoint, cut_early=True)
        return reply


def test_answer_cut_early_is_retried_as_a_loop_and_recorded_as_cut() -> None:
    engine = CuttingEngine((PAGE + "1" * 600, "stop"), (PAGE, "stop"))
    result = schedule(engine)
    assert (result.text, result.looped) == (PAGE, False)
    greedy, penalty = result.attempts
    assert (greedy.verdict, greedy.request.as_settings()["cut_early"]) == (Verdict.looped, True)
    assert penalty.request.mode is SamplingMode.penalty
    assert "cut_early" not in penalty.request.as_settings()
