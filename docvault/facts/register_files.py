"""The practice system's patient register as it exports it, read into patient records.

A stage leaf, no database: a CSV export (columns mapped by the ``register_csv_columns``
setting), a folder of GDT patient records (record type 6301, one or more per file), or
FHIR R4 ``Patient`` resources (a Bundle or NDJSON, one resource a line). Each source gives
the records it could read and one sentence per row it refused (which file and row, what is
wrong, what to do); a refused row changes nothing in the register (``facts.register``).

The patient id is the practice system's own. Names are kept as the practice system writes
them: current surname (particles such as "von" and double names included), given names,
the birth name where it differs, former names (earlier married names), an academic title;
and the home address (street, postcode, town) that tells namesakes born the same day apart.
"""

from __future__ import annotations

import csv
import io
import json
import re
import unicodedata
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path
from typing import Any

# A register export larger than this is refused whole (a clinic's register of 100,000
# patients is some 20 MB as CSV, 60 MB as FHIR).
MAX_REGISTER_BYTES = 200 * 1024 * 1024
# The longest name part kept (the longest names of a civil register are some 100 letters).
MAX_NAME_CHARACTERS = 120
MAX_ID_CHARACTERS = 64
EARLIEST_BIRTH = date(1900, 1, 1)
# The register's fields, and the CSV column each is read from unless the setting maps it.
CSV_FIELDS = (
    "id", "surname", "given_names", "birth_name", "former_names", "title", "birth_date",
    "street", "postcode", "city",
)  # fmt: skip
REQUIRED_CSV_FIELDS = ("id", "surname", "given_names", "birth_date")
# GDT 2.1 fields of record 6301 (patient master data).
GDT_ID, GDT_SURNAME, GDT_GIVEN, GDT_BIRTH, GDT_TITLE, GDT_PREFIX = (
    "3000", "3101", "3102", "3103", "3104", "3100",
)  # fmt: skip
# The address: 3107 street; 3106 "postcode town" (GDT 2.1), or 3112 and 3113 apart (GDT 3).
GDT_STREET, GDT_PLACE, GDT_POSTCODE, GDT_TOWN = "3107", "3106", "3112", "3113"
_POSTCODE_FIRST = re.compile(r"^\s*(?:[A-Z]{1,2}-)?(\d{4,5})\s+(.*)$")
GDT_CHARSETS = {"1": "ascii", "2": "cp437", "3": "iso-8859-1"}
_GDT_LINE = re.compile(rb"^(\d{3})(\d{4})(.*)$")
_UNWANTED = frozenset({"Cc", "Cf", "Cs", "Cn", "Zl", "Zp"})
# Identifier systems that number a person nationally or at an insurer, never in the practice
# system: an export that carries one beside the practice's own id (an Austrian FHIR export
# gives the social insurance number too) needs no register_fhir_system setting.
PERSON_IDENTIFIER_SYSTEMS = frozenset(
    {
        "http://fhir.de/sid/gkv/kvid-10",  # German statutory health insurance (KVNR)
        "http://fhir.de/sid/pkv/kvid-10",  # the same number at a private insurer
        "http://fhir.de/NamingSystem/gkv/kvid-10",  # the KVNR's earlier system name
        "urn:oid:1.2.40.0.10.1.4.3.1",  # Austrian social insurance number (SVNR)
        "urn:oid:2.16.756.5.32",  # Swiss AHV number (AHVN13)
        "http://fhir.nl/fhir/NamingSystem/bsn",  # Dutch citizen service number
        "https://fhir.nhs.uk/Id/nhs-number",  # NHS number (England and Wales)
        "http://hl7.org/fhir/sid/us-ssn",  # US social security number
    }
)
# The same by the identifier's type (HL7 v2 table 0203): social security, national person,
# national health plan, jurisdictional health, social beneficiary, passport, driver's licence.
PERSON_IDENTIFIER_TYPES = frozenset({"SS", "NI", "NH", "JHN", "SB", "PPN", "DL"})


