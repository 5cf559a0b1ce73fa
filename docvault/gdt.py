"""A finished document as a GDT 2.1 file in a practice system's import folder, the PDF beside it.

    Letter (docvault.letter) + the archive copy's PDF ──> import folder:
        docvault-DOC-EVENT.pdf    the PDF, renamed into place first
        RRRRSSSS.001 … .999       record 6310 "Daten einer Untersuchung übermitteln",
                                  referring to the PDF (fields 6302-6305), renamed last

GDT (Gerätedatenträger, Qualitätsring Medizinische Software, version 2.1) is what nearly
every German practice system imports: one record a file, each line `LLLFFFFcontent` and
CR LF, LLL the line's length in bytes (3 + 4 + content + 2), FFFF the field. The record's
length in bytes is its second field (8100). The file's name is the receiver's GDT-ID's
first four characters, the sender's first four, and a running number from 001 to 999 as
its extension (the specification's naming when more than one file may wait); a name still
in the folder (not yet imported) is never used again, so two documents never collide.

Atomic and exactly once. Both files are written under temporary names beginning with a
dot (which no import pattern matches), synced, then renamed: the PDF first, then the GDT
file that refers to it, so a practice system that sees the GDT file finds the whole PDF.
Before the renames a marker in docvault's own data folder names the files; a rename
removes the temporary name in the same step as it creates the final one. So if docvault
is killed and sends the event again, the marker and the temporary GDT file say where it
stopped: temporary file still there, renames not done (they are done now); gone, the
practice system already has the file (nothing is written twice, even if it has imported
and removed it since). The marker is removed once the delivery is recorded.
"""

from __future__ import annotations

import json
import os
import threading
import unicodedata
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from datetime import date, datetime
from pathlib import Path, PureWindowsPath

from docvault.durable import fsync_folder
from docvault.letter import Letter
from docvault.setting_types import GdtReceiverSettings

# Field 9206 "Verwendeter Zeichensatz": 2 = IBM code page 437, 3 = ISO 8859-1.
CHARSET_CODES = {"cp437": "2", "iso-8859-1": "3"}
# Field 9218 "Version GDT" per version docvault writes.
VERSION_CODES = {"2.1": "02.10"}
RECORD_TYPE = "6310"  # Daten einer Untersuchung übermitteln
# The longest content a line can hold: LLL is three digits, and a line has 9 more bytes.
LINE_OVERHEAD = 9
MAX_LINE_CONTENT = 999 - LINE_OVERHEAD
# The most characters docvault writes in a field (GDT 2.1's field table; a text longer than
# a text field goes on several lines of the same field, a name is cut at its length).
FIELD_LENGTHS = {
    "3000": 10, "3101": 28, "3102": 28, "3103": 8, "6200": 8, "6220": 60, "6227": 60,
    "6302": 60, "6303": 60, "6304": 60, "6305": MAX_LINE_CONTENT, "8315": 8, "8316": 8,
    "8402": 6, "9206": 1, "9218": 5,
}  # fmt: skip
HIGHEST_NUMBER = 999
# Letters with a stroke or ligatures, which have no decomposition to drop an accent from.
PLAIN_LETTERS = str.maketrans(
    {"Ł": "L", "ł": "l", "Ø": "O", "ø": "o", "Đ": "D", "đ": "d", "Æ": "AE", "æ": "ae",
     "Œ": "OE", "œ": "oe", "Þ": "Th", "þ": "th", "ı": "i"}
)  # fmt: skip
TEMPORARY_PREFIX = ".docvault-"
# The files the practice system reads: docvault writes everything else 0600 (umask 077);
# these its group may read too, the import folder's group where the folder is setgid
# (docs/handover.md, "GDT").
SHARED_MODE = 0o640


class ImportFolderFull(Exception):
    """Every file name from 001 to 999 is still in the import folder (none imported)."""


@dataclass(frozen=True)
class Field:
    code: str
    content: str


def record(
    letter: Letter, settings: GdtReceiverSettings, pdf_reference: str, received: datetime
) -> bytes:
    """The GDT file's bytes: record 6310 with the PDF's fields, in the settings' charset."""
    fields = [*_header(settings), *_patient(letter), *_finding(letter, settings, received)]
    fields += _attachment(letter, pdf_reference)
    fields = [Field(field.code, _storable(field.content, settings.charset)) for field in fields]
    lines = [_line(Field("8000", RECORD_TYPE), settings.charset)]
    body = [_line(field, settings.charset) for field in fields]
    length = sum(len(line) for line in lines + body) + len(_line(Field("8100", "00000"), "cp437"))
    lines.append(_line(Field("8100", f"{length:05d}"), settings.charset))
    return b"".join(lines + body)


