"""Issue 50, ninth round: a reference block's labels ("Versichertennummer", "Aktenzeichen",
"Unser Zeichen", "Ansprechpartner/in"), which an insurer's or an office's letter head prints
in a column beside its logo, are never the sender; nor is the state's or ministry's line over
a public hospital abroad ("T.C. SAĞLIK BAKANLIĞI", "Royaume du Maroc"). Each test is a letter
of its own, written for the test."""

from __future__ import annotations

from datetime import date

import pytest

from docvault.facts import propose

TODAY = date(2026, 12, 1)

PRACTICE = "Praxis Dr. Stöcker\nLauterbacher Straße 9\n63683 Ortenberg\n"


def _sender(text: str) -> str | None:
    found = propose(text, TODAY).get("sender")
    return found.value if found else None


@pytest.mark.parametrize(
    ("label", "value", "organisation"),
    [
        ("Versichertennummer", "Y737911572", "Knappschaft"),
        ("Versicherungsnummer", "12 310155 H 034", "Deutsche Rentenversicherung Hessen"),
        ("Aktenzeichen", "V-2026/44187", "Hessisches Amt für Versorgung und Soziales Frankfurt"),
        ("Kundennummer", "464D283288", "Agentur für Arbeit Gelsenkirchen"),
        (
            "Unser Zeichen",
            "BG-RCI 31/2026",
            "Berufsgenossenschaft Rohstoffe und chemische Industrie",
        ),
    ],
)
def test_a_reference_blocks_label_beside_the_logo_is_not_the_sender(
    label: str, value: str, organisation: str
) -> None:
    """The reference block reads label, logo, value: the label is first on the page."""
    letter = (
        f"{label}\n{organisation}\n{value}\nAnsprechpartner/in\nFrau Szczepanski\n"
        f"Telefax\n0234 304 66 050\nDatum\n22.11.2026\n"
        f"{organisation}, Pieperstraße 14, 44789 Bochum\n{PRACTICE}"
        "Betreff: Ihre Verordnung von Heilmitteln\nhier: Herr Heinz Hartmann, geb. 31.01.1962\n"
        "Sehr geehrte Frau Dr. Stöcker,\nwir bitten um einen Befundbericht.\n"
        "Mit freundlichen Grüßen\nIm Auftrag\nSzczepanski\n"
    )
    assert _sender(letter) != label
    assert _sender(letter) in (organisation, None)


@pytest.mark.parametrize(
    ("state", "hospital", "rest"),
    [
        ("T.C. SAĞLIK BAKANLIĞI", "Kayseri Şehir Hastanesi", "İç Hastalıkları Kliniği"),
        ("Royaume du Maroc", "Clinique Al Amal", "Service de Cardiologie"),
    ],
)
def test_the_states_line_over_a_hospital_abroad_is_not_the_sender(
    state: str, hospital: str, rest: str
) -> None:
    letter = (
        f"{state}\n{hospital}\n{rest}\nFax: +90 352 315 77 00\n{PRACTICE}"
        "Kayseri, 14.11.2026\nEpikriz\nHasta: Ahmet Yılmaz, 02.03.1955\n"
        "Sayın Meslektaşım,\nhastamız taburcu edilmiştir.\nSaygılarımla\nDr. Elif Demir\n"
    )
    assert _sender(letter) == hospital
