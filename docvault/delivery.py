"""Delivery of hand-overs to the practice system: the webhook, the command, FHIR and GDT.

    handover_outbox (pending, due) ──> a pool of `concurrency` sender threads
        webhook: POST the JSON, signed                     ─┐
        command: the JSON on its stdin                      │
        fhir: POST a transaction Bundle (docvault.fhir)     ├─> accepted: delivered
        gdt: a GDT file and the PDF (docvault.gdt)          ─┘   refused: retried later

The delivery part's loop runs in a thread of its own and hands each due delivery to a fixed
pool of sender threads (`docvault.runtime.threads.DaemonPool`: daemon threads, so a stop never waits
for a slow receiver). Nothing holds a lock of the queue or the index while it sends: a
receiver that is slow or down delays only its own hand-overs, never intake or OCR. Every
delivery carries the event's id (`X-Docvault-Event`); a crash after the receiver accepted
but before that was recorded sends it again with the same id, and the receiver drops the
repeat.

The signature is `X-Docvault-Signature: sha256=HEX`, HEX being the HMAC-SHA256 with the
shared secret of `TIMESTAMP.BODY` (the `X-Docvault-Timestamp` header's decimal seconds, a
dot, then the exact bytes of the body), so a receiver can refuse both a forged body and a
recorded request played again later (README, "Hand-over to the practice system").
"""

from __future__ import annotations

import contextlib
import hashlib
import hmac
import json
import logging
import os
import random
import signal
import subprocess
import threading
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta, tzinfo
from pathlib import Path
from typing import Any

import httpx
from sqlalchemy import Engine

from docvault import fhir
from docvault.errors import DocvaultError
from docvault.gdt import ImportFolder, ImportFolderFull
from docvault.letter import read_letter
from docvault.models import utcnow
from docvault.records import Delivery, document_json, handover
from docvault.render import RenderPoolClosed
from docvault.runtime import DaemonPool, Progress, bound_child_command
from docvault.setting_types import FhirReceiverSettings, GdtReceiverSettings
from docvault.transcription import ArchiveCopy
from docvault.vocabulary import HandoverTarget

logger = logging.getLogger(__name__)

EVENT_HEADER = "X-Docvault-Event"
SIGNATURE_HEADER = "X-Docvault-Signature"
TIMESTAMP_HEADER = "X-Docvault-Timestamp"
# A practice system's import endpoint is a small server: four deliveries at once drain a
# backlog (after an outage) quickly without flooding it.
CONCURRENCY = 4
# How often an idle delivery part looks at the outbox; a finished document wakes it at once.
IDLE_SECONDS = 1.0
# Bytes of the receiver's answer read at most (the rest is not waited for).
ANSWER_READ_BYTES = 8192
# Once the command is ended, how long its output is still read: its group is dead, so only
# a process that left the group can keep the pipe open longer.
OUTPUT_AFTER_END_SECONDS = 2.0
# What the hand-over command inherits: enough to find programs, write text and know the
# time, and nothing else the service was started with (docvault's own settings, test
# hooks, credentials; issue 25 found it inherited the daemon's whole environment). A
# script that needs more is given it on its command line: `env NAME=value /path/script`.
COMMAND_ENVIRONMENT_NAMES = ("PATH", "HOME", "LANG", "LC_ALL", "LC_CTYPE", "TZ", "TMPDIR")
DEFAULT_PATH = "/usr/local/bin:/usr/bin:/bin"
# The hand-over command finds the document's archive copy (the searchable PDF/A) here (and in
# the JSON's `searchable_pdf_path`); unset when there is none.
SEARCHABLE_PDF_VARIABLE = "DOCVAULT_SEARCHABLE_PDF"
FHIR_JSON = "application/fhir+json"


