"""Issue 50: namesakes born the same day told apart by the home address the letter prints,
and a name written in Cyrillic or Greek found under the Latin spelling the register holds."""

from __future__ import annotations

import json
from datetime import date
from pathlib import Path

import pytest

from docvault.db import read_session
from docvault.facts import register
from docvault.facts.patient_match import match_patient
from docvault.facts.register import record_of
from docvault.facts.register_files import PatientRecord, read_csv, read_fhir, read_gdt_folder
from docvault.models import RegisterPatient
from tests.support.webarchive import WebArchive

TODAY = date(2026, 12, 1)
BORN = date(1968, 4, 17)
SCHULZ_LINDEN = PatientRecord(
    "300101", "Schulz", "Thomas", BORN, street="Lindenweg 4", postcode="12055", city="Berlin"
)
SCHULZ_KARL = PatientRecord(
    "300102", "Schulz", "Thomas", BORN, street="Karl-Marx-Straße 12a", postcode="12043",
    city="Berlin",
)  # fmt: skip


def _lookup(*records: PatientRecord):  # type: ignore[no-untyped-def]
    return lambda days: [record for record in records if record.birth_date in days]


# ------------------------------------------------------------------- addresses


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Patient: Thomas Schulz, geb. 17.04.1968, Lindenweg 4, 12055 Berlin", SCHULZ_LINDEN),
        ("Herrn Thomas Schulz\nKarl-Marx-Str. 12 a\n12043 Berlin\ngeb. 17.04.1968", SCHULZ_KARL),
        ("Pat.: SCHULZ, Thomas (* 17.04.68), wohnhaft KARL-MARX-STRASSE 12A", SCHULZ_KARL),
    ],
)
def test_namesakes_born_the_same_day_are_told_apart_by_the_address_printed(
    text: str, expected: PatientRecord
) -> None:
    match = match_patient([text], _lookup(SCHULZ_LINDEN, SCHULZ_KARL))
    assert match.record == expected
    assert f"with the address ({expected.street}) on page 1" in match.evidence


@pytest.mark.parametrize(
    "text",
    [
        # no address at all
        "Patient: Thomas Schulz, geb. 17.04.1968",
        # both addresses (a letter about one that mentions the other's) decide nothing
        "Thomas Schulz, geb. 17.04.1968, Lindenweg 4; Kontakt: Karl-Marx-Straße 12a",
        # the street without its number, or with another number, is not the address
        "Thomas Schulz, geb. 17.04.1968, Lindenweg, 12055 Berlin",
        "Thomas Schulz, geb. 17.04.1968, Lindenweg 14",
    ],
)
def test_without_exactly_one_namesakes_address_nothing_is_proposed(text: str) -> None:
    match = match_patient([text], _lookup(SCHULZ_LINDEN, SCHULZ_KARL))
    assert match.record is None
    assert match.ambiguous == (SCHULZ_LINDEN, SCHULZ_KARL)
    # staff pick the patient: the sentence says where each lives
    assert "Lindenweg 4, 12055 Berlin" in match.evidence
    assert "Karl-Marx-Straße 12a, 12043 Berlin" in match.evidence


def test_an_address_without_a_house_number_never_decides() -> None:
    """A register street with no number could be anybody's on that street, the sender's
    too: it does not tell namesakes apart."""
    bare = PatientRecord("300103", "Schulz", "Thomas", BORN, street="Am Anger")
    match = match_patient(
        ["Klinik Am Anger\nPatient: Thomas Schulz, geb. 17.04.1968"], _lookup(bare, SCHULZ_KARL)
    )
    assert match.record is None


def test_the_address_is_read_from_every_export(tmp_path: Path) -> None:
    csv_export = tmp_path / "patienten.csv"
    csv_export.write_text(
        "PatNr;Name;Vorname;Geburtsdatum;Strasse;PLZ;Ort\n"
        "300101;Schulz;Thomas;17.04.1968;Lindenweg 4;12055;Berlin\n",
        encoding="utf-8",
    )
    columns = ["id=PatNr", "surname=Name", "given_names=Vorname", "birth_date=Geburtsdatum"]
    columns += ["street=Strasse", "postcode=PLZ", "city=Ort"]
    assert read_csv(csv_export, columns, TODAY).records == [SCHULZ_LINDEN]

    folder = tmp_path / "gdt"
    folder.mkdir()
    head = [("8000", "6301"), ("9206", "3"), ("9218", "02.10")]
    person = [("3000", "300101"), ("3101", "Schulz"), ("3102", "Thomas"), ("3103", "17041968")]
    (folder / "21.gdt").write_bytes(
        _gdt([*head, *person, ("3107", "Lindenweg 4"), ("3106", "12055 Berlin")])
    )
    karl = [("3000", "300102"), *person[1:], ("3107", "Karl-Marx-Straße 12a")]
    # GDT 3: postcode and town in fields of their own
    (folder / "30.gdt").write_bytes(_gdt([*head, *karl, ("3112", "12043"), ("3113", "Berlin")]))
    read = read_gdt_folder(folder, TODAY)
    assert read.records == [SCHULZ_LINDEN, SCHULZ_KARL]
    assert read.refused == []

    patient = {
        "resourceType": "Patient",
        "identifier": [{"system": "urn:praxis", "value": "300101"}],
        "name": [{"use": "official", "family": "Schulz", "given": ["Thomas"]}],
        "birthDate": "1968-04-17",
        "address": [
            {"use": "old", "line": ["Alte Gasse 1"], "postalCode": "10115", "city": "Berlin"},
            {"use": "home", "line": ["Lindenweg 4"], "postalCode": "12055", "city": "Berlin"},
        ],
    }
    (tmp_path / "patients.ndjson").write_text(json.dumps(patient) + "\n", encoding="utf-8")
    assert read_fhir(tmp_path / "patients.ndjson", "urn:praxis", TODAY).records == [SCHULZ_LINDEN]


