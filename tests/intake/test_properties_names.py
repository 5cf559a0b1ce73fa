"""Issue 29: file names as anyone who can write to an inbox share chooses them, drawn by
Hypothesis from their parts (temporary and system prefixes and endings, words, bytes that
are not UTF-8, control, bidirectional and invisible characters, names up to NAME_MAX), and
what docvault promises about them (README, "Intake"; docvault/names.py):

- a name is shown as one line of text that no reader can be misled by: no line break, no
  control or bidirectional character, encodable as UTF-8, and an ordinary name as it is;
- a name is kept losslessly: what is shown, with the exact bytes the audit trail keeps for a
  name that cannot be shown as it is, gives back the name's bytes;
- a temporary or system name (`.`, `~$`, `.part`, `.tmp`, `.crdownload`, `.partial`,
  `.swp`, `thumbs.db`, `desktop.ini`) is never taken; every other regular file is taken
  once, under its name so shown and kept, and moved to processed/ with its bytes unchanged.

The last two run through a real intake: real files in a real inbox folder, a real migrated
SQLite database, the real archive and `render.inspect_document`.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import event, given
from hypothesis import strategies as st
from sqlalchemy import Engine
from sqlmodel import select

from docvault import db
from docvault.db import read_session
from docvault.intake.clearing import NAME_MAX_BYTES
from docvault.intake.folders import Intake
from docvault.intake.rule import IGNORED_SUFFIXES
from docvault.models import AuditEvent, Document
from docvault.names import display_name, raw_name
from docvault.render import RenderOptions, inspect_document
from docvault.setting_types import InboxSettings
from tests.support.documents import letter_pdf
from tests.support.properties import budget

# Characters a name must never carry as they are where it is shown (names.py says why).
MISLEADING = {
    *map(chr, range(0x20)),
    *map(chr, range(0x7F, 0xA0)),
    "\u061c",
    "\u200e",
    "\u200f",
    *map(chr, range(0x2028, 0x202F)),
    *map(chr, range(0x2066, 0x206A)),
}
# Two names in three ordinary, one in three temporary by its start, its end or both.
PREFIXES = st.sampled_from(["", "", "", "", "", "", "~", "$", ".", "~$", "._", ".~lock.", ".nfs"])
ENDINGS = st.sampled_from(
    [
        "",
        ".pdf",
        ".pdf",
        ".pdf",
        ".PDF",
        ".tif",
        ".tmp.pdf",
        ".pdf ",
        ".pdf\n",
        ".part",
        ".TMP",
        ".crdownload",
        ".partial",
        ".swp",
        ".pdf.part",
    ]
)
WORDS = st.sampled_from(["Befund", "Müller", "scan 0001", " ", "..", ".", "~", "$", "عربى", "日本"])
ODD_CHARACTERS = st.sampled_from(
    [
        "\u202e",
        "\u2066",
        "\u200f",
        "\n",
        "\r",
        "\t",
        "\x1b",
        "\x7f",
        "\x85",
        "\u2028",
        "\ufeff",
        "\u00ad",
        "\u200b",
        "\\x41",
        "\\",
        "%2F",
        "💊",
    ]
)
# Bytes a legacy code page writes (Latin-1 "ä"), a sequence cut short, an encoded surrogate.
NOT_UTF8 = st.sampled_from([b"\xe4", b"\xff\xfe", b"\xc3", b"\xed\xa0\x80", b"\x80"])
ANY_TEXT = st.text(
    st.characters(exclude_categories=("Cs",), exclude_characters="/\x00"), min_size=1, max_size=20
)
PARTS = st.one_of(
    WORDS.map(str.encode), ODD_CHARACTERS.map(str.encode), ANY_TEXT.map(str.encode), NOT_UTF8
)
SPECIAL_NAMES = st.sampled_from(
    [
        b"thumbs.db",
        b"Thumbs.DB",
        b"desktop.ini",
        b".DS_Store",
        b"~$brief.docx",
        b"a" * 251 + b".pdf",
        "ü".encode() * 125 + b".pdf",
        b"\xe4" * 251 + b".pdf",
    ]
)


@st.composite
def file_names(draw: st.DrawFn) -> bytes:
    """A file name's bytes as Linux keeps them: anything but '/' and NUL, at most 255."""
    if draw(st.integers(0, 9)) == 0:
        return draw(SPECIAL_NAMES)
    prefix, ending = draw(PREFIXES).encode(), draw(ENDINGS).encode()
    middle = b"".join(draw(st.lists(PARTS, min_size=1, max_size=6)))
    if draw(st.integers(0, 5)) == 0:  # near the limit
        middle = middle * (NAME_MAX_BYTES // max(1, len(middle)) + 1)
    middle = middle.replace(b"/", b"_").replace(b"\x00", b"_")
    name = prefix + middle[: NAME_MAX_BYTES - len(prefix) - len(ending)] + ending
    return b"_" + name[1:] if name in (b".", b"..") else name


def is_temporary(name: str) -> bool:
    """The rule as README states it: names starting with '.' or '~$', temporary endings,
    and the system files Windows leaves."""
    lowered = name.lower()
    return (
        lowered.startswith((".", "~$"))
        or lowered.endswith(IGNORED_SUFFIXES)
        or lowered in ("thumbs.db", "desktop.ini")
    )


def _shown_holds(shown: str, raw: bytes | None, name: str) -> None:
    assert len(shown.splitlines()) == 1, shown
    assert not MISLEADING & set(shown), shown
    shown.encode("utf-8")  # SQLite, the log and the browser take it
    # Lossless: the exact bytes where the shown text is not the name itself.
    assert (raw if raw is not None else shown.encode()) == os.fsencode(name)


@budget(400)
@given(file_names())
def test_every_name_is_shown_on_one_line_and_kept_losslessly(name_bytes: bytes) -> None:
    name = os.fsdecode(name_bytes)
    shown, raw = display_name(name), raw_name(name)
    _shown_holds(shown, raw, name)
    plain = not MISLEADING & set(name) and name_bytes == name.encode("utf-8", "surrogateescape")
    try:
        name_bytes.decode("utf-8")
    except UnicodeDecodeError:
        plain = False
    if plain:
        assert shown == name, "an ordinary name is shown as it is"
        assert raw is None


class Clock:
    """Intake's clock, moved by the test (settling is not what this property is about)."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture(scope="module")
def database(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Engine]:
    database = db.make_engine(tmp_path_factory.mktemp("names-db") / "docvault.sqlite3")
    db.upgrade(database)
    yield database
    database.dispose()


def _inspect(path: Path) -> tuple[int, str]:
    info = inspect_document(path, RenderOptions())
    return info.page_count, info.kind


@pytest.fixture(scope="module")
def intake(database: Engine, tmp_path_factory: pytest.TempPathFactory) -> Intake:
    root = tmp_path_factory.mktemp("names")
    inbox = InboxSettings("scanner", root / "inbox", settle_seconds=0.0)
    inbox.path.mkdir()
    return Intake(database, root / "data", (inbox,), _inspect, clock=Clock())


def _documents(database: Engine) -> dict[int, Document]:
    with read_session(database) as session:
        return {document.id: document for document in session.exec(select(Document))}  # type: ignore[misc]


def _kept_bytes(database: Engine, document: Document) -> bytes:
    """The path's bytes as docvault keeps them: the audit trail's, else the shown text's."""
    with read_session(database) as session:
        events = session.exec(
            select(AuditEvent).where(
                AuditEvent.document_id == document.id, AuditEvent.action == "intake-raw-name"
            )
        ).all()
    if events:
        return bytes.fromhex(json.loads(events[0].detail)["path_bytes_hex"])
    return document.original_path.encode()


def _processed_holding(inbox: Path, sha256: str) -> list[Path]:
    return [
        path
        for path in (inbox / "processed").rglob("*")
        if path.is_file() and hashlib.sha256(path.read_bytes()).hexdigest() == sha256
    ]


def test_a_temporary_name_is_never_taken_and_every_other_name_is_taken_as_it_is(
    intake: Intake, database: Engine
) -> None:
    inbox = intake.inboxes[0].path
    letter = letter_pdf(inbox.parent / "letter.pdf", 1, 1).read_bytes()
    seeds = iter(range(1, 10**6))

    @budget(80)
    @given(file_names())
    def property_holds(name_bytes: bytes) -> None:
        name = os.fsdecode(name_bytes)
        path = inbox / name
        # A comment after the end: distinct bytes, so no example is another's duplicate.
        path.write_bytes(letter + b"%% example %d\n" % next(seeds))
        sha256 = hashlib.sha256(path.read_bytes()).hexdigest()
        before = _documents(database)
        intake.request_rescan()
        intake.tick()
        new = [document for key, document in _documents(database).items() if key not in before]
        event("temporary" if is_temporary(name) else "taken")
        if is_temporary(name):
            assert new == [], f"{name!r} is temporary: never taken"
            assert path.exists(), f"{name!r} is temporary: left where it is"
            path.unlink()
            return
        assert [document.sha256 for document in new] == [sha256], f"{name!r} taken once"
        (document,) = new
        _shown_holds(document.original_name, raw_name(name), name)
        assert document.original_name == display_name(name)
        assert _kept_bytes(database, document) == os.fsencode(str(path)), "kept losslessly"
        assert not path.exists(), "moved out of the inbox"
        moved = _processed_holding(inbox, sha256)
        assert len(moved) == 1, "moved to processed/ once, its bytes unchanged"
        assert len(os.fsencode(moved[0].name)) <= NAME_MAX_BYTES
        moved[0].unlink()

    property_holds()
