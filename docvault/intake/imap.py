"""One IMAP connection to one folder of a mailbox: open, search, fetch, act, wait.

A stage leaf: settings and a password in, UIDs and bytes out; no database. Built on
imap-tools (connection, STARTTLS, login, folder selection, IDLE) with imaplib's own UID
commands where docvault needs exactly one command's behaviour:

- every blocking step (connect, TLS handshake, login, each answer) ends within
  `timeout_seconds` (the socket's timeout), so a stalled server fails the part instead of
  hanging it;
- the certificate is checked against the system's CAs (and `tls_ca_file`), unless the
  admin named this very host in `tls_unverified_host`;
- nothing is downloaded to find new mail: `UID SEARCH UID n:*` names the messages after
  the last one taken (a server answers `n:*` past its last UID with that last message:
  filtered out), and a message is fetched by UID with `BODY.PEEK[]`, which leaves its
  \\Seen flag alone;
- a deletion expunges only the message's own UID (`UID EXPUNGE`, where the server offers
  UIDPLUS): a plain EXPUNGE would also remove what a person had marked deleted;
- folder names are written with "/" between levels in the settings and turned into the
  server's own delimiter ("." for Dovecot's Maildir++, "/" for others).

Every failure of the server or the network is a `MailServerUnreachable` (the part starts
again with back-off); a refused login is a `MailLoginRefused`.
"""

from __future__ import annotations

import contextlib
import imaplib
import re
import select
import socket
import ssl
import threading
import time
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from imap_tools import MailBox, MailBoxStartTls, MailBoxUnencrypted
from imap_tools.errors import MailboxLoginError, UnexpectedCommandStatusError
from imap_tools.mailbox import BaseMailBox

from docvault.errors import MailFolderMissing, MailLoginRefused, MailServerUnreachable
from docvault.intake.mailparse import SUMMARY_HEADERS
from docvault.setting_types import AfterTaking, MailboxSettings, MailTls

# The answers of one UID FETCH of summaries: a few hundred headers at a time.
SUMMARY_BATCH = 200
_FETCH_UID = re.compile(rb"UID (\d+)")
_FETCH_SIZE = re.compile(rb"RFC822\.SIZE (\d+)")
_LIST_DELIMITER = re.compile(rb'\([^)]*\) (?:NIL|"((?:[^"\\]|\\.)*)")')
# RFC 2177: a client re-issues IDLE at least every 29 minutes.
IDLE_MAX_SECONDS = 25 * 60
# How often a wait looks at the stop flag (the stop waits at most this long for it).
STOP_LOOK_SECONDS = 0.5
_FAILURES = (OSError, imaplib.IMAP4.error, UnexpectedCommandStatusError, EOFError)


@dataclass(frozen=True)
class Headers:
    """A message's size and summary headers, as fetched before deciding to download it."""

    uid: int
    size_bytes: int
    header_bytes: bytes


def ssl_context(mailbox: MailboxSettings) -> ssl.SSLContext:
    """The TLS context: the system's CAs plus `tls_ca_file`; unchecked only for the host
    the admin named in `tls_unverified_host`."""
    context = ssl.create_default_context(
        cafile=str(mailbox.tls_ca_file) if mailbox.tls_ca_file else None
    )
    if not mailbox.verifies_certificate:
        context.check_hostname = False
        context.verify_mode = ssl.CERT_NONE
    return context


def unreachable(mailbox: MailboxSettings, error: BaseException) -> MailServerUnreachable:
    """The sentence for a server that cannot be talked to, by what went wrong."""
    where = f"Mailbox {mailbox.name} ({mailbox.address})"
    if isinstance(error, ssl.SSLCertVerificationError):
        return MailServerUnreachable(
            f"{where}: the server's certificate could not be verified "
            f"({error.verify_message or error}); no password was sent. Give the CA (or the "
            "server's own certificate) with tls_ca_file, or, for a server you trust on your "
            f'own network, set tls_unverified_host = "{mailbox.host}". docvault tries again '
            "with back-off."
        )
    if isinstance(error, TimeoutError | socket.timeout):
        return MailServerUnreachable(
            f"{where}: the server did not answer within the time limit "
            "(mail_timeout_seconds); docvault hung up and tries again with back-off. If it "
            "keeps happening, check the server, or raise mail_timeout_seconds."
        )
    if isinstance(error, ConnectionRefusedError | socket.gaierror):
        return MailServerUnreachable(
            f"{where}: the server cannot be reached ({error.strerror or error}); check the "
            "host and port in the settings and that the server is running. docvault tries "
            "again with back-off; no message is lost meanwhile."
        )
    return MailServerUnreachable(
        f"{where}: the connection to the server failed or was dropped "
        f"({type(error).__name__}: {error}); docvault tries again with back-off, and takes "
        "every message it has not taken yet once the server answers again."
    )