@dataclass(frozen=True)
class PatientRecord:
    """One patient as the practice system knows them."""

    patient_id: str
    surname: str
    given_names: str
    birth_date: date
    birth_name: str = ""
    former_names: tuple[str, ...] = ()
    title: str = ""
    street: str = ""
    postcode: str = ""
    city: str = ""

    @property
    def full_name(self) -> str:
        """The name as a clerk writes it: given names and surname."""
        return f"{self.given_names} {self.surname}".strip()

    @property
    def address(self) -> str:
        """The home address in one line ("Lindenweg 4, 12055 Berlin"), empty if unknown."""
        place = f"{self.postcode} {self.city}".strip()
        return ", ".join(part for part in (self.street, place) if part)


@dataclass
class RegisterRead:
    """What one export gave: the records read, and a sentence per row refused."""

    source: str
    records: list[PatientRecord] = field(default_factory=list)
    refused: list[str] = field(default_factory=list)
    # Records the practice system merged into another (FHIR ``link`` replaced-by): gone
    # from the register, counted apart from those simply no longer exported.
    merged: dict[str, str] = field(default_factory=dict)


class RegisterFileRefused(ValueError):
    """The whole export cannot be read (missing, too large, not the format); its sentence
    says which file and what to do."""


# ---------------------------------------------------------------------------- one record


def _text(value: object, what: str, where: str) -> str:
    """A name part as kept: composed Unicode, spaces collapsed; refused with a sentence
    when it holds control or invisible characters or is too long."""
    text = " ".join(unicodedata.normalize("NFC", str(value or "")).split())
    bad = next((c for c in text if unicodedata.category(c) in _UNWANTED), None)
    if bad is not None:
        raise ValueError(f"{where}: the {what} holds the invisible character U+{ord(bad):04X}")
    if len(text) > MAX_NAME_CHARACTERS:
        raise ValueError(f"{where}: the {what} is {len(text)} characters long (at most 120)")
    return text


_DATE_FORMS = (
    re.compile(r"^(?P<year>\d{4})-(?P<month>\d\d)-(?P<day>\d\d)$"),
    re.compile(r"^(?P<day>\d\d?)\.(?P<month>\d\d?)\.(?P<year>\d{4})$"),
    re.compile(r"^(?P<day>\d\d)(?P<month>\d\d)(?P<year>\d{4})$"),
)


def birth_date(text: str, today: date) -> date:
    """A birth date written as 1961-03-12, 12.03.1961 or 12031961 (GDT): a real calendar
    day from 1900 to today; ValueError says what is wrong."""
    written = text.strip()
    for form in _DATE_FORMS:
        found = form.match(written)
        if found is None:
            continue
        try:
            day = date(int(found["year"]), int(found["month"]), int(found["day"]))
        except ValueError:
            raise ValueError(f"the birth date {written!r} is no calendar day") from None
        if not EARLIEST_BIRTH <= day <= today:
            raise ValueError(f"the birth date {written!r} is not from 1900 to today")
        return day
    raise ValueError(
        f"the birth date {written[:30]!r} is not written as 1961-03-12 or 12.03.1961"
        if written
        else "there is no birth date"
    )


def make_record(values: Mapping[str, object], where: str, today: date) -> PatientRecord:
    """One record from its fields; ValueError names what is wrong (``where`` first)."""
    patient_id = _text(values.get("id"), "patient id", where)
    if not patient_id:
        raise ValueError(f"{where}: there is no patient id")
    if len(patient_id) > MAX_ID_CHARACTERS or not patient_id.isprintable():
        raise ValueError(f"{where}: the patient id {patient_id[:30]!r} is not an id")
    surname = _text(values.get("surname"), "surname", where)
    given = _text(values.get("given_names"), "given names", where)
    if not surname or not given:
        missing = "surname" if not surname else "given names"
        raise ValueError(f"{where} (patient {patient_id}): there are no {missing}")
    try:
        born = birth_date(str(values.get("birth_date") or ""), today)
    except ValueError as problem:
        raise ValueError(f"{where} (patient {patient_id}): {problem}") from None
    written = values.get("former_names") or ()
    former = written.split(";") if isinstance(written, str) else list(written)  # type: ignore[call-overload]
    return PatientRecord(
        patient_id=patient_id,
        surname=surname,
        given_names=given,
        birth_date=born,
        birth_name=_text(values.get("birth_name"), "birth name", where),
        former_names=tuple(
            name for name in (_text(old, "former name", where) for old in former) if name
        ),
        title=_text(values.get("title"), "title", where),
        street=_text(values.get("street"), "street", where),
        postcode=_text(values.get("postcode"), "postcode", where),
        city=_text(values.get("city"), "town", where),
    )


