"""Issue 18: the facts a letter states, read from its text; nothing rather than a guess."""

from __future__ import annotations

from datetime import date

import pytest

from bench import independent_letters
from bench.facts_bench import score
from bench.facts_independent_bench import received_day
from docvault.facts import parse_date, propose, search_date
from docvault.facts.extract import DateOrder
from docvault.search.schema import FOLDING
from tests.support.factsarchive import MUSTERMANN_LETTER, SMITH_LETTER
from tests.support.letters import TODAY, generate

TODAY_HERE = date(2026, 12, 1)


def values(text: str) -> dict[str, str]:
    return {field: proposal.value for field, proposal in propose(text, TODAY_HERE).items()}


# ----------------------------------------------------------------------------- dates


@pytest.mark.parametrize(
    "written",
    ["12.03.1961", "12.3.1961", "12.3.61", "12/03/1961", "12-03-1961", "1961-03-12",
     "12. März 1961", "12. Maerz 1961", "12 Mar 1961", "12 March 1961", "March 12, 1961",
     "Mar 12th 1961", "12-Mar-1961", "12.03.61"],
)  # fmt: skip
def test_every_written_form_of_a_birth_date_is_one_iso_date(written: str) -> None:
    assert search_date(written, TODAY_HERE) == "1961-03-12"


def test_slashed_dates_are_read_only_when_their_order_is_certain() -> None:
    assert parse_date("25/12/1961", TODAY_HERE) == date(1961, 12, 25)  # day first: 25 > 12
    assert parse_date("12/25/1961", TODAY_HERE) == date(1961, 12, 25)  # month first
    assert parse_date("03/04/1961", TODAY_HERE) is None  # 3 April or March 4: no guess
    assert parse_date("03/04/1961", TODAY_HERE, DateOrder(day_first=False)) == date(1961, 3, 4)
    assert parse_date("31/31/1961", TODAY_HERE) is None


def test_a_two_digit_year_is_taken_only_when_one_century_alone_is_plausible() -> None:
    assert parse_date("12.3.61", TODAY_HERE) == date(1961, 3, 12)  # 2061 is in the future
    assert parse_date("12.3.10", TODAY_HERE) == date(2010, 3, 12)  # 1910: 116 years old
    assert parse_date("12.3.20", TODAY_HERE) is None  # a child of 6 or a woman of 106


def test_what_is_not_one_date_is_none() -> None:
    for text in ("", "12.03.", "31.02.1961", "12.13.1961", "born 12.03.1961", "1961", "hello"):
        assert parse_date(text, TODAY_HERE) is None, text


# ----------------------------------------------------------------------------- letters


def test_a_german_discharge_letter_gives_all_five_facts_with_their_lines() -> None:
    found = propose(MUSTERMANN_LETTER, TODAY_HERE)
    assert {field: proposal.value for field, proposal in found.items()} == {
        "patient": "Erika Mustermann",
        "born": "1961-03-12",
        "letter_date": "2026-11-14",
        "sender": "Klinikum Nord",
        "title": "Entlassungsbrief",
    }
    assert found["patient"].evidence == "Patient: Mustermann, Erika"
    assert found["born"].evidence == "Geburtsdatum: 12.03.1961"


def test_an_english_letter_reads_the_re_line_and_the_letter_head() -> None:
    assert values(SMITH_LETTER) == {
        "patient": "John Smith",
        "born": "1948-07-25",
        "letter_date": "2026-03-12",
        "sender": "The Park Surgery",
    }


