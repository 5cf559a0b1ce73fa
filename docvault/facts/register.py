"""The patient register in docvault's database, refreshed from the practice system's export.

    export (CSV, GDT folder, FHIR) --register_files--> records
        --refresh--> register_patients, and register_refreshes (the report)

A refresh makes the register what the export says: entries added, changed, merged (FHIR
``replaced-by``) and removed, each refused row told in a sentence and left out (the entry
the last good export gave stays). An export that would empty the register or remove more
than half of it is refused whole, unless the admin says it is meant (`docvault register
import --accept-removals`): a truncated export must not unfile a clinic's patients. Every
refresh, taken or refused, is a row of ``register_refreshes``.

``lookup`` gives the letter matcher (``facts.patient_match``) the entries born on given days.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass, field
from datetime import date, datetime
from pathlib import Path

from sqlalchemy import Engine, func
from sqlmodel import Session, col, select

from docvault.db import write_transaction
from docvault.errors import RegisterRefused
from docvault.facts.extract import search_date
from docvault.facts.patient_match import Lookup, fold, words
from docvault.facts.register_files import (
    PatientRecord,
    RegisterFileRefused,
    RegisterRead,
    read_csv,
    read_fhir,
    read_gdt_folder,
)
from docvault.models import RegisterPatient, RegisterRefresh, utcnow

# A refresh may remove at most this share of the register without the admin's word
# (and always up to SMALL_REMOVAL entries: a few patients leave a practice every day).
REMOVAL_SHARE = 0.5
SMALL_REMOVAL = 20


@dataclass
class RefreshReport:
    """What one refresh did."""

    source: str
    added: list[str] = field(default_factory=list)
    changed: list[str] = field(default_factory=list)
    merged: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)
    refused: list[str] = field(default_factory=list)

    def sentence(self) -> str:
        """The refresh in one sentence, as the calendar and the command report it."""
        return (
            f"register refreshed from {self.source}: {len(self.added)} added, "
            f"{len(self.changed)} changed, {len(self.merged)} merged, {len(self.removed)} "
            f"removed, {len(self.refused)} row(s) refused"
        )


def read_export(
    path: Path, kind: str, csv_columns: Sequence[str], fhir_system: str, today: date
) -> RegisterRead:
    """The export at ``path`` read as ``kind`` ("auto": a folder is GDT, a .csv file CSV,
    anything else FHIR); RegisterRefused when it cannot be read at all."""
    if kind == "auto":
        kind = "gdt" if path.is_dir() else "csv" if path.suffix.lower() == ".csv" else "fhir"
    try:
        if kind == "gdt":
            return read_gdt_folder(path, today)
        if kind == "csv":
            return read_csv(path, csv_columns, today)
        return read_fhir(path, fhir_system, today)
    except RegisterFileRefused as refused:
        raise RegisterRefused(str(refused)) from None


def refresh_from(
    database: Engine,
    path: Path,
    kind: str = "auto",
    csv_columns: Sequence[str] = (),
    fhir_system: str = "",
    accept_removals: bool = False,
) -> RefreshReport:
    """Read the export at ``path`` and refresh the register from it; RegisterRefused (and
    recorded) when the export cannot be read or would remove too much."""
    try:
        read = read_export(path, kind, csv_columns, fhir_system, utcnow().date())
    except RegisterRefused as refused:
        record_refused(database, str(path), refused.message)
        raise
    return refresh(database, read, accept_removals)


def _row(record: PatientRecord, now: datetime) -> RegisterPatient:
    return RegisterPatient(
        patient_id=record.patient_id,
        surname=record.surname,
        given_names=record.given_names,
        birth_date=record.birth_date,
        birth_name=record.birth_name,
        former_names=";".join(record.former_names),
        title=record.title,
        street=record.street,
        postcode=record.postcode,
        city=record.city,
        refreshed_at=now,
    )


def record_of(row: RegisterPatient) -> PatientRecord:
    """A stored entry as the matcher reads it."""
    return PatientRecord(
        patient_id=row.patient_id,
        surname=row.surname,
        given_names=row.given_names,
        birth_date=row.birth_date,
        birth_name=row.birth_name,
        former_names=tuple(name for name in row.former_names.split(";") if name),
        title=row.title,
        street=row.street,
        postcode=row.postcode,
        city=row.city,
    )


def refresh(
    database: Engine, read: RegisterRead, accept_removals: bool = False, now: datetime | None = None
) -> RefreshReport:
    """Make the register what the export says, in one transaction, and record the report.

    RegisterRefused (recorded too, the register unchanged) when the export would empty the
    register or remove more than half of it without ``accept_removals``."""
    now = now or utcnow()
    report = RefreshReport(read.source, refused=list(read.refused))
    with write_transaction(database) as session:
        stored = {row.patient_id: row for row in session.exec(select(RegisterPatient))}
        exported = {record.patient_id: record for record in read.records}
        gone = [patient_id for patient_id in stored if patient_id not in exported]
        problem = _too_many_removed(len(stored), len(gone), len(exported), accept_removals)
        if problem is None:
            _apply(session, stored, exported, gone, read, report, now)
        session.add(_refresh_row(report, now, problem))
    if problem is not None:
        raise RegisterRefused(f"The register export {read.source} was not taken: {problem}")
    return report


def _apply(
    session: Session,
    stored: dict[str, RegisterPatient],
    exported: dict[str, PatientRecord],
    gone: list[str],
    read: RegisterRead,
    report: RefreshReport,
    now: datetime,
) -> None:
    for patient_id, record in exported.items():
        row = stored.get(patient_id)
        if row is None:
            session.add(_row(record, now))
            report.added.append(patient_id)
        elif record_of(row) != record:
            session.delete(row)
            session.flush()
            session.add(_row(record, now))
            report.changed.append(patient_id)
    for patient_id in gone:
        session.delete(stored[patient_id])
        (report.merged if patient_id in read.merged else report.removed).append(patient_id)


def _too_many_removed(stored: int, gone: int, exported: int, accept: bool) -> str | None:
    if accept or gone <= SMALL_REMOVAL:
        return None
    if exported == 0:
        return (
            f"it holds no patient docvault could read, and taking it would remove all {stored} "
            "entries of the register; check the export (its refused rows are listed), or run "
            "`docvault register import PATH --accept-removals` if the register is meant to be "
            "empty."
        )
    if gone > stored * REMOVAL_SHARE:
        return (
            f"it would remove {gone} of the register's {stored} entries; a truncated export "
            "must not unfile letters. Check the export, or run `docvault register import PATH "
            "--accept-removals` if they did leave the practice."
        )
    return None


def _refresh_row(report: RefreshReport, now: datetime, problem: str | None) -> RegisterRefresh:
    return RegisterRefresh(
        source=report.source,
        finished_at=now,
        outcome="refused" if problem else "ok",
        added=len(report.added),
        changed=len(report.changed),
        merged=len(report.merged),
        removed=len(report.removed),
        refused=len(report.refused),
        report="\n".join(([problem] if problem else []) + report.refused),
    )


def record_refused(database: Engine, source: str, sentence: str) -> None:
    """Record a refresh whose export could not be read at all."""
    with write_transaction(database) as session:
        session.add(RegisterRefresh(source=source, outcome="refused", report=sentence))


def register_size(session: Session) -> int:
    """How many patients the register holds."""
    return int(session.exec(select(func.count()).select_from(RegisterPatient)).one())


def patient(session: Session, patient_id: str) -> PatientRecord | None:
    """The register entry of a patient number, if the register holds it."""
    row = session.get(RegisterPatient, patient_id)
    return record_of(row) if row is not None else None


def lookup(session: Session) -> Lookup:
    """The matcher's look-up: the entries born on any of the given days."""

    def born_on(days: Collection[date]) -> list[PatientRecord]:
        rows = session.exec(
            select(RegisterPatient).where(col(RegisterPatient.birth_date).in_(sorted(days)))
        )
        return [record_of(row) for row in rows]

    return born_on


