"""The plain values every stage shares, below all of them (imports nothing of docvault).

The words the database, the templates, the CLI and the status JSON use for where a page,
a document and an engine stand; and the values that travel along the pipeline: a rendered
page image, the sampling settings of one engine attempt, its reply, the guard's verdict,
the attempt as stored. `render` makes `PageImage`s, `ocr` reads them, `records` stores
`AttemptRecord`s: none of them has to import another stage for these.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any


class DocumentStatus(StrEnum):
    """Where a document stands as a whole."""

    processing = "processing"  # pages are queued or running
    done = "done"  # every page done
    attention = "attention"  # all pages finished, some looped, incomplete or failed: look
    failed = "failed"  # intake or render refused the file; the original is kept


class PageStatus(StrEnum):
    """The page life cycle: queued -> running (lease) -> done | incomplete | looped | failed."""

    queued = "queued"
    running = "running"
    done = "done"
    # Read, but the coverage check found ink the transcription does not account for (a line
    # the engine dropped, or a page with ink and no text): "text may be missing on this page".
    # A person should look; its text is still indexed.
    incomplete = "incomplete"
    looped = "looped"
    failed = "failed"


FINISHED_PAGE_STATES = (
    PageStatus.done,
    PageStatus.incomplete,
    PageStatus.looped,
    PageStatus.failed,
)


class TextFormat(StrEnum):
    """How an engine writes a page's text, and so how the viewer must show it."""

    plain = "plain"  # lines as read (the CPU engine, a PDF's text layer): shown as written
    markdown = "markdown"  # a document-parsing model's Markdown: rendered, raw one click away


class EngineState(StrEnum):
    """Where an OCR engine (a supervised `vllm serve`, an endpoint, the worker's view) stands.

    The values are what `docvault status`, the status page and `/api/status` show.
    """

    unknown = "unknown"  # nothing answered or failed yet (the worker has not sent a page)
    starting = "starting"  # spawned, /health not yet 200
    up = "up"  # /health answers 200, or the last request was answered
    down = "down"  # exited (waiting to restart), /health failing, or requests failing
    misconfigured = "misconfigured"  # answered that docvault is set up wrongly (model, URL)
    stopped = "stopped"  # not started, or stopped on purpose


class SamplingMode(StrEnum):
    """How one attempt samples; also what a person may choose for a re-run."""

    greedy = "greedy"  # first pass: temperature 0, no penalty, the profile's token cap
    penalty = "penalty"  # the loop cure: frequency_penalty 0.3 (fixed 5/5 measured loops)
    uncapped = "uncapped"  # a really long page with a clean tail: no token cap


class Verdict(StrEnum):
    """What the guard says of one attempt's output."""

    clean = "clean"  # finished normally, no degenerate tail
    looped = "looped"  # a short unit repeated to the end
    truncated = "truncated"  # hit the token cap with a clean tail: a really long page
    error = "error"  # the attempt produced no output (engine error)


@dataclass(frozen=True)
class PageImage:
    """One rendered page, encoded for the engine."""

    data: bytes
    media_type: str  # "image/png" or "image/jpeg"
    width: int
    height: int
    label: str = ""  # "document 12 page 3", for log lines and error messages


@dataclass(frozen=True)
class AttemptRequest:
    """The sampling settings of one attempt, as recorded in the attempt row."""

    mode: SamplingMode
    max_tokens: int | None
    temperature: float = 0.0
    frequency_penalty: float = 0.0
    extra: dict[str, Any] = field(default_factory=dict)

    def as_settings(self) -> dict[str, Any]:
        """The settings as stored in `attempts.settings` (JSON)."""
        settings: dict[str, Any] = {
            "mode": self.mode.value,
            "max_tokens": self.max_tokens,
            "temperature": self.temperature,
            "frequency_penalty": self.frequency_penalty,
        }
        settings.update(self.extra)
        return settings


@dataclass(frozen=True)
class ReadLine:
    """One line an engine recognised, where it lies on the page image it was given.

    Only engines that locate their text (the CPU engine's detector) report lines; a vision
    model's reply has none, and the coverage check compares its text with the ink instead.
    """

    box: tuple[int, int, int, int]  # left, top, right, bottom in the page image's pixels
    text: str
    score: float  # the recogniser's confidence, 0..1


@dataclass(frozen=True)
class SuspectRegion:
    """A part of the page with ink that the transcription does not account for."""

    box: tuple[int, int, int, int]  # left, top, right, bottom in the page image's pixels
    reason: str  # "no text read here", "text read here is not legible", ...


