"""When a calendar job runs, as the clinic writes it in the settings and reads it back.

A plan is what `backup_at`, `verify_at` and the other `*_at` settings hold:

    "02:00"            every day at 02:00
    "sun 03:00"        every Sunday at 03:00 (days: mon tue wed thu fri sat sun, or "daily")
    "mon,thu 06:30"    every Monday and Thursday at 06:30
    "*:15"             every hour at a quarter past
    "off"              never (the job is not planned)

Always in the clinic's time zone (the `timezone` setting): APScheduler's cron trigger turns
it into the next moment (`docvault.scheduler`); this module only reads and says it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

DAYS = ("mon", "tue", "wed", "thu", "fri", "sat", "sun")
DAY_NAMES = dict(zip(DAYS, ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday",
                            "Saturday", "Sunday"), strict=True))  # fmt: skip
OFF = "off"
_PLAN = re.compile(r"^(?:(?P<days>[a-z,]+)\s+)?(?P<hour>\*|\d{1,2}):(?P<minute>\d{2})$")
EXAMPLES = '"02:00", "sun 03:00", "mon,thu 06:30", "*:15" or "off"'


@dataclass(frozen=True)
class Plan:
    """A time of day (or every hour) on some days of the week (empty: every day)."""

    days: tuple[str, ...]
    hour: int | None  # None: every hour
    minute: int

    def cron_fields(self) -> dict[str, str]:
        """The fields of APScheduler's `CronTrigger`."""
        return {
            "day_of_week": ",".join(self.days) if self.days else "*",
            "hour": "*" if self.hour is None else str(self.hour),
            "minute": str(self.minute),
        }

    def words(self, zone: str) -> str:
        """The plan as the status page says it: "every day at 02:00 Europe/Berlin"."""
        if self.days:
            names = [DAY_NAMES[day] for day in self.days]
            on = " and ".join([", ".join(names[:-1]), names[-1]] if len(names) > 1 else names)
            days = f"every {on}"
        else:
            days = "every day"
        if self.hour is None:
            return f"{days}, every hour at :{self.minute:02d} ({zone})"
        return f"{days} at {self.hour:02d}:{self.minute:02d} {zone}"


def parse_plan(text: str) -> Plan | None:
    """The plan a setting holds, or None for "off"; ValueError with what is allowed."""
    written = " ".join(text.strip().lower().split())
    if written == OFF:
        return None
    match = _PLAN.match(written)
    if match is None:
        raise ValueError(f"is {text!r}; allowed: {EXAMPLES}.")
    days = _days(match.group("days") or "", text)
    hour = None if match.group("hour") == "*" else int(match.group("hour"))
    minute = int(match.group("minute"))
    if (hour is not None and hour > 23) or minute > 59:
        raise ValueError(f"is {text!r}: no such time of day; allowed: 00:00 to 23:59.")
    return Plan(days, hour, minute)


def _days(written: str, text: str) -> tuple[str, ...]:
    if written in ("", "daily"):
        return ()
    days = tuple(day for day in written.split(",") if day)
    unknown = [day for day in days if day not in DAYS]
    if unknown:
        raise ValueError(
            f"is {text!r}: {unknown[0]!r} is not a day; allowed days: {' '.join(DAYS)} "
            "(comma-separated) or daily."
        )
    return tuple(sorted(set(days), key=DAYS.index))