@dataclass(frozen=True)
class HandoverConfig:
    """Where hand-overs go and how, as the composition root read it from the settings."""

    url: str
    secret: bytes
    command: tuple[str, ...]
    timeout_seconds: float
    retry_first_seconds: float
    retry_max_seconds: float
    page_texts: str  # "inline" or "link"
    link_base_url: str
    concurrency: int = CONCURRENCY
    # The command's whole environment (`command_environment`), never the daemon's own.
    environment: Mapping[str, str] = field(default_factory=lambda: {"PATH": DEFAULT_PATH})
    fhir: FhirReceiverSettings | None = None  # a [[handover]] table, target = "fhir"
    fhir_token: bytes = b""  # its bearer token, read from its token_file
    gdt: GdtReceiverSettings | None = None  # a [[handover]] table, target = "gdt"
    # Where the GDT receiver notes the file names each event took (docvault.gdt).
    gdt_markers: Path = Path("handover-gdt")
    # The archive's time zone (the `timezone` setting): the day a letter is dated starts
    # there (the FHIR DocumentReference's `date`).
    zone: tzinfo = UTC

    @property
    def targets(self) -> tuple[HandoverTarget, ...]:
        """The receivers every event is delivered to."""
        chosen = (
            (HandoverTarget.webhook, bool(self.url)),
            (HandoverTarget.command, bool(self.command)),
            (HandoverTarget.fhir, self.fhir is not None),
            (HandoverTarget.gdt, self.gdt is not None),
        )
        return tuple(target for target, wanted in chosen if wanted)

    @property
    def correction_targets(self) -> tuple[HandoverTarget, ...]:
        """The receivers told of a person's later correction of a letter's facts: those that
        update what they were given (the FHIR server's DocumentReference). A GDT file or a
        webhook's import would file the letter a second time."""
        return (HandoverTarget.fhir,) if self.fhir is not None else ()


@dataclass(frozen=True)
class Answer:
    """What one delivery attempt got back."""

    accepted: bool
    status: int | None  # HTTP status, or the command's exit code; None: no answer at all
    text: str  # the receiver's answer (bounded)
    error: str | None = None  # a sentence when it was not accepted


def signature(secret: bytes, timestamp: int, body: bytes) -> str:
    """The signature header's value for `body` sent at `timestamp`."""
    digest = hmac.new(secret, str(timestamp).encode() + b"." + body, hashlib.sha256).hexdigest()
    return f"sha256={digest}"


def encode(payload: dict[str, Any]) -> bytes:
    """The body exactly as it is sent and signed."""
    return json.dumps(payload, ensure_ascii=False, separators=(",", ":")).encode()


def post(client: httpx.Client, config: HandoverConfig, event_id: str, body: bytes) -> Answer:
    """One webhook attempt: 2xx is acceptance, anything else a refusal to try again."""
    timestamp = int(time.time())
    headers = {
        "Content-Type": "application/json",
        EVENT_HEADER: event_id,
        TIMESTAMP_HEADER: str(timestamp),
        SIGNATURE_HEADER: signature(config.secret, timestamp, body),
    }
    return post_body(client, config.url, headers, body, config.timeout_seconds)


def post_body(
    client: httpx.Client, url: str, headers: Mapping[str, str], body: bytes, timeout: float
) -> Answer:
    """One POST: 2xx is acceptance, anything else a refusal to try again."""
    try:
        with client.stream("POST", url, content=body, headers=headers) as response:
            text = _read_bounded(response)
    except httpx.TimeoutException:
        return Answer(
            False,
            None,
            "",
            f"the receiver at {url} did not answer within {timeout:g} s (handover_timeout_seconds)",
        )
    except httpx.HTTPError as error:
        return Answer(False, None, "", f"the receiver at {url} could not be reached: {error}")
    if 200 <= response.status_code < 300:
        return Answer(True, response.status_code, text)
    return Answer(
        False,
        response.status_code,
        text,
        f"the receiver at {url} answered {response.status_code} {response.reason_phrase}".rstrip(),
    )


def _read_bounded(response: httpx.Response) -> str:
    received = b""
    for chunk in response.iter_bytes():
        received += chunk
        if len(received) >= ANSWER_READ_BYTES:
            break
    return received[:ANSWER_READ_BYTES].decode("utf-8", errors="replace")


