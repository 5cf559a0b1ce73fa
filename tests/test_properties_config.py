"""Issue 29: the TOML settings (docvault/config.py), fed random TOML documents drawn by
Hypothesis from the settings table itself: every declared setting, [[inboxes]] and
[[mailboxes]] tables, each value of the right type and range or of a wrong type (strings,
lists, tables, booleans, dates, fractions, NaN and infinities, huge integers), out of range,
a choice that is not one, keys nobody declared; and DOCVAULT_* environment variables with
odd strings beside them.

`load_settings` either gives typed settings (every value of its declared type, within its
bounds, finite) or a `ConfigError` whose sentence names the setting it refuses, one the
document or the environment holds; never a traceback.
"""

from __future__ import annotations

import itertools
import json
import math
import re
from datetime import date, datetime
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from docvault.config import (
    MAILBOX_KEYS,
    SETTINGS,
    SETTINGS_BY_NAME,
    Setting,
    Settings,
    load_settings,
)
from docvault.errors import ConfigError
from docvault.setting_types import InboxSettings, MailboxSettings
from tests.support.properties import assert_sentence, budget

# --- a small TOML writer (the standard library reads TOML but does not write it) ------------

_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")


def _key(name: str) -> str:
    return name if _BARE_KEY.fullmatch(name) else json.dumps(name)


def _string(text: str) -> str:
    escaped = "".join(
        f"\\u{ord(character):04x}"
        if ord(character) < 0x20 or ord(character) == 0x7F
        else "\\" + character
        if character in '"\\'
        else character
        for character in text
    )
    return f'"{escaped}"'


def toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        if math.isnan(value):
            return "nan"
        return ("inf" if value > 0 else "-inf") if math.isinf(value) else repr(value)
    if isinstance(value, str):
        return _string(value)
    if isinstance(value, datetime | date):
        return value.isoformat()
    if isinstance(value, list):
        return "[" + ", ".join(toml_value(item) for item in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{_key(k)} = {toml_value(v)}" for k, v in value.items()) + "}"
    raise TypeError(value)


def toml_document(
    top: dict[str, Any], inboxes: list[dict[str, Any]], mailboxes: list[dict[str, Any]]
) -> str:
    lines = [f"{_key(key)} = {toml_value(value)}" for key, value in top.items()]
    for name, tables in (("inboxes", inboxes), ("mailboxes", mailboxes)):
        for table in tables:
            lines.append(f"\n[[{name}]]")
            lines += [f"{_key(key)} = {toml_value(value)}" for key, value in table.items()]
    return "\n".join(lines) + "\n"


# --- values of every kind, right and wrong --------------------------------------------------

ODD_TEXT = st.sampled_from(
    [
        "",
        " ",
        "x",
        "\u202e",
        "../../etc",
        "a\nb",
        "\x00",
        "~",
        "~nobody/x",
        "Europe/Berlin",
        "Mars/Olympus",
        "UTC",
        "/",
        "é" * 300,
    ]
)
ANY_VALUE = st.one_of(
    st.booleans(),
    st.integers(-(2**63), 2**63 - 1),
    st.sampled_from([0, -1, 1, 2**31, 2**63 - 1, -(2**63)]),
    st.floats(allow_nan=True, allow_infinity=True),
    st.sampled_from([0.5, 1e308, -0.0, 1e-300]),
    ODD_TEXT,
    st.text(max_size=12),
    st.dates(),
    st.lists(st.one_of(st.integers(-5, 5), ODD_TEXT, st.booleans()), max_size=3),
    st.dictionaries(st.sampled_from(["a", "path", "x y"]), st.integers(0, 3), max_size=2),
)


