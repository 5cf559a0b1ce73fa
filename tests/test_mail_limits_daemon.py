"""Issue 44's limits per message, with the real daemon against a real Dovecot: a message
whose attachments have more pages together than mail_max_pages is kept whole and refused
with a sentence (none of its attachments a document, nothing left in the archive that no
document refers to), and the letter after it is read."""

from __future__ import annotations

from pathlib import Path

import pytest

from devtools.daemon import Daemon, wait_for
from devtools.engine_sim import EngineSimulator
from tests.support.dovecot import Dovecot
from tests.support.mail import letter_message, message, pdf_bytes
from tests.test_mail_daemon import documents, mail_config, part, query, simulated

pytestmark = pytest.mark.slow


def test_a_message_over_mail_max_pages_is_kept_whole_and_refused_with_a_sentence(
    tmp_path: Path, imap_server: Dovecot, simulator: EngineSimulator
) -> None:
    # Three attachments of two pages each: 6 pages, one more than the limit of 5.
    thick = message(
        [
            (f"akte-{number}.pdf", pdf_bytes(tmp_path, f"a{number}.pdf", 2, 700 + number),
             "application/pdf")
            for number in range(1, 4)
        ],
        subject="Akte Mustermann",
    )  # fmt: skip
    thick_uid = imap_server.append(thick)
    imap_server.append(letter_message(tmp_path, 71, subject="Danach"))
    config = mail_config(tmp_path, imap_server, poll_seconds=2)
    daemon = Daemon(
        tmp_path, **simulated(simulator, DOCVAULT_CONFIG=str(config), DOCVAULT_MAIL_MAX_PAGES="5")
    )
    daemon.start()
    try:
        wait_for(
            lambda: documents(daemon).get("befund-71-1.pdf", ("", ""))[1] == "done",
            90,
            "the letter after the thick message read",
        )
        mailbox_part = part(daemon)
    finally:
        assert daemon.stop() == 0, daemon.log.read_text()
    assert mailbox_part["restarts"] == 0, mailbox_part
    taken = documents(daemon)
    assert not any(name.startswith("akte-") for name in taken), taken
    refused = query(
        daemon,
        "SELECT d.original_name, d.kind, d.error_class, d.error FROM mail_messages m "
        f"JOIN mail_documents l ON l.message_id = m.id JOIN documents d ON d.id = l.document_id "
        f"WHERE m.uid = {thick_uid}",
    )
    assert len(refused) == 1, refused
    name, kind, code, sentence = refused[0]
    assert (name, kind, code) == (f"message-{thick_uid}.eml", "message", "mail-unreadable")
    assert f"Mailbox labor: the message with UID {thick_uid} in folder INBOX" in sentence
    assert "has 6 pages in its 3 attachment(s), more than mail_max_pages (5)" in sentence
    assert "docvault kept the whole message" in sentence
    assert "raise mail_max_pages" in sentence
    # Nothing of it left in the archive that no document refers to, no scratch copy left.
    verify = daemon.cli("verify", check=False)
    assert verify.returncode == 0, verify.stdout + verify.stderr
    assert list((tmp_path / "docvault-data" / "tmp").iterdir()) == []