def run_command(
    config: HandoverConfig, body: bytes, extra_environment: Mapping[str, str] | None = None
) -> Answer:
    """One command attempt: the JSON on its standard input, exit status 0 is acceptance.

    No shell; the command ends with docvault (parent-death signal) and is killed, with
    every process it started, when it runs past the timeout. `extra_environment` adds
    docvault's own variables (SEARCHABLE_PDF_VARIABLE) to the command's few.
    """
    try:
        process = subprocess.Popen(
            # SIGKILL, not SIGTERM, when docvault ends: an import script may ignore the latter.
            bound_child_command(config.command, signal.SIGKILL),
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            env={**config.environment, **(extra_environment or {})},
            start_new_session=True,
        )
    except OSError as error:
        return Answer(False, None, "", f"the command {config.command[0]} could not start: {error}")
    try:
        output, _ = process.communicate(body, timeout=config.timeout_seconds)
    except subprocess.TimeoutExpired:
        # A command that exited while a process it started still holds its output finished:
        # its status decides. Either way the group is ended and the output read no longer.
        finished = process.poll() is not None
        _kill_group(process)
        output = _rest_of_output(process, config.command[0])
        if not finished:
            return Answer(
                False,
                None,
                _text(output),
                f"the command {config.command[0]} did not finish within "
                f"{config.timeout_seconds:g} s (handover_timeout_seconds) and was killed",
            )
    if process.returncode == 0:
        return Answer(True, 0, _text(output))
    return Answer(
        False,
        process.returncode,
        _text(output),
        f"the command {config.command[0]} exited with status {process.returncode}",
    )


def _kill_group(process: subprocess.Popen[bytes]) -> None:
    with contextlib.suppress(ProcessLookupError):
        os.killpg(process.pid, signal.SIGKILL)


def _rest_of_output(process: subprocess.Popen[bytes], command: str) -> bytes:
    """What the ended command wrote, read for a few seconds at most.

    A process that left the command's group (setsid) is beyond the group's kill and may hold
    the pipe open for as long as it lives: docvault stops reading then, and keeps what it has.
    """
    try:
        output, _ = process.communicate(timeout=OUTPUT_AFTER_END_SECONDS)
    except subprocess.TimeoutExpired as expired:
        logger.warning(
            "The hand-over command %s (pid %d) started a process in a session of its own that "
            "keeps the command's output open; docvault stopped reading it and kept what the "
            "command wrote. That process may still be running: have the command close its "
            "output for what it starts in the background (`> /dev/null 2>&1`).",
            command,
            process.pid,
        )
        output = expired.output if isinstance(expired.output, bytes) else b""
        if process.stdout is not None:
            process.stdout.close()
        process.wait()
    return output


def _text(output: bytes | None) -> str:
    return (output or b"")[:ANSWER_READ_BYTES].decode("utf-8", errors="replace")


