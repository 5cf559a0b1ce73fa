"""Facts per field on the held-out set (`bench/heldout`), by the rules alone and with the
patient register, from the truth's transcription per condition.

    .venv/bin/python -m bench.heldout_facts_bench [--conditions pdf,scan200,fax,fax-cpu]
    .venv/bin/python -m bench.heldout_facts_bench --dev 424242 --count 200 [--wrong]
    .venv/bin/python -m bench.heldout_facts_bench --set heldout50c [--directory-seed 7]
                                                   [--clinic NAME]

``--dev SEED`` measures ``--count`` letters the held-out generator makes with another seed
(a dev set: the rules may be tuned on it, and ``--wrong`` lists its wrong proposals); without
it the set's test split is measured, and ``--wrong`` is refused there, so nobody tunes on it.
``--set`` names the package under ``bench`` (``heldout``, ``heldout50c``) whose letters and
register are read. ``--directory-seed SEED`` adds the product's path with the sender
directory (``facts.extract.known.with_directory``) after 0, 50 and 200 confirmed letters:
letters the set's generator makes with that seed, their senders and titles as staff confirm
them (the truth), their text layers teaching the marks (``bench.sender_directory_bench``).
``--clinic NAME`` sets the clinic's own names (the setting ``clinic_names``) in those modes, as
a clinic's installation has them; a set's receiving practices are read off its ``examples``
split, never its test split.

``fax-cpu`` is each letter's fax (cover sheet included) read by the CPU engine, as
`bench.register_bench --cpu-fax 40` reads and caches it.

A proposal is right when it equals the truth's value (dates exactly, text as the search
index folds it), or one of its alternatives (`sender_alternatives`, `title_alternatives`;
the patient as the letter spells it, `full_name_as_letter`). "with register" adds what the
store adds when the letter names one register patient (`facts.store.with_register`):
the register's number, name and birth date, and no letter date on or before that birth
date. The register is the held-out set's own.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections import Counter
from dataclasses import replace
from datetime import date, timedelta
from typing import Any

from bench.facts_bench import _same, table
from bench.register_bench import cpu_fax_texts, lookup_of, read_register
from bench.sender_directory_bench import taught
from docvault import facts
from docvault.facts.extract import TEXT_FIELDS
from docvault.facts.extract.known import Directory, fold, with_directory
from docvault.facts.patient_match import match_patient
from docvault.facts.store import with_register

FIELDS = (*TEXT_FIELDS, "patient_id")
DIRECTORY_STEPS = (0, 50, 200)


def accepted(truth: dict[str, Any]) -> dict[str, list[str]]:
    """Every value counted right, per field (empty: the letter states none)."""
    stated = truth["facts"]
    patient = stated.get("patient") or {}
    return {
        "patient": [v for v in (patient.get("full_name"), patient.get("full_name_as_letter")) if v],
        "born": [stated["birth_date"]] if stated.get("birth_date") else [],
        "letter_date": [stated["letter_date"]] if stated.get("letter_date") else [],
        "sender": [v for v in [stated.get("sender"), *stated.get("sender_alternatives", [])] if v],
        "title": [v for v in [stated.get("title"), *stated.get("title_alternatives", [])] if v],
        "patient_id": [truth["register"]["id"]] if truth.get("register") else [],
    }


def received(truth: dict[str, Any]) -> date:
    """The day docvault got the letter: the fax's day, else a few days after its date."""
    sent = (truth.get("fax") or {}).get("sent")
    if sent:
        return date.fromisoformat(sent[:10])
    written = truth["facts"].get("letter_date")
    return date.fromisoformat(written) + timedelta(days=3) if written else date(2026, 12, 1)


def texts_of(truth: dict[str, Any], condition: str, cpu: dict[str, list[str]]) -> list[str]:
    """The letter's page texts: the CPU engine's reading of its fax, else the truth's."""
    if condition == "fax-cpu":
        return cpu.get(truth["id"], [])
    return [page["text"] for page in truth["conditions"].get(condition, {}).get("pages") or []]


