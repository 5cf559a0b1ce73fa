"""Issue 50: the practice system's patient register, refreshed from its exports, and letters
matched to its patients by name and birth date together."""

from __future__ import annotations

import json
import re
from datetime import date
from pathlib import Path

import pytest
from click.testing import CliRunner
from sqlmodel import select

from docvault.cli import main
from docvault.db import read_session, write_transaction
from docvault.errors import FactRefused, RegisterRefused
from docvault.facts import propose, register
from docvault.facts import store as fact_store
from docvault.facts.patient_match import match_patient
from docvault.facts.register_files import (
    PatientRecord,
    RegisterFileRefused,
    read_csv,
    read_fhir,
    read_gdt_folder,
)
from docvault.facts.store import FactView
from docvault.letter import read_letter
from docvault.models import DocumentFact, RegisterPatient, RegisterRefresh
from tests.support.factsarchive import MUSTERMANN_LETTER, SMITH_LETTER, add_letter, drain_index
from tests.support.liveserver import logged_in_site
from tests.support.webarchive import NURSE, WebArchive

TODAY = date(2026, 12, 1)


# ------------------------------------------------------------------------- CSV


def test_a_csv_export_with_mapped_columns_is_read_and_its_bad_rows_refused(tmp_path: Path) -> None:
    export = tmp_path / "patienten.csv"
    export.write_bytes(
        "PatNr;Name;Vorname;Geburtsname;Titel;Geburtsdatum\n"
        "104711;Müller-Lüdenscheidt;Hans Peter;;Dr.;12.03.1961\n"
        "104712;von Brandt;Sophie;Weiß;;1970-01-31\n"
        ";Ohne;Nummer;;;01.01.1950\n"
        "104713;Kaputt;Datum;;;31.02.1961\n"
        "104714;Zukunft;Kind;;;01.01.2031\n"
        "104711;Doppelt;Vergeben;;;02.02.1962\n"
        "104715;Steuer\x07zeichen;Eva;;;03.03.1963\n".encode("cp1252")
    )
    columns = ["id=PatNr", "surname=Name", "given_names=Vorname", "birth_name=Geburtsname"]
    columns += ["title=Titel", "birth_date=Geburtsdatum"]
    read = read_csv(export, columns, TODAY)
    assert [record.patient_id for record in read.records] == ["104711", "104712"]
    assert read.records[0] == PatientRecord(
        "104711", "Müller-Lüdenscheidt", "Hans Peter", date(1961, 3, 12), title="Dr."
    )
    assert read.records[1].birth_name == "Weiß"
    assert read.refused == [
        "patienten.csv row 4: there is no patient id; the row was left out: correct it in "
        "the practice system.",
        "patienten.csv row 5 (patient 104713): the birth date '31.02.1961' is no calendar "
        "day; the row was left out: correct it in the practice system.",
        "patienten.csv row 6 (patient 104714): the birth date '01.01.2031' is not from 1900 "
        "to today; the row was left out: correct it in the practice system.",
        "patienten.csv row 7: the patient id 104711 was given already by patienten.csv row "
        "2; the later row was left out: an id names one patient.",
        "patienten.csv row 8: the surname holds the invisible character U+0007; the row was "
        "left out: correct it in the practice system.",
    ]


def test_a_csv_export_without_a_needed_column_is_refused_whole(tmp_path: Path) -> None:
    export = tmp_path / "patients.csv"
    export.write_text("id,surname,given_names\n1,Muster,Erika\n", encoding="utf-8")
    with pytest.raises(
        RegisterFileRefused, match=r"has no column .birth_date.*register_csv_columns"
    ):
        read_csv(export, [], TODAY)


# ------------------------------------------------------------------------- GDT


def _gdt(fields: list[tuple[str, str]], charset: str = "iso-8859-1") -> bytes:
    lines = [
        f"{len(content.encode(charset)) + 9:03d}{field}".encode()
        + content.encode(charset)
        + b"\r\n"
        for field, content in fields
    ]
    return b"".join(lines)


