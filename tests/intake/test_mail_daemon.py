"""Mail intake with the real daemon against a real IMAP server (Dovecot on loopback,
tests/support/dovecot.py): letters become documents, each message exactly once and acted
on only after its attachments committed, through SIGKILLs, a new UIDVALIDITY, a server
that goes away, a wrong password and every kind of bad mail."""

from __future__ import annotations

import hashlib
import json
import random
import re
import shlex
import sqlite3
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from devtools.daemon import Daemon, wait_for
from devtools.engine_sim import EngineSimulator
from tests.support.dovecot import PASSWORD, USER, Dovecot
from tests.support.mail import SENDER, letter_message, message
from tests.support.mounts import fill, mount_problem, tmpfs

pytestmark = pytest.mark.slow
FIXTURES = Path(__file__).parents[1] / "fixtures"


def simulated(simulator: EngineSimulator, **settings: str) -> dict[str, str]:
    return {
        "DOCVAULT_ENGINE": "openai",
        "DOCVAULT_ENGINE_URL": simulator.base_url,
        "DOCVAULT_PROFILE": "ovisocr2",
        "DOCVAULT_WEB_ENABLED": "false",
        **settings,
    }


def mail_config(home: Path, server: Dovecot, **mailbox: Any) -> Path:
    """docvault.toml with one [[mailboxes]] table for the test server, and its password
    file (mode 0600). JSON's strings, numbers, booleans and lists are TOML's."""
    password = home / "mail.password"
    if not password.exists():
        password.write_text(PASSWORD + "\n")
        password.chmod(0o600)
    table = {
        "name": "labor",
        "host": "127.0.0.1",
        "port": server.imaps_port,
        "tls": "implicit",
        "tls_ca_file": str(server.certificate),
        "user": USER,
        "password_file": str(password),
        "poll_seconds": 30,
        "tags": ["mail"],
        **mailbox,
    }
    config = home / "docvault.toml"
    lines = ["[[inboxes]]", 'name = "scans"', 'path = "inbox"', "", "[[mailboxes]]"]
    lines += [f"{key} = {json.dumps(value)}" for key, value in table.items()]
    config.write_text("\n".join(lines) + "\n")
    return config


def query(daemon: Daemon, sql: str) -> list[tuple[Any, ...]]:
    path = daemon.folder / "docvault-data" / "docvault.sqlite3"
    if not path.exists():
        return []
    with sqlite3.connect(path) as connection:
        try:
            return connection.execute(sql).fetchall()
        except sqlite3.OperationalError:  # the daemon has not made its tables yet
            return []


def documents(daemon: Daemon) -> dict[str, tuple[str, str, str | None]]:
    """Every document: file name -> (inbox, status, error code)."""
    rows = query(daemon, "SELECT original_name, inbox, status, error_class FROM documents")
    return {name: (inbox, status, code) for name, inbox, status, code in rows}


def part(daemon: Daemon, name: str = "mailbox-labor") -> dict[str, Any]:
    status = json.loads(daemon.status_file.read_text()) if daemon.status_file.exists() else {}
    return next((entry for entry in status.get("parts", []) if entry["name"] == name), {})


def part_where(daemon: Daemon, holds: Callable[[dict[str, Any]], bool]) -> dict[str, Any] | None:
    """The mailbox part's status where it holds, read once: two reads may see two states
    (the part goes from "restarting" with its reason to "starting again" between them)."""
    found = part(daemon)
    return found if holds(found) else None


def attachments_of(raw: bytes) -> set[str]:
    """The sha256 of each PDF attached to a message built by tests.support.mail."""
    from docvault.intake.mailparse import parse_message

    return {
        hashlib.sha256(item.data).hexdigest()
        for item in parse_message(raw).attachments
        if item.kind == "pdf"
    }


