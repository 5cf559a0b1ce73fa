"""Issue 50, fourteenth round: the classes left from the thirteenth round's blind sets, and
those the fourteenth round's blind sets showed, read as development sets.

Each test is a letter of its own, written for the test.
"""

from __future__ import annotations

from datetime import date

import pytest

from docvault.facts import propose
from docvault.facts.extract.base import letter_lines
from docvault.facts.extract.known import Directory, fold, marks_in, with_directory
from docvault.facts.extract.title import _addressing_formula

TODAY = date(2026, 12, 1)


def _fact(text: str, field: str) -> str | None:
    found = propose(text, TODAY).get(field)
    return found.value if found else None


def _insurer_letter(head: str) -> str:
    return (
        f"{head}\nBrunnenstraße 111 · 13355 Berlin\nTelefon 0800 265 0800\n"
        "Praxis am Deich\nDeichstraße 4\n25761 Büsum\nBerlin, 14. Oktober 2026\n"
        "Kostenübernahme Rehabilitation\nVersicherte: Jana Ostermann, geb. 03.05.1971\n"
        "Sehr geehrte Frau Doktor,\n"
    )


@pytest.mark.parametrize(
    ("known", "agrees"),
    [
        ("AOK Nordost – Die Gesundheitskasse", True),
        ("Pflegedienst Lindenhof · Ihre Pflege zu Hause", True),
        ("AOK Nordost – Geschäftsstelle Pankow", False),
    ],
)
def test_a_known_names_first_part_holds_where_a_slogan_follows(known: str, agrees: bool) -> None:
    """Staff confirmed a sender with its slogan after a dash; a new letter's head gives the
    name alone, and the same telephone number: one sender, in the confirmed spelling. A
    place after the dash is a part of the sender, which the head does not say: none."""
    head = known.replace("·", "–").split(" – ")[0]
    letter = _insurer_letter(head)
    marks = {mark.value: frozenset({known}) for mark in marks_in(letter)}
    assert marks  # the telephone number in the head
    proposals = propose(letter, TODAY)
    assert proposals["sender"].value == head
    directory = Directory(marks=marks, names={fold(known): known})
    found = with_directory(proposals, letter, directory).get("sender")
    assert (found.value if found else None) == (known if agrees else None)


def _authority_letter(subject: str, person: str = "Versicherte/r: SCHÜTZ, Gertrud") -> str:
    return (
        "Gesundheitsamt Kreis Plön\nHamburger Straße 17 · 24306 Plön\nTelefon 04522 743 0\n"
        "Praxis am Deich\nDeichstraße 4\n25761 Büsum\nPlön, 14. Oktober 2026\n"
        f"{subject}\n{person}\nSehr geehrte Frau Doktor,\nwir bitten um Auskunft.\n"
    )


@pytest.mark.parametrize(
    ("subject", "title"),
    [
        ("Betreff: Meldung gemäß §§ 6, 7 IfSG", "Meldung gemäß §§ 6, 7 IfSG"),
        ("Betreff: Meldung nach §§ 6 und 7 IfSG, Frau Gertrud Schütz",
         "Meldung nach §§ 6 und 7 IfSG"),
        ("Betreff: Berufskrankheit Nr. 2108, 2109 – Anfrage",
         "Berufskrankheit Nr. 2108, 2109 – Anfrage"),
        ("Betreff: Arztbrief vom 12.03.2026, 14 Uhr", "Arztbrief"),
    ],
)  # fmt: skip
def test_a_laws_numbers_stay_in_the_title(subject: str, title: str) -> None:
    """The numbers after a paragraph's or a list's first ("§§ 6, 7") are the citation's: the
    title is not cut before them as before a date or the patient's particulars."""
    assert _fact(_authority_letter(subject), "title") == title


@pytest.mark.parametrize(
    ("heading", "title"),
    [
        ("Pflegebericht / Wunddokumentation", "Pflegebericht / Wunddokumentation"),
        ("PFLEGEBERICHT / WUNDDOKUMENTATION", "Pflegebericht / Wunddokumentation"),
        ("Verlegungsbericht / Lettera di trasferimento", "Verlegungsbericht"),
    ],
)
def test_two_documents_in_one_language_are_both_the_title(heading: str, title: str) -> None:
    """A heading naming two documents, a slash between them, is the title as printed; a
    heading whose second half is the first in another language is filed under the first."""
    assert _fact(_authority_letter(heading), "title") == title


