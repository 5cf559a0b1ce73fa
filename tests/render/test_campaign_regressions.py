"""Inputs the coverage-guided campaign (bench/fuzz_campaign.py, issue 29) and the
structure-aware property tests (tests/test_properties_*.py) found a defect with, kept with
the fix: each now ends as a document, a result or its sentence, where it once ended with a
traceback or a wrong answer.

tests/fixtures/campaign/MANIFEST.tsv says which target or property found each, the symptom
and the fix.
"""

from __future__ import annotations

import csv
import json
import shutil
import sqlite3
from contextlib import closing
from datetime import date, datetime
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from devtools.daemon import Daemon, wait_for
from devtools.engine_sim import EngineSimulator, SimulatorConfig
from docvault.config import load_settings
from docvault.errors import ConfigError, CorruptDocument
from docvault.intake.mailparse import parse_message
from docvault.render import RenderOptions, inspect_document, render_page
from docvault.search import FolderWriter, IndexEntry, SearchIndex
from docvault.web.app import create_app
from tests.support.webarchive import WebArchive
from tests.web.test_web import log_in

CAMPAIGN = Path(__file__).parents[1] / "fixtures" / "campaign"


def kept_inputs() -> list[str]:
    with (CAMPAIGN / "MANIFEST.tsv").open(newline="") as handle:
        return [row["file"] for row in csv.DictReader(handle, delimiter="\t")]


def test_every_kept_input_is_in_the_manifest() -> None:
    on_disk = sorted(path.name for path in CAMPAIGN.iterdir() if path.name != "MANIFEST.tsv")
    assert on_disk == sorted(kept_inputs())


def test_a_page_tree_whose_count_lies_is_refused_as_corrupt(tmp_path: Path) -> None:
    path = CAMPAIGN / "page-tree-count-lies.pdf"
    with pytest.raises(CorruptDocument) as refused:
        inspect_document(path, RenderOptions())
    assert "page-tree-count-lies.pdf looks like a PDF file but its structure cannot be read" in (
        refused.value.message
    )
    with pytest.raises(CorruptDocument):
        render_page(path, 1, RenderOptions())


def test_an_error_no_check_foresaw_fails_its_page_alone_with_a_sentence(tmp_path: Path) -> None:
    """The render worker's safety net: a defect the campaign has not found yet costs the one
    page its sentence, not a lease that expires and renders the page again for ever."""
    from docvault.render import pool

    def broken(*_: object, **__: object) -> Any:
        raise RuntimeError("code=7: something MuPDF never said before")

    path = tmp_path / "letter.pdf"
    for outcome in (
        pool._render_in_worker(path, 2, RenderOptions(), render=broken),
        pool._inspect_in_worker(path, 0, RenderOptions(), inspect=broken),
    ):
        assert isinstance(outcome, pool._WorkerFailure)
        assert outcome.error_code == "render-failed"
        assert "could not be read: MuPDF or docvault failed on it in a way docvault" in (
            outcome.message
        )
        assert "RuntimeError: code=7: something MuPDF never said before" in outcome.message
        assert "the original is kept in the archive" in outcome.message
    page_outcome = pool._render_in_worker(path, 2, RenderOptions(), render=broken)
    assert isinstance(page_outcome, pool._WorkerFailure)
    assert page_outcome.message.startswith("Page 2 of letter.pdf could not be read")


# --- found by the property tests (tests/test_properties_*.py, issue 29) ---------------------


def test_a_page_scaled_to_nothing_by_a_user_unit_of_zero_is_drawn_in_its_media_box() -> None:
    # MuPDF scaled the page by /UserUnit 0 to 0 x 0 points, and sizing it divided by zero.
    rendered = render_page(CAMPAIGN / "page-user-unit-zero.pdf", 1, RenderOptions(dpi=72))
    assert (rendered.image.width, rendered.image.height) == (595, 842)


def test_a_heic_photo_whose_image_data_cannot_be_decoded_is_refused_as_corrupt() -> None:
    # libheif's "Unexpected end of file" is an EOFError, which no except clause named.
    path = CAMPAIGN / "heic-image-data-undecodable.heic"
    with pytest.raises(CorruptDocument) as refused:
        inspect_document(path, RenderOptions())
    assert f"{path.name} looks like a HEIC/HEIF photo but cannot be decoded" in (
        refused.value.message
    )


