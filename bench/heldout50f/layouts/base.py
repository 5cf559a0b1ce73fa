# SPDX-License-Identifier: AGPL-3.0-or-later
"""The layout registry: each house style is a function from a case to a draft."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from bench.heldout50f.kit import Case, Draft


@dataclass(frozen=True)
class Layout:
    name: str
    description: str
    write: Callable[[Case], Draft]
    spelling: str  # keep, translit (Mueller) or plain (Muller)
    titles: bool  # prints a patient's academic title (Dr., Prof. Dr.) where the register has one
    ages: tuple[int, int]  # the ages the letter is plausible for (ordinary and absent patients)


LAYOUTS: dict[str, Layout] = {}


def layout(
    name: str,
    description: str,
    spelling: str = "keep",
    titles: bool = False,
    ages: tuple[int, int] = (1, 99),
) -> Callable[[Callable[[Case], Draft]], Callable[[Case], Draft]]:
    def register(write: Callable[[Case], Draft]) -> Callable[[Case], Draft]:
        LAYOUTS[name] = Layout(name, description, write, spelling, titles, ages)
        return write

    return register
