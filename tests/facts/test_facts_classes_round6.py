"""Issue 50, sixth round: classes that every earlier blind generator showed at first contact,
written as rules of the class rather than of one generator's layout. The date wrongs of the
last two blind sets, measured with the rules of the day before each was read, were mostly
a fax cover sheet's date: a cover that counted its pages in words no rule listed. Each test
is a letter of its own, written for the test."""

from __future__ import annotations

from datetime import date

from docvault.facts import document_text, propose

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