def _header(settings: GdtReceiverSettings) -> Iterator[Field]:
    yield Field("8315", settings.receiver_id)
    yield Field("8316", settings.sender_id)
    yield Field("9206", CHARSET_CODES[settings.charset])
    yield Field("9218", VERSION_CODES[settings.version])


def _patient(letter: Letter) -> Iterator[Field]:
    if letter.patient_id is not None:
        yield Field("3000", letter.patient_id[: FIELD_LENGTHS["3000"]])
    if letter.patient is not None:
        yield Field("3101", letter.patient.family[: FIELD_LENGTHS["3101"]])
        if letter.patient.given:
            yield Field("3102", " ".join(letter.patient.given)[: FIELD_LENGTHS["3102"]])
    if letter.born is not None:
        yield Field("3103", _day(letter.born))


def _finding(letter: Letter, settings: GdtReceiverSettings, received: datetime) -> Iterator[Field]:
    # The day of the "examination": the letter's date, else the day it arrived.
    yield Field("6200", _day(letter.letter_date or received.date()))
    yield Field("8402", settings.procedure)
    yield from _text_lines("6220", letter.title or letter.file_name)
    if letter.sender:
        yield from _text_lines("6227", f"Absender: {letter.sender}")
    if letter.document_url:
        yield from _text_lines("6227", f"docvault: {letter.document_url}")


def _attachment(letter: Letter, pdf_reference: str) -> list[Field]:
    name = PureWindowsPath(pdf_reference).name
    return [
        Field("6302", Path(name).stem[: FIELD_LENGTHS["6302"]]),
        Field("6303", "PDF"),
        Field("6304", (letter.title or letter.file_name)[: FIELD_LENGTHS["6304"]]),
        Field("6305", pdf_reference),
    ]


def _day(day: date) -> str:
    return day.strftime("%d%m%Y")  # TTMMJJJJ


def _text_lines(code: str, text: str) -> Iterator[Field]:
    """A text in lines of at most the field's length, broken between words."""
    limit = FIELD_LENGTHS[code]
    line = ""
    for word in " ".join(text.split()).split(" "):
        while len(word) > limit:
            if line:
                yield Field(code, line)
                line = ""
            yield Field(code, word[:limit])
            word = word[limit:]
        candidate = f"{line} {word}" if line else word
        if len(candidate) > limit:
            yield Field(code, line)
            candidate = word
        line = candidate
    if line:
        yield Field(code, line)


def _storable(text: str, charset: str) -> str:
    """The text in characters the charset has: accents a charset lacks are dropped ("ł" is
    "l"), anything else that cannot be written is "?"; control characters are spaces."""
    text = "".join(" " if unicodedata.category(char).startswith("C") else char for char in text)
    kept = []
    for char in text:
        try:
            char.encode(charset)
            kept.append(char)
        except UnicodeEncodeError:
            plain = unicodedata.normalize("NFKD", char.translate(PLAIN_LETTERS))
            plain = "".join(part for part in plain if not unicodedata.combining(part))
            kept.append(plain if plain and _encodes(plain, charset) else "?")
    return "".join(kept)


def _encodes(text: str, charset: str) -> bool:
    try:
        text.encode(charset)
    except UnicodeEncodeError:
        return False
    return True


def _line(field: Field, charset: str) -> bytes:
    content = field.content.encode(charset)[:MAX_LINE_CONTENT]
    length = len(content) + LINE_OVERHEAD
    return f"{length:03d}{field.code}".encode("ascii") + content + b"\r\n"


@dataclass(frozen=True)
class Published:
    """Where a hand-over's files are in the import folder."""

    gdt: Path
    pdf: Path
    earlier: bool  # an earlier attempt had already put them there (nothing written now)


