"""Issue 52: the GDT hand-over. Each file is read back by a reader written here from the GDT
2.1 description (line format, lengths, record 6310, the character set of field 9206), not
from docvault.gdt; the import folder is watched (inotify, through watchdog) while letters
are written into it, and no watcher ever sees half a file; a hand-over cut short at any
step is finished once, never twice."""

from __future__ import annotations

import os
import random
import threading
from collections.abc import Callable, Iterator
from datetime import UTC, datetime
from pathlib import Path

import httpx
import pymupdf
import pytest
from sqlalchemy import Engine
from watchdog.events import FileSystemEvent, FileSystemEventHandler
from watchdog.observers import Observer

from docvault import gdt, records
from docvault.delivery import Deliverer, HandoverConfig
from docvault.letter import Letter, split_name
from docvault.models import utcnow
from docvault.records import handover
from docvault.runtime import Progress
from docvault.setting_types import GdtReceiverSettings
from docvault.transcription import ArchiveCopy
from docvault.vocabulary import HandoverTarget
from tests.records.test_handover import OWNER, _attempt, _document, _rows
from tests.support.factsarchive import MUSTERMANN_LETTER
from tests.support.webarchive import propose_facts

GDT = HandoverTarget.gdt

# --- GDT 2.1 as this test reads it --------------------------------------------------------
# Each line: three digits giving the line's length in bytes (themselves, the field, the
# content and CR LF), four digits naming the field, the content, CR LF. A record 6310
# ("Daten einer Untersuchung übermitteln") starts with 8000 and 8100, the record's length
# in bytes (5 digits). Field -> (most characters, whether exactly that many).
FIELD_TABLE = {
    "8000": (4, True), "8100": (5, True), "8315": (8, False), "8316": (8, False),
    "9206": (1, True), "9218": (5, True), "3000": (10, False), "3101": (28, False),
    "3102": (28, False), "3103": (8, True), "6200": (8, True), "8402": (6, False),
    "6220": (60, False), "6227": (60, False), "6302": (60, False), "6303": (60, False),
    "6304": (60, False), "6305": (990, False),
}  # fmt: skip
# Field 9206: 1 = 7-bit, 2 = IBM code page 437 (the default), 3 = ISO 8859-1.
CHARSETS = {"1": "ascii", "2": "cp437", "3": "latin-1"}


def _kept(pdf: Path) -> Callable[[int], ArchiveCopy]:
    """The archive copy every document of the test hands over: `pdf`, a PDF/A."""
    return lambda _: ArchiveCopy(pdf, True, None)


def read_gdt(data: bytes) -> list[tuple[str, str]]:
    """The fields of one GDT 2.1 record 6310, every length checked."""
    assert data.endswith(b"\r\n"), "a GDT file ends with CR LF"
    raw = []
    for line in data[:-2].split(b"\r\n"):
        assert int(line[:3]) == len(line) + 2, f"line length {line[:3]!r} of {line!r}"
        code = line[3:7].decode("ascii")
        assert code.isdigit(), line
        raw.append((code, line[7:]))
    assert raw[0] == ("8000", b"6310")
    assert raw[1][0] == "8100"
    assert int(raw[1][1]) == len(data), "8100 is the record's length in bytes"
    charset = CHARSETS[dict(raw).get("9206", b"2").decode("ascii")]
    fields = [(code, content.decode(charset)) for code, content in raw]
    for code, content in fields:
        most, exact = FIELD_TABLE[code]
        assert len(content) == most if exact else 0 < len(content) <= most, (code, content)
    return fields


def field(fields: list[tuple[str, str]], code: str) -> str:
    (found,) = [content for name, content in fields if name == code]
    return found


# --- the receiver ---------------------------------------------------------------------------


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    path = tmp_path / "praxis-import"
    path.mkdir()
    return path


def _pdf(path: Path, text: str, pages: int = 1) -> Path:
    document = pymupdf.open()
    for number in range(pages):
        document.new_page().insert_text((72, 100), f"{text} {number}")
    document.save(path)
    return path


def _settings(folder: Path, **changes: object) -> GdtReceiverSettings:
    return GdtReceiverSettings(folder=folder, **changes)  # type: ignore[arg-type]


def _config(settings: GdtReceiverSettings, markers: Path) -> HandoverConfig:
    return HandoverConfig(
        url="", secret=b"", command=(), timeout_seconds=5.0, retry_first_seconds=10.0,
        retry_max_seconds=80.0, page_texts="inline", link_base_url="https://docvault.example",
        gdt=settings, gdt_markers=markers,
    )  # fmt: skip