# The register picker shows at most this many patients: more means "type more".
MOST_FOUND = 20


def search(session: Session, typed: str) -> list[PatientRecord]:
    """The register entries a person's search names (the register picker): the patient
    number itself, or every typed name word in the patient's names (umlauts and their
    transliterations alike) and a typed birth date exactly."""
    typed = " ".join(typed.split())[:200]
    if not typed:
        return []
    exact = session.get(RegisterPatient, typed)
    if exact is not None:
        return [record_of(exact)]
    dated = [part for part in typed.split() if any(digit.isdigit() for digit in part)]
    born = [day for part in dated if (day := search_date(part)) and len(day) == len("2000-01-01")]
    named = " ".join(part for part in typed.split() if part not in dated)
    wanted = [fold(word) for word in words(named)]
    statement = select(RegisterPatient).order_by(col(RegisterPatient.surname))
    if born:
        days = [date.fromisoformat(day) for day in born]
        statement = statement.where(col(RegisterPatient.birth_date).in_(days))
    elif not wanted:
        return []
    found: list[PatientRecord] = []
    for row in session.exec(statement):
        record = record_of(row)
        names = {fold(word) for word in words(_all_names(record))}
        if all(any(name.startswith(word) for name in names) for word in wanted):
            found.append(record)
            if len(found) == MOST_FOUND:
                break
    return found


def _all_names(record: PatientRecord) -> str:
    return " ".join((record.given_names, record.surname, record.birth_name, *record.former_names))