def test_a_folder_of_gdt_patient_records_is_read_and_its_bad_records_refused(
    tmp_path: Path,
) -> None:
    folder = tmp_path / "gdt"
    folder.mkdir()
    head = [("8000", "6301"), ("8100", "00000"), ("9206", "3"), ("9218", "02.10")]
    (folder / "1.gdt").write_bytes(
        _gdt(
            [
                *head,
                ("3000", "2001"),
                ("3100", "von"),
                ("3101", "Löwenstein"),
                ("3102", "Jürgen"),
                ("3103", "05061955"),
                ("3104", "Prof. Dr."),
            ]
        )
    )
    (folder / "2.gdt").write_bytes(
        _gdt([*head, ("3000", "2002"), ("3101", "Ohnedatum"), ("3102", "Karl")])
    )
    (folder / "3.gdt").write_bytes(b"0138000630\r\nkein GDT\r\n")
    (folder / "notes.txt").write_text("not a record")
    read = read_gdt_folder(folder, TODAY)
    assert read.records == [
        PatientRecord("2001", "von Löwenstein", "Jürgen", date(1955, 6, 5), title="Prof. Dr.")
    ]
    assert read.refused == [
        "3.gdt line 1: b'0138000630' is not a GDT line (3 digits of length, 4 of field id, "
        "content); the file was left out: export it again.",
        "2.gdt record 1 (patient 2002): there is no birth date; the row was left out: "
        "correct it in the practice system.",
    ]


# ------------------------------------------------------------------------- FHIR


def _patient(patient_id: str, family: str, birth: str | None, **extra: object) -> dict[str, object]:
    resource: dict[str, object] = {
        "resourceType": "Patient",
        "identifier": [{"system": "urn:praxis", "value": patient_id}],
        "name": [
            {"use": "official", "family": family, "given": ["Anna", "Lena"], "prefix": ["Dr."]}
        ],
        **extra,
    }
    if birth:
        resource["birthDate"] = birth
    return resource


def test_fhir_patients_are_read_from_a_bundle_and_from_ndjson(tmp_path: Path) -> None:
    married = _patient("3001", "Schulz", "1980-07-01")
    married["name"] = [
        *married["name"],  # type: ignore[list-item]
        {"use": "maiden", "family": "Yılmaz", "given": ["Anna"]},
        {"use": "old", "family": "Meier", "given": ["Anna"]},
    ]
    merged = _patient(
        "3003",
        "Schulz",
        "1980-07-01",
        active=False,
        link=[{"type": "replaced-by", "other": {"reference": "Patient/3001"}}],
    )
    bundle = {
        "resourceType": "Bundle",
        "type": "collection",
        "entry": [
            {"resource": married},
            {"resource": _patient("3002", "Ohne", "1980")},
            {"resource": {"resourceType": "Patient", "name": [{"family": "Nobody"}]}},
            {"resource": merged},
            {"resource": {"resourceType": "Organization", "name": "Praxis"}},
        ],
    }
    (tmp_path / "bundle.json").write_text(json.dumps(bundle), encoding="utf-8")
    read = read_fhir(tmp_path / "bundle.json", "urn:praxis", TODAY)
    assert read.records == [
        PatientRecord(
            "3001",
            "Schulz",
            "Anna Lena",
            date(1980, 7, 1),
            birth_name="Yılmaz",
            former_names=("Meier",),
            title="Dr.",
        )
    ]
    assert read.merged == {"3003": "3001"}
    assert read.refused == [
        "bundle.json entry 3: the Patient has no identifier docvault can take as the practice "
        "system's id (set register_fhir_system to its identifier system); it was left out.",
        "bundle.json entry 2 (patient 3002): the birth date '1980' is not written as "
        "1961-03-12 or 12.03.1961; the row was left out: correct it in the practice system.",
    ]
    lines = [json.dumps(married), "{not json", json.dumps(_patient("3004", "Kurz", "1999-09-09"))]
    (tmp_path / "patients.ndjson").write_text("\n".join(lines) + "\n", encoding="utf-8")
    read = read_fhir(tmp_path / "patients.ndjson", "", TODAY)
    assert [record.patient_id for record in read.records] == ["3001", "3004"]
    assert read.refused == [
        "patients.ndjson line 2 is not JSON (Expecting property name enclosed in double "
        "quotes); the line was left out: export it again."
    ]


