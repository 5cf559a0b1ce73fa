"""Mail intake's pieces without a server: the [[mailboxes]] tables, what a message's bytes
give, and the password file's rule."""

from __future__ import annotations

from email import policy
from email.message import EmailMessage
from email.parser import BytesParser
from pathlib import Path

import pytest

from docvault.config import Settings, load_settings
from docvault.errors import ConfigError, MailPasswordFileRefused
from docvault.intake.mailbox import read_password
from docvault.intake.mailparse import matches, parse_headers, parse_message
from docvault.records import mailstore
from docvault.search import search
from docvault.setting_types import AfterTaking, MailTls
from docvault.vocabulary import MailState
from tests.support.factsarchive import MUSTERMANN_LETTER, add_letter, drain_index
from tests.support.mail import message
from tests.support.webarchive import WebArchive

PDF = b"%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n"
PNG = b"\x89PNG\r\n\x1a\n" + b"\x00" * 64


def settings_with(tmp_path: Path, table: str) -> Settings:
    config = tmp_path / "docvault.toml"
    config.write_text(
        '[[mailboxes]]\nhost = "mail.example.org"\nuser = "fax@example.org"\n'
        f'password_file = "fax.password"\n{table}'
    )
    return load_settings(config, environ={}, cwd=tmp_path)


def test_a_mailbox_table_with_its_defaults_and_its_own_settings(tmp_path: Path) -> None:
    settings = settings_with(
        tmp_path,
        'name = "fax"\ntls = "starttls"\nafter_taking = "move"\nmove_to = "Archiv/docvault"\n'
        'senders = ["@labor.example"]\ntags = ["fax"]\npoll_seconds = 30\n',
    )
    (mailbox,) = settings.mailboxes
    assert (mailbox.name, mailbox.tls, mailbox.effective_port) == ("fax", MailTls.starttls, 143)
    assert mailbox.after_taking is AfterTaking.move
    assert mailbox.password_file == tmp_path / "fax.password"
    assert (mailbox.folder, mailbox.senders, mailbox.poll_seconds) == (
        "INBOX", ("@labor.example",), 30,
    )  # fmt: skip
    assert mailbox.verifies_certificate


@pytest.mark.parametrize(
    ("table", "sentence"),
    [
        ('tls = "none"\n', "is for a server on this machine only"),
        ('after_taking = "move"\n', "is needed with after_taking"),
        ('after_taking = "archive"\n', "allowed: seen, flag, move, delete"),
        ("passwort = 'x'\n", "is not a mailbox setting"),
        ("port = 99999\n", "allowed: a whole number from 0 to 65535"),
        ('senders = "lab@example.org"\n', "a list of strings"),
    ],
)
def test_a_wrong_mailbox_setting_stops_start_up_with_its_sentence(
    tmp_path: Path, table: str, sentence: str
) -> None:
    with pytest.raises(ConfigError, match="mailboxes") as refused:
        settings_with(tmp_path, table)
    assert sentence in refused.value.message


def test_the_certificate_is_unchecked_only_for_the_host_the_admin_named(tmp_path: Path) -> None:
    named = settings_with(tmp_path, 'tls_unverified_host = "MAIL.example.org"\n')
    other = settings_with(tmp_path, 'tls_unverified_host = "other.example.org"\n')
    assert not named.mailboxes[0].verifies_certificate
    assert other.mailboxes[0].verifies_certificate


def test_the_password_file_must_be_the_docvault_users_alone(tmp_path: Path) -> None:
    settings = settings_with(tmp_path, "")
    mailbox = settings.mailboxes[0]
    with pytest.raises(MailPasswordFileRefused, match="does not exist"):
        read_password(mailbox)
    (tmp_path / "fax.password").write_text("geheim\n")
    (tmp_path / "fax.password").chmod(0o640)
    with pytest.raises(MailPasswordFileRefused, match="chmod 600"):
        read_password(mailbox)
    (tmp_path / "fax.password").chmod(0o600)
    assert read_password(mailbox) == "geheim"


def test_attachments_are_the_files_not_the_html_pictures_nor_signatures() -> None:
    mail = EmailMessage()
    mail["From"] = "Klinikum <brief@klinikum.example>"
    mail["Subject"] = "Arztbrief"
    mail.set_content("Text")
    mail.add_alternative("<p><img src='cid:logo'></p>", subtype="html")
    html = mail.get_payload()[1]
    html.add_related(PNG, maintype="image", subtype="png", cid="<logo>")
    mail.add_attachment(PDF, maintype="application", subtype="pdf", filename="../../brief.pdf")
    mail.add_attachment(b"sig", maintype="application", subtype="pkcs7-signature", filename="s.p7s")
    parsed = parse_message(mail.as_bytes())
    assert [(item.file_name, item.kind) for item in parsed.attachments] == [("brief.pdf", "pdf")]
    assert not parsed.defects


def test_a_forwarded_message_gives_its_attachments_too() -> None:
    inner = message([("befund.pdf", PDF, "application/pdf")], subject="Befund")
    outer = EmailMessage()
    outer["From"] = "Praxis <praxis@example.org>"
    outer["Subject"] = "Fwd: Befund"
    outer.set_content("siehe Anhang")
    outer.add_attachment(BytesParser(policy=policy.default).parsebytes(inner))
    names = [item.file_name for item in parse_message(outer.as_bytes()).attachments]
    assert names == ["befund.pdf"]


def test_the_filters_read_the_headers_alone(tmp_path: Path) -> None:
    settings = settings_with(
        tmp_path, 'senders = ["@labor.example"]\nsubject_contains = ["Befund"]\n'
    )
    mailbox = settings.mailboxes[0]
    taken = parse_headers(message([("a.pdf", PDF, "application/pdf")], subject="Ihr Befund"))
    other = parse_headers(
        message([("a.pdf", PDF, "application/pdf")], sender="spam@example.com", subject="Befund")
    )
    text = parse_headers(message([], subject="Befund"))
    assert matches(mailbox, taken) is None
    assert "not among senders" in (matches(mailbox, other) or "")
    assert "carries no attachment" in (matches(mailbox, text) or "")


def test_a_letter_read_from_a_folder_that_arrives_by_mail_too_is_found_by_its_message(
    archive: WebArchive,
) -> None:
    # The same bytes came from a folder first and were read; now a message delivers them:
    # the link and the pages' return to the index outbox are one transaction.
    document = add_letter(archive, "ocrmypdf__cardinal.pdf", MUSTERMANN_LETTER)
    drain_index(archive)
    assert _found(archive, "subject:laborwerte") == set()
    seen = mailstore.Seen(
        mailbox="labor", uidvalidity=7, uid=3, state=MailState.archived, size_bytes=2048,
        message_id="<a@labor.example>", sender="Labor Dr. Weiß",
        sender_address="befund@labor.example", subject="Laborwerte Juni",
    )  # fmt: skip
    mailstore.record(archive.database, seen, [mailstore.Delivered(document, 1, "befund.pdf")])
    drain_index(archive)
    assert _found(archive, "subject:laborwerte") == {document}
    assert _found(archive, "from:labor") == {document}


def _found(archive: WebArchive, query: str) -> set[int]:
    archive.index.reopen()
    results = search(archive.database, archive.index, query, 1, 100)
    return {found.document_id for found in results.documents}