def _gdt(fields: list[tuple[str, str]]) -> bytes:
    lines = []
    for field_id, content in fields:
        body = (field_id + content).encode("iso-8859-1")
        lines.append(f"{len(body) + 5:03d}".encode() + body + b"\r\n")
    return b"".join(lines)


def test_a_move_is_a_change_the_refresh_reports_and_keeps(
    archive: WebArchive, tmp_path: Path
) -> None:
    header = "id,surname,given_names,birth_date,street,postcode,city\n"
    first = tmp_path / "a.csv"
    first.write_text(header + "300101,Schulz,Thomas,1968-04-17,Lindenweg 4,12055,Berlin\n")
    assert register.refresh_from(archive.database, first).added == ["300101"]
    moved = tmp_path / "b.csv"
    moved.write_text(header + "300101,Schulz,Thomas,1968-04-17,Hermannstraße 9,12049,Berlin\n")
    assert register.refresh_from(archive.database, moved).changed == ["300101"]
    with read_session(archive.database) as session:
        row = session.get(RegisterPatient, "300101")
        assert row is not None
        assert record_of(row).street == "Hermannstraße 9"
        assert (row.postcode, row.city) == ("12049", "Berlin")


# ------------------------------------------------------------------- other scripts

MELNYK = PatientRecord("234704", "Melnyk", "Serhii", date(1976, 6, 1))
IVANOVA = PatientRecord("201490", "Iwanowa", "Tatjana", date(1951, 2, 3))
PAPADOPOULOS = PatientRecord("201491", "Papadopoulos", "Georgios", date(1949, 9, 30))
SHEVCHENKO = PatientRecord("201492", "Schewtschenko", "Andrij", date(1988, 11, 5))


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # Ukrainian, the register in the passport's spelling
        ("Пацієнт: Мельник Сергій\nДата народження: 01.06.1976", MELNYK),
        # Russian, the register in a German clerk's spelling
        ("Ф.И.О.: Иванова Татьяна\nДата рождения: 03.02.1951", IVANOVA),
        # Greek
        ("Ασθενής: Γεώργιος Παπαδόπουλος, ημερομηνία γέννησης 30/09/1949", PAPADOPOULOS),
        # the German transliteration of a Ukrainian name
        ("Пацієнт: Шевченко Андрій, 05.11.1988", SHEVCHENKO),
    ],
)
def test_a_name_written_in_another_script_is_found_under_the_registers_latin_spelling(
    text: str, expected: PatientRecord
) -> None:
    match = match_patient([text], _lookup(MELNYK, IVANOVA, PAPADOPOULOS, SHEVCHENKO))
    assert match.record == expected


def test_another_scripts_name_still_needs_the_exact_birth_date_and_the_whole_name() -> None:
    lookup = _lookup(MELNYK, IVANOVA)
    assert match_patient(["Пацієнт: Мельник Сергій, 02.06.1976"], lookup).record is None
    assert match_patient(["Пацієнт: Мельник Олег, 01.06.1976"], lookup).record is None
    assert match_patient(["Пацієнт: Мельничук Сергій, 01.06.1976"], lookup).record is None
    # the loose comparison is for words written in another script only: in Latin letters
    # "Ivanova Tatiana" is another spelling than the register's, as before
    assert match_patient(["Patientin: Ivanova Tatiana, 03.02.1951"], lookup).record is None


def test_stroked_letters_are_found_as_a_latin_1_register_writes_them() -> None:
    """A register in Latin-1 (GDT is ISO-8859-1) has "Djordjevic" and "Yilmaz"; a Serbian
    or Turkish letter writes "Đorđević" and "Yılmaz"."""
    djordjevic = PatientRecord("4471", "Djordjevic", "Jelena", date(1966, 10, 23))
    yilmaz = PatientRecord("4472", "Yilmaz", "Ayşe", date(1970, 1, 2))
    lookup = _lookup(djordjevic, yilmaz)
    serbian = "Ime i prezime: Jelena Đorđević\nDatum rođenja: 23.10.1966."
    assert match_patient([serbian], lookup).record == djordjevic
    assert match_patient(["Hasta Adı Soyadı: Ayşe Yılmaz, 02.01.1970"], lookup).record == yilmaz


def test_a_surname_beside_its_birth_date_names_the_patient_where_no_given_name_stands() -> None:
    """An e-mail answer names only "Frau Richter (geb. 13.01.2018)"; twins share surname
    and birth date, and a surname on another line than the date is no evidence."""
    richter = PatientRecord("20693", "Richter", "Doreen", date(2018, 1, 13))
    mail = (
        "AW: Terminbestätigung Richter\nanbei die Informationen zu Frau Richter (geb. 13.01.2018)."
    )
    match = match_patient([mail], _lookup(richter))
    assert match.record == richter
    assert match.evidence.startswith("salutation, surname and birth date on one line on page 1")
    twin = PatientRecord("20694", "Richter", "Dana", date(2018, 1, 13))
    assert match_patient([mail], _lookup(richter, twin)).record is None
    apart = "Betreff: Richter\nGeburtsdatum: 13.01.2018"
    assert match_patient([apart], _lookup(richter)).record is None
    # without "Frau" or "Herr" the surname may stand beside another person's given name
    assert (
        match_patient(["Richter, geb. 13.01.2018, Dr. Doris Weber"], _lookup(richter)).record
        is None
    )
    short = PatientRecord("20695", "Vu", "Thi", date(2018, 1, 13))
    assert match_patient(["zu Frau Vu (geb. 13.01.2018)"], _lookup(short)).record is None
