"""Other things a practice receives: insurers, pharmacies, care services, notes, e-mails."""

from __future__ import annotations

from .base import Context, Draft

LAYOUTS: list = []