def test_messages_with_one_and_several_attachments_become_documents(
    tmp_path: Path, imap_server: Dovecot, simulator: EngineSimulator
) -> None:
    single = letter_message(tmp_path, 1, letters=1, subject="Befund Mustermann")
    several = letter_message(tmp_path, 2, letters=3, subject="Laborwerte Juni")
    imap_server.append(single)
    imap_server.append(several)
    received = tmp_path / "handed-over"
    received.mkdir()
    write = (
        "import pathlib, sys, uuid; pathlib.Path(sys.argv[1], uuid.uuid4().hex + '.json')"
        ".write_bytes(sys.stdin.buffer.read())"
    )
    config = mail_config(tmp_path, imap_server)
    daemon = Daemon(
        tmp_path,
        **simulated(
            simulator,
            DOCVAULT_CONFIG=str(config),
            DOCVAULT_WEB_ENABLED="true",
            DOCVAULT_HANDOVER_COMMAND=shlex.join([sys.executable, "-c", write, str(received)]),
        ),
    )
    daemon.start()
    try:
        wait_for(lambda: len(list(received.iterdir())) == 4, 90, "four documents handed over")
        flags = imap_server.messages()
        by_name = {
            name: row for name, *row in query(daemon, "SELECT original_name, id FROM documents")
        }
        web = daemon.logged_in_client()
        try:
            view = web.get(f"/documents/{by_name['befund-2-2.pdf'][0]}").text
            email = web.get(f"/documents/{by_name['befund-1-1.pdf'][0]}/email")
            status_page = web.get("/status").text
        finally:
            web.close()
        found_from = daemon.cli_json("search", "from:labor")
        found_subject = daemon.cli_json("search", "subject:laborwerte")
        status = daemon.cli("status").stdout
    finally:
        assert daemon.stop() == 0, daemon.log.read_text()

    assert {name: row[:2] for name, row in documents(daemon).items()} == {
        name: ("labor", "done")
        for name in ("befund-1-1.pdf", "befund-2-1.pdf", "befund-2-2.pdf", "befund-2-3.pdf")
    }
    assert all("\\Seen" in marks for marks in flags.values()), flags
    # The message itself is kept, content-addressed, and served as it arrived.
    assert email.status_code == 200
    assert email.content == re.sub(rb"\r?\n", b"\r\n", single)
    kept = query(daemon, "SELECT eml_path, eml_sha256, state FROM mail_messages ORDER BY uid")
    assert [state for *_, state in kept] == ["done", "done"]
    for eml_path, sha256, _ in kept:
        assert (
            hashlib.sha256((tmp_path / "docvault-data" / eml_path).read_bytes()).hexdigest()
            == sha256
        )
    # The view names sender, subject and the rest of the delivery.
    assert "Labor Dr. Weiß" in view
    assert "Laborwerte Juni" in view
    delivery = re.search(r'id="delivery">(.*?)</span>', view, re.S)
    assert delivery is not None
    assert "befund-2-1.pdf" in delivery.group(1)
    assert "befund-2-3.pdf" in delivery.group(1)
    assert "befund-2-2.pdf" not in delivery.group(1)
    # from: and subject: find them.
    assert {hit["file_name"] for hit in found_from["hits"]} == set(by_name)
    assert {hit["file_name"] for hit in found_subject["hits"]} == {
        "befund-2-1.pdf", "befund-2-2.pdf", "befund-2-3.pdf",
    }  # fmt: skip
    # The hand-over carries the mail and the delivery.
    payloads = [json.loads(path.read_text())["document"] for path in received.iterdir()]
    middle = next(payload for payload in payloads if payload["file_name"] == "befund-2-2.pdf")
    assert middle["mail"]["from_address"] == "befund@labor.example"
    assert middle["mail"]["subject"] == "Laborwerte Juni"
    assert middle["mail"]["sent_at"] == "2026-12-03T09:30:00+00:00"
    assert sorted(other["file_name"] for other in middle["mail"]["delivered_with"]) == [
        "befund-2-1.pdf", "befund-2-3.pdf",
    ]  # fmt: skip
    assert "mailbox labor (imaps://clerk@127.0.0.1:" in status
    # The status page: the mailbox's part, and the mailbox among the inboxes (its address
    # is for administrators, as an inbox's folder is; `docvault status` shows it above).
    assert "<td>mailbox-labor</td>" in status_page
    assert "<tr><td>labor" in status_page


