"""A fifth blind held-out set of clinic letters for the facts extraction (AGPL-3.0-or-later)."""