class MailConnection:
    """A logged-in connection with the mailbox's folder selected (make it with `open`)."""

    def __init__(self, mailbox: MailboxSettings, box: BaseMailBox) -> None:
        self.mailbox = mailbox
        self.box = box
        self.client: imaplib.IMAP4 = box.client
        self.capabilities: frozenset[str] = frozenset()
        self.delimiter = "/"
        self.uidvalidity = 0
        self.uidnext = 0  # the UID the server gives the next message (0: it did not say)
        self.folder = mailbox.folder

    @classmethod
    def open(
        cls, mailbox: MailboxSettings, password: str, timeout_seconds: float
    ) -> MailConnection:
        """Connect, log in, select the folder (and make `move_to` if it is missing)."""
        try:
            box = _connect(mailbox, timeout_seconds)
        except _FAILURES as error:
            raise unreachable(mailbox, error) from None
        connection = cls(mailbox, box)
        try:
            connection._log_in(password)
            connection._select()
        except BaseException:
            connection.close()
            raise
        return connection

    # --- opening --------------------------------------------------------------------------

    def _log_in(self, password: str) -> None:
        try:
            self.box.login(self.mailbox.user, password, initial_folder=None)
        except MailboxLoginError:
            raise MailLoginRefused(
                f"Mailbox {self.mailbox.name} ({self.mailbox.address}): the server refused "
                f"the login of {self.mailbox.user}. Check the user and the password in the "
                f"password file ({self.mailbox.password_file}); docvault tries again when the "
                "file changes, and otherwise only every few minutes, so that the server does "
                "not lock the account."
            ) from None
        except _FAILURES as error:
            raise unreachable(self.mailbox, error) from None
        with self._talking():
            # The capabilities before the login are the greeting's; the server tells its
            # full list (MOVE, UIDPLUS, IDLE) only to a logged-in client.
            _, data = self.client.capability()
            words = b" ".join(item for item in data if isinstance(item, bytes)).upper().split()
            self.capabilities = frozenset(word.decode() for word in words)
            self.client.capabilities = tuple(sorted(self.capabilities))
            self.delimiter = self._server_delimiter()

    def _server_delimiter(self) -> str:
        _, data = self.client.list('""', '""')
        for line in data:
            match = _LIST_DELIMITER.match(line) if isinstance(line, bytes) else None
            if match and match.group(1):
                return match.group(1).decode().replace("\\", "")
        return "/"

    def server_name(self, folder: str) -> str:
        """A folder as the settings write it ("Archive/docvault") in the server's words."""
        return self.delimiter.join(part for part in folder.split("/") if part)

    def _select(self) -> None:
        self.folder = self.server_name(self.mailbox.folder)
        with self._talking():
            if self.mailbox.after_taking is AfterTaking.move:
                self._ensure_folder(self.server_name(self.mailbox.move_to), "move_to")
            try:
                self.box.folder.set(self.folder)
            except UnexpectedCommandStatusError:
                raise MailFolderMissing(
                    f"Mailbox {self.mailbox.name}: the folder {self.mailbox.folder!r} cannot "
                    f"be opened on {self.mailbox.host} (the server's folders are separated by "
                    f"{self.delimiter!r}). Correct `folder` in its [[mailboxes]] table; "
                    "docvault tries again with back-off."
                ) from None
            _, values = self.client.response("UIDVALIDITY")
            self.uidvalidity = int(values[0]) if values and values[0] else 0
            _, values = self.client.response("UIDNEXT")
            self.uidnext = int(values[0]) if values and values[0] else 0

    def _ensure_folder(self, folder: str, setting: str) -> None:
        if self.box.folder.exists(folder):
            return
        try:
            self.box.folder.create(folder)
        except UnexpectedCommandStatusError as error:
            raise MailFolderMissing(
                f"Mailbox {self.mailbox.name}: the folder {folder!r} ({setting}) does not exist "
                f"and cannot be made ({error}); make it in the mailbox or correct {setting}. "
                "No message is moved until then."
            ) from None

    # --- talking --------------------------------------------------------------------------

    @contextlib.contextmanager
    def _talking(self) -> Iterator[None]:
        """Every failure of the server or the network as `MailServerUnreachable`."""
        try:
            yield
        except _FAILURES as error:
            raise unreachable(self.mailbox, error) from None

    def _uid(self, command: str, *arguments: str) -> list[Any]:
        typ, data = self.client.uid(command, *arguments)
        if typ != "OK":
            raise imaplib.IMAP4.error(f"UID {command} answered {typ}: {data!r}"[:300])
        return list(data)

    def uids_from(self, first_uid: int) -> list[int]:
        """The UIDs of the folder's messages from `first_uid` on: one search, no download."""
        with self._talking():
            data = self._uid("SEARCH", "UID", f"{max(first_uid, 1)}:*")
        found = [int(word) for item in data if item for word in item.split()]
        return sorted(uid for uid in found if uid >= first_uid)

    def headers(self, uids: Sequence[int]) -> list[Headers]:
        """Size and summary headers of these messages (\\Seen left alone)."""
        wanted = f"(UID RFC822.SIZE BODY.PEEK[HEADER.FIELDS ({' '.join(SUMMARY_HEADERS)})])"
        found: list[Headers] = []
        for start in range(0, len(uids), SUMMARY_BATCH):
            batch = ",".join(str(uid) for uid in uids[start : start + SUMMARY_BATCH])
            with self._talking():
                data = self._uid("FETCH", batch, wanted)
            found.extend(_parsed_headers(data))
        return found

    def fetch(self, uid: int) -> bytes | None:
        """The whole message (\\Seen left alone); None when it is gone from the folder."""
        with self._talking():
            data = self._uid("FETCH", str(uid), "(UID BODY.PEEK[])")
        for item in data:
            if isinstance(item, tuple) and len(item) == 2 and _uid_of(item[0]) == uid:
                return bytes(item[1])
        return None

    def act(self, uids: Iterable[int], after: AfterTaking) -> None:
        """Do what the mailbox's after_taking says to these messages (repeatable: a
        message moved or deleted already is no longer there, and nothing happens)."""
        listed = ",".join(str(uid) for uid in sorted(set(uids)))
        if not listed:
            return
        with self._talking():
            if after is AfterTaking.seen:
                self._uid("STORE", listed, "+FLAGS.SILENT", r"(\Seen)")
            elif after is AfterTaking.flag:
                self._uid("STORE", listed, "+FLAGS.SILENT", r"(\Flagged)")
            elif after is AfterTaking.move:
                self._move(listed)
            else:
                self._uid("STORE", listed, "+FLAGS.SILENT", r"(\Deleted)")
                self._expunge(listed)

    def _move(self, listed: str) -> None:
        target = _quoted(self.server_name(self.mailbox.move_to))
        if "MOVE" in self.capabilities:
            self._uid("MOVE", listed, target)
            return
        self._uid("COPY", listed, target)
        self._uid("STORE", listed, "+FLAGS.SILENT", r"(\Deleted)")
        self._expunge(listed)

    def _expunge(self, listed: str) -> None:
        if "UIDPLUS" in self.capabilities:
            self._uid("EXPUNGE", listed)
        else:  # the only way left; it also expunges what a person marked deleted
            self.client.expunge()

    # --- waiting --------------------------------------------------------------------------

    @property
    def can_idle(self) -> bool:
        return self.mailbox.idle and "IDLE" in self.capabilities

    def wait(self, seconds: float, stopping: threading.Event) -> bool:
        """Wait up to `seconds` for news from the server (IDLE) or for the stop; True when
        the server said something changed. Without IDLE it just waits."""
        if not self.can_idle:
            stopping.wait(seconds)
            return False
        with self._talking():
            self.box.idle.start()  # type: ignore[no-untyped-call]
            try:
                return self._idle(min(seconds, IDLE_MAX_SECONDS), stopping)
            finally:
                self.box.idle.stop()  # type: ignore[no-untyped-call]

    def _idle(self, seconds: float, stopping: threading.Event) -> bool:
        deadline = time.monotonic() + seconds
        sock = self.client.sock
        while not stopping.is_set():
            left = deadline - time.monotonic()
            if left <= 0:
                return False
            # An SSL socket may hold a decrypted answer already: no select needed then.
            buffered = sock.pending() if isinstance(sock, ssl.SSLSocket) else 0
            if buffered or select.select([sock], [], [], min(left, STOP_LOOK_SECONDS))[0]:
                # imaplib's own reader, as imap-tools' IDLE uses it.
                line = self.client._get_line()
                if line.startswith(b"* BYE"):
                    raise imaplib.IMAP4.abort(line.decode(errors="replace"))
                return True
        return False

    def noop(self) -> None:
        """Ask the server for news (and check that it still answers)."""
        with self._talking():
            self.client.noop()

    def close(self) -> None:
        """Log out, or at least close the socket: never raises."""
        with contextlib.suppress(Exception):
            self.client.sock.settimeout(5.0)
            self.box.logout()
        with contextlib.suppress(Exception):
            self.client.shutdown()