def _right_value(setting: Setting) -> st.SearchStrategy[Any]:
    low = setting.minimum if setting.minimum is not None else -(10**6)
    high = setting.maximum if setting.maximum is not None else 10**9
    if setting.kind == "int":
        return st.integers(math.ceil(low), int(high))
    if setting.kind == "float":
        return st.floats(low, high, allow_nan=False)
    if setting.kind == "bool":
        return st.booleans()
    if setting.kind == "choice":
        return st.sampled_from(setting.choices)
    if setting.kind == "list":
        return st.lists(
            st.sampled_from(["http://127.0.0.1:8000/v1", "http://[::1]:9/v1"]), max_size=2
        )
    return st.sampled_from(["sub/folder", "/srv/docvault", "value", ""])


def _edge_value(setting: Setting) -> st.SearchStrategy[Any]:
    """Just outside (or at) its bounds, or a choice of another setting."""
    edges: list[Any] = []
    for bound in (setting.minimum, setting.maximum):
        if bound is not None:
            edges += [bound, bound - 1, bound + 1, bound - 0.5, str(bound)]
    if setting.choices:
        edges += [setting.choices[0].upper(), " " + setting.choices[0], "off", "auto"]
    return st.sampled_from(edges or [""])


def mostly(right: st.SearchStrategy[Any], *wrong: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    """Right four times in five: a document with one wrong value among right ones is the
    case that shows whether that value is refused or taken as something else."""
    return st.integers(0, 4).flatmap(lambda pick: st.one_of(*wrong) if pick == 0 else right)


def setting_values(setting: Setting) -> st.SearchStrategy[Any]:
    return mostly(_right_value(setting), _edge_value(setting), ANY_VALUE)


@st.composite
def top_level(draw: st.DrawFn) -> dict[str, Any]:
    chosen = draw(st.lists(st.sampled_from(SETTINGS), max_size=4, unique_by=lambda s: s.name))
    values = {setting.name: draw(setting_values(setting)) for setting in chosen}
    if draw(st.integers(0, 5)) == 0:
        values[draw(st.sampled_from(["setle_seconds", "Render_DPI", "inboxes.x", "ä"]))] = 1
    return values


INBOX_VALUES: dict[str, st.SearchStrategy[Any]] = {
    "path": mostly(st.sampled_from(["fax", "/srv/fax", ""]), ANY_VALUE),
    "name": mostly(st.sampled_from(["fax", "scanner"]), ANY_VALUE),
    "recursive": mostly(st.booleans(), ANY_VALUE),
    "after_archive": mostly(st.sampled_from(["move", "delete", "keep"]), ANY_VALUE),
    "tags": mostly(st.lists(st.sampled_from(["fax", "labor"]), max_size=2), ANY_VALUE),
    "settle_seconds": mostly(st.floats(0, 100), ANY_VALUE),
    "polling": mostly(st.booleans(), ANY_VALUE),
}
MAILBOX_VALUES: dict[str, st.SearchStrategy[Any]] = {
    "host": mostly(st.sampled_from(["mail.example.org", "127.0.0.1"]), ANY_VALUE),
    "user": mostly(st.just("fax@example.org"), ANY_VALUE),
    "password_file": mostly(st.just("fax.password"), ANY_VALUE),
    "name": mostly(st.sampled_from(["fax-mail", "fax"]), ANY_VALUE),
    "port": mostly(st.sampled_from([0, 143, 993, 65535, 65536, 993.5, "993"]), ANY_VALUE),
    "tls": mostly(st.sampled_from(["implicit", "starttls", "none"]), ANY_VALUE),
    "after_taking": mostly(st.sampled_from(["seen", "flag", "move", "delete"]), ANY_VALUE),
    "move_to": mostly(st.just("Archiv"), ANY_VALUE),
    "senders": mostly(st.lists(st.just("@labor.example"), max_size=2), ANY_VALUE),
    "poll_seconds": mostly(st.sampled_from([1, 30.5, 86400, 0.5]), ANY_VALUE),
    "idle": mostly(st.booleans(), ANY_VALUE),
    "tls_ca_file": mostly(st.just("ca.pem"), ANY_VALUE),
}


@st.composite
def tables(
    draw: st.DrawFn, values: dict[str, st.SearchStrategy[Any]], needed: tuple[str, ...]
) -> dict[str, Any]:
    keys = draw(st.lists(st.sampled_from(sorted(values)), max_size=5, unique=True))
    if draw(st.booleans()):  # the keys a table needs, most of the time
        keys = [*needed, *(key for key in keys if key not in needed)]
    table = {key: draw(values[key]) for key in keys}
    if draw(st.integers(0, 6)) == 0:
        table["passwort"] = "x"
    return table


ENVIRONMENT_VALUES = st.sampled_from(
    [
        "",
        " ",
        "nan",
        "inf",
        "-inf",
        "1e400",
        "0x10",
        " 5 ",
        "true",
        "yes",
        "2.5",
        "-1",
        "99999999999999999999",
        "\u202e",
    ]
)


@st.composite
def environments(draw: st.DrawFn) -> dict[str, str]:
    chosen = draw(st.lists(st.sampled_from(SETTINGS), max_size=2, unique_by=lambda s: s.name))
    return {f"DOCVAULT_{setting.name.upper()}": draw(ENVIRONMENT_VALUES) for setting in chosen}


# --- the oracle ------------------------------------------------------------------------------


def _typed(value: Any, kind: str, setting: Setting | None = None) -> bool:
    if kind == "int":
        return type(value) is int
    if kind == "float":
        return type(value) is float and math.isfinite(value)
    if kind == "bool":
        return type(value) is bool
    if kind == "path":
        return isinstance(value, Path)
    if kind == "list":
        return isinstance(value, list) and all(isinstance(item, str) for item in value)
    if kind == "choice":
        return setting is not None and value in setting.choices
    return isinstance(value, str)


def _within(setting: Setting, value: Any) -> bool:
    if setting.kind not in ("int", "float"):
        return True
    low = -math.inf if setting.minimum is None else setting.minimum
    high = math.inf if setting.maximum is None else setting.maximum
    return bool(low <= value <= high)


def _settings_hold(settings: Settings) -> None:
    for setting in SETTINGS:
        value = getattr(settings, setting.name)
        assert _typed(value, setting.kind, setting), (setting.name, value)
        assert _within(setting, value), (setting.name, value)
    for inbox in settings.inboxes:
        _fields_hold(
            inbox,
            {
                "name": "str",
                "path": "path",
                "recursive": "bool",
                "settle_seconds": "float",
                "polling": "bool",
            },
        )
        assert inbox.after_archive in ("move", "delete")
        assert all(isinstance(tag, str) for tag in inbox.tags)
        assert inbox.settle_seconds >= 0
    for mailbox in settings.mailboxes:
        _fields_hold(
            mailbox,
            {
                "name": "str",
                "host": "str",
                "user": "str",
                "port": "int",
                "poll_seconds": "float",
                "idle": "bool",
                "folder": "str",
                "require_attachment": "bool",
                "password_file": "path",
            },
        )
        assert 0 <= mailbox.port <= 65535
        assert 1 <= mailbox.poll_seconds <= 86400


def _fields_hold(table: InboxSettings | MailboxSettings, kinds: dict[str, str]) -> None:
    for name, kind in kinds.items():
        value = getattr(table, name)
        assert _typed(value, kind), (type(table).__name__, name, value)


# Keys whose value is taken as written (no path resolved, no list split): a value taken is
# the value given, so a value of another type (recursive = "no") cannot pass as another.
AS_WRITTEN = {"int", "float", "bool", "str", "choice"}
INBOX_AS_WRITTEN = ("name", "recursive", "after_archive", "settle_seconds", "polling")
MAILBOX_AS_WRITTEN = (
    "name",
    "host",
    "user",
    "port",
    "tls",
    "after_taking",
    "move_to",
    "poll_seconds",
    "idle",
)


def _holds_what_was_written(
    settings: Settings, document: dict[str, Any], environ: dict[str, str]
) -> None:
    for name, written in document["top"].items():
        setting = SETTINGS_BY_NAME[name]
        if setting.kind in AS_WRITTEN and f"DOCVAULT_{name.upper()}" not in environ:
            assert _same(getattr(settings, name), written), (name, written)
    if "DOCVAULT_INBOX" not in environ:
        for inbox, table in zip(settings.inboxes, document["inboxes"], strict=False):
            for key in INBOX_AS_WRITTEN:
                if key in table:
                    assert _same(getattr(inbox, key), table[key]), ("inboxes", key, table[key])
    for mailbox, table in zip(settings.mailboxes, document["mailboxes"], strict=False):
        for key in MAILBOX_AS_WRITTEN:
            if key in table:
                assert _same(getattr(mailbox, key), table[key]), ("mailboxes", key, table[key])


def _same(taken: Any, given: Any) -> bool:
    """The value taken is the value given: of its type, or a number for a number (2.0 for
    2), or, as the environment writes every value, a number or yes/no as text."""
    if type(taken) is type(given) or (isinstance(taken, str) and isinstance(given, str)):
        return bool(taken == given)  # a choice is taken as its enumeration's member
    numbers = (int, float)
    if type(taken) in numbers and type(given) in numbers:
        return bool(taken == given)
    if isinstance(given, str) and type(taken) in numbers:
        return float(given) == taken
    if isinstance(given, str | int) and type(taken) is bool:
        said = str(given).strip().lower()
        return said in (("1", "true", "yes", "on") if taken else ("0", "false", "no", "off"))
    return False


def _names_what_it_refuses(
    error: ConfigError, document: dict[str, Any], environ: dict[str, str]
) -> None:
    assert_sentence(error, f"Setting '{error.setting}'")
    table = re.fullmatch(r"(inboxes|mailboxes)\[(\d+)\](?:\.(.+))?", error.setting)
    if table is not None:
        kind, number, key = table.group(1), int(table.group(2)), table.group(3)
        assert 1 <= number <= len(document[kind]), error.message
        given = document[kind][number - 1]
        assert (
            key is None
            or key in given
            or "not set in this table" in error.message
            or ("is needed" in error.message)
        ), error.message
    elif error.setting not in ("config", "inboxes", "mailboxes"):
        named = error.setting in document["top"] or (f"DOCVAULT_{error.setting.upper()}" in environ)
        assert named, f"refuses {error.setting!r}, which the settings did not give"


@budget(250)
@given(
    top_level(),
    st.lists(tables(INBOX_VALUES, ("path",)), max_size=2),
    st.lists(tables(MAILBOX_VALUES, MAILBOX_KEYS[:3]), max_size=2),
    environments(),
)
def test_settings_are_typed_or_refused_with_a_sentence_naming_the_setting(
    tmp_path_factory: pytest.TempPathFactory,
    top: dict[str, Any],
    inboxes: list[dict[str, Any]],
    mailboxes: list[dict[str, Any]],
    environ: dict[str, str],
) -> None:
    folder = tmp_path_factory.mktemp("config", numbered=True)
    config = folder / "docvault.toml"
    config.write_text(toml_document(top, inboxes, mailboxes), encoding="utf-8")
    document = {"top": top, "inboxes": inboxes, "mailboxes": mailboxes}
    try:
        settings = load_settings(config, environ=environ, cwd=folder)
    except ConfigError as error:
        _names_what_it_refuses(error, document, environ)
        return
    _settings_hold(settings)
    _holds_what_was_written(settings, document, environ)


def test_the_writer_writes_what_toml_reads() -> None:
    """The little TOML writer above is right for the values it is given (its own check)."""
    import tomllib

    values = {
        "a": 1,
        "b": -0.5,
        "c": 'x"\\\x00\x7fé',
        "d": [1, "two"],
        "e": {"x y": 2},
        "f": date(2025, 3, 1),
        "g": True,
    }
    assert tomllib.loads(toml_document(values, [], [])) == values
    assert list(itertools.islice(SETTINGS_BY_NAME, 1)) == ["data_dir"]