@pytest.mark.parametrize(
    ("line", "patient", "born"),
    [
        ("Pat.: Hans Müller-Lüdenscheidt, geb. 1.2.1940", "Hans Müller-Lüdenscheidt", "1940-02-01"),
        ("Name, Vorname: MUSTERMANN, Erika    geb. am: 12.3.61", "Erika Mustermann", "1961-03-12"),
        ("Patientin: Frau Zoë von der Heide * 12.03.1961", "Zoë von der Heide", "1961-03-12"),
        ("Patient name: Mary O'Brien\nDate of birth: 12 March 1961", "Mary O'Brien", "1961-03-12"),
        ("Patient:\nSmith, John  DOB: March 12, 1961", "John Smith", "1961-03-12"),
        ("wir berichten über Ihre Patientin Frau Ayşe Yılmaz, geboren am 12.03.1961, die",
         "Ayşe Yılmaz", "1961-03-12"),
        ("<table><tr><td>Name, Vorname</td><td>Nowak, Paweł</td></tr><tr><td>Geb.-Datum</td>"
         "<td>12.03.1961</td></tr></table>", "Paweł Nowak", "1961-03-12"),
        ("| Patient | Geburtsdatum | Station |\n|---|---|---|\n| Weiß, Günther | 12.03.1961 | 4B |",
         "Günther Weiß", "1961-03-12"),
        ("Name: Becker\nVorname: Lukas\nGeburtsdatum: 1961-03-12", "Lukas Becker", "1961-03-12"),
    ],
)  # fmt: skip
def test_patient_and_birth_date_in_the_forms_clinics_write(
    line: str, patient: str, born: str
) -> None:
    found = values(f"Klinikum Nord\n\n{line}\n\nSehr geehrte Damen und Herren,")
    assert (found.get("patient"), found.get("born")) == (patient, born)


def test_a_subject_line_names_the_patient_with_a_birth_date_or_the_title() -> None:
    found = values("Re: John Smith, DOB 12 Mar 1961\n\nDear Dr Brown,")
    assert (found.get("patient"), found.get("born")) == ("John Smith", "1961-03-12")
    assert "title" not in found  # a name is not a title
    titled = values("Betreff: Ihre Überweisung vom 03.11.2026\n\nSehr geehrte Frau Kollegin,")
    assert titled.get("title") == "Ihre Überweisung"
    assert "patient" not in values("Re: Practice Manager, born 1961\n\nDear Colleague,")


# ----------------------------------------------------------------------------- abstention


def test_two_different_patients_named_as_patients_give_no_patient() -> None:
    text = "Patient: Erika Mustermann, geb. 12.03.1961\n\nPatient: Hans Müller, geb. 01.02.1950"
    assert "patient" not in values(text)
    assert "born" not in values(text)


def test_a_doctor_is_never_taken_for_the_patient() -> None:
    text = (
        "Herrn\nDr. med. Hans Weber\nHauptstraße 12\n10115 Berlin\n\nName: Dr. med. Anna "
        "Schmidt\n\nSehr geehrter Herr Dr. Weber,\n\nHerr Dr. Peter Wolf, geb. 1.2.1960, hat "
        "die Sprechstunde übernommen.\n\nMit freundlichen Grüßen\n\nDr. med. Anna Schmidt"
    )
    found = values(text)
    assert "patient" not in found
    assert found.get("sender") == "Dr. med. Anna Schmidt"  # no letter head: the signer


def test_an_ambiguous_slashed_birth_date_gives_no_birth_date_but_keeps_the_patient() -> None:
    found = values("Re: Mrs Jane Doe, DOB 03/04/1961\n\nDear Dr Brown,")
    assert found.get("patient") == "Jane Doe"
    assert "born" not in found


def test_the_same_letter_with_an_unmistakable_slashed_date_settles_the_order() -> None:
    found = values("Date: 25/11/2026\n\nRe: Mrs Jane Doe, DOB 03/04/1961\n\nDear Dr Brown,")
    assert (found.get("born"), found.get("letter_date")) == ("1961-04-03", "2026-11-25")


def test_dates_of_admission_appointments_and_birth_are_not_the_letter_date() -> None:
    text = (
        "Aufnahme: 01.11.2026\nEntlassung: 10.11.2026\nGeburtsdatum: 12.03.1961\n\n"
        "Wiedervorstellung am 12.01.2027\n\nPatient: Erika Mustermann"
    )
    assert "letter_date" not in values(text)