def test_a_national_or_insurance_number_beside_the_practice_id_needs_no_setting(
    tmp_path: Path,
) -> None:
    """An Austrian export carries the social insurance number, a German one the KVNR."""
    austrian = _patient("4001", "Horvath", "1972-03-18")
    austrian["identifier"] = [
        {"system": "urn:oid:1.2.40.0.10.1.4.3.1", "value": "1234180372"},
        {"system": "urn:praxis-wien", "value": "4001"},
    ]
    german = _patient("4002", "Schulz", "1980-07-01")
    german["identifier"] = [
        {"system": "urn:praxis-berlin", "value": "4002"},
        {"system": "http://fhir.de/sid/gkv/kvid-10", "value": "A123456780"},
        {"type": {"coding": [{"code": "PPN"}]}, "value": "C01X00T47"},
    ]
    two_own = _patient("4003", "Meier", "1990-01-02")
    two_own["identifier"] = [
        {"system": "urn:praxis-alt", "value": "77"},
        {"system": "urn:praxis-neu", "value": "4003"},
    ]
    lines = [json.dumps(resource) for resource in (austrian, german, two_own)]
    (tmp_path / "patients.ndjson").write_text("\n".join(lines) + "\n", encoding="utf-8")
    read = read_fhir(tmp_path / "patients.ndjson", "", TODAY)
    assert [record.patient_id for record in read.records] == ["4001", "4002"]
    assert read.refused == [  # two numbers of its own: which one is the practice's is asked
        "patients.ndjson line 3: the Patient has no identifier docvault can take as the "
        "practice system's id (set register_fhir_system to its identifier system); it was "
        "left out."
    ]


# ------------------------------------------------------------------------- refresh


def _csv(path: Path, rows: list[str]) -> Path:
    path.write_text("id,surname,given_names,birth_date\n" + "\n".join(rows) + "\n")
    return path


def test_a_refresh_reports_what_it_added_changed_and_removed(
    archive: WebArchive, tmp_path: Path
) -> None:
    first = _csv(tmp_path / "a.csv", [f"{n},Name{n},Vorname,1960-01-01" for n in range(1, 41)])
    report = register.refresh_from(archive.database, first)
    assert (len(report.added), len(report.changed), len(report.removed)) == (40, 0, 0)
    rows = [f"{n},Name{n},Vorname,1960-01-01" for n in range(3, 41)]
    rows[0] = "3,Umbenannt,Vorname,1960-01-01"
    second = _csv(tmp_path / "b.csv", [*rows, "41,Neu,Vorname,1970-01-01", "42,Bad,Date,1970"])
    report = register.refresh_from(archive.database, second)
    assert (report.added, report.changed, report.removed) == (["41"], ["3"], ["1", "2"])
    assert report.sentence() == (
        f"register refreshed from {second}: 1 added, 1 changed, 0 merged, 2 removed, "
        "1 row(s) refused"
    )
    with read_session(archive.database) as session:
        assert session.get(RegisterPatient, "3").surname == "Umbenannt"  # type: ignore[union-attr]
        assert session.get(RegisterPatient, "1") is None
        last = session.exec(select(RegisterRefresh).order_by(RegisterRefresh.id.desc())).first()  # type: ignore[union-attr]
    assert last is not None
    assert (last.outcome, last.added, last.refused) == ("ok", 1, 1)
    assert "42" in last.report
    assert "birth date '1970'" in last.report