@pytest.mark.parametrize(
    ("person", "patient"),
    [
        ("Versicherte/r: Thomas Friedrich Engelhardt", "Thomas Friedrich Engelhardt"),
        ("Versicherte(r): Thomas Engelhardt", "Thomas Engelhardt"),
        ("Fahrerlaubnisinhaber: Frau Ana Horvat", "Ana Horvat"),
        ("Betroffene/r: Herr Jonas Vogt", "Jonas Vogt"),
        ("Passenger: Imme Scheel", "Imme Scheel"),
    ],
)
def test_an_authoritys_and_a_travellers_labels_name_the_patient(person: str, patient: str) -> None:
    """An insurer's form for either gender ("Versicherte/r"), the person an authority's
    letter concerns, a ship's or an airline's passenger."""
    assert _fact(_authority_letter("Anfrage", person), "patient") == patient


def test_an_authoritys_person_is_read_only_where_the_order_shows() -> None:
    """ "Betroffene/r: Vogt Jonas": which word is the surname, the line does not say."""
    assert _fact(_authority_letter("Anfrage", "Betroffene/r: Vogt Jonas"), "patient") is None


@pytest.mark.parametrize(
    "carer",
    [
        "Pflegeperson: Sandra Schütz, geb. 26.06.1975",
        "Betreuer/in: Frau Sandra Schütz, geb. 26.06.1975",
        "Begleitperson: Sandra Schütz, geb. 26.06.1975",
    ],
)
def test_a_carers_line_is_not_the_patients(carer: str) -> None:
    """The person who cares for the patient, with a birth date of her own, under the
    patient's line: neither her name nor her birth date is the patient's."""
    letter = _authority_letter(
        "Gutachten", f"Versicherte/r: SCHÜTZ, Gertrud ¦ Geburtsdatum: 05.09.1940\n{carer}"
    )
    assert _fact(letter, "patient") == "Gertrud Schütz"
    assert _fact(letter, "born") == "1940-09-05"


@pytest.mark.parametrize(
    ("sentence", "patient", "born"),
    [
        # The birth date on a relative's line stays unread: the register's match gives it.
        ("ich schreibe für meinen Vater Maximilian Rüger, geb. 11.3.1938. Könnten Sie",
         "Maximilian Rüger", None),
        ("mein Frau Margarete Fischer\nbraucht wieder die Tabletten", "Margarete Fischer", None),
        ("my mother Jane Miles needs a home visit", "Jane Miles", None),
    ],
)  # fmt: skip
def test_a_relatives_message_names_the_patient_as_theirs(
    sentence: str, patient: str, born: str | None
) -> None:
    """A relative writes for the patient: the person the writer calls "my father" in the
    message's first sentence is whom it is about (weak evidence: a labelled patient
    overrules it)."""
    letter = (
        "Von: Michael Rüger-Bär <michael.baer@web.de>\nAn: Praxis am Deich\n"
        f"Betreff: Termin\nSehr geehrte Damen und Herren,\n{sentence}\nViele Grüße\nMichael\n"
    )
    assert _fact(letter, "patient") == patient
    assert _fact(letter, "born") == born


def test_a_relative_in_a_doctors_letter_is_still_not_the_patient() -> None:
    """ "seine Ehefrau Rosi Guggenmos (geb. …)": a relative named in a sentence, not the
    writer's own: her birth date is not the patient's."""
    letter = (
        "Klinikum Nord\nFax 040 1234 5678\nPraxis am Deich\nDeichstraße 4\n25761 Büsum\n"
        "Arztbrief\nPatient: Alois Guggenmos\nSehr geehrte Frau Kollegin,\n"
        "Ansprechpartnerin ist seine Ehefrau Rosi Guggenmos, geb. 05.07.1948.\n"
    )
    assert _fact(letter, "patient") == "Alois Guggenmos"
    assert _fact(letter, "born") is None


