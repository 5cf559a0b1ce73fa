"""How recall grows as confirmed letters teach the sender directory (after 0, 50, 200).

A clinic hears from the same correspondents again and again: the independent generator's
letters (``bench/independent_letters.py``, which never saw the rules) are drawn here from a
fixed pool of correspondents per kind (``--pool`` each), so that a sender recurs. The first
``--train`` letters are confirmed in order (the sender directory learns each one's marks as
``facts.senders.learn`` does, the titles as confirmed); the last ``--measure`` letters,
never confirmed, are scored after 0, 50 and 200 confirmations, as written and with the
letter head's name line left out of the text (a letter head printed as a logo, which the
text does not carry: only its numbers say who sent it). Texts are the letters' text layers
(no CPU engine). The held-out set (``bench/heldout``) is never used here.

    .venv/bin/python -m bench.sender_directory_bench [--pool 12] [--train 200] [--measure 200]
"""

from __future__ import annotations

import argparse
import random
from collections import Counter
from collections.abc import Callable, Sequence
from datetime import date
from typing import Any

from bench import independent_letters
from bench.facts_bench import _same, table
from bench.facts_independent_bench import layer_text, received_day
from docvault import facts
from docvault.facts.extract.known import Directory, fold, marks_in, with_directory

SEED = 50_050
CLINIC = "Hausarztpraxis Am Markt"


def pooled(make: Callable[..., Any], pool: int, seed: int) -> Callable[..., Any]:
    """``make`` (an organisation maker of the generator) drawing from a fixed pool."""
    made: dict[tuple[Any, ...], list[Any]] = {}

    def draw(rng: random.Random, *kind: Any, **options: Any) -> Any:
        key = (*kind, *sorted(options.items()))
        members = made.setdefault(key, [])
        if not members:
            source = random.Random(f"{seed}/{key}")
            members.extend(make(source, *kind, **options) for _ in range(pool))
        return members[rng.randrange(pool)]

    return draw


def letters(count: int, pool: int) -> list[independent_letters.LabelledLetter]:
    original = independent_letters.german_org, independent_letters.english_org
    independent_letters.german_org = pooled(original[0], pool, SEED)
    independent_letters.english_org = pooled(original[1], pool, SEED + 1)
    try:
        return independent_letters.generate(count, SEED)
    finally:
        independent_letters.german_org, independent_letters.english_org = original


def taught(confirmed: Sequence[tuple[dict[str, Any], str]]) -> Directory:
    """The directory after these letters' senders and titles were confirmed (as
    ``facts.senders.learn`` and ``directory`` build it)."""
    marks: dict[str, set[str]] = {}
    names: dict[str, str] = {}
    for truth, text in confirmed:
        if not truth.get("sender"):
            continue
        names[fold(truth["sender"])] = truth["sender"]
        for mark in marks_in(text):
            marks.setdefault(mark.value, set()).add(truth["sender"])
    return Directory(
        marks={value: frozenset(owners) for value, owners in marks.items()},
        names=names,
        own_names=frozenset({fold(CLINIC)}),
        titles=frozenset(truth["title"] for truth, _ in confirmed if truth.get("title")),
    )


def without_head_name(truth: dict[str, Any], text: str) -> str:
    """The text without the lines that name the sender (a logo's name is no text)."""
    sender = fold(truth.get("sender") or "")
    kept = [line for line in text.splitlines() if not sender or sender not in fold(line)]
    return "\n".join(kept)


def measure(
    rows: Sequence[tuple[dict[str, Any], str]], directory: Directory, today: date
) -> dict[str, Counter[str]]:
    counts = {field: Counter[str]() for field in ("sender", "title")}
    for truth, text in rows:
        proposals = with_directory(facts.propose(text, today=today), text, directory)
        for field, count in counts.items():
            count["stated"] += bool(truth.get(field))
            proposal = proposals.get(field)
            if proposal is None:
                continue
            count["proposed"] += 1
            count["right"] += bool(truth.get(field) and _same(field, proposal.value, truth[field]))
    return counts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pool", type=int, default=12, help="correspondents per kind")
    parser.add_argument("--train", type=int, default=200)
    parser.add_argument("--measure", type=int, default=200)
    arguments = parser.parse_args()
    drawn = letters(arguments.train + arguments.measure, arguments.pool)
    rows = [(letter.truth, layer_text(letter.pdf())) for letter in drawn]
    training, measured = rows[: arguments.train], rows[arguments.train :]
    today = received_day(drawn)
    senders = len({truth["sender"] for truth, _ in rows if truth.get("sender")})
    print(f"{len(rows)} letters from {senders} senders (pool {arguments.pool} per kind); "
          f"measured on the last {len(measured)}, text layer")  # fmt: skip
    logos = [(truth, without_head_name(truth, text)) for truth, text in measured]
    for confirmed in (0, 50, 200):
        if confirmed > len(training):
            continue
        directory = taught(training[:confirmed])
        for how, rows_measured in (("as written", measured), ("head as a logo", logos)):
            counts = measure(rows_measured, directory, today)
            print(table(f"\nafter {confirmed} confirmed letters, {how}", counts))


if __name__ == "__main__":
    main()
