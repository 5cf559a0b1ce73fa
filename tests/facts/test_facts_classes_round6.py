"""Issue 50, sixth round: classes that every earlier blind generator showed at first contact,
written as rules of the class rather than of one generator's layout. The date wrongs of the
last two blind sets, measured with the rules of the day before each was read, were mostly
a fax cover sheet's date: a cover that counted its pages in words no rule listed. Each test
is a letter of its own, written for the test."""

from __future__ import annotations

from datetime import date

from docvault.facts import document_text, propose
from docvault.facts.extract.known import Directory, fold, with_directory

TODAY = date(2026, 12, 1)


def _letter_date(text: str) -> str | None:
    found = propose(text, TODAY).get("letter_date")
    return found.value if found else None


def test_a_fax_cover_that_counts_its_pages_in_unlisted_words_is_left_out_by_its_fields() -> None:
    """A cover sheet headed "Telefax", with "An:" and "Von:" but its page count as "Blätter
    gesamt 3": its date is the transmission's; the letter behind it is read."""
    cover = (
        "TELEFAX\nAn: Hausarztpraxis am Stadtgarten\nVon: Dialysezentrum Rheinufer\n"
        "Datum: 03.05.2024\nBlätter gesamt 3\nBetreff: Befund\n"
    )
    letter = (
        "Dialysezentrum Rheinufer\nUferstraße 3 · 50996 Köln\nDatum: 29.04.2024\n"
        "Sehr geehrte Frau Kollegin,\nText.\n"
    )
    assert _letter_date(document_text([cover, letter])) == "2024-04-29"
    # A one-page fax letter headed "Telefax" is the letter itself, not a cover.
    assert _letter_date(document_text([cover])) == "2024-05-03"


def _fact(text: str, field: str) -> str | None:
    found = propose(text, TODAY).get(field)
    return found.value if found else None


def test_a_title_that_runs_on_to_a_second_line_is_read_whole() -> None:
    """ "Befundbericht zum Antrag auf Leistungen" over "zur medizinischen Rehabilitation": one
    title of two lines; the patient's line under a heading is not part of it."""
    letter = (
        "Rentenversicherung Nordrhein\nKönigsallee 71 · 40215 Düsseldorf · Telefon 0211 937-0\n"
        "Datum\n24.04.2025\nBefundbericht zum Antrag auf Leistungen\n"
        "zur medizinischen Rehabilitation\nVersicherte Person: Gerlach, Dieter\n"
        "Sehr geehrte Damen und Herren,\nText.\n"
    )
    assert _fact(letter, "title") == (
        "Befundbericht zum Antrag auf Leistungen zur medizinischen Rehabilitation"
    )
    heading = (
        "Rehazentrum Eifelhöhe\nKurallee 2 · 54550 Daun · Tel. 06592 100\n4. April 2024\n"
        "Ärztlicher Entlassungsbericht\nüber Ingrid Krueger, geboren 21.10.1984\n"
        "Sehr geehrte Kolleginnen und Kollegen,\nText.\n"
    )
    assert _fact(heading, "title") == "Ärztlicher Entlassungsbericht"


def test_a_kind_of_organisation_alone_is_no_sender() -> None:
    """A reference block's label "Amt" over "Amt für Soziales" names no one."""
    letter = "Amt\nAmt für Soziales\nTelefon 02162 39-0\nSehr geehrte Damen und Herren,\nText.\n"
    assert _fact(letter, "sender") != "Amt"


def test_a_fax_machines_line_split_by_the_cpu_engine_is_not_the_letter_head() -> None:
    """The machine's line read as four lines: its date, its number, its owner's name cut
    short in ordinary letters, its page count. The letter head under it is the sender; a
    number glued to a name with a full stop is left off the name."""
    letter = (
        "15.02.2025 15:57\n+44 1722 336499\nRoyal. Wessex Hospitals NHS F\nS. 2/2\n"
        "Royal Wessex Hospitals NHS Foundation Trust\nDepartment of Acute Medicine\n"
        "Harnham Road · Salisbury SP2 8BJ\nTel 01722 336262\nDear Dr Pohlmann,\nText.\n"
    )
    assert _fact(letter, "sender") == "Royal Wessex Hospitals NHS Foundation Trust"
    glued = (
        "22.10.2024 07:50\n+41 55 646 33 34. Kantonsspital Glarnerland\n"
        "Medizinische Klinik\nBurgstrasse 99 · 8750 Glarus · Tel. +41 55 646 33 33\n"
        "Sehr geehrte Frau Kollegin,\nText.\n"
    )
    assert _fact(glued, "sender") == "Kantonsspital Glarnerland"


def test_the_signer_is_not_the_sender_once_the_clinics_window_is_left_out() -> None:
    """A rehabilitation centre named only in its footer, writing to the clinic: the rules,
    reading the letter without the clinic's address window, fell back on the signing doctor;
    a person read so is no sender (the clinic staff pick the organisation)."""
    clinic = Directory(own_names=frozenset({fold("Gemeinschaftspraxis Dres. Pohlmann")}))
    letter = (
        "Herrn Dr. med. Arne Pohlmann\nGemeinschaftspraxis Dres. Pohlmann\nKempener Allee 7\n"
        "47906 Kempen\n4. April 2024\nÄrztlicher Entlassungsbericht\n"
        "über Ingrid Krueger, geboren 21.10.1984\nSehr geehrte Kolleginnen und Kollegen,\n"
        "Text.\nMit freundlichen Grüßen\nDr. med. Bernhard Schoofs\nChefarzt\n"
        "Rehazentrum Eifelhöhe · Kurallee 4 · 53902 Bad Münstereifel · Tel. 02253 540-0\n"
    )
    proposals = with_directory(propose(letter, TODAY), letter, clinic)
    assert "sender" not in proposals or proposals["sender"].value != "Dr. med. Bernhard Schoofs"