def test_an_old_date_alone_on_its_line_is_no_letter_date() -> None:
    """A page the CPU engine read only in part (Cyrillic lost): the one date left alone on
    its line, 1957, is the patient's birth date, not the letter's; a recent one still is."""
    letter = (
        "07.10.2023 11:37 +380 32 275 4411 1/1\nPraxis Dr. Ansorg\nKrämpferstraße 21\n"
        "99084 Erfurt\n(BONDARENKO OKSANA)\n{day}\n: 28.09.2023\n"
    )
    assert _fact(letter.format(day="08.04.1957"), "letter_date") is None
    assert _fact(letter.format(day="03.10.2023"), "letter_date") == "2023-10-03"


# After the fourteenth round's blind sets, 50af (Saxony) and 50ag (Hesse), were measured.

_WINDOW = "Praxis am Deich\nDeichstraße 4\n25761 Büsum\n"


def test_a_labs_report_day_beside_its_padded_label_is_the_letter_date() -> None:
    """ "Befund:   19.09.2026" under "Abnahme:" and "Eingang:": the label padded to its
    value's column is read as two cells, and the report's day is still the letter's."""
    letter = (
        f"MVZ Labordiagnostik Sachsen GmbH\nBrühl 52 · 04109 Leipzig\n{_WINDOW}"
        "Auftragsnummer: 264136048\nAbnahme:  17.09.2026 07:45\nEingang:  18.09.2026 11:20\n"
        "Befund:   19.09.2026\nLABORBEFUND\nName: SEIFERT Andreas\nGeb.-Dat.: 06.06.1961\n"
    )
    assert _fact(letter, "letter_date") == "2026-09-19"


@pytest.mark.parametrize(
    ("written", "day"),
    [
        ("Zgorzelec, dnia 9 listopada 2026 r.", "2026-11-09"),  # Polish: November
        ("Praha, 9 listopadu 2026", "2026-11-09"),  # Czech
        ("Zagreb, 9. listopada 2026.", "2026-10-09"),  # Croatian: October, its day a stop
    ],
)
def test_listopad_is_november_or_october_by_how_the_day_is_written(written: str, day: str) -> None:
    """ "listopada" is November in Polish and October in Croatian: Croatian writes its day
    as an ordinal, with a stop; until now the name was left unread for both."""
    assert _fact(f"Szpital Powiatowy\n{written}\nText\n", "letter_date") == day


def test_a_salutation_over_the_address_is_not_where_the_letter_begins() -> None:
    """A form's addressing formula over a one-line address ("Szanowna Pani Doktor" without
    a comma): the heading under it is still the letter's title."""
    letter = (
        "SZPITAL POWIATOWY W ZGORZELCU\nul. Lubańska 11, 59-900 Zgorzelec\n"
        "Zgorzelec, dnia 10.11.2026 r.\nSzanowna Pani Doktor / Szanowny Panie Doktorze\n"
        "Dr. med. Beate Zschornack, Töpferstraße 14, 02625 Bautzen\n"
        "KARTA INFORMACYJNA LECZENIA SZPITALNEGO\nPacjent: SCHREITER Torsten\n"
    )
    found = _fact(letter, "title")
    assert found is not None
    assert found.casefold() == "karta informacyjna leczenia szpitalnego"


@pytest.mark.parametrize(
    ("heading", "title"),
    [
        ("RÜCKFRAGE ZUR VERORDNUNG – per Fax", "rückfrage zur verordnung"),
        ("Befundbericht (vorab per Fax)", "befundbericht"),
    ],
)
def test_how_a_letter_was_sent_is_not_its_title(heading: str, title: str) -> None:
    letter = (
        "Löwen-Apotheke\nHauptmarkt 17 · 08056 Zwickau\n"
        f"{heading}\nAn: Praxis am Deich, Fax 04834 1234\nDatum: 2.9.2026\n"
        "Patient/in: Uhlig, Uwe\n"
    )
    found = _fact(letter, "title")
    assert found is not None
    assert found.casefold() == title