@dataclass(frozen=True)
class PageFlag:
    """Why a finished page's reading must not be taken as whole, and what to do: the file
    was damaged (`errors.PageDamaged`), or the reading is doubtful (`errors.ReadingDoubtful`).
    A flagged page is `incomplete`, never plainly done."""

    code: str  # the error code: "page-damaged" or "reading-doubtful"
    sentence: str  # what was lost or doubted, and what to do, for staff


@dataclass(frozen=True)
class CoverageReport:
    """What the coverage check found: the page's ink lines against its transcription."""

    ink_lines: int  # text lines found in the page's ink
    accounted_lines: int  # of those, the ones the transcription accounts for
    suspects: tuple[SuspectRegion, ...] = ()
    summary: str = ""  # one sentence for staff, empty when nothing is missing

    @property
    def complete(self) -> bool:
        return not self.suspects and not self.summary

    @property
    def nothing_legible(self) -> bool:
        """Ink, and not one line of it read legibly: more likely no letter (a photo, a
        drawing) than a letter with gaps (issue 48)."""
        return self.ink_lines > 0 and self.accounted_lines == 0


@dataclass(frozen=True)
class EngineReply:
    """What one successful engine call returned."""

    text: str
    finish_reason: str  # "stop" or "length"
    prompt_tokens: int
    completion_tokens: int
    seconds: float
    endpoint: str = ""
    cut_early: bool = False  # the client stopped a streamed answer that plainly looped
    lines: tuple[ReadLine, ...] = ()  # where the text lies, for engines that know it


@dataclass(frozen=True)
class AttemptRecord:
    """One engine call as the worker stores it (one `attempts` row)."""

    engine: str
    request: AttemptRequest
    reply: EngineReply | None
    verdict: Verdict
    seconds: float
    error: str | None = None
    repeating_unit: str | None = None


@dataclass(frozen=True)
class PageOutcome:
    """The end of a page's retry schedule."""

    text: str
    looped: bool
    attempts: tuple[AttemptRecord, ...]
    lines: tuple[ReadLine, ...] = ()  # the final reply's located lines (CPU engine)
    text_format: TextFormat = TextFormat.markdown


class FactState(StrEnum):
    """Where one fact of a letter stands (docvault.facts.store)."""

    none = "none"  # nothing proposed, nobody typed a value
    proposed = "proposed"  # read from the text, not yet looked at by a person
    confirmed = "confirmed"  # a person agreed with the proposal
    corrected = "corrected"  # a person typed another value (empty: the letter names none)
    invalid = "invalid"  # the stored value is not what its field claims (shown, never used)


class RotationSource(StrEnum):
    """Where a page's turn came from (docvault.render; stored on the page)."""

    detected = "detected"  # the orientation check's evidence cleared its margin
    undecided = "undecided"  # too little text to judge: read as stored
    uncertain = "uncertain"  # weak or mixed evidence: read as stored, marked for staff
    person = "person"  # a person turned it in the web view; every later run keeps it
    text_layer = "text layer"  # a trusted text layer says which way its text runs
    off = "off"  # orientation checks are switched off


class HandoverTarget(StrEnum):
    """Where finished documents are handed over (docvault.records.handover, docvault.delivery)."""

    webhook = "webhook"  # an HTTP POST, signed, to handover_url
    command = "command"  # a program run with the payload on its standard input
    fhir = "fhir"  # a FHIR transaction Bundle (DocumentReference and Binary) to a FHIR server
    gdt = "gdt"  # a GDT 6310 file and the PDF beside it, in a practice system's import folder


class HandoverState(StrEnum):
    """Where one hand-over to the practice system stands."""

    pending = "pending"  # not yet accepted by the receiver (never tried, or being retried)
    delivered = "delivered"  # the receiver accepted it (HTTP 2xx, or the command exited 0)
    dropped = "dropped"  # its document was deleted before it could be handed over


class MailState(StrEnum):
    """Where one message of a watched mailbox stands (`models.MailMessage.state`)."""

    archived = "archived"  # every part of it committed; not yet acted on at the server
    done = "done"  # acted on at the server (seen, flagged, moved or deleted)
    skipped = "skipped"  # a filter of its mailbox left it alone, untouched
    too_large = "too-large"  # larger than mail_max_message_mb: not downloaded, untouched
    known = "known"  # the same message as an earlier row: not taken again
    # Recorded before anything parsed it (custody first): being read now. A row still here
    # at the next start was being read when docvault stopped, and becomes `refused`.
    reading = "reading"
    # Not read, with the sentence why: left on the server, never fetched or read again
    # unless a person asks (`docvault mail-retry`).
    refused = "refused"
    # A refused message a person asked to be read again: forgotten at the part's next look.
    retry = "retry"
