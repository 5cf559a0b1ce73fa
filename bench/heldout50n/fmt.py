"""How each region prints a date (the generator's side; check.py reads back independently)."""

from __future__ import annotations

from datetime import date

DE_MONTHS = [
    "Januar",
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
AT_MONTHS = ["Jänner", "Feber", *DE_MONTHS[2:]]
IT_MONTHS = [
    "gennaio",
    "febbraio",
    "marzo",
    "aprile",
    "maggio",
    "giugno",
    "luglio",
    "agosto",
    "settembre",
    "ottobre",
    "novembre",
    "dicembre",
]
SL_MONTHS = [
    "januarja",
    "februarja",
    "marca",
    "aprila",
    "maja",
    "junija",
    "julija",
    "avgusta",
    "septembra",
    "oktobra",
    "novembra",
    "decembra",
]
HR_MONTHS = [
    "siječnja",
    "veljače",
    "ožujka",
    "travnja",
    "svibnja",
    "lipnja",
    "srpnja",
    "kolovoza",
    "rujna",
    "listopada",
    "studenoga",
    "prosinca",
]
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
RO_MONTHS = [
    "ianuarie",
    "februarie",
    "martie",
    "aprilie",
    "mai",
    "iunie",
    "iulie",
    "august",
    "septembrie",
    "octombrie",
    "noiembrie",
    "decembrie",
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


def _ord(n: int) -> str:
    if n in (11, 12, 13):
        return f"{n}th"
    suffix = {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def fmt(d: date, region: str, style: str = "num") -> str:
    """style: num, long, short (numeric without leading zeros), iso."""
    if style == "iso":
        return d.isoformat()
    dd, mm, y = d.day, d.month, d.year
    if region in ("DE", "CH"):
        if style == "long":
            return f"{dd}. {DE_MONTHS[mm - 1]} {y}"
        if style == "short":
            return f"{dd}.{mm}.{y}"
        return f"{dd:02d}.{mm:02d}.{y}"
    if region == "AT":
        if style == "long":
            return f"{dd}. {AT_MONTHS[mm - 1]} {y}"
        return f"{dd:02d}.{mm:02d}.{y}"
    if region == "IT":
        if style == "long":
            return f"{dd} {IT_MONTHS[mm - 1]} {y}"
        if style == "slash":
            return f"{dd:02d}/{mm:02d}/{y}"
        if style == "delong":
            return f"{dd}. {DE_MONTHS[mm - 1]} {y}"
        return f"{dd:02d}.{mm:02d}.{y}"
    if region == "SI":
        if style == "long":
            return f"{dd}. {SL_MONTHS[mm - 1]} {y}"
        return f"{dd}. {mm}. {y}"
    if region == "HR":
        if style == "long":
            return f"{dd}. {HR_MONTHS[mm - 1]} {y}."
        return f"{dd:02d}.{mm:02d}.{y}."
    if region == "HU":
        if style == "long":
            return f"{y}. {HU_MONTHS[mm - 1]} {dd}."
        return f"{y}.{mm:02d}.{dd:02d}."
    if region == "RO":
        if style == "long":
            return f"{dd} {RO_MONTHS[mm - 1]} {y}"
        return f"{dd:02d}.{mm:02d}.{y}"
    if region == "CZ":
        if style == "long":
            return f"{dd}. {CS_MONTHS[mm - 1]} {y}"
        return f"{dd}. {mm}. {y}"
    if region == "US":
        if style == "long":
            return f"{EN_MONTHS[mm - 1]} {dd}, {y}"
        if style == "mil":
            return f"{dd:02d} {EN_MONTHS[mm - 1][:3].upper()} {y}"
        return f"{mm:02d}/{dd:02d}/{y}"
    if region == "GB":
        if style == "long":
            return f"{dd} {EN_MONTHS[mm - 1]} {y}"
        if style == "ord":
            return f"{_ord(dd)} {EN_MONTHS[mm - 1]} {y}"
        return f"{dd:02d}/{mm:02d}/{y}"
    raise ValueError(region)