def test_sigkill_while_fetching_and_archiving_takes_every_attachment_once(
    tmp_path: Path, imap_server: Dovecot, simulator: EngineSimulator
) -> None:
    """Killed six times at random moments while it takes forty messages: every message
    moved at the server has all its attachments committed, and in the end every attachment
    is one document and every message is moved once."""
    chooser = random.Random(20261204)
    sent: dict[str, set[str]] = {}
    for seed in range(40):
        raw = letter_message(tmp_path, seed, letters=chooser.randint(1, 3))
        sent[_message_id(raw)] = attachments_of(raw)
        imap_server.append(raw)
    config = mail_config(tmp_path, imap_server, after_taking="move", move_to="Taken/docvault")
    daemon = Daemon(tmp_path, **simulated(simulator, DOCVAULT_CONFIG=str(config)))
    for _ in range(6):
        recorded = _documents_recorded(daemon)
        daemon.start(wait=False)
        wait_for(
            lambda before=recorded: _documents_recorded(daemon) > before,
            60,
            "the run's first attachment to be recorded",
            interval=0.02,
        )
        # A random moment of the intake going on: fetching the next message, archiving its
        # .eml or an attachment, recording, moving (some 100 ms a message on two cores;
        # forty messages outlast the six runs, which keep the test near a minute).
        time.sleep(chooser.uniform(0.0, 0.5))
        daemon.kill()
        committed = {sha for (sha,) in query(daemon, "SELECT sha256 FROM documents")}
        for moved in imap_server.message_ids("Taken.docvault"):
            assert sent[moved] <= committed, f"{moved} was moved before its attachments committed"
    daemon.start()
    try:
        wait_for(lambda: not imap_server.messages(), 90, "every message to be moved")
    finally:
        assert daemon.stop() == 0, daemon.log.read_text()

    every = set().union(*sent.values())
    rows = query(daemon, "SELECT sha256 FROM documents")
    assert sorted(sha for (sha,) in rows) == sorted(every), "each attachment exactly once"
    assert query(daemon, "SELECT COUNT(*) FROM duplicates") == [(0,)]
    assert sorted(imap_server.message_ids("Taken.docvault")) == sorted(sent)
    states = query(daemon, "SELECT state, COUNT(*) FROM mail_messages GROUP BY state")
    assert states == [("done", 40)]
    assert query(daemon, "SELECT COUNT(*) FROM mail_documents") == [(len(every),)]


def _documents_recorded(daemon: Daemon) -> int:
    rows = query(daemon, "SELECT COUNT(*) FROM documents")
    return int(rows[0][0]) if rows else 0


def _message_id(raw: bytes) -> str:
    from docvault.intake.mailparse import parse_message

    message_id = parse_message(raw).summary.message_id
    assert message_id is not None
    return message_id


def test_a_new_uidvalidity_loses_nothing_and_takes_nothing_twice(
    tmp_path: Path, imap_server: Dovecot, simulator: EngineSimulator
) -> None:
    old = [letter_message(tmp_path, seed) for seed in range(3)]
    # A gateway's message without a Message-ID is recognised by its bytes alone.
    bare = re.sub(rb"Message-ID: [^\r\n]+\r?\n", b"", letter_message(tmp_path, 3))
    for raw in [*old, bare]:
        imap_server.append(raw, "Befunde")
    config = mail_config(tmp_path, imap_server, folder="Befunde", poll_seconds=2)
    daemon = Daemon(tmp_path, **simulated(simulator, DOCVAULT_CONFIG=str(config)))
    daemon.start()
    try:
        wait_for(lambda: len(documents(daemon)) == 4, 60, "the first four letters")
        before = imap_server.uidvalidity("Befunde")
        new = [letter_message(tmp_path, seed) for seed in (10, 11)]
        # The folder made anew while docvault watches it: the old messages come back
        # under new UIDs, two new ones with them.
        imap_server.recreate("Befunde", [*old, bare, *new])
        assert imap_server.uidvalidity("Befunde") != before
        wait_for(lambda: len(documents(daemon)) == 6, 60, "the two new letters")
        wait_for(
            lambda: len(query(daemon, "SELECT id FROM mail_messages")) == 10,
            30,
            "every message of the new numbering to be decided about",
        )
    finally:
        assert daemon.stop() == 0, daemon.log.read_text()
    assert query(daemon, "SELECT COUNT(*) FROM duplicates") == [(0,)]
    assert query(daemon, "SELECT COUNT(*) FROM mail_documents") == [(6,)]
    states = query(
        daemon, "SELECT uidvalidity, state, COUNT(*) FROM mail_messages GROUP BY 1, 2 ORDER BY 1"
    )
    assert [(state, count) for _, state, count in states] == [
        ("done", 4), ("done", 2), ("known", 4),
    ] or [(state, count) for _, state, count in states] == [
        ("done", 4), ("known", 4), ("done", 2),
    ]  # fmt: skip
    assert "numbered the folder Befunde anew" in daemon.log.read_text()