def test_a_letter_naming_no_patient_proposes_no_patient_and_no_birth_date() -> None:
    text = (
        "Klinikum Nord\n\nBerlin, 14.11.2026\n\nEinladung zur Fortbildung\n\nSehr geehrte "
        "Kolleginnen und Kollegen,\n\nes spricht Frau Prof. Dr. Claudia Berg. Herr Paul "
        "Evans, unser Praxismanager, beantwortet Fragen.\n\nMit freundlichen Grüßen"
    )
    found = values(text)
    assert set(found) == {"letter_date", "sender", "title"}
    assert found["title"] == "Einladung zur Fortbildung"  # its heading, above the salutation
    assert found["sender"] == "Klinikum Nord"
    assert found["letter_date"] == "2026-11-14"


def test_a_practice_that_may_be_the_recipient_is_not_proposed_as_the_sender() -> None:
    text = (
        "Radiologische Praxis am Dom\nAm Dom 2\n50667 Köln\n\nKöln, 01.11.2026\n\nPatient: "
        "Erika Mustermann\n\nSehr geehrte Kollegen,\n\nMit freundlichen Grüßen\n\n"
        "Dr. med. Fiona Clarke"
    )
    assert "sender" not in values(text)  # nor the signer: the letter head is uncertain
    with_contact = text.replace("50667 Köln\n", "50667 Köln\nTel. 0221 12345\n")
    assert values(with_contact)["sender"] == "Radiologische Praxis am Dom"  # a letter head


def test_a_page_that_is_no_letter_proposes_nothing() -> None:
    novel = (
        "Chapter II\n\nWE went tip-toeing along a path amongst the trees. Miss Watson's big "
        "nigger, named Jim, was setting in the kitchen door."
    )
    assert values(novel) == {}
    assert values("") == {}


def test_a_huge_text_is_read_only_as_far_as_its_head() -> None:
    text = "Patient: Erika Mustermann\n\n" + "Wort " * 200_000 + "\n\nPatient: Hans Müller"
    assert values(text)["patient"] == "Erika Mustermann"


def test_on_the_seeded_letters_no_patient_and_no_birth_date_is_wrong() -> None:
    """A regression bar on 300 generated letters (bench/facts_bench.py prints the table);
    names compared as the search folds them (YILMAZ, read as Yilmaz, is Yılmaz)."""
    wrong, proposed = [], 0
    for letter in generate(300, seed=1):
        for field, proposal in propose(letter.text, TODAY).items():
            proposed += 1
            truth = letter.truth.get(field) or ""
            if field in ("patient", "born") and _folded(truth) != _folded(proposal.value):
                wrong.append((letter.layout, field, proposal.value, truth))
    assert wrong == []
    assert proposed > 300 * 3  # and it does propose: most letters state most facts


def _folded(text: str) -> str:
    return text.casefold().translate(FOLDING)


def test_on_letters_written_without_the_rules_no_fact_is_wrong_and_most_are_found() -> None:
    """A regression bar on the independent letters' test split (bench/independent_letters.py,
    written from the field definitions alone; bench/facts_independent_bench.py prints the
    table): the issue's goal, precision 0.99 on every field and recall 0.9 for patient, birth
    date and letter date, 0.8 for sender and title, read from each letter's text."""
    letters = independent_letters.split("test")
    today = received_day(letters)
    counts = score((letter.truth, propose(letter.text(), today)) for letter in letters)
    goals = {"patient": 0.9, "born": 0.9, "letter_date": 0.9, "sender": 0.8, "title": 0.8}
    for field, goal in goals.items():
        count = counts[field]
        assert count["right"] >= 0.99 * count["proposed"], (field, count)
        assert count["right"] >= goal * count["stated"], (field, count)