@pytest.mark.parametrize(
    ("subject", "patient"),
    [
        ("betr.: von Einsiedel, Hans-Christoph", "Hans-Christoph von Einsiedel"),
        ("betr.: Frau Gisela Richter", "Gisela Richter"),
        ("BETREFF: RICHTER, Gisela", "Gisela Richter"),
        ("Betreff: Gisela Richter", None),  # which word is the surname, unsaid
        ("Betreff: Termin, Absage", None),
        ("Betreff: Innere Medizin", None),
    ],
)
def test_a_subject_that_is_a_name_alone(subject: str, patient: str | None) -> None:
    """A therapist's report whose subject line is its patient's name, its label in small
    letters or capitals, the name's order shown by a comma, a salutation or capitals."""
    letter = (
        "PHYSIOTHERAPIE ELBAUE\nPillnitzer Landstraße 210 · 01326 Dresden\n"
        f"{_WINDOW}Dresden, 20. November 2026\nTherapiebericht\n{subject}\n"
        "Die verordneten Behandlungen wurden vollständig durchgeführt.\n"
    )
    assert _fact(letter, "patient") == patient


@pytest.mark.parametrize(
    ("opening", "closing", "sender"),
    [
        ("07.09.26\nLieber Herr Uhlig,", "Vielen Dank!\nMonika Pfüller", "Monika Pfüller"),
        ("Ebermannstadt, 30.9.2026\nLiebe Frau Doktor,", "Danke! Ihre\nErwin Fischer",
         "Erwin Fischer"),
        ("Liebe Frau Doktor,", "Wir holen es Freitag ab. Danke!\nSabine Visser", "Sabine Visser"),
        ("Liebe Frau Doktor,", "Herzliche Grüße\nAnneliese Bauer, Nachbarin", "Anneliese Bauer"),
        # The patient's own note, signed over the writer's birth date: no sender.
        ("Liebe Frau Doktor,", "Viele Grüße\nWolfgang Nguyen\n(geb. 4.1.1931)", None),
    ],
)  # fmt: skip
def test_a_private_notes_writer_is_its_sender(
    opening: str, closing: str, sender: str | None
) -> None:
    """A handwritten note with no letter head, a salutation over its text, signed under its
    thanks: the relative or neighbour who wrote it sent it."""
    letter = (
        f"{opening}\nmeine Mutter Jana Pfüller\n(geb. 17.2.1982) braucht bitte\n"
        f"wieder ihre Tabletten.\n{closing}\n"
    )
    assert _fact(letter, "sender") == sender


@pytest.mark.parametrize(
    ("head", "sender"),
    [
        ("AOK – Die Gesundheitskasse in Hessen", "AOK – Die Gesundheitskasse in Hessen"),
        ("Unidade Local de Saúde de São João", "Unidade Local de Saúde de São João"),
        ("Ärztlicher Bereitschaftsdienst Erbach", "Ärztlicher Bereitschaftsdienst Erbach"),
        ("Fraport AG – Medical Services, Flughafenklinik",
         "Fraport AG – Medical Services, Flughafenklinik"),
        ("Landkreis Emsland – Fachbereich Gesundheit",
         "Landkreis Emsland – Fachbereich Gesundheit"),
        ("BG Verkehr – Seeärztlicher Dienst", "BG Verkehr – Seeärztlicher Dienst"),
    ],
)  # fmt: skip
def test_heads_the_rules_did_not_know(head: str, sender: str) -> None:
    """An insurer's letters with the slogan it prints them with, Portugal's local health
    unit, the doctors' out-of-hours service, a company's or a trade insurer's medical
    service, an authority with its health office (the whole head, not its first part)."""
    letter = (
        f"{head}\nBasler Straße 2 · 61352 Bad Homburg\nTelefon 06172 272-0\n{_WINDOW}"
        "Datum: 24. Juli 2026\nAnforderung eines ärztlichen Befundberichts\n"
        "Versicherte/r: Kaya, Aylin, geb. 14.02.1988\nSehr geehrte Damen und Herren,\n"
    )
    assert _fact(letter, "sender") == sender


def test_a_bilingual_forms_date_label() -> None:
    """ "Datum / Date: 30.09.2026" on an airport clinic's bilingual report."""
    letter = (
        f"Fraport AG – Medical Services, Flughafenklinik\n60547 Frankfurt am Main\n{_WINDOW}"
        "Ärztlicher Bericht / Medical Report\nDatum / Date: 30.09.2026\n"
        "Name / Name: MUELLER, JUERGEN\nGeburtsdatum / Date of birth: 01.07.1955\n"
    )
    assert _fact(letter, "letter_date") == "2026-09-30"