def _letters(database: Engine, count: int, first: int = 0) -> list[int]:
    names = [f"{number:x}" for number in range(first, first + count)]
    documents = [_document(database, pages=1, name=name) for name in names]
    for claimed in records.claim(database, OWNER, limit=100, lease_seconds=600):
        text = MUSTERMANN_LETTER
        finished = records.FinishedPage(claimed.page_id, text, False, [_attempt(text)])
        records.complete_many(database, OWNER, [finished], (GDT,))
    propose_facts(database)  # the facts part, after the commit
    return documents


def _deliver(database: Engine, deliverer: Deliverer) -> None:
    with httpx.Client() as client:
        for delivery in handover.due(database, utcnow(), 100):
            deliverer.deliver(client, delivery)


def _visible(folder: Path) -> list[str]:
    return sorted(path.name for path in folder.iterdir())


def test_a_letter_becomes_a_gdt_file_beside_its_pdf(
    database: Engine, folder: Path, tmp_path: Path
) -> None:
    (document,) = _letters(database, 1)
    pdf = _pdf(tmp_path / "archive-copy.pdf", "Entlassungsbrief")
    markers = tmp_path / "data" / "handover" / "gdt"
    deliverer = Deliverer(
        database,
        _config(_settings(folder), markers),
        archive_copy=_kept(pdf),
    )
    _deliver(database, deliverer)
    (row,) = _rows(database)
    assert row.state == "delivered"
    pdf_name = f"docvault-{document}-{row.event_id[:13]}.pdf"
    assert _visible(folder) == ["PRAXDOCV.001", pdf_name]  # nothing temporary left
    assert row.answer == f"PRAXDOCV.001 and {pdf_name}"
    fields = read_gdt((folder / "PRAXDOCV.001").read_bytes())
    assert [code for code, _ in fields][:6] == ["8000", "8100", "8315", "8316", "9206", "9218"]
    assert (field(fields, "9218"), field(fields, "9206")) == ("02.10", "3")
    assert (field(fields, "8315"), field(fields, "8316")) == ("PRAX", "DOCV")
    assert (field(fields, "3101"), field(fields, "3102")) == ("Mustermann", "Erika")
    assert field(fields, "3103") == "12031961"
    assert field(fields, "6200") == "14112026"  # the letter's date, TTMMJJJJ
    assert "3000" not in dict(fields)  # docvault knows no practice patient number yet
    assert field(fields, "8402") == "ALLG00"
    assert field(fields, "6220") == "Entlassungsbrief"
    assert (field(fields, "6303"), field(fields, "6304")) == ("PDF", "Entlassungsbrief")
    assert field(fields, "6305") == str(folder / pdf_name)
    assert Path(field(fields, "6305")).read_bytes() == pdf.read_bytes()
    assert list(markers.iterdir()) == []  # the marker goes once the delivery is recorded
    # The practice system's account reads them through the folder's group (docvault's
    # umask would make them its own alone).
    assert {(folder / name).stat().st_mode & 0o777 for name in _visible(folder)} == {0o640}


def test_the_practice_system_sees_its_own_path_and_its_charset(tmp_path: Path) -> None:
    letter = Letter(
        document_id=3, file_name="scan.pdf", patient=split_name("Łukasz Müller-Lüdenscheidt"),
        born=None, patient_id="4711", letter_date=None, sender="Praxis Dr. Öztürk",
        title="Befundbericht " + "sehr lang " * 20, document_url=None, searchable_pdf_url=None,
    )  # fmt: skip
    settings = _settings(tmp_path, charset="cp437", folder_as_seen="P:\\GDT\\")
    folder = gdt.ImportFolder(settings, tmp_path / "markers")
    data = gdt.record(
        letter, settings, folder._reference("x.pdf"), datetime(2026, 12, 3, tzinfo=UTC)
    )
    fields = read_gdt(data)
    assert field(fields, "9206") == "2"
    assert "Müller-Lüdenscheidt".encode("cp437") in data
    assert field(fields, "3102") == "Lukasz"  # Ł is not in code page 437: its letter kept
    assert field(fields, "3000") == "4711"  # the practice system's number, where known
    assert field(fields, "6200") == "03122026"  # no letter date: the day it arrived
    assert field(fields, "6305") == "P:\\GDT\\x.pdf"
    title_lines = [content for code, content in fields if code == "6220"]
    assert len(title_lines) > 3
    assert " ".join(title_lines) == " ".join(letter.title.split())  # type: ignore[union-attr]