def _connect(mailbox: MailboxSettings, timeout_seconds: float) -> BaseMailBox:
    if mailbox.tls is MailTls.implicit:
        return MailBox(
            mailbox.host,
            mailbox.effective_port,
            timeout=timeout_seconds,
            ssl_context=ssl_context(mailbox),
        )
    if mailbox.tls is MailTls.starttls:
        return MailBoxStartTls(
            mailbox.host,
            mailbox.effective_port,
            timeout=timeout_seconds,
            ssl_context=ssl_context(mailbox),
        )
    return MailBoxUnencrypted(mailbox.host, mailbox.effective_port, timeout=timeout_seconds)


def _uid_of(head: object) -> int | None:
    match = _FETCH_UID.search(head) if isinstance(head, bytes) else None
    return int(match.group(1)) if match else None


def _parsed_headers(data: list[Any]) -> Iterator[Headers]:
    for item in data:
        if not isinstance(item, tuple) or len(item) != 2:
            continue
        uid = _uid_of(item[0])
        size = _FETCH_SIZE.search(item[0])
        if uid is not None and size is not None:
            yield Headers(uid, int(size.group(1)), bytes(item[1]))


def _quoted(folder: str) -> str:
    from imap_tools.imap_utf7 import utf7_encode

    encoded = utf7_encode(folder).decode()
    return '"' + encoded.replace("\\", "\\\\").replace('"', '\\"') + '"'