def test_a_truncated_export_is_refused_and_the_register_kept(
    archive: WebArchive, tmp_path: Path
) -> None:
    full = _csv(tmp_path / "full.csv", [f"{n},Name{n},Vorname,1960-01-01" for n in range(1, 101)])
    register.refresh_from(archive.database, full)
    truncated = _csv(
        tmp_path / "cut.csv", [f"{n},Name{n},Vorname,1960-01-01" for n in range(1, 31)]
    )
    with pytest.raises(RegisterRefused, match="would remove 70 of the register's 100 entries"):
        register.refresh_from(archive.database, truncated)
    with read_session(archive.database) as session:
        assert register.register_size(session) == 100
    report = register.refresh_from(archive.database, truncated, accept_removals=True)
    assert len(report.removed) == 70


def test_the_command_imports_an_export_and_says_what_it_refused(
    archive: WebArchive, tmp_path: Path
) -> None:
    export = _csv(tmp_path / "p.csv", ["7,Muster,Erika,1961-03-12", "8,Ohne,Datum,"])
    env = {"DOCVAULT_CONFIG": "", "DOCVAULT_DATA_DIR": str(archive.data_dir)}
    answer = CliRunner().invoke(main, ["register", "import", str(export)], env=env)
    assert answer.exit_code == 0, answer.output
    assert answer.output.splitlines() == [
        "refused: p.csv row 3 (patient 8): there is no birth date; the row was left out: "
        "correct it in the practice system.",
        f"register refreshed from {export}: 1 added, 0 changed, 0 merged, 0 removed, "
        "1 row(s) refused",
    ]
    missing = CliRunner().invoke(main, ["register", "import", str(tmp_path / "no.csv")], env=env)
    assert missing.exit_code == 1
    assert "cannot be read" in missing.output
    assert "register_source" in missing.output
    shown = CliRunner().invoke(main, ["register"], env=env)
    assert shown.output.splitlines()[0] == "register: 1 patient(s)"


# ------------------------------------------------------------------------- matching


HANS = PatientRecord("1", "Müller", "Hans", date(1961, 3, 12))
HANS_AGAIN = PatientRecord("2", "Müller", "Hans", date(1961, 3, 12))  # same name and birth
TWIN = PatientRecord("3", "Müller", "Karl", date(1961, 3, 12))
MARRIED = PatientRecord("4", "Schulz-Brandt", "Anna Lena", date(1980, 7, 1), birth_name="Yılmaz")
NOBLE = PatientRecord("5", "von Löwenstein", "Jürgen", date(1955, 6, 5), title="Prof. Dr.")


def _lookup(*records: PatientRecord):  # type: ignore[no-untyped-def]
    return lambda days: [record for record in records if record.birth_date in days]


@pytest.mark.parametrize(
    "text",
    [
        "Patient: Müller, Hans\ngeb. 12.03.1961",
        "Betr.: Hans Mueller, * 12.3.1961",  # transliterated
        "Patient: MÜL1ER, HANS  DOB 12/03/1961",  # the engine's misread, upper case
        "Name, Vorname des Versicherten\nMuller\nHans\ngeb. am\n12.03.61",
        "Re: Mr Hans Mülller, born 12 March 1961",  # one letter more
    ],
)
def test_a_register_patient_is_found_despite_misreads_and_name_order(text: str) -> None:
    match = match_patient([text], _lookup(HANS, TWIN))
    assert match.record == HANS
    assert match.evidence.startswith("name")
    assert "on page 1 (1: Hans Müller, born 12.03.1961)" in match.evidence


def test_a_different_birth_date_is_never_matched() -> None:
    assert match_patient(["Patient: Müller, Hans, geb. 13.03.1961"], _lookup(HANS)).record is None
    assert match_patient(["Patient: Müller, Hans, geb. 12.03.1962"], _lookup(HANS)).record is None


def test_the_surname_alone_or_a_given_name_far_away_is_not_the_patient() -> None:
    assert match_patient(["Frau Müller, geb. 12.03.1961"], _lookup(HANS, TWIN)).record is None
    far = "Müller, geb. 12.03.1961, wurde von unserem Kollegen Dr. Hans Weber untersucht"
    assert match_patient([far], _lookup(HANS)).record is None


