"""The loop guard on a labelled corpus of outputs, and the repeating unit it reports."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from docvault.ocr.guard import cut_early, deduplicated_prefix, verdict
from docvault.vocabulary import Verdict

CORPUS = Path(__file__).parents[1] / "guard_corpus"
CASES = sorted(CORPUS.glob("*.md"))
CASES = [path for path in CASES if path.name != "README.md"]

LETTER = (
    "# Praxis Dr. Weber\n\nSehr geehrte Kollegin,\n\nwir berichten über Frau Schulte, "
    "geb. 23.05.1948.\n\n"
)


def expected_verdict(path: Path) -> Verdict:
    label = path.name.split("_", 1)[0]
    finish_reason = path.name.split(".")[-2]
    if label == "loop":
        return Verdict.looped
    return Verdict.truncated if finish_reason == "length" else Verdict.clean


def test_corpus_is_large_and_labelled_both_ways() -> None:
    labels = [expected_verdict(path) for path in CASES]
    assert len(CASES) >= 60
    assert labels.count(Verdict.looped) >= 30
    assert labels.count(Verdict.clean) >= 15
    assert labels.count(Verdict.truncated) >= 10


@pytest.mark.parametrize("path", CASES, ids=[path.name for path in CASES])
def test_corpus_case_is_classified_as_labelled(path: Path) -> None:
    finish_reason = path.name.split(".")[-2]
    result = verdict(path.read_text(encoding="utf-8"), finish_reason)
    assert result.verdict is expected_verdict(path), result.reason


@pytest.mark.parametrize(
    ("tail", "unit"),
    [
        ("1" * 3000, "1"),
        ("O " * 1500, "O "),
        ("😀" * 1200, "😀"),
        ("👍🏻" * 800, "👍🏻"),
        ("<td>0</td>" * 400, "<td>0</td>"),
        (
            "<tr><td>Natrium</td><td>139</td><td>mmol/L</td></tr>" * 100,
            "<tr><td>Natrium</td><td>139</td><td>mmol/L</td></tr>",
        ),
        ("Mit freundlichen Grüßen\n" * 200, "Mit freundlichen Grüßen\n"),
        ("\n" * 2000, "\n"),
    ],
    ids=["digit", "letter-o", "emoji", "emoji-skin-tone", "cell", "row", "line", "newline"],
)
def test_loop_reports_its_repeating_unit(tail: str, unit: str) -> None:
    result = verdict(LETTER + tail, "length")
    assert result.verdict is Verdict.looped
    assert result.repeating_unit == unit
    assert repr(unit) in result.reason


def test_unit_longer_than_the_character_period_is_found_by_lines() -> None:
    paragraph = "Der Patient wurde ausführlich über die Medikation aufgeklärt. " * 8 + "\n"
    result = verdict(LETTER + paragraph * 30, "length")
    assert result.verdict is Verdict.looped
    assert result.repeating_unit == paragraph


def test_loop_cut_in_the_middle_of_a_unit_keeps_the_whole_unit() -> None:
    row = "<tr><td>11.03.2024</td><td>Beratung</td><td>2,3</td></tr>"
    text = LETTER + "<table>" + row * 60 + row[:17]
    assert verdict(text, "length").repeating_unit == row
    assert deduplicated_prefix(text) == LETTER + "<table>" + row


def test_deduplicated_prefix_keeps_one_copy_of_the_unit() -> None:
    assert deduplicated_prefix(LETTER + "Befund: " + "1" * 4000) == LETTER + "Befund: 1"
    assert deduplicated_prefix(LETTER + "O " * 900) == LETTER + "O "


def test_deduplicated_prefix_of_a_clean_text_is_the_text() -> None:
    text = (CORPUS / "clean_lab_panel.stop.md").read_text(encoding="utf-8")
    assert deduplicated_prefix(text) == text


def test_cap_with_clean_tail_is_truncated_and_stop_is_clean() -> None:
    text = (CORPUS / "clean_referral_letter.stop.md").read_text(encoding="utf-8")
    assert verdict(text, "length").verdict is Verdict.truncated
    assert verdict(text, "stop").verdict is Verdict.clean
    assert verdict(text, "stop").repeating_unit is None


def test_loop_that_stopped_by_itself_is_looped() -> None:
    assert verdict(LETTER + "O " * 400, "stop").verdict is Verdict.looped


def test_short_legitimate_runs_at_the_end_are_clean() -> None:
    signature = LETTER + "Mit freundlichen Grüßen\n\n" + "_" * 60 + "\nUnterschrift\n" + "-" * 120
    assert verdict(signature, "stop").verdict is Verdict.clean
    dates = LETTER + "".join(f"- {day:02d}.03.2024\n" for day in range(1, 31))
    assert verdict(dates, "stop").verdict is Verdict.clean


def test_empty_output_is_clean() -> None:
    assert verdict("", "stop").verdict is Verdict.clean
    assert deduplicated_prefix("") == ""


CLEAN_CASES = [path for path in CASES if expected_verdict(path) is not Verdict.looped]


@pytest.mark.parametrize("path", CLEAN_CASES, ids=[path.name for path in CLEAN_CASES])
def test_clean_output_is_never_cut_while_it_streams(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    # Every point a stream could be checked at: the end of each word and each character run.
    ends = {match.end() for match in re.finditer(r"\S+\s*|(.)\1*", text)}
    cut_at = [end for end in sorted(ends) if cut_early(text[:end])]
    assert cut_at == [], f"cut after {cut_at[:1]} characters"


@pytest.mark.parametrize(
    "unit", ["1", "O ", "😊", "| 0 | 0 | 0 | 0 |\n", "<td>0</td>", "Mit freundlichen Grüßen\n"]
)
def test_loop_is_cut_early_and_the_cut_text_is_judged_looped(unit: str) -> None:
    loop = LETTER + unit * 600
    cut = next(end for end in range(len(LETTER), len(loop) + 1, 16) if cut_early(loop[:end]))
    # Well before the 4096-token cap, which a loop of 600 repeats is far from.
    assert cut < len(LETTER) + 600 * len(unit)
    assert verdict(loop[:cut], "length").verdict is Verdict.looped


def test_repeating_table_rows_followed_by_content_are_not_cut_before_fifty() -> None:
    rows = "<tr><td></td><td></td></tr>\n" * 40 + "Unterschrift: Dr. Weber\n"
    assert not any(cut_early(LETTER + rows[:end]) for end in range(1, len(rows) + 1))