def _collect(
    read: RegisterRead, rows: Iterable[tuple[str, Mapping[str, object]]], today: date
) -> None:
    """Records from (where, fields) rows; a refused row or a repeated id gets its sentence."""
    seen: dict[str, str] = {}
    for where, values in rows:
        try:
            record = make_record(values, where, today)
        except ValueError as problem:
            read.refused.append(
                f"{problem}; the row was left out: correct it in the practice system."
            )
            continue
        if record.patient_id in seen:
            read.refused.append(
                f"{where}: the patient id {record.patient_id} was given already by "
                f"{seen[record.patient_id]}; the later row was left out: an id names one patient."
            )
            continue
        seen[record.patient_id] = where
        read.records.append(record)


def _bytes_of(path: Path) -> bytes:
    try:
        size = path.stat().st_size
        if size > MAX_REGISTER_BYTES:
            raise RegisterFileRefused(
                f"The register export {path} is {size} bytes, more than docvault reads "
                f"({MAX_REGISTER_BYTES} bytes); export the register without documents or images."
            )
        return path.read_bytes()
    except OSError as error:
        raise RegisterFileRefused(
            f"The register export {path} cannot be read ({error.strerror or error}); check "
            "the path in register_source and that docvault's user may read it."
        ) from None


# ---------------------------------------------------------------------------- CSV


def csv_columns(mapping: Sequence[str]) -> dict[str, str]:
    """The CSV column of each register field: ``register_csv_columns`` entries such as
    "id=PatNr" override the field's own name as the column."""
    columns = {name: name for name in CSV_FIELDS}
    for entry in mapping:
        name, _, column = entry.partition("=")
        if name.strip() not in columns or not column.strip():
            raise RegisterFileRefused(
                f"register_csv_columns entry {entry!r} is not FIELD=COLUMN with FIELD one of "
                f"{', '.join(CSV_FIELDS)}."
            )
        columns[name.strip()] = column.strip()
    return columns