def test_two_register_entries_that_fit_are_never_proposed_as_one() -> None:
    match = match_patient(["Patient: Hans Müller, geb. 12.03.1961"], _lookup(HANS, HANS_AGAIN))
    assert match.record is None
    assert match.ambiguous == (HANS, HANS_AGAIN)
    assert match.evidence.startswith("2 register entries fit the name and birth date")
    printed = "Patient: Hans Müller, geb. 12.03.1961, Ihre Pat.-Nr.: 2"
    assert match_patient([printed], _lookup(HANS, HANS_AGAIN)).record == HANS_AGAIN


def test_namesakes_give_the_name_and_birth_date_they_share_and_no_patient_number() -> None:
    """ "Pat. Müller Hans" (surname first, no comma): two register entries fit, so no number
    is proposed, but the name they share is the register's spelling, in clerk order."""
    match = match_patient(["Pat. Müller Hans, geb. 12.03.1961"], _lookup(HANS, HANS_AGAIN))
    proposed = fact_store.register_proposals(match)
    assert "patient_id" not in proposed
    assert proposed["patient"].value == "Hans Müller"
    assert proposed["born"].value == "1961-03-12"
    assert proposed["patient"].evidence.startswith("register, shared by 2 entries: 2 register")


# A form with a child's birth date alone under a column label: the rules read the lone
# date as the letter's (an older lone date they take for a birth date themselves).
FORM_WITHOUT_ITS_OWN_DATE = """Antrag auf Leistungen zur Rehabilitation

Versicherte Person | Geburtsdatum
Mia Müller
12.03.2012

Bitte senden Sie den Antrag an uns zurück."""
CHILD = PatientRecord("1", "Müller", "Mia", date(2012, 3, 12))


def test_a_letter_date_that_is_the_register_patients_birth_date_is_not_proposed() -> None:
    rules = propose(FORM_WITHOUT_ITS_OWN_DATE, date(2026, 12, 1))
    assert rules["letter_date"].value == "2012-03-12"  # what the rules alone read
    match = match_patient([FORM_WITHOUT_ITS_OWN_DATE], _lookup(CHILD))
    proposed = fact_store.with_register(rules, match)
    assert proposed["born"].value == "2012-03-12"
    assert proposed["patient_id"].value == "1"
    assert "letter_date" not in proposed
    assert proposed["title"] == rules["title"]


def test_birth_names_double_names_particles_and_titles_are_understood() -> None:
    lookup = _lookup(MARRIED, NOBLE)
    for text in (
        "Anna Yilmaz, geb. 01.07.1980",
        "Frau Anna Lena Schulz-Brandt *01.07.1980",
        "Patientin: Brandt, Anna, geb. 01.07.1980",
    ):
        assert match_patient([text], lookup).record == MARRIED, text
    noble = "Patient: Prof. Dr. Jürgen von Löwenstein, geb. 05.06.1955"
    assert match_patient([noble], lookup).record == NOBLE
    assert match_patient(["LOEWENSTEIN, JUERGEN 06/05/1955"], lookup).record == NOBLE


def _letter_facts(archive: WebArchive, tmp_path: Path, rows: list[str]) -> dict[str, FactView]:
    """The facts of the Mustermann letter read after the register was refreshed with rows."""
    register.refresh_from(archive.database, _csv(tmp_path / "p.csv", rows))
    document_id = add_letter(archive, "pymupdf__small-table.pdf", MUSTERMANN_LETTER)
    with read_session(archive.database) as session:
        return {fact.field: fact for fact in fact_store.facts_of(session, document_id)}


def test_a_letter_gets_the_patient_number_fact_from_the_register(
    archive: WebArchive, tmp_path: Path
) -> None:
    rows = ["104711,Mustermann,Erika,1961-03-12", "104712,Mustermann,Erik,1961-03-12"]
    facts = _letter_facts(archive, tmp_path, rows)
    assert facts["patient_id"].value == "104711"
    assert facts["patient_id"].state == "proposed"
    assert facts["patient_id"].evidence == (
        "register: name and birth date on page 1 (104711: Erika Mustermann, born 12.03.1961)"
    )
    described = {
        "id": 1,
        "file_name": "x.pdf",
        "facts": {field: {"value": fact.value} for field, fact in facts.items()},
    }
    assert read_letter(described).patient_id == "104711"  # the hand-overs' number