def test_a_library_reason_over_two_lines_is_one_line_of_the_sentence() -> None:
    # libheif's reason ended with a newline, inside the sentence: two lines in the log.
    path = CAMPAIGN / "heic-reason-over-two-lines.heic"
    with pytest.raises(CorruptDocument) as refused:
        inspect_document(path, RenderOptions())
    assert "\n" not in refused.value.message
    assert "Extent in iloc box references data outside of file bounds" in refused.value.message


@pytest.fixture(scope="module")
def dated_index(tmp_path_factory: pytest.TempPathFactory) -> SearchIndex:
    directory = tmp_path_factory.mktemp("dated") / "index"
    received = datetime(2025, 3, 14)
    FolderWriter(directory).apply(
        [
            IndexEntry(
                1,
                1,
                1,
                "fax",
                (),
                "a.pdf",
                received,
                None,
                "done",
                "Befund",
                1,
                patient="Erika Mustermann",
                born=date(1938, 5, 1),
            ),
            IndexEntry(
                2,
                2,
                1,
                "fax",
                (),
                "b.pdf",
                received,
                None,
                "done",
                "Befund",
                2,
                patient="Hans Weiß",
                born=date(1962, 1, 2),
            ),
        ],
        [],
    )
    return SearchIndex(directory)


def test_a_date_after_the_last_day_python_knows_finds_nothing(dated_index: SearchIndex) -> None:
    # The day after 9999-12-31 was an OverflowError: a 500 in the web view.
    text = (CAMPAIGN / "query-after-the-last-date.txt").read_text().strip()
    assert dated_index.search(text).total_documents == 0
    assert dated_index.search("received:<0001").total_documents == 0


def test_born_before_1950_finds_the_patients_born_before_1950(dated_index: SearchIndex) -> None:
    # Open date ranges began in 1950, and the facts take birth dates from 1900.
    text = (CAMPAIGN / "query-born-before-1950.txt").read_text().strip()
    assert [hit.document_id for hit in dated_index.search(text).hits] == [1]


def _refusal(name: str, tmp_path: Path) -> ConfigError:
    config = tmp_path / "docvault.toml"
    shutil.copyfile(CAMPAIGN / name, config)
    with pytest.raises(ConfigError) as refused:
        load_settings(config, environ={}, cwd=tmp_path)
    return refused.value


@pytest.mark.parametrize(
    ("name", "setting", "sentence"),
    [
        # Refused as the top-level setting 'inbox', which the file did not hold.
        ("config-inbox-path-false.toml", "inboxes[2].path", "is False; allowed: a string."),
        # NaN was taken: no file would ever have held still long enough.
        ("config-settle-seconds-nan.toml", "settle_seconds", "is nan; allowed: a finite number."),
        # An OverflowError (int of infinity), a traceback at start.
        ("config-max-pages-inf.toml", "max_pages", "is inf; allowed: a whole number."),
        # Taken as the name "5" (and recursive = "no" as true).
        ("config-inbox-recursive-text.toml", "inboxes[1].name", "is 5; allowed: a string."),
        # Taken as port 993.5.
        (
            "config-mailbox-port-fraction.toml",
            "mailboxes[1].port",
            "is 993.5; allowed: a whole number from 0 to 65535.",
        ),
        # A number taken for an engine's address.
        (
            "config-engine-url-numbers.toml",
            "engine_url",
            "is [0]; allowed: a list of strings or one comma-separated string.",
        ),
        # A KeyError: the refusal looked the default up in the table.
        (
            "config-mail-poll-default.toml",
            "mailboxes[1].poll_seconds",
            "is 90000.0 (not set in this table: taken from mail_poll_seconds); allowed: a number "
            "from 1 to 86400.",
        ),
    ],
)
def test_a_setting_of_the_wrong_kind_is_refused_naming_its_key(
    tmp_path: Path, name: str, setting: str, sentence: str
) -> None:
    refused = _refusal(name, tmp_path)
    assert refused.setting == setting
    assert refused.message.startswith(f"Setting '{setting}' (from config file ")
    assert refused.message.endswith(sentence)


def test_an_inbox_recursive_written_as_text_is_refused(tmp_path: Path) -> None:
    config = tmp_path / "docvault.toml"
    config.write_text('[[inboxes]]\npath = "fax"\nrecursive = "no"\n')
    with pytest.raises(ConfigError, match=r"inboxes\[1\]\.recursive' .* is 'no'; allowed: true or"):
        load_settings(config, environ={}, cwd=tmp_path)


def test_a_message_id_the_header_parser_fails_on_still_gives_the_message() -> None:
    # Message-ID: <<>> raised an IndexError out of parse_message.
    parsed = parse_message((CAMPAIGN / "mail-message-id-brackets.eml").read_bytes())
    assert parsed.summary.message_id == "<<>>"
    assert [item.file_name for item in parsed.attachments] == ["befund.pdf"]