def _decoded(data: bytes) -> str:
    """UTF-8 (with or without its byte-order mark), else Windows-1252 as many practice
    systems on Windows write."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return data.decode("cp1252", errors="replace")


def read_csv(path: Path, mapping: Sequence[str], today: date) -> RegisterRead:
    """The register from a CSV export with a header row (comma, semicolon or tab)."""
    text = _decoded(_bytes_of(path))
    columns = csv_columns(mapping)
    try:
        dialect: Any = csv.Sniffer().sniff(text[:4096], delimiters=",;\t|")
    except csv.Error:
        dialect = csv.excel
    reader = csv.DictReader(io.StringIO(text), dialect=dialect)
    header = reader.fieldnames or []
    missing = [columns[name] for name in REQUIRED_CSV_FIELDS if columns[name] not in header]
    if missing:
        raise RegisterFileRefused(
            f"The register export {path} has no column {', '.join(map(repr, missing))} "
            f"(its columns: {', '.join(header[:20]) or 'none'}); map the columns in "
            "register_csv_columns, as id=PatNr."
        )
    read = RegisterRead(str(path))
    rows = (
        (f"{path.name} row {number}", {name: row.get(column) for name, column in columns.items()})
        for number, row in enumerate(reader, start=2)
    )
    _collect(read, rows, today)
    return read


# ---------------------------------------------------------------------------- GDT


def _gdt_fields(data: bytes, where: str) -> Iterator[tuple[str, bytes]]:
    """(field id, content) of each line; ValueError names a line that is no GDT line."""
    for number, line in enumerate(data.split(b"\n"), start=1):
        line = line.rstrip(b"\r")
        if not line.strip(b"\x1a "):
            continue
        found = _GDT_LINE.match(line)
        if found is None or int(found[1]) != len(line) + 2:
            raise ValueError(
                f"{where} line {number}: {line[:20]!r} is not a GDT line (3 digits of length, "
                "4 of field id, content)"
            )
        yield found[2].decode("ascii"), found[3]


def _gdt_records(data: bytes, where: str) -> Iterator[tuple[str, dict[str, object]]]:
    """Each 6301 record of one file as register fields (other record types are skipped)."""
    record: dict[str, bytes] | None = None
    fields = list(_gdt_fields(data, where))
    records: list[dict[str, bytes]] = []
    for field_id, content in fields:
        if field_id == "8000":
            record = {}
            records.append(record)
        if record is not None:
            record.setdefault(field_id, content)
    for number, raw in enumerate(records, start=1):
        if raw.get("8000") != b"6301":
            continue
        charset = GDT_CHARSETS.get(raw.get("9206", b"2").decode("ascii", "replace"), "cp437")
        value = {key: content.decode(charset, errors="replace") for key, content in raw.items()}
        prefix = value.get(GDT_PREFIX, "")
        yield (
            f"{where} record {number}",
            {
                "id": value.get(GDT_ID),
                "surname": f"{prefix} {value.get(GDT_SURNAME, '')}".strip(),
                "given_names": value.get(GDT_GIVEN),
                "birth_date": value.get(GDT_BIRTH),
                "title": value.get(GDT_TITLE),
                "street": value.get(GDT_STREET),
                **_gdt_place(value),
            },
        )


def _gdt_place(value: Mapping[str, str]) -> dict[str, str]:
    """Postcode and town: GDT 3's own fields, else GDT 2.1's "postcode town" split."""
    if GDT_POSTCODE in value or GDT_TOWN in value:
        return {"postcode": value.get(GDT_POSTCODE, ""), "city": value.get(GDT_TOWN, "")}
    place = value.get(GDT_PLACE, "")
    found = _POSTCODE_FIRST.match(place)
    if found is None:
        return {"postcode": "", "city": place}
    return {"postcode": found[1], "city": found[2]}


def read_gdt_folder(folder: Path, today: date) -> RegisterRead:
    """The register from a folder of GDT files (``*.gdt``), each holding 6301 records."""
    if not folder.is_dir():
        raise RegisterFileRefused(
            f"The GDT register folder {folder} does not exist or is no folder; check "
            "register_source."
        )
    read = RegisterRead(str(folder))
    total = 0
    rows: list[tuple[str, Mapping[str, object]]] = []
    for path in sorted(folder.iterdir()):
        if path.suffix.lower() != ".gdt" or not path.is_file():
            continue
        data = _bytes_of(path)
        total += len(data)
        if total > MAX_REGISTER_BYTES:
            raise RegisterFileRefused(
                f"The GDT files in {folder} hold more than {MAX_REGISTER_BYTES} bytes; "
                "docvault reads at most that much."
            )
        try:
            rows.extend(_gdt_records(data, path.name))
        except ValueError as problem:
            read.refused.append(f"{problem}; the file was left out: export it again.")
    _collect(read, rows, today)
    return read


# ---------------------------------------------------------------------------- FHIR


def _fhir_resources(path: Path) -> Iterator[tuple[str, object]]:
    """(where, resource) of a Bundle's entries or of each NDJSON line."""
    text = _decoded(_bytes_of(path))
    try:
        whole = json.loads(text)
    except json.JSONDecodeError:
        whole = None
    if isinstance(whole, dict) and whole.get("resourceType") == "Bundle":
        for number, entry in enumerate(whole.get("entry") or [], start=1):
            resource = entry.get("resource") if isinstance(entry, dict) else None
            yield f"{path.name} entry {number}", resource
        return
    if isinstance(whole, dict):
        yield f"{path.name}", whole
        return
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            yield f"{path.name} line {number}", json.loads(line)
        except json.JSONDecodeError as error:
            yield f"{path.name} line {number}", f"is not JSON ({error.msg})"


