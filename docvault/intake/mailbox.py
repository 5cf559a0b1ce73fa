"""Mail intake: take each new message of a mailbox into the archive and queue, exactly once,
and touch it on the server only after every part of it has committed.

One `MailIntake` per [[mailboxes]] table, run by its own part (`parts.MailboxPart`). Each
look at the folder is one `UID SEARCH` for the UIDs after the last one decided about (so a
poll with nothing new costs one short answer, whatever the mailbox holds); a new message
goes through, in UID order, each step repeatable after a crash:

    headers (size, From, Subject, Date, Message-ID) -> filters, size limit, seen before?
      -> download (BODY.PEEK[]) -> the .eml into the archive (content-addressed)
      -> each readable attachment into the archive and recorded as a document
      -> the message remembered (mailbox, UIDVALIDITY, UID) with its documents, one commit
      -> after_taking at the server (seen, flag, move, delete) -> marked done

A crash before the message is remembered takes it again: its bytes land on the same
archive names, and each attachment's document is the same arrival (its original_path
names the message), so nothing is recorded twice. A crash after it leaves the message
`archived`, and it is acted on at the next look (acting twice is harmless: a message moved
or deleted already is no longer there).

A message is recognised before it is downloaded by its Message-ID and size, and after by
the sha256 of its bytes: a new UIDVALIDITY (the server numbered the folder anew), a folder
numbered again from below the UIDs decided about with its old UIDVALIDITY (read as numbered
anew: `mailstore.retire_numbering`) or a copy of a message put back costs a header fetch,
and nothing is taken twice.

A message with nothing docvault can read (no attachment of a readable kind, encrypted,
malformed) is kept whole as a document of its own (kind `message`, its file the .eml),
refused with a sentence that names the mailbox, the message and what to do: the problems
page lists it. So is a message whose attachments have more pages together than
mail_max_pages (each judged from a scratch copy before any is archived). A message over
mail_max_message_mb is not downloaded; it stays on the server untouched, and the status
page says so.
"""

from __future__ import annotations

import hashlib
import imaplib
import logging
import re
import stat
import tempfile
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from sqlalchemy import Engine

from docvault import records
from docvault.archive import ArchivedFile, archive_bytes
from docvault.config import default
from docvault.errors import (
    FileTooLarge,
    MailEncrypted,
    MailLoginRefused,
    MailMalformed,
    MailNoReadableAttachment,
    MailPasswordFileRefused,
    MailUnreadable,
    ServerFault,
)
from docvault.intake.imap import Headers, MailConnection
from docvault.intake.mailparse import Attachment, ParsedMessage, Summary, matches
from docvault.intake.mailreader import MailReader, MailReaderClosed, Unreadable
from docvault.intake.recording import MESSAGE_KIND, Inspector, Refused, inspect_archived, record_new
from docvault.models import MailMessage
from docvault.records import Delivered, Seen, mailstore
from docvault.runtime import RETRY_SECONDS, Progress, Standing, backoff_seconds
from docvault.setting_types import MailboxSettings
from docvault.vocabulary import MailState

logger = logging.getLogger(__name__)

# New messages are decided about this many at a time: one header fetch each, and the
# taken ones acted on at the server after each batch.
HEADER_BATCH = 50
# A refused login is tried again when the password file changes, else after this wait,
# doubling: a server that locks an account after a few failures is not provoked.
LOGIN_RETRY_FIRST_SECONDS = 300.0
LOGIN_RETRY_MAX_SECONDS = 3600.0
PASSWORD_LOOK_SECONDS = 1.0
# A message docvault stopped on while reading it this many times is refused (a kill or a
# power loss at random moments meets the same message twice now and then; three times in a
# row, the message is the likelier cause). A stop after the message was read whole, while
# its parts were taken, is not its doing (random kills met one such message three times,
# and refused it); past this many stops at any moment, it is refused all the same.
INTERRUPTIONS_REFUSED = 3
STOPS_REFUSED = 9
_UNSAFE = re.compile(r"[^\w.@+-]+")


def read_password(mailbox: MailboxSettings) -> str:
    """The mailbox's password from its file: only docvault's user may read it (never logged,
    never kept beyond the login)."""
    path = mailbox.password_file
    where = f"Mailbox {mailbox.name}: its password file {path}"
    try:
        mode = path.stat().st_mode
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise MailPasswordFileRefused(
            f"{where} does not exist. Write the password of {mailbox.user} into it (one "
            f"line), then `chown docvault {path}` and `chmod 600 {path}`; docvault logs in "
            "as soon as it is there."
        ) from None
    except (PermissionError, UnicodeDecodeError) as error:
        raise MailPasswordFileRefused(
            f"{where} cannot be read by docvault ({type(error).__name__}). Make the docvault "
            f"user its owner (`chown docvault {path}`, `chmod 600 {path}`)."
        ) from None
    if mode & (stat.S_IRWXG | stat.S_IRWXO):
        raise MailPasswordFileRefused(
            f"{where} may be read by other users (mode {stat.S_IMODE(mode):04o}); it holds "
            f"the password of the mail account {mailbox.user}, so docvault does not use it. "
            f"Run `chmod 600 {path}` (owner: the docvault user); docvault logs in then."
        )
    password = text.strip("\r\n")
    if not password:
        raise MailPasswordFileRefused(
            f"{where} is empty. Write the password of {mailbox.user} into it (one line)."
        )
    return password