def test_an_attachment_name_with_a_direction_override_is_shown_escaped() -> None:
    # Shown as 'rechnungexe.pdf' read right to left, as an inbox file's name never is.
    parsed = parse_message((CAMPAIGN / "mail-attachment-name-bidi.eml").read_bytes())
    assert [item.file_name for item in parsed.attachments] == ["rechnung\\u202efdp.exe"]


def test_a_subject_with_a_next_line_character_stays_one_line() -> None:
    # U+0085 broke the subject, and every sentence and log line naming it, in two.
    parsed = parse_message((CAMPAIGN / "mail-subject-next-line.eml").read_bytes())
    assert parsed.summary.subject == "Befund Forged: line"


def test_a_form_token_with_a_character_beyond_ascii_is_refused_not_a_500(
    archive: WebArchive,
) -> None:
    # hmac.compare_digest raised TypeError on a non-ASCII str: a 500 for the login form
    # and for every form of a logged-in person.
    body = (CAMPAIGN / "web-login-csrf-non-ascii.form").read_bytes().strip()
    form = {"Content-Type": "application/x-www-form-urlencoded"}
    app = create_app(archive.context)
    with TestClient(app, follow_redirects=False, raise_server_exceptions=False) as client:
        client.get("/login")  # the login form's cookie
        answer = client.post("/login", content=body, headers=form)
        assert answer.status_code == 403, answer.text
        assert "The form has expired" in answer.text
        log_in(client)
        answer = client.post("/rerun", content=b"page_id=1&csrf_token=%C3%A9", headers=form)
        assert answer.status_code == 403, answer.text


def test_a_mupdf_warning_quoting_bytes_that_are_not_utf8_is_kept_as_readable_text() -> None:
    # MuPDF quotes the missing resource's name byte for byte; Python handed the bytes over as
    # lone surrogates, which SQLite refused to store: the page was read again for ever.
    rendered = render_page(CAMPAIGN / "mupdf-warning-bytes-not-utf8.pdf", 1, RenderOptions())
    assert rendered.warnings == (
        "syntax error: cannot find XObject resource 'Im\\xff\\xfe'",
        "encountered syntax errors; page may not be correct",
    ), "each warning once, the bytes shown as \\xNN"
    for warning in rendered.warnings:
        warning.encode("utf-8")  # raises on a lone surrogate


@pytest.mark.slow
def test_the_daemon_reads_a_page_whose_warning_quotes_bytes_that_are_not_utf8(
    tmp_path: Path,
) -> None:
    with EngineSimulator(SimulatorConfig(speed=100.0, loop_fraction=0.0)) as engine:
        daemon = Daemon(
            tmp_path,
            DOCVAULT_ENGINE="openai",
            DOCVAULT_ENGINE_URL=engine.base_url,
            DOCVAULT_PROFILE="ovisocr2",
        )
        daemon.start()
        try:
            shutil.copy(CAMPAIGN / "mupdf-warning-bytes-not-utf8.pdf", tmp_path / "inbox")
            wait_for(lambda: _page_read(tmp_path), 60, "its page to be read")
        finally:
            assert daemon.stop() == 0, daemon.log.read_text()
    ((status, warnings, requests),) = _page_rows(tmp_path)
    # The page draws a picture the file does not hold: read and stored once, and flagged as
    # damaged (issue 47: a page that lost content is never plainly done).
    assert status == "incomplete"
    assert "cannot find XObject resource 'Im\\xff\\xfe'" in warnings
    assert requests == 1, "the page was read again instead of stored"
    assert _flag_codes(tmp_path) == ["page-damaged"]


def _flag_codes(folder: Path) -> list[str]:
    database = folder / "docvault-data" / "docvault.sqlite3"
    with closing(sqlite3.connect(database)) as connection:
        (flags,) = connection.execute("SELECT flags FROM pages").fetchone()
    return [flag["code"] for flag in json.loads(flags)]


def _page_read(folder: Path) -> bool:
    rows = _page_rows(folder)
    return bool(rows) and rows[0][0] not in ("queued", "running")


def _page_rows(folder: Path) -> list[tuple[str, str, int]]:
    database = folder / "docvault-data" / "docvault.sqlite3"
    if not database.exists():
        return []
    with closing(sqlite3.connect(database)) as connection:
        return connection.execute(
            "SELECT status, warnings, (SELECT COUNT(*) FROM attempts WHERE page_id = pages.id)"
            " FROM pages"
        ).fetchall()
