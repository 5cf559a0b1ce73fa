"""How times and dates are shown to staff: the clinic's time zone and date format.

Stored times stay UTC (every timestamp in the database is aware UTC); only what a person
reads is turned into the clinic's local time. `timezone` empty means the server's own zone
(what `date` shows on it); `date_format` "german" shows 03.12.2026, "iso" 2026-12-03.
"""

from __future__ import annotations

import contextlib
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, time, tzinfo
from pathlib import Path
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

DATE_FORMATS = {"german": "%d.%m.%Y", "iso": "%Y-%m-%d"}
# What a person types into a date field, as an example that cannot be mistaken for data.
DATE_HINTS = {"german": "DD.MM.YYYY", "iso": "YYYY-MM-DD"}


def server_zone(environ: Mapping[str, str] | None = None) -> tzinfo:
    """The server's own time zone, as the operating system has it.

    A named zone where it can be found ($TZ of `environ`, the environment the root hands
    down; the /etc/localtime link; /etc/timezone), so summer time is right all year; else
    the offset in force now.
    """
    for name in _server_zone_names((environ or {}).get("TZ", "")):
        try:
            return ZoneInfo(name)
        except (ZoneInfoNotFoundError, ValueError):
            continue
    return datetime.now().astimezone().tzinfo or UTC


def _server_zone_names(tz_variable: str) -> list[str]:
    names = [tz_variable.lstrip(":")]
    localtime = Path("/etc/localtime")
    if localtime.is_symlink():
        target = str(localtime.resolve())
        if "/zoneinfo/" in target:
            names.append(target.split("/zoneinfo/", 1)[1])
    with contextlib.suppress(OSError):
        names.append(Path("/etc/timezone").read_text(encoding="utf-8").strip())
    return [name for name in names if name and not name.startswith("/")]


def zone_named(name: str, environ: Mapping[str, str]) -> tzinfo:
    """The zone of an IANA name ("Europe/Berlin"); empty: the server's (`server_zone`, of
    the environment the root hands down). The `timezone` setting is checked when the
    settings are read (config), so the name is a known zone."""
    return ZoneInfo(name.strip()) if name.strip() else server_zone(environ)


@dataclass(frozen=True)
class Display:
    """The clinic's way of showing times: a zone and a date format."""

    zone: tzinfo = field(default_factory=server_zone)
    date_format: str = "german"

    @property
    def date_pattern(self) -> str:
        return DATE_FORMATS[self.date_format]

    @property
    def date_hint(self) -> str:
        return DATE_HINTS[self.date_format]

    def local(self, value: datetime) -> datetime:
        aware = value if value.tzinfo else value.replace(tzinfo=UTC)
        return aware.astimezone(self.zone)

    def when(self, value: datetime | None) -> str:
        """A stored time as the clinic reads it: 03.12.2026 14:05 (the zone in the title)."""
        if value is None:
            return ""
        return self.local(value).strftime(f"{self.date_pattern} %H:%M")

    def clock(self, seconds: float) -> str:
        """A moment given as seconds since the epoch (a part's last progress): 14:05:09."""
        return datetime.fromtimestamp(seconds, self.zone).strftime("%H:%M:%S")

    def day(self, value: date | str | None) -> str:
        """A calendar date (a letter's date, a date of birth) in the clinic's format."""
        if value is None or value == "":
            return ""
        if isinstance(value, date):
            return value.strftime(self.date_pattern)
        try:
            return date.fromisoformat(value).strftime(self.date_pattern)
        except ValueError:
            return value  # not an ISO date: shown as it was written

    def zone_name(self) -> str:
        """The zone's name for a tooltip (Europe/Berlin, or CET for the server's own)."""
        return str(getattr(self.zone, "key", None) or datetime.now(self.zone).tzname())

    def day_start(self, day: date) -> datetime:
        """The first moment of a local calendar day, in UTC (for comparing stored times)."""
        return datetime.combine(day, time(), tzinfo=self.zone).astimezone(UTC)


# The re-run modes (docvault.vocabulary.SamplingMode) in the words staff read: an engine's
# sampling settings are for administrators (issue 48: "greedy / penalty / uncapped").
MODE_WORDS = {
    "greedy": "as the first time",
    "penalty": "against repeats",
    "uncapped": "no length limit",
}
# What an attempt's verdict (docvault.vocabulary.Verdict) means for the page.
VERDICT_WORDS = {
    "clean": "read cleanly",
    "looped": "the reading repeated itself and was stopped",
    "truncated": "the page was longer than the length limit",
    "error": "the engine gave no answer",
}