def _mailbox_problem(daemon: Daemon) -> str:
    status = json.loads(daemon.status_file.read_text()) if daemon.status_file.exists() else {}
    return " ".join(box.get("problem") or "" for box in status.get("mailboxes", []))


def _three_letters_taken(
    tmp_path: Path, imap_server: Dovecot, simulator: EngineSimulator
) -> tuple[Daemon, list[bytes]]:
    """Three letters taken by a daemon polling every 2 s, stopped then; the letters."""
    letters = [letter_message(tmp_path, seed) for seed in range(3)]
    for raw in letters:
        imap_server.append(raw)
    config = mail_config(tmp_path, imap_server, poll_seconds=2)
    daemon = Daemon(tmp_path, **simulated(simulator, DOCVAULT_CONFIG=str(config)))
    daemon.start()
    try:
        wait_for(lambda: len(documents(daemon)) == 3, 60, "the first three letters")
    finally:
        assert daemon.stop() == 0, daemon.log.read_text()
    return daemon, letters


def test_a_folder_numbered_back_with_its_old_uidvalidity_is_said_not_skipped_silently(
    tmp_path: Path, imap_server: Dovecot, simulator: EngineSimulator
) -> None:
    """Issue 44 (LOW): a folder that came back with the UIDVALIDITY docvault knows and UIDs
    below those it had seen had its new letters skipped without a word."""
    daemon, _ = _three_letters_taken(tmp_path, imap_server, simulator)
    validity = imap_server.uidvalidity()
    # The mail store restored from an old copy: UIDs 1 and 2 again, the same UIDVALIDITY.
    imap_server.renumber_keeping_validity(
        [letter_message(tmp_path, 20), letter_message(tmp_path, 21)]
    )
    daemon.start()
    try:
        wait_for(lambda: "from UID 3 again" in _mailbox_problem(daemon), 60, "the sentence")
    finally:
        assert daemon.stop() == 0, daemon.log.read_text()
    sentence = _mailbox_problem(daemon)
    assert sentence.startswith(
        "Mailbox labor: the server numbers the folder 'INBOX' from UID 3 again, below the "
        f"UIDs docvault has already decided about (up to 3), yet keeps its UIDVALIDITY {validity}"
    )
    assert "Have the server give the folder a new UIDVALIDITY" in sentence
    assert sentence in daemon.log.read_text()


