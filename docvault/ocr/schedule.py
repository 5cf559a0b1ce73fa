"""The retry schedule of one page: attempts chained by the guard's verdict.

The schedule (measured on 827 real letters, see docs/gpu.md):

1. the first pass is greedy with no penalty and the profile's token cap (4096); never the
   penalty on a first pass: it distorts content that legitimately repeats (table columns);
2. a degenerate tail (at the cap or not) earns one retry with `frequency_penalty` 0.3,
   which cured 5 of 5 measured loops; a page still degenerate after it is *looped*: its text
   is the de-duplicated prefix and it waits for a person;
3. only an answer that hit the cap with a *clean* tail (a really long page) earns a retry
   without the cap; if that page had looped before, the uncapped retry keeps the penalty.

A profile with `stream_loop_cut` streams every attempt and the client stops one that plainly
loops (`guard.cut_early`) long before the cap: the reply says finish_reason "length" and
`cut_early`, so the schedule goes on exactly as if the loop had run to the cap, and the attempt's
settings record `"cut_early": true`. A penalty or uncapped retry that still loops is cut too: its
de-duplicated prefix is the same either way, and it frees the engine sooner.

Each step turns one setting on and none off, so a page takes at most three attempts. A re-run
requested by a person starts at the mode they chose (greedy, penalty or uncapped).

Engine errors: every `OcrError` the engine raises (`EngineUnavailable`, `EngineTimeout`,
`EngineConfigurationError`, `EngineRequestRejected`) propagates to the caller with the page's
attempts so far attached as `error.attempts` (read it with `attempts_of`), the failed call
included as an attempt with verdict `error`. Unavailable, timeout and configuration errors
are not the page's fault: the worker puts the page back in the queue. `EngineRequestRejected`
(the engine refused this page's request) is the page's failure.
"""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass, replace

from docvault import coverage
from docvault.errors import OcrError
from docvault.ocr import guard
from docvault.ocr.base import Engine
from docvault.ocr.profiles import Profile
from docvault.vocabulary import (
    AttemptRecord,
    AttemptRequest,
    EngineReply,
    PageImage,
    PageOutcome,
    ReadLine,
    SamplingMode,
    SuspectRegion,
    TextFormat,
    Verdict,
)

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class Step:
    """The settings of one attempt in the schedule."""

    penalty: bool
    capped: bool

    @property
    def mode(self) -> SamplingMode:
        """The mode recorded for this attempt: uncapped wins over penalty."""
        if not self.capped:
            return SamplingMode.uncapped
        return SamplingMode.penalty if self.penalty else SamplingMode.greedy


def first_step(mode: SamplingMode) -> Step:
    """Where a schedule starts: the first pass, or the mode a person chose for a re-run."""
    return Step(penalty=mode is SamplingMode.penalty, capped=mode is not SamplingMode.uncapped)


def next_step(profile: Profile, step: Step, verdict: Verdict) -> Step | None:
    """The attempt that follows one with this verdict, or None when the page is finished."""
    if verdict is Verdict.looped and not step.penalty and profile.retry_on_loop:
        return Step(penalty=True, capped=step.capped)
    if verdict is Verdict.truncated and step.capped and profile.retry_when_truncated:
        return Step(penalty=step.penalty, capped=False)
    return None


async def transcribe_page(
    engine: Engine,
    profile: Profile,
    image: PageImage,
    first_mode: SamplingMode = SamplingMode.greedy,
) -> PageOutcome:
    """Run the profile's retry schedule on one page and return its text and every attempt."""
    attempts: list[AttemptRecord] = []
    step: Step | None = first_step(first_mode)
    while step is not None:
        request = profile.request(step.mode, penalty=step.penalty)
        reply = await attempt(engine, image, request, attempts)
        if reply.cut_early:  # recorded in the attempt's settings, where a person looks
            request = replace(request, extra={**request.extra, "cut_early": True})
        text = profile.clean_output(reply.text)
        result = guard.verdict(text, reply.finish_reason)
        attempts.append(
            AttemptRecord(
                engine=engine.name,
                request=request,
                reply=reply,
                verdict=result.verdict,
                seconds=reply.seconds,
                repeating_unit=result.repeating_unit,
            )
        )
        logger.debug(
            "%s: %s attempt %s (%s)", image.label, step.mode, result.verdict, result.reason
        )
        step = next_step(profile, step, result.verdict)
    return outcome(text, result.verdict, attempts, reply.lines, engine.text_format)


