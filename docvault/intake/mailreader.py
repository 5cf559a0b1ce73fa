"""A message parsed where its content cannot stop docvault: in a worker process of its own,
within a time and a memory limit, and every failure one sentence for that message alone.

Python's MIME parser raises on inputs that look harmless (a Date in the year 9999 with a
negative zone: OverflowError; 400 nested parentheses in a From header, or 1,000 parts
inside each other: RecursionError), needs minutes for a 100,000-character From header
(its address parser is quadratic), and a ZIP attached to a message is opened to tell its
kind. None of that may happen in the daemon, whose part would die of it and fetch the
same message again at every start. So `MailReader` runs `mailparse` in a worker process,
memory-capped (`lifeline.limit_memory`), bound to the daemon's life, and killed and
replaced past `mail_read_timeout_seconds`; what comes back is the parsed value or
`Unreadable`, the reason as a clause of a sentence (`mailbox` names the message and says
what to do).
"""

from __future__ import annotations

import logging
from concurrent.futures import CancelledError
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pebble
from pebble import ProcessExpired

from docvault.intake.mailparse import (
    ParsedMessage,
    Summary,
    TooManyAttachments,
    parse_headers,
    parse_message,
)
from docvault.runtime import prepare_worker, release, worker_context

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class Unreadable:
    """Why a message could not be read: a clause that follows 'the message ...'."""

    reason: str
    setting: str | None = None  # the limit it met, when raising that one may help


def _reason(error: BaseException) -> Unreadable:
    """What an error of the parser means for the person reading the sentence."""
    if isinstance(error, RecursionError):
        return Unreadable(
            "is nested too deeply to be read (parentheses in a header, or parts inside "
            "parts, hundreds of levels deep)"
        )
    if isinstance(error, OverflowError):
        return Unreadable("has a date or number in its headers that no calendar holds")
    if isinstance(error, MemoryError):
        return Unreadable(
            "needs more memory to be read than mail_read_memory_mb allows", "mail_read_memory_mb"
        )
    if isinstance(error, TooManyAttachments):
        return Unreadable(str(error), "mail_max_attachments")
    return Unreadable(
        f"could not be read by the mail parser ({type(error).__name__}: {str(error)[:200]})"
    )


def _headers_in_worker(header_bytes: bytes) -> Summary | Unreadable:
    try:
        return parse_headers(header_bytes)
    except Exception as error:  # noqa: BLE001  # any parser failure is this message's alone
        return _reason(error)


def _message_in_worker(path: Path, max_attachments: int) -> ParsedMessage | Unreadable:
    try:
        parsed = parse_message(path.read_bytes(), max_attachments=max_attachments)
    except Exception as error:  # noqa: BLE001  # any parser failure is this message's alone
        return _reason(error)
    return parsed


def _started() -> None:
    """A task that does nothing: scheduling it starts the worker (see `MailReader`)."""


class MailReader:
    """`parse_headers` and `parse_message` in a killable, memory-capped worker process.

    Its worker is forked by the fork server, like the render pool's, and dies with it as it
    dies with the daemon (`docvault.runtime.forkserver`); called from the mailbox parts'
    threads (one call at a time per part, each waiting at most the time limit).
    """

    def __init__(
        self, timeout_seconds: float, memory_limit_bytes: int, max_attachments: int
    ) -> None:
        self.timeout_seconds = timeout_seconds
        self.memory_limit_bytes = memory_limit_bytes
        self.max_attachments = max_attachments
        self._closing = False
        self._context = worker_context(("docvault.intake.mailreader",))
        self._pool = self._new_pool()

    def _new_pool(self) -> pebble.ProcessPool:
        pool = pebble.ProcessPool(
            max_workers=1,
            initializer=prepare_worker,
            initargs=(self.memory_limit_bytes,),
            context=self._context,
        )
        pool.schedule(_started)  # starts the worker now
        return pool

    def headers(self, header_bytes: bytes) -> Summary | Unreadable:
        """What a message's headers say, fetched before the message."""
        outcome: Summary | Unreadable = self._run(_headers_in_worker, header_bytes)
        return outcome

    def message(self, path: Path) -> ParsedMessage | Unreadable:
        """A whole message, read from its archived copy (custody came first)."""
        outcome: ParsedMessage | Unreadable = self._run(
            _message_in_worker, path, self.max_attachments
        )
        return outcome

    def _run(self, function: Any, *arguments: Any) -> Any:
        if self._closing:
            raise MailReaderClosed("the mail reader is stopping")
        try:
            future = self._pool.schedule(function, arguments, timeout=self.timeout_seconds)
        except RuntimeError:  # the pool broke (its worker died at once): make a new one
            self._pool.stop()  # type: ignore[no-untyped-call]
            self._pool = self._new_pool()
            future = self._pool.schedule(function, arguments, timeout=self.timeout_seconds)
        try:
            return future.result()
        except TimeoutError:
            return Unreadable(
                f"could not be read within {self.timeout_seconds:g} seconds "
                "(mail_read_timeout_seconds): it is built so that reading it does not end "
                "(a header of tens of thousands of characters is one such)",
                "mail_read_timeout_seconds",
            )
        except (ProcessExpired, BrokenProcessPool, CancelledError) as error:
            if self._closing:
                raise MailReaderClosed("the mail reader stopped") from error
            logger.warning("The mail reader's worker died (%s); it was replaced", error)
            return Unreadable(
                "made the process reading it die (it needs more memory than "
                "mail_read_memory_mb allows, or hit a fault in Python's mail parser)",
                "mail_read_memory_mb",
            )

    def close(self) -> None:
        """Stop the worker now (a message in flight is read again at the next start)."""
        if self._closing:
            return
        self._closing = True
        self._pool.stop()  # type: ignore[no-untyped-call]
        self._pool.join(timeout=10)
        release()


class MailReaderClosed(Exception):
    """The reader was stopped while a message was read: the message was not judged."""