def test_a_folder_numbered_back_has_its_new_letters_read_and_its_old_ones_not_twice(
    tmp_path: Path, imap_server: Dovecot, simulator: EngineSimulator
) -> None:
    """Issue 44 (LOW): the new letters of a folder that came back with the UIDVALIDITY
    docvault knows and lower UIDs were skipped (said on the status page since, still not
    read). It is read as a folder numbered anew: the old letter that came back with it is
    recognised, the new ones are taken, and so is one delivered after."""
    daemon, first = _three_letters_taken(tmp_path, imap_server, simulator)
    # Restored from an old copy: an old letter at UID 1, a new one at UID 2, UIDVALIDITY kept.
    imap_server.renumber_keeping_validity([first[0], letter_message(tmp_path, 20)])
    daemon.start()
    try:
        wait_for(lambda: "befund-20-1.pdf" in documents(daemon), 60, "the new letter")
        later = imap_server.append(letter_message(tmp_path, 21))
        assert later == 3  # a UID docvault had decided about before the renumbering
        wait_for(lambda: "befund-21-1.pdf" in documents(daemon), 60, "the letter after it")

        # Marked at the server after its document is kept: waited for, not raced.
        def seen_after_it() -> dict[int, tuple[str, ...]] | None:
            found = imap_server.messages()
            return found if "\\Seen" in found.get(3, ()) else None

        flags = wait_for(seen_after_it, 60, "the letter after it to be marked seen")
    finally:
        assert daemon.stop() == 0, daemon.log.read_text()
    assert sorted(documents(daemon)) == [f"befund-{seed}-1.pdf" for seed in (0, 1, 2, 20, 21)]
    assert query(daemon, "SELECT COUNT(*) FROM duplicates") == [(0,)]
    assert query(daemon, "SELECT COUNT(*) FROM mail_documents") == [(5,)]
    validity = imap_server.uidvalidity()
    now = query(
        daemon, f"SELECT uid, state FROM mail_messages WHERE uidvalidity = {validity} ORDER BY uid"
    )
    assert now == [(1, "known"), (2, "done"), (3, "done")]
    # The rows of the old numbering are kept (their documents' origin), under none of its UIDs.
    assert query(daemon, "SELECT COUNT(*) FROM mail_messages WHERE uidvalidity <= 0") == [(3,)]
    # Acted on at the server: the letters taken under the new numbering (the old one met
    # again was acted on before; no UID of the old numbering is acted on).
    assert "\\Seen" in flags[2], flags
    assert "\\Seen" in flags[3], flags
    assert "so docvault reads the folder as one numbered anew" in daemon.log.read_text()


def test_idle_delivers_a_new_message_within_seconds(
    tmp_path: Path, imap_server: Dovecot, simulator: EngineSimulator
) -> None:
    config = mail_config(tmp_path, imap_server, poll_seconds=600)  # only IDLE can be quick
    daemon = Daemon(tmp_path, **simulated(simulator, DOCVAULT_CONFIG=str(config)))
    daemon.start()
    try:
        wait_for(lambda: "IDLE" in daemon.log.read_text(), 30, "the mailbox in IDLE")
        imap_server.append(letter_message(tmp_path, 1))
        started = time.monotonic()
        wait_for(lambda: documents(daemon), 10, "the letter, delivered by IDLE", interval=0.05)
        took = time.monotonic() - started
    finally:
        assert daemon.stop() == 0, daemon.log.read_text()
    assert took < 10


def test_the_mailbox_part_recovers_by_itself_when_the_server_comes_back(
    tmp_path: Path, imap_server: Dovecot, simulator: EngineSimulator
) -> None:
    config = mail_config(tmp_path, imap_server, tls="starttls", port=imap_server.imap_port)
    daemon = Daemon(tmp_path, **simulated(simulator, DOCVAULT_CONFIG=str(config)))
    daemon.start()
    try:
        imap_server.append(letter_message(tmp_path, 1))
        wait_for(lambda: len(documents(daemon)) == 1, 30, "the first letter")
        imap_server.stop()
        down = wait_for(
            lambda: part_where(daemon, lambda found: found.get("state") == "restarting"),
            60,
            "the mailbox part to notice the server is gone",
        )
        imap_server.start()
        imap_server.append(letter_message(tmp_path, 2))
        wait_for(lambda: len(documents(daemon)) == 2, 60, "the letter sent while it was down")
        wait_for(lambda: part(daemon).get("state") == "running", 30, "the part running again")
    finally:
        assert daemon.stop() == 0, daemon.log.read_text()
    assert "Mailbox labor" in down["detail"]
    assert "tries again" in down["detail"]


