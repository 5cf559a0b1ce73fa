"""Issue 50, tenth round: a sender is proposed only where the letter names one.

The blind sets of the ninth round showed where wrong senders come from: a letter head's
first line the rules did not foresee passed every test of what a name is not (a reference
block's label, an office's opening hours, a state's line), and the clinic itself came back
under another spelling (its receipt stamp's "PRAXIS DR. KIRCHLEITNER", its reply form's
"Hausarztpraxis Brandauer & Köhlitz", a mail program's "Praxis-Webmail"). So a head's first
line is the sender only where it names an organisation or a titled person the rules know,
and a name all of whose telling words are the clinic's own is the clinic. Each test is a
letter of its own, written for the test.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import date

import pytest

from docvault.facts import propose
from docvault.facts.extract.known import Directory, fold, with_directory

TODAY = date(2026, 12, 1)

CLINIC = "Hausarztpraxis Dr. med. Jens Brandauer & Dr. med. Maren Köhlitz"
CLINIC_ADDRESS = f"{CLINIC}\nGostenhofer Hauptstraße 61\n90443 Nürnberg\n"
DIRECTORY = replace(Directory(), own_names=frozenset({fold(CLINIC)}))


def _head_letter(first_line: str) -> str:
    return (
        f"{first_line}\nTelefon 0911 304 66 050\nTelefax 0911 304 66 051\n\n{CLINIC_ADDRESS}\n"
        "Betreff: Befundbericht\nPatient: Herr Heinz Hartmann, geb. 31.01.1962\n"
        "Sehr geehrte Frau Dr. Köhlitz,\nwir bitten um einen Befundbericht.\n"
        "Mit freundlichen Grüßen\nSzczepanski\n"
    )


def _sender(text: str) -> str | None:
    found = with_directory(propose(text, TODAY), text, DIRECTORY).get("sender")
    return found.value if found else None


@pytest.mark.parametrize("first_line", ["Bearbeitet von", "Sprechzeiten", "Öffnungszeiten"])
def test_a_first_line_that_names_no_one_gives_no_sender(first_line: str) -> None:
    """An office's head that starts with who handles the case or when it opens: nothing
    on the page names the sender, so none is proposed (not that line, not the clinic)."""
    assert _sender(_head_letter(first_line)) is None


@pytest.mark.parametrize(
    "name",
    [
        "Spitex Limmattal",
        "Ordination Dr. Ingrid Möller",
        "SAPV-Team Breisgau",
        "AZ Maasland Genk",
        "NordKasse Schleswig-Holstein",
        "Riverbend Endocrinology",
        "Werksärztlicher Dienst Dillinger Hüttenwerke",
    ],
)
def test_a_head_that_names_a_kind_of_sender_the_rules_know_is_the_sender(name: str) -> None:
    assert _sender(_head_letter(name)) == name


@pytest.mark.parametrize(
    "stamp",
    [
        "Hausarztpraxis Brandauer & Köhlitz",
        "Gemeinschaftspraxis Brandauer/Köhlitz",
        "PRAXIS DR. KÖHLITZ",
    ],
)
def test_the_clinics_own_name_spelled_short_is_never_the_sender(stamp: str) -> None:
    """A letter without a head whose last lines are the clinic's own reply stamp (the
    form came back filled in): the stamp is the addressee's, not the sender's."""
    letter = (
        f"{CLINIC_ADDRESS}\nRückantwort zur Anfrage vom 12.11.2026\n"
        "Patient: Herr Heinz Hartmann, geb. 31.01.1962\n"
        "Die Unterlagen liegen bei.\nMit freundlichen Grüßen\n"
        f"{stamp} · Gostenhofer Hauptstraße 61 · 90443 Nürnberg\n"
    )
    assert _sender(letter) is None


def test_another_practice_in_the_clinics_town_is_still_a_sender() -> None:
    """ "Nürnberg" is a word of the clinic's address, not of its name: a practice in the
    same town with a name of its own is proposed."""
    letter = _head_letter("Kardiologische Praxis Dr. med. Ulrich Weber")
    assert _sender(letter) == "Kardiologische Praxis Dr. med. Ulrich Weber"


@pytest.mark.parametrize(
    "page_title", ["https://webmail.praxis.local/?_task=mail&_action=print", "Praxis-Webmail"]
)
def test_a_mail_programs_print_header_is_never_the_sender(page_title: str) -> None:
    """A printed e-mail whose sender signs with a first name only: the browser's page
    title or address over it names the program, not the sender."""
    letter = (
        f"{page_title}\nVon: pflege@example.org\nAn: praxis@brandauer-koehlitz.de\n"
        "Datum: 23.11.2026 08:14\nBetreff: Wundversorgung Herr Hartmann\n\n"
        "Guten Morgen,\ndie Wunde heilt gut.\nViele Grüße\nSabine\n"
    )
    assert _sender(letter) not in (page_title, CLINIC)
