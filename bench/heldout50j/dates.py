"""Writing dates in each region's convention (the check reads them back with its own parser)."""

from __future__ import annotations

from datetime import date

DE_MONTHS = "Januar Februar März April Mai Juni Juli August September Oktober November Dezember"
AT_MONTHS = DE_MONTHS.replace("Januar", "Jänner")
DA_MONTHS = "januar februar marts april maj juni juli august september oktober november december"
SV_MONTHS = "januari februari mars april maj juni juli augusti september oktober november december"
NO_MONTHS = "januar februar mars april mai juni juli august september oktober november desember"
PL_MONTHS = (
    "stycznia lutego marca kwietnia maja czerwca lipca sierpnia września października "
    "listopada grudnia"
)
NL_MONTHS = (
    "januari februari maart april mei juni juli augustus september oktober november december"
)
EN_MONTHS = "January February March April May June July August September October November December"


def _m(names: str, d: date) -> str:
    return names.split()[d.month - 1]


def _ordinal(n: int) -> str:
    if 11 <= n % 100 <= 13:
        return f"{n}th"
    return f"{n}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th') }"


def fmt(d: date, style: str) -> str:
    """One date in one written style."""
    if style in ("de_num", "no_num", "ch_num"):
        return d.strftime("%d.%m.%Y")
    if style == "de_short":
        return f"{d.day}.{d.month}.{d.strftime('%y')}"
    if style == "de_nopad":
        return f"{d.day}.{d.month}.{d.year}"
    if style == "de_long":
        return f"{d.day}. {_m(DE_MONTHS, d)} {d.year}"
    if style == "at_long":
        return f"{d.day}. {_m(AT_MONTHS, d)} {d.year}"
    if style == "da_long":
        return f"{d.day}. {_m(DA_MONTHS, d)} {d.year}"
    if style in ("da_dash", "nl_dash"):
        return d.strftime("%d-%m-%Y")
    if style in ("iso", "sv_iso"):
        return d.isoformat()
    if style == "sv_long":
        return f"{d.day} {_m(SV_MONTHS, d)} {d.year}"
    if style == "no_long":
        return f"{d.day}. {_m(NO_MONTHS, d)} {d.year}"
    if style == "pl_long":
        return f"{d.day} {_m(PL_MONTHS, d)} {d.year}"
    if style == "pl_numr":
        return d.strftime("%d.%m.%Y") + "r."
    if style == "nl_long":
        return f"{d.day} {_m(NL_MONTHS, d)} {d.year}"
    if style == "uk_long":
        return f"{_ordinal(d.day)} {_m(EN_MONTHS, d)} {d.year}"
    if style == "uk_slash":
        return d.strftime("%d/%m/%Y")
    if style == "us_long":
        return f"{_m(EN_MONTHS, d)} {d.day}, {d.year}"
    if style == "us_slash":
        return d.strftime("%m/%d/%Y")
    if style == "en_short":
        return f"{d.day} {_m(EN_MONTHS, d)[:3]} {d.year}"
    raise ValueError(style)


def dk_cpr(d: date, tail: str) -> str:
    return d.strftime("%d%m%y") + "-" + tail


def se_pnr(d: date, tail: str) -> str:
    return d.strftime("%Y%m%d") + "-" + tail
