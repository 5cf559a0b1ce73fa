"""What the structure-aware property tests (issue 29) share: their Hypothesis settings and
the oracle every parser of outside input is held to.

The oracle: a parser given anything returns normally or raises a `DocvaultError` whose
message is a sentence (non-empty, one line of text); nothing else escapes. Where a file is
concerned the sentence names it, so an admin knows which one to look at.

Settings: the profile `docvault-properties` (no example database, so a run writes nothing
outside its temporary folders; no deadline, since real worker processes and real files are
involved) is the parent of every property's settings; each property chooses its own
`max_examples` by its cost, scaled by DOCVAULT_PROPERTY_SCALE (default 1) for a longer run
on a developer's machine (`DOCVAULT_PROPERTY_SCALE=20 .venv/bin/pytest tests/test_properties_*`).
Examples are random, not derandomised: every CI run tries new inputs.
"""

from __future__ import annotations

import logging
import os

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

from docvault.errors import DocvaultError

settings.register_profile(
    "docvault-properties",
    database=None,
    deadline=None,
    suppress_health_check=[
        HealthCheck.function_scoped_fixture,
        HealthCheck.too_slow,
        HealthCheck.data_too_large,
        HealthCheck.large_base_example,
    ],
)
SCALE = float(os.environ.get("DOCVAULT_PROPERTY_SCALE", "1"))


def budget(max_examples: int) -> settings:
    """The shared profile with this property's number of examples (scaled)."""
    return settings(
        settings.get_profile("docvault-properties"),
        max_examples=max(1, round(max_examples * SCALE)),
    )


def assert_sentence(error: DocvaultError, *named: str) -> None:
    """A refusal an admin can act on: a sentence on one line, naming each of `named`."""
    message = error.message
    assert message.strip(), f"{type(error).__name__} ({error.code}) without a sentence"
    assert "\n" not in message, f"{error.code}: a message over several lines: {message!r}"
    assert "Traceback" not in message, message
    for name in named:
        assert name in message, f"{error.code}: {message!r} does not name {name!r}"


class Tracebacks(logging.Handler):
    """docvault's log records that carry a traceback (the `tracebacks` fixture adds one)."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.seen: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        if record.exc_info:
            self.seen.append(self.format(record))


def query_trees(
    terms: st.SearchStrategy[str],
    operators: list[str],
    boosts: list[str],
    max_leaves: int,
) -> st.SearchStrategy[str]:
    """Search queries built from `terms` as the language nests them: joined by one of
    `operators` (" AND ", " OR ", ...), in parentheses, negated, boosted."""

    def nested(children: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
        return st.one_of(
            st.tuples(children, st.sampled_from(operators), children).map("".join),
            children.map(lambda inner: f"({inner})"),
            children.map(lambda inner: f"NOT {inner}"),
            st.tuples(children, st.sampled_from(boosts)).map("".join),
        )

    return st.recursive(terms, nested, max_leaves=max_leaves)