def test_an_ambiguous_letter_gets_no_patient_number_but_says_why(
    archive: WebArchive, tmp_path: Path
) -> None:
    rows = ["104711,Mustermann,Erika,1961-03-12", "104799,Mustermann,Erika,1961-03-12"]
    facts = _letter_facts(archive, tmp_path, rows)
    assert facts["patient_id"].value is None
    assert facts["patient_id"].evidence is not None
    assert "104711: Erika Mustermann" in facts["patient_id"].evidence
    assert "104799: Erika Mustermann" in facts["patient_id"].evidence
    assert facts["patient"].value == "Erika Mustermann"  # the rules' reading stands


def test_a_typed_patient_number_must_be_in_the_register(
    archive: WebArchive, tmp_path: Path
) -> None:
    facts = _letter_facts(archive, tmp_path, ["104711,Mustermann,Erika,1961-03-12"])
    assert facts["patient_id"].value == "104711"
    with write_transaction(archive.database) as session:
        document_id = session.exec(select(DocumentFact.document_id)).first()
        assert document_id is not None
        with pytest.raises(FactRefused, match="'104712' is not in the patient register"):
            fact_store.confirm(session, document_id, "patient_id", "nurse", corrected="104712")
        fact_store.confirm(session, document_id, "patient_id", "nurse")  # the proposal
    with read_session(archive.database) as session:
        (number,) = [
            f for f in fact_store.facts_of(session, document_id) if f.field == "patient_id"
        ]
    assert (number.value, number.state, number.confirmed_by) == ("104711", "confirmed", "nurse")


def test_search_finds_a_letter_by_its_patient_number(archive: WebArchive, tmp_path: Path) -> None:
    rows = ["104711,Mustermann,Erika,1961-03-12", "200,Smith,John,1948-07-25"]
    facts = _letter_facts(archive, tmp_path, rows)
    assert facts["patient_id"].value == "104711"
    smith = add_letter(archive, "ocrmypdf__graph_ocred.pdf", SMITH_LETTER)
    drain_index(archive)
    with logged_in_site(archive, NURSE) as client:
        found = {
            query: re.findall(
                r'<li class="document" data-document-id="(\d+)"',
                client.get("/", params={"q": query}).text,
            )
            for query in ("patientid:104711", "patientid:200", "patientid:999")
        }
    assert len(found["patientid:104711"]) == 1
    assert found["patientid:200"] == [str(smith)]
    assert found["patientid:999"] == []


def test_the_refresh_command_reads_register_source_and_says_when_none_is_set(
    archive: WebArchive, tmp_path: Path
) -> None:
    folder = tmp_path / "gdt"
    folder.mkdir()
    head = [("8000", "6301"), ("8100", "00000"), ("9206", "3"), ("9218", "02.10")]
    (folder / "1.gdt").write_bytes(
        _gdt([*head, ("3000", "9"), ("3101", "Weiß"), ("3102", "Ute"), ("3103", "01021970")])
    )
    env = {"DOCVAULT_CONFIG": "", "DOCVAULT_DATA_DIR": str(archive.data_dir)}
    unset = CliRunner().invoke(main, ["register", "refresh"], env=env)
    assert unset.exit_code == 1
    assert "register_source is not set" in unset.output
    env["DOCVAULT_REGISTER_SOURCE"] = str(folder)
    answer = CliRunner().invoke(main, ["register", "refresh"], env=env)
    assert answer.exit_code == 0, answer.output
    assert answer.output.strip() == (
        f"register refreshed from {folder}: 1 added, 0 changed, 0 merged, 0 removed, "
        "0 row(s) refused"
    )
    with read_session(archive.database) as session:
        assert register.patient(session, "9") == PatientRecord("9", "Weiß", "Ute", date(1970, 2, 1))
