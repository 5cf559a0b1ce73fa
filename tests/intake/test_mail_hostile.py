"""Issue 44: one e-mail cannot stop the archive. Messages built to break Python's mail
parser (dates past the calendar, parentheses and parts nested hundreds deep, a From header
that takes minutes to read, too many attachments) sent to a real Dovecot and read by the
real daemon: the daemon keeps running, each is settled once (taken, or kept whole and
refused with its sentence), the letter after them is read, and after a restart none of
them is fetched or read again."""

from __future__ import annotations

from pathlib import Path

import pytest

from devtools.daemon import Daemon, wait_for
from devtools.engine_sim import EngineSimulator
from tests.intake.test_mail_daemon import documents, mail_config, part, query, simulated
from tests.support.dovecot import Dovecot
from tests.support.hostile_mail import hostile_messages
from tests.support.mail import letter_message

pytestmark = pytest.mark.slow

# Taken: the leaf parser reads these now (a date no calendar holds is no date).
TAKEN = {"far date", "twenty-digit year"}
# The 100 KB From header: the standard library's parser is quadratic in it, so a fast machine
# reads it within the limits and takes the message, a slower one refuses it at the time or
# the memory limit. Either way it is settled once and stops nothing.
EITHER = {"long From"}


def _settled(daemon: Daemon, count: int) -> bool:
    rows = query(daemon, "SELECT state FROM mail_messages")
    return len(rows) == count and all(state not in ("reading",) for (state,) in rows)


def test_hostile_messages_are_settled_once_and_never_stop_the_daemon(
    tmp_path: Path, imap_server: Dovecot, simulator: EngineSimulator
) -> None:
    hostile = hostile_messages(tmp_path)
    many = letter_message(tmp_path, 50, letters=4, subject="Viele Anhaenge")
    uids = {name: imap_server.append(raw) for name, raw in hostile.items()}
    uids["too many attachments"] = imap_server.append(many)
    after = imap_server.append(letter_message(tmp_path, 60, subject="Danach"))
    config = mail_config(tmp_path, imap_server, poll_seconds=2)
    daemon = Daemon(
        tmp_path,
        **simulated(
            simulator,
            DOCVAULT_CONFIG=str(config),
            DOCVAULT_MAIL_READ_TIMEOUT_SECONDS="5",
            DOCVAULT_MAIL_MAX_ATTACHMENTS="3",
        ),
    )
    daemon.start()
    try:
        wait_for(lambda: _settled(daemon, len(uids) + 1), 150, "every message settled")
        wait_for(lambda: "befund-60-1.pdf" in documents(daemon), 30, "the letter after them")
        first = part(daemon)
    finally:
        assert daemon.stop() == 0, daemon.log.read_text()
    assert first["state"] == "running", first
    assert first["restarts"] == 0, first
    refused = dict(
        query(
            daemon,
            "SELECT m.uid, d.error FROM mail_messages m JOIN mail_documents l "
            "ON l.message_id = m.id JOIN documents d ON d.id = l.document_id "
            "WHERE d.error_class = 'mail-unreadable'",
        )
    )
    for name, uid in uids.items():
        if name in TAKEN:
            assert uid not in refused, name
            continue
        if name in EITHER and uid not in refused:
            continue
        sentence = refused[uid]
        assert f"Mailbox labor: the message with UID {uid} in folder INBOX" in sentence, name
        assert "will not try again by itself" in sentence, name
    if uids["long From"] in refused:
        long_from = refused[uids["long From"]]
        assert "mail_read_timeout_seconds" in long_from or "mail_read_memory_mb" in long_from
    assert "mail_max_attachments" in refused[uids["too many attachments"]]
    assert "nested too deeply" in refused[uids["nested parts"]]
    taken = documents(daemon)
    assert taken["befund-900-1.pdf"][1] == "done"  # the far date's letter was read
    assert not any(name.startswith("befund-50-") for name in taken)  # none of the four
    unreadable = [name for name, row in taken.items() if row[2] == "mail-unreadable"]
    read_anyway = [name for name in EITHER if uids[name] not in refused]
    assert len(unreadable) == len(uids) - len(TAKEN) - len(read_anyway), "each refused once"

    # A second run: nothing is fetched or read again, and a new letter is.
    logged = len(daemon.log.read_bytes())
    rows_before = query(daemon, "SELECT uid, state FROM mail_messages ORDER BY uid")
    imap_server.append(letter_message(tmp_path, 61, subject="Neu"))
    daemon.start()
    try:
        wait_for(lambda: "befund-61-1.pdf" in documents(daemon), 60, "the new letter")
        second = part(daemon)
    finally:
        assert daemon.stop() == 0, daemon.log.read_text()
    assert second["restarts"] == 0, second
    again = daemon.log.read_bytes()[logged:].decode("utf-8", "replace")
    for uid in [*uids.values(), after]:
        assert f"UID {uid} " not in again, again
    rows_after = query(daemon, "SELECT uid, state FROM mail_messages ORDER BY uid")
    assert rows_after[: len(rows_before)] == rows_before
    assert len(documents(daemon)) == len(taken) + 1
    # No .eml archived by an attempt and then named by nothing (each failed attempt left
    # one before issue 44): verify finds no orphan in the archive.
    verify = daemon.cli("verify", check=False)
    assert verify.returncode == 0, verify.stdout + verify.stderr