@pytest.mark.parametrize(
    ("sentence", "patient"),
    [
        ("wir berichten über Anna-Lena Nikolaidis (* 13.01.83), die sich vorstellte.",
         "Anna-Lena Nikolaidis"),
        ("ich habe heute Frau Julia Schmidt gesehen", "Julia Schmidt"),
        ("I saw Mrs Jane Doe in clinic today.", "Jane Doe"),
        ("wir haben Frau Dr. Meier gesehen", None),  # a colleague
        ("wir berichten über Ihre Patientin, die sich vorstellte.", None),
    ],
)  # fmt: skip
def test_whom_the_first_sentence_is_about(sentence: str, patient: str | None) -> None:
    """The person a letter's first sentence reports on or the writer saw: without a
    salutation, only with the birth date right after the name."""
    letter = (
        f"Neurologische Praxis am Luisenplatz\nLuisenplatz 4 · 64283 Darmstadt\n{_WINDOW}"
        f"Sehr geehrte Kollegin, sehr geehrter Kollege,\n{sentence}\nMit kollegialen Grüßen\n"
    )
    assert _fact(letter, "patient") == patient


def test_a_turkish_name_in_capitals_keeps_no_combining_dot() -> None:
    """ "SEVGİ AKGÜL": the dotted capital İ inside a word is an i (Python's title case
    writes "Sevgi̇", an i with a combining dot above, which no register spells)."""
    letter = (
        "T.C. SAĞLIK BAKANLIĞI\nAnkara Bilkent Şehir Hastanesi\n"
        "Çankaya / Ankara · Faks: +90 312 552 60 01\nEPİKRİZ\n"
        "Hasta Adı Soyadı: SEVGİ AKGÜL\nDoğum Tarihi: 05.06.2004\n"
    )
    assert _fact(letter, "patient") == "Sevgi Akgül"


@pytest.mark.parametrize(
    ("line", "title"),
    [
        ("SUBJECT: Continuity of Care – RODRIGUEZ, Jessica", "Continuity of Care"),
        ("FESTSTELLUNGSVERFAHREN NACH DEM SGB IX", "Feststellungsverfahren nach dem SGB IX"),
    ],
)
def test_a_subject_label_in_capitals_and_an_authoritys_procedure(line: str, title: str) -> None:
    letter = (
        "DEPARTMENT OF THE ARMY\nLANDSTUHL REGIONAL MEDICAL CENTER\nLandstuhl, Germany\n"
        f"13 JUN 2026\n{_WINDOW}{line}\nDOB: 07/05/1996\n1. The above beneficiary was seen.\n"
    )
    assert _fact(letter, "title") == title


@pytest.mark.parametrize(
    ("head", "found"),
    [
        # The page prints the confirmed name whole; the layout read its first part.
        ("Kreisausschuss des Odenwaldkreises – Fachdienst Soziales",
         "Kreisausschuss des Odenwaldkreises – Fachdienst Soziales"),
        # The page names the office alone: which of its services wrote, the number does not
        # tell (one switchboard for all of them).
        ("Kreisausschuss des Odenwaldkreises", None),
    ],
)  # fmt: skip
def test_a_known_name_printed_whole_holds_the_first_part_the_layout_reads(
    head: str, found: str | None
) -> None:
    known = "Kreisausschuss des Odenwaldkreises – Fachdienst Soziales"
    letter = (
        f"{head}\nMichelstädter Straße 12 · 64711 Erbach\nTelefon 06062 70-0\n{_WINDOW}"
        "Erbach, 10.11.2026\nFESTSTELLUNGSVERFAHREN NACH DEM SGB IX\n"
        "Antragsteller/in: Mueller, Juergen\n"
    )
    marks = {mark.value: frozenset({known}) for mark in marks_in(letter)}
    proposals = propose(letter, TODAY)
    assert proposals["sender"].value == "Kreisausschuss des Odenwaldkreises"
    directory = Directory(marks=marks, names={fold(known): known})
    sender = with_directory(proposals, letter, directory).get("sender")
    assert (sender.value if sender else None) == found


# After the second pair of blind sets, 50ah (Saarland, Lorraine, Luxembourg) and 50ai
# (Bremen, East Frisia), were measured.


def _luxembourg_letter(closing: str, written: str = "Réimech, den 30. August 2026") -> str:
    return (
        "Dr Carole Wagner-Thill\nMédecin généraliste\n"
        "23, route du Vin · L-5550 Remich · Tel. +352 23 69 81 1\n"
        f"{_WINDOW}{written}\nIwwerweisung\nLéif Kolleegin, léiwe Kolleeg,\n"
        "ech schécken Iech dëse Patient.\n"
        f"Les derniers résultats de laboratoire sont joints. {closing}\n"
    )


