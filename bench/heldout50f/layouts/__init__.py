# SPDX-License-Identifier: AGPL-3.0-or-later
"""The house styles (importing the modules registers them)."""

from bench.heldout50f.layouts import abroad, de_clinic, de_misc, de_more, de_official
from bench.heldout50f.layouts.base import LAYOUTS, Layout

__all__ = ["LAYOUTS", "Layout", "abroad", "de_clinic", "de_misc", "de_more", "de_official"]