class Deliverer:
    """Drains the hand-over outbox: due rows out, answers recorded, refusals retried."""

    def __init__(
        self,
        database: Engine,
        config: HandoverConfig,
        clock: Callable[[], datetime] = utcnow,
        chance: random.Random | None = None,
        transport: httpx.BaseTransport | None = None,
        archive_copy: Callable[[int], ArchiveCopy | None] | None = None,
        data_dir: Path | None = None,
    ) -> None:
        self.database = database
        self.config = config
        self._clock = clock
        self._chance = chance or random.Random()
        self._transport = transport
        # document id -> the PDF handed over (the archive copy), made if need be (None:
        # none to give).
        self._archive_copy = archive_copy
        # Where the archive copies are kept: the JSON's `pdfa` of one already made.
        self._data_dir = data_dir
        self._import_folder = (
            ImportFolder(config.gdt, config.gdt_markers) if config.gdt is not None else None
        )
        self._wake = threading.Event()
        self._lock = threading.Lock()
        self._busy: set[int] = set()
        # The last refusal as a sentence (None once a delivery is accepted again); one
        # value replaced whole, read by the part's thread.
        self.problem: str | None = None

    def wake(self) -> None:
        """Something may be due (a document finished, a sender is free, the stop came)."""
        self._wake.set()

    def serve(self, progress: Progress, stopping: threading.Event) -> None:
        """Send what is due until `stopping` is set; deliveries in flight are not awaited.

        A delivery abandoned by the stop stays pending and goes out again at the next
        start with the same event id, exactly like one cut short by a crash.
        """
        self._forget_settled()
        timeout = httpx.Timeout(self.config.timeout_seconds)
        # One client for every sender thread: httpx's Client may be shared between threads.
        with (
            httpx.Client(timeout=timeout, transport=self._transport) as client,
            DaemonPool[Delivery](
                "handover",
                self.config.concurrency,
                lambda delivery: self._deliver_and_free(client, delivery),
            ) as senders,
        ):
            while not stopping.is_set():
                progress.now_doing("looking for hand-overs that are due")
                self._start_due(senders)
                progress.now_doing("")
                progress.trouble(self.problem)
                progress.beat()
                self._wait()

    def _forget_settled(self) -> None:
        """The GDT markers of deliveries already recorded: a kill between the record and
        the marker's removal left them, reserving their file names for good."""
        if self._import_folder is None:
            return
        marked = self._import_folder.marked_events()
        for event_id in handover.settled_events(self.database, HandoverTarget.gdt, marked):
            self._import_folder.forget(event_id)

    def _start_due(self, senders: DaemonPool[Delivery]) -> None:
        with self._lock:
            room = self.config.concurrency - len(self._busy)
            busy = tuple(self._busy)
        if room <= 0:
            return
        longest = self.config.retry_max_seconds
        for delivery in handover.due(self.database, self._clock(), room, busy, longest):
            with self._lock:
                self._busy.add(delivery.row_id)
            senders.submit(delivery)  # a sender is free: at most `concurrency` are busy

    def _wait(self) -> None:
        self._wake.clear()  # before looking: a wake from now on ends the wait at once
        with self._lock:
            busy = tuple(self._busy)
            full = len(busy) >= self.config.concurrency
        next_due = None if full else handover.next_due_at(self.database, busy)
        seconds = IDLE_SECONDS
        if next_due is not None:
            seconds = min(seconds, max(0.0, (next_due - self._clock()).total_seconds()))
        # A sender finishing, a finished document or the stop wakes it sooner.
        self._wake.wait(seconds)

    def _deliver_and_free(self, client: httpx.Client, delivery: Delivery) -> None:
        try:
            self.deliver(client, delivery)
        except Exception:
            # The row stays pending and is tried again; the database may be briefly gone.
            logger.exception("hand-over %s could not be recorded", delivery.event_id)
        finally:
            with self._lock:
                self._busy.discard(delivery.row_id)
            self.wake()

    def deliver(self, client: httpx.Client, delivery: Delivery) -> Answer | None:
        """One attempt at one hand-over, with its outcome recorded (None: dropped)."""
        config = self.config
        payload = handover.build_payload(
            self.database, delivery, config.page_texts, config.link_base_url, self._data_dir
        )
        if payload is None:
            handover.record_dropped(
                self.database,
                delivery.row_id,
                "the document was deleted before it could be handed over",
                self._clock(),
            )
            return None
        answer = self._send(client, delivery, payload)
        self._record(delivery, answer)
        return answer

    def _send(self, client: httpx.Client, delivery: Delivery, payload: dict[str, Any]) -> Answer:
        if delivery.target == HandoverTarget.fhir:
            return self._send_fhir(client, delivery, payload["document"])
        if delivery.target == HandoverTarget.gdt:
            return self._write_gdt(delivery, payload["document"])
        # The webhook's link and the command's path: the archive copy made before they go,
        # so the JSON says whether it is a PDF/A (`pdfa` true or false, not null as before
        # a first download) and the link serves a file already made.
        copy = self._archive_file(delivery.document_id)
        if copy is not None:
            payload["document"].update(document_json.pdfa_fields(copy))
        if delivery.target == HandoverTarget.webhook:
            return post(client, self.config, delivery.event_id, encode(payload))
        path = copy.path if copy is not None else None
        payload["searchable_pdf_path"] = str(path) if path is not None else None
        variables = {SEARCHABLE_PDF_VARIABLE: str(path)} if path is not None else {}
        return run_command(self.config, encode(payload), variables)

    def _send_fhir(
        self, client: httpx.Client, delivery: Delivery, document: dict[str, Any]
    ) -> Answer:
        """One FHIR attempt: the transaction Bundle POSTed to the FHIR base URL."""
        settings = self.config.fhir
        assert settings is not None
        reading = handover.reading_of(self.database, delivery)
        if reading is None:
            return Answer(False, None, "", "no reading of the letter was handed over before")
        letter = read_letter(document)
        pdf = None
        if settings.content == "binary" or delivery.status != handover.CORRECTED:
            pdf = self._pdf_bytes(delivery.document_id)
            if pdf is None and settings.content == "binary":
                return Answer(False, None, "", _no_pdf(delivery.document_id))
        url = letter.searchable_pdf_url if settings.content == "url" else None
        content = fhir.Content(pdf, url, _pdf_name(letter.file_name))
        version = fhir.Version(
            event_id=delivery.event_id,
            reading_id=reading.event_id,
            replaces=reading.replaces,
            occurred_at=delivery.occurred_at,
            final=reading.status == "done",
            correction=delivery.status == handover.CORRECTED,
            zone=self.config.zone,
        )
        bundle = fhir.bundle(letter, version, content, settings.url, settings.patient_system)
        headers = {
            "Content-Type": FHIR_JSON,
            "Accept": FHIR_JSON,
            "Authorization": f"Bearer {self.config.fhir_token.decode('ascii', 'replace')}",
            EVENT_HEADER: delivery.event_id,
        }
        return post_body(client, settings.url, headers, encode(bundle), self.config.timeout_seconds)

    def _write_gdt(self, delivery: Delivery, document: dict[str, Any]) -> Answer:
        """One GDT attempt: the PDF and the GDT file into the import folder, atomically."""
        assert self._import_folder is not None
        pdf = self._pdf_bytes(delivery.document_id)
        if pdf is None:
            return Answer(False, None, "", _no_pdf(delivery.document_id))
        received = datetime.fromisoformat(document["received_at"])
        try:
            published = self._import_folder.publish(
                delivery.event_id, read_letter(document), pdf, received
            )
        except ImportFolderFull as full:
            return Answer(False, None, "", str(full))
        except OSError as error:
            return Answer(
                False,
                None,
                "",
                f"the GDT import folder {self._import_folder.folder} could not be written: "
                f"{error.strerror or error}; check that it exists and docvault's user may "
                "write in it",
            )
        found = " (there from an earlier attempt)" if published.earlier else ""
        return Answer(True, None, f"{published.gdt.name} and {published.pdf.name}{found}")

    def _pdf_bytes(self, document_id: int) -> bytes | None:
        copy = self._archive_file(document_id)
        if copy is None:
            return None
        try:
            return copy.read_bytes()
        except OSError as error:
            logger.warning("the PDF of document %d cannot be read: %s", document_id, error)
            return None

    def _archive_file(self, document_id: int) -> ArchiveCopy | None:
        """The archive copy to hand over, made before it goes; None when it cannot be made:
        the hand-over goes out without it (the letter's text is in the JSON) rather than
        waiting for a file that may never come."""
        if self._archive_copy is None:
            return None
        try:
            return self._archive_copy(document_id)
        except (DocvaultError, RenderPoolClosed, OSError, TimeoutError) as error:
            logger.warning(
                "the archive copy of document %d could not be made for the hand-over: %s",
                document_id,
                error,
            )
            return None

    def _record(self, delivery: Delivery, answer: Answer) -> None:
        now = self._clock()
        if answer.accepted:
            handover.record_delivered(
                self.database, delivery.row_id, answer.status, answer.text, now
            )
            if delivery.target == HandoverTarget.gdt and self._import_folder is not None:
                self._import_folder.forget(delivery.event_id)
            self.problem = None
            return
        delay = handover.retry_delay(
            delivery.attempts + 1,
            self.config.retry_first_seconds,
            self.config.retry_max_seconds,
            self._chance,
        )
        error = answer.error or "refused"
        handover.record_refused(
            self.database,
            delivery.row_id,
            answer.status,
            answer.text,
            error,
            now + timedelta(seconds=delay),
            now,
        )
        self.problem = f"hand-over of document {delivery.document_id} refused: {error}"
        logger.warning(
            "hand-over %s of document %d (%s) refused, tried again in %.1f s: %s",
            delivery.event_id,
            delivery.document_id,
            delivery.target,
            delay,
            error,
        )


def _no_pdf(document_id: int) -> str:
    return (
        f"the PDF of document {document_id} could not be made (docvault's log says why); "
        "it is tried again"
    )


def _pdf_name(file_name: str) -> str:
    return f"{Path(file_name).stem or 'document'}.pdf"


def command_environment(environ: Mapping[str, str]) -> dict[str, str]:
    """The few variables of `environ` a hand-over command gets (COMMAND_ENVIRONMENT_NAMES)."""
    kept = {name: environ[name] for name in COMMAND_ENVIRONMENT_NAMES if name in environ}
    kept.setdefault("PATH", DEFAULT_PATH)
    return kept