def test_names_never_collide_and_a_full_folder_is_refused_with_a_sentence(
    database: Engine, folder: Path, tmp_path: Path
) -> None:
    pdf = _pdf(tmp_path / "copy.pdf", "letter")
    config = _config(_settings(folder, receiver_id="TURBOMED", sender_id="DV"), tmp_path / "m")
    deliverer = Deliverer(database, config, archive_copy=_kept(pdf))
    _letters(database, 3)
    _deliver(database, deliverer)
    gdt_files = [name for name in _visible(folder) if not name.endswith(".pdf")]
    assert gdt_files == ["TURBDV.001", "TURBDV.002", "TURBDV.003"]
    (folder / "TURBDV.002").unlink()  # the practice system imported it
    for number in range(4, 1000):
        (folder / f"TURBDV.{number:03d}").write_bytes(b"")  # a practice system that stopped
    _letters(database, 2, first=3)
    _deliver(database, deliverer)
    rows = _rows(database)
    assert [row.state for row in rows] == ["delivered"] * 4 + ["pending"]
    assert rows[3].answer.startswith("TURBDV.002 and ")  # type: ignore[union-attr]
    assert rows[4].error == (
        f"the GDT import folder {folder} holds every file name from TURBDV.001 to TURBDV.999: "
        "the practice system has not imported them; check its GDT import (folder, file "
        "names, whether it runs)"
    )
    assert not [name for name in _visible(folder) if name.startswith(".")]


class Watcher(FileSystemEventHandler):
    """What a practice system watching the folder would read, the moment a name appears."""

    def __init__(self, pdfs: dict[str, bytes]) -> None:
        self.pdfs = pdfs
        self.seen: dict[str, bytes] = {}
        self.problems: list[str] = []
        self.lock = threading.Lock()

    def on_any_event(self, event: FileSystemEvent) -> None:
        path = Path(str(getattr(event, "dest_path", "") or event.src_path))
        if event.is_directory or path.name.startswith(".") or not path.exists():
            return
        try:
            data = path.read_bytes()
        except FileNotFoundError:
            return
        with self.lock:
            self.seen.setdefault(path.name, data)
            self.problems += self._check(path, data)

    def _check(self, path: Path, data: bytes) -> list[str]:
        if path.suffix == ".pdf":
            whole = any(data == pdf for pdf in self.pdfs.values())
            return [] if whole else [f"{path.name}: {len(data)} bytes, not a whole PDF"]
        try:
            fields = read_gdt(data)
        except (AssertionError, ValueError, KeyError, IndexError) as error:
            return [f"{path.name}: half a GDT file ({len(data)} bytes): {error}"]
        attached = Path(field(fields, "6305"))
        if not attached.exists() or attached.read_bytes() not in self.pdfs.values():
            return [f"{path.name} names {attached.name}, which is not there whole"]
        return []


@pytest.fixture
def watched(folder: Path) -> Iterator[Watcher]:
    watcher = Watcher({})
    observer = Observer()
    observer.schedule(watcher, str(folder))
    observer.start()
    try:
        yield watcher
    finally:
        observer.stop()
        observer.join()


def test_a_watcher_of_the_folder_never_sees_half_a_file(
    folder: Path, tmp_path: Path, watched: Watcher
) -> None:
    settings = _settings(folder)
    import_folder = gdt.ImportFolder(settings, tmp_path / "markers")
    chance = random.Random(52)
    # Large enough that a plain write is seen in pieces: some hundreds of kilobytes each.
    pdfs = {
        f"event-{number:02d}-0000-0000-0000-000000000000": chance.randbytes(300_000 + number)
        for number in range(16)
    }
    watched.pdfs.update(pdfs)
    letter = Letter(1, "a.pdf", split_name("Erika Mustermann"), None, None, None, None,
                    "Arztbrief", None, None)  # fmt: skip

    def publish(events: list[str]) -> None:
        for event in events:
            import_folder.publish(event, letter, pdfs[event], utcnow())

    events = list(pdfs)
    senders = [threading.Thread(target=publish, args=(events[i::4],)) for i in range(4)]
    for sender in senders:
        sender.start()
    for sender in senders:
        sender.join()
    expected = {f"PRAXDOCV.{number:03d}" for number in range(1, 17)}
    assert {name for name in _visible(folder) if not name.endswith(".pdf")} == expected

    def all_seen() -> bool:
        with watched.lock:
            return expected <= set(watched.seen)

    from devtools.daemon import wait_for

    wait_for(all_seen, 30, "the watcher to see every GDT file")
    assert watched.problems == []