@pytest.mark.parametrize(
    ("closing", "sender"),
    [
        ("Bien confraternellement.\nDr C. Wagner-Thill", "Dr Carole Wagner-Thill"),
        ("Bien confraternellement.\nDr C. Weber", None),  # another doctor signs
    ],
)
def test_a_doctors_head_signed_with_her_initial(closing: str, sender: str | None) -> None:
    """The doctor whose name heads the page signs with her given name's initial, under a
    French closing: her own letter head."""
    assert _fact(_luxembourg_letter(closing), "sender") == sender


def test_a_luxembourgish_month() -> None:
    letter = _luxembourg_letter("Merci.", written="Réimech, den 10. Abrëll 2026")
    assert _fact(letter, "letter_date") == "2026-04-10"


def test_a_foreign_titles_dangling_word_goes_with_its_date() -> None:
    """ "Objet : Coloscopie du 25/02/2026": the date leaves the title, and its "du" with it
    (until now "Coloscopie du")."""
    letter = (
        "Docteur Pierre SCHNEIDER\nGastro-entérologue\n12, rue de la Gare · 57200 Sarreguemines\n"
        f"{_WINDOW}Sarreguemines, le 26/02/2026\nObjet : Coloscopie du 25/02/2026\n"
        "Cher Confrère,\n"
    )
    assert _fact(letter, "title") == "Coloscopie"


def test_a_patients_own_relative_gives_no_birth_date() -> None:
    """ "Mein Sohn Peter Müller, geb. 03.04.1990, holt das Rezept ab": the patient's son,
    whose birth date is not the patient's (the review of the fourteenth round)."""
    letter = (
        "Von: Hans Müller <hans@web.de>\nBetreff: Rezept\nSehr geehrte Damen und Herren,\n"
        "bitte ein neues Rezept.\nMein Sohn Peter Müller, geb. 03.04.1990, holt das Rezept ab.\n"
    )
    assert _fact(letter, "born") is None


def test_a_year_before_a_noun_is_no_post_code() -> None:
    """A salutation without its comma over a line with a year and a noun ("12.03.1961
    Hauptdiagnose") is where the letter begins, not an address's formula (the review of the
    fourteenth round); over a post code and its town it is the formula."""
    salutation = "Sehr geehrte Damen und Herren\n"
    under = "Frau Anna Lang, geb. 12.03.1961 Hauptdiagnose Pneumonie\n"
    assert not _addressing_formula(letter_lines(salutation + under), 0)
    address = "Dr. med. Beate Zschornack, Töpferstraße 14, 02625 Bautzen\n"
    assert _addressing_formula(letter_lines(salutation + address), 0)


@pytest.mark.parametrize(
    ("heading", "title"),
    [("Entlassungsbericht / Schneider", "Entlassungsbericht"),
     ("Pflegebericht / Wunddokumentation", "Pflegebericht / Wunddokumentation")],
)  # fmt: skip
def test_a_name_after_a_slash_is_no_second_document(heading: str, title: str | None) -> None:
    """A surname after a kind's slash is no second document: the title is the kind alone
    (the review of the fourteenth round: it was kept whole, the surname in the title)."""
    letter = f"Klinikum Nord\nFax 040 1234 5678\n{_WINDOW}{heading}\nText.\n"
    assert _fact(letter, "title") == title


def test_no_break_spaces_are_spaces() -> None:
    """A text layer's no-break spaces (some fonts write every space as one) are read as
    spaces: between a name's words, and in a run as a column's gap."""
    letter = (
        f"Klinikum\u00a0Nord\nFax 040 1234 5678\n{_WINDOW}"
        "Patient:\u00a0Anna\u00a0Lang\u00a0\u00a0\u00a0\u00a0geb.\u00a012.03.1961\n"
    )
    lines = [line.text for line in letter_lines(letter)]
    assert "Patient: Anna Lang ¦ geb. 12.03.1961" in lines
    assert _fact(letter, "patient") == "Anna Lang"
    assert _fact(letter, "born") == "1961-03-12"