def test_a_wrong_password_and_an_open_password_file_are_said_and_waited_out(
    tmp_path: Path, imap_server: Dovecot, simulator: EngineSimulator
) -> None:
    password = tmp_path / "mail.password"
    password.write_text("not the password\n")
    password.chmod(0o600)
    imap_server.append(letter_message(tmp_path, 1))
    config = mail_config(tmp_path, imap_server)
    daemon = Daemon(tmp_path, **simulated(simulator, DOCVAULT_CONFIG=str(config)))
    daemon.start()
    try:
        refused = wait_for(
            lambda: part_where(
                daemon, lambda found: "refused the login" in found.get("detail", "")
            ),
            30,
            "the refused login on the status page",
        )
        shown = daemon.cli("status").stdout
        password.write_text(PASSWORD + "\n")
        password.chmod(0o644)
        opened = wait_for(
            lambda: part_where(daemon, lambda found: "other users" in found.get("detail", "")),
            30,
            "the password file readable by others, refused",
        )
        password.chmod(0o600)
        wait_for(lambda: documents(daemon), 30, "the letter once the password is right")
    finally:
        assert daemon.stop() == 0, daemon.log.read_text()
    assert refused["state"] == "degraded"
    assert "Check the user and the password in the password file" in refused["detail"]
    assert "refused the login of clerk" in shown
    assert f"chmod 600 {password}" in opened["detail"]
    assert PASSWORD not in daemon.log.read_text()
    assert "not the password" not in daemon.log.read_text()


def test_each_kind_of_bad_mail_gets_its_sentence_and_is_kept(
    tmp_path: Path, imap_server: Dovecot, simulator: EngineSimulator
) -> None:
    protected = (FIXTURES / "paperless__password-is-test.pdf").read_bytes()
    large = b"%PDF-1.4\n" + random.Random(1).randbytes(1_300_000)
    zipped = b"PK\x03\x04" + random.Random(2).randbytes(2000)
    bad = {
        "text only": message([], subject="Nur Text"),
        "a zip": message([("befunde.zip", zipped, "application/zip")], subject="Gepackt"),
        "a protected pdf": message(
            [("geschuetzt.pdf", protected, "application/pdf")], subject="Mit Kennwort"
        ),
        "too large a file": message([("riesig.pdf", large, "application/pdf")], subject="Riesig"),
        "smime": (
            f"From: {SENDER}\r\nSubject: Verschluesselt\r\n"
            "Date: Thu, 03 Dec 2026 09:30:00 +0000\r\n"
            "Message-ID: <smime@labor.example>\r\nMIME-Version: 1.0\r\n"
            'Content-Type: application/pkcs7-mime; smime-type=enveloped-data; name="smime.p7m"\r\n'
            "Content-Transfer-Encoding: base64\r\n"
            'Content-Disposition: attachment; filename="smime.p7m"\r\n\r\n'
            "MIAGCSqGSIb3DQEHA6CAMIACAQAx\r\n"
        ).encode(),
        "malformed": (
            f"From: {SENDER}\r\nSubject: Kaputt\r\nDate: Thu, 03 Dec 2026 09:30:00 +0000\r\n"
            "Message-ID: <kaputt@labor.example>\r\nMIME-Version: 1.0\r\n"
            'Content-Type: multipart/mixed; boundary="XYZ"\r\n\r\n--ABC\r\n'
            "Content-Type: application/pdf\r\nContent-Transfer-Encoding: base64\r\n\r\n"
            "JVBERi0xLjQK\r\n--ABC--\r\n"
        ).encode(),
        # Over mail_max_message_mb (2 MB): not downloaded; the file above's is 1.8 MB.
        "too large a message": message(
            [
                (
                    "gross.pdf",
                    b"%PDF-1.4\n" + random.Random(3).randbytes(1_700_000),
                    "application/pdf",
                )
            ],
            subject="Zu gross",
        ),
    }
    uids = {what: imap_server.append(raw) for what, raw in bad.items()}
    config = mail_config(tmp_path, imap_server, require_attachment=False)
    daemon = Daemon(
        tmp_path,
        **simulated(
            simulator,
            DOCVAULT_CONFIG=str(config),
            DOCVAULT_MAX_FILE_MB="1",
            DOCVAULT_MAIL_MAX_MESSAGE_MB="2",
        ),
    )
    daemon.start()
    try:
        wait_for(lambda: len(documents(daemon)) == 6, 60, "a document for each bad message")
        # The message over the size limit is the last one looked at: it is reported, not taken.
        wait_for(
            lambda: bool(daemon.cli_json("status")["service"]["mailboxes"][0]["problem"]),
            60,
            "the message over the size limit to be reported",
        )
        status = daemon.cli_json("status")
    finally:
        assert daemon.stop() == 0, daemon.log.read_text()
    found = documents(daemon)
    errors = dict(query(daemon, "SELECT original_name, error FROM documents"))
    assert found["Nur Text.eml"][1:] == ("failed", "mail-no-readable-attachment")
    assert found["Gepackt.eml"][1:] == ("failed", "mail-no-readable-attachment")
    assert found["geschuetzt.pdf"][1:] == ("failed", "encrypted-document")
    assert found["riesig.pdf"][1:] == ("failed", "file-too-large")
    assert found["Verschluesselt.eml"][1:] == ("failed", "mail-encrypted")
    assert found["Kaputt.eml"][1:] == ("failed", "mail-malformed")
    # Each sentence: which mailbox, which message, what is wrong, what to do.
    for name, sentence in errors.items():
        assert "labor" in sentence, name
        assert "Labor Dr. Weiß" in sentence, name
        assert "2026-12-03 09:30 UTC" in sentence, name
    assert "only text" in errors["Nur Text.eml"]
    assert "befunde.zip" in errors["Gepackt.eml"]
    assert "Save its letters" in errors["Gepackt.eml"]
    assert "password" in errors["geschuetzt.pdf"].lower()
    assert "max_file_mb" in errors["riesig.pdf"]
    assert "encrypted" in errors["Verschluesselt.eml"]
    assert "StartBoundaryNotFoundDefect" in errors["Kaputt.eml"]
    # Every message but the one not downloaded is kept whole and acted on.
    flags = imap_server.messages()
    large_uid = uids["too large a message"]
    assert all("\\Seen" in marks for uid, marks in flags.items() if uid != large_uid), flags
    assert "\\Seen" not in flags[large_uid]
    kept = query(daemon, "SELECT COUNT(*) FROM mail_messages WHERE eml_path IS NOT NULL")
    assert kept == [(6,)]
    reported = status["service"]["mailboxes"][0]["problem"]
    assert "'Zu gross'" in reported
    assert "mail_max_message_mb" in reported