def password_signature(mailbox: MailboxSettings) -> tuple[int, ...]:
    """What changes when the password file is written, replaced or its mode changed."""
    try:
        status = mailbox.password_file.stat()
    except OSError:
        return ()
    return (status.st_ino, status.st_mode, status.st_size, status.st_mtime_ns)


@dataclass(frozen=True)
class MailboxSnapshot:
    """One mailbox as its part saw it last (immutable, for other threads)."""

    name: str
    address: str
    mode: str  # "IDLE", "polling every 60 s", "not connected"
    last_look: float | None  # wall-clock seconds of the last look at the folder
    taken: int  # messages taken since docvault started
    waiting: int  # held safely, not yet acted on at the server
    problem: str | None  # a login refused, messages left on the server as too large


@dataclass(frozen=True)
class ReadAgain:
    """A kept message read again at a person's ask: what came of it."""

    uid: int
    documents: int  # documents made of its attachments (0: refused again)
    refusal: str | None  # the new sentence, when it was refused again


@dataclass
class _Counters:
    taken: int = 0
    connected: bool = False
    idle: bool = False
    last_look: float | None = None
    problem: str | None = None
    too_large: list[str] = field(default_factory=list)


class MailIntake:
    """Takes the messages of one mailbox; `poll` from one thread, `serve` in the part."""

    def __init__(
        self,
        database: Engine,
        data_dir: Path,
        mailbox: MailboxSettings,
        inspect: Inspector,
        reader: MailReader,
        *,
        readable_kinds: frozenset[str],
        timeout_seconds: float,
        max_message_bytes: int,
        max_file_bytes: int,
        max_pages: int = default("mail_max_pages"),
        empty_grace_seconds: float = default("empty_grace_seconds"),
    ) -> None:
        self.database = database
        self.data_dir = data_dir
        self.mailbox = mailbox
        self.inspect = inspect
        self.reader = reader
        self.readable_kinds = readable_kinds
        self.timeout_seconds = timeout_seconds
        self.max_message_bytes = max_message_bytes
        self.max_file_bytes = max_file_bytes
        self.max_pages = max_pages
        self.empty_grace_seconds = empty_grace_seconds
        self._counters = _Counters()
        self.fault = Standing(f"mail: mailbox {mailbox.name}")
        self._fault_tries = 0
        self._look_from: int | None = None  # the first UID of the next search
        self._settled = False  # messages left held by the last run are refused, once
        # The folder numbered from below what docvault decided about, UIDVALIDITY unchanged.
        self._numbered_back: str | None = None
        # Messages docvault's own code failed on once in this run (the second time refuses).
        self._failed_once: set[tuple[int, int]] = set()
        # Messages a stopped run left held, read once more in this run (`_settle_interrupted`).
        self._read_again: set[tuple[int, int]] = set()
        # The part's heartbeat during a look (`poll`): called after each attachment judged too,
        # since each may take the inspection worker up to render_timeout_seconds.
        self._beat: Callable[[], None] = _no_beat
        self.snapshot = MailboxSnapshot(
            mailbox.name, mailbox.address, "not connected", None, 0, 0, None
        )

    # --- the part's loop --------------------------------------------------------------------

    def serve(
        self, progress: Progress, stopping: threading.Event, on_taken: Callable[[], None]
    ) -> None:
        """Connect, look, wait for news, look again, until `stopping`. A refused login (or
        password file) is waited out here, with the part running and saying why, and so is
        a server fault of docvault's own (its archive's disk full, the database locked): the
        mail server is not the trouble, so the connection stays. Any other failure raises,
        and the supervisor starts the part again with back-off."""
        refusals = 0
        while not stopping.is_set():
            progress.now_doing(f"connecting to {self.mailbox.address}")
            try:
                connection = MailConnection.open(
                    self.mailbox, read_password(self.mailbox), self.timeout_seconds
                )
            except (MailLoginRefused, MailPasswordFileRefused) as error:
                refusals += 1
                self._refused(error.message, progress)
                self._wait_for_password(refusals, progress, stopping)
                continue
            refusals = 0
            try:
                self._connected(connection)
                if self.fault.sentence is None:
                    progress.trouble(None)
                self._serve_connection(connection, progress, stopping, on_taken)
            except ServerFault as fault:  # met before the first look (the database locked)
                self._wait_out(fault, progress, stopping)
            finally:
                self._counters.connected = False
                self._publish()
                connection.close()

    def _wait_out(self, fault: ServerFault, progress: Progress, stopping: threading.Event) -> None:
        """Say the fault (logged once, not at every try) and wait before the next try: from
        RETRY_SECONDS up to a poll interval, so a disk full for hours does not ask the mail
        server every two seconds."""
        self._fault_tries += 1
        self.fault.hit(fault)
        self._counters.problem = fault.message
        progress.trouble(fault.message)
        self._publish()
        progress.now_doing("waiting for docvault's own storage (the fault named)")
        progress.beat()
        ceiling = max(RETRY_SECONDS, self.mailbox.poll_seconds)
        stopping.wait(backoff_seconds(self._fault_tries, RETRY_SECONDS, ceiling))

    def _fault_ended(self, progress: Progress) -> None:
        if self.fault.sentence is None:
            return
        self._fault_tries = 0
        self.fault.clear()
        self._counters.problem = None
        progress.trouble(None)
        self._publish()

    def _refused(self, message: str, progress: Progress) -> None:
        if self._counters.problem != message:
            logger.error("mail: %s", message)
        self._counters.problem = message
        progress.trouble(message)
        self._publish()

    def _wait_for_password(
        self, refusals: int, progress: Progress, stopping: threading.Event
    ) -> None:
        """Until the password file changes, or the back-off has passed; beating meanwhile."""
        signature = password_signature(self.mailbox)
        wait = backoff_seconds(refusals, LOGIN_RETRY_FIRST_SECONDS, LOGIN_RETRY_MAX_SECONDS)
        deadline = time.monotonic() + wait
        progress.now_doing("waiting for a new password file")
        while not stopping.is_set() and time.monotonic() < deadline:
            if password_signature(self.mailbox) != signature:
                return
            progress.beat()
            stopping.wait(PASSWORD_LOOK_SECONDS)

    def _connected(self, connection: MailConnection) -> None:
        self._counters.connected = True
        self._counters.idle = connection.can_idle
        self._counters.problem = self.fault.sentence
        known = mailstore.last_uidvalidity(self.database, self.mailbox.name)
        if known is not None and known != connection.uidvalidity:
            logger.warning(
                "mail: mailbox %s: the server numbered the folder %s anew (UIDVALIDITY %s, "
                "was %s); its messages are matched again by Message-ID and content, and only "
                "those docvault does not hold yet are taken",
                self.mailbox.name,
                self.mailbox.folder,
                connection.uidvalidity,
                known,
            )
        if not self._settled:
            self._settle_interrupted()
        fitting = mailstore.forget_fitting(self.database, self.mailbox.name, self.max_message_bytes)
        following = mailstore.next_uid(self.database, self.mailbox.name, connection.uidvalidity)
        self._numbered_back = None
        if known == connection.uidvalidity and 0 < connection.uidnext < following:
            self._numbered_back = self._numbered_back_sentence(connection, following)
            logger.error("mail: %s", self._numbered_back)
            # Read as a folder numbered anew: every message from UID 1 is matched by its
            # Message-ID and content, and only those docvault does not hold are taken.
            mailstore.retire_numbering(self.database, self.mailbox.name, connection.uidvalidity)
            following = mailstore.next_uid(self.database, self.mailbox.name, connection.uidvalidity)
        self._look_from = min(fitting, following) if fitting else following
        logger.info(
            "mail: mailbox %s connected (%s, %s)",
            self.mailbox.name,
            self.mailbox.address,
            "IDLE" if connection.can_idle else f"polling every {self.mailbox.poll_seconds:g} s",
        )

    def _numbered_back_sentence(self, connection: MailConnection, following: int) -> str:
        """The server numbers the folder from a UID docvault has already decided about, with
        the UIDVALIDITY it had (which RFC 3501 forbids: a restored or rebuilt folder must get
        a new one). Its UIDs cannot tell its messages from those docvault took, so it is read
        as a folder numbered anew (`retire_numbering`): said, and its letters taken (issue 44)."""
        return (
            f"Mailbox {self.mailbox.name}: the server numbers the folder "
            f"{self.mailbox.folder!r} from UID {connection.uidnext} again, below the UIDs "
            f"docvault has already decided about (up to {following - 1}), yet keeps its "
            f"UIDVALIDITY {connection.uidvalidity}; so docvault reads the folder as one "
            "numbered anew: it matches every message again by its Message-ID and content, "
            "takes only the ones it does not hold, and acts at the server only on those it "
            "meets again. Have the server give the folder a new UIDVALIDITY when it is "
            "restored or rebuilt (rebuild the folder's index), as IMAP requires: a server "
            "that reuses UIDs may act on the wrong message for other mail programs too."
        )

    def _settle_interrupted(self) -> None:
        """Messages held but never judged: docvault stopped (killed, the power gone) while
        it took them. Most likely by no fault of theirs: each is read once more. Found held
        a third time, it may be the message that stops docvault, and one must not at every
        start: it is refused with its sentence, and read again only if a person
        asks (`docvault mail-retry`)."""
        self._settled = True
        for row in mailstore.interrupted(self.database, self.mailbox.name):
            assert row.id is not None
            before = mailstore.interruptions(row)
            times = mailstore.Interruptions(
                before.while_read + (0 if mailstore.read_whole(row) else 1), before.in_all + 1
            )
            if times.while_read < INTERRUPTIONS_REFUSED and times.in_all < STOPS_REFUSED:
                mailstore.mark_interrupted(self.database, row.id, times)
                self._read_again.add((row.uidvalidity, row.uid))
                continue
            unreadable = Unreadable(
                f"was being taken each of the {times.in_all} times docvault stopped (killed, "
                "or the server lost power)"
            )
            sentence = self._unreadable_sentence(row.uid, row.size_bytes, unreadable)
            logger.error("mail: %s", sentence)
            mailstore.refuse(self.database, row.id, sentence)

    def _serve_connection(
        self,
        connection: MailConnection,
        progress: Progress,
        stopping: threading.Event,
        on_taken: Callable[[], None],
    ) -> None:
        while not stopping.is_set():
            progress.now_doing(f"looking for new messages in {self.mailbox.address}")
            try:
                taken = self.poll(connection, stopping, progress.beat)
            except ServerFault as fault:
                # What was taken before the fault is kept; the message it stopped is not
                # remembered yet, so the next look takes it (its attachments once).
                self._wait_out(fault, progress, stopping)
                continue
            self._fault_ended(progress)
            if taken:
                on_taken()
            progress.now_doing("")
            progress.beat()
            connection.wait(self.mailbox.poll_seconds, stopping)

    # --- one look ---------------------------------------------------------------------------

    def poll(
        self,
        connection: MailConnection,
        stopping: threading.Event | None = None,
        beat: Callable[[], None] | None = None,
    ) -> int:
        """Decide about every message after the last one decided about, and act at the
        server on the ones taken. Returns how many messages were taken. `beat` is called
        after each message: a first look at a mailbox of thousands takes minutes, and the
        part is moving all along; and after each attachment judged (a hundred attachments,
        each up to render_timeout_seconds in the inspection worker, outlast the part's bound)."""
        self._beat = beat or _no_beat
        validity = connection.uidvalidity
        first = self._look_from or mailstore.next_uid(self.database, self.mailbox.name, validity)
        retried = mailstore.forget_fitting(self.database, self.mailbox.name, self.max_message_bytes)
        again = sorted(uid for held, uid in self._read_again if held == validity)
        first = min([first, *again, *([retried] if retried else [])])
        found = connection.uids_from(first)
        known = mailstore.remembered(self.database, self.mailbox.name, validity, found)
        new = [uid for uid in found if uid not in known or uid in again]
        self._read_again -= {(validity, uid) for uid in again}
        taken = 0
        self._act(connection)  # what a crash left held but not acted on
        for start in range(0, len(new), HEADER_BATCH):
            if stopping is not None and stopping.is_set():
                break
            for headers in connection.headers(new[start : start + HEADER_BATCH]):
                taken += self._decide(connection, headers)
                if beat is not None:
                    beat()
            self._act(connection)
        self._look_from = mailstore.next_uid(self.database, self.mailbox.name, validity)
        self._counters.taken += taken
        self._counters.last_look = time.time()
        self._publish()
        return taken

    def _act(self, connection: MailConnection) -> None:
        """after_taking for every message held safely and not yet acted on."""
        uids = mailstore.unacted(self.database, self.mailbox.name, connection.uidvalidity)
        if not uids:
            return
        connection.act(uids, self.mailbox.after_taking)
        mailstore.record_acted(self.database, self.mailbox.name, connection.uidvalidity, uids)

    def _decide(self, connection: MailConnection, headers: Headers) -> int:
        """One new message: held first (custody before any parsing), then left alone,
        recognised, taken or refused. 1 when taken. A failure that is no fault of the
        message's (the server gone, docvault's disk full, docvault stopping) lets go of it,
        to be decided at the next look; docvault's own defect on it, met twice, refuses it,
        so that the part is not restarted by one message until the supervisor gives up."""
        validity = connection.uidvalidity
        mailstore.hold(self.database, self.mailbox.name, validity, headers.uid, headers.size_bytes)
        try:
            return self._judge(connection, headers)
        except MailReaderClosed:
            mailstore.release(self.database, self.mailbox.name, validity, headers.uid)
            raise
        except (ServerFault, OSError, imaplib.IMAP4.error):
            mailstore.release(self.database, self.mailbox.name, validity, headers.uid)
            raise
        except Exception as error:
            if (validity, headers.uid) not in self._failed_once:
                self._failed_once.add((validity, headers.uid))
                mailstore.release(self.database, self.mailbox.name, validity, headers.uid)
                raise
            logger.exception("mail: docvault failed twice on UID %s", headers.uid)
            self._refuse_held(validity, headers, _defect(error))
            return 0

    def _judge(self, connection: MailConnection, headers: Headers) -> int:
        read = self.reader.headers(headers.header_bytes)
        unreadable = read if isinstance(read, Unreadable) else None
        summary = read if isinstance(read, Summary) else _unknown_summary()
        seen = self._seen(connection, headers, summary)
        reason = matches(self.mailbox, summary) if unreadable is None else None
        if reason is not None:
            logger.info(
                "mail: mailbox %s leaves %s alone: %s",
                self.mailbox.name,
                summary.describe(),
                reason,
            )
            mailstore.record(self.database, _with(seen, state=MailState.skipped, problem=reason))
            return 0
        if headers.size_bytes > self.max_message_bytes:
            self._too_large(seen, summary)
            return 0
        earlier = mailstore.same_message(
            self.database, self.mailbox.name, summary.message_id, headers.size_bytes
        )
        if earlier is not None:
            self._recognised(seen, earlier, summary)
            return 0
        raw = connection.fetch(headers.uid)
        if raw is None:
            mailstore.release(self.database, self.mailbox.name, seen.uidvalidity, seen.uid)
            return 0  # gone from the folder since the search: a person moved it
        sha256 = hashlib.sha256(raw).hexdigest()
        earlier = mailstore.same_message(self.database, self.mailbox.name, eml_sha256=sha256)
        if earlier is not None:
            self._recognised(seen, earlier, summary)
            return 0
        self._take(seen, raw, unreadable)
        return 1

    def _refuse_held(self, validity: int, headers: Headers, unreadable: Unreadable) -> None:
        """A held message not to be read again: its sentence on the status page, the
        message left on the server untouched."""
        sentence = self._unreadable_sentence(headers.uid, headers.size_bytes, unreadable)
        logger.error("mail: %s", sentence)
        for row in mailstore.interrupted(self.database, self.mailbox.name):
            if row.uidvalidity == validity and row.uid == headers.uid and row.id is not None:
                mailstore.refuse(self.database, row.id, sentence)

    def _unreadable_sentence(
        self, uid: int, size_bytes: int, unreadable: Unreadable, kept: bool = False
    ) -> str:
        """Which message, what is wrong, what to do. `kept`: its .eml is in the archive (a
        document on the problems page; `mail-retry` reads it from there); else it was left
        on the server (`mail-retry` fetches it)."""
        where = (
            "docvault kept the whole message (download it here)"
            if kept
            else "docvault left it on the server"
        )
        raised = f"raise {unreadable.setting}, then " if unreadable.setting else ""
        again = f" To have it read, {raised}run `docvault mail-retry {self.mailbox.name} {uid}`."
        return (
            f"Mailbox {self.mailbox.name}: the message with UID {uid} in folder "
            f"{self.mailbox.folder} ({size_bytes / 1024:,.0f} KB) {unreadable.reason}, so "
            f"docvault did not read it and will not try again by itself; {where}, and the "
            "other messages go on. Look at it in a mail program: if it is a letter, ask the "
            "sender to send it again (as a plain PDF attachment, fewer per message); if not, "
            f"delete it at the server.{again}"
        )

    def _seen(self, connection: MailConnection, headers: Headers, summary: Summary) -> Seen:
        return Seen(
            mailbox=self.mailbox.name,
            uidvalidity=connection.uidvalidity,
            uid=headers.uid,
            state=MailState.archived,
            size_bytes=headers.size_bytes,
            message_id=summary.message_id,
            sender=summary.sender,
            sender_address=summary.sender_address,
            subject=summary.subject,
            sent_at=summary.sent_at,
        )

    def _too_large(self, seen: Seen, summary: Summary) -> None:
        sentence = (
            f"Mailbox {self.mailbox.name}: {summary.describe()} is "
            f"{seen.size_bytes / 1_048_576:,.1f} MB, more than mail_max_message_mb "
            f"({self.max_message_bytes / 1_048_576:,.0f} MB); docvault did not download it "
            "and left it on the server untouched. Save its attachments into an inbox "
            "folder, or raise mail_max_message_mb (it is taken at the next start then)."
        )
        logger.warning("mail: %s", sentence)
        mailstore.record(self.database, _with(seen, state=MailState.too_large, problem=sentence))

    def _recognised(self, seen: Seen, earlier: MailMessage, summary: Summary) -> None:
        """The same message as one docvault holds (a new UIDVALIDITY, a copy): not taken
        again; acted on like a taken one only if the earlier one was not yet."""
        state = MailState.archived if earlier.state == MailState.archived else MailState.known
        logger.info(
            "mail: mailbox %s already holds %s (UID %s): not taken again",
            self.mailbox.name,
            summary.describe(),
            seen.uid,
        )
        mailstore.record(
            self.database,
            _with(
                seen,
                state=state,
                same_as_id=earlier.id,
                eml_sha256=earlier.eml_sha256,
                eml_path=earlier.eml_path,
            ),
        )

    # --- taking a message -------------------------------------------------------------------

    def _take(self, seen: Seen, raw: bytes, unreadable: Unreadable | None) -> None:
        """The .eml archived (and named by the held row) before it is read; then every
        readable attachment archived and recorded, then the message remembered with its
        documents, in that order. A message that cannot be read is kept whole, refused."""
        eml = archive_bytes(raw, ".eml", self.data_dir)
        mailstore.hold_copy(
            self.database, seen.mailbox, seen.uidvalidity, seen.uid, eml.sha256, eml.relative_path
        )
        parsed = unreadable or self.reader.message(self.data_dir / eml.relative_path)
        if isinstance(parsed, Unreadable):
            self._refuse_kept(seen, eml, len(raw), parsed)
            return
        mailstore.mark_read_whole(self.database, seen.mailbox, seen.uidvalidity, seen.uid)
        summary = parsed.summary
        key = _message_key(summary.message_id, eml.sha256)
        readable = [item for item in parsed.attachments if item.kind in self.readable_kinds]
        inspected = self._inspect_all(readable, summary)
        pages = sum(result[0] for result in inspected if isinstance(result, tuple))
        if pages > self.max_pages:
            self._refuse_kept(seen, eml, len(raw), self._too_many_pages(pages, len(readable)))
            return
        delivered = [
            self._take_attachment(item, summary, key, result)
            for item, result in zip(readable, inspected, strict=True)
        ]
        note = self._unread_note(parsed, readable)
        if not readable:
            delivered = [self._keep_whole(parsed, eml.sha256, eml.relative_path, len(raw), key)]
        mailstore.record(
            self.database,
            _with(seen, eml_sha256=eml.sha256, eml_path=eml.relative_path, problem=note),
            delivered,
        )
        logger.info(
            "mail: mailbox %s took %s (UID %s): %d document(s)%s",
            self.mailbox.name,
            summary.describe(),
            seen.uid,
            len(delivered),
            f"; {note}" if note else "",
        )

    def read_again(self, row: MailMessage, kept_id: int, who: str) -> ReadAgain:
        """A message kept whole as unreadable, read again because a person asked (`docvault
        mail-retry`): from its archived .eml (never fetched: it may be gone from the
        server), under the current limits. Its attachments are taken as at its arrival and
        linked to it, and its kept copy leaves the problems page (settled by `who`); or it
        is refused again, with the new sentence, and listed again."""
        assert row.id is not None
        assert row.eml_path
        parsed = self.reader.message(self.data_dir / row.eml_path)
        if isinstance(parsed, ParsedMessage):
            taken = self._take_again(row, parsed)
            if isinstance(taken, list):
                reason = f"read again at the ask of {who}: {len(taken)} document(s) taken"
                records.settle(self.database, kept_id, who, reason)
                logger.info("mail: mailbox %s, UID %s: %s", self.mailbox.name, row.uid, reason)
                return ReadAgain(row.uid, len(taken), None)
            parsed = taken
        sentence = self._unreadable_sentence(row.uid, row.size_bytes, parsed, kept=True)
        records.record_refused_again(self.database, kept_id, MailUnreadable.code, sentence)
        return ReadAgain(row.uid, 0, sentence)

    def _take_again(self, row: MailMessage, parsed: ParsedMessage) -> list[Delivered] | Unreadable:
        """The readable attachments of a kept message taken and linked to it; or why not."""
        assert row.id is not None
        assert row.eml_sha256
        readable = [item for item in parsed.attachments if item.kind in self.readable_kinds]
        if not readable:
            return Unreadable("has no attachment of a kind docvault reads")
        inspected = self._inspect_all(readable, parsed.summary)
        pages = sum(result[0] for result in inspected if isinstance(result, tuple))
        if pages > self.max_pages:
            return self._too_many_pages(pages, len(readable))
        key = _message_key(parsed.summary.message_id, row.eml_sha256)
        delivered = [
            self._take_attachment(item, parsed.summary, key, result)
            for item, result in zip(readable, inspected, strict=True)
        ]
        mailstore.link_documents(
            self.database, row.id, delivered, self._unread_note(parsed, readable)
        )
        return delivered

    def _refuse_kept(
        self, seen: Seen, eml: ArchivedFile, size: int, unreadable: Unreadable
    ) -> None:
        """A message not to be read, its .eml archived: kept whole, one document with the
        sentence, none of its attachments a document."""
        sentence = self._unreadable_sentence(seen.uid, size, unreadable, kept=True)
        kept = self._keep_unreadable(seen, sentence, eml.sha256, eml.relative_path, size)
        mailstore.record(
            self.database,
            _with(seen, eml_sha256=eml.sha256, eml_path=eml.relative_path, problem=sentence),
            [kept],
        )

    def _too_many_pages(self, pages: int, attachments: int) -> Unreadable:
        return Unreadable(
            f"has {pages:,} pages in its {attachments:,} attachment(s), more than "
            f"mail_max_pages ({self.max_pages:,}) allows for one message",
            "mail_max_pages",
        )

    def _inspect_all(
        self, readable: list[Attachment], summary: Summary
    ) -> list[tuple[int, str] | Refused | None]:
        """Each attachment's page count and kind (or why it cannot be read) before any of
        them is archived, so that a message over mail_max_pages leaves no attachment in the
        archive that no document refers to. Judged from copies in a scratch folder of the
        data folder by the inspection worker, as an archived file is; None: not judged here
        (over max_file_mb, or a file docvault holds already: no new pages)."""
        scratch = self.data_dir / "tmp"
        scratch.mkdir(parents=True, exist_ok=True)
        judged: list[tuple[int, str] | Refused | None] = []
        with tempfile.TemporaryDirectory(dir=scratch, prefix="mail-") as folder:
            for item in readable:
                judged.append(self._inspect_copy(Path(folder), item, summary))
                self._beat()
        return judged

    def _inspect_copy(
        self, folder: Path, attachment: Attachment, summary: Summary
    ) -> tuple[int, str] | Refused | None:
        if len(attachment.data) > self.max_file_bytes:
            return None
        sha256 = hashlib.sha256(attachment.data).hexdigest()
        if records.find_document(self.database, sha256) is not None:
            return None
        # Named as its archived copy will be: the sentences say "the file" for that name.
        name = f"{sha256}{Path(attachment.file_name).suffix.lower()[:10]}"
        (folder / name).write_bytes(attachment.data)
        new = records.NewDocument(
            sha256=sha256,
            original_name=attachment.file_name,
            inbox=self.mailbox.name,
            original_path=attachment.file_name,
            archive_path=name,
            size_bytes=len(attachment.data),
        )
        return inspect_archived(
            self.inspect, folder, new, self.empty_grace_seconds, self._place(summary)
        )

    def _keep_unreadable(
        self, seen: Seen, sentence: str, sha256: str, archive_path: str, size: int
    ) -> Delivered:
        """A message the reader refused: the .eml itself, listed once with the sentence."""
        name = f"message-{seen.uid}.eml"
        logger.warning("mail: %s (the message is kept in the archive)", sentence)
        new = self._message_document(name, sha256[:16], sha256, archive_path, size)
        return self._record_kept_whole(new, MailUnreadable.code, sentence)

    def _place(self, summary: Summary) -> str:
        return f"(attached to {summary.describe()} in mailbox {self.mailbox.name})"

    def _take_attachment(
        self,
        attachment: Attachment,
        summary: Summary,
        key: str,
        inspected: tuple[int, str] | Refused | None,
    ) -> Delivered:
        archived = archive_bytes(attachment.data, Path(attachment.file_name).suffix, self.data_dir)
        new = records.NewDocument(
            sha256=archived.sha256,
            original_name=attachment.file_name,
            inbox=self.mailbox.name,
            original_path=f"{self.mailbox.name}/{key}/{attachment.position}/{attachment.file_name}",
            archive_path=archived.relative_path,
            size_bytes=archived.size_bytes,
            tags=self.mailbox.tags,
            source=self._source(summary, key),
        )
        if archived.size_bytes > self.max_file_bytes:
            recorded = self._refuse_large(new, summary)
        else:
            recorded, _ = record_new(
                self.database,
                self.data_dir,
                self.inspect,
                new,
                self.empty_grace_seconds,
                place=self._place(summary),
                inspected=inspected,
            )
        return Delivered(recorded.document_id, attachment.position, attachment.file_name)

    def _source(self, summary: Summary, key: str) -> str:
        """Whose turn the attachment's pages take in the queue: its sender's (by address,
        else the message's own), so that one sender's hundreds of letters take one turn per
        round and every other sender's letter is read between (`records.claim`)."""
        return f"mail:{self.mailbox.name}:{summary.sender_address or key}"

    def _refuse_large(self, new: records.NewDocument, summary: Summary) -> records.Recorded:
        sentence = (
            f"{new.original_name} {self._place(summary)} is {new.size_bytes / 1_048_576:,.1f} "
            f"MB, more than the limit of {self.max_file_bytes / 1_048_576:,.1f} MB per file "
            "(max_file_mb); it is kept in the archive, with the message, but not read. Raise "
            "max_file_mb and take it in again from here, or ask the sender to split it."
        )
        if records.find_document(self.database, new.sha256) is not None:
            return records.record_document(self.database, new, page_count=0)
        return records.record_failed_document(self.database, new, FileTooLarge.code, sentence)

    def _unread_note(self, parsed: ParsedMessage, readable: list[Attachment]) -> str | None:
        others = [item.file_name for item in parsed.attachments if item not in readable]
        if not readable or not others:
            return None
        return (
            f"its other attachment(s) {', '.join(others)} are of no kind docvault reads; "
            "they are kept in the message (.eml)"
        )

    def _keep_whole(
        self, parsed: ParsedMessage, sha256: str, archive_path: str, size: int, key: str
    ) -> Delivered:
        """A message with nothing readable in it: the .eml itself, refused with the sentence."""
        code, sentence = self._problem(parsed)
        name = _eml_name(parsed.summary)
        logger.warning(
            "mail: %s (the message is kept in the archive as %s)", sentence, archive_path
        )
        new = self._message_document(name, key, sha256, archive_path, size)
        return self._record_kept_whole(new, code, sentence)

    def _message_document(
        self, name: str, key: str, sha256: str, archive_path: str, size: int
    ) -> records.NewDocument:
        """The .eml as a document of its own (a message kept whole, never read as pages)."""
        return records.NewDocument(
            sha256=sha256,
            original_name=name,
            inbox=self.mailbox.name,
            original_path=f"{self.mailbox.name}/{key}/0/{name}",
            archive_path=archive_path,
            size_bytes=size,
            tags=self.mailbox.tags,
            kind=MESSAGE_KIND,
        )

    def _record_kept_whole(self, new: records.NewDocument, code: str, sentence: str) -> Delivered:
        recorded = records.record_failed_document(self.database, new, code, sentence)
        return Delivered(recorded.document_id, 0, new.original_name)

    def _problem(self, parsed: ParsedMessage) -> tuple[str, str]:
        """The code and the sentence for a message nothing could be taken from."""
        where = f"Mailbox {self.mailbox.name}: {parsed.summary.describe()}"
        kept = "docvault kept the whole message (download it here)"
        if parsed.encrypted:
            return MailEncrypted.code, (
                f"{where} is encrypted (S/MIME or PGP), so docvault cannot read its letters; "
                f"{kept}. Ask the sender to send it unencrypted (or by the portal's download), "
                "or decrypt it in a mail program and save its PDF into an inbox folder."
            )
        if parsed.malformed:
            return MailMalformed.code, (
                f"{where} is malformed (its MIME structure is broken: "
                f"{', '.join(parsed.defects)}), so its attachments cannot be told apart; "
                f"{kept}. Ask the sender to send it again, or open it in a mail program and "
                "save its PDF into an inbox folder."
            )
        if parsed.attachments:
            names = ", ".join(
                f"{item.file_name} ({item.kind or item.content_type})"
                for item in parsed.attachments
            )
            return MailNoReadableAttachment.code, (
                f"{where} has no attachment docvault reads (it has {names}; docvault reads "
                f"PDF, TIFF, JPEG, PNG and other scans and faxes, not archives or office "
                f"files); {kept}. Save its letters as PDF into an inbox folder, or ask the "
                "sender for a PDF."
            )
        return MailNoReadableAttachment.code, (
            f"{where} has no attachment at all (only text); {kept}. If its text is the "
            "letter, print it to PDF into an inbox folder; if this sender never sends "
            "letters, leave them out with the mailbox's senders filter."
        )

    # --- what the status page shows ---------------------------------------------------------

    def _publish(self) -> None:
        counters = self._counters
        validity = mailstore.last_uidvalidity(self.database, self.mailbox.name)
        too_large = (
            mailstore.too_large(self.database, self.mailbox.name, validity) if validity else []
        )
        waiting = (
            len(mailstore.unacted(self.database, self.mailbox.name, validity)) if validity else 0
        )
        if not counters.connected:
            mode = "not connected"
        elif counters.idle:
            mode = "IDLE"
        else:
            mode = f"polling every {self.mailbox.poll_seconds:g} s"
        problems = [counters.problem or "", self._numbered_back or "", *too_large]
        self.snapshot = MailboxSnapshot(
            name=self.mailbox.name,
            address=self.mailbox.address,
            mode=mode,
            last_look=counters.last_look,
            taken=counters.taken,
            waiting=waiting,
            problem=" ".join(problem for problem in problems if problem) or None,
        )


def _no_beat() -> None:
    """No part to tell (a look made outside one: `docvault` commands, benchmarks)."""


def _unknown_summary() -> Summary:
    """What a message whose headers could not be read is known by: nothing but its UID."""
    return Summary(None, "", "", "", None, "")


def _defect(error: Exception) -> Unreadable:
    return Unreadable(
        f"made docvault fail twice ({type(error).__name__}: {str(error)[:200]}; please "
        "report this to docvault's maintainers)"
    )


def _with(seen: Seen, **changes: object) -> Seen:
    return Seen(**{**seen.__dict__, **changes})


def _message_key(message_id: str | None, sha256: str) -> str:
    """What names a message in its documents' original_path: its Message-ID (the same
    message taken again after a crash, or seen again, is the same arrival), else its hash."""
    if message_id:
        return _UNSAFE.sub("_", message_id.strip("<>"))[:120]
    return sha256[:16]


def _eml_name(summary: Summary) -> str:
    subject = _UNSAFE.sub(" ", summary.subject).strip()[:80]
    return f"{subject or 'message'}.eml"