def _fhir_id(resource: Mapping[str, Any], system: str) -> str | None:
    """The practice system's id: the identifier of ``system``; with no system set, the one
    identifier that is not a person's national or insurance number, else the one typed MR
    (medical record number)."""
    identifiers = [item for item in resource.get("identifier") or [] if isinstance(item, dict)]
    if system:
        chosen = [item for item in identifiers if item.get("system") == system]
    else:
        own = [item for item in identifiers if not _names_the_person_elsewhere(item)]
        chosen = own if len(own) == 1 else [item for item in own if "MR" in _type_codes(item)]
    return str(chosen[0].get("value") or "") if len(chosen) == 1 else None


def _names_the_person_elsewhere(identifier: Mapping[str, Any]) -> bool:
    """A national, social insurance or health insurance number: never the practice's own."""
    if identifier.get("system") in PERSON_IDENTIFIER_SYSTEMS:
        return True
    return bool(_type_codes(identifier) & PERSON_IDENTIFIER_TYPES)


def _type_codes(identifier: Mapping[str, Any]) -> set[str]:
    codings = (identifier.get("type") or {}).get("coding") or []
    return {str(coding.get("code")) for coding in codings if isinstance(coding, dict)}


def _fhir_fields(resource: Mapping[str, Any], system: str) -> dict[str, object]:
    names = [name for name in resource.get("name") or [] if isinstance(name, dict)]
    current = next(
        (name for name in names if name.get("use") in ("official", "usual")),
        next((name for name in names if name.get("use") not in ("maiden", "old")), {}),
    )
    maiden = next((name for name in names if name.get("use") == "maiden"), {})
    address = _fhir_home(resource)
    return {
        "id": _fhir_id(resource, system),
        "surname": current.get("family"),
        "given_names": " ".join(str(given) for given in current.get("given") or []),
        "title": " ".join(str(prefix) for prefix in current.get("prefix") or []),
        "birth_name": maiden.get("family") if maiden.get("family") != current.get("family") else "",
        "former_names": [str(name.get("family")) for name in names if name.get("use") == "old"],
        "birth_date": resource.get("birthDate"),
        "street": " ".join(str(line) for line in address.get("line") or []),
        "postcode": address.get("postalCode"),
        "city": address.get("city"),
    }


def _fhir_home(resource: Mapping[str, Any]) -> Mapping[str, Any]:
    """The patient's home address: the one marked home, else the first that is not old."""
    addresses = [item for item in resource.get("address") or [] if isinstance(item, dict)]
    current = [item for item in addresses if item.get("use") != "old"]
    return next((item for item in current if item.get("use") == "home"), None) or next(
        iter(current), {}
    )


def _replaced_by(resource: Mapping[str, Any]) -> str | None:
    """The patient an inactive record was merged into (``link`` of type replaced-by)."""
    for link in resource.get("link") or []:
        if isinstance(link, dict) and link.get("type") == "replaced-by":
            reference = str((link.get("other") or {}).get("reference") or "")
            return reference.rpartition("/")[2] or reference
    return None


def read_fhir(path: Path, system: str, today: date) -> RegisterRead:
    """The register from FHIR ``Patient`` resources: a Bundle, one resource, or NDJSON."""
    read = RegisterRead(str(path))
    rows: list[tuple[str, Mapping[str, object]]] = []
    for where, resource in _fhir_resources(path):
        if isinstance(resource, str):
            read.refused.append(f"{where} {resource}; the line was left out: export it again.")
            continue
        if not isinstance(resource, dict) or resource.get("resourceType") != "Patient":
            continue  # a Bundle may carry other resources; only patients are the register
        fields = _fhir_fields(resource, system)
        if fields["id"] is None:
            read.refused.append(
                f"{where}: the Patient has no identifier docvault can take as the practice "
                "system's id (set register_fhir_system to its identifier system); it was left out."
            )
            continue
        if resource.get("active") is False:
            merged_into = _replaced_by(resource)
            if merged_into:
                read.merged[str(fields["id"])] = merged_into
            continue
        rows.append((where, fields))
    _collect(read, rows, today)
    return read