def test_a_full_archive_disk_is_waited_out_by_the_mailbox_part_not_restarted(
    tmp_path: Path, imap_server: Dovecot, simulator: EngineSimulator
) -> None:
    """docvault's own storage in the way is not the mail server's fault: the part stays
    connected and says the fault (it was restarted with back-off, as for a server gone),
    the message waits at the server, and is taken once, by itself, when there is room."""
    if (problem := mount_problem()) is not None:
        pytest.skip(problem)
    archive = tmp_path / "docvault-data" / "archive"
    archive.mkdir(parents=True)
    config = mail_config(tmp_path, imap_server)
    with tmpfs(archive, 4 * 1024 * 1024):
        daemon = Daemon(tmp_path, **simulated(simulator, DOCVAULT_CONFIG=str(config)))
        daemon.start()
        try:
            wait_for(lambda: part(daemon).get("state") == "running", 30, "the mailbox part")
            filler = fill(archive)
            try:
                imap_server.append(letter_message(tmp_path, 1))
                said = wait_for(
                    lambda: part_where(daemon, lambda found: "is full" in found.get("detail", "")),
                    60,
                    "the mailbox part to say the archive's disk is full",
                )
                assert documents(daemon) == {}
            finally:
                filler.unlink()
            wait_for(lambda: len(documents(daemon)) == 1, 60, "the letter once there is room")
            cleared = wait_for(
                lambda: part_where(daemon, lambda found: not found.get("detail")),
                30,
                "the fault no longer said",
            )
        finally:
            assert daemon.stop() == 0, daemon.log.read_text()
    assert said["state"] == "degraded"
    assert said["detail"].startswith("The disk holding the archive of originals")
    assert (said["restarts"], cleared["restarts"]) == (0, 0)
    assert cleared["state"] == "running"
    assert _documents_recorded(daemon) == 1