def test_cut_short_at_any_step_it_is_finished_once(
    folder: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import_folder = gdt.ImportFolder(_settings(folder), tmp_path / "markers")
    letter = Letter(1, "a.pdf", None, None, None, None, None, None, None, None)
    event = "5b7c1f0e-2d4a-4f7b-9c1e-3a2b1c0d9e8f"
    pdf = b"%PDF-1.7 a letter"
    replace = os.replace
    calls: list[str] = []

    def killed_at_the_gdt_rename(source: str, target: str) -> None:
        calls.append(Path(target).name)
        if Path(target).name.startswith("PRAXDOCV"):
            raise OSError("killed here")
        replace(source, target)

    monkeypatch.setattr(gdt.os, "replace", killed_at_the_gdt_rename)
    with pytest.raises(OSError, match="killed here"):
        import_folder.publish(event, letter, pdf, utcnow())
    monkeypatch.setattr(gdt.os, "replace", replace)
    # The PDF is in place, the GDT file not yet: a practice system sees nothing to import.
    assert [name for name in _visible(folder) if not name.startswith(".")] == [
        f"docvault-1-{event[:13]}.pdf"
    ]
    published = import_folder.publish(event, letter, pdf, utcnow())  # the next attempt
    assert not published.earlier
    assert _visible(folder) == ["PRAXDOCV.001", f"docvault-1-{event[:13]}.pdf"]
    # Killed after the rename, before the delivery was recorded; meanwhile the practice
    # system imported the file and removed it. Sent again, nothing is written twice.
    (folder / "PRAXDOCV.001").unlink()
    again = import_folder.publish(event, letter, pdf, utcnow())
    assert again.earlier
    assert again.gdt.name == "PRAXDOCV.001"
    assert _visible(folder) == [f"docvault-1-{event[:13]}.pdf"]
    import_folder.forget(event)
    assert list((tmp_path / "markers").iterdir()) == []


def test_a_marker_left_by_a_kill_after_the_record_is_removed_at_the_next_start(
    database: Engine, folder: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Killed between recording the delivery and removing its marker: the marker would
    reserve its file name for good (the names are few: PRAXDOCV.001 to .999). The next
    start removes it, and keeps the marker of a delivery still pending."""
    first, second = _letters(database, 2)
    pdf = _pdf(tmp_path / "archive-copy.pdf", "Entlassungsbrief")
    markers = tmp_path / "data" / "handover" / "gdt"
    config = _config(_settings(folder), markers)
    killed = Deliverer(database, config, archive_copy=_kept(pdf))
    monkeypatch.setattr(gdt.ImportFolder, "forget", lambda self, event_id: None)
    with httpx.Client() as client:
        delivered, pending = handover.due(database, utcnow(), 100)
        killed.deliver(client, delivered)  # recorded, its marker not removed
        killed._import_folder.publish(  # type: ignore[union-attr]
            pending.event_id, Letter(second, "b.pdf", *[None] * 8), pdf.read_bytes(), utcnow()
        )  # published, killed before the record
    monkeypatch.undo()
    assert sorted(path.stem for path in markers.iterdir()) == sorted(
        [delivered.event_id, pending.event_id]
    )
    stopping = threading.Event()
    stopping.set()
    Deliverer(database, config, archive_copy=_kept(pdf)).serve(Progress(), stopping)
    assert [path.stem for path in markers.iterdir()] == [pending.event_id]
    assert {delivered.document_id, pending.document_id} == {first, second}


def test_an_import_folder_that_is_not_there_stops_start_up_with_a_sentence(
    tmp_path: Path,
) -> None:
    from docvault.config import load_settings
    from docvault.errors import ConfigError
    from docvault.from_settings import handover_config

    config = tmp_path / "docvault.toml"
    config.write_text(f'[[handover]]\ntarget = "gdt"\nfolder = "{tmp_path / "no-such"}"\n')
    settings = load_settings(config, environ={}, cwd=tmp_path)
    with pytest.raises(ConfigError) as refused:
        handover_config(settings, {})
    assert refused.value.setting == "handover.gdt.folder"
    assert "is not a folder; name the practice system's GDT import folder" in str(refused.value)
    (tmp_path / "no-such").mkdir()
    built = handover_config(settings, {})
    assert built is not None
    assert (built.targets, built.correction_targets) == ((GDT,), ())
    assert built.gdt_markers == tmp_path / "docvault-data" / "handover" / "gdt"
