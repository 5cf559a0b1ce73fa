"""docvault.intake.mailreader: a message read in a worker process of its own (issue 44). Each input
that broke the daemon's own parser comes back as `Unreadable` with its reason, the worker
killed past the time limit, and the next message is read by a fresh one."""

from __future__ import annotations

import io
import tracemalloc
import zipfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from docvault.intake.mailparse import ParsedMessage, Summary
from docvault.intake.mailreader import MailReader, Unreadable
from docvault.render.kinds import detect_kind
from tests.support.hostile_mail import hostile_messages, long_from
from tests.support.mail import letter_message


@pytest.fixture(scope="module")
def reader() -> Iterator[MailReader]:
    # The worker imports what reading mail needs (about 35 MB of address space, not MuPDF's
    # and onnxruntime's 880 MB through an eager render face); a long From header's parse
    # reaches 250 MB, so 192 MiB stops it on any machine, however fast.
    made = MailReader(timeout_seconds=3, memory_limit_bytes=192 * 1024 * 1024, max_attachments=2)
    yield made
    made.close()


def test_each_hostile_message_is_unreadable_or_read_never_raised(
    tmp_path: Path, reader: MailReader
) -> None:
    outcomes = {}
    for name, raw in hostile_messages(tmp_path).items():
        path = tmp_path / f"{name}.eml"
        path.write_bytes(raw)
        outcomes[name] = reader.message(path)
    assert isinstance(outcomes["far date"], ParsedMessage)
    assert outcomes["far date"].summary.sent_at is None
    assert isinstance(outcomes["nested parts"], Unreadable)
    assert "nested too deeply" in outcomes["nested parts"].reason
    assert isinstance(outcomes["long From"], Unreadable)
    # The header parser's work and memory both grow with the square of the header: which of
    # the two limits ends it first depends on the machine (the time limit has its own test).
    assert outcomes["long From"].setting in ("mail_read_timeout_seconds", "mail_read_memory_mb")
    # The worker past the limit was replaced: the next message is read.
    assert isinstance(reader.headers(letter_message(tmp_path, 1)), Summary)


def test_a_long_header_is_stopped_at_the_time_limit(tmp_path: Path) -> None:
    # 100,000 characters take the parser minutes on the machine of the penetration test and
    # seconds here, and gigabytes: a limit of 1 s with room for 4 GiB ends it by time.
    quick = MailReader(timeout_seconds=1, memory_limit_bytes=4 * 1024**3, max_attachments=2)
    try:
        head = long_from(letter_message(tmp_path, 2)).split(b"\r\n\r\n")[0]
        outcome = quick.headers(head)
        assert isinstance(outcome, Unreadable)
        assert "within 1 seconds" in outcome.reason
        assert outcome.setting == "mail_read_timeout_seconds"
        # The worker past the limit was replaced: the next message is read.
        assert isinstance(quick.headers(letter_message(tmp_path, 3)), Summary)
    finally:
        quick.close()


def test_more_attachments_than_the_limit_are_refused_before_decoding(
    tmp_path: Path, reader: MailReader
) -> None:
    path = tmp_path / "many.eml"
    path.write_bytes(letter_message(tmp_path, 3, letters=3))
    outcome = reader.message(path)
    assert isinstance(outcome, Unreadable)
    assert outcome.reason.startswith("has 3 attachments, more than mail_max_attachments (2)")


def test_a_zip_bomb_s_kind_is_told_without_inflating_it(tmp_path: Path) -> None:
    """Its 'mimetype' entry inflates to 200 MB; telling the kind reads 64 bytes of it (the
    whole entry took the daemon from 0.25 GB to 4.47 GB, issue 44)."""
    buffer = io.BytesIO()
    chunk = b"\0" * (1024 * 1024)
    with (
        zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive,
        archive.open("mimetype", "w") as entry,
    ):
        for _ in range(200):
            entry.write(chunk)
    bomb = tmp_path / "bomb.zip"
    bomb.write_bytes(buffer.getvalue())
    tracemalloc.start()
    try:
        kind = detect_kind(bomb)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert kind is None
    assert peak < 10 * 1024 * 1024, f"{peak:,} bytes to tell a zip's kind"