def score(
    split: list[Any],
    conditions: list[str],
    lookup: Any,
    wrong: bool,
    cpu: dict[str, list[str]],
    directories: dict[int, Directory] | None = None,
) -> dict[str, dict[str, Counter[str]]]:
    directories = directories or {}
    named = [f"with register, directory after {count} confirmed" for count in directories]
    modes: dict[str, dict[str, Counter[str]]] = {
        mode: {field: Counter() for field in FIELDS} for mode in ("rules", "with register", *named)
    }
    for letter in split:
        truth = letter.truth()
        good = accepted(truth)
        for condition in conditions:
            texts = texts_of(truth, condition, cpu)
            if not texts:
                continue
            text = facts.document_text(texts)
            rules = facts.propose(text, today=received(truth))
            withregister = with_register(rules, match_patient(texts, lookup))
            taught = [with_directory(withregister, text, known) for known in directories.values()]
            for mode, proposals in zip(modes, (rules, withregister, *taught), strict=True):
                for field in FIELDS:
                    count = modes[mode][field]
                    count["stated"] += bool(good[field])
                    proposal = proposals.get(field)
                    if proposal is None:
                        if wrong and good[field]:
                            print(f"MISSED ({mode}) {truth['id']}/{condition} {field}: "
                                  f"(truth {good[field][:1]})", file=sys.stderr)  # fmt: skip
                        continue
                    count["proposed"] += 1
                    if any(_same(field, proposal.value, value) for value in good[field]):
                        count["right"] += 1
                    elif wrong:
                        said = f"{proposal.value!r} (truth {good[field][:1]})"
                        print(f"WRONG ({mode}) {truth['id']}/{condition} {field}: {said}",
                              file=sys.stderr)  # fmt: skip
    return modes


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--conditions", default="pdf,scan200,fax")
    parser.add_argument(
        "--wrong", action="store_true", help="print each wrong and missed proposal (dev)"
    )
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--set", default="heldout", help="the package under bench to read")
    parser.add_argument("--dev", type=int, help="a seed: measure generated letters, not test")
    parser.add_argument("--count", type=int, default=200, help="how many letters --dev makes")
    parser.add_argument(
        "--clinic",
        action="append",
        help="the clinic's own name as its letters address it (the setting clinic_names; "
        "repeat for more): with it, the directory modes never propose the clinic as sender",
    )
    parser.add_argument(
        "--directory-seed",
        type=int,
        help="also measure with the sender directory taught by 0, 50 and 200 confirmed letters "
        "the set's generator makes with this seed",
    )
    arguments = parser.parse_args()
    if arguments.wrong and arguments.dev is None:
        parser.error("--wrong lists letters only of a --dev set: the test split stays unread")
    import tempfile
    from pathlib import Path

    letters = importlib.import_module(f"bench.{arguments.set}.letters")
    with tempfile.TemporaryDirectory() as folder:
        source = importlib.import_module(f"bench.{arguments.set}.register")
        records, _ = read_register(Path(folder), source)
    if arguments.dev is None:
        split, named = letters.split("test"), f"{arguments.set} test split"
    else:
        split = letters.generate(arguments.count, arguments.dev)
        named = f"{arguments.set} dev set (seed {arguments.dev}, {arguments.count} letters)"
    conditions = arguments.conditions.split(",")
    directories = {}
    if arguments.directory_seed is not None:  # staff confirmed other letters of the set's kinds
        confirmed = letters.generate(max(DIRECTORY_STEPS), arguments.directory_seed)
        rows = [(letter.truth()["facts"], text) for letter in confirmed
                for text in [facts.document_text(texts_of(letter.truth(), "pdf", {}))]]  # fmt: skip
        directories = {count: taught(rows[:count]) for count in DIRECTORY_STEPS}
    if arguments.clinic:  # the setting clinic_names: the addressee is never the sender
        own = frozenset(fold(name) for name in arguments.clinic)
        directories = {count: replace(known, own_names=own)
                       for count, known in (directories or {0: Directory()}).items()}  # fmt: skip
    cpu = {}
    if "fax-cpu" in conditions:  # read by the CPU engine (cached by bench.register_bench)
        cpu = {truth["id"]: texts for truth, texts in cpu_fax_texts(split, arguments.workers)}
    modes = score(split, conditions, lookup_of(records), arguments.wrong, cpu, directories)
    for mode, counts in modes.items():
        print(table(f"\n### {named}, {arguments.conditions}: {mode}\n", counts))


if __name__ == "__main__":
    main()