class ImportFolder:
    """The practice system's GDT import folder, as docvault's hand-over threads write it."""

    def __init__(self, settings: GdtReceiverSettings, markers: Path) -> None:
        self.settings = settings
        self.folder = settings.folder
        self.markers = markers  # docvault's own: which names each event has taken
        # The hand-over's sender threads choose names one at a time.
        self._naming = threading.Lock()

    def publish(self, event_id: str, letter: Letter, pdf: bytes, received: datetime) -> Published:
        """The PDF and the GDT file in place, each whole; OSError and ImportFolderFull
        leave nothing the practice system sees, and the next attempt starts over."""
        pdf_name = f"docvault-{letter.document_id}-{event_id[:13]}.pdf"
        temporary_pdf = self.folder / f"{TEMPORARY_PREFIX}{event_id}.pdf.tmp"
        temporary_gdt = self.folder / f"{TEMPORARY_PREFIX}{event_id}.gdt.tmp"
        marker = self.markers / f"{event_id}.json"
        if marker.exists():
            gdt_name = json.loads(marker.read_text(encoding="utf-8"))["gdt"]
            if not temporary_gdt.exists():  # renamed before: the practice system has it
                return Published(self.folder / gdt_name, self.folder / pdf_name, True)
        else:
            try:
                _write_synced(temporary_pdf, pdf, SHARED_MODE)
                data = record(letter, self.settings, self._reference(pdf_name), received)
                _write_synced(temporary_gdt, data, SHARED_MODE)
                fsync_folder(self.folder)  # both temporary names last, before the marker
                gdt_name = self._take_name(marker, pdf_name)
            except (OSError, ImportFolderFull):
                # No marker: nothing is promised; the next attempt writes them again.
                temporary_pdf.unlink(missing_ok=True)
                temporary_gdt.unlink(missing_ok=True)
                raise
        if temporary_pdf.exists():
            os.replace(temporary_pdf, self.folder / pdf_name)
        os.replace(temporary_gdt, self.folder / gdt_name)
        fsync_folder(self.folder)
        return Published(self.folder / gdt_name, self.folder / pdf_name, False)

    def forget(self, event_id: str) -> None:
        """The delivery is recorded: its marker is no longer needed."""
        (self.markers / f"{event_id}.json").unlink(missing_ok=True)

    def marked_events(self) -> list[str]:
        """The events whose markers are kept: in flight, or recorded by a process killed
        before it could forget the marker."""
        if not self.markers.is_dir():
            return []
        return sorted(path.stem for path in self.markers.glob("*.json"))

    def _reference(self, pdf_name: str) -> str:
        """The PDF's path as the practice system reads it (field 6305)."""
        seen = self.settings.folder_as_seen.strip()
        if not seen:
            return str(self.folder / pdf_name)
        separator = "\\" if "\\" in seen or ":" in seen else "/"
        return seen.rstrip("\\/") + separator + pdf_name

    def _take_name(self, marker: Path, pdf_name: str) -> str:
        """The first free file name, recorded in the event's marker before it is used."""
        with self._naming:
            taken = set(self._reserved())
            prefix = self.settings.receiver_id[:4] + self.settings.sender_id[:4]
            for number in range(1, HIGHEST_NUMBER + 1):
                name = f"{prefix}.{number:03d}"
                if name not in taken and not (self.folder / name).exists():
                    self.markers.mkdir(parents=True, exist_ok=True)
                    content = json.dumps({"gdt": name, "pdf": pdf_name})
                    try:
                        _write_synced(marker, content.encode("utf-8"))
                        fsync_folder(self.markers)
                    except OSError:
                        marker.unlink(missing_ok=True)  # a marker promises the temporaries
                        raise
                    return name
        raise ImportFolderFull(
            f"the GDT import folder {self.folder} holds every file name from {prefix}.001 to "
            f"{prefix}.{HIGHEST_NUMBER}: the practice system has not imported them; check "
            "its GDT import (folder, file names, whether it runs)"
        )

    def _reserved(self) -> Sequence[str]:
        if not self.markers.is_dir():
            return ()
        names = []
        for path in self.markers.glob("*.json"):
            try:
                names.append(json.loads(path.read_text(encoding="utf-8"))["gdt"])
            except (OSError, ValueError, KeyError):
                continue
        return names


def _write_synced(path: Path, data: bytes, mode: int | None = None) -> None:
    with path.open("wb") as handle:
        if mode is not None:
            os.fchmod(handle.fileno(), mode)
        handle.write(data)
        handle.flush()
        os.fsync(handle.fileno())
