"""How the letters print dates (the generator's side; check.py parses them independently)."""

from __future__ import annotations

import datetime as dt

AT_MONTHS = [
    "Jänner",
    "Februar",
    "März",
    "April",
    "Mai",
    "Juni",
    "Juli",
    "August",
    "September",
    "Oktober",
    "November",
    "Dezember",
]
DE_MONTHS = ["Januar", *AT_MONTHS[1:]]
HU_MONTHS = [
    "január",
    "február",
    "március",
    "április",
    "május",
    "június",
    "július",
    "augusztus",
    "szeptember",
    "október",
    "november",
    "december",
]
CS_MONTHS = [
    "ledna",
    "února",
    "března",
    "dubna",
    "května",
    "června",
    "července",
    "srpna",
    "září",
    "října",
    "listopadu",
    "prosince",
]
SK_MONTHS = [
    "januára",
    "februára",
    "marca",
    "apríla",
    "mája",
    "júna",
    "júla",
    "augusta",
    "septembra",
    "októbra",
    "novembra",
    "decembra",
]
EN_MONTHS = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
]


def num(d: dt.date) -> str:
    return f"{d.day:02d}.{d.month:02d}.{d.year}"


def num_short(d: dt.date) -> str:
    return f"{d.day}.{d.month}.{d.year}"


def at_long(d: dt.date, feber: bool = False) -> str:
    month = "Feber" if feber and d.month == 2 else AT_MONTHS[d.month - 1]
    return f"{d.day}. {month} {d.year}"


def de_long(d: dt.date) -> str:
    return f"{d.day}. {DE_MONTHS[d.month - 1]} {d.year}"


def hu(d: dt.date) -> str:
    return f"{d.year}. {HU_MONTHS[d.month - 1]} {d.day}."


def hu_num(d: dt.date) -> str:
    return f"{d.year}.{d.month:02d}.{d.day:02d}."


def spaced(d: dt.date) -> str:
    return f"{d.day}. {d.month}. {d.year}"


def cs_long(d: dt.date) -> str:
    return f"{d.day}. {CS_MONTHS[d.month - 1]} {d.year}"


def sk_long(d: dt.date) -> str:
    return f"{d.day}. {SK_MONTHS[d.month - 1]} {d.year}"


def en_long(d: dt.date) -> str:
    return f"{d.day} {EN_MONTHS[d.month - 1]} {d.year}"


def en_slash(d: dt.date) -> str:
    return f"{d.day:02d}/{d.month:02d}/{d.year}"


def iso(d: dt.date) -> str:
    return d.isoformat()