async def attempt(
    engine: Engine,
    image: PageImage,
    request: AttemptRequest,
    attempts: list[AttemptRecord],
) -> EngineReply:
    """One engine call; on an engine error, record it and attach the attempts to the error."""
    started = time.monotonic()
    try:
        return await engine.transcribe(image, request)
    except OcrError as error:
        if error.request_sent:  # a call refused before sending is no attempt
            attempts.append(
                AttemptRecord(
                    engine=engine.name,
                    request=request,
                    reply=None,
                    verdict=Verdict.error,
                    seconds=time.monotonic() - started,
                    error=error.message,
                )
            )
        error.attempts = tuple(attempts)
        raise


def attempts_of(error: BaseException) -> tuple[AttemptRecord, ...]:
    """The attempts a page made before this error ended its schedule (empty if none)."""
    if not isinstance(error, OcrError):
        return ()
    return tuple(record for record in error.attempts if isinstance(record, AttemptRecord))


def outcome(
    text: str,
    verdict: Verdict,
    attempts: list[AttemptRecord],
    lines: tuple[ReadLine, ...] = (),
    text_format: TextFormat = TextFormat.markdown,
) -> PageOutcome:
    """The page's result after its last attempt, with where its lines lie (if known)."""
    if verdict is Verdict.looped:
        # The located lines belong to the whole reply, not to its de-duplicated prefix.
        prefix = guard.deduplicated_prefix(text)
        return PageOutcome(prefix, True, tuple(attempts), text_format=text_format)
    return PageOutcome(text, False, tuple(attempts), lines, text_format)


# The most suspect regions one page's re-read sends to the engine: a page with more has
# lost far more than a line (a re-run as a whole is what it needs), and eight crops cost
# the CPU engine about as much as one more page.
MAX_REREAD_CROPS = 8


async def reread_suspects(
    engine: Engine,
    image: PageImage,
    first: PageOutcome,
    suspects: tuple[SuspectRegion, ...],
) -> PageOutcome:
    """One re-read of the suspect regions, each cut out, padded, scaled up and read alone.

    It goes through the same engine with the page's last request; each crop is one more
    attempt (its settings say `"reread"` and the region), so a person sees what was tried.
    Recovered lines take their place in the text by position. `first` comes back unchanged
    when nothing could be re-read (no earlier attempt, an engine error).
    """
    if not first.attempts or not suspects:
        return first
    request = first.attempts[-1].request
    attempts = list(first.attempts)
    lines = list(first.lines)
    pieces = coverage.crops(image.data, [region.box for region in suspects[:MAX_REREAD_CROPS]])
    for piece in pieces:
        crop_image = PageImage(
            piece.png, "image/png", piece.width, piece.height, f"{image.label} re-read"
        )
        region_request = replace(
            request, extra={**request.extra, "reread": "region", "region": list(piece.box)}
        )
        try:
            reply = await attempt(engine, crop_image, region_request, attempts)
        except OcrError as error:
            logger.warning("%s: a suspect region's re-read failed: %s", image.label, error)
            attempts = list(attempts_of(error))
            continue
        attempts.append(
            AttemptRecord(engine.name, region_request, reply, Verdict.clean, reply.seconds)
        )
        found = [ReadLine(piece.to_page(line.box), line.text, line.score) for line in reply.lines]
        lines = coverage.merged(lines, piece.box, found)
    text = "\n".join(line.text for line in lines) if lines != list(first.lines) else first.text
    return PageOutcome(text, False, tuple(attempts), tuple(lines), first.text_format)
